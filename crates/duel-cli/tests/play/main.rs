//! `duel play` (`src/play/`): whole games scripted through stdin, one module for each kind of
//! game: `agent` a game of the registry against a search agent, `bidding` the bidding games,
//! `papers` Guess Who and the liar game.

#[path = "../common/mod.rs"]
mod common;

mod agent;
mod bidding;
mod papers;
