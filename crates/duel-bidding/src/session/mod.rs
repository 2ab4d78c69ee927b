//! A game of discrete bidding against the optimal bidder, under the tie-breaking advantage
//! (Develin & Payne, section 2.3) or another tie rule of the appendix (played by search,
//! [`crate::brute`]): the whole game is a [`BiddingState`] that a front end keeps
//! and sends back, so a server answering it holds nothing between requests.
//!
//! Each round both players bid at once; the higher bid wins, and the winner pays the bid to the
//! loser. The winner of the bid moves, or in a zugzwang makes the other player move (section 1).
//! Each entry point reads the state's tie rule and hands the request to the play of that rule.
//!
//! - `state`: the types a front end sees: the state, a bid, a round, a move, the view.
//! - `advantage`: the play under the tie-breaking advantage, from the thresholds of Theorem 3.7.
//! - `search`: the play under Make-it Take-it, Loser's Ball and Ladies First, from two searches.

mod advantage;
mod search;
mod state;

pub use search::{SEARCH_SESSION_CHIPS, SEARCH_SESSION_WORK};
pub use state::{Bid, BiddingState, BiddingView, Round, UserMove, Verdict};

use crate::brute::TieRule;
use crate::BiddingError;
use duel_core::cancel::Cancel;

/// The most chips in all (Alice's and Bob's) a session takes.
pub const SESSION_CHIPS_LIMIT: u64 = 1000;

/// The state's tie rule.
fn rule_of(state: &BiddingState) -> Result<TieRule, BiddingError> {
    TieRule::parse(state.tie_rule.as_deref().unwrap_or("advantage"))
}

/// The view of `state`: who wins, the user's threshold, the critical bid and the best move.
pub fn view(state: &BiddingState) -> Result<BiddingView, BiddingError> {
    view_until(state, &Cancel::never())
}

/// [`view`], stopped with [`BiddingError::Cancelled`] once `cancel` is.
pub fn view_until(state: &BiddingState, cancel: &Cancel) -> Result<BiddingView, BiddingError> {
    match rule_of(state)? {
        TieRule::Advantage => advantage::view(state, cancel),
        rule => search::view(state, rule, cancel),
    }
}

/// The optimal bidder's bid, from the state alone (it never sees the user's bid).
pub fn opponent_bid(state: &BiddingState) -> Result<Bid, BiddingError> {
    match rule_of(state)? {
        TieRule::Advantage => advantage::opponent_bid(state, &Cancel::never()),
        rule => search::opponent_bid(state, rule, &Cancel::never()),
    }
}

/// Plays a round: the optimal bidder's bid is computed from `state` first, then the user's bid
/// is read and the higher wins. When the optimal bidder wins it moves (or makes the user move);
/// when the user wins, the state says the user is to move.
pub fn bid_round(
    state: &BiddingState,
    user_bid: Bid,
) -> Result<(Round, BiddingView), BiddingError> {
    bid_round_until(state, user_bid, &Cancel::never())
}

/// [`bid_round`], stopped with [`BiddingError::Cancelled`] once `cancel` is.
pub fn bid_round_until(
    state: &BiddingState,
    user_bid: Bid,
    cancel: &Cancel,
) -> Result<(Round, BiddingView), BiddingError> {
    match rule_of(state)? {
        TieRule::Advantage => advantage::bid_round(state, user_bid, cancel),
        rule => search::bid_round(state, user_bid, rule, cancel),
    }
}

/// The user's move after the bid: to a position, or (after winning the bid) making the optimal
/// bidder move, which it then does.
pub fn user_move(
    state: &BiddingState,
    mv: &UserMove,
) -> Result<(Vec<String>, BiddingView), BiddingError> {
    user_move_until(state, mv, &Cancel::never())
}

/// [`user_move`], stopped with [`BiddingError::Cancelled`] once `cancel` is.
pub fn user_move_until(
    state: &BiddingState,
    mv: &UserMove,
    cancel: &Cancel,
) -> Result<(Vec<String>, BiddingView), BiddingError> {
    match rule_of(state)? {
        TieRule::Advantage => advantage::user_move(state, mv, cancel),
        rule => search::user_move(state, mv, rule, cancel),
    }
}
