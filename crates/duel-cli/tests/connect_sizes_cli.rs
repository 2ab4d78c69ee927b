//! `duel connect sizes`: the empty boards of W + H ≤ 10 against the published board-size
//! tables, resuming from the `--out` file, one error line for bad input.

mod common;
use common::assert_error;

/// Who wins the empty W×H board under perfect play and the ply on which the game ends, as
/// published. Winners: John Tromp, "John's Connect Four Playground"
/// (tromp.github.io/c4/c4.html), table of board sizes ("=" draw, "-" second player wins),
/// and Christophe Steininger, c4 readme, "Outcome" table; end plies: Steininger, c4
/// readme, "Last Move" table.
const PUBLISHED: [(u32, u32, &str, u32); 6] = [
    (4, 4, "draw", 16),
    (4, 5, "draw", 20),
    (5, 4, "draw", 20),
    (4, 6, "draw", 24),
    (5, 5, "draw", 25),
    (6, 4, "second", 24),
];

fn lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn boards_up_to_ten_cells_a_side_match_the_published_tables() {
    let (code, stdout, stderr) = common::duel_text(&["connect", "sizes", "--max-sum", "10"]);
    assert_eq!(code, 0, "{stderr}");
    let got = lines(&stdout);
    assert_eq!(got.len(), PUBLISHED.len());
    for (v, (w, h, winner, ply)) in got.iter().zip(PUBLISHED) {
        assert_eq!(
            (v["width"].as_u64(), v["height"].as_u64()),
            (Some(w.into()), Some(h.into()))
        );
        assert_eq!(v["winner"], winner, "{w}x{h}");
        assert_eq!(v["end_ply"].as_u64(), Some(ply.into()), "{w}x{h}");
        assert!(v["seconds"].as_f64().is_some() && v["nodes"].as_u64() > Some(0));
    }
    // --boards solves those boards only, in its order.
    let (code, stdout, stderr) = common::duel_text(&["connect", "sizes", "--boards", "5x4, 4x4"]);
    assert_eq!(code, 0, "{stderr}");
    let got = lines(&stdout);
    let sizes: Vec<_> = got
        .iter()
        .map(|v| (v["width"].as_u64(), v["height"].as_u64()))
        .collect();
    assert_eq!(sizes, [(Some(5), Some(4)), (Some(4), Some(4))]);
    assert_eq!(got[0]["end_ply"].as_u64(), Some(20));
    // --min-sum keeps the larger boards only.
    let (_, stdout, _) =
        common::duel_text(&["connect", "sizes", "--min-sum", "10", "--max-sum", "10"]);
    assert_eq!(lines(&stdout).len(), 3);
}

#[test]
fn a_stopped_run_resumes_from_its_file() {
    let dir = std::env::temp_dir().join(format!("duel-sizes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sizes.jsonl");
    let path = file.to_str().unwrap();
    let run = || common::duel_text(&["connect", "sizes", "--max-sum", "9", "--out", path]);
    let (code, stdout, _) = run();
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 3);
    assert!(stdout.contains("4x4: draw at ply 16"), "{stdout}");
    let full = std::fs::read_to_string(&file).unwrap();
    assert_eq!(lines(&full).len(), 3);
    // Nothing left to do: nothing solved, nothing written.
    let (code, stdout, _) = run();
    assert_eq!((code, stdout.as_str()), (0, ""));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), full);
    // The last board lost and a line cut short: the cut is dropped, the board solved again.
    let mut kept: Vec<&str> = full.lines().take(2).collect();
    kept.push("{\"width\":5,\"hei");
    std::fs::write(&file, kept.join("\n")).unwrap();
    let (code, stdout, _) = run();
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 1);
    assert!(stdout.starts_with("5x4: draw at ply 20"), "{stdout}");
    let again = lines(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(again.len(), 3);
    assert_eq!(again[2]["width"], 5);
    // A line that is not a board is an error naming it.
    std::fs::write(&file, "{\"width\":4}\n").unwrap();
    assert_error(
        &["connect", "sizes", "--max-sum", "9", "--out", path],
        "line 1 is not a board",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_one_error_line() {
    assert_error(
        &["connect", "sizes", "--max-sum", "9", "--memory", "1000T"],
        "available",
    );
    assert_error(
        &["connect", "sizes", "--max-sum", "9", "--memory", "lots"],
        "not a size",
    );
    assert_error(&["connect", "sizes", "--max-sum", "99"], "at most 64");
    assert_error(&["connect", "sizes", "--boards", "7x"], "not a board WxH");
    assert_error(
        &["connect", "sizes", "--boards", "3x6"],
        "not a board of the solver",
    );
    assert_error(
        &["connect", "sizes", "--boards", "17x7"],
        "not a board of the solver",
    );
    assert_error(&["connect", "sizes", "--boards", "4x4,4x4"], "given twice");
    assert_error(&["connect", "sizes"], "--max-sum");
    assert_error(
        &[
            "connect",
            "sizes",
            "--max-sum",
            "9",
            "--out",
            "/nonexistent/dir/x.jsonl",
        ],
        "cannot write",
    );
}
