//! The games section of the report, quick mode: every check agrees, the tables are there.

use duel_report::games::report_section;
use duel_report::{ReportOptions, Status};

#[test]
fn quick_report_section() {
    let s = report_section(&ReportOptions {
        quick: true,
        ..Default::default()
    });
    assert_eq!(s.id, "games");
    let differs: Vec<_> = s
        .checks
        .iter()
        .filter(|c| c.status == Status::Differs)
        .collect();
    assert!(differs.is_empty(), "{differs:#?}");
    let (matches, _, new) = s.tally();
    // tictactoe, 15x15:3, 4x10:3, tree size, 5 benchmark files, each also by the weak search
    // (signs of the scores), the opening book's first move (Allis), and the book of exact
    // scores' first moves (Tromp) and Pons's scores of Test_L1_R3; and two for each board of
    // the board-size table's data file (Tromp's winner, Steininger's winner and last move).
    let table = duel_report::games::published_sizes::solved_boards().len();
    assert_eq!(matches, 17 + 2 * table, "{:#?}", s.checks);
    // 4x4:4 (not in the papers), the dedicated solver against the generic search on 4×4, and
    // each book's two checks (the whole book, entries solved again).
    assert_eq!(new, 6, "{:#?}", s.checks);
    assert!(s
        .markdown
        .contains("opening book of the solver and auto agents"));
    assert!(
        s.markdown.contains("| 0 | 1 | 1 | 0 | 0 |"),
        "the empty board: one position, won"
    );
    assert!(s.markdown.contains("| 4×4 | 0 | draw |"));
    assert!(!s.markdown.contains("DISAGREES"));
    assert!(s.markdown.contains("**connect, K = 4**"));
    assert!(s.markdown.contains("| Test_L3_R1 | 1000 of 1000 | 1000 |"));
    // The weak columns: all 1000 signs of Test_L3_R1.
    let l3 = s
        .markdown
        .lines()
        .find(|l| l.starts_with("| Test_L3_R1 |"))
        .unwrap();
    assert_eq!(l3.split('|').nth(6).unwrap().trim(), "1000", "{l3}");
    // connect:4x4:4 is a draw: row H = 4, column W = 4 of the K = 4 table.
    let k4 = s.markdown.split("**connect, K = 4**").nth(1).unwrap();
    let row4 = k4.lines().find(|l| l.starts_with("| 4 |")).unwrap();
    assert_eq!(row4.split('|').nth(5).unwrap().trim(), "=");
    let json = s.json.to_string();
    assert!(json.contains("\"small_boards\""));
    assert!(json.contains("\"connect4_benchmark\""));
    assert_eq!(
        s.json["connect4_book"]["agree"],
        s.json["connect4_book"]["resolved"]
    );
}
