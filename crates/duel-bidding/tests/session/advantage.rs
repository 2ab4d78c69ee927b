//! The optimal bidder of `session` against every kind of user: it never loses from a position
//! its threshold says it wins, never lets the user win from one the user does not win, and the
//! view shows the library's thresholds.

use duel_bidding::answer::{moves_answer, MovesAnswer};
use duel_bidding::brute::TieRule;
use duel_bidding::games::parse_game;
use duel_bidding::graph::player_key;
use duel_bidding::session::{bid_round, user_move, view, Bid, BiddingState, UserMove, Verdict};
use duel_core::game::Player;

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

fn start(game: &str, alice: u64, bob: u64, tie: &str, user: &str) -> BiddingState {
    BiddingState {
        game: game.to_string(),
        position: None,
        alice,
        bob,
        tie: tie.to_string(),
        tie_rule: None,
        user: user.to_string(),
        to_move: None,
        may_pass: false,
    }
}

/// Plays a whole game with random user bids and moves; returns the outcome.
fn random_game(mut state: BiddingState, rng: &mut Rng) -> String {
    loop {
        let v = view(&state).unwrap();
        if let Some(o) = v.outcome {
            return o.name().to_string();
        }
        if state.to_move.is_some() {
            let pass = state.may_pass && rng.below(4) == 0;
            let to = if pass {
                None
            } else {
                let i = rng.below(v.user_moves.len() as u64) as usize;
                Some(v.user_moves[i].clone())
            };
            state = user_move(&state, &UserMove { to, pass }).unwrap().1.state;
        } else {
            let bid = Bid {
                chips: rng.below(v.max_bid + 1),
                use_tie: rng.below(2) == 0,
            };
            state = bid_round(&state, bid).unwrap().1.state;
        }
    }
}

#[test]
fn the_optimal_bidder_keeps_what_its_threshold_promises() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for game in ["tictactoe", "tug:3"] {
        for (alice, bob) in [(4, 4), (3, 5), (5, 3), (2, 6), (1, 1)] {
            for tie in ["alice", "bob"] {
                for user in ["alice", "bob"] {
                    let s = start(game, alice, bob, tie, user);
                    let before = view(&s).unwrap().perfect_play.name();
                    for _ in 0..20 {
                        let end = random_game(s.clone(), &mut rng);
                        if before != user && before != "draw" {
                            assert_eq!(end, before, "{s:?}");
                        } else if before == "draw" {
                            assert_ne!(end, user, "{s:?}");
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 800);
}

#[test]
fn every_first_bid_of_the_user_loses_where_the_threshold_says_so() {
    // Against each of the user's bids (and tie choices) in the first round, then best moves
    // from the library's advice for the user, the optimal bidder still gets its result.
    for (alice, bob) in [(4, 4), (3, 5), (5, 5)] {
        for tie in ["alice", "bob"] {
            for user in ["alice", "bob"] {
                let s = start("tictactoe", alice, bob, tie, user);
                let v = view(&s).unwrap();
                if v.user_wins {
                    continue;
                }
                let mut rng = Rng(7);
                for chips in 0..=v.max_bid {
                    for use_tie in [false, true] {
                        let (_, after) = bid_round(&s, Bid { chips, use_tie }).unwrap();
                        assert!(!after.user_wins, "{s:?} bid {chips}");
                        for _ in 0..5 {
                            assert_ne!(random_game(after.state.clone(), &mut rng), user);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_view_shows_the_librarys_threshold_and_advice() {
    // Section 1.1: four chips each, Alice with the advantage: she wins, bidding 1 and using the
    // advantage, and plays the center.
    let v = view(&start("tictactoe", 4, 4, "alice", "alice")).unwrap();
    let game = parse_game("tictactoe").unwrap();
    let MovesAnswer::Advice(a) =
        moves_answer(&game, None, 4, 4, Player::ALICE, TieRule::Advantage).unwrap()
    else {
        panic!("the advantage rule gives advice")
    };
    assert_eq!(v.user_threshold, Some(a.threshold));
    assert_eq!(v.alice_threshold, Some(a.threshold));
    assert_eq!(v.user_threshold.unwrap().to_string(), "4*");
    assert!(v.user_wins);
    assert_eq!(v.perfect_play, Verdict::Alice);
    assert_eq!(
        (v.critical_bid, v.critical_use_tie),
        (Some(a.bid), a.use_tie)
    );
    assert_eq!(v.best_move.as_deref(), Some(".../.A./..."));
    // As Bob with the same chips, the threshold shown is Alice's, read from Bob's side.
    let b = view(&start("tictactoe", 4, 4, "alice", "bob")).unwrap();
    assert_eq!(b.alice_threshold, Some(a.threshold));
    assert!(!b.user_wins);
}

#[test]
fn bad_sessions_are_refused() {
    let s = start("tictactoe", 4, 4, "alice", "alice");
    assert!(bid_round(
        &s,
        Bid {
            chips: 5,
            use_tie: false
        }
    )
    .is_err());
    let mut t = s.clone();
    t.tie_rule = Some("coin-flip".into());
    assert!(view(&t).is_err());
    let mut t = s.clone();
    t.game = "chess".into();
    assert!(view(&t).is_err());
    let mut t = s.clone();
    t.alice = 5000;
    assert!(view(&t).is_err());
    let mut t = s.clone();
    t.to_move = Some("alice".into());
    let bad = UserMove {
        to: Some("AA./.../...".into()),
        pass: false,
    };
    assert!(user_move(&t, &bad).is_err());
    assert!(user_move(
        &t,
        &UserMove {
            to: None,
            pass: true
        }
    )
    .is_err());
    assert!(user_move(
        &s,
        &UserMove {
            to: Some("A../.../...".into()),
            pass: false
        }
    )
    .is_err());
}

#[test]
fn following_the_views_advice_wins_where_the_user_wins() {
    // The critical bid and best move shown, played against the optimal bidder, win whenever the
    // view says the user wins, and the view says so after every step.
    let mut played = 0;
    for (alice, bob) in [(4, 4), (3, 5), (5, 3), (6, 2), (2, 6)] {
        for tie in ["alice", "bob"] {
            for user in ["alice", "bob"] {
                let mut state = start("tictactoe", alice, bob, tie, user);
                if !view(&state).unwrap().user_wins {
                    continue;
                }
                loop {
                    let v = view(&state).unwrap();
                    if let Some(o) = v.outcome {
                        assert_eq!(o.name(), user, "{state:?}");
                        break;
                    }
                    assert!(v.user_wins, "{state:?}");
                    assert_eq!(v.perfect_play.name(), user);
                    state = if state.to_move.is_some() {
                        let mv = if v.best_is_pass && state.may_pass {
                            UserMove {
                                to: None,
                                pass: true,
                            }
                        } else {
                            UserMove {
                                to: v.best_move.clone(),
                                pass: false,
                            }
                        };
                        user_move(&state, &mv).unwrap().1.state
                    } else {
                        assert_eq!(v.critical_bidder.map(player_key), Some(user));
                        let bid = Bid {
                            chips: v.critical_bid.unwrap(),
                            use_tie: v.critical_use_tie,
                        };
                        bid_round(&state, bid).unwrap().1.state
                    };
                }
                played += 1;
            }
        }
    }
    assert!(played >= 6, "{played}");
}
