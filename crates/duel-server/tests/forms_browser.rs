//! End-to-end, headless Chromium: Enter in each one-field form of the web app (the board's
//! budget, the bid, the explorer's "Up to" and "Totals up to") does the form's action, or
//! nothing, and never sends the form, which would reload the page and lose the game.
//! Skipped where chromium or chromedriver is absent, unless `DUEL_REQUIRE_BROWSER=1`.

mod support;

use serde_json::json;
use support::ENTER;

/// Empties the field `id`, then types `text` and Enter into it.
fn enter(b: &support::Browser, id: &str, text: &str) {
    b.run(
        "document.getElementById(arguments[0]).value = '';",
        json!([id]),
    );
    b.type_keys(&format!("#{id}"), &format!("{text}{ENTER}"));
}

/// Whether the page is still the one loaded (a reload forgets `window.kept`).
fn kept(b: &support::Browser) -> bool {
    b.run("return window.kept === 'yes';", json!([])) == true
}

#[test]
fn enter_in_a_one_field_form_never_reloads_the_page() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#board"));
    b.wait(
        "return document.body.dataset.ready === '1' && document.body.dataset.biddingReady === '1';",
    );
    b.run("window.kept = 'yes';", json!([]));

    // The board's budget: Enter keeps the game and applies the budget from the next turn.
    b.click("#board-svg rect.click[data-move='5']");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 2;",
    );
    enter(&b, "board-budget", "1500");
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert!(kept(&b));
    assert_eq!(
        b.run_in(support::BOARD, "return board.moves.length;", json!([])),
        2
    );

    // The bid: Enter bids.
    b.click("#tab-bidding");
    enter(&b, "bid-chips", "1");
    b.wait("return document.querySelectorAll('#bid-log li').length === 1;");
    assert!(kept(&b));

    // The explorer's "Up to": Enter draws the heatmap, every (n, m) but (1, 1).
    b.click("#tab-explorer");
    enter(&b, "ex-max", "8");
    b.wait("return document.querySelectorAll('#ex-svg rect.ex-cell').length === 63;");
    assert!(kept(&b));

    // "Totals up to": Enter draws the table of f(G, k) for k = 0..=10 under its heading.
    enter(&b, "bt-max", "10");
    b.wait("return document.getElementById('bt-table').rows.length === 12;");
    assert!(kept(&b));
}
