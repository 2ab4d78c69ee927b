//! The answers of `duel bidding`: one function per command that chooses the solver, runs it
//! and returns a serializable answer. The JSON field names of the command line contract
//! (`shared/DESIGN.md`) are these types' fields; front ends (the command line, later the web
//! server and the Python package) only read their inputs, call one function and print.
//!
//! - [`richman`]: `R(G)` on the explicit graph, or on a dense table for boards too large for it.
//! - [`threshold`]: `f(G, K)` for one total under any totally ordered tie-breaking rule.
//! - [`table`]: `f(G, k)` for every `k ≤ K` as a [`duel_core::table::Tabular`], with the period.
//! - [`period`]: the proved period of a board's thresholds (periodic rows).
//! - [`moves`]: the optimal bid and moves from a position.
//! - [`taxman`]: poorman and taxman thresholds.
//!
//! Long computations report progress through `&mut dyn FnMut(u64, u64)`, called with (work
//! done, work in all).

pub mod moves;
pub mod period;
pub mod richman;
pub mod table;
pub mod taxman;
pub mod threshold;

pub use moves::{moves_answer, AdviceAnswer, MovesAnswer, SearchMovesAnswer};
pub use period::{period_answer, PeriodAnswer, PERIOD_PROOF};
pub use richman::{
    dyadic_text, richman_answer, DenseRichmanAnswer, GraphRichmanAnswer, RichmanAnswer,
};
pub use table::{
    table_answer, table_answer_until, LayeredTable, TablePeriod, TableSource, ThresholdTable,
};
pub use taxman::{taxman_answer, TaxmanAnswer};
pub use threshold::{threshold_answer, ThresholdAnswer, ThresholdMethod, ThresholdValue};

use std::fmt::Display;

use num_bigint::BigInt;
use num_traits::ToPrimitive;
use serde::Serializer;

use super::discrete::MAX_TOTAL;
use super::BiddingError;
use duel_core::exact::Rational;
use duel_core::game::Player;

/// Reads a total of chips: a non-negative integer of at most [`MAX_TOTAL`]; `what` names it in
/// the error (e.g. `--chips`).
pub fn parse_total(text: &str, what: &str) -> Result<u64, BiddingError> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BiddingError::NotACount {
            what: what.to_string(),
            text: text.to_string(),
        });
    }
    let k: u64 = t.parse().map_err(|_| BiddingError::CountOverflow {
        what: what.to_string(),
        text: text.to_string(),
    })?;
    check_total(k, what)?;
    Ok(k)
}

/// Refuses a total above [`MAX_TOTAL`], named `what` in the error.
fn check_total(k: u64, what: &str) -> Result<(), BiddingError> {
    if k > MAX_TOTAL {
        return Err(BiddingError::TotalTooLarge {
            what: what.to_string(),
            total: k,
            limit: MAX_TOTAL,
        });
    }
    Ok(())
}

/// Reads Alice's and Bob's chips written `A,B`.
pub fn parse_chip_pair(text: &str) -> Result<(u64, u64), BiddingError> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| BiddingError::NotAChipPair(text.to_string()))?;
    Ok((
        parse_total(a, "Alice's chips")?,
        parse_total(b, "Bob's chips")?,
    ))
}

/// Reads a player: `alice` or `bob`.
pub fn parse_player(text: &str) -> Result<Player, BiddingError> {
    match text {
        "alice" => Ok(Player::ALICE),
        "bob" => Ok(Player::BOB),
        _ => Err(BiddingError::NotAPlayer(text.to_string())),
    }
}

/// Reads the tax of taxman bidding: a fraction such as `1`, `0` or `1/2` (its range is checked
/// by [`taxman_answer`]).
pub fn parse_tax(text: &str) -> Result<Rational, BiddingError> {
    text.parse()
        .map_err(|_| BiddingError::NotATax(text.to_string()))
}

/// Serializes a value by its `Display` text (fractions `n/d`, chip counts `12*`).
fn as_text<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Serializes an optional value by its `Display` text, `null` when absent.
fn as_optional_text<T: Display, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => s.collect_str(v),
        None => s.serialize_none(),
    }
}

/// Serializes an optional integer as a JSON number where it fits in 64 bits, otherwise as its
/// digits in a string; `null` when absent.
fn as_count<S: Serializer>(value: &Option<BigInt>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(x) => match x.to_u64() {
            Some(u) => s.serialize_u64(u),
            None => s.collect_str(x),
        },
        None => s.serialize_none(),
    }
}
