//! `duel play`: a whole game against an agent, the person's moves on stdin.

use crate::common::play;

/// `text` repeated `times` times.
fn cycle(text: &str, times: usize) -> String {
    text.repeat(times)
}

/// Tic-tac-toe is a draw with perfect play: against the default agent (auto, which solves
/// tic-tac-toe at every move) the person never wins, and a malformed or illegal line is
/// answered and asked again, not fatal.
#[test]
fn the_solver_never_loses_at_tictactoe_and_bad_lines_are_asked_again() {
    let input = format!("abc\n5\n\n5\n{}", cycle("1\n2\n3\n4\n6\n7\n8\n9\n", 2));
    let (code, out, err) = play(&["tictactoe"], &input);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("'abc' is not a move: a cell is a digit from 1 to 9"),
        "{out}"
    );
    assert!(out.contains("move 5 is illegal here"), "{out}");
    assert!(out.contains("you play 5\n"), "{out}");
    assert!(out.contains("auto:a=3.5,b=5 plays "), "{out}");
    assert!(out.contains("stopped: root value proven"), "{out}");
    assert!(!out.contains("stopped: budget spent"), "{out}");
    assert!(out.contains("your move? legal: 1 2 3 4 5 6 7 8 9"), "{out}");
    // The board after each move, X for the person, the last move in brackets, empty cells
    // numbered.
    assert!(out.contains(" 1  2  3 \n 4 [X] 6 \n 7  8  9 \n"), "{out}");
    let last = out.lines().last().unwrap();
    assert!(
        last == "game over: draw" || last.starts_with("game over: you lost"),
        "{last}"
    );
    assert!(!out.contains("you won"), "{out}");
    assert!(err.is_empty(), "{err}");
}

/// The solver on both sides of tic-tac-toe draws, whatever the seed.
#[test]
fn the_solver_against_itself_draws_at_tictactoe() {
    let (code, out, err) = play(&["tictactoe", "--human", "none", "--agent", "solver"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some("game over: draw"), "{out}");
    assert_eq!(out.matches("solver (the first player) plays").count(), 5);
    assert_eq!(out.matches("solver (the second player) plays").count(), 4);
    assert!(!out.contains("your move"), "{out}");
}

/// connect:5x4:3 is a first-player win, but not after every first move (1 and 5 lose): the
/// solver, moving first, leaves the person lost after each of its moves, as the exact search of
/// `search value` says, and wins whatever the person plays (here columns 1 to 5 in turn, full
/// columns refused and the next one tried).
#[test]
fn the_solver_moving_first_wins_connect_5x4_3() {
    let input = cycle("1\n2\n3\n4\n5\n", 6);
    let (code, out, err) = play(&["connect:5x4:3", "--human", "second", "--json"], &input);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["outcome"], "first");
    assert_eq!(v["winner"], "agent");
    let moves = v["moves"].as_str().unwrap();
    // After each of the agent's moves but the last (which ends the game) the person is lost.
    for after in (1..moves.len()).step_by(2) {
        let position = &moves[..after];
        let w = crate::common::json(&[
            "search",
            "value",
            "connect:5x4:3",
            "--position",
            position,
            "--json",
        ]);
        assert_eq!(w["value"], "loss", "the solver played {position}");
    }
    let (code, out, err) = play(&["connect:5x4:3", "--human", "second"], &input);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("you are the second player (O)"), "{out}");
    assert!(out.contains("\n12345\n"), "{out}");
    assert!(
        out.ends_with("game over: you lost (the first player won)\n"),
        "{out}"
    );
}

/// `help`, `hint` and `undo` are answered and the person asked again; the hint is the exact
/// solver's, and an undo takes back the person's move and the agent's reply.
#[test]
fn help_hint_and_undo_at_the_prompt() {
    // X on 1, O on 2: the first player wins (the hint says so, with a winning move).
    let (code, out, err) = play(
        &["tictactoe", "--position", "12", "--agent", "solver"],
        "help\nhint\n9\nundo\nundo\nquit\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("or: hint (the best move and its value), undo"),
        "{out}"
    );
    let hint = out.lines().find(|l| l.starts_with("hint: ")).unwrap();
    assert!(
        hint.ends_with("(a win for you, by the exact solver)"),
        "{hint}"
    );
    let took = out.lines().find(|l| l.starts_with("took back ")).unwrap();
    assert_eq!(took.split(' ').count(), 4, "the reply and 9: {took}");
    assert!(took.ends_with(" 9"), "{took}");
    assert!(
        out.contains("there is no move of yours to take back yet"),
        "the moves given with --position are not taken back: {out}"
    );
    assert!(
        out.ends_with("game over: you resigned: you lost, the agent wins\n"),
        "{out}"
    );
    // The board after the undo is the position given, its last move marked.
    assert!(out.contains(" X [O] 3 \n 4  5  6 \n"), "{out}");
}

/// A position one move from the person's win: they win, and are told so.
#[test]
fn the_person_can_win_from_a_won_position() {
    // X on 1 and 2, O on 4 and 5: X completes the top row with 3.
    let (code, out, err) = play(&["tictactoe", "--position", "1425"], "3\n");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(" X  X [X]\n O  O  6 \n"), "{out}");
    assert!(
        out.ends_with("game over: you won (the first player won)\n"),
        "{out}"
    );
}

#[test]
fn the_end_of_input_before_the_end_is_one_error_line() {
    for input in ["", "5\n", "5\n\n\n"] {
        let (code, _, err) = play(&["tictactoe"], input);
        assert_eq!(code, 2, "{input:?}");
        assert_eq!(
            err, "duel: error: input ended before the game was over\n",
            "{input:?}"
        );
    }
}

#[test]
fn quit_and_resign_give_the_game_to_the_agent() {
    for line in ["quit", "resign", "QUIT"] {
        let (code, out, err) = play(&["tictactoe"], &format!("5\n{line}\n9\n"));
        assert_eq!(code, 0, "{line}: {err}");
        assert!(
            out.ends_with("game over: you resigned: you lost, the agent wins\n"),
            "{line}: {out}"
        );
    }
    let (code, out, err) = play(&["connect:4x4:3", "--json"], "resign\n");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["outcome"], "second");
    assert_eq!(v["winner"], "agent");
    assert_eq!(v["resigned"], true);
    assert_eq!(v["moves"], "");
}

#[test]
fn json_has_the_contract_fields() {
    let (code, out, err) = play(&["tictactoe", "--human", "none", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["game"], "tictactoe");
    assert_eq!(v["position"], "");
    assert_eq!(v["agent"], "auto:a=3.5,b=5");
    assert_eq!(v["human"], "none");
    assert_eq!(v["outcome"], "draw");
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["resigned"], false);
    // A drawn game of tic-tac-toe fills the board.
    let moves = v["moves"].as_str().unwrap();
    let mut cells: Vec<char> = moves.chars().collect();
    cells.sort_unstable();
    assert_eq!(cells.iter().collect::<String>(), "123456789");
    // With a person: no prompt on stdout (only the document); a bad line is answered on stderr.
    let (code, out, err) = play(&["tictactoe", "--position", "1425", "--json"], "x\n3\n");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["position"], "1425");
    assert_eq!(v["human"], "first");
    assert_eq!(v["moves"], "3");
    assert_eq!(v["outcome"], "first");
    assert_eq!(v["winner"], "human");
    assert!(err.contains("'x' is not a move"), "{err}");
}

/// A game without a board (Pearl's trees) shows the moves from the start instead.
#[test]
fn trees_show_their_move_list() {
    let (code, out, err) = play(&["pearl:2:4", "--position", "1", "--human", "none"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nmoves: 1\n"), "{out}");
    let last_moves = out
        .lines()
        .filter_map(|l| l.strip_prefix("moves: "))
        .next_back()
        .unwrap();
    assert_eq!(last_moves.len(), 4, "a game of depth 4: {out}");
    assert!(out.contains("game over: "), "{out}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", "tictactoe", "--iterations", "0"],
            "the budget must be at least 1",
        ),
        (
            &["play", "tictactoe", "--millis", "0"],
            "the budget must be at least 1",
        ),
        (
            &["play", "tictactoe", "--millis", "99999999"],
            "more than the limit",
        ),
        (
            &["play", "tictactoe", "--agent", "alphazero"],
            "invalid agent 'alphazero'",
        ),
        (&["play", "nosuchgame"], "unknown game 'nosuchgame'"),
        (&["play", "connect:4x4"], "invalid game 'connect:4x4'"),
        (
            &["play", "tictactoe", "--position", "5x"],
            "'x' is not a move",
        ),
        (
            &["play", "tictactoe", "--position", "55"],
            "move 5 is illegal here",
        ),
        (
            &["play", "tictactoe", "--position", "15243"],
            "'15243' is finished (the first player won)",
        ),
        // Too large for the solver alone with 10000 positions, past the opening book (auto
        // would play MCTS).
        (
            &[
                "play",
                "connect:7x6:4",
                "--position",
                "14174457",
                "--human",
                "second",
                "--agent",
                "solver",
                "--iterations",
                "10000",
            ],
            "the solver could not finish within 10000 positions",
        ),
    ];
    for (args, needle) in cases {
        crate::common::assert_error(args, needle);
    }
    // As for `search best`, the two budgets together are refused.
    crate::common::assert_error(
        &["play", "tictactoe", "--iterations", "5", "--millis", "5"],
        "--iterations cannot be used with --millis",
    );
}

/// A full disk for stdout is one error line, in text and JSON modes.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_one_error_line() {
    for json in [false, true] {
        let mut args = vec!["play", "tictactoe", "--human", "none"];
        if json {
            args.push("--json");
        }
        crate::common::assert_full_disk_is_one_error_line(&args);
    }
}

/// On connect:7x6:4 the default agent opens from the book (proven moves), may play MCTS's
/// moves where 3,000 positions do not prove its position, then exact ones once the solver
/// finishes within its budget, to the end of the game.
#[test]
fn auto_plays_a_whole_game_of_connect_four() {
    let (code, out, err) = play(
        &["connect:7x6:4", "--human", "none", "--iterations", "3000"],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    let plays: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("auto:a=3.5,b=5 ("))
        .collect();
    assert!(plays.len() >= 7, "{out}");
    assert!(plays[0].contains("stopped: from the opening book"), "{out}");
    assert!(out.contains("plays 4 "), "{out}");
    let last = plays[plays.len() - 1];
    assert!(last.contains("stopped: root value proven"), "{out}");
    assert!(out.contains("game over: "), "{out}");
}
