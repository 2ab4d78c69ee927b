//! `duel play bidding:GAME`: whole games scripted through stdin, checked against the library's
//! session (`duel::bidding::session`) that the terminal and the web app share.

use duel::bidding::graph::player_key;
use duel::bidding::session::{bid_round, user_move, view, Bid, BiddingState, UserMove, Verdict};
use serde_json::Value;

use crate::common::{assert_error, play as run};

fn start(game: &str, chips: (u64, u64), tie: &str, rule: &str, user: &str) -> BiddingState {
    BiddingState {
        game: game.to_string(),
        position: None,
        alice: chips.0,
        bob: chips.1,
        tie: tie.to_string(),
        tie_rule: Some(rule.to_string()),
        user: user.to_string(),
        to_move: None,
        may_pass: false,
    }
}

/// The cell (from 1) where board `to` differs from `here`.
fn cell(here: &str, to: &str) -> usize {
    let a: Vec<char> = here.replace('/', "").chars().collect();
    let b: Vec<char> = to.replace('/', "").chars().collect();
    (0..a.len()).find(|&i| a[i] != b[i]).unwrap() + 1
}

/// The person following the view's advice with the library: the input lines and the last
/// state. Bids are the critical bid where it is the person's, else `fallback` (at most the
/// chips); moves the best move, as a cell number on boards and a position elsewhere.
fn advised(mut state: BiddingState, fallback: u64) -> (Vec<String>, BiddingState) {
    let mut lines = Vec::new();
    for _ in 0..200 {
        let v = view(&state).unwrap();
        if v.outcome.is_some() {
            return (lines, state);
        }
        if state.to_move.is_none() {
            let mine = v.critical_bidder.map(player_key) == Some(state.user.as_str());
            let bid = if mine {
                Bid {
                    chips: v.critical_bid.unwrap(),
                    use_tie: v.critical_use_tie,
                }
            } else {
                Bid {
                    chips: fallback.min(v.max_bid),
                    use_tie: false,
                }
            };
            lines.push(format!(
                "{}{}",
                bid.chips,
                if bid.use_tie { "*" } else { "" }
            ));
            state = bid_round(&state, bid).unwrap().1.state;
        } else if v.best_is_pass && state.may_pass {
            lines.push("pass".into());
            let mv = UserMove {
                to: None,
                pass: true,
            };
            state = user_move(&state, &mv).unwrap().1.state;
        } else {
            let best = v.best_move.clone().unwrap();
            let to = if v.user_moves.contains(&best) {
                best
            } else {
                v.user_moves[0].clone()
            };
            lines.push(if v.board {
                cell(&v.position, &to).to_string()
            } else {
                to.clone()
            });
            let mv = UserMove {
                to: Some(to),
                pass: false,
            };
            state = user_move(&state, &mv).unwrap().1.state;
        }
    }
    panic!("no end in 200 turns")
}

fn args(game: &str, s: &BiddingState, json: bool) -> Vec<String> {
    let mut a = vec![
        format!("bidding:{game}"),
        "--chips".into(),
        format!("{},{}", s.alice, s.bob),
        "--tie".into(),
        s.tie.clone(),
        "--tie-break".into(),
        s.tie_rule.clone().unwrap(),
        "--role".into(),
        s.user.clone(),
    ];
    if json {
        a.push("--json".into());
    }
    a
}

#[test]
fn following_the_hints_ends_as_the_library_says_under_every_rule() {
    for (game, chips, tie, rule, user) in [
        ("tictactoe", (4, 4), "alice", "advantage", "alice"),
        ("tictactoe", (4, 4), "alice", "advantage", "bob"),
        ("tug:3", (5, 3), "bob", "make-it-take-it", "alice"),
        ("tictactoe", (5, 3), "bob", "losers-ball", "bob"),
        ("ultimatum:2", (4, 4), "alice", "ladies-first", "alice"),
    ] {
        let s = start(game, chips, tie, rule, user);
        let first = view(&s).unwrap();
        let (lines, last) = advised(s.clone(), 1);
        let lib = view(&last).unwrap();
        let a = args(game, &s, true);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let (code, out, err) = run(&a, &(lines.join("\n") + "\n"));
        assert_eq!(code, 0, "{a:?}: {err}");
        let doc: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(doc["view"], serde_json::to_value(&lib).unwrap(), "{a:?}");
        assert!(doc["log"].as_array().unwrap().len() >= lines.len() / 2);
        // The person wins what the library says the person wins, following its advice.
        if first.perfect_play.name() == user {
            assert_eq!(lib.outcome.map(Verdict::name), Some(user), "{a:?}");
        }
        // The same game in text shows each turn's threshold against the chips and the critical
        // bid, and the end.
        let a = args(game, &s, false);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let (code, out, _) = run(&a, &(lines.join("\n") + "\n"));
        assert_eq!(code, 0);
        let threshold = first
            .user_threshold
            .map_or("none".to_string(), |t| t.to_string());
        assert!(
            out.contains(&format!(
                "Your threshold {threshold} against your chips {}",
                first.user_chips
            )),
            "{out}"
        );
        assert!(out.contains("critical bid: "), "{out}");
        let end = match lib.outcome.map(Verdict::name) {
            Some("draw") => "a draw",
            Some(w) if w == user => "you won",
            _ => "duel won",
        };
        assert!(out.ends_with(&format!("game over: {end}\n")), "{out}");
    }
}

#[test]
fn section_1_1_hint_undo_and_bad_lines() {
    // Develin & Payne, section 1.1: 4 chips each, Alice with the advantage; her threshold is 4*
    // and she bids 1 using the advantage, then takes the centre.
    let input = "hint\n7\n1*\nundo\nhelp\nbanana\n1*\n5\nquit\n";
    let (code, out, _) = run(&["bidding:tictactoe"], input);
    assert_eq!(code, 0);
    assert!(out.contains("Your threshold 4* against your chips 4*: with perfect play you win."));
    assert!(out.contains(
        "hint: critical bid 1 using the advantage on a tie (yours); on winning the bid, move to .../.A./... (cell 5)"
    ));
    assert!(out.contains("a bid of 7 is more than your 4 chips"));
    assert!(out.contains("took back your last bid or move"));
    assert!(out.contains("\"banana\" is not a bid"));
    assert!(out.contains("you bid 1*, duel bid 1: you win the bid on the tie and pay 1"));
    assert!(out.contains(" 4  A  6"), "{out}");
    assert!(out.ends_with("game over: you quit\n"), "{out}");
}

#[test]
fn bad_setups_are_one_error_line_and_exit_2() {
    assert_error(&["play", "bidding:chess"], "chess");
    assert_error(&["play", "bidding:tictactoe", "--chips", "4"], "--chips");
    assert_error(
        &["play", "bidding:tictactoe", "--tie", "carol"],
        "alice or bob",
    );
    assert_error(
        &["play", "bidding:tictactoe", "--role", "paul"],
        "alice or bob",
    );
    assert_error(
        &["play", "bidding:tictactoe", "--tie-break", "coin"],
        "unknown tie-break rule",
    );
    assert_error(
        &[
            "play",
            "bidding:tictactoe",
            "--tie-break",
            "ladies-first",
            "--tie",
            "bob",
        ],
        "Alice wins every tie",
    );
    assert_error(&["play", "bidding:tictactoe", "--lies", "1"], "--chips");
    assert_error(&["play", "liar", "--chips", "4,4"], "bidding");
    let (code, _, err) = run(&["bidding:tictactoe"], "1*\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("input ended before the game was over"),
        "{err}"
    );
}
