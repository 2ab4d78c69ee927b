//! Beyond the papers: the exact values of small Connect-K boards (K = 3, 4, normal and
//! misère) by generic alpha-beta, as a table per game.

use std::fmt::Write as _;
use std::time::Instant;

use rayon::prelude::*;
use serde_json::json;

use duel_core::game::Value;

use super::value::{value_of, ValueError};
use crate::ReportOptions;

/// The generic values of small boards, by spec.
pub(super) type Solved = Vec<(String, Result<(Value, u64), ValueError>)>;

/// The game names, normal and misère.
fn name(misere: bool) -> &'static str {
    if misere {
        "connect-misere"
    } else {
        "connect"
    }
}

/// Every board up to 4×4 (quick) or 5×5, solved in parallel, with a table per game into `md`;
/// the values also under `small_boards`.
pub(super) fn small_boards(
    opts: &ReportOptions,
    md: &mut String,
    data: &mut serde_json::Map<String, serde_json::Value>,
) -> Solved {
    let (max_side, max_nodes) = if opts.quick {
        (4u32, 2_000_000)
    } else {
        (5u32, 40_000_000)
    };
    let mut jobs = Vec::new();
    for misere in [false, true] {
        for k in 3..=4u32 {
            for h in 1..=max_side {
                for w in 1..=max_side {
                    if k <= w.max(h) {
                        jobs.push((misere, k, w, h));
                    }
                }
            }
        }
    }
    let start = Instant::now();
    let results: Solved = jobs
        .par_iter()
        .map(|&(misere, k, w, h)| {
            let spec = format!("{}:{w}x{h}:{k}", name(misere));
            (spec.clone(), value_of(&spec, max_nodes))
        })
        .collect();
    let _ = writeln!(
        md,
        "### Exact values of small Connect-K boards (new)\n\nFrom the empty board, for the first player: `+` wins, `=` draw, `−` loses, `?` not solved within {max_nodes} positions. Rows: height H; columns: width W. Computed in {:.1} s by alpha-beta negamax with a transposition table (cross-checked against plain minimax on the smallest boards in the tests).\n",
        start.elapsed().as_secs_f64()
    );
    let mut rows = Vec::new();
    for misere in [false, true] {
        for k in 3..=4u32 {
            md.push_str(&table(name(misere), k, max_side, &results, &mut rows));
        }
    }
    data.insert("small_boards".into(), json!(rows));
    results
}

/// The table of game `name` with `k` in a row: a row per height, a column per width; the
/// values into `rows`.
fn table(
    name: &str,
    k: u32,
    max_side: u32,
    results: &Solved,
    rows: &mut Vec<serde_json::Value>,
) -> String {
    let mut md = format!("**{name}, K = {k}**\n\n| H \\ W |");
    for w in 1..=max_side {
        let _ = write!(md, " {w} |");
    }
    md.push_str("\n| --- |");
    for _ in 1..=max_side {
        md.push_str(" --- |");
    }
    md.push('\n');
    for h in 1..=max_side {
        let _ = write!(md, "| {h} |");
        for w in 1..=max_side {
            let spec = format!("{name}:{w}x{h}:{k}");
            let cell = match results.iter().find(|(s, _)| *s == spec) {
                None => " |",
                Some((_, Ok((v, nodes)))) => {
                    rows.push(json!({"game": spec, "value": v, "nodes": nodes}));
                    match v {
                        Value::Win => " + |",
                        Value::Draw => " = |",
                        Value::Loss => " − |",
                    }
                }
                Some((_, Err(e))) => {
                    rows.push(json!({"game": spec, "error": e.to_string()}));
                    " ? |"
                }
            };
            md.push_str(cell);
        }
        md.push('\n');
    }
    md.push('\n');
    md
}
