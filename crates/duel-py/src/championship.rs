//! `duel.arena.championship` and the pieces a cluster runs it by: the games of one shard
//! as record lines (a task's work), the games a records file already holds (what a resumed
//! run skips), and the ranking of a whole file (`duel arena championship --out F --json`).

use std::collections::BTreeSet;
use std::path::PathBuf;

use duel_search::answer::budget_of_options_with_work;
use duel_search::arena::championship::{
    championship_held, championship_shard, line_text, run_championship, ChampionshipConfig,
};
use duel_search::arena::Shard;
use duel_search::Budget;
use pyo3::prelude::*;

use crate::arena::arena_error;
use crate::errors::{error, json, Kind};
use crate::interrupt;

/// The parameters of a championship, as `duel arena championship` reads them: a dict of
/// these keys (`from_` is `--from`).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct Params {
    game: String,
    agent: String,
    grid: u32,
    from_: u32,
    games: u64,
    iterations: Option<u64>,
    millis: Option<u64>,
    work: Option<u64>,
    seed: u64,
    threads: Option<usize>,
}

impl Params {
    fn config(self) -> PyResult<ChampionshipConfig> {
        let budget = budget_of_options_with_work(self.iterations, self.millis, self.work, "")
            .map_err(|e| error(Kind::Input, e.to_string()))?
            .unwrap_or(Budget::Iterations(1000));
        Ok(ChampionshipConfig {
            game: self.game,
            agent: self.agent,
            grid: self.grid,
            from: self.from_,
            games: self.games,
            budget,
            seed: self.seed,
            threads: self.threads,
            memory: duel_core::limits::available_memory(),
            referee: false,
        })
    }
}

/// The record lines (`--out`'s) of the games of shard `I/N` not in `held`, by index.
#[pyfunction]
fn championship_records(
    py: Python<'_>,
    params: Params,
    shard_index: u64,
    shard_count: u64,
    held: Vec<u64>,
) -> PyResult<String> {
    let config = params.config()?;
    let shard = Shard {
        index: shard_index,
        count: shard_count,
    };
    let held: BTreeSet<u64> = held.into_iter().collect();
    let lines = interrupt::run(py, move || championship_shard(&config, shard, &held))?
        .map_err(arena_error)?;
    Ok(lines.iter().map(line_text).collect())
}

/// The indices of the championship's games the records file `out` holds, in order.
#[pyfunction]
fn championship_held_games(py: Python<'_>, params: Params, out: PathBuf) -> PyResult<Vec<u64>> {
    let config = params.config()?;
    interrupt::run(py, move || championship_held(&config, &out))?.map_err(arena_error)
}

/// `duel arena championship --json` (with `--out` when `out` is given: resumed from it, each
/// game written to it as it ends).
#[pyfunction]
#[pyo3(signature = (params, out))]
fn championship(py: Python<'_>, params: Params, out: Option<PathBuf>) -> PyResult<String> {
    let config = params.config()?;
    let answer = interrupt::run(py, move || {
        run_championship(&config, out.as_deref(), &|_| ())
    })?
    .map_err(arena_error)?;
    json(&answer)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(championship_records, m)?)?;
    m.add_function(wrap_pyfunction!(championship_held_games, m)?)?;
    m.add_function(wrap_pyfunction!(championship, m)?)?;
    Ok(())
}
