//! The sets of board cells as bits that a Connect-K board is held in: `u64`, `u128` and
//! [`U256`], each bit a cell (see the module documentation of [`super`]).

use std::fmt;

use crate::mix::mix64;

/// A set of board cells as bits: the operations the Connect-K rules need.
pub trait Bitboard: Copy + Eq + Send + Sync + fmt::Debug + 'static {
    /// The number of bits.
    const BITS: u32;
    /// The empty set.
    fn zero() -> Self;
    /// The set holding only bit `i` (`i < BITS`).
    fn bit(i: u32) -> Self;
    /// Union.
    fn or(self, other: Self) -> Self;
    /// Intersection.
    fn and(self, other: Self) -> Self;
    /// Shift towards bit 0 by `n`; bits shifted out are lost, `n ≥ BITS` gives the empty set.
    fn shr(self, n: u32) -> Self;
    /// Whether no bit is set.
    fn is_zero(self) -> bool;
    /// Whether bit `i` is set.
    fn test(self, i: u32) -> bool;
    /// A 64-bit hash of the set (equal sets, equal hashes).
    fn hash64(self) -> u64;
    /// Bits `start .. start + len` (len ≤ 64) as the low bits of a u64.
    fn bits_at(self, start: u32, len: u32) -> u64 {
        let low = self.shr(start);
        let mut out = 0u64;
        for i in 0..len.min(64) {
            if low.test(i) {
                out |= 1 << i;
            }
        }
        out
    }
}

/// `Bitboard` for a primitive unsigned integer: the set operations are the integer's own;
/// `hash64` folds the integer to 64 bits (given as a closure-like expression of `x`).
macro_rules! int_bitboard {
    ($t:ty, |$x:ident| $hash:expr) => {
        impl Bitboard for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn zero() -> Self {
                0
            }
            #[inline(always)]
            fn bit(i: u32) -> Self {
                (1 as $t) << i
            }
            #[inline(always)]
            fn or(self, other: Self) -> Self {
                self | other
            }
            #[inline(always)]
            fn and(self, other: Self) -> Self {
                self & other
            }
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn test(self, i: u32) -> bool {
                (self >> i) & 1 == 1
            }
            #[inline(always)]
            fn hash64(self) -> u64 {
                let $x = self;
                $hash
            }
            #[inline(always)]
            fn bits_at(self, start: u32, len: u32) -> u64 {
                self.shr(start) as u64 & low_mask(len)
            }
        }
    };
}

int_bitboard!(u64, |x| x);
int_bitboard!(u128, |x| mix64(x as u64)
    ^ mix64((x >> 64) as u64 ^ 0x9e37_79b9_7f4a_7c15));

/// The low `len` bits set (all 64 when len ≥ 64).
#[inline(always)]
fn low_mask(len: u32) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// A 256-bit set, little-endian words (bit `i` is bit `i % 64` of word `i / 64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct U256(pub [u64; 4]);

impl Bitboard for U256 {
    const BITS: u32 = 256;
    #[inline(always)]
    fn zero() -> Self {
        U256([0; 4])
    }
    #[inline(always)]
    fn bit(i: u32) -> Self {
        let mut w = [0u64; 4];
        w[(i / 64) as usize & 3] = 1u64 << (i % 64);
        U256(w)
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        U256([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        U256([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        if n >= 256 {
            return U256::zero();
        }
        let words = (n / 64) as usize;
        let bits = n % 64;
        let mut out = [0u64; 4];
        for (i, slot) in out.iter_mut().enumerate() {
            let src = i + words;
            if src >= 4 {
                break;
            }
            let lo = self.0[src] >> bits;
            let hi = if bits > 0 && src + 1 < 4 {
                self.0[src + 1] << (64 - bits)
            } else {
                0
            };
            *slot = lo | hi;
        }
        U256(out)
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline(always)]
    fn test(self, i: u32) -> bool {
        (self.0[(i / 64) as usize & 3] >> (i % 64)) & 1 == 1
    }
    #[inline(always)]
    fn bits_at(self, start: u32, len: u32) -> u64 {
        self.shr(start).0[0] & low_mask(len)
    }
    #[inline(always)]
    fn hash64(self) -> u64 {
        let mut h = 0u64;
        for (i, w) in self.0.iter().enumerate() {
            h ^= mix64(w ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn u256_shift_crosses_words() {
        let x = U256::bit(130);
        assert_eq!(x.shr(70), U256::bit(60));
        assert_eq!(x.shr(2), U256::bit(128));
        assert_eq!(x.shr(131), U256::zero());
        assert_eq!(U256::bit(255).shr(255), U256::bit(0));
    }
}
