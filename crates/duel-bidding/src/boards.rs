//! Board games for bidding play: Tic-Tac-Toe, Connect-K with gravity on a `W×H` board, and
//! Hex on an `N×N` rhombus. Alice plays `A`, Bob plays `B`; either may move at any time (the
//! bid decides), so a board may hold any numbers of each stone.
//!
//! Positions are base-3 codes (cell `i` is digit `i`: 0 empty, 1 Alice, 2 Bob), cells in
//! row-major order from the top-left. A board is written as its rows from the top, separated
//! by `/`, with `A`, `B` and `.` (e.g. `A../.B./...`).

use serde::Serialize;

use super::discrete::theorem_3_7;
use super::graph::BiddingGame;
use super::memory::filled_table;
use super::{BiddingError, ChipsOutOfRange, PositionError, Solver, TooMany};
use duel_core::exact::{Chips, Rational};
use duel_core::game::{Outcome, Player};

/// The most cells a board may have (the code must fit in 64 bits).
pub const MAX_CELLS: usize = 40;

/// A symmetry of the board, as a map of (row, column).
type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// Connect-K (`gravity`) or K-in-a-row without gravity (Tic-Tac-Toe is 3×3, K = 3).
#[derive(Clone, Debug)]
pub struct LineGame {
    width: usize,
    height: usize,
    gravity: bool,
    lines: Vec<Vec<usize>>,
    pow3: Vec<u64>,
    symmetries: Vec<Vec<usize>>,
}

fn pow3(n: usize) -> Vec<u64> {
    let mut p = vec![1u64; n + 1];
    for i in 1..=n {
        p[i] = p[i - 1].wrapping_mul(3);
    }
    p
}

fn decode(code: u64, cells: usize) -> Vec<u8> {
    let mut c = code;
    (0..cells)
        .map(|_| {
            let d = (c % 3) as u8;
            c /= 3;
            d
        })
        .collect()
}

fn encode(cells: &[u8], pow3: &[u64]) -> u64 {
    cells
        .iter()
        .enumerate()
        .map(|(i, &d)| u64::from(d) * pow3[i])
        .sum()
}

fn label_board(cells: &[u8], width: usize) -> String {
    cells
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|&d| match d {
                    1 => 'A',
                    2 => 'B',
                    _ => '.',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Reads a board in the notation [`label_board`] writes: the rows from the top separated by
/// `/`, each cell `A` (Alice), `B` (Bob) or `.` (empty). Nothing else is read as a cell (a
/// lowercase `a` or an `X` would be a guess at what was meant), and every row must be full.
fn parse_board(text: &str, width: usize, height: usize) -> Result<Vec<u8>, BiddingError> {
    let mut cells = Vec::with_capacity(width * height);
    for c in text.chars() {
        match c {
            'A' => cells.push(1),
            'B' => cells.push(2),
            '.' => cells.push(0),
            '/' => {}
            other => {
                return Err(PositionError::NotACell {
                    cell: other,
                    text: text.to_string(),
                }
                .into())
            }
        }
    }
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != height || rows.iter().any(|r| r.len() != width) {
        return Err(PositionError::WrongShape {
            text: text.to_string(),
            width,
            height,
        }
        .into());
    }
    Ok(cells)
}

impl LineGame {
    /// Tic-Tac-Toe: 3×3, three in a row, no gravity.
    pub fn tictactoe() -> LineGame {
        LineGame::new(3, 3, 3, false).expect("3x3 is a valid board")
    }

    /// Connect-`k` on a `width × height` board with gravity (stones drop to the lowest empty
    /// cell of a column), or `k` in a row anywhere without gravity.
    pub fn new(
        width: usize,
        height: usize,
        k: usize,
        gravity: bool,
    ) -> Result<LineGame, BiddingError> {
        if width == 0 || height == 0 || k == 0 {
            return Err(BiddingError::EmptyBoard);
        }
        if k > width.max(height) {
            return Err(BiddingError::LineDoesNotFit { k, width, height });
        }
        let cells = width.saturating_mul(height);
        if cells > MAX_CELLS {
            return Err(BiddingError::BoardTooLarge {
                width,
                height,
                cells,
                limit: MAX_CELLS,
            });
        }
        let lines = duel_games::connect::lines(width, height, k);
        let mut maps: Vec<CellMap> = vec![
            Box::new(|r, c| (r, c)),
            Box::new(move |r, c| (r, width - 1 - c)),
        ];
        if !gravity {
            maps.push(Box::new(move |r, c| (height - 1 - r, c)));
            maps.push(Box::new(move |r, c| (height - 1 - r, width - 1 - c)));
            if width == height {
                maps.push(Box::new(|r, c| (c, r)));
                maps.push(Box::new(move |r, c| (width - 1 - c, r)));
                maps.push(Box::new(move |r, c| (c, width - 1 - r)));
                maps.push(Box::new(move |r, c| (width - 1 - c, width - 1 - r)));
            }
        }
        let symmetries = maps
            .iter()
            .map(|m| {
                (0..cells)
                    .map(|i| {
                        let (r, c) = m(i / width, i % width);
                        r * width + c
                    })
                    .collect()
            })
            .collect();
        Ok(LineGame {
            width,
            height,
            gravity,
            lines,
            pow3: pow3(cells),
            symmetries,
        })
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// An upper bound on the number of positions bidding play can reach; `u128::MAX` when it
    /// does not fit in 128 bits (print it with [`super::bound_text`]).
    pub fn position_bound(&self) -> u128 {
        if self.gravity {
            let per_column = (1u128 << (self.height + 1)) - 1;
            per_column.saturating_pow(self.width as u32)
        } else {
            3u128.saturating_pow(self.cells() as u32)
        }
    }

    /// The boards with `s` stones for each `s`, over the board's symmetries: the layers'
    /// sizes as [`crate::rows_estimate`] estimates them.
    pub fn layer_estimates(&self) -> Vec<f64> {
        if self.gravity {
            crate::rows_estimate::gravity_layers(self.width, self.height, self.symmetries.len())
        } else {
            crate::rows_estimate::free_layers(self.cells(), self.symmetries.len())
        }
    }

    /// The lines of `k` cells, as [`duel_games::connect::lines`] lists them.
    pub fn lines(&self) -> &[Vec<usize>] {
        &self.lines
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The code of a board given as cells (0 empty, 1 Alice, 2 Bob).
    pub fn code_of(&self, cells: &[u8]) -> u64 {
        encode(cells, &self.pow3)
    }

    fn check_gravity(&self, cells: &[u8]) -> bool {
        !self.gravity
            || (0..self.width).all(|c| {
                (0..self.height - 1).all(|r| {
                    let above = cells[r * self.width + c];
                    let below = cells[(r + 1) * self.width + c];
                    above == 0 || below != 0
                })
            })
    }
}

impl BiddingGame for LineGame {
    fn start(&self) -> u64 {
        0
    }

    fn outcome(&self, pos: u64) -> Option<Outcome> {
        let cells = decode(pos, self.cells());
        for line in &self.lines {
            let first = cells[line[0]];
            if first != 0 && line.iter().all(|&i| cells[i] == first) {
                return Some(if first == 1 {
                    Outcome::Win(Player::ALICE)
                } else {
                    Outcome::Win(Player::BOB)
                });
            }
        }
        if cells.iter().all(|&d| d != 0) {
            return Some(Outcome::Draw);
        }
        None
    }

    fn moves(&self, pos: u64, who: Player) -> Vec<u64> {
        let cells = decode(pos, self.cells());
        let digit = match who {
            Player::ALICE => 1,
            Player::BOB => 2,
        };
        let mut out = Vec::new();
        if self.gravity {
            for c in 0..self.width {
                if let Some(r) = (0..self.height)
                    .rev()
                    .find(|&r| cells[r * self.width + c] == 0)
                {
                    out.push(pos + digit * self.pow3[r * self.width + c]);
                }
            }
        } else {
            for (i, &d) in cells.iter().enumerate() {
                if d == 0 {
                    out.push(pos + digit * self.pow3[i]);
                }
            }
        }
        out
    }

    fn canonical(&self, pos: u64) -> u64 {
        let cells = decode(pos, self.cells());
        self.symmetries
            .iter()
            .map(|perm| {
                cells
                    .iter()
                    .enumerate()
                    .map(|(i, &d)| u64::from(d) * self.pow3[perm[i]])
                    .sum::<u64>()
            })
            .min()
            .unwrap_or(pos)
    }

    fn label(&self, pos: u64) -> String {
        label_board(&decode(pos, self.cells()), self.width)
    }

    fn parse(&self, text: &str) -> Result<u64, BiddingError> {
        let cells = parse_board(text, self.width, self.height)?;
        if !self.check_gravity(&cells) {
            return Err(PositionError::Floating {
                text: text.to_string(),
            }
            .into());
        }
        let code = encode(&cells, &self.pow3);
        // A position after the game ended twice over (both players have lines) is not one.
        let a = self.lines.iter().any(|l| l.iter().all(|&i| cells[i] == 1));
        let b = self.lines.iter().any(|l| l.iter().all(|&i| cells[i] == 2));
        if a && b {
            return Err(PositionError::BothLines {
                text: text.to_string(),
            }
            .into());
        }
        Ok(code)
    }
}

/// Hex on an `n × n` rhombus: Alice joins the top and bottom rows, Bob the left and right
/// columns. Cell `(r, c)` touches `(r, c±1)`, `(r±1, c)`, `(r−1, c+1)` and `(r+1, c−1)`.
#[derive(Clone, Debug)]
pub struct Hex {
    n: usize,
    pow3: Vec<u64>,
}

impl Hex {
    /// Hex on an `n × n` board.
    pub fn new(n: usize) -> Result<Hex, BiddingError> {
        if n == 0 {
            return Err(BiddingError::EmptyHexBoard);
        }
        if n * n > MAX_CELLS {
            return Err(BiddingError::HexTooLarge {
                n,
                cells: n * n,
                limit: MAX_CELLS,
            });
        }
        Ok(Hex {
            n,
            pow3: pow3(n * n),
        })
    }

    /// An upper bound on the number of positions; `u128::MAX` when it does not fit in 128
    /// bits (print it with [`super::bound_text`]).
    pub fn position_bound(&self) -> u128 {
        3u128.saturating_pow((self.n * self.n) as u32)
    }

    /// The boards with `s` stones for each `s`, over the half turn (see
    /// [`LineGame::layer_estimates`]).
    pub fn layer_estimates(&self) -> Vec<f64> {
        crate::rows_estimate::free_layers(self.n * self.n, 2)
    }

    fn connected(&self, cells: &[u8], digit: u8) -> bool {
        let n = self.n;
        let mut seen = vec![false; n * n];
        let mut stack: Vec<usize> = Vec::new();
        for i in 0..n {
            let cell = if digit == 1 { i } else { i * n };
            if cells[cell] == digit {
                seen[cell] = true;
                stack.push(cell);
            }
        }
        while let Some(cell) = stack.pop() {
            let (r, c) = ((cell / n) as i64, (cell % n) as i64);
            if (digit == 1 && r as usize == n - 1) || (digit == 2 && c as usize == n - 1) {
                return true;
            }
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1)] {
                let (rr, cc) = (r + dr, c + dc);
                if rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < n {
                    let j = rr as usize * n + cc as usize;
                    if !seen[j] && cells[j] == digit {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        false
    }
}

impl BiddingGame for Hex {
    fn start(&self) -> u64 {
        0
    }

    fn outcome(&self, pos: u64) -> Option<Outcome> {
        let cells = decode(pos, self.n * self.n);
        if self.connected(&cells, 1) {
            Some(Outcome::Win(Player::ALICE))
        } else if self.connected(&cells, 2) {
            Some(Outcome::Win(Player::BOB))
        } else if cells.iter().all(|&d| d != 0) {
            // Impossible in Hex (a full board always has a winner); kept for safety.
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn moves(&self, pos: u64, who: Player) -> Vec<u64> {
        let cells = decode(pos, self.n * self.n);
        let digit = if who == Player::ALICE { 1 } else { 2 };
        cells
            .iter()
            .enumerate()
            .filter(|(_, &d)| d == 0)
            .map(|(i, _)| pos + digit * self.pow3[i])
            .collect()
    }

    fn canonical(&self, pos: u64) -> u64 {
        // A half turn keeps both players' goals.
        // Reverse the base-3 digits (no allocation: this runs for every edge of the
        // all-totals solver).
        let (mut rest, mut rotated) = (pos, 0u64);
        for _ in 0..self.n * self.n {
            rotated = rotated * 3 + rest % 3;
            rest /= 3;
        }
        pos.min(rotated)
    }

    fn label(&self, pos: u64) -> String {
        label_board(&decode(pos, self.n * self.n), self.n)
    }

    fn parse(&self, text: &str) -> Result<u64, BiddingError> {
        let cells = parse_board(text, self.n, self.n)?;
        if self.connected(&cells, 1) && self.connected(&cells, 2) {
            return Err(PositionError::BothConnected {
                text: text.to_string(),
            }
            .into());
        }
        Ok(encode(&cells, &self.pow3))
    }
}

/// The Richman value of a board from the empty position, found on a dense table, with the
/// numbers `M`, `m`, `m̄` of Theorem 3.13.
///
/// Every move adds a stone, so a position with `s` stones ends within `C − s` moves (`C` the
/// number of cells) and its `R(G_v)` and `Δ_v` are dyadic with denominators dividing `2^C`:
/// they are kept as integers scaled by `2^C`. The least common denominator `M` of all of
/// them over the positions reachable from the start is then the largest of these powers of
/// two, `2^C / 2^t` with `t` the fewest trailing zero bits of any scaled value, read off the
/// bitwise OR of all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DenseRichman {
    /// `R(G)·2^C`.
    pub scaled: u64,
    /// `C`, the number of cells.
    pub cells: u32,
    /// The entries of the dense table (4 bytes each).
    pub entries: usize,
    /// The bitwise OR of `R(G_v)·2^C` and `Δ_v·2^C` over every non-terminal position `v`
    /// reachable from the start.
    pub scaled_or: u64,
}

impl DenseRichman {
    /// `R(G)`, exact.
    pub fn value(&self) -> Rational {
        Rational::new(self.scaled.into(), (1u64 << self.cells).into())
    }

    /// `log2 M`: `C` minus the fewest trailing zeros of any scaled `R(G_v)` or `Δ_v`.
    pub fn log2_big_m(&self) -> u32 {
        self.cells - self.scaled_or.trailing_zeros().min(self.cells)
    }

    /// `M` of Theorem 3.13: the least common denominator of every `R(G_v)` and `Δ_v`.
    pub fn big_m(&self) -> u64 {
        1 << self.log2_big_m()
    }

    /// `m = M·R(G)` (an integer, since `M` is a multiple of the denominator of `R(G)`).
    pub fn m(&self) -> u64 {
        self.scaled >> (self.cells - self.log2_big_m())
    }

    /// `m̄ = M·R(Ḡ) = M − m` (finite games: `R(Ḡ) = 1 − R(G)`).
    pub fn m_bar(&self) -> u64 {
        self.big_m() - self.m()
    }
}

/// The exact Richman value of bidding Connect-K (with gravity) by a memoised search over a
/// dense table indexed by column states, without building the graph: `(2^(h+1) − 1)^w`
/// entries of 4 bytes. With it, `M`, `m` and `m̄` of Theorem 3.13 (see [`DenseRichman`]).
pub fn connect_richman_dense(game: &LineGame) -> Result<DenseRichman, BiddingError> {
    let cells = game.cells();
    if cells > 31 {
        return Err(TooMany {
            what: "cells",
            count: cells as u128,
            limit: 31,
            solver: Solver::Dense,
        }
        .into());
    }
    let (v, entries, scaled_or) = dense_solve(game, DenseMode::Richman { one: 1u32 << cells })?;
    Ok(DenseRichman {
        scaled: u64::from(v),
        cells: cells as u32,
        entries,
        scaled_or,
    })
}

/// The discrete threshold `f(G, k)` (Theorem 3.7) of bidding Connect-K from the empty board,
/// by the same dense memoised search (for boards too large for an explicit graph).
pub fn connect_threshold_dense(game: &LineGame, k: u64) -> Result<Chips, BiddingError> {
    if k > 1_000_000_000 {
        return Err(ChipsOutOfRange {
            total: k,
            max: 1_000_000_000,
            solver: Solver::Dense,
        }
        .into());
    }
    let (v, _, _) = dense_solve(
        game,
        DenseMode::Discrete {
            never: 2 * k as u32 + 2,
        },
    )?;
    Ok(Chips::from_rank(u64::from(v)))
}

#[derive(Clone, Copy)]
enum DenseMode {
    /// Richman values scaled by `one` = 2^cells.
    Richman { one: u32 },
    /// Ranks of `f(·, k)`; `never` = rank of k + 1.
    Discrete { never: u32 },
}

/// The value at the empty board, the table's size and (Richman mode) the OR of every scaled
/// `R(G_v)` and `Δ_v`.
fn dense_solve(game: &LineGame, mode: DenseMode) -> Result<(u32, usize, u64), BiddingError> {
    if !game.gravity {
        return Err(BiddingError::DenseNeedsGravity);
    }
    let bound = game.position_bound();
    if bound > DENSE_LIMIT as u128 {
        return Err(TooMany {
            what: "positions",
            count: bound,
            limit: DENSE_LIMIT,
            solver: Solver::Dense,
        }
        .into());
    }
    let per_column = (1u64 << (game.height + 1)) - 1;
    let mut column_pow = vec![1u64; game.width];
    for c in 1..game.width {
        column_pow[c] = column_pow[c - 1] * per_column;
    }
    let mut table = filled_table(
        bound as usize,
        u32::MAX,
        "the dense table of the board's positions",
        u64::MAX,
    )?;
    let mut solver = Dense {
        game,
        mode,
        column_pow,
        table: &mut table,
        board: vec![0u8; game.cells()],
        heights: vec![0usize; game.width],
        codes: vec![0u64; game.width],
        scaled_or: 0,
    };
    let v = solver.value(0);
    Ok((v, bound as usize, solver.scaled_or))
}

/// The most entries the dense Connect solver allocates (4 bytes each).
pub const DENSE_LIMIT: u64 = 120_000_000;

struct Dense<'a> {
    game: &'a LineGame,
    mode: DenseMode,
    column_pow: Vec<u64>,
    table: &'a mut [u32],
    board: Vec<u8>,
    heights: Vec<usize>,
    codes: Vec<u64>,
    /// The OR of every `R(G_v)` and `Δ_v` found (Richman mode), for `M` of Theorem 3.13.
    scaled_or: u64,
}

impl Dense<'_> {
    /// The value of an end that is not Alice's win.
    fn other_end(&self) -> u32 {
        match self.mode {
            DenseMode::Richman { one } => one,
            DenseMode::Discrete { never } => never,
        }
    }

    /// Whether the stone just placed at `cell` completes a line for its owner.
    fn completes_line(&self, cell: usize) -> bool {
        let w = self.game.width as i64;
        let h = self.game.height as i64;
        let k = self.game.lines.first().map_or(1, |l| l.len()) as i64;
        let d = self.board[cell];
        let (r, c) = ((cell as i64) / w, (cell as i64) % w);
        for (dr, dc) in [(0i64, 1i64), (1, 0), (1, 1), (1, -1)] {
            let mut count = 1;
            for sign in [1i64, -1] {
                let (mut rr, mut cc) = (r + sign * dr, c + sign * dc);
                while rr >= 0
                    && cc >= 0
                    && rr < h
                    && cc < w
                    && self.board[(rr * w + cc) as usize] == d
                {
                    count += 1;
                    rr += sign * dr;
                    cc += sign * dc;
                }
            }
            if count >= k {
                return true;
            }
        }
        false
    }

    fn value(&mut self, index: u64) -> u32 {
        let cached = self.table[index as usize];
        if cached != u32::MAX {
            return cached;
        }
        let (w, h) = (self.game.width, self.game.height);
        let mut best_alice = u32::MAX;
        let mut best_bob = 0u32;
        let mut any = false;
        for c in 0..w {
            if self.heights[c] == h {
                continue;
            }
            any = true;
            let row = h - 1 - self.heights[c];
            let cell = row * w + c;
            let n = self.heights[c] as u64;
            let old_code = self.codes[c];
            let bits = old_code + 1 - (1 << n);
            for (digit, bit) in [(1u8, 0u64), (2u8, 1u64)] {
                self.board[cell] = digit;
                let v = if self.completes_line(cell) {
                    if digit == 1 {
                        0
                    } else {
                        self.other_end()
                    }
                } else {
                    let new_code = (1u64 << (n + 1)) - 1 + bits + (bit << n);
                    self.heights[c] += 1;
                    self.codes[c] = new_code;
                    let child =
                        index - old_code * self.column_pow[c] + new_code * self.column_pow[c];
                    let v = self.value(child);
                    self.heights[c] -= 1;
                    self.codes[c] = old_code;
                    v
                };
                if digit == 1 {
                    best_alice = best_alice.min(v);
                } else {
                    best_bob = best_bob.max(v);
                }
            }
            self.board[cell] = 0;
        }
        let v = if !any {
            self.other_end()
        } else {
            let (v, or) = combine(self.mode, best_alice, best_bob);
            self.scaled_or |= or;
            v
        };
        self.table[index as usize] = v;
        v
    }
}

/// The value of a position from `R_A` (the best Alice can move to) and `R_B` (Bob's), and in
/// Richman mode the bits `R(G_v) | Δ_v` (scaled) for `M` of Theorem 3.13.
fn combine(mode: DenseMode, best_alice: u32, best_bob: u32) -> (u32, u64) {
    let (a, b) = (u64::from(best_alice), u64::from(best_bob));
    match mode {
        // Children of a position with s stones have s + 1, so a and b are multiples of
        // 2^(s+1) (scaled by 2^C): the halvings are exact.
        DenseMode::Richman { .. } => {
            let value = (a + b) / 2;
            (value as u32, value | (a.abs_diff(b) / 2))
        }
        DenseMode::Discrete { .. } => (theorem_3_7(a, b) as u32, 0),
    }
}

/// The Richman value (scaled by `2^(n²)`) or, with `k = Some(total)`, the discrete threshold
/// rank of bidding Hex from the empty board, by a memoised search over a dense table of all
/// `3^(n²)` boards (4 bytes each; for boards too large for an explicit graph, e.g. 4×4).
pub fn hex_dense(hex: &Hex, k: Option<u64>) -> Result<(u64, usize), BiddingError> {
    let (v, entries, _) = hex_dense_solve(hex, k)?;
    Ok((v, entries))
}

fn hex_dense_solve(hex: &Hex, k: Option<u64>) -> Result<(u64, usize, u64), BiddingError> {
    let cells = hex.n * hex.n;
    if cells > 31 {
        return Err(TooMany {
            what: "cells",
            count: cells as u128,
            limit: 31,
            solver: Solver::DenseHex,
        }
        .into());
    }
    let bound = hex.position_bound();
    if bound > DENSE_LIMIT as u128 {
        return Err(BiddingError::DenseHexTooLarge {
            n: hex.n,
            needed: bound,
            limit: DENSE_LIMIT,
        });
    }
    if let Some(k) = k.filter(|&k| k > 1_000_000_000) {
        return Err(ChipsOutOfRange {
            total: k,
            max: 1_000_000_000,
            solver: Solver::DenseHex,
        }
        .into());
    }
    let mode = match k {
        None => DenseMode::Richman { one: 1u32 << cells },
        Some(k) => DenseMode::Discrete {
            never: 2 * k as u32 + 2,
        },
    };
    let mut table = filled_table(
        bound as usize,
        u32::MAX,
        "the dense table of the Hex boards",
        u64::MAX,
    )?;
    let masks = HexMasks::new(hex.n);
    let mut search = HexDense {
        hex,
        masks,
        mode,
        table: &mut table,
        scaled_or: 0,
    };
    let v = search.value(0, 0, 0, 0);
    Ok((u64::from(v), bound as usize, search.scaled_or))
}

/// The Richman value of bidding Hex from the empty board on the dense table of all boards
/// (see [`hex_dense`]), with `M`, `m` and `m̄` of Theorem 3.13 (see [`DenseRichman`]).
pub fn hex_richman_dense(hex: &Hex) -> Result<DenseRichman, BiddingError> {
    let (scaled, entries, scaled_or) = hex_dense_solve(hex, None)?;
    Ok(DenseRichman {
        scaled,
        cells: (hex.n * hex.n) as u32,
        entries,
        scaled_or,
    })
}

/// Bit masks for flood fills on an `n × n` Hex board (cell `r·n + c` is bit `r·n + c`).
struct HexMasks {
    n: usize,
    all: u32,
    not_first_col: u32,
    not_last_col: u32,
    top: u32,
    bottom: u32,
    left: u32,
    right: u32,
}

impl HexMasks {
    fn new(n: usize) -> Self {
        let mut m = HexMasks {
            n,
            all: 0,
            not_first_col: 0,
            not_last_col: 0,
            top: 0,
            bottom: 0,
            left: 0,
            right: 0,
        };
        for r in 0..n {
            for c in 0..n {
                let bit = 1u32 << (r * n + c);
                m.all |= bit;
                if c != 0 {
                    m.not_first_col |= bit;
                }
                if c != n - 1 {
                    m.not_last_col |= bit;
                }
                if r == 0 {
                    m.top |= bit;
                }
                if r == n - 1 {
                    m.bottom |= bit;
                }
                if c == 0 {
                    m.left |= bit;
                }
                if c == n - 1 {
                    m.right |= bit;
                }
            }
        }
        m
    }

    /// The cells adjacent to `set`: (r, c±1), (r±1, c), (r−1, c+1), (r+1, c−1).
    fn neighbours(&self, set: u32) -> u32 {
        let n = self.n as u32;
        let right = (set & self.not_last_col) << 1;
        let left = (set & self.not_first_col) >> 1;
        let down = set << n;
        let up = set >> n;
        let up_right = (set & self.not_last_col) >> (n - 1);
        let down_left = (set & self.not_first_col) << (n - 1);
        let up_right = if n == 1 { 0 } else { up_right };
        let down_left = if n == 1 { 0 } else { down_left };
        (right | left | down | up | up_right | down_left) & self.all
    }

    /// Whether `stones` joins `from` to `to`.
    fn joins(&self, stones: u32, from: u32, to: u32) -> bool {
        let mut reached = stones & from;
        loop {
            if reached & to != 0 {
                return true;
            }
            let next = (reached | self.neighbours(reached)) & stones;
            if next == reached {
                return false;
            }
            reached = next;
        }
    }
}

struct HexDense<'a> {
    hex: &'a Hex,
    masks: HexMasks,
    mode: DenseMode,
    table: &'a mut [u32],
    /// The OR of every `R(G_v)` and `Δ_v` found (Richman mode), for `M` of Theorem 3.13.
    scaled_or: u64,
}

impl HexDense<'_> {
    /// `last`: 0 at the start, 1 after Alice's move, 2 after Bob's (only the last mover can
    /// have just connected).
    fn value(&mut self, index: u64, alice: u32, bob: u32, last: u8) -> u32 {
        let cached = self.table[index as usize];
        if cached != u32::MAX {
            return cached;
        }
        let other = match self.mode {
            DenseMode::Richman { one } => one,
            DenseMode::Discrete { never } => never,
        };
        let m = &self.masks;
        let v = if last == 1 && m.joins(alice, m.top, m.bottom) {
            0
        } else if last == 2 && m.joins(bob, m.left, m.right) {
            other
        } else {
            let empty = m.all & !(alice | bob);
            if empty == 0 {
                other
            } else {
                let mut best_alice = u32::MAX;
                let mut best_bob = 0u32;
                let mut rest = empty;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let bit = 1u32 << i;
                    let p = self.hex.pow3[i];
                    best_alice = best_alice.min(self.value(index + p, alice | bit, bob, 1));
                    best_bob = best_bob.max(self.value(index + 2 * p, alice, bob | bit, 2));
                }
                let (v, or) = combine(self.mode, best_alice, best_bob);
                self.scaled_or |= or;
                v
            }
        };
        self.table[index as usize] = v;
        v
    }
}
