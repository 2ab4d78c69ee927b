//! `duel connect solve --file F --game connect:WxH:4 --zero-based` on a sample of c4's test
//! sets (github:ChristopheSteininger/c4 `tst/data`, tests/data/c4/README.md), and one error
//! line for each bad line of a file.

mod common;
use common::assert_error;
use std::path::PathBuf;

fn fixture(board: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/c4/{board}.txt"))
}

/// A temporary file holding `text`, removed by the caller's `dir`.
fn temp_file(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn c4s_test_positions_are_all_scored_as_c4_publishes() {
    // The scores of c4's files (Steininger, c4 tst/data) are compared as they are: c4's
    // score_win_at(n) = 1 + (W·H − n)/2 is duel's score.
    for board in ["7x6", "9x5", "10x6"] {
        let path = fixture(board);
        let lines = std::fs::read_to_string(&path).unwrap().lines().count() as i64;
        assert!((10..=20).contains(&lines), "{board}: {lines} lines");
        let game = format!("connect:{board}:4");
        let v = common::json(&[
            "connect",
            "solve",
            "--file",
            path.to_str().unwrap(),
            "--game",
            &game,
            "--zero-based",
            "--json",
        ]);
        assert_eq!(v["positions"].as_i64(), Some(lines), "{board}");
        assert_eq!(v["correct"].as_i64(), Some(lines), "{board}: {v}");
        assert_eq!(v["incorrect"].as_i64(), Some(0), "{board}: {v}");
    }
}

#[test]
fn a_wrong_score_is_counted_and_the_columns_are_read_from_zero() {
    let dir = std::env::temp_dir().join(format!("duel-c4-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Three in a row on the bottom of 10×6 in columns 0–2, then 7–9 (columns 9 is one digit
    // counted from 0): the win at ply 7 scores 27; the third line's score is wrong.
    let path = temp_file(&dir, "wide.txt", "001122 27\n998877 27\n001122 26\n");
    let out = common::duel(&[
        "connect",
        "solve",
        "--file",
        &path,
        "--game",
        "connect:10x6:4",
        "--zero-based",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["positions"].as_i64(), v["correct"].as_i64()),
        (Some(3), Some(2))
    );
    assert_eq!(v["mismatches"][0][0], "001122");
    // Counted from 1, the same lines are 10-column numbers without commas.
    assert_error(
        &[
            "connect",
            "solve",
            "--file",
            &path,
            "--game",
            "connect:10x6:4",
        ],
        "a column is a number from 1 to 10",
    );
    // --zero-based reads only files.
    let out = common::duel(&["connect", "solve", "0", "--zero-based"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_bad_line_of_a_file_is_one_error_line() {
    let dir = std::env::temp_dir().join(format!("duel-c4-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ten = "connect:10x6:4";
    let cases: [(&str, &str, bool, &str); 7] = [
        ("1,,2 0\n", ten, false, "empty move in '1,,2'"),
        ("1,11 0\n", ten, false, "a column is a number from 1 to 10"),
        ("11 0\n", ten, false, "a column is a number from 1 to 10"),
        ("0a 0\n", ten, true, "a column is a digit from 0 to 9"),
        ("10,10,10,10,10,10,10 0\n", ten, false, "column 10 is full"),
        ("9999999 0\n", ten, true, "column 9 is full"),
        ("1111111 0\n", "connect:7x6:4", false, "column 1 is full"),
    ];
    for (i, (text, game, zero, needle)) in cases.into_iter().enumerate() {
        let path = temp_file(&dir, &format!("bad{i}.txt"), &format!("1 0\n{text}"));
        let mut args = vec!["connect", "solve", "--file", &path, "--game", game];
        if zero {
            args.push("--zero-based");
        }
        assert_error(&args, needle);
        // The error names the file's line.
        assert_error(&args, "line 2 (");
    }
    // Boards the solver does not take, checked before the file is read.
    let path = temp_file(&dir, "ok.txt", "1 0\n");
    for (game, needle) in [
        ("connect:16x8:4", "at most 128 bits"),
        ("connect:12x12:4", "at most 128 bits"),
        ("connect:3x6:4", "at least 4 rows"),
        ("connect:7x3:4", "at least 4 rows"),
        ("connect:7x6:5", "connect:WxH:4"),
        ("connect:7x6:3", "connect:WxH:4"),
    ] {
        assert_error(
            &[
                "connect",
                "solve",
                "--file",
                &path,
                "--game",
                game,
                "--zero-based",
            ],
            needle,
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
