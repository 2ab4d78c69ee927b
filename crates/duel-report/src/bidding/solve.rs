//! The games of the section solved: built by name, their threshold tables, who wins a split
//! of the chips.

use duel_bidding::discrete::{threshold_ranks, threshold_table, Recursion};
use duel_bidding::games::parse_game;
use duel_bidding::graph::GameGraph;
use duel_bidding::BiddingError;
use duel_core::exact::Chips;

/// The game graph of the game named `name`.
pub(super) fn graph(name: &str) -> Result<GameGraph, BiddingError> {
    Ok(parse_game(name)?.build()?.graph)
}

/// f(k) of the start of `name` for k = 0..=max_k (Theorem 3.7).
pub(super) fn table_of(name: &str, max_k: u64) -> Result<Vec<Chips>, BiddingError> {
    let g = graph(name)?;
    Ok(threshold_table(&g, g.start(), max_k, Recursion::Advantage)?
        .into_iter()
        .map(Chips::from_rank)
        .collect())
}

/// Whether Alice wins the start of `g` with `a` chips (and the advantage when `alice_star`)
/// against Bob's `b`.
pub(super) fn alice_wins(
    g: &GameGraph,
    a: u64,
    b: u64,
    alice_star: bool,
) -> Result<bool, BiddingError> {
    let f = threshold_ranks(g, a + b, Recursion::Advantage)[g.start() as usize];
    Ok(Chips::new(a, alice_star)?.rank() >= f)
}
