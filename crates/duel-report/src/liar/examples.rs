//! The rules as the abstract and section 1 state them, Example 1 and the special state of
//! section 2.

use duel_liar::solver::Solver;
use duel_liar::splitting::{is_splitting, paul_favorable, weight};
use duel_liar::state::{successors, Variant};

use super::part::PAPER;
use crate::{Check, Claim, Status};

/// The abstract: who wins the original game (it swaps the two games).
pub(super) fn abstract_who_wins() -> Check {
    Claim {
        item: "who wins the original game",
        source: &format!("{PAPER}, abstract"),
        published: "Paul wins the regular game if at least one element with ≤ 1 lie survives",
        computed: "Paul wins the original game if at most one survives (section 1, and every theorem)",
        note: "the abstract swaps the two games; section 1 and the corollaries use: original = at most one survivor, pathological = at least one; duel follows section 1",
    }
    .judged(Status::Differs)
}

/// Example 1: the state (4, (3, 1)) of the pathological game, with the exhaustive solver's
/// verdict.
pub(super) fn example_1(pathological: &mut Solver) -> Check {
    let wins = pathological.paul_wins(4, &[3, 1]).unwrap_or(true);
    let favorable = if paul_favorable(Variant::Pathological, 4, 3, 1) {
        "favorable"
    } else {
        "not favorable"
    };
    let splitting = if is_splitting(Variant::Pathological, 4, 3, 1) {
        "splitting"
    } else {
        "not splitting"
    };
    Claim {
        item: "Example 1: (4, (3, 1)), pathological: Paul-favorable, not splitting",
        source: &format!("{PAPER}, Example 1"),
        published: "wt = 16, favorable, not splitting",
        computed: &format!("wt = {}, {favorable}, {splitting}", weight(4, 3, 1)),
        note: &format!(
            "the exhaustive solver adds: Paul {} from (4, (3, 1)), so favorable does not imply a win",
            if wins { "wins" } else { "loses" }
        ),
    }
    .compared()
}

/// Section 2: the special state (5, (3, 2)), won by the question (2, 0).
pub(super) fn special_state(original: &mut Solver) -> Check {
    let (y1, y2) = successors(&[3, 2], &[2, 0]);
    let wins =
        original.paul_wins(4, &y1).unwrap_or(false) && original.paul_wins(4, &y2).unwrap_or(false);
    Claim {
        item: "special state (5, (3, 2)): Paul wins with the question (2, 0)",
        source: &format!("{PAPER}, section 2"),
        published: "wins",
        computed: if wins { "wins" } else { "loses" },
        note: "both answers to (2, 0) lead to states the exhaustive solver wins for Paul",
    }
    .compared()
}
