//! The book of exact scores: built on small boards and checked against the solver without
//! it; the shipped 7×6 book checked as a whole and against Pons's published scores.

use std::sync::Arc;

use duel_games::connect4::score_book::ScoreBook;
use duel_games::connect4::score_book_build::{build, positions_by_ply};
use duel_games::connect4::{Board, BoardSolver, Position, Solver};

fn small_book<const W: usize, const H: usize>(plies: u32) -> ScoreBook {
    build::<W, H, u64>(plies, 2, 1 << 20, None, &|_| {}, &|_| {}).expect("a table of 1 MiB")
}

/// A tiny deterministic generator, so that the positions tried are the same on every run.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn a_built_book_holds_the_scores_the_solver_finds_without_it() {
    let book = small_book::<5, 4>(5);
    let levels = positions_by_ply::<5, 4, u64>(5);
    assert_eq!(book.len(), levels.iter().map(Vec::len).sum::<usize>());
    let mut plain = BoardSolver::<5, 4>::with_table_log_size(18);
    for (moves, p) in levels.iter().flatten() {
        let score = plain.solve(p).score;
        assert_eq!(book.score(p), Some(score), "'{moves}'");
        // The mirror image is answered too.
        let mirrored: String = moves
            .chars()
            .map(|c| char::from(b'0' + 6 - c.to_digit(10).unwrap() as u8))
            .collect();
        let m = Board::<5, 4>::parse(&mirrored).unwrap();
        assert_eq!(book.score(&m), Some(score), "'{mirrored}'");
    }
    assert!(book.check::<5, 4, u64>().unwrap() > 0);
}

#[test]
fn the_solver_with_a_book_gives_the_scores_and_columns_of_the_solver_without() {
    let book = Arc::new(small_book::<6, 5>(4));
    let mut with = BoardSolver::<6, 5>::with_table_log_size(18).with_book(Some(book.clone()));
    let mut plain = BoardSolver::<6, 5>::with_table_log_size(18);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut shallow_nodes = 0;
    for i in 0..60 {
        // Random positions of 0 to 9 stones: the shallow ones are answered from the book,
        // the deeper ones reach it only through their search.
        let stones = i % 10;
        let mut p = Board::<6, 5>::new();
        let mut moves = String::new();
        while moves.len() < stones {
            let col = (next(&mut state) % 6) as u32;
            if p.can_play(col) && !p.is_winning_move(col) {
                p.play_col(col);
                moves.push(char::from(b'1' + col as u8));
            }
        }
        let (a, b) = (with.solve(&p), plain.solve(&p));
        assert_eq!(a.score, b.score, "'{moves}'");
        assert_eq!(
            with.best_columns(&p, a.score),
            plain.best_columns(&p, b.score),
            "'{moves}'"
        );
        assert_eq!(
            with.column_scores(&p).0,
            plain.column_scores(&p).0,
            "'{moves}'"
        );
        assert_eq!(with.solve_weak(&p).score, plain.solve_weak(&p).score);
        if stones <= 4 {
            assert_eq!(a.nodes, 1, "'{moves}' is in the book");
            shallow_nodes += b.nodes;
        }
    }
    assert!(shallow_nodes > 1000, "the book spared the shallow searches");
}

#[test]
fn the_book_reads_back_its_text_and_refuses_bad_lines() {
    let book = small_book::<5, 4>(3);
    let text = book.to_text();
    let again = ScoreBook::parse::<5, 4, u64>(&text).unwrap();
    assert_eq!(again.to_text(), text);
    assert_eq!(ScoreBook::board_of(&text).unwrap(), (5, 4));
    let bad = |body: &str, why: &str| {
        let e = ScoreBook::parse::<5, 4, u64>(body).unwrap_err().to_string();
        assert!(e.contains(why), "{body:?}: {e}");
    };
    bad("game connect:5x4:4\nplies 3\n- 0\n- 0\n", "repeats");
    // 5 is the mirror image of 1.
    bad("game connect:5x4:4\nplies 3\n1 0\n5 0\n", "repeats");
    bad(
        "game connect:5x4:4\nplies 3\n1234 0\n",
        "more than 3 stones",
    );
    bad("game connect:5x4:4\nplies 3\n- 11\n", "outside");
    bad("game connect:5x4:4\nplies 3\n8 0\n", "column");
    bad("game connect:5x4:4\nplies 3\n1 x\n", "not a score");
    bad("game connect:5x4:4\n- 0\n", "plies N");
    bad("plies 3\n- 0\n", "game connect:WxH:4");
    bad("game connect:7x6:4\nplies 3\n", "not of 5x4");
    bad("game connect:5x4:4\nplies 3\n1 0 0\n", "MOVES SCORE");
}

#[test]
fn a_wrong_or_missing_score_fails_the_check() {
    let book = small_book::<5, 4>(4);
    let text = book.to_text();
    // The empty board's line, changed: its columns give another score.
    let empty = book.score(&Board::<5, 4>::new()).unwrap();
    let changed = text.replace(&format!("\n- {empty}\n"), &format!("\n- {}\n", empty + 1));
    let e = ScoreBook::parse::<5, 4, u64>(&changed)
        .unwrap()
        .check::<5, 4, u64>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("'-' has score"), "{e}");
    let missing: String = text
        .lines()
        .filter(|l| !l.starts_with("33 "))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = ScoreBook::parse::<5, 4, u64>(&missing)
        .unwrap()
        .check::<5, 4, u64>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("'33' is not in the book"), "{e}");
}

#[test]
fn the_shipped_book_is_whole_and_consistent() {
    let book = ScoreBook::standard().expect("the shipped book reads");
    assert_eq!(book.board(), (7, 6));
    assert_eq!(book.plies(), 4);
    let levels = positions_by_ply::<7, 6, u64>(4);
    assert_eq!(book.len(), levels.iter().map(Vec::len).sum::<usize>());
    // Every position of up to 3 stones agrees with its children's scores.
    let checked = book.check::<7, 6, u64>().unwrap();
    assert_eq!(checked, levels[..4].iter().map(Vec::len).sum::<usize>());
    // The empty board: the first player wins with its last stone (score 1), and the
    // columns score -2 -1 0 1 0 -1 -2 (Pons's online solver shows the same).
    let p = Position::new();
    assert_eq!(book.score(&p), Some(1));
    let columns: Vec<i32> = (0..7)
        .map(|c| {
            let mut child = p;
            child.play_col(c);
            -book.score(&child).unwrap()
        })
        .collect();
    assert_eq!(columns, [-2, -1, 0, 1, 0, -1, -2]);
}

#[test]
fn the_shipped_book_agrees_with_every_published_score_of_its_plies() {
    // Test_L1_R3 (Pons's benchmark) has 211 positions of at most 4 stones.
    let text = include_str!("../../data/connect4/Test_L1_R3");
    let book = ScoreBook::standard().unwrap();
    let mut compared = 0;
    for line in text.lines() {
        let mut f = line.split_whitespace();
        let (Some(moves), Some(score)) = (f.next(), f.next()) else {
            continue;
        };
        let p = Position::parse(moves).unwrap();
        if p.moves_played() <= 4 {
            assert_eq!(book.score(&p), Some(score.parse().unwrap()), "'{moves}'");
            compared += 1;
        }
    }
    assert_eq!(compared, 211);
}

#[test]
fn positions_of_the_shipped_book_solve_to_its_scores_without_it() {
    // Positions of 4 stones that the search settles within seconds: a win with the first
    // player's fourth stone, and two losses of score -5.
    let book = ScoreBook::standard().unwrap();
    let mut plain = Solver::with_table_log_size(22);
    for moves in ["2232", "1415", "1414"] {
        let p = Position::parse(moves).unwrap();
        assert_eq!(Some(plain.solve(&p).score), book.score(&p), "'{moves}'");
    }
}
