//! Compact memo keys for liar-game states and a fast hasher for them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::state::{LiarError, Stop};
use crate::limits::{BYTES_PER_ENTRY, MAX_MEMO_BYTES};

/// A state `(q; x_0..x_e)` as a memo key: packed into 256 bits (`q` in 8 bits, then each
/// count in `248 / (e + 1)` bits) when every count fits, else the plain vector. A state
/// always gets the same form, so equal states give equal keys.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Key {
    /// The packed form.
    Packed([u64; 4]),
    /// `q` followed by the counts.
    Wide(Box<[u64]>),
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Key::Packed(words) => {
                for &w in words {
                    state.write_u64(w);
                }
            }
            Key::Wide(words) => {
                state.write_u64(u64::MAX);
                for &w in words.iter() {
                    state.write_u64(w);
                }
            }
        }
    }
}

/// Packs states of one number of lies into [`Key`]s.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Packer {
    bits: u32,
}

impl Packer {
    /// The packer for states with `lies + 1` classes.
    pub fn new(lies: usize) -> Self {
        Packer {
            bits: (248 / (lies as u32 + 1)).min(64),
        }
    }

    /// The key of `(q; counts)`, or an error when a count needs more bits than the packing has.
    #[inline]
    pub fn key(&self, q: u32, counts: &[u64]) -> Result<Key, LiarError> {
        let mut words = [0u64; 4];
        words[0] = u64::from(q) & 0xff;
        let mut pos = 8u32;
        for &x in counts {
            if self.bits < 64 && x >> self.bits != 0 {
                let mut wide = Vec::with_capacity(counts.len() + 1);
                wide.push(u64::from(q));
                wide.extend_from_slice(counts);
                return Ok(Key::Wide(wide.into_boxed_slice()));
            }
            let w = (pos / 64) as usize;
            let off = pos % 64;
            words[w] |= x << off;
            if off + self.bits > 64 && off != 0 {
                words[w + 1] |= x >> (64 - off);
            }
            pos += self.bits;
        }
        Ok(Key::Packed(words))
    }
}

/// The multiply-rotate hasher of rustc (FxHash): fast, and good enough for packed counts.
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut buf = [0u8; 8];
            buf[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(buf));
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A `HashMap` with [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Heap bytes of one wide key (`lies + 2` words: `q` and the counts) in glibc's allocator:
/// 8 bytes of header, rounded up to 16, at least 32. Measured: 96 more bytes an entry with 9
/// lies, 272 with 30 (the same map filled with boxed keys of 11 and 32 words).
fn wide_key_bytes(lies: usize) -> u64 {
    (8 * (lies as u64 + 2) + 8).next_multiple_of(16).max(32)
}

/// Peak bytes per memo entry for states with `lies` lies whose counts are at most
/// `max_count`: [`BYTES_PER_ENTRY`], plus the wide key's heap bytes when a count may be too
/// large for the packed key.
pub fn bytes_per_entry(lies: usize, max_count: u64) -> u64 {
    let bits = Packer::new(lies).bits;
    if bits < 64 && max_count >> bits != 0 {
        BYTES_PER_ENTRY + wide_key_bytes(lies)
    } else {
        BYTES_PER_ENTRY
    }
}

/// Refuses a memo budget of no entries, or one whose peak memory ([`bytes_per_entry`] for
/// `lies` lies and counts up to `max_count`) would pass [`MAX_MEMO_BYTES`].
pub fn check_memo_budget(max_states: usize, lies: usize, max_count: u64) -> Result<(), LiarError> {
    if max_states == 0 {
        return Err(LiarError::ZeroBudget {
            option: "--max-states",
        });
    }
    let per_entry = bytes_per_entry(lies, max_count);
    let bytes = max_states as u128 * u128::from(per_entry);
    if bytes > u128::from(MAX_MEMO_BYTES) {
        return Err(LiarError::TooMuchMemory {
            states: max_states,
            bytes,
            per_entry,
            max: (MAX_MEMO_BYTES / per_entry) as usize,
        });
    }
    Ok(())
}

/// A memo from states to what is known of them, bounded by a number of entries. It grows as
/// its hash map does (doubling), never allocated ahead for the whole budget.
pub(crate) struct Memo<V> {
    map: FxHashMap<Key, V>,
}

impl<V: Copy> Memo<V> {
    /// An empty memo.
    pub fn new() -> Self {
        Memo {
            map: FxHashMap::default(),
        }
    }

    /// Entries stored.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// The value stored for `key`.
    #[inline]
    pub fn get(&self, key: &Key) -> Option<V> {
        self.map.get(key).copied()
    }

    /// Stores `key → value`; an error, storing nothing, when `limit` entries are stored
    /// already ([`Stop::States`]) or the allocator refuses to grow the map
    /// ([`Stop::OutOfMemory`], instead of aborting the process).
    pub fn insert(&mut self, key: Key, value: V, limit: usize) -> Result<(), LiarError> {
        let states = self.map.len();
        if states >= limit {
            return Err(LiarError::Stopped(Stop::States { limit }));
        }
        self.map
            .try_reserve(1)
            .map_err(|_| LiarError::Stopped(Stop::OutOfMemory { states, limit }))?;
        self.map.insert(key, value);
        Ok(())
    }
}

impl<V: Copy> Default for Memo<V> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_states_get_distinct_keys() {
        let p = Packer::new(3);
        let a = p.key(5, &[1, 2, 3, 4]).unwrap();
        let b = p.key(5, &[1, 2, 4, 3]).unwrap();
        let c = p.key(6, &[1, 2, 3, 4]).unwrap();
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_eq!(a, p.key(5, &[1, 2, 3, 4]).unwrap());
        let big = (1u64 << 62) - 1;
        let p1 = Packer::new(1);
        assert_ne!(
            p1.key(3, &[big, 7]).unwrap(),
            p1.key(3, &[big - 1, 7]).unwrap()
        );
        let wide = Packer::new(9).key(1, &[1 << 30; 10]).unwrap();
        assert!(matches!(wide, Key::Wide(_)));
        assert_ne!(wide, Packer::new(9).key(2, &[1 << 30; 10]).unwrap());
    }

    #[test]
    fn wide_keys_cost_more_where_counts_can_be_wide() {
        // One and two lies always pack (64 bits a count); nine lies pack counts below 2^24.
        assert_eq!(bytes_per_entry(1, u64::MAX), BYTES_PER_ENTRY);
        assert_eq!(bytes_per_entry(9, (1 << 24) - 1), BYTES_PER_ENTRY);
        assert_eq!(bytes_per_entry(9, 1 << 24), BYTES_PER_ENTRY + 96);
        assert_eq!(bytes_per_entry(30, 256), BYTES_PER_ENTRY + 272);
    }

    #[test]
    fn memo_budgets_are_checked_against_memory() {
        assert!(check_memo_budget(30_000_000, 1, 1000).is_ok());
        let max = (MAX_MEMO_BYTES / BYTES_PER_ENTRY) as usize;
        assert!(check_memo_budget(max, 1, 1000).is_ok());
        assert!(matches!(
            check_memo_budget(max + 1, 1, 1000),
            Err(LiarError::TooMuchMemory { .. })
        ));
        assert!(matches!(
            check_memo_budget(0, 1, 1000),
            Err(LiarError::ZeroBudget { .. })
        ));
        let e = check_memo_budget(usize::MAX, 30, u64::MAX).unwrap_err();
        assert!(
            e.to_string().contains("more than the limit of 8 GiB"),
            "{e}"
        );
    }

    #[test]
    fn a_full_memo_refuses_more() {
        let p = Packer::new(1);
        let mut m = Memo::new();
        m.insert(p.key(1, &[1, 0]).unwrap(), true, 1).unwrap();
        assert_eq!(
            m.insert(p.key(1, &[2, 0]).unwrap(), true, 1),
            Err(LiarError::Stopped(Stop::States { limit: 1 }))
        );
        assert_eq!(m.len(), 1);
    }
}
