//! End-to-end, headless Chromium: each page passes an accessibility audit (axe-core, vendored
//! in `support/axe/`) with no serious or critical violation, and each board game can be
//! played with the keyboard alone.
//! Skipped where chromium or chromedriver is absent, unless `DUEL_REQUIRE_BROWSER=1`.

mod support;

use serde_json::json;

const PAGES: [&str; 5] = ["board", "guesswho", "liar", "bidding", "explorer"];

fn open(b: &support::Browser) {
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#board"));
    b.wait(
        "return document.body.dataset.ready === '1' && document.body.dataset.caroleReady === '1' \
         && document.body.dataset.biddingReady === '1';",
    );
}

#[test]
fn every_page_passes_the_accessibility_audit() {
    let Some(b) = support::browser() else { return };
    open(&b);
    let mut found = Vec::new();
    for page in PAGES {
        b.click(&format!("#tab-{page}"));
        for v in b.axe_violations() {
            found.push(format!("{page}: {v}"));
        }
    }
    // The explorer's squares are gridcells in the rows of its grid, each named by its title.
    let squares = b.run(
        "const all = document.querySelectorAll('#ex-svg rect.ex-cell');\
         const ok = document.querySelectorAll('#ex-svg[role=grid] > g[role=row] > rect.ex-cell[role=gridcell]');\
         return [all.length, ok.length, [...ok].filter(c => c.querySelector('title').textContent).length];",
        json!([]),
    );
    let n = squares[0].as_u64().unwrap();
    assert!(n > 0);
    assert_eq!(squares, json!([n, n, n]));
    // Mid-game: numbers charged with lies and ruled out, faces ruled out and selected.
    b.click("#tab-liar");
    for round in 1..=4 {
        for x in 1..=8 {
            b.click(&format!("#num-{x}"));
        }
        b.click("#liar-ask");
        b.wait_in(
            support::LIAR,
            &format!("return liar.answer.rounds.length === {round};"),
        );
    }
    for v in b.axe_violations() {
        found.push(format!("liar mid-game: {v}"));
    }
    b.click("#tab-guesswho");
    b.click("#face-0");
    b.click("#gw-ask");
    b.wait_in(
        support::GUESS_WHO,
        "return !gw.busy && gw.answer.log.length > 0;",
    );
    b.click("#face-3");
    for v in b.axe_violations() {
        found.push(format!("guesswho mid-game: {v}"));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    // Every page shown and played: no console error.
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

/// The `data-move` or `data-key` of the element with the focus.
fn focused(b: &support::Browser) -> serde_json::Value {
    b.run(
        "const e = document.activeElement; return e.dataset.move || e.dataset.key || e.id;",
        json!([]),
    )
}

#[test]
fn the_boards_can_be_played_with_the_keyboard_alone() {
    use support::{DOWN, ENTER, RIGHT, TAB};
    let Some(b) = support::browser() else { return };
    open(&b);
    // Tic-tac-toe: Tab from New game (Undo and Redo are disabled) reaches the first cell, the arrows move, Enter
    // plays, and the focus stays on the cell played.
    b.run("document.getElementById('board-new').focus();", json!([]));
    b.keys(TAB);
    assert_eq!(focused(&b), "1");
    let label = b.run(
        "return document.activeElement.getAttribute('aria-label');",
        json!([]),
    );
    assert_eq!(label, "Cell 1, row 1 column 1, empty");
    // The cells are the gridcells of the board's grid, three rows of three, each focusable
    // and named.
    let grid = "return [...document.querySelectorAll('#board-svg[role=grid] > g[role=row]')]\
                .map(r => [...r.querySelectorAll(':scope > [role=gridcell][tabindex=\"0\"]')]\
                .filter(c => c.getAttribute('aria-label')).length);";
    assert_eq!(b.run(grid, json!([])), json!([3, 3, 3]));
    b.keys(&format!("{RIGHT}{DOWN}{ENTER}"));
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.moves.length === 2;",
    );
    assert_eq!(
        b.run_in(support::BOARD, "return board.moves[0];", json!([])),
        "5"
    );
    assert_eq!(focused(&b), "5");
    // Then digits, each the first free cell, to the end of the game.
    let finish = |b: &support::Browser| loop {
        b.wait_in(support::BOARD, "return !board.busy;");
        let a = b.run_in(support::BOARD, "return board.answer;", json!([]));
        if !a["outcome"].is_null() {
            return a;
        }
        let n = b
            .run_in(support::BOARD, "return board.moves.length;", json!([]))
            .as_u64()
            .unwrap();
        b.keys(a["legal"][0].as_str().unwrap());
        b.wait_in(
            support::BOARD,
            &format!("return !board.busy && (board.moves.length > {n} || board.answer.outcome !== null);"),
        );
    };
    let end = finish(&b);
    assert_ne!(end["winner"], "human", "{end}");

    // Connect 3 on 4×4 with the column digits.
    b.run(
        "document.getElementById('board-game').value = 'connect:4x4:3';",
        json!([]),
    );
    b.click("#board-new");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.answer.game === 'connect:4x4:3';",
    );
    b.run("document.getElementById('board-new').focus();", json!([]));
    b.keys(TAB);
    assert_eq!(focused(&b), "1");
    // One row of four columns.
    assert_eq!(b.run(grid, json!([])), json!([4]));
    let end = finish(&b);
    assert!(!end["outcome"].is_null());

    // Guess Who: Enter selects the focused face, the arrows move, Enter on Ask asks.
    b.click("#tab-guesswho");
    b.run("document.getElementById('face-0').focus();", json!([]));
    b.keys(&format!("{ENTER}{RIGHT}{ENTER}"));
    assert_eq!(
        b.run_in(
            support::GUESS_WHO,
            "return [...gw.selection.keys()].sort();",
            json!([])
        ),
        json!([0, 1])
    );
    assert_eq!(focused(&b), "face-1");
    b.run("document.getElementById('gw-ask').focus();", json!([]));
    b.keys(ENTER);
    b.wait_in(
        support::GUESS_WHO,
        "return !gw.busy && gw.answer.log.length > 0;",
    );
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
