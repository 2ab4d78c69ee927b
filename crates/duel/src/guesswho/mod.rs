//! Guess Who.

use crate::report::{ReportOptions, Section};

/// The report section of this domain.
pub fn report_section(_opts: &ReportOptions) -> Section {
    let mut s = Section::new("guesswho", "Guess Who");
    s.markdown = "Not built yet.".to_string();
    s
}
