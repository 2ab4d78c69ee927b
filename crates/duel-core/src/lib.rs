//! duel's foundations, shared by every other crate: exact numbers ([`exact`]) and the
//! contract every game of search implements ([`game`]: the [`game::Game`] trait, players and
//! outcomes), and [`text::quote`], which makes what a user typed safe to echo in a message.
//!
//! ```
//! use duel_core::exact::Chips;
//!
//! // Develin & Payne's chip counts: `12*` is twelve chips with the tie-breaking advantage,
//! // worth more than 12 and less than 13.
//! let c: Chips = "12*".parse().unwrap();
//! assert!("12".parse::<Chips>().unwrap() < c && c < "13".parse().unwrap());
//! assert_eq!(c.to_string(), "12*");
//! ```

#![warn(missing_docs)]

pub mod exact;
pub mod game;
pub mod input;
pub mod limits;
pub mod table;
pub mod text;
