//! Whatever a user types, an error is one line `duel: error: …` with exit code 2: bad
//! options as well as bad values, echoed input quoted and shortened, and a closed or full
//! stderr never turns it into a panic.

mod common;
use common::{assert_error, duel_text};

use std::io::Write;
use std::process::{Command, Stdio};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("duel-errors-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn command_line_errors_name_the_option_and_what_it_expects() {
    let cases: [(&[&str], &str); 19] = [
        (
            &["liar", "table", "--max-n", "abc"],
            "--max-n expects a whole number, got 'abc'",
        ),
        (
            &["liar", "verify", "--max-q", "99999999999"],
            "--max-q expects a whole number of at most 4294967295, got '99999999999'",
        ),
        (
            &[
                "liar",
                "solve",
                "--n",
                "3",
                "--questions",
                "2",
                "--lies",
                "1.5",
            ],
            "--lies expects a whole number, got '1.5'",
        ),
        (
            &["liar", "solve", "--state", "1,x", "--questions", "2"],
            "--state expects a whole number, got 'x'",
        ),
        (
            &[
                "search",
                "best",
                "tictactoe",
                "--agent",
                "mcts",
                "--iterations",
                "-5",
            ],
            "--iterations expects a whole number, got '-5'",
        ),
        (
            &[
                "search",
                "best",
                "tictactoe",
                "--agent",
                "mcts",
                "--seed",
                "s",
            ],
            "--seed expects a whole number, got 's'",
        ),
        (
            &["search", "value", "tictactoe", "--max-nodes", ""],
            "--max-nodes expects a whole number, got ''",
        ),
        (
            &[
                "search",
                "leaves",
                "pearl:2:4",
                "--agent",
                "sym",
                "--trials",
                "x",
            ],
            "--trials expects a whole number, got 'x'",
        ),
        (
            &[
                "arena",
                "tictactoe",
                "--a",
                "mcts",
                "--b",
                "uct",
                "--games",
                "two",
            ],
            "--games expects a whole number, got 'two'",
        ),
        (
            &["play", "tictactoe", "--human", "x"],
            "--human expects one of 'first', 'second' or 'none', got 'x'",
        ),
        (&["liar", "table", "--max-n"], "--max-n needs a value"),
        (&["liar", "table"], "duel liar table needs --max-n MAX_N"),
        (&["guess-who", "value", "3"], "duel guess-who value needs M"),
        (
            &[
                "search",
                "best",
                "tictactoe",
                "--agent",
                "mcts",
                "--iterations",
                "5",
                "--millis",
                "5",
            ],
            "--iterations cannot be used with --millis",
        ),
        (
            &["liar", "table", "--max-n", "3", "--frob"],
            "unknown option '--frob' for duel liar table",
        ),
        (
            &["liar", "table", "--max-n", "3", "extra"],
            "unexpected argument 'extra' for duel liar table",
        ),
        (
            &["liar", "tabel"],
            "unknown command 'tabel' for duel liar (did you mean 'table'?)",
        ),
        (&["liar"], "duel liar needs a command: solve, min-questions"),
        (&[], "duel needs a command: guess-who, liar, bidding"),
    ];
    for (args, message) in cases {
        assert_error(args, message);
    }
}

/// The bidding options' values are parsed by clap with the library's parsers; a bad one gets
/// the library's message, not clap's, in `duel bidding` and in `duel play bidding:GAME` alike.
#[test]
fn bad_bidding_values_keep_the_library_messages() {
    let cases: [(&[&str], &str); 12] = [
        (
            &["bidding", "moves", "tictactoe", "--chips", "4"],
            "--chips must be two counts 'A,B' (Alice's, Bob's), got '4'",
        ),
        (
            &["bidding", "moves", "tictactoe", "--chips", "x,4"],
            "Alice's chips must be a non-negative integer, got 'x'",
        ),
        (
            &["bidding", "moves", "tictactoe", "--chips", "4,-1"],
            "Bob's chips must be a non-negative integer, got '-1'",
        ),
        (
            &["bidding", "moves", "tictactoe", "--chips", "4,4", "--tie", "carol"],
            "the holder of the tie-breaking advantage must be alice or bob, got 'carol'",
        ),
        (
            &["bidding", "moves", "tictactoe", "--chips", "4,4", "--tie-break", "foo"],
            "unknown tie-break rule 'foo': expected advantage, make-it-take-it, losers-ball or ladies-first",
        ),
        (
            &["bidding", "threshold", "tictactoe", "--chips", "-3"],
            "--chips must be a non-negative integer, got '-3'",
        ),
        (
            &["bidding", "threshold", "tictactoe", "--chips", "4*"],
            "--chips must be a non-negative integer, got '4*'",
        ),
        (
            &["bidding", "table", "tictactoe", "--max-chips", "x"],
            "--max-chips must be a non-negative integer, got 'x'",
        ),
        (
            &["bidding", "taxman", "tictactoe", "--tax", "x"],
            "--tax must be a fraction like 1, 0 or 1/2, got 'x'",
        ),
        (
            &["play", "bidding:tictactoe", "--chips", "4"],
            "--chips must be two counts 'A,B' (Alice's, Bob's), got '4'",
        ),
        (
            &["play", "bidding:tictactoe", "--tie", "carol"],
            "the holder of the tie-breaking advantage must be alice or bob, got 'carol'",
        ),
        (
            &["play", "bidding:tictactoe", "--tie-break", "nope"],
            "unknown tie-break rule 'nope': expected advantage, make-it-take-it, losers-ball or ladies-first",
        ),
    ];
    for (args, message) in cases {
        let (code, out, err) = duel_text(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert_eq!(err, format!("duel: error: {message}\n"), "{args:?}");
    }
}

#[test]
fn help_and_version_still_print() {
    for args in [
        &["--help"][..],
        &["liar", "table", "--help"],
        &["--version"],
    ] {
        let (code, out, err) = duel_text(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
        assert!(out.contains("duel"), "{args:?}: {out}");
    }
}

#[test]
fn echoed_input_cannot_split_the_line_or_drive_the_terminal() {
    let escape = "x\u{1b}[2J";
    let newline = "a\nb";
    let cases: [(&[&str], &str); 5] = [
        (&["search", "value", escape], r"unknown game 'x\u{1b}[2J'"),
        (
            &["bidding", "richman", "a\u{1b}[2Jb"],
            r"unknown game 'a\u{1b}[2Jb'",
        ),
        (
            &["search", "value", "tictactoe", "--position", "\u{1b}c"],
            r"'\u{1b}' is not a move",
        ),
        (
            &["search", "best", "tictactoe", "--agent", newline],
            r"invalid agent 'a\nb'",
        ),
        (
            &["liar", "table", "--max-n", newline],
            r"--max-n expects a whole number, got 'a\nb'",
        ),
    ];
    for (args, message) in cases {
        assert_error(args, message);
        let (_, _, err) = duel_text(args);
        assert!(!err.contains('\u{1b}'), "{args:?}: {err}");
    }
}

#[test]
fn a_huge_argument_gives_a_short_error() {
    let huge = "a".repeat(100_000);
    let shown = format!("'{}…'", "a".repeat(60));
    for args in [
        vec!["search", "value", &huge],
        vec!["bidding", "richman", &huge],
        vec!["guess-who", "value", &huge, "3"],
        vec!["liar", "table", "--max-n", &huge],
        vec!["search", "best", "tictactoe", "--agent", &huge],
        vec!["arena", "merge", &huge],
    ] {
        let (code, _, err) = duel_text(&args);
        assert_eq!(code, 2, "{}", &args[..2].join(" "));
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.len() < 1100,
            "{}: {} bytes",
            args[..2].join(" "),
            err.len()
        );
        if args[1] != "merge" {
            assert!(err.contains(&shown), "{err}");
        }
    }
}

#[test]
fn liar_refuses_empty_tables_and_checks() {
    assert_error(
        &["liar", "table", "--max-n", "0"],
        "--max-n must be at least 1",
    );
    assert_error(
        &["liar", "table", "--max-n", "0", "--format", "json"],
        "--max-n must be at least 1",
    );
    assert_error(
        &["liar", "verify", "--max-q", "0", "--json"],
        "--max-q must be at least 1",
    );
}

#[test]
fn arena_merge_refuses_runs_that_arena_refuses() {
    let record = |agent: &str, budget: &str| {
        format!(
            "{{\"game_index\":0,\"a_first\":true,\"winner\":\"a\",\"moves\":\"3579142\",\"game\":\"tictactoe\",\"a\":\"{agent}\",\"b\":\"uct\",{budget},\"seed\":0,\"games\":4}}\n"
        )
    };
    let cases = [
        (
            "agent.jsonl",
            record("nobody", "\"iterations\":20"),
            "invalid agent 'nobody'",
        ),
        (
            "zero.jsonl",
            record("mcts", "\"iterations\":0"),
            "the budget must be at least 1 iteration, 1 millisecond or 1 work unit",
        ),
        (
            "millis.jsonl",
            record("mcts", "\"millis\":999999999"),
            "more than the limit",
        ),
    ];
    for (name, text, message) in cases {
        let path = temp(name);
        std::fs::write(&path, text).unwrap();
        assert_error(&["arena", "merge", path.to_str().unwrap()], message);
    }
    let path = temp("good.jsonl");
    std::fs::write(&path, record("mcts", "\"iterations\":20")).unwrap();
    let (code, _, err) = duel_text(&["arena", "merge", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}

/// `duel args` with stderr on a full disk: the exit code says what happened, without a panic
/// (101).
#[cfg(target_os = "linux")]
fn with_full_stderr(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens on Linux");
    let mut child = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(full))
        .spawn()
        .expect("the duel binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stderr_is_no_panic() {
    assert_eq!(
        with_full_stderr(&["guess-who", "value", "x", "1"], b"").0,
        2
    );
    assert_eq!(
        with_full_stderr(&["liar", "table", "--max-n", "x"], b"").0,
        2
    );
    let (code, out) = with_full_stderr(
        &["play", "tictactoe", "--json", "--iterations", "10"],
        b"zz\nquit\n",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["resigned"], true);
}

#[cfg(target_os = "linux")]
#[test]
fn help_on_a_full_stdout_is_one_error_line() {
    common::assert_full_disk_is_one_error_line(&["--help"]);
}
