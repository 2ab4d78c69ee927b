//! `duel liar` from the outside: outputs, JSON fields, exit codes.

mod common;
use common::{assert_error, duel, duel_text, json};

#[test]
fn solve_reports_the_contract_fields() {
    // Pelc 1987: one lie, 10^6 objects, 25 questions suffice and 24 do not.
    let v = json(&[
        "liar",
        "solve",
        "--n",
        "1000000",
        "--questions",
        "25",
        "--json",
    ]);
    assert_eq!(v["winner"], "paul");
    assert_eq!(v["n"], 1_000_000);
    assert_eq!(v["questions"], 25);
    assert_eq!(v["lies"], 1);
    assert_eq!(v["variant"], "original");
    assert_eq!(v["volume"], "26000000");
    assert_eq!(v["bound"], "33554432");
    // Paul's first winning question: half of the objects.
    assert_eq!(v["question"], serde_json::json!([500000, 0]));
    let v = json(&[
        "liar",
        "solve",
        "--n",
        "1000000",
        "--questions",
        "24",
        "--json",
    ]);
    assert_eq!(v["winner"], "carole");
    // Corollary 2: pathological, q = 4: n = 4 wins for Paul, n = 3 does not.
    let v = json(&[
        "liar",
        "solve",
        "--n",
        "4",
        "--questions",
        "4",
        "--pathological",
        "--json",
    ]);
    assert_eq!(
        (v["winner"].as_str(), v["variant"].as_str()),
        (Some("paul"), Some("pathological"))
    );
    let v = json(&[
        "liar",
        "solve",
        "--n",
        "3",
        "--questions",
        "4",
        "--pathological",
        "--json",
    ]);
    assert_eq!(v["winner"], "carole");
    let out = duel(&["liar", "solve", "--n", "28", "--questions", "8"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Paul wins"));
}

#[test]
fn min_questions_is_certified() {
    // Negro & Sereno 1992: three lies, 10^6 objects: 33 questions.
    let v = json(&[
        "liar",
        "min-questions",
        "--n",
        "1000000",
        "--lies",
        "3",
        "--json",
    ]);
    assert_eq!(v["questions"], 33);
    assert_eq!(v["lower"], 33);
    assert_eq!(v["upper"], 33);
    assert_eq!(v["certified"], true);
    assert_eq!(v["n"], 1_000_000);
    assert_eq!(v["lies"], 3);
    // A small case decided by exhaustive refutation above the volume bound: n = 3, one lie
    // (volume bound 4 since 3·5 ≤ 16, but Corollary 1 needs 3·6 ≤ 2^5 − 4: 5 questions).
    let v = json(&["liar", "min-questions", "--n", "3", "--json"]);
    assert_eq!(
        (v["lower"].as_u64(), v["upper"].as_u64()),
        (Some(5), Some(5))
    );
    assert_eq!(v["certified"], true);
}

#[test]
fn verify_holds_and_exits_zero() {
    let v = json(&["liar", "verify", "--max-q", "8", "--json"]);
    assert_eq!(v["holds"], true);
    assert!(v["items"].as_array().unwrap().len() >= 8);
    let out = duel(&["liar", "verify", "--max-q", "6"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("all statements hold"));
}

#[test]
fn strategy_prints_a_play() {
    let out = duel(&["liar", "strategy", "--n", "10", "--questions", "7"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().filter(|l| l.starts_with("q =")).count(), 7);
    assert!(text.contains("Paul wins"));
    let v = json(&[
        "liar",
        "strategy",
        "--n",
        "20",
        "--questions",
        "14",
        "--lies",
        "2",
        "--json",
    ]);
    assert_eq!(v["rounds"].as_array().unwrap().len(), 14);
    assert_eq!(v["winner"], "paul");
}

#[test]
fn bad_input_gives_one_line_and_exit_2() {
    assert_error(
        &["liar", "solve", "--n", "0", "--questions", "3"],
        "n must be at least 1",
    );
    assert_error(
        &[
            "liar",
            "solve",
            "--n",
            "5",
            "--questions",
            "3",
            "--lies",
            "500",
        ],
        "lies",
    );
    assert_error(
        &["liar", "solve", "--n", "5", "--questions", "999999999"],
        "questions",
    );
    assert_error(
        &["liar", "min-questions", "--n", "0"],
        "n must be at least 1",
    );
    assert_error(
        &["liar", "strategy", "--n", "5", "--questions", "500"],
        "questions",
    );
    assert_error(&["liar", "verify", "--max-q", "1000"], "questions");
    assert_error(
        &[
            "liar",
            "solve",
            "--n",
            "18446744073709551615",
            "--questions",
            "100",
        ],
        "too large",
    );
    let out = duel(&["liar", "solve", "--n", "-3", "--questions", "3"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn table_lists_the_fewest_questions() {
    // Corollary 1 as a table: n = 3 needs 5 questions with one lie (the volume bound says 4).
    let v = json(&["liar", "table", "--max-n", "6", "--json"]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[2]["n"], 3);
    assert_eq!(rows[2]["questions"], 5);
    assert_eq!(rows[2]["volume_bound"], 4);
    let v = json(&["liar", "table", "--max-n", "4", "--pathological", "--json"]);
    assert_eq!(v["variant"], "pathological");
    assert_error(&["liar", "table", "--max-n", "3", "--lies", "99"], "lies");
}

#[test]
fn solve_a_state_and_judge_a_question() {
    // Ellis, Ponomarenko & Yan, section 2: at the special state (5, (3, 2)) Paul wins with
    // the question (2, 0).
    let v = json(&[
        "liar",
        "solve",
        "--state",
        "3,2",
        "--questions",
        "5",
        "--ask",
        "2,0",
        "--json",
    ]);
    assert_eq!(v["winner"], "paul");
    assert_eq!(v["state"], serde_json::json!([3, 2]));
    assert_eq!(v["paul_wins_after_ask"], true);
    assert_eq!(v["carole_answer"], serde_json::Value::Null);
    // Asking about all three 0-lie objects loses: Carole says yes and nothing moves.
    let v = json(&[
        "liar",
        "solve",
        "--state",
        "3,2",
        "--questions",
        "5",
        "--ask",
        "3,0",
        "--json",
    ]);
    assert_eq!(v["carole_answer"], "yes");
    assert_eq!(v["after_yes"], serde_json::json!([3, 0]));
    // A question that is not ≤ the state.
    assert_error(
        &[
            "liar",
            "solve",
            "--state",
            "3,2",
            "--questions",
            "5",
            "--ask",
            "4,0",
        ],
        "not ≤ the state",
    );
    assert_error(
        &[
            "liar",
            "solve",
            "--state",
            "3,2",
            "--questions",
            "5",
            "--ask",
            "1,0,0",
        ],
        "question [1, 0, 0] has 3 classes but the state [3, 2] has 2",
    );
    // No object at all: nothing to search for, as with --n 0.
    assert_error(
        &["liar", "solve", "--state", "0,0", "--questions", "5"],
        "has no surviving object",
    );
    // An answer may still leave nothing: Paul has then won the original game.
    let v = json(&[
        "liar",
        "solve",
        "--state",
        "0,1",
        "--questions",
        "3",
        "--ask",
        "0,0",
        "--json",
    ]);
    assert_eq!(v["after_yes"], serde_json::json!([0, 0]));
    assert_eq!(v["paul_wins_after_ask"], true);
    assert_error(
        &[
            "liar",
            "solve",
            "--state",
            "3,1,0",
            "--lies",
            "1",
            "--questions",
            "4",
        ],
        "classes",
    );
}

#[test]
fn max_questions_for_the_pathological_game() {
    // Corollary 2: with 10^6 objects and one lie Paul survives at most 24 questions.
    let v = json(&["liar", "max-questions", "--n", "1000000", "--json"]);
    assert_eq!(
        (v["questions"].as_u64(), v["certified"].as_bool()),
        (Some(24), Some(true))
    );
    assert_eq!(v["volume_bound"], 24);
    assert_error(
        &["liar", "max-questions", "--n", "0"],
        "n must be at least 1",
    );
}

/// `duel args` stops on a budget: one error line that names `option` to raise, and neither
/// the other option nor the 128-bit arithmetic (which it used to blame).
fn budget_error(args: &[&str], option: &str, other: &str) {
    assert_error(args, option);
    let (_, _, err) = duel_text(args);
    assert!(!err.contains(other), "{args:?}: {err}");
    assert!(!err.contains("too large"), "{args:?}: {err}");
}

#[test]
fn budget_stops_name_the_option_to_raise() {
    let solve = [
        "liar",
        "solve",
        "--n",
        "100",
        "--questions",
        "35",
        "--lies",
        "9",
    ];
    let min = ["liar", "min-questions", "--n", "100", "--lies", "9"];
    let with = |base: &[&'static str], extra: &[&'static str]| [base, extra].concat();
    budget_error(
        &with(&solve, &["--max-states", "1000"]),
        "raise --max-states, now 1000",
        "--max-steps",
    );
    // The strategy search obeys --max-steps too (it won here on a budget of its own).
    budget_error(
        &with(&solve, &["--max-steps", "10"]),
        "the strategy search stopped at its limit of 10 steps",
        "--max-states",
    );
    budget_error(
        &with(&min, &["--max-states", "1000"]),
        "raise --max-states, now 1000",
        "--max-steps",
    );
    budget_error(
        &with(&min, &["--max-steps", "10"]),
        "raise --max-steps, now 10",
        "--max-states",
    );
    // table has no --max-steps: its steps are bounded by --max-states, and that is named.
    budget_error(
        &["liar", "table", "--max-n", "200", "--max-states", "100"],
        "raise --max-states, now 100",
        "--max-steps",
    );
    budget_error(
        &[
            "liar",
            "table",
            "--max-n",
            "40",
            "--lies",
            "4",
            "--max-states",
            "1000",
        ],
        "raise --max-states, now 1000",
        "--max-steps",
    );
}

#[test]
fn budgets_of_nothing_or_beyond_memory_are_refused() {
    assert_error(
        &[
            "liar",
            "min-questions",
            "--n",
            "100",
            "--lies",
            "9",
            "--max-states",
            "0",
            "--max-steps",
            "0",
        ],
        "--max-states 0 leaves no room for any search",
    );
    assert_error(
        &[
            "liar",
            "solve",
            "--n",
            "100",
            "--questions",
            "35",
            "--max-steps",
            "0",
        ],
        "--max-steps 0 leaves no room for any search",
    );
    assert_error(
        &["liar", "table", "--max-n", "5", "--max-states", "0"],
        "--max-states 0",
    );
    // It used to abort on a failed allocation.
    assert_error(
        &[
            "liar",
            "table",
            "--max-n",
            "18446744073709551615",
            "--max-states",
            "18446744073709551615",
        ],
        "more than the limit of 8 GiB; choose at most --max-states 50529027",
    );
    assert_error(
        &[
            "liar",
            "solve",
            "--n",
            "5",
            "--questions",
            "3",
            "--max-states",
            "100000000",
        ],
        "would need about 15.9 GiB of memory (170 bytes a memo entry)",
    );
}

#[test]
fn table_is_written_in_every_format() {
    // Corollary 1 as a table: n = 3 needs 5 questions with one lie (the volume bound says 4).
    let (code, csv, _) = duel_text(&["liar", "table", "--max-n", "3", "--format", "csv"]);
    assert_eq!(code, 0);
    assert_eq!(csv, "n,questions,volume_bound\n1,0,0\n2,3,3\n3,5,4\n");
    let (_, md, _) = duel_text(&["liar", "table", "--max-n", "3", "--format", "markdown"]);
    assert!(md.contains("| 3 | 5 | 4 |"), "{md}");
    let (_, text, _) = duel_text(&["liar", "table", "--max-n", "3"]);
    assert!(text.contains("n  questions  volume_bound\n"), "{text}");
    let v = json(&["liar", "table", "--max-n", "3", "--format", "json"]);
    assert_eq!(v["lies"], 1);
    assert_eq!(
        v["columns"],
        serde_json::json!(["n", "questions", "volume_bound"])
    );
    let (code, _, err) = duel_text(&["liar", "table", "--max-n", "3", "--format", "html"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown format 'html'"), "{err}");
}
