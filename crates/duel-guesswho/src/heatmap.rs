//! The data of an explorable heatmap of `P(n, m)`: every position up to a size with its exact
//! value and its optimal moves, as a page draws it (Nica, Figure 1, with the values on hover).
//!
//! ```
//! use duel_guesswho::heatmap::heatmap;
//! use duel_guesswho::{Questions, Rules};
//!
//! let h = heatmap(4, Rules::Official, Questions::Two)?;
//! // Cushing et al., Lemma 1.5: P(4, 4) = 9/16.
//! assert_eq!(h.cells[3][3].as_ref().unwrap().p.to_string(), "9/16");
//! # Ok::<(), duel_guesswho::heatmap::HeatmapError>(())
//! ```

use serde::Serialize;
use thiserror::Error;

use crate::rules::{GuessWhoError, Move, Questions, Rules};
use crate::table::{Prob, Table};

/// The largest side of a heatmap: 64 × 64 positions.
pub const MAX_SIDE: u64 = 64;

/// The most optimal moves listed per position (the others are counted).
pub const LISTED: usize = 6;

/// One position of the heatmap.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// `P(n, m)`, exact.
    pub p: Prob,
    /// Its nearest float, for the colour.
    pub p_float: f64,
    /// The first optimal moves.
    pub best: Vec<Move>,
    /// The number of optimal moves in all.
    pub best_count: u64,
}

/// Why a heatmap is refused.
#[derive(Debug, Error, PartialEq)]
pub enum HeatmapError {
    /// A side out of range.
    #[error("a heatmap's side must be between 1 and {MAX_SIDE} (got {0})")]
    Side(u64),
    /// The table failed.
    #[error(transparent)]
    GuessWho(#[from] GuessWhoError),
}

/// `P(n, m)` for `1 ≤ n, m ≤ max`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Heatmap {
    /// The side.
    pub max: u64,
    /// The rules.
    pub rules: Rules,
    /// The most parts of a question.
    pub questions: u32,
    /// `cells[n − 1][m − 1]`; `None` where the position cannot occur (`(1, 1)`, race rules).
    pub cells: Vec<Vec<Option<Cell>>>,
}

/// The heatmap up to `max` (at most [`MAX_SIDE`]).
pub fn heatmap(max: u64, rules: Rules, questions: Questions) -> Result<Heatmap, HeatmapError> {
    if max == 0 || max > MAX_SIDE {
        return Err(HeatmapError::Side(max));
    }
    let table = Table::solve(max, rules, questions)?;
    let mut cells = Vec::new();
    for n in 1..=max {
        let mut row = Vec::new();
        for m in 1..=max {
            row.push(match table.probability(n, m) {
                Ok(p) => {
                    let (best, best_count) = table.best_moves_upto(n, m, LISTED)?;
                    Some(Cell {
                        p,
                        p_float: p.to_f64(),
                        best,
                        best_count,
                    })
                }
                Err(_) => None,
            });
        }
        cells.push(row);
    }
    Ok(Heatmap {
        max,
        rules,
        questions: questions.parts(),
        cells,
    })
}
