//! The transposition table of boards wider than 64 bits (W·(H+1) ≤ 128: 9×7, 8×8, 10×6,
//! … 16×7, 25×4): entries of three words, the first the data word of [`Table`]'s entries in
//! a wider layout ([`WIDE`]: bounds of 7 bits, for boards of up to 124 cells, and columns of
//! 5 bits, for up to 25 columns; a tag of 40 bits), the other two holding the next 88 bits
//! of the mixed key. Buckets of two entries, 48 bytes.
//!
//! Keys are exact, as in [`Table`], and at any size: the key of B bits is mixed by a
//! multiplication by an odd constant modulo 2^B (a bijection); the bucket is its top bits,
//! the data word keeps bits 0..40 and the other words bits 40..104 and 104..128: all of
//! them.
//!
//! The other two words are stored XORed with the data word (Hyatt's lockless hashing):
//! threads write an entry's words one after the other, and a reader that meets words of
//! different writes sees key bits that match no key, unless 64 bits happen to agree.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use duel_core::limits::TooLarge;

#[cfg(doc)]
use super::table::Table;
use super::table::{zeroed_words, KeyTable, Known, Layout, BUCKET};

/// Odd; its low 64 bits are [`Table`]'s constant, so that on keys of at most 64 bits both
/// tables mix alike and, with as many buckets, hold the same positions.
const MIX: u128 = 0xF39C_C060_5CED_C835_9E37_79B9_7F4A_7C15;
/// The data word of [`WideTable`]'s entries.
pub(crate) const WIDE: Layout = Layout {
    bound_bits: 7,
    move_bits: 5,
};
const TAG_BITS: u32 = WIDE.key_bits();
/// Words of an entry and of a bucket.
const ENTRY: usize = 3;
const WORDS: usize = ENTRY * BUCKET;

/// The table of keys of up to 128 bits: 2^`log_buckets` buckets.
pub struct WideTable {
    words: Vec<AtomicU64>,
    key_bits: u32,
    log_buckets: u32,
}

impl WideTable {
    /// Bytes of one bucket.
    const BUCKET_BYTES: u64 = (WORDS * 8) as u64;

    /// The bucket's first word, the key's low 40 bits (the data word's tag) and its next
    /// bits, 64 and the rest, all of the mixed key.
    #[inline]
    fn locate(&self, key: u128) -> (usize, u64, [u64; 2]) {
        let mask = if self.key_bits >= 128 {
            u128::MAX
        } else {
            (1u128 << self.key_bits) - 1
        };
        let mixed = key.wrapping_mul(MIX) & mask;
        let shift = self.key_bits.saturating_sub(self.log_buckets);
        let bucket = (mixed >> shift) as usize & ((1usize << self.log_buckets) - 1);
        let tag = mixed as u64 & ((1u64 << TAG_BITS) - 1);
        let rest = mixed >> TAG_BITS;
        (bucket * WORDS, tag, [rest as u64, (rest >> 64) as u64])
    }
}

impl KeyTable<u128> for WideTable {
    fn min_bytes(key_bits: u32) -> u64 {
        // Every key bit is held: any number of buckets keeps keys exact.
        let _ = key_bits;
        Self::BUCKET_BYTES << 15
    }

    fn bytes_within(bytes: u64) -> u64 {
        let buckets = (bytes / Self::BUCKET_BYTES).max(1);
        Self::BUCKET_BYTES << (63 - buckets.leading_zeros())
    }

    fn try_new(bytes: u64, key_bits: u32) -> Result<Self, TooLarge> {
        let bytes = Self::bytes_within(bytes.max(Self::min_bytes(key_bits)));
        let words = zeroed_words(bytes)?;
        Ok(WideTable {
            words,
            key_bits,
            log_buckets: (bytes / Self::BUCKET_BYTES).trailing_zeros(),
        })
    }

    fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    fn clear(&mut self) {
        for w in &mut self.words {
            *w.get_mut() = 0;
        }
    }

    #[inline]
    fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            let (first, _, _) = self.locate(key);
            let at = self.words[first..].as_ptr().cast::<i8>();
            // SAFETY: a prefetch is a hint that never faults nor changes memory; `at` points
            // into the table.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    fn get(&self, key: u128) -> Option<Known> {
        let (first, tag, high) = self.locate(key);
        let bucket = &self.words[first..first + WORDS];
        for e in bucket.chunks_exact(ENTRY) {
            let data = e[0].load(Relaxed);
            if data != 0
                && WIDE.tag(data) == tag
                && data ^ e[1].load(Relaxed) == high[0]
                && data ^ e[2].load(Relaxed) == high[1]
            {
                return Some(WIDE.decode(data));
            }
        }
        None
    }

    #[inline]
    fn put(&self, key: u128, lower: i32, upper: i32, column: Option<u32>, work: u64) {
        let (first, tag, high) = self.locate(key);
        let bucket = &self.words[first..first + WORDS];
        let mut data = [0u64; BUCKET];
        let mut check = [[0u64; 2]; BUCKET];
        for (i, e) in bucket.chunks_exact(ENTRY).enumerate() {
            data[i] = e[0].load(Relaxed);
            check[i] = [e[1].load(Relaxed), e[2].load(Relaxed)];
        }
        let same = |i: usize, w: u64| {
            WIDE.tag(w) == tag && w ^ check[i][0] == high[0] && w ^ check[i][1] == high[1]
        };
        let (victim, word) = WIDE.merge(&data, same, tag, lower, upper, column, work);
        let at = ENTRY * victim;
        bucket[at].store(word, Relaxed);
        bucket[at + 1].store(word ^ high[0], Relaxed);
        bucket[at + 2].store(word ^ high[1], Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_keys_stay_apart() {
        // 9×7 keys of 72 bits, in the smallest table: keys differing only in their top bits
        // (beyond one word) are told apart.
        let t = WideTable::try_new(0, 72).unwrap();
        assert_eq!(t.bytes(), WideTable::min_bytes(72));
        assert_eq!(WideTable::min_bytes(128), 48 << 15);
        let a = 0x5u128;
        let b = a | (1u128 << 70);
        t.put(a, 3, i32::MAX, Some(8), 100);
        assert_eq!(t.get(b), None);
        t.put(b, i32::MIN, -2, None, 10);
        assert_eq!(t.get(a).map(|k| (k.lower, k.column)), Some((3, Some(8))));
        assert_eq!(t.get(b).map(|k| k.upper), Some(-2));
        for key in 0..5000u128 {
            t.put(key << 59, (key % 20) as i32 - 10, 20, None, key as u64);
        }
        for key in 0..5000u128 {
            if let Some(k) = t.get(key << 59) {
                assert_eq!(k.lower, (key % 20) as i32 - 10);
            }
        }
        // 16×7 keys of 128 bits, bounds past ±32 and columns past 15 are kept.
        let t = WideTable::try_new(0, 128).unwrap();
        let (c, d) = (u128::MAX >> 1, (u128::MAX >> 1) ^ (1 << 127) ^ 1);
        t.put(c, -55, 60, Some(24), 7);
        assert_eq!(t.get(d), None);
        let k = t.get(c).unwrap();
        assert_eq!((k.lower, k.upper, k.column), (-55, 60, Some(24)));
    }
}
