//! Example 3.6 of Develin & Payne: a game Alice always wins (R(G) = 0) whose truncations G[n]
//! all have R(G[n]) = 1/2: the first player to move picks Aᵐ, the game Alice wins after m more
//! moves, for any m ≥ 1; in G[n], the game stopped after n moves and not won by Alice, Bob
//! picks Aⁿ and Alice cannot finish. Theorem 3.12: a finite game is stable (both players
//! have optimal strategies of Richman-optimal moves) once the total of chips is large;
//! Theorems 3.10 and 3.11, stable strategies for a share of the chips beyond R(G) ± ε.

use super::part::cited;
use super::solve::graph;
use crate::{Check, Claim, Status};
use duel_bidding::discrete::{threshold_ranks, Recursion};
use duel_bidding::graph::{GameGraph, GraphBuilder};
use duel_bidding::richman::Richman;
use duel_bidding::BiddingError;
use duel_core::exact::{Chips, Rational};
use duel_core::game::{Outcome, Player};
use num_traits::Zero;

/// G[n]: the choice of Aᵐ (m ≤ n: a larger m plays as Aⁿ within n moves) counts as the first
/// move; after n moves without Alice's win, Bob has won. `None` for n = ∞ up to m ≤ `most`:
/// the game itself, every end Alice's.
fn example_3_6(n: Option<usize>, most: usize) -> Result<GameGraph, BiddingError> {
    let mut g = GraphBuilder::new();
    let start = g.vertex("choose A^m", None);
    for m in 1..=n.unwrap_or(most) {
        // After i of Aᵐ's moves, 1 + i moves have been played.
        let mut prev = start;
        for i in 0..=m {
            let outcome = if i == m {
                Some(Outcome::Win(Player::ALICE))
            } else if n == Some(1 + i) {
                Some(Outcome::Win(Player::BOB))
            } else {
                None
            };
            let v = g.vertex(format!("A^{m}, {i} moves in"), outcome);
            g.both(prev, v);
            if outcome.is_some() {
                break;
            }
            prev = v;
        }
    }
    g.finish(start)
}

/// Example 3.6's item.
pub(super) fn example_3_6_item() -> Result<Check, BiddingError> {
    let most = 30;
    let half = Rational::new(1.into(), 2.into());
    let mut values = Vec::new();
    for n in 1..=most {
        let g = example_3_6(Some(n), most)?;
        values.push(Richman::solve(&g)?.values[g.start() as usize].clone());
    }
    let g = example_3_6(None, most)?;
    let whole = Richman::solve(&g)?.values[g.start() as usize].clone();
    let from_two = values[1..].iter().all(|v| *v == half);
    let first = values[0].clone();
    let holds = whole.is_zero() && from_two;
    Ok(Claim {
        item: "Example 3.6: R(G) = 0 but R(G[n]) = 1/2 for every truncation",
        source: &cited("Example 3.6"),
        published: "R(G) = 0, R(G[n]) = 1/2",
        computed: &format!("R(G) = {whole}; R(G[n]) = 1/2 for 2 ≤ n ≤ {most}, R(G[1]) = {first}"),
        note: "G[1] stops after the choice of Aᵐ, before Alice can finish any; from n = 2 the paper's argument holds",
    }
    .judged(Status::of(holds && first == half)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alice_picking_a1_wins_g2_and_bob_picking_a2_stops_her() {
        let g = example_3_6(Some(2), 30).unwrap();
        let r = Richman::solve(&g).unwrap();
        assert_eq!(
            r.values[g.start() as usize],
            Rational::new(1.into(), 2.into())
        );
        let g = example_3_6(Some(1), 30).unwrap();
        let r = Richman::solve(&g).unwrap();
        assert_eq!(
            r.values[g.start() as usize],
            Rational::from_integer(1.into())
        );
    }
}

/// `g` with one player's moves kept only where they are Richman-optimal (Definition 3.9):
/// Alice's to the successors of least R, Bob's to those of greatest R.
fn stable_moves(g: &GameGraph, r: &Richman, who: Player) -> Result<GameGraph, BiddingError> {
    let mut b = GraphBuilder::new();
    for v in 0..g.len() as u32 {
        b.vertex(g.name(v), g.outcome(v));
    }
    for v in 0..g.len() as u32 {
        if g.outcome(v).is_some() {
            continue;
        }
        for mover in [Player::ALICE, Player::BOB] {
            let moves = g.moves(v, mover);
            let value = |w: u32| &r.values[w as usize];
            let best = if mover == Player::ALICE {
                moves.iter().map(|&w| value(w)).min()
            } else {
                moves.iter().map(|&w| value(w)).max()
            };
            for &w in moves {
                if mover != who || Some(value(w)) == best {
                    b.edge(mover, v, w);
                }
            }
        }
    }
    b.finish(g.start())
}

/// The totals k ≤ `most` at which `g` is stable: both players have optimal strategies that
/// only make Richman-optimal moves, i.e. f(G, k) is the same when either one's moves are
/// restricted to those.
fn stable_totals(g: &GameGraph, most: u64) -> Result<Vec<bool>, BiddingError> {
    let r = Richman::solve(g)?;
    let alice = stable_moves(g, &r, Player::ALICE)?;
    let bob = stable_moves(g, &r, Player::BOB)?;
    let s = g.start() as usize;
    Ok((0..=most)
        .map(|k| {
            let f = threshold_ranks(g, k, Recursion::Advantage)[s];
            f == threshold_ranks(&alice, k, Recursion::Advantage)[s]
                && f == threshold_ranks(&bob, k, Recursion::Advantage)[s]
        })
        .collect())
}

/// Theorem 3.12: finite games are stable once the total is large; the least total from which
/// each game is stable up to the largest total tried.
pub(super) fn theorem_3_12(quick: bool) -> Result<Check, BiddingError> {
    let most = if quick { 128 } else { 256 };
    let games = [
        "tictactoe",
        "connect:4x3:3",
        "hex:3",
        "(A^B:2)^B:3",
        "tug:4",
    ];
    let mut found = Vec::new();
    let mut holds = true;
    for name in games {
        let stable = stable_totals(&graph(name)?, most)?;
        // The least K with every total from K to `most` stable; the upper half must be.
        let from = (0..=most as usize)
            .rev()
            .take_while(|&k| stable[k])
            .last()
            .unwrap_or(most as usize + 1);
        holds &= from as u64 <= most / 2;
        let unstable: Vec<String> = (0..from)
            .filter(|&k| !stable[k])
            .map(|k| k.to_string())
            .collect();
        found.push(if unstable.is_empty() {
            format!("{name}: every total")
        } else {
            format!("{name}: from {from} (unstable at {})", unstable.join(", "))
        });
    }
    Ok(Claim {
        item: "Theorem 3.12: a finite game is stable once the total is large enough",
        source: &cited("Theorem 3.12"),
        published: "stable for a + b large",
        computed: &format!("{}; every total to {most}", found.join(", ")),
        note: "f(G, k) unchanged when either player keeps only Richman-optimal moves",
    }
    .judged(Status::of(holds)))
}

/// The ε of the instance of Theorems 3.10 and 3.11 computed.
const EPSILON: (u64, u64) = (1, 16);

/// Theorems 3.10 and 3.11 on `g` for the totals k ≤ `most`, ε = 1/16: the splits with
/// a/(a + b) > R(G) + ε where Alice (without the advantage) has no stable winning strategy,
/// and those with a/(a + b) < R(G) − ε where Bob (without it) has no stable strategy stopping
/// her; each listed by the chips of the player the theorem speaks of.
pub fn stable_strategy_failures(
    g: &GameGraph,
    most: u64,
) -> Result<(Vec<u64>, Vec<u64>), BiddingError> {
    let r = Richman::solve(g)?;
    let alice = stable_moves(g, &r, Player::ALICE)?;
    let bob = stable_moves(g, &r, Player::BOB)?;
    let s = g.start() as usize;
    let eps = Rational::new(EPSILON.0.into(), EPSILON.1.into());
    let (above, below) = (r.value(g.start()) + &eps, r.value(g.start()) - &eps);
    let (mut alice_fails, mut bob_fails) = (Vec::new(), Vec::new());
    for k in 1..=most {
        let fa = threshold_ranks(&alice, k, Recursion::Advantage)[s];
        let fb = threshold_ranks(&bob, k, Recursion::Advantage)[s];
        for a in 0..=k {
            let share = Rational::new(a.into(), k.into());
            // Theorem 3.10: G(a, b*), Alice restricted to stable moves.
            if share > above && Chips::new(a, false)?.rank() < fa {
                alice_fails.push(a);
            }
            // Theorem 3.11: G(a*, b), Bob restricted to stable moves.
            if share < below && Chips::new(a, true)?.rank() >= fb {
                bob_fails.push(k - a);
            }
        }
    }
    Ok((alice_fails, bob_fails))
}

/// Theorems 3.10 and 3.11: stable strategies for the player with a share of the chips beyond
/// R(G) ± ε, from some number of chips on, for ε = 1/16 and totals up to a bound.
pub(super) fn theorems_3_10_3_11(quick: bool) -> Result<Vec<Check>, BiddingError> {
    let most = if quick { 64 } else { 128 };
    let games = ["tictactoe", "hex:3", "(A^B:2)^B:3"];
    let (mut found_a, mut found_b) = (Vec::new(), Vec::new());
    let (mut ok_a, mut ok_b) = (true, true);
    for name in games {
        let (fa, fb) = stable_strategy_failures(&graph(name)?, most)?;
        // "Sufficiently large": the failures stop in the lower half of the chips tried.
        let from = |f: &[u64]| f.iter().max().map_or(0, |m| m + 1);
        ok_a &= from(&fa) <= most / 2;
        ok_b &= from(&fb) <= most / 2;
        found_a.push(format!("{name}: a ≥ {}", from(&fa)));
        found_b.push(format!("{name}: b ≥ {}", from(&fb)));
    }
    let note = |who: &str| {
        format!(
            "ε = {}/{}, totals a + b ≤ {most}; the least {who} from which the stable strategy exists at every total tried; stable: Richman-optimal moves only (Definition 3.9)",
            EPSILON.0, EPSILON.1
        )
    };
    Ok(vec![
        Claim {
            item:
                "Theorem 3.10: Alice's stable winning strategy once a/(a + b) > R(G) + ε, ε = 1/16",
            source: &cited("Theorem 3.10"),
            published: "for a sufficiently large",
            computed: &found_a.join(", "),
            note: &note("a"),
        }
        .judged(Status::of(ok_a)),
        Claim {
            item: "Theorem 3.11: Bob's stable strategy once a/(a + b) < R(G) − ε, ε = 1/16",
            source: &cited("Theorem 3.11"),
            published: "for b sufficiently large",
            computed: &found_b.join(", "),
            note: &note("b"),
        }
        .judged(Status::of(ok_b)),
    ])
}

#[cfg(test)]
mod stability_tests {
    use super::*;

    #[test]
    fn tic_tac_toe_is_unstable_at_5_chips_only_and_hex_3_settles_at_56() {
        let unstable = |name: &str| -> Vec<usize> {
            let s = stable_totals(&graph(name).unwrap(), 128).unwrap();
            (0..s.len()).filter(|&k| !s[k]).collect()
        };
        assert_eq!(unstable("tictactoe"), [5]);
        assert_eq!(unstable("hex:3"), [12, 23, 44, 55]);
    }
}
