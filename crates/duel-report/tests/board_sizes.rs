//! The board-size table of Connect Four: the small boards of the published tables (Tromp,
//! "John's Connect Four Playground", results on different board sizes; Steininger, c4
//! readme, tables Outcome and Last Move) against the solver, and the report's items against
//! the data file.

use duel_games::connect4::size_table::solve_empty;
use duel_report::games::published_sizes::{
    solved_boards, steininger_outcome, tromp_symbol, PUBLISHED,
};
use duel_report::games::report_section;
use duel_report::{ReportOptions, Status};

#[test]
fn small_boards_of_tromp_and_steininger_solved_again() {
    // Every board of W + H ≤ 11 (4×4 … 7×4, 4×7), solved from scratch here.
    let mut solved = 0;
    for p in PUBLISHED.iter().filter(|p| p.width + p.height <= 11) {
        let b = solve_empty(p.width, p.height, 16 << 20, 1)
            .expect("a board the solver has")
            .expect("a 16 MB table");
        let board = format!("{}x{}", p.width, p.height);
        assert_eq!(
            tromp_symbol(b.winner),
            p.tromp,
            "{board}: Tromp, John's Connect Four Playground"
        );
        assert_eq!(
            steininger_outcome(b.winner),
            p.outcome,
            "{board}: Steininger, c4 readme, Outcome"
        );
        assert_eq!(
            b.end_ply, p.last_move,
            "{board}: Steininger, c4 readme, Last Move"
        );
        solved += 1;
    }
    assert_eq!(solved, 10);
}

#[test]
fn the_data_file_agrees_with_both_tables() {
    let boards = solved_boards();
    // Every board of W + H ≤ 13 is in the file, each once.
    for p in PUBLISHED.iter().filter(|p| p.width + p.height <= 13) {
        let found: Vec<_> = boards
            .iter()
            .filter(|b| (b.width, b.height) == (p.width, p.height))
            .collect();
        assert_eq!(found.len(), 1, "{}x{}", p.width, p.height);
    }
    for b in &boards {
        let p = PUBLISHED
            .iter()
            .find(|p| (p.width, p.height) == (b.width, b.height))
            .expect("a board of the published tables");
        let board = format!("{}x{}", b.width, b.height);
        assert_eq!(tromp_symbol(b.winner), p.tromp, "{board}: Tromp");
        assert_eq!(
            (steininger_outcome(b.winner), b.end_ply),
            (p.outcome, p.last_move),
            "{board}: Steininger"
        );
    }
}

#[test]
fn the_report_has_two_matching_items_a_solved_board() {
    let s = report_section(&ReportOptions {
        quick: true,
        ..Default::default()
    });
    let items: Vec<_> = s
        .checks
        .iter()
        .filter(|c| c.item.ends_with("the empty board's winner"))
        .chain(
            s.checks
                .iter()
                .filter(|c| c.item.ends_with("the empty board's winner and last move")),
        )
        .collect();
    assert_eq!(items.len(), 2 * solved_boards().len());
    assert!(
        items.iter().all(|c| c.status == Status::Matches),
        "{items:#?}"
    );
    let six = items
        .iter()
        .find(|c| c.item == "connect:6x4:4: the empty board's winner and last move")
        .unwrap();
    assert_eq!(six.published, "2nd, last move 24");
    assert!(six.source.starts_with("Steininger (c4)"));
    // Quick: the boards the file solved in under 0.1 s are solved again.
    let four = items
        .iter()
        .find(|c| c.item == "connect:4x4:4: the empty board's winner")
        .unwrap();
    assert!(four.note.contains("solved again in"), "{}", four.note);
    assert!(s
        .markdown
        .contains("| 6×4 | - | 2nd | 24 | 2nd | 24 | -1 |"));
}
