//! Concrete games implementing [`crate::game::Game`], and the game-name parser.

#[doc(hidden)]
pub mod conformance;
pub mod connect;
pub mod connect4;
pub mod spec;
pub mod tictactoe;

pub use spec::{parse_game, AnyGame, GameVisitor};

mod report;

pub use report::report_section;

pub mod galton_watson;
pub mod pearl;
