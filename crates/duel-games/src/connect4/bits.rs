//! The word of the Connect Four solver's bitboards: `u64` for boards of W·(H+1) ≤ 64 bits,
//! `u128` for wider ones (9×7 and 8×8 need 72 bits, 16×7 all 128). The board, the search and the
//! table are written once over [`Bits`]; each word brings the table whose keys it makes.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};
use std::ops::{Shl, Shr, Sub};

use super::table::{KeyTable, Table};
use super::wide_table::WideTable;

/// The most columns of a board (25×4 takes 125 bits).
pub const MAX_WIDTH: u32 = 25;

/// An unsigned word of bitboard cells (bit `col·(H+1) + row`).
pub trait Bits:
    Copy
    + Debug
    + Default
    + Eq
    + Ord
    + Hash
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Bits in the word.
    const BITS: u32;
    /// The word 0.
    const ZERO: Self;
    /// The word 1.
    const ONE: Self;
    /// The most columns of a board in this word (its table's column field).
    const MAX_COLUMNS: usize;
    /// The most cells of a board in this word (its table's bounds of a score).
    const MAX_CELLS: usize;
    /// The transposition table of this word's keys.
    type Table: KeyTable<Self>;

    /// The low bits of `x` (the board's constants are built as `u128` and cut to the word;
    /// the cut folds away at compile time).
    fn from_u128(x: u128) -> Self;
    /// The word widened to `u128`.
    fn to_u128(self) -> u128;
    /// The set bits.
    fn count_ones(self) -> u32;
    /// Two's complement negation (the lowest set bit of `x` is `x & x.wrapping_neg()`).
    fn wrapping_neg(self) -> Self;
    /// `self − other` modulo 2^BITS.
    fn wrapping_sub(self, other: Self) -> Self;
}

impl Bits for u64 {
    const BITS: u32 = 64;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const MAX_COLUMNS: usize = 15;
    const MAX_CELLS: usize = 62;
    type Table = Table;

    #[inline(always)]
    fn from_u128(x: u128) -> Self {
        x as u64
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        u128::from(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline(always)]
    fn wrapping_neg(self) -> Self {
        u64::wrapping_neg(self)
    }
    #[inline(always)]
    fn wrapping_sub(self, other: Self) -> Self {
        u64::wrapping_sub(self, other)
    }
}

impl Bits for u128 {
    const BITS: u32 = 128;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const MAX_COLUMNS: usize = MAX_WIDTH as usize;
    const MAX_CELLS: usize = 126;
    type Table = WideTable;

    #[inline(always)]
    fn from_u128(x: u128) -> Self {
        x
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        self
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline(always)]
    fn wrapping_neg(self) -> Self {
        u128::wrapping_neg(self)
    }
    #[inline(always)]
    fn wrapping_sub(self, other: Self) -> Self {
        u128::wrapping_sub(self, other)
    }
}
