//! duel: solve and play two-player games of search and strategy.
//!
//! This crate gathers duel's crates under one name; each has one job (see `shared/DESIGN.md`):
//!
//! - [`exact`], [`game`], [`limits`], [`table`] and [`text`] ([`duel_core`]): exact numbers,
//!   the [`game::Game`] contract, players and outcomes, memory limits, the table type, user
//!   text quoted for messages.
//! - [`games`] ([`duel_games`]): the concrete games, their names, conformance checks and the
//!   Connect Four solver.
//! - [`search`] and [`arena`] ([`duel_search`]): exact minimax, MCTS and the Bayesian search of
//!   Delattre & Fournier; matches between search agents.
//! - [`guesswho`] ([`duel_guesswho`]): Guess Who under the race rules (Nica), the official
//!   rules (Cushing et al.) and a free-guess variant, with yes/no and three-way questions.
//! - [`liar`] ([`duel_liar`]): the Rényi–Ulam liar game with any number of lies (Ellis,
//!   Ponomarenko & Yan).
//! - [`bidding`] ([`duel_bidding`]): Richman and discrete bidding games (Develin & Payne).
//! - [`report`] ([`duel_report`]): the reproduction report, one section per paper.
//!
//! The library never prints and never exits: it returns values and typed errors.
//!
//! ```
//! use duel::guesswho::{Questions, Rules, Table};
//!
//! // Cushing et al., Theorem 1.1: under the official rules, the first player wins
//! // P(24, 24) = 5/9 of the games.
//! let table = Table::solve(24, Rules::Official, Questions::Two)?;
//! assert_eq!(table.probability(24, 24)?.to_string(), "5/9");
//! # Ok::<(), duel::guesswho::GuessWhoError>(())
//! ```

#![warn(missing_docs)]

pub use duel_bidding as bidding;
pub use duel_core::{exact, game, limits, table, text};
pub use duel_games as games;
pub use duel_guesswho as guesswho;
pub use duel_liar as liar;
pub use duel_report as report;
pub use duel_search as search;
pub use duel_search::arena;
pub use {duel_bidding, duel_core, duel_games, duel_guesswho, duel_liar, duel_report, duel_search};
