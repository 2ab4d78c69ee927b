//! `duel.search`: an agent's move (`duel search best --json`) and the exact value of a
//! position (`duel search value --json`).

use duel_search::answer::{best, value, BestRequest, DEFAULT_ITERATIONS};
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
    let answer = if is_short(iterations, millis) {
        py.detach(|| best(&request))
    } else {
        interrupt::run(py, move || best(&request))?
    };
    json(&answer.map_err(input)?)
}

/// The most iterations of a search run on the caller's thread: well under a second for
/// every agent (0.4 to 1.7 million MCTS iterations a second on Connect Four 7×6; the
/// solver's iterations are faster).
const SHORT_ITERATIONS: u64 = 100_000;

/// The most milliseconds of a search run on the caller's thread.
const SHORT_MILLIS: u64 = 200;

/// Whether a search is short enough to run on the caller's thread (still without the
/// interpreter's lock) rather than on a worker that answers Ctrl-C: handing the work to a
/// worker and the answer back costs two thread wake-ups, 0.4 ms at the least and several on
/// a loaded machine, a tenth of a 10,000-iteration search of Connect Four 7×6 or more.
fn is_short(iterations: Option<u64>, millis: Option<u64>) -> bool {
    match (iterations, millis) {
        (_, Some(ms)) => ms <= SHORT_MILLIS,
        (n, None) => n.unwrap_or(DEFAULT_ITERATIONS) <= SHORT_ITERATIONS,
    }
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

/// The seconds of one call of the library's `best` alone (no JSON, no Python): the baseline of the Python call's overhead (`benches/bench.py`).
#[pyfunction]
fn bench_search_best(
    py: Python<'_>,
    game: String,
    position: String,
    agent: String,
    iterations: u64,
    seed: u64,
) -> PyResult<f64> {
    let request = BestRequest {
        game,
        position,
        agent,
        iterations: Some(iterations),
        millis: None,
        seed,
    };
    py.detach(|| {
        let start = std::time::Instant::now();
        best(&request).map(|_| start.elapsed().as_secs_f64())
    })
    .map_err(input)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bench_search_best, m)?)?;
    m.add_function(wrap_pyfunction!(search_best, m)?)?;
    m.add_function(wrap_pyfunction!(search_value, m)?)?;
    Ok(())
}
