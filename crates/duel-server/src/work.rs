//! The limits of each request's work, and running it off the async threads: a body of at most
//! [`Limits::body_bytes`], at most [`Limits::jobs`] computations at once (others wait up to
//! [`Limits::queue`], then are refused), each answered within [`Limits::time`] or refused, and
//! started only when the memory it plans for is available.

use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use duel::limits::{available_memory, Bytes};
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// What one request may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body.
    pub body_bytes: usize,
    /// Computations running at once.
    pub jobs: usize,
    /// How long a request waits for a free job.
    pub queue: Duration,
    /// The longest computation before the answer is refused.
    pub time: Duration,
    /// The longest move of a search agent, in milliseconds.
    pub agent_millis: u64,
    /// The most iterations of a search agent's move.
    pub agent_iterations: u64,
    /// The most positions of each exact move value.
    pub value_nodes: u64,
    /// The longest search for the exact Connect Four scores of every column, in
    /// milliseconds; past it the answer says so and the page keeps win/draw/loss.
    pub score_millis: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_bytes: 64 * 1024,
            jobs: 4,
            queue: Duration::from_secs(10),
            time: Duration::from_secs(30),
            agent_millis: 10_000,
            agent_iterations: 10_000_000,
            value_nodes: 20_000_000,
            score_millis: 5_000,
        }
    }
}

/// The jobs of one server.
#[derive(Clone)]
pub struct Jobs {
    slots: Arc<Semaphore>,
    limits: Limits,
}

impl Jobs {
    /// Room for `limits.jobs` computations at once.
    pub fn new(limits: Limits) -> Jobs {
        Jobs {
            slots: Arc::new(Semaphore::new(limits.jobs.max(1))),
            limits,
        }
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Runs `job` on a blocking thread once a slot is free and `memory` bytes are available;
    /// refused (503) when no slot frees in time, the memory is not there, or the job takes
    /// longer than the time limit (its thread then finishes alone, its slot held until then).
    pub async fn run<T, F>(&self, memory: u64, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let busy = || {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "busy: {} computations are running; try again",
                    self.limits.jobs
                ),
            )
        };
        let permit = tokio::time::timeout(self.limits.queue, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        if let Some(free) = available_memory() {
            if free < memory {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "this computation plans for {} of memory and only {} is available",
                        Bytes(u128::from(memory)),
                        Bytes(u128::from(free))
                    ),
                ));
            }
        }
        let handle = tokio::task::spawn_blocking(move || {
            let answer = job();
            drop(permit);
            answer
        });
        match tokio::time::timeout(self.limits.time, handle).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the computation failed",
            )),
            Err(_) => Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the computation took more than {} s and was abandoned; ask for less",
                    self.limits.time.as_secs()
                ),
            )),
        }
    }
}
