//! What the machine offers: the memory a command may plan for (see `duel::limits`).

pub use duel::limits::{available_memory, threads_within_memory};
