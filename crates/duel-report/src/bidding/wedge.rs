//! Section 5 of Develin & Payne: the games built by wedges (E, A², B², A ∧ B², ...). Section 5
//! and 6.2 name many Tic-Tac-Toe positions by their class; here, how many positions have each
//! class's table (Example 5.3 shows six positions equivalent to E).

use std::fmt::Write as _;

use super::part::{cited, Part};
use super::solve::graph;
use super::tictactoe::boards_cell;
use duel_bidding::paper::PaperTable;
use duel_bidding::periodicity::Periodicity;
use duel_bidding::ttt::TttAnalysis;
use duel_bidding::BiddingError;

use crate::{Claim, Status};

/// The classes of section 5 whose tables Tic-Tac-Toe positions share.
const CLASSES: [&str; 8] = [
    "E",
    "A:2",
    "B:2",
    "B:3",
    "A^B:2",
    "(A^B:2)^B",
    "(A^B:2)^B:2",
    "(A^B:2)^B:3",
];

/// Example 5.3 and section 6.2: the Tic-Tac-Toe positions (up to symmetry, not finished)
/// equivalent to each class, counted and drawn.
pub(super) fn example_5_3(analysis: &TttAnalysis) -> Result<Part, BiddingError> {
    let mut part = Part::default();
    let _ = writeln!(
        part.markdown,
        "Tic-Tac-Toe positions (up to symmetry, not finished) whose thresholds equal those of a game of section 5 for every k = 0..{} (Example 5.3 shows six positions equivalent to E; section 6.2 names positions equivalent to A², B², A ∧ B², ...):\n",
        analysis.f.len() - 1
    );
    let _ = writeln!(
        part.markdown,
        "| class | positions | examples |\n| --- | --- | --- |"
    );
    for game in CLASSES {
        let g = graph(game)?;
        let p = Periodicity::analyse(&g, g.start())?;
        let t = PaperTable {
            name: game.to_string(),
            game: Some(game.to_string()),
            period: p.period,
            shift: p.shift,
            source: String::new(),
            values: p.table[..p.period as usize].to_vec(),
        };
        if p.offset > 0 {
            continue;
        }
        let found = analysis.positions_matching(&t);
        let examples = boards_cell(
            &mut part.figures,
            &format!("class {game}"),
            &found[..found.len().min(4)],
        );
        let _ = writeln!(part.markdown, "| {game} | {} | {examples} |", found.len());
        if game == "E" {
            part.checks.push(
                Claim {
                    item: "Example 5.3: Tic-Tac-Toe positions equivalent to E",
                    source: &cited("Example 5.3"),
                    published: "six positions (drawn; the drawing is not in the text)",
                    computed: &format!(
                        "{} positions (up to symmetry) with E's thresholds for every k ≤ {}",
                        found.len(),
                        analysis.f.len() - 1
                    ),
                    note: "each is equivalent to A² ∧ B², as the example argues; the first four drawn below",
                }
                .judged(Status::of(found.len() >= 6)),
            );
        }
    }
    part.markdown.push('\n');
    Ok(part)
}
