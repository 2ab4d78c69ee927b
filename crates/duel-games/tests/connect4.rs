//! The Connect Four solver of `duel_games::connect4`, one test module per module it
//! exercises (in `tests/connect4/`): the book of exact scores and its build (`score_book`),
//! and the 128-bit boards and their table (`wide_table`). One test binary for both.

#[path = "connect4/score_book.rs"]
mod score_book;
#[path = "connect4/wide_table.rs"]
mod wide_table;
