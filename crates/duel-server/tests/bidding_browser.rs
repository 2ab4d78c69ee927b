//! End-to-end: headless Chromium plays bidding Tic-Tac-Toe on the bidding page, once following
//! the advice the page shows (which must win, as the threshold says) and once against it (the
//! optimal bidder must win); at every step the threshold shown is the library's. The
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
        "document.getElementById(arguments[0]).value = arguments[1];",
        json!([id, value]),
    );
}

fn current(b: &support::Browser) -> Value {
    b.wait("return !bidding.busy && bidding.view !== null;");
    b.run("return bidding.view;", json!([]))
}

/// Checks the page against the library: the user's threshold, chips and verdict.
fn check_shown(b: &support::Browser, v: &Value) {
    let state: BiddingState = serde_json::from_value(v["state"].clone()).unwrap();
    let lib = view(&state).unwrap();
    let threshold = lib
        .user_threshold
        .map_or("—".to_string(), |t| t.to_string());
    assert_eq!(b.text("#bid-threshold"), threshold);
    assert_eq!(b.text("#bid-your-chips"), lib.user_chips.to_string());
    assert_eq!(b.text("#bid-verdict"), lib.perfect_play);
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

/// Plays to the end: `follow` takes the page's critical bid and best move, otherwise the
/// person bids half their chips and takes the first move. Returns the last view.
fn play(b: &support::Browser, follow: bool, shot: Option<&str>) -> Value {
    let mut rounds = 0;
    loop {
        let v = current(b);
        check_shown(b, &v);
        if !v["outcome"].is_null() {
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
        let (bid, use_tie) = if follow {
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
    b.wait("return !bidding.busy && bidding.view.state.user === 'bob';");
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
    b.wait("return !bidding.busy && bidding.view.state.game === 'tug:3';");
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
