//! `duel.guess_who`: the exact value of a position (`duel guess-who value --json`) and the
//! table of every value up to a size (`duel guess-who table`).

use duel_guesswho::value::{value, ValueQuery};
use duel_guesswho::{Questions, Rules, Table};
use pyo3::prelude::*;

use duel_core::table::{write_table, Format};

use crate::errors::{error, input, json, Kind};
use crate::interrupt;

/// The rules and question kind, read as the command line reads `--rules` and `--questions`.
fn variant(rules: &str, questions: &str) -> PyResult<(Rules, Questions)> {
    Ok((
        rules.parse().map_err(input)?,
        questions.parse().map_err(input)?,
    ))
}

/// `duel guess-who value N M --json`: the JSON document of the exact value of `(n, m)`.
#[pyfunction]
#[pyo3(signature = (n, m, rules, questions, mv, max_steps))]
fn guess_who_value(
    py: Python<'_>,
    n: u64,
    m: u64,
    rules: &str,
    questions: &str,
    mv: Option<&str>,
    max_steps: f64,
) -> PyResult<String> {
    let (rules, questions) = variant(rules, questions)?;
    let query = ValueQuery {
        mv: mv.map(str::parse).transpose().map_err(input)?,
        max_steps,
        ..ValueQuery::new(n, m, rules, questions)
    };
    let answer = interrupt::run(py, move || value(&query, &mut |_, _| ()))?.map_err(input)?;
    json(&answer)
}

/// `duel guess-who table --max N --json`: the table's JSON document (`rows` of `n`, `m`, `p`,
/// `p_float`).
#[pyfunction]
fn guess_who_table(py: Python<'_>, max: u64, rules: &str, questions: &str) -> PyResult<String> {
    let (rules, questions) = variant(rules, questions)?;
    let table = interrupt::run(py, move || Table::solve(max, rules, questions))?.map_err(input)?;
    let mut out = Vec::new();
    write_table(&mut out, &table, Format::Json).map_err(|e| error(Kind::Failed, e.to_string()))?;
    String::from_utf8(out).map_err(|e| error(Kind::Failed, e.to_string()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(guess_who_value, m)?)?;
    m.add_function(wrap_pyfunction!(guess_who_table, m)?)?;
    Ok(())
}
