//! Theorem 3.7 for every total at once on a layered board (every move adds a stone:
//! Connect-K with gravity, Hex, Tic-Tac-Toe), each position's row `f(v, ·)` kept as a finite
//! periodic description (Theorems 3.12–3.14) instead of a table to a fixed `K`.
//!
//! A position `v` with `s` stones on a board of `C` cells ends within `C − s` moves, so
//! `R(G_v)` and `Δ_v` are dyadic with denominators dividing `2^(C−s)`; they are kept as
//! integers scaled by `2^C`. `M_v`, the least common denominator of `R(G_w)` and `Δ_w` over
//! the positions `w` reachable from `v` (Theorem 3.13 for the game started at `v`), is the
//! largest of these powers of two over `v` and its children's `M`. By Theorems 3.12–3.14,
//! `f(v, k + M_v) = f(v, k) + M_v·R(G_v)` (in chips) once `k` is large enough, so the row of
//! `v` is a table of its first totals, a period `p_v` dividing `M_v` (and a multiple of the
//! denominator of `R(G_v)`) and a shift; [`periodic_rows`] proves each one by induction from
//! the ends, without relying on those theorems. Rows near the full board have small `M_v`, so the
//! work is about `Σ_v 3·M_v·moves_v` (5·10⁹ for `connect:5x4:4`) instead of
//! `positions × 3·M` (3·10¹³) for a table long enough to see the start's period twice.

use rayon::prelude::*;
use serde::Serialize;

use super::allk::{layers, Layer};
use super::graph::BiddingGame;
use super::{BiddingError, ModelError, Solver, TooMany};
use duel_core::game::Player;

/// Counts for the positions with one number of stones, from [`periodic_rows`].
#[derive(Clone, Debug, Serialize)]
pub struct LayerStats {
    /// The number of stones `s`.
    pub stones: usize,
    /// Positions in the layer (after symmetry reduction), ends included.
    pub positions: u64,
    /// Positions that are not ends.
    pub open: u64,
    /// `by_log2_m[e]`: open positions with `M_v = 2^e` (Theorem 3.13 from `v`).
    pub by_log2_m: Vec<u64>,
    /// `by_log2_period[e]`: open positions whose row has the period `p_v = 2^e`.
    pub by_log2_period: Vec<u64>,
    /// `Σ M_v · moves_v` over the open positions: the child rows combined for one `M_v`
    /// of every row.
    pub sum_m_moves: u128,
    /// Child rows combined, entries (`Σ L_v · moves_v`).
    pub updates: u128,
    /// The largest offset of a row.
    pub max_offset: u32,
    /// Bytes of the layer's periodic descriptions.
    pub table_bytes: u64,
}

/// The periodic description of the row `f(v, ·)` of one position (chip ranks, see
/// [`duel_core::exact::Chips::rank`]): `f(v, k) = table[k]` for `k < offset + period`, and
/// `f(v, k + period) = f(v, k) + shift` for `k ≥ offset`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodicRow {
    /// `f(v, k)` for `k < offset + period`.
    pub table: Vec<u32>,
    /// Where the periodic part starts.
    pub offset: u32,
    /// The period `p_v` (a multiple of the denominator of `R(G_v)`, dividing `M_v`).
    pub period: u32,
    /// The rank shift over one period, `2·p_v·R(G_v)`.
    pub shift: u32,
}

impl PeriodicRow {
    /// A row `f(v, k) = first + k·step` (ends: `0` for Alice's wins, `2k + 2` otherwise).
    fn linear(first: u32, step: u32) -> PeriodicRow {
        PeriodicRow {
            table: vec![first],
            offset: 0,
            period: 1,
            shift: step,
        }
    }

    /// `f(v, k)` for any `k` (saturating at `u64::MAX`).
    pub fn rank(&self, k: u64) -> u64 {
        let len = self.table.len() as u64;
        if k < len {
            return u64::from(self.table[k as usize]);
        }
        let (offset, period) = (u64::from(self.offset), u64::from(self.period));
        let steps = (k - offset) / period;
        let base = self.table[(offset + (k - offset) % period) as usize];
        steps
            .saturating_mul(u64::from(self.shift))
            .saturating_add(u64::from(base))
    }

    /// Writes `f(v, k)` for `k = 0..out.len()` (each below 2^32 by the caller's bound).
    fn fill(&self, out: &mut [u32]) {
        let len = out.len();
        let known = self.table.len().min(len);
        out[..known].copy_from_slice(&self.table[..known]);
        if known == len {
            return;
        }
        // Copy whole blocks of `jump` totals (a multiple of the period, at least 16 so that
        // the copy vectorises) from `jump` earlier, adding the matching shift.
        let period = self.period as usize;
        let reps = 16usize.div_ceil(period);
        let jump = period * reps;
        let add = self.shift * reps as u32;
        let mut k = known;
        let direct_end = (self.offset as usize + jump).min(len);
        while k < direct_end {
            out[k] = self.rank(k as u64) as u32;
            k += 1;
        }
        while k < len {
            let end = (k + jump).min(len);
            let (done, rest) = out.split_at_mut(k);
            for (x, &y) in rest[..end - k].iter_mut().zip(&done[k - jump..end - jump]) {
                *x = y + add;
            }
            k = end;
        }
    }
}

/// A solved position: scaled `R`, `log2 M`, its row.
type Solved = (u64, u8, PeriodicRow);

/// What the solver computes for a position of the layer it solves: the position solved, the
/// child-row entries combined, whether its row was lengthened, its offset.
type Solving = Result<(Solved, u128, bool, u32), BiddingError>;

/// Bytes of a solved position's record beside its row's totals.
pub(crate) const ROW_BYTES: usize = std::mem::size_of::<Solved>();

/// Bytes the solver keeps per position of the layer it solves, beside the rows.
pub(crate) const RECORD_BYTES: usize = std::mem::size_of::<Solving>() + ROW_BYTES;

/// What [`periodic_rows`] found at the start position.
#[derive(Clone, Debug, Serialize)]
pub struct PeriodicSolution {
    /// `C`, the number of cells.
    pub cells: u32,
    /// `R(G)·2^C`.
    pub scaled: u64,
    /// `log2 M` (Theorem 3.13) at the start.
    pub log2_m: u32,
    /// The start position's row.
    pub root: PeriodicRow,
    /// Positions solved (ends included).
    pub positions: u64,
    /// Combinations of a child's row into its parent's, over all totals computed.
    pub updates: u128,
    /// The most bytes the tables of two adjacent layers took.
    pub peak_table_bytes: u64,
    /// Positions whose first row length did not verify a period (computed again, longer).
    pub retries: u64,
    /// The largest offset found.
    pub max_offset: u32,
    /// One entry per number of stones, from the empty board.
    pub layers: Vec<LayerStats>,
}

/// The first row length tried for a position with `M_v = 2^log2_m`: three periods of
/// `M_v` past twice the children's largest offset, plus a margin (doubled when the proof's
/// window does not fit).
fn first_length(log2_m: u8, child_offset: u32) -> usize {
    3 * (1usize << log2_m) + 2 * child_offset as usize + 64
}

/// The most totals one row may take before the solver gives up on a position (three
/// buffers of 256 MB per thread).
pub const ROW_LIMIT: usize = 1 << 26;

/// The largest board (cells) the periodic solver takes: a row needs about `3·2^C` totals.
pub const MAX_CELLS: u32 = 23;

/// Theorem 3.7 for every total, each position's row kept as a [`PeriodicRow`] instead of a row
/// of fixed length, every period **proved** (by induction from the ends, without using
/// Theorems 3.12–3.14): layer by layer from the fullest, each position's row is computed for
/// `k < L` from its children's periodic descriptions (extended as far as needed).
///
/// The proof for a position `v`, its children's rows being exact: past the largest child
/// offset, every child row is `P`-periodic (`P` the largest child period) with shift
/// `2·P·R(G_w)`. Past the point `k₂` from which, over one window of `P` totals, (i) Alice's
/// children with `R(G_w) = R_A` are at most her other children, (ii) Bob's children with
/// `R_B` at least his others and (iii) `f_A ≤ f_B` if `R_A < R_B` (`f_B ≤ f_A` if `R_A > R_B`),
/// these hold for ever (the gaps only grow, shifts being proportional to `R`), so `f_A` and
/// `f_B` shift by `2·P·R_A` and `2·P·R_B` per `P`, and Theorem 3.7's combination shifts
/// `f(v, ·)` by `2·P′·R(G_v)` per `P′` (`P′ = P`, or `2P` when `P·R(G_v)` is not an integer:
/// the parity of the chip sum must be kept). Then for a candidate `d`,
/// `g(k) = f(v, k + d) − f(v, k) − 2·d·R(G_v)` is `P′`-periodic past `k₂`: zero on
/// `[k₀, max(k₀, k₂) + P′)` proves the period `d` from `k₀`, non-zero past `k₂` refutes it.
/// The least `d` and its least `k₀` are kept; `L` doubles until the window fits.
///
/// Work: about `Σ_v L_v · moves_v`, with `L_v ≈ 3·M_v`, instead of `positions × K` for a
/// table to `K`. `cells` is `C` (at most [`MAX_CELLS`]: rows of `3·2^C` totals);
/// `position_bound` the game's bound on its positions (at most
/// [`super::allk::POSITION_LIMIT`]).
pub fn periodic_rows<G: BiddingGame + Sync + ?Sized>(
    game: &G,
    cells: u32,
    position_bound: u128,
) -> Result<PeriodicSolution, BiddingError> {
    check_periodic_limits(cells, position_bound)?;
    let layers = layers(game, |_| Ok(()))?;
    let positions: u64 = layers.iter().map(|l| l.codes.len() as u64).sum();
    let mut below: Vec<Solved> = Vec::new();
    let mut updates = 0u128;
    let mut retries = 0u64;
    let mut peak = 0u64;
    let mut below_bytes = 0u64;
    let mut max_offset = 0u32;
    let mut layer_stats = Vec::with_capacity(layers.len());
    for s in (0..layers.len()).rev() {
        let layer = &layers[s];
        let next_codes: &[u64] = layers.get(s + 1).map_or(&[], |l| &l.codes);
        check_layer_memory(
            s,
            layer.codes.len(),
            RECORD_BYTES,
            below_bytes.checked_div(below.len() as u64).unwrap_or(0),
        )?;
        let here = solve_layer(game, layer, next_codes, &below, cells);
        let (solved, stats, retried) = gather_layer(s, layer.codes.len() as u64, here, cells)?;
        retries += retried;
        updates += stats.updates;
        max_offset = max_offset.max(stats.max_offset);
        peak = peak.max(stats.table_bytes + below_bytes);
        below_bytes = stats.table_bytes;
        below = solved;
        layer_stats.push(stats);
    }
    layer_stats.reverse();
    let (scaled, log2_m, root) = below
        .into_iter()
        .next()
        .ok_or(ModelError::NoStartPosition)?;
    Ok(PeriodicSolution {
        cells,
        scaled,
        log2_m: u32::from(log2_m),
        root,
        positions,
        updates,
        peak_table_bytes: peak,
        retries,
        max_offset,
        layers: layer_stats,
    })
}

/// Refuses a board of more than [`MAX_CELLS`] cells, or a bound on the positions above
/// [`super::allk::POSITION_LIMIT`].
fn check_periodic_limits(cells: u32, position_bound: u128) -> Result<(), BiddingError> {
    if cells > MAX_CELLS {
        return Err(TooMany {
            what: "cells",
            count: u128::from(cells),
            limit: u64::from(MAX_CELLS),
            solver: Solver::PeriodicRows,
        }
        .into());
    }
    if position_bound > super::allk::POSITION_LIMIT {
        return Err(TooMany {
            what: "positions",
            count: position_bound,
            limit: super::allk::POSITION_LIMIT as u64,
            solver: Solver::PeriodicRows,
        }
        .into());
    }
    Ok(())
}

/// `log2` of the denominator of `x / 2^cells` (0 for an integer).
#[inline]
fn log2_den(x: u64, cells: u32) -> u8 {
    if x == 0 {
        0
    } else {
        (cells - x.trailing_zeros().min(cells)) as u8
    }
}

/// The rows a thread combines a position's children into: `f_A` over Alice's children
/// reaching `R_A`, over her others, `f_B` over Bob's reaching `R_B`, over his others, and one
/// child's row.
type Rows = [Vec<u32>; 5];

/// Every position of `layer`, its children solved in `below` (the codes of the next layer,
/// `next_codes`, in the same order), in parallel: ends at once, open positions by
/// [`solve_open`].
fn solve_layer<G: BiddingGame + Sync + ?Sized>(
    game: &G,
    layer: &Layer,
    next_codes: &[u64],
    below: &[Solved],
    cells: u32,
) -> Vec<Solving> {
    let one = 1u64 << cells;
    layer
        .codes
        .par_iter()
        .zip(layer.tags.par_iter())
        .map_init(
            || [(); 5].map(|_| Vec::<u32>::new()),
            |rows, (&code, &tag)| match tag {
                1 => Ok(((0, 0, PeriodicRow::linear(0, 0)), 0, false, 0)),
                2 => Ok(((one, 0, PeriodicRow::linear(2, 2)), 0, false, 0)),
                _ => solve_open(game, code, next_codes, below, cells, rows),
            },
        )
        .collect()
}

/// The solved children of the position `code`: Alice's, then Bob's.
fn children<'a, G: BiddingGame + Sync + ?Sized>(
    game: &G,
    code: u64,
    next_codes: &[u64],
    below: &'a [Solved],
) -> Result<(Vec<&'a Solved>, Vec<&'a Solved>), BiddingError> {
    let child = |w: u64| -> &Solved {
        let j = next_codes
            .binary_search(&game.canonical(w))
            .expect("every child was enumerated in the next layer");
        &below[j]
    };
    let alice: Vec<&Solved> = game
        .moves(code, Player::ALICE)
        .into_iter()
        .map(child)
        .collect();
    let bob: Vec<&Solved> = game
        .moves(code, Player::BOB)
        .into_iter()
        .map(child)
        .collect();
    if alice.is_empty() || bob.is_empty() {
        return Err(ModelError::OnePlayerPosition.into());
    }
    Ok((alice, bob))
}

/// What an open position's children say before their rows are combined.
struct ChildBounds {
    /// `R_A`, the least Richman value of Alice's children (scaled by `2^C`).
    a: u64,
    /// `R_B`, the largest of Bob's.
    b: u64,
    /// `R(G_v) = (R_A + R_B) / 2`.
    r: u64,
    /// `log2 M_v`.
    log2_m: u8,
    /// `log2` of the denominator of `R(G_v)`.
    q: u8,
    /// The largest offset of a child row.
    child_offset: u32,
    /// The period of the parent's row from `k₂` on (see [`proven_period`]).
    p_prime: usize,
}

/// Richman's calculus at the position (`R_A`, `R_B`, `R(G_v)`), `M_v`, and the period every
/// child row has past the largest child offset.
fn child_bounds(alice: &[&Solved], bob: &[&Solved], cells: u32) -> ChildBounds {
    let a = alice.iter().map(|c| c.0).min().unwrap_or(1u64 << cells);
    let b = bob.iter().map(|c| c.0).max().unwrap_or(0);
    let r = (a + b) / 2;
    let log2_m = alice
        .iter()
        .chain(bob)
        .map(|c| c.1)
        .max()
        .unwrap_or(0)
        .max(log2_den(r, cells))
        .max(log2_den(a.abs_diff(b) / 2, cells));
    let child_offset = alice
        .iter()
        .chain(bob)
        .map(|c| c.2.offset)
        .max()
        .unwrap_or(0);
    // Every child row is `big_p`-periodic from `child_offset` on.
    let big_p = alice
        .iter()
        .chain(bob)
        .map(|c| c.2.period)
        .max()
        .unwrap_or(1);
    let q = log2_den(r, cells);
    // The parent's row is `p_prime`-periodic from `k2` on (see `proven_period`): `big_p` if
    // `big_p·R(G_v)` is an integer, else twice it (the denominator of R(G_v) is at most twice
    // the children's).
    let p_prime = if big_p.trailing_zeros() >= u32::from(q) {
        big_p as usize
    } else {
        2 * big_p as usize
    };
    ChildBounds {
        a,
        b,
        r,
        log2_m,
        q,
        child_offset,
        p_prime,
    }
}

/// The row of an open position, its period proved ([`proven_period`]): the children's rows
/// are combined over `L` totals, `L` doubling until the proof's window fits. Returns the
/// position solved, the child-row entries combined, whether `L` doubled, and its moves.
fn solve_open<G: BiddingGame + Sync + ?Sized>(
    game: &G,
    code: u64,
    next_codes: &[u64],
    below: &[Solved],
    cells: u32,
    rows: &mut Rows,
) -> Solving {
    let (alice, bob) = children(game, code, next_codes, below)?;
    let c = child_bounds(&alice, &bob, cells);
    let mut len = first_length(c.log2_m, c.child_offset);
    let mut work = 0u128;
    let mut retried = false;
    loop {
        fill_child_rows(&alice, &bob, &c, len, rows);
        work += (len * (alice.len() + bob.len())) as u128;
        let [fa, fa_rest, fb, fb_rest, _] = rows;
        let k2 = settled_from(fa, fa_rest, fb, fb_rest, &c, len);
        combine_rows(fa, fa_rest, fb, fb_rest);
        if let Some(row) = proven_period(fa, c.r, cells, c.q, k2, c.p_prime)? {
            let moves = (alice.len() + bob.len()) as u32;
            return Ok(((c.r, c.log2_m, row), work, retried, moves));
        }
        if len >= ROW_LIMIT {
            return Err(BiddingError::NoRowPeriod { within: len as u64 });
        }
        len = (2 * len).min(ROW_LIMIT);
        retried = true;
    }
}

/// Writes the children's rows for `k < len` into `rows`: the least of Alice's children
/// reaching `R_A` apart from her others, the largest of Bob's reaching `R_B` apart from his.
#[inline]
fn fill_child_rows(
    alice: &[&Solved],
    bob: &[&Solved],
    c: &ChildBounds,
    len: usize,
    rows: &mut Rows,
) {
    let [fa, fa_rest, fb, fb_rest, scratch] = rows;
    for (buf, init) in [
        (&mut *fa, u32::MAX),
        (&mut *fa_rest, u32::MAX),
        (&mut *fb, 0),
        (&mut *fb_rest, 0),
    ] {
        buf.clear();
        buf.resize(len, init);
    }
    scratch.resize(len, 0);
    for w in alice {
        w.2.fill(scratch);
        let into = if w.0 == c.a { &mut *fa } else { &mut *fa_rest };
        for (x, &y) in into.iter_mut().zip(scratch.iter()) {
            *x = (*x).min(y);
        }
    }
    for w in bob {
        w.2.fill(scratch);
        let into = if w.0 == c.b { &mut *fb } else { &mut *fb_rest };
        for (x, &y) in into.iter_mut().zip(scratch.iter()) {
            *x = (*x).max(y);
        }
    }
}

/// `k₂`: from here on (and from the largest child offset), the best children are those
/// reaching `R_A` and `R_B`, and `min(f_A, f_B)` is the one of the smaller `R`.
#[inline]
fn settled_from(
    fa: &[u32],
    fa_rest: &[u32],
    fb: &[u32],
    fb_rest: &[u32],
    c: &ChildBounds,
    len: usize,
) -> usize {
    let (a, b) = (c.a, c.b);
    let from = (c.child_offset as usize).min(len);
    let settled = |k: usize| -> bool {
        fa_rest[k] >= fa[k]
            && fb_rest[k] <= fb[k]
            && (a >= b || fa[k] <= fb[k])
            && (a <= b || fb[k] <= fa[k])
    };
    (from..len)
        .rev()
        .find(|&k| !settled(k))
        .map_or(from, |k| k + 1)
}

/// Theorem 3.7 at every total, into `fa`: `f_A` the least of Alice's children, `f_B` the
/// largest of Bob's.
#[inline]
fn combine_rows(fa: &mut [u32], fa_rest: &[u32], fb: &[u32], fb_rest: &[u32]) {
    for ((x, &xr), (&y, &yr)) in fa
        .iter_mut()
        .zip(fa_rest.iter())
        .zip(fb.iter().zip(fb_rest.iter()))
    {
        *x = super::allk::combine((*x).min(xr), y.max(yr));
    }
}

/// The positions of the layer of `stones` stones (`positions` of them) solved, in order, with
/// the layer's counts and the positions whose row was lengthened.
fn gather_layer(
    stones: usize,
    positions: u64,
    here: Vec<Solving>,
    cells: u32,
) -> Result<(Vec<Solved>, LayerStats, u64), BiddingError> {
    let mut solved = Vec::with_capacity(here.len());
    let mut retries = 0u64;
    let mut stats = LayerStats {
        stones,
        positions,
        open: 0,
        by_log2_m: vec![0; cells as usize + 1],
        by_log2_period: vec![0; cells as usize + 1],
        sum_m_moves: 0,
        updates: 0,
        max_offset: 0,
        table_bytes: 0,
    };
    for item in here {
        let (row, work, retried, moves) = item?;
        stats.table_bytes += row.2.table.len() as u64 * 4 + std::mem::size_of::<Solved>() as u64;
        if moves > 0 {
            stats.open += 1;
            stats.by_log2_m[row.1 as usize] += 1;
            stats.by_log2_period[row.2.period.trailing_zeros() as usize] += 1;
            stats.sum_m_moves += u128::from(moves) << row.1;
            stats.updates += work;
            stats.max_offset = stats.max_offset.max(row.2.offset);
        }
        retries += u64::from(retried);
        solved.push(row);
    }
    Ok((solved, stats, retries))
}

/// Refuses the layer of `stones` stones, of `positions` positions, when what it will hold
/// (`record_bytes` a position for its results, and rows as long as `row_bytes`, the mean of
/// the layer below) is past the memory available (`ulimit -v` included).
fn check_layer_memory(
    stones: usize,
    positions: usize,
    record_bytes: usize,
    row_bytes: u64,
) -> Result<(), BiddingError> {
    let Some(available) = duel_core::limits::available_memory() else {
        return Ok(());
    };
    let need = positions as u128 * (record_bytes as u128 + u128::from(row_bytes));
    duel_core::limits::check_memory(
        &format!("the rows of the {positions} positions of {stones} stones"),
        need,
        available,
    )
    .map_err(BiddingError::Memory)
}

/// The least period of a row, proved. `row` holds `f(v, k)` for `k < row.len()`; the caller
/// has established that `f(v, k + p_prime) = f(v, k) + 2·p_prime·R` for every `k ≥ k2`
/// (`R = scaled / 2^cells`). For a candidate `d = 2^e` (`q ≤ e`, `2^q` the denominator of `R`),
/// `g(k) = f(v, k + d) − f(v, k) − 2·d·R` is then `p_prime`-periodic from `k2` on, so:
/// `g ≠ 0` somewhere at or after `k2` means `d` is no eventual period; `g = 0` on
/// `[k0, max(k0, k2) + p_prime)` proves `f(v, k + d) = f(v, k) + 2·d·R` for every `k ≥ k0`.
/// Returns the least such `d` with its least offset `k0`, or `None` when the row is too short
/// to decide (the caller lengthens it).
fn proven_period(
    row: &[u32],
    scaled: u64,
    cells: u32,
    q: u8,
    k2: usize,
    p_prime: usize,
) -> Result<Option<PeriodicRow>, BiddingError> {
    let len = row.len();
    let mut e = u32::from(q);
    while (1usize << e) <= p_prime {
        let d = 1usize << e;
        if k2 + p_prime + d > len {
            return Ok(None);
        }
        // 2·d·R in ranks: d·scaled / 2^(cells − 1), an integer since 2^q divides d.
        let shift = ((d as u64 * scaled) >> (cells - 1)) as u32;
        let k0 = (0..len - d)
            .rev()
            .find(|&k| row[k + d] != row[k].wrapping_add(shift))
            .map_or(0, |k| k + 1);
        if k0 <= k2 {
            return Ok(Some(PeriodicRow {
                table: row[..k0 + d].to_vec(),
                offset: k0 as u32,
                period: d as u32,
                shift,
            }));
        }
        e += 1;
    }
    // p_prime itself is a period from k2 on: reaching here contradicts the caller's proof.
    Err(BiddingError::Internal {
        what: "internal: no period found although the children's rows imply one",
    })
}

#[cfg(test)]
mod tests {
    use super::PeriodicRow;
    use proptest::prelude::*;

    proptest! {
        // `fill` (block copies) writes what `rank` (one total at a time) answers.
        #[test]
        fn fill_agrees_with_rank(
            offset in 0u32..40,
            log2_period in 0u32..6,
            shift in 0u32..70,
            steps in proptest::collection::vec(0u32..3, 100),
            len in 0usize..400,
        ) {
            let period = 1u32 << log2_period;
            let mut table = Vec::new();
            let mut x = 0u32;
            for i in 0..(offset + period) as usize {
                x += steps[i % steps.len()];
                table.push(x);
            }
            let row = PeriodicRow { table, offset, period, shift };
            let mut out = vec![0u32; len];
            row.fill(&mut out);
            for (k, &v) in out.iter().enumerate() {
                prop_assert_eq!(u64::from(v), row.rank(k as u64), "k = {}", k);
            }
        }
    }
}
