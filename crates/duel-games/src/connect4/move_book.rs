//! An opening book for Connect Four 7×6: the `solver` agent's move at every position it can
//! meet in the first plies of a game, playing either side, up to mirror symmetry.
//!
//! The agent's move is a win at once if there is one; in a lost position, the column that
//! loses latest (the highest exact score); else the first column, from the centre outwards
//! (the order of [`duel_core::game::Game::legal_moves`]: 4, 5, 3, 6, 2, 7, 1), that keeps the
//! position's weak value (win or draw): what the agent computes itself with an unlimited
//! budget ([`book_move`]). Early positions take the solver minutes (the position
//! after the first stone, 4, about four), so the book holds the answers for every position
//! where the agent is to move within [`Book::plies`] stones, whatever the other side plays:
//! from there on the agent solves its positions itself in about a second. The book is built by
//! [`generate`] (`duel connect book`), stored as text in `data/connect4-7x6-book.txt` and
//! embedded ([`Book::standard`]); its tests re-solve entries and check that the values agree
//! from one ply to the next.
//!
//! The text: a line `plies N`, then one line per position, `MOVES COLUMN VALUE`, where MOVES
//! are the column digits played from the empty board (`-` for the empty board), COLUMN the
//! book's column (1–7) and VALUE the weak value for the side to move (1 win, 0 draw, −1
//! loss); `#` starts a comment line.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::solver::{Position, Solver, HEIGHT, WIDTH};
use crate::connect::{centre_order, Connect};
use duel_core::game::GameError;
use thiserror::Error;

/// The most plies of a book (`duel connect book --plies`): the positions grow about sevenfold
/// every two plies.
pub const MAX_PLIES: u32 = 12;

/// The book shipped with duel (see the module documentation).
const STANDARD: &str = include_str!("../../data/connect4-7x6-book.txt");

/// One position of the book.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Entry {
    /// Column digits played from the empty board (empty for the empty board).
    pub moves: String,
    /// The book's column, 0-based.
    pub column: u32,
    /// The weak value for the side to move: 1 win, 0 draw, −1 loss.
    pub value: i32,
}

impl Entry {
    /// The entry's line of the book's text (see the module documentation).
    pub fn line(&self) -> String {
        let moves = if self.moves.is_empty() {
            "-"
        } else {
            &self.moves
        };
        format!("{moves} {} {}\n", self.column + 1, self.value)
    }
}

/// An opening book: the positions, indexed by their key.
#[derive(Clone, Debug)]
pub struct Book {
    plies: u32,
    entries: Vec<Entry>,
    index: HashMap<u64, usize>,
}

/// The error of line (or entry) `line`, `text`.
/// Where an opening book disagrees with itself or with the positions the agent meets
/// ([`Book::check`]); positions are named by their moves (`-` for the empty board).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BookError {
    /// A position the agent meets is not in the book.
    #[error("the agent's position '{0}' is not in the book")]
    NotInBook(String),
    /// The book's column is not the win at once of its position.
    #[error("'{moves}': column {win} wins at once, the book has {column} with value {value}")]
    WinMissed {
        /// The position.
        moves: String,
        /// The column that wins at once (1–7).
        win: u32,
        /// The book's column (1–7).
        column: u32,
        /// The book's value.
        value: i32,
    },
    /// The position after the book's move is in the book with a value not the opposite.
    #[error("'{moves}' is worth {value} but '{child}' after its book move {child_value}")]
    ChildValue {
        /// The position.
        moves: String,
        /// Its value in the book.
        value: i32,
        /// The position after the book's move.
        child: String,
        /// That position's value in the book.
        child_value: i32,
    },
    /// The other side's replies after the book's move disagree with the position's value.
    #[error("'{moves}' is worth {value}, but {why}")]
    Replies {
        /// The position.
        moves: String,
        /// Its value in the book.
        value: i32,
        /// How the replies disagree.
        why: ReplyError,
    },
    /// Positions of the book the agent never meets.
    #[error(
        "{count} positions of the book are not met by the agent{}",
        example.as_ref().map_or(String::new(), |m| format!(" (such as '{m}')"))
    )]
    NotMet {
        /// How many.
        count: usize,
        /// The first of them in the book's order, if its moves parse.
        example: Option<String>,
    },
}

/// How the other side's replies after a book move disagree with the position's value
/// ([`BookError::Replies`]).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ReplyError {
    /// A won or drawn position leaves the other side a win at once.
    #[error("the other side wins at once after '{0}'")]
    WinsAtOnce(String),
    /// A reply, two plies on, is worth less than the position.
    #[error("'{moves}' is worth {value}")]
    Worth {
        /// The agent's position two plies on.
        moves: String,
        /// Its value in the book.
        value: i32,
    },
    /// A drawn position where no reply keeps the draw.
    #[error("no reply after '{0}' keeps the draw")]
    NoDraw(String),
    /// A lost position where no reply keeps the loss.
    #[error("no reply after '{0}' keeps the loss")]
    NoLoss(String),
}

fn bad(line: usize, text: &str, why: impl Into<String>) -> GameError {
    GameError::BadLine {
        line,
        text: text.to_string(),
        why: why.into(),
    }
}

impl Book {
    /// A book of `entries` for positions of at most `plies` stones; an error naming the entry
    /// (from 1) when its moves are not a position, its column is full, its value is not 1, 0
    /// or −1, it has more than `plies` stones or it repeats a position (or its mirror image).
    pub fn new(plies: u32, entries: Vec<Entry>) -> Result<Book, GameError> {
        Book::build(plies, entries, |i, what| (i + 1, what.to_string()))
    }

    /// [`Book::new`], the error of entry i (its moves `what`) naming the line and text
    /// `line(i, what)`.
    fn build(
        plies: u32,
        entries: Vec<Entry>,
        line: impl Fn(usize, &str) -> (usize, String),
    ) -> Result<Book, GameError> {
        let mut index = HashMap::with_capacity(entries.len());
        for (i, e) in entries.iter().enumerate() {
            let what = if e.moves.is_empty() { "-" } else { &e.moves };
            let err = |why: String| {
                let (n, text) = line(i, what);
                bad(n, &text, why)
            };
            let p = Position::parse(&e.moves).map_err(|e| err(e.to_string()))?;
            if p.moves_played() > plies {
                return Err(err(format!("more than {plies} stones")));
            }
            if !p.can_play(e.column) {
                return Err(err(format!("column {} is not free", e.column + 1)));
            }
            if !(-1..=1).contains(&e.value) {
                return Err(err(format!("value {} is not 1, 0 or -1", e.value)));
            }
            if index.contains_key(&p.key()) || index.contains_key(&p.mirror().key()) {
                return Err(err("the position (or its mirror image) repeats".to_string()));
            }
            index.insert(p.key(), i);
        }
        Ok(Book {
            plies,
            entries,
            index,
        })
    }

    /// Reads a book from its text (see the module documentation); an error names the line.
    pub fn parse(text: &str) -> Result<Book, GameError> {
        let mut plies = None;
        let mut entries = Vec::new();
        let mut lines = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |why: String| bad(i + 1, line, why);
            let fields: Vec<&str> = line.split_whitespace().collect();
            match (&fields[..], plies) {
                (&["plies", n], None) => {
                    let n: u32 = n
                        .parse()
                        .map_err(|_| err(format!("'{n}' is not a number of plies")))?;
                    if n > MAX_PLIES {
                        return Err(err(format!("{n} plies: a book holds at most {MAX_PLIES}")));
                    }
                    plies = Some(n);
                }
                (&[_, _, _], None) => {
                    return Err(err("the first line must be `plies N`".to_string()))
                }
                (&[moves, column, value], Some(_)) => {
                    let column: u32 = match column.parse() {
                        Ok(c) if (1..=WIDTH as u32).contains(&c) => c - 1,
                        _ => return Err(err(format!("'{column}' is not a column 1-7"))),
                    };
                    let value = value
                        .parse()
                        .map_err(|_| err(format!("'{value}' is not a value")))?;
                    let moves = if moves == "-" { "" } else { moves };
                    entries.push(Entry {
                        moves: moves.to_string(),
                        column,
                        value,
                    });
                    lines.push((i + 1, line));
                }
                _ => return Err(err("not `MOVES COLUMN VALUE`".to_string())),
            }
        }
        let plies = plies.ok_or_else(|| bad(1, "", "no `plies N` line"))?;
        Book::build(plies, entries, |i, _| (lines[i].0, lines[i].1.to_string()))
    }

    /// The book shipped with duel; `None` only if its text were broken (a test reads it).
    pub fn standard() -> Option<&'static Book> {
        static BOOK: OnceLock<Option<Book>> = OnceLock::new();
        BOOK.get_or_init(|| Book::parse(STANDARD).ok()).as_ref()
    }

    /// The most stones of a position in the book.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The positions, in the order of the text.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The book's column (0-based) and the weak value for the side to move of `p` or of its
    /// mirror image (the column mirrored back); `None` when neither is in the book.
    pub fn lookup(&self, p: &Position) -> Option<(u32, i32)> {
        if let Some(&i) = self.index.get(&p.key()) {
            let e = &self.entries[i];
            return Some((e.column, e.value));
        }
        let &i = self.index.get(&p.mirror().key())?;
        let e = &self.entries[i];
        Some((WIDTH as u32 - 1 - e.column, e.value))
    }

    /// Checks the book as a whole, without solving, and returns the number of relations
    /// between values checked:
    /// - every position where the agent is to move within [`Book::plies`] stones, playing
    ///   first or second, when it follows the book and the other side plays anything, is in
    ///   the book, and no other position is;
    /// - a win at once is the book's column, with value 1;
    /// - after the book's move, a position won (1) leaves every reply of the other side won
    ///   for the agent two plies later, and no win at once to the other side; a draw (0)
    ///   leaves no reply that wins and at least one that draws (if all are in the book), and
    ///   no win at once; a loss (−1) leaves a win at once to the other side, or a reply that
    ///   keeps the loss (if all are in the book);
    /// - where the position after the book's move is itself in the book (the agent's position
    ///   when playing the other side), its value is the opposite.
    pub fn check(&self) -> Result<usize, BookError> {
        let mut reached = HashSet::new();
        let mut relations = 0;
        walk(self.plies, |_, level| {
            let mut answers = Vec::with_capacity(level.len());
            for r in level {
                let name = if r.moves.is_empty() { "-" } else { &r.moves };
                let (col, v) = self
                    .lookup(&r.p)
                    .ok_or_else(|| BookError::NotInBook(name.to_string()))?;
                reached.insert(canonical(&r.p));
                answers.push((col, v));
                if let Some(c) = free_columns(&r.p).find(|&c| r.p.is_winning_move(c)) {
                    relations += 1;
                    if (col, v) != (c, 1) {
                        return Err(BookError::WinMissed {
                            moves: name.to_string(),
                            win: c + 1,
                            column: col + 1,
                            value: v,
                        });
                    }
                    continue;
                }
                let Some(child) = after(r, col) else {
                    continue;
                };
                if let Some((_, cv)) = self.lookup(&child.p) {
                    relations += 1;
                    if cv != -v {
                        return Err(BookError::ChildValue {
                            moves: name.to_string(),
                            value: v,
                            child: child.moves.clone(),
                            child_value: cv,
                        });
                    }
                }
                relations += 1;
                self.check_replies(&child, v)
                    .map_err(|why| BookError::Replies {
                        moves: name.to_string(),
                        value: v,
                        why,
                    })?;
            }
            Ok(answers)
        })?;
        if reached.len() != self.entries.len() {
            let stray = self
                .entries
                .iter()
                .find(|e| {
                    Position::parse(&e.moves).map_or(true, |p| !reached.contains(&canonical(&p)))
                })
                .map(|e| e.moves.clone());
            return Err(BookError::NotMet {
                count: self.entries.len() - reached.len(),
                example: stray,
            });
        }
        Ok(relations)
    }

    /// Whether the replies of the other side in `child` (after the agent's book move in a
    /// position of value `v`) agree with `v` (see [`Book::check`]).
    fn check_replies(&self, child: &Reached, v: i32) -> Result<(), ReplyError> {
        let mut wins_at_once = false;
        let mut values = Vec::new();
        let mut all_known = true;
        for c in free_columns(&child.p) {
            if child.p.is_winning_move(c) {
                wins_at_once = true;
            } else if let Some(next) = after(child, c) {
                match self.lookup(&next.p) {
                    Some((_, nv)) => values.push((next.moves, nv)),
                    None => all_known = false,
                }
            }
        }
        let below = |x: i32| values.iter().find(|(_, nv)| *nv < x);
        match v {
            1 | 0 if wins_at_once => Err(ReplyError::WinsAtOnce(child.moves.clone())),
            1 | 0 => match below(v) {
                Some((m, nv)) => Err(ReplyError::Worth {
                    moves: m.clone(),
                    value: *nv,
                }),
                None if v == 0 && all_known && !values.iter().any(|(_, nv)| *nv == 0) => {
                    Err(ReplyError::NoDraw(child.moves.clone()))
                }
                None => Ok(()),
            },
            _ if !wins_at_once && all_known && below(0).is_none() => {
                Err(ReplyError::NoLoss(child.moves.clone()))
            }
            _ => Ok(()),
        }
    }

    /// The header of a book of `plies` stones, as [`Book::to_text`] begins.
    pub fn header(plies: u32) -> String {
        format!(
            "# Connect Four 7x6 opening book of duel, made by `duel connect book --plies {plies}`.\n\
             # Each line: MOVES (columns from the empty board, - for none), the solver agent's\n\
             # COLUMN (1-7), and the VALUE for the side to move (1 win, 0 draw, -1 loss).\n\
             plies {plies}\n"
        )
    }

    /// The book as text (see the module documentation); [`Book::parse`] reads it back.
    pub fn to_text(&self) -> String {
        let mut s = Book::header(self.plies);
        for e in &self.entries {
            s.push_str(&e.line());
        }
        s
    }
}

/// The free columns of `p`, from the centre outwards.
fn free_columns(p: &Position) -> impl Iterator<Item = u32> + '_ {
    centre_order(WIDTH as u32)
        .iter()
        .map(|&c| u32::from(c))
        .filter(|&c| p.can_play(c))
}

/// The key of `p` or of its mirror image, whichever is smaller.
fn canonical(p: &Position) -> u64 {
    p.key().min(p.mirror().key())
}

/// The answer of the standard book ([`Book::standard`]) in `c`, when `c` is an unfinished
/// Connect Four 7×6 game whose position is in it: the book's column and the weak value for
/// the side to move (1, 0 or −1).
pub fn standard_answer(c: &Connect<u64>) -> Option<(u8, i32)> {
    let p = Position::from_connect(c)?;
    let (col, v) = Book::standard()?.lookup(&p)?;
    Some((col as u8, v))
}

/// The `solver` agent's move in the unfinished position `p` and its weak value for the side to
/// move: a win at once if there is one; in a lost position the column that loses latest (the
/// highest exact score); else the first column from the centre outwards that keeps the weak
/// value of `p`. Ties go to the column nearer the centre. `None` when no column is free.
pub fn book_move(solver: &mut Solver, p: &Position) -> Option<(u32, i32)> {
    let free: Vec<u32> = free_columns(p).collect();
    let first = *free.first()?;
    if let Some(&c) = free.iter().find(|&&c| p.is_winning_move(c)) {
        return Some((c, 1));
    }
    let value = solver.solve_weak(p).score.signum();
    if value < 0 {
        // Every column loses: the one that loses latest (the highest exact score).
        let (scores, _) = solver.column_scores(p);
        let best = free
            .iter()
            .copied()
            .max_by_key(|&c| (scores[c as usize], std::cmp::Reverse(rank_of(&free, c))));
        return Some((best.unwrap_or(first), value));
    }
    // Some column keeps the value: the value is the best of the columns'.
    let col = free
        .iter()
        .copied()
        .find(|&c| solver.keeps_weak(p, c, value))
        .unwrap_or(first);
    Some((col, value))
}

/// The place of `c` in `free`.
fn rank_of(free: &[u32], c: u32) -> usize {
    free.iter().position(|&f| f == c).unwrap_or(usize::MAX)
}

/// Progress of [`generate`]: positions done and to do at a ply.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Stones of the positions being solved.
    pub ply: u32,
    /// Positions of this ply done.
    pub done: usize,
    /// Positions of this ply.
    pub total: usize,
}

/// A position reached in the book's tree, with the moves that reach it.
#[derive(Clone)]
struct Reached {
    p: Position,
    moves: String,
}

/// The positions of `level` without repeats up to mirror symmetry, in a fixed order.
fn distinct(level: Vec<Reached>) -> Vec<Reached> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for r in level {
        if seen.insert(canonical(&r.p)) {
            out.push(r);
        }
    }
    out.sort_by(|a, b| a.moves.cmp(&b.moves));
    out
}

/// The position after `r` and column `col`, unless that move ends the game.
fn after(r: &Reached, col: u32) -> Option<Reached> {
    if r.p.is_winning_move(col) || r.p.moves_played() as usize + 1 == WIDTH * HEIGHT {
        return None;
    }
    let mut p = r.p;
    p.play_col(col);
    Some(Reached {
        p,
        moves: format!("{}{}", r.moves, col + 1),
    })
}

/// Builds the book of every position of at most `plies` stones where the agent is to move,
/// playing first or second, when it follows the book and the other side plays anything: ply by
/// ply, each ply's positions solved on `threads` threads (at least one), each with a solver of
/// 2^`table_log` entries; the answers of `known` (a smaller book, or the part of this one an
/// interrupted build kept) are taken as they are. `on_answer` is called first with each entry
/// of `known` within `plies` stones (`true`: known), then with each other position as it is
/// answered (`false`), from the thread that answered it: a caller that keeps what it is given,
/// interrupted at any time, holds all that `known` held and all the build made.
/// `on_progress` is called after each position. Early plies take minutes each (see [`Book`]).
pub fn generate(
    plies: u32,
    threads: usize,
    table_log: u32,
    known: Option<&Book>,
    on_answer: &(dyn Fn(&Entry, bool) + Sync),
    on_progress: &(dyn Fn(Progress) + Sync),
) -> Result<Book, GameError> {
    let solvers: Vec<Mutex<Solver>> = (0..threads.max(1))
        .map(|_| Mutex::new(Solver::with_table_log_size(table_log)))
        .collect();
    for e in known.map_or(&[][..], Book::entries) {
        if e.moves.len() as u32 <= plies {
            on_answer(e, true);
        }
    }
    let mut entries = Vec::new();
    walk(plies, |ply, level| {
        let answers = solve_level(level, &solvers, ply, known, on_answer, on_progress);
        for (r, &(column, value)) in level.iter().zip(&answers) {
            entries.push(Entry {
                moves: r.moves.clone(),
                column,
                value,
            });
        }
        Ok::<_, GameError>(answers)
    })?;
    Book::new(plies, entries)
}

/// Walks the positions where the agent is to move within `plies` stones, playing first or
/// second, ply by ply: `answers` gives the agent's column and value in each position of a ply
/// (distinct up to mirror symmetry, in the order of their moves); the walk goes on with that
/// column in each, and with every move of the other side in the positions where it is to move.
fn walk<E>(
    plies: u32,
    mut answers: impl FnMut(u32, &[Reached]) -> Result<Vec<(u32, i32)>, E>,
) -> Result<(), E> {
    let root = Reached {
        p: Position::new(),
        moves: String::new(),
    };
    // Positions where the agent is to move, and where the other side is.
    let (mut mine, mut theirs) = (vec![root.clone()], vec![root]);
    for ply in 0..=plies {
        let level = distinct(mine);
        let cols = answers(ply, &level)?;
        let mut next_theirs = Vec::new();
        for (r, &(col, _)) in level.iter().zip(&cols) {
            next_theirs.extend(after(r, col));
        }
        let mut next_mine = Vec::new();
        for r in &distinct(theirs) {
            for c in free_columns(&r.p) {
                next_mine.extend(after(r, c));
            }
        }
        (mine, theirs) = (next_mine, next_theirs);
    }
    Ok(())
}

/// The book moves of `level`, the positions shared out among the solvers, each thread taking
/// the next position left; each answer not from `known` reported to `on_answer`.
fn solve_level(
    level: &[Reached],
    solvers: &[Mutex<Solver>],
    ply: u32,
    known: Option<&Book>,
    on_answer: &(dyn Fn(&Entry, bool) + Sync),
    on_progress: &(dyn Fn(Progress) + Sync),
) -> Vec<(u32, i32)> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let answers: Vec<Mutex<(u32, i32)>> = level.iter().map(|_| Mutex::new((0, 0))).collect();
    std::thread::scope(|s| {
        for solver in solvers {
            s.spawn(|| {
                let mut solver = solver.lock().unwrap_or_else(|e| e.into_inner());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(r) = level.get(i) else { break };
                    let answer = match known.and_then(|b| b.lookup(&r.p)) {
                        Some(answer) => answer,
                        None => {
                            // The walk's positions are unfinished: a column is free.
                            let (column, value) = book_move(&mut solver, &r.p).unwrap_or((0, 0));
                            let entry = Entry {
                                moves: r.moves.clone(),
                                column,
                                value,
                            };
                            on_answer(&entry, false);
                            (column, value)
                        }
                    };
                    *answers[i].lock().unwrap_or_else(|e| e.into_inner()) = answer;
                    let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                    on_progress(Progress {
                        ply,
                        done,
                        total: level.len(),
                    });
                }
            });
        }
    });
    answers
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    fn standard() -> &'static Book {
        Book::standard().expect("the shipped book parses")
    }

    #[test]
    fn the_mirror_swaps_columns() {
        let p = Position::parse("1123").unwrap();
        assert_eq!(p.mirror(), Position::parse("7765").unwrap());
        assert_eq!(p.mirror().mirror(), p);
        assert_ne!(p.key(), p.mirror().key());
        let c = Position::parse("4444").unwrap();
        assert_eq!(c.mirror(), c);
    }

    /// The shipped book holds together: every position the agent can meet is in it, and the
    /// values agree from each position to the next two plies and to the other side's book.
    #[test]
    fn the_standard_book_holds_together() {
        let book = standard();
        assert!(book.plies() >= 7, "{}", book.plies());
        let relations = book.check().unwrap();
        assert!(relations > book.entries().len(), "{relations}");
        // Allis (1988, "A knowledge-based approach of Connect-Four"): the first player wins
        // by the centre column; opening in column 3 or 5 draws, in 1, 2, 6 or 7 loses. The
        // book's entries were computed by the solver (`duel connect book`), not copied.
        assert_eq!(book.lookup(&Position::new()), Some((3, 1)));
        assert_eq!(
            book.lookup(&Position::parse("4").unwrap()).map(|a| a.1),
            Some(-1)
        );
        assert_eq!(
            book.lookup(&Position::parse("3").unwrap()).map(|a| a.1),
            Some(0)
        );
        assert_eq!(
            book.lookup(&Position::parse("2").unwrap()).map(|a| a.1),
            Some(1)
        );
        assert_eq!(
            book.lookup(&Position::parse("6").unwrap()).map(|a| a.1),
            Some(1)
        );
    }

    /// Sampled entries of the last two plies (seconds each at most) are what the solver
    /// computes again.
    #[test]
    fn sampled_entries_are_the_solvers_answers() {
        let book = standard();
        let late: Vec<&Entry> = book
            .entries()
            .iter()
            .filter(|e| e.moves.len() + 2 > book.plies() as usize)
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut solver = Solver::with_table_log_size(22);
        for e in late.choose_multiple(&mut rng, 6) {
            let p = Position::parse(&e.moves).unwrap();
            assert_eq!(
                book_move(&mut solver, &p),
                Some((e.column, e.value)),
                "{}",
                e.moves
            );
        }
        // No free column, no move (play_col fills the board without looking at lines).
        let mut full = Position::new();
        for c in 0..WIDTH as u32 {
            for _ in 0..HEIGHT {
                full.play_col(c);
            }
        }
        assert_eq!(book_move(&mut solver, &full), None);
    }

    /// Building a book with every answer known walks the same positions, in the same order.
    #[test]
    fn generating_walks_the_books_positions() {
        let book = standard();
        let reported = Mutex::new(Vec::new());
        let on_answer = |e: &Entry, known: bool| {
            reported.lock().unwrap().push((e.clone(), known));
        };
        let again = generate(book.plies(), 1, 18, Some(book), &on_answer, &|_| {}).unwrap();
        // Each entry is reported once, as known, before the walk.
        let reported = reported.into_inner().unwrap();
        let known: Vec<(Entry, bool)> = book.entries().iter().map(|e| (e.clone(), true)).collect();
        assert_eq!(reported, known);
        assert_eq!(again.entries(), book.entries());
        assert_eq!(
            Book::parse(&book.to_text()).unwrap().entries(),
            book.entries()
        );
        // A mirrored position is answered with the mirrored column.
        let e = &book.entries()[1];
        let p = Position::parse(&e.moves).unwrap();
        assert_eq!(book.lookup(&p.mirror()), Some((6 - e.column, e.value)));
    }

    /// A build from a book that lacks some positions reports the book's entries first, then
    /// each position it solves, and the two together are the whole book.
    #[test]
    fn generating_reports_the_known_entries_then_the_solved_ones() {
        let book = standard();
        let (kept, missing) = book.entries().split_at(book.entries().len() - 2);
        let known = Book::new(book.plies(), kept.to_vec()).unwrap();
        let reported = Mutex::new(Vec::new());
        let on_answer = |e: &Entry, known: bool| {
            reported.lock().unwrap().push((e.clone(), known));
        };
        let again = generate(book.plies(), 1, 20, Some(&known), &on_answer, &|_| {}).unwrap();
        assert_eq!(again.entries(), book.entries());
        let reported = reported.into_inner().unwrap();
        let (first, last) = reported.split_at(kept.len());
        assert!(first.iter().zip(kept).all(|((e, k), kept)| *k && e == kept));
        let solved: Vec<(Entry, bool)> = missing.iter().map(|e| (e.clone(), false)).collect();
        assert_eq!(last, solved);
    }

    /// The check can fail: a value changed, or a column moved, breaks it.
    #[test]
    fn a_corrupted_book_fails_its_check() {
        let book = standard();
        let won = book
            .entries()
            .iter()
            .position(|e| e.moves.len() == 5 && e.value == 1)
            .unwrap();
        let mut entries = book.entries().to_vec();
        entries[won].value = -1;
        let e = Book::new(book.plies(), entries)
            .unwrap()
            .check()
            .unwrap_err()
            .to_string();
        assert!(e.contains("is worth"), "{e}");
        let mut entries = book.entries().to_vec();
        let e5 = &mut entries[won];
        let p = Position::parse(&e5.moves).unwrap();
        e5.column = free_columns(&p).find(|&c| c != e5.column).unwrap();
        let e = Book::new(book.plies(), entries)
            .unwrap()
            .check()
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("is not in the book") || e.contains("not met"),
            "{e}"
        );
    }

    #[test]
    fn bad_books_are_refused() {
        let cases = [
            ("", "no `plies N`"),
            ("- 4 1\n", "must be `plies N`"),
            ("plies 1\n- 8 1\n", "not a column"),
            ("plies 1\n- 4 2\n", "not 1, 0 or -1"),
            (
                "plies 1\n1 4 1\n7 4 1\n",
                "line 3 ('7 4 1'): the position (or its mirror",
            ),
            ("plies 1\n11 4 1\n", "more than 1 stones"),
            ("plies 6\n111111 1 1\n", "column 1 is not free"),
            ("plies 1\n- 4\n", "MOVES COLUMN VALUE"),
            ("plies x\n", "number of plies"),
            ("plies 3\n19 4 1\n", "column"),
            ("plies 3\n4 x 1\n", "not a column"),
            ("plies 3\n4 4 w\n", "not a value"),
            ("plies 3\nplies 4\n", "MOVES COLUMN VALUE"),
        ];
        for (text, why) in cases {
            let e = Book::parse(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text:?}: {e}");
        }
    }
}
