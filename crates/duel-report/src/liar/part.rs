//! What the items of the section share: the paper they cite, the exhaustive solvers they
//! reuse, and what each gives the section ([`Part`]).

use duel_liar::solver::Solver;

use crate::{Check, Figure};

/// The paper, as the items cite it.
pub(super) const PAPER: &str = "Ellis, Ponomarenko & Yan";

/// The exhaustive solvers of both games with one lie, shared by the items so that each
/// reuses the states the others solved.
pub(super) struct Solvers {
    pub original: Solver,
    pub pathological: Solver,
}

/// What an item gives the section: its checks, its text, its raw numbers (key and value of
/// the section's JSON) and its figures.
#[derive(Default)]
pub(super) struct Part {
    pub checks: Vec<Check>,
    pub markdown: String,
    pub data: Vec<(&'static str, serde_json::Value)>,
    pub figures: Vec<Figure>,
}
