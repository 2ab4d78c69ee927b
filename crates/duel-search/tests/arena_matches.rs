//! `duel_search::arena`: reproducible matches (threads, shards, merge), agents of known strength,
//! outcomes cross-checked by replaying the recorded moves, refusals of bad input.

use duel_core::game::{Game, Outcome, Player};
use duel_games::{parse_game, with_game};
use duel_search::arena::realization::game_start;
use duel_search::arena::{
    merge, parse_records, run_arena, score_ci95, ArenaConfig, ArenaError, ArenaRun, GameRecord,
    InputError, MergeError, RecordFault, Shard, ShardFault,
};
use duel_search::Budget;
use proptest::prelude::*;

fn config(game: &str, a: &str, b: &str, games: u64, iterations: u64) -> ArenaConfig {
    ArenaConfig {
        game: game.to_string(),
        a: a.to_string(),
        b: b.to_string(),
        games,
        budget: Budget::Iterations(iterations),
        b_budget: None,
        seed: 11,
        threads: Some(1),
        memory: None,
        shard: Shard::ALL,
        referee: false,
    }
}

fn run(c: &ArenaConfig) -> ArenaRun {
    run_arena(c, &|| {}).unwrap_or_else(|e| panic!("{c:?}: {e}"))
}

/// Replays each record's moves from its start (its pair's realization of a random tree, for
/// the seed 11 of [`config`]) and checks that the game is finished there, with the recorded
/// winner (A is the first player exactly when `a_first`).
fn replay_agrees(game: &str, records: &[GameRecord]) {
    let g = parse_game(game).unwrap();
    for r in records {
        with_game!(game_start(&g, 11, r.game_index), start => {
            let mut pos = start;
            pos.play_moves(&r.moves).expect("recorded moves are legal");
            let outcome = pos.outcome().expect("the recorded game is finished");
            let a_player = if r.a_first {
                Player::First
            } else {
                Player::Second
            };
            assert_eq!(r.outcome, outcome, "{r:?}");
            let expected = match outcome {
                Outcome::Draw => "draw",
                Outcome::Win(p) if p == a_player => "a",
                Outcome::Win(_) => "b",
            };
            assert_eq!(r.winner(), expected, "{r:?}");
            assert_eq!(r.a_first, r.game_index % 2 == 0);
        });
    }
}

fn counts_add_up(r: &ArenaRun) {
    let s = &r.summary;
    assert_eq!(s.a_wins + s.b_wins + s.draws, s.games);
    assert_eq!(s.games, r.records.len() as u64);
    assert_eq!(s.a_first.games + s.b_first.games, s.games);
    assert_eq!(s.a_first.a_wins + s.b_first.a_wins, s.a_wins);
    assert_eq!(s.a_first.b_wins + s.b_first.b_wins, s.b_wins);
    assert_eq!(s.a_first.draws + s.b_first.draws, s.draws);
    let (lo, hi) = (s.a_score_ci95[0], s.a_score_ci95[1]);
    assert!(0.0 <= lo && lo <= s.a_score && s.a_score <= hi && hi <= 1.0);
    assert_eq!(
        s.a_score,
        (s.a_wins as f64 + s.draws as f64 / 2.0) / s.games as f64
    );
}

#[test]
fn same_seed_same_games_whatever_threads_and_shards() {
    let mut c = config("connect:4x4:3", "mcts", "uct:c=1", 12, 60);
    let one = run(&c);
    assert_eq!(run(&c).records, one.records, "same seed, same games");
    c.threads = Some(2);
    let two = run(&c);
    assert_eq!(two.records, one.records, "1 and 2 threads");
    assert_eq!(two.summary, one.summary);
    // Memory for one game at a time: 4 threads asked, the games all play on one thread, and
    // they are the same games (an arena with 16 threads on pearl:2:4096 aborted on memory).
    c.threads = Some(4);
    c.memory = Some(duel_search::arena::GAME_PEAK_BYTES + 1);
    let threads_used = |c: &ArenaConfig| {
        let ids = std::sync::Mutex::new(std::collections::HashSet::new());
        // Slow games, so that idle threads would take some of them.
        let run = run_arena(c, &|| {
            std::thread::sleep(std::time::Duration::from_millis(20));
            ids.lock().unwrap().insert(std::thread::current().id());
        })
        .unwrap();
        (run, ids.into_inner().unwrap().len())
    };
    let (capped, used) = threads_used(&c);
    assert_eq!(capped.records, one.records, "capped to one game at once");
    assert_eq!(used, 1);
    c.memory = Some(3 * duel_search::arena::GAME_PEAK_BYTES);
    let (three, used) = threads_used(&c);
    assert_eq!(three.records, one.records, "three games at once");
    assert!((2..=3).contains(&used), "{used} threads");
    counts_add_up(&one);
    replay_agrees("connect:4x4:3", &one.records);

    // Shards 0/2 and 1/2, written as records and merged, are the whole run.
    let mut text = String::new();
    let mut shard_records = Vec::new();
    for i in 0..2 {
        c.shard = Shard { index: i, count: 2 };
        let s = run(&c);
        assert!(s.records.iter().all(|r| r.game_index % 2 == i));
        text.push_str(&s.jsonl());
        shard_records.extend(s.records);
    }
    shard_records.sort_by_key(|r| r.game_index);
    assert_eq!(shard_records, one.records);
    let merged = merge(&parse_records(&text, "shards").unwrap()).unwrap();
    assert_eq!(merged.summary, one.summary);
    assert_eq!(merged.missing_games, 0);

    // Game i does not depend on the number of games of the run.
    c.shard = Shard::ALL;
    c.games = 5;
    assert_eq!(run(&c).records, one.records[..5]);

    // Another seed gives other games.
    c.games = 12;
    c.seed = 12;
    assert_ne!(run(&c).records, one.records);
}

#[test]
fn solver_never_loses_tictactoe_against_mcts() {
    // Tic-tac-toe is a draw under perfect play, so the exact agent draws or wins, as first
    // and as second player, against MCTS at any budget.
    // The solver's budget is a number of positions: enough to solve every position.
    let solver_budget = Budget::Iterations(100_000);
    for iterations in [50, 2000] {
        let c = ArenaConfig {
            budget: solver_budget,
            b_budget: Some(Budget::Iterations(iterations)),
            ..config("tictactoe", "solver", "mcts:a=3.5,b=5", 10, 1)
        };
        let r = run(&c);
        counts_add_up(&r);
        replay_agrees("tictactoe", &r.records);
        assert_eq!(r.summary.b_wins, 0, "{:?}", r.summary);
        assert_eq!((r.summary.a_first.games, r.summary.b_first.games), (5, 5));
        let c = ArenaConfig {
            b_budget: Some(solver_budget),
            ..config("tictactoe", "uct:c=2", "solver", 10, iterations)
        };
        let r = run(&c);
        assert_eq!(r.summary.a_wins, 0, "{:?}", r.summary);
    }
    // Against an agent that plays almost at random (1 iteration) the solver wins most games.
    let c = config("tictactoe", "solver", "mcts", 20, 1);
    let mut c = ArenaConfig {
        budget: Budget::Iterations(100_000),
        b_budget: Some(Budget::Iterations(1)),
        ..c
    };
    c.threads = Some(2);
    let r = run(&c);
    assert_eq!(r.summary.b_wins, 0);
    assert!(r.summary.a_wins >= 14, "{:?}", r.summary);
}

#[test]
fn a_strong_agent_beats_a_weak_one() {
    for game in ["tictactoe", "connect:4x4:3"] {
        let mut c = config(game, "mcts", "mcts", 40, 2000);
        c.b_budget = Some(Budget::Iterations(1));
        c.threads = Some(2);
        let r = run(&c);
        counts_add_up(&r);
        replay_agrees(game, &r.records);
        assert!(r.summary.a_score_ci95[0] > 0.6, "{game}: {:?}", r.summary);
        // And the other way round: the score is the weak agent's.
        c.a = "mcts".to_string();
        c.budget = Budget::Iterations(1);
        c.b_budget = Some(Budget::Iterations(2000));
        let r = run(&c);
        assert!(r.summary.a_score_ci95[1] < 0.4, "{game}: {:?}", r.summary);
    }
}

#[test]
fn bayesian_agents_and_time_budgets_play() {
    let c = config(
        "pearl:2:8:seed=3",
        "symp:a=0.5",
        "mcts-prime:a=2,b=3",
        6,
        100,
    );
    let r = run(&c);
    counts_add_up(&r);
    replay_agrees("pearl:2:8:seed=3", &r.records);
    assert_eq!(r.summary.draws, 0, "Pearl's game has no draw");
    let c = config(
        "galton-watson:6:0.2/0/0.8:seed=2",
        "gw:fit=100",
        "sym",
        4,
        50,
    );
    let r = run(&c);
    counts_add_up(&r);
    replay_agrees("galton-watson:6:0.2/0/0.8:seed=2", &r.records);
    let mut c = config("tictactoe", "mcts", "gw2:fit=100", 2, 1);
    c.budget = Budget::Millis(1);
    let r = run(&c);
    counts_add_up(&r);
    replay_agrees("tictactoe", &r.records);
    assert_eq!(r.info.millis, Some(1));
}

#[test]
fn merge_refuses_records_of_other_runs() {
    let c = config("tictactoe", "mcts", "uct", 4, 20);
    let base = run(&c).jsonl();
    let records = parse_records(&base, "x").unwrap();
    // The same shard twice.
    let twice = merge(&[records.clone(), records.clone()].concat());
    assert!(
        matches!(
            twice,
            Err(ArenaError::Inconsistent(MergeError::Twice { seed: 11, .. }))
        ),
        "{twice:?}"
    );
    // Different agent, budget, game.
    for other in [
        config("tictactoe", "mcts", "uct:c=1", 4, 20),
        config("tictactoe", "mcts", "uct", 4, 21),
        config("connect:4x4:3", "mcts", "uct", 4, 20),
        ArenaConfig {
            b_budget: Some(Budget::Iterations(5)),
            ..config("tictactoe", "mcts", "uct", 4, 20)
        },
    ] {
        let mut other = other;
        other.seed = 99;
        let more = parse_records(&run(&other).jsonl(), "y").unwrap();
        let r = merge(&[records.clone(), more].concat());
        assert!(matches!(r, Err(ArenaError::Inconsistent(_))), "{r:?}");
    }
    // Another seed of the same run merges: more games.
    let mut same = c.clone();
    same.seed = 5;
    let more = parse_records(&run(&same).jsonl(), "z").unwrap();
    let m = merge(&[records.clone(), more].concat()).unwrap();
    assert_eq!(m.summary.games, 8);
    // A missing shard is counted.
    let m = merge(&records[..3]).unwrap();
    assert_eq!((m.summary.games, m.missing_games), (3, 1));
    // Nothing to merge; lines that are not records.
    assert!(merge(&[]).is_err());
    let first = base.lines().next().unwrap();
    for (bad, line) in [
        (format!("{first}\nnot json\n"), 2),
        (format!("\n{}", first.replace("\"winner\":", "\"w\":")), 2),
        (first.replace("\"game_index\":0", "\"game_index\":4"), 1),
        (first.replace("\"a_first\":true", "\"a_first\":false"), 1),
        (
            first.replace("\"iterations\":20", "\"iterations\":20,\"millis\":20"),
            1,
        ),
        (first.replace("\"winner\":\"", "\"winner\":\"x"), 1),
    ] {
        match parse_records(&bad, "f.jsonl") {
            Err(ArenaError::BadRecord {
                source_name,
                line: l,
                ..
            }) => assert_eq!((source_name.as_str(), l), ("f.jsonl", line), "{bad}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
}

#[test]
fn bad_input_is_refused() {
    let ok = config("tictactoe", "mcts", "uct", 4, 10);
    let cases: Vec<(ArenaConfig, &str)> = vec![
        (
            ArenaConfig {
                game: "chess".into(),
                ..ok.clone()
            },
            "unknown game",
        ),
        (
            ArenaConfig {
                game: "tug:5".into(),
                ..ok.clone()
            },
            "bidding game",
        ),
        (
            ArenaConfig {
                a: "alphazero".into(),
                ..ok.clone()
            },
            "unknown agent",
        ),
        (
            ArenaConfig {
                games: 0,
                ..ok.clone()
            },
            "number of games",
        ),
        (
            ArenaConfig {
                games: u64::MAX,
                ..ok.clone()
            },
            "number of games",
        ),
        (
            ArenaConfig {
                budget: Budget::Iterations(0),
                ..ok.clone()
            },
            "budget",
        ),
        (
            ArenaConfig {
                b_budget: Some(Budget::Millis(0)),
                ..ok.clone()
            },
            "budget",
        ),
        (
            ArenaConfig {
                shard: Shard { index: 2, count: 2 },
                ..ok.clone()
            },
            "shard",
        ),
        (
            ArenaConfig {
                shard: Shard { index: 5, count: 8 },
                ..ok.clone()
            },
            "plays no game",
        ),
        (
            ArenaConfig {
                threads: Some(0),
                ..ok.clone()
            },
            "threads",
        ),
        // The exact agent cannot solve a 5x5 board in 10 positions: an error, not a panic.
        (
            ArenaConfig {
                game: "connect:5x5:4".into(),
                a: "solver".into(),
                ..ok.clone()
            },
            "game 0: the solver could not finish",
        ),
    ];
    for (c, what) in cases {
        match run_arena(&c, &|| {}) {
            Err(e) => assert!(e.to_string().contains(what), "{c:?}: {e}"),
            Ok(r) => panic!("{c:?} accepted: {:?}", r.summary),
        }
    }
    for bad in ["2/2", "1/0", "x", "1/2/3"] {
        assert!(Shard::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn arena_errors_carry_their_numbers() {
    let ok = config("tictactoe", "mcts", "uct", 4, 10);
    let empty = ArenaConfig {
        shard: Shard { index: 5, count: 8 },
        ..ok.clone()
    };
    match run_arena(&empty, &|| {}) {
        Err(ArenaError::Input(e)) => assert_eq!(
            e,
            InputError::EmptyShard {
                index: 5,
                count: 8,
                games: 4
            }
        ),
        other => panic!("{:?}", other.map(|r| r.summary)),
    }
    match Shard::parse("2/2") {
        Err(ArenaError::Input(e)) => {
            assert_eq!(
                e,
                InputError::ShardText {
                    text: "2/2".into(),
                    why: ShardFault::IndexPastCount
                }
            );
            assert_eq!(
                e.to_string(),
                "invalid shard '2/2': I must be less than N (shards are numbered from 0)"
            );
        }
        other => panic!("{other:?}"),
    }
    let first = run(&ok).jsonl().lines().next().unwrap().to_string();
    let bad = first.replace("\"a_first\":true", "\"a_first\":false");
    match parse_records(&bad, "f.jsonl") {
        Err(ArenaError::BadRecord { why, .. }) => assert_eq!(
            why,
            RecordFault::FirstPlayer {
                a_first: false,
                index: 0
            }
        ),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        merge(&[]),
        Err(ArenaError::Input(InputError::NoRecords))
    ));
}

proptest! {
    /// The interval contains the mean, lies in [0, 1], and narrows as the same proportions are
    /// observed over more games.
    #[test]
    fn ci_contains_the_mean(w in 0u64..200, d in 0u64..200, l in 0u64..200) {
        prop_assume!(w + d + l > 0);
        let n = w + d + l;
        let (m, [lo, hi]) = score_ci95(w, d, n);
        prop_assert!((m - (w as f64 + d as f64 / 2.0) / n as f64).abs() < 1e-15);
        prop_assert!(0.0 <= lo && lo <= m + 1e-15 && m <= hi + 1e-15 && hi <= 1.0);
        if n >= 2 {
            let (m4, [lo4, hi4]) = score_ci95(4 * w, 4 * d, 4 * n);
            prop_assert!((m4 - m).abs() < 1e-12);
            prop_assert!(hi4 - lo4 <= hi - lo + 1e-12);
        }
    }
}
