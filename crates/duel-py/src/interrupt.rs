//! Long calls: the work runs on a worker thread while the caller waits without the
//! interpreter's lock (other Python threads run), checking for Ctrl-C every 50 ms. On Ctrl-C
//! the caller gets `KeyboardInterrupt` at once; the library has no way to stop a search part
//! way, so the work finishes on its thread and its answer is dropped.
//!
//! Workers are kept for the next call rather than started for each: a new thread's first
//! large allocations fault their pages in afresh (3.5 ms of a 10 ms search on Connect Four
//! 7×6, benches/bench.py).

use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::Mutex;
use std::time::Duration;

use pyo3::prelude::*;

use crate::errors::{error, Kind};

/// The stack of a worker: the main thread's size on Linux, which the command line runs on.
const STACK_BYTES: usize = 8 << 20;

type Job = Box<dyn FnOnce() + Send>;

/// The workers waiting for a job, each by the sender of its jobs.
static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

/// Gives `job` to an idle worker, or to a new one.
fn submit(job: Job) -> std::io::Result<()> {
    let idle = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop();
    let job = match idle {
        Some(worker) => match worker.send(job) {
            Ok(()) => return Ok(()),
            Err(returned) => returned.0,
        },
        None => job,
    };
    std::thread::Builder::new()
        .name("duel".to_string())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let (tx, rx) = channel::<Job>();
            let mut next = Some(job);
            while let Some(job) = next.take() {
                job();
                IDLE.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(tx.clone());
                next = rx.recv().ok();
            }
        })
        .map(|_| ())
}

/// Runs `work` off the interpreter's lock; `KeyboardInterrupt` (or any exception a signal
/// handler raises) as soon as the user asks.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = channel();
    submit(Box::new(move || {
        // The receiver is gone only after an interrupt: nobody wants the answer.
        let _ = tx.send(work());
    }))
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
