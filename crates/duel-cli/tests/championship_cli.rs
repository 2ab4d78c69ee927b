//! `duel arena championship` and `duel arena --referee`: the JSON answer, resumption, and one
//! error line with exit code 2 for bad input, before anything is played.

mod common;
use common::{assert_error, duel_text, json};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("duel-championship-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const SMALL: [&str; 9] = [
    "arena",
    "championship",
    "connect:4x4:3",
    "--agent",
    "mcts-prime",
    "--grid",
    "3",
    "--iterations",
    "20",
];

#[test]
fn a_championship_answers_with_its_table() {
    let mut args = SMALL.to_vec();
    args.extend(["--games", "2", "--json"]);
    let v = json(&args);
    assert_eq!(v["players"], 6);
    assert_eq!(v["games"], 15 * 2);
    assert_eq!(v["championship"], "mcts-prime");
    let table = v["standings"].as_array().unwrap();
    assert_eq!(table.len(), 6);
    for s in table {
        let n = |f: &str| s[f].as_u64().unwrap();
        assert_eq!(n("wins") + n("draws") + n("losses"), 5 * 2, "{s}");
    }
    assert_eq!(v["winner"], table[0]);
    let (code, text, _) = duel_text(&SMALL);
    assert_eq!(code, 0);
    assert!(text.contains("6 players"), "{text}");
    assert!(text.contains("winner mcts-prime:a="), "{text}");
}

#[test]
fn a_resumed_championship_plays_nothing_twice() {
    let path = temp("c.jsonl");
    let _ = std::fs::remove_file(&path);
    let file = path.to_str().unwrap();
    let mut args = SMALL.to_vec();
    args.extend(["--games", "2", "--referee", "--json", "--out", file]);
    let first = json(&args);
    let again = json(&args);
    assert_eq!(again["resumed"], first["games"]);
    assert_eq!(again["standings"], first["standings"]);
    assert!(first["winner"]["referee"]["moves"].as_u64().unwrap() > 0);
    let lines = std::fs::read_to_string(&path).unwrap().lines().count();
    assert_eq!(lines as u64, first["games"].as_u64().unwrap());
    let mut other = SMALL.to_vec();
    other.extend(["--games", "4", "--out", file]);
    assert_error(&other, "a record of another run");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn bad_championships_are_one_error_line() {
    let with = |extra: &[&'static str]| {
        let mut a = SMALL.to_vec();
        a.extend_from_slice(extra);
        a
    };
    let grid = |k: &'static str| {
        let mut a = SMALL.to_vec();
        a[6] = k;
        a
    };
    assert_error(&grid("0"), "the grid K must be between 2 and 20");
    assert_error(&grid("21"), "got 21");
    assert_error(&with(&["--games", "3"]), "must be even");
    assert_error(&with(&["--games", "0"]), "must be even");
    let mut sym = SMALL.to_vec();
    sym[4] = "sym";
    assert_error(&sym, "mcts or mcts-prime");
    let mut big = SMALL.to_vec();
    big[2] = "connect:7x6:4";
    big.push("--referee");
    assert_error(&big, "too large");
    assert_error(
        &[
            "arena",
            "pearl:2:32",
            "--a",
            "mcts",
            "--b",
            "mcts",
            "--games",
            "2",
            "--referee",
        ],
        "is too large: its start is not solved within 2000000 positions",
    );
}

#[test]
fn the_referee_reports_each_agent() {
    let v = json(&[
        "arena",
        "tictactoe",
        "--a",
        "solver",
        "--b",
        "mcts",
        "--iterations",
        "100000",
        "--b-iterations",
        "1",
        "--games",
        "10",
        "--referee",
        "--json",
    ]);
    assert_eq!(v["referee"]["a_kept_fraction"], 1.0);
    assert!(v["referee"]["b_kept_fraction"].as_f64().unwrap() < 1.0);
    let (code, text, _) = duel_text(&[
        "arena",
        "tictactoe",
        "--a",
        "mcts",
        "--b",
        "mcts",
        "--games",
        "2",
        "--referee",
    ]);
    assert_eq!(code, 0);
    assert!(
        text.contains("referee: A kept the exact value with"),
        "{text}"
    );
}
