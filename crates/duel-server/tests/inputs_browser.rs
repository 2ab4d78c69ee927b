//! End-to-end, headless Chromium: bad input on each page is refused before any request, with
//! a message saying what to correct (never a number silently put in its place), and a New
//! game that fails leaves the game shown playable, without a script error.
//! Skipped where chromium or chromedriver is absent, unless `DUEL_REQUIRE_BROWSER=1`.

mod support;

use serde_json::{json, Value};

fn set(b: &support::Browser, id: &str, value: &str) {
    b.run(
        "document.getElementById(arguments[0]).value = arguments[1];",
        json!([id, value]),
    );
}

/// Counts the page's requests (`window.requests`) and its script errors (`window.errors`).
fn watch(b: &support::Browser) {
    b.run(
        "window.requests = 0; window.errors = [];\
         const f = window.fetch;\
         window.fetch = (...args) => { window.requests++; return f(...args); };\
         window.addEventListener('error', (e) => window.errors.push(e.message));\
         window.addEventListener('unhandledrejection', (e) => window.errors.push(String(e.reason)));",
        json!([]),
    );
}

fn requests(b: &support::Browser) -> u64 {
    b.run("return window.requests;", json!([]))
        .as_u64()
        .unwrap()
}

fn errors(b: &support::Browser) -> Value {
    b.run("return window.errors;", json!([]))
}

/// Makes the page's next request fail as a lost connection does.
fn fail_next_request(b: &support::Browser) {
    b.run(
        "const f = window.fetch;\
         window.fetch = () => { window.fetch = f; return Promise.reject(new TypeError('Failed to fetch')); };",
        json!([]),
    );
}

#[test]
fn bad_fields_are_refused_before_any_request_and_the_game_stays() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#guesswho"));
    b.wait(
        "return document.body.dataset.ready === '1' && document.body.dataset.caroleReady === '1' \
         && document.body.dataset.biddingReady === '1';",
    );
    watch(&b);

    // Guess Who: a pool of 65, of 0, of 2.5: refused, the game shown stays.
    let before = b.run_in(support::GUESS_WHO, "return gw.answer;", json!([]));
    for (pool, why) in [
        (
            "65",
            "Your pool must be a whole number from 1 to 64 (not 65).",
        ),
        (
            "0",
            "Your pool must be a whole number from 1 to 64 (not 0).",
        ),
        (
            "2.5",
            "Your pool must be a whole number from 1 to 64 (not 2.5).",
        ),
    ] {
        set(&b, "gw-pool", pool);
        b.click("#gw-new");
        assert_eq!(b.text("#gw-status"), why);
    }
    assert_eq!(requests(&b), 0);
    assert_eq!(
        b.run_in(support::GUESS_WHO, "return gw.answer;", json!([])),
        before
    );
    // A New game whose request is lost keeps the old game too, and a face still selects
    // (once a TypeError reading 'winner').
    set(&b, "gw-pool", "24");
    fail_next_request(&b);
    b.click("#gw-new");
    b.wait_in(support::GUESS_WHO, "return !gw.busy;");
    assert_eq!(
        b.run_in(support::GUESS_WHO, "return gw.answer;", json!([])),
        before
    );
    b.click("#face-0");
    assert_eq!(
        b.run_in(support::GUESS_WHO, "return gw.selection.get(0);", json!([])),
        0
    );
    b.click("#gw-ask");
    b.wait_in(
        support::GUESS_WHO,
        "return !gw.busy && gw.answer.log.length > 0;",
    );

    // The liar game: n = 0 (once silently 16) and 2.5 lies.
    b.click("#tab-liar");
    let paul = b.run_in(support::LIAR, "return liar.request;", json!([]));
    let sent = requests(&b);
    set(&b, "liar-n", "0");
    b.click("#liar-new");
    assert_eq!(
        b.text("#liar-status"),
        "n must be a whole number from 1 to 1024 (not 0)."
    );
    set(&b, "liar-n", "16");
    set(&b, "carole-lies", "2.5");
    b.click("#carole-new");
    assert_eq!(
        b.text("#carole-status"),
        "The lies must be a whole number from 0 to 3 (not 2.5)."
    );
    assert_eq!(requests(&b), sent);
    assert_eq!(
        b.run_in(support::LIAR, "return liar.request;", json!([])),
        paul
    );

    // A bid of 2.5 (once silently 2).
    b.click("#tab-bidding");
    let max = b
        .run_in(support::BIDDING, "return bidding.view.max_bid;", json!([]))
        .as_u64()
        .unwrap();
    set(&b, "bid-chips", "2.5");
    b.click("#bid-submit");
    assert_eq!(
        b.text("#bid-status"),
        format!("Your bid must be a whole number from 0 to {max} (not 2.5).")
    );
    assert_eq!(requests(&b), sent);
    assert_eq!(
        b.run(
            "return document.querySelectorAll('#bid-log li').length;",
            json!([])
        ),
        0
    );
    // Chips past the server's bound in all, which the fields' max alone does not catch:
    // 600 + 600 under the advantage (at most 1000), 40 + 40 under make-it-take-it (64), and
    // on Connect 3 on 4×4 20 + 20 (32); refused in the page, the game shown stays.
    let shown = b.run_in(support::BIDDING, "return bidding.view;", json!([]));
    for (game, rule, chips, most) in [
        ("tictactoe", "advantage", "600", 1000),
        ("tug:3", "make-it-take-it", "40", 64),
        ("connect:4x4:3", "make-it-take-it", "20", 32),
    ] {
        b.run(
            "for (const [id, v] of [['bid-game', arguments[0]], ['bid-rule', arguments[1]]]) {\
               const s = document.getElementById(id); s.value = v;\
               s.dispatchEvent(new Event('change')); }",
            json!([game, rule]),
        );
        set(&b, "bid-alice", chips);
        set(&b, "bid-bob", chips);
        b.click("#bid-new");
        let total = 2 * chips.parse::<u64>().unwrap();
        assert_eq!(
            b.text("#bid-status"),
            format!(
                "Alice's and Bob's chips must add up to at most {most} in this game under \
                 this tie rule (not {total})."
            )
        );
        let field_max = b.run(
            "return document.getElementById('bid-alice').max;",
            json!([]),
        );
        assert_eq!(field_max, json!(most.to_string()), "{game} {rule}");
    }
    assert_eq!(requests(&b), sent);
    assert_eq!(
        b.run_in(support::BIDDING, "return bidding.view;", json!([])),
        shown
    );
    assert_eq!(errors(&b), json!([]));
}
