//! Tic-tac-toe (`tictactoe`): three in a row on a 3×3 board wins, a full board is a draw.
//!
//! Cells are numbered 1 to 9 row by row from the top left, like a phone keypad:
//!
//! ```text
//! 1 2 3
//! 4 5 6
//! 7 8 9
//! ```
//!
//! A move list is a string of cell digits (`5193`); commas or spaces between them are accepted.

use std::fmt;

use duel_core::game::{Game, GameError, Outcome, Player};

/// The eight lines as 9-bit masks (bit `i` is cell `i + 1`).
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// The 8 symmetries of the square as cell permutations: cell `i` goes to `perm[i]`.
const SYMMETRIES: [[u8; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8], // identity
    [2, 5, 8, 1, 4, 7, 0, 3, 6], // rotation by a quarter turn
    [8, 7, 6, 5, 4, 3, 2, 1, 0], // half turn
    [6, 3, 0, 7, 4, 1, 8, 5, 2], // three quarters
    [2, 1, 0, 5, 4, 3, 8, 7, 6], // mirror left-right
    [6, 7, 8, 3, 4, 5, 0, 1, 2], // mirror top-bottom
    [0, 3, 6, 1, 4, 7, 2, 5, 8], // main diagonal
    [8, 5, 2, 7, 4, 1, 6, 3, 0], // anti-diagonal
];

/// A tic-tac-toe position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TicTacToe {
    /// The cells of each player, by [`Player::index`].
    cells: [u16; 2],
}

impl TicTacToe {
    /// The empty board.
    pub fn new() -> Self {
        TicTacToe::default()
    }

    fn filled(&self) -> u16 {
        self.cells[0] | self.cells[1]
    }

    fn has_line(cells: u16) -> bool {
        for line in LINES {
            if cells & line == line {
                return true;
            }
        }
        false
    }

    /// The mark at cell `i` (0-based), if any.
    pub fn cell(&self, i: u8) -> Option<Player> {
        if i >= 9 {
            None
        } else if self.cells[0] >> i & 1 == 1 {
            Some(Player::First)
        } else if self.cells[1] >> i & 1 == 1 {
            Some(Player::Second)
        } else {
            None
        }
    }
}

impl Game for TicTacToe {
    /// A cell, 0-based (written 1 to 9).
    type Move = u8;

    fn spec(&self) -> String {
        "tictactoe".to_string()
    }

    fn to_move(&self) -> Player {
        Player::after_plies(u64::from(self.filled().count_ones()))
    }

    fn outcome(&self) -> Option<Outcome> {
        if Self::has_line(self.cells[0]) {
            Some(Outcome::Win(Player::First))
        } else if Self::has_line(self.cells[1]) {
            Some(Outcome::Win(Player::Second))
        } else if self.filled() == 0x1ff {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The empty cells in increasing order.
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        let filled = self.filled();
        moves.extend((0..9u8).filter(|&i| filled >> i & 1 == 0));
    }

    fn play(&mut self, mv: u8) {
        let me = self.to_move().index();
        self.cells[me] |= 1 << (mv % 9);
    }

    fn key(&self) -> u64 {
        u64::from(self.cells[0]) | u64::from(self.cells[1]) << 9
    }

    /// The smallest key over the 8 symmetries of the square (rotations and reflections).
    fn canonical_key(&self) -> u64 {
        SYMMETRIES
            .iter()
            .map(|perm| {
                let map = |cells: u16| {
                    (0..9).fold(0u64, |acc, i| acc | u64::from(cells >> i & 1) << perm[i])
                };
                map(self.cells[0]) | map(self.cells[1]) << 9
            })
            .min()
            .unwrap_or_else(|| self.key())
    }

    fn format_move(&self, mv: u8) -> String {
        (u32::from(mv) + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, GameError> {
        match text.trim().parse::<u8>() {
            Ok(n @ 1..=9) => Ok(n - 1),
            _ => Err(GameError::BadMove {
                text: text.to_string(),
                why: "a cell is a digit from 1 to 9 (row by row from the top left)".to_string(),
            }),
        }
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<u8>, GameError> {
        // One digit a move; commas and spaces may separate them, but not stand empty (`1,,2`).
        crate::move_text::move_items(text, &[','])?
            .into_iter()
            .flat_map(str::chars)
            .map(|c| self.parse_move(c.encode_utf8(&mut [0; 4])))
            .collect()
    }

    fn format_moves(&self, moves: &[u8]) -> String {
        moves.iter().map(|&m| self.format_move(m)).collect()
    }

    fn is_legal(&self, mv: u8) -> bool {
        mv < 9 && self.filled() >> mv & 1 == 0 && self.outcome().is_none()
    }

    /// Three rows of three cells, three characters each: ` X `, ` O `, or an empty cell's
    /// number (the move that plays there, ` 1 ` to ` 9 `); the last move's mark in brackets,
    /// `[X]`.
    fn cells(&self) -> Option<Vec<Vec<Option<Player>>>> {
        Some(
            (0..3u8)
                .map(|row| (0..3u8).map(|col| self.cell(row * 3 + col)).collect())
                .collect(),
        )
    }

    fn board(&self, last: Option<u8>) -> Option<String> {
        let mut out = String::new();
        for row in 0..3u8 {
            for col in 0..3u8 {
                let i = row * 3 + col;
                let mark = match self.cell(i) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => char::from(b'1' + i),
                };
                if last == Some(i) && self.cell(i).is_some() {
                    out.push_str(&format!("[{mark}]"));
                } else {
                    out.push_str(&format!(" {mark} "));
                }
            }
            out.push('\n');
        }
        Some(out)
    }
}

/// Three rows of `X`, `O` and `.`.
impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3u8 {
            for col in 0..3u8 {
                let c = match self.cell(row * 3 + col) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
