//! `duel.liar`: the Rényi–Ulam liar game (`duel liar solve` and `duel liar min-questions`).

use duel_core::table::{write_table, Format};
use duel_liar::answer::{solve, table, SolveRequest, Start};
use duel_liar::{min_questions_with, Budget, Variant};
use pyo3::prelude::*;

use crate::errors::{error, input, json, Kind};
use crate::interrupt;

/// `duel liar solve --json`: who wins, the Berlekamp volume, Paul's first question.
#[pyfunction]
#[pyo3(signature = (questions, n, state, lies, ask, pathological, max_states, max_steps))]
#[allow(clippy::too_many_arguments)]
fn liar_solve(
    py: Python<'_>,
    questions: u32,
    n: Option<u64>,
    state: Option<Vec<u64>>,
    lies: Option<usize>,
    ask: Option<Vec<u64>>,
    pathological: bool,
    max_states: usize,
    max_steps: u64,
) -> PyResult<String> {
    let start = match (state, n) {
        (Some(x), _) => Start::State(x),
        (None, Some(n)) => Start::Objects(n),
        (None, None) => return Err(error(Kind::Input, "duel liar solve needs --n N")),
    };
    let request = SolveRequest {
        start,
        lies,
        questions,
        ask,
        variant: if pathological {
            Variant::Pathological
        } else {
            Variant::Original
        },
        budget: Budget::uniform(max_states, max_steps),
    };
    let answer = interrupt::run(py, move || solve(&request))?.map_err(input)?;
    json(&answer)
}

/// `duel liar min-questions --json`: the fewest questions Paul needs, with its bounds.
#[pyfunction]
fn liar_min_questions(
    py: Python<'_>,
    n: u64,
    lies: usize,
    max_states: usize,
    max_steps: u64,
) -> PyResult<String> {
    let budget = Budget::uniform(max_states, max_steps);
    let answer = interrupt::run(py, move || {
        min_questions_with(n, lies, budget, &mut |_, _| ())
    })?
    .map_err(input)?;
    json(&answer)
}

/// `duel liar table --max-n N --lies E [--pathological] --json`: for every `n` from 1, the
/// extreme number of questions with which Paul wins and the one the volume bound allows.
#[pyfunction]
fn liar_table(
    py: Python<'_>,
    max_n: u64,
    lies: usize,
    pathological: bool,
    max_states: usize,
) -> PyResult<String> {
    let variant = if pathological {
        Variant::Pathological
    } else {
        Variant::Original
    };
    let t = interrupt::run(py, move || table(variant, lies, max_n, max_states))?.map_err(input)?;
    let mut out = Vec::new();
    write_table(&mut out, &t, Format::Json).map_err(|e| error(Kind::Failed, e.to_string()))?;
    String::from_utf8(out).map_err(|e| error(Kind::Failed, e.to_string()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(liar_table, m)?)?;
    m.add_function(wrap_pyfunction!(liar_solve, m)?)?;
    m.add_function(wrap_pyfunction!(liar_min_questions, m)?)?;
    Ok(())
}
