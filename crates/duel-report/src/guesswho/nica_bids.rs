//! Nica's Remark 4.3: with the upper hand the safe bid ⌊n/2⌋ is optimal, and so is every bid b
//! with f(b) + f(n − b) = f(⌊n/2⌋) + f(⌈n/2⌉), f(a) = (a − (2/3)2^ℓ)2^ℓ with ℓ = ⌊log₂(a − 1)⌋
//! the convex, piecewise linear function of Lemma 4.2's Case II: b and n − b on the segment of
//! n/2 (its ends included). Compared with every optimal bid of the exact race table. And
//! section 1.1's remark that the safe bid minimises the expected number of questions.

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

/// n·E(n) for n = 0..=most, E(n) the least expected number of yes/no questions that find one
/// of n equally likely candidates: T(1) = 0, T(n) = n + min_b T(b) + T(n − b) (integers). Also
/// whether the safe bid ⌊n/2⌋ attains each minimum, and how many n have other minimisers.
fn expected_questions(most: u64) -> (Vec<u64>, bool, u64) {
    let mut t = vec![0u64; most as usize + 1];
    let mut safe_ok = true;
    let mut others = 0;
    for n in 2..=most as usize {
        let cost = |b: usize| t[b] + t[n - b];
        let best = (1..=n / 2).map(cost).min().unwrap_or(0);
        safe_ok &= cost(n / 2) == best;
        others += u64::from((1..n / 2).any(|b| cost(b) == best));
        t[n] = n as u64 + best;
    }
    (t, safe_ok, others)
}

/// Section 1.1: the safe bid minimises the expected number of questions (the entropy bound):
/// the dynamic programme over every bid, and its closed form n⌊log₂ n⌋ + 2(n − 2^⌊log₂ n⌋).
pub(super) fn section_1_1_safe_bid() -> Check {
    let most = 4096u64;
    let (t, safe_ok, others) = expected_questions(most);
    let closed = |n: u64| {
        let l = 63 - n.leading_zeros() as u64;
        n * l + 2 * (n - (1 << l))
    };
    let closed_ok = (1..=most).all(|n| t[n as usize] == closed(n));
    Claim {
        item: &format!("the safe bid ⌊n/2⌋ minimises the expected number of questions, n ≤ {most}"),
        source: "Nica, section 1.1",
        published: "holds (an entropy calculation)",
        computed: &format!(
            "{}; n·E(n) = n⌊log₂ n⌋ + 2(n − 2^⌊log₂ n⌋) at every n; {others} n have other minimising bids too",
            if safe_ok { "holds" } else { "fails" }
        ),
        note: "every bid at every n, exact integers",
    }
    .judged(Status::of(safe_ok && closed_ok))
}

#[cfg(test)]
mod expected_tests {
    use super::*;

    #[test]
    fn three_candidates_take_five_thirds_questions() {
        let (t, ok, _) = expected_questions(8);
        assert!(ok);
        assert_eq!(&t[1..=8], &[0, 2, 5, 8, 12, 16, 20, 24]);
    }
}
