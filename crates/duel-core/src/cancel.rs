//! Stopping a long computation from outside: a [`Cancel`] is a deadline and a flag that
//! the computation reads between steps of its long loops (a layer, a total, a block of
//! positions), so that work nobody waits for any more ends and frees its memory.
//!
//! ```
//! use std::time::{Duration, Instant};
//! use duel_core::cancel::Cancel;
//!
//! let cancel = Cancel::until(Instant::now() + Duration::from_secs(60));
//! assert!(!cancel.is_cancelled());
//! cancel.clone().cancel();
//! assert!(cancel.is_cancelled());
//! assert!(!Cancel::never().is_cancelled());
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use thiserror::Error;

/// A deadline and a flag shared by every clone: the computation holding one stops once the
/// deadline passes or any clone calls [`Cancel::cancel`].
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

/// A computation stopped by its [`Cancel`] before it finished.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("the computation was stopped: its time was up or nobody waits for its answer")]
pub struct Cancelled;

impl Cancel {
    /// Never cancelled unless [`Cancel::cancel`] is called.
    pub fn never() -> Cancel {
        Cancel::default()
    }

    /// Cancelled at `deadline`, or earlier by [`Cancel::cancel`].
    pub fn until(deadline: Instant) -> Cancel {
        Cancel {
            flag: Arc::default(),
            deadline: Some(deadline),
        }
    }

    /// Cancels this computation and every clone's.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// The deadline, if any: work with a budget of its own (milliseconds) can end by it.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the computation should stop: cancelled, or past its deadline. Reads an atomic
    /// and, with a deadline, the clock (tens of nanoseconds): call it between steps of at least
    /// microseconds.
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// `Err(Cancelled)` when [`Cancel::is_cancelled`], for `?` in a loop.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_past_deadline_cancels_and_a_future_one_does_not() {
        let now = Instant::now();
        assert_eq!(Cancel::until(now).check(), Err(Cancelled));
        assert_eq!(
            Cancel::until(now + Duration::from_secs(3600)).check(),
            Ok(())
        );
    }

    #[test]
    fn cancelling_one_clone_cancels_all() {
        let a = Cancel::never();
        let b = a.clone();
        assert!(!b.is_cancelled());
        a.cancel();
        assert!(b.is_cancelled());
        assert!(!Cancel::never().is_cancelled());
    }
}
