//! The bidding section of the reproduction report.

use crate::report::{ReportOptions, Section};

/// The report section of this domain.
pub fn report_section(_opts: &ReportOptions) -> Section {
    let mut s = Section::new("bidding", "Richman and discrete bidding games");
    s.markdown = "Not built yet.".to_string();
    s
}
