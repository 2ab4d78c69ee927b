//! placeholder
use crate::report::{ReportOptions, Section};
/// The report section of this domain.
pub fn report_section(_opts: &ReportOptions) -> Section {
    Section::new("guesswho", "Guess Who")
}
