//! Section 2 of Develin & Payne and its introduction: Richman values. Property 2 of the
//! introduction, R(G) = 1 − P(G) with P the probability that Bob wins random-turn play.

use super::part::{cited, holds};
use super::solve::graph;
use crate::{Check, Claim, Status};
use duel_bidding::richman::{random_turn_values, Richman};
use duel_bidding::BiddingError;
use duel_core::exact::Rational;

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
