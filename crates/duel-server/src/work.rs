//! The limits of each request's work, and running it off the async threads: a body of at most
//! [`Limits::body_bytes`], at most [`Limits::jobs`] computations at once whose planned memory
//! adds up to at most [`Limits::memory_bytes`] (others wait up to [`Limits::queue`], then are
//! refused), each stopped at [`Limits::time`] through its [`Cancel`] (or as soon as nobody waits
//! for its answer), and started only when the memory it plans for is available.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use duel::cancel::Cancel;
use duel::limits::{available_memory, Bytes};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;

/// 2^20 bytes: the unit of the memory semaphore's permits.
const MIB: u64 = 1 << 20;

/// What one request, one connection and the server may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body.
    pub body_bytes: usize,
    /// Computations running at once.
    pub jobs: usize,
    /// The planned memory of the computations running at once, in bytes: a job waits until
    /// its plan fits beside the others'.
    pub memory_bytes: u64,
    /// How long a request waits for a free job and its memory.
    pub queue: Duration,
    /// The longest computation: past it the work is stopped and the answer refused.
    pub time: Duration,
    /// The longest wait for a request's headers, from the connection's start or the end of
    /// the previous answer on a kept-alive connection (its idle timeout).
    pub header_time: Duration,
    /// The longest read of a request's body.
    pub body_time: Duration,
    /// Connections open at once; more wait in the system's queue until one closes.
    pub connections: usize,
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
            memory_bytes: 2 << 30,
            queue: Duration::from_secs(10),
            time: Duration::from_secs(30),
            header_time: Duration::from_secs(10),
            body_time: Duration::from_secs(10),
            connections: 256,
            agent_millis: 10_000,
            agent_iterations: 10_000_000,
            value_nodes: 20_000_000,
            score_millis: 15_000,
        }
    }
}

/// Cancels its computation when dropped: when the request's future is dropped (the answer
/// was given up at the time limit, or the client left), the work stops.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// The refusal of a computation stopped at the time limit `time`.
pub fn stopped(time: Duration) -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "the computation took more than {} s and was stopped; ask for less",
            time.as_secs_f64()
        ),
    )
}

/// The jobs of one server.
#[derive(Clone)]
pub struct Jobs {
    slots: Arc<Semaphore>,
    memory: Arc<Semaphore>,
    limits: Limits,
}

impl Jobs {
    /// Room for `limits.jobs` computations at once.
    pub fn new(limits: Limits) -> Jobs {
        Jobs {
            slots: Arc::new(Semaphore::new(limits.jobs.max(1))),
            memory: Arc::new(Semaphore::new(mebibytes(limits.memory_bytes) as usize)),
            limits,
        }
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Runs `job` on a blocking thread once a slot is free and `memory` bytes fit within the
    /// planned memory of the jobs running and are available; refused (503) when no slot or
    /// memory frees in time, the memory is not there, or the job takes longer than the time
    /// limit. `job` reads its [`Cancel`] in its long loops: it is cancelled at the time limit
    /// and when the request is dropped, and holds its slot and memory until it returns.
    pub async fn run<T, F>(&self, memory: u64, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Cancel) -> Result<T, ApiError> + Send + 'static,
    {
        let permits = self.acquire(memory).await?;
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
        let time = self.limits.time;
        let cancel = Cancel::until(Instant::now() + time);
        let guard = CancelOnDrop(cancel.clone());
        let handle = tokio::task::spawn_blocking(move || {
            let answer = job(&cancel);
            crate::return_freed_memory();
            drop(permits);
            answer
        });
        let answer = match tokio::time::timeout(time, handle).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the computation failed",
            )),
            Err(_) => Err(stopped(time)),
        };
        drop(guard);
        answer
    }

    /// A job slot and `memory` bytes of the planned memory, within the queue's wait.
    async fn acquire(
        &self,
        memory: u64,
    ) -> Result<(OwnedSemaphorePermit, OwnedSemaphorePermit), ApiError> {
        let l = self.limits;
        let mib = mebibytes(memory);
        if mib > mebibytes(l.memory_bytes) {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "this computation plans for {}, more than the {} this server gives all \
                     computations at once",
                    Bytes(u128::from(memory)),
                    Bytes(u128::from(l.memory_bytes))
                ),
            ));
        }
        let busy = || {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "busy: {} computations are running or their memory ({}) is planned; \
                     try again",
                    l.jobs,
                    Bytes(u128::from(l.memory_bytes))
                ),
            )
        };
        let both = async {
            let slot = self.slots.clone().acquire_owned().await;
            let bytes = self.memory.clone().acquire_many_owned(mib).await;
            slot.ok().zip(bytes.ok())
        };
        tokio::time::timeout(l.queue, both)
            .await
            .ok()
            .flatten()
            .ok_or_else(busy)
    }
}

/// `bytes` in whole MiB, rounded up (at least 1), as the memory semaphore counts them.
fn mebibytes(bytes: u64) -> u32 {
    bytes.div_ceil(MIB).clamp(1, u64::from(u32::MAX >> 3)) as u32
}
