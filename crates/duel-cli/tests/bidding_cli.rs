//! The `duel bidding` command line: outputs, JSON fields, and bad input.

mod common;
use common::{duel, json};

#[test]
fn richman_value_of_tic_tac_toe() {
    // Develin & Payne, Theorem 6.1: R(TTT) = 133/256.
    let v = json(&["bidding", "richman", "tictactoe", "--json"]);
    assert_eq!(v["game"], "tictactoe");
    assert_eq!(v["value"], "133/256");
    assert_eq!(v["exact"], true);
    assert_eq!(v["alice_move"], ".../.A./...");
    let text = duel(&["bidding", "richman", "tictactoe"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("133/256"));
}

#[test]
fn richman_gives_m_of_theorem_3_13() {
    // Develin & Payne, Figure 3 / Theorem 6.1: TTT's values have period 256 with shift 133:
    // M = 256, m = M·R = 133, m̄ = M − m = 123.
    let v = json(&["bidding", "richman", "tictactoe", "--json"]);
    assert_eq!((v["M"].as_u64(), v["m"].as_u64()), (Some(256), Some(133)));
    assert_eq!(v["m_bar"], 123);
    // Section 4.1: Tug o' War Tug^n has M = 2n and m = m̄ = n.
    let v = json(&["bidding", "richman", "tug:3", "--json"]);
    assert_eq!((v["M"].as_u64(), v["m"].as_u64()), (Some(6), Some(3)));
    assert_eq!(v["m_bar"], 3);
    // A board too large for a graph goes to the dense table (21 cells): R = 1048599/2^21 has
    // an odd numerator, so M, a multiple of 2^21 dividing 2^21, is 2^21.
    let v = json(&["bidding", "richman", "connect:3x7:3", "--json"]);
    assert_eq!(v["method"], "dense table over column states");
    assert_eq!(v["value"], "1048599/2097152");
    assert_eq!(
        (v["lower"].as_str(), v["upper"].as_str()),
        (Some("1048599/2097152"), Some("1048599/2097152"))
    );
    assert_eq!(
        (v["M"].as_u64(), v["m"].as_u64()),
        (Some(1 << 21), Some(1_048_599))
    );
    assert_eq!(v["m_bar"], (1u64 << 21) - 1_048_599);
    let text = duel(&["bidding", "richman", "connect:3x7:3"]);
    assert!(String::from_utf8_lossy(&text.stdout)
        .contains("M = 2097152 (= 2^21), m = 1048599, m̄ = 1048553"));
}

#[test]
fn richman_bracket_ends_are_exact_fractions() {
    // tug:60 stays a bracket after the 20000 truncation steps: the value is unknown (null),
    // the ends are exact dyadic fractions around R = 1/2 (Section 4.1, vertex 0).
    use num_bigint::BigInt;
    let v = json(&["bidding", "richman", "tug:60", "--json"]);
    assert_eq!(v["exact"], false);
    assert!(v["value"].is_null() && v["M"].is_null());
    let fraction = |key: &str| -> (BigInt, BigInt) {
        let text = v[key]
            .as_str()
            .unwrap_or_else(|| panic!("{key} is a string"));
        let (n, d) = text.split_once('/').expect("a fraction n/d");
        (n.parse().unwrap(), d.parse().unwrap())
    };
    let (ln, ld) = fraction("lower");
    let (un, ud) = fraction("upper");
    // lower < 1/2 < upper, and both ends are dyadic.
    assert!(BigInt::from(2) * &ln < ld && BigInt::from(2) * &un > ud);
    for d in [&ld, &ud] {
        assert_eq!(*d, BigInt::from(1) << (d.bits() - 1), "a power of two");
    }
    // The floats are the same ends, rounded.
    let lf = v["lower_float"].as_f64().unwrap();
    assert!((0.4993..0.4994).contains(&lf), "{lf}");
    assert!(v["upper_float"].as_f64().unwrap() - 0.5 > 6e-4);
    // The text prints them exactly, the power-of-two denominators as 2^e.
    let out = duel(&["bidding", "richman", "tug:60"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let lower_line = text
        .lines()
        .find(|l| l.starts_with("lower end"))
        .expect("a line for the lower end");
    let e = ld.bits() - 1;
    assert!(
        lower_line.ends_with(&format!(" = {ln}/2^{e}")),
        "{}",
        &lower_line[..80]
    );
}

#[test]
fn period_of_boards_by_periodic_rows() {
    // Develin & Payne, Theorem 6.1 and Figure 3: R(TTT) = 133/256, period 256 with shift
    // 133; f(TTT, 10^18) as 'threshold' computes it (Theorem 3.7 directly).
    let v = json(&[
        "bidding",
        "period",
        "tictactoe",
        "--chips",
        "1000000000000000000",
        "--json",
    ]);
    assert_eq!(
        (v["period"].as_u64(), v["shift"].as_u64()),
        (Some(256), Some(133))
    );
    assert_eq!(
        (v["M"].as_u64(), v["m"].as_u64(), v["m_bar"].as_u64()),
        (Some(256), Some(133), Some(123))
    );
    assert_eq!(v["richman"], "133/256");
    let direct = json(&[
        "bidding",
        "threshold",
        "tictactoe",
        "--chips",
        "1000000000000000000",
        "--json",
    ]);
    assert_eq!(v["threshold"], direct["threshold"]);
    let offset = v["offset"].as_u64().unwrap() as usize;
    assert_eq!(v["table"].as_array().unwrap().len(), offset + 256);
    // connect:4x4:4: the all-totals table to K = 49999 verifies f(k + 16384) = f(k) + 10088
    // from k = 317 (report, full mode).
    let v = json(&["bidding", "period", "connect:4x4:4", "--json"]);
    assert_eq!(
        (
            v["period"].as_u64(),
            v["shift"].as_u64(),
            v["offset"].as_u64()
        ),
        (Some(16384), Some(10088), Some(317))
    );
    assert_eq!(v["layers"].as_array().unwrap().len(), 17);
    let text = duel(&["bidding", "period", "hex:3"]);
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(
        out.starts_with("f(hex:3, k + 2) = f(hex:3, k) + 1 for every k ≥ 0\n"),
        "{out}"
    );
    assert!(out.contains("M = 256 (= 2^8), m = 128, m̄ = 128"), "{out}");
}

#[test]
fn threshold_small_and_huge() {
    // Develin & Payne, Figure 3: f'(TTT, 23) = 12*, and f = f' for k != 5.
    let v = json(&[
        "bidding",
        "threshold",
        "tictactoe",
        "--chips",
        "23",
        "--json",
    ]);
    assert_eq!(v["chips"], 23);
    assert_eq!(v["threshold"], "12*");
    // Figure 3: f'(256n + 255) = 133n + 133, here with n = 10^15.
    let k = (256u128 * 1_000_000_000_000_000 + 255).to_string();
    let v = json(&["bidding", "threshold", "tictactoe", "--chips", &k, "--json"]);
    assert_eq!(
        v["threshold"],
        (133u128 * 1_000_000_000_000_000 + 133).to_string()
    );
    // A game with cycles and a large total goes through periodicity. Corollary 4.2 with
    // n = 3 and 10^6 = 2 · 500000 chips: Alice needs 500000* (k = k', a = n - 1 = 2 with the
    // star: 500000 = 3 · 166666 + 2).
    let v = json(&[
        "bidding",
        "threshold",
        "tug:3",
        "--chips",
        "1000000",
        "--json",
    ]);
    assert_eq!(v["method"], "Theorems 3.13-3.14 (periodicity)");
    assert_eq!(v["threshold"], "500000*");
}

#[test]
fn table_formats() {
    // Develin & Payne, Example 3.8: f(E, k) = n + (0*, 1) for k = 2n + (0, 1).
    let v = json(&[
        "bidding",
        "table",
        "E",
        "--max-chips",
        "5",
        "--format",
        "json",
    ]);
    let rows: Vec<String> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["threshold"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(rows, ["0*", "1", "1*", "2", "2*", "3"]);
    assert_eq!(v["period"]["period"], 2);
    assert_eq!(v["period"]["shift"], 1);
    let csv = duel(&[
        "bidding",
        "table",
        "B:3",
        "--max-chips",
        "7",
        "--format",
        "csv",
    ]);
    let text = String::from_utf8_lossy(&csv.stdout);
    // Section 6.2, B^3: 1 2 3 3* 4* 5* 6* 7.
    assert!(
        text.starts_with("k,threshold\n0,1\n1,2\n2,3\n3,3*\n4,4*\n"),
        "{text}"
    );
    let md = duel(&[
        "bidding",
        "table",
        "A^B:2",
        "--max-chips",
        "7",
        "--format",
        "markdown",
    ]);
    assert!(String::from_utf8_lossy(&md.stdout).contains("| 7 | 3 |"));
}

#[test]
fn board_tables_all_totals_with_period() {
    // connect:3x3:3 (R = 263/512): the period 512 is verified over two periods by k = 2047.
    let v = json(&[
        "bidding",
        "table",
        "connect:3x3:3",
        "--max-chips",
        "2047",
        "--format",
        "json",
    ]);
    assert_eq!(v["richman"], "263/512");
    assert_eq!(
        v["method"],
        "Theorem 3.7 for every total at once, by layers"
    );
    assert_eq!(v["rows"].as_array().unwrap().len(), 2048);
    assert_eq!(v["period"]["period"], 512);
    assert_eq!(v["period"]["shift"], 263);
    assert!(v["positions"].as_u64().unwrap() > 1000);
    // Too short a table: no period claimed, and the note says why.
    let v = json(&[
        "bidding",
        "table",
        "connect:3x3:3",
        "--max-chips",
        "600",
        "--format",
        "json",
    ]);
    assert!(v["period"].is_null());
    let note = v["period_note"].as_str().unwrap();
    assert!(note.contains("not verified"), "{note}");
    // The same values as the explicit-graph solver (the threshold command).
    let t = json(&[
        "bidding",
        "threshold",
        "connect:3x3:3",
        "--chips",
        "600",
        "--json",
    ]);
    assert_eq!(v["rows"][600]["threshold"], t["threshold"]);
}

#[test]
fn moves_from_the_papers_opening() {
    // Section 1.1: four chips each, Alice with the advantage: both bid one and Alice uses the
    // advantage to play the center.
    let v = json(&[
        "bidding",
        "moves",
        "tictactoe",
        "--chips",
        "4,4",
        "--tie",
        "alice",
        "--json",
    ]);
    assert_eq!(v["alice_wins"], true);
    assert_eq!(v["bidder"], "alice");
    assert_eq!(v["bid"], 1);
    assert_eq!(v["use_tie"], true);
    assert_eq!(v["alice_move"], ".../.A./...");
    // A position given by the user is answered in its own orientation.
    let v = json(&[
        "bidding",
        "moves",
        "tictactoe",
        "--position",
        "A../.A./...",
        "--chips",
        "3,5",
        "--tie",
        "bob",
        "--json",
    ]);
    assert_eq!(v["alice_move"], "A../.A./..A");
    // Other tie-break rules are decided by search: with Ladies First, Alice wins E on a tie.
    let v = json(&[
        "bidding",
        "moves",
        "E",
        "--chips",
        "2,2",
        "--tie-break",
        "ladies-first",
        "--json",
    ]);
    assert_eq!(v["alice_wins"], true);
}

#[test]
fn taxman_and_poorman() {
    let v = json(&["bidding", "taxman", "tictactoe", "--tax", "0", "--json"]);
    assert_eq!(v["value"], "133/256");
    let v = json(&["bidding", "taxman", "E", "--json"]);
    assert_eq!(v["value"], "1/2");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        vec!["bidding", "richman", "chess"],
        vec!["bidding", "threshold", "E", "--chips", "-3"],
        vec!["bidding", "threshold", "E", "--chips", "1.5"],
        vec![
            "bidding",
            "threshold",
            "E",
            "--chips",
            "99999999999999999999999",
        ],
        vec!["bidding", "table", "E", "--max-chips", "x"],
        vec!["bidding", "period", "tug:3"],
        vec!["bidding", "period", "tictactoe", "--chips", "-1"],
        vec!["bidding", "period", "connect:7x6:4"],
        vec![
            "bidding",
            "table",
            "E",
            "--max-chips",
            "4",
            "--format",
            "pdf",
        ],
        vec![
            "bidding",
            "moves",
            "tictactoe",
            "--position",
            "AAA/BBB/...",
            "--chips",
            "1,1",
        ],
        vec![
            "bidding",
            "moves",
            "tictactoe",
            "--position",
            "AZB/.../...",
            "--chips",
            "1,1",
        ],
        vec![
            "bidding",
            "moves",
            "tictactoe",
            "--position",
            "A../...",
            "--chips",
            "1,1",
        ],
        vec!["bidding", "moves", "tictactoe", "--chips", "1"],
        vec![
            "bidding",
            "moves",
            "tictactoe",
            "--chips",
            "1,1",
            "--tie",
            "carol",
        ],
        vec![
            "bidding",
            "moves",
            "tug:2",
            "--position",
            "7",
            "--chips",
            "1,1",
        ],
        vec!["bidding", "richman", "connect:7x6:4"],
        // Tables of boards: too many positions, too many position updates.
        vec!["bidding", "table", "connect:6x5:4", "--max-chips", "10"],
        vec!["bidding", "table", "hex:4", "--max-chips", "1000000"],
        vec!["bidding", "richman", "hex:6"],
        vec!["bidding", "threshold", "A:0", "--chips", "3"],
        vec!["bidding", "threshold", "(A^B", "--chips", "3"],
        vec![
            "bidding",
            "threshold",
            "E",
            "--chips",
            "3",
            "--tie-break",
            "coin",
        ],
        vec![
            "bidding",
            "threshold",
            "E",
            "--chips",
            "3",
            "--tie-break",
            "losers-ball",
        ],
        vec!["bidding", "taxman", "E", "--tax", "2"],
        vec!["bidding", "taxman", "tug:2"],
    ] {
        let out = duel(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("duel: error: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
    // The message says how many positions a board would need.
    let out = duel(&["bidding", "richman", "connect:7x6:4"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("532875860165503 positions"));
}

/// A finished position is named in words, not by the Rust name of its outcome (`Outcome::Win(Player::ALICE)`).
#[test]
fn finished_positions_are_named_in_words() {
    let finished = |position: &str| {
        let args = [
            "bidding",
            "moves",
            "tug:3",
            "--chips",
            "4,4",
            "--position",
            position,
        ];
        common::assert_error(&args, "the position is finished");
        let (_, _, err) = common::duel_text(&args);
        assert!(!err.contains("Wins)"), "{err}");
        err
    };
    assert!(finished("3").contains("(Alice has won)"));
    assert!(finished("-3").contains("(Bob has won)"));
}

/// Bounds beyond 128 bits saturate: the message says "more than 10^38", not u128::MAX's
/// digits as if it were a count (nor 4 × them in bytes); a wedge with such a game overflowed.
#[test]
fn huge_games_say_more_than_not_a_saturated_count() {
    for args in [
        &["bidding", "richman", "connect:60x60:60"][..],
        &["bidding", "richman", "connect:20x20:5"],
        &["bidding", "richman", "connect:60x60:60^A"],
        &["bidding", "threshold", "connect:60x60:60", "--chips", "3"],
        &["bidding", "moves", "connect:60x60:60", "--chips", "3,3"],
    ] {
        common::assert_error(args, "more than 10^38 positions");
        let (_, _, err) = common::duel_text(args);
        assert!(
            !err.contains("340282366920938463463374607431768211455"),
            "{err}"
        );
    }
    common::assert_error(
        &["bidding", "richman", "connect:60x60:60"],
        "(more than 10^38 bytes at 4 bytes each)",
    );
    // A bound that fits is still given in full.
    common::assert_error(
        &["bidding", "richman", "connect:7x6:4"],
        "may need up to 532875860165503 positions",
    );
}

/// Board positions are read in their notation only (A, B, . and /, full rows): a lowercase
/// letter or an X was read as Alice's stone, a board without '/' as rows.
#[test]
fn board_positions_take_only_their_notation() {
    let moves = |position: &str, needle: &str| {
        common::assert_error(
            &[
                "bidding",
                "moves",
                "tictactoe",
                "--chips",
                "4,4",
                "--position",
                position,
            ],
            needle,
        )
    };
    moves("a../.../...", "'a' in 'a../.../...' is not a cell");
    moves("X../.../...", "'X' in 'X../.../...' is not a cell");
    moves(".../.o./...", "'o' in '.../.o./...' is not a cell");
    moves("-../.../...", "'-' in '-../.../...' is not a cell");
    moves("A../.../. ..", "' ' in 'A../.../. ..' is not a cell");
    moves("A........", "is not a 3×3 board");
    moves("A../..../..", "is not a 3×3 board");
    moves("A../.../.../...", "is not a 3×3 board");
    let v = common::json(&[
        "bidding",
        "moves",
        "tictactoe",
        "--chips",
        "4,4",
        "--position",
        "A../.B./...",
        "--json",
    ]);
    assert_eq!(v["position"], "A../.B./...");
}

/// `--position -2` is a position (a vertex of Tug o' War), not an unknown option.
#[test]
fn positions_may_start_with_a_minus() {
    let v = common::json(&[
        "bidding",
        "moves",
        "tug:3",
        "--position",
        "-2",
        "--chips",
        "3,3",
        "--json",
    ]);
    assert_eq!(v["position"], "-2");
    common::assert_error(
        &[
            "bidding",
            "moves",
            "tug:3",
            "--position",
            "-7",
            "--chips",
            "3,3",
        ],
        "'-7' is not a position of this game",
    );
}

/// `table` is written by the shared table type: `--json` is `--format json`, the text has a
/// title and column names, and the period's note follows the rows in every format.
#[test]
fn table_json_flag_and_shared_layout() {
    let args = ["bidding", "table", "E", "--max-chips", "5"];
    let flag = json(&[&args[..], &["--json"]].concat());
    let format = json(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(flag["rows"], format["rows"]);
    assert_eq!(flag["title"], "f(E, k) [advantage]");
    assert_eq!(flag["columns"], serde_json::json!(["k", "threshold"]));
    // Example 3.8: R(E) = 1/2, so M = 2 and m = m̄ = 1.
    assert_eq!(
        (
            &flag["period"]["M"],
            &flag["period"]["m"],
            &flag["period"]["m_bar"]
        ),
        (
            &serde_json::json!(2),
            &serde_json::json!(1),
            &serde_json::json!(1)
        )
    );
    let note = "f(k + 2) = f(k) + 1 for k >= 0 (M = 2, m = 1, m̄ = 1)";
    assert_eq!(flag["notes"][0], note);
    let (code, text, _) = common::duel_text(&args);
    assert_eq!(code, 0);
    assert!(
        text.starts_with("f(E, k) [advantage]\nk  threshold\n0         0*\n"),
        "{text}"
    );
    assert!(text.ends_with(&format!("{note}\n")), "{text}");
    let (code, _, err) = common::duel_text(&[&args[..], &["--json", "--format", "csv"]].concat());
    assert_eq!(code, 2, "{err}");
}
