//! The answers of the `duel search` commands (`value`, `best`, `leaves`): one function per
//! command, each returning a type whose JSON is the command's `--json` document, and the rules
//! the commands share with `duel play` (the budget of a move, the position to search).
//!
//! ```
//! use duel_search::answer::value;
//! use duel_core::game::Value;
//!
//! // Tic-tac-toe is a draw.
//! let v = value("tictactoe", "", 50_000_000)?;
//! assert_eq!(v.value, Value::Draw);
//! # Ok::<(), duel_search::answer::AnswerError>(())
//! ```

use std::time::Instant;

use duel_core::game::{Game, GameError, Outcome, Player, Value};
use duel_games::{parse_game, with_game, AnyGame};
use serde::Serialize;
use thiserror::Error;

use crate::agent::DEFAULT_MEMORY_BYTES;
use crate::experiments::{alpha_beta_expected_leaves, leaves_experiment, SolveRun, Summary};
use crate::minimax::{solve, MinimaxError, MinimaxOptions};
use crate::priors::PriorKind;
use crate::solver::connect_four_value_until;
use crate::{AgentSpec, Budget, SearchError, StopReason};
use duel_core::text::quote;

/// The longest budget of a move in milliseconds (10 minutes).
pub const MAX_MILLIS: u64 = 600_000;

/// The most iterations of a move: 10 to 40 minutes of MCTS on Connect Four 7×6 (0.4 to 1.7
/// million iterations a second measured), the order of [`MAX_MILLIS`]; about 100 s of the
/// `solver` agent, whose iterations are positions.
pub const MAX_ITERATIONS: u64 = 1_000_000_000;

/// The most work units of a move ([`Budget::Work`]): a thousand times [`MAX_ITERATIONS`],
/// an iteration of the papers' games taking tens to hundreds of units.
pub const MAX_WORK: u64 = 1_000 * MAX_ITERATIONS;

/// The most trials of `duel search leaves`.
pub const MAX_TRIALS: u64 = 1_000_000;

/// The cap on each trial's tree in `duel search leaves`: the default of every agent
/// (docs/search.md), so that a tree `search best` can grow is one `search leaves` can grow too.
pub const TRIAL_MEMORY: u64 = DEFAULT_MEMORY_BYTES;

/// The iterations of a move when neither iterations nor milliseconds are given.
pub const DEFAULT_ITERATIONS: u64 = 10_000;

/// Why a `duel search` command has no answer.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum AnswerError {
    /// A bad game name or move, a finished game.
    #[error(transparent)]
    Game(#[from] GameError),
    /// A bad agent or budget, or a search that failed.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The exact search failed.
    #[error(transparent)]
    Minimax(#[from] MinimaxError),
    /// More milliseconds than [`MAX_MILLIS`].
    #[error("--{prefix}millis {millis} is more than the limit of {MAX_MILLIS} (10 minutes)")]
    TooManyMillis {
        /// The option's prefix: empty, or `b-` for `--b-millis`.
        prefix: &'static str,
        /// The milliseconds asked for.
        millis: u64,
    },
    /// More work units than [`MAX_WORK`].
    #[error("--{prefix}work {units} is more than the limit of {MAX_WORK} units")]
    TooMuchWork {
        /// The option's prefix: empty, or `b-` for `--b-work`.
        prefix: &'static str,
        /// The units asked for.
        units: u64,
    },
    /// More iterations than [`MAX_ITERATIONS`].
    #[error("--{prefix}iterations {iterations} is more than the limit of {MAX_ITERATIONS} (minutes a move; --millis bounds the time)")]
    TooManyIterations {
        /// The option's prefix: empty, or `b-` for `--b-iterations`.
        prefix: &'static str,
        /// The iterations asked for.
        iterations: u64,
    },
    /// The position given is finished: nothing to search.
    #[error("the position {} is finished ({outcome}): there is no {what} to search", quote(.position))]
    Finished {
        /// The moves, as given (trimmed).
        position: String,
        /// How the game ended.
        outcome: Outcome,
        /// `move` (an agent's search) or `value` (the exact value).
        what: &'static str,
    },
    /// The exact search gave up after `max_nodes` positions.
    #[error("not solved within {max_nodes} positions: too large for exact search from here (raise --max-nodes, about {rate} million positions per second, or give a later --position)")]
    TooLarge {
        /// The positions searched.
        max_nodes: u64,
        /// The search's speed, in millions of positions a second, in words (`10`, `1 to 3`).
        rate: &'static str,
    },
    /// A node budget of zero.
    #[error("--max-nodes must be at least 1")]
    ZeroNodes,
    /// `search leaves` with an agent that never proves the root value.
    #[error("agent {} never proves the root value; `search leaves` needs sym, symp, gw or gw2", quote(.0))]
    NotBayesian(String),
    /// A number of trials out of 1..=[`MAX_TRIALS`].
    #[error("--trials must be between 1 and {MAX_TRIALS}")]
    Trials,
    /// The threads of the trials could not start.
    #[error("cannot start {threads} threads: {why}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// The system's reason.
        why: String,
    },
}

/// The budget of `--{prefix}iterations N | --{prefix}millis T`, if either is given; refused
/// above [`MAX_ITERATIONS`] or [`MAX_MILLIS`]. With both, the milliseconds count.
pub fn budget_of_options(
    iterations: Option<u64>,
    millis: Option<u64>,
    prefix: &'static str,
) -> Result<Option<Budget>, AnswerError> {
    budget_of_options_with_work(iterations, millis, None, prefix)
}

/// [`budget_of_options`] with `--{prefix}work U` too (the arena's and championships'
/// deterministic clock, [`Budget::Work`]); refused above [`MAX_WORK`]. The milliseconds
/// count first, then the work units.
pub fn budget_of_options_with_work(
    iterations: Option<u64>,
    millis: Option<u64>,
    work: Option<u64>,
    prefix: &'static str,
) -> Result<Option<Budget>, AnswerError> {
    if millis.is_none() {
        match work {
            Some(units) if units > MAX_WORK => {
                return Err(AnswerError::TooMuchWork { prefix, units })
            }
            Some(units) => return Ok(Some(Budget::Work(units))),
            None => {}
        }
    }
    Ok(match (iterations, millis) {
        (_, Some(millis)) if millis > MAX_MILLIS => {
            return Err(AnswerError::TooManyMillis { prefix, millis })
        }
        (_, Some(ms)) => Some(Budget::Millis(ms)),
        (Some(iterations), None) if iterations > MAX_ITERATIONS => {
            return Err(AnswerError::TooManyIterations { prefix, iterations })
        }
        (Some(n), None) => Some(Budget::Iterations(n)),
        (None, None) => None,
    })
}

/// The budget of a move from `--iterations N | --millis T` ([`DEFAULT_ITERATIONS`] when
/// neither is given), refused when zero or above [`MAX_ITERATIONS`] or [`MAX_MILLIS`]; shared by `search best` and
/// `play`.
pub fn budget_of(iterations: Option<u64>, millis: Option<u64>) -> Result<Budget, AnswerError> {
    let b = budget_of_options(iterations, millis, "")?
        .unwrap_or(Budget::Iterations(DEFAULT_ITERATIONS));
    Ok(b.validate()?)
}

/// The moves of `position` (in the game's notation) and the position they reach from `start`;
/// an error when a move is bad or the position is finished (no move to search). Shared by
/// `search best` and `play`.
pub fn position_to_search<G: Game>(
    start: &G,
    position: &str,
) -> Result<(Vec<G::Move>, G), AnswerError> {
    let moves = start.parse_moves(position)?;
    let mut game = start.clone();
    game.try_play_all(&moves)?;
    if let Some(outcome) = game.outcome() {
        return Err(AnswerError::Finished {
            position: position.trim().to_string(),
            outcome,
            what: "move",
        });
    }
    Ok((moves, game))
}

/// The answer of `duel search value`: the exact value of a position for the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueAnswer {
    /// The game, as its name writes it.
    pub game: String,
    /// The moves played from the start.
    pub position: String,
    /// The value for the side to move.
    pub value: Value,
    /// The side to move.
    pub to_move: Player,
    /// Positions searched.
    pub nodes: u64,
    /// "opening book" (Connect Four 7×6 positions of the book), "connect four solver" (Connect
    /// Four boards with W·(H+1) ≤ 64) or "alpha-beta".
    pub method: &'static str,
}

/// `duel search value`: the exact value of `position` (moves from the start of `game`, in
/// its notation), searching at most `max_nodes` positions. Connect Four on the boards of the
/// dedicated solver goes to its weak search; every other game to alpha-beta.
pub fn value(game: &str, position: &str, max_nodes: u64) -> Result<ValueAnswer, AnswerError> {
    value_until(game, position, max_nodes, None)
}

/// [`value`], giving up at `deadline` where one is given (an error, as out of positions or
/// out of time).
pub fn value_until(
    game: &str,
    position: &str,
    max_nodes: u64,
    deadline: Option<Instant>,
) -> Result<ValueAnswer, AnswerError> {
    let game = parse_game(game)?;
    if max_nodes == 0 {
        return Err(AnswerError::ZeroNodes);
    }
    let opts = MinimaxOptions {
        max_nodes,
        deadline,
        ..MinimaxOptions::default()
    };
    with_game!(game, g => value_of(g, position.trim(), &opts))
}

/// [`value`] of the position `position` of `game`.
fn value_of<G: Game + 'static>(
    mut game: G,
    position: &str,
    opts: &MinimaxOptions,
) -> Result<ValueAnswer, AnswerError> {
    game.play_moves(position)?;
    let max_nodes = opts.max_nodes;
    if game.outcome().is_none() {
        if let Some(r) = connect_four_value_until(&game, max_nodes, opts.deadline) {
            let v = r.map_err(|e| match e {
                SearchError::OutOfBudget(_) => AnswerError::TooLarge {
                    max_nodes,
                    rate: "10",
                },
                other => other.into(),
            })?;
            return Ok(ValueAnswer {
                game: game.spec(),
                position: position.to_string(),
                value: v.value,
                to_move: game.to_move(),
                nodes: v.nodes,
                method: if v.from_book {
                    "opening book"
                } else {
                    "connect four solver"
                },
            });
        }
    }
    let solution = solve(&game, opts).map_err(|e| match e {
        MinimaxError::Finished(outcome) => AnswerError::Finished {
            position: position.to_string(),
            outcome,
            what: "value",
        },
        MinimaxError::TooLarge { max_nodes } => AnswerError::TooLarge {
            max_nodes,
            rate: "1 to 3",
        },
        other => other.into(),
    })?;
    Ok(ValueAnswer {
        game: game.spec(),
        position: position.to_string(),
        value: solution.value,
        to_move: game.to_move(),
        nodes: solution.nodes,
        method: "alpha-beta",
    })
}

/// What `duel search best` is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestRequest {
    /// The game, e.g. `pearl:2:32`.
    pub game: String,
    /// Moves played from the start, in the game's notation.
    pub position: String,
    /// The agent spec, e.g. `mcts:a=3.5,b=5`.
    pub agent: String,
    /// Iterations for the move.
    pub iterations: Option<u64>,
    /// Milliseconds for the move (wins over `iterations`; see [`budget_of`]).
    pub millis: Option<u64>,
    /// Seed of the agent's random choices.
    pub seed: u64,
}

/// The answer of `duel search best`: the agent's move and its estimate of the root value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BestAnswer {
    /// The game, as its name writes it.
    pub game: String,
    /// The moves played from the start (trimmed).
    pub position: String,
    /// The agent, with its parameters.
    pub agent: String,
    /// The move chosen, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The agent's estimate of the root value for the side to move.
    pub estimate: f64,
    /// Iterations searched.
    pub iterations: u64,
    /// Time taken.
    pub millis: f64,
    /// Why the search stopped.
    pub stopped: StopReason,
    /// Nodes of the agent's tree.
    pub tree_nodes: usize,
}

/// `duel search best`: the request's agent searches its position. The agent, the budget, the
/// game and the position are checked in that order, before any search.
pub fn best(request: &BestRequest) -> Result<BestAnswer, AnswerError> {
    let spec = AgentSpec::parse(&request.agent)?;
    let budget = budget_of(request.iterations, request.millis)?;
    let game = parse_game(&request.game)?;
    with_game!(game, g => best_in(g, request, &spec, budget))
}

/// [`best`] from the start `start` of the request's game.
fn best_in<G: Game + 'static>(
    start: G,
    request: &BestRequest,
    spec: &AgentSpec,
    budget: Budget,
) -> Result<BestAnswer, AnswerError> {
    let (moves, game) = position_to_search(&start, &request.position)?;
    let mut agent = spec.build::<G>(request.seed);
    agent.set_history(&start, &moves);
    let r = agent.search(&game, budget)?;
    Ok(BestAnswer {
        game: game.spec(),
        position: request.position.trim().to_string(),
        agent: agent.name(),
        mv: game.format_move(r.best),
        estimate: r.estimate,
        iterations: r.iterations,
        millis: r.millis,
        stopped: r.stopped,
        tree_nodes: r.tree_nodes,
    })
}

/// What `duel search leaves` is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeavesRequest {
    /// The game; random trees (Pearl's, Galton–Watson) get a new realization per trial.
    pub game: String,
    /// A Bayesian agent: sym, symp, gw or gw2, with parameters.
    pub agent: String,
    /// Independent trials (1 to [`MAX_TRIALS`]).
    pub trials: u64,
    /// Seed of the realizations and of the agent.
    pub seed: u64,
}

/// The answer of `duel search leaves`: the leaves a Bayesian agent visits until the root
/// value is known, over the trials.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeavesAnswer {
    /// The game, as its name writes it.
    pub game: String,
    /// The agent, with its parameters.
    pub agent: String,
    /// Trials run.
    pub trials: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Mean leaves visited.
    pub mean_leaves: f64,
    /// Their standard deviation.
    pub sd: f64,
    /// The standard error of the mean.
    pub stderr: f64,
    /// The fewest leaves of a trial.
    pub min: f64,
    /// The most.
    pub max: f64,
    /// Trials whose root was a win for the side to move.
    pub root_wins: u64,
    /// On Pearl's game, the leaves alpha-beta (SOLVE, random order) expects.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alpha_beta_leaves: Option<f64>,
}

/// `duel search leaves`: runs the trials on `threads` threads, each trial with a tree capped
/// at [`TRIAL_MEMORY`] (twice that at the peak of a copy); trial `i` is the same whatever the
/// number of threads. `progress(done, total)` is called as trials finish (from the thread
/// that finished one, one call at a time).
pub fn leaves(
    request: &LeavesRequest,
    threads: usize,
    progress: &mut (dyn FnMut(u64, u64) + Send),
) -> Result<LeavesAnswer, AnswerError> {
    let spec = AgentSpec::parse(&request.agent)?;
    let AgentSpec::Bayes(prior) = spec.clone() else {
        return Err(AnswerError::NotBayesian(request.agent.clone()));
    };
    if request.trials == 0 || request.trials > MAX_TRIALS {
        return Err(AnswerError::Trials);
    }
    let total = request.trials;
    let done = std::sync::Mutex::new((0u64, progress));
    let tick = || {
        if let Ok(mut d) = done.lock() {
            d.0 += 1;
            let n = d.0;
            (d.1)(n, total);
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| AnswerError::Threads {
            threads,
            why: e.to_string(),
        })?;
    let game = parse_game(request.game.trim())?;
    let trials = Trials {
        prior: &prior,
        trials: request.trials,
        seed: request.seed,
        tick: &tick,
    };
    let (game_spec, s, runs, ab) = pool.install(|| -> Result<_, AnswerError> {
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
            fixed => with_game!(fixed, g => trials.run_fixed(g)?),
        })
    })?;
    Ok(LeavesAnswer {
        game: game_spec,
        agent: spec.text(),
        trials: s.trials,
        seed: request.seed,
        mean_leaves: s.mean,
        sd: s.sd,
        stderr: s.stderr,
        min: s.min,
        max: s.max,
        root_wins: runs.iter().filter(|r| r.value).count() as u64,
        alpha_beta_leaves: ab,
    })
}

/// What the trials on a fixed game give: its spec, the summary, the runs, and no expected
/// number of alpha-beta leaves (known for random trees only).
type FixedTrials = (String, Summary, Vec<SolveRun>, Option<f64>);

/// The trials of `search leaves`, each with a tree capped at [`TRIAL_MEMORY`].
struct Trials<'a> {
    prior: &'a PriorKind,
    trials: u64,
    seed: u64,
    tick: &'a (dyn Fn() + Sync),
}

impl Trials<'_> {
    /// Runs the trials on the games `make(seed)` builds.
    fn run<G: Game, F: Fn(u64) -> G + Sync>(
        &self,
        make: F,
    ) -> Result<(Summary, Vec<SolveRun>), SearchError> {
        leaves_experiment(
            make,
            self.prior,
            self.trials,
            self.seed,
            TRIAL_MEMORY,
            self.tick,
        )
    }

    /// Runs the trials on a fixed game: every trial searches its root.
    fn run_fixed<G: Game>(&self, g: G) -> Result<FixedTrials, SearchError> {
        let (s, runs) = self.run(|_| g.clone())?;
        Ok((g.spec(), s, runs, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_follow_the_options() {
        assert_eq!(budget_of(None, None), Ok(Budget::Iterations(10_000)));
        assert_eq!(budget_of(Some(5), None), Ok(Budget::Iterations(5)));
        assert_eq!(budget_of(None, Some(200)), Ok(Budget::Millis(200)));
        assert_eq!(
            budget_of(Some(0), None),
            Err(AnswerError::Search(SearchError::ZeroBudget))
        );
        let e = budget_of(None, Some(600_001)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--millis 600001 is more than the limit of 600000 (10 minutes)"
        );
        assert_eq!(budget_of_options(None, None, "b-"), Ok(None));
        let e = budget_of_options(None, Some(700_000), "b-").unwrap_err();
        assert!(e.to_string().starts_with("--b-millis 700000 "), "{e}");
    }

    #[test]
    fn value_best_and_leaves_answer() {
        // Tic-tac-toe is a draw.
        let v = value("tictactoe", "", 50_000_000).unwrap();
        assert_eq!((v.value, v.method), (Value::Draw, "alpha-beta"));
        let e = value("tictactoe", "123456789", 1000).unwrap_err();
        assert!(matches!(e, AnswerError::Game(_)), "{e}");
        assert_eq!(value("tictactoe", "", 0), Err(AnswerError::ZeroNodes));
        let e = value("tictactoe", "14253", 1000).unwrap_err();
        assert!(
            matches!(e, AnswerError::Finished { what: "value", .. }),
            "{e}"
        );
        // X (cells 1, 2) completes the top row at 3; the solver takes a win at once.
        let b = best(&BestRequest {
            game: "tictactoe".into(),
            position: " 1425 ".into(),
            agent: "solver".into(),
            iterations: None,
            millis: None,
            seed: 0,
        })
        .unwrap();
        assert_eq!((b.position.as_str(), b.mv.as_str()), ("1425", "3"));
        let json = serde_json::to_value(&b).unwrap();
        assert_eq!(json["move"], "3");
        let mut calls = 0;
        let request = LeavesRequest {
            game: "pearl:2:6".into(),
            agent: "sym".into(),
            trials: 20,
            seed: 1,
        };
        let l = leaves(&request, 2, &mut |_, total| {
            calls += 1;
            assert_eq!(total, 20);
        })
        .unwrap();
        assert_eq!((l.trials, calls), (20, 20));
        assert!(l.alpha_beta_leaves.is_some() && l.mean_leaves >= 1.0);
        let mcts = LeavesRequest {
            agent: "mcts".into(),
            ..request
        };
        assert_eq!(
            leaves(&mcts, 1, &mut |_, _| ()),
            Err(AnswerError::NotBayesian("mcts".into()))
        );
    }

    #[test]
    fn leaves_caps_each_tree_as_the_docs_say() {
        // docs/search.md states the cap of every agent's tree; `search leaves` used 512 MiB.
        let docs = include_str!("../../../docs/search.md");
        let cap = crate::agent::memory_text(TRIAL_MEMORY);
        assert!(
            docs.contains(&format!("capped at {cap} per agent")),
            "docs/search.md does not state the cap of {cap}"
        );
    }
}
