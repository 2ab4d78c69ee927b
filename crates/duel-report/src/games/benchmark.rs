//! Connect Four 7×6: the dedicated solver on Pons's public benchmark files, exact scores and,
//! by a second (weak) search, their signs.

use std::fmt::Write as _;

use serde_json::json;

use duel_games::connect4::{parse_test_file, solve_cases, solve_cases_with, Solver, TestCase};

use crate::{Claim, ReportOptions, Section};

/// The benchmark files, embedded so the report needs no data folder.
const BENCHMARK_FILES: [(&str, &str); 6] = [
    (
        "Test_L3_R1",
        include_str!("../../../duel-games/data/connect4/Test_L3_R1"),
    ),
    (
        "Test_L2_R1",
        include_str!("../../../duel-games/data/connect4/Test_L2_R1"),
    ),
    (
        "Test_L2_R2",
        include_str!("../../../duel-games/data/connect4/Test_L2_R2"),
    ),
    (
        "Test_L1_R1",
        include_str!("../../../duel-games/data/connect4/Test_L1_R1"),
    ),
    (
        "Test_L1_R2",
        include_str!("../../../duel-games/data/connect4/Test_L1_R2"),
    ),
    (
        "Test_L1_R3",
        include_str!("../../../duel-games/data/connect4/Test_L1_R3"),
    ),
];

/// Positions solved per file: all where it is cheap, a prefix of the hard files.
fn sample(opts: &ReportOptions, file: &str) -> usize {
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
}

/// The solvers of the benchmark, each keeping its table across positions and files.
struct Solvers {
    exact: Solver,
    weak: Solver,
}

/// The table of the files into `md` (under `connect4_benchmark`), two items per file solved.
pub(super) fn connect4_benchmark(
    opts: &ReportOptions,
    s: &mut Section,
    md: &mut String,
    data: &mut serde_json::Map<String, serde_json::Value>,
) {
    md.push_str("### Connect Four 7×6: the specialised solver on the public benchmark\n\n");
    md.push_str("Negamax with alpha-beta on bitboards, non-losing moves only, threat-count move ordering, a transposition table of upper and lower bounds (2^23 entries, kept across positions) and null-window search (after Pascal Pons). Timings on one core of a shared machine: compare ratios, not absolutes.\n\n");
    md.push_str("The weak columns ask only for win, draw or loss (`duel connect solve --weak`, the window −1..1), with a second solver and table, and compare the signs of the published scores.\n\n");
    md.push_str("| file | positions solved | correct | mean time (ms) | mean nodes | weak: correct signs | weak: mean time (ms) | weak: mean nodes |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n");
    let mut rows = Vec::new();
    let mut solvers = Solvers {
        exact: Solver::new(),
        weak: Solver::new(),
    };
    for (file, text) in BENCHMARK_FILES {
        let n = sample(opts, file);
        if n == 0 {
            continue;
        }
        match parse_test_file(text) {
            Ok(cases) => rows.extend(benchmark_file(file, &cases, n, &mut solvers, s, md)),
            Err(e) => {
                let _ = writeln!(md, "| {file} | unreadable: {e} | | | | | | |");
            }
        }
    }
    if !opts.quick && !opts.longest_rows() {
        md.push_str("\nThe hardest files, Test_L1_R2 and Test_L1_R3 (about a second and half a minute a position), are solved by `duel report --full`.\n");
    }
    md.push('\n');
    data.insert("connect4_benchmark".into(), json!(rows));
}

/// The first `n` positions of `file`: its row of the table into `md`, its two items into `s`,
/// its numbers (none when the solver stopped).
fn benchmark_file(
    file: &str,
    cases: &[TestCase],
    n: usize,
    solvers: &mut Solvers,
    s: &mut Section,
    md: &mut String,
) -> Option<serde_json::Value> {
    let n = n.min(cases.len());
    let both = solve_cases(&mut solvers.exact, &cases[..n], |_| {}).and_then(|res| {
        solve_cases_with(&mut solvers.weak, &cases[..n], true, |_| {}).map(|weak| (res, weak))
    });
    let (res, weak) = match both {
        Ok(both) => both,
        Err(e) => {
            let _ = writeln!(md, "| {file} | error: {e} | | | | | | |");
            return None;
        }
    };
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
        let note = if r.incorrect == 0 {
            format!(
                "mean {:.4} ms, {:.0} nodes per position",
                r.mean_millis, r.mean_nodes
            )
        } else {
            format!("disagreements: {:?}", r.mismatches)
        };
        s.checks.push(
            Claim {
                item: &format!("{file}: {what} of {n} positions"),
                source: &format!("Connect Four benchmark (P. Pons), file {file}{source}"),
                published: &format!("{n} {kind}"),
                computed: &format!("{} {kind}", r.correct),
                note: &note,
            }
            .compared(),
        );
    }
    Some(json!({"file": file, "result": res, "weak": weak, "of": cases.len()}))
}
