//! The `solver` agent: the exact minimax value of every move ([`super::minimax::solve`]),
//! a winning move if there is one, else a drawing one. Its budget is a number of positions, or
//! milliseconds (a deadline).

use std::marker::PhantomData;
use std::time::Instant;

use crate::game::{Game, Outcome, Value};

use super::agent::{Agent, Budget, SearchError, SearchResult, StopReason};
use super::minimax::{solve, MinimaxError, MinimaxOptions};

/// The exact agent.
pub struct Solver<G: Game> {
    _game: PhantomData<fn(G)>,
}

impl<G: Game> Solver<G> {
    /// A new solver agent.
    pub fn new() -> Self {
        Solver { _game: PhantomData }
    }
}

impl<G: Game> Default for Solver<G> {
    fn default() -> Self {
        Self::new()
    }
}

fn rank(v: Value) -> u8 {
    match v {
        Value::Loss => 0,
        Value::Draw => 1,
        Value::Win => 2,
    }
}

impl<G: Game> Agent<G> for Solver<G> {
    fn name(&self) -> String {
        "solver".to_string()
    }

    fn search(
        &mut self,
        position: &G,
        budget: Budget,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let budget = budget.validate_for(position)?;
        let t0 = Instant::now();
        // A budget in milliseconds is a deadline for all the moves' searches together.
        let (max_nodes, millis) = match budget {
            Budget::Iterations(n) => (n, None),
            Budget::Millis(t) => (u64::MAX, Some(t)),
        };
        let opts = MinimaxOptions {
            max_nodes,
            deadline: millis.map(|t| t0 + std::time::Duration::from_millis(t)),
            ..MinimaxOptions::default()
        };
        let me = position.to_move();
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let mut best: Option<(G::Move, Value)> = None;
        let mut nodes = 0u64;
        for mv in moves {
            let mut child = position.clone();
            child.play(mv);
            let v = match child.outcome() {
                Some(Outcome::Draw) => Value::Draw,
                Some(Outcome::Win(p)) if p == me => Value::Win,
                Some(Outcome::Win(_)) => Value::Loss,
                None => match solve(&child, &opts) {
                    Ok(s) => {
                        nodes += s.nodes;
                        s.value.negate()
                    }
                    Err(MinimaxError::OutOfTime { nodes: n }) => {
                        return Err(SearchError::Unsupported(format!(
                            "the solver could not finish within its {} ms ({} positions searched): the game is too large for exact search here (use an MCTS or Bayesian agent)",
                            millis.unwrap_or_default(),
                            nodes + n
                        )))
                    }
                    Err(MinimaxError::TooLarge { max_nodes }) => {
                        return Err(SearchError::Unsupported(format!(
                            "the solver could not finish within {max_nodes} positions: the game is too large for exact search here (use an MCTS or Bayesian agent)"
                        )))
                    }
                    Err(e) => return Err(SearchError::Unsupported(e.to_string())),
                },
            };
            if best.map_or(true, |(_, b)| rank(v) > rank(b)) {
                best = Some((mv, v));
            }
            if v == Value::Win {
                break;
            }
        }
        let (mv, v) = best.ok_or(SearchError::Finished)?;
        Ok(SearchResult {
            best: mv,
            estimate: rank(v) as f64 / 2.0,
            iterations: nodes,
            millis: t0.elapsed().as_secs_f64() * 1000.0,
            stopped: StopReason::Solved,
            tree_nodes: 0,
            reused_tree: false,
        })
    }

    fn node_bytes(&self) -> usize {
        0
    }
}
