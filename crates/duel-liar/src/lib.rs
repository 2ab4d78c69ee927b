//! Rényi–Ulam liar games with any number of lies (Ellis, Ponomarenko & Yan, "How to play the
//! one-lie Rényi–Ulam game", generalised to `e` lies).
//!
//! Paul searches for one of `n` objects with `q` yes/no questions; Carole answers and may lie
//! up to `e` times. The state `(q; x_0, …, x_e)` counts the objects that would have needed
//! exactly `i` lies ([`state`]). The modules:
//!
//! - [`state`]: states, questions, successors, the Berlekamp volume;
//! - [`limits`]: the sizes of games the solvers accept, their memory and time budgets;
//! - [`solver`]: the exhaustive solver (ground truth) and its heuristic mode;
//! - [`splitting`]: the paper's one-lie splitting strategy, Lemma 1, Corollaries 1 and 2;
//! - [`certify`](mod@certify): proofs that a strategy wins, by recursion over count vectors;
//! - [`minq`]: the fewest questions, with certified lower and upper bounds;
//! - [`paul`], [`carole`]: a game played by a person as Paul or as Carole;
//! - [`answer`]: the answers of the `duel liar` commands.
//!
//! ```
//! use duel_liar::berlekamp_volume;
//!
//! // One lie, 4 questions left, 2 objects with no lie and 1 with one lie: each object with
//! // no lie has 1 + 4 = 5 possible answer sequences, the other 1, so the volume is 11, less
//! // than 2^4 = 16 (Berlekamp's bound does not exclude a win for Paul).
//! assert_eq!(berlekamp_volume(4, &[2, 1]).to_string(), "11");
//! ```

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

pub use certify::{certify, Certificate, Certifier};
pub use key::bytes_per_entry;
pub use limits::{BYTES_PER_ENTRY, MAX_MEMO_BYTES};
pub use minq::{
    judge_question, max_questions_pathological, max_questions_pathological_with, min_questions,
    min_questions_with, solve, solve_state, Budget, MaxQuestions, MinQuestions, SolveResult,
};
pub use solver::{Outcome, Policy, Solver};
pub use state::{berlekamp_volume, Answer, LiarError, Stop, TooLarge, Variant};
