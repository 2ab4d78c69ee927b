//! The types of a bidding session ([`crate::session`]): the state a front end keeps, a bid, a
//! round, a move and the view, shared by the play under every tie rule.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::graph::{player_key, serialize_optional_player, serialize_player};
use crate::BiddingError;
use duel_core::exact::Chips;
use duel_core::game::{Outcome, Player};

/// A game in progress, as a front end keeps it between requests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BiddingState {
    /// The game's name (`tictactoe`, `tug:3`, `ultimatum:2`, `connect:4x4:3`, `hex:3`, …).
    pub game: String,
    /// The position (a board or a vertex name); `None` for the start.
    #[serde(default)]
    pub position: Option<String>,
    /// Alice's chips.
    pub alice: u64,
    /// Bob's chips.
    pub bob: u64,
    /// Who holds the tie-breaking advantage: `alice` or `bob`.
    pub tie: String,
    /// The tie-breaking rule: `advantage` (the default), `make-it-take-it`, `losers-ball` or
    /// `ladies-first` (then `tie` must be `alice`). Under the last three `tie` names who wins the
    /// next tie, and the rule passes it on.
    #[serde(default)]
    pub tie_rule: Option<String>,
    /// Whom the user plays: `alice` or `bob`.
    pub user: String,
    /// Set when the user must move before the next bid: `alice` or `bob` (the user).
    #[serde(default)]
    pub to_move: Option<String>,
    /// Whether the user, having won the bid, may instead make the other player move.
    #[serde(default)]
    pub may_pass: bool,
}

/// One player's sealed bid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bid {
    /// Chips offered.
    pub chips: u64,
    /// Whether to win a tie with the advantage (meaningful only for its holder, under the
    /// advantage rule).
    #[serde(default)]
    pub use_tie: bool,
}

/// What happened in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    /// The user's bid.
    pub user_bid: Bid,
    /// The optimal bidder's bid, computed before the user's bid was read.
    pub opponent_bid: Bid,
    /// Who won the bid.
    #[serde(serialize_with = "serialize_player")]
    pub winner: Player,
    /// Whether the bids were tied (the advantage decided).
    pub tied: bool,
    /// Chips the winner paid the loser.
    pub paid: u64,
    /// The optimal bidder's moves in this round, as positions reached (empty when the user is to
    /// move next).
    pub opponent_moves: Vec<String>,
}

/// A move of the user: a position reached, or, after winning the bid, making the other move.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct UserMove {
    /// The position after the user's move (one of [`BiddingView::user_moves`]).
    #[serde(default, rename = "move")]
    pub to: Option<String>,
    /// Make the optimal bidder move instead (only after winning the bid).
    #[serde(default)]
    pub pass: bool,
}

/// What a front end shows of a state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BiddingView {
    /// The state, to send back with the next bid or move.
    pub state: BiddingState,
    /// The game's name as the library writes it.
    pub game: String,
    /// The position in words (a board's rows separated by `/`).
    pub position: String,
    /// Whether the position is a board (rows of `.`, `A`, `B`).
    pub board: bool,
    /// The end of the game: `alice`, `bob` or `draw`; `null` while it goes on.
    pub outcome: Option<Verdict>,
    /// Who wins from here with perfect play: `alice`, `bob` or `draw` (neither can force a win).
    pub perfect_play: Verdict,
    /// The user's chips, with `*` when they hold the advantage.
    pub user_chips: Chips,
    /// The least chips with which the user wins from here (Theorem 3.7, the user's side): before
    /// a bid, the threshold of the position; when the user is to move, the least threshold the
    /// user's best choice leaves. `null` at an end. Above the total means never.
    pub user_threshold: Option<Chips>,
    /// `f(G_v, k)`: the least chips with which Alice wins (the library's `threshold`), read as
    /// [`BiddingView::user_threshold`] is when the user is to move.
    pub alice_threshold: Option<Chips>,
    /// The total of chips `k`.
    pub total: u64,
    /// Whether the user wins from here with perfect play.
    pub user_wins: bool,
    /// The critical bid: the smallest bid of the side that can force its result, that works
    /// against every answer (the user's winning bid when the user wins); `null` at an end and
    /// while the user is to move.
    pub critical_bid: Option<u64>,
    /// Whose bid [`BiddingView::critical_bid`] is: `alice` or `bob`.
    #[serde(serialize_with = "serialize_optional_player")]
    pub critical_bidder: Option<Player>,
    /// Whether that bid uses the advantage on a tie.
    pub critical_use_tie: bool,
    /// The user's best move when the user wins the bid (a position), `null` at an end.
    pub best_move: Option<String>,
    /// Whether, after winning the bid, making the other player move is better than moving.
    pub best_is_pass: bool,
    /// The positions the user can move to (when the user moves).
    pub user_moves: Vec<String>,
    /// The largest bid the user may make.
    pub max_bid: u64,
}

/// Who wins: how a game ended, or who wins it from a position with perfect play. Written
/// `alice`, `bob` or `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Alice wins.
    Alice,
    /// Bob wins.
    Bob,
    /// Nobody wins: a tie at the end, or neither can force a win.
    Draw,
}

impl Verdict {
    /// `player` wins.
    pub fn win(player: Player) -> Verdict {
        match player {
            Player::ALICE => Verdict::Alice,
            Player::BOB => Verdict::Bob,
        }
    }

    /// The verdict of a game that ended with `outcome`.
    pub fn of(outcome: Outcome) -> Verdict {
        match outcome {
            Outcome::Win(p) => Verdict::win(p),
            Outcome::Draw => Verdict::Draw,
        }
    }

    /// With perfect play from a position: its outcome where it is an end, else the winner
    /// among the user (where `user_wins`) and the other player (where `other_wins`).
    pub(crate) fn with_perfect_play(
        outcome: Option<Outcome>,
        user: Player,
        user_wins: bool,
        other_wins: bool,
    ) -> Verdict {
        match outcome {
            Some(o) => Verdict::of(o),
            None if user_wins => Verdict::win(user),
            None if other_wins => Verdict::win(user.other()),
            None => Verdict::Draw,
        }
    }

    /// `alice`, `bob` or `draw`, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Alice => "alice",
            Verdict::Bob => "bob",
            Verdict::Draw => "draw",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The state after the user's move `mv` from `state`, at `position` (whose end, if it is one,
/// is `outcome`), and the opponent's moves it led to: to one of `options`, the user's moves,
/// or (after winning the bid) making the opponent move, to what `opponent_move` gives.
pub(crate) fn after_user_move(
    state: &BiddingState,
    mv: &UserMove,
    (position, outcome): (&str, Option<Outcome>),
    options: &[(String, u32)],
    opponent_move: impl FnOnce() -> Result<String, BiddingError>,
) -> Result<(Vec<String>, BiddingState), BiddingError> {
    if state.to_move.is_none() {
        return Err(BiddingError::SessionBidDue);
    }
    if let Some(o) = outcome {
        return Err(BiddingError::Finished(o));
    }
    let mut next = state.clone();
    next.to_move = None;
    next.may_pass = false;
    let mut opponent_moves = Vec::new();
    if mv.pass {
        if !state.may_pass {
            return Err(BiddingError::SessionCannotPass);
        }
        let label = opponent_move()?;
        opponent_moves.push(label.clone());
        next.position = Some(label);
    } else {
        let to = mv.to.as_deref().ok_or(BiddingError::SessionNoMove)?;
        if !options.iter().any(|(l, _)| l == to) {
            return Err(BiddingError::SessionIllegalMove {
                position: position.to_string(),
                to: to.to_string(),
            });
        }
        next.position = Some(to.to_string());
    }
    Ok((opponent_moves, next))
}

/// The state after both bids and the round so far: the chips and the tie-breaking advantage
/// as `settled` (winner, tied, Alice's and Bob's chips, the holder) leaves them, the winner's
/// bid paid.
pub(crate) fn after_bids(
    state: &BiddingState,
    user: Player,
    user_bid: Bid,
    opp_bid: Bid,
    (winner, tied, alice, bob, holder): (Player, bool, u64, u64, Player),
) -> (BiddingState, Round) {
    let mut next = state.clone();
    next.alice = alice;
    next.bob = bob;
    next.tie = player_key(holder).to_string();
    let round = Round {
        user_bid,
        opponent_bid: opp_bid,
        winner,
        tied,
        paid: if winner == user {
            user_bid.chips
        } else {
            opp_bid.chips
        },
        opponent_moves: Vec::new(),
    };
    (next, round)
}
