//! The games section of the report: exact values (known results, the Connect variants of
//! Delattre & Fournier section 8, a table of small Connect-K boards), and the Connect Four
//! 7×6 solver on the public benchmark files, with its two books.
//!
//! - `value.rs`: a game's exact value by its spec;
//! - `known.rs`: the values the papers and known results state, tic-tac-toe's game tree;
//! - `small_boards.rs`: the table of small Connect-K boards by generic alpha-beta;
//! - `sizes.rs`: Connect Four on other board sizes, the dedicated solver against the generic;
//! - `published_sizes.rs`: the board-size table against Tromp's and Steininger's;
//! - `benchmark.rs`: the dedicated solver on Pons's benchmark files;
//! - `book.rs`: the opening book of the solver and `auto` agents;
//! - `scores.rs`: the book of exact scores;
//! - `book_table.rs`: what both books share (their table by stones, an unreadable book).

mod benchmark;
mod book;
mod book_table;
mod known;
pub mod published_sizes;
mod scores;
mod sizes;
mod small_boards;
mod value;

use crate::{ReportOptions, Section};

/// The report section of the games and exact minimax.
pub fn report_section(opts: &ReportOptions) -> Section {
    let mut s = Section::new("games", "Games and exact minimax");
    let mut md = String::new();
    let mut data = serde_json::Map::new();

    known::known_values(&mut s, &mut data);
    crate::step("known values");
    let generic = small_boards::small_boards(opts, &mut md, &mut data);
    crate::step("small Connect-K boards");
    sizes::connect4_sizes(opts, &generic, &mut s, &mut md, &mut data);
    crate::step("Connect Four sizes");
    published_sizes::connect4_size_table(opts, &mut s, &mut md, &mut data);
    crate::step("Connect Four board-size table");
    benchmark::connect4_benchmark(opts, &mut s, &mut md, &mut data);
    crate::step("Connect Four benchmark");
    book::connect4_book(opts, &mut s, &mut md, &mut data);
    crate::step("opening book");
    scores::connect4_scores(opts, &mut s, &mut md, &mut data);
    crate::step("book of exact scores");

    s.markdown = md;
    s.json = serde_json::Value::Object(data);
    s
}
