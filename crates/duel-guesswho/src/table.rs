//! The exact table of a rule set: `N(n, m) = n·m·P(n, m)` for all pools up to a size (or, for
//! one thin position, the band of positions it reaches).
//!
//! Multiplying the recurrences by `n·m` makes them integer. For a question splitting `n` into
//! parts `a₁ + … + a_r = n` the opponent moves from `(m, aᵢ)` with probability `aᵢ/n`, so
//! (Nica eq. 2.2, Cushing et al. eq. 1)
//!
//! ```text
//! n·m·P(question) = n·m − Σᵢ m·aᵢ·P(m, aᵢ) = n·m − Σᵢ N(m, aᵢ).
//! ```
//!
//! A guess is worth `n·m·(1/n) = m` under the official rules, and
//! `n·m·(1/n + (n−1)/n·(1 − P(m, n−1))) = n·m − N(m, n−1)` under free guessing. Under the race
//! rules a part of size one wins at once, which the table encodes as `N(m, 1) = 0` for
//! `m ≥ 2`. So `N` is an integer at every position, at most `n·m`, and the table is `u32`
//! (pools up to 46 339 fit the 8 GiB limit, far below `n·m < 2³²`).
//!
//! Position `(n, m)` reads row `m` of the table (`N(m, k)`, `k < n`), so positions can be solved
//! in order of `n + m` (Nica's Algorithm 1, [`Table::solve_by_diagonals`]). That plain sweep
//! reads a different row for every position and is bound by memory bandwidth once the table
//! outgrows the cache; [`Table::solve`] cuts the pools into blocks so that a row, once loaded,
//! serves a whole block of positions (4–5× less CPU at 4096). Each step is parallel (rayon),
//! and the inner min-plus loop `min_b N(m, b) + N(m, n − b)` runs over contiguous memory and
//! vectorises (AVX2 where the processor has it).
//!
//! Three-way questions: for each row `m` the solver also keeps `D₂(m, t)`, the best two-part
//! split of `t` (written when `(t, m)` is solved), so the best split into at most three parts
//! is `min(D₂(m, n), min_{1 ≤ c ≤ n/3} N(m, c) + D₂(m, n − c))`: O(n) per position.

use num_integer::Integer;
use rayon::prelude::*;
use serde::Serialize;

use super::rules::{GuessWhoError, Move, Questions, Rules, MAX_TABLE_BYTES};
use duel_core::exact::Rational;

/// An exact probability `num/den` in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Prob {
    /// Numerator.
    pub num: u64,
    /// Denominator (positive).
    pub den: u64,
}

impl Prob {
    /// `num/den` reduced. `den` must be positive.
    pub fn new(num: u64, den: u64) -> Self {
        let g = num.gcd(&den).max(1);
        Prob {
            num: num / g,
            den: den / g,
        }
    }

    /// The nearest float (for plots and `p_float`).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// As a big rational.
    pub fn to_rational(self) -> Rational {
        Rational::new(self.num.into(), self.den.into())
    }
}

impl std::fmt::Display for Prob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl Serialize for Prob {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

/// The solved game for one rule set and question kind, for all pools `1 ≤ n, m ≤ max`.
#[derive(Clone, Debug)]
pub struct Table {
    rules: Rules,
    questions: Questions,
    max: usize,
    /// Positions with `min(n, m) ≤ small` are stored: `small = max` for a square table, less for
    /// a band (see [`Table::solve_band`]).
    small: usize,
    /// Row `n` (`N(n, ·)`) starts at `row_start(max, small, n)`.
    values: Vec<u32>,
}

/// Where row `r` starts in a table of pools up to `max` holding the positions with
/// `min(n, m) ≤ small`: rows `r ≤ small` have `max + 1` entries, later rows `small + 1`.
/// For a square table (`small = max`) this is `r·(max + 1)`.
/// Sets `slots[i] = solve(i)` for every slot: on the rayon pool, each thread taking at least
/// `min_len` slots, unless `serial` (too little work to pay for the threads).
fn fill(
    slots: &mut [(u32, u32)],
    serial: bool,
    min_len: usize,
    solve: impl Fn(usize) -> (u32, u32) + Sync + Send,
) {
    if serial {
        slots
            .iter_mut()
            .enumerate()
            .for_each(|(i, slot)| *slot = solve(i));
    } else {
        slots
            .par_iter_mut()
            .with_min_len(min_len)
            .enumerate()
            .for_each(|(i, slot)| *slot = solve(i));
    }
}

fn row_start(max: usize, small: usize, r: usize) -> usize {
    if r <= small {
        r * (max + 1)
    } else {
        (small + 1) * (max + 1) + (r - small - 1) * (small + 1)
    }
}

/// The length of row `r` (see [`row_start`]).
fn row_len(max: usize, small: usize, r: usize) -> usize {
    if r <= small {
        max + 1
    } else {
        small + 1
    }
}

/// Bytes a table for pools up to `max` needs while it is solved (the table, and for
/// three-way questions the best-two-part-split table beside it).
pub fn bytes_needed(max: u64, questions: Questions) -> u128 {
    let side = u128::from(max) + 1;
    // Saturating: (2^64)^2 · 4 does not fit in 128 bits, and a wrapped product would pass the
    // size check.
    side.saturating_mul(side)
        .saturating_mul(4 * tables(questions))
}

/// Tables a solve keeps: the values, and for three-way questions the best two-part splits.
fn tables(questions: Questions) -> u128 {
    match questions {
        Questions::Two => 1,
        Questions::Three => 2,
    }
}

/// Entries of the band of [`Table::solve_band`] (rows `0..=big`, see [`row_start`]).
fn band_entries(big: u64, small: u64) -> u128 {
    let (big, small) = (u128::from(big), u128::from(small));
    (small + 1)
        .saturating_mul(big + 1)
        .saturating_add((big - small).saturating_mul(small + 1))
}

/// A table of `len` entries set to `fill`, or an error (not an abort) when the memory is not
/// there.
fn alloc_table(len: usize, fill: u32) -> Result<Vec<u32>, GuessWhoError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| GuessWhoError::OutOfMemory {
            bytes: len as u128 * 4,
        })?;
    v.resize(len, fill);
    Ok(v)
}

/// Refuses sizes that would need more than 8 GiB.
pub fn check_size(max: u64, questions: Questions) -> Result<(), GuessWhoError> {
    let bytes = bytes_needed(max, questions);
    if bytes > u128::from(MAX_TABLE_BYTES) {
        return Err(GuessWhoError::TooLarge {
            max,
            bytes,
            gib: bytes as f64 / (1u64 << 30) as f64,
        });
    }
    Ok(())
}

/// Refuses a band ([`Table::solve_band`]) for `(n, m)` that would need more than 8 GiB, before
/// any work, so that a caller can check it first.
pub fn check_band_size(n: u64, m: u64, questions: Questions) -> Result<(), GuessWhoError> {
    if n == 0 || m == 0 {
        return Err(GuessWhoError::EmptyPool { n, m });
    }
    let big = n.max(m);
    let bytes = band_entries(big, n.min(m)).saturating_mul(4 * tables(questions));
    if bytes > u128::from(MAX_TABLE_BYTES) {
        return Err(GuessWhoError::TooLarge {
            max: big,
            bytes,
            gib: bytes as f64 / (1u64 << 30) as f64,
        });
    }
    Ok(())
}

/// `min_i a[i] + b[len − 1 − i]`: the min-plus pairing of `a` with `b` reversed.
#[inline(always)]
fn min_plus_reversed(a: &[u32], b: &[u32]) -> u32 {
    a.iter()
        .zip(b.iter().rev())
        .fold(u32::MAX, |acc, (&x, &y)| acc.min(x + y))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn min_plus_reversed_avx2(a: &[u32], b: &[u32]) -> u32 {
    min_plus_reversed(a, b)
}

/// [`min_plus_reversed`] with AVX2 where the processor has it (8 lanes instead of the
/// 4 lanes and emulated unsigned minimum of baseline x86-64).
fn min_plus(a: &[u32], b: &[u32]) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor supports AVX2, checked just above.
            return unsafe { min_plus_reversed_avx2(a, b) };
        }
    }
    min_plus_reversed(a, b)
}

/// Row `r` of a square table, or an empty slice for an absent (two-way) `D₂` table.
#[inline]
fn row(table: &[u32], stride: usize, r: usize) -> &[u32] {
    if table.is_empty() {
        &[]
    } else {
        &table[r * stride..(r + 1) * stride]
    }
}

/// `N(n, m)` and `D₂(m, n)` from row `m` of the table and of `D₂`.
#[inline]
fn solve_position(
    rules: Rules,
    questions: Questions,
    n: usize,
    m: usize,
    row_m: &[u32],
    d2_m: &[u32],
) -> (u32, u32) {
    let nm = (n * m) as u32;
    if rules == Rules::Race {
        if n == 1 {
            // p(1, m) = 1; (1, 1) is unreachable and stored as 0.
            return (if m == 1 { 0 } else { nm }, u32::MAX);
        }
        if m == 1 {
            return (0, u32::MAX);
        }
    }
    let h = n / 2;
    let two = if n >= 2 {
        min_plus(&row_m[1..=h], &row_m[n - h..n])
    } else {
        u32::MAX
    };
    let mut best = two;
    if questions == Questions::Three && n >= 3 {
        let t = n / 3;
        best = best.min(min_plus(&row_m[1..=t], &d2_m[n - t..n]));
    }
    let question = (best != u32::MAX).then(|| nm - best);
    let guess = match rules {
        Rules::Race => None,
        Rules::Official => Some(m as u32),
        Rules::FreeGuess => Some(if n == 1 { nm } else { nm - row_m[n - 1] }),
    };
    let value = match (question, guess) {
        (Some(q), Some(g)) => q.max(g),
        (Some(v), None) | (None, Some(v)) => v,
        (None, None) => 0,
    };
    (value, two)
}

/// What an optimal question gives away: `n·m − N(n, m)`, or an impossible amount when `N`
/// exceeds `n·m` (never: `N ≤ n·m`).
fn best_lost(nm: u64, best: u64) -> u64 {
    nm.checked_sub(best).unwrap_or(u64::MAX)
}

/// Checks that `parts` is a question at a pool of `n` with `questions`-way questions, in a
/// game not over (`over`: already decided under the race rules).
pub(crate) fn check_split(
    parts: &[u64],
    n: u64,
    questions: Questions,
    over: bool,
) -> Result<(), GuessWhoError> {
    let bad = |why: &str| GuessWhoError::BadSplit {
        parts: parts.to_vec(),
        n,
        why: why.to_string(),
    };
    let sum = parts.iter().try_fold(0u64, |a, &p| a.checked_add(p));
    if sum != Some(n) {
        return Err(bad("the parts do not add up to n"));
    }
    let non_empty = parts.iter().filter(|&&p| p > 0).count();
    if non_empty < 2 {
        return Err(bad("at least two parts must be non-empty"));
    }
    if parts.len() > questions.parts() as usize {
        return Err(bad(&format!(
            "{}-way questions have at most {} parts",
            questions.parts(),
            questions.parts()
        )));
    }
    if over {
        return Err(bad("the game is already over under the race rules"));
    }
    Ok(())
}

/// Pools per block of the cache-blocked solver.
pub const BLOCK: usize = 512;

impl Table {
    /// Solves every position with pools up to `max`.
    pub fn solve(max: u64, rules: Rules, questions: Questions) -> Result<Table, GuessWhoError> {
        Self::solve_with_progress(max, rules, questions, &mut |_, _| {})
    }

    /// As [`Table::solve`], calling `progress(done, total)` as the work advances.
    ///
    /// The cache-blocked sweep: the pools are cut into blocks of [`BLOCK`]; for a block
    /// `[s₀, s₁)` and each older pool `c < s₀` in increasing order it solves `(c, b)` for `b`
    /// in the block (reading the block's rows, which stay in cache), then `(a, c)` for `a` in
    /// the block (all reading row `c`, loaded once and reused by the whole block), and last the
    /// block's own square by anti-diagonals. Every position is solved after the positions its
    /// recurrence reads (see the module documentation), with the same arithmetic as
    /// [`Table::solve_by_diagonals`].
    pub fn solve_with_progress(
        max: u64,
        rules: Rules,
        questions: Questions,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Table, GuessWhoError> {
        Self::solve_blocked(max, rules, questions, BLOCK, progress)
    }

    fn prepare(
        max: u64,
        questions: Questions,
    ) -> Result<(usize, Vec<u32>, Vec<u32>), GuessWhoError> {
        if max == 0 {
            return Err(GuessWhoError::EmptyPool { n: 0, m: 0 });
        }
        check_size(max, questions)?;
        let stride = max as usize + 1;
        let d2 = if questions == Questions::Three {
            alloc_table(stride * stride, u32::MAX)?
        } else {
            Vec::new()
        };
        Ok((stride, alloc_table(stride * stride, 0)?, d2))
    }

    /// The cache-blocked sweep with blocks of `block` pools (see
    /// [`Table::solve_with_progress`]); `block ≥ 1`.
    pub fn solve_blocked(
        max: u64,
        rules: Rules,
        questions: Questions,
        block: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Table, GuessWhoError> {
        let (stride, mut values, mut d2) = Self::prepare(max, questions)?;
        let max = max as usize;
        let block = block.max(1);
        let three = !d2.is_empty();
        let threads = rayon::current_num_threads().max(1);
        let mut buf = vec![(0u32, 0u32); block];
        let mut s0 = 1;
        while s0 <= max {
            let s1 = (s0 + block).min(max + 1);
            let len = s1 - s0;
            let chunk = len.div_ceil(threads).max(1);
            for c in 1..s0 {
                // Below this much work per step, threads cost more than they save.
                let serial = c * len < 1 << 15;
                // (c, b) for b in the block: each reads its own row b (block rows, cached).
                {
                    let (values, d2) = (&values, &d2);
                    fill(&mut buf[..len], serial, chunk, |i| {
                        let b = s0 + i;
                        let (vb, db) = (row(values, stride, b), row(d2, stride, b));
                        solve_position(rules, questions, c, b, vb, db)
                    });
                }
                for (i, &(v, two)) in buf[..len].iter().enumerate() {
                    let b = s0 + i;
                    values[c * stride + b] = v;
                    if three {
                        d2[b * stride + c] = two;
                    }
                }
                // D₂(c, t) for t in the block, before (a, c) reads them.
                if three {
                    let row_c = &values[c * stride..(c + 1) * stride];
                    for t in s0..s1 {
                        let h = t / 2;
                        d2[c * stride + t] = if t >= 2 {
                            min_plus(&row_c[1..=h], &row_c[t - h..t])
                        } else {
                            u32::MAX
                        };
                    }
                }
                // (a, c) for a in the block: all read row c.
                {
                    let (values, d2) = (&values, &d2);
                    let (vc, dc) = (row(values, stride, c), row(d2, stride, c));
                    fill(&mut buf[..len], serial, chunk, |i| {
                        solve_position(rules, questions, s0 + i, c, vc, dc)
                    });
                }
                for (i, &(v, _)) in buf[..len].iter().enumerate() {
                    values[(s0 + i) * stride + c] = v;
                }
            }
            // The block's own square, by anti-diagonals.
            for s in 2 * s0..=2 * (s1 - 1) {
                let lo = s.saturating_sub(s1 - 1).max(s0);
                let hi = (s - s0).min(s1 - 1);
                let len = hi - lo + 1;
                {
                    let (values, d2) = (&values, &d2);
                    let serial = s * len < 1 << 15;
                    fill(&mut buf[..len], serial, len.div_ceil(threads), |i| {
                        let (a, b) = (lo + i, s - lo - i);
                        let (vb, db) = (row(values, stride, b), row(d2, stride, b));
                        solve_position(rules, questions, a, b, vb, db)
                    });
                }
                for (i, &(v, two)) in buf[..len].iter().enumerate() {
                    let a = lo + i;
                    let b = s - a;
                    values[a * stride + b] = v;
                    if three {
                        d2[b * stride + a] = two;
                    }
                }
            }
            progress((s1 - 1) as u64, max as u64);
            s0 = s1;
        }
        Ok(Table {
            rules,
            questions,
            max,
            small: max,
            values,
        })
    }

    /// Solves the positions a game from `(n, m)` can reach, and no more: with `L = max(n, m)`
    /// and `S = min(n, m)`, the band `{(a, b) : a, b ≤ L, min(a, b) ≤ S}` (the recurrence from
    /// `(n, m)` goes to `(m, k)`, `k < n`, then `(k, j)`, `j < m`, and so on). It needs
    /// about `8·S·L` bytes instead of `4·L²`, so thin positions like `(20000, 24)` are cheap.
    /// Solved by anti-diagonals, each in parallel.
    pub fn solve_band(
        n: u64,
        m: u64,
        rules: Rules,
        questions: Questions,
    ) -> Result<Table, GuessWhoError> {
        check_band_size(n, m, questions)?;
        let (big, small) = (n.max(m), n.min(m));
        let entries = band_entries(big, small);
        let (max, small) = (big as usize, small as usize);
        let total = entries as usize;
        let mut values = alloc_table(total, 0)?;
        let mut d2 = if questions == Questions::Three {
            alloc_table(total, u32::MAX)?
        } else {
            Vec::new()
        };
        let three = !d2.is_empty();
        let band_row = |table: &[u32], r: usize| -> std::ops::Range<usize> {
            if table.is_empty() {
                0..0
            } else {
                let start = row_start(max, small, r);
                start..start + row_len(max, small, r)
            }
        };
        let mut buf = vec![(0u32, 0u32); max];
        let mut band: Vec<usize> = Vec::with_capacity(max);
        for s in 2..=2 * max {
            let lo = s.saturating_sub(max).max(1);
            let hi = max.min(s - 1);
            // The diagonal's positions in the band, min(a, s - a) ≤ small: a ≤ small or
            // a ≥ s - small (visiting the whole diagonal made thin positions quadratic:
            // (1000000, 1) ran for minutes).
            band.clear();
            band.extend(lo..=hi.min(small));
            band.extend(lo.max(s.saturating_sub(small)).max(small + 1)..=hi);
            let len = band.len();
            {
                let (values, d2, band) = (&values, &d2, &band);
                buf[..len]
                    .par_iter_mut()
                    .with_min_len(64)
                    .enumerate()
                    .for_each(|(i, slot)| {
                        let a = band[i];
                        let b = s - a;
                        *slot = solve_position(
                            rules,
                            questions,
                            a,
                            b,
                            &values[band_row(values, b)],
                            &d2[band_row(d2, b)],
                        );
                    });
            }
            for (&a, &(v, two)) in band.iter().zip(&buf[..len]) {
                let b = s - a;
                values[row_start(max, small, a) + b] = v;
                if three {
                    d2[row_start(max, small, b) + a] = two;
                }
            }
        }
        Ok(Table {
            rules,
            questions,
            max,
            small,
            values,
        })
    }

    /// The plain sweep over anti-diagonals `n + m = s` (Nica's Algorithm 1 order), each
    /// diagonal in parallel. Simpler and slower than [`Table::solve`] (each position reads
    /// a different row, so the sweep is bound by memory bandwidth); kept as a cross-check.
    pub fn solve_by_diagonals(
        max: u64,
        rules: Rules,
        questions: Questions,
    ) -> Result<Table, GuessWhoError> {
        let (stride, mut values, mut d2) = Self::prepare(max, questions)?;
        let max = max as usize;
        let mut buf = vec![(0u32, 0u32); max];
        for s in 2..=2 * max {
            let lo = s.saturating_sub(max).max(1);
            let hi = max.min(s - 1);
            let len = hi - lo + 1;
            {
                let (values, d2) = (&values, &d2);
                buf[..len]
                    .par_iter_mut()
                    .with_min_len(32)
                    .enumerate()
                    .for_each(|(i, slot)| {
                        let n = lo + i;
                        let m = s - n;
                        *slot = solve_position(
                            rules,
                            questions,
                            n,
                            m,
                            row(values, stride, m),
                            row(d2, stride, m),
                        );
                    });
            }
            for (i, &(v, two)) in buf[..len].iter().enumerate() {
                let n = lo + i;
                let m = s - n;
                values[n * stride + m] = v;
                if !d2.is_empty() {
                    d2[m * stride + n] = two;
                }
            }
        }
        Ok(Table {
            rules,
            questions,
            max,
            small: max,
            values,
        })
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The question kind.
    pub fn questions(&self) -> Questions {
        self.questions
    }

    /// The largest pool in the table.
    pub fn max(&self) -> u64 {
        self.max as u64
    }

    /// Whether the table holds every position up to [`Table::max`] (not a band).
    pub fn is_square(&self) -> bool {
        self.small == self.max
    }

    /// Bytes the table holds.
    pub fn bytes(&self) -> u64 {
        self.values.len() as u64 * 4
    }

    fn check(&self, n: u64, m: u64) -> Result<(usize, usize), GuessWhoError> {
        if n == 0 || m == 0 {
            return Err(GuessWhoError::EmptyPool { n, m });
        }
        if !self.contains(n, m) {
            return Err(GuessWhoError::OutsideTable {
                n,
                m,
                max: self.max as u64,
            });
        }
        if self.rules == Rules::Race && n == 1 && m == 1 {
            return Err(GuessWhoError::Unreachable);
        }
        Ok((n as usize, m as usize))
    }

    /// Whether `(n, m)` is stored: `1 ≤ n, m ≤ max` and, for a band, `min(n, m) ≤ small`.
    pub fn contains(&self, n: u64, m: u64) -> bool {
        let (max, small) = (self.max as u64, self.small as u64);
        n >= 1 && m >= 1 && n <= max && m <= max && n.min(m) <= small
    }

    /// `N(n, m)` without checks; `(n, m)` stored.
    #[inline]
    pub(crate) fn raw(&self, n: usize, m: usize) -> u64 {
        u64::from(self.values[row_start(self.max, self.small, n) + m])
    }

    /// `N(n, m) = n·m·P(n, m)`, the integer form of the value.
    pub fn numerator(&self, n: u64, m: u64) -> Result<u64, GuessWhoError> {
        let (n, m) = self.check(n, m)?;
        Ok(self.raw(n, m))
    }

    /// `P(n, m)`: the probability that the player to move wins, both playing optimally.
    pub fn probability(&self, n: u64, m: u64) -> Result<Prob, GuessWhoError> {
        let v = self.numerator(n, m)?;
        Ok(Prob::new(v, n * m))
    }

    /// Whether `(n, m)` is already decided under the race rules (a pool of one).
    fn race_terminal(&self, n: usize, m: usize) -> bool {
        self.rules == Rules::Race && (n == 1 || m == 1)
    }

    /// `n·m` times the probability of winning by playing `mv` at `(n, m)` and then optimally.
    pub fn move_numerator(&self, n: u64, m: u64, mv: &Move) -> Result<u64, GuessWhoError> {
        let (nu, mu) = self.check(n, m)?;
        let nm = n * m;
        match mv {
            Move::Guess => match self.rules {
                Rules::Race => Err(GuessWhoError::GuessNotAllowed),
                Rules::Official => Ok(m),
                Rules::FreeGuess => Ok(if n == 1 {
                    nm
                } else {
                    nm - self.raw(mu, nu - 1)
                }),
            },
            Move::Split(parts) => {
                check_split(parts, n, self.questions, self.race_terminal(nu, mu))?;
                let lost: u64 = parts
                    .iter()
                    .filter(|&&p| p > 0)
                    .map(|&p| self.raw(mu, p as usize))
                    .sum();
                Ok(nm - lost)
            }
        }
    }

    /// The probability of winning by playing `mv` at `(n, m)` and then optimally.
    pub fn move_probability(&self, n: u64, m: u64, mv: &Move) -> Result<Prob, GuessWhoError> {
        Ok(Prob::new(self.move_numerator(n, m, mv)?, n * m))
    }

    /// Every legal move at `(n, m)`: the guess where allowed, then the splits with ascending
    /// parts. Empty where the race rules have already decided the game.
    pub fn moves(&self, n: u64, m: u64) -> Result<Vec<Move>, GuessWhoError> {
        let (nu, mu) = self.check(n, m)?;
        let mut out = Vec::new();
        if self.race_terminal(nu, mu) {
            return Ok(out);
        }
        if self.rules.allows_guess() {
            out.push(Move::Guess);
        }
        for a in 1..=n / 2 {
            out.push(Move::Split(vec![a, n - a]));
        }
        if self.questions == Questions::Three {
            for a in 1..=n / 3 {
                for b in a..=(n - a) / 2 {
                    out.push(Move::Split(vec![a, b, n - a - b]));
                }
            }
        }
        Ok(out)
    }

    /// The set of all optimal moves at `(n, m)` (every split and the guess that attain
    /// `P(n, m)`), in the order of [`Table::moves`].
    pub fn best_moves(&self, n: u64, m: u64) -> Result<Vec<Move>, GuessWhoError> {
        Ok(self.best_moves_upto(n, m, usize::MAX)?.0)
    }

    /// The first `limit` optimal moves of [`Table::best_moves`] and how many there are in all.
    /// Three-way questions can have `n²/12` optimal ones, too many to hold: nearly all the
    /// 3.3·10^7 questions at `(20000, 24)` under the official rules are optimal (1.8 GB as
    /// moves), and at `(100000, 20)` the list ran out of memory.
    pub fn best_moves_upto(
        &self,
        n: u64,
        m: u64,
        limit: usize,
    ) -> Result<(Vec<Move>, u64), GuessWhoError> {
        let best = self.numerator(n, m)?;
        let (nu, mu) = (n as usize, m as usize);
        let mut out = Vec::new();
        let mut count = 0u64;
        if self.race_terminal(nu, mu) {
            return Ok((out, count));
        }
        let mut found = |mv: &dyn Fn() -> Move| {
            if out.len() < limit {
                out.push(mv());
            }
            count += 1;
        };
        if self.rules.allows_guess() && self.move_numerator(n, m, &Move::Guess)? == best {
            found(&|| Move::Guess);
        }
        // The splits in the order of `moves`, without building the non-optimal ones (there
        // are n²/12 three-way questions).
        let lost = best_lost(n * m, best);
        let part = |a: u64| self.raw(mu, a as usize);
        for a in 1..=n / 2 {
            if part(a) + part(n - a) == lost {
                found(&|| Move::Split(vec![a, n - a]));
            }
        }
        if self.questions == Questions::Three {
            for a in 1..=n / 3 {
                for b in a..=(n - a) / 2 {
                    if part(a) + part(b) + part(n - a - b) == lost {
                        found(&|| Move::Split(vec![a, b, n - a - b]));
                    }
                }
            }
        }
        Ok((out, count))
    }

    /// Whether `mv` is optimal at `(n, m)`.
    pub fn is_optimal(&self, n: u64, m: u64, mv: &Move) -> Result<bool, GuessWhoError> {
        Ok(self.move_numerator(n, m, mv)? == self.numerator(n, m)?)
    }
}
