//! Classical Richman calculus (Develin & Payne, section 3.3), exact.
//!
//! For a bounded game, `R(G_v) = (R_A(G_v) + R_B(G_v)) / 2` with `R_A` the minimum over
//! Alice's moves and `R_B` the maximum over Bob's moves, `R = 0` at Alice's wins and `1` at
//! every other end. The values are dyadic: a vertex from which every play ends within `h`
//! moves has a value with denominator dividing `2^h`, so they are computed exactly as integers
//! scaled by `2^H` (`H` the longest play). For graphs with cycles, `R(G) = lim R(G[n])` over
//! truncations; the iteration runs on exact dyadic numerators and stops at an exact fixed
//! point or reports the bracket `[1 − R(Ḡ[n]), R(G[n])]` it reached.

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use super::graph::GameGraph;
use super::BiddingError;
use duel_core::exact::Rational;
use duel_core::game::{Outcome, Player};

/// Richman values of every vertex of a graph.
#[derive(Clone, Debug)]
pub struct Richman {
    /// `R(G_v)` for every vertex (the upper end of the bracket when not exact).
    pub values: Vec<Rational>,
    /// The lower end of the bracket (equal to `values` when exact).
    pub lower: Vec<Rational>,
    /// Whether `values` are the exact Richman values.
    pub exact: bool,
    /// How many truncation steps were run (0 for bounded games, solved backwards).
    pub iterations: usize,
}

/// How many truncation steps the iteration for graphs with cycles may run at most.
pub const MAX_ITERATIONS: usize = 20_000;

/// The most work of the truncation iteration, in positions × steps: about 2 minutes (a step
/// takes about 1.2 µs a position on wedges of `tug:50`, measured). Graphs of more than
/// `MAX_TRUNCATION_WORK /` [`MAX_ITERATIONS`] = 5,000 positions run fewer steps
/// ([`truncation_steps`]), and end with a wider bracket if not solved by then.
pub const MAX_TRUNCATION_WORK: u64 = 100_000_000;

/// The truncation steps a graph of `positions` positions may run: [`MAX_ITERATIONS`], or
/// fewer to keep within [`MAX_TRUNCATION_WORK`] (at least 64, one check of the bracket).
pub fn truncation_steps(positions: usize) -> usize {
    let fit = MAX_TRUNCATION_WORK / (positions.max(1) as u64);
    usize::try_from(fit)
        .unwrap_or(usize::MAX)
        .clamp(64, MAX_ITERATIONS)
}

impl Richman {
    /// Solves `graph`: backwards for bounded games, by truncations for games with cycles.
    pub fn solve(graph: &GameGraph) -> Result<Richman, BiddingError> {
        Self::solve_with(graph, &mut |_, _| {})
    }

    /// [`Richman::solve`], calling `progress(done, total)` every 64 truncation steps, `total`
    /// being the most it may run ([`truncation_steps`]).
    pub fn solve_with(
        graph: &GameGraph,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Richman, BiddingError> {
        match graph.heights() {
            Some(h) => Self::solve_bounded(graph, &h, progress),
            None => Ok(Self::solve_cyclic(graph, progress)),
        }
    }

    fn solve_bounded(
        graph: &GameGraph,
        heights: &[u32],
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Richman, BiddingError> {
        let big_h = heights.iter().copied().max().unwrap_or(0);
        if big_h > 62 {
            // Rare: fall back on big numerators through the truncation machinery, which is
            // exact for bounded games after `big_h` steps.
            return Ok(Self::solve_cyclic(graph, progress));
        }
        let one = 1u64 << big_h;
        let scaled = richman_scaled(graph, one);
        let den = BigInt::from(one);
        let values: Vec<Rational> = scaled
            .iter()
            .map(|&x| Rational::new(BigInt::from(x), den.clone()))
            .collect();
        Ok(Richman {
            lower: values.clone(),
            values,
            exact: true,
            iterations: 0,
        })
    }

    fn solve_cyclic(graph: &GameGraph, progress: &mut dyn FnMut(u64, u64)) -> Richman {
        let n = graph.len();
        let max_steps = truncation_steps(n);
        // Numerators over 2^it: upper = R(G[it]) (truncation is a tie, lost for Alice),
        // lower = 1 − R(Ḡ[it]) (truncation counts as Alice's).
        let terminal_value = |v: usize| -> Option<bool> {
            graph
                .outcome(v as u32)
                .map(|o| matches!(o, Outcome::Win(Player::ALICE)))
        };
        let mut upper: Vec<BigInt> = (0..n)
            .map(|v| match terminal_value(v) {
                Some(true) => BigInt::zero(),
                _ => BigInt::one(),
            })
            .collect();
        let mut lower: Vec<BigInt> = (0..n)
            .map(|v| match terminal_value(v) {
                Some(false) => BigInt::one(),
                _ => BigInt::zero(),
            })
            .collect();
        let mut it = 0usize;
        let mut exact = None;
        progress(0, max_steps as u64);
        while it < max_steps {
            upper = step(graph, &upper, it);
            lower = step(graph, &lower, it);
            it += 1;
            if upper == lower {
                exact = Some(upper.iter().map(|x| dyadic(x, it)).collect::<Vec<_>>());
                break;
            }
            if it % 64 == 0 {
                progress(it as u64, max_steps as u64);
                let width = upper
                    .iter()
                    .zip(&lower)
                    .map(|(u, l)| u - l)
                    .max()
                    .unwrap_or_default();
                if it % 256 == 0 && width.bits() + 10 < it as u64 {
                    if let Some(x) = solve_by_strategies(graph, &upper, &lower, it) {
                        exact = Some(x);
                        break;
                    }
                }
                if width.bits() + 100 < it as u64 {
                    let up: Vec<Rational> = upper.iter().map(|x| dyadic(x, it)).collect();
                    let lo: Vec<Rational> = lower.iter().map(|x| dyadic(x, it)).collect();
                    if let Some(candidate) = reconstruct(graph, &lo, &up) {
                        exact = Some(candidate);
                    }
                    break;
                }
            }
        }
        match exact {
            Some(values) => Richman {
                lower: values.clone(),
                values,
                exact: true,
                iterations: it,
            },
            None => Richman {
                values: upper.iter().map(|x| dyadic(x, it)).collect(),
                lower: lower.iter().map(|x| dyadic(x, it)).collect(),
                exact: false,
                iterations: it,
            },
        }
    }

    /// `R(G_v)`.
    pub fn value(&self, v: u32) -> &Rational {
        &self.values[v as usize]
    }

    /// `R_A(G_v)`: the smallest value Alice can move to (`None` at an end position).
    pub fn alice_value(&self, graph: &GameGraph, v: u32) -> Option<Rational> {
        graph
            .moves(v, Player::ALICE)
            .iter()
            .map(|&w| self.values[w as usize].clone())
            .min()
    }

    /// `R_B(G_v)`: the largest value Bob can move to (`None` at an end position).
    pub fn bob_value(&self, graph: &GameGraph, v: u32) -> Option<Rational> {
        graph
            .moves(v, Player::BOB)
            .iter()
            .map(|&w| self.values[w as usize].clone())
            .max()
    }

    /// The optimal bid `Δ_v = |R_B − R_A| / 2` (`None` at an end position).
    pub fn optimal_bid(&self, graph: &GameGraph, v: u32) -> Option<Rational> {
        let a = self.alice_value(graph, v)?;
        let b = self.bob_value(graph, v)?;
        Some((b - a).abs() / Rational::from_integer(2.into()))
    }

    /// Whether `v` is zugzwang: both players prefer the other to move (`R_B < R_A`).
    pub fn is_zugzwang(&self, graph: &GameGraph, v: u32) -> bool {
        match (self.alice_value(graph, v), self.bob_value(graph, v)) {
            (Some(a), Some(b)) => b < a,
            _ => false,
        }
    }

    /// Alice's best move (a vertex reaching `R_A`) and Bob's best move (reaching `R_B`).
    pub fn best_moves(&self, graph: &GameGraph, v: u32) -> Option<(u32, u32)> {
        let a = *graph
            .moves(v, Player::ALICE)
            .iter()
            .min_by(|&&x, &&y| self.values[x as usize].cmp(&self.values[y as usize]))?;
        let b = *graph
            .moves(v, Player::BOB)
            .iter()
            .max_by(|&&x, &&y| self.values[x as usize].cmp(&self.values[y as usize]))?;
        Some((a, b))
    }
}

/// Richman values of a bounded graph as integers scaled by `one` (a power of two at least
/// `2^H`, `H` the longest play). Panics never: callers guarantee the graph is acyclic.
pub fn richman_scaled(graph: &GameGraph, one: u64) -> Vec<u64> {
    let topo = graph.topo().unwrap_or(&[]);
    let mut r = vec![0u64; graph.len()];
    for &v in topo.iter().rev() {
        r[v as usize] = match graph.outcome(v) {
            Some(Outcome::Win(Player::ALICE)) => 0,
            Some(_) => one,
            None => {
                let a = graph
                    .moves(v, Player::ALICE)
                    .iter()
                    .map(|&w| r[w as usize])
                    .min()
                    .unwrap_or(one);
                let b = graph
                    .moves(v, Player::BOB)
                    .iter()
                    .map(|&w| r[w as usize])
                    .max()
                    .unwrap_or(one);
                (a + b) / 2
            }
        };
    }
    r
}

/// One truncation step on numerators over `2^it`, giving numerators over `2^(it+1)`.
fn step(graph: &GameGraph, x: &[BigInt], it: usize) -> Vec<BigInt> {
    let one = BigInt::one() << (it + 1);
    (0..graph.len() as u32)
        .map(|v| match graph.outcome(v) {
            Some(Outcome::Win(Player::ALICE)) => BigInt::zero(),
            Some(_) => one.clone(),
            None => {
                let a = graph
                    .moves(v, Player::ALICE)
                    .iter()
                    .map(|&w| &x[w as usize])
                    .min()
                    .cloned()
                    .unwrap_or_default();
                let b = graph
                    .moves(v, Player::BOB)
                    .iter()
                    .map(|&w| &x[w as usize])
                    .max()
                    .cloned()
                    .unwrap_or_default();
                a + b
            }
        })
        .collect()
}

fn dyadic(x: &BigInt, exp: usize) -> Rational {
    Rational::new(x.clone(), BigInt::one() << exp)
}

/// The simplest fraction (smallest denominator) in `[lo, hi]`, `0 ≤ lo ≤ hi`.
pub fn simplest_between(lo: &Rational, hi: &Rational) -> Rational {
    let fl = lo.floor();
    if &fl == lo {
        return fl;
    }
    if fl.clone() + Rational::one() <= *hi {
        return fl + Rational::one();
    }
    let inner = simplest_between(
        &(Rational::one() / (hi - &fl)),
        &(Rational::one() / (lo - &fl)),
    );
    fl + Rational::one() / inner
}

/// Looks for the simplest fractions inside the brackets that satisfy the Richman equations
/// exactly at every vertex (a fixed point inside a bracket narrower than 2^-100).
fn reconstruct(graph: &GameGraph, lo: &[Rational], hi: &[Rational]) -> Option<Vec<Rational>> {
    let candidate: Vec<Rational> = lo
        .iter()
        .zip(hi)
        .map(|(l, h)| simplest_between(l, h))
        .collect();
    let two = Rational::from_integer(2.into());
    for v in 0..graph.len() as u32 {
        let expected = match graph.outcome(v) {
            Some(Outcome::Win(Player::ALICE)) => Rational::zero(),
            Some(_) => Rational::one(),
            None => {
                let a = graph
                    .moves(v, Player::ALICE)
                    .iter()
                    .map(|&w| &candidate[w as usize])
                    .min()?;
                let b = graph
                    .moves(v, Player::BOB)
                    .iter()
                    .map(|&w| &candidate[w as usize])
                    .max()?;
                (a + b) / &two
            }
        };
        if expected != candidate[v as usize] {
            return None;
        }
    }
    Some(candidate)
}

/// The largest graph for which a fixed point is sought by solving linear equations.
const MAX_LINEAR: usize = 300;

/// Reads the strategies the truncations settle on (Alice's move to the least upper value, Bob's
/// to the largest), solves the linear Richman equations of those strategies exactly, and
/// returns the solution if it is a fixed point of the full equations (min and max over all
/// moves) inside the bracket `[lower, upper]` (numerators over `2^it`). For a finite game the
/// truncations from above and below close on R(G) (Develin & Payne, introduction, property 1),
/// and every fixed point with the right end values lies between them, so it is R(G). As a
/// guard against graphs where the truncations do not meet (draws), this is tried only once the
/// bracket is narrower than 2^-10, and only accepted inside it.
fn solve_by_strategies(
    graph: &GameGraph,
    upper: &[BigInt],
    lower: &[BigInt],
    it: usize,
) -> Option<Vec<Rational>> {
    let n = graph.len();
    let inner: Vec<u32> = (0..n as u32)
        .filter(|&v| graph.outcome(v).is_none())
        .collect();
    if inner.len() > MAX_LINEAR {
        return None;
    }
    let mut slot = vec![usize::MAX; n];
    for (i, &v) in inner.iter().enumerate() {
        slot[v as usize] = i;
    }
    let end_value = |v: u32| match graph.outcome(v) {
        Some(Outcome::Win(Player::ALICE)) => Rational::zero(),
        _ => Rational::one(),
    };
    let m = inner.len();
    // Rows: 2 x_v - x_a - x_b = (ends on the right).
    let mut rows: Vec<Vec<Rational>> = vec![vec![Rational::zero(); m + 1]; m];
    for (i, &v) in inner.iter().enumerate() {
        let a = *graph
            .moves(v, Player::ALICE)
            .iter()
            .min_by(|&&x, &&y| upper[x as usize].cmp(&upper[y as usize]))?;
        let b = *graph
            .moves(v, Player::BOB)
            .iter()
            .max_by(|&&x, &&y| upper[x as usize].cmp(&upper[y as usize]))?;
        rows[i][i] += Rational::from_integer(2.into());
        for w in [a, b] {
            if graph.outcome(w).is_some() {
                rows[i][m] += end_value(w);
            } else {
                rows[i][slot[w as usize]] -= Rational::one();
            }
        }
    }
    // Gaussian elimination (rows are sparse; zero entries are skipped).
    for col in 0..m {
        let pivot = (col..m).find(|&r| !rows[r][col].is_zero())?;
        rows.swap(col, pivot);
        let inv = Rational::one() / rows[col][col].clone();
        for entry in rows[col][col..].iter_mut() {
            if !entry.is_zero() {
                *entry *= &inv;
            }
        }
        let pivot_row = rows[col].clone();
        for (r, row) in rows.iter_mut().enumerate() {
            if r == col || row[col].is_zero() {
                continue;
            }
            let factor = row[col].clone();
            for (entry, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                if !p.is_zero() {
                    *entry -= &factor * p;
                }
            }
        }
    }
    let mut x: Vec<Rational> = (0..n as u32).map(end_value).collect();
    for (i, &v) in inner.iter().enumerate() {
        x[v as usize] = rows[i][m].clone();
    }
    let two = Rational::from_integer(2.into());
    let scale = BigInt::one() << it;
    for &v in &inner {
        let a = graph
            .moves(v, Player::ALICE)
            .iter()
            .map(|&w| &x[w as usize])
            .min()?;
        let b = graph
            .moves(v, Player::BOB)
            .iter()
            .map(|&w| &x[w as usize])
            .max()?;
        let xv = &x[v as usize];
        if (a + b) / &two != *xv {
            return None;
        }
        let scaled_num = xv.numer() * &scale;
        let lo = &lower[v as usize] * xv.denom();
        let hi = &upper[v as usize] * xv.denom();
        if scaled_num < lo || scaled_num > hi {
            return None;
        }
    }
    Some(x)
}

/// The random-turn value `P(G_v)`: Alice's winning probability when a fair coin decides who
/// moves and both play optimally (bounded graphs only). Computed independently of
/// [`Richman`], to check `R(G) = 1 − P(G)` (Develin & Payne, introduction, property 2).
pub fn random_turn_values(graph: &GameGraph) -> Option<Vec<Rational>> {
    let topo = graph.topo()?;
    let half = Rational::new(1.into(), 2.into());
    let mut p = vec![Rational::zero(); graph.len()];
    for &v in topo.iter().rev() {
        p[v as usize] = match graph.outcome(v) {
            Some(Outcome::Win(Player::ALICE)) => Rational::one(),
            Some(_) => Rational::zero(),
            None => {
                let best_alice = graph
                    .moves(v, Player::ALICE)
                    .iter()
                    .map(|&w| &p[w as usize])
                    .max()?
                    .clone();
                let best_bob = graph
                    .moves(v, Player::BOB)
                    .iter()
                    .map(|&w| &p[w as usize])
                    .min()?
                    .clone();
                (best_alice + best_bob) * &half
            }
        };
    }
    Some(p)
}
