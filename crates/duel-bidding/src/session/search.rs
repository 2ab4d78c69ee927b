//! A game against the optimal bidder under the tie rules of the appendix that the library
//! decides by search ([`BruteForce`]): Make-it Take-it, Loser's Ball and Ladies First.
//!
//! A tie goes to the player who holds the tie: under Make-it Take-it the winner of the last bid,
//! under Loser's Ball its loser, under Ladies First always Alice. As there is no choice on a tie,
//! a bid's `use_tie` is not read. The winner of a bid pays it and chooses who moves. Every
//! decision reads two searches, one with each player in Alice's role. Where a side wins, its
//! play only goes to states found winning before the present one ([`BruteForce::found_at`]), so
//! it wins in finitely many moves on games with cycles (Tug o' War) too.

use super::state::{
    after_bids, after_user_move, Bid, BiddingState, BiddingView, Round, UserMove, Verdict,
};
use crate::answer::parse_player;
use crate::brute::{BruteForce, TieRule};
use crate::games::{parse_game, BuiltGame};
use crate::BiddingError;
use duel_core::cancel::Cancel;
use duel_core::exact::Chips;
use duel_core::game::Player;

/// The most chips in all a game under these rules takes.
pub const SEARCH_SESSION_CHIPS: u64 = 64;

/// The most work a game under these rules takes: positions × (chips + 1)² (the search weighs
/// every bid of each pile at every position).
pub const SEARCH_SESSION_WORK: u64 = 100_000_000;

/// When a side's win was found, as [`BruteForce::found_at`] gives it; earlier is better.
type Rank = (u32, u32);

/// The game solved once for a request: both searches.
struct Searched {
    built: BuiltGame,
    rule: TieRule,
    user: Player,
    total: u64,
    /// The search with the user in Alice's role.
    user_side: BruteForce,
    /// The search with the optimal bidder in Alice's role.
    opp_side: BruteForce,
}

/// A state of the game read against the searches.
struct At<'a> {
    s: &'a Searched,
    v: u32,
    position: String,
    alice: u64,
    bob: u64,
    /// Who wins the next tie.
    holder: Player,
}

impl Searched {
    fn new(state: &BiddingState, rule: TieRule, cancel: &Cancel) -> Result<Searched, BiddingError> {
        let user = parse_player(&state.user)?;
        let total = state
            .alice
            .checked_add(state.bob)
            .filter(|&k| k <= SEARCH_SESSION_CHIPS)
            .ok_or(BiddingError::SearchTooLarge {
                rule,
                total: state.alice.saturating_add(state.bob),
                limit: SEARCH_SESSION_CHIPS,
            })?;
        let built = parse_game(&state.game)?.build_until(cancel)?;
        let work = (built.graph.len() as u64).saturating_mul((total + 1) * (total + 1));
        if work > SEARCH_SESSION_WORK {
            return Err(BiddingError::SessionSearchTooLarge {
                limit: SEARCH_SESSION_WORK,
                game: state.game.clone(),
                rule,
                positions: built.graph.len() as u64,
                total,
            });
        }
        let swapped = built.graph.swapped();
        let (as_user, as_opp) = if user == Player::ALICE {
            (&built.graph, &swapped)
        } else {
            (&swapped, &built.graph)
        };
        let user_side = BruteForce::solve_ranked_until(as_user, total, rule, cancel)?;
        let opp_side = BruteForce::solve_ranked_until(as_opp, total, rule, cancel)?;
        Ok(Searched {
            rule,
            user,
            total,
            user_side,
            opp_side,
            built,
        })
    }

    fn at(&self, state: &BiddingState) -> Result<At<'_>, BiddingError> {
        if parse_player(&state.user)? != self.user {
            return Err(BiddingError::Internal {
                what: "a session's user does not change",
            });
        }
        let holder = parse_player(&state.tie)?;
        if self.rule == TieRule::LadiesFirst && holder != Player::ALICE {
            return Err(BiddingError::SessionLadiesFirstTie);
        }
        if let Some(p) = &state.to_move {
            if parse_player(p)? != self.user {
                return Err(BiddingError::SessionNotUser(state.user.clone()));
            }
        }
        let v = match &state.position {
            Some(p) => self.built.parse_position(p)?,
            None => self.built.graph.start(),
        };
        let position = state
            .position
            .clone()
            .unwrap_or_else(|| self.built.label(self.built.graph.start()));
        Ok(At {
            s: self,
            v,
            position,
            alice: state.alice,
            bob: state.bob,
            holder,
        })
    }
}

impl At<'_> {
    fn chips(&self, who: Player) -> u64 {
        if who == Player::ALICE {
            self.alice
        } else {
            self.bob
        }
    }

    /// When `side`'s win from `(w, c, holder)` was found; `None` where `side` does not win.
    fn found(&self, side: Player, w: u32, c: u64, holder: Player) -> Option<Rank> {
        let table = if side == self.s.user {
            &self.s.user_side
        } else {
            &self.s.opp_side
        };
        // In a search `side` plays Alice's role.
        let role = if holder == side {
            Player::ALICE
        } else {
            Player::BOB
        };
        table.found_at(w, c, role)
    }

    fn moves(&self, who: Player) -> &[u32] {
        self.s.built.graph.moves(self.v, who)
    }

    /// `side`'s result when it moves, holding `c` chips with `holder` winning the next tie: its
    /// winning move found earliest; `None` where no move wins.
    fn own_move(&self, side: Player, c: u64, holder: Player) -> Option<Rank> {
        self.moves(side)
            .iter()
            .filter_map(|&w| self.found(side, w, c, holder))
            .min()
    }

    /// `side`'s result when its opponent moves (and picks what is worst for `side`).
    fn other_moves(&self, side: Player, c: u64, holder: Player) -> Option<Rank> {
        let mut worst = Some((0, 0));
        for &w in self.moves(side.other()) {
            worst = worst.max(self.found(side, w, c, holder)?.into());
        }
        worst
    }

    /// `side`'s result after a bid won by `chooser`, who then chooses who moves: `None` where
    /// `side` does not then win.
    fn after_bid(&self, side: Player, chooser: Player, c: u64, holder: Player) -> Option<Rank> {
        let own = self.own_move(side, c, holder);
        let other = self.other_moves(side, c, holder);
        if chooser == side {
            match (own, other) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        } else {
            own.and(other).and(own.max(other))
        }
    }

    /// The bids settled: the winner, whether tied, Alice's and Bob's chips, and who wins the
    /// next tie.
    fn settle(&self, user_bid: u64, opp_bid: u64) -> (Player, bool, u64, u64, Player) {
        let user = self.s.user;
        let (winner, tied) = match user_bid.cmp(&opp_bid) {
            std::cmp::Ordering::Greater => (user, false),
            std::cmp::Ordering::Less => (user.other(), false),
            std::cmp::Ordering::Equal => (self.holder, true),
        };
        let paid = if winner == user { user_bid } else { opp_bid };
        let (mut alice, mut bob) = (self.alice, self.bob);
        if winner == Player::ALICE {
            alice -= paid;
            bob += paid;
        } else {
            bob -= paid;
            alice += paid;
        }
        (winner, tied, alice, bob, self.holder_after(winner))
    }

    /// Who wins the next tie after `winner` won a bid.
    fn holder_after(&self, winner: Player) -> Player {
        match self.s.rule {
            TieRule::MakeItTakeIt => winner,
            TieRule::LosersBall => winner.other(),
            TieRule::LadiesFirst | TieRule::Advantage => self.holder,
        }
    }

    /// `side`'s result after `side` bids `mine` and its opponent `theirs`.
    fn bids(&self, side: Player, mine: u64, theirs: u64) -> Option<Rank> {
        let (u, o) = if side == self.s.user {
            (mine, theirs)
        } else {
            (theirs, mine)
        };
        let (winner, _, alice, bob, holder) = self.settle(u, o);
        let c = if side == Player::ALICE { alice } else { bob };
        self.after_bid(side, winner, c, holder)
    }

    /// Whether `side` wins from here with perfect play, when was it found.
    fn now(&self, side: Player) -> Option<Rank> {
        self.found(side, self.v, self.chips(side), self.holder)
    }

    /// `side`'s smallest bid after which it wins, going to earlier states, against every
    /// answer; `None` where `side` does not win.
    fn winning_bid(&self, side: Player) -> Option<u64> {
        let here = self.now(side)?;
        (0..=self.chips(side)).find(|&b| {
            (0..=self.chips(side.other())).all(|a| self.bids(side, b, a).is_some_and(|r| r < here))
        })
    }

    /// The bid of `side` against which the fewest of the other's bids leave it winning (the
    /// smallest such), and whether it stops them all.
    fn stopping_bid(&self, side: Player) -> (u64, bool) {
        let other = side.other();
        let answers = self.chips(other) + 1;
        let mut best = (0, u64::MAX);
        for b in 0..=self.chips(side) {
            let wins = (0..answers)
                .filter(|&a| self.bids(other, a, b).is_some())
                .count() as u64;
            if wins < best.1 {
                best = (b, wins);
            }
        }
        (best.0, best.1 == 0)
    }

    /// The optimal bidder's bid: its winning bid where it wins, else the bid that stops most of
    /// the user's winning bids.
    fn opponent_bid(&self) -> Result<u64, BiddingError> {
        let opp = self.s.user.other();
        if self.now(opp).is_some() {
            return self.winning_bid(opp).ok_or(BiddingError::Internal {
                what: "a state the search wins has a winning bid",
            });
        }
        Ok(self.stopping_bid(opp).0)
    }

    /// How many chip counts win for `who` at `w` (with the holder as now): the fewer, the more
    /// `who` needs there.
    fn winning_counts(&self, who: Player, w: u32) -> usize {
        (0..=self.s.total)
            .filter(|&c| self.found(who, w, c, self.holder).is_some())
            .count()
    }

    /// The optimal bidder's move after it has won the bid (or is made to move, `may_force`
    /// false): `Some(position)`, or `None` when it makes the user move.
    fn opponent_move(&self, may_force: bool) -> Result<Option<String>, BiddingError> {
        let opp = self.s.user.other();
        let user = self.s.user;
        let (co, cu, h) = (self.chips(opp), self.chips(user), self.holder);
        let options = self.options(opp);
        let own = options
            .iter()
            .filter_map(|(l, w)| self.found(opp, *w, co, h).map(|r| (r, l)))
            .min();
        let force = self.other_moves(opp, co, h).filter(|_| may_force);
        match (own, force) {
            (Some((r, _)), Some(f)) if f < r => return Ok(None),
            (Some((_, l)), _) => return Ok(Some(l.clone())),
            (None, Some(_)) => return Ok(None),
            (None, None) => {}
        }
        // It does not win: keep the user from winning where it can, else leave the most to do.
        if let Some((l, _)) = options
            .iter()
            .find(|(_, w)| self.found(user, *w, cu, h).is_none())
        {
            return Ok(Some(l.clone()));
        }
        if may_force && self.own_move(user, cu, h).is_none() {
            return Ok(None);
        }
        options
            .into_iter()
            .min_by_key(|(_, w)| self.winning_counts(user, *w))
            .map(|(l, _)| Some(l))
            .ok_or(BiddingError::Internal {
                what: "a position that is not an end has moves",
            })
    }

    /// The moves of `who`, each as (position reached, vertex), in the orientation given.
    fn options(&self, who: Player) -> Vec<(String, u32)> {
        let g = &self.s.built.graph;
        self.s
            .built
            .moves_from(&self.position, who)
            .unwrap_or_else(|| {
                g.moves(self.v, who)
                    .iter()
                    .map(|&w| (g.name(w), w))
                    .collect()
            })
    }

    /// The least chips with which `who` wins from here, every larger count winning too, given
    /// whether a bid is due or `who` is to move (and may make the other move); `None` where the
    /// winning counts are not all those from some count on (Loser's Ball).
    fn threshold(&self, who: Player, to_move: bool, may_pass: bool) -> Option<Chips> {
        let h = self.holder;
        let wins = |c: u64| {
            if to_move {
                self.own_move(who, c, h).is_some()
                    || (may_pass && self.other_moves(who, c, h).is_some())
            } else {
                self.found(who, self.v, c, h).is_some()
            }
        };
        let counts: Vec<bool> = (0..=self.s.total).map(wins).collect();
        let tail = counts.iter().rposition(|&w| !w).map_or(0, |p| p as u64 + 1);
        if counts[..tail as usize].iter().any(|&w| w) {
            return None;
        }
        Chips::new(tail, h == who).ok()
    }

    /// Whether the user and whether the other player wins from here, a bid being due or the
    /// user being to move (and maybe allowed to make the other move).
    fn who_wins(&self, to_move: bool, may_pass: bool) -> (bool, bool) {
        let (user, h) = (self.s.user, self.holder);
        let opp = user.other();
        let (cu, co) = (self.chips(user), self.chips(opp));
        if to_move {
            let mine = self.own_move(user, cu, h).is_some()
                || (may_pass && self.other_moves(user, cu, h).is_some());
            let theirs = self.own_move(opp, co, h).is_some()
                && (!may_pass || self.other_moves(opp, co, h).is_some());
            (mine, theirs)
        } else {
            (self.now(user).is_some(), self.now(opp).is_some())
        }
    }

    /// The critical bid and its bidder before a bid: the winning bid of the side that wins, else
    /// the optimal bidder's bid that stops the user, where one does.
    fn critical_bid(&self, user_wins: bool, opp_wins: bool) -> (Option<u64>, Option<Player>) {
        let user = self.s.user;
        let opp = user.other();
        let (bidder, bid) = if user_wins {
            (user, self.winning_bid(user))
        } else if opp_wins {
            (opp, self.winning_bid(opp))
        } else {
            let (b, stops) = self.stopping_bid(opp);
            (opp, stops.then_some(b))
        };
        (bid, bid.map(|_| bidder))
    }

    /// The user's best move among `options`, holding `chips` and the tie `holder` after the
    /// bid: a winning one going to the earliest state, else the one where the most chip
    /// counts win.
    fn best_move(&self, options: &[(String, u32)], chips: u64, holder: Player) -> Option<String> {
        let user = self.s.user;
        options
            .iter()
            .filter_map(|(l, w)| self.found(user, *w, chips, holder).map(|r| (r, l)))
            .min()
            .map(|(_, l)| l.clone())
            .or_else(|| {
                options
                    .iter()
                    .max_by_key(|(_, w)| self.winning_counts(user, *w))
                    .map(|(l, _)| l.clone())
            })
    }

    fn view(&self, state: BiddingState) -> Result<BiddingView, BiddingError> {
        let g = &self.s.built.graph;
        let user = self.s.user;
        let opp = user.other();
        let h = self.holder;
        let cu = self.chips(user);
        let outcome = g.outcome(self.v);
        let to_move = state.to_move.is_some() && outcome.is_none();
        let may_pass = state.may_pass && to_move;
        let (user_wins, opp_wins) = if outcome.is_some() {
            (false, false)
        } else {
            self.who_wins(to_move, may_pass)
        };
        let perfect_play = Verdict::with_perfect_play(outcome, user, user_wins, opp_wins);
        let (user_threshold, opp_threshold) = if outcome.is_some() {
            (None, None)
        } else {
            (
                self.threshold(user, to_move, may_pass),
                self.threshold(opp, false, false),
            )
        };
        let (critical_bid, critical_bidder) = if outcome.is_none() && !to_move {
            self.critical_bid(user_wins, opp_wins)
        } else {
            (None, None)
        };
        // The chips and tie after winning the bid (at the critical bid where the user wins).
        let (cb, hb) = match (to_move, critical_bid) {
            (false, Some(x)) if user_wins => (cu - x, self.holder_after(user)),
            _ => (cu, h),
        };
        let options = self.options(user);
        let best = self.best_move(&options, cb, hb);
        let own_wins = self.own_move(user, cu, h).is_some();
        let best_is_pass = outcome.is_none()
            && (may_pass || !to_move)
            && !own_wins
            && self.other_moves(user, cu, h).is_some();
        let user_moves = if to_move {
            options.into_iter().map(|(l, _)| l).collect()
        } else {
            Vec::new()
        };
        Ok(BiddingView {
            game: parse_game(&state.game)?.name(),
            position: self.position.clone(),
            board: self.s.built.board.is_some(),
            outcome: outcome.map(Verdict::of),
            perfect_play,
            user_chips: Chips::new(cu, h == user)?,
            user_threshold,
            alice_threshold: if user == Player::ALICE {
                user_threshold
            } else {
                opp_threshold
            },
            total: self.s.total,
            user_wins,
            critical_bid,
            critical_bidder,
            critical_use_tie: false,
            best_move: outcome.is_none().then_some(best).flatten(),
            best_is_pass,
            user_moves,
            max_bid: cu,
            state,
        })
    }
}

/// [`crate::session::view`] under `rule`.
pub(super) fn view(
    state: &BiddingState,
    rule: TieRule,
    cancel: &Cancel,
) -> Result<BiddingView, BiddingError> {
    let s = Searched::new(state, rule, cancel)?;
    s.at(state)?.view(state.clone())
}

/// [`crate::session::opponent_bid`] under `rule`.
pub(super) fn opponent_bid(
    state: &BiddingState,
    rule: TieRule,
    cancel: &Cancel,
) -> Result<Bid, BiddingError> {
    bid_of(&Searched::new(state, rule, cancel)?, state)
}

/// The optimal bidder's bid against the searches `s` of `state`: refused when a move is due.
fn bid_of(s: &Searched, state: &BiddingState) -> Result<Bid, BiddingError> {
    let at = s.at(state)?;
    if state.to_move.is_some() {
        return Err(BiddingError::SessionMoveDue);
    }
    if let Some(o) = s.built.graph.outcome(at.v) {
        return Err(BiddingError::Finished(o));
    }
    Ok(Bid {
        chips: at.opponent_bid()?,
        use_tie: false,
    })
}

/// [`crate::session::bid_round`] under `rule`.
pub(super) fn bid_round(
    state: &BiddingState,
    user_bid: Bid,
    rule: TieRule,
    cancel: &Cancel,
) -> Result<(Round, BiddingView), BiddingError> {
    // The optimal bidder's bid, from the state alone, before the user's bid is read.
    let s = Searched::new(state, rule, cancel)?;
    let opp_bid = bid_of(&s, state)?;
    let at = s.at(state)?;
    let user = s.user;
    if user_bid.chips > at.chips(user) {
        return Err(BiddingError::BidOverChips {
            bid: user_bid.chips,
            chips: at.chips(user),
        });
    }
    let (winner, tied, alice, bob, holder) = at.settle(user_bid.chips, opp_bid.chips);
    let (mut next, mut round) = after_bids(
        state,
        user,
        user_bid,
        opp_bid,
        (winner, tied, alice, bob, holder),
    );
    next.to_move = Some(state.user.clone());
    next.may_pass = winner == user;
    let after = s.at(&next)?;
    if winner == user {
        return Ok((round, after.view(next)?));
    }
    match after.opponent_move(true)? {
        None => {
            next.may_pass = false;
            Ok((round, after.view(next)?))
        }
        Some(label) => {
            round.opponent_moves.push(label.clone());
            next.position = Some(label);
            next.to_move = None;
            next.may_pass = false;
            let moved = s.at(&next)?;
            Ok((round, moved.view(next)?))
        }
    }
}

/// [`crate::session::user_move`] under `rule`.
pub(super) fn user_move(
    state: &BiddingState,
    mv: &UserMove,
    rule: TieRule,
    cancel: &Cancel,
) -> Result<(Vec<String>, BiddingView), BiddingError> {
    let s = Searched::new(state, rule, cancel)?;
    let at = s.at(state)?;
    let here = (at.position.as_str(), s.built.graph.outcome(at.v));
    let (opponent_moves, next) = after_user_move(state, mv, here, &at.options(s.user), || {
        at.opponent_move(false)?.ok_or(BiddingError::Internal {
            what: "a player made to move moves",
        })
    })?;
    let moved = s.at(&next)?;
    Ok((opponent_moves, moved.view(next)?))
}
