//! Large tables allocated only after a check against the memory the process can get.

use duel_core::limits::{available_memory, check_memory};

use crate::BiddingError;

/// `len` copies of `fill`, refused with the bytes needed ([`BiddingError::Memory`]) where
/// they are past `limit` bytes or the memory available (`ulimit -v` included), or where the
/// system refuses them. `what` names the table in the message.
pub(crate) fn filled_table<T: Clone>(
    len: usize,
    fill: T,
    what: &str,
    limit: u64,
) -> Result<Vec<T>, BiddingError> {
    let mut table = reserved(len, what, limit)?;
    table.resize(len, fill);
    Ok(table)
}

/// An empty vector with room for `len` values, checked and refused as [`filled_table`].
pub(crate) fn reserved<T>(len: usize, what: &str, limit: u64) -> Result<Vec<T>, BiddingError> {
    let bytes = len as u128 * std::mem::size_of::<T>() as u128;
    let limit = available_memory().map_or(limit, |m| m.min(limit));
    check_memory(what, bytes, limit)?;
    let mut table = Vec::new();
    table
        .try_reserve_exact(len)
        .map_err(|_| BiddingError::AllocationRefused {
            what: what.to_string(),
            needed_bytes: bytes,
        })?;
    Ok(table)
}
