//! Compact memo keys for liar-game states and a fast hasher for them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::state::LiarError;

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
pub struct Packer {
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

/// Rough bytes per memo entry (key, value, table overhead), used to report memory.
pub const BYTES_PER_ENTRY: usize = 48;

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
}
