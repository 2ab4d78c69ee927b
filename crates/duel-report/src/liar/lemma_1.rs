//! Lemma 1 at q = 0: the proof checks a_1 ≥ 0 but not a_1 ≤ x_1, which fails only there.

use duel_liar::splitting::lemma1_conditions;

use super::part::PAPER;
use crate::{Check, Claim, Status};

/// Lemma 1 at q = 0, x = (1, 0): its conditions hold, yet no splitting question fits.
pub(super) fn lemma_1_at_q_0() -> Check {
    let (c1, c2, c3) = lemma1_conditions(0, 1, 0);
    Claim {
        item: "Lemma 1 at q = 0, x = (1, 0) (Paul-favorable in both games)",
        source: &format!("{PAPER}, Lemma 1"),
        published: "splitting iff x_0 even or x_1 > q − 3 or condition 3: here splitting",
        computed: &format!(
            "conditions ({c1}, {c2}, {c3}) hold, but the splitting question (1, 1) is not ≤ (1, 0): not splitting"
        ),
        note: "a degenerate case (no question is left, the game is over); ⌈(x_1 − q + 1)/2⌉ ≤ x_1 fails only for q = 0, x_1 = 0, so Lemma 1 holds for every q ≥ 1 (checked below)",
    }
    .judged(Status::Differs)
}
