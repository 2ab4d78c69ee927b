//! The `duel` command: parses arguments, calls the library, prints.
//!
//! One module a subcommand (`guesswho`, `liar`, `bidding`, `search` with `search_value`,
//! `connect`, `arena` with `championship`, `play/`, `report` with `report_progress`, `serve`);
//! `parse_error` words clap's errors in one line, `values` parses the bidding options' values,
//! `output` writes stdout, JSON, tables and progress bars, `system` reads the memory available.

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

mod arena;
mod bidding;
mod championship;
mod connect;
mod connect_sizes;
mod guesswho;
mod journal;
mod liar;
mod output;
mod parse_error;
mod play;
mod report;
mod report_progress;
mod search;
mod search_value;
mod section8;
mod serve;
mod system;
mod values;

/// Solve and play two-player games of search and strategy.
#[derive(Parser)]
#[command(name = "duel", version, about, long_about = None)]
struct Cli {
    /// No progress bars on stderr.
    #[arg(long, global = true)]
    quiet: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Guess Who: exact values, tables, theorem checks and plots.
    #[command(subcommand, name = "guess-who")]
    GuessWho(guesswho::Cmd),
    /// The Rényi–Ulam liar game: who wins, fewest questions, strategies.
    #[command(subcommand)]
    Liar(liar::Cmd),
    /// Richman and discrete bidding games.
    #[command(subcommand)]
    Bidding(bidding::Cmd),
    /// Tree search: exact values, MCTS and Bayesian agents.
    #[command(subcommand)]
    Search(search::Cmd),
    /// Connect Four (7×6 or connect:WxH:4): exact scores with the specialised solver.
    #[command(subcommand)]
    Connect(connect::Cmd),
    /// Matches between two search agents (and `arena merge` of their records).
    Arena(arena::Args),
    /// Play a game against a search agent: your moves on stdin, one a line.
    Play(play::Args),
    /// Reproduce the papers: writes report/index.md, index.html, differences.md, JSON and figures.
    Report(report::Args),
    /// Serve the web app to play every game, and its JSON API (docs/api.md).
    Serve(serve::Args),
}

/// Settings every subcommand may use.
pub struct Ctx {
    /// Show progress bars (stderr is a terminal and `--quiet` was not given).
    pub progress: bool,
    /// `--quiet`: nothing on stderr but errors.
    pub quiet: bool,
}

/// Restores the default action of SIGPIPE (Rust ignores it), so that `duel ... | head` ends
/// quietly when the reader closes the pipe instead of failing with an error on stdout.
fn die_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called once at the start of main, before any thread exists; SIG_DFL is a valid
    // disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    die_quietly_on_closed_pipe();
    if let Some(code) = refuse_below_start_floor() {
        return code;
    }
    one_heap_under_an_address_space_limit();
    let cli = match parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    // The pool of parallel work starts now, so that a failure to start its threads is an
    // error line here rather than a panic inside the first parallel loop.
    if let Err(e) = rayon::ThreadPoolBuilder::new().build_global() {
        return fail(&format!("cannot start the threads of parallel work: {e}"));
    }
    let ctx = Ctx {
        progress: !cli.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr()),
        quiet: cli.quiet,
    };
    let result = match cli.command {
        Command::GuessWho(cmd) => guesswho::run(cmd, &ctx),
        Command::Liar(cmd) => liar::run(cmd, &ctx),
        Command::Bidding(cmd) => bidding::run(cmd, &ctx),
        Command::Search(cmd) => search::run(cmd, &ctx),
        Command::Connect(cmd) => connect::run(cmd, &ctx),
        Command::Arena(args) => arena::run(args, &ctx),
        Command::Play(args) => play::run(args, &ctx),
        Command::Report(args) => report::run(args, &ctx),
        Command::Serve(args) => serve::run(args, &ctx),
    }
    .and_then(|code| output::flush_stdout().map(|()| code));
    match result {
        Ok(code) => code,
        Err(e) => fail(&format!("{e:#}")),
    }
}

/// Where the address-space limit (`ulimit -v`) leaves less than any command needs to start,
/// the error line and exit code 2, written without allocating (the heap may have no room).
fn refuse_below_start_floor() -> Option<ExitCode> {
    let (left, floor) = duel::limits::below_start_floor()?;
    const MIB: u64 = 1 << 20;
    let mut buf = [0u8; 200];
    let mut line = std::io::Cursor::new(&mut buf[..]);
    let _ = writeln!(
        line,
        "duel: error: duel needs at least {} MiB of address space left to start; the limit (ulimit -v) leaves {} MiB",
        floor.div_ceil(MIB),
        left / MIB
    );
    let len = usize::try_from(line.position()).unwrap_or(0);
    let _ = std::io::stderr().write_all(&buf[..len]);
    Some(ExitCode::from(2))
}

/// Under an address-space limit (`ulimit -v`), one heap for every thread. glibc gives each
/// thread that allocates at once a heap of its own, reserving 64 MiB of address space apiece
/// (16 on 2 cores: 1 GiB); under a limit those reservations fail, and glibc tries again at
/// every allocation, mapping and unmapping: the Guess Who section of the report then ran 20
/// times slower, and the quick report needed 1 GB of address space for 0.5 GB of memory.
fn one_heap_under_an_address_space_limit() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if duel::limits::address_space_left().is_some() {
        // SAFETY: called at the start of main, before any other thread exists; M_ARENA_MAX
        // only bounds the number of heaps glibc creates from now on.
        unsafe {
            libc::mallopt(libc::M_ARENA_MAX, 1);
        }
    }
}

/// The command line, or the exit code when there is nothing to run: `--help` and `--version`
/// (printed, 0) or an error (one line, 2).
fn parse() -> Result<Cli, ExitCode> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let command = Cli::command();
    let error = match command
        .clone()
        .try_get_matches_from(&args)
        .and_then(|mut matches| Cli::from_arg_matches_mut(&mut matches))
    {
        Ok(cli) => return Ok(cli),
        Err(e) => e,
    };
    match error.kind() {
        clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
            match error.print().and_then(|()| std::io::stdout().flush()) {
                Ok(()) => Err(ExitCode::SUCCESS),
                Err(e) => Err(fail(&format!("cannot write to standard output: {e}"))),
            }
        }
        _ => Err(fail(&parse_error::message(&error, &command, &args))),
    }
}

/// Prints `duel: error: {message}` on stderr, on one line whatever the message holds (see
/// `one_line`), and gives exit code 2. A stderr that cannot be written (closed, or a full disk) leaves the exit
/// code to say it.
fn fail(message: &str) -> ExitCode {
    let line = duel::text::one_line(message);
    let _ = writeln!(std::io::stderr().lock(), "duel: error: {line}");
    ExitCode::from(2)
}
