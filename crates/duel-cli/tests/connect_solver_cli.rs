//! `duel connect solve|analyze` with `--game`, `--memory` and `--threads`: other board
//! sizes, the score of every column, and one error line for each bad input.

mod common;
use common::{assert_error, json};

#[test]
fn analyze_gives_every_column_and_agrees_with_solve() {
    // Near the end of Test_L3_R1's first line: each column's score is minus the child's.
    let moves = "225257625346224411156336534367135";
    let a = json(&["connect", "analyze", moves, "--json"]);
    let scores = a["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 7);
    for (col, score) in scores.iter().enumerate() {
        let child = format!("{moves}{}", col + 1);
        match score.as_i64() {
            None => assert!(score.is_null()),
            Some(s) => {
                let out = common::duel(&["connect", "solve", &child, "--json"]);
                if out.status.success() {
                    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                    assert_eq!(v["score"].as_i64(), Some(-s), "column {}", col + 1);
                } else {
                    // The move wins at once: the child is refused as finished.
                    assert_eq!(s, (43 - moves.len() as i64) / 2, "column {}", col + 1);
                }
            }
        }
    }
    let top = scores.iter().filter_map(|s| s.as_i64()).max().unwrap();
    let solved = json(&["connect", "solve", moves, "--json"]);
    assert_eq!(solved["score"].as_i64(), Some(top));
}

#[test]
fn other_boards_take_the_generalised_score() {
    // Three in a row on the bottom of 8×7: the side to move wins at ply 7, with score
    // floor((56 - 7) / 2) + 1 = 25.
    let v = json(&[
        "connect",
        "solve",
        "112233",
        "--game",
        "connect:8x7:4",
        "--json",
    ]);
    assert_eq!(
        (v["score"].as_i64(), v["best"][0].as_i64()),
        (Some(25), Some(4))
    );
    let a = json(&[
        "connect",
        "analyze",
        "4",
        "--game",
        "connect:4x4:4",
        "--json",
    ]);
    assert_eq!(a["scores"].as_array().unwrap().len(), 4);
    assert_eq!(a["game"], "connect:4x4:4");
}

#[test]
fn nine_columns_on_128_bit_boards() {
    // 9×7 (72 bits of board), column 9 played; analyze's best score is solve's.
    let moves = "12345678912345678912";
    let v = json(&[
        "connect",
        "solve",
        moves,
        "--game",
        "connect:9x7:4",
        "--json",
    ]);
    let a = json(&[
        "connect",
        "analyze",
        moves,
        "--game",
        "connect:9x7:4",
        "--threads",
        "2",
        "--json",
    ]);
    let scores: Vec<i64> = a["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    assert_eq!(scores.len(), 9);
    assert_eq!(scores.iter().max().copied(), v["score"].as_i64());
    assert_eq!(a["best"], v["best"]);
    // 8×8, the other 128-bit board: three in a row on the bottom, a win at ply 7 scoring
    // floor((64 - 7) / 2) + 1 = 29.
    let e = json(&[
        "connect",
        "solve",
        "112233",
        "--game",
        "connect:8x8:4",
        "--json",
    ]);
    assert_eq!(e["score"].as_i64(), Some(29));
}

#[test]
fn boards_past_nine_columns_take_comma_separated_columns() {
    // 10×6 (66 bits), 16×7 (all 128 bits), 25×4: three in a row on the bottom, a win at
    // ply 7 scoring floor((W·H − 7) / 2) + 1.
    for (game, score) in [
        ("connect:10x6:4", 27),
        ("connect:16x7:4", 53),
        ("connect:25x4:4", 47),
    ] {
        let v = json(&["connect", "solve", "1,1,2,2,3,3", "--game", game, "--json"]);
        assert_eq!(v["score"].as_i64(), Some(score), "{game}");
        assert_eq!(v["best"], serde_json::json!([4]), "{game}");
    }
    // 4×9, a runtime size of a 64-bit board: analyze's best score is solve's.
    let moves = "12341234";
    let v = json(&[
        "connect",
        "solve",
        moves,
        "--game",
        "connect:4x9:4",
        "--json",
    ]);
    let a = json(&[
        "connect",
        "analyze",
        moves,
        "--game",
        "connect:4x9:4",
        "--threads",
        "2",
        "--json",
    ]);
    let top = a["scores"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s.as_i64())
        .max();
    assert_eq!(top, v["score"].as_i64());
    assert_eq!(a["best"], v["best"]);
    // Column 11 of 12×5: three stones in it, the fourth wins at ply 7.
    let v = json(&[
        "connect",
        "solve",
        "11,1,11,1,11,1",
        "--game",
        "connect:12x5:4",
        "--json",
    ]);
    assert_eq!(v["score"].as_i64(), Some(27));
    assert_eq!(v["best"], serde_json::json!([11]));
}

#[test]
fn a_file_of_a_wide_board_is_read_with_its_game() {
    let dir = std::env::temp_dir().join(format!("duel-wide-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wide.txt");
    // Right, right, wrong: a win at ply 7 of 10×6 scores 27.
    std::fs::write(
        &file,
        "1,1,2,2,3,3 27
10,10,9,9,8,8 27
1,1,2,2,3,3 26
",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let out = common::duel(&[
        "connect",
        "solve",
        "--file",
        path,
        "--game",
        "connect:10x6:4",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["positions"].as_i64(), v["correct"].as_i64()),
        (Some(3), Some(2))
    );
    // On 7×6 the same lines are not positions.
    assert_error(
        &["connect", "solve", "--file", path],
        "a column is a digit from 1 to 7",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn two_threads_give_the_same_scores() {
    // Test_L2_R2, first line.
    let moves = "2431231434516773556";
    let one = json(&["connect", "solve", moves, "--json"]);
    let two = json(&["connect", "solve", moves, "--threads", "2", "--json"]);
    assert_eq!(one["score"], two["score"]);
    assert_eq!(one["best"], two["best"]);
}

#[test]
fn bad_input_is_one_error_line() {
    assert_error(
        &["connect", "solve", "48"],
        "a column is a digit from 1 to 7",
    );
    assert_error(&["connect", "analyze", "1111111"], "column 1 is full");
    assert_error(&["connect", "solve", "1212121"], "makes four in a row");
    assert_error(
        &["connect", "solve", "9", "--game", "connect:8x7:4"],
        "a column is a digit from 1 to 8",
    );
    // Boards past 128 bits, or of fewer than 4 columns or rows.
    for game in [
        "connect:12x12:4",
        "connect:16x8:4",
        "connect:26x4:4",
        "connect:4x32:4",
    ] {
        assert_error(
            &["connect", "solve", "4", "--game", game],
            "at least 4 rows and at most 128 bits of bitboard",
        );
    }
    for game in ["connect:3x6:4", "connect:7x3:4", "connect:3x4:4"] {
        assert_error(
            &["connect", "analyze", "1", "--game", game],
            "takes connect:WxH:4 with 4 to 25 columns",
        );
    }
    // K other than 4, and misère.
    for game in ["connect:7x6:5", "connect:7x6:3", "connect-misere:7x6:4"] {
        assert_error(&["connect", "solve", "4", "--game", game], "connect:WxH:4");
    }
    // Malformed column lists.
    let ten = ["--game", "connect:10x6:4"];
    let with = |moves: &'static str| [&["connect", "solve", moves][..], &ten[..]].concat();
    assert_error(&with("1,,2"), "empty move in '1,,2'");
    assert_error(&with(",1"), "empty move");
    assert_error(&with("1,"), "empty move");
    assert_error(&with("11"), "a column is a number from 1 to 10");
    assert_error(&with("1,11"), "a column is a number from 1 to 10");
    assert_error(&with("1,0"), "a column is a number from 1 to 10");
    assert_error(&with("1,x"), "a column is a number from 1 to 10");
    assert_error(&with("10,10,10,10,10,10,10"), "column 10 is full");
    assert_error(&with("1,2,1,2,1,2,1"), "makes four in a row");
    assert_error(&["connect", "solve", "4", "--memory", "100K"], "too small");
    assert_error(
        &[
            "connect",
            "solve",
            "4",
            "--game",
            "connect:8x7:4",
            "--memory",
            "16M",
        ],
        "at least 32.0 MiB",
    );
    assert_error(
        &["connect", "analyze", "4", "--memory", "1000T"],
        "more than",
    );
    assert_error(&["connect", "solve", "4", "--memory", "lots"], "not a size");
    assert_error(
        &[
            "connect",
            "solve",
            "--file",
            "x",
            "--game",
            "connect:16x8:4",
        ],
        "at most 128 bits",
    );
}
