//! The appendix of Develin & Payne: other tie-breaks than the advantage chip, Make-it Take-it
//! and Loser's Ball, against the search with explicit bids, and Ladies First's game.

use super::part::{cited, holds};
use super::solve::graph;
use crate::{Check, Claim, Status};
use duel_bidding::brute::{BruteForce, TieRule};
use duel_bidding::discrete::{mitt_label, threshold_ranks, Recursion};
use duel_bidding::graph::{GameGraph, GraphBuilder};
use duel_bidding::richman::Richman;
use duel_bidding::BiddingError;
use duel_core::exact::Rational;
use duel_core::game::{Outcome, Player};
use num_bigint::BigInt;
use num_traits::One;

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

/// The appendix's game for Ladies First, truncated after `n` blocks: block j is j moves, and
/// Alice wins when she wins every move of some block; after the n-th block Bob has won. A
/// block Bob breaks is still played to its end (its moves decide nothing).
pub(super) fn ladies_first_game(n: usize) -> Result<GameGraph, BiddingError> {
    let mut g = GraphBuilder::new();
    let alice = g.vertex("Alice wins", Some(Outcome::Win(Player::ALICE)));
    let bob = g.vertex("Bob wins", Some(Outcome::Win(Player::BOB)));
    // Vertices (block j, move i of the block, whether Alice has won all its moves so far), built
    // from the last block back so that each knows where its moves lead.
    let mut next_block = bob;
    for j in (1..=n).rev() {
        let mut after = (next_block, next_block);
        for i in (0..j).rev() {
            let alive = g.vertex(format!("block {j}, move {}, alive", i + 1), None);
            let dead = g.vertex(format!("block {j}, move {}, broken", i + 1), None);
            let win_all = if i + 1 == j { alice } else { after.0 };
            g.edge(Player::ALICE, alive, win_all);
            g.edge(Player::BOB, alive, after.1);
            g.both(dead, after.1);
            after = (alive, dead);
        }
        next_block = after.0;
    }
    g.finish(next_block)
}

/// Ladies First: the Richman value of the truncations is the paper's product, and with
/// discrete chips and Alice winning every tie she wins whatever the chips: bidding zero, she
/// takes a chip from Bob on every block he breaks, so she wins by block b + 1 (b Bob's chips).
pub(super) fn ladies_first() -> Result<Vec<Check>, BiddingError> {
    let blocks = 10;
    let mut product = Rational::one();
    let mut equal = true;
    for n in 1..=blocks {
        product *= Rational::one() - Rational::new(1.into(), BigInt::from(1u64 << n));
        let g = ladies_first_game(n)?;
        equal &= Richman::solve(&g)?.values[g.start() as usize] == product;
    }
    let most_chips = 6u64;
    let mut wins_every_count = true;
    for k in 0..=most_chips {
        let n = k as usize + 1;
        let g = ladies_first_game(n)?;
        let search = BruteForce::solve(&g, k, TieRule::LadiesFirst)?;
        // With 0 of the k chips Alice wins by block k + 1, and so with any more.
        wins_every_count &= (0..=k).all(|a| search.wins(g.start(), a, Player::ALICE));
        // One block fewer, and Bob, holding every chip, breaks each: the truncation is his.
        if k > 0 {
            let shorter = ladies_first_game(k as usize)?;
            let s = BruteForce::solve(&shorter, k, TieRule::LadiesFirst)?;
            wins_every_count &= !s.wins(shorter.start(), 0, Player::ALICE);
        }
    }
    Ok(vec![
        Claim {
            item: "Ladies First, R(G[n(n+1)/2]) = Π_{j=1}^n (1 − 1/2^j)",
            source: &cited("Appendix (Ladies First)"),
            published: "holds",
            computed: &format!("{}, n = 1..{blocks} (n = {blocks}: {product})", holds(equal)),
            note: "Richman values of the truncated game, exact",
        }
        .judged(Status::of(equal)),
        Claim {
            item: "Ladies First, discrete chips: Alice wins no matter what the chip count",
            source: &cited("Appendix (Ladies First)"),
            published: "holds",
            computed: &format!(
                "{}: with a of k ≤ {most_chips} chips she wins G[n(n+1)/2] at n = k − a + 1; with 0 chips, not at n = k",
                holds(wins_every_count)
            ),
            note: "search with explicit bids, Alice winning every tie",
        }
        .judged(Status::of(wins_every_count)),
    ])
}
