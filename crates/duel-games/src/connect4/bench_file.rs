//! The benchmark files of `data/connect4` (lines `MOVES [SCORE]`, the `--file` of
//! `duel connect solve`): read, then solved on one thread or more against the published
//! scores.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

use duel_core::game::GameError;
use duel_core::text::quote;

use super::board::ShapeBoard;
use super::shape::{Fixed, Shape};
use super::solver::{ShapeSolver, Solved, HEIGHT, WIDTH};

/// One line of a benchmark file: `MOVES SCORE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// The columns, as the file writes them.
    pub moves: String,
    /// The published score, when the line has one.
    pub score: Option<i32>,
    /// The number of the leftmost column in `moves`: 1 (Pons's files), or 0 (c4's test
    /// sets, [`ShapeBoard::parse_numbered`]).
    pub first_column: u32,
}

/// Reads the lines `MOVES [SCORE]` of a benchmark file of 7×6 positions
/// ([`parse_test_file_on`]).
pub fn parse_test_file(text: &str) -> Result<Vec<TestCase>, GameError> {
    parse_test_file_on(Fixed::<WIDTH, HEIGHT>::default(), text)
}

/// Reads the lines `MOVES [SCORE]` of a benchmark file of positions of `shape` (blank lines
/// skipped), each position checked (a position [`ShapeBoard::parse_on`] refuses is refused
/// here, before any is solved). An error ([`GameError::BadLine`]) names the first bad line
/// by its number.
pub fn parse_test_file_on<S: Shape>(shape: S, text: &str) -> Result<Vec<TestCase>, GameError> {
    parse_test_file_numbered(shape, text, 1)
}

/// [`parse_test_file_on`] with the leftmost column numbered `first_column` (0 in c4's test
/// sets, `github:ChristopheSteininger/c4` `tst/data`, whose scores are Pons's convention, as
/// duel's).
pub fn parse_test_file_numbered<S: Shape>(
    shape: S,
    text: &str,
    first_column: u32,
) -> Result<Vec<TestCase>, GameError> {
    let first_column = first_column.min(1);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let bad = |why: String| GameError::BadLine {
            line: i + 1,
            text: line.trim().to_string(),
            why,
        };
        let mut parts = line.split_whitespace();
        let Some(moves) = parts.next() else { continue };
        ShapeBoard::parse_numbered(shape, moves, first_column).map_err(|e| bad(e.to_string()))?;
        let score = match parts.next() {
            None => None,
            Some(s) => Some(s.parse::<i32>().map_err(|_| {
                bad(format!(
                    "the score {} is not an integer; lines are 'MOVES [SCORE]'",
                    quote(s)
                ))
            })?),
        };
        if let Some(extra) = parts.next() {
            return Err(bad(format!(
                "{} is a part too many; lines are 'MOVES [SCORE]'",
                quote(extra)
            )));
        }
        out.push(TestCase {
            moves: moves.to_string(),
            score,
            first_column,
        });
    }
    Ok(out)
}

/// The result of solving a benchmark file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct FileResult {
    /// Positions solved.
    pub positions: usize,
    /// Positions whose computed score equals the published one.
    pub correct: usize,
    /// Positions whose computed score differs from the published one.
    pub incorrect: usize,
    /// Mean time per position, milliseconds.
    pub mean_millis: f64,
    /// Mean positions explored per position.
    pub mean_nodes: f64,
    /// The first few disagreements: (moves, published, computed).
    pub mismatches: Vec<(String, i32, i32)>,
}

/// Solves every case with `solver`, comparing with the published scores. The table is kept
/// from one position to the next, as in Pons's benchmark program (clearing it for each
/// position would cost more than solving most of them). `on_progress` is called after each
/// case.
pub fn solve_cases<S: Shape>(
    solver: &mut ShapeSolver<S>,
    cases: &[TestCase],
    on_progress: impl FnMut(usize),
) -> Result<FileResult, GameError> {
    solve_cases_with(solver, cases, false, on_progress)
}

/// [`solve_cases`], or with `weak` only the sign of each score
/// ([`BoardSolver::solve_weak`](super::BoardSolver::solve_weak)), compared with the sign of
/// the published one.
pub fn solve_cases_with<S: Shape>(
    solver: &mut ShapeSolver<S>,
    cases: &[TestCase],
    weak: bool,
    on_progress: impl FnMut(usize),
) -> Result<FileResult, GameError> {
    solve_cases_on(std::slice::from_mut(solver), cases, weak, on_progress)
}

/// [`solve_cases_with`] on as many threads as `solvers` (each thread one solver and its
/// table, best built with one thread each): the threads take the next unsolved
/// position in turn, and the results are counted in file order (`on_progress(i)` once the
/// first i positions are solved, mismatches in file order). Every position is parsed
/// before any is solved.
pub fn solve_cases_on<S: Shape>(
    solvers: &mut [ShapeSolver<S>],
    cases: &[TestCase],
    weak: bool,
    mut on_progress: impl FnMut(usize),
) -> Result<FileResult, GameError> {
    let Some(shape) = solvers.first().map(ShapeSolver::shape) else {
        return Ok(FileResult::default());
    };
    let positions = cases
        .iter()
        .map(|c| ShapeBoard::parse_numbered(shape, &c.moves, c.first_column))
        .collect::<Result<Vec<_>, _>>()?;
    let mut res = FileResult::default();
    let mut nodes = 0u64;
    let start = Instant::now();
    let mut record = |i: usize, s: Solved| {
        let case = &cases[i];
        nodes += s.nodes;
        res.positions += 1;
        if let Some(published) = case.score.map(|x| if weak { x.signum() } else { x }) {
            if published == s.score {
                res.correct += 1;
            } else {
                res.incorrect += 1;
                if res.mismatches.len() < 10 {
                    res.mismatches
                        .push((case.moves.clone(), published, s.score));
                }
            }
        }
        on_progress(i + 1);
    };
    let solve_one = |solver: &mut ShapeSolver<S>, p: &ShapeBoard<S>| {
        if weak {
            solver.solve_weak(p)
        } else {
            solver.solve(p)
        }
    };
    match solvers {
        [] => {}
        [solver] => {
            for (i, p) in positions.iter().enumerate() {
                record(i, solve_one(solver, p));
            }
        }
        _ => {
            let next = AtomicUsize::new(0);
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::scope(|scope| {
                for solver in solvers.iter_mut() {
                    let (next, tx, positions) = (&next, tx.clone(), &positions);
                    scope.spawn(move || loop {
                        let i = next.fetch_add(1, Relaxed);
                        let Some(p) = positions.get(i) else { break };
                        if tx.send((i, solve_one(solver, p))).is_err() {
                            break;
                        }
                    });
                }
                drop(tx);
                // Results come as the threads finish them; each is counted once all the
                // positions before it are.
                let mut waiting: Vec<Option<Solved>> = vec![None; positions.len()];
                let mut counted = 0;
                for (i, s) in rx {
                    waiting[i] = Some(s);
                    while let Some(s) = waiting.get_mut(counted).and_then(Option::take) {
                        record(counted, s);
                        counted += 1;
                    }
                }
            });
        }
    }
    if res.positions > 0 {
        res.mean_millis = start.elapsed().as_secs_f64() * 1000.0 / res.positions as f64;
        res.mean_nodes = nodes as f64 / res.positions as f64;
    }
    Ok(res)
}
