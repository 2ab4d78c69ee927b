//! `duel guess-who`: outputs, JSON fields, exit codes and error lines.

mod common;
use common::{assert_error, duel, duel_text};
use std::process::Output;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).expect("one JSON document on stdout")
}

/// Exit code 2, nothing on stdout, one line on stderr starting `duel: error:`.
#[test]
fn value_json_official_24_24() {
    let o = duel(&[
        "guess-who",
        "value",
        "24",
        "24",
        "--rules",
        "official",
        "--json",
    ]);
    assert!(o.status.success());
    let v = json(&o);
    assert_eq!(v["n"], 24);
    assert_eq!(v["m"], 24);
    assert_eq!(v["rules"], "official");
    assert_eq!(v["questions"], 2);
    assert_eq!(v["p"], "5/9");
    assert!((v["p_float"].as_f64().unwrap() - 5.0 / 9.0).abs() < 1e-12);
    let best = v["best"].as_array().unwrap();
    assert_eq!(best.len(), 5);
    assert_eq!(best[0]["split"], serde_json::json!([8, 16]));
    assert_eq!(best[4]["split"], serde_json::json!([12, 12]));
}

#[test]
fn value_text_and_move_evaluation() {
    // Cushing et al., Lemma 1.5: P(4,4) = 9/16, reached only by asking about 1 candidate.
    let o = duel(&[
        "guess-who",
        "value",
        "4",
        "4",
        "--rules",
        "official",
        "--move",
        "2,2",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("P(4, 4) = 9/16"), "{out}");
    assert!(out.contains("optimal moves: split 1+3\n"), "{out}");
    assert!(out.contains("split 2+2: 1/2"), "{out}");
    assert!(out.contains("not optimal"), "{out}");
    // Guessing is optimal at (2, 2) under the official rules.
    let v = json(&duel(&[
        "guess-who",
        "value",
        "2",
        "2",
        "--rules",
        "official",
        "--json",
    ]));
    assert_eq!(v["best"][0], serde_json::json!({"guess": true}));
    assert_eq!(v["p"], "1/2");
}

#[test]
fn value_three_way_and_free_guess() {
    let v = json(&duel(&[
        "guess-who",
        "value",
        "10",
        "4",
        "--rules",
        "official",
        "--questions",
        "3",
        "--json",
        "--move",
        "1,3,6",
    ]));
    assert_eq!(v["questions"], 3);
    assert_eq!(v["move_optimal"], true);
    let v = json(&duel(&[
        "guess-who",
        "value",
        "24",
        "24",
        "--rules",
        "free-guess",
        "--json",
    ]));
    assert_eq!(v["p"], "2/3");
}

#[test]
fn verify_holds_and_exit_codes() {
    let o = duel(&["guess-who", "verify", "--max", "64", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["holds"], true);
    assert_eq!(v["checked"], 64 * 64 - 1);
    assert_eq!(v["counterexamples"], serde_json::json!([]));
    assert!(v["theorem"].as_str().unwrap().contains("Nica"));

    let o = duel(&["guess-who", "verify", "--max", "40", "--rules", "official"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("Cushing et al., Theorem 1.1 (and eq. 6) holds"));

    let o = duel(&[
        "guess-who",
        "verify",
        "--max",
        "40",
        "--rules",
        "official",
        "--questions",
        "3",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert!(v["theorem"].as_str().unwrap().contains("corrected"));
    assert_eq!(v["printed"]["holds"], false);
    assert!(v["printed"]["counterexample_count"].as_u64().unwrap() > 0);
}

/// Every format is the shared table of `duel_core::table`: one row per position, columns
/// n, m, p, p_float.
#[test]
fn table_formats() {
    let o = duel(&["guess-who", "table", "--max", "4", "--rules", "official"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("9/16"));
    let o = duel(&["guess-who", "table", "--max", "3", "--format", "csv"]);
    let out = stdout(&o);
    assert!(out.starts_with("n,m,p,p_float\n"));
    assert!(out.contains("\n3,3,7/9,"), "{out}");
    assert_eq!(out.lines().count(), 1 + 9);
    let args = [
        "guess-who",
        "table",
        "--max",
        "4",
        "--format",
        "json",
        "--rules",
        "official",
    ];
    let v = json(&duel(&args));
    // Cushing et al., Lemma 1.5 (iii): P(4, 4) = 9/16, the last of the 16 rows.
    assert_eq!(
        v["rows"][15],
        serde_json::json!({"n": 4, "m": 4, "p": "9/16", "p_float": 0.5625})
    );
    assert_eq!(v["max"], 4);
    assert_eq!(v["rules"], "official");
    // --json is --format json.
    let o = duel(&[
        "guess-who",
        "table",
        "--max",
        "4",
        "--rules",
        "official",
        "--json",
    ]);
    assert_eq!(stdout(&o), stdout(&duel(&args)));
    let o = duel(&["guess-who", "table", "--max", "3", "--format", "markdown"]);
    assert!(stdout(&o).contains("| 3 | 3 | 7/9 | 0.7777777777777778 |"));
}

#[test]
fn plot_writes_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("duel-gw-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("p.svg");
    let o = duel(&[
        "guess-who",
        "plot",
        "--max",
        "16",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert!(text.contains("race rules"));
    let cont = dir.join("c.svg");
    let o = duel(&[
        "guess-who",
        "plot",
        "--max",
        "4",
        "--continuous",
        "--out",
        cont.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    // PNG: the same heatmap, drawn at twice the SVG's 760 × 640 with the embedded font.
    let png = dir.join("p.png");
    let o = duel(&[
        "guess-who",
        "plot",
        "--max",
        "16",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("p.png"));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(
        bytes[..8],
        [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n']
    );
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    assert_eq!((be(16), be(20)), (1520, 1280), "width × height");
    assert_eq!(&bytes[bytes.len() - 8..bytes.len() - 4], b"IEND");
    // 16 × 16 coloured cells, axes and labels: tens of kilobytes, not an empty canvas.
    assert!(bytes.len() > 10_000, "{} bytes", bytes.len());
    // Any other extension is refused before anything is computed or written.
    let jpg = dir.join("p.jpg");
    assert_error(
        &[
            "guess-who",
            "plot",
            "--max",
            "8",
            "--out",
            jpg.to_str().unwrap(),
        ],
        "must end in .svg or .png",
    );
    assert!(!jpg.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    assert_error(&["guess-who", "value", "0", "5"], "at least 1");
    assert_error(&["guess-who", "value", "5", "0"], "at least 1");
    assert_error(&["guess-who", "value", "-3", "5"], "positive integer");
    assert_error(&["guess-who", "value", "x", "5"], "positive integer");
    assert_error(&["guess-who", "value", "1", "1"], "cannot occur");
    assert_error(
        &["guess-who", "value", "5", "4", "--rules", "blitz"],
        "unknown rules 'blitz'",
    );
    assert_error(
        &["guess-who", "value", "5", "4", "--questions", "4"],
        "unknown question kind",
    );
    assert_error(
        &["guess-who", "value", "5", "4", "--move", "2,2"],
        "do not add up",
    );
    assert_error(
        &["guess-who", "value", "5", "4", "--move", "1,1,3"],
        "at most 2 parts",
    );
    assert_error(
        &["guess-who", "value", "5", "4", "--move", "guess"],
        "do not allow guessing",
    );
    assert_error(
        &["guess-who", "value", "5", "4", "--move", "two"],
        "neither",
    );
    // Race and official positions this large are answered by the theorems (see
    // thin_race_positions_by_the_closed_form, official_positions_by_the_closed_form); free
    // guessing needs the table, refused for its memory before its 5·10^13 steps.
    assert_error(
        &[
            "guess-who",
            "value",
            "60000",
            "50000",
            "--rules",
            "free-guess",
        ],
        "GiB",
    );
    assert_error(
        &["guess-who", "table", "--max", "100000"],
        "more than the limit of 8 GiB",
    );
    assert_error(
        &["guess-who", "table", "--max", "4", "--format", "xml"],
        "unknown format",
    );
    assert_error(
        &[
            "guess-who",
            "verify",
            "--max",
            "600",
            "--rules",
            "free-guess",
            "--questions",
            "3",
        ],
        "--max 512",
    );
    assert_error(&["guess-who", "verify", "--max", "0"], "at least 1");
}

#[test]
fn verify_printed_theorem_1_6_fails_with_exit_1() {
    // Cushing et al., Theorem 1.6 as printed: not a question at (10, 2) (misprinted sums).
    let o = duel(&[
        "guess-who",
        "verify",
        "--max",
        "30",
        "--rules",
        "official",
        "--questions",
        "3",
        "--printed",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    assert_eq!(v["holds"], false);
    assert!(v["theorem"].as_str().unwrap().contains("as printed"));
    let first = &v["counterexamples"][0];
    assert_eq!(
        (first["n"].as_u64(), first["m"].as_u64()),
        (Some(10), Some(2))
    );
    assert!(v["counterexample_count"].as_u64().unwrap() > 0);
    let o = duel(&[
        "guess-who",
        "verify",
        "--max",
        "30",
        "--rules",
        "official",
        "--questions",
        "3",
        "--printed",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("FAILS at"));
    assert_error(
        &["guess-who", "verify", "--max", "30", "--printed"],
        "--printed applies to Theorem 1.6",
    );
}

#[test]
fn thin_positions_use_the_band() {
    // Nica eq. (1.1), k = 2: p*(3000, 5) = 8/3000 − (2/3)·33/15000 = 3/2500; only the band
    // min(a, b) ≤ 5 is solved, so this is quick.
    let v = json(&duel(&["guess-who", "value", "3000", "5", "--json"]));
    assert_eq!(v["p"], "3/2500");
    assert_eq!(v["best"], serde_json::json!([{"split": [4, 2996]}]));
    // A band that would not fit is refused with its size (before its steps).
    assert_error(
        &[
            "guess-who",
            "value",
            "40000000000",
            "400",
            "--rules",
            "free-guess",
        ],
        "GiB",
    );
    // Under the race and official rules the theorem has the value, but its list of optimal
    // questions would take 2·10^10 steps: P is given without the list (JSON: `best` null,
    // and why).
    for rules in ["race", "official"] {
        let args = ["guess-who", "value", "40000000000", "400", "--rules", rules];
        let (code, text, _) = duel_text(&args);
        assert_eq!(code, 0, "{text}");
        assert!(text.contains("P(40000000000, 400) = "), "{text}");
        assert!(
            text.contains("optimal moves: not listed: listing every optimal question"),
            "{text}"
        );
        let mut with_json = args.to_vec();
        with_json.push("--json");
        let v = json(&duel(&with_json));
        assert_eq!(v["best"], serde_json::Value::Null);
        assert!(v.get("best_count").is_none(), "{v}");
        assert!(
            v["best_omitted"]
                .as_str()
                .unwrap()
                .starts_with("listing every optimal question takes 20000000000 evaluations"),
            "{v}"
        );
        let p = v["p"].as_str().unwrap();
        assert!(
            text.contains(&format!("P(40000000000, 400) = {p} ")),
            "{text}"
        );
    }
    // Race: the value NicaPosition gives (a regression value; NicaPosition equals the table
    // everywhere up to 120, nica_positions_equal_the_race_table).
    let (_, text, _) = duel_text(&["guess-who", "value", "40000000000", "400"]);
    assert!(
        text.contains("P(40000000000, 400) = 58709/8000000000000"),
        "{text}"
    );
    // A decided race position is listed (empty) whatever its size.
    let v = json(&duel(&["guess-who", "value", "3000000000", "1", "--json"]));
    assert_eq!(
        (v["p"].as_str(), v["best"].as_array().map(Vec::len)),
        (Some("0"), Some(0))
    );
}

/// A race position whose table would take hours (the band of (1000000, 24) is about 6·10^12
/// steps; it ran for hours) is answered by Nica's closed forms, and says so; a smaller one by
/// the table, with the same formula's value (Theorem 1.1 in the weeds at level 4:
/// N = 2^5·24 − (2/3)(2^9 + 1) = 426, p = 426/(24·n)).
#[test]
fn thin_race_positions_by_the_closed_form() {
    let o = duel(&["guess-who", "value", "1000000", "24", "--json"]);
    assert!(o.status.success());
    let v = json(&o);
    assert_eq!(v["method"], "closed form");
    assert_eq!(v["p"], "71/4000000");
    assert_eq!(v["best"], serde_json::json!([{"split": [16, 999984]}]));
    let v = json(&duel(&["guess-who", "value", "1000", "24", "--json"]));
    assert_eq!(v["method"], "table");
    assert_eq!(v["p"], "71/4000");
    assert_eq!(v["best"], serde_json::json!([{"split": [16, 984]}]));
    let o = duel(&[
        "guess-who",
        "value",
        "1000000",
        "24",
        "--move",
        "500000,500000",
    ]);
    assert!(stdout(&o).contains("not optimal"), "{}", stdout(&o));
    assert_error(
        &["guess-who", "value", "1000000", "24", "--move", "guess"],
        "guess",
    );
    assert_error(
        &["guess-who", "value", "1000000", "24", "--move", "5,6"],
        "do not add up",
    );
}

/// An official position whose table would take minutes (the band of (1000000, 24) is about
/// 6·10^12 steps, refused by --max-steps) is answered by Cushing et al.'s Theorem 1.1, and says
/// so; the tables of smaller ones follow the same pattern (N = n·m·P = 640, every question
/// from 40 + (n − 40) to the halves optimal: `value 20000 24 --rules official` gives 1/750 and
/// 9961 of them).
#[test]
fn official_positions_by_the_closed_form() {
    let official = |args: &[&str]| {
        let mut all = vec!["guess-who", "value"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--rules", "official"]);
        duel(&all)
    };
    let o = official(&["1000000", "24", "--json"]);
    assert!(o.status.success());
    let v = json(&o);
    assert_eq!(v["method"], "closed form");
    assert_eq!(v["p"], "1/37500");
    let best = v["best"].as_array().unwrap();
    assert_eq!(best.len(), 499_961);
    assert_eq!(best[0], serde_json::json!({"split": [40, 999_960]}));
    assert_eq!(
        best[499_960],
        serde_json::json!({"split": [500_000, 500_000]})
    );
    let v = json(&official(&["20000", "24", "--json"]));
    assert_eq!(v["method"], "table");
    assert_eq!(v["p"], "1/750");
    assert_eq!(v["best"].as_array().unwrap().len(), 9961);
    let text = stdout(&official(&["1000000", "24"]));
    assert!(text.contains("P(1000000, 24) = 1/37500"), "{text}");
    assert!(
        text.contains("by Cushing et al.'s Theorem 1.1") && text.contains("6e12 steps"),
        "{text}"
    );
    assert!(text.contains("499961 optimal moves in all"), "{text}");
    // Any move is evaluated: a guess wins with probability 1/n; the one-candidate question
    // leaves the opponent at (24, 1) and (24, 999999).
    let text = stdout(&official(&["1000000", "24", "--move", "guess"]));
    assert!(text.contains("guess: 1/1000000"), "{text}");
    assert!(text.contains("(not optimal)"), "{text}");
    let v = json(&official(&[
        "1000000",
        "24",
        "--move",
        "999960,40",
        "--json",
    ]));
    assert_eq!(v["move"], serde_json::json!({"split": [999_960, 40]}));
    assert_eq!(v["move_p"], "1/37500");
    assert_eq!(v["move_optimal"], true);
    let v = json(&official(&[
        "1000000", "1000000", "--move", "1,999999", "--json",
    ]));
    assert_eq!(v["method"], "closed form");
    assert_eq!(v["move_optimal"], false);
    assert_error(
        &[
            "guess-who",
            "value",
            "1000000",
            "24",
            "--rules",
            "official",
            "--move",
            "5,6",
        ],
        "do not add up",
    );
    // Above the listing limit the text gives P and the value of --move, without the list; the
    // move's value is the closed form's of the positions it leads to, so it agrees with P
    // where the move is the theorem's own.
    let (code, text, _) = duel_text(&[
        "guess-who",
        "value",
        "20000001",
        "24",
        "--rules",
        "official",
        "--move",
        "guess",
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("at most n = 20000000"), "{text}");
    assert!(text.contains("guess: 1/20000001"), "{text}");
    let v = json(&duel(&[
        "guess-who",
        "value",
        "20000001",
        "24",
        "--rules",
        "official",
        "--move",
        "guess",
        "--json",
    ]));
    assert_eq!(v["best"], serde_json::Value::Null);
    assert!(
        v["best_omitted"]
            .as_str()
            .unwrap()
            .contains("at most n = 20000000"),
        "{v}"
    );
    assert_eq!(v["move_p"], "1/20000001");
    assert_eq!(v["move_optimal"], v["p"] == "1/20000001");
}

/// Tables with no closed form that would take more than --max-steps (10^12 by default) are
/// refused with the estimate, at once; --max-steps moves the limit both ways.
#[test]
fn tables_too_long_are_refused_with_an_estimate() {
    for (args, needle) in [
        (
            vec!["1000000", "24", "--rules", "free-guess"],
            "about 6e12 steps, roughly 10 minutes",
        ),
        (
            vec!["20000", "20000", "--rules", "official", "--questions", "3"],
            "about 3e12 steps",
        ),
        (
            vec!["1000000", "24", "--questions", "3"],
            "raise --max-steps (now 1e12)",
        ),
        (
            vec!["2000", "24", "--rules", "free-guess", "--max-steps", "1e6"],
            "about 2e7 steps",
        ),
    ] {
        let mut all = vec!["guess-who", "value"];
        all.extend_from_slice(&args);
        assert_error(&all, needle);
    }
    assert_error(
        &["guess-who", "value", "20", "24", "--max-steps", "-5"],
        "--max-steps must be a positive number",
    );
    let o = duel(&[
        "guess-who",
        "value",
        "2000",
        "24",
        "--rules",
        "free-guess",
        "--max-steps",
        "1e8",
    ]);
    assert!(o.status.success());
}

/// Three-way questions can have n²/12 optimal moves: the text counts them without holding
/// them, --json lists at most 10^7 (at (100000, 20) the list ran out of memory) and gives the
/// count instead.
#[test]
fn too_many_optimal_moves_for_json_are_counted_not_listed() {
    let args = [
        "guess-who",
        "value",
        "20000",
        "24",
        "--rules",
        "official",
        "--questions",
        "3",
    ];
    let text = stdout(&duel(&args));
    assert!(text.contains("P(20000, 24) = 21/16000"), "{text}");
    assert!(
        text.contains("33103730 optimal moves in all; too many for --json"),
        "{text}"
    );
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let v = json(&duel(&json_args));
    assert_eq!(v["p"], "21/16000");
    assert_eq!(v["best"], serde_json::Value::Null);
    assert_eq!(v["best_count"], 33103730);
    assert_eq!(
        v["best_omitted"],
        "33103730 optimal moves: more than --json lists (10000000)"
    );
}
