//! `duel.search`: an agent's move (`duel search best --json`) and the exact value of a
//! position (`duel search value --json`).

use duel_search::answer::{best, value, BestRequest};
use pyo3::prelude::*;

use crate::errors::{input, json};
use crate::interrupt;

/// `duel search best GAME --position MOVES --agent SPEC [--iterations N | --millis T]
/// --seed S --json`.
#[pyfunction]
#[pyo3(signature = (game, position, agent, iterations, millis, seed))]
fn search_best(
    py: Python<'_>,
    game: String,
    position: String,
    agent: String,
    iterations: Option<u64>,
    millis: Option<u64>,
    seed: u64,
) -> PyResult<String> {
    let request = BestRequest {
        game,
        position,
        agent,
        iterations,
        millis,
        seed,
    };
    let answer = interrupt::run(py, move || best(&request))?.map_err(input)?;
    json(&answer)
}

/// `duel search value GAME --position MOVES --max-nodes N --json`.
#[pyfunction]
fn search_value(
    py: Python<'_>,
    game: String,
    position: String,
    max_nodes: u64,
) -> PyResult<String> {
    let answer = interrupt::run(py, move || value(&game, &position, max_nodes))?.map_err(input)?;
    json(&answer)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(search_best, m)?)?;
    m.add_function(wrap_pyfunction!(search_value, m)?)?;
    Ok(())
}
