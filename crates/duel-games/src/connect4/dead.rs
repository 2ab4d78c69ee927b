//! Dead stones, after Christophe Steininger's c4: a stone that no line of four still open to
//! either player can pass through, in any direction, changes nothing whoever owns it. The
//! table's key counts every dead stone as the side to move's, so that positions differing
//! only in them share an entry. A stone is dead along a direction where it lies too near a
//! corner for a line there, or is buried: no empty cell within the reach a line would
//! need, or pinned between the edge and the two colours.

use super::bits::Bits;
use super::board::ShapeBoard;
use super::shape::Shape;

/// The stones of `me` and `them` (every stone of the board) dead along `d` on `board`.
#[inline(always)]
fn dead_along<B: Bits>(board: B, me: B, them: B, d: u32) -> B {
    // Cells with a neighbour on the board on both sides along `d`: the rest is the edge.
    let border = !((board << d) & board & (board >> d) & board);
    // Cells no four cells of the board in a row along `d` pass through.
    let pairs = (board >> d) & board;
    let triples = (pairs >> d) & board;
    let quads = (triples >> d) & board;
    let shifted = quads | (quads << d);
    let too_short = board & !(shifted | (shifted << (2 * d)));

    let played = me | them;
    let empty = board & !played;
    // A stone next to an empty cell, one stone further, or behind a pair of one colour.
    let uncovered = ((empty >> d) & played) | ((empty << d) & played);
    let covered_by_1 = ((uncovered >> d) & played) | ((uncovered << d) & played);
    let pairs = ((me >> d) & me) | ((them >> d) & them);
    let covered_by_pair =
        ((covered_by_1 >> d) & (pairs >> d)) | ((covered_by_1 << d) & (pairs << (2 * d)));
    let buried = played & !uncovered & !covered_by_1 & !covered_by_pair;
    // A stone at the edge, one cell from a stone of each colour on either side of a cell.
    let between = ((me >> d) & (them << d)) | ((them >> d) & (me << d));
    let pinned = border & played & ((between >> (2 * d)) | (between << (2 * d)));
    buried | pinned | too_short
}

impl<S: Shape> ShapeBoard<S> {
    /// The stones dead along every direction.
    #[inline]
    pub(crate) fn dead_stones(&self) -> S::B {
        let shape = self.shape;
        let board = shape.board();
        let (me, them) = (self.current, self.current ^ self.mask);
        let h1 = shape.h1();
        let mut dead = dead_along(board, me, them, 1);
        for d in [h1, h1 + 1, h1 - 1] {
            if dead == S::B::ZERO {
                return dead;
            }
            dead &= dead_along(board, me, them, d);
        }
        dead & self.mask
    }

    /// The key of the position's table entry: [`ShapeBoard::key`] with every dead stone
    /// counted as the side to move's (unique for each position up to its dead stones).
    #[inline]
    pub(crate) fn table_key(&self) -> S::B {
        (self.current | self.dead_stones()) + self.mask
    }
}
