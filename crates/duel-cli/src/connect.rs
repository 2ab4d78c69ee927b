//! `duel connect solve|analyze`: exact scores of Connect Four positions (7×6 or another
//! `connect:WxH:4`) with the specialised solver (after Pascal Pons), one position, every
//! column of one, or a whole benchmark file.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use duel::games::connect4::{Solver, DEFAULT_TABLE_BYTES};
use duel::games::connect4_answer::{
    analyze_on, book as book_answer, parse_memory, read_file, solve_file, solve_on, BookFile,
    ConnectError, SolverOptions, BOOK_TABLE_LOG,
};
use duel::games::connect4_book::Progress;

use crate::output::{out, out_raw, print_json, progress};
use crate::Ctx;

#[derive(clap::Subcommand)]
pub enum Cmd {
    /// The exact score of a 7×6 position (positive: the side to move wins, 22 minus its
    /// stone count at the winning move; 0: draw; negative: loss), and the best columns.
    Solve(SolveArgs),
    /// The exact score of every column of a position (as Pons's online solver shows; a
    /// full column has none), each the opposite of the score of the position it leads to.
    Analyze(AnalyzeArgs),
    /// Builds the opening book of the `solver` and `auto` agents: their move at every
    /// position they can meet within PLIES stones, playing either side (minutes per ply
    /// early on); writes it as text.
    Book(BookArgs),
}

/// Arguments of `duel connect book`.
#[derive(clap::Args)]
pub struct BookArgs {
    /// The most stones of a position in the book (at most 12; the shipped book has 9).
    #[arg(long, default_value_t = 9)]
    plies: u32,
    /// Where to write the book (default: standard output); checked before the book is built.
    #[arg(long)]
    out: Option<PathBuf>,
    /// A book whose answers are taken as they are (to extend it by more plies).
    #[arg(long)]
    extend: Option<PathBuf>,
}

/// How the solver is built (`solve` and `analyze`).
#[derive(clap::Args)]
pub struct SolverArgs {
    /// The game: connect:WxH:4, W from 4 to 9, H from 4 to 8, W·H ≤ 64 (up to 9×7 and 8×8;
    /// scores: ⌊(W·H − p)/2⌋ + 1 for a win at ply p).
    #[arg(long, default_value = "connect:7x6:4")]
    game: String,
    /// The transposition table's size, e.g. 64M or 1G (rounded down to a power of two; at
    /// least 1M, 32M on 8×7, 2M on 9×7 and 8×8), allocated before any position is timed.
    /// Default: 4M (32M on 8×7), which the caches mostly hold; the empty board wants 1G.
    #[arg(long)]
    memory: Option<String>,
    /// Threads: one position's root children searched in parallel over the shared table;
    /// `analyze`'s columns shared out; a file's positions shared out, each thread with its
    /// own table of --memory.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

impl SolverArgs {
    fn options(&self) -> Result<SolverOptions, ConnectError> {
        Ok(SolverOptions {
            game: self.game.clone(),
            memory: self.memory.as_deref().map(parse_memory).transpose()?,
            threads: self.threads.clamp(1, 256),
        })
    }
}

/// Arguments of `duel connect analyze`.
#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// Column digits 1–W played from the empty board, e.g. `4453`.
    moves: String,
    #[command(flatten)]
    solver: SolverArgs,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

/// Arguments of `duel connect solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// Column digits 1–W played from the empty board, e.g. `4453` (empty: the start, about
    /// a minute and a half on 7×6 with --memory 1G).
    #[arg(conflicts_with = "file")]
    moves: Option<String>,
    #[command(flatten)]
    solver: SolverArgs,
    /// A benchmark file of lines `MOVES [SCORE]`: solves each and compares with SCORE.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Only win, draw or loss (score 1, 0 or −1), and the columns that keep it: much faster
    /// early in the game (a file's scores are compared by sign).
    #[arg(long)]
    weak: bool,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Solve(args) => solve(args, ctx),
        Cmd::Analyze(args) => analyze(args),
        Cmd::Book(args) => book(args, ctx),
    }
}

fn book(args: BookArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let table_bytes = Solver::table_bytes_for(BOOK_TABLE_LOG) as u64;
    let threads = crate::system::threads_within_memory(table_bytes);
    let file = args.out.as_deref().map(BookFile::open).transpose()?;
    let start = Instant::now();
    let bar = progress(ctx, 1, "connect book");
    let on_progress = |p: Progress| {
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
        bar.set_message(format!("connect book, ply {}", p.ply));
    };
    let book = book_answer(args.plies, args.extend.as_deref(), threads, &on_progress)?;
    bar.finish_and_clear();
    match (&args.out, file) {
        (Some(path), Some(file)) => {
            file.write(&book)?;
            out!(
                "{}: {} positions of up to {} stones, in {:.1} s on {threads} thread(s)",
                path.display(),
                book.entries().len(),
                book.plies(),
                start.elapsed().as_secs_f64()
            );
        }
        _ => out_raw!("{}", book.to_text()),
    }
    Ok(ExitCode::SUCCESS)
}

fn analyze(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let answer = analyze_on(&args.solver.options()?, &args.moves)?;
    if args.json {
        print_json(&answer)?;
    } else {
        let cols: Vec<String> = answer
            .scores
            .iter()
            .map(|s| s.map_or("-".to_string(), |s| s.to_string()))
            .collect();
        let best: Vec<String> = answer.best.iter().map(|c| c.to_string()).collect();
        out!(
            "position '{}': column scores {}; best column(s): {}; {} nodes, {:.3} ms",
            answer.position,
            cols.join(" "),
            best.join(", "),
            answer.nodes,
            answer.millis
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn solve(args: SolveArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let options = args.solver.options()?;
    if let Some(path) = args.file {
        if options.game != SolverOptions::default().game {
            return Err(ConnectError::FileSize.into());
        }
        let bytes = options.memory.unwrap_or(DEFAULT_TABLE_BYTES);
        // One solver and table per thread, each thread solving its own positions.
        let mut solvers = (0..options.threads)
            .map(|_| Solver::try_with_table_bytes(bytes))
            .collect::<Result<Vec<_>, _>>()
            .map_err(ConnectError::from)?;
        let text = read_file(&path)?;
        let bar = progress(ctx, 1, "connect solve");
        let res = solve_file(
            &mut solvers,
            &path.display().to_string(),
            &text,
            args.weak,
            &mut |done, total| {
                bar.set_length(total);
                bar.set_position(done)
            },
        )?;
        bar.finish_and_clear();
        if args.json {
            print_json(&res)?;
        } else {
            out!(
                "{}: {} positions, {} correct, {} incorrect, {} without a score; mean {:.4} ms and {:.0} nodes per position",
                path.display(),
                res.positions,
                res.correct,
                res.incorrect,
                res.positions - res.correct - res.incorrect,
                res.mean_millis,
                res.mean_nodes
            );
            for (moves, published, computed) in &res.mismatches {
                out!("  {moves}: published {published}, computed {computed}");
            }
        }
        return Ok(if res.incorrect == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let moves = args.moves.unwrap_or_default();
    let answer = solve_on(&options, &moves, args.weak)?;
    if args.json {
        print_json(&answer)?;
    } else {
        let verdict = match answer.score {
            0 => "a draw".to_string(),
            1 if args.weak => "the side to move wins".to_string(),
            -1 if args.weak => "the side to move loses".to_string(),
            s if s > 0 => format!("the side to move wins (score {s})"),
            s => format!("the side to move loses (score {s})"),
        };
        let best: Vec<String> = answer.best.iter().map(|c| c.to_string()).collect();
        out!(
            "position '{}': {verdict}; best column(s): {}; {} nodes, {:.3} ms",
            answer.position,
            best.join(", "),
            answer.nodes,
            answer.millis
        );
    }
    Ok(ExitCode::SUCCESS)
}
