//! Connect-K on a W×H board (`connect:WxH:K`) and its misère version (`connect-misere:WxH:K`,
//! Delattre & Fournier section 8.10: whoever connects K loses).
//!
//! Stones fall to the lowest empty cell of the chosen column. A player who makes a line of K
//! stones (vertical, horizontal or diagonal) wins (loses in the misère version); a full board
//! without such a line is a draw.
//!
//! # Bitboards
//!
//! Column `c` occupies bits `c·(H+1) .. c·(H+1)+H`; the top bit of each column (row H) is a
//! sentinel that stays empty, so shifting by 1 (vertical), H+1 (horizontal), H and H+2
//! (diagonals) never wraps a line from one column into the next. A board needs W·(H+1) bits:
//! `u64` up to 64, `u128` up to 128 and [`U256`] up to 256 (15×15 needs 240).
//! [`Connect`] is generic over the [`Bitboard`]; [`crate::AnyGame`] picks the narrowest.
//!
//! # Move notation
//!
//! A move is a column, written from 1 (the public Connect Four benchmark's notation). For
//! W ≤ 9 a move list is a string of digits (`4453`); for W > 9 moves are written as decimal
//! numbers separated by commas (`8,8,12,1`). Commas (or spaces) are accepted for any W.
//!
//! # Lines
//!
//! [`lines`] lists the lines of K cells of a board, cell by cell; the bidding games of
//! `duel_bidding` decide wins by it, and a test holds the bitboards to the same lines.

use std::fmt;

use duel_core::game::{Game, GameError, Outcome, Player};

use crate::mix64;

/// The most columns a board may have.
pub const MAX_WIDTH: usize = 32;
/// The most bits a board may need (W·(H+1)).
pub const MAX_BITS: u32 = 256;

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

/// Every line of `k` cells on a board `width` columns wide and `height` rows high: the rule
/// of Connect-K and of `k` in a row, written once. A player who owns every cell of one of
/// them has connected `k`.
///
/// A cell is a row-major index from the top-left, `row · width + col` with row 0 at the top
/// (so the bottom row of a Connect-K board, where stones land first, is row `height − 1`).
/// Lines are listed by their first cell in that order, and from each cell in the directions
/// → (along a row), ↓ (down a column), ↘ and ↙, each line's cells from its first one on; a
/// line lies wholly on the board. With `k = 1` every cell is listed once per direction; with
/// `k = 0`, or `k` longer than both sides, there is no line.
pub fn lines(width: usize, height: usize, k: usize) -> Vec<Vec<usize>> {
    let mut lines = Vec::new();
    let Some(reach) = k.checked_sub(1) else {
        return lines;
    };
    let on_board = |r: usize, c: usize, dr: isize, dc: isize| {
        let end_r = r as isize + dr * reach as isize;
        let end_c = c as isize + dc * reach as isize;
        (0..height as isize).contains(&end_r) && (0..width as isize).contains(&end_c)
    };
    for r in 0..height {
        for c in 0..width {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                if on_board(r, c, dr, dc) {
                    lines.push(
                        (0..k as isize)
                            .map(|i| {
                                (r as isize + dr * i) as usize * width
                                    + (c as isize + dc * i) as usize
                            })
                            .collect(),
                    );
                }
            }
        }
    }
    lines
}

/// The rules of a Connect-K game: board size, line length, misère or not. Validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConnectRules {
    width: u8,
    height: u8,
    k: u8,
    misere: bool,
}

impl ConnectRules {
    /// Checks the sizes: W, H, K ≥ 1, K ≤ max(W, H), W ≤ [`MAX_WIDTH`], W·(H+1) ≤ [`MAX_BITS`].
    /// `spec` is the text quoted in errors.
    pub fn new(
        width: u32,
        height: u32,
        k: u32,
        misere: bool,
        spec: &str,
    ) -> Result<Self, GameError> {
        let bad = |why: String| GameError::BadSpec {
            spec: spec.to_string(),
            why,
        };
        if width == 0 || height == 0 || k == 0 {
            return Err(bad("width, height and K must be at least 1".to_string()));
        }
        if k > width.max(height) {
            return Err(bad(format!(
                "K = {k} is longer than the board's longest side ({})",
                width.max(height)
            )));
        }
        if width as usize > MAX_WIDTH {
            return Err(bad(format!(
                "at most {MAX_WIDTH} columns are supported, not {width}"
            )));
        }
        let bits = u64::from(width) * (u64::from(height) + 1);
        if bits > u64::from(MAX_BITS) {
            return Err(bad(format!(
                "the board needs W·(H+1) = {bits} bits; at most {MAX_BITS} are supported (15x15 is the largest square board)"
            )));
        }
        Ok(ConnectRules {
            width: width as u8,
            height: height as u8,
            k: k as u8,
            misere,
        })
    }

    /// The number of columns W.
    #[inline]
    pub fn width(&self) -> u32 {
        u32::from(self.width)
    }
    /// The number of rows H.
    #[inline]
    pub fn height(&self) -> u32 {
        u32::from(self.height)
    }
    /// The line length K.
    pub fn k(&self) -> u32 {
        u32::from(self.k)
    }
    /// Whether connecting K loses.
    pub fn misere(&self) -> bool {
        self.misere
    }
    /// The bits a board needs: W·(H+1).
    pub fn bits(&self) -> u32 {
        self.width() * (self.height() + 1)
    }
    /// The game's name, e.g. `connect:7x6:4`.
    pub fn spec(&self) -> String {
        format!(
            "{}:{}x{}:{}",
            if self.misere {
                "connect-misere"
            } else {
                "connect"
            },
            self.width,
            self.height,
            self.k
        )
    }
}

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

/// Centre-first column orders for every width (the middle columns take part in the most
/// lines): `ORDERS[w][..w]` for W = 7 is 3, 4, 2, 5, 1, 6, 0.
const ORDERS: [[u8; MAX_WIDTH]; MAX_WIDTH + 1] = {
    let mut t = [[0u8; MAX_WIDTH]; MAX_WIDTH + 1];
    let mut w = 1;
    while w <= MAX_WIDTH {
        let mid = (w as i32 - 1) / 2;
        let mut i = 0;
        while i < w {
            let off = (i as i32 + 1) / 2;
            t[w][i] = if i % 2 == 1 { mid + off } else { mid - off } as u8;
            i += 1;
        }
        w += 1;
    }
    t
};

/// The columns (0-based) of a board `width` wide from the centre outwards, the order of
/// [`Game::legal_moves`]; empty for a width over the largest board's.
pub fn centre_order(width: u32) -> &'static [u8] {
    let w = width as usize;
    ORDERS.get(w).map_or(&[], |o| &o[..w])
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

    #[test]
    fn lines_in_their_documented_order() {
        assert_eq!(
            lines(3, 3, 3),
            [
                [0, 1, 2],
                [0, 3, 6],
                [0, 4, 8],
                [1, 4, 7],
                [2, 5, 8],
                [2, 4, 6],
                [3, 4, 5],
                [6, 7, 8]
            ]
        );
        // Connect Four has 69 lines: 24 horizontal, 21 vertical, 12 of each diagonal.
        assert_eq!(lines(7, 6, 4).len(), 69);
        assert_eq!(lines(2, 3, 1).len(), 4 * 6);
        assert!(lines(3, 3, 0).is_empty());
        assert!(lines(3, 2, 4).is_empty());
    }

    #[test]
    fn u256_shift_crosses_words() {
        let x = U256::bit(130);
        assert_eq!(x.shr(70), U256::bit(60));
        assert_eq!(x.shr(2), U256::bit(128));
        assert_eq!(x.shr(131), U256::zero());
        assert_eq!(U256::bit(255).shr(255), U256::bit(0));
    }
}
