#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod agent;
pub mod answer;
pub mod arena;
pub mod bayes;
pub mod conditional;
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
