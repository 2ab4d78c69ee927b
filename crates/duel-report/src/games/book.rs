//! Beyond the papers: the opening book of the solver and `auto` agents on 7×6: its size by
//! ply, its first move against Allis's result, the check of the whole book without solving
//! ([`Book::check`]), and entries solved again.

use std::fmt::Write as _;
use std::time::Instant;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::json;

use duel_games::connect4::move_book::{book_move, Book, Entry};
use duel_games::connect4::{Position, Solver};

use super::book_table::{by_stones, unreadable};
use crate::{Check, Claim, ReportOptions, Section, Status};

const SOURCE: &str = "beyond the papers (the opening book against the solver)";

/// The part of the opening book, into `s`, `md` and `data` (under `connect4_book`).
pub(super) fn connect4_book(
    opts: &ReportOptions,
    s: &mut Section,
    md: &mut String,
    data: &mut serde_json::Map<String, serde_json::Value>,
) {
    md.push_str("### Connect Four 7×6: the opening book of the solver and auto agents (new)\n\n");
    let Some(book) = Book::standard() else {
        unreadable(s, md, "opening book", SOURCE);
        return;
    };
    let _ = writeln!(
        md,
        "The solver agent's move (the first column from the centre outwards that keeps the weak value, a win at once first) at every position it can meet within {} stones, playing first or second, whatever the other side plays, up to mirror symmetry: `duel connect book --plies {}` computed it, and `duel play connect:7x6:4` opens from it. Values are for the side to move.\n",
        book.plies(),
        book.plies()
    );
    let rows = by_stones(
        md,
        book.plies(),
        book.entries().iter().map(|e| (e.moves.len(), e.value)),
    );
    s.checks.push(allis_first_move(book));
    let (consistency, consistent) = consistency(book);
    s.checks.push(consistency);
    let (solved_again, resolved, agree) = solved_again(opts, book, consistent);
    s.checks.push(solved_again);
    data.insert(
        "connect4_book".into(),
        json!({"plies": book.plies(), "positions": book.entries().len(), "by_stones": rows, "resolved": resolved, "agree": agree}),
    );
}

/// The first move: Allis's result, by the book's own computation.
fn allis_first_move(book: &Book) -> Check {
    let first = book.lookup(&Position::new());
    Claim {
        item: "Connect Four 7×6: the first player wins, by the centre column",
        source: "Allis (1988), A knowledge-based approach of Connect-Four",
        published: "column 4, win",
        computed: &match first {
            Some((c, 1)) => format!("column {}, win", c + 1),
            Some((c, v)) => format!("column {}, value {v}", c + 1),
            None => "not in the book".to_string(),
        },
        note: "the book's first entry (the weak solution of the empty board, about 4 minutes)",
    }
    .compared()
}

/// The whole book checked without solving; whether it is consistent.
fn consistency(book: &Book) -> (Check, bool) {
    let checked = book.check();
    let check = Claim {
        item: "opening book: every position the agent can meet is in it, and values agree ply to ply",
        source: "beyond the papers (the opening book's own consistency)",
        published: "consistent",
        computed: &match &checked {
            Ok(n) => format!("consistent ({n} relations)"),
            Err(e) => e.to_string(),
        },
        note: "a won position leaves only won positions two plies on, a draw no losing one and at least one draw, a loss a win at once or a lost one; a position after a book move has the opposite value where it is in the book",
    }
    .judged(Status::New);
    (check, checked.is_ok())
}

/// Entries solved again, chosen with seed 1: in the quick report of the last two plies (a
/// fraction of a second each), in the full one of 6 stones or more (seconds). The item, how
/// many were solved and how many agree; it is new when they all agree and the book is
/// `consistent`.
fn solved_again(opts: &ReportOptions, book: &Book, consistent: bool) -> (Check, usize, usize) {
    let (n, least) = if opts.quick {
        (4, book.plies().saturating_sub(1) as usize)
    } else {
        (40, 6)
    };
    let late: Vec<&Entry> = book
        .entries()
        .iter()
        .filter(|e| e.moves.len() >= least)
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let sample: Vec<&&Entry> = late.choose_multiple(&mut rng, n).collect();
    let mut solver = Solver::new();
    let t0 = Instant::now();
    let agree = sample
        .iter()
        .filter(|e| {
            Position::parse(&e.moves)
                .is_ok_and(|p| book_move(&mut solver, &p) == Some((e.column, e.value)))
        })
        .count();
    let secs = t0.elapsed().as_secs_f64();
    let status = if agree == sample.len() && consistent {
        Status::New
    } else {
        Status::Differs
    };
    let check = Claim {
        item: &format!(
            "opening book: {} entries of {least} stones or more solved again",
            sample.len()
        ),
        source: SOURCE,
        published: &format!("{} agree", sample.len()),
        computed: &format!("{agree} agree"),
        note: &format!("{secs:.1} s"),
    }
    .judged(status);
    (check, sample.len(), agree)
}
