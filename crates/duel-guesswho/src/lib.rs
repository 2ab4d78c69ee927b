//! Guess Who, solved exactly.
//!
//! A position `(n, m)`: the player to move has `n` candidates left, the opponent `m`. A turn is
//! a question that splits the `n` candidates into parts (yes/no, or the three-way
//! "headbusting" questions of Cushing et al., section 1.1) or, where the [`Rules`] allow, a
//! guess. [`Table`] holds the exact value `P(n, m)` of every position up to a size, as the
//! integer `N(n, m) = n·m·P(n, m)`; [`closed_form`] holds the theorems of the papers and
//! [`verify`] checks them against the table.
//!
//! ```
//! use duel_guesswho::{Questions, Rules, Table};
//!
//! // Cushing et al., Theorem 1.1: under the official rules the first player wins
//! // P(24, 24) = 5/9 of the games.
//! let table = Table::solve(24, Rules::Official, Questions::Two)?;
//! assert_eq!(table.probability(24, 24)?.to_string(), "5/9");
//! # Ok::<(), duel_guesswho::GuessWhoError>(())
//! ```

#![warn(missing_docs)]

pub mod closed_form;
pub mod continuous;
pub mod faces;
pub mod heatmap;
pub mod plot;
pub mod rules;
pub mod session;
pub mod table;
mod tabular;
pub mod value;
pub mod verify;

pub use rules::{GuessWhoError, Move, Questions, Rules, MAX_TABLE_BYTES};
pub use table::{bytes_needed, check_band_size, check_size, Prob, Table};
pub use value::{value, ValueAnswer, ValueQuery};
pub use verify::{verify_up_to, VerifyAnswer};
