//! duel's foundations, shared by every other crate: exact numbers ([`exact`]) and the
//! contract every game of search implements ([`game`]: the [`game::Game`] trait, players and
//! outcomes).

pub mod exact;
pub mod game;
pub mod table;
