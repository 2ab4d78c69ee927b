//! `duel.bidding`: Richman values, discrete thresholds, the optimal bid and move, periods
//! (`duel bidding richman|threshold|moves|period --json`).

use duel_bidding::answer::{
    moves_answer, parse_chip_pair, parse_player, parse_total, period_answer, richman_answer,
    table_answer, threshold_answer,
};
use duel_bidding::brute::TieRule;
use duel_bidding::games::parse_game;
use duel_core::table::{write_table, Format};
use pyo3::prelude::*;

use crate::errors::{error, input, json, Kind};
use crate::interrupt;

/// `duel bidding richman GAME --json`.
#[pyfunction]
fn bidding_richman(py: Python<'_>, game: &str) -> PyResult<String> {
    let spec = parse_game(game).map_err(input)?;
    let answer = interrupt::run(py, move || richman_answer(&spec, &mut |_, _| ()))?;
    json(&answer.map_err(input)?)
}

/// `duel bidding threshold GAME --chips K --tie-break RULE --json`.
#[pyfunction]
fn bidding_threshold(py: Python<'_>, game: &str, chips: &str, tie_break: &str) -> PyResult<String> {
    let spec = parse_game(game).map_err(input)?;
    let k = parse_total(chips, "--chips").map_err(input)?;
    let rule = TieRule::parse(tie_break).map_err(input)?;
    let answer = interrupt::run(py, move || threshold_answer(&spec, k, rule))?;
    json(&answer.map_err(input)?)
}

/// `duel bidding moves GAME --chips A,B --tie PLAYER --json`: the optimal bid and move.
#[pyfunction]
#[pyo3(signature = (game, position, chips, tie, tie_break))]
fn bidding_moves(
    py: Python<'_>,
    game: &str,
    position: Option<String>,
    chips: &str,
    tie: &str,
    tie_break: &str,
) -> PyResult<String> {
    let spec = parse_game(game).map_err(input)?;
    let (a, b) = parse_chip_pair(chips).map_err(input)?;
    let holder = parse_player(tie).map_err(input)?;
    let rule = TieRule::parse(tie_break).map_err(input)?;
    let answer = interrupt::run(py, move || {
        moves_answer(&spec, position.as_deref(), a, b, holder, rule)
    })?;
    json(&answer.map_err(input)?)
}

/// `duel bidding period GAME [--chips K] --json`: the period of the thresholds.
#[pyfunction]
#[pyo3(signature = (game, chips))]
fn bidding_period(py: Python<'_>, game: &str, chips: Option<&str>) -> PyResult<String> {
    let spec = parse_game(game).map_err(input)?;
    let k = chips
        .map(|c| parse_total(c, "--chips"))
        .transpose()
        .map_err(input)?;
    let answer = interrupt::run(py, move || period_answer(&spec, k, &mut |_, _| ()))?;
    json(&answer.map_err(input)?)
}

/// `duel bidding table GAME --max-chips K --tie-break RULE --json`: `f(G, k)` for every
/// `k = 0..=K`, with the period where one is found.
#[pyfunction]
fn bidding_table(py: Python<'_>, game: &str, max_chips: &str, tie_break: &str) -> PyResult<String> {
    let spec = parse_game(game).map_err(input)?;
    let max_k = parse_total(max_chips, "--max-chips").map_err(input)?;
    let rule = TieRule::parse(tie_break).map_err(input)?;
    let table = interrupt::run(py, move || table_answer(&spec, max_k, rule, &mut |_, _| ()))?
        .map_err(input)?;
    let mut out = Vec::new();
    write_table(&mut out, &table, Format::Json).map_err(|e| error(Kind::Failed, e.to_string()))?;
    String::from_utf8(out).map_err(|e| error(Kind::Failed, e.to_string()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bidding_table, m)?)?;
    m.add_function(wrap_pyfunction!(bidding_richman, m)?)?;
    m.add_function(wrap_pyfunction!(bidding_threshold, m)?)?;
    m.add_function(wrap_pyfunction!(bidding_moves, m)?)?;
    m.add_function(wrap_pyfunction!(bidding_period, m)?)?;
    Ok(())
}
