//! Concrete games implementing [`crate::game::Game`].

use crate::report::{ReportOptions, Section};

/// The report section of the games and exact minimax.
pub fn report_section(_opts: &ReportOptions) -> Section {
    let mut s = Section::new("games", "Games and exact minimax");
    s.markdown = "Not built yet.".to_string();
    s
}

pub mod galton_watson;
pub mod pearl;
