//! A fast exact solver for Connect Four (K = 4) on every board of 4 ≤ W, H whose bitboard
//! takes at most 128 bits (W·(H+1) ≤ 128: 10×6, 12×5, 16×7, 25×4, …), after Pascal Pons's
//! solver (the author of the public benchmark in `data/connect4`). [`Position`] and
//! [`Solver`] are the standard 7×6 board; [`Board`] and [`BoardSolver`] take the size as
//! const parameters and the bitboard word as a type (`u64` where W·(H+1) ≤ 64, else
//! `u128`); [`ShapeBoard`] and [`ShapeSolver`] take any [`Shape`], also one of runtime size
//! ([`Dims`]).
//!
//! The score of a position, from the side to move: 0 for a draw; for a win with the stone of
//! ply p, ⌊(W·H − p)/2⌋ + 1 (on 7×6, 22 minus the winner's stone count at the winning move:
//! the sooner, the higher), negative for a loss. Equivalently a win at the next move of a
//! position with n stones scores (W·H + 1 − n)/2.
//!
//! One idea per step, as in Pons's write-up: negamax with alpha-beta; a bitboard (the stones
//! of the side to move and the occupied cells, one sentinel bit per column); moves that lose
//! at once are never searched and a forced block is the only move; moves ordered by the
//! number of threats (cells completing a line) they create, centre first on ties; a
//! transposition table of bounds; the score found by null-window searches narrowing
//! `[min, max]`. Beyond Pons's: the table (`table.rs`) keeps both bounds of a position and
//! the column that cut off there, and is shared by mirror images and by threads; the search
//! (`search.rs`) loads its children's entries ahead, and takes from Christophe Steininger's
//! c4 its static checks, the claimeven bound, dead stones, enhanced transposition cut-offs,
//! its move ordering and its null windows from near 0 outwards. On two threads or more, the
//! root's children are searched in parallel over the shared table
//! ([`BoardSolver::with_threads`]).
//!
//! The files, in the order they build on one another:
//! - `bits.rs`: the bitboard word ([`Bits`]: `u64`, or `u128` for boards over 64 bits);
//! - `shape.rs`: the board's size, compiled ([`Fixed`]) or of runtime ([`Dims`]);
//! - `table.rs`, `wide_table.rs`: the transposition tables of 64- and 128-bit keys;
//! - `board.rs`: the position as bitboards ([`Board`]);
//! - `dead.rs`: the stones that no open line passes through, left out of the table's keys;
//! - `evens.rs`: the claimeven bound of a position on a board of even height;
//! - `score_book.rs`: the book of exact scores the search looks up ([`score_book::ScoreBook`]);
//! - `search.rs`: the negamax search itself;
//! - `solver.rs`: the solver, its table and threads ([`BoardSolver`], [`Solver`]);
//! - `sizes.rs`: the board sizes the solver has ([`with_board_size`]);
//! - `size_table.rs`: the board-size table, every empty board solved ([`size_table::solve_empty`]);
//! - `bench_file.rs`: the benchmark files `MOVES [SCORE]` read and solved ([`parse_test_file`]);
//! - `move_book.rs`: the opening book of the `solver` agent's moves on 7×6;
//! - `score_book_build.rs`: building the book of exact scores;
//! - `answer.rs`: the answers of the `duel connect` commands.

pub mod answer;
mod bench_file;
mod bits;
mod board;
mod dead;
mod evens;
pub mod move_book;
pub mod score_book;
pub mod score_book_build;
mod search;
mod shape;
pub mod size_table;
mod sizes;
mod solver;
mod table;
mod wide_table;

pub use bench_file::{
    parse_test_file, parse_test_file_numbered, parse_test_file_on, solve_cases, solve_cases_on,
    solve_cases_with, FileResult, TestCase,
};
pub use bits::Bits;
pub use board::{Board, ShapeBoard};
pub use shape::{Dims, Fixed, Shape, MAX_WIDTH};
pub use sizes::{solve_empty_board, with_board_size, SizeVisitor, BOARD_SIZES};
pub use solver::{
    BoardSolver, Position, ShapeSolver, Solved, Solver, Stopped, TableError, DEFAULT_TABLE_BYTES,
    HEIGHT, MAX_SCORE, MIN_SCORE, WIDTH,
};
