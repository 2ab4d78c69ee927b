//! Tree search: minimax, MCTS (Algorithms 30 and 31 of Delattre & Fournier), UCT, and the
//! Bayesian step-by-step optimal search (Algorithm 13) with its priors Sym, SymP, GW and GW2.
//!
//! ```
//! use duel_core::game::Value;
//! use duel_games::tictactoe::TicTacToe;
//! use duel_search::minimax::{solve, MinimaxOptions};
//!
//! // Tic-Tac-Toe is a draw with perfect play.
//! let s = solve(&TicTacToe::new(), &MinimaxOptions::default()).unwrap();
//! assert_eq!(s.value, Value::Draw);
//! ```

#![warn(missing_docs)]

pub mod agent;
pub mod answer;
pub mod arena;
pub mod bayes;
pub mod experiments;
mod huge_vec;
pub mod logit;
pub mod mcts;
pub mod minimax;
pub mod move_values;
pub mod priors;
pub mod session;
pub mod solver;
pub mod spec;
pub mod tree;
pub mod turn;

pub use agent::{
    Agent, Budget, OutOfBudget, SearchError, SearchResult, StopReason, Unsupported, Work,
};
pub use spec::AgentSpec;
