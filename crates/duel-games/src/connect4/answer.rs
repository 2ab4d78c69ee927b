//! The answers of the `duel connect` commands: the score of a position, the scores of a
//! benchmark file checked against the published ones, the opening book.
//!
//! ```
//! use duel_games::connect4::Solver;
//! use duel_games::connect4::answer::solve_position;
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

use super::bench_file::{parse_test_file_numbered, solve_cases_on, FileResult};
use super::board::ShapeBoard;
use super::move_book::{generate, Book, Entry, Progress};
use super::score_book::ScoreBook;
use super::score_book_build::{self as score_build, build_on as build_scores};
use super::shape::Shape;
use super::sizes::{with_board_size, SizeVisitor, BOARD_SIZES};
use super::solver::{ShapeSolver, TableError, DEFAULT_TABLE_BYTES};
use crate::spec::{parse_game, AnyGame};

/// The most plies of an opening book: the positions grow about sevenfold every two plies.
pub const MAX_BOOK_PLIES: u32 = super::move_book::MAX_PLIES;

/// The most plies of a book of exact scores: each ply costs several times the one before
/// (4 plies of 7×6, 750 positions: about 45 minutes on 2 cores).
pub const MAX_EXACT_PLIES: u32 = 8;

/// Each thread's table when building a book of exact scores, unless `--memory` says
/// otherwise: 64 MiB.
pub const EXACT_BOOK_TABLE_BYTES: u64 = 64 << 20;

/// The size of each thread's table when building a book: 2^23 entries
/// ([`Solver::table_bytes_for`](super::Solver::table_bytes_for) gives its bytes).
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
    /// A game the solver does not take.
    #[error(
        "{game}: the Connect Four solver takes connect:WxH:4 with {}",
        BOARD_SIZES
    )]
    Size {
        /// The game, as the user named it.
        game: String,
    },
    /// A `--memory` that is not a size.
    #[error("--memory {0}: not a size; write bytes with K, M or G (e.g. 64M, 1G)")]
    BadMemory(String),
    /// A table too small for the board or larger than the machine has.
    #[error("--memory: {0}")]
    Table(TableError),
    /// An analysis that passed its deadline ([`analyze_within`]).
    #[error("the analysis passed its time limit after {nodes} positions")]
    TimeUp {
        /// Positions explored until then.
        nodes: u64,
    },
    /// More plies than [`MAX_BOOK_PLIES`].
    #[error("--plies {0} is too many: at most {MAX_BOOK_PLIES} (the positions grow about sevenfold every two plies)")]
    TooManyPlies(u32),
    /// More plies than [`MAX_EXACT_PLIES`].
    #[error("--plies {0} is too many for --exact: at most {MAX_EXACT_PLIES} (each ply costs several times the one before; 4 plies of 7x6 take about 45 minutes on 2 cores)")]
    TooManyExactPlies(u32),
}

impl From<TableError> for ConnectError {
    fn from(e: TableError) -> Self {
        ConnectError::Table(e)
    }
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

/// How the solver of `duel connect solve|analyze` is built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverOptions {
    /// The game, `connect:WxH:4` (see [`ConnectError::Size`]).
    pub game: String,
    /// The table's bytes (rounded down to a power of two of 16-byte buckets); `None`: the
    /// larger of [`DEFAULT_TABLE_BYTES`] and the board's least.
    pub memory: Option<u64>,
    /// Threads: over the shared table, the root's children of one position and
    /// `analyze`'s columns shared out among them ([`BoardSolver::with_threads`]); for a
    /// file, one solver and table each.
    pub threads: usize,
    /// Whether the positions of the shipped book of exact scores ([`ScoreBook::standard`],
    /// 7×6) are answered from it rather than searched.
    pub book: bool,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            game: "connect:7x6:4".to_string(),
            memory: None,
            threads: 1,
            book: true,
        }
    }
}

/// The bytes of `--memory SIZE`: a whole number of bytes, or with K, M, G or T (powers of
/// 1024, an optional `B` or `iB` after it).
pub fn parse_memory(text: &str) -> Result<u64, ConnectError> {
    let bad = || ConnectError::BadMemory(text.to_string());
    let t = text.trim();
    let t = t
        .strip_suffix("iB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(t);
    let (digits, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(bad()),
            };
            (&t[..i], shift)
        }
        _ => (t, 0),
    };
    let n: u64 = digits.trim().parse().map_err(|_| bad())?;
    n.checked_mul(1u64 << shift).ok_or_else(bad)
}

/// The columns and rows of `game`, a `connect:WxH:4` the solver takes.
pub fn board_size(game: &str) -> Result<(u32, u32), ConnectError> {
    let size = |game: &AnyGame| match game {
        AnyGame::Connect64(c) => Some(c.rules()),
        AnyGame::Connect128(c) => Some(c.rules()),
        AnyGame::Connect256(c) => Some(c.rules()),
        _ => None,
    };
    let rules = parse_game(game)?;
    match size(&rules) {
        Some(r) if r.k() == 4 && !r.misere() => {
            let (w, h) = (r.width(), r.height());
            if with_board_size(w, h, Fits).is_some() {
                return Ok((w, h));
            }
            Err(ConnectError::Size {
                game: game.to_string(),
            })
        }
        _ => Err(ConnectError::Size {
            game: game.to_string(),
        }),
    }
}

struct Fits;
impl SizeVisitor for Fits {
    type Output = ();
    fn visit<S: Shape>(self, _: S) {}
}

/// The solver of `options`, refused where its table is too small or too large.
fn build_solver<S: Shape>(
    shape: S,
    options: &SolverOptions,
) -> Result<ShapeSolver<S>, ConnectError> {
    let bytes = options
        .memory
        .unwrap_or(DEFAULT_TABLE_BYTES.max(ShapeSolver::min_table_bytes_on(shape)));
    Ok(ShapeSolver::try_with_table_bytes_on(shape, bytes)?
        .with_threads(options.threads)
        .with_book(options.book.then(ScoreBook::standard).flatten()))
}

/// `duel connect book --exact`: the book of exact scores of every position of
/// `options.game` within `plies` stones ([`build_scores`]), on `options.threads` threads,
/// each with a table of `options.memory` (default [`EXACT_BOOK_TABLE_BYTES`]); `extend` is
/// a book of this board, its file's name and text (complete or not: an interrupted build's
/// file, [`read_file`]), whose scores are taken as they are. `on_solved` is called with each position as it is solved,
/// `on_progress` as each ply advances.
pub fn exact_book(
    options: &SolverOptions,
    plies: u32,
    extend: Option<(&str, &str)>,
    on_solved: &(dyn Fn(&score_build::Solved) + Sync),
    on_progress: &(dyn Fn(score_build::Progress) + Sync),
) -> Result<ScoreBook, ConnectError> {
    if plies > MAX_EXACT_PLIES {
        return Err(ConnectError::TooManyExactPlies(plies));
    }
    struct Build<'a> {
        options: &'a SolverOptions,
        plies: u32,
        extend: Option<(&'a str, &'a str)>,
        on_solved: &'a (dyn Fn(&score_build::Solved) + Sync),
        on_progress: &'a (dyn Fn(score_build::Progress) + Sync),
    }
    impl SizeVisitor for Build<'_> {
        type Output = Result<ScoreBook, ConnectError>;
        fn visit<S: Shape>(self, shape: S) -> Self::Output {
            let known = match self.extend {
                Some((file, text)) => {
                    Some(
                        ScoreBook::parse_on(shape, text).map_err(|error| ConnectError::File {
                            file: file.to_string(),
                            error,
                        })?,
                    )
                }
                None => None,
            };
            let bytes = self
                .options
                .memory
                .unwrap_or(EXACT_BOOK_TABLE_BYTES.max(ShapeSolver::min_table_bytes_on(shape)));
            Ok(build_scores(
                shape,
                self.plies,
                self.options.threads,
                bytes,
                known.as_ref(),
                self.on_solved,
                self.on_progress,
            )?)
        }
    }
    let (w, h) = board_size(&options.game)?;
    let build = Build {
        options,
        plies,
        extend,
        on_solved,
        on_progress,
    };
    with_board_size(w, h, build).ok_or(ConnectError::Size {
        game: options.game.clone(),
    })?
}

/// `duel connect solve MOVES [--game G]`: [`solve_position`] on the board of
/// `options.game`, with a solver built for it (its table allocated before the clock starts).
pub fn solve_on(
    options: &SolverOptions,
    moves: &str,
    weak: bool,
) -> Result<PositionAnswer, ConnectError> {
    struct Solve<'a>(&'a SolverOptions, &'a str, bool);
    impl SizeVisitor for Solve<'_> {
        type Output = Result<PositionAnswer, ConnectError>;
        fn visit<S: Shape>(self, shape: S) -> Self::Output {
            let mut solver = build_solver(shape, self.0)?;
            Ok(solve_position(&mut solver, self.1, self.2)?)
        }
    }
    let (w, h) = board_size(&options.game)?;
    with_board_size(w, h, Solve(options, moves, weak)).ok_or(ConnectError::Size {
        game: options.game.clone(),
    })?
}

/// The answer of `duel connect analyze MOVES`: the exact score of every column.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalyzeAnswer {
    /// The game, `connect:WxH:4`.
    pub game: String,
    /// The moves, as given (trimmed).
    pub position: String,
    /// For each column from the left, the score of playing it for the side to move (the
    /// opposite of the score of the position it leads to; a winning move scores as a win
    /// at this move); `None` for a full column.
    pub scores: Vec<Option<i32>>,
    /// The columns (1–W) of the highest score.
    pub best: Vec<u32>,
    /// Positions explored.
    pub nodes: u64,
    /// Time taken.
    pub millis: f64,
}

/// `duel connect analyze MOVES`: the score of every column of `moves`, each child solved
/// exactly ([`BoardSolver::column_scores`]).
pub fn analyze_on(options: &SolverOptions, moves: &str) -> Result<AnalyzeAnswer, ConnectError> {
    analyze_within(options, moves, None)
}

/// [`analyze_on`] until `deadline`: [`ConnectError::TimeUp`] when it comes first (the
/// search stops there). The table is allocated before the position is parsed.
pub fn analyze_within(
    options: &SolverOptions,
    moves: &str,
    deadline: Option<Instant>,
) -> Result<AnalyzeAnswer, ConnectError> {
    struct Analyze<'a>(&'a SolverOptions, &'a str, Option<Instant>);
    impl SizeVisitor for Analyze<'_> {
        type Output = Result<AnalyzeAnswer, ConnectError>;
        fn visit<S: Shape>(self, shape: S) -> Self::Output {
            let mut solver = build_solver(shape, self.0)?;
            analyze_until(&mut solver, &self.0.game, self.1, self.2)
        }
    }
    let (w, h) = board_size(&options.game)?;
    with_board_size(w, h, Analyze(options, moves, deadline)).ok_or(ConnectError::Size {
        game: options.game.clone(),
    })?
}

/// [`analyze_on`] with a given solver; `game` names its board in the answer.
pub fn analyze<S: Shape>(
    solver: &mut ShapeSolver<S>,
    game: &str,
    moves: &str,
) -> Result<AnalyzeAnswer, GameError> {
    let start = Instant::now();
    let p = ShapeBoard::parse_on(solver.shape(), moves)?;
    let (scores, nodes) = solver.column_scores(&p);
    Ok(analyze_answer(game, moves, scores, nodes, start))
}

fn analyze_until<S: Shape>(
    solver: &mut ShapeSolver<S>,
    game: &str,
    moves: &str,
    deadline: Option<Instant>,
) -> Result<AnalyzeAnswer, ConnectError> {
    let start = Instant::now();
    let p = ShapeBoard::parse_on(solver.shape(), moves)?;
    let (scores, nodes) = solver
        .try_column_scores(&p, deadline)
        .map_err(|stop| ConnectError::TimeUp { nodes: stop.nodes })?;
    Ok(analyze_answer(game, moves, scores, nodes, start))
}

/// The answer of [`analyze_columns_within`]: the columns solved by the deadline.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColumnsAnswer {
    /// The analysis: `scores` `None` also for the columns of `unfinished`, `best` empty
    /// unless every column is solved.
    pub analysis: AnalyzeAnswer,
    /// The columns (1–W) not solved by the deadline, from the left.
    pub unfinished: Vec<u32>,
}

/// [`analyze_on`] until `deadline`, keeping the score of each column solved by then (the
/// columns are solved one after another, centre first, over one table).
///
/// ```
/// use std::time::{Duration, Instant};
/// use duel_games::connect4::answer::{analyze_columns_within, analyze_on, SolverOptions};
///
/// let options = SolverOptions::default();
/// // Eight stones: well within a minute every column is solved, as `analyze_on` scores it.
/// let c = analyze_columns_within(&options, "32164625", Some(Instant::now() + Duration::from_secs(60)))?;
/// assert!(c.unfinished.is_empty());
/// assert_eq!(c.analysis.scores, analyze_on(&options, "32164625")?.scores);
/// // Four stones with no time at all: no column solved, no best column.
/// let c = analyze_columns_within(&options, "4444", Some(Instant::now()))?;
/// assert_eq!(c.unfinished, vec![1, 2, 3, 4, 5, 6, 7]);
/// assert!(c.analysis.scores.iter().all(Option::is_none) && c.analysis.best.is_empty());
/// # Ok::<(), duel_games::connect4::answer::ConnectError>(())
/// ```
pub fn analyze_columns_within(
    options: &SolverOptions,
    moves: &str,
    deadline: Option<Instant>,
) -> Result<ColumnsAnswer, ConnectError> {
    struct Columns<'a>(&'a SolverOptions, &'a str, Option<Instant>);
    impl SizeVisitor for Columns<'_> {
        type Output = Result<ColumnsAnswer, ConnectError>;
        fn visit<S: Shape>(self, shape: S) -> Self::Output {
            let mut solver = build_solver(shape, self.0)?;
            let start = Instant::now();
            let p = ShapeBoard::parse_on(solver.shape(), self.1)?;
            let (scores, unfinished, nodes) = solver.column_scores_until(&p, self.2);
            let mut analysis = analyze_answer(&self.0.game, self.1, scores, nodes, start);
            if !unfinished.is_empty() {
                analysis.best.clear();
            }
            let unfinished = unfinished.into_iter().map(|c| c + 1).collect();
            Ok(ColumnsAnswer {
                analysis,
                unfinished,
            })
        }
    }
    let (w, h) = board_size(&options.game)?;
    with_board_size(w, h, Columns(options, moves, deadline)).ok_or(ConnectError::Size {
        game: options.game.clone(),
    })?
}

fn analyze_answer(
    game: &str,
    moves: &str,
    scores: Vec<Option<i32>>,
    nodes: u64,
    start: Instant,
) -> AnalyzeAnswer {
    let top = scores.iter().flatten().copied().max();
    let best = (1..=scores.len() as u32)
        .filter(|&c| top.is_some() && scores[c as usize - 1] == top)
        .collect();
    AnalyzeAnswer {
        game: game.to_string(),
        position: moves.trim().to_string(),
        scores,
        best,
        nodes,
        millis: start.elapsed().as_secs_f64() * 1000.0,
    }
}

/// The answer of `duel connect solve MOVES`: one solved position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionAnswer {
    /// The moves, as given (trimmed).
    pub position: String,
    /// The score for the side to move (positive: it wins, 22 minus its stone count at the
    /// winning move; 0: draw; negative: it loses); weakly only 1, 0 or −1.
    pub score: i32,
    /// The best columns (1–W).
    pub best: Vec<u32>,
    /// Positions explored.
    pub nodes: u64,
    /// Time taken.
    pub millis: f64,
}

/// `duel connect solve MOVES`: solves `moves` (exactly, or with `weak` only its sign) and
/// finds the columns that keep it.
pub fn solve_position<S: Shape>(
    solver: &mut ShapeSolver<S>,
    moves: &str,
    weak: bool,
) -> Result<PositionAnswer, GameError> {
    let start = Instant::now();
    let p = ShapeBoard::parse_on(solver.shape(), moves)?;
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

/// How `duel connect solve --file` reads a file: its name (named in errors), its text and
/// the number of its leftmost column (1, or 0 with `--zero-based` for c4's test sets).
#[derive(Clone, Copy, Debug)]
pub struct FileText<'a> {
    /// The file, as the user named it.
    pub name: &'a str,
    /// Its lines `MOVES [SCORE]`.
    pub text: &'a str,
    /// The number of the leftmost column in its moves (0 or 1).
    pub first_column: u32,
}

impl<'a> FileText<'a> {
    /// A file of columns numbered from 1 (Pons's benchmark files).
    pub fn new(name: &'a str, text: &'a str) -> Self {
        FileText {
            name,
            text,
            first_column: 1,
        }
    }
}

/// `duel connect solve --file`: solves every line `MOVES [SCORE]` of `file` and compares
/// with SCORE (by sign with `weak`), on one thread per solver ([`solve_cases_on`]).
/// `progress(done, total)` is called as the positions are counted, in file order.
pub fn solve_file<S: Shape>(
    solvers: &mut [ShapeSolver<S>],
    file: FileText<'_>,
    weak: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<FileResult, ConnectError> {
    let Some(shape) = solvers.first().map(ShapeSolver::shape) else {
        return Ok(FileResult::default());
    };
    let FileText {
        name: file,
        text,
        first_column,
    } = file;
    let cases = parse_test_file_numbered(shape, text, first_column).map_err(|error| {
        ConnectError::File {
            file: file.to_string(),
            error,
        }
    })?;
    if cases.is_empty() {
        return Err(ConnectError::Empty(file.to_string()));
    }
    let total = cases.len() as u64;
    Ok(solve_cases_on(solvers, &cases, weak, |i| {
        progress(i as u64, total)
    })?)
}

/// `duel connect solve --file FILE [--game G]`: [`solve_file`] on the board of
/// `options.game`, one solver and table of `options.memory` per thread of
/// `options.threads`, each solving its own positions.
pub fn solve_file_on(
    options: &SolverOptions,
    file: FileText<'_>,
    weak: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<FileResult, ConnectError> {
    struct File<'a> {
        options: &'a SolverOptions,
        file: FileText<'a>,
        weak: bool,
        progress: &'a mut dyn FnMut(u64, u64),
    }
    impl SizeVisitor for File<'_> {
        type Output = Result<FileResult, ConnectError>;
        fn visit<S: Shape>(self, shape: S) -> Self::Output {
            let single = SolverOptions {
                threads: 1,
                ..self.options.clone()
            };
            let mut solvers = (0..self.options.threads.max(1))
                .map(|_| build_solver(shape, &single))
                .collect::<Result<Vec<_>, _>>()?;
            solve_file(&mut solvers, self.file, self.weak, self.progress)
        }
    }
    let (w, h) = board_size(&options.game)?;
    let visit = File {
        options,
        file,
        weak,
        progress,
    };
    with_board_size(w, h, visit).ok_or(ConnectError::Size {
        game: options.game.clone(),
    })?
}

/// The opening book in the file `path` (`duel connect book --extend`), read within
/// [`FILE_BOUNDS`]; an error names the file and the line.
pub fn read_book(path: &Path) -> Result<Book, ConnectError> {
    let file = path.display().to_string();
    let text = read_file(path)?;
    Book::parse(&text).map_err(|error| ConnectError::File { file, error })
}

/// `duel connect book`: the opening book of every position within `plies` stones, solved on
/// `threads` threads with a table of 2^[`BOOK_TABLE_LOG`] entries each; the answers of
/// `known` ([`read_book`]) are taken as they are. `on_answer` is called with each position
/// of `known` within `plies` stones first, then with each other position as it is answered
/// ([`generate`]); `on_progress` as the positions of each ply are solved.
pub fn book(
    plies: u32,
    known: Option<&Book>,
    threads: usize,
    on_answer: &(dyn Fn(&Entry, bool) + Sync),
    on_progress: &(dyn Fn(Progress) + Sync),
) -> Result<Book, ConnectError> {
    if plies > MAX_BOOK_PLIES {
        return Err(ConnectError::TooManyPlies(plies));
    }
    Ok(generate(
        plies,
        threads,
        BOOK_TABLE_LOG,
        known,
        on_answer,
        on_progress,
    )?)
}

/// The error of a book file `path` that cannot be written.
pub fn write_error(path: &Path, e: std::io::Error) -> ConnectError {
    ConnectError::Write {
        file: path.display().to_string(),
        why: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Solver;
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
    fn an_analysis_stops_at_its_deadline() {
        let options = SolverOptions::default();
        // 4 stones: the book of exact scores has the position, not its children.
        match analyze_within(&options, "4453", Some(Instant::now())) {
            Err(ConnectError::TimeUp { .. }) => {}
            other => panic!("{other:?}"),
        }
        // First line of Test_L3_R1: solved long before an hour.
        let moves = "2252576253462244111563365343671351441";
        let hour = Instant::now() + std::time::Duration::from_secs(3600);
        let a = analyze_within(&options, moves, Some(hour)).unwrap();
        let b = analyze_on(&options, moves).unwrap();
        assert_eq!((a.scores, a.best), (b.scores, b.best));
    }

    #[test]
    fn solves_a_file_and_names_it_in_errors() {
        let mut s = Solver::with_table_log_size(20);
        let mut seen = Vec::new();
        let text = "112233 18\n2252576253462244111563365343671351441 -1\n";
        let r = solve_file(
            std::slice::from_mut(&mut s),
            FileText::new("two", text),
            false,
            &mut |done, total| seen.push((done, total)),
        )
        .unwrap();
        assert_eq!((r.positions, r.correct, r.incorrect), (2, 2, 0));
        assert_eq!(seen.last(), Some(&(2, 2)));
        assert_eq!(
            solve_file(
                std::slice::from_mut(&mut s),
                FileText::new("empty", ""),
                false,
                &mut |_, _| ()
            ),
            Err(ConnectError::Empty("empty".into()))
        );
        let e = solve_file(
            std::slice::from_mut(&mut s),
            FileText::new("bad", "12x 3\n"),
            false,
            &mut |_, _| (),
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("bad: "), "{e}");
        assert_eq!(
            book(13, None, 1, &|_, _| (), &|_| ()).unwrap_err(),
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
        let e = read_book(Path::new("/dev/zero")).unwrap_err();
        assert!(matches!(e, ConnectError::Bounds(_)), "{e}");
    }
}
