//! The games section of the report: exact values (known results,
//! the Connect variants of Delattre & Fournier section 8, a table of small Connect-K boards),
//! and the Connect Four 7×6 solver on the public benchmark files.

use std::fmt::Write as _;
use std::time::Instant;

use rayon::prelude::*;
use serde_json::json;

use crate::games_scores::{by_stones, unreadable};
use crate::{Check, ReportOptions, Section, Status};
use duel_core::game::{Game, Value};
use duel_games::connect4::move_book::{book_move, Book, Entry};
use duel_games::connect4::{
    parse_test_file, solve_cases, solve_cases_with, solve_empty_board, Solver,
};
use duel_games::{parse_game, GameVisitor};
use duel_search::minimax::{plain_minimax, solve, MinimaxError, MinimaxOptions};
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// The benchmark files, embedded so the report needs no data folder.
const BENCHMARK_FILES: [(&str, &str); 6] = [
    (
        "Test_L3_R1",
        include_str!("../../duel-games/data/connect4/Test_L3_R1"),
    ),
    (
        "Test_L2_R1",
        include_str!("../../duel-games/data/connect4/Test_L2_R1"),
    ),
    (
        "Test_L2_R2",
        include_str!("../../duel-games/data/connect4/Test_L2_R2"),
    ),
    (
        "Test_L1_R1",
        include_str!("../../duel-games/data/connect4/Test_L1_R1"),
    ),
    (
        "Test_L1_R2",
        include_str!("../../duel-games/data/connect4/Test_L1_R2"),
    ),
    (
        "Test_L1_R3",
        include_str!("../../duel-games/data/connect4/Test_L1_R3"),
    ),
];

struct Solve(MinimaxOptions);
impl GameVisitor for Solve {
    type Output = Result<(Value, u64), MinimaxError>;
    fn visit<G: Game + 'static>(self, g: G) -> Self::Output {
        solve(&g, &self.0).map(|s| (s.value, s.nodes))
    }
}

fn first_player_words(v: Value) -> &'static str {
    match v {
        Value::Win => "first player wins",
        Value::Draw => "draw",
        Value::Loss => "second player wins",
    }
}

fn value_of(spec: &str, max_nodes: u64) -> Result<(Value, u64), String> {
    let game = parse_game(spec).map_err(|e| e.to_string())?;
    game.visit(Solve(MinimaxOptions {
        max_nodes,
        ..MinimaxOptions::default()
    }))
    .map_err(|e| e.to_string())
}

/// The report section of the games and exact minimax.
pub fn report_section(opts: &ReportOptions) -> Section {
    let mut s = Section::new("games", "Games and exact minimax");
    let mut md = String::new();
    let mut data = serde_json::Map::new();

    known_values(&mut s, &mut data);
    crate::step("known values");
    let generic = small_boards(opts, &mut md, &mut data);
    crate::step("small Connect-K boards");
    connect4_sizes(opts, &generic, &mut s, &mut md, &mut data);
    crate::step("Connect Four sizes");
    connect4_benchmark(opts, &mut s, &mut md, &mut data);
    crate::step("Connect Four benchmark");
    connect4_book(opts, &mut s, &mut md, &mut data);
    crate::step("opening book");
    crate::games_scores::connect4_scores(opts, &mut s, &mut md, &mut data);
    crate::step("book of exact scores");

    s.markdown = md;
    s.json = serde_json::Value::Object(data);
    s
}

fn known_values(s: &mut Section, data: &mut serde_json::Map<String, serde_json::Value>) {
    let mut rows = Vec::new();
    let mut check =
        |item: &str, source: &str, spec: &str, published: &str, note: &str, in_papers: bool| {
            let computed = match value_of(spec, 20_000_000) {
                Ok((v, nodes)) => {
                    rows.push(json!({"game": spec, "value": v, "nodes": nodes}));
                    first_player_words(v).to_string()
                }
                Err(e) => format!("not computed: {e}"),
            };
            let mut c = Check::compare(item, source, published, &computed, note);
            // A value the papers do not state is new, however well known.
            if c.status == Status::Matches && !in_papers {
                c.status = Status::New;
            }
            s.checks.push(c);
        };
    check(
        "tictactoe",
        "Develin & Payne, section 1 (\"Normal Tic-Tac-Toe tends to end in a draw\")",
        "tictactoe",
        "draw",
        "alpha-beta negamax with a transposition table",
        true,
    );
    check(
        "connect:4x4:4",
        "a known result for small boards, not in the papers",
        "connect:4x4:4",
        "draw",
        "alpha-beta negamax; agrees with plain minimax on smaller boards",
        false,
    );
    check(
        "connect:15x15:3",
        "Delattre & Fournier, section 8.8 (\"a human player immediately finds the winning strategy when playing first\")",
        "connect:15x15:3",
        "first player wins",
        "found by the short forced-win search before alpha-beta",
        true,
    );
    check(
        "connect:4x10:3",
        "Delattre & Fournier, section 8.7 (with 16 ms Sym \"finds the right move, and thus stops\")",
        "connect:4x10:3",
        "first player wins",
        "the paper implies the root value is a win for the first player",
        true,
    );
    let ttt = duel_games::tictactoe::TicTacToe::new();
    let plain = plain_minimax(&ttt, 10_000_000);
    let nodes = plain.map_or_else(|e| e.to_string(), |p| p.nodes.to_string());
    let mut budget = 10_000_000;
    let games = complete_games(&ttt, &mut budget).map_or("stopped".into(), |n| n.to_string());
    s.checks.push(Check::compare(
        "tic-tac-toe: complete games (leaves of the game tree)",
        "OEIS A061526, a(3)",
        "255168",
        &games,
        &format!("every play to its end counted; plain minimax (Remark 1's backward induction) visits the same tree's {nodes} positions, root included"),
    ));
    data.insert("known_values".into(), json!(rows));
}

/// The complete games from `g` (the plays to an end: the leaves of its game tree), visiting
/// at most `budget` positions; `None` past it.
fn complete_games<G: Game>(g: &G, budget: &mut u64) -> Option<u64> {
    *budget = budget.checked_sub(1)?;
    if g.outcome().is_some() {
        return Some(1);
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        let mut child = g.clone();
        child.play(mv);
        total += complete_games(&child, budget)?;
    }
    Some(total)
}

/// The generic values of small boards, by spec.
type Solved = Vec<(String, Result<(Value, u64), String>)>;

fn small_boards(
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
    let results: Vec<_> = jobs
        .par_iter()
        .map(|&(misere, k, w, h)| {
            let name = if misere { "connect-misere" } else { "connect" };
            let spec = format!("{name}:{w}x{h}:{k}");
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
            let name = if misere { "connect-misere" } else { "connect" };
            let _ = write!(md, "**{name}, K = {k}**\n\n| H \\ W |");
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
                        None => " |".to_string(),
                        Some((_, Ok((v, nodes)))) => {
                            rows.push(json!({"game": spec, "value": v, "nodes": nodes}));
                            match v {
                                Value::Win => " + |",
                                Value::Draw => " = |",
                                Value::Loss => " − |",
                            }
                            .to_string()
                        }
                        Some((_, Err(e))) => {
                            rows.push(json!({"game": spec, "error": e}));
                            " ? |".to_string()
                        }
                    };
                    md.push_str(&cell);
                }
                md.push('\n');
            }
            md.push('\n');
        }
    }
    data.insert("small_boards".into(), json!(rows));
    results
}

fn connect4_sizes(
    opts: &ReportOptions,
    generic: &Solved,
    s: &mut Section,
    md: &mut String,
    data: &mut serde_json::Map<String, serde_json::Value>,
) {
    let sizes: &[(u32, u32)] = if opts.quick {
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
    };
    let start = Instant::now();
    let solved: Vec<_> = sizes
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
            s.checks.push(Check {
                item: format!("{spec}: dedicated solver vs generic alpha-beta"),
                source: "cross-check (two independent searches)".to_string(),
                published: first_player_words(v).to_string(),
                computed: first_player_words(value).to_string(),
                status: if v == value {
                    Status::New
                } else {
                    Status::Differs
                },
                note: format!("score {} in {} positions", solved.score, solved.nodes),
            });
        }
        rows.push(json!({"game": spec, "score": solved.score, "nodes": solved.nodes}));
    }
    md.push('\n');
    data.insert("connect4_sizes".into(), json!(rows));
}

fn connect4_benchmark(
    opts: &ReportOptions,
    s: &mut Section,
    md: &mut String,
    data: &mut serde_json::Map<String, serde_json::Value>,
) {
    // Positions solved per file: all where it is cheap, a prefix of the hard files.
    let sample = |file: &str| -> usize {
        match (opts.quick, opts.longest_rows(), file) {
            (true, _, "Test_L3_R1") => 1000,
            (true, _, "Test_L2_R1") => 100,
            (true, _, "Test_L1_R1") => 50,
            (true, _, "Test_L2_R2") => 5,
            (true, _, "Test_L1_R2") => 1,
            (true, _, _) => 0,
            // The two hardest files take minutes: `--full` only.
            (false, false, "Test_L1_R2" | "Test_L1_R3") => 0,
            (false, true, "Test_L1_R2") => 100,
            (false, true, "Test_L1_R3") => 5,
            (false, _, _) => 1000,
        }
    };
    md.push_str("### Connect Four 7×6: the specialised solver on the public benchmark\n\n");
    md.push_str("Negamax with alpha-beta on bitboards, non-losing moves only, threat-count move ordering, a transposition table of upper and lower bounds (2^23 entries, kept across positions) and null-window search (after Pascal Pons). Timings on one core of a shared machine: compare ratios, not absolutes.\n\n");
    md.push_str("The weak columns ask only for win, draw or loss (`duel connect solve --weak`, the window −1..1), with a second solver and table, and compare the signs of the published scores.\n\n");
    md.push_str("| file | positions solved | correct | mean time (ms) | mean nodes | weak: correct signs | weak: mean time (ms) | weak: mean nodes |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n");
    let mut rows = Vec::new();
    let mut solver = Solver::new();
    let mut weak_solver = Solver::new();
    for (file, text) in BENCHMARK_FILES {
        let n = sample(file);
        if n == 0 {
            continue;
        }
        let cases = match parse_test_file(text) {
            Ok(c) => c,
            Err(e) => {
                let _ = writeln!(md, "| {file} | unreadable: {e} | | | | | | |");
                continue;
            }
        };
        let n = n.min(cases.len());
        let both = solve_cases(&mut solver, &cases[..n], |_| {}).and_then(|res| {
            solve_cases_with(&mut weak_solver, &cases[..n], true, |_| {}).map(|weak| (res, weak))
        });
        match both {
            Ok((res, weak)) => {
                let _ = writeln!(
                    md,
                    "| {file} | {n} of {} | {} | {:.4} | {:.0} | {} | {:.4} | {:.0} |",
                    cases.len(),
                    res.correct,
                    res.mean_millis,
                    res.mean_nodes,
                    weak.correct,
                    weak.mean_millis,
                    weak.mean_nodes
                );
                // The exact scores, then their signs by the weak search.
                for (r, what, kind, source) in [
                    (&res, "exact scores", "scores", ""),
                    (
                        &weak,
                        "win/draw/loss (weak search)",
                        "signs",
                        ": signs of the scores",
                    ),
                ] {
                    s.checks.push(Check::compare(
                        &format!("{file}: {what} of {n} positions"),
                        &format!("Connect Four benchmark (P. Pons), file {file}{source}"),
                        &format!("{n} {kind}"),
                        &format!("{} {kind}", r.correct),
                        &if r.incorrect == 0 {
                            format!(
                                "mean {:.4} ms, {:.0} nodes per position",
                                r.mean_millis, r.mean_nodes
                            )
                        } else {
                            format!("disagreements: {:?}", r.mismatches)
                        },
                    ));
                }
                rows.push(json!({"file": file, "result": res, "weak": weak, "of": cases.len()}));
            }
            Err(e) => {
                let _ = writeln!(md, "| {file} | error: {e} | | | | | | |");
            }
        }
    }
    if !opts.quick && !opts.longest_rows() {
        md.push_str("\nThe hardest files, Test_L1_R2 and Test_L1_R3 (about a second and half a minute a position), are solved by `duel report --full`.\n");
    }
    md.push('\n');
    data.insert("connect4_benchmark".into(), json!(rows));
}

/// The opening book of the solver and `auto` agents on 7×6: its size by ply, its values, the
/// checks of the whole book without solving ([`Book::check`]), and entries solved again.
fn connect4_book(
    opts: &ReportOptions,
    s: &mut Section,
    md: &mut String,
    data: &mut serde_json::Map<String, serde_json::Value>,
) {
    md.push_str("### Connect Four 7×6: the opening book of the solver and auto agents (new)\n\n");
    let Some(book) = Book::standard() else {
        unreadable(
            s,
            md,
            "opening book",
            "beyond the papers (the opening book against the solver)",
        );
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
    // The first move: Allis's result, by the book's own computation.
    let first = book.lookup(&duel_games::connect4::Position::new());
    s.checks.push(Check::compare(
        "Connect Four 7×6: the first player wins, by the centre column",
        "Allis (1988), A knowledge-based approach of Connect-Four",
        "column 4, win",
        &match first {
            Some((c, 1)) => format!("column {}, win", c + 1),
            Some((c, v)) => format!("column {}, value {v}", c + 1),
            None => "not in the book".to_string(),
        },
        "the book's first entry (the weak solution of the empty board, about 4 minutes)",
    ));
    let checked = book.check();
    s.checks.push(Check::new(
        "opening book: every position the agent can meet is in it, and values agree ply to ply",
        "beyond the papers (the opening book's own consistency)",
        "consistent",
        &match &checked {
            Ok(n) => format!("consistent ({n} relations)"),
            Err(e) => e.to_string(),
        },
        Status::New,
        "a won position leaves only won positions two plies on, a draw no losing one and at least one draw, a loss a win at once or a lost one; a position after a book move has the opposite value where it is in the book",
    ));
    // Entries solved again, chosen with seed 1: in the quick report of the last two plies
    // (a fraction of a second each), in the full one of 6 stones or more (seconds).
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
            duel_games::connect4::Position::parse(&e.moves)
                .is_ok_and(|p| book_move(&mut solver, &p) == Some((e.column, e.value)))
        })
        .count();
    let secs = t0.elapsed().as_secs_f64();
    let status = if agree == sample.len() && checked.is_ok() {
        Status::New
    } else {
        Status::Differs
    };
    s.checks.push(Check::new(
        &format!(
            "opening book: {} entries of {least} stones or more solved again",
            sample.len()
        ),
        "beyond the papers (the opening book against the solver)",
        &format!("{} agree", sample.len()),
        &format!("{agree} agree"),
        status,
        &format!("{secs:.1} s"),
    ));
    data.insert(
        "connect4_book".into(),
        json!({"plies": book.plies(), "positions": book.entries().len(), "by_stones": rows, "resolved": sample.len(), "agree": agree}),
    );
}
