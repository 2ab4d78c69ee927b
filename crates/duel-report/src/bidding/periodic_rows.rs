//! The periods of the boards by [`duel_bidding::layered::periodic_rows`]: every position's
//! row kept as a periodic description, so the period of the start is reached for boards whose
//! tables to three periods are out of reach (`connect:5x4:4`), cross-checked against the
//! all-totals tables and, on the large boards, the dense search for single totals.

use std::fmt::Write as _;
use std::time::Instant;

use rayon::prelude::*;
use serde_json::json;

use super::part::{Agreement, Part};
use super::solve::graph;
use crate::{Check, Claim, ReportOptions, Status};
use duel_bidding::boards::{connect_threshold_dense, hex_dense, Hex, LineGame};
use duel_bidding::games::{parse_game, GameSpec};
use duel_bidding::layered::{periodic_rows, PeriodicRow, PeriodicSolution};
use duel_bidding::periodicity::Periodicity;
use duel_bidding::BiddingError;
use duel_core::exact::{Chips, Rational};

/// The boards solved by per-position periodic rows: name, and whether quick mode runs it
/// (`true`), every mode but `--full` skips it (`false`).
const PERIODIC_BOARDS: [(&str, bool); 8] = [
    ("tictactoe", true),
    ("connect:3x3:3", true),
    ("connect:4x3:3", true),
    ("hex:3", true),
    ("connect:4x4:3", true),
    ("connect:4x4:4", true),
    ("connect:5x4:4", false),
    ("hex:4", false),
];

/// The same as the all-totals table's note, for the periodic rows.
const FULL_ONLY_PERIODIC: &str = "The periodic rows of connect:5x4:4 and hex:4 (10 and 21 million positions, with dense searches at single totals) take minutes each: `duel report --full` adds them.";

/// The heading, how the periods are proved, and the head of the table.
const HEAD: &str = concat!(
    "#### Periods of the boards by periodic rows\n\n\
         Every move adds a stone, so a position v with s stones has R(G_v) and Δ_v dyadic with \
         denominators dividing 2^(C−s), and by Theorems 3.12–3.14 its row is periodic: \
         f(v, k + M_v) = f(v, k) + M_v·R(G_v) for large k, M_v (a power of two) the least common \
         denominator of R and Δ over the positions reachable from v. Layer by layer from the full \
         boards, each position's row is computed from its children's periodic descriptions for \
         k < L (L ≈ 3·M_v, doubled when needed), and its least period and least offset are \
         **proved** by induction from the ends (not from Theorems 3.12–3.14): past a point k₂ \
         found in the children's rows, Alice's best children are those of least R, Bob's those \
         of largest R, and f_A, f_B are ordered as their R, for ever (the gaps only grow), so the \
         row is P′-periodic past k₂ (P′ the children's largest period, or twice it) and one \
         window of P′ totals decides whether a smaller d is a period. ",
    "A weaker test, \"the \
         relation holds over two whole periods of the computed range\", accepts false periods at \
         inner positions of connect:5x4:4 (e.g. d = 8 holding for 24699 ≤ k < 24732 on a row the \
         proof refutes). The work is about Σ_v 3·M_v·moves_v \
         instead of positions × 3M for a table at the start.\n\n\
         | game | R | M | period d | f(k + d) = f(k) + s | from k = | positions | child-row entries | descriptions (two layers) | time | checked against |\n\
         | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
);

/// The periods of the boards, each cross-checked where another solver reaches it.
pub(super) fn periodic_rows_tables(
    opts: &ReportOptions,
    tables: &[(&str, Vec<Chips>)],
) -> Result<Part, BiddingError> {
    let mut part = Part::default();
    let _ = writeln!(part.markdown, "{HEAD}");
    let mut rows = serde_json::Map::new();
    let mut agreement = Agreement::new();
    for (name, quick) in PERIODIC_BOARDS {
        if !quick && !opts.longest_rows() {
            continue;
        }
        let spec = parse_game(name)?;
        let start = Instant::now();
        let solution = solve(&spec, name)?;
        let secs = start.elapsed().as_secs_f64();
        let checks = cross_checks(opts, &spec, name, &solution.root, tables, &mut agreement)?;
        if !checks.is_empty() {
            agreement
                .compared
                .push(format!("{name} ({})", checks.join("; ")));
        }
        let value = Rational::new(solution.scaled.into(), (1u64 << solution.cells).into());
        let _ = writeln!(
            part.markdown,
            "{}",
            board_line(name, &value, &solution, secs, &checks)
        );
        part.checks.push(board_check(name, &value, &solution, secs));
        let root = &solution.root;
        rows.insert(
            name.to_string(),
            json!({
                "value": value.to_string(),
                "log2_M": solution.log2_m,
                "period": root.period,
                "shift": root.shift / 2,
                "offset": root.offset,
                "positions": solution.positions,
                "updates": solution.updates.to_string(),
                "peak_table_bytes": solution.peak_table_bytes,
                "seconds": secs,
                "layers": solution.layers,
            }),
        );
    }
    part.markdown.push('\n');
    if !opts.quick && !opts.longest_rows() {
        let _ = writeln!(part.markdown, "{FULL_ONLY_PERIODIC}\n");
    }
    part.checks.push(agreement.check(
        "periodic rows = all-totals tables, graph periodicity, dense searches",
        "Theorems 3.7, 3.13, 3.14",
    ));
    part.data
        .push(("periodic_rows".into(), serde_json::Value::Object(rows)));
    Ok(part)
}

/// Every position's periodic row on the board `spec`, layer by layer from the full boards.
fn solve(spec: &GameSpec, name: &str) -> Result<PeriodicSolution, BiddingError> {
    match *spec {
        GameSpec::TicTacToe { first: None } => {
            let ttt = LineGame::tictactoe();
            periodic_rows(&ttt, 9, ttt.position_bound())
        }
        GameSpec::Connect { width, height, k } => {
            let board = LineGame::new(width, height, k, true)?;
            periodic_rows(&board, board.cells() as u32, board.position_bound())
        }
        GameSpec::Hex(n) => {
            let hex = Hex::new(n)?;
            periodic_rows(&hex, (n * n) as u32, hex.position_bound())
        }
        _ => Err(BiddingError::NotABoardGame {
            game: name.to_string(),
        }),
    }
}

/// The start's row against the all-totals table of this run, the graph's periodicity
/// (Tic-Tac-Toe) and the dense searches (the large boards): what was compared, the
/// agreement updated.
fn cross_checks(
    opts: &ReportOptions,
    spec: &GameSpec,
    name: &str,
    root: &PeriodicRow,
    tables: &[(&str, Vec<Chips>)],
    agreement: &mut Agreement,
) -> Result<Vec<String>, BiddingError> {
    let mut checks = Vec::new();
    if let Some((_, table)) = tables.iter().find(|(n, _)| *n == name) {
        let same = table
            .iter()
            .enumerate()
            .all(|(k, c)| c.rank() == root.rank(k as u64));
        agreement.all &= same;
        checks.push(format!("all-totals table k ≤ {}", table.len() - 1));
    }
    if name == "tictactoe" {
        let g = graph(name)?;
        let p = Periodicity::analyse(&g, g.start())?;
        let same = (
            u64::from(root.period),
            u64::from(root.shift / 2),
            u64::from(root.offset),
        ) == (p.period, p.shift, p.offset);
        agreement.all &= same;
        checks.push("the graph's periodicity (Theorem 6.1: 256, 133)".into());
    }
    if opts.longest_rows() && matches!(name, "connect:5x4:4" | "hex:4") {
        checks.push(dense_searches(spec, name, root, agreement)?);
    }
    Ok(checks)
}

/// The large boards: the dense search for single totals, just before the offset, one period
/// later (where the relation must fail, if the offset is the least) and far on.
fn dense_searches(
    spec: &GameSpec,
    name: &str,
    root: &PeriodicRow,
    agreement: &mut Agreement,
) -> Result<String, BiddingError> {
    let (o, d) = (u64::from(root.offset), u64::from(root.period));
    let mut ks = vec![3 * d + o + 12_345, 999_999_937];
    if o > 0 {
        ks.extend([o - 1, o - 1 + d]);
    }
    let dense: Vec<u64> = ks
        .par_iter()
        .map(|&k| match *spec {
            GameSpec::Connect {
                width,
                height,
                k: line,
            } => {
                let board = LineGame::new(width, height, line, true)?;
                connect_threshold_dense(&board, k).map(|c| c.rank())
            }
            GameSpec::Hex(n) => hex_dense(&Hex::new(n)?, Some(k)).map(|x| x.0),
            _ => Err(BiddingError::NotABoardGame {
                game: name.to_string(),
            }),
        })
        .collect::<Result<_, _>>()?;
    let same = ks.iter().zip(&dense).all(|(&k, &r)| root.rank(k) == r);
    agreement.all &= same;
    if o > 0 {
        // The least offset: the relation fails at k = offset − 1.
        let fails = dense[3] != dense[2] + u64::from(root.shift);
        agreement.all &= fails;
    }
    Ok(format!(
        "dense search at k = {}",
        ks.iter()
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// A board's line of the table.
fn board_line(
    name: &str,
    value: &Rational,
    solution: &PeriodicSolution,
    secs: f64,
    checks: &[String],
) -> String {
    let root = &solution.root;
    format!(
        "| {name} | {value} | 2^{} | {} | s = {} | {} | {} | {:.2e} | {} MB | {secs:.1} s | {} |",
        solution.log2_m,
        root.period,
        root.shift / 2,
        root.offset,
        solution.positions,
        solution.updates as f64,
        solution.peak_table_bytes / 1_000_000,
        if checks.is_empty() {
            "-".to_string()
        } else {
            checks.join("; ")
        }
    )
}

/// A board's item: its period, proved.
fn board_check(name: &str, value: &Rational, solution: &PeriodicSolution, secs: f64) -> Check {
    let root = &solution.root;
    Claim {
        item: &format!("period of f({name}, k) by periodic rows"),
        source: "Develin & Payne, beyond the paper (Theorems 3.12-3.14)",
        published: "-",
        computed: &format!(
            "f(k + {}) = f(k) + {} for k ≥ {}",
            root.period,
            root.shift / 2,
            root.offset
        ),
        note: &format!(
            "R = {value}, M = 2^{}; {} positions, {:.2e} child-row entries, {secs:.1} s; every position's period proved by induction from the ends",
            solution.log2_m,
            solution.positions,
            solution.updates as f64
        ),
    }
    .judged(Status::New)
}
