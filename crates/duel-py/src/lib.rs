//! The native half of the Python package `duel` (`duel._native`): each function reads its
//! arguments, calls one function of duel's library and returns the library's answer as the
//! JSON document the command line prints with `--json`. The Python half (`python/duel/`)
//! turns that JSON into Python values (exact fractions as `fractions.Fraction`).
//!
//! Long calls run off the interpreter's lock and answer Ctrl-C ([`interrupt`]); library
//! errors become the exceptions of `duel.errors` with the library's message ([`errors`]).

use pyo3::prelude::*;

mod arena;
mod bidding;
mod championship;
mod errors;
mod guesswho;
mod interrupt;
mod liar;
mod search;
mod state;

/// User text in a message, quoted and escaped as the library's messages quote it.
#[pyfunction]
fn quote(text: &str) -> String {
    duel_core::text::quote(text)
}

/// The module `duel._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    guesswho::register(m)?;
    liar::register(m)?;
    bidding::register(m)?;
    search::register(m)?;
    arena::register(m)?;
    championship::register(m)?;
    m.add_class::<state::State>()?;
    m.add_function(wrap_pyfunction!(quote, m)?)?;
    Ok(())
}
