//! The experiments of Delattre & Fournier reproduced by duel: the number of leaves Algorithm 13
//! needs to determine R(r) on Pearl's game (section 8.11), the convergence of
//! E[(R_n(r) − R(r))²], and the exact counter-example to global optimality (Remark 17).

use std::sync::Arc;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rayon::prelude::*;

use duel_core::game::Game;

use super::agent::SearchError;
use super::bayes::{Bayes, Playout};
use super::priors::{galton_watson_tables, DepthTables, PriorKind};
use super::tree::ExplicitTree;

/// (√5 − 1)/2, the leaf probability of section 8.11 (E[R(r)] = p for d = 2, K even).
pub fn golden() -> f64 {
    (5f64.sqrt() - 1.0) / 2.0
}

/// The expected number of leaves alpha-beta (the SOLVE procedure: stop at the first child that
/// decides a node, children in random order) evaluates on Pearl's tree of degree `d`, depth
/// `k`, leaf probability `p`. For d = 2, K even, p = (√5 − 1)/2 this is (2/(√5 − 1))^K
/// (Pearl; quoted in section 8.11), which Tarsi proved optimal.
pub fn alpha_beta_expected_leaves(d: u32, k: u32, p: f64) -> f64 {
    // (m, E[leaves | R = 1], E[leaves | R = 0]) from the leaves up.
    let (mut m, mut e1, mut e0) = (p, 1.0f64, 1.0f64);
    for j in (0..k).rev() {
        let df = d as i32;
        if j % 2 == 0 {
            // J1 moves: stop at the first child worth 1.
            let c = m;
            let p_some = 1.0 - (1.0 - c).powi(df);
            let mean_zeros: f64 = (0..df)
                .map(|i| i as f64 * (1.0 - c).powi(i) * c)
                .sum::<f64>()
                / p_some;
            let new_e1 = mean_zeros * e0 + e1;
            let new_e0 = d as f64 * e0;
            m = p_some;
            e1 = new_e1;
            e0 = new_e0;
        } else {
            // J0 moves: stop at the first child worth 0.
            let c = 1.0 - m;
            let p_some = 1.0 - (1.0 - c).powi(df);
            let mean_ones: f64 = (0..df)
                .map(|i| i as f64 * (1.0 - c).powi(i) * c)
                .sum::<f64>()
                / p_some;
            let new_e0 = mean_ones * e1 + e0;
            let new_e1 = d as f64 * e1;
            m = 1.0 - p_some;
            e1 = new_e1;
            e0 = new_e0;
        }
    }
    m * e1 + (1.0 - m) * e0
}

/// One run of Algorithm 13 until R_n(r) ∈ {0, 1}.
#[derive(Clone, Debug)]
pub struct SolveRun {
    /// τ: the number of distinct leaves visited.
    pub leaves: u64,
    /// Iterations (equal to `leaves` by Proposition 15 (i)).
    pub iterations: u64,
    /// R(r) found.
    pub value: bool,
    /// R_n(r) for n = 1, 2, ... (when recorded).
    pub trajectory: Vec<f64>,
}

/// Runs Algorithm 13 with `prior` from `game` until the root value is known (0 leaves when
/// the root is itself a leaf).
pub fn solve_root<G: Game>(
    game: &G,
    prior: &PriorKind,
    seed: u64,
    record: bool,
    memory_bytes: u64,
) -> Result<SolveRun, SearchError> {
    if let Some(o) = game.outcome() {
        // The root is a leaf: its value is known without visiting anything.
        return Ok(SolveRun {
            leaves: 0,
            iterations: 0,
            value: o == duel_core::game::Outcome::Win(game.to_move()),
            trajectory: Vec::new(),
        });
    }
    let mut agent: Bayes<G> = Bayes::new(prior.clone(), seed).with_memory_limit(memory_bytes);
    agent.start(game)?;
    let mut trajectory = Vec::new();
    let mut iterations = 0u64;
    while !agent.is_solved() {
        if let Some((needed_bytes, true)) = agent.short_of_memory() {
            return Err(SearchError::OutOfMemory {
                what: "the root value was determined".to_string(),
                tree_bytes: agent.tree_bytes() as u64,
                needed_bytes,
            });
        }
        if agent.memory_full() {
            return Err(SearchError::Memory {
                what: "the root value was determined".to_string(),
                // The tree's own limit: `memory_bytes`, or less where the address space left
                // is less.
                limit_bytes: (agent.max_nodes() * crate::Agent::<G>::node_bytes(&agent)) as u64,
                nodes: agent.tree_nodes(),
                node_bytes: crate::Agent::<G>::node_bytes(&agent),
            });
        }
        agent.step();
        iterations += 1;
        if record {
            trajectory.push(agent.root_value().prob());
        }
    }
    Ok(SolveRun {
        leaves: agent.leaves_visited(),
        iterations,
        value: agent.root_value().ln_q == f64::NEG_INFINITY,
        trajectory,
    })
}

/// Mean, standard deviation and standard error of a sample.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Summary {
    /// Number of trials.
    pub trials: u64,
    /// Sample mean.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// Standard error of the mean.
    pub stderr: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
}

impl Summary {
    /// The summary of `xs`.
    pub fn of(xs: &[f64]) -> Summary {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        Summary {
            trials: xs.len() as u64,
            mean,
            sd: var.sqrt(),
            stderr: (var / n).sqrt(),
            min: xs.iter().copied().fold(f64::INFINITY, f64::min),
            max: xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        }
    }
}

/// The seed of trial `i` of an experiment seeded with `seed`.
pub fn trial_seed(seed: u64, i: u64) -> u64 {
    duel_games::mix64(seed ^ duel_games::mix64(i.wrapping_add(0x7121)))
}

/// τ over `trials` independent realizations `make(trial seed)` (in parallel), and whether the
/// value found always equals `check(realization)` when given.
pub fn leaves_experiment<G, F>(
    make: F,
    prior: &PriorKind,
    trials: u64,
    seed: u64,
    memory_bytes: u64,
    tick: &(dyn Fn() + Sync),
) -> Result<(Summary, Vec<SolveRun>), SearchError>
where
    G: Game,
    F: Fn(u64) -> G + Sync,
{
    let runs: Result<Vec<SolveRun>, SearchError> = (0..trials)
        .into_par_iter()
        .map(|i| {
            let s = trial_seed(seed, i);
            let r = solve_root(&make(s), prior, s, false, memory_bytes);
            tick();
            r
        })
        .collect();
    let runs = runs?;
    let xs: Vec<f64> = runs.iter().map(|r| r.leaves as f64).collect();
    Ok((Summary::of(&xs), runs))
}

/// A Monte-Carlo estimate of E[(R_n(r) − R(r))²] for n = 1..=`n_max` over `trials`
/// realizations (section 8.11), and one trajectory n ↦ R_n(r) (the first trial's).
pub fn convergence<G, F>(
    make: F,
    prior: &PriorKind,
    trials: u64,
    n_max: usize,
    seed: u64,
    memory_bytes: u64,
) -> Result<(Vec<f64>, Vec<f64>), SearchError>
where
    G: Game,
    F: Fn(u64) -> G + Sync,
{
    type ErrorAndTrajectory = (Vec<f64>, Vec<f64>);
    let runs: Result<Vec<ErrorAndTrajectory>, SearchError> = (0..trials)
        .into_par_iter()
        .map(|i| {
            let s = trial_seed(seed, i);
            let run = solve_root(&make(s), prior, s, true, memory_bytes)?;
            let r = if run.value { 1.0 } else { 0.0 };
            let err: Vec<f64> = (0..n_max)
                .map(|n| {
                    let rn = run.trajectory.get(n).copied().unwrap_or(r);
                    (rn - r) * (rn - r)
                })
                .collect();
            let mut traj = run.trajectory;
            traj.truncate(n_max);
            Ok((err, traj))
        })
        .collect();
    let runs = runs?;
    let mut mse = vec![0.0; n_max];
    for (err, _) in &runs {
        for (a, b) in mse.iter_mut().zip(err) {
            *a += b;
        }
    }
    for a in &mut mse {
        *a /= trials as f64;
    }
    let first = runs.into_iter().next().map(|x| x.1).unwrap_or_default();
    Ok((mse, first))
}

/// The exact numbers of Remark 17 (binary tree of depth 3, Bernoulli(1/2) leaves).
#[derive(Clone, Debug)]
pub struct Remark17 {
    /// 𝔪(0..=3) of Example 23.
    pub m: Vec<BigRational>,
    /// 𝔰(0..=3).
    pub s: Vec<BigRational>,
    /// E[(R_n(r) − R(r))²], n = 1, 2, 3, for Algorithm 13 (run by duel's implementation).
    pub algorithm13: Vec<BigRational>,
    /// The same for the alternative admissible strategy of the proof of Remark 17.
    pub alternative: Vec<BigRational>,
    /// The leaves Algorithm 13 visits first when R(111) = 1, then 0 (words).
    pub first_leaves: Vec<String>,
    /// R_1(r) when R(x_1) = 1 and when R(x_1) = 0.
    pub r1: (BigRational, BigRational),
}

fn rat(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

/// R_n of the root of the complete binary tree of depth 3 knowing the visited leaves
/// (Proposition 9, exactly).
fn exact_rn(visited: &[(usize, bool)], m: &[BigRational]) -> BigRational {
    fn rec(word: usize, depth: usize, visited: &[(usize, bool)], m: &[BigRational]) -> BigRational {
        // Leaves under `word` are word * 2^(3-depth) .. +2^(3-depth).
        let span = 1usize << (3 - depth);
        let lo = word * span;
        let seen: Vec<&(usize, bool)> = visited
            .iter()
            .filter(|(l, _)| *l >= lo && *l < lo + span)
            .collect();
        if seen.is_empty() {
            return m[depth].clone();
        }
        if depth == 3 {
            return if seen[0].1 {
                BigRational::one()
            } else {
                BigRational::zero()
            };
        }
        let a = rec(2 * word, depth + 1, visited, m);
        let b = rec(2 * word + 1, depth + 1, visited, m);
        if depth % 2 == 1 {
            a * b
        } else {
            BigRational::one() - (BigRational::one() - a) * (BigRational::one() - b)
        }
    }
    rec(0, 0, visited, m)
}

fn leaf_word(index: usize) -> String {
    (0..3)
        .map(|b| if index >> (2 - b) & 1 == 1 { '2' } else { '1' })
        .collect()
}

/// Computes Remark 17 exactly: Algorithm 13 (duel's implementation, with the 𝔪, 𝔰 of Example
/// 23 and deterministic leaves) and the alternative strategy, over all 256 outcomes.
pub fn remark17() -> Remark17 {
    let two = vec![BigRational::zero(), BigRational::zero(), BigRational::one()];
    let mu = vec![two.clone(), two.clone(), two, vec![BigRational::one()]];
    let half = rat(1, 2);
    let q = vec![half.clone(); 4];
    let (m, s) = galton_watson_tables(&mu, &q);
    let to_f = |x: &BigRational| {
        let (n, d) = (x.numer().to_string(), x.denom().to_string());
        n.parse::<f64>().unwrap_or(0.0) / d.parse::<f64>().unwrap_or(1.0)
    };
    let tables = DepthTables {
        m: m.iter().map(to_f).collect(),
        s: s.iter().map(to_f).collect(),
    };
    let prior = PriorKind::Depth(Arc::new(tables));
    let mut alg = vec![BigRational::zero(); 3];
    let mut alt = vec![BigRational::zero(); 3];
    let mut first_leaves = vec![String::new(), String::new()];
    let mut r1 = (BigRational::zero(), BigRational::zero());
    for bits in 0..256usize {
        let leaves: Vec<bool> = (0..8).map(|i| bits >> (7 - i) & 1 == 1).collect();
        let tree = ExplicitTree::complete(2, 3, &leaves);
        let truth = if tree.minimax() {
            BigRational::one()
        } else {
            BigRational::zero()
        };
        // Algorithm 13.
        let mut agent: Bayes<ExplicitTree> =
            Bayes::new(prior.clone(), 0).with_playout(Playout::First);
        agent
            .start(&tree)
            .expect("a prior given by depth is not fitted, so it starts");
        for (n, slot) in alg.iter_mut().enumerate() {
            agent.step();
            let visited: Vec<(usize, bool)> = agent
                .visited_leaf_paths()
                .iter()
                .map(|p| {
                    let idx = p.iter().fold(0usize, |acc, &c| acc * 2 + c as usize);
                    (idx, leaves[idx])
                })
                .collect();
            let rn = exact_rn(&visited, &m);
            if n == 0 {
                let v = visited[0].1;
                if v {
                    r1.0 = rn.clone()
                } else {
                    r1.1 = rn.clone()
                }
            }
            if n == 1 && bits >> 7 == 1 {
                first_leaves[0] = visited
                    .iter()
                    .map(|x| leaf_word(x.0))
                    .collect::<Vec<_>>()
                    .join(",");
            }
            if n == 1 && bits >> 7 == 0 {
                first_leaves[1] = visited
                    .iter()
                    .map(|x| leaf_word(x.0))
                    .collect::<Vec<_>>()
                    .join(",");
            }
            *slot += (rn.clone() - truth.clone()) * (rn - truth.clone())
                / BigRational::from_integer(256.into());
        }
        // The alternative strategy of the proof of Remark 17 (leaf indices: 111 = 0, ..., 222 = 7).
        let v = |i: usize| leaves[i];
        let mut seq = vec![0usize];
        if v(0) {
            seq.push(2); // 121
            if !v(2) {
                seq.push(3); // 122
            }
        } else {
            seq.push(4); // 211
            seq.push(if v(4) { 6 } else { 1 }); // 221 or 112
        }
        for (n, slot) in alt.iter_mut().enumerate() {
            let visited: Vec<(usize, bool)> = seq.iter().take(n + 1).map(|&i| (i, v(i))).collect();
            let rn = exact_rn(&visited, &m);
            *slot += (rn.clone() - truth.clone()) * (rn - truth.clone())
                / BigRational::from_integer(256.into());
        }
    }
    Remark17 {
        m,
        s,
        algorithm13: alg,
        alternative: alt,
        first_leaves,
        r1,
    }
}
