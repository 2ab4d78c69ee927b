//! `duel search best` and `duel search leaves`: outputs, JSON fields, bad input.

mod common;
use common::{duel_text, json};

#[test]
fn best_prints_the_contract_fields() {
    for agent in [
        "mcts:a=3.5,b=5",
        "mcts-prime",
        "uct:c=1",
        "sym",
        "symp:a=0.6",
        "gw:fit=200",
        "gw2:fit=200",
    ] {
        let v = json(&[
            "search",
            "best",
            "pearl:2:12",
            "--position",
            "12",
            "--agent",
            agent,
            "--iterations",
            "500",
            "--seed",
            "3",
            "--json",
        ]);
        for field in [
            "game",
            "position",
            "agent",
            "move",
            "estimate",
            "iterations",
            "millis",
        ] {
            assert!(v.get(field).is_some(), "{agent}: missing {field} in {v}");
        }
        assert_eq!(v["game"], "pearl:2:12");
        assert_eq!(v["position"], "12");
        let mv = v["move"].as_str().unwrap();
        assert!(mv == "1" || mv == "2", "{mv}");
        let e = v["estimate"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&e));
        assert!(v["iterations"].as_u64().unwrap() <= 500);
    }
}

#[test]
fn best_is_reproducible_and_finds_a_proven_win() {
    let a = json(&[
        "search",
        "best",
        "pearl:2:20",
        "--agent",
        "mcts",
        "--iterations",
        "3000",
        "--seed",
        "9",
        "--json",
    ]);
    let b = json(&[
        "search",
        "best",
        "pearl:2:20",
        "--agent",
        "mcts",
        "--iterations",
        "3000",
        "--seed",
        "9",
        "--json",
    ]);
    assert_eq!(a["move"], b["move"]);
    assert_eq!(a["estimate"], b["estimate"]);
    // A small tree: SymP solves it well within the budget and stops early.
    let v = json(&[
        "search",
        "best",
        "pearl:2:6:0.5:seed=4",
        "--agent",
        "symp",
        "--iterations",
        "100000",
        "--json",
    ]);
    assert!(v["iterations"].as_u64().unwrap() < 64);
    let e = v["estimate"].as_f64().unwrap();
    assert!(e == 0.0 || e == 1.0, "{e}");
    let (code, text, _) = duel_text(&[
        "search",
        "best",
        "pearl:2:6",
        "--agent",
        "sym",
        "--millis",
        "5",
    ]);
    assert_eq!(code, 0);
    assert!(text.contains("move"));
}

#[test]
fn leaves_reports_the_mean() {
    let v = json(&[
        "search",
        "leaves",
        "pearl:2:4:0.6180339887498949",
        "--agent",
        "symp:a=0.6180339887498949",
        "--trials",
        "2000",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(v["trials"], 2000);
    let mean = v["mean_leaves"].as_f64().unwrap();
    // Delattre & Fournier 8.11: τ̄_4 = 6.84, (2/(√5−1))^4 = 6.8541.
    assert!(
        (mean - 6.8541).abs() < 5.0 * v["stderr"].as_f64().unwrap(),
        "{mean}"
    );
    assert!((v["alpha_beta_leaves"].as_f64().unwrap() - 6.8541).abs() < 1e-4);
    let (code, text, _) = duel_text(&[
        "search",
        "leaves",
        "galton-watson:6:0.2/0/0.8",
        "--agent",
        "sym",
        "--trials",
        "20",
    ]);
    assert_eq!(code, 0);
    assert!(text.contains("mean"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[&[&str]] = &[
        &["search", "best", "nosuchgame", "--agent", "mcts"],
        &["search", "best", "pearl:1:4", "--agent", "mcts"],
        &["search", "best", "pearl:2:x", "--agent", "mcts"],
        &["search", "best", "pearl:2:4:1.5", "--agent", "mcts"],
        &["search", "best", "pearl:2:4", "--agent", "alphazero"],
        &["search", "best", "pearl:2:4", "--agent", "mcts:a=-1"],
        &["search", "best", "pearl:2:4", "--agent", "mcts:q=1"],
        &["search", "best", "pearl:2:4", "--agent", "sym:a=1"],
        &["search", "best", "pearl:2:4", "--agent", "sym:a=zz"],
        &[
            "search",
            "best",
            "pearl:2:4",
            "--position",
            "13",
            "--agent",
            "sym",
        ],
        &[
            "search",
            "best",
            "pearl:2:4",
            "--position",
            "1x",
            "--agent",
            "sym",
        ],
        &[
            "search",
            "best",
            "pearl:2:4",
            "--position",
            "1111",
            "--agent",
            "sym",
        ],
        &[
            "search",
            "best",
            "pearl:2:4",
            "--position",
            "11111",
            "--agent",
            "sym",
        ],
        &[
            "search",
            "best",
            "pearl:2:4",
            "--agent",
            "sym",
            "--iterations",
            "0",
        ],
        &[
            "search",
            "best",
            "pearl:2:4",
            "--agent",
            "sym",
            "--millis",
            "0",
        ],
        &[
            "search",
            "best",
            "pearl:2:4",
            "--agent",
            "sym",
            "--millis",
            "99999999",
        ],
        &[
            "search",
            "leaves",
            "pearl:2:4",
            "--agent",
            "mcts",
            "--trials",
            "3",
        ],
        &[
            "search",
            "leaves",
            "pearl:2:4",
            "--agent",
            "sym",
            "--trials",
            "0",
        ],
        &[
            "search",
            "leaves",
            "pearl:2:40",
            "--agent",
            "sym:a=0.5",
            "--trials",
            "1",
        ],
    ];
    for args in cases {
        let (code, out, err) = duel_text(args);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(err.starts_with("duel: error: "), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn best_plays_connect_four_and_keeps_a_forced_win() {
    // Any game of the games parser works: connect:7x6:4. After 445566 the first player has a
    // double threat (3 and 7); the move each agent picks must keep the win, as the exact
    // solver of `duel search value` confirms (the opponent is then lost).
    for agent in ["mcts", "mcts-prime", "uct", "sym", "solver"] {
        let v = json(&[
            "search",
            "best",
            "connect:7x6:4",
            "--position",
            "445566",
            "--agent",
            agent,
            "--iterations",
            "3000",
            "--json",
        ]);
        assert_eq!(v["game"], "connect:7x6:4");
        let mv = v["move"].as_str().unwrap();
        if mv == "3" || mv == "7" {
            continue; // wins at once
        }
        let after = format!("445566{mv}");
        let w = json(&[
            "search",
            "value",
            "connect:7x6:4",
            "--position",
            &after,
            "--json",
        ]);
        assert_eq!(w["value"], "loss", "{agent} played {after}");
    }
    // Tic-tac-toe is a draw: Sym proves the first player cannot win (draws count as losses).
    let v = json(&[
        "search",
        "best",
        "tictactoe",
        "--agent",
        "sym",
        "--iterations",
        "100000",
        "--json",
    ]);
    assert_eq!(v["estimate"], 0.0);
    assert_eq!(v["stopped"], "solved");
    let (code, _, err) = duel_text(&[
        "search",
        "best",
        "connect:7x6:4",
        "--position",
        "48",
        "--agent",
        "mcts",
    ]);
    assert_eq!(code, 2);
    assert!(err.starts_with("duel: error: "));
}

#[test]
fn value_knows_pearl_and_agrees_with_the_proof_of_algorithm_13() {
    // `pearl:...` goes through the shared game-name parser, so exact minimax (alpha-beta)
    // solves Pearl's trees; it must agree with the value Algorithm 13 proves (Proposition 15).
    let mut seen = [false; 2];
    for seed in 1..=6 {
        let game = format!("pearl:2:8:seed={seed}");
        let v = json(&["search", "value", &game, "--json"]);
        assert_eq!(v["game"], game.as_str());
        let b = json(&[
            "search",
            "best",
            &game,
            "--agent",
            "symp",
            "--iterations",
            "100000",
            "--json",
        ]);
        assert_eq!(b["stopped"], "solved", "{b}");
        let won = b["estimate"].as_f64().unwrap() == 1.0;
        assert_eq!(
            v["value"],
            if won { "win" } else { "loss" },
            "{game}: {v} vs {b}"
        );
        seen[won as usize] = true;
    }
    assert!(seen[0] && seen[1], "both values occur among the seeds");
    let (code, _, err) = duel_text(&["search", "value", "galton-watson:4:0.3/0/0.7:seed=2"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = duel_text(&["search", "value", "pearl:2"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("duel: error: invalid game 'pearl:2'"),
        "{err}"
    );
}

/// A finished position names who won; a move after the end is named.
#[test]
fn finished_positions_say_who_won_and_which_move_is_too_many() {
    common::assert_error(
        &[
            "search",
            "best",
            "connect:7x6:4",
            "--position",
            "1212121",
            "--agent",
            "sym",
        ],
        "'1212121' is finished (the first player won)",
    );
    common::assert_error(
        &[
            "search",
            "best",
            "connect:7x6:4",
            "--position",
            "12121212",
            "--agent",
            "sym",
        ],
        "the first player won; move 8, 2, comes after the end",
    );
    common::assert_error(
        &["search", "value", "tictactoe", "--position", "1524373"],
        "move 6, 7, comes after the end",
    );
    common::assert_error(
        &["search", "best", "pearl:2:4:1.5", "--agent", "sym"],
        "'pearl:2:4:1.5'",
    );
}

/// Why the search stopped is said in words, not by the Rust name (`Budget`).
#[test]
fn best_says_why_it_stopped_in_words() {
    let (code, out, _) = duel_text(&[
        "search",
        "best",
        "connect:7x6:4",
        "--agent",
        "mcts",
        "--iterations",
        "10",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("stopped: budget spent,"), "{out}");
    let (code, out, _) = duel_text(&[
        "search",
        "best",
        "pearl:2:4",
        "--agent",
        "sym",
        "--iterations",
        "100000",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("stopped: root value proven,"), "{out}");
}

/// A repeated agent parameter was read as overriding the first; an empty one was skipped.
#[test]
fn agent_parameters_are_given_once() {
    let best = |agent: &str, needle: &str| {
        common::assert_error(&["search", "best", "pearl:2:4", "--agent", agent], needle)
    };
    best("mcts:a=1,a=2", "parameter 'a' is given twice");
    best("mcts:a=1,,b=2", "empty parameter in 'a=1,,b=2'");
    common::assert_error(
        &["search", "best", "pearl:2:8:0.3:0.9", "--agent", "mcts"],
        "'0.9' is a part too many",
    );
}

/// `--position -2` reaches the game, which names the bad move, instead of clap reading an
/// unknown option `-2`; empty moves in a list are refused.
#[test]
fn positions_may_start_with_a_minus_and_have_no_empty_moves() {
    let best = |game: &str, position: &str, needle: &str| {
        common::assert_error(
            &[
                "search",
                "best",
                game,
                "--position",
                position,
                "--agent",
                "mcts",
                "--iterations",
                "10",
            ],
            needle,
        )
    };
    best("connect:7x6:4", "-2", "'-' is not a move");
    best("connect:12x6:4", "-2", "'-2' is not a move");
    best("connect:12x6:4", "1,,2", "empty move in '1,,2'");
    best("pearl:2:4", "1..2", "empty move in '1..2'");
}

#[test]
fn iterations_past_the_cap_are_refused_before_searching() {
    let days = "18446744073709551615";
    for args in [
        &[
            "search",
            "best",
            "tictactoe",
            "--agent",
            "mcts",
            "--iterations",
            days,
        ][..],
        &["play", "tictactoe", "--agent", "mcts", "--iterations", days],
        &[
            "arena",
            "tictactoe",
            "--a",
            "mcts",
            "--b",
            "uct",
            "--games",
            "2",
            "--iterations",
            days,
        ],
        &[
            "arena",
            "tictactoe",
            "--a",
            "mcts",
            "--b",
            "uct",
            "--games",
            "2",
            "--b-iterations",
            days,
        ],
    ] {
        let (code, out, err) = common::duel_text(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(
            err.contains(&format!(
                "iterations {days} is more than the limit of 1000000000"
            )),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
