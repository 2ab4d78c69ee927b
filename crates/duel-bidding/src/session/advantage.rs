//! The play under the tie-breaking advantage (Develin & Payne, section 2.3). On a tie the holder
//! of the advantage either wins the bid and hands the advantage to the other player, or lets the
//! other player win (who then pays the holder) and keeps it.
//!
//! The optimal bidder's bid is computed by [`opponent_bid`] from the state alone: [`bid_round`]
//! computes it before it reads the user's bid, so the user's sealed bid cannot change it.
//! Its play comes from the thresholds of Theorem 3.7 ([`thresholds`], [`advise`]): where it wins
//! it bids and moves to win; where it does not, it bids and moves so that the user does not
//! win; where the user wins, it bids what makes the most of the user's bids go wrong.

use super::state::{
    after_bids, after_user_move, Bid, BiddingState, BiddingView, Round, UserMove, Verdict,
};
use super::SESSION_CHIPS_LIMIT;
use crate::answer::parse_player;
use crate::discrete::{advise, thresholds_until};
use crate::games::{parse_game, BuiltGame};
use crate::graph::GameGraph;
use crate::BiddingError;
use duel_core::cancel::Cancel;
use duel_core::exact::Chips;
use duel_core::game::Player;

/// A game read and solved: the graph, the user's and the opponent's threshold of every vertex.
struct Solved {
    built: BuiltGame,
    v: u32,
    position: String,
    user: Player,
    /// Thresholds with the user in Alice's role (the user wins with at least `fu[v]`).
    fu: Vec<Chips>,
    /// Thresholds with the optimal bidder in Alice's role.
    fo: Vec<Chips>,
    total: u64,
    holder: Player,
    alice: u64,
    bob: u64,
}

impl Solved {
    fn read(state: &BiddingState, cancel: &Cancel) -> Result<Solved, BiddingError> {
        let user = parse_player(&state.user)?;
        let holder = parse_player(&state.tie)?;
        if let Some(p) = &state.to_move {
            if parse_player(p)? != user {
                return Err(BiddingError::SessionNotUser(state.user.clone()));
            }
        }
        let total = state
            .alice
            .checked_add(state.bob)
            .filter(|&k| k <= SESSION_CHIPS_LIMIT)
            .ok_or(BiddingError::TooManyChips {
                alice: state.alice,
                bob: state.bob,
                limit: SESSION_CHIPS_LIMIT,
            })?;
        let built = parse_game(&state.game)?.build_until(cancel)?;
        let v = match &state.position {
            Some(p) => built.parse_position(p)?,
            None => built.graph.start(),
        };
        let position = state
            .position
            .clone()
            .unwrap_or_else(|| built.label(built.graph.start()));
        let swapped = built.graph.swapped();
        let (as_user, as_opponent): (&GameGraph, &GameGraph) = if user == Player::ALICE {
            (&built.graph, &swapped)
        } else {
            (&swapped, &built.graph)
        };
        let fu = thresholds_until(as_user, total, cancel)?;
        let fo = thresholds_until(as_opponent, total, cancel)?;
        Ok(Solved {
            v,
            position,
            user,
            fu,
            fo,
            total,
            holder,
            alice: state.alice,
            bob: state.bob,
            built,
        })
    }

    fn chips(&self, who: Player) -> u64 {
        if who == Player::ALICE {
            self.alice
        } else {
            self.bob
        }
    }

    /// `who`'s chips with the star when holding the advantage.
    fn starred(&self, who: Player, count: u64) -> Result<Chips, BiddingError> {
        Ok(Chips::new(count, self.holder == who)?)
    }

    /// The moves of `who` from the position, each as (position reached, vertex), in the
    /// orientation the position was given in.
    fn options(&self, who: Player) -> Vec<(String, u32)> {
        self.built
            .moves_from(&self.position, who)
            .unwrap_or_else(|| {
                self.built
                    .graph
                    .moves(self.v, who)
                    .iter()
                    .map(|&w| (self.built.graph.name(w), w))
                    .collect()
            })
    }

    /// The mover's best move for the optimal bidder, who then holds `opp` chips (starred): a
    /// win where it has one, otherwise the move that leaves the user needing the most.
    fn opponent_choice(&self, mover: Player, opp: Chips) -> Option<(String, u32)> {
        let mut list = self.options(mover);
        let wins = |w: u32| opp >= self.fo[w as usize];
        list.sort_by_key(|(_, w)| (!wins(*w), std::cmp::Reverse(self.fu[*w as usize])));
        list.into_iter().next()
    }

    /// The user's best move as mover: the least threshold the user then needs.
    fn user_choice(&self, mover: Player) -> Option<(String, u32)> {
        self.options(mover)
            .into_iter()
            .min_by_key(|(_, w)| self.fu[*w as usize])
    }
}

/// The view of `state`: who wins, the user's threshold, the critical bid and the best move.
pub(super) fn view(state: &BiddingState, cancel: &Cancel) -> Result<BiddingView, BiddingError> {
    let s = Solved::read(state, cancel)?;
    view_of(&s, state.clone())
}

fn view_of(s: &Solved, state: BiddingState) -> Result<BiddingView, BiddingError> {
    let g = &s.built.graph;
    let user = s.user;
    let opp = user.other();
    let user_count = s.chips(user);
    let user_chips = s.starred(user, user_count)?;
    let opp_chips = s.starred(opp, s.chips(opp))?;
    let outcome = g.outcome(s.v);
    // The user's need and the opponent's: from the bid's thresholds when a bid is due; when
    // the user is to move, after the user's best choice (a move, or a pass after winning the bid,
    // when the opponent then picks its own move).
    let to_move = state.to_move.is_some() && outcome.is_none();
    let own = s.user_choice(user);
    let pass_need = |f: &[Chips], pick_max: bool| {
        let list = g.moves(s.v, opp).iter().map(|&w| f[w as usize]);
        if pick_max {
            list.max()
        } else {
            list.min()
        }
    };
    let own_need = own.as_ref().map(|(_, w)| s.fu[*w as usize]);
    let passed_need = pass_need(&s.fu, true);
    let may_pass = state.may_pass && to_move;
    let (user_need, opp_need) = if to_move {
        let mut un = own_need;
        // The opponent needs the most the user can leave it with.
        let mut on = g.moves(s.v, user).iter().map(|&w| s.fo[w as usize]).max();
        if may_pass {
            un = un.min(passed_need);
            on = on.max(pass_need(&s.fo, false));
        }
        (un, on)
    } else if outcome.is_none() {
        (Some(s.fu[s.v as usize]), Some(s.fo[s.v as usize]))
    } else {
        (None, None)
    };
    let user_wins = user_need.is_some_and(|n| user_chips >= n);
    let opp_wins = opp_need.is_some_and(|n| opp_chips >= n);
    let perfect_play = Verdict::with_perfect_play(outcome, user, user_wins, opp_wins);
    let (mut critical_bid, mut critical_bidder, mut critical_use_tie) = (None, None, false);
    let (mut best_move, mut best_is_pass) = (None, false);
    let user_threshold = user_need;
    let alice_threshold = if user == Player::ALICE {
        user_need
    } else {
        opp_need
    };
    if outcome.is_none() {
        if !to_move {
            let (bidder, bid, use_tie) = if opp_wins {
                let a = advise(&oriented(s, opp), &s.fo, s.v, opp_chips, s.total)?;
                (opp, a.bid, a.use_tie)
            } else {
                let a = advise(&oriented(s, user), &s.fu, s.v, user_chips, s.total)?;
                (if a.alice_wins { user } else { opp }, a.bid, a.use_tie)
            };
            critical_bid = Some(bid);
            critical_bidder = Some(bidder);
            critical_use_tie = use_tie;
        }
        best_is_pass = (may_pass || !to_move) && passed_need < own_need;
        best_move = own.map(|(label, _)| label);
    }
    let user_moves = match (&state.to_move, outcome) {
        (Some(_), None) => s.options(user).into_iter().map(|(l, _)| l).collect(),
        _ => Vec::new(),
    };
    Ok(BiddingView {
        game: parse_game(&state.game)?.name(),
        position: s.position.clone(),
        board: s.built.board.is_some(),
        outcome: outcome.map(Verdict::of),
        perfect_play,
        user_chips,
        user_threshold,
        alice_threshold,
        total: s.total,
        user_wins,
        critical_bid,
        critical_bidder,
        critical_use_tie,
        best_move,
        best_is_pass,
        user_moves,
        max_bid: user_count,
        state,
    })
}

/// The graph with `who` in Alice's role.
fn oriented(s: &Solved, who: Player) -> GameGraph {
    if who == Player::ALICE {
        s.built.graph.clone()
    } else {
        s.built.graph.swapped()
    }
}

/// The optimal bidder's bid, from the state alone (it never sees the user's bid).
pub(super) fn opponent_bid(state: &BiddingState, cancel: &Cancel) -> Result<Bid, BiddingError> {
    bid_of(&Solved::read(state, cancel)?, state)
}

/// The optimal bidder's bid at `s`, the game `state` read: refused when a move is due.
fn bid_of(s: &Solved, state: &BiddingState) -> Result<Bid, BiddingError> {
    if state.to_move.is_some() {
        return Err(BiddingError::SessionMoveDue);
    }
    if let Some(o) = s.built.graph.outcome(s.v) {
        return Err(BiddingError::Finished(o));
    }
    let opp = s.user.other();
    let opp_chips = s.starred(opp, s.chips(opp))?;
    let user_chips = s.starred(s.user, s.chips(s.user))?;
    if opp_chips >= s.fo[s.v as usize] {
        let a = advise(&oriented(s, opp), &s.fo, s.v, opp_chips, s.total)?;
        return Ok(Bid {
            chips: a.bid,
            use_tie: a.use_tie,
        });
    }
    if user_chips < s.fu[s.v as usize] {
        // The user does not win: the bid that keeps it so.
        let a = advise(&oriented(s, s.user), &s.fu, s.v, user_chips, s.total)?;
        return Ok(Bid {
            chips: a.bid,
            use_tie: a.use_tie,
        });
    }
    // The user wins with perfect play: the bid against which most of the user's bids lose.
    let ties: &[bool] = if s.holder == opp {
        &[false, true]
    } else {
        &[false]
    };
    let mut best = (0usize, Bid::default());
    for y in 0..=s.chips(opp) {
        for &t in ties {
            let mine = Bid {
                chips: y,
                use_tie: t,
            };
            let lost = (0..=s.chips(s.user))
                .filter(|&x| {
                    let user_ties: &[bool] = if s.holder == s.user {
                        &[false, true]
                    } else {
                        &[false]
                    };
                    user_ties.iter().all(|&u| {
                        !user_still_wins(
                            s,
                            Bid {
                                chips: x,
                                use_tie: u,
                            },
                            mine,
                        )
                    })
                })
                .count();
            if lost > best.0 {
                best = (lost, mine);
            }
        }
    }
    Ok(best.1)
}

/// The result of two bids: the winner, whether tied, the chips after payment (Alice's, Bob's)
/// and the holder of the advantage after it.
fn settle(s: &Solved, user_bid: Bid, opp_bid: Bid) -> (Player, bool, u64, u64, Player) {
    let user = s.user;
    let opp = user.other();
    let (winner, tied) = match user_bid.chips.cmp(&opp_bid.chips) {
        std::cmp::Ordering::Greater => (user, false),
        std::cmp::Ordering::Less => (opp, false),
        std::cmp::Ordering::Equal => {
            let uses = if s.holder == user {
                user_bid.use_tie
            } else {
                opp_bid.use_tie
            };
            (if uses { s.holder } else { s.holder.other() }, true)
        }
    };
    let paid = if winner == user {
        user_bid.chips
    } else {
        opp_bid.chips
    };
    let (mut alice, mut bob) = (s.alice, s.bob);
    if winner == Player::ALICE {
        alice -= paid;
        bob += paid;
    } else {
        bob -= paid;
        alice += paid;
    }
    // Winning a tie with the advantage hands it over.
    let holder = if tied && winner == s.holder {
        s.holder.other()
    } else {
        s.holder
    };
    (winner, tied, alice, bob, holder)
}

/// Whether the user still wins after the bids, playing on perfectly (moving or passing).
fn user_still_wins(s: &Solved, user_bid: Bid, opp_bid: Bid) -> bool {
    let (winner, _, alice, bob, holder) = settle(s, user_bid, opp_bid);
    let count = if s.user == Player::ALICE { alice } else { bob };
    let Ok(mine) = Chips::new(count, holder == s.user) else {
        return false;
    };
    let need_after = |mover: Player| -> Option<Chips> {
        let list = s
            .built
            .graph
            .moves(s.v, mover)
            .iter()
            .map(|&w| s.fu[w as usize]);
        if mover == s.user {
            list.min()
        } else {
            list.max()
        }
    };
    let need = if winner == s.user {
        need_after(s.user).min(need_after(s.user.other()))
    } else {
        need_after(s.user).max(need_after(s.user.other()))
    };
    need.is_some_and(|n| mine >= n)
}

/// Plays a round: the optimal bidder's bid is computed from `state` first, then the user's bid
/// is read and the higher wins. When the optimal bidder wins it moves (or makes the user move);
/// when the user wins, the state says the user is to move.
pub(super) fn bid_round(
    state: &BiddingState,
    user_bid: Bid,
    cancel: &Cancel,
) -> Result<(Round, BiddingView), BiddingError> {
    // The optimal bidder's bid, from the state alone, before the user's bid is read.
    let s = Solved::read(state, cancel)?;
    let opp_bid = bid_of(&s, state)?;
    let user = s.user;
    if user_bid.chips > s.chips(user) {
        return Err(BiddingError::BidOverChips {
            bid: user_bid.chips,
            chips: s.chips(user),
        });
    }
    let (winner, tied, alice, bob, holder) = settle(&s, user_bid, opp_bid);
    let (mut next, mut round) = after_bids(
        state,
        user,
        user_bid,
        opp_bid,
        (winner, tied, alice, bob, holder),
    );
    if winner == user {
        next.to_move = Some(state.user.clone());
        next.may_pass = true;
        let after = Solved::read(&next, cancel)?;
        return Ok((round, view_of(&after, next)?));
    }
    // The optimal bidder moves, or makes the user move when that serves it better.
    let after = Solved::read(&next, cancel)?;
    let opp = user.other();
    let opp_chips = after.starred(opp, after.chips(opp))?;
    let own = after.opponent_choice(opp, opp_chips);
    let forced_need = after
        .built
        .graph
        .moves(after.v, user)
        .iter()
        .map(|&w| after.fu[w as usize])
        .min();
    let own_need = own.as_ref().map(|(_, w)| after.fu[*w as usize]);
    let own_wins = own
        .as_ref()
        .is_some_and(|(_, w)| opp_chips >= after.fo[*w as usize]);
    if !own_wins && forced_need > own_need {
        next.to_move = Some(state.user.clone());
        next.may_pass = false;
        return Ok((round, view_of(&after, next)?));
    }
    let (label, _) = own.ok_or(BiddingError::Internal {
        what: "a position that is not an end has moves",
    })?;
    round.opponent_moves.push(label.clone());
    next.position = Some(label);
    next.to_move = None;
    next.may_pass = false;
    let moved = Solved::read(&next, cancel)?;
    Ok((round, view_of(&moved, next)?))
}

/// The user's move after the bid: to a position, or (after winning the bid) making the optimal
/// bidder move, which it then does.
pub(super) fn user_move(
    state: &BiddingState,
    mv: &UserMove,
    cancel: &Cancel,
) -> Result<(Vec<String>, BiddingView), BiddingError> {
    let s = Solved::read(state, cancel)?;
    let at = (s.position.as_str(), s.built.graph.outcome(s.v));
    let (opponent_moves, next) = after_user_move(state, mv, at, &s.options(s.user), || {
        let opp = s.user.other();
        let opp_chips = s.starred(opp, s.chips(opp))?;
        let (label, _) = s
            .opponent_choice(opp, opp_chips)
            .ok_or(BiddingError::Internal {
                what: "a position that is not an end has moves",
            })?;
        Ok(label)
    })?;
    let moved = Solved::read(&next, cancel)?;
    Ok((opponent_moves, view_of(&moved, next)?))
}
