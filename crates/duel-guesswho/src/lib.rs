#![doc = include_str!("../README.md")]
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
