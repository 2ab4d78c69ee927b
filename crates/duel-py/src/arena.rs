//! `duel.arena`: matches between two search agents (`duel arena`), played in chunks so that
//! Python can write each chunk's records and answer Ctrl-C between them, and the summary of
//! records as one run (`duel arena --json`, `duel arena merge --json`).

use std::path::PathBuf;

use duel_search::answer::budget_of_options;
use duel_search::arena::{
    merge_files, parse_records, run_arena, ArenaConfig, ArenaError, ArenaRun, Shard, Summary,
};
use duel_search::Budget;
use pyo3::prelude::*;

use crate::errors::{error, json, Kind};
use crate::interrupt;

/// The exception of an arena error: files are `DuelIOError`, an agent that failed during a
/// game `DuelError`, the rest bad input.
pub(crate) fn arena_error(e: ArenaError) -> PyErr {
    let kind = match e {
        ArenaError::Read { .. } | ArenaError::Write { .. } => Kind::Io,
        ArenaError::Match { .. } => Kind::Failed,
        _ => Kind::Input,
    };
    error(kind, e.to_string())
}

/// `duel arena GAME --a A --b B --games N ... --shard I/N`: the records of the games of the
/// shard, one JSON line each (the lines `--out` writes), by game index.
#[pyfunction]
#[pyo3(signature = (game, a, b, games, iterations, millis, b_iterations, b_millis, seed, threads, shard_index, shard_count))]
#[allow(clippy::too_many_arguments)]
fn arena_records(
    py: Python<'_>,
    game: String,
    a: String,
    b: String,
    games: u64,
    iterations: Option<u64>,
    millis: Option<u64>,
    b_iterations: Option<u64>,
    b_millis: Option<u64>,
    seed: u64,
    threads: Option<usize>,
    shard_index: u64,
    shard_count: u64,
) -> PyResult<String> {
    let input = |e: duel_search::answer::AnswerError| error(Kind::Input, e.to_string());
    // The command line's default budget of a move in a match.
    let budget = budget_of_options(iterations, millis, "")
        .map_err(input)?
        .unwrap_or(Budget::Iterations(1000));
    let b_budget = budget_of_options(b_iterations, b_millis, "b-").map_err(input)?;
    let config = ArenaConfig {
        game,
        a,
        b,
        games,
        budget,
        b_budget,
        seed,
        threads,
        memory: duel_core::limits::available_memory(),
        shard: Shard {
            index: shard_index,
            count: shard_count,
        },
        referee: false,
    };
    let run = interrupt::run(py, move || run_arena(&config, &|| ()))?.map_err(arena_error)?;
    Ok(run.jsonl())
}

/// The answer of `duel arena --json` for the records `jsonl` (lines of one run, any order)
/// of shard `I/N`.
#[pyfunction]
fn arena_answer(jsonl: &str, shard_index: u64, shard_count: u64) -> PyResult<String> {
    let lines = parse_records(jsonl, "records").map_err(arena_error)?;
    let first = lines
        .first()
        .ok_or_else(|| error(Kind::Input, "no game records"))?;
    let info = first.run.clone();
    let mut records: Vec<_> = lines.into_iter().map(|l| l.record).collect();
    records.sort_by_key(|r| r.game_index);
    let summary = Summary::of(&info.game, &info.a, &info.b, &records)
        .ok_or_else(|| error(Kind::Input, "no game records"))?;
    let run = ArenaRun {
        info,
        records,
        summary,
        shard: Shard {
            index: shard_index,
            count: shard_count,
        },
        resumed: 0,
    };
    json(&run.answer())
}

/// `--shard I/N` read as the command line reads it: `(I, N)`.
#[pyfunction]
fn arena_shard(text: &str) -> PyResult<(u64, u64)> {
    let s = Shard::parse(text).map_err(arena_error)?;
    Ok((s.index, s.count))
}

/// `duel arena merge FILE... --json`.
#[pyfunction]
fn arena_merge(py: Python<'_>, files: Vec<PathBuf>) -> PyResult<String> {
    let merged = interrupt::run(py, move || merge_files(&files))?.map_err(arena_error)?;
    json(&merged)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(arena_records, m)?)?;
    m.add_function(wrap_pyfunction!(arena_answer, m)?)?;
    m.add_function(wrap_pyfunction!(arena_merge, m)?)?;
    m.add_function(wrap_pyfunction!(arena_shard, m)?)?;
    Ok(())
}
