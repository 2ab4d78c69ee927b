//! The solver of W×H positions ([`BoardSolver`]) and of the standard 7×6 board ([`Solver`]):
//! its transposition table, the book of scores it looks up, and its threads.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

use duel_core::limits::{Bytes, TooLarge};
use thiserror::Error;

use super::bits::Bits;
use super::board::{Board, ShapeBoard};
use super::score_book::ScoreBook;
use super::search::Search;
use super::shape::{Fixed, Shape};
use super::table::KeyTable;

/// The table of [`BoardSolver::new`]: 4 MiB, which the caches mostly hold. Measured on
/// the benchmark files, it explores up to a tenth more positions than a table of 64 MiB but
/// in about two thirds of the time; searches of 10^9 positions and more (the empty board)
/// want a larger one.
pub const DEFAULT_TABLE_BYTES: u64 = 4 << 20;

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

/// The solver of positions of shape `S`: keeps its transposition table between positions,
/// and searches on one thread or more ([`ShapeSolver::with_threads`]).
pub struct ShapeSolver<S: Shape> {
    table: <S::B as Bits>::Table,
    threads: usize,
    book: Option<Arc<ScoreBook>>,
    shape: S,
}

/// The solver of W×H positions compiled for that size, in words `B`.
pub type BoardSolver<const W: usize, const H: usize, B = u64> = ShapeSolver<Fixed<W, H, B>>;

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

/// Why a table of the size asked for cannot be built.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum TableError {
    /// Fewer bytes than the board's keys need to stay exact.
    #[error("a table of {} is too small: at least {} on this board", Bytes(u128::from(*bytes)), Bytes(u128::from(*min_bytes)))]
    TooSmall {
        /// The bytes asked for.
        bytes: u64,
        /// The fewest the board takes.
        min_bytes: u64,
    },
    /// More than the machine has.
    #[error("{0}")]
    TooLarge(TooLarge),
}

impl From<TooLarge> for TableError {
    fn from(e: TooLarge) -> Self {
        TableError::TooLarge(e)
    }
}

/// Positions of fewer stones than this narrow their score from near 0 outwards.
const GALLOP_PLIES: u32 = 8;

impl<S: Shape + Default> Default for ShapeSolver<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Shape + Default> ShapeSolver<S> {
    /// A solver with a table of [`DEFAULT_TABLE_BYTES`] (less where memory is short).
    pub fn new() -> Self {
        Self::with_table_bytes(DEFAULT_TABLE_BYTES)
    }

    /// A solver with a table of about 2^`log_size` entries (8 bytes each; `log_size` is
    /// clamped to 15..=30).
    pub fn with_table_log_size(log_size: u32) -> Self {
        Self::with_table_bytes(8 << log_size.clamp(15, 30))
    }

    /// [`ShapeSolver::with_table_bytes_on`] the board of `S`.
    pub fn with_table_bytes(bytes: u64) -> Self {
        Self::with_table_bytes_on(S::default(), bytes)
    }

    /// [`ShapeSolver::try_with_table_bytes_on`] the board of `S`.
    pub fn try_with_table_bytes(bytes: u64) -> Result<Self, TableError> {
        Self::try_with_table_bytes_on(S::default(), bytes)
    }

    /// [`ShapeSolver::with_table_log_size`], refused with the bytes its table needs where
    /// the memory available is less.
    pub fn try_with_table_log_size(log_size: u32) -> Result<Self, TooLarge> {
        let shape = S::default();
        Ok(Self::with_table(
            shape,
            <S::B as Bits>::Table::try_new(
                Self::table_bytes_for(log_size) as u64,
                shape.key_bits(),
            )?,
        ))
    }

    /// The fewest bytes of a table on this board ([`ShapeSolver::min_table_bytes_on`]).
    pub fn min_table_bytes() -> u64 {
        Self::min_table_bytes_on(S::default())
    }

    /// The table memory, in bytes, of [`ShapeSolver::with_table_log_size`]`(log_size)`,
    /// without building it.
    pub fn table_bytes_for(log_size: u32) -> usize {
        <S::B as Bits>::Table::bytes_within(
            (8u64 << log_size.clamp(15, 30)).max(Self::min_table_bytes()),
        ) as usize
    }
}

impl<S: Shape> ShapeSolver<S> {
    fn with_table(shape: S, table: <S::B as Bits>::Table) -> Self {
        ShapeSolver {
            table,
            threads: 1,
            book: None,
            shape,
        }
    }

    /// A solver of the board `shape` with a table of at most `bytes` (a power of two of
    /// buckets, at least the board's least, [`ShapeSolver::min_table_bytes_on`]); half as
    /// large, and so on, where the memory available is less.
    pub fn with_table_bytes_on(shape: S, bytes: u64) -> Self {
        let least = Self::min_table_bytes_on(shape);
        let mut bytes = bytes.max(least);
        loop {
            match <S::B as Bits>::Table::try_new(bytes, shape.key_bits()) {
                Ok(table) => return Self::with_table(shape, table),
                Err(_) if bytes > least => bytes /= 2,
                Err(_) => std::alloc::handle_alloc_error(
                    std::alloc::Layout::array::<u64>((bytes / 8) as usize)
                        .unwrap_or(std::alloc::Layout::new::<u64>()),
                ),
            }
        }
    }

    /// A solver of the board `shape` with a table of at most `bytes` (as
    /// [`ShapeSolver::with_table_bytes_on`]), refused where that is less than the board's
    /// least or more than the memory available.
    pub fn try_with_table_bytes_on(shape: S, bytes: u64) -> Result<Self, TableError> {
        let min_bytes = Self::min_table_bytes_on(shape);
        if bytes < min_bytes {
            return Err(TableError::TooSmall { bytes, min_bytes });
        }
        Ok(Self::with_table(
            shape,
            <S::B as Bits>::Table::try_new(bytes, shape.key_bits())?,
        ))
    }

    /// The fewest bytes of a table on the board `shape` (1 MiB; 32 MiB on 8×7, whose keys
    /// need that many buckets to stay exact; 1.5 MiB on the boards of more than 64 bits,
    /// whose entries hold their whole key).
    pub fn min_table_bytes_on(shape: S) -> u64 {
        <S::B as Bits>::Table::min_bytes(shape.key_bits())
    }

    /// The board's shape.
    pub fn shape(&self) -> S {
        self.shape
    }

    /// The solver searching on `threads` threads (at least 1) sharing its table: each
    /// null-window search of a position splits among them its children (root splitting),
    /// and [`BoardSolver::column_scores`] its columns.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// The solver answering the positions of `book` from it, without searching them (at
    /// the root and within the search); a book of another board is not taken.
    pub fn with_book(mut self, book: Option<Arc<ScoreBook>>) -> Self {
        self.set_book(book);
        self
    }

    /// Takes `book` as [`BoardSolver::with_book`] does (`None`: no book).
    pub fn set_book(&mut self, book: Option<Arc<ScoreBook>>) {
        self.book = book.filter(|b| b.fits(self.shape.width(), self.shape.height()));
    }

    /// The table's memory in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes() as usize
    }

    /// Forgets the table.
    pub fn reset(&mut self) {
        self.table.clear();
    }

    /// A one-thread search over the table, without limits.
    fn search(&self) -> Search<'_, S> {
        Search::new(&self.table, u64::MAX, None, None).with_book(self.book.as_deref())
    }

    /// The exact score of `p` (see the module documentation) and the positions explored.
    pub fn solve(&mut self, p: &ShapeBoard<S>) -> Solved {
        self.solve_within(p, false, u64::MAX, None).0
    }

    /// Only whether `p` is won (score 1), drawn (0) or lost (−1) for the side to move, and
    /// the positions explored: the null-window searches of [`BoardSolver::solve`] between −1
    /// and 1 (a weak solution, much cheaper early in the game).
    pub fn solve_weak(&mut self, p: &ShapeBoard<S>) -> Solved {
        self.solve_within(p, true, u64::MAX, None).0
    }

    /// [`BoardSolver::solve_weak`] within at most `max_nodes` positions (each thread) and
    /// until `deadline`: an error when a limit is reached first (what the table learnt
    /// stays).
    pub fn try_solve_weak(
        &mut self,
        p: &ShapeBoard<S>,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> Result<Solved, Stopped> {
        Self::finished(self.solve_within(p, true, max_nodes, deadline))
    }

    /// [`BoardSolver::solve`] within at most `max_nodes` positions (each thread) and until
    /// `deadline`: an error when a limit is reached first (what the table learnt stays).
    pub fn try_solve(
        &mut self,
        p: &ShapeBoard<S>,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> Result<Solved, Stopped> {
        Self::finished(self.solve_within(p, false, max_nodes, deadline))
    }

    fn finished((s, stopped): (Solved, bool)) -> Result<Solved, Stopped> {
        if stopped {
            Err(Stopped { nodes: s.nodes })
        } else {
            Ok(s)
        }
    }

    /// The score of `p` (weakly: its sign) and whether a limit stopped the search first.
    /// With more than one thread, each null-window search of the root splits it: the
    /// threads take the root's children in turn over the shared table, and the first child
    /// that cuts off stops the others.
    fn solve_within(
        &mut self,
        p: &ShapeBoard<S>,
        weak: bool,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> (Solved, bool) {
        if let Some(score) = self.book.as_ref().and_then(|b| b.score(p)) {
            let score = if weak { score.signum() } else { score };
            return (Solved { score, nodes: 1 }, false);
        }
        let mut s =
            Search::new(&self.table, max_nodes, deadline, None).with_book(self.book.as_deref());
        let children = if self.threads > 1 && !p.can_win_next() {
            s.ordered_children(p)
        } else {
            None
        };
        let Some(children) = children.filter(|c| c.len() > 1) else {
            let score = Self::narrow(p, weak, |alpha, beta| {
                let v = s.negamax(p, alpha, beta);
                (v, s.stopped)
            });
            return (
                Solved {
                    score,
                    nodes: s.nodes,
                },
                s.stopped,
            );
        };
        let mut nodes = 0;
        let mut stopped = false;
        let score = Self::narrow(p, weak, |alpha, beta| {
            let left = max_nodes.saturating_sub(nodes);
            let (v, n, stop) = self.split_root(&children, alpha, beta, left, deadline);
            nodes += n;
            stopped |= stop;
            (v, stop)
        });
        (Solved { score, nodes }, stopped)
    }

    /// The negamax value within `[alpha, beta]` of the position whose children are
    /// `children` (best first), the children searched on the solver's threads, each taking
    /// the next one; the positions explored; whether a limit stopped it first.
    fn split_root(
        &self,
        children: &[ShapeBoard<S>],
        alpha: i32,
        beta: i32,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> (i32, u64, bool) {
        let cut = AtomicBool::new(false);
        let next = AtomicUsize::new(0);
        let (table, book) = (&self.table, self.book.as_deref());
        let results: Vec<(i32, u64, bool)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..self.threads.min(children.len()))
                .map(|_| {
                    let (cut, next) = (&cut, &next);
                    scope.spawn(move || {
                        let mut s =
                            Search::new(table, max_nodes, deadline, Some(cut)).with_book(book);
                        let mut best = i32::MIN;
                        while let Some(child) = children.get(next.fetch_add(1, Relaxed)) {
                            let v = -s.negamax(child, -beta, -alpha);
                            if s.stopped {
                                break;
                            }
                            best = best.max(v);
                            if v >= beta {
                                cut.store(true, Relaxed);
                                break;
                            }
                        }
                        (best, s.nodes, s.stopped)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or((i32::MIN, 0, true)))
                .collect()
        });
        let nodes = results.iter().map(|r| r.1).sum();
        let best = results.iter().map(|r| r.0).max().unwrap_or(i32::MIN);
        if best >= beta {
            return (best, nodes, false);
        }
        // Without a cutoff, a stopped thread left a child unsearched.
        (best, nodes, results.iter().any(|r| r.2))
    }

    /// The score of `p` by null-window searches narrowing `[min, max]` (weakly: its sign);
    /// `search(alpha, beta)` is `p`'s negamax value within the window and whether a limit
    /// stopped it.
    fn narrow(
        p: &ShapeBoard<S>,
        weak: bool,
        mut search: impl FnMut(i32, i32) -> (i32, bool),
    ) -> i32 {
        if p.can_win_next() {
            return if weak {
                1
            } else {
                (p.shape.cells() + 1 - p.moves as i32) / 2
            };
        }
        let mut min = -(p.shape.cells() - p.moves as i32) / 2;
        let mut max = (p.shape.cells() + 1 - p.moves as i32) / 2;
        // A quick win first: where the side to move wins soon, this window's bound on the
        // score cuts the long lines that a window near 0 would follow.
        let quick = max / 2;
        if quick > 1 {
            let (r, stopped) = search(quick, quick + 1);
            if stopped {
                return if weak { 0 } else { min };
            }
            if r > quick {
                min = r;
            } else {
                max = r;
            }
        }
        if weak {
            // Only the sign is wanted: a win found, or −1..1 left.
            (min, max) = if min > quick { (1, 1) } else { (-1, 1) };
        }
        // In the opening, where scores lie near 0, null windows from near 0 outwards, as in
        // Steininger's c4: the first asks whether the first player to move wins (the empty
        // 7×6 board's +1 in two windows, not three), the second whether it draws; then
        // steps of 1, 2, 4, … from the bound found (fail-soft) the same way, until one
        // fails the other way; then bisection, as everywhere else.
        if !weak && min < max && min < 1 && p.moves < GALLOP_PLIES {
            let guess: i32 = if p.moves % 2 == 0 { 1 } else { 0 };
            let mut window = guess.clamp(min + 1, max);
            let mut up = None;
            let mut step = 1;
            while min < max {
                let (r, stopped) = search(window - 1, window);
                if stopped {
                    return min;
                }
                let passed = r >= window;
                if passed {
                    min = r;
                } else {
                    max = r;
                }
                if *up.get_or_insert(passed) != passed {
                    break;
                }
                window = if passed { min + step } else { max + 1 - step };
                window = window.clamp(min + 1, max.max(min + 1));
                step *= 2;
            }
        }
        // Bisection, leaning towards 0 as Pons's (a weak search: −1..1, the win tried first
        // where `quick` did not decide).
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let (r, stopped) = search(med, med + 1);
            if stopped {
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
    }

    /// The columns (0-based) that keep the value `value` of `p` from
    /// [`BoardSolver::solve_weak`] (1: the winning moves; 0: the drawing ones; −1: every
    /// column, all of them lose).
    pub fn weak_columns(&mut self, p: &ShapeBoard<S>, value: i32) -> Vec<u32> {
        let mut best: Vec<u32> = (0..p.shape.width())
            .map(|i| p.shape.order(i))
            .filter(|&col| p.can_play(col) && self.keeps_weak(p, col, value))
            .collect();
        best.sort_unstable();
        best
    }

    /// Whether playing the free column `col` keeps `value`, the weak value of `p` from
    /// [`BoardSolver::solve_weak`] (every column keeps a loss): one null-window search.
    pub fn keeps_weak(&mut self, p: &ShapeBoard<S>, col: u32, value: i32) -> bool {
        if value < 0 || p.is_winning_move(col) {
            return true;
        }
        let mut child = *p;
        child.play_col(col);
        if child.moves as i32 == self.shape.cells() {
            value == 0
        } else if child.can_win_next() {
            false
        } else {
            // The child is worth at most −value to the other side.
            self.search().negamax(&child, -value, -value + 1) <= -value
        }
    }

    /// The columns (0-based) that achieve `score`, the exact score of `p` (from
    /// [`BoardSolver::solve`]): one null-window search per column, much cheaper than scoring
    /// each.
    pub fn best_columns(&mut self, p: &ShapeBoard<S>, score: i32) -> Vec<u32> {
        let mut best = Vec::new();
        for col in (0..p.shape.width()).map(|i| p.shape.order(i)) {
            if !p.can_play(col) {
                continue;
            }
            let achieved = if p.is_winning_move(col) {
                score == (self.shape.cells() + 1 - p.moves as i32) / 2
            } else {
                let mut child = *p;
                child.play_col(col);
                if child.moves as i32 == self.shape.cells() {
                    score == 0
                } else if child.can_win_next() {
                    score == -(self.shape.cells() + 1 - child.moves as i32) / 2
                } else {
                    // The move reaches `score` exactly when the child is worth at most −score.
                    self.search().negamax(&child, -score, -score + 1) <= -score
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
    /// and the positions explored. A winning move scores as the position's own score. With
    /// more than one thread, the children are shared out among the threads (each taking
    /// the next unsolved one, centre first) over the shared table.
    pub fn column_scores(&mut self, p: &ShapeBoard<S>) -> (Vec<Option<i32>>, u64) {
        self.scores_within(p, None).0
    }

    /// [`BoardSolver::column_scores`] until `deadline`: an error when it comes first, with
    /// the positions explored until then (what the table learnt stays).
    pub fn try_column_scores(
        &mut self,
        p: &ShapeBoard<S>,
        deadline: Option<Instant>,
    ) -> Result<(Vec<Option<i32>>, u64), Stopped> {
        match self.scores_within(p, deadline) {
            (scored, false) => Ok(scored),
            ((_, nodes), true) => Err(Stopped { nodes }),
        }
    }

    /// [`BoardSolver::column_scores`] until `deadline`, keeping the columns solved by then:
    /// the scores (`None` for a full column or one not solved in time), the columns (0-based)
    /// not solved in time, and the positions explored. On one thread each column (centre
    /// first) is first given an equal share of the time left, so that one hard column does
    /// not take it all; the columns stopped there then share what remains, over the table
    /// learnt meanwhile.
    pub fn column_scores_until(
        &mut self,
        p: &ShapeBoard<S>,
        deadline: Option<Instant>,
    ) -> (Vec<Option<i32>>, Vec<u32>, u64) {
        let (scores, nodes) = match deadline {
            Some(end) if self.threads <= 1 => self.scores_in_shares(p, end),
            _ => self.scores_within(p, deadline).0,
        };
        let unfinished = (0..p.shape.width())
            .filter(|&c| p.can_play(c) && scores[c as usize].is_none())
            .collect();
        (scores, unfinished, nodes)
    }

    /// The columns' scores by `end`, each column searched within its share of the time left
    /// (two rounds: the columns stopped in the first get the second).
    fn scores_in_shares(&mut self, p: &ShapeBoard<S>, end: Instant) -> (Vec<Option<i32>>, u64) {
        let (mut out, mut pending) = self.children(p);
        let mut nodes = 0;
        for _round in 0..2 {
            let mut stopped = Vec::new();
            let count = pending.len();
            for (i, (col, child)) in pending.into_iter().enumerate() {
                let now = Instant::now();
                let share = end.saturating_duration_since(now) / (count - i) as u32;
                let (s, stop) = self.solve_within(&child, false, u64::MAX, Some(now + share));
                nodes += s.nodes;
                if stop {
                    stopped.push((col, child));
                } else {
                    out[col as usize] = Some(-s.score);
                }
            }
            pending = stopped;
            if pending.is_empty() || Instant::now() >= end {
                break;
            }
        }
        (out, nodes)
    }

    /// The scores known without search (a winning move, a move that fills the board) and
    /// the other columns' positions, centre first.
    #[allow(clippy::type_complexity)]
    fn children(&self, p: &ShapeBoard<S>) -> (Vec<Option<i32>>, Vec<(u32, ShapeBoard<S>)>) {
        let w = p.shape.width();
        let mut out = vec![None; w as usize];
        let mut children = Vec::with_capacity(w as usize);
        for col in (0..w).map(|i| p.shape.order(i)) {
            if !p.can_play(col) {
                continue;
            }
            if p.is_winning_move(col) {
                out[col as usize] = Some((self.shape.cells() + 1 - p.moves as i32) / 2);
                continue;
            }
            let mut child = *p;
            child.play_col(col);
            if child.moves as i32 == self.shape.cells() {
                out[col as usize] = Some(0);
                continue;
            }
            children.push((col, child));
        }
        (out, children)
    }

    /// The scores of every column and the positions explored, and whether `deadline` came
    /// first (the scores are then incomplete).
    fn scores_within(
        &mut self,
        p: &ShapeBoard<S>,
        deadline: Option<Instant>,
    ) -> ((Vec<Option<i32>>, u64), bool) {
        let (mut out, children) = self.children(p);
        let threads = self.threads.min(children.len());
        if threads <= 1 {
            let mut nodes = 0;
            for (col, child) in children {
                let (s, stopped) = self.solve_within(&child, false, u64::MAX, deadline);
                nodes += s.nodes;
                if stopped {
                    return ((out, nodes), true);
                }
                out[col as usize] = Some(-s.score);
            }
            return ((out, nodes), false);
        }
        let next = AtomicUsize::new(0);
        let (table, book) = (&self.table, self.book.as_deref());
        let solved: Vec<Vec<(u32, Solved, bool)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    let (next, children) = (&next, &children);
                    scope.spawn(move || {
                        let mut mine = Vec::new();
                        while let Some((col, child)) = children.get(next.fetch_add(1, Relaxed)) {
                            let mut s =
                                Search::new(table, u64::MAX, deadline, None).with_book(book);
                            let score = Self::narrow(child, false, |alpha, beta| {
                                (s.negamax(child, alpha, beta), s.stopped)
                            });
                            let stopped = s.stopped;
                            mine.push((
                                *col,
                                Solved {
                                    score,
                                    nodes: s.nodes,
                                },
                                stopped,
                            ));
                            if stopped {
                                break;
                            }
                        }
                        mine
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        let mut nodes = 0;
        let mut stopped_any = false;
        for (col, s, stopped) in solved.into_iter().flatten() {
            nodes += s.nodes;
            if stopped {
                stopped_any = true;
            } else {
                out[col as usize] = Some(-s.score);
            }
        }
        ((out, nodes), stopped_any)
    }
}
