//! `duel search` subcommands: `value` (exact, games workstream), `best` and `leaves` (agents).

use std::process::ExitCode;

use duel::game::Game;
use duel::games::{parse_game, AnyGame, GameVisitor};
use duel::search::agent::DEFAULT_MEMORY_BYTES;
use duel::search::experiments::{alpha_beta_expected_leaves, leaves_experiment, SolveRun, Summary};
use duel::search::{AgentSpec, Budget};
use serde::Serialize;

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
    /// Iterations (simulated matches) for the move [default: 10000].
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
    }
}

#[derive(Serialize)]
struct BestOut {
    game: String,
    position: String,
    agent: String,
    #[serde(rename = "move")]
    mv: String,
    estimate: f64,
    iterations: u64,
    millis: f64,
    stopped: duel::search::StopReason,
    tree_nodes: usize,
}

const MAX_MILLIS: u64 = 600_000;

/// The budget of `--iterations N | --millis T` (default 10000 iterations), refused when zero
/// or above [`MAX_MILLIS`]; shared by `search best` and `play`.
pub(crate) fn budget_of(iterations: Option<u64>, millis: Option<u64>) -> anyhow::Result<Budget> {
    let b = match (iterations, millis) {
        (_, Some(ms)) => {
            if ms > MAX_MILLIS {
                anyhow::bail!("--millis {ms} is more than the limit of {MAX_MILLIS} (10 minutes)");
            }
            Budget::Millis(ms)
        }
        (Some(n), None) => Budget::Iterations(n),
        (None, None) => Budget::Iterations(10_000),
    };
    Ok(b.validate()?)
}

/// The moves of `position` (in the game's notation) and the position they reach from `start`;
/// an error when a move is bad or the position is finished (no move to search). Shared by
/// `search best` and `play`.
pub(crate) fn position_to_search<G: Game>(
    start: &G,
    position: &str,
) -> anyhow::Result<(Vec<G::Move>, G)> {
    let moves = start.parse_moves(position)?;
    let mut game = start.clone();
    game.try_play_all(&moves)?;
    if let Some(o) = game.outcome() {
        anyhow::bail!(
            "the position '{}' is finished ({o}): there is no move to search",
            position.trim()
        );
    }
    Ok((moves, game))
}

fn best(args: BestArgs) -> anyhow::Result<ExitCode> {
    struct Best(BestArgs, AgentSpec, Budget);
    impl GameVisitor for Best {
        type Output = anyhow::Result<ExitCode>;
        fn visit<G: Game + 'static>(self, start: G) -> anyhow::Result<ExitCode> {
            let Best(args, spec, budget) = self;
            let (moves, game) = position_to_search(&start, &args.position)?;
            let mut agent = spec.build::<G>(args.seed);
            agent.set_history(&start, &moves);
            let r = agent.search(&game, budget)?;
            let out = BestOut {
                game: game.spec(),
                position: args.position.trim().to_string(),
                agent: agent.name(),
                mv: game.format_move(r.best),
                estimate: r.estimate,
                iterations: r.iterations,
                millis: r.millis,
                stopped: r.stopped,
                tree_nodes: r.tree_nodes,
            };
            if args.json {
                print_json(&out)?;
            } else {
                out!(
                    "{}: move {} (estimate {:.4}; {} iterations in {:.1} ms, stopped: {}, {} tree nodes)",
                    out.agent, out.mv, out.estimate, out.iterations, out.millis, out.stopped, out.tree_nodes
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
    let spec = AgentSpec::parse(&args.agent)?;
    let budget = budget_of(args.iterations, args.millis)?;
    let game = parse_game(&args.game)?;
    game.visit(Best(args, spec, budget))
}

#[derive(Serialize)]
struct LeavesOut {
    game: String,
    agent: String,
    trials: u64,
    seed: u64,
    mean_leaves: f64,
    sd: f64,
    stderr: f64,
    min: f64,
    max: f64,
    root_wins: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    alpha_beta_leaves: Option<f64>,
}

const MAX_TRIALS: u64 = 1_000_000;
/// The cap on each trial's tree: the default of every agent (docs/search.md), so that a tree
/// `search best` can grow is one `search leaves` can grow too.
const TRIAL_MEMORY: u64 = DEFAULT_MEMORY_BYTES;

/// The trials of `search leaves`, each with a tree capped at [`TRIAL_MEMORY`].
struct Trials<'a> {
    prior: &'a duel::search::priors::PriorKind,
    trials: u64,
    seed: u64,
    tick: &'a (dyn Fn() + Sync),
}

impl Trials<'_> {
    /// Runs the trials on the games `make(seed)` builds.
    fn run<G: Game, F: Fn(u64) -> G + Sync>(
        &self,
        make: F,
    ) -> Result<(Summary, Vec<SolveRun>), duel::search::SearchError> {
        leaves_experiment(
            make,
            self.prior,
            self.trials,
            self.seed,
            TRIAL_MEMORY,
            self.tick,
        )
    }
}

/// A fixed game: every trial searches its root.
impl GameVisitor for &Trials<'_> {
    type Output = Result<(String, Summary, Vec<SolveRun>, Option<f64>), duel::search::SearchError>;
    fn visit<G: Game + 'static>(self, g: G) -> Self::Output {
        let (s, runs) = self.run(|_| g.clone())?;
        Ok((g.spec(), s, runs, None))
    }
}

fn leaves(args: LeavesArgs, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let spec = AgentSpec::parse(&args.agent)?;
    let AgentSpec::Bayes(prior) = spec.clone() else {
        anyhow::bail!(
            "agent '{}' never proves the root value; `search leaves` needs sym, symp, gw or gw2",
            args.agent
        );
    };
    if args.trials == 0 || args.trials > MAX_TRIALS {
        anyhow::bail!("--trials must be between 1 and {MAX_TRIALS}");
    }
    let game = args.game.trim();
    let bar = progress(ctx, args.trials, "trials");
    let tick = || bar.inc(1);
    // Trials run in parallel, each with its own tree of up to 1 GiB (twice that at the peak
    // of a copy): no more at once than fit in the available memory. Trial i is the same
    // whatever the number of threads.
    let threads = crate::system::threads_within_memory(2 * TRIAL_MEMORY);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start {threads} threads: {e}"))?;
    let game = parse_game(game)?;
    let trials = Trials {
        prior: &prior,
        trials: args.trials,
        seed: args.seed,
        tick: &tick,
    };
    let out = pool.install(|| -> anyhow::Result<_> {
        Ok(match game {
            // Random trees: every trial plays a new realization.
            AnyGame::Pearl(g) => {
                let (s, runs) = trials.run(|seed| g.with_seed(seed))?;
                let ab =
                    alpha_beta_expected_leaves(g.degree(), g.max_depth(), g.leaf_probability());
                (g.spec(), s, runs, Some(ab))
            }
            AnyGame::GaltonWatson(g) => {
                let (s, runs) = trials.run(|seed| g.with_seed(seed))?;
                (g.spec(), s, runs, None)
            }
            // A fixed game: every trial searches the same root with a different agent seed.
            fixed => fixed.visit(&trials)?,
        })
    })?;
    bar.finish_and_clear();
    let (game_spec, s, runs, ab) = out;
    let out = LeavesOut {
        game: game_spec,
        agent: spec.text(),
        trials: s.trials,
        seed: args.seed,
        mean_leaves: s.mean,
        sd: s.sd,
        stderr: s.stderr,
        min: s.min,
        max: s.max,
        root_wins: runs.iter().filter(|r| r.value).count() as u64,
        alpha_beta_leaves: ab,
    };
    if args.json {
        print_json(&out)?;
    } else {
        out!(
            "{} on {}: mean {:.2} leaves (± {:.2} s.e., sd {:.2}, min {}, max {}) over {} trials; root won in {}",
            out.agent, out.game, out.mean_leaves, out.stderr, out.sd, out.min, out.max, out.trials, out.root_wins
        );
        if let Some(ab) = ab {
            out!("alpha-beta (SOLVE, random order) expects {ab:.4} leaves");
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaves_caps_each_tree_as_the_docs_say() {
        // docs/search.md states the cap of every agent's tree; `search leaves` used 512 MiB.
        let docs = include_str!("../../../docs/search.md");
        let cap = duel::search::agent::memory_text(TRIAL_MEMORY);
        assert!(
            docs.contains(&format!("capped at {cap} per agent")),
            "docs/search.md does not state the cap of {cap}"
        );
    }
}
