#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod answer;
pub mod carole;
pub mod certify;
mod key;
pub mod limits;
pub mod minq;
pub mod paul;
pub mod play;
pub mod solver;
pub mod splitting;
pub mod state;
pub mod tables;
pub mod verify;
mod winner;

pub use certify::{certify, Certificate, Certifier};
pub use key::bytes_per_entry;
pub use limits::{BYTES_PER_ENTRY, MAX_MEMO_BYTES};
pub use minq::{
    judge_question, max_questions_pathological, max_questions_pathological_with, min_questions,
    min_questions_with, solve, solve_state, Budget, MaxQuestions, MinQuestions, SolveResult,
};
pub use solver::{Outcome, Policy, Solver};
pub use state::{berlekamp_volume, Answer, LiarError, Stop, TooLarge, Variant};
pub use winner::{Method, Winner};
