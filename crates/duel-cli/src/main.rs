//! The `duel` command: parses arguments, calls the library, prints.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod arena;
mod bidding;
mod connect;
mod guesswho;
mod liar;
mod output;
mod play;
mod report;
mod search;
mod search_value;
mod system;

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
    /// Connect Four 7×6: exact scores with the specialised solver.
    #[command(subcommand)]
    Connect(connect::Cmd),
    /// Matches between two search agents (and `arena merge` of their records).
    Arena(arena::Args),
    /// Play a game against a search agent: your moves on stdin, one a line.
    Play(play::Args),
    /// Reproduce the papers: writes report/index.md, JSON and figures.
    Report(report::Args),
}

/// Settings every subcommand may use.
pub struct Ctx {
    /// Show progress bars (stderr is a terminal and `--quiet` was not given).
    pub progress: bool,
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
    let cli = Cli::parse();
    let ctx = Ctx {
        progress: !cli.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr()),
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
    }
    .and_then(|code| output::flush_stdout().map(|()| code));
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("duel: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
