//! Games against the optimal bidder under the tie rules of the appendix decided by search
//! (Make-it Take-it, Loser's Ball, Ladies First): the bidder wins every game the search says it
//! wins, never lets the user win a game the user does not win, and the user who follows the
//! view's advice wins where the search says the user wins.

use duel_bidding::answer::{moves_answer, MovesAnswer};
use duel_bidding::brute::TieRule;
use duel_bidding::games::parse_game;
use duel_bidding::graph::player_key;
use duel_bidding::session::{
    bid_round, opponent_bid, user_move, view, Bid, BiddingState, UserMove, SEARCH_SESSION_CHIPS,
};
use duel_bidding::BiddingError;
use duel_core::game::Player;

const RULES: [&str; 3] = ["make-it-take-it", "losers-ball", "ladies-first"];

/// The most rounds a game is played: the winning side goes to states found earlier each
/// round, so a game it wins ends well before.
const MAX_ROUNDS: usize = 10_000;

/// A small deterministic generator (xorshift), so failures replay.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn start(game: &str, alice: u64, bob: u64, tie: &str, rule: &str, user: &str) -> BiddingState {
    BiddingState {
        game: game.to_string(),
        position: None,
        alice,
        bob,
        tie: tie.to_string(),
        tie_rule: Some(rule.to_string()),
        user: user.to_string(),
        to_move: None,
        may_pass: false,
    }
}

/// Plays a game, the user choosing with `pick` (bid, or move: `None` to pass); returns the
/// outcome, or `None` when it had not ended after [`MAX_ROUNDS`].
fn play(
    mut state: BiddingState,
    mut pick_bid: impl FnMut(&duel_bidding::session::BiddingView) -> u64,
    mut pick_move: impl FnMut(&duel_bidding::session::BiddingView) -> Option<String>,
) -> Option<String> {
    for _ in 0..MAX_ROUNDS {
        let v = view(&state).unwrap();
        if let Some(o) = v.outcome {
            return Some(o.name().to_string());
        }
        if state.to_move.is_some() {
            let to = pick_move(&v);
            let pass = to.is_none();
            state = user_move(&state, &UserMove { to, pass }).unwrap().1.state;
        } else {
            let bid = Bid {
                chips: pick_bid(&v),
                use_tie: false,
            };
            state = bid_round(&state, bid).unwrap().1.state;
        }
    }
    None
}

fn ties(rule: &str) -> &'static [&'static str] {
    if rule == "ladies-first" {
        &["alice"]
    } else {
        &["alice", "bob"]
    }
}

#[test]
fn the_optimal_bidder_wins_what_the_search_says_it_wins() {
    let rng = std::cell::RefCell::new(Rng(0x2545_f491_4f6c_dd1d));
    let mut checked = 0;
    for rule in RULES {
        for game in ["tictactoe", "tug:3", "ultimatum:2"] {
            for (alice, bob) in [(4, 4), (3, 5), (1, 1)] {
                for tie in ties(rule) {
                    for user in ["alice", "bob"] {
                        let s = start(game, alice, bob, tie, rule, user);
                        let before = view(&s).unwrap().perfect_play.name();
                        for _ in 0..3 {
                            let end = play(
                                s.clone(),
                                |v| rng.borrow_mut().below(v.max_bid + 1),
                                |v| {
                                    let mut r = rng.borrow_mut();
                                    let pass = v.state.may_pass && r.below(4) == 0;
                                    let i = r.below(v.user_moves.len() as u64) as usize;
                                    (!pass).then(|| v.user_moves[i].clone())
                                },
                            );
                            if before != user && before != "draw" {
                                assert_eq!(end.as_deref(), Some(before), "{s:?}");
                            } else if before == "draw" {
                                assert_ne!(end.as_deref(), Some(user), "{s:?}");
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    // Two holders under two rules, one under Ladies First.
    assert_eq!(checked, 5 * 3 * 3 * 2 * 3);
}

#[test]
fn following_the_views_advice_wins_where_the_user_wins() {
    let mut won = 0;
    for rule in RULES {
        for game in ["tictactoe", "tug:3", "ultimatum:2"] {
            for (alice, bob) in [(4, 4), (3, 5), (5, 3), (2, 6)] {
                for tie in ties(rule) {
                    for user in ["alice", "bob"] {
                        let s = start(game, alice, bob, tie, rule, user);
                        if view(&s).unwrap().perfect_play.name() != user {
                            continue;
                        }
                        let end = play(
                            s.clone(),
                            |v| {
                                assert!(v.user_wins, "{v:?}");
                                assert_eq!(v.critical_bidder.map(player_key), Some(user));
                                v.critical_bid.unwrap()
                            },
                            |v| {
                                assert!(v.user_wins, "{v:?}");
                                if v.best_is_pass {
                                    None
                                } else {
                                    v.best_move.clone()
                                }
                            },
                        );
                        assert_eq!(end.as_deref(), Some(user), "{s:?}");
                        won += 1;
                    }
                }
            }
        }
    }
    assert!(won > 20, "only {won} games where the user wins");
}

#[test]
fn the_view_agrees_with_the_search_of_duel_bidding_moves() {
    for rule in RULES {
        let tie_rule = TieRule::parse(rule).unwrap();
        for game in ["tictactoe", "tug:3"] {
            let spec = parse_game(game).unwrap();
            for alice in 0..=8 {
                for tie in ties(rule) {
                    let holder = if *tie == "alice" {
                        Player::ALICE
                    } else {
                        Player::BOB
                    };
                    let MovesAnswer::Search(a) =
                        moves_answer(&spec, None, alice, 8 - alice, holder, tie_rule).unwrap()
                    else {
                        panic!("other rules are decided by search")
                    };
                    let v = view(&start(game, alice, 8 - alice, tie, rule, "alice")).unwrap();
                    assert_eq!(v.user_wins, a.alice_wins, "{rule} {game} {alice} {tie}");
                    // On a game without cycles the smallest winning bid is the search's; with
                    // cycles the view's bid also makes progress, and may be larger.
                    if a.alice_wins && game == "tictactoe" {
                        assert_eq!(v.critical_bid, a.bid, "{rule} {game} {alice} {tie}");
                    } else if a.alice_wins {
                        assert!(v.critical_bid >= a.bid, "{rule} {game} {alice} {tie}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_opponents_bid_is_fixed_before_the_users() {
    let s = start("tictactoe", 4, 4, "bob", "make-it-take-it", "alice");
    let bid = opponent_bid(&s).unwrap();
    for chips in 0..=4 {
        let (round, _) = bid_round(
            &s,
            Bid {
                chips,
                use_tie: false,
            },
        )
        .unwrap();
        assert_eq!(round.opponent_bid, bid);
        // A tie goes to its holder, who under Make-it Take-it keeps the next one.
        if chips == bid.chips {
            assert!(round.tied);
            assert_eq!(round.winner, Player::BOB);
        }
    }
}

#[test]
fn the_rules_pass_the_tie_on() {
    // Bob holds the tie and both bid 0: Bob wins the bid. Under Make-it Take-it he keeps the
    // tie, under Loser's Ball it passes to Alice, under Ladies First it stays Alice's.
    for (rule, tie, next) in [
        ("make-it-take-it", "bob", "bob"),
        ("losers-ball", "bob", "alice"),
        ("ladies-first", "alice", "alice"),
    ] {
        let s = start("tug:3", 0, 0, tie, rule, "alice");
        let (round, v) = bid_round(&s, Bid::default()).unwrap();
        assert!(round.tied);
        assert_eq!(v.state.tie, next, "{rule}");
    }
}

#[test]
fn bad_sessions_are_refused() {
    let lf = start("tictactoe", 4, 4, "bob", "ladies-first", "alice");
    assert_eq!(view(&lf), Err(BiddingError::SessionLadiesFirstTie));
    let big = start(
        "tictactoe",
        SEARCH_SESSION_CHIPS,
        1,
        "alice",
        "losers-ball",
        "bob",
    );
    assert!(matches!(
        view(&big),
        Err(BiddingError::SearchTooLarge { .. })
    ));
    // 88,528 positions × 61² bids is more than the session searches.
    let connect = start("connect:4x4:3", 30, 30, "alice", "make-it-take-it", "bob");
    let err = view(&connect).unwrap_err();
    assert!(
        matches!(err, BiddingError::SessionSearchTooLarge { .. }),
        "{err}"
    );
    let rule = start("tictactoe", 4, 4, "alice", "coin-flip", "alice");
    assert!(matches!(view(&rule), Err(BiddingError::NotATieRule(_))));
    let over = start("tictactoe", 4, 4, "alice", "make-it-take-it", "alice");
    assert!(matches!(
        bid_round(
            &over,
            Bid {
                chips: 5,
                use_tie: false
            }
        ),
        Err(BiddingError::BidOverChips { .. })
    ));
}
