//! Section 2 of Develin & Payne and its introduction: Richman values. Property 1 of the
//! introduction, R(G) = 1 − R(Ḡ) for finite G; property 2, R(G) = 1 − P(G) with P the
//! probability that Bob wins random-turn play.

use super::part::{cited, holds};
use super::solve::graph;
use crate::{Check, Claim, Status};
use duel_bidding::graph::{GameGraph, GraphBuilder};
use duel_bidding::richman::{random_turn_values, Richman};
use duel_bidding::BiddingError;
use duel_core::exact::Rational;
use duel_core::game::{Outcome, Player};

/// The games whose every position is checked.
const GAMES: [&str; 7] = [
    "tictactoe",
    "E",
    "A:3",
    "B:4",
    "(A^B:2)^B:3",
    "connect:4x3:3",
    "hex:3",
];

/// The introduction, property 2: R(G_v) = 1 − P(G_v) at every position.
pub(super) fn random_turn_play() -> Result<Vec<Check>, BiddingError> {
    let mut ok = true;
    for name in GAMES {
        let g = graph(name)?;
        let r = Richman::solve(&g)?;
        let p = random_turn_values(&g).ok_or(BiddingError::Internal { what: "cyclic" })?;
        ok &= r
            .values
            .iter()
            .zip(&p)
            .all(|(a, b)| a.clone() + b.clone() == Rational::from_integer(1.into()));
    }
    Ok(vec![Claim {
        item: "R(G_v) = 1 - P(G_v) at every position (random-turn play)",
        source: &cited("introduction, property 2"),
        published: "holds",
        computed: holds(ok),
        note: "tictactoe, E, A^3, B^4, (A∧B²)∧B³, connect:4x3:3, hex:3",
    }
    .judged(Status::of(ok))])
}

/// `g` with every end that is not Alice's win made Bob's: the paper's games are won by Alice or
/// not, and Ḡ must give Bob's role every end Alice does not win in G.
fn draws_to_bob(g: &GameGraph) -> Result<GameGraph, BiddingError> {
    let mut b = GraphBuilder::new();
    for v in 0..g.len() as u32 {
        let outcome = g.outcome(v).map(|o| match o {
            Outcome::Win(Player::ALICE) => o,
            _ => Outcome::Win(Player::BOB),
        });
        b.vertex(g.name(v), outcome);
    }
    for v in 0..g.len() as u32 {
        if g.outcome(v).is_none() {
            for who in [Player::ALICE, Player::BOB] {
                for &to in g.moves(v, who) {
                    b.edge(who, v, to);
                }
            }
        }
    }
    b.finish(g.start())
}

/// The introduction, property 1: for finite G, R(G) = 1 − R(Ḡ), here at every position of
/// games with and without cycles (Tug o' War's graph has cycles: its values are the fixed
/// points of the truncations, found exactly).
pub(super) fn exchanged_roles() -> Result<Vec<Check>, BiddingError> {
    let games = [
        "tictactoe",
        "E",
        "A:3",
        "B:4",
        "(A^B:2)^B:3",
        "connect:4x3:3",
        "hex:3",
        "tug:3",
        "tug:6",
        "ultimatum:5",
    ];
    let mut ok = true;
    let mut positions = 0;
    for name in games {
        let g = draws_to_bob(&graph(name)?)?;
        let r = Richman::solve(&g)?;
        let bar = Richman::solve(&g.swapped())?;
        ok &= r.exact && bar.exact;
        ok &= r
            .values
            .iter()
            .zip(&bar.values)
            .all(|(a, b)| a.clone() + b.clone() == Rational::from_integer(1.into()));
        positions += g.len();
    }
    Ok(vec![Claim {
        item: "R(G_v) = 1 − R(Ḡ_v) for finite G, at every position",
        source: &cited("introduction, property 1"),
        published: "holds",
        computed: &format!("{}: {positions} positions of {} games, exact rationals", holds(ok), games.len()),
        note: "tictactoe, E, A^3, B^4, (A∧B²)∧B³, connect:4x3:3, hex:3, tug:3, tug:6 (cycles), ultimatum:5",
    }
    .judged(Status::of(ok))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_draws_left_as_draws_the_identity_fails_on_tictactoe() {
        // Draws are no one's: both roles need more than half to win, and the sum passes 1.
        let g = graph("tictactoe").unwrap();
        let sum = Richman::solve(&g).unwrap().values[g.start() as usize].clone()
            + Richman::solve(&g.swapped()).unwrap().values[g.start() as usize].clone();
        assert!(sum > Rational::from_integer(1.into()));
        let g = draws_to_bob(&g).unwrap();
        let sum = Richman::solve(&g).unwrap().values[g.start() as usize].clone()
            + Richman::solve(&g.swapped()).unwrap().values[g.start() as usize].clone();
        assert_eq!(sum, Rational::from_integer(1.into()));
    }
}
