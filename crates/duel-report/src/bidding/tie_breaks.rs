//! The appendix of Develin & Payne: other tie-breaks than the advantage chip, Make-it Take-it
//! and Loser's Ball, against the search with explicit bids.

use super::part::{cited, holds};
use super::solve::graph;
use crate::{Check, Claim, Status};
use duel_bidding::brute::{BruteForce, TieRule};
use duel_bidding::discrete::{mitt_label, threshold_ranks, Recursion};
use duel_bidding::BiddingError;
use duel_core::game::Player;

/// Make-it Take-it: the printed recursion on A² with 2 chips against the exact one.
pub(super) fn make_it_take_it() -> Result<Vec<Check>, BiddingError> {
    let a2 = graph("A:2")?;
    let printed =
        mitt_label(threshold_ranks(&a2, 2, Recursion::MakeItTakeItAsPrinted)[a2.start() as usize]);
    let exact = mitt_label(threshold_ranks(&a2, 2, Recursion::MakeItTakeIt)[a2.start() as usize]);
    let search = BruteForce::solve(&a2, 2, TieRule::MakeItTakeIt)?;
    Ok(vec![Claim {
        item: "Make-it Take-it recursion on A^2 with 2 chips",
        source: &cited("Appendix (Make-it Take-it)"),
        published: &printed,
        computed: &exact,
        note: &format!(
            "The printed recursion says Alice wins with 0 chips and the tie; the search with explicit bids says she {} (Bob wins the first bid for 1, then holds the ties). An exact one-step recursion derived from the bids agrees with the search on every small game.",
            if search.wins(a2.start(), 0, Player::ALICE) { "wins" } else { "loses" }
        ),
    }
    .compared()])
}

/// Loser's Ball: in a game where the second move wins, with equal chips the player without
/// the ε-chip wins.
pub(super) fn losers_ball() -> Result<Vec<Check>, BiddingError> {
    let e35 = graph("example3.5")?;
    let mut ok = true;
    for a in 0..=10u64 {
        let b = BruteForce::solve(&e35, 2 * a, TieRule::LosersBall)?;
        ok &= b.wins(e35.start(), a, Player::BOB) && !b.wins(e35.start(), a, Player::ALICE);
    }
    Ok(vec![Claim {
        item: "Loser's Ball, second move wins, equal chips: the player without the ε-chip wins",
        source: &cited("Appendix (Loser's Ball)"),
        published: "holds",
        computed: holds(ok),
        note: "search with explicit bids, a = b = 0..10",
    }
    .judged(Status::of(ok))])
}
