//! The Connect Four position as bitboards, on W columns and H rows: the stones of the side
//! to move and the occupied cells, one sentinel bit per column, as in Pascal Pons's solver,
//! in words of W·(H+1) bits at least ([`Bits`]: `u64`, or `u128` for wider boards), the size
//! a [`Shape`].

use super::bits::Bits;
#[cfg(doc)]
use super::shape::Dims;
use super::shape::{Fixed, Shape};
use crate::connect::{Bitboard, Connect};
use duel_core::game::{Game, GameError};
use duel_core::text::quote;

/// A Connect Four position on a board of shape `S` ([`Fixed`] sizes or runtime [`Dims`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShapeBoard<S: Shape> {
    /// Stones of the side to move.
    pub(crate) current: S::B,
    /// Occupied cells.
    pub(crate) mask: S::B,
    pub(crate) moves: u32,
    pub(crate) shape: S,
}

/// A Connect Four position on W columns and H rows, compiled for that size, in words of
/// type `B` (W·(H+1) bits within `B`: checked at compile time).
pub type Board<const W: usize, const H: usize, B = u64> = ShapeBoard<Fixed<W, H, B>>;

impl<const W: usize, const H: usize, B: Bits> Board<W, H, B> {
    /// The lowest score: a loss at the opponent's last possible stone.
    pub const MIN_SCORE: i32 = -((W * H) as i32) / 2 + 3;
    /// The highest score: a win with the fourth stone.
    pub const MAX_SCORE: i32 = ((W * H) as i32 + 1) / 2 - 3;
}

impl<S: Shape + Default> Default for ShapeBoard<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Shape + Default> ShapeBoard<S> {
    /// The empty board.
    pub fn new() -> Self {
        Self::empty(S::default())
    }

    /// [`ShapeBoard::parse_on`] on the board of `S`.
    pub fn parse(moves: &str) -> Result<Self, GameError> {
        Self::parse_on(S::default(), moves)
    }
}

impl<S: Shape> ShapeBoard<S> {
    /// The empty board of `shape`.
    pub fn empty(shape: S) -> Self {
        let _ = shape.slots();
        ShapeBoard {
            current: S::B::ZERO,
            mask: S::B::ZERO,
            moves: 0,
            shape,
        }
    }

    /// The board's shape.
    pub fn shape(&self) -> S {
        self.shape
    }

    /// The position after `moves` on `shape`: columns 1–W from the empty board, one digit
    /// each up to 9 columns, else (or for any width) numbers separated by commas (`8,8,15,1`;
    /// an empty one, as in `1,,2`, is refused). An error when a move is not a column, a
    /// column is full, a move makes four in a row, or the board is full (the solver only
    /// takes unfinished positions).
    pub fn parse_on(shape: S, moves: &str) -> Result<Self, GameError> {
        Self::parse_numbered(shape, moves, 1)
    }

    /// [`ShapeBoard::parse_on`] with the leftmost column numbered `first` (0 in c4's test
    /// sets, 1 otherwise; any other `first` is read as 1): one digit a column while the
    /// rightmost is at most 9 (10 columns numbered from 0), else numbers separated by
    /// commas. Errors name the columns as the text numbers them.
    pub fn parse_numbered(shape: S, moves: &str, first: u32) -> Result<Self, GameError> {
        let first = first.min(1);
        let mut p = Self::empty(shape);
        let w = shape.width();
        let last = w - 1 + first;
        let text = moves.trim();
        let items: Vec<&str> = if text.contains(|c: char| c == ',' || c.is_whitespace()) {
            crate::move_text::move_items(text, &[','])?
        } else if last <= 9 {
            text.char_indices()
                .map(|(i, c)| &text[i..i + c.len_utf8()])
                .collect()
        } else if text.is_empty() {
            Vec::new()
        } else {
            vec![text]
        };
        for (i, item) in items.into_iter().enumerate() {
            let col = match item.parse::<u32>() {
                Ok(d) if d >= first && d <= last && item.bytes().all(|b| b.is_ascii_digit()) => {
                    d - first
                }
                _ => {
                    let kind = if last <= 9 { "digit" } else { "number" };
                    return Err(GameError::BadMove {
                        text: item.to_string(),
                        why: format!("a column is a {kind} from {first} to {last}"),
                    });
                }
            };
            if !p.can_play(col) {
                return Err(GameError::IllegalMove {
                    mv: item.to_string(),
                    why: format!(
                        "column {} is full (move {} of {})",
                        col + first,
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
                    col + first
                )));
            }
            p.play_col(col);
        }
        if p.moves as i32 == shape.cells() {
            return Err(GameError::Finished("the board is full: a draw".to_string()));
        }
        Ok(p)
    }

    /// `moves` (as [`ShapeBoard::parse_on`] reads them) followed by column `col` (0-based):
    /// digits run together up to 9 columns, numbers joined by commas beyond.
    pub fn push_move(&self, moves: &str, col: u32) -> String {
        if self.shape.width() <= 9 {
            format!("{moves}{}", col + 1)
        } else if moves.is_empty() {
            (col + 1).to_string()
        } else {
            format!("{moves},{}", col + 1)
        }
    }

    /// The same position as an unfinished Connect Four game `c` of this size (K = 4, not
    /// misère); `None` for another game or a finished one.
    pub fn from_connect<C: Bitboard>(c: &Connect<C>) -> Option<Self> {
        let rules = c.rules();
        let shape = S::of(rules.width(), rules.height())?;
        if rules.k() != 4 || rules.misere() || c.outcome().is_some() {
            return None;
        }
        let me = c.to_move();
        let mut p = Self::empty(shape);
        for col in 0..shape.width() {
            for row in 0..shape.height() {
                if let Some(who) = c.cell(col, row) {
                    let bit = S::B::ONE << (col * shape.h1() + row);
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
        let (w, h1) = (self.shape.width(), self.shape.h1());
        let col_bits = S::B::from_u128((1u128 << h1) - 1);
        let (mut current, mut mask) = (S::B::ZERO, S::B::ZERO);
        for c in 0..w {
            let (from, to) = (c * h1, (w - 1 - c) * h1);
            current |= ((self.current >> from) & col_bits) << to;
            mask |= ((self.mask >> from) & col_bits) << to;
        }
        ShapeBoard {
            current,
            mask,
            moves: self.moves,
            shape: self.shape,
        }
    }

    /// The key of [`Board::mirror`] (a key's columns never carry into each other, so its
    /// columns are swapped as they are).
    pub fn mirror_key(&self) -> S::B {
        self.mirror_bits(self.key())
    }

    /// `key` (a key of this board's size) with its columns swapped as in a mirror.
    #[inline]
    pub(crate) fn mirror_bits(&self, key: S::B) -> S::B {
        let (w, h1) = (self.shape.width(), self.shape.h1());
        let col_bits = S::B::from_u128((1u128 << h1) - 1);
        let mut out = S::B::ZERO;
        for c in 0..w {
            out |= ((key >> (c * h1)) & col_bits) << ((w - 1 - c) * h1);
        }
        out
    }

    /// Stones on the board.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// Whether column `col` (0-based) has room.
    pub fn can_play(&self, col: u32) -> bool {
        col < self.shape.width() && self.mask & self.shape.top_mask_col(col) == S::B::ZERO
    }

    /// Plays column `col` (0-based; must have room).
    pub fn play_col(&mut self, col: u32) {
        let shape = self.shape;
        self.play((self.mask + shape.bottom_mask_col(col)) & shape.column_mask(col));
    }

    pub(crate) fn play(&mut self, mv: S::B) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Whether playing `col` makes four in a row for the side to move.
    pub fn is_winning_move(&self, col: u32) -> bool {
        self.winning_position() & self.possible() & self.shape.column_mask(col) != S::B::ZERO
    }

    pub(crate) fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != S::B::ZERO
    }

    /// A unique key: the stones of the side to move plus the occupied cells.
    pub fn key(&self) -> S::B {
        self.current + self.mask
    }

    pub(crate) fn possible(&self) -> S::B {
        (self.mask + self.shape.bottom()) & self.shape.board()
    }

    pub(crate) fn winning_position(&self) -> S::B {
        self.winning_cells(self.current, self.mask)
    }

    pub(crate) fn opponent_winning_position(&self) -> S::B {
        self.winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Playable cells that do not let the opponent win at once; 0 when every move loses.
    pub(crate) fn possible_non_losing_moves(&self) -> S::B {
        self.non_losing_moves(self.opponent_winning_position())
    }

    /// [`ShapeBoard::possible_non_losing_moves`] from the opponent's threats.
    #[inline]
    pub(crate) fn non_losing_moves(&self, opponent_win: S::B) -> S::B {
        let mut possible = self.possible();
        let forced = possible & opponent_win;
        if forced != S::B::ZERO {
            if forced & (forced - S::B::ONE) != S::B::ZERO {
                return S::B::ZERO;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// The cells that complete a line of the side to move once it has played `mv`.
    #[inline]
    pub(crate) fn threats_after(&self, mv: S::B) -> S::B {
        self.winning_cells(self.current | mv, self.mask | mv)
    }

    /// Whether, once the side to move has played a stone making `threats`, with `playable`
    /// the cells playable then, every reply lets it win at once: two threats to block, or
    /// none but moves under its threats.
    #[inline]
    pub(crate) fn wins_next_after(threats: S::B, playable: S::B) -> bool {
        let forced = playable & threats;
        if forced & (forced - S::B::ONE) != S::B::ZERO {
            return true;
        }
        let replies = if forced != S::B::ZERO {
            forced
        } else {
            playable
        };
        replies & !(threats >> 1) == S::B::ZERO
    }

    /// How promising a move in column `col` looks, as Steininger's c4 guesses it (in
    /// tenths, times W), from the mover's `threats` after it and `playable`, the cells
    /// playable then: the threats the opponent's (`their_threats`) do not undercut,
    /// weighted most where the opponent's next stone would let the mover win (a threat
    /// right above a playable cell: 12), then two stones away (5), then any (3); the
    /// distance from the edge breaks ties. The search adds 5 (times W) for the column that
    /// cut off here before.
    #[inline]
    pub(crate) fn move_score(
        &self,
        threats: S::B,
        playable: S::B,
        their_threats: S::B,
        col: u32,
    ) -> u32 {
        let board = self.shape.board();
        let threats = threats & !(their_threats << 1);
        let next = threats & (playable << 1);
        let next_next = threats & (((playable << 1) & board) << 1);
        let w = self.shape.width();
        let weighted =
            12 * next.count_ones() + 5 * next_next.count_ones() + 3 * threats.count_ones();
        weighted * w + col.min(w - 1 - col)
    }

    /// The empty cells that would complete a line of four for `position`.
    pub(crate) fn winning_cells(&self, position: S::B, mask: S::B) -> S::B {
        let h1 = self.shape.h1();
        // vertical
        let mut r = (position << 1) & (position << 2) & (position << 3);
        for d in [h1, h1 - 1, h1 + 1] {
            let mut p = (position << d) & (position << (2 * d));
            r |= p & (position << (3 * d));
            r |= p & (position >> d);
            p = (position >> d) & (position >> (2 * d));
            r |= p & (position << d);
            r |= p & (position >> (3 * d));
        }
        r & (self.shape.board() ^ mask)
    }
}
