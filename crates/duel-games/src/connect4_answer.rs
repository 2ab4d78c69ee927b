//! The answers of the `duel connect` commands: the score of a position, the scores of a
//! benchmark file checked against the published ones, the opening book.
//!
//! ```
//! use duel_games::connect4::Solver;
//! use duel_games::connect4_answer::solve_position;
//!
//! // Three in a row on the bottom: the side to move wins at column 4, with 6 of its stones
//! // played: score 22 - 4 = 18.
//! let mut solver = Solver::with_table_log_size(20);
//! let a = solve_position(&mut solver, "112233", false)?;
//! assert_eq!((a.score, a.best.clone()), (18, vec![4]));
//! # Ok::<(), duel_core::game::GameError>(())
//! ```

use std::path::Path;
use std::time::Instant;

use duel_core::game::GameError;
use duel_core::input::{read_text, Bounds, ReadError};
use serde::Serialize;
use thiserror::Error;

use crate::connect4::{parse_test_file, solve_cases_with, FileResult, Position, Solver};
use crate::connect4_book::{generate, Book, Progress};

/// The most plies of an opening book: the positions grow about sevenfold every two plies.
pub const MAX_BOOK_PLIES: u32 = 12;

/// The size of each thread's table when building a book: 2^23 entries
/// ([`Solver::table_bytes_for`] gives its bytes).
pub const BOOK_TABLE_LOG: u32 = 23;

/// The most a file of positions (`connect solve --file`) or a book (`connect book
/// --extend`) may hold: a line of 4 KiB (a position has at most 42 moves) and 256 MiB in all
/// (the book of 12 plies takes a few MiB).
pub const FILE_BOUNDS: Bounds = Bounds {
    max_line_bytes: 4 << 10,
    max_file_bytes: 256 << 20,
};

/// Why a `duel connect` command has no answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ConnectError {
    /// A bad position or line.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A file (a benchmark file or a book) that cannot be read as one.
    #[error("{file}: {error}")]
    File {
        /// The file, as the user named it.
        file: String,
        /// What is wrong in it.
        error: GameError,
    },
    /// A benchmark file without a position.
    #[error("{0} holds no position")]
    Empty(String),
    /// A file that cannot be read.
    #[error("cannot read {file}: {why}")]
    Read {
        /// The file, as the user named it.
        file: String,
        /// The system's reason.
        why: String,
    },
    /// A file past [`FILE_BOUNDS`] or not text.
    #[error(transparent)]
    Bounds(ReadError),
    /// The book of `--out` cannot be written.
    #[error("cannot write {file}: {why}")]
    Write {
        /// The file, as the user named it.
        file: String,
        /// The system's reason.
        why: String,
    },
    /// More plies than [`MAX_BOOK_PLIES`].
    #[error("--plies {0} is too many: at most {MAX_BOOK_PLIES} (the positions grow about sevenfold every two plies)")]
    TooManyPlies(u32),
}

impl From<ReadError> for ConnectError {
    fn from(e: ReadError) -> Self {
        match e {
            ReadError::Io { file, why } => ConnectError::Read { file, why },
            e => ConnectError::Bounds(e),
        }
    }
}

/// The text of a file of positions or a book, read within [`FILE_BOUNDS`].
pub fn read_file(path: &Path) -> Result<String, ConnectError> {
    Ok(read_text(path, FILE_BOUNDS)?)
}

/// The answer of `duel connect solve MOVES`: one solved position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionAnswer {
    /// The moves, as given (trimmed).
    pub position: String,
    /// The score for the side to move (positive: it wins, 22 minus its stone count at the
    /// winning move; 0: draw; negative: it loses); weakly only 1, 0 or −1.
    pub score: i32,
    /// The best columns (1–7).
    pub best: Vec<u32>,
    /// Positions explored.
    pub nodes: u64,
    /// Time taken.
    pub millis: f64,
}

/// `duel connect solve MOVES`: solves `moves` (exactly, or with `weak` only its sign) and
/// finds the columns that keep it.
pub fn solve_position(
    solver: &mut Solver,
    moves: &str,
    weak: bool,
) -> Result<PositionAnswer, GameError> {
    let start = Instant::now();
    let p = Position::parse(moves)?;
    let (solved, best) = if weak {
        let solved = solver.solve_weak(&p);
        let best = solver.weak_columns(&p, solved.score);
        (solved, best)
    } else {
        let solved = solver.solve(&p);
        let best = solver.best_columns(&p, solved.score);
        (solved, best)
    };
    Ok(PositionAnswer {
        position: moves.trim().to_string(),
        score: solved.score,
        best: best.into_iter().map(|c| c + 1).collect(),
        nodes: solved.nodes,
        millis: start.elapsed().as_secs_f64() * 1000.0,
    })
}

/// `duel connect solve --file`: solves every line `MOVES [SCORE]` of `text` (the file
/// `file`, named in errors) and compares with SCORE (by sign with `weak`).
/// `progress(done, total)` is called after each position.
pub fn solve_file(
    solver: &mut Solver,
    file: &str,
    text: &str,
    weak: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<FileResult, ConnectError> {
    let cases = parse_test_file(text).map_err(|error| ConnectError::File {
        file: file.to_string(),
        error,
    })?;
    if cases.is_empty() {
        return Err(ConnectError::Empty(file.to_string()));
    }
    let total = cases.len() as u64;
    Ok(solve_cases_with(solver, &cases, weak, |i| {
        progress(i as u64, total)
    })?)
}

/// `duel connect book`: the opening book of every position within `plies` stones, solved on
/// `threads` threads with a table of 2^[`BOOK_TABLE_LOG`] entries each; `extend` is a book
/// file whose answers are taken as they are (read after `plies` is checked, within
/// [`FILE_BOUNDS`]). `on_progress` is
/// called as the positions of each ply are solved.
pub fn book(
    plies: u32,
    extend: Option<&Path>,
    threads: usize,
    on_progress: &(dyn Fn(Progress) + Sync),
) -> Result<Book, ConnectError> {
    if plies > MAX_BOOK_PLIES {
        return Err(ConnectError::TooManyPlies(plies));
    }
    let known = match extend {
        Some(path) => {
            let file = path.display().to_string();
            let text = read_file(path)?;
            Some(Book::parse(&text).map_err(|error| ConnectError::File { file, error })?)
        }
        None => None,
    };
    Ok(generate(
        plies,
        threads,
        BOOK_TABLE_LOG,
        known.as_ref(),
        on_progress,
    )?)
}

/// The file of `duel connect book --out`, opened before the book is built so that a path
/// that cannot be written fails at once; the book is written into it when built
/// ([`BookFile::write`]). A file it created and did not write is removed when it is dropped
/// (the build failed); a file that existed is left as it was until then.
#[derive(Debug)]
pub struct BookFile {
    file: std::fs::File,
    path: std::path::PathBuf,
    created: bool,
    written: bool,
}

impl BookFile {
    /// Opens `path` for writing, creating it if missing.
    pub fn open(path: &Path) -> Result<BookFile, ConnectError> {
        let created = !path.exists();
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| write_error(path, e))?;
        Ok(BookFile {
            file,
            path: path.to_path_buf(),
            created,
            written: false,
        })
    }

    /// Replaces the file's contents with `book`'s text.
    pub fn write(mut self, book: &Book) -> Result<(), ConnectError> {
        use std::io::Write;
        self.written = true;
        let text = book.to_text();
        self.file
            .set_len(0)
            .and_then(|()| self.file.write_all(text.as_bytes()))
            .and_then(|()| self.file.flush())
            .map_err(|e| write_error(&self.path, e))
    }
}

impl Drop for BookFile {
    fn drop(&mut self) {
        if self.created && !self.written {
            // Best effort: the error that ended the build is the one to report.
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

fn write_error(path: &Path, e: std::io::Error) -> ConnectError {
    ConnectError::Write {
        file: path.display().to_string(),
        why: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_position_with_its_best_columns() {
        let mut s = Solver::with_table_log_size(20);
        // First line of Test_L3_R1.
        let a = solve_position(&mut s, "2252576253462244111563365343671351441", false).unwrap();
        assert_eq!(a.score, -1);
        assert!(!a.best.is_empty());
        // Three in a row on the bottom: the winning column is 4, score (43 - 6)/2 = 18.
        let a = solve_position(&mut s, "112233", false).unwrap();
        assert_eq!(a.score, 18);
        assert_eq!(a.best, vec![4]);
        // Weakly: a win, which column 4 keeps.
        let w = solve_position(&mut s, "112233", true).unwrap();
        assert_eq!(w.score, 1);
        assert!(w.best.contains(&4), "{:?}", w.best);
        let v = serde_json::to_value(&a).unwrap();
        for field in ["position", "score", "best", "nodes", "millis"] {
            assert!(v.get(field).is_some(), "{field}");
        }
        for weak in [false, true] {
            assert!(solve_position(&mut s, "8", weak).is_err());
            assert!(solve_position(&mut s, "1111111", weak).is_err());
            assert!(solve_position(&mut s, "1212121", weak).is_err());
        }
    }

    #[test]
    fn solves_a_file_and_names_it_in_errors() {
        let mut s = Solver::with_table_log_size(20);
        let mut seen = Vec::new();
        let text = "112233 18\n2252576253462244111563365343671351441 -1\n";
        let r = solve_file(&mut s, "two", text, false, &mut |done, total| {
            seen.push((done, total))
        })
        .unwrap();
        assert_eq!((r.positions, r.correct, r.incorrect), (2, 2, 0));
        assert_eq!(seen.last(), Some(&(2, 2)));
        assert_eq!(
            solve_file(&mut s, "empty", "", false, &mut |_, _| ()),
            Err(ConnectError::Empty("empty".into()))
        );
        let e = solve_file(&mut s, "bad", "12x 3\n", false, &mut |_, _| ()).unwrap_err();
        assert!(e.to_string().starts_with("bad: "), "{e}");
        assert_eq!(
            book(13, None, 1, &|_| ()).unwrap_err(),
            ConnectError::TooManyPlies(13)
        );
    }

    #[cfg(unix)]
    #[test]
    fn endless_files_are_refused_with_the_bound() {
        let e = read_file(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/dev/zero:1: a line longer than 4.0 KiB: not a file of text lines"
        );
        let e = book(3, Some(Path::new("/dev/zero")), 1, &|_| ()).unwrap_err();
        assert!(matches!(e, ConnectError::Bounds(_)), "{e}");
    }

    #[test]
    fn a_book_file_is_checked_first_and_removed_if_never_written() {
        let dir = std::env::temp_dir().join(format!("duel-book-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = BookFile::open(&dir.join("missing").join("book.txt")).unwrap_err();
        assert!(matches!(e, ConnectError::Write { .. }), "{e}");
        let path = dir.join("book.txt");
        drop(BookFile::open(&path).unwrap());
        assert!(!path.exists(), "an unwritten new file is removed");
        std::fs::write(&path, "old").unwrap();
        drop(BookFile::open(&path).unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        let b = Book::standard().unwrap();
        BookFile::open(&path).unwrap().write(b).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), b.to_text());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
