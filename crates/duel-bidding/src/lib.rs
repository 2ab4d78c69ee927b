#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod allk;
pub mod answer;
pub mod boards;
pub mod brute;
pub mod discrete;
mod error;
pub mod games;
pub mod graph;
pub mod layered;
mod memory;
pub mod paper;
pub mod periodicity;
pub mod realvalued;
pub mod richman;
pub mod rows_estimate;
pub mod session;
mod tie_rule;
pub mod ttt;

pub use error::{
    bound_text, count_text, megabytes_text, BiddingError, ChipsOutOfRange, GameNameError,
    ModelError, PositionError, Solver, TooMany,
};

/// A float approximation of an exact value, for display next to the fraction.
pub fn approx(value: &duel_core::exact::Rational) -> f64 {
    num_traits::ToPrimitive::to_f64(value).unwrap_or(f64::NAN)
}
