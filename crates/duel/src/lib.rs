//! duel: solve and play two-player games of search and strategy.
//!
//! One module per domain, each built from a paper (see `shared/DESIGN.md`):
//!
//! - [`guesswho`]: Guess Who under the race rules (Nica), the official rules (Cushing et al.)
//!   and a free-guess variant, with yes/no and three-way questions.
//! - [`liar`]: the Rényi–Ulam liar game with any number of lies (Ellis, Ponomarenko & Yan).
//! - [`bidding`]: Richman and discrete bidding games (Develin & Payne).
//! - [`search`]: exact minimax, MCTS and the Bayesian search of Delattre & Fournier,
//!   over the games of [`games`] that implement [`game::Game`].
//! - [`arena`]: matches between search agents, in parallel and in shards.
//! - [`report`]: the reproduction report, one section per domain.
//!
//! The library never prints and never exits: it returns values and typed errors.

pub mod arena;
pub mod bidding;
pub mod exact;
pub mod game;
pub mod games;
pub mod guesswho;
pub mod liar;
pub mod report;
pub mod search;
