//! Long calls: the work runs on its own thread while the caller waits without the
//! interpreter's lock (other Python threads run), checking for Ctrl-C every 50 ms. On Ctrl-C
//! the caller gets `KeyboardInterrupt` at once; the library has no way to stop a search part
//! way, so the work finishes on its thread and its answer is dropped.

use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

use pyo3::prelude::*;

use crate::errors::{error, Kind};

/// The stack of a worker: the main thread's size on Linux, which the command line runs on.
const STACK_BYTES: usize = 8 << 20;

/// Runs `work` off the interpreter's lock; `KeyboardInterrupt` (or any exception a signal
/// handler raises) as soon as the user asks.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = channel();
    std::thread::Builder::new()
        .name("duel".to_string())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            // The receiver is gone only after an interrupt: nobody wants the answer.
            let _ = tx.send(work());
        })
        .map_err(|e| error(Kind::Failed, format!("cannot start a thread: {e}")))?;
    let mut rx = rx;
    loop {
        // The receiver moves in and out: waiting needs it, and it is not `Sync`.
        let (got, back) = py.detach(move || (rx.recv_timeout(Duration::from_millis(50)), rx));
        rx = back;
        match got {
            Ok(answer) => return Ok(answer),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(error(
                    Kind::Failed,
                    "internal error: the work stopped without an answer (a bug in duel; please report it)",
                ))
            }
        }
    }
}
