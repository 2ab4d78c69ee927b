//! The Connect Four solver's search: negamax with alpha-beta over [`Board`], as Pascal
//! Pons's (moves that lose at once never searched, a forced block the only move), with a
//! shared [`Table`](super::table) of both bounds of each position, a position and its mirror
//! image sharing their entry; and with Christophe Steininger's c4's pruning: a forced move
//! played through without an entry, a move that wins by the mover's next stone found
//! without searching, the claimeven bound of the position and of its children
//! (`evens.rs`), dead stones left out of the key (`dead.rs`), each child's entry read for
//! a cut-off before any is searched, and moves ordered by c4's guess of their threats
//! ([`ShapeBoard::move_score`]).
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

use super::bits::Bits;
use super::board::ShapeBoard;
use super::score_book::{canonical_key, ScoreBook};
use super::shape::{Shape, Slot, MAX_WIDTH};
use super::table::KeyTable;

/// Positions between two looks at the clock and at the other threads.
const CHECK_EVERY: u64 = 1024;
/// What the column that cut off here before adds to a move's [`ShapeBoard::move_score`],
/// in its tenths (times W).
const TABLE_BONUS: u32 = 5;
/// Enhanced transposition cutoffs are looked for while more cells than this are empty.
const ETC_PLIES_LEFT: i32 = 6;

/// One thread's search over a shared table.
pub(crate) struct Search<'t, S: Shape> {
    table: &'t <S::B as Bits>::Table,
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

impl<'t, S: Shape> Search<'t, S> {
    /// A search of at most `max_nodes` positions until `deadline`, stopped early when
    /// `done` is raised.
    pub fn new(
        table: &'t <S::B as Bits>::Table,
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

    /// The search answering the positions of `book` from it (the caller's book of this
    /// board: [`ScoreBook::fits`]).
    pub fn with_book(mut self, book: Option<&'t ScoreBook>) -> Self {
        self.book = book;
        self
    }

    /// The key of `p`'s entry (the smaller of its key and its mirror's) and whether it is
    /// the mirror's.
    fn entry_key(p: &ShapeBoard<S>) -> (S::B, bool) {
        let key = p.table_key();
        let mirror = p.mirror_bits(key);
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
    pub fn negamax(&mut self, p: &ShapeBoard<S>, alpha: i32, beta: i32) -> i32 {
        self.node(p, None, alpha, beta)
    }

    /// [`Search::negamax`] with `p`'s entry key where the caller has it.
    fn node(
        &mut self,
        p: &ShapeBoard<S>,
        entry: Option<(S::B, bool)>,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
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
        let cells = p.shape.cells();
        let their_threats = p.opponent_winning_position();
        let next = p.non_losing_moves(their_threats);
        if next == S::B::ZERO {
            return -(cells - p.moves as i32) / 2;
        }
        if p.moves as i32 >= cells - 2 {
            return 0;
        }
        let min = -(cells - 2 - p.moves as i32) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let max = (cells - 1 - p.moves as i32) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let evens = p.evens_bound();
        if beta > evens {
            beta = evens;
            if alpha >= beta {
                return beta;
            }
        }
        // A forced move (the only one that does not lose at once) is played through: the
        // position gets no entry of its own.
        if next & (next - S::B::ONE) == S::B::ZERO {
            let mut child = *p;
            child.play(next);
            return -self.node(&child, None, -beta, -alpha);
        }
        // This position's and every child's entry are loaded at once, ahead of the probes
        // and the ordering: the table's cache misses overlap instead of coming one after
        // the other.
        let (key, mirrored) = entry.unwrap_or_else(|| Self::entry_key(p));
        self.table.prefetch(key);
        let shape = p.shape;
        let mut keys = [(S::B::ZERO, false); MAX_WIDTH as usize];
        for col in 0..shape.width() {
            let mv = next & shape.column_mask(col);
            if mv != S::B::ZERO {
                let mut child = *p;
                child.play(mv);
                keys[col as usize] = Self::entry_key(&child);
                self.table.prefetch(keys[col as usize].0);
            }
        }
        let (mut moves, wins, lower) = self.scan_moves(p, next, their_threats);
        if wins {
            return max;
        }
        if alpha < lower {
            alpha = lower;
            if alpha >= beta {
                return alpha;
            }
        }
        let w = p.shape.width();
        let flip = |c: u32| if mirrored { w - 1 - c } else { c };
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
        // Enhanced transposition cutoffs, as in Steininger's c4: far from the end, where a
        // subtree is large, each child's entry may already bound this position from below.
        if (p.moves as i32) < cells - ETC_PLIES_LEFT {
            for &(_, col, _) in moves.slots() {
                if let Some(known) = self.table.get(keys[col as usize].0) {
                    if -known.upper > alpha {
                        alpha = -known.upper;
                        if alpha >= beta {
                            return alpha;
                        }
                    }
                }
            }
        }
        moves.sort(first, w);
        // No win by this side's next stone: none before the one after.
        let max = (cells - 3 - p.moves as i32) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let before = self.nodes;
        for &(mv, col, _) in moves.slots() {
            let mut child = *p;
            child.play(mv);
            let score = -self.node(&child, Some(keys[col as usize]), -beta, -alpha);
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
    pub fn ordered_children(&self, p: &ShapeBoard<S>) -> Option<Vec<ShapeBoard<S>>> {
        let next = p.possible_non_losing_moves();
        if next == S::B::ZERO || p.moves as i32 >= p.shape.cells() - 2 {
            return None;
        }
        let (key, mirrored) = Self::entry_key(p);
        let first = self.table.get(key).and_then(|known| known.column).map(|c| {
            if mirrored {
                p.shape.width() - 1 - c
            } else {
                c
            }
        });
        let (mut moves, _, _) = self.scan_moves(p, next, p.opponent_winning_position());
        moves.sort(first, p.shape.width());
        Some(
            moves
                .slots()
                .iter()
                .map(|&(mv, _, _)| {
                    let mut child = *p;
                    child.play(mv);
                    child
                })
                .collect(),
        )
    }

    /// The moves of `next` (cells, with their columns) from the centre out, each with its
    /// [`ShapeBoard::move_score`]; whether one of them wins by the
    /// mover's next stone; and a lower bound of `p`'s score from the children's claimeven
    /// bounds.
    fn scan_moves(
        &self,
        p: &ShapeBoard<S>,
        next: S::B,
        their_threats: S::B,
    ) -> (Moves<S>, bool, i32) {
        let shape = p.shape;
        let w = shape.width();
        let mut out = Moves {
            list: shape.slots(),
            len: 0,
        };
        let list = AsMut::<[Slot<S::B>]>::as_mut(&mut out.list);
        let mut wins = false;
        let mut lower = -i32::MAX;
        for k in 0..w {
            let col = shape.order(k);
            let mv = next & shape.column_mask(col);
            if mv == S::B::ZERO {
                continue;
            }
            let threats = p.threats_after(mv);
            let mut child = *p;
            child.play(mv);
            let playable = child.possible();
            wins |= ShapeBoard::<S>::wins_next_after(threats, playable);
            lower = lower.max(-child.evens_bound());
            list[out.len] = (mv, col, p.move_score(threats, playable, their_threats, col));
            out.len += 1;
        }
        (out, wins, lower)
    }
}

/// At most W moves, best first: (the cell played, its column, its order score).
struct Moves<S: Shape> {
    list: S::Slots,
    len: usize,
}

impl<S: Shape> Moves<S> {
    fn slots(&self) -> &[Slot<S::B>] {
        &AsRef::<[Slot<S::B>]>::as_ref(&self.list)[..self.len]
    }

    /// Sorts the moves best first, `first` (the column that cut off here before) with
    /// [`TABLE_BONUS`] added; equal scores keep their order.
    fn sort(&mut self, first: Option<u32>, w: u32) {
        let list = &mut AsMut::<[Slot<S::B>]>::as_mut(&mut self.list)[..self.len];
        for i in 0..list.len() {
            let mut slot = list[i];
            if first == Some(slot.1) {
                slot.2 += TABLE_BONUS * w;
            }
            let mut j = i;
            while j > 0 && list[j - 1].2 < slot.2 {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = slot;
        }
    }
}
