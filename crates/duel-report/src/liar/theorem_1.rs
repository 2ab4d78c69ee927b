//! The proof of Theorem 1, x_0 even: which successor gets the ceiling of the weight.

use duel_liar::splitting::{splitting_strategy, weight};
use duel_liar::state::{successors, Variant};

use super::part::PAPER;
use crate::{Check, Claim, Status};

/// The proof of Theorem 1 at (4, (2, 1)): y′ gets the floor, y″ the ceiling.
pub(super) fn theorem_1_proof_x0_even() -> Check {
    let a = splitting_strategy(Variant::Original, 4, 2, 1);
    let (yes, _) = successors(&[2, 1], &a);
    Claim {
        item: "Theorem 1 proof, x_0 even: wt_{q−1}(y′) at (4, (2, 1))",
        source: &format!("{PAPER}, proof of Theorem 1"),
        published: "⌈wt_q(x)/2⌉ = 6",
        computed: &format!("{} = ⌊11/2⌋", weight(3, yes[0], yes[1])),
        note: "y′ = (a_0, a_1 − a_0 + x_0) keeps a_1 = ⌊x_1/2⌋ one-lie objects, so it gets the floor and y″ the ceiling; the theorem (one gets each) is unaffected",
    }
    .judged(Status::Differs)
}
