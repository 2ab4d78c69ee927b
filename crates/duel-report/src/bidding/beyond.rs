//! Beyond Develin & Payne: the Richman values and discrete tables of small Connect and Hex
//! boards, and the poorman and taxman thresholds of Tic-Tac-Toe.

use std::fmt::Write as _;

use serde_json::json;

use super::part::{join, Part};
use super::solve::graph;
use crate::{Check, Claim, Status};
use duel_bidding::discrete::{threshold_table, Recursion};
use duel_bidding::graph::GameGraph;
use duel_bidding::periodicity::Periodicity;
use duel_bidding::realvalued::taxman_values;
use duel_bidding::richman::Richman;
use duel_bidding::{approx, BiddingError};
use duel_core::exact::{Chips, Rational};

/// The small boards and the largest total of their tables.
const BOARDS: [(&str, u64); 4] = [
    ("hex:2", 16),
    ("hex:3", 32),
    ("connect:3x3:3", 32),
    ("connect:4x3:3", 24),
];

/// The Richman value, positions, discrete table and period of each small board.
pub(super) fn boards() -> Result<Part, BiddingError> {
    let mut part = Part::default();
    let _ = writeln!(part.markdown, "| game | Richman value | positions | discrete thresholds f(k), k = 0.. | period |\n| --- | --- | --- | --- | --- |");
    let mut rows = serde_json::Map::new();
    for (name, max_k) in BOARDS {
        let g = graph(name)?;
        let r = Richman::solve(&g)?;
        let value = r.value(g.start()).clone();
        let table: Vec<Chips> = threshold_table(&g, g.start(), max_k, Recursion::Advantage)?
            .into_iter()
            .map(Chips::from_rank)
            .collect();
        let ptext = period_text(&g, max_k);
        let _ = writeln!(
            part.markdown,
            "| {name} | {value} ≈ {:.6} | {} | {} | {ptext} |",
            approx(&value),
            g.len(),
            join(&table)
        );
        part.checks.push(
            Claim {
                item: &format!("R({name})"),
                source: "Develin & Payne, beyond the paper",
                published: "-",
                computed: &value.to_string(),
                note: &format!(
                    "{} positions; f(k) for k = 0..{max_k}: {}; {ptext}",
                    g.len(),
                    join(&table)
                ),
            }
            .judged(Status::New),
        );
        rows.insert(name.to_string(), json!({"value": value.to_string(), "positions": g.len(), "thresholds": table.iter().map(|c| c.to_string()).collect::<Vec<_>>()}));
    }
    part.markdown.push('\n');
    part.data
        .push(("boards".into(), serde_json::Value::Object(rows)));
    Ok(part)
}

/// The period of a board's table in words, with how far it was checked.
fn period_text(g: &GameGraph, max_k: u64) -> String {
    let limit = if g.len() < 50_000 {
        u64::MAX
    } else {
        4 * max_k + 4
    };
    match Periodicity::analyse_within(g, g.start(), limit) {
        Ok(p) => format!(
            "f(k + {}) = f(k) + {} from k = {}, checked for k < {} (M = {}{})",
            p.period,
            p.shift,
            p.offset,
            p.table.len(),
            p.big_m,
            if (p.table.len() as u64) < 4 * p.big_m {
                "; fewer than 4M totals: an observation, not a proof"
            } else {
                ""
            }
        ),
        Err(e) => format!("no period found: {e}"),
    }
}

/// Poorman and taxman Tic-Tac-Toe: the share of the chips Alice needs as the tax varies.
pub(super) fn taxman() -> Result<Vec<Check>, BiddingError> {
    let ttt = graph("tictactoe")?;
    let mut checks = Vec::new();
    for (tax, label) in [
        ("1", "poorman"),
        ("1/2", "taxman, tax 1/2"),
        ("0", "taxman, tax 0 (Richman)"),
    ] {
        let tau: Rational = tax.parse().map_err(|_| BiddingError::NotATax(tax.into()))?;
        let t = taxman_values(&ttt, &tau)?;
        let v = &t[ttt.start() as usize];
        checks.push(
            Claim {
                item: &format!("{label} threshold of TTT"),
                source: "Develin & Payne, beyond the paper",
                published: "-",
                computed: &format!("{v} ≈ {:.6}", approx(v)),
                note: "recursion T = lo + Δ(1 - τ·lo), Δ = (hi - lo)/(2 - τ + τ(hi - lo)); poorman checked against discrete poorman search on small games",
            }
            .judged(Status::New),
        );
    }
    Ok(checks)
}
