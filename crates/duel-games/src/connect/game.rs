//! A Connect-K position ([`Connect`]) and its rules of play ([`Game`]), in bitboards of any
//! width.

use std::fmt;

use duel_core::game::{Game, GameError, Outcome, Player};

use super::bitboard::Bitboard;
use super::order::ORDERS;
use super::rules::{ConnectRules, MAX_WIDTH};
use crate::mix::mix64;

/// A Connect-K position on a board held in bitboards of type `B`; see the module documentation.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Connect<B: Bitboard> {
    /// The stones of each player, by [`Player::index`].
    stones: [B; 2],
    /// The number of stones in each column.
    heights: [u8; MAX_WIDTH],
    rules: ConnectRules,
    /// Stones on the board.
    moves: u16,
    outcome: Option<Outcome>,
}

impl<B: Bitboard> fmt::Debug for Connect<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} after {} moves\n{}",
            self.rules.spec(),
            self.moves,
            self
        )
    }
}

impl<B: Bitboard> Connect<B> {
    /// The empty board. An error when the board needs more bits than `B` has.
    pub fn new(rules: ConnectRules) -> Result<Self, GameError> {
        if rules.bits() > B::BITS {
            return Err(GameError::BadSpec {
                spec: rules.spec(),
                why: format!(
                    "the board needs {} bits, this bitboard has {}",
                    rules.bits(),
                    B::BITS
                ),
            });
        }
        Ok(Connect {
            stones: [B::zero(); 2],
            heights: [0; MAX_WIDTH],
            rules,
            moves: 0,
            outcome: None,
        })
    }

    /// The rules.
    pub fn rules(&self) -> ConnectRules {
        self.rules
    }

    /// The number of stones on the board.
    pub fn moves_played(&self) -> u32 {
        u32::from(self.moves)
    }

    /// The stone at column `col`, row `row` (row 0 at the bottom), if any.
    pub fn cell(&self, col: u32, row: u32) -> Option<Player> {
        if col >= self.rules.width() || row >= self.rules.height() {
            return None;
        }
        let i = col * (self.rules.height() + 1) + row;
        if self.stones[0].test(i) {
            Some(Player::First)
        } else if self.stones[1].test(i) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The number of stones in column `col` (0-based).
    pub fn column_height(&self, col: u32) -> u32 {
        self.heights.get(col as usize).map_or(0, |&h| u32::from(h))
    }

    /// Whether `stones` holds a line of K in some direction.
    #[inline(always)]
    fn has_line(&self, stones: B) -> bool {
        let h = self.rules.height();
        let k = self.rules.k();
        for d in [1, h + 1, h, h + 2] {
            if !runs(stones, k, d).is_zero() {
                return true;
            }
        }
        false
    }
}

impl<B: Bitboard> Connect<B> {
    /// Whether a line of K in `stones` passes through (col, row): walks the four directions
    /// from the cell (cheaper than whole-board shifts on wide bitboards).
    #[inline]
    fn line_through(&self, stones: B, col: i32, row: i32) -> bool {
        let (w, h, k) = (
            self.rules.width() as i32,
            self.rules.height() as i32,
            self.rules.k() as i32,
        );
        let has = |c: i32, r: i32| {
            c >= 0 && c < w && r >= 0 && r < h && stones.test((c * (h + 1) + r) as u32)
        };
        for (dc, dr) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            let mut count = 1;
            let (mut c, mut r) = (col + dc, row + dr);
            while count < k && has(c, r) {
                count += 1;
                c += dc;
                r += dr;
            }
            let (mut c, mut r) = (col - dc, row - dr);
            while count < k && has(c, r) {
                count += 1;
                c -= dc;
                r -= dr;
            }
            if count >= k {
                return true;
            }
        }
        false
    }
}

/// The bits `i` such that `i, i+d, …, i+(k−1)d` are all in `p` (k ≥ 1), by doubling.
#[inline(always)]
fn runs<B: Bitboard>(p: B, k: u32, d: u32) -> B {
    let mut r = p;
    let mut len = 1;
    while 2 * len < k {
        r = r.and(r.shr(len * d));
        len *= 2;
    }
    if k > len {
        r = r.and(r.shr((k - len) * d));
    }
    r
}

impl<B: Bitboard> Game for Connect<B> {
    /// A column, 0-based (written from 1).
    type Move = u8;

    fn spec(&self) -> String {
        self.rules.spec()
    }

    #[inline]
    fn to_move(&self) -> Player {
        Player::after_plies(u64::from(self.moves))
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The open columns, center first (for W = 7: 4, 5, 3, 6, 2, 7, 1 in the notation).
    #[inline]
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        let h = self.rules.height;
        let w = self.rules.width as usize;
        for &c in &ORDERS[w][..w] {
            if self.heights[c as usize] < h {
                moves.push(c);
            }
        }
    }

    #[inline]
    fn play(&mut self, mv: u8) {
        let col = mv as usize % MAX_WIDTH;
        let me = self.to_move();
        let row = u32::from(self.heights[col]);
        debug_assert!(row < self.rules.height() && self.outcome.is_none());
        let bit = B::bit((col as u32 * (self.rules.height() + 1) + row) % B::BITS);
        let mine = self.stones[me.index()].or(bit);
        self.stones[me.index()] = mine;
        self.heights[col] = self.heights[col].saturating_add(1);
        self.moves += 1;
        let line = if B::BITS <= 128 {
            self.has_line(mine)
        } else {
            self.line_through(mine, col as i32, row as i32)
        };
        if line {
            self.outcome = Some(Outcome::Win(if self.rules.misere {
                me.other()
            } else {
                me
            }));
        } else if u32::from(self.moves) >= self.rules.width() * self.rules.height() {
            self.outcome = Some(Outcome::Draw);
        }
    }

    #[inline]
    fn key(&self) -> u64 {
        // The stones of both players determine the position; the per-player salt keeps
        // swapped colours apart.
        mix64(self.stones[0].hash64()) ^ mix64(self.stones[1].hash64() ^ 0x5851_f42d_4c95_7f2d)
    }

    /// The smaller of two column-by-column hashes, left to right and right to left: the
    /// mirror image has the same canonical key (the rules are symmetric). Boards with more
    /// than 31 rows use [`Game::key`].
    fn canonical_key(&self) -> u64 {
        let h1 = self.rules.height() + 1;
        if h1 > 32 {
            return self.key();
        }
        let (mut forward, mut backward) = (0u64, 0u64);
        let w = self.rules.width();
        for c in 0..w {
            let column = |c: u32| {
                self.stones[0].bits_at(c * h1, h1) | self.stones[1].bits_at(c * h1, h1) << 32
            };
            forward = mix64(forward ^ column(c));
            backward = mix64(backward ^ column(w - 1 - c));
        }
        forward.min(backward)
    }

    fn format_move(&self, mv: u8) -> String {
        (u32::from(mv) + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        let w = self.rules.width();
        let why = || format!("a column is a number from 1 to {w}");
        let t = text.trim();
        let n: u32 = t.parse().map_err(|_| GameError::BadMove {
            text: text.to_string(),
            why: why(),
        })?;
        if n == 0 || n > w {
            return Err(GameError::BadMove {
                text: text.to_string(),
                why: why(),
            });
        }
        Ok((n - 1) as u8)
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<u8>, GameError> {
        let t = text.trim();
        if t.contains(|c: char| c == ',' || c.is_whitespace()) {
            return crate::move_text::move_items(t, &[','])?
                .into_iter()
                .map(|s| self.parse_move(s))
                .collect();
        }
        if self.rules.width() <= 9 {
            t.chars()
                .map(|c| self.parse_move(c.encode_utf8(&mut [0; 4])))
                .collect()
        } else if t.is_empty() {
            Ok(Vec::new())
        } else {
            // W > 9: without a separator the text is a single column number.
            Ok(vec![self.parse_move(t)?])
        }
    }

    fn format_moves(&self, moves: &[u8]) -> String {
        let parts: Vec<String> = moves.iter().map(|&m| self.format_move(m)).collect();
        if self.rules.width() <= 9 {
            parts.concat()
        } else {
            parts.join(",")
        }
    }

    #[inline]
    fn is_legal(&self, mv: u8) -> bool {
        self.outcome.is_none()
            && u32::from(mv) < self.rules.width()
            && self.heights[mv as usize] < self.rules.height
    }

    /// The rows top first, then the column numbers (the [`Display`](fmt::Display) of the
    /// position), with the stone `last` dropped written in lower case (`x` or `o`).
    fn cells(&self) -> Option<Vec<Vec<Option<Player>>>> {
        Some(
            (0..self.rules.height())
                .rev()
                .map(|row| {
                    (0..self.rules.width())
                        .map(|col| self.cell(col, row))
                        .collect()
                })
                .collect(),
        )
    }

    fn board(&self, last: Option<u8>) -> Option<String> {
        let mut text = self.to_string();
        let Some(col) = last.map(u32::from).filter(|&c| c < self.rules.width()) else {
            return Some(text);
        };
        let height = u32::from(self.heights[col as usize]);
        if height == 0 {
            return Some(text);
        }
        // Row `height - 1` from the bottom is line `rows - height` from the top.
        let line = (self.rules.height() - height) as usize;
        let at = line * (self.rules.width() as usize + 1) + col as usize;
        if let Some(c) = text.get(at..at + 1).map(str::to_ascii_lowercase) {
            text.replace_range(at..at + 1, &c);
        }
        Some(text)
    }
}

/// The board, top row first: `X` the first player, `O` the second, `.` empty; then a line of
/// column numbers (last digit of the number for W > 9).
impl<B: Bitboard> fmt::Display for Connect<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.rules.height()).rev() {
            for col in 0..self.rules.width() {
                let c = match self.cell(col, row) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        for col in 0..self.rules.width() {
            write!(f, "{}", (col + 1) % 10)?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c4() -> Connect<u64> {
        Connect::new(ConnectRules::new(7, 6, 4, false, "connect:7x6:4").unwrap()).unwrap()
    }

    #[test]
    fn the_board_writes_the_last_stone_in_lower_case() {
        let mut g = c4();
        g.play_moves("443").unwrap();
        assert_eq!(g.board(None).unwrap(), g.to_string());
        let b = g.board(Some(2)).unwrap();
        let rows: Vec<&str> = b.lines().collect();
        assert_eq!(rows[4..], ["...O...", "..xX...", "1234567"]);
        // The stone on top of column 4 is O, in the line above.
        assert_eq!(g.board(Some(3)).unwrap().lines().nth(4), Some("...o..."));
        // The cells are the board's rows.
        let drawn: Vec<String> = g
            .cells()
            .unwrap()
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| match c {
                        Some(Player::First) => 'X',
                        Some(Player::Second) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        assert_eq!(drawn, g.to_string().lines().take(6).collect::<Vec<_>>());
    }

    #[test]
    fn vertical_four_wins() {
        let mut g = c4();
        g.play_moves("4343434").unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    }

    #[test]
    fn horizontal_and_diagonal_lines() {
        let mut g = c4();
        g.play_moves("1122334").unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
        // A "/" diagonal for the first player: (1,0) (2,1) (3,2) (4,3).
        let mut g = c4();
        g.play_moves("1223433446").unwrap();
        assert_eq!(g.outcome(), None);
        g.play_moves("4").unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    }

    #[test]
    fn no_wrap_between_columns() {
        // X holds column 1 rows 3..5 and column 2 row 0: consecutive bits but for the sentinel.
        let mut g = c4();
        g.play_moves("21717116161").unwrap();
        assert_eq!(g.outcome(), None);
    }
}
