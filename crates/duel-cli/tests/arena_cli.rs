//! `duel arena` and `duel arena merge`: outputs, JSON fields, records files, bad input.

mod common;
use common::{duel_text, json};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("duel-arena-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const CONTRACT: [&str; 9] = [
    "game",
    "a",
    "b",
    "games",
    "a_wins",
    "b_wins",
    "draws",
    "a_score",
    "a_score_ci95",
];

fn contract_holds(v: &serde_json::Value) {
    for f in CONTRACT {
        assert!(v.get(f).is_some(), "missing {f} in {v}");
    }
    let n = |f: &str| v[f].as_u64().unwrap();
    assert_eq!(n("a_wins") + n("b_wins") + n("draws"), n("games"));
    let score = (n("a_wins") as f64 + n("draws") as f64 / 2.0) / n("games") as f64;
    assert_eq!(v["a_score"].as_f64().unwrap(), score);
    let ci = v["a_score_ci95"].as_array().unwrap();
    let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(0.0 <= lo && lo <= score && score <= hi && hi <= 1.0, "{v}");
}

#[test]
fn arena_prints_the_contract_fields() {
    let v = json(&[
        "arena",
        "tictactoe",
        "--a",
        "solver",
        "--b",
        "mcts",
        "--b-iterations",
        "300",
        "--iterations",
        "100000",
        "--games",
        "6",
        "--seed",
        "4",
        "--threads",
        "2",
        "--json",
    ]);
    contract_holds(&v);
    assert_eq!(v["game"], "tictactoe");
    assert_eq!(v["a"], "solver");
    assert_eq!(v["b"], "mcts:a=3.5,b=5");
    assert_eq!(v["games"], 6);
    assert_eq!(v["b_wins"], 0, "the solver never loses tic-tac-toe: {v}");
    assert_eq!(v["iterations"], 100000);
    assert_eq!(v["b_iterations"], 300);
    assert_eq!(v["a_first"]["games"], 3);

    let (code, out, _) = duel_text(&[
        "arena",
        "connect:4x4:3",
        "--a",
        "mcts",
        "--b",
        "uct",
        "--games",
        "4",
        "--iterations",
        "50",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("4 games: A won"), "{out}");
    assert!(
        out.contains("A = mcts:a=3.5,b=5") && out.contains("B = uct:c=2"),
        "{out}"
    );
}

#[test]
fn shards_written_and_merged_equal_the_whole_run() {
    let common = [
        "arena",
        "connect:4x4:3",
        "--a",
        "mcts:a=1,b=2",
        "--b",
        "uct:c=1",
        "--games",
        "8",
        "--iterations",
        "40",
        "--seed",
        "9",
    ];
    let whole = json(&[&common[..], &["--json"]].concat());
    let mut files = Vec::new();
    for shard in ["0/2", "1/2"] {
        let f = temp(&format!("shard{}.jsonl", &shard[..1]));
        let path = f.to_str().unwrap().to_string();
        let v = json(&[&common[..], &["--shard", shard, "--out", &path, "--json"]].concat());
        assert_eq!(v["games"], 4);
        assert_eq!(v["shard"], shard);
        let text = std::fs::read_to_string(&f).unwrap();
        assert_eq!(text.lines().count(), 4);
        for line in text.lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            for field in ["game_index", "a_first", "winner", "moves", "game", "a", "b"] {
                assert!(r.get(field).is_some(), "missing {field} in {line}");
            }
            assert!(["a", "b", "draw"].contains(&r["winner"].as_str().unwrap()));
        }
        files.push(path);
    }
    let mut args = vec!["arena", "merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = json(&[&args[..], &["--json"]].concat());
    contract_holds(&merged);
    for f in CONTRACT {
        assert_eq!(merged[f], whole[f], "{f}: {merged} vs {whole}");
    }
    assert_eq!(merged["missing_games"], 0);
    let (code, out, _) = duel_text(&args);
    assert_eq!(code, 0);
    assert!(out.contains("8 games"), "{out}");

    // One shard alone: the missing games are reported.
    let one = json(&["arena", "merge", &files[0], "--json"]);
    assert_eq!(
        (one["games"].as_u64(), one["missing_games"].as_u64()),
        (Some(4), Some(4))
    );

    // The same file twice, or a file of another run, is refused.
    let other = temp("other.jsonl");
    let other = other.to_str().unwrap();
    let (code, _, _) = duel_text(&[
        "arena",
        "tictactoe",
        "--a",
        "mcts",
        "--b",
        "uct",
        "--games",
        "2",
        "--iterations",
        "5",
        "--out",
        other,
    ]);
    assert_eq!(code, 0);
    for bad in [
        vec!["arena", "merge", &files[0], &files[0]],
        vec!["arena", "merge", &files[0], other],
    ] {
        let (code, out, err) = duel_text(&bad);
        assert_eq!(code, 2, "{bad:?}: {out}");
        assert!(
            err.starts_with("duel: error: cannot merge") || err.contains("twice"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn bad_input_gives_one_line_and_exit_2() {
    let garbage = temp("garbage.jsonl");
    std::fs::write(&garbage, "{\"game_index\":0}\n").unwrap();
    let garbage = garbage.to_str().unwrap();
    // Records that parse but lie: a winner the moves do not give, moves that are not a game
    // (both were merged into the summary as they said).
    let record = |winner: &str, moves: &str| {
        format!(
            "{{\"game_index\":0,\"a_first\":true,\"winner\":\"{winner}\",\"moves\":\"{moves}\",\"game\":\"tictactoe\",\"a\":\"mcts\",\"b\":\"uct\",\"iterations\":20,\"seed\":0,\"games\":4}}\n"
        )
    };
    let liar = temp("liar.jsonl");
    std::fs::write(&liar, record("b", "3579142")).unwrap();
    let liar = liar.to_str().unwrap();
    let unfinished = temp("unfinished.jsonl");
    std::fs::write(&unfinished, record("a", "357914")).unwrap();
    let unfinished = unfinished.to_str().unwrap();
    let illegal = temp("illegal.jsonl");
    std::fs::write(&illegal, record("a", "3579143")).unwrap();
    let illegal = illegal.to_str().unwrap();
    let truthful = temp("truthful.jsonl");
    std::fs::write(&truthful, record("a", "3579142")).unwrap();
    let (code, _, err) = duel_text(&["arena", "merge", truthful.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let base = ["--a", "mcts", "--b", "uct"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["arena", "chess", "--games", "2"], "unknown game"),
        (vec!["arena", "tug:10", "--games", "2"], "bidding game"),
        (vec!["arena", "ultimatum:5", "--games", "2"], "bidding game"),
        (
            vec!["arena", "connect:3x3:9", "--games", "2"],
            "invalid game",
        ),
        (
            vec!["arena", "tictactoe", "--games", "0"],
            "number of games",
        ),
        (
            vec!["arena", "tictactoe", "--games", "2", "--iterations", "0"],
            "budget",
        ),
        (
            vec!["arena", "tictactoe", "--games", "2", "--millis", "0"],
            "budget",
        ),
        (
            vec!["arena", "tictactoe", "--games", "2", "--b-iterations", "0"],
            "budget",
        ),
        (
            vec!["arena", "tictactoe", "--games", "2", "--shard", "2/2"],
            "shard",
        ),
        (
            vec!["arena", "tictactoe", "--games", "2", "--shard", "0/0"],
            "shard",
        ),
        (
            vec!["arena", "tictactoe", "--games", "2", "--shard", "x"],
            "shard",
        ),
        (
            vec!["arena", "tictactoe", "--games", "2", "--threads", "0"],
            "threads",
        ),
        (
            vec![
                "arena",
                "tictactoe",
                "--games",
                "2",
                "--millis",
                "999999999",
            ],
            "limit",
        ),
        (
            vec!["arena", "merge", "/nonexistent/x.jsonl"],
            "cannot read",
        ),
        (vec!["arena", "merge", garbage], "garbage.jsonl:1"),
        (
            vec!["arena", "merge", liar],
            "not won by B as the record says",
        ),
        (vec!["arena", "merge", unfinished], "do not finish the game"),
        (vec!["arena", "merge", illegal], "are not a game"),
        (
            vec!["arena", "galton-watson:3:1", "--games", "2"],
            "over before the first move",
        ),
    ];
    for (args, what) in cases {
        let args: Vec<&str> = if args[1] == "merge" {
            args
        } else {
            [&args[..], &base[..]].concat()
        };
        let (code, out, err) = duel_text(&args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.starts_with("duel: error: "), "{args:?}: {err}");
        assert!(err.contains(what), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
    // An agent's error is said once (it was printed twice, as the message and as its source).
    let (code, _, err) = duel_text(&[
        "arena",
        "connect:5x5:4",
        "--a",
        "solver",
        "--b",
        "mcts",
        "--games",
        "2",
        "--iterations",
        "10",
    ]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.matches("could not finish").count(), 1, "{err}");
    for args in [
        vec![
            "arena",
            "tictactoe",
            "--a",
            "nobody",
            "--b",
            "mcts",
            "--games",
            "2",
        ],
        vec![
            "arena",
            "tictactoe",
            "--a",
            "mcts:a=-1",
            "--b",
            "mcts",
            "--games",
            "2",
        ],
    ] {
        let (code, _, err) = duel_text(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with("duel: error: invalid agent"), "{err}");
    }
    // Missing arguments are named on one error line (exit 2), not a panic.
    common::assert_error(
        &["arena", "tictactoe", "--a", "mcts"],
        "duel arena needs --b B and --games GAMES",
    );
}

#[test]
fn a_run_stopped_part_way_resumes_to_the_summary_of_one_run() {
    let common = [
        "arena",
        "tictactoe",
        "--a",
        "mcts",
        "--b",
        "uct",
        "--games",
        "6",
        "--iterations",
        "30",
    ];
    let common = [&common[..], &["--seed", "4"]].concat();
    let whole_file = temp("whole.jsonl");
    let whole_path = whole_file.to_str().unwrap();
    let whole = json(&[&common[..], &["--out", whole_path, "--json"]].concat());
    assert_eq!(whole["resumed"], 0);
    let lines: Vec<String> = std::fs::read_to_string(&whole_file)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 6);

    // A run killed after three games, the fourth record cut short as it was written.
    let part = temp("part.jsonl");
    let cut = format!("{}\n{}", lines[..3].join("\n"), &lines[3][..20]);
    std::fs::write(&part, cut).unwrap();
    let part_path = part.to_str().unwrap();
    let resumed = json(&[&common[..], &["--out", part_path, "--json"]].concat());
    assert_eq!(resumed["resumed"], 3);
    for f in CONTRACT.iter().chain(&["a_first", "b_first"]) {
        assert_eq!(resumed[f], whole[f], "{f}: {resumed} vs {whole}");
    }
    let mut got: Vec<String> = std::fs::read_to_string(&part)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let mut want = lines.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want);

    // Run again: nothing left to play, the same summary.
    let again = json(&[&common[..], &["--out", part_path, "--json"]].concat());
    assert_eq!(again["resumed"], 6);
    assert_eq!(again["a_score"], whole["a_score"]);

    // Another seed into the same file is refused, naming the difference.
    let other_seed = [&common[..10], &["--seed", "5", "--out", part_path]].concat();
    let (code, _, err) = duel_text(&other_seed);
    assert_eq!(code, 2);
    assert!(
        err.contains("another run (seed 4 where this run has 5)"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn an_out_file_that_cannot_be_written_fails_before_any_game() {
    // Days of games if they were played: the error must come first.
    let start = std::time::Instant::now();
    let missing = temp("no-such-folder").join("x.jsonl");
    let (code, out, err) = duel_text(&[
        "arena",
        "connect:7x6:4",
        "--a",
        "mcts",
        "--b",
        "mcts",
        "--games",
        "1000000",
        "--iterations",
        "1000000",
        "--out",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.starts_with("duel: error: cannot write ") && err.contains("no-such-folder"),
        "{err}"
    );
    assert!(start.elapsed().as_secs() < 10);
    // Issue 47: a device read back as one endless line ("a line longer than 64 KiB").
    let (code, _, err) = duel_text(&[
        "arena",
        "tictactoe",
        "--a",
        "mcts",
        "--b",
        "mcts",
        "--games",
        "2",
        "--out",
        "/dev/full",
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim_end(),
        "duel: error: cannot write /dev/full: not a regular file: records are appended to a file and read back to resume"
    );
}

#[test]
fn endless_record_files_are_refused_with_the_bound() {
    let (code, _, err) = duel_text(&["arena", "merge", "/dev/zero"]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim_end(),
        "duel: error: /dev/zero:1: a line longer than 64.0 KiB: not a file of text lines"
    );
}
