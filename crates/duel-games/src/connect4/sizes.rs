//! The board sizes the solver has, each with its const parameters and its bitboard word.

use super::bits::Bits;
use super::board::Board;
use super::solver::{BoardSolver, Solved};

/// Something done with the board size W×H as const parameters ([`with_board_size`]), in
/// bitboards of type `B`.
pub trait SizeVisitor {
    /// What it gives.
    type Output;
    /// Does it on W×H.
    fn visit<const W: usize, const H: usize, B: Bits>(self) -> Self::Output;
}

/// The board sizes of [`with_board_size`], in words.
pub const BOARD_SIZES: &str = "4 to 9 columns (a column is one digit), 4 to 8 rows and at most \
    64 cells (the largest: 9x7 and 8x8, in 128-bit boards)";

/// `v` on the board `width`×`height` if this module has it (4 ≤ W ≤ 9, 4 ≤ H ≤ 8,
/// W·H ≤ 64: a column is one digit and a score's bounds fit the table; 8×8 and 9×7, whose
/// W·(H+1) passes 64, in `u128` words); `None` for other sizes.
pub fn with_board_size<V: SizeVisitor>(width: u32, height: u32, v: V) -> Option<V::Output> {
    macro_rules! sizes {
        ($(($w:literal, $h:literal, $b:ty)),*) => {
            match (width, height) {
                $(($w, $h) => Some(v.visit::<$w, $h, $b>()),)*
                _ => None,
            }
        };
    }
    sizes!(
        (4, 4, u64),
        (5, 4, u64),
        (6, 4, u64),
        (7, 4, u64),
        (8, 4, u64),
        (9, 4, u64),
        (4, 5, u64),
        (5, 5, u64),
        (6, 5, u64),
        (7, 5, u64),
        (8, 5, u64),
        (9, 5, u64),
        (4, 6, u64),
        (5, 6, u64),
        (6, 6, u64),
        (7, 6, u64),
        (8, 6, u64),
        (9, 6, u64),
        (4, 7, u64),
        (5, 7, u64),
        (6, 7, u64),
        (7, 7, u64),
        (8, 7, u64),
        (9, 7, u128),
        (4, 8, u64),
        (5, 8, u64),
        (6, 8, u64),
        (7, 8, u64),
        (8, 8, u128)
    )
}

/// The score of the empty W×H board (Connect Four rules, K = 4) and the positions explored,
/// for the sizes of [`with_board_size`]; `None` for other sizes.
pub fn solve_empty_board(width: u32, height: u32, log_table: u32) -> Option<Solved> {
    struct Empty(u32);
    impl SizeVisitor for Empty {
        type Output = Solved;
        fn visit<const W: usize, const H: usize, B: Bits>(self) -> Solved {
            BoardSolver::<W, H, B>::with_table_log_size(self.0).solve(&Board::<W, H, B>::new())
        }
    }
    with_board_size(width, height, Empty(log_table))
}
