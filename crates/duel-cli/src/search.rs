//! `duel search` subcommands: `value` (exact, games workstream), `best` and `leaves` (agents).

use std::process::ExitCode;

use duel::search::answer::{best as best_answer, leaves as leaves_answer, BestRequest};
use duel::search::answer::{LeavesRequest, TRIAL_MEMORY};

use crate::output::{out, print_json, progress};
use crate::search_value;
use crate::Ctx;

#[derive(clap::Subcommand)]
pub enum Cmd {
    /// The exact minimax value of a position (win, draw or loss for the side to move).
    Value(search_value::Args),
    /// The move an agent chooses in a position, with its estimate of the root value.
    Best(BestArgs),
    /// The mean number of leaves a Bayesian agent visits until the root value is known.
    Leaves(LeavesArgs),
    /// Section 8 of Delattre & Fournier by the paper's protocol: each cell's clocks
    /// calibrated, its games played until a sequential test decides, into a data set.
    Section8(crate::section8::Args),
}

/// Arguments of `duel search best`.
#[derive(clap::Args)]
pub struct BestArgs {
    /// The game, e.g. `pearl:2:32` or `pearl:2:16:0.618:seed=7`.
    game: String,
    /// Moves played from the start, in the game's notation (e.g. `121` for Pearl's game).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    position: String,
    /// The agent: mcts, mcts-prime, uct, sym, symp, gw, gw2, solver (exact), auto (the solver
    /// where it finishes in half the budget, else MCTS), with parameters, e.g. `mcts:a=3.5,b=5`.
    #[arg(long)]
    agent: String,
    /// Iterations (simulated matches) for the move (at most 1000000000) [default: 10000].
    #[arg(long, conflicts_with = "millis")]
    iterations: Option<u64>,
    /// Milliseconds for the move (at most 600000).
    #[arg(long)]
    millis: Option<u64>,
    /// Seed of the agent's random choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

/// Arguments of `duel search leaves`.
#[derive(clap::Args)]
pub struct LeavesArgs {
    /// The game, e.g. `pearl:2:16:0.6180339887` (random trees get a new realization per trial).
    game: String,
    /// A Bayesian agent: sym, symp, gw or gw2, e.g. `symp:a=0.618`.
    #[arg(long)]
    agent: String,
    /// Number of independent trials (1 to 1000000).
    #[arg(long)]
    trials: u64,
    /// Seed of the realizations and of the agent.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    match cmd {
        Cmd::Value(args) => search_value::run(args, ctx),
        Cmd::Best(args) => best(args),
        Cmd::Leaves(args) => leaves(args, ctx),
        Cmd::Section8(args) => crate::section8::run(args, ctx),
    }
}

fn best(args: BestArgs) -> anyhow::Result<ExitCode> {
    let out = best_answer(&BestRequest {
        game: args.game,
        position: args.position,
        agent: args.agent,
        iterations: args.iterations,
        millis: args.millis,
        seed: args.seed,
    })?;
    if args.json {
        print_json(&out)?;
    } else {
        out!(
            "{}: move {} (estimate {:.4}; {} iterations in {:.1} ms, stopped: {}, {} tree nodes)",
            out.agent,
            out.mv,
            out.estimate,
            out.iterations,
            out.millis,
            out.stopped,
            out.tree_nodes
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn leaves(args: LeavesArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let bar = progress(ctx, args.trials, "trials");
    // Trials run in parallel, each with its own tree (twice its cap at the peak of a copy):
    // no more at once than fit in the available memory.
    let threads = crate::system::threads_within_memory(2 * TRIAL_MEMORY);
    let request = LeavesRequest {
        game: args.game,
        agent: args.agent,
        trials: args.trials,
        seed: args.seed,
    };
    let out = leaves_answer(&request, threads, &mut |done, _| bar.set_position(done))?;
    bar.finish_and_clear();
    if args.json {
        print_json(&out)?;
    } else {
        out!(
            "{} on {}: mean {:.2} leaves (± {:.2} s.e., sd {:.2}, min {}, max {}) over {} trials; root won in {}",
            out.agent, out.game, out.mean_leaves, out.stderr, out.sd, out.min, out.max, out.trials, out.root_wins
        );
        if let Some(ab) = out.alpha_beta_leaves {
            out!("alpha-beta (SOLVE, random order) expects {ab:.4} leaves");
        }
    }
    Ok(ExitCode::SUCCESS)
}
