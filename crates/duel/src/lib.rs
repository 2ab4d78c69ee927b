#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub use duel_bidding as bidding;
pub use duel_core::{cancel, exact, game, limits, table, text};
pub use duel_games as games;
pub use duel_guesswho as guesswho;
pub use duel_liar as liar;
pub use duel_report as report;
pub use duel_search as search;
pub use duel_search::arena;
pub use {duel_bidding, duel_core, duel_games, duel_guesswho, duel_liar, duel_report, duel_search};
