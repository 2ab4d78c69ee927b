//! Example 3.6 of Develin & Payne: a game Alice always wins (R(G) = 0) whose truncations G[n]
//! all have R(G[n]) = 1/2: the first player to move picks Aᵐ, the game Alice wins after m more
//! moves, for any m ≥ 1; in G[n], the game stopped after n moves and not won by Alice, Bob
//! picks Aⁿ and Alice cannot finish.

use super::part::cited;
use crate::{Check, Claim, Status};
use duel_bidding::graph::{GameGraph, GraphBuilder};
use duel_bidding::richman::Richman;
use duel_bidding::BiddingError;
use duel_core::exact::Rational;
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
