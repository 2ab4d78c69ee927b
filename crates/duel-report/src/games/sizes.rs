//! Beyond the papers: Connect Four (K = 4) on other board sizes by the dedicated solver, each
//! against the generic alpha-beta where that solved the same board.

use std::fmt::Write as _;
use std::time::Instant;

use rayon::prelude::*;
use serde_json::json;

use duel_core::game::Value;
use duel_games::connect4::solve_empty_board;

use super::small_boards::Solved;
use super::value::first_player_words;
use crate::{Claim, ReportOptions, Section, Status};

/// The boards (width, height): up to 6×4 and 5×5 (quick) or 8×4, 7×5, 6×6 and 5×7.
fn sizes(opts: &ReportOptions) -> &'static [(u32, u32)] {
    if opts.quick {
        &[(4, 4), (5, 4), (4, 5), (6, 4), (4, 6), (5, 5)]
    } else {
        &[
            (4, 4),
            (5, 4),
            (6, 4),
            (7, 4),
            (8, 4),
            (4, 5),
            (5, 5),
            (6, 5),
            (7, 5),
            (4, 6),
            (5, 6),
            (6, 6),
            (4, 7),
            (5, 7),
        ]
    }
}

/// The table of the empty boards' scores into `md` (under `connect4_sizes`), with an item for
/// each board the generic search also solved (`generic`).
pub(super) fn connect4_sizes(
    opts: &ReportOptions,
    generic: &Solved,
    s: &mut Section,
    md: &mut String,
    data: &mut serde_json::Map<String, serde_json::Value>,
) {
    let start = Instant::now();
    let solved: Vec<_> = sizes(opts)
        .par_iter()
        .map(|&(w, h)| (w, h, solve_empty_board(w, h, 23)))
        .collect();
    let _ = writeln!(
        md,
        "### Connect Four (K = 4) on other board sizes, with the dedicated solver (new)

The score of the empty board for the first player (positive: wins, 0: draw, negative: loses; (W·H)/2 + 1 minus the winner's stone count), by the Pons-style solver generalised to W×H bitboards of up to 64 bits; {:.1} s in all. Where the generic alpha-beta above solved the same board, the two independent searches must agree on the sign.

| board | score | value | positions explored | generic alpha-beta |
| --- | --- | --- | --- | --- |",
        start.elapsed().as_secs_f64()
    );
    let mut rows = Vec::new();
    for (w, h, result) in solved {
        let Some(solved) = result else { continue };
        let value = match solved.score.signum() {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        };
        let spec = format!("connect:{w}x{h}:4");
        let other = generic
            .iter()
            .find(|(g, _)| *g == spec)
            .and_then(|(_, r)| r.as_ref().ok())
            .map(|(v, _)| *v);
        let agreement = match other {
            None => "not solved there".to_string(),
            Some(v) if v == value => "agrees".to_string(),
            Some(v) => format!("DISAGREES ({})", first_player_words(v)),
        };
        let _ = writeln!(
            md,
            "| {w}×{h} | {} | {} | {} | {agreement} |",
            solved.score,
            first_player_words(value),
            solved.nodes
        );
        if let Some(v) = other {
            s.checks.push(
                Claim {
                    item: &format!("{spec}: dedicated solver vs generic alpha-beta"),
                    source: "cross-check (two independent searches)",
                    published: first_player_words(v),
                    computed: first_player_words(value),
                    note: &format!("score {} in {} positions", solved.score, solved.nodes),
                }
                .judged(if v == value {
                    Status::New
                } else {
                    Status::Differs
                }),
            );
        }
        rows.push(json!({"game": spec, "score": solved.score, "nodes": solved.nodes}));
    }
    md.push('\n');
    data.insert("connect4_sizes".into(), json!(rows));
}
