//! A fast exact solver for Connect Four (K = 4) on boards of up to 64 bits, W·(H+1) ≤ 64,
//! after Pascal Pons's solver (the author of the public benchmark in `data/connect4`).
//! [`Position`] and [`Solver`] are the standard 7×6 board; [`Board`] and [`BoardSolver`]
//! take the size as const parameters.
//!
//! The score of a position, from the side to move: 0 for a draw; for a win, (W·H)/2 + 1
//! minus the winner's stone count at the winning move (22 minus it on 7×6: the sooner, the
//! higher), negative for a loss. Equivalently a win at the next move of a position with n
//! stones scores (W·H + 1 − n)/2.
//!
//! One idea per step, as in Pons's write-up: negamax with alpha-beta; a bitboard (the stones
//! of the side to move and the occupied cells, one sentinel bit per column); moves that lose
//! at once are never searched and a forced block is the only move; moves ordered by the
//! number of threats (cells completing a line) they create, centre first on ties; a
//! transposition table storing upper bounds (after a search that fails low) and lower bounds
//! (after a cut-off); the score found by null-window searches
//! narrowing `[min, max]` (iterative deepening of the window).

use std::time::Instant;

use crate::connect::Connect;
use duel_core::game::{Game, GameError};
use duel_core::limits::{available_memory, check_memory, TooLarge};
use duel_core::text::quote;

/// Columns of the standard board.
pub const WIDTH: usize = 7;
/// Rows of the standard board.
pub const HEIGHT: usize = 6;
/// The lowest score on 7×6: a loss at the opponent's last possible stone.
pub const MIN_SCORE: i32 = Position::MIN_SCORE;
/// The highest score on 7×6: a win with the fourth stone.
pub const MAX_SCORE: i32 = Position::MAX_SCORE;

/// A Connect Four 7×6 position.
pub type Position = Board<WIDTH, HEIGHT>;
/// The solver of 7×6 positions.
pub type Solver = BoardSolver<WIDTH, HEIGHT>;

/// A Connect Four position on W columns and H rows (W·(H+1) ≤ 64, checked at compile time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board<const W: usize, const H: usize> {
    /// Stones of the side to move.
    current: u64,
    /// Occupied cells.
    mask: u64,
    moves: u32,
}

impl<const W: usize, const H: usize> Board<W, H> {
    const FITS: () = assert!(W >= 1 && H >= 1 && W * (H + 1) <= 64 && W <= 9);
    const H1: u32 = H as u32 + 1;
    const CELLS: i32 = (W * H) as i32;
    /// The lowest score: a loss at the opponent's last possible stone.
    pub const MIN_SCORE: i32 = -Self::CELLS / 2 + 3;
    /// The highest score: a win with the fourth stone.
    pub const MAX_SCORE: i32 = (Self::CELLS + 1) / 2 - 3;
    const BOTTOM: u64 = {
        let mut m = 0u64;
        let mut c = 0;
        while c < W as u32 {
            m |= 1u64 << (c * (H as u32 + 1));
            c += 1;
        }
        m
    };
    const BOARD: u64 = Self::BOTTOM * ((1u64 << H) - 1);
    /// Columns from the centre outwards.
    const ORDER: [u32; W] = {
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

    const fn top_mask_col(col: u32) -> u64 {
        1u64 << (H as u32 - 1 + col * Self::H1)
    }
    const fn bottom_mask_col(col: u32) -> u64 {
        1u64 << (col * Self::H1)
    }
    const fn column_mask(col: u32) -> u64 {
        ((1u64 << H) - 1) << (col * Self::H1)
    }

    /// The empty board.
    pub fn new() -> Self {
        let () = Self::FITS;
        Board {
            current: 0,
            mask: 0,
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
    pub fn from_connect(c: &Connect<u64>) -> Option<Self> {
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
                    let bit = 1u64 << (col * Self::H1 + row);
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
        let col_bits = (1u64 << Self::H1) - 1;
        let (mut current, mut mask) = (0, 0);
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

    /// Stones on the board.
    pub fn moves_played(&self) -> u32 {
        self.moves
    }

    /// Whether column `col` (0-based) has room.
    pub fn can_play(&self, col: u32) -> bool {
        (col as usize) < W && self.mask & Self::top_mask_col(col) == 0
    }

    /// Plays column `col` (0-based; must have room).
    pub fn play_col(&mut self, col: u32) {
        self.play((self.mask + Self::bottom_mask_col(col)) & Self::column_mask(col));
    }

    fn play(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Whether playing `col` makes four in a row for the side to move.
    pub fn is_winning_move(&self, col: u32) -> bool {
        self.winning_position() & self.possible() & Self::column_mask(col) != 0
    }

    fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// A unique key: the stones of the side to move plus the occupied cells.
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    fn possible(&self) -> u64 {
        (self.mask + Self::BOTTOM) & Self::BOARD
    }

    fn winning_position(&self) -> u64 {
        Self::winning_cells(self.current, self.mask)
    }

    fn opponent_winning_position(&self) -> u64 {
        Self::winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Playable cells that do not let the opponent win at once; 0 when every move loses.
    fn possible_non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_position();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    fn move_score(&self, mv: u64) -> u32 {
        Self::winning_cells(self.current | mv, self.mask).count_ones()
    }

    /// The empty cells that would complete a line of four for `position`.
    fn winning_cells(position: u64, mask: u64) -> u64 {
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
        r & (Self::BOARD ^ mask)
    }
}

/// A transposition table of bounds (upper: 1..=MAX−MIN+1, lower: above; 0 for none), indexed
/// by key modulo a prime size, storing the
/// low 32 bits of the key. On 7×6, keys are below 2^49 and the size exceeds 2^17, so (key
/// mod size, key mod 2^32) identifies the key (Chinese remainder theorem); on boards of more
/// than 49 bits two keys may rarely share an entry.
struct Table {
    keys: Vec<u32>,
    values: Vec<u8>,
}

impl Table {
    /// The entries of a table of about 2^`log_size` (clamped to 18..=28): the first prime
    /// at or above.
    fn entries(log_size: u32) -> usize {
        next_prime(1u64 << log_size.clamp(18, 28)) as usize
    }

    fn new(log_size: u32) -> Self {
        let size = Self::entries(log_size);
        Table {
            keys: vec![0; size],
            values: vec![0; size],
        }
    }

    /// [`Table::new`], refused with the bytes it needs where they are past the memory
    /// available (`ulimit -v` included) or the system refuses them.
    fn try_new(log_size: u32) -> Result<Self, TooLarge> {
        let size = Self::entries(log_size);
        let what = "the Connect Four solver's transposition table";
        let needed = Self::bytes_of(size) as u128;
        let limit = available_memory().unwrap_or(u64::MAX);
        check_memory(what, needed, limit)?;
        let refused = || TooLarge {
            what: format!("{what} (refused by the system)"),
            needed_bytes: needed,
            limit_bytes: limit,
        };
        let mut keys = Vec::new();
        keys.try_reserve_exact(size).map_err(|_| refused())?;
        let mut values = Vec::new();
        values.try_reserve_exact(size).map_err(|_| refused())?;
        keys.resize(size, 0);
        values.resize(size, 0);
        Ok(Table { keys, values })
    }
    fn index(&self, key: u64) -> usize {
        (key % self.keys.len() as u64) as usize
    }
    fn put(&mut self, key: u64, value: u8) {
        let i = self.index(key);
        self.keys[i] = key as u32;
        self.values[i] = value;
    }
    fn get(&self, key: u64) -> u8 {
        let i = self.index(key);
        if self.keys[i] == key as u32 {
            self.values[i]
        } else {
            0
        }
    }
    fn clear(&mut self) {
        self.keys.fill(0);
        self.values.fill(0);
    }
    /// Bytes of a table of `entries` entries (a 4-byte key and a 1-byte value each).
    const fn bytes_of(entries: usize) -> usize {
        entries * 5
    }

    fn bytes(&self) -> usize {
        Self::bytes_of(self.keys.len())
    }
}

fn next_prime(mut n: u64) -> u64 {
    let is_prime = |n: u64| n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0);
    while !is_prime(n) {
        n += 1;
    }
    n
}

/// The solver of W×H positions: keeps its transposition table between positions.
pub struct BoardSolver<const W: usize, const H: usize> {
    table: Table,
    nodes: u64,
    /// Limits of [`BoardSolver::try_solve_weak`]: positions and a deadline.
    max_nodes: u64,
    deadline: Option<Instant>,
    /// Set when a limit is reached: every search returns at once, and nothing more is stored.
    stopped: bool,
}

/// A search stopped by [`BoardSolver::try_solve_weak`]'s limits, after `nodes` positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Positions explored before the stop.
    pub nodes: u64,
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Solved {
    /// The score for the side to move (see the module documentation).
    pub score: i32,
    /// Positions explored.
    pub nodes: u64,
}

impl<const W: usize, const H: usize> Default for BoardSolver<W, H> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize, const H: usize> BoardSolver<W, H> {
    const CELLS: i32 = (W * H) as i32;
    const MIN_SCORE: i32 = Board::<W, H>::MIN_SCORE;
    const MAX_SCORE: i32 = Board::<W, H>::MAX_SCORE;

    /// A solver with a table of about 2^23 entries (40 MiB).
    pub fn new() -> Self {
        Self::with_table_log_size(23)
    }

    /// A solver with a table of the first prime ≥ 2^`log_size` entries (5 bytes each;
    /// `log_size` is clamped to 18..=28).
    pub fn with_table_log_size(log_size: u32) -> Self {
        BoardSolver {
            table: Table::new(log_size),
            nodes: 0,
            max_nodes: u64::MAX,
            deadline: None,
            stopped: false,
        }
    }

    /// [`BoardSolver::with_table_log_size`], refused with the bytes its table needs where
    /// the memory available is less.
    pub fn try_with_table_log_size(log_size: u32) -> Result<Self, TooLarge> {
        Ok(BoardSolver {
            table: Table::try_new(log_size)?,
            nodes: 0,
            max_nodes: u64::MAX,
            deadline: None,
            stopped: false,
        })
    }

    /// The table memory, in bytes, of [`BoardSolver::with_table_log_size`]`(log_size)`,
    /// without building it.
    pub fn table_bytes_for(log_size: u32) -> usize {
        Table::bytes_of(Table::entries(log_size))
    }

    /// The table's memory in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets the table.
    pub fn reset(&mut self) {
        self.table.clear();
    }

    fn negamax(&mut self, p: &Board<W, H>, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        self.nodes += 1;
        if self.nodes >= self.max_nodes
            || (self.nodes % 4096 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let next = p.possible_non_losing_moves();
        if next == 0 {
            return -(Self::CELLS - p.moves as i32) / 2;
        }
        if p.moves as i32 >= Self::CELLS - 2 {
            return 0;
        }
        let min = -(Self::CELLS - 2 - p.moves as i32) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut max = (Self::CELLS - 1 - p.moves as i32) / 2;
        let stored = i32::from(self.table.get(p.key()));
        if stored > Self::MAX_SCORE - Self::MIN_SCORE + 1 {
            // A lower bound.
            let low = stored + 2 * Self::MIN_SCORE - Self::MAX_SCORE - 2;
            if alpha < low {
                alpha = low;
                if alpha >= beta {
                    return alpha;
                }
            }
        } else if stored != 0 {
            max = stored + Self::MIN_SCORE - 1;
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        // Insertion sort by threat count, stable from the centre outwards.
        let mut moves = [(0u64, 0u32); W];
        let mut n = 0;
        for &col in Board::<W, H>::ORDER.iter().rev() {
            let mv = next & Board::<W, H>::column_mask(col);
            if mv != 0 {
                let score = p.move_score(mv);
                let mut i = n;
                while i > 0 && moves[i - 1].1 > score {
                    moves[i] = moves[i - 1];
                    i -= 1;
                }
                moves[i] = (mv, score);
                n += 1;
            }
        }
        for &(mv, _) in moves[..n].iter().rev() {
            let mut child = *p;
            child.play(mv);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                self.table.put(
                    p.key(),
                    (score + Self::MAX_SCORE - 2 * Self::MIN_SCORE + 2) as u8,
                );
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table.put(p.key(), (alpha - Self::MIN_SCORE + 1) as u8);
        alpha
    }

    /// The exact score of `p` (see the module documentation) and the positions explored.
    pub fn solve(&mut self, p: &Board<W, H>) -> Solved {
        self.max_nodes = u64::MAX;
        self.deadline = None;
        self.solve_within(p, false)
    }

    /// Only whether `p` is won (score 1), drawn (0) or lost (−1) for the side to move, and
    /// the positions explored: the null-window searches of [`BoardSolver::solve`] between −1
    /// and 1 (a weak solution, much cheaper early in the game).
    pub fn solve_weak(&mut self, p: &Board<W, H>) -> Solved {
        self.max_nodes = u64::MAX;
        self.deadline = None;
        self.solve_within(p, true)
    }

    /// [`BoardSolver::solve_weak`] within at most `max_nodes` positions and until
    /// `deadline`: an error when a limit is reached first (what the table learnt stays).
    pub fn try_solve_weak(
        &mut self,
        p: &Board<W, H>,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> Result<Solved, Stopped> {
        self.try_solve_within(p, max_nodes, deadline, true)
    }

    /// [`BoardSolver::solve`] within at most `max_nodes` positions and until `deadline`: an
    /// error when a limit is reached first (what the table learnt stays).
    pub fn try_solve(
        &mut self,
        p: &Board<W, H>,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> Result<Solved, Stopped> {
        self.try_solve_within(p, max_nodes, deadline, false)
    }

    fn try_solve_within(
        &mut self,
        p: &Board<W, H>,
        max_nodes: u64,
        deadline: Option<Instant>,
        weak: bool,
    ) -> Result<Solved, Stopped> {
        self.max_nodes = max_nodes;
        self.deadline = deadline;
        let s = self.solve_within(p, weak);
        self.max_nodes = u64::MAX;
        self.deadline = None;
        if std::mem::take(&mut self.stopped) {
            Err(Stopped { nodes: s.nodes })
        } else {
            Ok(s)
        }
    }

    fn solve_within(&mut self, p: &Board<W, H>, weak: bool) -> Solved {
        self.nodes = 0;
        self.stopped = false;
        let score = if p.can_win_next() {
            if weak {
                1
            } else {
                (Self::CELLS + 1 - p.moves as i32) / 2
            }
        } else {
            let mut min = -(Self::CELLS - p.moves as i32) / 2;
            let mut max = (Self::CELLS + 1 - p.moves as i32) / 2;
            if weak {
                // A quick win first, in the exact search's first window: where the side to
                // move wins soon, that window's bound on the score cuts the long lines that a
                // window at 0 would follow.
                let quick = max / 2;
                let won = quick > 1 && self.negamax(p, quick, quick + 1) > quick;
                (min, max) = match (self.stopped, won) {
                    (true, _) => (0, 0),
                    (false, true) => (1, 1),
                    (false, false) => (-1, 1),
                };
            }
            while min < max {
                let mut med = min + (max - min) / 2;
                if med <= 0 && min / 2 < med {
                    med = min / 2;
                } else if med >= 0 && max / 2 > med {
                    med = max / 2;
                }
                let r = self.negamax(p, med, med + 1);
                if self.stopped {
                    break;
                }
                if r <= med {
                    max = r;
                } else {
                    min = r;
                }
            }
            // A weak search's bounds may pass ±1 (fail-soft): only the sign is known.
            if weak {
                min.signum()
            } else {
                min
            }
        };
        Solved {
            score,
            nodes: self.nodes,
        }
    }

    /// The columns (0-based) that keep the value `value` of `p` from
    /// [`BoardSolver::solve_weak`] (1: the winning moves; 0: the drawing ones; −1: every
    /// column, all of them lose).
    pub fn weak_columns(&mut self, p: &Board<W, H>, value: i32) -> Vec<u32> {
        let mut best: Vec<u32> = Board::<W, H>::ORDER
            .into_iter()
            .filter(|&col| p.can_play(col) && self.keeps_weak(p, col, value))
            .collect();
        best.sort_unstable();
        best
    }

    /// Whether playing the free column `col` keeps `value`, the weak value of `p` from
    /// [`BoardSolver::solve_weak`] (every column keeps a loss): one null-window search.
    pub fn keeps_weak(&mut self, p: &Board<W, H>, col: u32, value: i32) -> bool {
        if value < 0 || p.is_winning_move(col) {
            return true;
        }
        let mut child = *p;
        child.play_col(col);
        if child.moves as i32 == Self::CELLS {
            value == 0
        } else if child.can_win_next() {
            false
        } else {
            // The child is worth at most −value to the other side.
            self.negamax(&child, -value, -value + 1) <= -value
        }
    }

    /// The columns (0-based) that achieve `score`, the exact score of `p` (from
    /// [`BoardSolver::solve`]): one null-window search per column, much cheaper than scoring
    /// each.
    pub fn best_columns(&mut self, p: &Board<W, H>, score: i32) -> Vec<u32> {
        let mut best = Vec::new();
        for col in Board::<W, H>::ORDER {
            if !p.can_play(col) {
                continue;
            }
            let achieved = if p.is_winning_move(col) {
                score == (Self::CELLS + 1 - p.moves as i32) / 2
            } else {
                let mut child = *p;
                child.play_col(col);
                if child.moves as i32 == Self::CELLS {
                    score == 0
                } else if child.can_win_next() {
                    score == -(Self::CELLS + 1 - child.moves as i32) / 2
                } else {
                    // The move reaches `score` exactly when the child is worth at most −score.
                    self.negamax(&child, -score, -score + 1) <= -score
                }
            };
            if achieved {
                best.push(col);
            }
        }
        best.sort_unstable();
        best
    }

    /// The score of every column (0-based; `None` for a full one) for the side to move,
    /// and the positions explored. A winning move scores as the position's own score.
    pub fn column_scores(&mut self, p: &Board<W, H>) -> (Vec<Option<i32>>, u64) {
        let mut out = vec![None; W];
        let mut nodes = 0;
        for col in 0..W as u32 {
            if !p.can_play(col) {
                continue;
            }
            if p.is_winning_move(col) {
                out[col as usize] = Some((Self::CELLS + 1 - p.moves as i32) / 2);
                continue;
            }
            let mut child = *p;
            child.play_col(col);
            if child.moves as i32 == Self::CELLS {
                out[col as usize] = Some(0);
                continue;
            }
            let s = self.solve(&child);
            nodes += s.nodes;
            out[col as usize] = Some(-s.score);
        }
        (out, nodes)
    }
}

/// Something done with the board size W×H as const parameters ([`with_board_size`]).
pub trait SizeVisitor {
    /// What it gives.
    type Output;
    /// Does it on W×H.
    fn visit<const W: usize, const H: usize>(self) -> Self::Output;
}

/// `v` on the board `width`×`height` if this module has it (4 ≤ W ≤ 8, 4 ≤ H ≤ 7,
/// W·(H+1) ≤ 64: the sizes the report tabulates and 7×6); `None` for other sizes.
pub fn with_board_size<V: SizeVisitor>(width: u32, height: u32, v: V) -> Option<V::Output> {
    macro_rules! sizes {
        ($(($w:literal, $h:literal)),*) => {
            match (width, height) {
                $(($w, $h) => Some(v.visit::<$w, $h>()),)*
                _ => None,
            }
        };
    }
    sizes!(
        (4, 4),
        (5, 4),
        (6, 4),
        (7, 4),
        (8, 4),
        (4, 5),
        (5, 5),
        (6, 5),
        (7, 5),
        (8, 5),
        (4, 6),
        (5, 6),
        (6, 6),
        (7, 6),
        (8, 6),
        (4, 7),
        (5, 7),
        (6, 7),
        (7, 7),
        (8, 7)
    )
}

/// The score of the empty W×H board (Connect Four rules, K = 4) and the positions explored,
/// for the sizes of [`with_board_size`]; `None` for other sizes.
pub fn solve_empty_board(width: u32, height: u32, log_table: u32) -> Option<Solved> {
    struct Empty(u32);
    impl SizeVisitor for Empty {
        type Output = Solved;
        fn visit<const W: usize, const H: usize>(self) -> Solved {
            BoardSolver::<W, H>::with_table_log_size(self.0).solve(&Board::<W, H>::new())
        }
    }
    with_board_size(width, height, Empty(log_table))
}

/// One line of a benchmark file: `MOVES SCORE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// The column digits.
    pub moves: String,
    /// The published score, when the line has one.
    pub score: Option<i32>,
}

/// Reads the lines `MOVES [SCORE]` of a benchmark file (blank lines skipped), each position
/// checked (a position [`Position::parse`] refuses is refused here, before any is solved). An
/// error ([`GameError::BadLine`]) names the first bad line by its number.
pub fn parse_test_file(text: &str) -> Result<Vec<TestCase>, GameError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let bad = |why: String| GameError::BadLine {
            line: i + 1,
            text: line.trim().to_string(),
            why,
        };
        let mut parts = line.split_whitespace();
        let Some(moves) = parts.next() else { continue };
        Position::parse(moves).map_err(|e| bad(e.to_string()))?;
        let score = match parts.next() {
            None => None,
            Some(s) => Some(s.parse::<i32>().map_err(|_| {
                bad(format!(
                    "the score {} is not an integer; lines are 'MOVES [SCORE]'",
                    quote(s)
                ))
            })?),
        };
        if let Some(extra) = parts.next() {
            return Err(bad(format!(
                "{} is a part too many; lines are 'MOVES [SCORE]'",
                quote(extra)
            )));
        }
        out.push(TestCase {
            moves: moves.to_string(),
            score,
        });
    }
    Ok(out)
}

/// The result of solving a benchmark file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct FileResult {
    /// Positions solved.
    pub positions: usize,
    /// Positions whose computed score equals the published one.
    pub correct: usize,
    /// Positions whose computed score differs from the published one.
    pub incorrect: usize,
    /// Mean time per position, milliseconds.
    pub mean_millis: f64,
    /// Mean positions explored per position.
    pub mean_nodes: f64,
    /// The first few disagreements: (moves, published, computed).
    pub mismatches: Vec<(String, i32, i32)>,
}

/// Solves every case with `solver`, comparing with the published scores. The table is kept
/// from one position to the next, as in Pons's benchmark program (clearing 40 MiB per
/// position would cost more than solving most of them). `on_progress` is called after each
/// case.
pub fn solve_cases(
    solver: &mut Solver,
    cases: &[TestCase],
    on_progress: impl FnMut(usize),
) -> Result<FileResult, GameError> {
    solve_cases_with(solver, cases, false, on_progress)
}

/// [`solve_cases`], or with `weak` only the sign of each score ([`BoardSolver::solve_weak`]),
/// compared with the sign of the published one.
pub fn solve_cases_with(
    solver: &mut Solver,
    cases: &[TestCase],
    weak: bool,
    mut on_progress: impl FnMut(usize),
) -> Result<FileResult, GameError> {
    let mut res = FileResult::default();
    let mut nodes = 0u64;
    let start = Instant::now();
    for (i, case) in cases.iter().enumerate() {
        let p = Position::parse(&case.moves)?;
        let s = if weak {
            solver.solve_weak(&p)
        } else {
            solver.solve(&p)
        };
        nodes += s.nodes;
        res.positions += 1;
        if let Some(published) = case.score.map(|x| if weak { x.signum() } else { x }) {
            if published == s.score {
                res.correct += 1;
            } else {
                res.incorrect += 1;
                if res.mismatches.len() < 10 {
                    res.mismatches
                        .push((case.moves.clone(), published, s.score));
                }
            }
        }
        on_progress(i + 1);
    }
    if res.positions > 0 {
        res.mean_millis = start.elapsed().as_secs_f64() * 1000.0 / res.positions as f64;
        res.mean_nodes = nodes as f64 / res.positions as f64;
    }
    Ok(res)
}
