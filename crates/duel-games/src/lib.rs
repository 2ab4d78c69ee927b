#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

#[doc(hidden)]
pub mod conformance;
pub mod connect;
pub mod connect4;
pub mod galton_watson;
mod mix;
mod move_text;
pub mod pearl;
pub mod registry;
pub mod spec;
mod spec_parts;
pub mod tictactoe;

pub use mix::mix64;
pub use move_text::parse_child_moves;
pub use spec::{parse_game, AnyGame, GameVisitor};
