//! `duel arena`: matches between two search agents, and `duel arena merge` of their records.

use std::process::ExitCode;

use duel::arena::{
    merge_files as merge_answer, run_arena_into, ArenaConfig, ArenaRun, Progress, Shard, Summary,
    Tally,
};
use duel::search::answer::budget_of_options_with_work;
use duel::search::Budget;

use crate::output::{out, print_json, progress};
use crate::Ctx;

/// Arguments of `duel arena`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    cmd: Option<Sub>,
    /// The game, e.g. `tictactoe`, `connect:7x6:4`, `pearl:2:16`.
    #[arg(required = true)]
    game: Option<String>,
    /// Agent A, e.g. `mcts:a=3.5,b=5`, `symp:a=0.5`, `solver` (moves first in even games).
    #[arg(long, required = true)]
    a: Option<String>,
    /// Agent B (moves first in odd games).
    #[arg(long, required = true)]
    b: Option<String>,
    /// Number of games (A first in games 0, 2, 4, ..., B first in 1, 3, 5, ...).
    #[arg(long, required = true)]
    games: Option<u64>,
    /// Iterations per move for each agent (at most 1000000000) [default: 1000].
    #[arg(long, conflicts_with_all = ["millis", "work"])]
    iterations: Option<u64>,
    /// Milliseconds per move for each agent (at most 600000; the run is then not reproducible).
    #[arg(long, conflicts_with = "work")]
    millis: Option<u64>,
    /// Work units per move for each agent: nodes created, chosen and updated and moves of the
    /// simulated matches, one unit each (a clock independent of the machine; section 8's
    /// paper-equivalent budget).
    #[arg(long)]
    work: Option<u64>,
    /// Iterations per move for B when they differ from A's (A keeps --iterations / --millis;
    /// at most 1000000000).
    #[arg(long, conflicts_with_all = ["b_millis", "b_work"])]
    b_iterations: Option<u64>,
    /// Milliseconds per move for B when they differ from A's (at most 600000).
    #[arg(long, conflicts_with = "b_work")]
    b_millis: Option<u64>,
    /// Work units per move for B when they differ from A's.
    #[arg(long)]
    b_work: Option<u64>,
    /// Seed of the run (each agent of each game gets a seed derived from it).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads playing games in parallel [default: all cores].
    #[arg(long)]
    threads: Option<usize>,
    /// Play only the games whose index is I modulo N (I from 0), e.g. `--shard 1/4`.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Append one JSON line per game (with the run's parameters) to this file as each game
    /// ends; the games of this run already in it are not played again (resume).
    #[arg(long, value_name = "FILE.jsonl")]
    out: Option<std::path::PathBuf>,
    /// Judge every move against the exact value of its position (small games only: refused,
    /// before playing, on a game whose start alpha-beta does not solve within 2 million
    /// positions).
    #[arg(long)]
    referee: bool,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Subcommand)]
enum Sub {
    /// Sums the records of runs (e.g. shards) written with --out into one summary.
    Merge(MergeArgs),
    /// The round robin of MCTS(k/2, l/2) (or MCTS′) that fits its parameters (section 8.3).
    Championship(crate::championship::Args),
}

/// Arguments of `duel arena merge`.
#[derive(clap::Args)]
struct MergeArgs {
    /// Record files written by `duel arena --out`.
    #[arg(required = true, value_name = "FILE.jsonl")]
    files: Vec<std::path::PathBuf>,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match args.cmd {
        Some(Sub::Merge(m)) => merge_files(m),
        Some(Sub::Championship(c)) => crate::championship::run(c, ctx),
        None => play_games(args, ctx),
    }
}

/// `arena GAME`: the games between the two agents, and their summary.
fn play_games(args: Args, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let missing = || anyhow::anyhow!("duel arena needs GAME, --a, --b and --games");
    let budget = budget_of_options_with_work(args.iterations, args.millis, args.work, "")?
        .unwrap_or(Budget::Iterations(1000));
    let b_budget =
        budget_of_options_with_work(args.b_iterations, args.b_millis, args.b_work, "b-")?;
    let shard = match &args.shard {
        Some(s) => Shard::parse(s)?,
        None => Shard::ALL,
    };
    let config = ArenaConfig {
        game: args.game.ok_or_else(missing)?,
        a: args.a.ok_or_else(missing)?,
        b: args.b.ok_or_else(missing)?,
        games: args.games.ok_or_else(missing)?,
        budget,
        b_budget,
        seed: args.seed,
        threads: args.threads,
        memory: crate::system::available_memory(),
        shard,
        referee: args.referee,
    };
    let bar = progress(ctx, shard.games_in(config.games), "games");
    let run = run_arena_into(&config, args.out.as_deref(), &|p| match p {
        Progress::Start { games, resumed } => {
            bar.set_length(games);
            bar.set_position(resumed);
        }
        Progress::Game => bar.inc(1),
    })?;
    bar.finish_and_clear();
    if args.json {
        print_json(&run.answer())?;
    } else {
        print_run(&run, &config, args.out.as_deref())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The run in words: the budgets, the seed and shard, the summary, and the games resumed from
/// `out`.
fn print_run(
    run: &ArenaRun,
    config: &ArenaConfig,
    out: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let (budget, shard) = (config.budget, config.shard);
    let text = |b: Budget| b.to_string();
    let budget = match config.b_budget {
        Some(bb) if bb != budget => format!("A {}, B {}", text(budget), text(bb)),
        _ => text(budget),
    };
    let shard_text = if shard == Shard::ALL {
        String::new()
    } else {
        format!(", shard {}/{}", shard.index, shard.count)
    };
    let s = &run.summary;
    out!(
        "arena on {}, {budget} per move, seed {}{shard_text}:",
        s.game,
        run.info.seed
    );
    print_summary(s)?;
    if run.resumed > 0 {
        out!(
            "  {} of these games were read back from {} (resumed)",
            run.resumed,
            crate::output::shown(out.unwrap_or(std::path::Path::new("")))
        );
    }
    Ok(())
}

fn print_summary(s: &Summary) -> anyhow::Result<()> {
    let line = |who: &str, t: &Tally| -> anyhow::Result<()> {
        out!(
            "  {who} first: {} games, A won {}, B won {}, {} draws",
            t.games,
            t.a_wins,
            t.b_wins,
            t.draws
        );
        Ok(())
    };
    out!("  A = {}", s.a);
    out!("  B = {}", s.b);
    out!(
        "  {} games: A won {}, B won {}, {} draws; A's score {:.4} (95% CI {:.4} to {:.4})",
        s.games,
        s.a_wins,
        s.b_wins,
        s.draws,
        s.a_score,
        s.a_score_ci95[0],
        s.a_score_ci95[1]
    );
    line("A", &s.a_first)?;
    line("B", &s.b_first)?;
    if let Some(r) = &s.referee {
        out!(
            "  referee: A kept the exact value with {} of {} moves ({:.4}), B with {} of {} ({:.4})",
            r.a.kept,
            r.a.moves,
            r.a_kept_fraction,
            r.b.kept,
            r.b.moves,
            r.b_kept_fraction
        );
    }
    for (who, counts) in [
        ("A", &s.a_iterations_per_move),
        ("B", &s.b_iterations_per_move),
    ] {
        if let Some(c) = counts {
            out!(
                "  {who}'s iterations: {:.1} at its first move (mean of {} games), {:.1} per move",
                c.first_move,
                c.games,
                c.per_move
            );
        }
    }
    Ok(())
}

fn merge_files(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let m = merge_answer(&args.files)?;
    if args.json {
        print_json(&m)?;
    } else {
        out!(
            "arena on {}, merged from {} file(s):",
            m.summary.game,
            args.files.len()
        );
        print_summary(&m.summary)?;
        if m.missing_games > 0 {
            out!(
                "  note: {} games of these runs are in none of the files",
                m.missing_games
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
