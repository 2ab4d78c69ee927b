//! A book of exact scores: the score of every position of a Connect Four board within its
//! first plies, one of each mirror pair, which the solver's search looks up instead of
//! searching (as Pascal Pons's solver does with its book). Early positions are the costly
//! ones (a position of 4 stones on 7×6 takes about 9 s to solve exactly); with every
//! position of 4 stones known, a root of 4 stones or fewer is answered at once, the empty
//! board included. The book is built by [`super::score_book_build`]
//! (`duel connect book --exact`), and the one of 7×6 is embedded ([`ScoreBook::standard`]).
//!
//! The text: `game connect:WxH:4`, `plies N`, then one line per position, `MOVES SCORE`:
//! the column digits played from the empty board (`-` for the empty board) and the exact
//! score for the side to move (see [`super`]); `#` starts a comment line.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use super::bits::Bits;
use super::board::ShapeBoard;
use super::shape::{Fixed, Shape};
use duel_core::game::GameError;
use thiserror::Error;

/// The book of 7×6 shipped with duel.
const STANDARD: &str = include_str!("../../data/connect4-7x6-scores.txt");

/// Exact scores of the positions of a W×H board within [`ScoreBook::plies`] stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreBook {
    width: u32,
    height: u32,
    plies: u32,
    /// The moves of each position, as inserted, and its score.
    entries: Vec<(String, i32)>,
    /// The score of each position by its canonical key (the smaller of its key and its
    /// mirror image's).
    index: HashMap<u128, i32>,
}

/// Why a position cannot go into a book of scores ([`ScoreBook::insert`]), or where a book
/// disagrees with itself ([`ScoreBook::check`]); positions are named by their moves (`-`
/// for the empty board).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ScoreBookError {
    /// The book is of another board than the one asked for.
    #[error("the book is of {book_width}x{book_height}, not {width}x{height}")]
    OtherBoard {
        /// The book's columns.
        book_width: u32,
        /// The book's rows.
        book_height: u32,
        /// The columns asked for.
        width: usize,
        /// The rows asked for.
        height: usize,
    },
    /// The moves are not an unfinished position of the board.
    #[error("{0}")]
    Moves(GameError),
    /// The position has more stones than the book holds (its plies).
    #[error("more than {0} stones")]
    TooManyStones(u32),
    /// The score is not one of a position of that many stones.
    #[error("score {score} is outside {lo}..{hi}, the scores of a position of {stones} stones")]
    ScoreOutOfRange {
        /// The score given.
        score: i32,
        /// The lowest score of the position.
        lo: i32,
        /// The highest.
        hi: i32,
        /// The position's stones.
        stones: i32,
    },
    /// The position, or its mirror image, is in the book already.
    #[error("the position (or its mirror image) repeats")]
    Repeated,
    /// A position within the book's plies is not in it.
    #[error("the position '{0}' is not in the book")]
    Missing(String),
    /// A position's score is not the best over its columns.
    #[error("'{moves}' has score {score} in the book, but its columns give {best}")]
    NotTheBest {
        /// The position.
        moves: String,
        /// Its score in the book.
        score: i32,
        /// The best over its columns.
        best: i32,
    },
    /// The book holds another number of positions than the board has within its plies.
    #[error("the book has {positions} positions, the board {reached} within {plies} stones")]
    Count {
        /// The book's positions.
        positions: usize,
        /// The board's unfinished positions within `plies` stones, one of each mirror pair.
        reached: usize,
        /// The book's plies.
        plies: u32,
    },
}

/// The error of line `line`, `text`.
fn bad(line: usize, text: &str, why: impl Into<String>) -> GameError {
    GameError::BadLine {
        line,
        text: text.to_string(),
        why: why.into(),
    }
}

/// The key shared by `p` and its mirror image.
pub(crate) fn canonical_key<S: Shape>(p: &ShapeBoard<S>) -> u128 {
    p.key().min(p.mirror_key()).to_u128()
}

impl ScoreBook {
    /// An empty book of the board `width`×`height` for positions of at most `plies` stones.
    pub fn new(width: u32, height: u32, plies: u32) -> ScoreBook {
        ScoreBook {
            width,
            height,
            plies,
            entries: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// The book shipped with duel, of 7×6; `None` only if its text were broken (a test
    /// reads it).
    pub fn standard() -> Option<Arc<ScoreBook>> {
        static BOOK: OnceLock<Option<Arc<ScoreBook>>> = OnceLock::new();
        BOOK.get_or_init(|| ScoreBook::parse::<7, 6, u64>(STANDARD).ok().map(Arc::new))
            .clone()
    }

    /// The board's columns and rows.
    pub fn board(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The most stones of a position in the book.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The positions (their moves from the empty board) and scores, as inserted.
    pub fn entries(&self) -> &[(String, i32)] {
        &self.entries
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether this is a book of the board `width`×`height`.
    pub fn fits(&self, width: u32, height: u32) -> bool {
        (self.width, self.height) == (width, height)
    }

    /// The stones of a position written `moves` (digits, or numbers separated by commas).
    pub fn stones(moves: &str) -> u32 {
        if moves.contains(',') {
            moves.split(',').count() as u32
        } else {
            moves.trim().chars().count() as u32
        }
    }

    /// [`ScoreBook::fits`] the board of `shape`, as an error naming both boards.
    fn check_board<S: Shape>(&self, shape: S) -> Result<(), ScoreBookError> {
        if self.fits(shape.width(), shape.height()) {
            Ok(())
        } else {
            Err(ScoreBookError::OtherBoard {
                book_width: self.width,
                book_height: self.height,
                width: shape.width() as usize,
                height: shape.height() as usize,
            })
        }
    }

    /// The score of the position of canonical key `key` ([`canonical_key`]), if in the
    /// book.
    #[inline]
    pub(crate) fn score_of(&self, key: u128) -> Option<i32> {
        self.index.get(&key).copied()
    }

    /// The score of `p` (or of its mirror image), if in the book; `None` also for a book of
    /// another board.
    pub fn score<S: Shape>(&self, p: &ShapeBoard<S>) -> Option<i32> {
        if !self.fits(p.shape().width(), p.shape().height()) || p.moves_played() > self.plies {
            return None;
        }
        self.score_of(canonical_key(p))
    }

    /// Adds the position after `moves` with `score`; an error when the moves are not an
    /// unfinished position of the board, have more than [`ScoreBook::plies`] stones, the
    /// score is out of the position's range or the position (or its mirror image) is
    /// already in the book.
    pub fn insert_on<S: Shape>(
        &mut self,
        shape: S,
        moves: &str,
        score: i32,
    ) -> Result<(), ScoreBookError> {
        self.check_board(shape)?;
        let p = ShapeBoard::parse_on(shape, moves).map_err(ScoreBookError::Moves)?;
        let n = p.moves_played() as i32;
        if n as u32 > self.plies {
            return Err(ScoreBookError::TooManyStones(self.plies));
        }
        let cells = shape.cells();
        let (lo, hi) = (-(cells - n) / 2, (cells + 1 - n) / 2);
        if !(lo..=hi).contains(&score) {
            return Err(ScoreBookError::ScoreOutOfRange {
                score,
                lo,
                hi,
                stones: n,
            });
        }
        let key = canonical_key(&p);
        if self.index.contains_key(&key) {
            return Err(ScoreBookError::Repeated);
        }
        self.index.insert(key, score);
        self.entries.push((moves.trim().to_string(), score));
        Ok(())
    }

    /// The board `(columns, rows)` named by a book's `game` line, without reading the rest.
    pub fn board_of(text: &str) -> Result<(u32, u32), GameError> {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = || bad(i + 1, line, "the first line must be `game connect:WxH:4`");
            let game = line.strip_prefix("game ").ok_or_else(err)?.trim();
            let size = game
                .strip_prefix("connect:")
                .and_then(|s| s.strip_suffix(":4"))
                .ok_or_else(err)?;
            let (w, h) = size.split_once('x').ok_or_else(err)?;
            return match (w.parse(), h.parse()) {
                (Ok(w), Ok(h)) => Ok((w, h)),
                _ => Err(err()),
            };
        }
        Err(bad(1, "", "no `game connect:WxH:4` line"))
    }

    /// Reads a book of the board W×H from its text (see the module documentation); an error
    /// names the line.
    pub fn parse<const W: usize, const H: usize, B: Bits>(
        text: &str,
    ) -> Result<ScoreBook, GameError> {
        Self::parse_on(Fixed::<W, H, B>::default(), text)
    }

    /// [`ScoreBook::parse`] on the board of `shape`.
    pub fn parse_on<S: Shape>(shape: S, text: &str) -> Result<ScoreBook, GameError> {
        let (w, h) = Self::board_of(text)?;
        let (width, height) = (shape.width(), shape.height());
        if (w, h) != (width, height) {
            return Err(bad(
                1,
                "",
                format!("a book of {w}x{h}, not of {width}x{height}"),
            ));
        }
        let mut book: Option<ScoreBook> = None;
        let mut seen_game = false;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |why: String| bad(i + 1, line, why);
            if !seen_game {
                seen_game = true;
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            match (&fields[..], book.as_mut()) {
                (&["plies", n], None) => {
                    let plies = n
                        .parse()
                        .ok()
                        .filter(|&p: &u32| p <= width * height)
                        .ok_or_else(|| err(format!("'{n}' is not a number of plies")))?;
                    book = Some(ScoreBook::new(w, h, plies));
                }
                (_, None) => return Err(err("the second line must be `plies N`".to_string())),
                (&[moves, score], Some(b)) => {
                    let score = score
                        .parse()
                        .map_err(|_| err(format!("'{score}' is not a score")))?;
                    let moves = if moves == "-" { "" } else { moves };
                    b.insert_on(shape, moves, score)
                        .map_err(|e| err(e.to_string()))?;
                }
                _ => return Err(err("not `MOVES SCORE`".to_string())),
            }
        }
        book.ok_or_else(|| bad(1, "", "no `plies N` line"))
    }

    /// The book's header, as [`ScoreBook::to_text`] begins.
    pub fn header(&self) -> String {
        format!(
            "# Connect Four {w}x{h} book of exact scores of duel, made by \
             `duel connect book --exact --plies {p}`.\n\
             # Each line: MOVES (columns from the empty board, - for none) and the exact\n\
             # SCORE for the side to move.\n\
             game connect:{w}x{h}:4\nplies {p}\n",
            w = self.width,
            h = self.height,
            p = self.plies
        )
    }

    /// One position's line of the text.
    pub fn line(moves: &str, score: i32) -> String {
        let moves = if moves.is_empty() { "-" } else { moves };
        format!("{moves} {score}\n")
    }

    /// The book as text, positions by stones then moves; [`ScoreBook::parse`] reads it back.
    pub fn to_text(&self) -> String {
        let mut entries: Vec<&(String, i32)> = self.entries.iter().collect();
        entries.sort_by(|a, b| (a.0.len(), &a.0).cmp(&(b.0.len(), &b.0)));
        let mut s = self.header();
        for (moves, score) in entries {
            s.push_str(&Self::line(moves, *score));
        }
        s
    }

    /// Checks the book as a whole without solving, and returns the number of positions
    /// checked against their children: every unfinished position within
    /// [`ScoreBook::plies`] stones is in the book (one of each mirror pair), and the score
    /// of each of fewer stones is the best over its columns (a win at once scoring as a win
    /// now, a full board 0, any other column the opposite of its child's score).
    pub fn check<const W: usize, const H: usize, B: Bits>(&self) -> Result<usize, ScoreBookError> {
        self.check_on(Fixed::<W, H, B>::default())
    }

    /// [`ScoreBook::check`] on the board of `shape`.
    pub fn check_on<S: Shape>(&self, shape: S) -> Result<usize, ScoreBookError> {
        self.check_board(shape)?;
        let cells = shape.cells();
        let mut checked = 0;
        let mut level = vec![(String::new(), ShapeBoard::empty(shape))];
        let mut reached = 0;
        for ply in 0..=self.plies {
            reached += level.len();
            let mut next = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for (moves, p) in &level {
                let name = if moves.is_empty() { "-" } else { moves };
                let score = self
                    .score(p)
                    .ok_or_else(|| ScoreBookError::Missing(name.to_string()))?;
                let mut best = i32::MIN;
                let mut all_known = true;
                for col in 0..shape.width() {
                    if !p.can_play(col) {
                        continue;
                    }
                    if p.is_winning_move(col) {
                        best = best.max((cells + 1 - ply as i32) / 2);
                        continue;
                    }
                    let mut child = *p;
                    child.play_col(col);
                    if child.moves_played() as i32 == cells {
                        best = best.max(0);
                        continue;
                    }
                    let child_moves = p.push_move(moves, col);
                    if ply < self.plies {
                        match self.score(&child) {
                            Some(s) => best = best.max(-s),
                            None => all_known = false,
                        }
                        if seen.insert(canonical_key(&child)) {
                            next.push((child_moves, child));
                        }
                    } else {
                        all_known = false;
                    }
                }
                if all_known {
                    checked += 1;
                    if best != score {
                        return Err(ScoreBookError::NotTheBest {
                            moves: name.to_string(),
                            score,
                            best,
                        });
                    }
                }
            }
            level = next;
        }
        if reached != self.len() {
            return Err(ScoreBookError::Count {
                positions: self.len(),
                reached,
                plies: self.plies,
            });
        }
        Ok(checked)
    }
}
