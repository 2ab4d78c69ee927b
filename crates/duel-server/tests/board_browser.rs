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
    b.run_in(support::BOARD, "start([...'274552224131661']);", json!([]));
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

/// Makes the page's next request fail as a lost connection does.
fn fail_next_request(b: &support::Browser) {
    b.run(
        "const f = window.fetch;\
         window.fetch = () => { window.fetch = f; return Promise.reject(new TypeError('Failed to fetch')); };",
        json!([]),
    );
}

fn has_error(b: &support::Browser) -> bool {
    b.run(
        "return document.getElementById('board-status').classList.contains('error');",
        json!([]),
    ) == true
}

#[test]
fn a_failed_turn_is_taken_back_and_never_lets_the_person_move_for_duel() {
    let Some(b) = support::browser() else { return };
    open_board(&b);
    let a = answer(&b);
    assert_eq!(a["game"], "tictactoe");
    assert_eq!(a["to_move"], "first");
    // The turn of the person's 5 fails: the move is taken back, the board is as it was.
    fail_next_request(&b);
    b.click("#board-svg rect.click[data-move='5']");
    let a = answer(&b);
    assert!(has_error(&b));
    assert_eq!(
        b.run_in(support::BOARD, "return board.moves;", json!([])),
        json!([])
    );
    assert_eq!(a["board"], json!(["...", "...", "..."]));
    // The person's next click is their own move again, and duel replies.
    b.click("#board-svg rect.click[data-move='1']");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 2;",
    );
    let a = answer(&b);
    assert!(!has_error(&b), "{}", b.text("#board-status"));
    assert_eq!(a["board"][0].as_str().unwrap().chars().next(), Some('X'));
    assert_eq!(a["to_move"], "first");
    // A failed reply of duel's (the person's move 2 sent, no answer) leaves the person to
    // move, with duel's stone not placed by anyone.
    fail_next_request(&b);
    let free = a["legal"][0].as_str().unwrap().to_string();
    b.click(&format!("#board-svg rect.click[data-move='{free}']"));
    let after = answer(&b);
    assert!(has_error(&b));
    assert_eq!(after["moves"], a["moves"]);
    assert_eq!(
        b.run_in(support::BOARD, "return board.moves.length;", json!([])),
        2
    );
}

#[test]
fn setup_changed_mid_game_waits_for_a_new_game_and_a_failed_new_game_keeps_the_old() {
    let Some(b) = support::browser() else { return };
    open_board(&b);
    answer(&b);
    b.click("#board-svg rect.click[data-move='5']");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 2;",
    );
    // Switching the game mid-game: the next move is still tic-tac-toe's (once "move 4 is
    // illegal here" when the menu was read at each turn).
    set(&b, "board-game", "connect:7x6:4");
    set(&b, "board-human", "second");
    let a = answer(&b);
    let free = a["legal"][0].as_str().unwrap().to_string();
    b.click(&format!("#board-svg rect.click[data-move='{free}']"));
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 4;",
    );
    let a = answer(&b);
    assert_eq!(a["game"], "tictactoe");
    assert!(!has_error(&b), "{}", b.text("#board-status"));
    // A New game that fails (a budget of 0 is refused before any request) keeps the game.
    set(&b, "board-budget", "0");
    b.click("#board-new");
    answer(&b);
    assert!(has_error(&b));
    assert!(b.text("#board-status").contains("from 1 to 10000"));
    assert_eq!(
        b.run_in(
            support::BOARD,
            "return [board.setup.game, board.moves.length];",
            json!([])
        ),
        json!(["tictactoe", 4])
    );
    // A New game that succeeds is the menu's game.
    set(&b, "board-budget", "2000");
    b.click("#board-new");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.answer.game === 'connect:7x6:4';",
    );
    assert_eq!(
        b.run_in(support::BOARD, "return board.moves.length;", json!([])),
        1,
        "duel opens when the person plays second"
    );
}

fn board_state(b: &support::Browser) -> Value {
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.answer !== null;",
    );
    b.run_in(
        support::BOARD,
        "return { line: board.line, moves: board.moves };",
        json!([]),
    )
}

/// Reloads the page and waits for its games.
fn reload(b: &support::Browser) {
    b.run(
        "document.body.dataset.ready = 'old'; location.reload();",
        json!([]),
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    b.wait("return document.body.dataset.ready === '1';");
}

#[test]
fn the_move_list_browses_undoes_redoes_and_the_address_restores_the_game() {
    let Some(b) = support::browser() else { return };
    open_board(&b);
    answer(&b);
    b.click("#board-svg rect.click[data-move='5']");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 2;",
    );
    let free = answer(&b)["legal"][0].as_str().unwrap().to_string();
    b.click(&format!("#board-svg rect.click[data-move='{free}']"));
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 4;",
    );
    let game = board_state(&b);
    let line: Vec<String> = serde_json::from_value(game["line"].clone()).unwrap();
    assert_eq!(line.len(), 4);
    // Numbered turns, each move a button; the last one current.
    let shown = b.run(
        "return [...document.querySelectorAll('#board-movelist li')].map(l => l.textContent);",
        json!([]),
    );
    assert_eq!(
        shown,
        json!([
            format!("1.{}{}", line[0], line[1]),
            format!("2.{}{}", line[2], line[3])
        ])
    );
    let current = b.run(
        "return document.querySelector('#board-movelist .current').id;",
        json!([]),
    );
    assert_eq!(current, "board-movelist-3");

    // Back to move 1 (duel to move there): the board has one mark, duel does not reply, and
    // the person cannot move for it.
    b.click("#board-movelist-0");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 1;",
    );
    let a = answer(&b);
    assert_eq!(a["board"], json!(["...", ".X.", "..."]));
    assert!(a["agent_move"].is_null());
    assert!(b.text("#board-status").starts_with("Move 1 of 4."));
    let free = a["legal"][0].as_str().unwrap().to_string();
    b.click(&format!("#board-svg rect.click[data-move='{free}']"));
    assert_eq!(board_state(&b), json!({"line": line, "moves": [line[0]]}));

    // Redo: on to the person's next turn; again: the end. Undo: back a turn.
    b.click("#board-redo");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 2;",
    );
    b.click("#board-redo");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 4;",
    );
    assert_eq!(b.text("#board-status"), "Your move (X).");
    b.click("#board-undo");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 2;",
    );
    assert_eq!(board_state(&b)["line"], json!(line));

    // The address holds the game and the position shown: a reload restores both.
    let hash = b.run("return location.hash;", json!([]));
    assert!(hash.as_str().unwrap().starts_with("#board?"), "{hash}");
    reload(&b);
    assert_eq!(board_state(&b), json!({"line": line, "moves": line[..2]}));

    // A move back in the line starts a new one: the moves after it are gone, duel replies.
    let a = answer(&b);
    let other = a["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .find(|m| *m != line[2])
        .unwrap();
    b.click(&format!("#board-svg rect.click[data-move='{other}']"));
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length >= 3;",
    );
    let now = board_state(&b);
    assert_eq!(now["line"], now["moves"]);
    assert_eq!(now["line"][2], other.as_str());
    assert_eq!(now["line"].as_array().unwrap().len(), 4);

    // A shared link of Connect Four, the person second, opens that game.
    b.run(
        "history.replaceState(null, '', '#board?game=connect%3A7x6%3A4&side=second&moves=4%2C4');",
        json!([]),
    );
    reload(&b);
    let a = answer(&b);
    assert_eq!(a["game"], "connect:7x6:4");
    assert_eq!(
        b.run_in(support::BOARD, "return board.setup.human;", json!([])),
        "second"
    );
    // duel (first) was to move after 4 4: it replied.
    assert_eq!(a["moves"].as_str().unwrap().len(), 3, "{a}");
    assert!(a["agent_move"].is_object(), "{a}");
}
