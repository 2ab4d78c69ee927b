//! The Connect Four solver's exact scores beyond the benchmark files: every reachable
//! position of 4×4 against a plain minimax of the generic game, mirror images, two threads
//! against one (a position, its columns, a file's order), and `analyze` against `solve` on each child.

use std::collections::HashMap;

use duel_core::game::{Game, Outcome};
use duel_games::connect::{Connect, ConnectRules};
use duel_games::connect4::answer::analyze;
use duel_games::connect4::{
    parse_test_file, solve_cases_on, Board, BoardSolver, Position, Solver, TestCase,
};

fn cases(name: &str, n: usize) -> Vec<TestCase> {
    let path = format!(
        "{}/../duel-games/data/connect4/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("benchmark file");
    let mut all = parse_test_file(&text).expect("well-formed benchmark file");
    all.truncate(n);
    all
}

/// The exact score of `g` for the side to move by plain minimax over the generic game:
/// a win with the move of ply p scores floor((W·H − p)/2) + 1, a draw 0, a loss the
/// opposite. Memoised on the generic game's key.
fn minimax(g: &Connect<u64>, cells: i32, memo: &mut HashMap<u64, i32>) -> i32 {
    if let Some(&v) = memo.get(&g.key()) {
        return v;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = *g;
        child.play(mv);
        let ply = child.moves_played() as i32;
        let v = match child.outcome() {
            Some(Outcome::Win(_)) => (cells - ply) / 2 + 1,
            Some(Outcome::Draw) => 0,
            None => -minimax(&child, cells, memo),
        };
        best = best.max(v);
    }
    memo.insert(g.key(), best);
    best
}

#[test]
fn every_reachable_4x4_position_against_plain_minimax() {
    let rules = ConnectRules::new(4, 4, 4, false, "connect:4x4:4").unwrap();
    let root = Connect::<u64>::new(rules).unwrap();
    let mut memo = HashMap::new();
    minimax(&root, 16, &mut memo);
    // Every unfinished position reached from the start, each solved by the bitboard solver.
    let mut solver = BoardSolver::<4, 4>::with_table_bytes(1 << 20);
    let mut seen = HashMap::new();
    let mut stack = vec![root];
    while let Some(g) = stack.pop() {
        if g.outcome().is_some() || seen.contains_key(&g.key()) {
            continue;
        }
        let board = Board::<4, 4>::from_connect(&g).unwrap();
        let score = solver.solve(&board).score;
        assert_eq!(score, memo[&g.key()], "{}", g.moves_played());
        seen.insert(g.key(), score);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        for mv in moves {
            let mut child = g;
            child.play(mv);
            stack.push(child);
        }
    }
    assert!(seen.len() > 10_000, "{} positions", seen.len());
}

#[test]
fn mirror_images_have_the_same_score() {
    let mut s = Solver::with_table_log_size(21);
    for case in cases("Test_L2_R1", 100)
        .iter()
        .chain(&cases("Test_L1_R1", 50))
    {
        let p = Position::parse(&case.moves).unwrap();
        let expected = case.score.unwrap();
        assert_eq!(s.solve(&p).score, expected, "{}", case.moves);
        s.reset();
        assert_eq!(
            s.solve(&p.mirror()).score,
            expected,
            "mirror of {}",
            case.moves
        );
    }
}

#[test]
fn two_threads_give_the_scores_of_one() {
    let mut one = Solver::with_table_log_size(21);
    let mut two = Solver::with_table_log_size(21).with_threads(2);
    for case in cases("Test_L2_R2", 5)
        .iter()
        .chain(&cases("Test_L1_R1", 40))
        .chain(&cases("Test_L3_R1", 40))
    {
        let p = Position::parse(&case.moves).unwrap();
        let a = one.solve(&p).score;
        let b = two.solve(&p).score;
        assert_eq!((a, b), (case.score.unwrap(), a), "{}", case.moves);
        assert_eq!(two.solve_weak(&p).score, a.signum(), "{}", case.moves);
    }
    // A limit stops the split search too, as an error.
    assert!(two.try_solve(&Position::new(), 10_000, None).is_err());
    for case in cases("Test_L2_R1", 10) {
        let p = Position::parse(&case.moves).unwrap();
        assert_eq!(
            two.column_scores(&p).0,
            one.column_scores(&p).0,
            "{}",
            case.moves
        );
    }
}

#[test]
fn a_file_on_two_threads_is_counted_in_file_order() {
    // Every other published score made wrong, so that the mismatches show the order.
    let mut all = cases("Test_L3_R1", 30);
    for (i, case) in all.iter_mut().enumerate() {
        if i % 2 == 1 {
            case.score = case.score.map(|s| s + 100);
        }
    }
    let mut one = [Solver::with_table_log_size(20)];
    let mut two = [
        Solver::with_table_log_size(20),
        Solver::with_table_log_size(20),
    ];
    let mut seen = Vec::new();
    let a = solve_cases_on(&mut one, &all, false, |_| {}).unwrap();
    let b = solve_cases_on(&mut two, &all, false, |i| seen.push(i)).unwrap();
    assert_eq!(seen, (1..=all.len()).collect::<Vec<_>>());
    assert_eq!((b.correct, b.incorrect), (15, 15));
    assert_eq!(a.mismatches, b.mismatches);
    let expected: Vec<&str> = all
        .iter()
        .skip(1)
        .step_by(2)
        .take(10)
        .map(|c| c.moves.as_str())
        .collect();
    let got: Vec<&str> = b.mismatches.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(got, expected);
}

#[test]
fn analyze_is_solve_on_each_child() {
    let mut s = Solver::with_table_log_size(21);
    let mut fresh = Solver::with_table_log_size(21);
    for case in cases("Test_L2_R1", 20) {
        let a = analyze(&mut s, "connect:7x6:4", &case.moves).unwrap();
        let p = Position::parse(&case.moves).unwrap();
        assert_eq!(
            a.scores.iter().flatten().max().copied(),
            case.score,
            "{}",
            case.moves
        );
        for (col, score) in a.scores.iter().enumerate() {
            let col = col as u32;
            assert_eq!(score.is_some(), p.can_play(col), "{}", case.moves);
            let Some(score) = *score else { continue };
            if p.is_winning_move(col) {
                assert_eq!(score, (43 - p.moves_played() as i32) / 2);
                continue;
            }
            let mut child = p;
            child.play_col(col);
            fresh.reset();
            assert_eq!(
                score,
                -fresh.solve(&child).score,
                "{} +{}",
                case.moves,
                col + 1
            );
        }
    }
}
