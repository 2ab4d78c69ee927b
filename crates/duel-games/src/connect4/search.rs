//! The Connect Four solver's search: negamax with alpha-beta over [`Board`], as Pascal
//! Pons's (moves that lose at once never searched, a forced block the only move, moves
//! ordered by the threats they make, centre first on ties), with a shared
//! [`Table`](super::table) of both bounds of each position; beyond Pons's, the
//! column that last cut off at a position is tried first there, and a position and its
//! mirror image share their entry.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

use super::bits::Bits;
use super::board::Board;
use super::score_book::{canonical_key, ScoreBook};
use super::table::KeyTable;

/// Positions between two looks at the clock and at the other threads.
const CHECK_EVERY: u64 = 1024;

/// One thread's search over a shared table.
pub(crate) struct Search<'t, const W: usize, const H: usize, B: Bits = u64> {
    table: &'t B::Table,
    /// Positions explored.
    pub nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    /// Raised by another thread when this search's work is no longer needed.
    done: Option<&'t AtomicBool>,
    /// Exact scores of the board's first positions, answered without searching.
    book: Option<&'t ScoreBook>,
    /// Set when a limit is reached or `done` is raised: every search returns at
    /// once, and nothing more is stored.
    pub stopped: bool,
}

impl<'t, const W: usize, const H: usize, B: Bits> Search<'t, W, H, B> {
    const CELLS: i32 = (W * H) as i32;

    /// A search of at most `max_nodes` positions until `deadline`, stopped early when
    /// `done` is raised.
    pub fn new(
        table: &'t B::Table,
        max_nodes: u64,
        deadline: Option<Instant>,
        done: Option<&'t AtomicBool>,
    ) -> Self {
        Search {
            table,
            nodes: 0,
            max_nodes,
            deadline,
            done,
            book: None,
            stopped: false,
        }
    }

    /// The search answering the positions of `book` (a book of this board) from it.
    pub fn with_book(mut self, book: Option<&'t ScoreBook>) -> Self {
        self.book = book.filter(|b| b.fits::<W, H>());
        self
    }

    /// The key of `p`'s entry (the smaller of its key and its mirror's) and whether it is
    /// the mirror's.
    fn entry_key(p: &Board<W, H, B>) -> (B, bool) {
        let (key, mirror) = (p.key(), p.mirror_key());
        if mirror < key {
            (mirror, true)
        } else {
            (key, false)
        }
    }

    fn check_limits(&mut self) {
        if self.nodes >= self.max_nodes
            || (self.nodes % CHECK_EVERY == 0
                && (self.deadline.is_some_and(|d| Instant::now() >= d)
                    || self.done.is_some_and(|d| d.load(Relaxed))))
        {
            self.stopped = true;
        }
    }

    /// The score of `p` within `[alpha, beta]` (alpha < beta), for a position where
    /// nobody has won and the side to move cannot win at once: if the score is at most
    /// alpha, a value between it and alpha; at least beta, a value between beta and it;
    /// otherwise the score.
    pub fn negamax(&mut self, p: &Board<W, H, B>, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        if let Some(book) = self.book.filter(|b| p.moves <= b.plies()) {
            if let Some(score) = book.score_of(canonical_key(p)) {
                return score;
            }
        }
        let next = p.possible_non_losing_moves();
        if next == B::ZERO {
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
        let max = (Self::CELLS - 1 - p.moves as i32) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        // Every child's entry is loaded at once, ahead of its search and of this position's
        // own probe and ordering: the table's cache misses overlap instead of coming one
        // after the other.
        let mut cells = next;
        while cells != B::ZERO {
            let mv = cells & cells.wrapping_neg();
            cells &= cells - B::ONE;
            let mut child = *p;
            child.play(mv);
            self.table.prefetch(Self::entry_key(&child).0);
        }
        let (key, mirrored) = Self::entry_key(p);
        let flip = |c: u32| if mirrored { W as u32 - 1 - c } else { c };
        let mut first = None;
        if let Some(known) = self.table.get(key) {
            if alpha < known.lower {
                alpha = known.lower;
                if alpha >= beta {
                    return alpha;
                }
            }
            if beta > known.upper {
                beta = known.upper;
                if alpha >= beta {
                    return beta;
                }
            }
            first = known.column.map(flip);
        }
        let moves = self.ordered_moves(p, next, first);
        let before = self.nodes;
        for &(mv, col) in &moves.list[..moves.len] {
            let mut child = *p;
            child.play(mv);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                let work = self.nodes - before;
                self.table.put(key, score, i32::MAX, Some(flip(col)), work);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.table
            .put(key, i32::MIN, alpha, None, self.nodes - before);
        alpha
    }

    /// The children of `p` in the order [`Search::negamax`] tries them, for a position it
    /// would search move by move; `None` where it would not (no move that does not lose at
    /// once, or the board nearly full).
    pub fn ordered_children(&self, p: &Board<W, H, B>) -> Option<Vec<Board<W, H, B>>> {
        let next = p.possible_non_losing_moves();
        if next == B::ZERO || p.moves as i32 >= Self::CELLS - 2 {
            return None;
        }
        let (key, mirrored) = Self::entry_key(p);
        let first = self.table.get(key).and_then(|known| known.column).map(|c| {
            if mirrored {
                W as u32 - 1 - c
            } else {
                c
            }
        });
        let moves = self.ordered_moves(p, next, first);
        Some(
            moves.list[..moves.len]
                .iter()
                .map(|&(mv, _)| {
                    let mut child = *p;
                    child.play(mv);
                    child
                })
                .collect(),
        )
    }

    /// The moves of `next` (cells, with their columns), best first: `first` (the column
    /// that cut off here before), then by the threats they make, ties from the centre out.
    fn ordered_moves(&self, p: &Board<W, H, B>, next: B, first: Option<u32>) -> Moves<W, B> {
        let mut out = Moves {
            list: [(B::ZERO, 0); W],
            len: 0,
        };
        let mut scores = [0u32; W];
        for k in 0..W {
            // Added from the edges in, each after its equals, then read backwards.
            let col = Board::<W, H, B>::ORDER[W - 1 - k];
            let mv = next & Board::<W, H, B>::column_mask(col);
            if mv == B::ZERO {
                continue;
            }
            let score = if first == Some(col) {
                u32::MAX
            } else {
                p.move_score(mv)
            };
            let mut i = out.len;
            while i > 0 && scores[i - 1] > score {
                scores[i] = scores[i - 1];
                out.list[i] = out.list[i - 1];
                i -= 1;
            }
            scores[i] = score;
            out.list[i] = (mv, col);
            out.len += 1;
        }
        out.list[..out.len].reverse();
        out
    }
}

/// At most W moves, best first: (the cell played, its column).
struct Moves<const W: usize, B> {
    list: [(B, u32); W],
    len: usize,
}
