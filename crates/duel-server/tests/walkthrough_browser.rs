//! End-to-end walk-through, headless Chromium at a phone's 390×844 and a laptop's 1280×800:
//! a short game of every page played to its end as a person plays it (clicks and typed
//! fields): tic-tac-toe and Connect Four against the solver, Guess Who, the liar game as Paul
//! and as Carole, bidding tic-tac-toe, and the explorer's two tables. At each size and page
//! the final status says who won, nothing scrolls sideways and the console has no error.
//! With `DUEL_WALKTHROUGH_SCREENSHOTS` set, each page's end at each size is saved there as a
//! PNG for review (docs/img/ keeps the few the README shows).
//! Skipped where chromium or chromedriver is absent, unless `DUEL_REQUIRE_BROWSER=1`.

mod support;

use duel::guesswho::{Questions, Rules, Table};
use serde_json::{json, Value};

use support::Browser;

const SIZES: [(u32, u32); 2] = [(390, 844), (1280, 800)];

/// Sets a field as typing in it and leaving it does.
fn set(b: &Browser, id: &str, value: &str) {
    b.run(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1]; \
         e.dispatchEvent(new Event('input')); e.dispatchEvent(new Event('change'));",
        json!([id, value]),
    );
}

/// The page as shown at the end of a game: nothing scrolls sideways, no number field is
/// wider than its longest number needs, no console error.
fn check_shown(b: &Browser, what: &str, status: &str, width: u32) {
    b.run(
        "document.getElementById(arguments[0]).scrollIntoView({ block: 'start' });",
        json!([status]),
    );
    if let Some(dir) = std::env::var_os("DUEL_WALKTHROUGH_SCREENSHOTS") {
        let name = what.replace(' ', "-").to_lowercase();
        b.screenshot(&std::path::PathBuf::from(dir).join(format!("{name}-{width}.png")));
    }
    assert_eq!(b.sideways(), None, "{what} at {width} px");
    let wide = b.run(
        "return [...document.querySelectorAll('.page.active input[type=number]')]\
           .filter(e => e.getBoundingClientRect().width > 9 * parseFloat(getComputedStyle(e).fontSize))\
           .map(e => e.id + ': ' + Math.round(e.getBoundingClientRect().width) + ' px');",
        json!([]),
    );
    assert_eq!(wide, json!([]), "{what} at {width} px: too wide");
    assert_eq!(
        b.console_errors(),
        Vec::<String>::new(),
        "{what} at {width} px"
    );
}

/// The board page's status at the end of the game `a`.
fn board_status(a: &Value) -> &'static str {
    if a["outcome"] == "draw" {
        "Draw."
    } else if a["winner"] == "human" {
        "You win!"
    } else {
        "duel wins."
    }
}

fn board(b: &Browser, width: u32) {
    b.click("#tab-board");
    // Tic-tac-toe, the person first against the solver: it never loses.
    set(b, "board-game", "tictactoe");
    set(b, "board-agent", "solver");
    set(b, "board-human", "first");
    b.click("#board-new");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.answer.game === 'tictactoe' && board.moves.length === 0;",
    );
    let end = b.play_board();
    assert_ne!(end["winner"], "human", "{end}");
    assert_eq!(b.text("#board-status"), board_status(&end));
    // A cell the mouse played keeps the focus but shows no keyboard ring.
    let ring = b.run(
        "const f = document.activeElement;\
         return f && f.matches('#board-svg rect.click') ? getComputedStyle(f).strokeWidth : null;",
        json!([]),
    );
    assert!(ring.is_null() || ring == "0px" || ring == "1px", "{ring}");
    check_shown(b, "tic-tac-toe", "board-status", width);

    // Connect Four 7×6, the solver first: the person filling column 1 loses to column 4.
    set(b, "board-game", "connect:7x6:4");
    set(b, "board-human", "second");
    b.click("#board-new");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.answer.game === 'connect:7x6:4' && board.moves.length === 1;",
    );
    let end = b.play_board();
    assert_eq!(end["winner"], "agent", "{end}");
    assert_eq!(b.text("#board-status"), "duel wins.");
    assert_eq!(
        b.run(
            "const l = document.getElementById('board-line'), s = document.getElementById('board-svg');\
             return l !== null && s.getBoundingClientRect().right <= window.innerWidth;",
            json!([])
        ),
        true,
        "the winning line, on a board in the window"
    );
    check_shown(b, "Connect Four", "board-status", width);
}

fn guess_who(b: &Browser, width: u32) {
    b.click("#tab-guesswho");
    // Four faces each: the person halves the candidates, then guesses the last one.
    set(b, "gw-rules", "official");
    set(b, "gw-questions", "2");
    set(b, "gw-pool", "4");
    set(b, "gw-opponent-pool", "4");
    b.click("#gw-new");
    b.wait_in(
        support::GUESS_WHO,
        "return !gw.busy && gw.answer.faces.length >= 4 && gw.request.pool === 4 && gw.answer.log.length === 0;",
    );
    let mut turns = 0;
    let a = loop {
        let a = b.run_in(support::GUESS_WHO, "return gw.answer;", json!([]));
        if !a["winner"].is_null() {
            break a;
        }
        let candidates = a["candidates"].as_array().unwrap().clone();
        if candidates.len() == 1 {
            b.click(&format!("#face-{}", candidates[0]));
            b.click("#gw-guess");
        } else {
            for id in &candidates[..candidates.len() / 2] {
                b.click(&format!("#face-{id}"));
            }
            b.click("#gw-ask");
        }
        turns += 1;
        b.wait_in(
            support::GUESS_WHO,
            &format!("return !gw.busy && gw.request.actions.length === {turns};"),
        );
        assert!(turns < 10, "{a}");
    };
    let want = if a["winner"] == "human" {
        "You win!"
    } else {
        "duel wins."
    };
    assert_eq!(b.text("#gw-status"), want, "{}", a["winner"]);
    check_shown(b, "Guess Who", "gw-status", width);
}

fn liar_paul(b: &Browser, width: u32) {
    b.click("#tab-liar");
    // 4 numbers, one lie, 5 questions: volume 4 · (1 + 5) = 24 within 2^5 = 32.
    set(b, "liar-n", "4");
    set(b, "liar-lies", "1");
    set(b, "liar-questions", "5");
    b.click("#liar-new");
    b.wait_in(
        support::LIAR,
        "return liar.answer !== null && liar.answer.charged.length === 4 && liar.answer.questions_left === 5;",
    );
    for round in 1..=5 {
        let a = b.run_in(support::LIAR, "return liar.answer;", json!([]));
        if a["verdict"] == "paul" || a["questions_left"] == 0 {
            break;
        }
        b.ask_every_other(&a, round - 1);
    }
    let a = b.run_in(support::LIAR, "return liar.answer;", json!([]));
    // The bound 2^q with q, the questions left, as a superscript.
    assert_eq!(b.text("#liar-volume sup"), a["questions_left"].to_string());
    let status = b.text("#liar-status");
    match a["verdict"].as_str() {
        Some("paul") => assert_eq!(status, "You win: one number is left."),
        Some("carole") => assert!(status.starts_with("duel wins"), "{status}"),
        v => panic!("the game goes on ({v:?}): {status}"),
    }
    assert_eq!(
        b.run(
            "return document.getElementById('liar-ask').disabled;",
            json!([])
        ),
        true
    );
    check_shown(b, "the liar game as Paul", "liar-status", width);
}

fn liar_carole(b: &Browser, width: u32) {
    // 8 numbers, one lie; the person's number is 5 and she lies on the first answer.
    set(b, "carole-n", "8");
    set(b, "carole-lies", "1");
    b.click("#carole-new");
    b.wait_in(
        support::LIAR,
        "return carole.answer !== null && carole.answer.n === 8 && carole.answer.rounds.length === 0;",
    );
    let secret = 5;
    let mut round = 0;
    loop {
        let a = b.run_in(support::LIAR, "return carole.answer;", json!([]));
        if a["verdict"] != "asking" {
            break;
        }
        let asked = a["next"].as_array().unwrap();
        let truth = asked.contains(&json!(secret));
        b.click(if truth != (round == 0) {
            "#carole-yes"
        } else {
            "#carole-no"
        });
        round += 1;
        b.wait_in(
            support::LIAR,
            &format!("return carole.answer.rounds.length === {round};"),
        );
        assert!(round < 20);
    }
    assert_eq!(
        b.text("#carole-status"),
        format!("Your number is {secret} (found in {round} questions).")
    );
    check_shown(b, "the liar game as Carole", "carole-status", width);
}

fn bidding(b: &Browser, width: u32) {
    b.click("#tab-bidding");
    // Bidding tic-tac-toe, 4 chips each: the person bids half their chips and takes the
    // first open cell when she wins the bid.
    set(b, "bid-game", "tictactoe");
    set(b, "bid-alice", "4");
    set(b, "bid-bob", "4");
    set(b, "bid-user", "alice");
    b.click("#bid-new");
    b.wait_in(
        support::BIDDING,
        "return !bidding.busy && bidding.view !== null && bidding.view.state.game === 'tictactoe' \
         && bidding.view.state.position === null;",
    );
    let mut rounds = 0;
    let v = loop {
        b.wait_in(support::BIDDING, "return !bidding.busy;");
        let v = b.run_in(support::BIDDING, "return bidding.view;", json!([]));
        if !v["outcome"].is_null() {
            break v;
        }
        if v["state"]["to_move"].is_null() {
            let bid = v["max_bid"].as_u64().unwrap() / 2;
            set(b, "bid-chips", &bid.to_string());
            b.click("#bid-submit");
        } else {
            b.click(".bid-cell.open");
        }
        rounds += 1;
        assert!(rounds < 40, "{v}");
    };
    let want = match v["outcome"].as_str() {
        Some("draw") => "Draw.",
        Some(o) if v["state"]["user"] == o => "You win!",
        _ => "duel wins.",
    };
    assert_eq!(b.text("#bid-status"), want, "{v}");
    // Each round's text starts on its number's line.
    let broken = b.run(
        "return [...document.querySelectorAll('#bid-log li')].filter(li =>\
           li.querySelector('button').getBoundingClientRect().top >= li.querySelector('.turn').getBoundingClientRect().bottom)\
           .map(li => li.textContent);",
        json!([]),
    );
    assert_eq!(broken, json!([]), "at {width} px");
    // The board's cells side by side, none over its neighbour.
    let overlaps = b.run(
        "const cells = [...document.querySelectorAll('.bid-cell')].map(c => c.getBoundingClientRect());\
         return cells.slice(1).map((r, i) => [i, cells[i], r])\
           .filter(([_, p, r]) => Math.abs(p.top - r.top) < 1 && p.right > r.left + 0.5).map(([i]) => i);",
        json!([]),
    );
    assert_eq!(overlaps, json!([]), "cells over the next at {width} px");
    // A bid's use of the advantage is said only on a tie.
    for round in b
        .run(
            "return [...document.querySelectorAll('#bid-log li')].map(li => li.textContent);",
            json!([]),
        )
        .as_array()
        .unwrap()
    {
        let text = round.as_str().unwrap();
        assert!(
            !text.contains("using the advantage") || text.contains("on the tie"),
            "{text}"
        );
    }
    // The moves are named by their cells, not in the board's notation.
    let rounds = b.run(
        "return [...document.querySelectorAll('#bid-log li')].map(li => li.textContent);",
        json!([]),
    );
    for round in rounds.as_array().unwrap() {
        let text = round.as_str().unwrap();
        assert!(!text.contains('/'), "{text}");
        if text.contains("move") || text.contains("take") {
            assert!(text.contains("row "), "{text}");
        }
    }
    check_shown(b, "bidding", "bid-status", width);
}

fn explorer(b: &Browser, width: u32) {
    b.click("#tab-explorer");
    // P(n, m) up to 8 under the official rules, and the chip table of tug o' war to 12.
    set(b, "ex-rules", "official");
    set(b, "ex-max", "8");
    b.click("#ex-draw");
    b.wait(
        "return document.querySelector(\"#ex-svg rect[data-n='8'][data-m='8']\") !== null \
         && document.querySelector(\"#ex-svg rect[data-n='9']\") === null;",
    );
    b.run(
        "document.querySelector(\"#ex-svg rect[data-n='3'][data-m='5']\")\
           .dispatchEvent(new MouseEvent('mouseenter'));",
        json!([]),
    );
    let table = Table::solve(8, Rules::Official, Questions::Two).unwrap();
    assert_eq!(
        b.run(
            "return document.getElementById('ex-info').dataset.p;",
            json!([])
        ),
        table.probability(3, 5).unwrap().to_string()
    );
    // The square shown is outlined on the map.
    assert_eq!(
        b.run(
            "const m = document.getElementById('ex-shown');\
             return [m.getAttribute('visibility'), m.dataset.n, m.dataset.m];",
            json!([])
        ),
        json!([null, "3", "5"])
    );
    // The axes' labels as large as drawn (10 px): the map is not scaled down to fit.
    let small = b.run(
        "return [...document.querySelectorAll('#ex-svg text.tick')].map(t => t.getBoundingClientRect().height)\
           .filter(h => h < 9);",
        json!([]),
    );
    assert_eq!(small, json!([]), "tick labels at {width} px");
    set(b, "bt-game", "tug:3");
    set(b, "bt-max", "12");
    b.click("#bt-draw");
    b.wait("return document.getElementById('bt-table').rows.length === 14;");
    assert!(b.text("#bt-info").contains("tug:3"));
    check_shown(b, "the explorer", "ex-info", width);
}

#[test]
fn every_page_plays_a_game_to_its_end_on_a_phone_and_a_laptop() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    for (width, height) in SIZES {
        b.resize(width, height);
        b.goto(&format!("http://{addr}/#board"));
        b.wait(
            "return document.body.dataset.ready === '1' && document.body.dataset.caroleReady === '1' \
             && document.body.dataset.biddingReady === '1';",
        );
        let inner = b.run("return window.innerWidth;", json!([]));
        assert!(inner.as_u64().unwrap() <= u64::from(width), "{inner}");
        board(&b, width);
        guess_who(&b, width);
        liar_paul(&b, width);
        liar_carole(&b, width);
        bidding(&b, width);
        explorer(&b, width);
    }
}
