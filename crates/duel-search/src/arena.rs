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

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::agent::DEFAULT_MEMORY_BYTES;
use crate::answer::budget_of_options;
use crate::{AgentSpec, Budget, SearchError};
use duel_core::game::{Game, GameError, Outcome, Player};
use duel_core::input::{for_each_line, Bounds, ReadError};
use duel_core::text::quote;
use duel_games::registry::{names_bidding_game, syntaxes, Engine};
use duel_games::{mix64, parse_game, AnyGame, GameVisitor};

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

/// Why a run or a merge failed.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// The game name is not understood.
    #[error(transparent)]
    Game(#[from] GameError),
    /// An agent spec or budget is not valid.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The game exists but no agent plays it.
    #[error("{0}")]
    Unsupported(String),
    /// An agent failed during game `index`.
    #[error("game {index}: {error}")]
    Match {
        /// The game's index in the run.
        index: u64,
        /// What the agent said (in the message, not as its source: printed with its chain,
        /// it was said twice).
        error: SearchError,
    },
    /// A bad argument (number of games, shard, threads).
    #[error("{0}")]
    Input(String),
    /// A line of a records file is not a game record.
    #[error("{source_name}:{line}: {why}")]
    BadRecord {
        /// The file (or other source) read.
        source_name: String,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// A records file that cannot be read.
    #[error("cannot read {file}: {why}")]
    Read {
        /// The file, as the user named it.
        file: String,
        /// The system's reason.
        why: String,
    },
    /// Records of different runs (game, agents or budget) cannot be merged.
    #[error("{0}")]
    Inconsistent(String),
    /// A records file past its bounds ([`RECORD_BOUNDS`]) or not text.
    #[error(transparent)]
    Bounds(ReadError),
    /// The records file of `--out` cannot be created or written.
    #[error("cannot write {file}: {why}")]
    Write {
        /// The file, as the user named it.
        file: String,
        /// The system's reason.
        why: String,
    },
}

impl From<ReadError> for ArenaError {
    fn from(e: ReadError) -> Self {
        match e {
            ReadError::Io { file, why } => ArenaError::Read { file, why },
            e => ArenaError::Bounds(e),
        }
    }
}

/// Which of the two agents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Agent A (`--a`).
    A,
    /// Agent B (`--b`).
    B,
}

/// Who won a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// Agent A won.
    A,
    /// Agent B won.
    B,
    /// Nobody won.
    Draw,
}

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
        let bad = |why: &str| ArenaError::Input(format!("invalid shard {}: {why}", quote(text)));
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| bad("expected I/N, e.g. 0/4 (shard I of N, I from 0)"))?;
        let i: u64 = i
            .trim()
            .parse()
            .map_err(|_| bad("I is not a whole number"))?;
        let n: u64 = n
            .trim()
            .parse()
            .map_err(|_| bad("N is not a whole number"))?;
        if n == 0 {
            return Err(bad("N must be at least 1"));
        }
        if i >= n {
            return Err(bad("I must be less than N (shards are numbered from 0)"));
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
}

/// The most memory one game may hold: two agents, each with a tree of at most
/// [`DEFAULT_MEMORY_BYTES`] that briefly takes up to twice that while one of its arrays is
/// copied into a larger one (measured: 2.1 GB at the peak of MCTS′ and of Sym stopped by the
/// 1 GiB limit on pearl:2:4096).
pub const GAME_PEAK_BYTES: u64 = 2 * 2 * DEFAULT_MEMORY_BYTES;

/// One game played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Its index in the run (from 0).
    pub game_index: u64,
    /// Whether A moved first (`game_index` even).
    pub a_first: bool,
    /// Who won.
    pub winner: Winner,
    /// The moves from the start, in the game's notation.
    pub moves: String,
}

/// The parameters a record line carries, to check that merged records come from the same kind
/// of run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunInfo {
    /// The game's canonical name.
    pub game: String,
    /// Agent A's canonical spec.
    pub a: String,
    /// Agent B's canonical spec.
    pub b: String,
    /// Iterations per move, when the budget is in iterations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u64>,
    /// Milliseconds per move, when the budget is in time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub millis: Option<u64>,
    /// B's iterations per move, when B's budget differs from A's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b_iterations: Option<u64>,
    /// B's milliseconds per move, when B's budget differs from A's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b_millis: Option<u64>,
    /// The run's seed.
    pub seed: u64,
    /// Games of the whole run.
    pub games: u64,
}

/// One line of a records file (`--out FILE.jsonl`): a game and its run's parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordLine {
    /// The game.
    #[serde(flatten)]
    pub record: GameRecord,
    /// The run.
    #[serde(flatten)]
    pub run: RunInfo,
}

/// Wins, losses and draws of some games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games.
    pub games: u64,
    /// Games won by A.
    pub a_wins: u64,
    /// Games won by B.
    pub b_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl Tally {
    fn add(&mut self, w: Winner) {
        self.games += 1;
        match w {
            Winner::A => self.a_wins += 1,
            Winner::B => self.b_wins += 1,
            Winner::Draw => self.draws += 1,
        }
    }
}

/// The result of a run (or of merged runs): the JSON of `duel arena`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The game's canonical name.
    pub game: String,
    /// Agent A's canonical spec.
    pub a: String,
    /// Agent B's canonical spec.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games won by A.
    pub a_wins: u64,
    /// Games won by B.
    pub b_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// A's mean score per game: (wins + draws / 2) / games.
    pub a_score: f64,
    /// A 95 % confidence interval for A's mean score (see [`score_ci95`]).
    pub a_score_ci95: [f64; 2],
    /// The games where A moved first.
    pub a_first: Tally,
    /// The games where B moved first.
    pub b_first: Tally,
}

impl Summary {
    /// The summary of `records` played between `a` and `b` at `game`; `None` when there is no
    /// record.
    pub fn of(game: &str, a: &str, b: &str, records: &[GameRecord]) -> Option<Summary> {
        if records.is_empty() {
            return None;
        }
        let (mut all, mut a_first, mut b_first) =
            (Tally::default(), Tally::default(), Tally::default());
        for r in records {
            all.add(r.winner);
            if r.a_first {
                a_first.add(r.winner);
            } else {
                b_first.add(r.winner);
            }
        }
        let (score, ci) = score_ci95(all.a_wins, all.draws, all.games);
        Some(Summary {
            game: game.to_string(),
            a: a.to_string(),
            b: b.to_string(),
            games: all.games,
            a_wins: all.a_wins,
            b_wins: all.b_wins,
            draws: all.draws,
            a_score: score,
            a_score_ci95: ci,
            a_first,
            b_first,
        })
    }
}

/// The mean score per game, (wins + draws/2) / games, and a 95 % confidence interval for it:
/// the normal approximation mean ± 1.96 s / √games, where s² is the sample variance (divisor
/// games − 1) of the per-game scores 1, 1/2 and 0, clamped to [0, 1]. With one game the
/// variance is unknown and the interval is [0, 1].
///
/// `games` must be positive and at least `wins + draws`.
pub fn score_ci95(wins: u64, draws: u64, games: u64) -> (f64, [f64; 2]) {
    let n = games as f64;
    let sum = wins as f64 + draws as f64 / 2.0;
    let mean = sum / n;
    if games < 2 {
        return (mean, [0.0, 1.0]);
    }
    let sum_sq = wins as f64 + draws as f64 / 4.0;
    let var = ((sum_sq - n * mean * mean) / (n - 1.0)).max(0.0);
    let half = 1.959_963_984_540_054 * (var / n).sqrt();
    (
        mean,
        [(mean - half).clamp(0.0, 1.0), (mean + half).clamp(0.0, 1.0)],
    )
}

/// The seed of `side`'s agent in game `index` of a run seeded `seed`.
pub fn agent_seed(seed: u64, index: u64, side: Side) -> u64 {
    let s = match side {
        Side::A => 0,
        Side::B => 1,
    };
    mix64(mix64(mix64(seed) ^ index) ^ s)
}

/// Parses a game for the arena: a game of [`duel_games`]; a bidding game is refused with a
/// message saying so.
pub fn parse_arena_game(spec: &str) -> Result<AnyGame, ArenaError> {
    match parse_game(spec) {
        Ok(g) => Ok(g),
        Err(GameError::UnknownGame(_)) if names_bidding_game(spec) => {
            Err(ArenaError::Unsupported(format!(
                "{} is a bidding game: no search agent plays it (duel arena plays {})",
                quote(spec.trim()),
                syntaxes(Engine::Search)
            )))
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
    let mut agent_a = a.build::<G>(agent_seed(seed, index, Side::A));
    let mut agent_b = b.build::<G>(agent_seed(seed, index, Side::B));
    let mut position = start.clone();
    let mut moves = Vec::new();
    let first_side = |p: Player| match (p, a_first) {
        (Player::First, true) | (Player::Second, false) => Side::A,
        _ => Side::B,
    };
    let outcome = loop {
        if let Some(o) = position.outcome() {
            break o;
        }
        let (agent, budget) = match first_side(position.to_move()) {
            Side::A => (&mut agent_a, budgets[0]),
            Side::B => (&mut agent_b, budgets[1]),
        };
        agent.set_history(start, &moves);
        let r = agent.search(&position, budget)?;
        position.play(r.best);
        moves.push(r.best);
    };
    let winner = match outcome {
        Outcome::Draw => Winner::Draw,
        Outcome::Win(p) => match first_side(p) {
            Side::A => Winner::A,
            Side::B => Winner::B,
        },
    };
    Ok(GameRecord {
        game_index: index,
        a_first,
        winner,
        moves: start.format_moves(&moves),
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
    let a = AgentSpec::parse(&config.a)?;
    let b = AgentSpec::parse(&config.b)?;
    let budget = config.budget.validate()?;
    let b_budget = config.b_budget.map(Budget::validate).transpose()?;
    let budgets = [budget, b_budget.unwrap_or(budget)];
    check_games(config.games)?;
    let shard = config.shard;
    if shard.count == 0 || shard.index >= shard.count {
        return Err(ArenaError::Input(format!(
            "invalid shard {}/{}: I must be less than N",
            shard.index, shard.count
        )));
    }
    if shard.index >= config.games {
        return Err(ArenaError::Input(format!(
            "shard {}/{} of a run of {} games plays no game",
            shard.index, shard.count, config.games
        )));
    }
    if let Some(t) = config.threads {
        if t == 0 || t > MAX_THREADS {
            return Err(ArenaError::Input(format!(
                "the number of threads must be between 1 and {MAX_THREADS}, got {t}"
            )));
        }
    }
    let game = parse_arena_game(&config.game)?;
    struct IsFinished;
    impl GameVisitor for IsFinished {
        type Output = Option<Outcome>;
        fn visit<G: Game + 'static>(self, start: G) -> Option<Outcome> {
            start.outcome()
        }
    }
    if let Some(o) = game.clone().visit(IsFinished) {
        return Err(ArenaError::Input(format!(
            "{} is over before the first move ({o}): there is no game to play",
            config.game.trim()
        )));
    }
    let info = RunInfo {
        game: game.spec(),
        a: a.text(),
        b: b.text(),
        iterations: match budget {
            Budget::Iterations(n) => Some(n),
            Budget::Millis(_) => None,
        },
        millis: match budget {
            Budget::Millis(t) => Some(t),
            Budget::Iterations(_) => None,
        },
        b_iterations: match b_budget {
            Some(Budget::Iterations(n)) if b_budget != Some(budget) => Some(n),
            _ => None,
        },
        b_millis: match b_budget {
            Some(Budget::Millis(t)) if b_budget != Some(budget) => Some(t),
            _ => None,
        },
        seed: config.seed,
        games: config.games,
    };

    let (sink, done) = match out {
        Some(path) => {
            let (sink, done) = open_records(path, &info, shard)?;
            (Some(sink), done)
        }
        None => (None, Vec::new()),
    };
    struct Play<'a> {
        a: &'a AgentSpec,
        b: &'a AgentSpec,
        budgets: [Budget; 2],
        seed: u64,
        indices: Vec<u64>,
        sink: Option<&'a RecordSink>,
        on_game: &'a (dyn Fn(Progress) + Sync),
    }
    impl GameVisitor for Play<'_> {
        type Output = Result<Vec<GameRecord>, ArenaError>;
        fn visit<G: Game + 'static>(self, start: G) -> Self::Output {
            self.indices
                .par_iter()
                .map(|&i| {
                    let r = play_game(&start, self.a, self.b, self.budgets, self.seed, i)
                        .map_err(|error| ArenaError::Match { index: i, error })?;
                    if let Some(sink) = self.sink {
                        sink.write(&r)?;
                    }
                    (self.on_game)(Progress::Game);
                    Ok(r)
                })
                .collect()
        }
    }
    let played: BTreeSet<u64> = done.iter().map(|r| r.game_index).collect();
    let indices: Vec<u64> = (shard.index..config.games)
        .step_by(usize::try_from(shard.count).unwrap_or(usize::MAX))
        .filter(|i| !played.contains(i))
        .collect();
    on_game(Progress::Start {
        games: shard.games_in(config.games),
        resumed: done.len() as u64,
    });
    let play = Play {
        a: &a,
        b: &b,
        budgets,
        seed: config.seed,
        indices,
        sink: sink.as_ref(),
        on_game,
    };
    let fit = config
        .memory
        .map_or(usize::MAX, |m| {
            usize::try_from(m / GAME_PEAK_BYTES).unwrap_or(usize::MAX)
        })
        .max(1);
    let threads = match config.threads {
        Some(t) => Some(t.min(fit)),
        None if rayon::current_num_threads() > fit => Some(fit),
        None => None,
    };
    let mut records = match threads {
        None => game.visit(play)?,
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| ArenaError::Input(format!("cannot start {t} threads: {e}")))?
            .install(|| game.visit(play))?,
    };
    let resumed = done.len() as u64;
    records.extend(done);
    records.sort_by_key(|r| r.game_index);
    let summary = Summary::of(&info.game, &info.a, &info.b, &records)
        .ok_or_else(|| ArenaError::Input("the shard plays no game".to_string()))?;
    Ok(ArenaRun {
        info,
        records,
        summary,
        shard,
        resumed,
    })
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

/// The open records file of a run: where each game's line is appended.
struct RecordSink {
    file: Mutex<std::fs::File>,
    name: String,
    info: RunInfo,
}

impl RecordSink {
    fn write(&self, record: &GameRecord) -> Result<(), ArenaError> {
        let line = RecordLine {
            record: record.clone(),
            run: self.info.clone(),
        };
        // A struct of strings, integers and enums always serialises.
        let mut text = serde_json::to_string(&line).unwrap_or_default();
        text.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| ArenaError::Write {
                file: self.name.clone(),
                why: e.to_string(),
            })
    }
}

/// Opens (or creates) the records file `path` of the run `info` for appending, drops a last
/// line cut short, and reads back its records, which must be of the same run and `shard`.
fn open_records(
    path: &Path,
    info: &RunInfo,
    shard: Shard,
) -> Result<(RecordSink, Vec<GameRecord>), ArenaError> {
    let name = path.display().to_string();
    let write_error = |e: std::io::Error| ArenaError::Write {
        file: name.clone(),
        why: e.to_string(),
    };
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(write_error)?;
    drop_cut_line(&mut file).map_err(write_error)?;
    let mut games: BTreeMap<String, AnyGame> = BTreeMap::new();
    let mut seen = BTreeSet::new();
    let mut done = Vec::new();
    for_each_line(path, RECORD_BOUNDS, |n, line| {
        let Some(rec) = parse_record_line(line, n, &name, &mut games)? else {
            return Ok(());
        };
        let bad = |why: String| ArenaError::BadRecord {
            source_name: name.clone(),
            line: n,
            why,
        };
        if let Some(difference) = run_difference(info, &rec.run) {
            return Err(bad(format!(
                "a record of another run ({difference}): resume with the same parameters, or write to another file"
            )));
        }
        if !shard.contains(rec.record.game_index) {
            return Err(bad(format!(
                "a record of another run (game {} is not in shard {}/{}): resume with the same parameters, or write to another file",
                rec.record.game_index, shard.index, shard.count
            )));
        }
        if !seen.insert(rec.record.game_index) {
            return Err(bad(format!(
                "game {} is in the file twice",
                rec.record.game_index
            )));
        }
        done.push(rec.record);
        Ok(())
    })?;
    let sink = RecordSink {
        file: Mutex::new(file),
        name,
        info: info.clone(),
    };
    Ok((sink, done))
}

/// Removes the end of `file` after its last `\n` (a line cut short when a run was stopped as
/// it wrote).
fn drop_cut_line(file: &mut std::fs::File) -> std::io::Result<()> {
    let len = file.seek(SeekFrom::End(0))?;
    let mut end = len;
    let mut chunk = vec![0u8; 4096];
    while end > 0 {
        let start = end.saturating_sub(chunk.len() as u64);
        let part = &mut chunk[..(end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(part)?;
        if let Some(i) = part.iter().rposition(|&b| b == b'\n') {
            end = start + i as u64 + 1;
            break;
        }
        end = start;
        if len - end > RECORD_BOUNDS.max_line_bytes as u64 {
            // Not a cut record but a file that is no records file: reading says so.
            return Ok(());
        }
    }
    if end < len {
        file.set_len(end)?;
    }
    Ok(())
}

/// How the run of `found` differs from `expected` (the first difference, in words), or
/// `None` when they are the same run.
fn run_difference(expected: &RunInfo, found: &RunInfo) -> Option<String> {
    let field = |what: &str, want: String, got: String| {
        (want != got).then(|| format!("{what} {got} where this run has {want}"))
    };
    let opt = |x: Option<u64>| x.map_or("none".to_string(), |v| v.to_string());
    field("game", expected.game.clone(), found.game.clone())
        .or_else(|| field("agent A", expected.a.clone(), found.a.clone()))
        .or_else(|| field("agent B", expected.b.clone(), found.b.clone()))
        .or_else(|| {
            field(
                "iterations",
                opt(expected.iterations),
                opt(found.iterations),
            )
        })
        .or_else(|| field("millis", opt(expected.millis), opt(found.millis)))
        .or_else(|| {
            field(
                "b_iterations",
                opt(expected.b_iterations),
                opt(found.b_iterations),
            )
        })
        .or_else(|| field("b_millis", opt(expected.b_millis), opt(found.b_millis)))
        .or_else(|| field("seed", expected.seed.to_string(), found.seed.to_string()))
        .or_else(|| field("games", expected.games.to_string(), found.games.to_string()))
}

/// Reads the record lines of one file (blank lines are skipped); `source_name` names it in
/// errors.
///
/// Each record is checked: its run one that `duel arena` plays (agents, budgets, games), its
/// index below its run's games, `a_first` as the index says, and its moves a finished game of
/// the run's game won by the side it names.
pub fn parse_records(text: &str, source_name: &str) -> Result<Vec<RecordLine>, ArenaError> {
    let mut out = Vec::new();
    let mut games: BTreeMap<String, AnyGame> = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        out.extend(parse_record_line(line, n + 1, source_name, &mut games)?);
    }
    Ok(out)
}

/// Reads and checks line `n` of `source_name` as in [`parse_records`] (`None`: a blank line);
/// `games` keeps the games parsed so far.
fn parse_record_line(
    line: &str,
    n: usize,
    source_name: &str,
    games: &mut BTreeMap<String, AnyGame>,
) -> Result<Option<RecordLine>, ArenaError> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let bad = |why: String| ArenaError::BadRecord {
        source_name: source_name.to_string(),
        line: n,
        why,
    };
    let rec: RecordLine = serde_json::from_str(line)
        .map_err(|e| bad(format!("not a record of duel arena --out ({e})")))?;
    if rec.run.iterations.is_some() == rec.run.millis.is_some()
        || (rec.run.b_iterations.is_some() && rec.run.b_millis.is_some())
    {
        return Err(bad(
                "a record has exactly one of \"iterations\" and \"millis\" (and at most one of \"b_iterations\" and \"b_millis\")".to_string(),
            ));
    }
    check_run(&rec.run).map_err(bad)?;
    if rec.record.game_index >= rec.run.games {
        return Err(bad(format!(
            "game_index {} is not below the run's {} games",
            rec.record.game_index, rec.run.games
        )));
    }
    if rec.record.a_first != (rec.record.game_index % 2 == 0) {
        return Err(bad(format!(
            "a_first is {} but game {} is one where {} moves first",
            rec.record.a_first,
            rec.record.game_index,
            if rec.record.game_index % 2 == 0 {
                "A"
            } else {
                "B"
            }
        )));
    }
    let start = match games.get(&rec.run.game) {
        Some(g) => g,
        None => {
            let g = parse_arena_game(&rec.run.game)
                .map_err(|e| bad(format!("game {}: {e}", quote(&rec.run.game))))?;
            games.entry(rec.run.game.clone()).or_insert(g)
        }
    };
    let winner = start.clone().visit(Replay {
        moves: &rec.record.moves,
        a_first: rec.record.a_first,
    });
    match winner {
        Ok(w) if w == rec.record.winner => {}
        Ok(w) => {
            let said = |w: Winner| match w {
                Winner::A => "won by A",
                Winner::B => "won by B",
                Winner::Draw => "drawn",
            };
            return Err(bad(format!(
                "the moves {} end in a game {}, not {} as the record says",
                quote(&rec.record.moves),
                said(w),
                said(rec.record.winner)
            )));
        }
        Err(why) => return Err(bad(format!("the moves {} {why}", quote(&rec.record.moves)))),
    }
    Ok(Some(rec))
}

/// Refuses the run of a record that `duel arena` would have refused to play, with the error
/// it gives: an agent spec that does not parse, a budget of zero, a number of games out of
/// range.
fn check_run(run: &RunInfo) -> Result<(), String> {
    let text = |e: &dyn std::error::Error| e.to_string();
    AgentSpec::parse(&run.a).map_err(|e| text(&e))?;
    AgentSpec::parse(&run.b).map_err(|e| text(&e))?;
    for (iterations, millis, prefix) in [
        (run.iterations, run.millis, ""),
        (run.b_iterations, run.b_millis, "b-"),
    ] {
        if let Some(budget) = budget_of_options(iterations, millis, prefix).map_err(|e| text(&e))? {
            budget.validate().map_err(|e| text(&e))?;
        }
    }
    check_games(run.games).map_err(|e| text(&e))
}

/// Refuses a number of games out of 1..=[`MAX_GAMES`].
fn check_games(games: u64) -> Result<(), ArenaError> {
    if games == 0 || games > MAX_GAMES {
        return Err(ArenaError::Input(format!(
            "the number of games must be between 1 and {MAX_GAMES}, got {games}"
        )));
    }
    Ok(())
}

/// Replays a record's moves from the start: who won (A or B, by who moved first), or why the
/// moves are not a finished game.
struct Replay<'a> {
    moves: &'a str,
    a_first: bool,
}

impl GameVisitor for Replay<'_> {
    type Output = Result<Winner, String>;
    fn visit<G: Game + 'static>(self, mut position: G) -> Result<Winner, String> {
        position
            .play_moves(self.moves)
            .map_err(|e| format!("are not a game: {e}"))?;
        match position.outcome() {
            None => Err("do not finish the game".to_string()),
            Some(Outcome::Draw) => Ok(Winner::Draw),
            Some(Outcome::Win(p)) if (p == Player::First) == self.a_first => Ok(Winner::A),
            Some(Outcome::Win(_)) => Ok(Winner::B),
        }
    }
}

/// The result of [`merge`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Merged {
    /// The summary, as if one run had played every game.
    #[serde(flatten)]
    pub summary: Summary,
    /// Games of the runs (by their `games` and `seed`) found in no file: 0 when the shards
    /// merged make whole runs.
    pub missing_games: u64,
}

/// `duel arena merge`: reads the record files (written by `duel arena --out`) one after the
/// other, each within [`RECORD_BOUNDS`], and [`merge`]s their records.
pub fn merge_files(files: &[std::path::PathBuf]) -> Result<Merged, ArenaError> {
    let mut records = Vec::new();
    let mut games: BTreeMap<String, AnyGame> = BTreeMap::new();
    for path in files {
        let file = path.display().to_string();
        for_each_line(path, RECORD_BOUNDS, |n, line| {
            records.extend(parse_record_line(line, n, &file, &mut games)?);
            Ok::<(), ArenaError>(())
        })?;
    }
    merge(&records)
}

/// Merges records of runs of the same game, agents and budget into one summary. Runs with
/// different seeds may be merged (more games); the same game (seed and index) twice is refused.
pub fn merge(records: &[RecordLine]) -> Result<Merged, ArenaError> {
    let first = records
        .first()
        .ok_or_else(|| ArenaError::Input("no game records to merge".to_string()))?;
    let mut seen: BTreeMap<u64, (u64, BTreeSet<u64>)> = BTreeMap::new();
    let mut games = Vec::with_capacity(records.len());
    for r in records {
        let (x, y) = (&first.run, &r.run);
        let same = |what: &str, p: String, q: String| {
            if p == q {
                Ok(())
            } else {
                Err(ArenaError::Inconsistent(format!(
                    "cannot merge records of different runs: {what} {p} and {q}"
                )))
            }
        };
        same("game", x.game.clone(), y.game.clone())?;
        same("agent A", x.a.clone(), y.a.clone())?;
        same("agent B", x.b.clone(), y.b.clone())?;
        let budget = |i: &RunInfo| {
            let a = match (i.iterations, i.millis) {
                (Some(n), _) => format!("--iterations {n}"),
                (_, Some(t)) => format!("--millis {t}"),
                _ => "no budget".to_string(),
            };
            match (i.b_iterations, i.b_millis) {
                (Some(n), _) => format!("{a} --b-iterations {n}"),
                (_, Some(t)) => format!("{a} --b-millis {t}"),
                _ => a,
            }
        };
        same("budget", budget(x), budget(y))?;
        let entry = seen
            .entry(y.seed)
            .or_insert_with(|| (y.games, BTreeSet::new()));
        if entry.0 != y.games {
            return Err(ArenaError::Inconsistent(format!(
                "cannot merge records of seed {}: runs of {} and of {} games",
                y.seed, entry.0, y.games
            )));
        }
        if !entry.1.insert(r.record.game_index) {
            return Err(ArenaError::Inconsistent(format!(
                "game {} of seed {} appears twice (the same shard merged twice?)",
                r.record.game_index, y.seed
            )));
        }
        games.push(r.record.clone());
    }
    let missing = seen
        .values()
        .map(|(n, got)| n.saturating_sub(got.len() as u64))
        .fold(0u64, u64::saturating_add);
    let summary = Summary::of(&first.run.game, &first.run.a, &first.run.b, &games)
        .ok_or_else(|| ArenaError::Input("no game records to merge".to_string()))?;
    Ok(Merged {
        summary,
        missing_games: missing,
    })
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
    fn ci_of_known_samples() {
        // 10 wins, 10 losses: mean 1/2, s² = 20·(1/4)/19 = 5/19.
        let (m, [lo, hi]) = score_ci95(10, 0, 20);
        let half = 1.959_963_984_540_054 * (5.0f64 / 19.0 / 20.0).sqrt();
        assert_eq!(m, 0.5);
        assert!((lo - (0.5 - half)).abs() < 1e-12 && (hi - (0.5 + half)).abs() < 1e-12);
        // All draws: no variance, the interval is the point 1/2.
        assert_eq!(score_ci95(0, 7, 7), (0.5, [0.5, 0.5]));
        // All wins: clamped at 1.
        assert_eq!(score_ci95(5, 0, 5), (1.0, [1.0, 1.0]));
        // One game: unknown variance.
        assert_eq!(score_ci95(1, 0, 1), (1.0, [0.0, 1.0]));
        // 1 win, 1 loss: the interval is wide and clamped to [0, 1].
        assert_eq!(score_ci95(1, 0, 2).1, [0.0, 1.0]);
    }

    #[test]
    fn seeds_differ_by_game_and_side() {
        let s: BTreeSet<u64> = (0..100)
            .flat_map(|i| [agent_seed(7, i, Side::A), agent_seed(7, i, Side::B)])
            .collect();
        assert_eq!(s.len(), 200);
        assert_ne!(agent_seed(7, 0, Side::A), agent_seed(8, 0, Side::A));
    }
}
