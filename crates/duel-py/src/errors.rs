//! Library errors as Python exceptions: the classes live in `duel.errors` (a bad input is a
//! `duel.InputError`, both a `duel.DuelError` and a `ValueError`); the message is the
//! library's, the one line the command line prints after `duel: error:`.

use pyo3::prelude::*;

/// Which exception of `duel.errors` an error becomes.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// Bad input: a name, a size, a budget, a limit (`duel.InputError`, a `ValueError`).
    Input,
    /// A file that cannot be read or written (`duel.DuelIOError`, an `OSError`).
    Io,
    /// Valid input whose work failed (`duel.DuelError`).
    Failed,
}

impl Kind {
    fn class(self) -> &'static str {
        match self {
            Kind::Input => "InputError",
            Kind::Io => "DuelIOError",
            Kind::Failed => "DuelError",
        }
    }
}

/// The exception of `kind` carrying `message`.
pub fn error(kind: Kind, message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| {
        let made = py
            .import("duel.errors")
            .and_then(|m| m.getattr(kind.class()))
            .and_then(|class| class.call1((message.clone(),)));
        match made {
            Ok(e) => PyErr::from_value(e),
            // duel.errors is part of the package; without it, still a ValueError.
            Err(_) => pyo3::exceptions::PyValueError::new_err(message),
        }
    })
}

/// A bad input's exception.
pub fn input(e: impl std::fmt::Display) -> PyErr {
    error(Kind::Input, e.to_string())
}

/// The answer as its JSON document.
pub fn json(answer: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(answer).map_err(|e| error(Kind::Failed, e.to_string()))
}
