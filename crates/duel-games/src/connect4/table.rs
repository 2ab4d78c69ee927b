//! The Connect Four solver's transposition table: buckets of two 64-bit entries (16 bytes,
//! a quarter of a cache line), each entry holding part of its position's key, a lower and an upper
//! bound of the score (both kept, so that the successive null-window searches of one solve
//! narrow one entry), the column that last cut off, and the log2 of the positions explored
//! below it (what the replacement rule keeps). An entry is one atomic word, read and written
//! whole, so threads share the table without locks and never read a torn entry.
//!
//! Keys are exact, never confused: a key of B bits (B = W·(H+1)) is mixed by a bijection of
//! the B-bit numbers (a multiplication by an odd constant modulo 2^B); the bucket is the top
//! bits of the mixed key, the entry keeps its low [`KEY_BITS`] bits. Two keys alike in both
//! are alike in every bit when the buckets number at least 2^(B − KEY_BITS), which
//! [`Table::min_bytes`] asks of the table's size.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use duel_core::limits::{available_memory, check_memory, TooLarge};

/// Entries in a bucket.
pub(crate) const BUCKET: usize = 2;
/// Bits of the log2 of the positions explored below an entry.
pub(crate) const WORK_BITS: u32 = 5;
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// How an entry's data word is laid out, from the top: the tag (the low bits of the mixed
/// key), the lower and the upper bound of the score (each offset by half its range), the
/// work below, the column that cut off (+1; 0 for none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// Bits of each bound.
    pub bound_bits: u32,
    /// Bits of the column.
    pub move_bits: u32,
}

/// The layout of [`Table`]: bounds of 6 bits (the bounds a search stores lie within
/// ±(W·H − 1)/2, so they fit on every board of at most 62 cells, which every 64-bit board
/// is), columns of 4 bits (up to 15 columns), a tag of 43 bits.
pub(crate) const NARROW: Layout = Layout {
    bound_bits: 6,
    move_bits: 4,
};
/// Bits of the mixed key kept in an entry of [`Table`].
pub(crate) const KEY_BITS: u32 = NARROW.key_bits();

impl Layout {
    /// Bits of the tag.
    pub(crate) const fn key_bits(self) -> u32 {
        64 - 2 * self.bound_bits - WORK_BITS - self.move_bits
    }

    const fn offset(self) -> i32 {
        1 << (self.bound_bits - 1)
    }

    #[inline(always)]
    pub(crate) fn tag(self, word: u64) -> u64 {
        word >> (64 - self.key_bits())
    }

    #[inline(always)]
    fn work(self, word: u64) -> u64 {
        (word >> self.move_bits) & ((1 << WORK_BITS) - 1)
    }

    #[inline]
    pub(crate) fn decode(self, w: u64) -> Known {
        let field = |shift: u32, bits: u32| ((w >> shift) & ((1u64 << bits) - 1)) as i32;
        let (b, m) = (self.bound_bits, self.move_bits);
        let lower = field(m + WORK_BITS + b, b) - self.offset();
        let upper = field(m + WORK_BITS, b) - self.offset();
        let column = field(0, m);
        Known {
            lower,
            upper,
            column: (column != 0).then(|| column as u32 - 1),
        }
    }

    /// The entry of a bucket (of data words `words`) that a new entry of `tag` replaces, and
    /// the new entry's word: bounds merged with those of the entry where `same(i, word)`
    /// says the position is already, else the empty entry or the one with the least work.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn merge(
        self,
        words: &[u64; BUCKET],
        same: impl Fn(usize, u64) -> bool,
        tag: u64,
        lower: i32,
        upper: i32,
        column: Option<u32>,
        work: u64,
    ) -> (usize, u64) {
        let mut victim = 0;
        let mut least = u64::MAX;
        let (mut lower, mut upper, mut column) = (lower, upper, column);
        let mut work_log = u64::from(64 - work.leading_zeros()).min((1 << WORK_BITS) - 1);
        for (i, &w) in words.iter().enumerate() {
            if w != 0 && same(i, w) {
                let old = self.decode(w);
                lower = lower.max(old.lower);
                upper = upper.min(old.upper);
                column = column.or(old.column);
                work_log = work_log.max(self.work(w));
                victim = i;
                break;
            }
            let held = if w == 0 { 0 } else { 1 + self.work(w) };
            if held < least {
                least = held;
                victim = i;
            }
        }
        let off = self.offset();
        let enc = |s: i32| (s.clamp(-off, off - 1) + off) as u64;
        let (b, m) = (self.bound_bits, self.move_bits);
        // A column past the field's range is not kept: it is only a hint.
        let column = column.filter(|&c| c + 1 < (1 << m));
        let word = (tag << (64 - self.key_bits()))
            | (enc(lower) << (m + WORK_BITS + b))
            | (enc(upper) << (m + WORK_BITS))
            | (work_log << m)
            | column.map_or(0, |c| u64::from(c) + 1);
        (victim, word)
    }
}

/// What the table knows of a position: bounds of its score and the column (0-based) that
/// last cut off there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    pub lower: i32,
    pub upper: i32,
    pub column: Option<u32>,
}

/// The shared table: 2^`log_buckets` buckets.
pub struct Table {
    entries: Vec<AtomicU64>,
    key_bits: u32,
    log_buckets: u32,
}

impl Table {
    /// Bytes of one bucket.
    pub const BUCKET_BYTES: u64 = (BUCKET * 8) as u64;

    /// The fewest bytes of a table for keys of `key_bits` bits: 1 MiB, or more where the
    /// keys need more buckets to stay exact.
    pub fn min_bytes(key_bits: u32) -> u64 {
        let log = key_bits.saturating_sub(KEY_BITS).max(16);
        Self::BUCKET_BYTES << log
    }

    /// The bytes of the table that [`Table::try_new`] builds from `bytes`: the largest
    /// power of two of buckets within them.
    pub fn bytes_within(bytes: u64) -> u64 {
        let buckets = (bytes / Self::BUCKET_BYTES).max(1);
        Self::BUCKET_BYTES << (63 - buckets.leading_zeros())
    }

    /// A table of at most `bytes` bytes for keys of `key_bits` bits, every page written
    /// once now (so that no search pays for its first touch). Refused with the bytes it
    /// needs where that is past the memory available or the system refuses it; `bytes`
    /// below [`Table::min_bytes`] must be checked by the caller.
    pub fn try_new(bytes: u64, key_bits: u32) -> Result<Table, TooLarge> {
        let bytes = Self::bytes_within(bytes.max(Self::min_bytes(key_bits)));
        let entries = zeroed_words(bytes)?;
        let log_buckets = (bytes / Self::BUCKET_BYTES).trailing_zeros();
        Ok(Table {
            entries,
            key_bits,
            log_buckets,
        })
    }

    /// The table's memory in bytes.
    pub fn bytes(&self) -> u64 {
        self.entries.len() as u64 * 8
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for e in &mut self.entries {
            *e.get_mut() = 0;
        }
    }

    /// The bucket's first entry and the kept part of the key (never 0, so that an empty
    /// entry matches no key).
    #[inline]
    fn locate(&self, key: u64) -> (usize, u64) {
        let mask = if self.key_bits >= 64 {
            u64::MAX
        } else {
            (1u64 << self.key_bits) - 1
        };
        let mixed = key.wrapping_mul(MIX) & mask;
        let shift = self.key_bits.saturating_sub(self.log_buckets);
        let bucket = (mixed >> shift) as usize & ((1usize << self.log_buckets) - 1);
        (bucket * BUCKET, mixed & ((1u64 << KEY_BITS) - 1))
    }

    /// Starts loading the bucket of `key` into the cache, so that a probe soon after does
    /// not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let (first, _) = self.locate(key);
            let at = self.entries[first..].as_ptr().cast::<i8>();
            // SAFETY: a prefetch is a hint that never faults nor changes memory; `at` points
            // into the table.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// What the table knows of the position of `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Known> {
        let (first, tag) = self.locate(key);
        for e in &self.entries[first..first + BUCKET] {
            let w = e.load(Relaxed);
            if w != 0 && NARROW.tag(w) == tag {
                return Some(NARROW.decode(w));
            }
        }
        None
    }

    /// Records bounds of the score of the position of `key` (`i32::MIN` / `i32::MAX` for
    /// none), merged with those already known of it, with the column that cut off (if any)
    /// and `work`, the positions explored to find them. Another position's entry gives way
    /// where the bucket is full: the one with the least work.
    #[inline]
    pub fn put(&self, key: u64, lower: i32, upper: i32, column: Option<u32>, work: u64) {
        let (first, tag) = self.locate(key);
        let bucket = &self.entries[first..first + BUCKET];
        let words = [bucket[0].load(Relaxed), bucket[1].load(Relaxed)];
        let (victim, word) = NARROW.merge(
            &words,
            |_, w| NARROW.tag(w) == tag,
            tag,
            lower,
            upper,
            column,
            work,
        );
        bucket[victim].store(word, Relaxed);
    }
}

/// A transposition table of keys of type `K`, as [`Table`] describes.
pub trait KeyTable<K>: Sized + Send + Sync {
    /// The fewest bytes of a table for keys of `key_bits` bits.
    fn min_bytes(key_bits: u32) -> u64;
    /// The bytes of the table that [`KeyTable::try_new`] builds from `bytes`.
    fn bytes_within(bytes: u64) -> u64;
    /// A table of at most `bytes` bytes for keys of `key_bits` bits, every page written.
    fn try_new(bytes: u64, key_bits: u32) -> Result<Self, TooLarge>;
    /// The table's memory in bytes.
    fn bytes(&self) -> u64;
    /// Forgets every entry.
    fn clear(&mut self);
    /// Starts loading the bucket of `key` into the cache.
    fn prefetch(&self, key: K);
    /// What the table knows of the position of `key`.
    fn get(&self, key: K) -> Option<Known>;
    /// Records bounds of the score of the position of `key` (see [`Table::put`]).
    fn put(&self, key: K, lower: i32, upper: i32, column: Option<u32>, work: u64);
}

impl KeyTable<u64> for Table {
    fn min_bytes(key_bits: u32) -> u64 {
        Table::min_bytes(key_bits)
    }
    fn bytes_within(bytes: u64) -> u64 {
        Table::bytes_within(bytes)
    }
    fn try_new(bytes: u64, key_bits: u32) -> Result<Self, TooLarge> {
        Table::try_new(bytes, key_bits)
    }
    fn bytes(&self) -> u64 {
        Table::bytes(self)
    }
    fn clear(&mut self) {
        Table::clear(self)
    }
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        Table::prefetch(self, key)
    }
    #[inline(always)]
    fn get(&self, key: u64) -> Option<Known> {
        Table::get(self, key)
    }
    #[inline(always)]
    fn put(&self, key: u64, lower: i32, upper: i32, column: Option<u32>, work: u64) {
        Table::put(self, key, lower, upper, column, work)
    }
}

/// `bytes / 8` zeroed words, allocated zeroed (fresh pages from the system, which it zeroes
/// on their first touch): a search pays only for the pages it writes, so a few small
/// positions with a large table do not wait for all of it; refused where that is past the
/// memory available or the system refuses it.
pub(crate) fn zeroed_words(bytes: u64) -> Result<Vec<AtomicU64>, TooLarge> {
    let what = "the Connect Four solver's transposition table";
    let limit = available_memory().unwrap_or(u64::MAX);
    check_memory(what, u128::from(bytes), limit)?;
    let refused = || TooLarge {
        what: format!("{what} (refused by the system)"),
        needed_bytes: u128::from(bytes),
        limit_bytes: limit,
    };
    let n = usize::try_from(bytes / 8).map_err(|_| refused())?;
    if n == 0 {
        return Ok(Vec::new());
    }
    let layout = std::alloc::Layout::array::<AtomicU64>(n).map_err(|_| refused())?;
    // SAFETY: the layout is of n > 0 words, so not of zero size.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<AtomicU64>();
    if ptr.is_null() {
        return Err(refused());
    }
    advise_huge_pages(ptr as usize, n * 8);
    // SAFETY: `ptr` was allocated by the global allocator with the layout of a `Vec` of n
    // `AtomicU64` of capacity n, and all n words are initialised: zero bits are the
    // `AtomicU64` 0.
    Ok(unsafe { Vec::from_raw_parts(ptr, n, n) })
}

/// Asks Linux to back the 2 MiB-aligned part of `bytes` bytes from `start` with huge pages
/// (transparent huge pages in `madvise` mode back only the ranges asked for): a probe of a
/// large table then misses the TLB far less often. Before the first touch, so that the pages
/// are huge from the start; nothing to ask elsewhere.
fn advise_huge_pages(start: usize, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let from = start.next_multiple_of(HUGE);
        let to = (start + bytes) / HUGE * HUGE;
        if to > from {
            // SAFETY: the range lies inside one allocation this table owns; MADV_HUGEPAGE
            // changes how its pages are backed, never their contents. A refusal is harmless.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_merge_and_keys_stay_apart() {
        let t = Table::try_new(1 << 20, 49).unwrap();
        assert_eq!(t.bytes(), 1 << 20);
        assert_eq!(t.get(12345), None);
        t.put(12345, 3, i32::MAX, Some(2), 100);
        t.put(12345, i32::MIN, 7, None, 10);
        let k = t.get(12345).unwrap();
        assert_eq!((k.lower, k.upper, k.column), (3, 7, Some(2)));
        // The empty board's key, 0, is told apart from an empty entry.
        assert_eq!(t.get(0), None);
        t.put(0, i32::MIN, 20, None, 1);
        assert_eq!(t.get(0).map(|k| (k.lower, k.upper)), Some((-32, 20)));
        // Keys of one bucket: many keys, each found with its own bounds or not at all.
        for key in 0..5000u64 {
            t.put(key << 7, (key % 20) as i32 - 10, 20, None, key);
        }
        for key in 0..5000u64 {
            if let Some(k) = t.get(key << 7) {
                assert_eq!(k.lower, (key % 20) as i32 - 10);
            }
        }
    }

    #[test]
    fn sizes() {
        assert_eq!(Table::bytes_within(100 << 20), 64 << 20);
        assert_eq!(Table::min_bytes(49), 1 << 20);
        // 8×7: keys of 64 bits need 2^21 buckets of 16 bytes.
        assert_eq!(Table::min_bytes(64), 32 << 20);
    }
}
