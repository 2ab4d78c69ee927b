//! The families of section 8 (8.4–8.10): the tables built from games played on tiny plans,
//! and from arena records (`duel report --from-records DIR`), which refuse records of runs
//! the tables do not use and games counted twice.

use duel_report::search::section8::families::{play, section_of, BudgetKind, Opponent, Plan};
use duel_report::search::section8::paper::FAMILIES;
use duel_report::search::section8::records::{read_cells, RecordsError};
use duel_search::agent::Budget;
use duel_search::arena::{run_arena, ArenaConfig, ArenaRun, Shard};

#[test]
fn a_tiny_plan_fills_every_family_table() {
    let plan = Plan {
        iteration_cells: 1,
        iteration_games: 2,
        time_cells: 0,
        time_games: 0,
        max_iterations: 1_200,
    };
    let played = play(&plan).unwrap();
    // One iteration cell per family (the smallest budget), against MCTS and MCTS′.
    assert_eq!(played.len(), 2 * FAMILIES.len());
    for p in &played {
        assert_eq!(p.kind, BudgetKind::Iterations);
        assert_eq!(p.summary.games, 2);
        assert_eq!((p.summary.a_first.games, p.summary.b_first.games), (1, 1));
        let (family, cell) = p.place();
        assert_eq!(cell.millis, 1, "{}", family.section);
        // Each agent searched exactly its budget at its first move: the paper's count.
        let [theirs, ours] = p.opponent.paper_iterations(cell);
        let a = p.summary.a_iterations_per_move.unwrap();
        let b = p.summary.b_iterations_per_move.unwrap();
        assert_eq!((a.first_move, b.first_move), (ours as f64, theirs as f64));
        assert_eq!(p.profile[0][0], ours as f64);
    }
    let s = section_of(&played, "Played by a test.", None);
    for f in &FAMILIES {
        assert!(
            s.markdown.contains(&format!("**Section {}:", f.section)),
            "{}",
            f.section
        );
    }
    // Section 8.4 at 1 ms: the paper's SymP scores 0.577 against MCTS(3.5, 5), with 163 and
    // 498 iterations at the first move.
    assert!(s
        .markdown
        .contains("| iterations of 1 ms | mcts:a=3.5,b=5 | 0.577 |"));
    assert!(s.markdown.contains("| 163 / 498 | 163 / 498 |"));
    assert_eq!(s.json["cells"].as_array().unwrap().len(), played.len());
    assert!(s.json["millis"]["cells"].as_array().unwrap().is_empty());
    // The eleven conclusions (with "the more so the larger the budget", the two of "SymP
    // beats MCTS′ only when the time is high enough", the second player's, 8.9's and 8.10's),
    // under iteration budgets; with one budget played, the three that compare budgets and the
    // 4 × 10 one say they are not established (no 1024 ms cell: no "destroyed").
    assert_eq!(s.checks.len(), 11, "{:#?}", s.checks);
    let not_established = s
        .checks
        .iter()
        .filter(|c| c.note.starts_with("not established"));
    assert!(not_established.count() >= 4);
    assert!(s
        .markdown
        .contains("Section 8.6 at 1 ms: why the budgets matter"));
}

/// A run of the smallest iteration cell of section 8.10 against MCTS (8 and 10 iterations).
fn misere_run(games: u64, seed: u64, b: &str) -> ArenaRun {
    let config = ArenaConfig {
        game: "connect-misere:15x6:5".into(),
        a: "sym".into(),
        b: b.into(),
        games,
        budget: Budget::Iterations(8),
        b_budget: Some(Budget::Iterations(10)),
        seed,
        threads: Some(2),
        memory: None,
        shard: Shard::ALL,
        referee: false,
    };
    run_arena(&config, &|| {}).unwrap()
}

#[test]
fn records_rebuild_a_cell_once_and_refuse_other_runs() {
    let dir = std::env::temp_dir().join(format!("duel-families-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = misere_run(4, 1, "mcts:a=1.5,b=3");
    std::fs::write(dir.join("a.jsonl"), run.jsonl()).unwrap();
    // Another seed of the same cell adds up.
    std::fs::write(
        dir.join("b.jsonl"),
        misere_run(2, 2, "mcts:a=1.5,b=3").jsonl(),
    )
    .unwrap();
    let cells = read_cells(&dir).unwrap();
    assert_eq!(cells.len(), 1);
    let c = &cells[0];
    let (family, cell) = c.place();
    assert_eq!((family.section, cell.millis), ("8.10", 1));
    assert_eq!(
        (c.opponent, c.kind),
        (Opponent::Mcts, BudgetKind::Iterations)
    );
    assert_eq!(c.summary.games, 6);
    assert_eq!(c.summary.a_iterations_per_move.unwrap().first_move, 8.0);

    // The same games twice: refused, nothing counted twice.
    std::fs::write(dir.join("c.jsonl"), run.jsonl()).unwrap();
    let e = read_cells(&dir).unwrap_err();
    assert!(e.to_string().contains("appears twice"), "{e}");
    std::fs::remove_file(dir.join("c.jsonl")).unwrap();

    // A run that is no cell of the tables (another opponent): one line naming file and run.
    std::fs::write(
        dir.join("d.jsonl"),
        misere_run(2, 1, "mcts:a=1,b=1").jsonl(),
    )
    .unwrap();
    let e = read_cells(&dir).unwrap_err();
    assert!(matches!(e, RecordsError::OtherRun { .. }), "{e}");
    let text = e.to_string();
    assert!(
        text.contains("d.jsonl:1:") && text.contains("mcts:a=1,b=1"),
        "{text}"
    );
    assert!(!text.contains('\n'), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();

    let empty = std::env::temp_dir().join(format!("duel-families-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    assert!(matches!(
        read_cells(&empty),
        Err(RecordsError::Empty { .. })
    ));
    std::fs::remove_dir_all(&empty).unwrap();
}
