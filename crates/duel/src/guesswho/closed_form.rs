//! The closed forms of the papers: Nica's Theorem 1.1 (race rules), Cushing et al.'s
//! Theorem 1.1 (official rules, yes/no questions) and Theorem 1.6 (official rules,
//! headbusting questions), as printed and as corrected.

use super::rules::{GuessWhoError, Move, Questions};
use super::table::{check_split, Prob};

/// Where a race position lies in Nica's partition (Definitions 2.6 and 2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NicaRegion {
    /// `2^(k+1) < n` and `2^k < m ≤ 2^(k+1)`: the player to move is in the weeds at level `k`.
    InTheWeeds {
        /// The level.
        k: u32,
    },
    /// `2^k < n ≤ 2^(k+1)` and `2^k < m`: the player to move has the upper hand at level `k`.
    UpperHand {
        /// The level.
        k: u32,
    },
    /// `n = 1` or `m = 1`: the game is over.
    Decided,
}

/// `⌊log₂(x − 1)⌋` for `x ≥ 2`: the `k` with `2^k < x ≤ 2^(k+1)`.
fn level(x: u64) -> u32 {
    63 - (x - 1).leading_zeros()
}

/// Nica's partition of the positions (Definitions 2.6, 2.7).
pub fn nica_region(n: u64, m: u64) -> NicaRegion {
    if n <= 1 || m <= 1 {
        return NicaRegion::Decided;
    }
    let (kn, km) = (level(n), level(m));
    if kn <= km {
        NicaRegion::UpperHand { k: kn }
    } else {
        NicaRegion::InTheWeeds { k: km }
    }
}

/// `n·m·p*(n, m)` by Nica's Theorem 1.1, eqs. (1.1) and (1.2); `(1, m)`: `m`, `(n, 1)`: `0`.
///
/// In the weeds: `n·m·p* = 2^(k+1)·m − (2/3)(2^(2k+1) + 1)`; with the upper hand:
/// `n·m·p* = n·m − 2^k·n + (2/3)(2^(2k) + 2)`. Both thirds are integers since
/// `2·4^k + 1 ≡ 4^k + 2 ≡ 0 (mod 3)`.
pub fn nica_numerator(n: u64, m: u64) -> u64 {
    let (n128, m128) = (u128::from(n), u128::from(m));
    let v = match nica_region(n, m) {
        NicaRegion::Decided => {
            if n == 1 {
                m128
            } else {
                0
            }
        }
        NicaRegion::InTheWeeds { k } => {
            (1u128 << (k + 1)) * m128 - 2 * ((1u128 << (2 * k + 1)) + 1) / 3
        }
        NicaRegion::UpperHand { k } => {
            n128 * m128 - (1u128 << k) * n128 + 2 * ((1u128 << (2 * k)) + 2) / 3
        }
    };
    v as u64
}

/// `p*(n, m)` by Nica's Theorem 1.1.
pub fn nica_probability(n: u64, m: u64) -> Prob {
    Prob::new(nica_numerator(n, m), n * m)
}

/// The bold bid `2^⌊log₂(m − 1)⌋` of a player in the weeds (Nica, Theorem 1.1); `m ≥ 2`.
pub fn bold_bid(m: u64) -> u64 {
    1 << level(m)
}

/// The safe bid `⌊n/2⌋` of a player with the upper hand (Nica, Theorem 1.1).
pub fn safe_bid(n: u64) -> u64 {
    n / 2
}

/// Nica's optimal bid `b*(n, m)` (Theorem 1.1) as a split, `None` where the game is decided.
pub fn nica_move(n: u64, m: u64) -> Option<Move> {
    let b = match nica_region(n, m) {
        NicaRegion::Decided => return None,
        NicaRegion::InTheWeeds { .. } => bold_bid(m),
        NicaRegion::UpperHand { .. } => safe_bid(n),
    };
    Some(split(&[b, n - b]))
}

/// A split with its parts sorted ascending and empty parts dropped.
pub fn split(parts: &[u64]) -> Move {
    let mut p: Vec<u64> = parts.iter().copied().filter(|&x| x > 0).collect();
    p.sort_unstable();
    Move::Split(p)
}

/// Cushing et al.'s `n_<` (Theorem 1.1): 1 for `n = 2`, `⌊n/4⌋ + ⌊(n+1)/4⌋` for `n ≥ 3`.
pub fn cushing_n_less(n: u64) -> u64 {
    if n == 2 {
        1
    } else {
        n / 4 + (n + 1) / 4
    }
}

/// Cushing et al.'s `n_> = ⌊(n+2)/4⌋ + ⌊(n+3)/4⌋`; `n_< + n_> = n` for `n ≥ 3`.
#[allow(clippy::manual_div_ceil)] // written as printed in the paper
pub fn cushing_n_greater(n: u64) -> u64 {
    (n + 2) / 4 + (n + 3) / 4
}

/// The decision `S(n, m)` of Cushing et al.'s Theorem 1.1 (official rules, yes/no
/// questions): guess when `n = 1` or `m = 1`; the exceptions `(4,4) → 1`, `(6,4) → 3`,
/// `(10,4) → 5`; otherwise ask about `n_<` candidates.
pub fn cushing_bipartite(n: u64, m: u64) -> Move {
    if n == 1 || m == 1 {
        return Move::Guess;
    }
    let k = match (n, m) {
        (4, 4) => 1,
        (6, 4) => 3,
        (10, 4) => 5,
        _ => cushing_n_less(n),
    };
    split(&[k, n - k])
}

/// `Σ_{x=from}^{to−1} ⌊x/d⌋` in O(1) (the sums of Theorem 1.6 have up to `3^(k+1)` terms).
pub fn floor_sum(from: u64, to: u64, d: u64) -> u64 {
    // F(x) = Σ_{j<x} ⌊j/d⌋ = d·q(q−1)/2 + q·r for x = q·d + r.
    let f = |x: u64| {
        let (q, r) = (x / d, x % d);
        d * q * q.saturating_sub(1) / 2 + q * r
    };
    f(to) - f(from)
}

/// `⌊log₃ n⌋` for `n ≥ 1`.
fn log3(n: u64) -> u32 {
    let mut k = 0;
    let mut p = 3u64;
    while p <= n {
        k += 1;
        p = p.saturating_mul(3);
    }
    k
}

/// Theorem 1.6 of Cushing et al. for `n ≤ 9` (the table is the same as printed and
/// corrected). `None` for `n ≥ 10`.
fn cushing_tripartite_small(n: u64, m: u64) -> Option<Move> {
    if n == 1 || m == 1 {
        return Some(Move::Guess);
    }
    let parts: [u64; 3] = match n {
        2 => [0, 1, 1],
        3 => [1, 1, 1],
        4 => [1, 1, 2],
        5 if m <= 4 => [1, 2, 2],
        5 => [1, 1, 3],
        6 if m <= 4 => [2, 2, 2],
        6 if m <= 7 => [1, 1, 4],
        6 => [1, 2, 3],
        7 if m <= 4 => [2, 2, 3],
        7 => [1, 3, 3],
        8 if m <= 4 => [2, 3, 3],
        8 if m <= 7 => [1, 3, 4],
        8 => [2, 3, 3],
        9 if m <= 4 => [3, 3, 3],
        9 if m <= 7 => [1, 4, 4],
        9 => [3, 3, 3],
        _ => return None,
    };
    Some(split(&parts))
}

/// The decision of Cushing et al.'s Theorem 1.6 exactly as printed. Where the printed
/// statement gives no decision (no case applies) the result is `None`; where it gives parts
/// that do not add up to `n` they are returned as printed, so the caller sees the misprint.
///
/// As printed, for `n ≥ 10` with `k = ⌊log₃ n⌋`:
/// `n_< = Σ_{i=0}^{3^k−1} ⌊(n+i)/3^(k−1)⌋`, `n_∘ = Σ_{i=3^k}^{2·3^k−1} …`,
/// `n_> = Σ_{i=2·3^k}^{3^(k+1)−1} …` (each about `3n`), and the third case reads
/// `n = 3^k + 2·3^k + 1` (never true, as `n < 3^(k+1)`).
pub fn cushing_tripartite_printed(n: u64, m: u64) -> Option<Vec<u64>> {
    if n < 10 || m == 1 {
        return cushing_tripartite_small(n, m).map(|mv| match mv {
            Move::Guess => Vec::new(),
            Move::Split(p) => p,
        });
    }
    let k = log3(n);
    let t = 3u64.pow(k);
    let t1 = 3u64.pow(k - 1);
    let sum = |from: u64, to: u64| floor_sum(n + from, n + to, t1);
    let big_m = m >= t + t1;
    if !big_m {
        return Some(vec![sum(0, t), sum(t, 2 * t), sum(2 * t, 3 * t)]);
    }
    if n <= t + 2 * t1 {
        Some(vec![t1, t1, n - 2 * t1])
    } else if n == t + 2 * t + 1 {
        Some(vec![t1, t1 + 2, t - 1])
    } else if t + 2 * t1 + 1 < n && n <= t1 + 2 * t {
        Some(vec![t1, n - t - t1, t])
    } else if n == t1 + 2 * t + 1 {
        Some(vec![t1 + 2, t - 1, t])
    } else if n > t1 + 2 * t + 1 {
        Some(vec![n - 2 * t, t, t])
    } else {
        None
    }
}

/// `(n_<, n_∘, n_>)` of Theorem 1.6 as corrected: with `d = 3^(k−1)` and `e = 3^(k−2)`,
/// `n_< = Σ_{i=0}^{e−1} ⌊(n+i)/d⌋`, `n_∘ = Σ_{i=e}^{2e−1} ⌊(n+i)/d⌋`,
/// `n_> = Σ_{i=2e}^{d−1} ⌊(n+i)/d⌋`, so `n_< + n_∘ + n_> = n` (Hermite's identity). `k ≥ 2`.
pub fn tripartite_thirds(n: u64, k: u32) -> [u64; 3] {
    let d = 3u64.pow(k - 1);
    let e = d / 3;
    let sum = |from: u64, to: u64| floor_sum(n + from, n + to, d);
    [sum(0, e), sum(e, 2 * e), sum(2 * e, d)]
}

/// Cushing et al.'s Theorem 1.6 with its misprints corrected as the computation supports
/// (see the report): for `n ≥ 10`, `m < 3^k + 3^(k−1)` the balanced split
/// `(⌊n/3⌋, ⌊(n+1)/3⌋, ⌊(n+2)/3⌋)`, and the third case at `n = 3^k + 2·3^(k−1) + 1`.
pub fn cushing_tripartite_corrected(n: u64, m: u64) -> Move {
    if let Some(mv) = cushing_tripartite_small(n, m) {
        return mv;
    }
    let k = log3(n);
    let t = 3u64.pow(k);
    let t1 = 3u64.pow(k - 1);
    if m < t + t1 {
        return split(&tripartite_thirds(n, k));
    }
    let parts = if n <= t + 2 * t1 {
        [t1, t1, n - 2 * t1]
    } else if n == t + 2 * t1 + 1 {
        [t1, t1 + 2, t - 1]
    } else if n <= t1 + 2 * t {
        [t1, n - t - t1, t]
    } else if n == t1 + 2 * t + 1 {
        [t1 + 2, t - 1, t]
    } else {
        [n - 2 * t, t, t]
    };
    split(&parts)
}

/// A race position with yes/no questions solved by Nica's Theorem 1.1 alone, without a table:
/// `p*(n, m)`, every optimal question and the value of any question, each from the closed
/// forms of the positions a question leads to. A question `(a, n − a)` at `(n, m)` leads to
/// `(m, a)` and `(m, n − a)`, so `n·m·p` of it is `n·m − N(m, a) − N(m, n − a)` with
/// `N = n·m·p*` ([`nica_numerator`]); listing the optimal questions takes `n/2` evaluations.
/// For positions whose table would take too long (the band of `(1000000, 24)` is about
/// 6·10^12 steps). `n·m` must fit in 63 bits.
#[derive(Clone, Copy, Debug)]
pub struct NicaPosition {
    n: u64,
    m: u64,
}

impl NicaPosition {
    /// The position `(n, m)`: both pools at least 1, not `(1, 1)` (unreachable), `n·m`
    /// below `2^63`.
    pub fn new(n: u64, m: u64) -> Result<NicaPosition, GuessWhoError> {
        if n == 0 || m == 0 {
            return Err(GuessWhoError::EmptyPool { n, m });
        }
        if n == 1 && m == 1 {
            return Err(GuessWhoError::Unreachable);
        }
        match n.checked_mul(m) {
            Some(nm) if nm < 1 << 63 => Ok(NicaPosition { n, m }),
            _ => Err(GuessWhoError::PoolsTooLarge { n, m }),
        }
    }

    /// `p*(n, m)`.
    pub fn probability(&self) -> Prob {
        nica_probability(self.n, self.m)
    }

    /// Whether the game is over (a pool of one).
    fn over(&self) -> bool {
        self.n == 1 || self.m == 1
    }

    /// What the question `(a, n − a)` gives away: `N(m, a) + N(m, n − a)`.
    fn lost(&self, a: u64) -> u64 {
        nica_numerator(self.m, a) + nica_numerator(self.m, self.n - a)
    }

    /// Every optimal question, parts ascending, by increasing first part; none where the game
    /// is over.
    pub fn best_moves(&self) -> Vec<Move> {
        if self.over() {
            return Vec::new();
        }
        let lost = self.n * self.m - nica_numerator(self.n, self.m);
        (1..=self.n / 2)
            .filter(|&a| self.lost(a) == lost)
            .map(|a| Move::Split(vec![a, self.n - a]))
            .collect()
    }

    /// The probability of winning by asking `mv` and then playing optimally.
    pub fn move_probability(&self, mv: &Move) -> Result<Prob, GuessWhoError> {
        let parts = match mv {
            Move::Guess => return Err(GuessWhoError::GuessNotAllowed),
            Move::Split(parts) => parts,
        };
        check_split(parts, self.n, Questions::Two, self.over())?;
        let lost: u64 = parts
            .iter()
            .filter(|&&p| p > 0)
            .map(|&p| nica_numerator(self.m, p))
            .sum();
        Ok(Prob::new(self.n * self.m - lost, self.n * self.m))
    }
}
