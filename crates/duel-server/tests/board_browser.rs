//! End-to-end, headless Chromium on the Connect-K and tic-tac-toe page: what a player meets
//! beyond a plain game (browser.rs): the perfect player out of its book, turns the person may
//! not take, forms that must not reload the page, setup changed mid-game.
//! Skipped where chromium or chromedriver is absent, unless `DUEL_REQUIRE_BROWSER=1`.

mod support;

use serde_json::{json, Value};

fn set(b: &support::Browser, id: &str, value: &str) {
    b.run(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1]; \
         e.dispatchEvent(new Event('change'));",
        json!([id, value]),
    );
}

fn answer(b: &support::Browser) -> Value {
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.answer !== null;",
    );
    b.run_in(support::BOARD, "return board.answer;", json!([]))
}

fn open_board(b: &support::Browser) {
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#board"));
    b.wait("return document.body.dataset.ready === '1';");
}

#[test]
fn the_perfect_player_answers_out_of_its_book_with_the_default_budget() {
    let Some(b) = support::browser() else { return };
    open_board(&b);
    // The solver's budget is a time limit; the other agents' a number of iterations.
    assert_eq!(b.text("#board-budget-label"), "Time limit (ms)");
    set(&b, "board-agent", "mcts");
    assert_eq!(b.text("#board-budget-label"), "Budget (iterations)");
    set(&b, "board-agent", "solver");
    assert_eq!(b.text("#board-budget-label"), "Time limit (ms)");
    // Connect Four 7×6 after 15 stones (Test_L2_R2's first line), out of the opening book,
    // duel to move: once refused with "the solver could not finish within 100000 positions".
    set(&b, "board-game", "connect:7x6:4");
    b.run_in(
        support::BOARD,
        "board.moves = [...'274552224131661']; turn();",
        json!([]),
    );
    let a = answer(&b);
    assert!(a["agent_move"].is_object(), "{a}");
    assert_eq!(a["moves"].as_str().unwrap().len(), 16, "{a}");
    let error = b.run(
        "return document.getElementById('board-status').classList.contains('error');",
        json!([]),
    );
    assert_eq!(error, false, "{}", b.text("#board-status"));
    assert_eq!(b.text("#board-status"), "Your move (X).");
}
