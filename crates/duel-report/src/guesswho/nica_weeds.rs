//! Nica's Lemmas 3.6 and 3.7 of Continuous Guess Who by the process their proofs follow, in
//! exact rationals: a player in the weeds at α > 2 bids 2^k and escapes with chance 1/α, else
//! the opponent halves its pool and the position becomes α ↦ 2(α − 1). Lemma 3.6: the chance
//! of ever escaping is 2/α. Lemma 3.7: from α = 4, β = 2 the game ends, no draw, Player 1
//! losing with chance 2/3.

use duel_core::exact::Rational;
use duel_guesswho::continuous::p_infinity_exact;
use num_traits::{One, Zero};

use super::part::r;
use crate::{Check, Claim, Status};

/// The escapes followed, rounds of the weeds: the chance left after them is below 2^-60.
const ROUNDS: u32 = 64;

/// The chance of escaping the weeds within `rounds` rounds from α (exact), by the process.
pub fn escape_within(alpha: &Rational, rounds: u32) -> Rational {
    let mut stay = Rational::one();
    let mut escaped = Rational::zero();
    let mut a = alpha.clone();
    for _ in 0..rounds {
        let once = Rational::one() / &a;
        escaped += &stay * &once;
        stay *= Rational::one() - once;
        a = (a - Rational::one()) * r(2, 1);
    }
    escaped
}

/// Lemma 3.6 at several α: the process's chance within [`ROUNDS`] rounds equals
/// (2/α)(1 − 2^-ROUNDS), whose limit is 2/α.
fn lemma_3_6() -> Check {
    let alphas = [r(5, 2), r(3, 1), r(4, 1), r(5, 1), r(17, 2), r(100, 1)];
    let tail =
        Rational::one() - Rational::one() / Rational::from_integer(2.into()).pow(ROUNDS as i32);
    let holds = alphas
        .iter()
        .all(|a| escape_within(a, ROUNDS) == r(2, 1) / a * &tail);
    let listed = alphas
        .iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    Claim {
        item: "Lemma 3.6: P(Player 1 ever escapes the weeds) from α > 2",
        source: "Nica, Lemma 3.6",
        published: "2/α",
        computed: &format!("(2/α)(1 − 2^-{ROUNDS}) within {ROUNDS} rounds, exactly, α = {listed}"),
        note: "each round's escape 1/α, then α ↦ 2(α − 1), in exact rationals",
    }
    .judged(Status::of(holds))
}

/// Lemma 3.7's draw: Player 1 loses from (4, 2) by never escaping, or by escaping, Player 2
/// escaping in turn and Player 1 losing from (4, 2) again; the chances of escape come from the
/// process. With Player 1's chance of winning p∞(8, 4) from duel's table, the draw is what is
/// left after `cycles` cycles of the proof.
fn lemma_3_7_no_draw() -> Check {
    let cycles = 32;
    let escape_1 = escape_within(&r(4, 1), ROUNDS);
    // Player 2, put in the weeds at α = 2β = 4 by Player 1's escape.
    let escape_2 = escape_within(&r(4, 1), ROUNDS);
    let mut lose = Rational::zero();
    let mut reach = Rational::one();
    for _ in 0..cycles {
        lose += &reach * (Rational::one() - &escape_1);
        reach *= &escape_1 * &escape_2;
    }
    let win = p_infinity_exact(8, 4).expect("(8, 4) is a position of Continuous Guess Who");
    let draw = Rational::one() - &win - &lose;
    // The draw is what the truncations leave: the cycles not followed and the rounds of the
    // weeds not followed, each below 2^-60.
    let bound = r(1, 1) / Rational::from_integer(2.into()).pow(60);
    let holds = draw >= Rational::zero() && draw < bound;
    Claim {
        item: "Lemma 3.7: P(draw) from α = 4, β = 2",
        source: "Nica, Lemma 3.7",
        published: "0",
        computed: &format!(
            "below 2^-60 after {cycles} cycles of the proof: 1 − p∞(8, 4) − P(lose) ≈ {:.1e}",
            to_f64(&draw)
        ),
        note: "P(lose) by the proof's two ways, the escapes by the process of Lemma 3.6",
    }
    .judged(Status::of(holds))
}

fn to_f64(x: &Rational) -> f64 {
    use num_traits::ToPrimitive;
    x.to_f64().unwrap_or(f64::NAN)
}

/// The items of Lemmas 3.6 and 3.7 (the draw).
pub(super) fn items() -> Vec<Check> {
    vec![lemma_3_6(), lemma_3_7_no_draw()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_rounds_escape_as_the_proof_sums_them() {
        // 1/α + 1/(2α) + 1/(4α) at α = 3.
        assert_eq!(escape_within(&r(3, 1), 3), r(1, 3) + r(1, 6) + r(1, 12));
    }

    #[test]
    fn both_items_match() {
        for c in items() {
            assert_eq!(c.status, Status::Matches, "{}: {}", c.item, c.computed);
        }
    }
}
