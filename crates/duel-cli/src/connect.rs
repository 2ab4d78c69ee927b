//! `duel connect solve|analyze`: exact scores of Connect Four positions (7×6 or another
//! `connect:WxH:4`) with the specialised solver (after Pascal Pons), one position, every
//! column of one, or a whole benchmark file.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use duel::games::connect4::answer::{
    analyze_on, board_size, book as book_answer, exact_book, parse_memory, read_book, read_file,
    solve_file_on, solve_on, ConnectError, FileText, SolverOptions, BOOK_TABLE_LOG, MAX_BOOK_PLIES,
};
use duel::games::connect4::move_book::{Book, Entry, Progress};
use duel::games::connect4::score_book::ScoreBook;
use duel::games::connect4::score_book_build::Solved as ExactSolved;
use duel::games::connect4::Solver;

use crate::journal::Journal;
use crate::output::{out, out_raw, print_json, progress};
use crate::Ctx;
use indicatif::ProgressBar;

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
    /// early on); with --exact, the book of exact scores of every position within PLIES
    /// stones that `solve` and `analyze` answer from. Writes it as text.
    Book(BookArgs),
    /// The board-size table: the empty board of every W×H with 4 ≤ W, H and
    /// M ≤ W + H ≤ N solved from scratch (no book), its winner under perfect play and the ply
    /// on which the game then ends, one JSON line per board as it finishes.
    Sizes(crate::connect_sizes::SizesArgs),
}

/// Arguments of `duel connect book`.
#[derive(clap::Args)]
pub struct BookArgs {
    /// The most stones of a position in the book (at most 12; the shipped book has 9; with
    /// --exact at most 8, default and shipped 4).
    #[arg(long)]
    plies: Option<u32>,
    /// Where to write the book (default: standard output); checked before the book is built.
    /// Each position is appended as it is answered to the journal OUT.partial, and the whole
    /// book, in order, replaces OUT at the end (OUT is untouched until then).
    #[arg(long)]
    out: Option<PathBuf>,
    /// A book whose answers are taken as they are: to extend it by more plies, or the journal
    /// OUT.partial of an interrupted build (of the same arguments), to resume it.
    #[arg(long)]
    extend: Option<PathBuf>,
    /// The book of exact scores of every position within PLIES stones, one of each mirror
    /// pair, for `solve` and `analyze` on any board of --game (7×6 and 4 plies, the shipped
    /// book: about 45 minutes on 2 threads).
    #[arg(long)]
    exact: bool,
    #[command(flatten)]
    solver: BookSolverArgs,
}

/// How the solver of `book --exact` is built.
#[derive(clap::Args)]
pub struct BookSolverArgs {
    /// With --exact, the game: connect:WxH:4 (as `solve`).
    #[arg(long, default_value = "connect:7x6:4", requires = "exact")]
    game: String,
    /// With --exact, each thread's table, e.g. 64M (default 64M).
    #[arg(long, requires = "exact")]
    memory: Option<String>,
    /// With --exact, threads, each solving its own positions with its own table.
    #[arg(long, default_value_t = 1, requires = "exact")]
    threads: usize,
}

/// How the solver is built (`solve` and `analyze`).
#[derive(clap::Args)]
pub struct SolverArgs {
    /// The game: connect:WxH:4, W and H at least 4, W·(H+1) ≤ 128 (up to 16×7, 12×9, 25×4,
    /// 4×31; scores: ⌊(W·H − p)/2⌋ + 1 for a win at ply p). Beyond 9 columns, moves are
    /// numbers separated by commas (`10,1,10`), in files too.
    #[arg(long, default_value = "connect:7x6:4")]
    game: String,
    /// The transposition table's size, e.g. 64M or 1G (rounded down to a power of two; at
    /// least 1M, 32M on 8×7, 1.5M on boards past 64 bits), allocated before any position is
    /// timed.
    /// Default: 4M (32M on 8×7), which the caches mostly hold; the empty board wants 1G.
    #[arg(long)]
    memory: Option<String>,
    /// Threads: one position's root children searched in parallel over the shared table;
    /// `analyze`'s columns shared out; a file's positions shared out, each thread with its
    /// own table of --memory.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Search every position, also those the book of exact scores holds (on 7×6 every
    /// position of up to 4 stones, answered at once otherwise; `duel connect book --exact`).
    #[arg(long)]
    no_book: bool,
}

impl SolverArgs {
    fn options(&self) -> Result<SolverOptions, ConnectError> {
        Ok(SolverOptions {
            game: self.game.clone(),
            memory: self.memory.as_deref().map(parse_memory).transpose()?,
            threads: self.threads.clamp(1, 256),
            book: !self.no_book,
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
    /// Column digits 1–W played from the empty board, e.g. `4453` (empty: the start,
    /// about a minute on 7×6 with --memory 1G).
    #[arg(conflicts_with = "file")]
    moves: Option<String>,
    #[command(flatten)]
    solver: SolverArgs,
    /// A benchmark file of lines `MOVES [SCORE]` of the board of --game: solves each and
    /// compares with SCORE.
    #[arg(long)]
    file: Option<PathBuf>,
    /// With --file, the columns are numbered from 0 (c4's test sets,
    /// github:ChristopheSteininger/c4 tst/data: digits 0–9 run together up to 10 columns).
    #[arg(long, requires = "file")]
    zero_based: bool,
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
        Cmd::Sizes(args) => crate::connect_sizes::sizes(args),
    }
}

/// `duel connect book`: each position written to the journal of `--out` as it is answered (so
/// an interrupted build loses nothing and `--extend FILE.partial` resumes it), the whole book
/// to `--out` at the end, which is untouched until then.
fn book(args: BookArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    if args.exact {
        return exact(args, ctx);
    }
    let plies = args.plies.unwrap_or(9);
    if plies > MAX_BOOK_PLIES {
        return Err(ConnectError::TooManyPlies(plies).into());
    }
    let table_bytes = Solver::table_bytes_for(BOOK_TABLE_LOG) as u64;
    let threads = crate::system::threads_within_memory(table_bytes);
    let known = args.extend.as_deref().map(read_book).transpose()?;
    let journal = match &args.out {
        Some(path) => Some(Journal::new(
            path,
            &Book::header(plies),
            args.extend.as_deref(),
        )?),
        None => None,
    };
    let on_answer = |e: &Entry, known: bool| {
        if let Some(journal) = &journal {
            // Resuming from the journal itself, the answers it holds are in it already.
            if !(journal.holds_known() && known) {
                journal.record(&e.line());
            }
        }
    };
    let start = Instant::now();
    let bar = progress(ctx, 1, "connect book");
    let on_progress = ply_progress(&bar, "connect book");
    let book = book_answer(plies, known.as_ref(), threads, &on_answer, &on_progress)?;
    bar.finish_and_clear();
    match (&args.out, journal) {
        (Some(path), Some(journal)) => {
            journal.finish(&book.to_text())?;
            out!(
                "{}: {} positions of up to {} stones, in {:.1} s on {threads} thread(s)",
                crate::output::shown(path),
                book.entries().len(),
                book.plies(),
                start.elapsed().as_secs_f64()
            );
        }
        _ => out_raw!("{}", book.to_text()),
    }
    Ok(ExitCode::SUCCESS)
}

/// `duel connect book --exact`: each position written to the journal of `--out` as it is
/// solved (so an interrupted build loses nothing and `--extend FILE.partial` resumes it), the
/// whole book to `--out` at the end, which is untouched until then.
fn exact(args: BookArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let plies = args.plies.unwrap_or(4);
    let options = SolverOptions {
        game: args.solver.game.clone(),
        memory: args
            .solver
            .memory
            .as_deref()
            .map(parse_memory)
            .transpose()?,
        threads: args.solver.threads.clamp(1, 256),
        book: false,
    };
    let extend = match &args.extend {
        Some(path) => Some((path.display().to_string(), read_file(path)?)),
        None => None,
    };
    let journal = match &args.out {
        Some(path) => {
            let (w, h) = board_size(&options.game)?;
            let header = ScoreBook::new(w, h, plies).header();
            Some(Journal::new(path, &header, args.extend.as_deref())?)
        }
        None => None,
    };
    let on_solved = |s: &ExactSolved| {
        if let Some(journal) = &journal {
            // Resuming from the journal itself, the scores it holds (reported first, found
            // by no search) are in it already.
            if !(journal.holds_known() && s.nodes == 0) {
                journal.record(&ScoreBook::line(&s.moves, s.score));
            }
        }
    };
    let start = Instant::now();
    let bar = progress(ctx, 1, "connect book --exact");
    let on_progress = ply_progress(&bar, "connect book --exact");
    let book = exact_book(
        &options,
        plies,
        extend.as_ref().map(|(f, t)| (f.as_str(), t.as_str())),
        &on_solved,
        &on_progress,
    )?;
    bar.finish_and_clear();
    match (&args.out, journal) {
        (Some(path), Some(journal)) => {
            journal.finish(&book.to_text())?;
            out!(
                "{}: {} positions of up to {} stones, in {:.1} s on {} thread(s)",
                crate::output::shown(path),
                book.len(),
                book.plies(),
                start.elapsed().as_secs_f64(),
                options.threads
            );
        }
        _ => out_raw!("{}", book.to_text()),
    }
    Ok(ExitCode::SUCCESS)
}

/// A book build's progress on `bar`, its message `what` and the ply.
fn ply_progress<'a>(bar: &'a ProgressBar, what: &'a str) -> impl Fn(Progress) + Sync + 'a {
    move |p: Progress| {
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
        bar.set_message(format!("{what}, ply {}", p.ply));
    }
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
        // The game is checked before the file is read.
        board_size(&options.game)?;
        let text = read_file(&path)?;
        let bar = progress(ctx, 1, "connect solve");
        // One solver and table per thread, each thread solving its own positions.
        let name = path.display().to_string();
        let file = FileText {
            first_column: if args.zero_based { 0 } else { 1 },
            ..FileText::new(&name, &text)
        };
        let res = solve_file_on(&options, file, args.weak, &mut |done, total| {
            bar.set_length(total);
            bar.set_position(done)
        })?;
        bar.finish_and_clear();
        if args.json {
            print_json(&res)?;
        } else {
            out!(
                "{}: {} positions, {} correct, {} incorrect, {} without a score; mean {:.4} ms and {:.0} nodes per position",
                crate::output::shown(&path),
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
