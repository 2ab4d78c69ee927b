//! The Connect Four position as bitboards, on W columns and H rows: the stones of the side
//! to move and the occupied cells, one sentinel bit per column, as in Pascal Pons's solver,
//! in words of W·(H+1) bits at least ([`Bits`]: `u64`, or `u128` for wider boards).

use super::bits::Bits;
use crate::connect::{Bitboard, Connect};
use duel_core::game::{Game, GameError};
use duel_core::text::quote;

/// A Connect Four position on W columns and H rows in words of type `B` (W·(H+1) bits
/// within `B`, at most 9 columns (one digit each) and 64 cells (the table's bounds of a
/// score take 6 bits): checked at compile time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board<const W: usize, const H: usize, B: Bits = u64> {
    /// Stones of the side to move.
    pub(crate) current: B,
    /// Occupied cells.
    pub(crate) mask: B,
    pub(crate) moves: u32,
}

impl<const W: usize, const H: usize, B: Bits> Board<W, H, B> {
    pub(crate) const FITS: () =
        assert!(W >= 1 && H >= 1 && W * (H + 1) <= B::BITS as usize && W <= 9 && W * H <= 64);
    pub(crate) const H1: u32 = H as u32 + 1;
    pub(crate) const CELLS: i32 = (W * H) as i32;
    /// The lowest score: a loss at the opponent's last possible stone.
    pub const MIN_SCORE: i32 = -Self::CELLS / 2 + 3;
    /// The highest score: a win with the fourth stone.
    pub const MAX_SCORE: i32 = (Self::CELLS + 1) / 2 - 3;
    const BOTTOM_BITS: u128 = {
        let mut m = 0u128;
        let mut c = 0;
        while c < W as u32 {
            m |= 1u128 << (c * (H as u32 + 1));
            c += 1;
        }
        m
    };
    const BOARD_BITS: u128 = Self::BOTTOM_BITS * ((1u128 << H) - 1);
    /// Columns from the centre outwards.
    pub(crate) const ORDER: [u32; W] = {
        let mut o = [0u32; W];
        let mut i = 0;
        while i < W {
            let mid = (W as i32 - 1) / 2;
            let off = (i as i32 + 1) / 2;
            // Odd W: left of the centre first, as Pons's 3, 2, 4, 1, 5, 0, 6. Even W: the
            // two central columns, then outwards (3, 4, 2, 5, 1, 6, 0, 7).
            let left_first = W % 2 == 1;
            o[i] = if (i % 2 == 1) == left_first {
                mid - off
            } else {
                mid + off
            } as u32;
            i += 1;
        }
        o
    };

    /// The bottom cell of every column.
    #[inline(always)]
    pub(crate) fn bottom() -> B {
        B::from_u128(Self::BOTTOM_BITS)
    }
    /// Every cell of the board (no sentinels).
    #[inline(always)]
    pub(crate) fn board() -> B {
        B::from_u128(Self::BOARD_BITS)
    }
    #[inline(always)]
    pub(crate) fn top_mask_col(col: u32) -> B {
        B::ONE << (H as u32 - 1 + col * Self::H1)
    }
    #[inline(always)]
    pub(crate) fn bottom_mask_col(col: u32) -> B {
        B::ONE << (col * Self::H1)
    }
    #[inline(always)]
    pub(crate) fn column_mask(col: u32) -> B {
        B::from_u128((1u128 << H) - 1) << (col * Self::H1)
    }

    /// The empty board.
    pub fn new() -> Self {
        let () = Self::FITS;
        Board {
            current: B::ZERO,
            mask: B::ZERO,
            moves: 0,
        }
    }

    /// The position after `moves`, column digits 1–W from the empty board. An error when a
    /// character is not a column, a column is full, a move makes four in a row, or the board
    /// is full (the solver only takes unfinished positions).
    pub fn parse(moves: &str) -> Result<Self, GameError> {
        let mut p = Self::new();
        for (i, ch) in moves.trim().chars().enumerate() {
            let col = match ch.to_digit(10) {
                Some(d) if d >= 1 && d as usize <= W => d - 1,
                _ => {
                    return Err(GameError::BadMove {
                        text: ch.to_string(),
                        why: format!("a column is a digit from 1 to {W}"),
                    })
                }
            };
            if !p.can_play(col) {
                return Err(GameError::IllegalMove {
                    mv: ch.to_string(),
                    why: format!(
                        "column {} is full (move {} of {})",
                        col + 1,
                        i + 1,
                        quote(moves)
                    ),
                });
            }
            if p.is_winning_move(col) {
                return Err(GameError::Finished(format!(
                    "move {} of {} (column {}) makes four in a row",
                    i + 1,
                    quote(moves),
                    col + 1
                )));
            }
            p.play_col(col);
        }
        if p.moves as i32 == Self::CELLS {
            return Err(GameError::Finished("the board is full: a draw".to_string()));
        }
        Ok(p)
    }

    /// The same position as an unfinished Connect Four game `c` of this size (K = 4, not
    /// misère); `None` for another game or a finished one.
    pub fn from_connect<C: Bitboard>(c: &Connect<C>) -> Option<Self> {
        let rules = c.rules();
        if rules.width() as usize != W
            || rules.height() as usize != H
            || rules.k() != 4
            || rules.misere()
            || c.outcome().is_some()
        {
            return None;
        }
        let me = c.to_move();
        let mut p = Self::new();
        for col in 0..W as u32 {
            for row in 0..H as u32 {
                if let Some(who) = c.cell(col, row) {
                    let bit = B::ONE << (col * Self::H1 + row);
                    p.mask |= bit;
                    if who == me {
                        p.current |= bit;
                    }
                }
            }
        }
        p.moves = c.moves_played();
        Some(p)
    }

    /// The position seen in a mirror: column c becomes column W − 1 − c.
    pub fn mirror(&self) -> Self {
        let col_bits = B::from_u128((1u128 << Self::H1) - 1);
        let (mut current, mut mask) = (B::ZERO, B::ZERO);
        for c in 0..W as u32 {
            let (from, to) = (c * Self::H1, (W as u32 - 1 - c) * Self::H1);
            current |= ((self.current >> from) & col_bits) << to;
            mask |= ((self.mask >> from) & col_bits) << to;
        }
        Board {
            current,
            mask,
            moves: self.moves,
        }
    }

    /// The key of [`Board::mirror`] (a key's columns never carry into each other, so its
    /// columns are swapped as they are).
    pub fn mirror_key(&self) -> B {
        let key = self.key();
        let col_bits = B::from_u128((1u128 << Self::H1) - 1);
        let mut out = B::ZERO;
        for c in 0..W as u32 {
            out |= ((key >> (c * Self::H1)) & col_bits) << ((W as u32 - 1 - c) * Self::H1);
        }
        out
    }

    /// Stones on the board.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// Whether column `col` (0-based) has room.
    pub fn can_play(&self, col: u32) -> bool {
        (col as usize) < W && self.mask & Self::top_mask_col(col) == B::ZERO
    }

    /// Plays column `col` (0-based; must have room).
    pub fn play_col(&mut self, col: u32) {
        self.play((self.mask + Self::bottom_mask_col(col)) & Self::column_mask(col));
    }

    pub(crate) fn play(&mut self, mv: B) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Whether playing `col` makes four in a row for the side to move.
    pub fn is_winning_move(&self, col: u32) -> bool {
        self.winning_position() & self.possible() & Self::column_mask(col) != B::ZERO
    }

    pub(crate) fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != B::ZERO
    }

    /// A unique key: the stones of the side to move plus the occupied cells.
    pub fn key(&self) -> B {
        self.current + self.mask
    }

    pub(crate) fn possible(&self) -> B {
        (self.mask + Self::bottom()) & Self::board()
    }

    pub(crate) fn winning_position(&self) -> B {
        Self::winning_cells(self.current, self.mask)
    }

    pub(crate) fn opponent_winning_position(&self) -> B {
        Self::winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Playable cells that do not let the opponent win at once; 0 when every move loses.
    pub(crate) fn possible_non_losing_moves(&self) -> B {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_position();
        let forced = possible & opponent_win;
        if forced != B::ZERO {
            if forced & (forced - B::ONE) != B::ZERO {
                return B::ZERO;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    pub(crate) fn move_score(&self, mv: B) -> u32 {
        Self::winning_cells(self.current | mv, self.mask).count_ones()
    }

    /// The empty cells that would complete a line of four for `position`.
    pub(crate) fn winning_cells(position: B, mask: B) -> B {
        // vertical
        let mut r = (position << 1) & (position << 2) & (position << 3);
        for d in [Self::H1, Self::H1 - 1, Self::H1 + 1] {
            let mut p = (position << d) & (position << (2 * d));
            r |= p & (position << (3 * d));
            r |= p & (position >> d);
            p = (position >> d) & (position >> (2 * d));
            r |= p & (position << d);
            r |= p & (position >> (3 * d));
        }
        r & (Self::board() ^ mask)
    }
}
