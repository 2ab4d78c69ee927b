//! `duel search value`: outputs, JSON fields, and clear errors (exit code 2, one line).

mod common;
use common::{assert_error, duel, json};

#[test]
fn tictactoe_is_a_draw() {
    let v = json(&["search", "value", "tictactoe", "--json"]);
    assert_eq!(v["game"], "tictactoe");
    assert_eq!(v["position"], "");
    assert_eq!(v["value"], "draw");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    let text = duel(&["search", "value", "tictactoe"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("draw for the player to move"));
}

#[test]
fn positions_and_values() {
    // X centre, O edge: X wins.
    let v = json(&["search", "value", "tictactoe", "--position", "52", "--json"]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["position"], "52");
    // Connect Four 4×4 is a draw; 7×6 one move before the end of a vertical line: a win.
    let v = json(&["search", "value", "connect:4x4:4", "--json"]);
    assert_eq!(v["value"], "draw");
    let v = json(&[
        "search",
        "value",
        "connect:7x6:4",
        "--position",
        "121212",
        "--json",
    ]);
    assert_eq!(v["value"], "win");
    // Misère 4×4, K = 3: the first player loses (checked against plain minimax in the
    // library tests).
    let v = json(&["search", "value", "connect-misere:4x4:3", "--json"]);
    assert_eq!(v["value"], "loss");
    // More than 9 columns: comma-separated column numbers. Delattre & Fournier, section
    // 8.8: connect:15x15:3 is a first-player win; with X and O stacked in column 8, X to move.
    let v = json(&[
        "search",
        "value",
        "connect:15x15:3",
        "--position",
        "8,8",
        "--json",
    ]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["position"], "8,8");
    // Second player to move after one stone in a 2×2 Connect-2: the first player wins.
    let v = json(&[
        "search",
        "value",
        "connect:2x2:2",
        "--position",
        "1",
        "--json",
    ]);
    assert_eq!(v["value"], "loss");
    assert_eq!(v["to_move"], "second");
    assert_eq!(v["method"], "alpha-beta");
}

/// Connect Four boards of the dedicated solver go to it: positions the generic search gives up
/// on are answered, and the two agree where both finish.
#[test]
fn connect_four_goes_to_its_solver() {
    // 4×4 is a draw by both (the dedicated solver has 4×4 too).
    let v = json(&["search", "value", "connect:4x4:4", "--json"]);
    assert_eq!(
        (v["value"].as_str(), v["method"].as_str()),
        (Some("draw"), Some("connect four solver"))
    );
    // The mid-game position of the benchmarks: the generic search needed 479 positions (a win).
    let v = json(&[
        "search",
        "value",
        "connect:7x6:4",
        "--position",
        "4453542333",
        "--json",
    ]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["method"], "connect four solver");
    // The start is in the opening book: a win for the first player, at once.
    let v = json(&["search", "value", "connect:7x6:4", "--json"]);
    assert_eq!(
        (
            v["value"].as_str(),
            v["method"].as_str(),
            v["nodes"].as_u64()
        ),
        (Some("win"), Some("opening book"), Some(0))
    );
    // Misère and K = 3 are the generic search's.
    let v = json(&["search", "value", "connect:5x4:3", "--json"]);
    assert_eq!(v["method"], "alpha-beta");
    // After 3455 the generic search gives up after 5·10^7 positions; the solver proves the
    // loss of the player to move (the first) in about 8·10^6 (Pons's score: −3).
    let v = json(&[
        "search",
        "value",
        "connect:7x6:4",
        "--position",
        "3455",
        "--json",
    ]);
    assert_eq!(v["value"], "loss");
    assert!(v["nodes"].as_u64().unwrap() < 50_000_000);
}

#[test]
fn bad_input_gives_one_clear_line() {
    assert_error(&["search", "value", "chess"], "unknown game");
    assert_error(
        &["search", "value", "connect:7x6"],
        "expected connect:WxH:K",
    );
    assert_error(&["search", "value", "connect:0x6:4"], "at least 1");
    assert_error(&["search", "value", "connect:99x99:4"], "columns");
    assert_error(&["search", "value", "connect:20x20:4"], "420 bits");
    assert_error(
        &["search", "value", "connect:7x6:4", "--position", "8"],
        "from 1 to 7",
    );
    assert_error(
        &["search", "value", "connect:7x6:4", "--position", "4a"],
        "not a move",
    );
    assert_error(
        &["search", "value", "connect:7x6:4", "--position", "1111111"],
        "illegal",
    );
    assert_error(
        &["search", "value", "connect:7x6:4", "--position", "1212121"],
        "finished",
    );
    assert_error(
        &["search", "value", "connect:7x6:4", "--position", "12121212"],
        "already over",
    );
    assert_error(
        &["search", "value", "tictactoe", "--position", "55"],
        "illegal",
    );
    assert_error(
        &["search", "value", "connect:15x15:3", "--position", "8,16"],
        "from 1 to 15",
    );
    // Past the opening book (whose positions answer at once, the start among them).
    assert_error(
        &[
            "search",
            "value",
            "connect:7x6:4",
            "--position",
            "14174457",
            "--max-nodes",
            "1000",
        ],
        "--max-nodes",
    );
    assert_error(
        &["search", "value", "tictactoe", "--max-nodes", "0"],
        "at least 1",
    );
}

/// `--position -2` is the game's error about the move, not clap's about an option; a move list
/// with an empty item is refused, not read as a shorter one.
#[test]
fn bad_move_lists_are_the_games_errors() {
    assert_error(
        &["search", "value", "connect:7x6:4", "--position", "-2"],
        "'-' is not a move",
    );
    assert_error(
        &["search", "value", "connect:12x6:4", "--position", "-2,1"],
        "'-2' is not a move",
    );
    for bad in ["1,,2", ",1", "1,"] {
        assert_error(
            &["search", "value", "connect:12x6:4", "--position", bad],
            &format!("empty move in '{bad}'"),
        );
    }
    assert_error(
        &["search", "value", "tictactoe", "--position", "1,,5"],
        "empty move in '1,,5'",
    );
}
