//! The one-lie splitting strategy of Ellis, Ponomarenko & Yan (section 2): the weight
//! `wt_q`, Paul-favorable and splitting states, Lemma 1, the strategy of Theorem 1 and the
//! closed forms of Corollaries 1 and 2.
//!
//! States here are `(q; x_0, x_1)`; the paper's `(q, x)`.

use super::state::Variant;

/// The weight `wt_q(x) = (q + 1) x_0 + x_1` (Berlekamp; section 1 of the paper).
pub fn weight(q: u32, x0: u64, x1: u64) -> u128 {
    (u128::from(q) + 1) * u128::from(x0) + u128::from(x1)
}

/// `2^q` (for `q ≤ 127`).
fn pow2(q: u32) -> u128 {
    1u128 << q
}

/// Paul-favorable (section 2): `wt_q(x) ≤ 2^q` in the original game, `≥ 2^q` in the
/// pathological game.
pub fn paul_favorable(variant: Variant, q: u32, x0: u64, x1: u64) -> bool {
    let w = weight(q, x0, x1);
    match variant {
        Variant::Original => w <= pow2(q),
        Variant::Pathological => w >= pow2(q),
    }
}

/// The least `q` with `wt_q(x) ≤ 2^q` (the minimal Paul-favorable `q` of the original game).
pub fn minimal_favorable_q(x0: u64, x1: u64) -> u32 {
    let mut q = 0;
    while q < 126 && weight(q, x0, x1) > pow2(q) {
        q += 1;
    }
    q
}

/// The splitting question (section 2), possibly illegal (negative or above `x`):
/// `(x_0/2, ⌊x_1/2⌋)` if `x_0` is even, `((x_0+1)/2, ⌈(x_1−q+1)/2⌉)` if odd.
pub fn splitting_question(q: u32, x0: u64, x1: u64) -> (i128, i128) {
    let (x0, x1, q) = (i128::from(x0), i128::from(x1), i128::from(q));
    if x0 % 2 == 0 {
        (x0 / 2, x1.div_euclid(2))
    } else {
        ((x0 + 1) / 2, (x1 - q + 1 + 1).div_euclid(2))
    }
}

/// Whether the splitting question is legal: `0 ≤ a ≤ x` componentwise.
pub fn splitting_question_is_legal(q: u32, x0: u64, x1: u64) -> bool {
    let (a0, a1) = splitting_question(q, x0, x1);
    0 <= a0 && a0 <= i128::from(x0) && 0 <= a1 && a1 <= i128::from(x1)
}

/// The special state `(5, (3, 2))`, called splitting in the original game by definition.
pub fn is_special(q: u32, x0: u64, x1: u64) -> bool {
    (q, x0, x1) == (5, 3, 2)
}

/// Splitting (section 2): Paul-favorable with a legal splitting question, or the special state
/// `(5, (3, 2))` of the original game.
pub fn is_splitting(variant: Variant, q: u32, x0: u64, x1: u64) -> bool {
    paul_favorable(variant, q, x0, x1)
        && (splitting_question_is_legal(q, x0, x1)
            || (variant == Variant::Original && is_special(q, x0, x1)))
}

/// The three conditions of Lemma 1: `x_0` even, or `x_1 > q − 3`, or
/// `x_0 − x_1 < (wt_q(x) + (3 − q)(q + 2)) / (q + 1)` (compared exactly, multiplied out).
pub fn lemma1_conditions(q: u32, x0: u64, x1: u64) -> (bool, bool, bool) {
    let (qi, x0i, x1i) = (i128::from(q), i128::from(x0), i128::from(x1));
    let c1 = x0 % 2 == 0;
    let c2 = x1i > qi - 3;
    let w = weight(q, x0, x1) as i128;
    let c3 = (x0i - x1i) * (qi + 1) < w + (3 - qi) * (qi + 2);
    (c1, c2, c3)
}

/// Paul's question under the splitting strategy at `(q; x_0, x_1)`, `q ≥ 1`, always legal.
///
/// In the original game Paul plays as if only the minimal Paul-favorable number of questions
/// `q′ ≤ q` remained (section 2); at `(5, (3, 2))` he asks `(2, 0)`; at `(q; n, 0)` with `n`
/// odd, where the splitting question is illegal, he asks `((n+1)/2, 0)` (proofs of
/// Corollaries 1 and 2). Elsewhere an illegal splitting question is clamped into `[0, x]`
/// (such states are not splitting, and the strategy is not claimed to win there).
pub fn splitting_strategy(variant: Variant, q: u32, x0: u64, x1: u64) -> [u64; 2] {
    let qq = match variant {
        Variant::Original => minimal_favorable_q(x0, x1).min(q),
        Variant::Pathological => q,
    };
    if variant == Variant::Original && is_special(qq, x0, x1) {
        return [2, 0];
    }
    if splitting_question_is_legal(qq, x0, x1) {
        let (a0, a1) = splitting_question(qq, x0, x1);
        return [a0 as u64, a1 as u64];
    }
    if x1 == 0 && x0 % 2 == 1 {
        return [x0.div_ceil(2), 0];
    }
    let (a0, a1) = splitting_question(qq, x0, x1);
    [
        a0.clamp(0, i128::from(x0)) as u64,
        a1.clamp(0, i128::from(x1)) as u64,
    ]
}

/// Corollary 1: the original one-lie game on `n` objects with `q` questions is a win for Paul
/// iff `n ≤ 2^q/(q+1)` (n even) or `n ≤ (2^q − q + 1)/(q+1)` (n odd).
pub fn corollary1(q: u32, n: u64) -> bool {
    let lhs = i128::from(n) * (i128::from(q) + 1);
    let p = pow2(q) as i128;
    if n % 2 == 0 {
        lhs <= p
    } else {
        lhs <= p - i128::from(q) + 1
    }
}

/// Corollary 2: the pathological one-lie game is a win for Paul iff `n ≥ 2^q/(q+1)` (n even)
/// or `n ≥ (2^q + q − 1)/(q+1)` (n odd).
pub fn corollary2(q: u32, n: u64) -> bool {
    let lhs = i128::from(n) * (i128::from(q) + 1);
    let p = pow2(q) as i128;
    if n % 2 == 0 {
        lhs >= p
    } else {
        lhs >= p + i128::from(q) - 1
    }
}

/// The largest `n ≥ 1` for which Corollary 1 gives Paul the win with `q` questions (OEIS
/// A286496), `q ≤ 120`.
pub fn largest_searchable(q: u32) -> u64 {
    let p = pow2(q) as i128;
    let q1 = i128::from(q) + 1;
    let even = p / q1;
    let even = even - even % 2;
    let odd = (p - i128::from(q) + 1).div_euclid(q1);
    let odd = if odd % 2 == 0 { odd - 1 } else { odd };
    even.max(odd).max(0) as u64
}

/// The smallest `n ≥ 1` for which Corollary 2 gives Paul the win with `q` questions.
pub fn smallest_pathological_win(q: u32) -> u64 {
    let p = pow2(q) as i128;
    let q1 = i128::from(q) + 1;
    let even = (p + q1 - 1) / q1;
    let even = (even + even % 2).max(2);
    let odd = (p + i128::from(q) - 1 + q1 - 1).div_euclid(q1);
    let odd = (if odd % 2 == 0 { odd + 1 } else { odd }).max(1);
    even.min(odd) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_forms_agree_with_the_corollaries() {
        for q in 0..=20 {
            let m = largest_searchable(q);
            assert!(corollary1(q, m));
            assert!(!corollary1(q, m + 1) && !corollary1(q, m + 2));
            let s = smallest_pathological_win(q);
            assert!(corollary2(q, s));
            if s > 1 {
                assert!(!corollary2(q, s - 1));
            }
            if s > 2 {
                assert!(!corollary2(q, s - 2));
            }
        }
    }
}
