//! End-to-end: headless Chromium plays a full game on each page through the web app, and what
//! the page shows is checked against the library. Screenshots of each page go to the folder
//! `DUEL_SCREENSHOTS` names (docs/img/ for the README), else to a temporary folder.
//! Skipped (with a line on stderr) where chromium or chromedriver is absent, unless
//! `DUEL_REQUIRE_BROWSER=1`.

mod support;

use std::path::PathBuf;

use duel::game::Value;
use duel::games::connect4::answer::{analyze_on, SolverOptions};
use duel::guesswho::session::{play, PlayRequest};
use duel::guesswho::{Questions, Rules, Table};
use duel::liar::paul::{paul, PaulRequest};
use duel::search::move_values::move_values;
use serde_json::json;

fn image(name: &str) -> PathBuf {
    std::env::var_os("DUEL_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("duel-screenshots"))
        .join(name)
}

#[test]
fn board_page_plays_tic_tac_toe_and_connect_four_against_the_solver() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#board"));
    b.wait("return document.body.dataset.ready === '1';");

    // Tic-tac-toe, the person first: the solver never loses.
    b.click("#board-scores");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.values !== null;",
    );
    // The values shown are the library's.
    let shown = b.run(
        "return [...document.querySelectorAll('#board-svg text.value')].map(t => [t.dataset.move, t.textContent]);",
        json!([]),
    );
    let lib = move_values("tictactoe", "", 10_000_000).unwrap();
    assert_eq!(shown.as_array().unwrap().len(), 9);
    for m in &lib.moves {
        let want = serde_json::to_value(m.value).unwrap();
        assert!(
            shown
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s[0] == m.mv.as_str() && s[1] == want),
            "{shown} vs {m:?}"
        );
    }
    b.click("#board-scores");
    let end = b.play_board();
    assert_ne!(end["winner"], "human", "{end}");
    let status = b.text("#board-status");
    assert!(status == "Draw." || status == "duel wins.", "{status}");
    assert!(
        b.run(
            "return document.getElementById('board-last') !== null;",
            json!([])
        ) == true
    );
    if end["winner"] == "agent" {
        assert!(
            b.run(
                "return document.getElementById('board-line') !== null;",
                json!([])
            ) == true
        );
    }
    b.screenshot(&image("board-tictactoe.png"));

    // Undo goes back to the person's turn with one move pair fewer.
    let before = b
        .run_in(support::BOARD, "return board.moves.length;", json!([]))
        .as_u64()
        .unwrap();
    b.click("#board-undo");
    b.wait_in(support::BOARD, "return !board.busy;");
    let after = b
        .run_in(support::BOARD, "return board.moves.length;", json!([]))
        .as_u64()
        .unwrap();
    assert!(after < before && after % 2 == 0, "{before} -> {after}");

    // Connect Four 7×6, the solver first: the first player wins (Allis, Allen 1988), so
    // the perfect opponent must win.
    b.run(
        "document.getElementById('board-game').value = 'connect:7x6:4';\
         document.getElementById('board-human').value = 'second';",
        json!([]),
    );
    b.click("#board-new");
    let end = b.play_board();
    assert_eq!(end["winner"], "agent", "{end}");
    assert_eq!(b.text("#board-status"), "duel wins.");
    assert!(
        b.run(
            "return document.getElementById('board-line') !== null;",
            json!([])
        ) == true
    );
    b.screenshot(&image("board-connect4.png"));

    // The solver's values above the columns, on a fresh game.
    b.click("#board-new");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.answer !== null && board.answer.outcome === null;",
    );
    b.click("#board-scores");
    b.wait_in(
        support::BOARD,
        "return !board.busy && board.values !== null;",
    );
    // One stone in: the book of exact scores answers at once (before or after the values of
    // each move), and the page shows the exact score of every column, as `duel connect
    // analyze` gives them.
    b.wait_in(support::BOARD, "return board.scores !== null;");
    assert_eq!(
        b.run_in(support::BOARD, "return board.scores.exact;", json!([])),
        true
    );
    let exact = |moves: &str| -> serde_json::Value {
        let a = analyze_on(&SolverOptions::default(), moves).unwrap();
        json!(a
            .scores
            .iter()
            .map(|s| match s.unwrap() {
                n if n > 0 => format!("+{n}"),
                n if n < 0 => format!("\u{2212}{}", -n),
                _ => "0".to_string(),
            })
            .collect::<Vec<_>>())
    };
    let shown = || {
        b.run(
            "return [...document.querySelectorAll('#board-svg text.value')].map(t => t.textContent);",
            json!([]),
        )
    };
    let first = b.run_in(support::BOARD, "return board.moves.join('');", json!([]));
    assert_eq!(shown(), exact(first.as_str().unwrap()));
    // Four stones in a column: the exact scores of all columns take longer than the
    // server's limit (44 s here against 15 s); the page shows those solved in time and the
    // solver's win/draw/loss elsewhere, and says so.
    b.run_in(
        support::BOARD,
        "document.getElementById('board-human').value = 'first';\
         start(['4', '4', '4', '4']);",
        json!([]),
    );
    b.wait_in(
        support::BOARD,
        "return board.scores !== null && board.scores.position === '4444';",
    );
    let s = b.run_in(support::BOARD, "return board.scores;", json!([]));
    let note = b.text("#board-score-note");
    if s["exact"] == false {
        assert!(note.contains("win/draw/loss"), "{note}");
    }
    let lib = move_values("connect:7x6:4", "4,4,4,4", 20_000_000).unwrap();
    let texts = shown();
    for (c, m) in lib.moves.iter().enumerate() {
        let text = texts[c].as_str().unwrap();
        match s["scores"][c].as_i64() {
            // An exact score's sign is the move's win, draw or loss.
            Some(n) => {
                let want = match m.value {
                    Value::Win => n > 0,
                    Value::Draw => n == 0,
                    Value::Loss => n < 0,
                };
                assert!(want, "column {}: {n} against {:?}", c + 1, m.value);
            }
            None => assert_eq!(json!(text), serde_json::to_value(m.value).unwrap()),
        }
    }
    assert!(lib.moves.iter().any(|m| m.value == Value::Loss));
    b.screenshot(&image("board-connect4-values.png"));

    // Mid-game (a line of the benchmark's Test_L1_R1), the person to move: the exact score
    // of every column, as the library's `duel connect analyze` gives them.
    b.run_in(
        support::BOARD,
        "document.getElementById('board-human').value = 'first';\
         start(['3', '2', '1', '6', '4', '6', '2', '5']);",
        json!([]),
    );
    b.wait_in(
        support::BOARD,
        "return board.scores !== null && board.scores.position === '32164625';",
    );
    assert_eq!(shown(), exact("32164625"));
    let note = b.text("#board-score-note");
    assert!(note.contains("n-th-to-last stone"), "{note}");
    assert!(note.contains("Best: column 3."), "{note}");
    b.screenshot(&image("board-connect4-scores.png"));
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
fn guess_who_page_shows_the_librarys_probabilities_through_a_whole_game() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#guesswho"));
    b.wait("return document.body.dataset.ready === '1';");
    for (rules, questions) in [("official", "2"), ("race", "2"), ("official", "3")] {
        b.run(
            "document.getElementById('gw-rules').value = arguments[0];\
             document.getElementById('gw-questions').value = arguments[1];",
            json!([rules, questions]),
        );
        b.click("#gw-new");
        b.wait_in(
            support::GUESS_WHO,
            "return gw.answer !== null && gw.answer.log.length === 0;",
        );
        // Cushing et al. Theorem 1.1 / Nica Theorem 1.1: the first position's value.
        let table = Table::solve(
            24,
            rules.parse::<Rules>().unwrap(),
            questions.parse::<Questions>().unwrap(),
        )
        .unwrap();
        let p = b.run(
            "return document.getElementById('gw-probability').dataset.p;",
            json!([]),
        );
        assert_eq!(p, table.probability(24, 24).unwrap().to_string());
        if rules == "official" && questions == "2" {
            assert_eq!(p, "5/9");
        }
        let mut turns = 0;
        loop {
            let a = b.run_in(support::GUESS_WHO, "return gw.answer;", json!([]));
            // The page shows what the library answers for the same game.
            let request: PlayRequest = serde_json::from_value(b.run_in(
                support::GUESS_WHO,
                "return gw.request;",
                json!([]),
            ))
            .unwrap();
            let lib = play(&request).unwrap();
            let shown = b.run(
                "return document.getElementById('gw-probability').dataset.p;",
                json!([]),
            );
            assert_eq!(shown, lib.p.to_string());
            let log = b.run(
                "return [...document.querySelectorAll('#gw-log li')].filter(l => l.dataset.pBefore).map(l => l.dataset.pBefore);",
                json!([]),
            );
            let want: Vec<String> = lib.log.iter().map(|t| t.p_before.to_string()).collect();
            assert_eq!(log, json!(want));
            if !a["winner"].is_null() {
                break;
            }
            // The person plays the hint: the faces it marks, then ask; or guess the last face.
            b.click("#gw-hint");
            let hint = b.run_in(support::GUESS_WHO, "return gw.answer.hint[0];", json!([]));
            let before = lib.log.len();
            if hint == "guess" {
                b.click(&format!("#face-{}", a["candidates"][0]));
                b.click("#gw-guess");
            } else {
                let parts = a["hint_parts"].as_array().unwrap();
                for (k, part) in parts[..parts.len() - 1].iter().enumerate() {
                    b.run(
                        "document.getElementById('gw-part').value = arguments[0];",
                        json!([k.to_string()]),
                    );
                    for id in part.as_array().unwrap() {
                        b.click(&format!("#face-{id}"));
                    }
                }
                b.click("#gw-ask");
            }
            b.wait_in(
                support::GUESS_WHO,
                &format!("return gw.answer.log.length > {before} || gw.answer.winner !== null;"),
            );
            turns += 1;
            assert!(turns < 60);
        }
        let winner = b.run_in(support::GUESS_WHO, "return gw.answer.winner;", json!([]));
        let status = b.text("#gw-status");
        assert!(
            (winner == "human" && status == "You win!")
                || (winner == "duel" && status == "duel wins."),
            "{winner} {status}"
        );
        if rules == "official" && questions == "2" {
            b.screenshot(&image("guesswho.png"));
        }
    }
}

#[test]
fn liar_page_plays_paul_against_the_adversary_to_the_verdict() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#liar"));
    b.wait("return document.body.dataset.ready === '1';");
    // 16 numbers, one lie, 7 questions: V_7 = 16 · (1 + 7) = 128 = 2^7 (Berlekamp's bound
    // met with equality).
    let volume = b.run(
        "return document.getElementById('liar-volume').dataset.volume;",
        json!([]),
    );
    assert_eq!(volume, "160");
    b.run(
        "document.getElementById('liar-questions').value = '7';",
        json!([]),
    );
    b.click("#liar-new");
    b.wait_in(
        support::LIAR,
        "return liar.answer !== null && liar.answer.questions_left === 7;",
    );
    assert_eq!(
        b.run(
            "return document.getElementById('liar-volume').dataset.bound;",
            json!([])
        ),
        "128"
    );
    let mut before: u128 = 128;
    for round in 0..7 {
        let a = b.run_in(support::LIAR, "return liar.answer;", json!([]));
        b.ask_every_other(&a, round);
        let request: PaulRequest =
            serde_json::from_value(b.run_in(support::LIAR, "return liar.request;", json!([])))
                .unwrap();
        let lib = paul(&request).unwrap();
        let shown = b.run(
            "return document.getElementById('liar-volume').dataset.volume;",
            json!([]),
        );
        assert_eq!(shown, lib.volume);
        // The adversary keeps the larger half of the conserved volume.
        let after: u128 = lib.volume.parse().unwrap();
        assert!(2 * after >= before, "{after} from {before}");
        before = after;
        let verdict = b.run(
            "return document.getElementById('liar-status').dataset.verdict;",
            json!([]),
        );
        assert_eq!(verdict, lib.verdict.name());
    }
    let a = b.run_in(support::LIAR, "return liar.answer;", json!([]));
    assert_eq!(a["questions_left"], 0);
    assert!(a["verdict"] == "paul" || a["verdict"] == "carole");
    b.screenshot(&image("liar.png"));
    assert_eq!(b.console_errors(), Vec::<String>::new());
}

#[test]
fn explorer_shows_the_librarys_heatmap_with_values_on_hover() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#explorer"));
    b.wait("return document.body.dataset.ready === '1';");
    b.wait("return document.querySelectorAll('#ex-svg rect.ex-cell').length > 0;");
    // Race rules up to 32: every position but (1, 1).
    let cells = b.run(
        "return document.querySelectorAll('#ex-svg rect.ex-cell').length;",
        json!([]),
    );
    assert_eq!(cells, 32 * 32 - 1);
    let table = Table::solve(32, Rules::Race, Questions::Two).unwrap();
    for (n, m) in [(2, 2), (24, 24), (32, 7), (5, 30)] {
        let css = format!("#ex-svg rect[data-n='{n}'][data-m='{m}']");
        b.run(
            "document.querySelector(arguments[0]).dispatchEvent(new MouseEvent('mouseenter'));",
            json!([css]),
        );
        let shown = b.run(
            "return document.getElementById('ex-info').dataset.p;",
            json!([]),
        );
        assert_eq!(
            shown,
            table.probability(n, m).unwrap().to_string(),
            "({n}, {m})"
        );
        let text = b.text("#ex-info");
        let best = table.best_moves(n, m).unwrap();
        let first = match &best[0] {
            duel::guesswho::Move::Split(p) => {
                p.iter().map(u64::to_string).collect::<Vec<_>>().join("+")
            }
            duel::guesswho::Move::Guess => "guess".to_string(),
        };
        assert!(text.contains(&first), "{text} lacks {first}");
    }
    b.screenshot(&image("explorer.png"));
    assert_eq!(b.console_errors(), Vec::<String>::new());
}
