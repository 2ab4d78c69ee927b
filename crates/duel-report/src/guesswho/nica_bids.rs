//! Nica's Remark 4.3: with the upper hand the safe bid ⌊n/2⌋ is optimal, and so is every bid b
//! with f(b) + f(n − b) = f(⌊n/2⌋) + f(⌈n/2⌉), f(a) = (a − (2/3)2^ℓ)2^ℓ with ℓ = ⌊log₂(a − 1)⌋
//! the convex, piecewise linear function of Lemma 4.2's Case II: b and n − b on the segment of
//! n/2 (its ends included). Compared with every optimal bid of the exact race table.

use duel_guesswho::closed_form::{nica_region, NicaRegion};
use duel_guesswho::rules::Move;
use duel_guesswho::table::Table;

use crate::{Check, Claim, Status};

/// 3·f(a) in integers (f has thirds), for a ≥ 2.
fn three_f(a: u64) -> i128 {
    let p = 1i128 << (63 - (a - 1).leading_zeros());
    (3 * a as i128 - 2 * p) * p
}

/// The smaller parts b ≤ n/2 of the bids Remark 4.3 makes optimal at n.
pub fn remark_bids(n: u64) -> Vec<u64> {
    let h = n / 2;
    let best = three_f(h.max(2)) + three_f(n - h);
    (1..=h)
        .filter(|&b| b == h || (b >= 2 && three_f(b) + three_f(n - b) == best))
        .collect()
}

/// Remark 4.3 at every upper-hand position of `race` with n, m ≤ `most`.
pub(super) fn remark_4_3(race: &Table, most: u64) -> Check {
    let (mut positions, mut agree, mut several) = (0u64, 0u64, 0u64);
    for n in 2..=most {
        let predicted = remark_bids(n);
        for m in 2..=most {
            if !matches!(nica_region(n, m), NicaRegion::UpperHand { .. }) {
                continue;
            }
            let Ok(best) = race.best_moves(n, m) else {
                continue;
            };
            let bids: Vec<u64> = best
                .into_iter()
                .filter_map(|mv| match mv {
                    Move::Split(parts) => parts.first().copied(),
                    Move::Guess => None,
                })
                .collect();
            positions += 1;
            agree += u64::from(bids == predicted);
            several += u64::from(bids.len() > 1);
        }
    }
    Claim {
        item: &format!("Remark 4.3: the optimal bids with the upper hand, all n, m ≤ {most}"),
        source: "Nica, Remark 4.3",
        published: "⌊n/2⌋ and the bids on its linear segment of f",
        computed: &format!(
            "exactly those at {agree} of {positions} upper-hand positions ({several} with more than one)"
        ),
        note: "every optimal split of the exact table against f(b) + f(n − b) = f(⌊n/2⌋) + f(⌈n/2⌉)",
    }
    .judged(Status::of(agree == positions && positions > 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_six_the_bid_two_shares_the_safe_bids_segment() {
        // f(2) + f(4) = 4/3 + 16/3 = 20/3 = 2 f(3).
        assert_eq!(remark_bids(6), [2, 3]);
        assert_eq!(remark_bids(5), [2]);
        assert_eq!(remark_bids(2), [1]);
    }
}
