//! The closed forms of the papers: Nica's Theorem 1.1 (race rules), Cushing et al.'s
//! Theorem 1.1 (official rules, yes/no questions) and Theorem 1.6 (official rules,
//! headbusting questions), as printed and as corrected.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

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

/// The integer `S(n, m)` of Cushing et al.'s Theorem 1.1 (official rules, yes/no questions):
/// `0` (guess) when `n = 1` or `m = 1`; the exceptions `(4,4) → 1`, `(6,4) → 3`,
/// `(10,4) → 5`; otherwise `n_<`, the size of the smaller part of the question.
pub fn cushing_decision(n: u64, m: u64) -> u64 {
    match (n, m) {
        (1, _) | (_, 1) => 0,
        (4, 4) => 1,
        (6, 4) => 3,
        (10, 4) => 5,
        _ => cushing_n_less(n),
    }
}

/// The decision `S(n, m)` of Cushing et al.'s Theorem 1.1 as a move: the guess, or the
/// question `(S, n − S)`.
pub fn cushing_bipartite(n: u64, m: u64) -> Move {
    match cushing_decision(n, m) {
        0 => Move::Guess,
        k => split(&[k, n - k]),
    }
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
        check_pools(n, m)?;
        if n == 1 && m == 1 {
            return Err(GuessWhoError::Unreachable);
        }
        Ok(NicaPosition { n, m })
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

    /// The first `max` of [`NicaPosition::best_moves`] and their number in all, refused
    /// ([`GuessWhoError::Memory`]) where the list would not fit in memory.
    pub fn best_moves_upto(&self, max: usize) -> Result<(Vec<Move>, u64), GuessWhoError> {
        if self.over() {
            return Ok((Vec::new(), 0));
        }
        let lost = self.n * self.m - nica_numerator(self.n, self.m);
        list_best(self.n, false, 0, max, |a| self.lost(a) == lost)
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

/// Bytes a listed question takes: the move and its two parts on the heap (with the
/// allocator's header).
const LISTED_MOVE_BYTES: u128 = std::mem::size_of::<Move>() as u128 + 32;

/// Refuses a listing that needs `bytes` where they are past the limit of Guess Who's tables
/// or the memory the process can get.
fn check_listing_memory(bytes: u128) -> Result<(), GuessWhoError> {
    let limit = duel_core::limits::Limits::DEFAULT.guesswho_table_bytes;
    let limit = duel_core::limits::available_memory().map_or(limit, |m| m.min(limit));
    duel_core::limits::check_memory("the list of optimal moves", bytes, limit)
        .map_err(GuessWhoError::Memory)
}

/// The guess (where `guess`), then the questions `(a, n − a)`, `a ≤ n/2`, that are
/// `optimal`: the first `max` and their number in all. They are counted first, so that the
/// list is checked against the memory (with `other_bytes` already taken) and allocated once,
/// at its size.
fn list_best(
    n: u64,
    guess: bool,
    other_bytes: u128,
    max: usize,
    mut optimal: impl FnMut(u64) -> bool,
) -> Result<(Vec<Move>, u64), GuessWhoError> {
    let count = u64::from(guess) + (1..=n / 2).filter(|&a| optimal(a)).count() as u64;
    let listed = usize::try_from(count).unwrap_or(usize::MAX).min(max);
    let bytes = listed as u128 * LISTED_MOVE_BYTES;
    check_listing_memory(other_bytes + bytes)?;
    let mut out = Vec::new();
    out.try_reserve_exact(listed)
        .map_err(|_| GuessWhoError::OutOfMemory { bytes })?;
    if guess && listed > 0 {
        out.push(Move::Guess);
    }
    let mut a = 1;
    while out.len() < listed {
        if optimal(a) {
            out.push(Move::Split(vec![a, n - a]));
        }
        a += 1;
    }
    Ok((out, count))
}

/// The validity checks shared by the table-free positions: both pools at least 1 and `n·m`
/// below `2^63` (the exact fractions are over `n·m`).
fn check_pools(n: u64, m: u64) -> Result<(), GuessWhoError> {
    if n == 0 || m == 0 {
        return Err(GuessWhoError::EmptyPool { n, m });
    }
    match n.checked_mul(m) {
        Some(nm) if nm < 1 << 63 => Ok(()),
        _ => Err(GuessWhoError::PoolsTooLarge { n, m }),
    }
}

/// A multiply-and-rotate hasher (as rustc's FxHash) for the memo and the rows of
/// [`OfficialPosition`]: the keys are pool sizes the program reaches, not chosen by an
/// adversary, and with the default SipHash listing the optimal moves at `n = 10^7` took
/// 0.92 s instead of 0.52 s (`m = 24`) and 0.26 s (`m = 10^7`).
#[derive(Default)]
struct PoolHasher(u64);

impl Hasher for PoolHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// `N(n, m)` of the positions already evaluated.
type Memo = HashMap<(u64, u64), u64, BuildHasherDefault<PoolHasher>>;

/// An empty memo with room for the positions a game usually reaches (12 from `(10^6, 24)`,
/// 114 from `(10^6, 10^6)`, 519 from `(3037000499, 3037000499)`): growing it from empty
/// doubled the time of small positions (the test over all positions up to 120: 1.9 s
/// instead of 0.9 s).
fn new_memo() -> Memo {
    Memo::with_capacity_and_hasher(128, BuildHasherDefault::default())
}

/// `N(n, m) = n·m·P(n, m)` under the official rules with yes/no questions, by playing Cushing
/// et al.'s decision `S(n, m)` ([`cushing_bipartite`], Theorem 1.1) at `(n, m)` and at every
/// position it leads to: a guess is worth `m` (it wins with probability `1/n`), the question
/// `(k, n − k)` is worth `n·m − N(m, k) − N(m, n − k)` (the fundamental recurrence (1)).
/// `n·m < 2^63`; every position reached has a smaller product. The theorem's splits halve
/// the pools, so a position reaches a few hundred others.
fn official_numerator(memo: &mut Memo, n: u64, m: u64) -> u64 {
    if n == 1 || m == 1 {
        // Theorem 1.1 guesses: N = n·m·(1/n).
        return m;
    }
    if let Some(&v) = memo.get(&(n, m)) {
        return v;
    }
    // S(n, m) ≥ 1 here: Theorem 1.1 guesses only when a pool is 1.
    let k = cushing_decision(n, m);
    let v = n * m - official_numerator(memo, m, k) - official_numerator(memo, m, n - k);
    memo.insert((n, m), v);
    v
}

/// The rows `N(z, b)`, `0 < b ≤ len_z`, for the pools `z` that the questions of a listing
/// lead to, so that listing the optimal questions at `(n, m)` needs no memo lookups.
///
/// Every question `(a, n − a)` leads to `(m, a)`; Theorem 1.1 answers there with the same split
/// `(m_<, m_>)` for every `a ≥ 2` (but at the three exceptions), leading to `(a, m_<)` and
/// `(a, m_>)`, where the answer `(a_<, a_>)` leads to `(m_<, a_<)`, … So one of the two pools
/// always comes from the halvings of `m` (a few values a level), and the other runs through
/// an interval that halves every second move: rows of the halvings of `m`, each half as long
/// as the row above, hold every value, about `n` entries in all (8 bytes each; 4 rows for
/// `m = 24`, 37 for `m = 10^7`). The memo alone held `4·n` positions (some 40 bytes each)
/// and took 12 to 38 times as long (14.7 s instead of 0.52 s at `(10^7, 24)`).
struct OfficialRows {
    rows: HashMap<u64, Vec<u64>, BuildHasherDefault<PoolHasher>>,
    /// The small positions, where Theorem 1.1 has its exceptions.
    memo: Memo,
}

/// Below this both pools, the rows defer to the memo (the exceptions `(4,4)`, `(6,4)`,
/// `(10,4)` of Theorem 1.1 lie there).
const SMALL: u64 = 10;

impl OfficialRows {
    /// The rows needed for `N(m, b)`, `b ≤ len`.
    fn new(m: u64, len: u64) -> OfficialRows {
        let parts = |z: u64| {
            let k = cushing_n_less(z);
            [k, z - k]
        };
        // Each pool asks for its parts' rows, half as long; the parts are smaller than the
        // pool, so taking the pools largest first sees every request of a row before the row.
        let mut need: BTreeMap<u64, u64> = BTreeMap::new();
        let mut order = Vec::new();
        if m >= 2 {
            need.insert(m, len);
        }
        while let Some((z, len)) = need.pop_last() {
            order.push((z, len));
            for part in parts(z) {
                if part >= 2 {
                    let l = need.entry(part).or_insert(0);
                    *l = (*l).max(len / 2 + 2);
                }
            }
        }
        let mut rows = OfficialRows {
            rows: HashMap::default(),
            memo: new_memo(),
        };
        // The row of m itself is computed as the listing reads it, not stored.
        for &(z, len) in order.iter().skip(1).rev() {
            let row: Vec<u64> = (0..=len)
                .map(|b| if b == 0 { 0 } else { rows.at(z, b) })
                .collect();
            rows.rows.insert(z, row);
        }
        rows
    }

    /// `N(z, b)` from the rows of `z`'s parts.
    fn at(&mut self, z: u64, b: u64) -> u64 {
        if z == 1 || b == 1 {
            return b;
        }
        if z <= SMALL && b <= SMALL {
            return official_numerator(&mut self.memo, z, b);
        }
        let k = cushing_n_less(z);
        z * b - self.column(b, k) - self.column(b, z - k)
    }

    /// `N(a, y)` from the row of `y`.
    fn column(&mut self, a: u64, y: u64) -> u64 {
        if a == 1 || y == 1 {
            return y;
        }
        if a <= SMALL && y <= SMALL {
            return official_numerator(&mut self.memo, a, y);
        }
        let k = cushing_n_less(a);
        let row = &self.rows[&y];
        a * y - row[k as usize] - row[(a - k) as usize]
    }
}

/// A position under the official rules with yes/no questions solved by Cushing et al.'s
/// Theorem 1.1 alone, without a table: `P(n, m)`, every optimal move and the value of any
/// move. The theorem gives an optimal decision at every position, so `N(n, m) = n·m·P(n, m)`
/// is the value of that decision, evaluated through the positions it leads to (each by its
/// own decision, with a memo; see `official_numerator`). A guess is worth `N = m`; the
/// question `(a, n − a)` is worth `n·m − N(m, a) − N(m, n − a)`, so listing the optimal moves
/// evaluates `n/2` questions, from rows of about `n` values (see `OfficialRows`): 0.06 s at
/// `n = 10^6`, 0.5 s at `10^7`, on one core. For positions whose table would take too long
/// (the band of `(1000000, 24)` is about 6·10^12 steps). `n·m` must fit in 63 bits.
#[derive(Clone, Copy, Debug)]
pub struct OfficialPosition {
    n: u64,
    m: u64,
}

impl OfficialPosition {
    /// The position `(n, m)`: both pools at least 1, `n·m` below `2^63`. Unlike the race
    /// rules, `(1, 1)` is a position (the player to move names the last candidate and wins).
    pub fn new(n: u64, m: u64) -> Result<OfficialPosition, GuessWhoError> {
        check_pools(n, m)?;
        Ok(OfficialPosition { n, m })
    }

    /// `P(n, m)`.
    pub fn probability(&self) -> Prob {
        let v = official_numerator(&mut new_memo(), self.n, self.m);
        Prob::new(v, self.n * self.m)
    }

    /// Every optimal move in the order of the table's: the guess if it is optimal, then the
    /// optimal questions `(a, n − a)` by increasing `a ≤ n/2`.
    pub fn best_moves(&self) -> Vec<Move> {
        let (n, m) = (self.n, self.m);
        let best = official_numerator(&mut new_memo(), n, m);
        let mut out = Vec::new();
        if best == m {
            out.push(Move::Guess);
        }
        let lost = n * m - best;
        let mut rows = OfficialRows::new(m, n - 1);
        for a in 1..=n / 2 {
            if rows.at(m, a) + rows.at(m, n - a) == lost {
                out.push(Move::Split(vec![a, n - a]));
            }
        }
        out
    }

    /// The first `max` of [`OfficialPosition::best_moves`] and their number in all, refused
    /// ([`GuessWhoError::Memory`]) where the rows and the list would not fit in memory.
    pub fn best_moves_upto(&self, max: usize) -> Result<(Vec<Move>, u64), GuessWhoError> {
        let (n, m) = (self.n, self.m);
        let best = official_numerator(&mut new_memo(), n, m);
        let lost = n * m - best;
        // The rows hold about n numbers of 8 bytes ([`OfficialRows`]).
        let rows_bytes = 8 * u128::from(n);
        check_listing_memory(rows_bytes)?;
        let mut rows = OfficialRows::new(m, n - 1);
        list_best(n, best == m, rows_bytes, max, |a| {
            rows.at(m, a) + rows.at(m, n - a) == lost
        })
    }

    /// The probability of winning by playing `mv` (a guess or a yes/no question) and then
    /// optimally.
    pub fn move_probability(&self, mv: &Move) -> Result<Prob, GuessWhoError> {
        let (n, m) = (self.n, self.m);
        let v = match mv {
            Move::Guess => m,
            Move::Split(parts) => {
                check_split(parts, n, Questions::Two, false)?;
                let mut memo = new_memo();
                let lost: u64 = parts
                    .iter()
                    .filter(|&&p| p > 0)
                    .map(|&p| official_numerator(&mut memo, m, p))
                    .sum();
                n * m - lost
            }
        };
        Ok(Prob::new(v, n * m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows give every value the memo gives, position by position, for pools far beyond
    /// the tables of the tests (where the memo alone is still quick), the small pools of the
    /// exceptions included.
    #[test]
    fn official_rows_equal_the_memo() {
        let mut memo = new_memo();
        for m in [1, 2, 3, 4, 5, 6, 7, 10, 11, 13, 24, 97, 1000, 123_457] {
            for n in (2..=40).chain([1000, 1001, 1002, 1003, 4096, 10_007]) {
                let mut rows = OfficialRows::new(m, n - 1);
                for a in 1..n {
                    assert_eq!(
                        rows.at(m, a),
                        official_numerator(&mut memo, m, a),
                        "N({m}, {a}), listing at n = {n}"
                    );
                }
            }
        }
    }
}
