//! The search section of the reproduction report.

use crate::report::{ReportOptions, Section};

/// The report section of this domain.
pub fn report_section(_opts: &ReportOptions) -> Section {
    let mut s = Section::new("search", "Tree search: minimax, MCTS and Bayesian search");
    s.markdown = "Not built yet.".to_string();
    s
}
