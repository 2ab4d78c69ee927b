//! `duel_search::arena::championship` and the referee: standings that add up, resumption
//! that counts each game once, determinism by seed, the referee's fractions, refusals.

use std::collections::BTreeSet;

use duel_search::arena::championship::{
    championship_held, championship_shard, line_text, players, run_championship, ChampionshipConfig,
};
use duel_search::arena::referee::RefereeError;
use duel_search::arena::{run_arena, ArenaConfig, ArenaError, Shard};
use duel_search::mcts::MctsKind;
use duel_search::Budget;

fn config(game: &str, grid: u32, games: u64) -> ChampionshipConfig {
    ChampionshipConfig {
        game: game.to_string(),
        agent: "mcts".to_string(),
        grid,
        from: 1,
        games,
        budget: Budget::Iterations(30),
        seed: 5,
        threads: Some(2),
        memory: None,
        referee: false,
    }
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("duel-championship-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn the_grid_is_the_papers() {
    // Section 8.3: 55 players for K = 10; section 8.5: 210 for K = 20.
    assert_eq!(players(MctsKind::Mcts, 1, 10).len(), 55);
    assert_eq!(players(MctsKind::Mcts, 1, 20).len(), 210);
    let p = players(MctsKind::MctsPrime, 1, 10);
    assert_eq!(p[0].spec, "mcts-prime:a=0.5,b=0.5");
    assert!(p.iter().any(|p| p.spec == "mcts-prime:a=2,b=3"));
    assert!(p.iter().all(|p| p.a <= p.b && p.b <= 5.0));
}

#[test]
fn standings_add_up() {
    let c = run_championship(&config("connect:4x4:3", 4, 4), None, &|_| {}).unwrap();
    let players = c.players;
    assert_eq!(players, 10);
    assert_eq!(c.games, players * (players - 1) / 2 * 4);
    for s in &c.standings {
        assert_eq!(s.wins + s.draws + s.losses, (players - 1) * 4, "{s:?}");
        assert_eq!(s.games, (players - 1) * 4);
    }
    let wins: u64 = c.standings.iter().map(|s| s.wins).sum();
    let losses: u64 = c.standings.iter().map(|s| s.losses).sum();
    let draws: u64 = c.standings.iter().map(|s| s.draws).sum();
    assert_eq!(wins, losses);
    assert_eq!(wins + draws / 2, c.games);
    assert_eq!(c.winner, c.standings[0]);
    assert!(c.standings.windows(2).all(|w| w[0].wins >= w[1].wins));
    assert_eq!(c.margin, c.standings[0].wins - c.standings[1].wins);
}

#[test]
fn same_seed_same_championship_whatever_threads() {
    let c = config("pearl:2:8", 3, 2);
    let one = run_championship(
        &ChampionshipConfig {
            threads: Some(1),
            ..c.clone()
        },
        None,
        &|_| {},
    );
    let two = run_championship(&c, None, &|_| {});
    assert_eq!(one.unwrap().standings, two.unwrap().standings);
}

#[test]
fn a_resumed_championship_counts_each_game_once() {
    let path = temp("resume.jsonl");
    let _ = std::fs::remove_file(&path);
    let c = ChampionshipConfig {
        referee: true,
        ..config("pearl:2:8", 3, 4)
    };
    let whole = run_championship(&c, Some(&path), &|_| {}).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count() as u64, whole.games);
    // Stopped after 10 games, the last line cut short.
    let mut part: String = text.lines().take(10).map(|l| format!("{l}\n")).collect();
    part.push_str(&text.lines().nth(10).unwrap()[..20]);
    std::fs::write(&path, part).unwrap();
    let resumed = run_championship(&c, Some(&path), &|_| {}).unwrap();
    assert_eq!(resumed.resumed, 10);
    assert_eq!(resumed.standings, whole.standings);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count() as u64, whole.games);
    // Run again: every game is read back, none played.
    let again = run_championship(&c, Some(&path), &|_| {}).unwrap();
    assert_eq!(
        (again.resumed, &again.standings),
        (whole.games, &whole.standings)
    );
    // Another championship's file is refused before playing.
    let other = ChampionshipConfig {
        seed: 6,
        ..c.clone()
    };
    let e = run_championship(&other, Some(&path), &|_| {}).unwrap_err();
    assert!(e.to_string().contains("a record of another run"), "{e}");
    // The same line twice is refused.
    let first = text.lines().next().unwrap();
    std::fs::write(&path, format!("{first}\n{first}\n")).unwrap();
    let e = run_championship(&c, Some(&path), &|_| {}).unwrap_err();
    assert!(e.to_string().contains("twice"), "{e}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn shards_played_apart_are_the_championship() {
    // The shards of a cluster's tasks, their lines in one file: the same games as one run,
    // which then plays none of them and ranks the same.
    let c = config("pearl:2:8", 3, 4);
    let whole_path = temp("whole.jsonl");
    let _ = std::fs::remove_file(&whole_path);
    let whole = run_championship(&c, Some(&whole_path), &|_| {}).unwrap();
    let mut lines = Vec::new();
    for i in 0..3 {
        let shard = championship_shard(&c, Shard { index: i, count: 3 }, &BTreeSet::new());
        let shard = shard.unwrap();
        assert!(shard.iter().all(|l| l.record.game_index % 3 == i));
        lines.extend(shard);
    }
    assert_eq!(lines.len() as u64, whole.games);
    let mut text: Vec<String> = lines.iter().map(line_text).collect();
    let mut want: Vec<String> = std::fs::read_to_string(&whole_path)
        .unwrap()
        .lines()
        .map(|l| format!("{l}\n"))
        .collect();
    text.sort();
    want.sort();
    assert_eq!(text, want);
    // Half the file held: what it holds is read back, and a shard plays only the rest.
    let path = temp("shards.jsonl");
    let half: String = text.iter().step_by(2).cloned().collect();
    std::fs::write(&path, &half).unwrap();
    let held = championship_held(&c, &path).unwrap();
    assert_eq!(held.len(), text.len().div_ceil(2));
    assert!(held.windows(2).all(|w| w[0] < w[1]));
    let held: BTreeSet<u64> = held.into_iter().collect();
    let rest = championship_shard(&c, Shard::ALL, &held).unwrap();
    assert_eq!(rest.len() + held.len(), text.len());
    assert!(rest.iter().all(|l| !held.contains(&l.record.game_index)));
    let rest: String = rest.iter().map(line_text).collect();
    std::fs::write(&path, format!("{half}{rest}")).unwrap();
    let ranked = run_championship(&c, Some(&path), &|_| {}).unwrap();
    assert_eq!(
        (ranked.resumed, &ranked.standings),
        (whole.games, &whole.standings)
    );
    // A shard past its count is refused as `--shard` text is.
    let e = championship_shard(&c, Shard { index: 3, count: 3 }, &BTreeSet::new()).unwrap_err();
    assert!(e.to_string().contains("3/3"), "{e}");
    std::fs::remove_file(&path).unwrap();
    std::fs::remove_file(&whole_path).unwrap();
}

#[test]
fn bad_championships_are_refused() {
    let ok = config("tictactoe", 3, 2);
    let cases = [
        (
            ChampionshipConfig {
                grid: 0,
                ..ok.clone()
            },
            "the grid K must be between 2 and 20",
        ),
        (
            ChampionshipConfig {
                grid: 21,
                ..ok.clone()
            },
            "got 21",
        ),
        (
            ChampionshipConfig {
                from: 3,
                ..ok.clone()
            },
            "smallest k",
        ),
        (
            ChampionshipConfig {
                games: 3,
                ..ok.clone()
            },
            "must be even",
        ),
        (
            ChampionshipConfig {
                games: 0,
                ..ok.clone()
            },
            "must be even",
        ),
        (
            ChampionshipConfig {
                agent: "sym".into(),
                ..ok.clone()
            },
            "mcts or mcts-prime",
        ),
        (
            ChampionshipConfig {
                game: "tug:3".into(),
                ..ok.clone()
            },
            "bidding game",
        ),
        (
            ChampionshipConfig {
                referee: true,
                game: "connect:7x6:4".into(),
                ..ok.clone()
            },
            "too large",
        ),
    ];
    for (c, needle) in cases {
        let e = run_championship(&c, None, &|_| {}).unwrap_err();
        assert!(e.to_string().contains(needle), "{c:?}: {e}");
    }
}

fn arena(game: &str, a: &str, b: &str, budgets: [u64; 2], games: u64) -> ArenaConfig {
    ArenaConfig {
        game: game.to_string(),
        a: a.to_string(),
        b: b.to_string(),
        games,
        budget: Budget::Iterations(budgets[0]),
        b_budget: Some(Budget::Iterations(budgets[1])),
        seed: 3,
        threads: Some(2),
        memory: None,
        shard: Shard::ALL,
        referee: true,
    }
}

#[test]
fn the_solver_always_keeps_the_value_and_a_weak_agent_does_not() {
    let run = run_arena(
        &arena("tictactoe", "solver", "mcts", [100_000, 1], 20),
        &|| {},
    )
    .unwrap();
    let r = run.summary.referee.unwrap();
    assert_eq!(r.a.kept, r.a.moves);
    assert_eq!(r.a_kept_fraction, 1.0);
    assert!(r.b.kept < r.b.moves, "{r:?}");
    assert!(r.b_kept_fraction < 1.0);
    // Each game's counts add up to the summary's, and cover every move of the game.
    let moves: u64 = run.records.iter().map(|g| g.moves.len() as u64).sum();
    assert_eq!(r.a.moves + r.b.moves, moves);
    let a: u64 = run.records.iter().map(|g| g.referee.unwrap().a.kept).sum();
    assert_eq!(a, r.a.kept);
}

#[test]
fn the_referee_refuses_games_too_large_to_solve() {
    for game in ["connect:7x6:4", "pearl:2:32"] {
        let c = arena(game, "mcts", "mcts", [10, 10], 2);
        match run_arena(&c, &|| {}) {
            Err(ArenaError::Referee(RefereeError::TooLarge { max_nodes, .. })) => {
                assert_eq!(max_nodes, 2_000_000)
            }
            other => panic!("{game}: {other:?}"),
        }
    }
    // Without the referee the same run plays.
    let c = ArenaConfig {
        referee: false,
        ..arena("pearl:2:32", "mcts", "mcts", [10, 10], 2)
    };
    assert!(run_arena(&c, &|| {}).is_ok());
}

/// `mcts:draw=0`: the players count a draw as the root player's loss (the paper's
/// Algorithms 30 and 31), under a budget of work units, and the records say so.
#[test]
fn a_championship_of_the_papers_mcts_under_work_units() {
    let c = ChampionshipConfig {
        agent: "mcts-prime:draw=0".to_string(),
        budget: Budget::Work(400),
        ..config("connect:4x4:3", 3, 2)
    };
    let out = temp("paper-draws.jsonl");
    let _ = std::fs::remove_file(&out);
    let a = run_championship(&c, Some(&out), &|_| {}).unwrap();
    assert_eq!(a.championship, "mcts-prime:draw=0");
    assert_eq!(a.work, Some(400));
    assert!(a
        .standings
        .iter()
        .all(|s| s.player.spec.ends_with(",draw=0")));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("\"championship\":\"mcts-prime:draw=0\""));
    // The same championship resumes from its records; one counting draws as 1/2 is another.
    let again = run_championship(&c, Some(&out), &|_| {}).unwrap();
    assert_eq!(again.resumed, a.games);
    let halves = ChampionshipConfig {
        agent: "mcts-prime".to_string(),
        ..c.clone()
    };
    assert!(run_championship(&halves, Some(&out), &|_| {}).is_err());
}
