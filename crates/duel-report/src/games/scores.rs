//! Beyond the papers: the book of exact scores of Connect Four 7×6: its positions by stones,
//! the empty board's columns against the known first-move values, the book's own
//! consistency, Pons's published scores of its positions, and entries solved again without
//! it.

use std::fmt::Write as _;
use std::time::Instant;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::json;

use duel_games::connect4::score_book::ScoreBook;
use duel_games::connect4::{parse_test_file, Position, Solver};

use super::book_table::{by_stones, unreadable};
use crate::{Check, Claim, ReportOptions, Section, Status};

/// Pons's hardest benchmark file, whose first positions have at most 4 stones.
const L1_R3: &str = include_str!("../../../duel-games/data/connect4/Test_L1_R3");

/// The part of the book of exact scores, into `s`, `md` and `data` (under
/// `connect4_scores`).
pub(super) fn connect4_scores(
    opts: &ReportOptions,
    s: &mut Section,
    md: &mut String,
    data: &mut serde_json::Map<String, serde_json::Value>,
) {
    md.push_str("### Connect Four 7×6: the book of exact scores (new)\n\n");
    let Some(book) = ScoreBook::standard() else {
        unreadable(
            s,
            md,
            "book of exact scores",
            "beyond the papers (the book of exact scores)",
        );
        return;
    };
    let _ = writeln!(
        md,
        "The exact score of every position within {p} stones, one of each mirror pair (`duel connect book --exact --plies {p}`): `duel connect solve` and `analyze` answer these positions from it, and the search looks them up instead of searching them. Scores are for the side to move.\n",
        p = book.plies()
    );
    let rows = by_stones(
        md,
        book.plies(),
        book.entries().iter().map(|(m, v)| (m.len(), *v)),
    );
    let (first_moves, columns) = tromp_first_moves(&book);
    s.checks.push(first_moves);
    s.checks.push(consistency(&book));
    let (pons, compared, agree) = pons_scores(&book);
    s.checks.push(pons);
    let (again, resolved, resolved_agree) = solved_again(opts, &book);
    s.checks.push(again);
    data.insert(
        "connect4_scores".into(),
        json!({"plies": book.plies(), "positions": book.len(), "by_stones": rows,
               "first_moves": columns, "pons_compared": compared, "pons_agree": agree,
               "resolved": resolved, "resolved_agree": resolved_agree}),
    );
}

/// The first move's values: Tromp's (1995) and Allis's (1988) results, as scores. The item
/// and the score of each column.
fn tromp_first_moves(book: &ScoreBook) -> (Check, Vec<String>) {
    let empty = Position::new();
    let columns: Vec<String> = (0..7)
        .map(|c| {
            let mut child = empty;
            child.play_col(c);
            book.score(&child)
                .map_or("?".to_string(), |v| (-v).to_string())
        })
        .collect();
    let words = columns
        .iter()
        .map(|v| match v.parse::<i32>() {
            Ok(v) if v > 0 => "win",
            Ok(0) => "draw",
            Ok(_) => "loss",
            Err(_) => "?",
        })
        .collect::<Vec<_>>()
        .join(" ");
    let check = Claim {
        item: "Connect Four 7×6: the value of each first move, columns 1 to 7",
        source: "Tromp (1995), John's Connect Four Playground",
        published: "loss loss draw win draw loss loss",
        computed: &words,
        note: &format!(
            "the book's exact scores: {}; the empty board's: {}",
            columns.join(" "),
            book.score(&empty)
                .map_or("?".to_string(), |v| v.to_string())
        ),
    }
    .compared();
    (check, columns)
}

/// The whole book checked against the children of its positions.
fn consistency(book: &ScoreBook) -> Check {
    let checked = book.check::<7, 6, u64>();
    Claim {
        item: "book of exact scores: every position within its stones is in it, and each score is the best of its columns",
        source: "beyond the papers (the book's own consistency)",
        published: "consistent",
        computed: &match &checked {
            Ok(n) => format!("consistent ({n} positions checked against their children)"),
            Err(e) => e.to_string(),
        },
        note: "a win at once scores as that win, any other column the opposite of its child's score; the positions of the last ply are checked by solving (below)",
    }
    .judged(if checked.is_ok() { Status::New } else { Status::Differs })
}

/// Pons's published scores of Test_L1_R3's positions the book holds: the item, how many
/// were compared and how many agree.
fn pons_scores(book: &ScoreBook) -> (Check, usize, usize) {
    let (mut compared, mut agree) = (0, 0);
    if let Ok(cases) = parse_test_file(L1_R3) {
        for c in &cases {
            let Ok(p) = Position::parse(&c.moves) else {
                continue;
            };
            if p.moves_played() <= book.plies() {
                compared += 1;
                agree += usize::from(c.score.is_some() && book.score(&p) == c.score);
            }
        }
    }
    let check = Claim {
        item: "book of exact scores: Pons's published scores of Test_L1_R3's positions within its stones",
        source: "Connect Four benchmark, Test_L1_R3",
        published: &format!("{compared} agree"),
        computed: &format!("{agree} agree"),
        ..Claim::default()
    }
    .compared();
    (check, compared, agree)
}

/// Positions of the last ply solved again without the book, chosen with seed 1 (about 9 s
/// each on this machine, on average): the item, how many were solved and how many agree.
fn solved_again(opts: &ReportOptions, book: &ScoreBook) -> (Check, usize, usize) {
    let n = if opts.quick {
        1
    } else if opts.longest_rows() {
        40
    } else {
        4
    };
    // The quick report takes its position among the quick wins and losses (|score| ≥ 5: at
    // most a few seconds).
    let last: Vec<&(String, i32)> = book
        .entries()
        .iter()
        .filter(|(m, v)| m.len() == book.plies() as usize && (!opts.quick || v.abs() >= 5))
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let sample: Vec<&&(String, i32)> = last.choose_multiple(&mut rng, n).collect();
    let mut solver = Solver::with_table_log_size(21);
    let t0 = Instant::now();
    let resolved = sample
        .iter()
        .filter(|(m, v)| Position::parse(m).is_ok_and(|p| solver.solve(&p).score == *v))
        .count();
    let check = Claim {
        item: &format!(
            "book of exact scores: {} position{} of {} stones solved again without it",
            sample.len(),
            if sample.len() == 1 { "" } else { "s" },
            book.plies()
        ),
        source: "beyond the papers (the book against the solver)",
        published: &format!("{} agree", sample.len()),
        computed: &format!("{resolved} agree"),
        note: &format!("{:.1} s", t0.elapsed().as_secs_f64()),
    }
    .judged(if resolved == sample.len() {
        Status::New
    } else {
        Status::Differs
    });
    (check, sample.len(), resolved)
}
