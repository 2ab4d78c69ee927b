//! "Continuous Guess Who?" (Nica, section 3): the limit `p∞` of the race rules, its
//! log-periodicity (Lemma 3.5) and its distance to the discrete game (Remark 3.10), and the
//! claims of Nica's section 1.2 about equal pools and the fair handicap.

use num_traits::One;

use super::closed_form::{nica_region, NicaRegion};
use duel_core::exact::Rational;

fn rat(a: i128, b: i128) -> Rational {
    Rational::new(a.into(), b.into())
}

/// `p∞(n, m)` at integer pools, exactly (Propositions 3.8 and 3.9). `n, m ≥ 2`.
///
/// In the weeds at level `k`: `2^(k+1)/n − (2/3)·2^(2k+1)/(nm)` (eq. 3.6); with the upper hand:
/// `1 − 2^k/m + (2/3)·2^(2k)/(nm)` (eq. 3.7).
pub fn p_infinity_exact(n: u64, m: u64) -> Option<Rational> {
    let (n, m) = (i128::from(n), i128::from(m));
    match nica_region(n as u64, m as u64) {
        NicaRegion::Decided => None,
        NicaRegion::InTheWeeds { k } => {
            Some(rat(1 << (k + 1), n) - rat(2 * (1 << (2 * k + 1)), 3 * n * m))
        }
        NicaRegion::UpperHand { k } => {
            Some(Rational::one() - rat(1 << k, m) + rat(2 * (1 << (2 * k)), 3 * n * m))
        }
    }
}

/// `3·n·m·p∞(n, m)`, an integer at integer pools: `3·2^(k+1)·m − 2^(2k+2)` in the weeds,
/// `3nm − 3·2^k·n + 2^(2k+1)` with the upper hand. `None` where the game is decided.
pub fn p_infinity_times_3nm(n: u64, m: u64) -> Option<i128> {
    let (n, m) = (i128::from(n), i128::from(m));
    match nica_region(n as u64, m as u64) {
        NicaRegion::Decided => None,
        NicaRegion::InTheWeeds { k } => Some(3 * (1 << (k + 1)) * m - (1 << (2 * k + 2))),
        NicaRegion::UpperHand { k } => Some(3 * n * m - 3 * (1 << k) * n + (1 << (2 * k + 1))),
    }
}

/// The level `k` with `2^k < x ≤ 2^(k+1)`, for real `x > 0`.
fn level_f(x: f64) -> i32 {
    let mut k = x.log2().ceil() as i32 - 1;
    // Guard the float rounding at exact powers of two.
    while 2f64.powi(k + 1) < x {
        k += 1;
    }
    while 2f64.powi(k) >= x {
        k -= 1;
    }
    k
}

/// `p∞(x, y)` for real pools `x, y > 0` (Propositions 3.8 and 3.9); for plots.
pub fn p_infinity(x: f64, y: f64) -> f64 {
    let (kx, ky) = (level_f(x), level_f(y));
    if kx <= ky {
        let t = 2f64.powi(kx);
        1.0 - t / y + 2.0 / 3.0 * t * t / (x * y)
    } else {
        let t = 2f64.powi(ky);
        2.0 * t / x - 2.0 / 3.0 * 2.0 * t * t / (x * y)
    }
}

/// Remark 3.10's claimed difference `p*(n, m) − p∞(n, m)`: `−2/(3nm)` in the weeds,
/// `4/(3nm)` with the upper hand.
pub fn remark_3_10_difference(n: u64, m: u64) -> Option<Rational> {
    let nm = i128::from(n) * i128::from(m);
    match nica_region(n, m) {
        NicaRegion::Decided => None,
        NicaRegion::InTheWeeds { .. } => Some(rat(-2, 3 * nm)),
        NicaRegion::UpperHand { .. } => Some(rat(4, 3 * nm)),
    }
}

/// `p∞(x, x)` for equal pools, as a function of `α = x/2^k ∈ (1, 2]`: `1 − 1/α + 2/(3α²)`.
/// Its range over `(1, 2]` is `[5/8, 2/3]`: the minimum `5/8` at `α = 4/3`, the supremum
/// `2/3` at `α = 2` and as `α → 1`.
pub fn equal_pools_limit(alpha: &Rational) -> Rational {
    let one = Rational::one();
    let two_thirds = rat(2, 3);
    &one - &one / alpha + two_thirds / (alpha * alpha)
}

/// The fair handicap of the continuous game: the factor `c = x/y` such that
/// `p∞(c·y, y) = 1/2`, for `y = 2^k·β`, `β ∈ (1, 2]`. With `β ≤ 4/3` the first player has the
/// upper hand and `c = 4/(3β(2−β))`; with `β > 4/3` they are in the weeds and
/// `c = 4/β − 8/(3β²)`. Over `β ∈ (1, 2]` it ranges over `[4/3, 3/2]` (Nica, section 1.2).
pub fn fair_handicap_limit(beta: &Rational) -> Rational {
    let two = rat(2, 1);
    if *beta <= rat(4, 3) {
        rat(4, 1) / (rat(3, 1) * beta * (&two - beta))
    } else {
        rat(4, 1) / beta - rat(8, 3) / (beta * beta)
    }
}
