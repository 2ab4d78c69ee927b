//! The report's part on the book of exact scores of Connect Four 7×6: its positions by
//! stones, the empty board's columns against the known first-move values, the book's own
//! consistency, Pons's published scores of its positions, and entries solved again without
//! it.

use std::fmt::Write as _;
use std::time::Instant;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::json;

use crate::{Check, ReportOptions, Section, Status};
use duel_games::connect4::score_book::ScoreBook;
use duel_games::connect4::{parse_test_file, Position, Solver};

/// Pons's hardest benchmark file, whose first positions have at most 4 stones.
const L1_R3: &str = include_str!("../../duel-games/data/connect4/Test_L1_R3");

/// The item and line of an embedded book that does not parse (`item`, from `source`).
pub(crate) fn unreadable(s: &mut Section, md: &mut String, item: &str, source: &str) {
    md.push_str("The embedded book does not parse.\n\n");
    s.checks.push(Check::new(
        item,
        source,
        "a book",
        "unreadable",
        Status::Differs,
        "",
    ));
}

/// A book's table of positions by stones, won, drawn and lost for the side to move (by the
/// sign of each value), into `md`; its rows as JSON. `entries` are (stones, value).
pub(crate) fn by_stones(
    md: &mut String,
    plies: u32,
    entries: impl Iterator<Item = (usize, i32)>,
) -> Vec<serde_json::Value> {
    // Per ply: won, drawn, lost.
    let mut counts = vec![[0usize; 3]; plies as usize + 1];
    for (stones, v) in entries {
        if let Some(c) = counts.get_mut(stones) {
            c[(1 - v.signum()) as usize] += 1;
        }
    }
    md.push_str("| stones | positions | won | drawn | lost |\n| --- | --- | --- | --- | --- |\n");
    let rows = counts
        .iter()
        .enumerate()
        .map(|(ply, &[won, drawn, lost])| {
            let all = won + drawn + lost;
            let _ = writeln!(md, "| {ply} | {all} | {won} | {drawn} | {lost} |");
            json!({"stones": ply, "positions": all, "won": won, "drawn": drawn, "lost": lost})
        })
        .collect();
    md.push('\n');
    rows
}

/// The part, into `s`, `md` and `data`.
pub fn connect4_scores(
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

    // The first move's values: Tromp's (1995) and Allis's (1988) results, as scores.
    let empty = Position::new();
    let columns: Vec<String> = (0..7)
        .map(|c| {
            let mut child = empty;
            child.play_col(c);
            book.score(&child)
                .map_or("?".to_string(), |v| (-v).to_string())
        })
        .collect();
    let words = |scores: &[String]| -> String {
        scores
            .iter()
            .map(|v| match v.parse::<i32>() {
                Ok(v) if v > 0 => "win",
                Ok(0) => "draw",
                Ok(_) => "loss",
                Err(_) => "?",
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    s.checks.push(Check::compare(
        "Connect Four 7×6: the value of each first move, columns 1 to 7",
        "Tromp (1995), John's Connect Four Playground",
        "loss loss draw win draw loss loss",
        &words(&columns),
        &format!(
            "the book's exact scores: {}; the empty board's: {}",
            columns.join(" "),
            book.score(&empty)
                .map_or("?".to_string(), |v| v.to_string())
        ),
    ));
    let checked = book.check::<7, 6, u64>();
    s.checks.push(Check::new(
        "book of exact scores: every position within its stones is in it, and each score is the best of its columns",
        "beyond the papers (the book's own consistency)",
        "consistent",
        &match &checked {
            Ok(n) => format!("consistent ({n} positions checked against their children)"),
            Err(e) => e.to_string(),
        },
        if checked.is_ok() { Status::New } else { Status::Differs },
        "a win at once scores as that win, any other column the opposite of its child's score; the positions of the last ply are checked by solving (below)",
    ));
    // Pons's published scores of the file's positions the book holds.
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
    s.checks.push(Check::compare(
        "book of exact scores: Pons's published scores of Test_L1_R3's positions within its stones",
        "Connect Four benchmark, Test_L1_R3",
        &format!("{compared} agree"),
        &format!("{agree} agree"),
        "",
    ));
    // Positions of the last ply solved again without the book, chosen with seed 1 (about 9 s
    // each on this machine, on average).
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
    s.checks.push(Check::new(
        &format!(
            "book of exact scores: {} position{} of {} stones solved again without it",
            sample.len(),
            if sample.len() == 1 { "" } else { "s" },
            book.plies()
        ),
        "beyond the papers (the book against the solver)",
        &format!("{} agree", sample.len()),
        &format!("{resolved} agree"),
        if resolved == sample.len() {
            Status::New
        } else {
            Status::Differs
        },
        &format!("{:.1} s", t0.elapsed().as_secs_f64()),
    ));
    data.insert(
        "connect4_scores".into(),
        json!({"plies": book.plies(), "positions": book.len(), "by_stones": rows,
               "first_moves": columns, "pons_compared": compared, "pons_agree": agree,
               "resolved": sample.len(), "resolved_agree": resolved}),
    );
}
