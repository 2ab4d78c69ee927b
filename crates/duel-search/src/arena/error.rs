//! Why a run or a merge of `duel arena` failed: [`ArenaError`] and the enums of its variants
//! that group several causes. Each carries the numbers and the text given.

use thiserror::Error;

use crate::SearchError;
use duel_core::game::{GameError, Outcome};
use duel_core::input::ReadError;
use duel_core::text::quote;
use duel_games::registry::{syntaxes, Engine};

/// Why a run or a merge failed.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// The game name is not understood.
    #[error(transparent)]
    Game(#[from] GameError),
    /// An agent spec or budget is not valid.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The referee cannot judge the game (`--referee`).
    #[error(transparent)]
    Referee(#[from] super::referee::RefereeError),
    /// The game is a bidding game: no search agent plays it.
    #[error("{} is a bidding game: no search agent plays it (duel arena plays {})", quote(.game), syntaxes(Engine::Search))]
    Unsupported {
        /// The game name given (trimmed).
        game: String,
    },
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
    Input(InputError),
    /// A line of a records file is not a game record.
    #[error("{source_name}:{line}: {why}")]
    BadRecord {
        /// The file (or other source) read.
        source_name: String,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        why: RecordFault,
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
    Inconsistent(MergeError),
    /// A records file past its bounds ([`super::RECORD_BOUNDS`]) or not text.
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

impl From<InputError> for ArenaError {
    fn from(e: InputError) -> Self {
        ArenaError::Input(e)
    }
}

impl From<MergeError> for ArenaError {
    fn from(e: MergeError) -> Self {
        ArenaError::Inconsistent(e)
    }
}

/// What is wrong with the text of `--shard I/N`.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum ShardFault {
    /// No `/`.
    #[error("expected I/N, e.g. 0/4 (shard I of N, I from 0)")]
    NoSlash,
    /// `I` is not a number.
    #[error("I is not a whole number")]
    Index,
    /// `N` is not a number.
    #[error("N is not a whole number")]
    Count,
    /// `N` is 0.
    #[error("N must be at least 1")]
    ZeroCount,
    /// `I` is not below `N`.
    #[error("I must be less than N (shards are numbered from 0)")]
    IndexPastCount,
}

/// A bad argument of a run or a merge.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum InputError {
    /// `--shard` text that is not `I/N` with `0 ≤ I < N`.
    #[error("invalid shard {}: {why}", quote(.text))]
    ShardText {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: ShardFault,
    },
    /// A shard whose index is not below its count.
    #[error("invalid shard {index}/{count}: I must be less than N")]
    Shard {
        /// I.
        index: u64,
        /// N.
        count: u64,
    },
    /// A shard that holds none of the run's games.
    #[error("shard {index}/{count} of a run of {games} games plays no game")]
    EmptyShard {
        /// I.
        index: u64,
        /// N.
        count: u64,
        /// The games of the run.
        games: u64,
    },
    /// A number of games out of `1..=max`.
    #[error("the number of games must be between 1 and {max}, got {got}")]
    Games {
        /// The number given.
        got: u64,
        /// The most games a run may play ([`super::MAX_GAMES`]).
        max: u64,
    },
    /// A number of threads out of `1..=max`.
    #[error("the number of threads must be between 1 and {max}, got {got}")]
    Threads {
        /// The number given.
        got: usize,
        /// The most threads a run may ask for ([`super::MAX_THREADS`]).
        max: usize,
    },
    /// The system would not start the threads asked for.
    #[error("cannot start {threads} threads: {why}")]
    ThreadPool {
        /// The threads asked for.
        threads: usize,
        /// The system's reason.
        why: String,
    },
    /// A game that is over at its start.
    #[error("{game} is over before the first move ({outcome}): there is no game to play")]
    Over {
        /// The game name given (trimmed).
        game: String,
        /// How it is over.
        outcome: Outcome,
    },
    /// A championship of an agent other than MCTS or MCTS′.
    #[error("a championship is of mcts or mcts-prime, optionally with :draw=0 (the players MCTS(k/2, l/2)), got {}", quote(.got))]
    ChampionshipAgent {
        /// The agent given.
        got: String,
    },
    /// A grid K out of `2..=max`.
    #[error("the grid K must be between 2 and {max} (players MCTS(k/2, l/2), 1 ≤ k ≤ l ≤ K; the paper uses 10 and 20), got {got}")]
    Grid {
        /// K given.
        got: u32,
        /// The largest K ([`super::championship::MAX_GRID`]).
        max: u32,
    },
    /// A smallest k out of `1..grid`.
    #[error("the smallest k must be at least 1 and below the grid K = {grid} (two players at least), got {from}")]
    GridFrom {
        /// The smallest k given.
        from: u32,
        /// K.
        grid: u32,
    },
    /// Games per pair of players that are not an even number in `2..=max`.
    #[error("the games of each pair of players must be even (half with each colour), from 2 to {max}, got {got}")]
    PairGames {
        /// The number given.
        got: u64,
        /// The most ([`super::championship::MAX_PAIR_GAMES`]).
        max: u64,
    },
    /// A run whose shard played no game.
    #[error("the shard plays no game")]
    NoGame,
    /// A merge of no record.
    #[error("no game records to merge")]
    NoRecords,
}

/// Why records cannot be merged.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum MergeError {
    /// Records of runs of different games, agents or budgets.
    #[error("cannot merge records of different runs: {what} {first} and {other}")]
    Runs {
        /// What differs: `game`, `agent A`, `agent B` or `budget`.
        what: &'static str,
        /// Its value in the first record.
        first: String,
        /// Its value in the record that differs.
        other: String,
    },
    /// Runs of the same seed but different numbers of games.
    #[error("cannot merge records of seed {seed}: runs of {first} and of {other} games")]
    Games {
        /// The seed.
        seed: u64,
        /// The games of the first run of that seed.
        first: u64,
        /// The games of the run that differs.
        other: u64,
    },
    /// The same game of the same seed twice.
    #[error("game {index} of seed {seed} appears twice (the same shard merged twice?)")]
    Twice {
        /// The game's index.
        index: u64,
        /// The seed.
        seed: u64,
    },
}

/// Why a line of a records file is not a record of the run.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RecordFault {
    /// Not the JSON of a record.
    #[error("not a record of duel arena --out ({why})")]
    NotJson {
        /// The JSON reader's reason.
        why: String,
    },
    /// Neither or both of a budget's fields.
    #[error("a record has exactly one of \"iterations\" and \"millis\" (and at most one of \"b_iterations\" and \"b_millis\")")]
    Budget,
    /// A run `duel arena` would have refused to play.
    #[error("{why}")]
    Run {
        /// The error it would have given.
        why: String,
    },
    /// A game index not below the run's games.
    #[error("game_index {index} is not below the run's {games} games")]
    Index {
        /// The record's game index.
        index: u64,
        /// The run's games.
        games: u64,
    },
    /// `a_first` that is not what the game index says.
    #[error("a_first is {a_first} but game {index} is one where {} moves first", if .index % 2 == 0 { "A" } else { "B" })]
    FirstPlayer {
        /// The record's `a_first`.
        a_first: bool,
        /// The record's game index.
        index: u64,
    },
    /// A game name that is not a game of the arena.
    #[error("game {}: {why}", quote(.game))]
    Game {
        /// The game name of the record.
        game: String,
        /// Why it is refused.
        why: String,
    },
    /// Moves that end the game otherwise than the record says.
    #[error("the moves {} end in a game {replayed}, not {recorded} as the record says", quote(.moves))]
    Outcome {
        /// The record's moves.
        moves: String,
        /// How they end: `won by A`, `won by B` or `drawn`.
        replayed: &'static str,
        /// How the record says they end.
        recorded: &'static str,
    },
    /// Moves that are not a finished game.
    #[error("the moves {} {why}", quote(.moves))]
    Moves {
        /// The record's moves.
        moves: String,
        /// What is wrong with them.
        why: ReplayFault,
    },
    /// A record of another run, found when resuming.
    #[error("a record of another run ({what} {found} where this run has {expected}): resume with the same parameters, or write to another file")]
    OtherRun {
        /// The first field that differs (`game`, `agent A`, `iterations`, `seed`, …).
        what: &'static str,
        /// Its value in the record.
        found: String,
        /// Its value in this run.
        expected: String,
    },
    /// A record of a game of another shard, found when resuming.
    #[error("a record of another run (game {index} is not in shard {shard_index}/{shard_count}): resume with the same parameters, or write to another file")]
    OtherShard {
        /// The record's game index.
        index: u64,
        /// I of this run's shard.
        shard_index: u64,
        /// N of this run's shard.
        shard_count: u64,
    },
    /// The same game twice in a file.
    #[error("game {index} is in the file twice")]
    Twice {
        /// The game's index.
        index: u64,
    },
}

/// Why a record's moves, replayed from the start, are not its finished game (the end of
/// "the moves M ..." in [`RecordFault::Moves`]).
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ReplayFault {
    /// Moves the game does not read or does not allow.
    #[error("are not a game: {0}")]
    NotAGame(GameError),
    /// Not one move per iteration count.
    #[error("are {moves} moves but the record has {counts} iteration counts")]
    IterationCounts {
        /// The moves.
        moves: usize,
        /// The record's iteration counts.
        counts: usize,
    },
    /// Moves after which the game goes on.
    #[error("do not finish the game")]
    Unfinished,
}
