//! A paper-equivalent clock: the budget of work units ([`Budget::Work`]) that gives an agent
//! a target mean number of iterations at its first move.
//!
//! Delattre & Fournier give each agent `t` ms a move on their machine and print the mean
//! iterations each did at the first move. A budget of work units stands for that time: on the
//! first move it buys the printed mean (the calibration below), and later, as matches get
//! shorter and iterations cheaper, it buys more iterations, as the time did. Units count steps
//! ([`crate::agent::Work::units`]), not seconds, so a seed gives the same games on any machine
//! and with any number of threads.
//!
//! The calibration plays the first move of the game from `samples` starts (for a random tree,
//! the realizations of the first `samples` pairs of games of a run seeded `seed`, each with
//! the seed of agent A of that pair's first game), and searches for the units whose mean
//! iteration count over them is the target: mean iterations are non-decreasing in the units,
//! seed by seed, so a bisection finds the smallest units reaching the target.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::realization::game_start;
use super::{agent_seed, is_random_tree};
use crate::{AgentSpec, Budget, SearchError};
use duel_games::{with_game, AnyGame};

/// The units of a calibrated budget and what they buy at the first move.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    /// Work units per move.
    pub units: u64,
    /// The mean iterations they buy at the first move, over the samples.
    pub mean_iterations: f64,
    /// The iterations aimed at.
    pub target: u64,
    /// First moves averaged.
    pub samples: u64,
}

impl Calibration {
    /// The relative gap between the mean iterations bought and the target.
    pub fn error(&self) -> f64 {
        (self.mean_iterations - self.target as f64).abs() / self.target as f64
    }
}

/// The iterations of the first move of `game` searched by `agent` with `budget`, from each of
/// `samples` starts (see the module documentation), and the work units each took.
pub fn first_moves(
    game: &AnyGame,
    agent: &AgentSpec,
    budget: Budget,
    seed: u64,
    samples: u64,
) -> Result<Vec<(u64, u64)>, SearchError> {
    (0..samples)
        .into_par_iter()
        .map(|j| {
            let index = 2 * j;
            let start = if is_random_tree(game) {
                game_start(game, seed, index)
            } else {
                game.clone()
            };
            with_game!(start, start => {
                let mut a = agent.build(agent_seed(seed, index, 0));
                a.set_history(&start, &[]);
                let r = a.search(&start, budget)?;
                Ok((r.iterations, a.work().units()))
            })
        })
        .collect()
}

/// The mean iterations of [`first_moves`] with `budget`.
pub fn mean_first_move(
    game: &AnyGame,
    agent: &AgentSpec,
    budget: Budget,
    seed: u64,
    samples: u64,
) -> Result<f64, SearchError> {
    let runs = first_moves(game, agent, budget, seed, samples)?;
    Ok(runs.iter().map(|r| r.0 as f64).sum::<f64>() / samples.max(1) as f64)
}

/// The smallest units per move whose mean first-move iterations over `samples` starts reach
/// `target` (at most 0.5 % above it where one unit more jumps past it), for `agent` on `game`.
pub fn calibrate(
    game: &AnyGame,
    agent: &AgentSpec,
    target: u64,
    seed: u64,
    samples: u64,
) -> Result<Calibration, SearchError> {
    let mean_iterations =
        |units: u64| mean_first_move(game, agent, Budget::Work(units), seed, samples);
    // The first guess: the mean units of `target` iterations.
    let runs = first_moves(game, agent, Budget::Iterations(target), seed, samples)?;
    let guess = (runs.iter().map(|r| r.1 as f64).sum::<f64>() / samples.max(1) as f64) as u64;
    let goal = target as f64;
    // Bracket the target about the guess, [lo, hi] with mean(lo) < goal ≤ mean(hi), moving
    // each end by the ratio of the goal to the mean it bought (iterations are nearly
    // proportional to units), then bisect to 0.1 %.
    let (mut lo, mut hi) = (0u64, guess.max(1));
    let mut at_hi = mean_iterations(hi)?;
    let mut rounds = 0;
    while at_hi < goal {
        rounds += 1;
        let next = ((hi as f64) * (goal / at_hi.max(1.0)) * 1.01).ceil() as u64;
        let next = next.max(hi + 1);
        let m = mean_iterations(next)?;
        if rounds > 12 || (m <= at_hi && next > 64 * guess.max(1)) {
            // More units buy no more iterations (searches stopped by a proof or the memory
            // limit): the most they buy.
            return Ok(Calibration {
                units: next,
                mean_iterations: m,
                target,
                samples,
            });
        }
        (lo, hi, at_hi) = (hi, next, m);
    }
    if lo == 0 {
        let mut below = ((hi as f64) * (goal / at_hi) * 0.99) as u64;
        loop {
            let m = mean_iterations(below)?;
            if m < goal || below == 0 {
                lo = below;
                break;
            }
            (hi, at_hi) = (below, m);
            below = (below as f64 * 0.98) as u64;
        }
    }
    while hi - lo > 1 && (hi - lo) as f64 > 0.001 * hi as f64 {
        let mid = lo + (hi - lo) / 2;
        let m = mean_iterations(mid)?;
        if m < goal {
            lo = mid;
        } else {
            (hi, at_hi) = (mid, m);
        }
    }
    Ok(Calibration {
        units: hi,
        mean_iterations: at_hi,
        target,
        samples,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_games::parse_game;

    fn spec(s: &str) -> AgentSpec {
        AgentSpec::parse(s).unwrap()
    }

    #[test]
    fn a_calibrated_budget_buys_the_target_at_the_first_move() {
        let game = parse_game("connect:7x6:4").unwrap();
        for (agent, target) in [("mcts:a=1.5,b=1.5,draw=0", 53), ("sym", 33)] {
            let c = calibrate(&game, &spec(agent), target, 1, 16).unwrap();
            assert!(c.error() < 0.02, "{agent}: {c:?}");
            assert!(c.mean_iterations >= target as f64, "{agent}: {c:?}");
            // One unit less buys less than the target on average: the smallest such budget.
            let below =
                mean_first_move(&game, &spec(agent), Budget::Work(c.units - 1), 1, 16).unwrap();
            assert!(below <= c.mean_iterations, "{agent}: {below} then {c:?}");
        }
    }

    #[test]
    fn calibration_is_the_same_on_any_number_of_threads() {
        let game = parse_game("pearl:2:16").unwrap();
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| calibrate(&game, &spec("symp"), 300, 5, 8).unwrap())
        };
        assert_eq!(run(1), run(2));
    }

    #[test]
    fn more_units_never_buy_fewer_iterations() {
        let game = parse_game("pearl:2:16").unwrap();
        for agent in ["mcts-prime:a=5,b=7.5,draw=0", "symp"] {
            let mut last = [0; 6];
            for units in [500, 1_000, 4_000, 16_000] {
                let runs = first_moves(&game, &spec(agent), Budget::Work(units), 3, 6).unwrap();
                for (j, r) in runs.iter().enumerate() {
                    assert!(r.0 >= last[j], "{agent} at {units}: {runs:?}");
                    assert!(r.1 >= units, "{agent} at {units}: stopped before its units");
                    last[j] = r.0;
                }
            }
        }
    }
}
