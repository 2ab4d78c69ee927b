//! Matches between search agents (`duel arena`): the matches and championships of
//! Delattre & Fournier, section 8.3.
//!
//! A run plays `games` games of one game between agents A and B, each with the same budget per
//! move. Game `i` starts from the game's initial position; A moves first when `i` is even and B
//! when `i` is odd, so that each agent plays as often as first as as second player (the paper
//! plays "10000 times as first player and 10000 times as second one"). Each agent is built
//! afresh for each game with a seed derived from `(seed, i, agent)` and keeps its own tree
//! between its moves (section 8.2 (i)); it is told the true initial position and the moves
//! played (section 8.2 (ii)). Game `i` is therefore the same game whatever the number of
//! threads, the shard, or the number of games of the run (under an iteration budget; a budget
//! in milliseconds depends on the machine's speed).
//!
//! Records ([`GameRecord`]) are written one JSON object per line ([`RecordLine`]), with the
//! run's parameters, so that runs split in shards ([`Shard`]) can be merged ([`merge`]) into
//! the summary ([`Summary`]) one run would have given.
//!
//! | file | what |
//! | --- | --- |
//! | `mod.rs` | a run's configuration, its checks, and the games played in parallel |
//! | `realization.rs` | the tree each game is played on (one realization per pair of games) |
//! | `referee.rs` | whether each move kept the exact value (`--referee`) |
//! | `record.rs` | the records file: its lines, appending, resuming, the checks of a record |
//! | `summary.rs` | wins, draws, losses and the confidence interval of a run |
//! | `merge.rs` | the records of several runs or shards read as one run |
//! | `championship.rs` | the round robin of MCTS parameters (section 8.3) |
//! | `standings.rs` | a championship's table and its winner |
//! | `clock.rs` | the paper-equivalent clock: work units calibrated on the first move |
//! | `sequential.rs` | when a cell's comparison with the paper's score is decided (section 8) |
//! | `error.rs` | why a run or a merge failed ([`ArenaError`]) |

use std::collections::BTreeSet;
use std::path::Path;

use rayon::prelude::*;
use serde::Serialize;

use crate::agent::DEFAULT_MEMORY_BYTES;
use crate::{AgentSpec, Budget, SearchError};
use duel_core::game::{Game, GameError, Outcome, Player};
use duel_core::input::Bounds;
use duel_games::registry::names_bidding_game;
use duel_games::{mix64, parse_game, with_game, AnyGame};

pub mod championship;
pub mod clock;
mod error;
mod merge;
pub mod realization;
mod record;
pub mod referee;
pub mod sequential;
pub mod standings;
mod summary;

pub use error::{ArenaError, InputError, MergeError, RecordFault, ReplayFault, ShardFault};
pub use merge::{merge, merge_files, Merged};
use record::{check_games, open_records};
pub use record::{parse_record_line, parse_records, GameRecord, RecordLine, RunInfo};
pub use summary::{score_ci95, IterationCounts, Summary, Tally};

use realization::{game_start, is_random_tree};
use referee::{check_refereeable, Referee, RefereeCounts};

/// Runs `play` (games in parallel) on `threads` threads (all cores when `None`), as many as
/// fit in `memory` at [`GAME_PEAK_BYTES`] a game.
pub(super) fn in_pool<T: Send>(
    threads: Option<usize>,
    memory: Option<u64>,
    play: impl FnOnce() -> Result<T, ArenaError> + Send,
) -> Result<T, ArenaError> {
    let fit = memory
        .map_or(usize::MAX, |m| {
            usize::try_from(m / GAME_PEAK_BYTES).unwrap_or(usize::MAX)
        })
        .max(1);
    let threads = match threads {
        Some(t) => Some(t.min(fit)),
        None if rayon::current_num_threads() > fit => Some(fit),
        None => None,
    };
    match threads {
        None => play(),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| InputError::ThreadPool {
                threads: t,
                why: e.to_string(),
            })?
            .install(play),
    }
}

/// The most games one run may play (each record is kept in memory until the run ends).
pub const MAX_GAMES: u64 = 10_000_000;

/// The most a records file may hold: a line of 64 KiB (a record of the longest game, 256
/// moves, takes under 2 KiB) and 4 GiB in all.
pub const RECORD_BOUNDS: Bounds = Bounds {
    max_line_bytes: 64 << 10,
    max_file_bytes: 4 << 30,
};

/// The most threads a run may ask for.
pub const MAX_THREADS: usize = 1024;

/// Plays only the games whose index is `index` modulo `count` (`--shard I/N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// I, in `0..count`.
    pub index: u64,
    /// N ≥ 1.
    pub count: u64,
}

impl Shard {
    /// The whole run (shard 0/1).
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Reads `I/N` with `0 ≤ I < N`.
    pub fn parse(text: &str) -> Result<Shard, ArenaError> {
        let bad = |why: ShardFault| {
            ArenaError::Input(InputError::ShardText {
                text: text.to_string(),
                why,
            })
        };
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| bad(ShardFault::NoSlash))?;
        let i: u64 = i.trim().parse().map_err(|_| bad(ShardFault::Index))?;
        let n: u64 = n.trim().parse().map_err(|_| bad(ShardFault::Count))?;
        if n == 0 {
            return Err(bad(ShardFault::ZeroCount));
        }
        if i >= n {
            return Err(bad(ShardFault::IndexPastCount));
        }
        Ok(Shard { index: i, count: n })
    }

    /// Whether game `i` belongs to this shard.
    pub fn contains(self, i: u64) -> bool {
        i % self.count == self.index
    }

    /// How many of the games `0..games` belong to this shard.
    pub fn games_in(self, games: u64) -> u64 {
        if self.index < games {
            (games - self.index).div_ceil(self.count.max(1))
        } else {
            0
        }
    }
}

/// The parameters of a run.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The game's name (`tictactoe`, `connect:4x4:3`, `pearl:2:16`, ...).
    pub game: String,
    /// Agent A's spec.
    pub a: String,
    /// Agent B's spec.
    pub b: String,
    /// Games in the whole run (shards included), 1 to [`MAX_GAMES`].
    pub games: u64,
    /// Budget of each agent for each move (of A only when `b_budget` is given).
    pub budget: Budget,
    /// B's budget per move when it differs from A's.
    pub b_budget: Option<Budget>,
    /// Seed of the run.
    pub seed: u64,
    /// Threads of the local pool; `None`: rayon's global pool.
    pub threads: Option<usize>,
    /// The memory the games played at once may use together, in bytes (the CLI passes what
    /// the system has available); `None`: no limit. At most `memory /`
    /// [`GAME_PEAK_BYTES`] games (at least one) are played at once, whatever `threads`: which
    /// games are played, and how, does not depend on it.
    pub memory: Option<u64>,
    /// The games played.
    pub shard: Shard,
    /// Whether the referee judges every move ([`referee`]); refused on a game too large to
    /// solve.
    pub referee: bool,
}

/// The most memory one game may hold: two agents, each with a tree of at most
/// [`DEFAULT_MEMORY_BYTES`] that briefly takes up to twice that while one of its arrays is
/// copied into a larger one (measured: 2.1 GB at the peak of MCTS′ and of Sym stopped by the
/// 1 GiB limit on pearl:2:4096).
pub const GAME_PEAK_BYTES: u64 = 2 * 2 * DEFAULT_MEMORY_BYTES;

/// The seed of an agent in game `index` of a run seeded `seed`: `agent` is 0 for A (`--a`)
/// and 1 for B (`--b`).
pub fn agent_seed(seed: u64, index: u64, agent: u64) -> u64 {
    mix64(mix64(mix64(seed) ^ index) ^ agent)
}

/// Parses a game for the arena: a game of [`duel_games`]; a bidding game is refused with a
/// message saying so.
pub fn parse_arena_game(spec: &str) -> Result<AnyGame, ArenaError> {
    match parse_game(spec) {
        Ok(g) => Ok(g),
        Err(GameError::UnknownGame(_)) if names_bidding_game(spec) => {
            Err(ArenaError::Unsupported {
                game: spec.trim().to_string(),
            })
        }
        Err(e) => Err(e.into()),
    }
}

/// Plays game `index` of a run from `start`: A moves first when `index` is even; A searches
/// each move with `budgets[0]`, B with `budgets[1]`.
pub fn play_game<G: Game + 'static>(
    start: &G,
    a: &AgentSpec,
    b: &AgentSpec,
    budgets: [Budget; 2],
    seed: u64,
    index: u64,
) -> Result<GameRecord, SearchError> {
    let budgets = [budgets[0].validate()?, budgets[1].validate()?];
    let a_first = index % 2 == 0;
    let a_plays = if a_first {
        Player::First
    } else {
        Player::Second
    };
    let mut agent_a = a.build::<G>(agent_seed(seed, index, 0));
    let mut agent_b = b.build::<G>(agent_seed(seed, index, 1));
    let mut position = start.clone();
    let mut moves = Vec::new();
    let mut iterations = Vec::new();
    let outcome = loop {
        if let Some(o) = position.outcome() {
            break o;
        }
        let (agent, budget) = if position.to_move() == a_plays {
            (&mut agent_a, budgets[0])
        } else {
            (&mut agent_b, budgets[1])
        };
        agent.set_history(start, &moves);
        let r = agent.search(&position, budget)?;
        position.play(r.best);
        moves.push(r.best);
        iterations.push(r.iterations);
    };
    Ok(GameRecord {
        game_index: index,
        a_first,
        outcome,
        moves: start.format_moves(&moves),
        referee: None,
        iterations,
    })
}

/// Plays game `index` of a run on `game` (on its pair's realization of a random tree, see
/// [`realization`]) and, when `referee`, judges its moves.
pub fn play_run_game(
    game: &AnyGame,
    a: &AgentSpec,
    b: &AgentSpec,
    budgets: [Budget; 2],
    seed: u64,
    index: u64,
    referee: bool,
) -> Result<GameRecord, ArenaError> {
    let start = if is_random_tree(game) {
        game_start(game, seed, index)
    } else {
        game.clone()
    };
    with_game!(start, start => {
        let mut r = play_game(&start, a, b, budgets, seed, index)
            .map_err(|error| ArenaError::Match { index, error })?;
        if referee {
            let moves = start.parse_moves(&r.moves)?;
            let by_colour = Referee::default().judge(&start, &moves)?;
            let a = r.a_plays().index();
            r.referee = Some(RefereeCounts {
                a: by_colour[a],
                b: by_colour[1 - a],
            });
        }
        Ok(r)
    })
}

/// A run's records, in the order of their index, with its parameters and summary.
#[derive(Clone, Debug)]
pub struct ArenaRun {
    /// The run's parameters as written in each record line.
    pub info: RunInfo,
    /// The games played (those of the shard), by index.
    pub records: Vec<GameRecord>,
    /// Their summary.
    pub summary: Summary,
    /// The games played.
    pub shard: Shard,
    /// Games read back from the records file rather than played (a resumed run).
    pub resumed: u64,
}

/// The answer of `duel arena` (its `--json` document): the run's summary, its budgets, seed
/// and shard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunAnswer {
    /// The summary of the games played.
    #[serde(flatten)]
    pub summary: Summary,
    /// Iterations per move, when the budget is in iterations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u64>,
    /// Milliseconds per move, when the budget is in time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub millis: Option<u64>,
    /// B's iterations per move, when B's budget differs from A's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b_iterations: Option<u64>,
    /// B's milliseconds per move, when B's budget differs from A's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b_millis: Option<u64>,
    /// Work units per move, when the budget is in work ([`Budget::Work`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub work: Option<u64>,
    /// B's work units per move, when B's budget differs from A's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b_work: Option<u64>,
    /// The run's seed.
    pub seed: u64,
    /// The games played, `I/N` (`0/1`: all).
    pub shard: String,
    /// Games of the summary read back from `--out`'s file rather than played (a resumed run).
    pub resumed: u64,
}

impl ArenaRun {
    /// The run's answer: its summary and parameters.
    pub fn answer(&self) -> RunAnswer {
        RunAnswer {
            summary: self.summary.clone(),
            iterations: self.info.iterations,
            millis: self.info.millis,
            b_iterations: self.info.b_iterations,
            b_millis: self.info.b_millis,
            work: self.info.work,
            b_work: self.info.b_work,
            seed: self.info.seed,
            shard: format!("{}/{}", self.shard.index, self.shard.count),
            resumed: self.resumed,
        }
    }

    /// The records as lines of JSON (`--out FILE.jsonl`), each ending with a newline.
    pub fn jsonl(&self) -> String {
        let mut out = String::new();
        for r in &self.records {
            let line = RecordLine {
                record: r.clone(),
                run: self.info.clone(),
            };
            // A struct of strings, integers and enums always serialises.
            out.push_str(&serde_json::to_string(&line).unwrap_or_default());
            out.push('\n');
        }
        out
    }
}

/// Plays the games of `config.shard` in parallel; `on_game` is called once per game finished
/// (from any thread, e.g. to advance a progress bar).
pub fn run_arena(
    config: &ArenaConfig,
    on_game: &(dyn Fn() + Sync),
) -> Result<ArenaRun, ArenaError> {
    run_arena_into(config, None, &|p| {
        if p == Progress::Game {
            on_game()
        }
    })
}

/// [`run_arena`], writing each record to the file `out` (`--out FILE.jsonl`) as its game
/// ends: one JSON line, appended and written at once, so that a run stopped part way keeps the
/// games it played.
///
/// The file is opened (created if missing) before any game is played. The records it already
/// holds must be of this run (same game, agents, budgets, seed, games and shard; a record of
/// another run is an error naming the difference); their games are not played again and the
/// summary counts them with the new ones, so that a run resumed after a stop gives the
/// summary of one uninterrupted run (under an iteration budget). A last line cut short by the
/// stop is removed.
///
/// `on_game` hears [`Progress::Start`] once before the first game, then [`Progress::Game`]
/// once per game finished (from any thread).
pub fn run_arena_into(
    config: &ArenaConfig,
    out: Option<&Path>,
    on_game: &(dyn Fn(Progress) + Sync),
) -> Result<ArenaRun, ArenaError> {
    run_arena_prefix(config, out, config.games, on_game)
}

/// [`run_arena_into`] for the games of index below `upto` only (of the shard's): the first
/// games of the run, as a sequential test plays them, batch after batch, until it stops. The
/// records file is the run's, so that a later call with a larger `upto`, or `duel arena`
/// itself, goes on from where it stopped.
pub fn run_arena_prefix(
    config: &ArenaConfig,
    out: Option<&Path>,
    upto: u64,
    on_game: &(dyn Fn(Progress) + Sync),
) -> Result<ArenaRun, ArenaError> {
    let a = AgentSpec::parse(&config.a)?;
    let b = AgentSpec::parse(&config.b)?;
    let budget = config.budget.validate()?;
    let b_budget = config.b_budget.map(Budget::validate).transpose()?;
    let budgets = [budget, b_budget.unwrap_or(budget)];
    check_games(config.games)?;
    let shard = config.shard;
    let game = check_run_config(config)?;
    let info = run_info(config, &game, (&a, &b), budget, b_budget);

    let (sink, done) = match out {
        Some(path) => {
            let (sink, done) = open_records(path, &info, shard)?;
            (Some(sink), done)
        }
        None => (None, Vec::new()),
    };
    let played: BTreeSet<u64> = done.iter().map(|r| r.game_index).collect();
    let upto = upto.min(config.games);
    let indices: Vec<u64> = (shard.index..upto)
        .step_by(usize::try_from(shard.count).unwrap_or(usize::MAX))
        .filter(|i| !played.contains(i))
        .collect();
    let done: Vec<GameRecord> = done.into_iter().filter(|r| r.game_index < upto).collect();
    on_game(Progress::Start {
        games: shard.games_in(upto),
        resumed: done.len() as u64,
    });
    let play = || -> Result<Vec<GameRecord>, ArenaError> {
        indices
            .par_iter()
            .map(|&i| {
                let r = play_run_game(&game, &a, &b, budgets, config.seed, i, config.referee)?;
                if let Some(sink) = &sink {
                    sink.write(&r)?;
                }
                on_game(Progress::Game);
                Ok(r)
            })
            .collect()
    };
    let mut records = in_pool(config.threads, config.memory, play)?;
    let resumed = done.len() as u64;
    records.extend(done);
    records.sort_by_key(|r| r.game_index);
    let summary = Summary::of(&info.game, &info.a, &info.b, &records).ok_or(InputError::NoGame)?;
    Ok(ArenaRun {
        info,
        records,
        summary,
        shard,
        resumed,
    })
}

/// Refuses a shard that is not one of the run's games, threads out of range, and a game that
/// is over from its start or that the referee cannot judge where it is asked to; returns the
/// game.
fn check_run_config(config: &ArenaConfig) -> Result<AnyGame, ArenaError> {
    let shard = config.shard;
    if shard.count == 0 || shard.index >= shard.count {
        return Err(InputError::Shard {
            index: shard.index,
            count: shard.count,
        }
        .into());
    }
    if shard.index >= config.games {
        return Err(InputError::EmptyShard {
            index: shard.index,
            count: shard.count,
            games: config.games,
        }
        .into());
    }
    if let Some(t) = config.threads {
        if t == 0 || t > MAX_THREADS {
            return Err(InputError::Threads {
                got: t,
                max: MAX_THREADS,
            }
            .into());
        }
    }
    playable_game(
        &config.game,
        config.seed,
        config.referee,
        |g| with_game!(g, g => g.outcome()),
    )
}

/// The game `spec` as a run or a championship plays it: refused when `start_outcome` says the
/// position its games start from is over, and when `referee` asks for a judge it cannot have.
pub(super) fn playable_game(
    spec: &str,
    seed: u64,
    referee: bool,
    start_outcome: impl Fn(&AnyGame) -> Option<Outcome>,
) -> Result<AnyGame, ArenaError> {
    let game = parse_arena_game(spec)?;
    if let Some(o) = start_outcome(&game) {
        return Err(InputError::Over {
            game: spec.trim().to_string(),
            outcome: o,
        }
        .into());
    }
    if referee {
        check_refereeable(&game, seed)?;
    }
    Ok(game)
}

/// What each record of a run says of the run: its game, agents, budgets and seed.
fn run_info(
    config: &ArenaConfig,
    game: &AnyGame,
    (a, b): (&AgentSpec, &AgentSpec),
    budget: Budget,
    b_budget: Option<Budget>,
) -> RunInfo {
    let b_own = b_budget.filter(|&b| b != budget);
    RunInfo {
        game: game.spec(),
        a: a.text(),
        b: b.text(),
        iterations: budget.iterations(),
        millis: budget.millis(),
        work: budget.work(),
        b_iterations: b_own.and_then(Budget::iterations),
        b_millis: b_own.and_then(Budget::millis),
        b_work: b_own.and_then(Budget::work),
        seed: config.seed,
        games: config.games,
        pair_realizations: is_random_tree(game),
        refereed: config.referee,
    }
}

/// What [`run_arena_into`] tells its caller as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Before the first game: the games of the shard, and those read back from `--out`.
    Start {
        /// Games of the shard.
        games: u64,
        /// Of which already in the file.
        resumed: u64,
    },
    /// A game ended.
    Game,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_partition() {
        assert_eq!(Shard::parse("1/3").unwrap(), Shard { index: 1, count: 3 });
        for bad in ["3/3", "0/0", "1", "a/2", "-1/2", "1/-2", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        let s = Shard::parse("2/4").unwrap();
        let got: Vec<u64> = (0..12).filter(|&i| s.contains(i)).collect();
        assert_eq!(got, vec![2, 6, 10]);
        for games in 0..12 {
            let count = (0..games).filter(|&i| s.contains(i)).count() as u64;
            assert_eq!(s.games_in(games), count, "{games}");
        }
        assert_eq!(Shard::ALL.games_in(5), 5);
    }

    #[test]
    fn a_run_answers_with_its_parameters_and_merges_from_files() {
        let config = ArenaConfig {
            game: "tictactoe".into(),
            a: "mcts".into(),
            b: "mcts".into(),
            games: 5,
            budget: Budget::Iterations(20),
            b_budget: Some(Budget::Millis(5)),
            seed: 3,
            threads: Some(1),
            memory: None,
            shard: Shard { index: 1, count: 2 },
            referee: false,
        };
        let run = run_arena(&config, &|| {}).unwrap();
        let answer = run.answer();
        assert_eq!(answer.summary.games, 2);
        assert_eq!((answer.iterations, answer.millis), (Some(20), None));
        assert_eq!((answer.b_iterations, answer.b_millis), (None, Some(5)));
        let json = serde_json::to_value(&answer).unwrap();
        assert_eq!(
            (json["shard"].as_str(), json["seed"].as_u64()),
            (Some("1/2"), Some(3))
        );
        assert_eq!(json["games"], 2);
        let path = std::env::temp_dir().join(format!("duel-arena-{}.jsonl", std::process::id()));
        std::fs::write(&path, run.jsonl()).unwrap();
        let merged = merge_files(std::slice::from_ref(&path));
        std::fs::remove_file(&path).unwrap();
        let merged = merged.unwrap();
        assert_eq!(merged.summary, run.summary);
        assert_eq!(merged.missing_games, 3);
        let e = merge_files(&[path]).unwrap_err();
        assert!(matches!(e, ArenaError::Read { .. }), "{e}");
    }

    #[test]
    fn seeds_differ_by_game_and_side() {
        let s: BTreeSet<u64> = (0..100)
            .flat_map(|i| [agent_seed(7, i, 0), agent_seed(7, i, 1)])
            .collect();
        assert_eq!(s.len(), 200);
        assert_ne!(agent_seed(7, 0, 0), agent_seed(8, 0, 0));
    }
}
