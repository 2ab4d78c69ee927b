//! Discrete tables for every total at once (the layered solver of [`duel_bidding::allk`]) on
//! the Connect and Hex boards, with the period of Theorems 3.13 and 3.14 where the computed
//! range verifies it over two periods, and what the theory predicts where it cannot.

use std::fmt::Write as _;
use std::time::Instant;

use num_bigint::BigInt;
use rayon::prelude::*;
use serde_json::json;

use super::part::{join, Agreement, Part};
use super::solve::{graph, table_of};
use crate::{Claim, ReportOptions, Status};
use duel_bidding::allk::{all_totals, find_period, AllTotals, PeriodFinding};
use duel_bidding::boards::{
    connect_richman_dense, connect_threshold_dense, hex_dense, hex_richman_dense, DenseRichman,
    Hex, LineGame,
};
use duel_bidding::games::{parse_game, GameSpec};
use duel_bidding::richman::Richman;
use duel_bidding::{approx, BiddingError};
use duel_core::exact::{Chips, Rational};

/// A board of the all-totals table: its name, the largest total computed with `--full`, by
/// default and in quick mode (0: skipped).
const ALL_TOTALS_BOARDS: [(&str, u64, u64, u64); 7] = [
    ("connect:3x3:3", 4095, 4095, 63),
    ("connect:4x3:3", 255, 255, 63),
    ("hex:3", 255, 255, 63),
    ("connect:4x4:3", 255, 255, 0),
    ("connect:4x4:4", 49_999, 4095, 0),
    ("connect:5x4:4", 255, 0, 0),
    ("hex:4", 31, 0, 0),
];

/// Where the rows left to `duel report --full` are, for the text of a report without them.
const FULL_ONLY: &str = "The rows of connect:5x4:4 and hex:4 (10 and 21 million positions), and connect:4x4:4 to k = 49999 (where its period is verified over two periods), take minutes each: `duel report --full` adds them.";

/// The memory the report lets the rows of one board take (more totals run in blocks).
const REPORT_MEMORY: u64 = 2 << 30;

/// The heading and the head of the table.
const HEAD: &str = "#### Discrete tables of the boards, every total at once\n\n\
     Theorem 3.7 for all k = 0..K in one pass over the positions (layer by layer: positions \
     with s stones need only those with s + 1, so two layers of rows of K + 1 chip ranks are \
     kept). A period f(k + d) = f(k) + s has s = R·d (f(k)/k → R), so d is a multiple of the \
     denominator q of R; it is reported as verified only when the relation holds over at \
     least two whole periods of the computed range.\n\n\
     | game | R | K | positions | memory (rows + codes) | time | f(k), k = 0..23 | period |\n\
     | --- | --- | --- | --- | --- | --- | --- | --- |";

/// The boards' tables: name and f(k) for k = 0..K.
pub(super) type Tables = Vec<(&'static str, Vec<Chips>)>;

/// M, m and m̄ of Theorem 3.13.
type TheoremM = (BigInt, BigInt, BigInt);

/// The tables of every board, their items and rows, and the tables themselves (for the
/// periodic rows to be checked against).
pub(super) fn all_totals_tables(opts: &ReportOptions) -> Result<(Part, Tables), BiddingError> {
    let mut part = Part::default();
    let mut tables = Vec::new();
    let _ = writeln!(part.markdown, "{HEAD}");
    let mut rows = serde_json::Map::new();
    let mut per_total = Agreement::new();
    let mut theorem_m = Agreement::new();
    for (name, full_k, default_k, quick_k) in ALL_TOTALS_BOARDS {
        let max_k = match (opts.quick, opts.longest_rows()) {
            (true, _) => quick_k,
            (false, true) => full_k,
            (false, false) => default_k,
        };
        if max_k == 0 {
            continue;
        }
        let spec = parse_game(name)?;
        let start = Instant::now();
        let result = solve(&spec, name, max_k)?;
        let secs = start.elapsed().as_secs_f64();
        let (value, dense) = richman_value(&spec, name, max_k, &result, &mut per_total)?;
        let finding = find_period(&result.table, &value);
        tables.push((name, result.table.clone()));
        let big_m = match &dense {
            Some(d) => (d.big_m().into(), d.m().into(), d.m_bar().into()),
            None => theorem_3_13_on_graph(&spec, name, &value, &mut theorem_m)?,
        };
        let note = period_note(&finding, &result, &big_m, secs);
        let (line, check, mut row) = board_row(name, max_k, &value, &result, secs, &note, &big_m);
        row["period"] = json!(finding);
        let _ = writeln!(part.markdown, "{line}");
        part.checks.push(check);
        rows.insert(name.to_string(), row);
    }
    part.markdown.push('\n');
    if !opts.quick && !opts.longest_rows() {
        let _ = writeln!(part.markdown, "{FULL_ONLY}\n");
    }
    part.checks.push(per_total.check(
        "all-totals solver = per-total solver (Theorem 3.7)",
        "Theorem 3.7",
    ));
    part.checks.push(theorem_m.check(
        "M, m, m̄ of Theorem 3.13: dyadic dense tables = least common denominator on the graph",
        "Theorem 3.13",
    ));
    part.data
        .push(("all_totals".into(), serde_json::Value::Object(rows)));
    Ok((part, tables))
}

/// Theorem 3.7 for every total to `max_k` at once on the board `spec`.
fn solve(spec: &GameSpec, name: &str, max_k: u64) -> Result<AllTotals, BiddingError> {
    match *spec {
        GameSpec::Connect { width, height, k } => {
            let board = LineGame::new(width, height, k, true)?;
            all_totals(&board, board.position_bound(), max_k, REPORT_MEMORY)
        }
        GameSpec::Hex(n) => {
            let hex = Hex::new(n)?;
            all_totals(&hex, hex.position_bound(), max_k, REPORT_MEMORY)
        }
        _ => Err(BiddingError::NotABoardGame {
            game: name.to_string(),
        }),
    }
}

/// The Richman value: on the explicit graph where it is small, else the dense tables (which
/// also give M of Theorem 3.13 with dyadic integers). Either way the first totals of the
/// table are checked against a per-total solver.
fn richman_value(
    spec: &GameSpec,
    name: &str,
    max_k: u64,
    result: &AllTotals,
    agreement: &mut Agreement,
) -> Result<(Rational, Option<DenseRichman>), BiddingError> {
    match *spec {
        GameSpec::Connect { width, height, k }
            if spec.position_bound() > duel_bidding::games::MAX_POSITIONS as u128 =>
        {
            // With it, f(k) for k = 0, 1 by the dense per-total search, in parallel.
            let board = LineGame::new(width, height, k, true)?;
            let (richman, per_total) = rayon::join(
                || connect_richman_dense(&board),
                || {
                    [0, 1]
                        .par_iter()
                        .map(|&t| connect_threshold_dense(&board, t).map(|c| c.rank()))
                        .collect::<Result<Vec<u64>, _>>()
                },
            );
            let (richman, per_total) = (richman?, per_total?);
            let dense: Vec<u64> = result.table[..2].iter().map(|c| c.rank()).collect();
            agreement.record(per_total == dense, format!("{name} (k ≤ 1, dense search)"));
            Ok((richman.value(), Some(richman)))
        }
        GameSpec::Hex(n) if n >= 4 => {
            let hex = Hex::new(n)?;
            let (richman, one) =
                rayon::join(|| hex_richman_dense(&hex), || hex_dense(&hex, Some(1)));
            let (richman, (one, _)) = (richman?, one?);
            agreement.record(
                one == result.table[1].rank(),
                format!("{name} (k = 1, dense search)"),
            );
            Ok((richman.value(), Some(richman)))
        }
        _ => {
            let g = graph(name)?;
            // Cross-check with the per-total solver on the explicit graph.
            if max_k <= 255 && g.len() < 50_000 {
                let per_k = table_of(name, max_k)?;
                agreement.record(per_k == result.table, format!("{name} (k ≤ {max_k})"));
            }
            Ok((Richman::solve(&g)?.value(g.start()).clone(), None))
        }
    }
}

/// Theorem 3.13 on the explicit graph: f(k + M) = f(k) + m, m = M·R, once the game is
/// stable, M the least common denominator of every R(G_v) and Δ_v; cross-checked against
/// the dyadic dense computation used on the large boards.
fn theorem_3_13_on_graph(
    spec: &GameSpec,
    name: &str,
    value: &Rational,
    agreement: &mut Agreement,
) -> Result<TheoremM, BiddingError> {
    let g = graph(name)?;
    let r = Richman::solve(&g)?;
    let big_m = duel_bidding::periodicity::period_bound(&g, &r, g.start());
    let m = (value.clone() * Rational::from_integer(big_m.clone())).to_integer();
    let m_bar = &big_m - &m;
    let on_dense = match *spec {
        GameSpec::Connect { width, height, k } => {
            connect_richman_dense(&LineGame::new(width, height, k, true)?)?
        }
        GameSpec::Hex(n) => hex_richman_dense(&Hex::new(n)?)?,
        _ => {
            return Err(BiddingError::NotABoardGame {
                game: name.to_string(),
            })
        }
    };
    let dense: TheoremM = (
        on_dense.big_m().into(),
        on_dense.m().into(),
        on_dense.m_bar().into(),
    );
    agreement.record(
        dense == (big_m.clone(), m.clone(), m_bar.clone()),
        format!("{name} (M = {big_m})"),
    );
    Ok((big_m, m, m_bar))
}

/// What the table says of the period, with M, m, m̄, and where it is not verified, what
/// checking the smallest period still possible would take.
fn period_note(finding: &PeriodFinding, result: &AllTotals, big_m: &TheoremM, secs: f64) -> String {
    let len = result.table.len() as u64;
    let mut note = finding.describe(len);
    let _ = write!(
        note,
        "; M = {} (2^{}), m = {}, m̄ = {}",
        big_m.0,
        big_m.0.bits().saturating_sub(1),
        big_m.1,
        big_m.2
    );
    if !matches!(finding, PeriodFinding::Verified { .. }) {
        // Totals needed to check the smallest period still possible over two periods.
        let (d, from) = match finding {
            PeriodFinding::Observed { period, offset, .. } => (*period, *offset),
            PeriodFinding::OutOfReach { least_period, .. } => (*least_period, 0),
            PeriodFinding::Verified { .. } => (1, 0),
        };
        let needed = from.saturating_add(d.saturating_mul(3));
        let rate = (result.positions as f64) * (len as f64) / secs.max(1e-3);
        let hours = (result.positions as f64) * (needed as f64) / rate / 3600.0;
        let _ = write!(
            note,
            "; checking d = {d} over two periods (k < {needed}) by a table is {:.1e} position updates, about {hours:.2} h at this run's rate (the periodic rows below reach it without)",
            (result.positions as f64) * (needed as f64)
        );
    }
    note
}

/// A board's line of the table, its item and its numbers (without the period's).
fn board_row(
    name: &str,
    max_k: u64,
    value: &Rational,
    result: &AllTotals,
    secs: f64,
    note: &str,
    big_m: &TheoremM,
) -> (String, crate::Check, serde_json::Value) {
    let memory = format!(
        "{} MB + {} MB",
        result.row_bytes / 1_000_000,
        result.code_bytes / 1_000_000
    );
    let first: Vec<Chips> = result.table.iter().take(24).copied().collect();
    let line = format!(
        "| {name} | {value} ≈ {:.6} | {max_k} | {} | {memory} | {secs:.1} s | {} | {note} |",
        approx(value),
        result.positions,
        join(&first)
    );
    let check = Claim {
        item: &format!("f({name}, k), k = 0..{max_k}, and its period"),
        source: "Develin & Payne, beyond the paper (Theorems 3.7, 3.13, 3.14)",
        published: "-",
        computed: &format!("R = {value}; f = {} …", join(&first)),
        note: &format!(
            "all totals at once by layers: {} positions, {memory}, {secs:.1} s; {note}",
            result.positions
        ),
    }
    .judged(Status::New);
    let row = json!({
        "value": value.to_string(),
        "max_k": max_k,
        "positions": result.positions,
        "row_bytes": result.row_bytes,
        "code_bytes": result.code_bytes,
        "seconds": secs,
        "thresholds": result.table.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "M": big_m.0.to_string(),
        "m": big_m.1.to_string(),
        "m_bar": big_m.2.to_string(),
    });
    (line, check, row)
}
