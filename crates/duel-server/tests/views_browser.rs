//! End-to-end, headless Chromium: the game views as a player expects them: Paul's game ends
//! when the number is found, refuses an empty question and selects a range; the bidding
//! board marks the best cell; the explorer has axis ticks, a colour legend and says a
//! table's period once. The hex board's screenshot goes to `DUEL_SCREENSHOTS` (docs/img/).
//! Skipped where chromium or chromedriver is absent, unless `DUEL_REQUIRE_BROWSER=1`.

mod support;

use std::path::PathBuf;

use serde_json::json;

fn image(name: &str) -> PathBuf {
    std::env::var_os("DUEL_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("duel-screenshots"))
        .join(name)
}

fn open(b: &support::Browser, page: &str) {
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#{page}"));
    b.wait(
        "return document.body.dataset.ready === '1' && document.body.dataset.biddingReady === '1';",
    );
}

fn set(b: &support::Browser, id: &str, value: &str) {
    b.run(
        "document.getElementById(arguments[0]).value = arguments[1];",
        json!([id, value]),
    );
}

#[test]
fn pauls_game_refuses_an_empty_question_selects_a_range_and_ends_at_the_number() {
    let Some(b) = support::browser() else { return };
    open(&b, "liar");
    b.click("#liar-ask");
    assert!(b.text("#liar-status").starts_with("Select the numbers"));
    assert_eq!(
        b.run_in(
            support::LIAR,
            "return liar.answer.rounds.length;",
            json!([])
        ),
        0
    );
    // 1 to 8 in one go, then asked.
    set(&b, "liar-from", "1");
    set(&b, "liar-to", "8");
    b.click("#liar-range");
    assert_eq!(
        b.run_in(
            support::LIAR,
            "return [...liar.selection].sort((x, y) => x - y);",
            json!([])
        ),
        json!([1, 2, 3, 4, 5, 6, 7, 8])
    );
    b.click("#liar-ask");
    b.wait_in(support::LIAR, "return liar.answer.rounds.length === 1;");
    // Two numbers, no lie, one question: once asked, one number is left and the game ends.
    set(&b, "liar-n", "2");
    set(&b, "liar-lies", "0");
    set(&b, "liar-questions", "1");
    b.click("#liar-new");
    b.wait_in(support::LIAR, "return liar.answer.charged.length === 2;");
    b.click("#num-1");
    b.click("#liar-ask");
    b.wait_in(support::LIAR, "return liar.answer.rounds.length === 1;");
    assert_eq!(
        b.run_in(support::LIAR, "return liar.answer.verdict;", json!([])),
        "paul"
    );
    assert_eq!(
        b.run(
            "return document.getElementById('liar-ask').disabled;",
            json!([])
        ),
        true
    );
}

#[test]
fn the_bidding_board_marks_the_best_cell_and_the_explorer_has_ticks_and_a_legend() {
    let Some(b) = support::browser() else { return };
    open(&b, "bidding");
    let v = b.run_in(support::BIDDING, "return bidding.view;", json!([]));
    let best = v["best_move"].as_str().expect("a best move at the start");
    // The cell where the best move puts the user's mark, marked ★.
    let marked = b.run(
        "return [...document.querySelectorAll('.bid-cell.best')].map(c => [c.id, c.textContent]);",
        json!([]),
    );
    let start: Vec<char> = v["position"]
        .as_str()
        .unwrap()
        .replace('/', "")
        .chars()
        .collect();
    let after: Vec<char> = best.replace('/', "").chars().collect();
    let cell = (0..start.len()).find(|&i| start[i] != after[i]).unwrap();
    assert_eq!(marked, json!([[format!("bid-cell-{cell}"), "\u{2605}"]]));
    assert_eq!(b.text("#bid-best"), "the cell marked \u{2605}");

    b.click("#tab-explorer");
    let ticks = b.run(
        "return [...document.querySelectorAll('#ex-svg text.tick')].map(t => t.textContent);",
        json!([]),
    );
    // Up to 32: 1, 4, 8, …, 32 on each axis.
    let want: Vec<String> = std::iter::once(1)
        .chain((4..=32).step_by(4))
        .map(|v| v.to_string())
        .flat_map(|v| [v.clone(), v])
        .collect();
    assert_eq!(ticks, json!(want));
    assert_eq!(
        b.run(
            "return document.querySelectorAll('#ex-legend rect').length;",
            json!([])
        ),
        20
    );
    // The keyboard: Tab's stop is (1, 2); up and right move to (2, 3), shown as on hover.
    b.run("document.getElementById('ex-cell-1-2').focus();", json!([]));
    b.keys(&format!("{}{}", support::UP, support::RIGHT));
    let table = duel::guesswho::Table::solve(
        32,
        duel::guesswho::Rules::Race,
        duel::guesswho::Questions::Two,
    )
    .unwrap();
    assert_eq!(
        b.run(
            "return document.getElementById('ex-info').dataset.p;",
            json!([])
        ),
        table.probability(2, 3).unwrap().to_string()
    );
    // The table's period is said once; how it was computed is folded away.
    b.wait("return document.getElementById('bt-table').rows.length > 1;");
    let info = b.run(
        "const i = document.getElementById('bt-info'); const d = i.querySelector('details');\
         return [i.firstChild.textContent, d ? d.textContent : ''];",
        json!([]),
    );
    let shown = info[0].as_str().unwrap();
    assert_eq!(shown.matches("f(k + ").count(), 1, "{info}");
    assert!(!shown.contains("MB"), "{info}");
}

#[test]
fn guess_who_names_the_faces_duel_asks_about_and_its_candidates() {
    let Some(b) = support::browser() else { return };
    open(&b, "guesswho");
    for questions in ["2", "3"] {
        set(&b, "gw-questions", questions);
        b.click("#gw-new");
        b.wait_in(
            support::GUESS_WHO,
            &format!("return !gw.busy && gw.answer.questions === {questions} && gw.answer.log.length === 0;"),
        );
        // The person asks about faces 0 to 5; duel replies with a question of its own.
        for id in 0..6 {
            b.click(&format!("#face-{id}"));
        }
        b.click("#gw-ask");
        b.wait_in(
            support::GUESS_WHO,
            "return !gw.busy && gw.answer.log.length >= 2;",
        );
        let a = b.run_in(support::GUESS_WHO, "return gw.answer;", json!([]));
        let name = |id: &serde_json::Value| {
            a["faces"][id.as_u64().unwrap() as usize]["name"]
                .as_str()
                .unwrap()
                .to_string()
        };
        let turn = &a["log"][1];
        assert_eq!(turn["by"], "duel", "{turn}");
        let text = b.text("#gw-log li:nth-child(2)");
        if turn["feature"].is_null() {
            for part in turn["parts"].as_array().unwrap() {
                let names: Vec<String> = part.as_array().unwrap().iter().map(name).collect();
                if questions == "3" || part == &turn["parts"][0] {
                    assert!(text.contains(&names.join(", ")), "{text} lacks {names:?}");
                }
            }
            if questions == "3" {
                assert!(text.contains("set C ("), "{text}");
            }
        }
        let theirs: Vec<String> = a["opponent_candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(name)
            .collect();
        assert_eq!(
            b.text("#gw-duel-candidates"),
            format!("{} faces: {}.", theirs.len(), theirs.join(", "))
        );
    }
}

#[test]
fn guess_who_has_a_move_list_undo_redo_and_the_game_in_the_address() {
    let Some(b) = support::browser() else { return };
    open(&b, "guesswho");
    let state = |b: &support::Browser| {
        b.wait_in(support::GUESS_WHO, "return !gw.busy && gw.answer !== null;");
        b.run_in(
            support::GUESS_WHO,
            "return { line: gw.line.length, shown: gw.request.actions.length, log: gw.answer.log.length };",
            json!([]),
        )
    };
    // Two questions of the person's (faces 0 to 5, then the first candidate), each answered
    // by a reply of duel's.
    for id in 0..6 {
        b.click(&format!("#face-{id}"));
    }
    b.click("#gw-ask");
    b.wait_in(
        support::GUESS_WHO,
        "return !gw.busy && gw.answer.log.length === 2;",
    );
    let first = b.run_in(
        support::GUESS_WHO,
        "return gw.answer.candidates[0];",
        json!([]),
    );
    b.click(&format!("#face-{first}"));
    b.click("#gw-ask");
    b.wait_in(
        support::GUESS_WHO,
        "return !gw.busy && gw.request.actions.length === 2;",
    );
    let end = state(&b);
    assert_eq!(end["line"], 2);
    assert_eq!(
        b.run(
            "return [...document.querySelectorAll('#gw-history button')].map(b => b.textContent);",
            json!([])
        ),
        json!(["ask 6 faces", "ask 1 face"])
    );
    // Undo, redo, and a click on the first action.
    b.click("#gw-undo");
    b.wait_in(
        support::GUESS_WHO,
        "return !gw.busy && gw.request.actions.length === 1;",
    );
    assert_eq!(state(&b), json!({"line": 2, "shown": 1, "log": 2}));
    b.click("#gw-redo");
    b.wait_in(
        support::GUESS_WHO,
        "return !gw.busy && gw.request.actions.length === 2;",
    );
    assert_eq!(state(&b), end);
    b.click("#gw-history-0");
    b.wait_in(
        support::GUESS_WHO,
        "return !gw.busy && gw.request.actions.length === 1;",
    );
    let answer = b.run_in(support::GUESS_WHO, "return gw.answer;", json!([]));
    // A reload restores the game and the position shown.
    b.run(
        "document.body.dataset.ready = 'old'; location.reload();",
        json!([]),
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    b.wait("return document.body.dataset.ready === '1';");
    assert_eq!(state(&b), json!({"line": 2, "shown": 1, "log": 2}));
    assert_eq!(
        b.run_in(support::GUESS_WHO, "return gw.answer;", json!([])),
        answer
    );
}

#[test]
fn the_liar_games_have_move_lists_undo_redo_and_their_games_in_the_address() {
    let Some(b) = support::browser() else { return };
    open(&b, "liar");
    b.wait("return document.body.dataset.caroleReady === '1';");
    // Paul: two questions, undo, redo.
    for round in 1..=2 {
        b.click("#num-1");
        b.click("#num-2");
        b.click("#liar-ask");
        b.wait_in(
            support::LIAR,
            &format!("return liar.answer.rounds.length === {round};"),
        );
    }
    assert_eq!(
        b.run(
            "return [...document.querySelectorAll('#liar-history button')].map(b => b.textContent);",
            json!([])
        ),
        json!(["{1, 2}", "{1, 2}"])
    );
    b.click("#liar-undo");
    b.wait_in(support::LIAR, "return liar.answer.rounds.length === 1;");
    b.click("#liar-redo");
    b.wait_in(support::LIAR, "return liar.answer.rounds.length === 2;");
    b.click("#liar-history-0");
    b.wait_in(support::LIAR, "return liar.answer.rounds.length === 1;");
    // Carole: two answers, one undone.
    b.click("#carole-yes");
    b.wait_in(support::LIAR, "return carole.answer.rounds.length === 1;");
    b.click("#carole-no");
    b.wait_in(support::LIAR, "return carole.answer.rounds.length === 2;");
    b.click("#carole-undo");
    b.wait_in(support::LIAR, "return carole.answer.rounds.length === 1;");
    let both = |b: &support::Browser| {
        b.run_in(
            support::LIAR,
            "return [liar.line.length, liar.answer.rounds.length, carole.line, carole.answer.rounds.length];",
            json!([]),
        )
    };
    assert_eq!(both(&b), json!([2, 1, ["yes", "no"], 1]));
    // A reload restores both games where they were shown.
    b.run(
        "document.body.dataset.ready = 'old'; location.reload();",
        json!([]),
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    b.wait(
        "return document.body.dataset.ready === '1' && document.body.dataset.caroleReady === '1';",
    );
    assert_eq!(both(&b), json!([2, 1, ["yes", "no"], 1]));
    b.click("#carole-redo");
    b.wait_in(support::LIAR, "return carole.answer.rounds.length === 2;");
}

#[test]
fn the_bidding_page_has_its_rounds_undo_redo_and_the_state_in_the_address() {
    let Some(b) = support::browser() else { return };
    open(&b, "bidding");
    // Two rounds: a bid of 0, or a move where the user won the bid.
    for round in 1..=2 {
        let v = b.run_in(support::BIDDING, "return bidding.view;", json!([]));
        if v["state"]["to_move"].is_null() {
            set(&b, "bid-chips", "0");
            b.click("#bid-submit");
        } else {
            b.click(".bid-cell.open");
        }
        b.wait_in(
            support::BIDDING,
            &format!(
                "return !bidding.busy && bidding.line.length === {};",
                round + 1
            ),
        );
    }
    let views = b.run_in(
        support::BIDDING,
        "return bidding.line.map(e => e.view.state);",
        json!([]),
    );
    assert_eq!(
        b.run(
            "return document.querySelectorAll('#bid-log button').length;",
            json!([])
        ),
        2
    );
    let shown = |b: &support::Browser| {
        b.run_in(
            support::BIDDING,
            "return [bidding.at, bidding.view.state];",
            json!([]),
        )
    };
    b.click("#bid-undo");
    assert_eq!(shown(&b), json!([1, views[1]]));
    b.click("#bid-redo");
    assert_eq!(shown(&b), json!([2, views[2]]));
    b.click("#bid-log-0");
    assert_eq!(shown(&b), json!([1, views[1]]));
    // The whole line is in the address, every round and the view shown: a reload restores
    // it, the round undone included.
    let texts = b.run_in(
        support::BIDDING,
        "return bidding.line.map(e => e.text);",
        json!([]),
    );
    b.run(
        "document.body.dataset.ready = 'old'; location.reload();",
        json!([]),
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    b.wait(
        "return document.body.dataset.ready === '1' && document.body.dataset.biddingReady === '1';",
    );
    assert_eq!(shown(&b), json!([1, views[1]]));
    let line = b.run_in(
        support::BIDDING,
        "return [bidding.line.map(e => e.view.state), bidding.line.map(e => e.text)];",
        json!([]),
    );
    assert_eq!(line, json!([views, texts]));
    assert_eq!(
        b.run(
            "return document.querySelectorAll('#bid-log button').length;",
            json!([])
        ),
        2
    );
    b.click("#bid-redo");
    assert_eq!(shown(&b), json!([2, views[2]]));
}

#[test]
fn hex_is_drawn_as_a_rhombus_with_its_sides() {
    let Some(b) = support::browser() else { return };
    open(&b, "bidding");
    b.run(
        "document.getElementById('bid-game').value = 'hex:3';",
        json!([]),
    );
    b.click("#bid-new");
    b.wait_in(
        support::BIDDING,
        "return !bidding.busy && bidding.view.state.game === 'hex:3';",
    );
    // Three rows of three cells, each row half a cell right of the one above.
    let lefts = b.run(
        "return [0, 3, 6].map(i => document.getElementById('bid-cell-' + i).getBoundingClientRect().left);",
        json!([]),
    );
    let width = b
        .run(
            "return document.getElementById('bid-cell-0').getBoundingClientRect().width;",
            json!([]),
        )
        .as_f64()
        .unwrap();
    let l: Vec<f64> = lefts
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    for r in 1..3 {
        let shift = l[r] - l[r - 1];
        assert!(
            shift > 0.3 * width && shift < 0.7 * width,
            "row {r} shifted {shift} of a cell {width}"
        );
    }
    assert!(b
        .text("#bid-hex-sides")
        .contains("Alice (A) joins the top and bottom rows"));
    b.screenshot(&image("bidding-hex.png"));
}

#[test]
fn a_disabled_advantage_box_is_unticked() {
    let Some(b) = support::browser() else { return };
    open(&b, "bidding");
    // Bob holds the advantage and the user plays Alice: the box cannot be used.
    b.run(
        "document.getElementById('bid-use-tie').checked = true;\
         document.getElementById('bid-tie').value = 'bob';",
        json!([]),
    );
    b.click("#bid-new");
    b.wait_in(
        support::BIDDING,
        "return !bidding.busy && bidding.view.state.tie === 'bob';",
    );
    assert_eq!(
        b.run(
            "const t = document.getElementById('bid-use-tie'); return [t.disabled, t.checked];",
            json!([])
        ),
        json!([true, false])
    );
}
