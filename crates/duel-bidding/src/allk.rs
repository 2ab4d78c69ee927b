//! The discrete Richman calculus (Theorem 3.7) for every total `k = 0..=K` at once, by layers.
//!
//! The per-total solvers of [`super::discrete`] and [`super::boards`] run one whole search for
//! each total `k`. Here every position carries its whole row `f(G_v, 0..=K)` of chip ranks
//! (`0 < 0* < 1 < 1* < …`, see [`duel_core::exact::Chips::rank`]), stored as `u16` when
//! `2K + 2 < 2^16` and as `u32` otherwise, and one pass over the positions in reverse
//! topological order combines the rows of the children with an inner loop over `k` that is
//! contiguous and branch-free (vectorisable). It applies to games where every move adds one
//! stone (Tic-Tac-Toe, Connect-K with gravity, Hex): positions with `s` stones depend only on
//! positions with `s + 1` stones, so only two layers of rows are alive at any time and the
//! memory is `max_s (n_s + n_{s+1}) · (K + 1) · bytes` (plus 9 bytes per position for the
//! sorted position codes of all layers, kept from the forward pass). Since the rows of one
//! total depend only on the same total at the children, totals beyond what fits are done in
//! blocks of `k` (same work, bounded memory).
//!
//! The combination is Theorem 3.7 exactly as [`super::discrete::theorem_3_7`] computes it
//! (ε read off `min(f_A, f_B)`, the corrected zugzwang rule), written without branches.

use num_traits::{FromPrimitive, PrimInt, ToPrimitive};
use rayon::prelude::*;
use serde::Serialize;

use super::graph::BiddingGame;
use super::memory::{filled_table, reserved};
use super::{BiddingError, ChipsOutOfRange, Solver, TooMany};
use duel_core::cancel::Cancel;
use duel_core::exact::{Chips, Rational};
use duel_core::game::{Outcome, Player};

/// The most positions (by the game's own bound on its codes) the layered solver enumerates.
pub const POSITION_LIMIT: u128 = 60_000_000;

/// The default memory limit for the rows of two layers (4 GiB).
pub const DEFAULT_MEMORY_LIMIT: u64 = duel_core::limits::Limits::DEFAULT.bidding_layers_bytes;

/// The threshold table of the start position for every total `k = 0..=K`.
#[derive(Clone, Debug, Serialize)]
pub struct AllTotals {
    /// `f(G, k)` for `k = 0..=K` (the start position).
    pub table: Vec<Chips>,
    /// Positions enumerated (after symmetry reduction), ends included.
    pub positions: u64,
    /// Number of stone layers.
    pub layers: usize,
    /// The largest layer.
    pub widest_layer: u64,
    /// Bytes per stored rank (2 or 4).
    pub bytes_per_value: u64,
    /// Totals computed per pass (a block of `k`; all of them when memory allows).
    pub block: u64,
    /// Peak bytes of the rows: `max_s (n_s + n_{s+1}) · block · bytes`.
    pub row_bytes: u64,
    /// Bytes of the position codes of all layers (9 per position).
    pub code_bytes: u64,
}

/// One layer of positions: sorted canonical codes and what each is (0 open, 1 Alice has won,
/// 2 an end that is not Alice's win).
pub(super) struct Layer {
    pub(super) codes: Vec<u64>,
    pub(super) tags: Vec<u8>,
}

fn tag_of(outcome: Option<Outcome>) -> u8 {
    match outcome {
        None => 0,
        Some(Outcome::Win(Player::ALICE)) => 1,
        Some(_) => 2,
    }
}

/// The most layers (moves in a play) the solver follows before calling the game cyclic.
pub const MAX_LAYERS: usize = 4096;

/// Enumerates the positions layer by layer from the start: layer `s + 1` is every child of
/// layer `s`, so every child is found in the next layer by construction (a game whose
/// positions are reached at several depths is still solved exactly, a position being then
/// solved once per depth). Games with cycles are refused after [`MAX_LAYERS`] layers. Each
/// layer is allocated after a check against the memory available, and `check` sees the
/// layers so far after each new one, so that a job whose need already passes what it may use
/// is refused before the rest is enumerated.
pub(super) fn layers<G: BiddingGame + Sync + ?Sized>(
    game: &G,
    check: impl Fn(&[Layer]) -> Result<(), BiddingError>,
) -> Result<Vec<Layer>, BiddingError> {
    let start = game.canonical(game.start());
    let mut out = vec![Layer {
        codes: vec![start],
        tags: vec![tag_of(game.outcome(start))],
    }];
    loop {
        let last = out.last().expect("at least the start layer");
        // Children deduplicated chunk by chunk first, to keep the forward pass small. Their
        // lists grow fallibly: under an address-space limit they are the first to meet it,
        // before the layer's own check can see their size.
        let chunks: Vec<Vec<u64>> = last
            .codes
            .par_chunks(1 << 14)
            .zip(last.tags.par_chunks(1 << 14))
            .map(|(codes, tags)| children_of_chunk(game, codes, tags, out.len()))
            .collect::<Result<_, _>>()?;
        let len: usize = chunks.iter().map(Vec::len).sum();
        if len == 0 {
            break;
        }
        if out.len() >= MAX_LAYERS {
            return Err(TooMany {
                what: "moves",
                count: MAX_LAYERS as u128 + 1,
                limit: MAX_LAYERS as u64,
                solver: Solver::AllTotals,
            }
            .into());
        }
        let what = format!("the positions of layer {} ({len} codes)", out.len());
        let mut next: Vec<u64> = reserved(len, &what, u64::MAX)?;
        for chunk in chunks {
            next.extend_from_slice(&chunk);
        }
        next.par_sort_unstable();
        next.dedup();
        let mut tags: Vec<u8> = reserved(next.len(), &what, u64::MAX)?;
        tags.par_extend(next.par_iter().map(|&c| tag_of(game.outcome(c))));
        out.push(Layer { codes: next, tags });
        check(&out)?;
    }
    Ok(out)
}

/// The children of the unfinished positions among `codes` (with their `tags`), canonical,
/// sorted and deduplicated, for layer `layer`; an error where their list cannot grow.
fn children_of_chunk<G: BiddingGame + Sync + ?Sized>(
    game: &G,
    codes: &[u64],
    tags: &[u8],
    layer: usize,
) -> Result<Vec<u64>, BiddingError> {
    let mut kids: Vec<u64> = Vec::new();
    for (&c, &t) in codes.iter().zip(tags) {
        if t != 0 {
            continue;
        }
        for who in [Player::ALICE, Player::BOB] {
            let moves = game.moves(c, who);
            kids.try_reserve(moves.len())
                .map_err(|_| BiddingError::AllocationRefused {
                    what: format!("the children of layer {layer}"),
                    needed_bytes: (kids.len() + moves.len()) as u128 * 8,
                })?;
            kids.extend(moves.into_iter().map(|w| game.canonical(w)));
        }
    }
    kids.sort_unstable();
    kids.dedup();
    Ok(kids)
}

/// Theorem 3.7 on ranks, branch-free: `lo = min(f_A, f_B)`, `hi = max`, `s = |lo| + |hi|`,
/// `f = 2⌊s/2⌋ + ε` with `ε` = rank offset 0 (s even, lo ∈ N), 2 (s odd, lo ∈ N*), 1 otherwise.
#[inline(always)]
pub fn combine<T: PrimInt>(fa: T, fb: T) -> T {
    let one = T::one();
    let lo = fa.min(fb);
    let hi = fa.max(fb);
    let s = (lo >> 1) + (hi >> 1);
    ((s >> 1) << 1) + ((s | lo) & one) + (s & lo & one)
}

/// The most position updates (positions × totals) one call does (about ten minutes on two
/// cores).
pub const WORK_LIMIT: u128 = 200_000_000_000;

/// `f(G, k)` for every `k = 0..=max_k` from the start, by layers (see the module notes).
/// `position_bound` is the game's bound on its number of positions (refused above
/// [`POSITION_LIMIT`]). The totals are processed in blocks `k0..k0 + B` (the rows of one
/// total depend only on the same total at the children), with `B` as large as `memory_limit`
/// and the memory available (`ulimit -v` included) allow for two layers of rows; refused, with the bytes needed, when not even a block of
/// 64 totals fits, or when positions × totals exceeds [`WORK_LIMIT`].
pub fn all_totals<G: BiddingGame + Sync + ?Sized>(
    game: &G,
    position_bound: u128,
    max_k: u64,
    memory_limit: u64,
) -> Result<AllTotals, BiddingError> {
    all_totals_until(game, position_bound, max_k, memory_limit, &Cancel::never())
}

/// [`all_totals`], stopped with [`BiddingError::Cancelled`] once `cancel` is: it is read after
/// each layer enumerated and each layer of rows solved.
pub fn all_totals_until<G: BiddingGame + Sync + ?Sized>(
    game: &G,
    position_bound: u128,
    max_k: u64,
    memory_limit: u64,
    cancel: &Cancel,
) -> Result<AllTotals, BiddingError> {
    check_all_totals_limits(position_bound, max_k)?;
    let bytes: u64 = if 2 * max_k + 2 <= u16::MAX as u64 {
        2
    } else {
        4
    };
    let layers = layers_within_memory(game, max_k, bytes, memory_limit, cancel)?;
    let positions: u64 = layers.iter().map(|l| l.codes.len() as u64).sum();
    let widest = layers
        .iter()
        .map(|l| l.codes.len() as u64)
        .max()
        .unwrap_or(0);
    let pair = layers
        .windows(2)
        .map(|w| (w[0].codes.len() + w[1].codes.len()) as u64)
        .max()
        .unwrap_or(1);
    let work = u128::from(positions) * u128::from(max_k + 1);
    if work > WORK_LIMIT {
        return Err(BiddingError::WorkTooLarge {
            max_k,
            positions,
            updates: work,
            limit: WORK_LIMIT,
        });
    }
    let per_total = pair.saturating_mul(bytes);
    // The codes of the layers are held already; the rows get three quarters of what is left,
    // the rest being for the threads' own allocations (each new thread's heap, its scratch
    // row).
    let memory_limit =
        duel_core::limits::available_memory().map_or(memory_limit, |m| memory_limit.min(m / 4 * 3));
    let block = (memory_limit / per_total.max(1)).min(max_k + 1);
    if block < 64.min(max_k + 1) {
        return Err(BiddingError::RowsTooLarge {
            max_k,
            positions,
            widest,
            value_bytes: bytes,
            needed_bytes: per_total.saturating_mul(64),
            limit_bytes: memory_limit,
        });
    }
    let mut ranks = Vec::with_capacity((max_k + 1) as usize);
    let mut k0 = 0;
    while k0 <= max_k {
        let k1 = (k0 + block - 1).min(max_k);
        if bytes == 2 {
            ranks.extend(solve_rows::<u16, G>(game, &layers, k0, k1, cancel)?);
        } else {
            ranks.extend(solve_rows::<u32, G>(game, &layers, k0, k1, cancel)?);
        }
        k0 = k1 + 1;
    }
    Ok(AllTotals {
        table: ranks.into_iter().map(Chips::from_rank).collect(),
        positions,
        layers: layers.len(),
        widest_layer: widest,
        bytes_per_value: bytes,
        block,
        row_bytes: per_total.saturating_mul(block),
        code_bytes: positions * 9,
    })
}

/// Refuses a bound on the positions above [`POSITION_LIMIT`], totals past what a row's
/// ranks hold, and, before enumerating, work that a quarter of the bound already puts past
/// [`WORK_LIMIT`].
fn check_all_totals_limits(position_bound: u128, max_k: u64) -> Result<(), BiddingError> {
    if position_bound > POSITION_LIMIT {
        return Err(TooMany {
            what: "positions",
            count: position_bound,
            limit: POSITION_LIMIT as u64,
            solver: Solver::AllTotals,
        }
        .into());
    }
    if max_k >= (u32::MAX as u64) / 2 - 1 {
        return Err(ChipsOutOfRange {
            total: max_k,
            max: (u32::MAX as u64) / 2 - 2,
            solver: Solver::AllTotals,
        }
        .into());
    }
    // A cheap early refusal before enumerating: a quarter of the bound on the codes is below
    // the positions the boards here actually have (symmetry halves them at most, and codes
    // for impossible boards are fewer than three quarters).
    let early = (position_bound / 4).saturating_mul(u128::from(max_k + 1));
    if early > WORK_LIMIT {
        return Err(BiddingError::WorkEstimateTooLarge {
            max_k,
            positions: position_bound / 4,
            limit: WORK_LIMIT,
        });
    }
    Ok(())
}

/// The layers of `game`, refused as soon as two adjacent layers' rows for one block of totals
/// (`bytes` a value) would need more than `memory_limit` or the memory available.
fn layers_within_memory<G: BiddingGame + Sync + ?Sized>(
    game: &G,
    max_k: u64,
    bytes: u64,
    memory_limit: u64,
    cancel: &Cancel,
) -> Result<Vec<Layer>, BiddingError> {
    // The rows of two layers for one block of totals: refused as soon as the layers found
    // so far need more than the memory left (which only shrinks as layers are added).
    let least_block = 64.min(max_k + 1);
    layers(game, |found| {
        cancel.check()?;
        let Some(pair) = found
            .windows(2)
            .map(|w| (w[0].codes.len() + w[1].codes.len()) as u64)
            .max()
        else {
            return Ok(());
        };
        let need = u128::from(pair) * u128::from(bytes) * u128::from(least_block);
        let limit = duel_core::limits::available_memory()
            .map_or(memory_limit, |m| memory_limit.min(m / 4 * 3));
        if need > u128::from(limit) {
            return Err(BiddingError::Memory(duel_core::limits::TooLarge {
                what: format!(
                    "f(k) for k = 0..{max_k} (two layers of rows per {least_block} totals: layers {} and {} alone hold {pair} positions, {bytes} bytes a value, found after enumerating {} layers)",
                    found.len() - 2,
                    found.len() - 1,
                    found.len()
                ),
                needed_bytes: need,
                limit_bytes: limit,
            }));
        }
        Ok(())
    })
}

/// The root's ranks for the totals `k0..=k1`; refused where the system does not give the
/// memory of a layer's rows.
fn solve_rows<T, G>(
    game: &G,
    layers: &[Layer],
    k0: u64,
    k1: u64,
    cancel: &Cancel,
) -> Result<Vec<u64>, BiddingError>
where
    T: PrimInt + FromPrimitive + Send + Sync,
    G: BiddingGame + Sync + ?Sized,
{
    let width = (k1 - k0 + 1) as usize;
    // The rank of "never" (k + 1 chips) for each total.
    let never: Vec<T> = (k0..=k1)
        .map(|k| T::from_u64(2 * k + 2).expect("checked by the caller"))
        .collect();
    let mut below: Vec<T> = Vec::new();
    for s in (0..layers.len()).rev() {
        cancel.check()?;
        let layer = &layers[s];
        let next_codes: &[u64] = layers.get(s + 1).map_or(&[], |l| &l.codes);
        let mut rows = filled_table(
            layer.codes.len() * width,
            T::zero(),
            &format!(
                "the rows of {} positions × {width} totals",
                layer.codes.len()
            ),
            u64::MAX,
        )?;
        let below_ref = &below;
        rows.par_chunks_mut(width).enumerate().for_each_init(
            || vec![T::zero(); width],
            |fb, (i, row)| {
                let code = layer.codes[i];
                match layer.tags[i] {
                    1 => {}
                    2 => row.copy_from_slice(&never),
                    _ => {
                        let child_row = |w: u64| -> &[T] {
                            let j = next_codes
                                .binary_search(&game.canonical(w))
                                .expect("every child was enumerated in the next layer");
                            &below_ref[j * width..(j + 1) * width]
                        };
                        row.fill(T::max_value());
                        for w in game.moves(code, Player::ALICE) {
                            for (x, &y) in row.iter_mut().zip(child_row(w)) {
                                *x = (*x).min(y);
                            }
                        }
                        fb.fill(T::zero());
                        for w in game.moves(code, Player::BOB) {
                            for (x, &y) in fb.iter_mut().zip(child_row(w)) {
                                *x = (*x).max(y);
                            }
                        }
                        for (x, &y) in row.iter_mut().zip(fb.iter()) {
                            *x = combine(*x, y);
                        }
                    }
                }
            },
        );
        below = rows;
    }
    Ok(below[..width]
        .iter()
        .map(|x| x.to_u64().unwrap_or(u64::MAX))
        .collect())
}

/// What the computed range says about the period `f(k + d) = f(k) + s` (Theorems 3.13, 3.14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum PeriodFinding {
    /// The relation holds for every `k` with `offset ≤ k` and `k + period` computed, and that
    /// range covers at least two whole periods.
    Verified {
        /// `d`.
        period: u64,
        /// `s = R·d`.
        shift: u64,
        /// The relation holds from this `k` on (within the table).
        offset: u64,
    },
    /// The relation holds from `offset` on within the table, but over less than two periods:
    /// an observation, not a verified period (of the candidates, the one holding over the
    /// longest final stretch of the table).
    Observed {
        /// `d`.
        period: u64,
        /// `s = R·d`.
        shift: u64,
        /// The relation holds from this `k` on (within the table).
        offset: u64,
        /// How many whole periods the checked range covers (0 or 1).
        periods_checked: u64,
    },
    /// No candidate period could be checked at all: the table is shorter than the smallest
    /// period the theory allows.
    OutOfReach {
        /// The smallest period the theory allows: the denominator of `R(G)`.
        least_period: u64,
        /// Totals needed to check that period over two periods from `k = 0`.
        needed: u64,
    },
}

/// Looks for the period of `f(k)` (the table for `k = 0..table.len()`), given the Richman
/// value `R` of the position. Since `f(k)/k → R`, a period `d` has shift `s = R·d`, so `d` is a
/// multiple of the denominator `q` of `R` (and divides `M` of Theorem 3.13: a power of two for
/// games whose values are dyadic). Candidates `d = q, 2q, 4q, …` are tried, the smallest one
/// holding over two periods wins; otherwise the best observation is returned.
pub fn find_period(table: &[Chips], value: &Rational) -> PeriodFinding {
    let q = value.denom().to_u64().unwrap_or(u64::MAX);
    let len = table.len() as u64;
    let mut observed = None;
    let mut d = q;
    while d < len {
        let shift = (value.clone() * Rational::from_integer(d.into()))
            .to_integer()
            .to_u64()
            .unwrap_or(0);
        let last = len - d;
        let mut k0 = 0;
        for k in 0..last {
            if table[(k + d) as usize].rank() != table[k as usize].rank() + 2 * shift {
                k0 = k + 1;
            }
        }
        let checked = last.saturating_sub(k0);
        if checked >= 2 * d {
            return PeriodFinding::Verified {
                period: d,
                shift,
                offset: k0,
            };
        }
        // The best observation: the candidate holding over the longest final stretch.
        let longest = match &observed {
            Some((best, _)) => checked > *best,
            None => checked > 0,
        };
        if longest {
            observed = Some((
                checked,
                PeriodFinding::Observed {
                    period: d,
                    shift,
                    offset: k0,
                    periods_checked: checked / d,
                },
            ));
        }
        d = match d.checked_mul(2) {
            Some(x) => x,
            None => break,
        };
    }
    observed
        .map(|(_, o)| o)
        .unwrap_or(PeriodFinding::OutOfReach {
            least_period: q,
            needed: q.saturating_mul(3),
        })
}

impl PeriodFinding {
    /// One line saying what was found, with `len` totals computed.
    pub fn describe(&self, len: u64) -> String {
        match self {
            PeriodFinding::Verified {
                period,
                shift,
                offset,
            } => format!(
                "f(k + {period}) = f(k) + {shift} for k ≥ {offset}, verified for every k < {} ({} periods)",
                len - period,
                (len - period - offset) / period
            ),
            PeriodFinding::Observed {
                period,
                shift,
                offset,
                periods_checked,
            } => format!(
                "observed only: f(k + {period}) = f(k) + {shift} holds for {offset} ≤ k < {} ({periods_checked} whole period(s), fewer than two: not verified; needs a table to k = {} at least)",
                len - period,
                offset + 3 * period - 1
            ),
            PeriodFinding::OutOfReach {
                least_period,
                needed,
            } => format!(
                "not verified: the table reaches k = {}, but the period is a multiple of the denominator {least_period} of R, so checking it over two periods needs at least {needed} totals",
                len.saturating_sub(1)
            ),
        }
    }
}
