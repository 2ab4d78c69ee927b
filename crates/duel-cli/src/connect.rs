//! `duel connect solve`: exact scores of Connect Four 7×6 positions with the specialised
//! solver (after Pascal Pons), one position or a whole benchmark file.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use duel::games::connect4::Solver;
use duel::games::connect4_answer::BOOK_TABLE_LOG;
use duel::games::connect4_answer::{
    book as book_answer, read_file, solve_file, solve_position, BookFile,
};
use duel::games::connect4_book::Progress;

use crate::output::{out, out_raw, print_json, progress};
use crate::Ctx;

#[derive(clap::Subcommand)]
pub enum Cmd {
    /// The exact score of a 7×6 position (positive: the side to move wins, 22 minus its
    /// stone count at the winning move; 0: draw; negative: loss), and the best columns.
    Solve(SolveArgs),
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

/// Arguments of `duel connect solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// Column digits 1–7 played from the empty board, e.g. `4453` (empty: the start, which
    /// takes minutes).
    #[arg(conflicts_with = "file")]
    moves: Option<String>,
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

fn solve(args: SolveArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    // The table of Solver::new, refused rather than aborting where memory is short.
    let mut solver = Solver::try_with_table_log_size(23)?;
    if let Some(path) = args.file {
        let text = read_file(&path)?;
        let bar = progress(ctx, 1, "connect solve");
        let res = solve_file(
            &mut solver,
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
    let answer = solve_position(&mut solver, &moves, args.weak)?;
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
