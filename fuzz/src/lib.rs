//! The checks behind the fuzz targets: each feeds one text to a family of duel's parsers and
//! asserts the contract "an error or a value, never a panic", with a round trip where one is
//! cheap. `crates/duel/tests/fuzz_corpus.rs` replays the committed corpora through the same
//! file, so a crash once found stays a test.

// Re-exported so that `checks` names them through `super`, as the workspace test does.
pub use {duel_bidding, duel_core, duel_games, duel_guesswho, duel_liar, duel_search};

pub mod checks;
