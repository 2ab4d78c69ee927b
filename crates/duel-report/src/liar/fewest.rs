//! Beyond the paper: the fewest questions for n = 10^6 and n = 2^20 with up to nine lies
//! (against the published values for one to three lies), the most questions Paul survives in
//! the pathological game for the same n, and the fewest for n = 2^k (full report).

use std::fmt::Write as _;

use serde_json::json;

use duel_liar::minq::{max_questions_pathological, min_questions, Budget, MinQuestions};

use super::corollaries::corollary_2_one_million;
use super::part::Part;
use crate::{Check, Claim, Status};

/// The two numbers of objects of the tables, with their names.
const SIZES: [(u64, &str); 2] = [(1_000_000, "10^6"), (1 << 20, "2^20")];

/// The questions of `r`: `q` where certified, `lower..upper` otherwise.
fn questions_text(r: Option<&MinQuestions>) -> String {
    match r {
        Some(r) if r.certified => r.questions.to_string(),
        Some(r) => format!("{}..{}", r.lower, r.upper),
        None => "stopped".to_string(),
    }
}

fn find(rows: &[MinQuestions], n: u64, lies: usize) -> Option<&MinQuestions> {
    rows.iter().find(|r| r.n == n && r.lies == lies)
}

/// The fewest questions for n = 10^6 and 2^20, e = 0..9 lies: the published values, duel's
/// for four and eight lies, and the table of all.
pub(super) fn fewest_questions() -> Part {
    let mut part = Part::default();
    let mut rows: Vec<MinQuestions> = Vec::new();
    for (n, _) in SIZES {
        for lies in 0..=9usize {
            match min_questions(n, lies, Budget::default()) {
                Ok(r) => rows.push(r),
                Err(e) => {
                    let _ = writeln!(
                        part.markdown,
                        "min-questions n = {n}, e = {lies} stopped: {e}\n"
                    );
                }
            }
        }
    }
    part.checks = published(&rows);
    part.checks.extend(more_lies(&rows));
    part.markdown.push_str(&table(&rows));
    part.data.push(("min_questions", json!(rows)));
    part
}

/// The published fewest questions for 10^6 objects and one to three lies.
fn published(rows: &[MinQuestions]) -> Vec<Check> {
    [
        (1, "25", "Pelc 1987"),
        (2, "29", "Czyzowicz, Mundici & Pelc 1988"),
        (3, "33", "Negro & Sereno 1992"),
    ]
    .into_iter()
    .map(|(lies, q, source)| {
        Claim {
            item: &format!("fewest questions, n = 10^6, {lies} lie(s)"),
            source,
            published: q,
            computed: &questions_text(find(rows, 1_000_000, lies)),
            note: "lower bound = volume bound, upper bound = certified strategy",
        }
        .compared()
    })
    .collect()
}

/// No source we can cite states the fewest questions for more than three lies: these are
/// duel's results, each certified (the volume bound met by a strategy proved to win).
fn more_lies(rows: &[MinQuestions]) -> Vec<Check> {
    let mut out = Vec::new();
    for lies in [4usize, 8] {
        for (n, name) in SIZES {
            let row = find(rows, n, lies);
            let note = match row {
                Some(r) if r.certified => {
                    "certified: the volume bound is met by a strategy proved to win"
                }
                Some(_) => "the bounds found: the volume bound and a strategy's length",
                None => "stopped",
            };
            out.push(
                Claim {
                    item: &format!("fewest questions, n = {name}, {lies} lies"),
                    source: "beyond the papers (no published value for more than three lies)",
                    published: "-",
                    computed: &questions_text(row),
                    note,
                }
                .judged(Status::New),
            );
        }
    }
    out
}

/// The table of the fewest questions, both sizes side by side.
fn table(rows: &[MinQuestions]) -> String {
    let mut md = String::from(
        "### Fewest questions for n = 10^6 and n = 2^20, e = 0..9 lies (original game)\n\n",
    );
    md.push_str("Lower bound: the volume bound `V_q(n,0,…) ≤ 2^q`, raised by exhaustive refutation where needed. Upper bound: a strategy (volume-balancing questions on large states, exhaustive search on small ones) proved to win by certification over every reachable count vector.\n\n");
    md.push_str("| e | n = 10^6: q | lower | upper | certified | n = 2^20: q | lower | upper | certified |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    let cell = |r: Option<&MinQuestions>| match r {
        Some(r) => format!(
            "{} | {} | {} | {}",
            r.questions, r.lower, r.upper, r.certified
        ),
        None => "stopped | | | ".to_string(),
    };
    for lies in 0..=9usize {
        let _ = writeln!(
            md,
            "| {lies} | {} | {} |",
            cell(find(rows, 1_000_000, lies)),
            cell(find(rows, 1 << 20, lies))
        );
    }
    md.push('\n');
    md
}

/// The pathological game: the most questions Paul survives for n = 10^6 and 2^20, e = 0..9;
/// with Corollary 2's value for one lie.
pub(super) fn pathological() -> Part {
    let mut part = Part::default();
    let md = &mut part.markdown;
    md.push_str(
        "### Pathological game: most questions Paul survives, n = 10^6 and n = 2^20, e = 0..9\n\n",
    );
    md.push_str("Upper bound: the volume bound (`V_q < 2^q` means Carole wins), lowered by exhaustive refutation where needed; lower bound: a Paul win proved by search or certified strategy.\n\n");
    md.push_str("| e | n = 10^6: q | volume bound | certified | n = 2^20: q | volume bound | certified |\n| --- | --- | --- | --- | --- | --- | --- |\n");
    let mut rows = Vec::new();
    for lies in 0..=9usize {
        let mut cells = Vec::new();
        for (n, _) in SIZES {
            match max_questions_pathological(n, lies, Budget::default()) {
                Ok(r) => {
                    let q = if r.certified {
                        r.questions.to_string()
                    } else {
                        format!("{}..{}", r.lower, r.upper)
                    };
                    cells.push(format!("{q} | {} | {}", r.volume_bound, r.certified));
                    rows.push(r);
                }
                Err(e) => cells.push(format!("stopped: {e} | | ")),
            }
        }
        let _ = writeln!(md, "| {lies} | {} | {} |", cells[0], cells[1]);
    }
    md.push('\n');
    part.checks.extend(corollary_2_one_million(&rows));
    part.data.push(("max_questions_pathological", json!(rows)));
    part
}

/// The fewest questions for n = 2^k and one to five lies (full report only: the undecided
/// cases spend their budget).
pub(super) fn powers_of_two() -> Part {
    let ks: Vec<u32> = (1..=10).chain([12, 14, 16, 18, 20]).collect();
    let mut part = Part::default();
    let md = &mut part.markdown;
    md.push_str("### Fewest questions for n = 2^k, e = 1..5 lies (original game)\n\n");
    md.push_str("`q` where certified (lower bound = upper bound), `lower..upper` where the search budget ran out between them (default budget of `duel liar min-questions`).\n\n| k |");
    for lies in 1..=5 {
        let _ = write!(md, " e = {lies} |");
    }
    md.push_str("\n| --- | --- | --- | --- | --- | --- |\n");
    let mut rows = Vec::new();
    for &k in &ks {
        let _ = write!(md, "| {k} |");
        for lies in 1..=5usize {
            match min_questions(1u64 << k, lies, Budget::default()) {
                Ok(r) => {
                    let _ = write!(md, " {} |", questions_text(Some(&r)));
                    rows.push(r);
                }
                Err(e) => {
                    let _ = write!(md, " stopped: {e} |");
                }
            }
        }
        md.push('\n');
    }
    md.push('\n');
    part.data.push(("powers_of_two", json!(rows)));
    part
}
