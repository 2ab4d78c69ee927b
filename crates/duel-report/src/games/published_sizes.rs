//! The board-size table of Connect Four: who wins each empty W×H board (4 ≤ W, H; W + H ≤
//! 14) under perfect play and on which move the game ends, as Tromp and Steininger publish
//! them, against the table duel solved from scratch (`duel connect sizes`, kept in
//! `data/connect/sizes.jsonl`). The boards the file says were quick are solved again here and
//! compared with the file; `--full` solves every board again.

use std::fmt::Write as _;

use serde_json::json;

use duel_games::connect4::size_table::{solve_empty, table_boards, EmptyBoard, Winner};

use crate::{Claim, ReportOptions, Section, Status};

/// One empty board as the two tables print it.
#[derive(Clone, Copy, Debug)]
pub struct Published {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Tromp's cell: `+` a first player win, `=` a tie, `-` a second player win.
    pub tromp: &'static str,
    /// Steininger's "Outcome" cell: `1st`, `2nd` (printed `1<sup>st</sup>`,
    /// `2<sup>nd</sup>`) or `Draw`.
    pub outcome: &'static str,
    /// Steininger's "Last Move" cell: the move on which the game ends.
    pub last_move: u32,
}

const fn board(
    width: u32,
    height: u32,
    tromp: &'static str,
    outcome: &'static str,
    last_move: u32,
) -> Published {
    Published {
        width,
        height,
        tromp,
        outcome,
        last_move,
    }
}

/// Every board of 4 ≤ W, H and W + H ≤ 14, by W + H then width. Tromp: "John's Connect Four
/// Playground", tromp.github.io/c4/c4.html, the table of results on different board sizes
/// (height by width); Steininger: c4 (github.com/ChristopheSteininger/c4, commit 80baa53),
/// readme, tables "Outcome" and "Last Move" (height by width).
pub const PUBLISHED: [Published; 28] = [
    board(4, 4, "=", "Draw", 16),
    board(4, 5, "=", "Draw", 20),
    board(5, 4, "=", "Draw", 20),
    board(4, 6, "=", "Draw", 24),
    board(5, 5, "=", "Draw", 25),
    board(6, 4, "-", "2nd", 24),
    board(4, 7, "=", "Draw", 28),
    board(5, 6, "=", "Draw", 30),
    board(6, 5, "=", "Draw", 30),
    board(7, 4, "=", "Draw", 28),
    board(4, 8, "=", "Draw", 32),
    board(5, 7, "=", "Draw", 35),
    board(6, 6, "-", "2nd", 36),
    board(7, 5, "=", "Draw", 35),
    board(8, 4, "-", "2nd", 32),
    board(4, 9, "=", "Draw", 36),
    board(5, 8, "=", "Draw", 40),
    board(6, 7, "+", "1st", 41),
    board(7, 6, "+", "1st", 41),
    board(8, 5, "+", "1st", 39),
    board(9, 4, "-", "2nd", 36),
    board(4, 10, "=", "Draw", 40),
    board(5, 9, "=", "Draw", 45),
    board(6, 8, "-", "2nd", 48),
    board(7, 7, "=", "Draw", 49),
    board(8, 6, "-", "2nd", 48),
    board(9, 5, "+", "1st", 41),
    board(10, 4, "-", "2nd", 40),
];

/// The table `duel connect sizes --max-sum 13 --memory 1G --out data/connect/sizes.jsonl`
/// wrote, then `--boards 4x10,5x9,10x4` (the boards of W + H = 14 that fit a session).
const SOLVED: &str = include_str!("../../../../data/connect/sizes.jsonl");

/// The boards of the data file (a line that is not a board is skipped).
pub fn solved_boards() -> Vec<EmptyBoard> {
    SOLVED
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Tromp's symbol for `w`.
pub fn tromp_symbol(w: Winner) -> &'static str {
    match w {
        Winner::First => "+",
        Winner::Draw => "=",
        Winner::Second => "-",
    }
}

/// Steininger's word for `w`.
pub fn steininger_outcome(w: Winner) -> &'static str {
    match w {
        Winner::First => "1st",
        Winner::Draw => "Draw",
        Winner::Second => "2nd",
    }
}

/// The seconds (by the file) under which a board is solved again: 0.1 quick, 1 by default,
/// every board with `--full`.
fn replay_limit(opts: &ReportOptions) -> f64 {
    if opts.quick {
        0.1
    } else if opts.longest_rows() {
        f64::INFINITY
    } else {
        1.0
    }
}

/// The board solved again (one thread; a 1 GB table from W + H = 13, else 16 MB): its score
/// and seconds, or why not.
fn replay(b: &EmptyBoard) -> Result<(i32, f64), String> {
    let bytes: u64 = if b.width + b.height >= 13 {
        1 << 30
    } else {
        16 << 20
    };
    match solve_empty(b.width, b.height, bytes, 1) {
        Some(Ok(again)) => Ok((again.score, again.seconds)),
        Some(Err(e)) => Err(e.to_string()),
        None => Err("not a board the solver has".into()),
    }
}

/// The items of the board-size table (two a board: Tromp's winner, Steininger's winner and
/// last move) into `s`, its table into `md`, its rows under `connect4_size_table`.
pub(super) fn connect4_size_table(
    opts: &ReportOptions,
    s: &mut Section,
    md: &mut String,
    data: &mut serde_json::Map<String, serde_json::Value>,
) {
    let solved = solved_boards();
    let limit = replay_limit(opts);
    let again: Vec<Option<Result<(i32, f64), String>>> = solved
        .iter()
        .map(|b| (b.seconds < limit).then(|| replay(b)))
        .collect();
    let _ = writeln!(
        md,
        "### Connect Four board-size table, against Tromp and Steininger

Every empty W×H board of 4 ≤ W, H and W + H ≤ 14: the winner under perfect play and the ply on which the game then ends, solved from scratch (no book) by `duel connect sizes` into `data/connect/sizes.jsonl` (one core shared with other work, a 1 GB table from W + H = 13); the boards the file solved in under {} are solved again now and must give the same score.

| board | Tromp | Steininger | last move (Steininger) | duel | end ply | score | positions | seconds | solved again |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        if limit.is_finite() {
            format!("{limit} s")
        } else {
            "any time (`--full`)".into()
        }
    );
    let mut rows = Vec::new();
    for (b, again) in solved.iter().zip(&again) {
        let Some(p) = PUBLISHED
            .iter()
            .find(|p| (p.width, p.height) == (b.width, b.height))
        else {
            continue;
        };
        let (again_cell, again_note, same) = match again {
            None => ("no".to_string(), "not solved again".to_string(), true),
            Some(Ok((score, secs))) => (
                format!("score {score}, {secs:.3} s"),
                format!("solved again in {secs:.3} s: score {score}"),
                *score == b.score,
            ),
            Some(Err(e)) => (
                format!("failed: {e}"),
                format!("not solved again: {e}"),
                false,
            ),
        };
        let spec = format!("connect:{}x{}:4", b.width, b.height);
        let tromp_note = format!(
            "{} positions, {:.3} s in data/connect/sizes.jsonl, {again_note}",
            b.nodes, b.seconds
        );
        let steininger_note = format!(
            "ply {} from the score {} of the {}×{} board, {again_note}",
            b.end_ply, b.score, b.width, b.height
        );
        let tromp = tromp_symbol(b.winner);
        let steininger = format!("{}, last move {}", steininger_outcome(b.winner), b.end_ply);
        let judged = |published: &str, computed: &str| Status::of(same && published == computed);
        s.checks.push(
            Claim {
                item: &format!("{spec}: the empty board's winner"),
                source: "Tromp (1995–2015), John's Connect Four Playground, results on different board sizes",
                published: p.tromp,
                computed: tromp,
                note: &tromp_note,
            }
            .judged(judged(p.tromp, tromp)),
        );
        let published = format!("{}, last move {}", p.outcome, p.last_move);
        s.checks.push(
            Claim {
                item: &format!("{spec}: the empty board's winner and last move"),
                source: "Steininger (c4), readme, tables Outcome and Last Move",
                published: &published,
                computed: &steininger,
                note: &steininger_note,
            }
            .judged(judged(&published, &steininger)),
        );
        let _ = writeln!(
            md,
            "| {}×{} | {} | {} | {} | {} | {} | {} | {} | {:.3} | {again_cell} |",
            b.width,
            b.height,
            p.tromp,
            p.outcome,
            p.last_move,
            steininger_outcome(b.winner),
            b.end_ply,
            b.score,
            b.nodes,
            b.seconds
        );
        rows.push(json!({
            "game": spec, "winner": b.winner, "end_ply": b.end_ply, "score": b.score,
            "nodes": b.nodes, "seconds": b.seconds,
            "solved_again": again.as_ref().map(|r| r.as_ref().ok().map(|(s, _)| *s)),
        }));
    }
    let missing: Vec<String> = table_boards(8, 14)
        .into_iter()
        .filter(|&(w, h)| !solved.iter().any(|b| (b.width, b.height) == (w, h)))
        .map(|(w, h)| format!("{w}×{h}"))
        .collect();
    if !missing.is_empty() {
        let _ = writeln!(
            md,
            "\nNot solved in the time the run had (no item): {}.",
            missing.join(", ")
        );
    }
    md.push('\n');
    data.insert("connect4_size_table".into(), json!(rows));
}
