//! Section 3.1 of Develin & Payne: the value of the tie-breaking advantage. Lemma 3.1 (it is
//! worth something) and Lemma 3.2 (it is worth less than a chip), at every position of a few
//! games and every split of the chips, by the search with explicit bids.

use super::part::{cited, holds};
use super::solve::graph;
use crate::{Check, Claim, ReportOptions, Status};
use duel_bidding::brute::{BruteForce, TieRule};
use duel_bidding::BiddingError;
use duel_core::game::Player;

/// The games searched, and the largest total of chips for each, quick and by default.
const GAMES: &[(&str, u64, u64)] = &[
    ("tictactoe", 6, 12),
    ("tug:3", 12, 24),
    ("ultimatum:2", 12, 24),
    ("connect:3x3:3", 4, 8),
];

/// What one lemma's search found: the states where its hypothesis holds, where its
/// conclusion fails, and where the advantage (or the chip) changes the winner.
#[derive(Default)]
struct Count {
    hypotheses: u64,
    failures: u64,
    strict: u64,
}

/// Lemmas 3.1 and 3.2 over [`GAMES`]: one item each.
pub(super) fn lemmas_3_1_3_2(opts: &ReportOptions) -> Result<Vec<Check>, BiddingError> {
    let (mut l31, mut l32) = (Count::default(), Count::default());
    let mut ranges = Vec::new();
    for &(name, quick, default) in GAMES {
        let max_k = if opts.quick { quick } else { default };
        let g = graph(name)?;
        for k in 0..=max_k {
            let s = BruteForce::solve(&g, k, TieRule::Advantage)?;
            for v in 0..g.len() as u32 {
                for a in 0..=k {
                    // Lemma 3.1: G(a, b*) won ⇒ G(a*, b) won.
                    if s.wins(v, a, Player::BOB) {
                        l31.hypotheses += 1;
                        l31.failures += u64::from(!s.wins(v, a, Player::ALICE));
                    } else if s.wins(v, a, Player::ALICE) {
                        l31.strict += 1;
                    }
                    // Lemma 3.2: G(a*, b + 1) won ⇒ G(a + 1, b*) won, with a + b + 1 = k.
                    if a < k && s.wins(v, a, Player::ALICE) {
                        l32.hypotheses += 1;
                        l32.failures += u64::from(!s.wins(v, a + 1, Player::BOB));
                    } else if a < k && s.wins(v, a + 1, Player::BOB) {
                        l32.strict += 1;
                    }
                }
            }
        }
        ranges.push(format!("{name} (k ≤ {max_k})"));
    }
    let games = ranges.join(", ");
    let item = |item: &str, place: &str, c: &Count, gain: &str| {
        Claim {
            item,
            source: &cited(place),
            published: "holds",
            computed: holds(c.failures == 0),
            note: &format!(
                "every position and split of {games}: {} states satisfy the hypothesis, {} fail the conclusion; at {} more, {gain}",
                c.hypotheses, c.failures, c.strict
            ),
        }
        .judged(Status::of(c.failures == 0))
    };
    Ok(vec![
        item(
            "the tie-breaking advantage never hurts: G(a, b*) won ⇒ G(a*, b) won",
            "Lemma 3.1",
            &l31,
            "only the advantage wins",
        ),
        item(
            "a chip is worth more than the advantage: G(a*, b + 1) won ⇒ G(a + 1, b*) won",
            "Lemma 3.2",
            &l32,
            "only the chip wins",
        ),
    ])
}
