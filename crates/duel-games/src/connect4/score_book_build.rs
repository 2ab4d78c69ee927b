//! Builds a [`ScoreBook`]: the exact score of every unfinished position of a board within
//! N stones, one of each mirror pair. The positions of N stones are solved first, each by a
//! full search; then those of N − 1 stones, whose children the book now holds (a few
//! positions searched each), and so on down to the empty board. The positions of one ply
//! are shared out among threads, each with its own solver and table.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use super::bits::Bits;
use super::board::ShapeBoard;
use super::score_book::{canonical_key, ScoreBook};
use super::shape::{Fixed, Shape};
use super::solver::{ShapeSolver, TableError};

/// A position solved, as the build reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Its moves from the empty board.
    pub moves: String,
    /// Its exact score.
    pub score: i32,
    /// Positions the search explored (0 for a score taken from a known book).
    pub nodes: u64,
}

/// How far a build has come: as the opening book's.
pub use super::move_book::Progress;

/// The unfinished positions of each ply from 0 to `plies`, one of each mirror pair (the
/// first reached, columns tried from the left), with their moves.
pub fn positions_by_ply<const W: usize, const H: usize, B: Bits>(
    plies: u32,
) -> Vec<Vec<(String, ShapeBoard<Fixed<W, H, B>>)>> {
    positions_by_ply_on(Fixed::default(), plies)
}

/// [`positions_by_ply`] on the board of `shape`.
pub fn positions_by_ply_on<S: Shape>(shape: S, plies: u32) -> Vec<Vec<(String, ShapeBoard<S>)>> {
    let mut levels = vec![vec![(String::new(), ShapeBoard::empty(shape))]];
    for _ in 0..plies {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for (moves, p) in levels.last().into_iter().flatten() {
            for col in 0..shape.width() {
                if !p.can_play(col) || p.is_winning_move(col) {
                    continue;
                }
                let mut child = *p;
                child.play_col(col);
                if child.moves_played() as i32 == shape.cells() {
                    continue;
                }
                if seen.insert(canonical_key(&child)) {
                    next.push((p.push_move(moves, col), child));
                }
            }
        }
        levels.push(next);
    }
    levels
}

/// The book of every position within `plies` stones of the board W×H, solved on `threads`
/// threads, each with a table of `table_bytes`. Positions of `known` (a book of this board)
/// are taken from it as they are. `on_solved` is called with each position of `known`
/// within `plies` first (nodes 0), then with each other position as it is solved (from
/// several threads: the caller writes it where it keeps the results, so that a file
/// rewritten from `known` and interrupted at any time still holds all it held);
/// `on_progress` is called as each ply advances.
pub fn build<const W: usize, const H: usize, B: Bits>(
    plies: u32,
    threads: usize,
    table_bytes: u64,
    known: Option<&ScoreBook>,
    on_solved: &(dyn Fn(&Solved) + Sync),
    on_progress: &(dyn Fn(Progress) + Sync),
) -> Result<ScoreBook, TableError> {
    build_on(
        Fixed::<W, H, B>::default(),
        plies,
        threads,
        table_bytes,
        known,
        on_solved,
        on_progress,
    )
}

/// [`build`] on the board of `shape`.
pub fn build_on<S: Shape>(
    shape: S,
    plies: u32,
    threads: usize,
    table_bytes: u64,
    known: Option<&ScoreBook>,
    on_solved: &(dyn Fn(&Solved) + Sync),
    on_progress: &(dyn Fn(Progress) + Sync),
) -> Result<ScoreBook, TableError> {
    let threads = threads.max(1);
    let mut solvers = Vec::with_capacity(threads);
    for _ in 0..threads {
        solvers.push(Mutex::new(ShapeSolver::try_with_table_bytes_on(
            shape,
            table_bytes,
        )?));
    }
    let (w, h) = (shape.width(), shape.height());
    let known = known.filter(|k| k.fits(w, h));
    for (moves, score) in known.map_or(&[][..], ScoreBook::entries) {
        if ScoreBook::stones(moves) <= plies {
            on_solved(&Solved {
                moves: moves.clone(),
                score: *score,
                nodes: 0,
            });
        }
    }
    let mut book = ScoreBook::new(w, h, plies);
    for (ply, level) in positions_by_ply_on(shape, plies)
        .into_iter()
        .enumerate()
        .rev()
    {
        let ply = ply as u32;
        let shared = Arc::new(book.clone());
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let total = level.len();
        on_progress(Progress {
            ply,
            done: 0,
            total,
        });
        let solved: Vec<Vec<Solved>> = std::thread::scope(|scope| {
            let handles: Vec<_> = solvers
                .iter()
                .map(|solver| {
                    let (level, next, done, shared) = (&level, &next, &done, &shared);
                    scope.spawn(move || {
                        let mut mine = Vec::new();
                        let Ok(mut solver) = solver.lock() else {
                            return mine;
                        };
                        solver.set_book(Some(Arc::clone(shared)));
                        while let Some((moves, p)) = level.get(next.fetch_add(1, Relaxed)) {
                            let s = match known.and_then(|k| k.score(p)) {
                                Some(score) => Solved {
                                    moves: moves.clone(),
                                    score,
                                    nodes: 0,
                                },
                                None => {
                                    let r = solver.solve(p);
                                    let s = Solved {
                                        moves: moves.clone(),
                                        score: r.score,
                                        nodes: r.nodes,
                                    };
                                    on_solved(&s);
                                    s
                                }
                            };
                            mine.push(s);
                            on_progress(Progress {
                                ply,
                                done: done.fetch_add(1, Relaxed) + 1,
                                total,
                            });
                        }
                        solver.set_book(None);
                        mine
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        for s in solved.into_iter().flatten() {
            // Each position was generated once, within the plies: it fits the book.
            let _ = book.insert_on(shape, &s.moves, s.score);
        }
    }
    Ok(book)
}
