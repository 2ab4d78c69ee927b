//! The limits of the liar game's solvers: the sizes of games they accept and the memory and
//! time their memo budgets allow.

use duel_core::limits::Limits;

/// The largest number of lies the solvers accept.
pub const MAX_LIES: usize = 30;

/// The largest number of questions the exact `u128` machinery accepts (`2^q` and every
/// volume must fit in a `u128` with room to add two of them).
pub const MAX_QUESTIONS: u32 = 120;

/// Peak bytes per memo entry with a packed key, measured: a `(Key, value)` pair is 48 bytes,
/// plus one control byte, in a hash map that holds at most 7/8 of its buckets and doubles them
/// when full, the old and the new table both alive while it moves. Just past a doubling that
/// is `3 · 2^k · 49` bytes for `7/8 · 2^k` entries, 168 bytes an entry. Measured with
/// `/usr/bin/time -v` (maximum resident set size less the 5 MB of an idle `duel`) on
/// `duel liar table --max-n 100000000 --lies 1 --max-states S`, which stops with exactly `S`
/// entries: 169.9 bytes an entry at S = 917 505 and at S = 3 670 017 (just past a doubling),
/// 84 at S = 3 670 016 (just before it). The worst case is the one that counts.
pub const BYTES_PER_ENTRY: u64 = 170;

/// The most memory a memo budget may ask for: 8 GiB, the limit of Guess Who's tables too.
pub const MAX_MEMO_BYTES: u64 = Limits::DEFAULT.liar_memo_bytes;

/// The default memory budget in memo entries (at most about 170 bytes each with packed keys:
/// ~5.1 GB; see [`BYTES_PER_ENTRY`]).
pub const DEFAULT_MAX_STATES: usize = 30_000_000;

/// Question evaluations allowed per memo entry of the budget: bounds the time of a search
/// as the memo budget bounds its memory.
pub const WORK_PER_STATE: u64 = 4;
