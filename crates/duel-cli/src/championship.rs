//! `duel arena championship`: the round robin of MCTS(k/2, l/2) that fits its parameters.

use std::process::ExitCode;

use duel::arena::championship::{run_championship, ChampionshipAnswer, ChampionshipConfig};
use duel::arena::Progress;
use duel::search::answer::budget_of_options_with_work;
use duel::search::Budget;

use crate::output::{out, print_json, progress};
use crate::Ctx;

/// Arguments of `duel arena championship`.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. `pearl:2:32`, `connect:7x6:4`.
    game: String,
    /// The players' algorithm: `mcts` (Algorithm 31) or `mcts-prime` (Algorithm 30).
    #[arg(long)]
    agent: String,
    /// K: the players are MCTS(k/2, l/2) for 1 ≤ k ≤ l ≤ K (the paper: 10, 55 players; 20,
    /// 210 players), 2 ≤ K ≤ 20.
    #[arg(long)]
    grid: u32,
    /// The smallest k (a championship of the larger parameters only).
    #[arg(long, default_value_t = 1)]
    from: u32,
    /// Games of each pair of players, even: half with each colour (the paper: 40).
    #[arg(long, default_value_t = 40)]
    games: u64,
    /// Iterations per move (at most 1000000000) [default: 1000].
    #[arg(long, conflicts_with_all = ["millis", "work"])]
    iterations: Option<u64>,
    /// Milliseconds per move (the paper's budget; the run is then not reproducible).
    #[arg(long, conflicts_with = "work")]
    millis: Option<u64>,
    /// Work units per move (`duel arena --work`: a clock independent of the machine).
    #[arg(long)]
    work: Option<u64>,
    /// Seed of the championship.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads playing games in parallel [default: all cores].
    #[arg(long)]
    threads: Option<usize>,
    /// Judge every move against the exact value (small games only).
    #[arg(long)]
    referee: bool,
    /// Append one JSON line per game to this file as each game ends; the games of this
    /// championship already in it are not played again (resume).
    #[arg(long, value_name = "FILE.jsonl")]
    out: Option<std::path::PathBuf>,
    /// Print every player's line, not only the first ten.
    #[arg(long)]
    all: bool,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let budget = budget_of_options_with_work(args.iterations, args.millis, args.work, "")?
        .unwrap_or(Budget::Iterations(1000));
    let config = ChampionshipConfig {
        game: args.game,
        agent: args.agent,
        grid: args.grid,
        from: args.from,
        games: args.games,
        budget,
        seed: args.seed,
        threads: args.threads,
        memory: crate::system::available_memory(),
        referee: args.referee,
    };
    let bar = progress(ctx, 0, "games");
    let c = run_championship(&config, args.out.as_deref(), &|p| match p {
        Progress::Start { games, resumed } => {
            bar.set_length(games);
            bar.set_position(resumed);
        }
        Progress::Game => bar.inc(1),
    })?;
    bar.finish_and_clear();
    if args.json {
        print_json(&c)?;
    } else {
        print_championship(&c, budget, args.all)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The championship in words: its players, the winner, then the standings (the first ten
/// unless `all`).
fn print_championship(c: &ChampionshipAnswer, budget: Budget, all: bool) -> anyhow::Result<()> {
    let budget = budget.to_string();
    out!(
        "championship of {} on {}, {} players (k/2, l/2 for {} ≤ k ≤ l ≤ {}), {} games a pair, {budget} per move, seed {}:",
        c.championship,
        c.game,
        c.players,
        c.from,
        c.grid,
        c.games_per_pair,
        c.seed
    );
    let w = &c.winner;
    out!(
        "  winner {}: {} wins, {} draws, {} losses in {} games (score {:.4}, 95% CI {:.4} to {:.4}); {} wins more than the runner-up",
        w.player.spec,
        w.wins,
        w.draws,
        w.losses,
        w.games,
        w.score,
        w.score_ci95[0],
        w.score_ci95[1],
        c.margin
    );
    let shown = if all { c.standings.len() } else { 10 };
    out!("  rank  player                      wins  draws  losses  score");
    for s in c.standings.iter().take(shown) {
        let kept = s.referee.map_or(String::new(), |k| {
            format!(
                "  kept {}/{} ({:.4})",
                k.kept,
                k.moves,
                k.fraction().unwrap_or(0.0)
            )
        });
        out!(
            "  {:>4}  {:<26} {:>5}  {:>5}  {:>6}  {:.4}{kept}",
            s.rank,
            s.player.spec,
            s.wins,
            s.draws,
            s.losses,
            s.score
        );
    }
    if c.standings.len() > shown {
        out!("  ({} more; --all shows them)", c.standings.len() - shown);
    }
    if c.resumed > 0 {
        out!("  {} of these games were read back (resumed)", c.resumed);
    }
    Ok(())
}
