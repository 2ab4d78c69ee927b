//! Allis's *claimeven* as a bound, after Christophe Steininger's c4: on a board of even
//! height, with the first player to move (an even number of stones), the second player can
//! take every empty cell of an even row (1-based) that is not playable now: it answers a
//! move in a column of even height on top of it, and a move into a column of odd height
//! (their number is even) in another such column. The first player gets at most the other
//! cells. Where the second player's cells then hold a line of four and the first player's
//! cannot make one first, the first player loses; where neither can, it draws at best.

use super::bits::Bits;
use super::board::ShapeBoard;
use super::shape::Shape;

/// The cells `b` holds four of in a row along `d` (the line's highest bit).
#[inline(always)]
fn lines<B: Bits>(b: B, d: u32) -> B {
    let pairs = b & (b << (2 * d));
    pairs & (pairs << d)
}

/// Every cell of a line of four that `b` holds along `d`.
#[inline(always)]
fn line_cells<B: Bits>(b: B, d: u32) -> B {
    let quads = lines(b, d);
    let pairs = quads | (quads >> d);
    pairs | (pairs >> (2 * d))
}

impl<S: Shape> ShapeBoard<S> {
    /// An upper bound of the score of the side to move by claimeven, for the first player
    /// to move on a board of even height; `i32::MAX` (no bound) otherwise.
    #[inline]
    pub(crate) fn evens_bound(&self) -> i32 {
        let shape = self.shape;
        let h = shape.height();
        if h % 2 == 1 || self.moves % 2 == 1 {
            return i32::MAX;
        }
        let bottom = shape.bottom();
        let board = shape.board();
        let mut evens = S::B::ZERO;
        let mut row = 1;
        while row < h {
            evens |= bottom << row;
            row += 2;
        }
        let h1 = shape.h1();
        let me = self.current;
        let them = self.current ^ self.mask;
        let playable = self.mask + bottom;
        let theirs = them | (evens & !me & !playable);
        let mine = board & !theirs;
        if lines(mine, 1) != S::B::ZERO {
            return i32::MAX;
        }
        let (diag_down, across, diag_up) = (h1 - 1, h1, h1 + 1);
        let their_across = lines(theirs, across);
        let their_down = lines(theirs, diag_down);
        let their_up = lines(theirs, diag_up);
        // Below: the bits under a line's lowest bit, a line of mine there wins first.
        let below = (bottom << h) + S::B::ONE;
        if lines(mine, across) & their_across.wrapping_sub(below) != S::B::ZERO
            || lines(mine, diag_down) & their_down.wrapping_sub(below) != S::B::ZERO
            || lines(mine, diag_up) & their_up.wrapping_sub(below) != S::B::ZERO
        {
            return i32::MAX;
        }
        if their_across == S::B::ZERO && their_down == S::B::ZERO && their_up == S::B::ZERO {
            return 0;
        }
        // The latest loss: a line whose top cell is in the even row 2k from the top is
        // complete by ply W·H − 2(k − 1), a score of −k.
        let headers = bottom << h;
        if their_across != S::B::ZERO {
            for k in (2..=h / 2).rev() {
                if their_across & (headers >> (2 * k - 1)) != S::B::ZERO {
                    return -(k as i32);
                }
            }
        } else {
            let empty_cells =
                !self.mask & (line_cells(theirs, diag_down) | line_cells(theirs, diag_up));
            for k in 1..=h / 2 {
                if empty_cells & (headers >> (2 * k - 1)) != S::B::ZERO {
                    return -(k as i32);
                }
            }
        }
        -1
    }
}
