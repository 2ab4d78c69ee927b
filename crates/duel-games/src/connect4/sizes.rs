//! The board sizes the solver has: the 29 of up to 9 columns and 64 cells compiled one by
//! one ([`Fixed`], the fastest), every other W×H of 4 ≤ W, H and W·(H+1) ≤ 128 through one
//! solver of runtime size ([`Dims`], `u128` words).

use super::bits::Bits;
use super::board::ShapeBoard;
use super::shape::{Dims, Fixed, Shape};
use super::solver::{ShapeSolver, Solved};

/// Something done with a board size ([`with_board_size`]).
pub trait SizeVisitor {
    /// What it gives.
    type Output;
    /// Does it on the board of `shape`.
    fn visit<S: Shape>(self, shape: S) -> Self::Output;
}

/// The board sizes of [`with_board_size`], in words.
pub const BOARD_SIZES: &str = "4 to 25 columns, at least 4 rows and at most 128 bits of \
    bitboard, W*(H+1) <= 128 (the largest: 16x7, 12x9, 8x15, 4x31, 25x4)";

/// `v` on the board `width`×`height` if the solver has it (4 ≤ W, H and W·(H+1) ≤ 128):
/// compiled for the size up to 9 columns and 64 cells (8×8 and 9×7, whose W·(H+1) passes
/// 64, in `u128` words), of runtime size beyond; `None` for other sizes.
pub fn with_board_size<V: SizeVisitor>(width: u32, height: u32, v: V) -> Option<V::Output> {
    fn fixed<V: SizeVisitor, const W: usize, const H: usize, B: Bits>(v: V) -> V::Output {
        v.visit(Fixed::<W, H, B>::default())
    }
    macro_rules! sizes {
        ($(($w:literal, $h:literal, $b:ty)),*) => {
            match (width, height) {
                $(($w, $h) => Some(fixed::<V, $w, $h, $b>(v)),)*
                _ => Dims::of(width, height).map(|d| v.visit(d)),
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
        fn visit<S: Shape>(self, shape: S) -> Solved {
            ShapeSolver::with_table_bytes_on(shape, 8 << self.0.clamp(15, 30))
                .solve(&ShapeBoard::empty(shape))
        }
    }
    with_board_size(width, height, Empty(log_table))
}
