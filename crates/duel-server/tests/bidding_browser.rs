//! End-to-end: headless Chromium plays bidding Tic-Tac-Toe on the bidding page, once following
//! the advice the page shows (which must win, as the threshold says) and once against it (the
//! optimal bidder must win), then a whole game of every other bidding game on the page and of
//! tic-tac-toe under every other tie rule; at every step the threshold shown is the library's. The
//! screenshot goes to `DUEL_SCREENSHOTS` (docs/img/ for the README), else a temporary folder.
//! Skipped where chromium or chromedriver is absent, unless `DUEL_REQUIRE_BROWSER=1`.

mod support;

use std::path::PathBuf;

use duel::bidding::session::{view, BiddingState};
use serde_json::{json, Value};

fn image(name: &str) -> PathBuf {
    std::env::var_os("DUEL_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("duel-screenshots"))
        .join(name)
}

fn set(b: &support::Browser, id: &str, value: &str) {
    b.run(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1]; \
         e.dispatchEvent(new Event('change'));",
        json!([id, value]),
    );
}

fn current(b: &support::Browser) -> Value {
    b.wait_in(
        support::BIDDING,
        "return !bidding.busy && bidding.view !== null;",
    );
    b.run_in(support::BIDDING, "return bidding.view;", json!([]))
}

/// Checks the page against the library: the user's threshold, chips and verdict.
fn check_shown(b: &support::Browser, v: &Value) {
    let state: BiddingState = serde_json::from_value(v["state"].clone()).unwrap();
    let lib = view(&state).unwrap();
    let threshold = match (lib.user_threshold, &lib.outcome) {
        (Some(t), _) => t.to_string(),
        (None, Some(_)) => "—".to_string(),
        (None, None) => "none (chip counts are not ordered under this rule)".to_string(),
    };
    assert_eq!(b.text("#bid-threshold"), threshold);
    assert_eq!(b.text("#bid-your-chips"), lib.user_chips.to_string());
    assert_eq!(b.text("#bid-verdict"), lib.perfect_play.name());
}

/// Clicks the cell where `to` differs from the board shown, or for other games the button of
/// the move.
fn click_move(b: &support::Browser, v: &Value, to: &str) {
    if v["board"] != true {
        let moves = v["user_moves"].as_array().unwrap();
        let i = moves.iter().position(|m| m == to).unwrap();
        b.click(&format!("#bid-move-{i}"));
        return;
    }
    let here: Vec<char> = v["position"]
        .as_str()
        .unwrap()
        .replace('/', "")
        .chars()
        .collect();
    let there: Vec<char> = to.replace('/', "").chars().collect();
    let i = (0..here.len()).find(|&i| here[i] != there[i]).unwrap();
    b.click(&format!("#bid-cell-{i}"));
}

/// Plays to the end: `follow` takes the page's critical bid (when it is the person's) and best
/// move, otherwise the person bids half their chips and takes the first move. Returns the last
/// view, which is not an end only where nobody won in 100 rounds (a draw by endless play).
fn play(b: &support::Browser, follow: bool, shot: Option<&str>) -> Value {
    let mut rounds = 0;
    loop {
        let v = current(b);
        check_shown(b, &v);
        if !v["outcome"].is_null() || rounds == 100 {
            return v;
        }
        if !v["state"]["to_move"].is_null() {
            if follow && v["best_is_pass"] == true && v["state"]["may_pass"] == true {
                b.click("#bid-pass");
            } else if follow
                && v["user_moves"]
                    .as_array()
                    .unwrap()
                    .contains(&v["best_move"])
            {
                click_move(b, &v, v["best_move"].as_str().unwrap());
            } else {
                click_move(b, &v, v["user_moves"][0].as_str().unwrap());
            }
            continue;
        }
        let (bid, use_tie) = if follow && v["critical_bidder"] == v["state"]["user"] {
            (
                v["critical_bid"].as_u64().unwrap(),
                v["critical_use_tie"] == true,
            )
        } else {
            (v["max_bid"].as_u64().unwrap() / 2, false)
        };
        set(b, "bid-chips", &bid.to_string());
        let checked = b.run(
            "return document.getElementById('bid-use-tie').checked;",
            json!([]),
        );
        if use_tie != (checked == true) && v["state"]["tie"] == v["state"]["user"] {
            b.click("#bid-use-tie");
        }
        b.click("#bid-submit");
        rounds += 1;
        if rounds == 2 {
            if let Some(name) = shot {
                current(b);
                b.screenshot(&image(name));
            }
        }
    }
}

#[test]
fn bidding_page_plays_tic_tac_toe_against_the_optimal_bidder() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#bidding"));
    b.wait("return document.body.dataset.biddingReady === '1';");

    // Section 1.1: four chips each, Alice (the person) with the advantage wins (threshold 4*);
    // following the page's critical bids and best moves, she does.
    let v = current(&b);
    assert_eq!(b.text("#bid-threshold"), "4*");
    assert_eq!(v["perfect_play"], "alice");
    let end = play(&b, true, Some("bidding.png"));
    assert_eq!(end["outcome"], "alice", "{end}");
    assert_eq!(b.text("#bid-status"), "You win!");

    // The person as Bob with the same chips: Alice (duel) wins with perfect play, and does.
    set(&b, "bid-user", "bob");
    b.click("#bid-new");
    b.wait_in(
        support::BIDDING,
        "return !bidding.busy && bidding.view.state.user === 'bob';",
    );
    let v = current(&b);
    assert_eq!(v["perfect_play"], "alice");
    let end = play(&b, false, None);
    assert_eq!(end["outcome"], "alice", "{end}");
    assert_eq!(b.text("#bid-status"), "duel wins.");

    // Tug o' War of length 3 (section 4.1) as Bob with 3 chips against 5: duel (Alice) wins.
    set(&b, "bid-game", "tug:3");
    set(&b, "bid-alice", "5");
    set(&b, "bid-bob", "3");
    b.click("#bid-new");
    b.wait_in(
        support::BIDDING,
        "return !bidding.busy && bidding.view.state.game === 'tug:3';",
    );
    let v = current(&b);
    assert_eq!(v["perfect_play"], "alice", "{v}");
    let end = play(&b, false, None);
    assert_eq!(end["outcome"], "alice", "{end}");

    // The explorer's chip table of tic-tac-toe is the library's.
    b.click("#tab-explorer");
    b.wait("return document.getElementById('bt-table').rows.length === 42;");
    let row8 = b.run(
        "return document.getElementById('bt-table').rows[9].cells[1].textContent;",
        json!([]),
    );
    assert_eq!(row8, "4*");
    assert!(b.text("#bt-info").contains("tictactoe"));
}

/// Starts a new game from the setup form and waits for its first view.
fn new_game(b: &support::Browser, game: &str, alice: u64, bob: u64, rule: &str, user: &str) {
    set(b, "bid-game", game);
    set(b, "bid-alice", &alice.to_string());
    set(b, "bid-bob", &bob.to_string());
    set(b, "bid-rule", rule);
    set(b, "bid-tie", "alice");
    set(b, "bid-user", user);
    b.click("#bid-new");
    let started = format!(
        "return !bidding.busy && bidding.view !== null && bidding.view.state.game === '{game}' \
         && bidding.view.state.tie_rule === '{rule}' && bidding.view.state.user === '{user}' \
         && bidding.view.state.position === null;"
    );
    b.wait_in(support::BIDDING, &started);
}

/// Checks a game's end against the verdict at its start: the optimal bidder wins what it
/// wins, and never loses a draw; the person who follows the advice wins what they win.
fn check_end(start: &Value, end: &Value, user: &str, followed: bool) {
    let verdict = start["perfect_play"].as_str().unwrap();
    if verdict == user {
        if followed {
            assert_eq!(end["outcome"], user, "{start} {end}");
        }
    } else if verdict == "draw" {
        assert_ne!(end["outcome"], user, "{start} {end}");
    } else {
        assert_eq!(end["outcome"], verdict, "{start} {end}");
    }
}

#[test]
fn bidding_page_plays_every_game_and_every_tie_rule() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#bidding"));
    b.wait("return document.body.dataset.biddingReady === '1';");

    // Every game of the page's list small enough to solve, under the advantage: once with the
    // person following the advice, once against it.
    for game in ["ultimatum:2", "hex:3", "connect:4x4:3", "tug:5"] {
        for (user, follow) in [("alice", true), ("bob", false)] {
            new_game(&b, game, 5, 4, "advantage", user);
            let start = current(&b);
            let end = play(&b, follow, None);
            check_end(&start, &end, user, follow);
        }
    }

    // Tic-tac-toe and tug under every other tie rule, the person on each side.
    for rule in ["make-it-take-it", "losers-ball", "ladies-first"] {
        for game in ["tictactoe", "tug:3"] {
            for (user, follow) in [("alice", true), ("bob", false)] {
                // With 5 chips against 3 Alice wins, so tug does not go on for ever.
                new_game(&b, game, 5, 3, rule, user);
                let start = current(&b);
                // The use-the-advantage box is the advantage rule's only; under Ladies First
                // the tie is Alice's and cannot be set.
                let disabled = b.run(
                    "return [document.getElementById('bid-use-tie').disabled, \
                     document.getElementById('bid-tie').disabled];",
                    json!([]),
                );
                assert_eq!(disabled[0], true);
                assert_eq!(disabled[1], rule == "ladies-first");
                assert!(b.text("#bid-chips-line").contains(rule));
                let end = play(&b, follow, None);
                check_end(&start, &end, user, follow);
            }
        }
    }
}
