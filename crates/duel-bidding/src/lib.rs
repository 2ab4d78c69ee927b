//! Richman and discrete bidding games (Develin & Payne, *Discrete bidding games*, 2010).
//!
//! - [`graph`]: the game model (a coloured directed graph) and the [`graph::BiddingGame`]
//!   trait from which graphs are built.
//! - [`richman`]: the classical Richman calculus, exact; random-turn values.
//! - [`discrete`]: the discrete Richman calculus (Theorem 3.7) and Make-it Take-it.
//! - [`allk`]: Theorem 3.7 for every total at once, layer by layer (large boards).
//! - [`brute`]: direct game search with explicit bids under every tie-breaking rule.
//! - [`periodicity`]: Theorems 3.13 and 3.14: `f(G, k)` for any `k` from a finite table.
//! - [`realvalued`]: poorman and taxman bidding (real-valued, exact rationals).
//! - [`boards`], [`games`]: Tic-Tac-Toe, Connect-K, Hex, Tug o' War, Ultimatum, A^n, B^n, E,
//!   wedge sums, and their names.
//! - [`answer`]: one function per question a front end asks (`duel bidding richman`,
//!   `threshold`, `table`, `period`, `moves`, `taxman`), each choosing the solver and returning
//!   a serializable answer.
//! - [`BiddingError`]: why a computation could not be done, as data (the numbers, the text
//!   given, the [`Solver`] and its limit), printed as one sentence.
//!
//! ```
//! use duel_bidding::games::parse_game;
//! use duel_bidding::richman::Richman;
//!
//! // Develin & Payne, section 6: the Richman value of Tic-Tac-Toe is 133/256.
//! let built = parse_game("tictactoe")?.build()?;
//! let r = Richman::solve(&built.graph)?;
//! assert_eq!(r.value(built.graph.start()).to_string(), "133/256");
//! # Ok::<(), duel_bidding::BiddingError>(())
//! ```

#![warn(missing_docs)]

pub mod allk;
pub mod answer;
pub mod boards;
pub mod brute;
pub mod discrete;
mod error;
pub mod games;
pub mod graph;
pub mod layered;
mod memory;
pub mod paper;
pub mod periodicity;
pub mod realvalued;
pub mod richman;
pub mod ttt;

pub use error::{
    BiddingError, ChipsOutOfRange, GameNameError, ModelError, PositionError, Solver, TooMany,
};

/// `n` as `a·10^e` (e.g. `2·10^10`, or `10^9` where `a` is 1) where it ends in at least three zeros, else its digits.
fn power_of_ten_text(n: u64) -> String {
    let mut e = 0;
    let mut a = n;
    while a != 0 && a % 10 == 0 {
        a /= 10;
        e += 1;
    }
    if e < 3 {
        n.to_string()
    } else if a == 1 {
        format!("10^{e}")
    } else {
        format!("{a}·10^{e}")
    }
}

/// A count for messages: its digits, or "more than 10^38" where it saturated at `u128::MAX`
/// (the bounds on positions and bytes saturate rather than overflow, so `u128::MAX` stands for
/// a count too large for 128 bits, and printing its digits would claim an exact figure).
pub fn count_text(count: u128) -> String {
    if count == u128::MAX {
        "more than 10^38".to_string()
    } else {
        count.to_string()
    }
}

/// An upper bound for messages: "up to N", or "more than 10^38" where it saturated (see
/// [`count_text`]).
pub fn bound_text(bound: u128) -> String {
    if bound == u128::MAX {
        count_text(bound)
    } else {
        format!("up to {bound}")
    }
}

/// A number of bytes in whole megabytes (10^6) for messages, honest where it saturated (see
/// [`count_text`]).
pub fn megabytes_text(bytes: u128) -> String {
    if bytes == u128::MAX {
        "more than 10^32".to_string()
    } else {
        (bytes / 1_000_000).to_string()
    }
}

/// A float approximation of an exact value, for display next to the fraction.
pub fn approx(value: &duel_core::exact::Rational) -> f64 {
    num_traits::ToPrimitive::to_f64(value).unwrap_or(f64::NAN)
}
