//! Section 8 by the paper's own protocol: each agent gets the paper's time per move on the
//! paper-equivalent clock (work units calibrated so that its first move does the paper's
//! mean iterations, [`duel_search::arena::clock`]); the opponents are the paper's MCTS and
//! MCTS′, a draw counted as a loss of the player at the root (Algorithms 30 and 31); each
//! cell's games are played until a sequential test decides its comparison with the paper's
//! score, from 2,000 games (1,000 each way) up to the paper's 20,000.
//!
//! A cell's games are an arena run ([`run_arena_prefix`]) whose records file the run resumes
//! from, so a stopped run loses no game and `duel arena` with the cell's command replays it.
//! What each cell found goes into the data set ([`CellData`]), which the report reads.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::cells::Opponent;
use super::paper::{PaperCell, PaperFamily, Wld, FAMILIES};
use super::roots::{root_counts, RootCounts};
use duel_games::parse_game;
use duel_search::arena::clock::{calibrate, mean_first_move, Calibration};
use duel_search::arena::sequential::{Judgement, Score, SequentialTest};
use duel_search::arena::{run_arena_prefix, ArenaConfig, ArenaError, GameRecord, Shard};
use duel_search::spec::AgentSpec;
use duel_search::{Budget, SearchError};

/// The seed of every cell's run (and of the starts its clock is calibrated on).
pub const SEED: u64 = 8;

/// First moves averaged by each calibration.
pub const SAMPLES: u64 = 64;

/// The games of a cell whose tallies are kept apart in the data set, for the report to replay
/// and compare exactly.
pub const SAMPLE_GAMES: u64 = 200;

/// Games of every cell's arena run: the paper's 20,000. A cell plays a prefix of them, so
/// that its records file stays the same run whatever the protocol's bounds.
pub const RUN_GAMES: u64 = 20_000;

/// Moves whose mean iterations the data set keeps.
const PROFILE_MOVES: usize = 40;

/// How many games a cell plays and when it stops.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Protocol {
    /// Games every cell plays (half with each agent first).
    pub min_games: u64,
    /// Games at most: the paper's count.
    pub max_games: u64,
    /// Games added at a time once `min_games` leave the cell undecided.
    pub batch: u64,
    /// The test.
    pub test: SequentialTest,
}

impl Default for Protocol {
    fn default() -> Self {
        Protocol {
            min_games: 2_000,
            max_games: 20_000,
            batch: 2_000,
            test: SequentialTest::default(),
        }
    }
}

/// Why a cell could not be played.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// An agent that could not search.
    #[error("section {section} at {millis} ms: {why}")]
    Search {
        /// The family.
        section: &'static str,
        /// The cell's time.
        millis: u64,
        /// What failed.
        why: SearchError,
    },
    /// The family's game could not be built.
    #[error("section {section}: {why}")]
    Game {
        /// The family.
        section: &'static str,
        /// What failed.
        why: duel_core::game::GameError,
    },
    /// The arena refused the run or its records file.
    #[error("section {section} at {millis} ms: {why}")]
    Arena {
        /// The family.
        section: &'static str,
        /// The cell's time.
        millis: u64,
        /// What failed.
        why: Box<ArenaError>,
    },
}

/// A cell of the grid: family, cell and opponent, by index into [`FAMILIES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CellKey {
    /// Index in [`FAMILIES`].
    pub family: usize,
    /// Index in the family's cells.
    pub cell: usize,
    /// The opponent.
    pub opponent: Opponent,
}

impl CellKey {
    /// Every cell of the paper: 39 times, two opponents each.
    pub fn all() -> Vec<CellKey> {
        let mut out = Vec::new();
        for (family, f) in FAMILIES.iter().enumerate() {
            for cell in 0..f.cells.len() {
                for opponent in Opponent::BOTH {
                    out.push(CellKey {
                        family,
                        cell,
                        opponent,
                    });
                }
            }
        }
        out
    }

    /// The family and the cell.
    pub fn place(self) -> (&'static PaperFamily, &'static PaperCell) {
        let f = &FAMILIES[self.family];
        (f, &f.cells[self.cell])
    }

    /// The opponent's spec: the paper's fitted parameters, draws lost by the root player.
    pub fn opponent_spec(self) -> String {
        let (f, c) = self.place();
        format!("{},draw=0", self.opponent.spec(f, c))
    }

    /// The records file of this cell in `dir`.
    pub fn records_name(self) -> String {
        let (f, c) = self.place();
        format!(
            "{}-{}ms-{}.jsonl",
            f.section,
            c.millis,
            self.opponent.name()
        )
    }

    /// The paper's tallies: the paper's agent first, then the opponent first.
    pub fn paper_tallies(self) -> [Wld; 2] {
        let c = self.place().1;
        match self.opponent {
            Opponent::Mcts => c.vs_mcts,
            Opponent::Prime => c.vs_prime,
        }
    }

    /// The paper's games as the paper's agent's wins, losses and draws.
    pub fn paper_score(self) -> Score {
        let [first, second] = self.paper_tallies();
        Score {
            wins: first[0] + second[1],
            losses: first[1] + second[0],
            draws: first[2] + second[2],
        }
    }

    fn protocol_error(self, why: SearchError) -> ProtocolError {
        let (f, c) = self.place();
        ProtocolError::Search {
            section: f.section,
            millis: c.millis,
            why,
        }
    }

    fn arena_error(self, why: ArenaError) -> ProtocolError {
        let (f, c) = self.place();
        ProtocolError::Arena {
            section: f.section,
            millis: c.millis,
            why: Box::new(why),
        }
    }
}

/// One agent's clock at a cell.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentClock {
    /// Work units per move.
    pub units: u64,
    /// Mean iterations they buy at the first move.
    pub first_move: f64,
    /// The paper's mean iterations at the first move (0: not printed).
    pub paper_first_move: u64,
    /// Where the paper printed no count (section 8.6 at 1024 ms): the time of the cell whose
    /// calibration was scaled by the ratio of the times (work units stand for time).
    pub scaled_from_millis: Option<u64>,
}

/// The clocks of the paper's agent and of the opponent at `key`, calibrated on `SAMPLES`
/// first moves. Where the paper printed no iteration count, the calibration of the family's
/// longest printed time is scaled by the ratio of the times.
pub fn cell_clocks(key: CellKey, samples: u64) -> Result<[AgentClock; 2], ProtocolError> {
    let (f, c) = key.place();
    let game = parse_game(f.game).map_err(|why| ProtocolError::Game {
        section: f.section,
        why,
    })?;
    let specs = [f.ours.to_string(), key.opponent_spec()];
    let [theirs_n, ours_n] = key.opponent.paper_iterations(c);
    let targets = [ours_n, theirs_n];
    let from = f
        .cells
        .iter()
        .filter(|x| x.iterations.iter().all(|&n| n > 0))
        .max_by_key(|x| x.millis);
    let mut out = Vec::new();
    for (spec, target) in specs.iter().zip(targets) {
        let agent = AgentSpec::parse(spec).map_err(|e| key.protocol_error(e))?;
        let clock = if target > 0 {
            let cal = calibrate(&game, &agent, target, SEED, samples)
                .map_err(|e| key.protocol_error(e))?;
            AgentClock {
                units: cal.units,
                first_move: cal.mean_iterations,
                paper_first_move: target,
                scaled_from_millis: None,
            }
        } else {
            let Some(from) = from else {
                return Err(key.protocol_error(SearchError::ZeroBudget));
            };
            let [t, o] = key.opponent.paper_iterations(from);
            let from_target = if spec == f.ours { o } else { t };
            let cal: Calibration = calibrate(&game, &agent, from_target, SEED, samples)
                .map_err(|e| key.protocol_error(e))?;
            let units = cal.units.saturating_mul(c.millis) / from.millis;
            let first_move = mean_first_move(&game, &agent, Budget::Work(units), SEED, samples)
                .map_err(|e| key.protocol_error(e))?;
            AgentClock {
                units,
                first_move,
                paper_first_move: 0,
                scaled_from_millis: Some(from.millis),
            }
        };
        out.push(clock);
    }
    Ok([out[0], out[1]])
}

/// What a cell found: the data set's line for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellData {
    /// The family, e.g. `8.4`.
    pub section: String,
    /// The paper's time per move.
    pub millis: u64,
    /// `mcts` or `mcts-prime`.
    pub opponent: String,
    /// The game.
    pub game: String,
    /// The paper's agent (A).
    pub ours: String,
    /// The opponent (B).
    pub theirs: String,
    /// The clocks of A and B.
    pub clocks: [AgentClock; 2],
    /// The run's seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// The most games the cell could play under the protocol it was run with (an undecided
    /// cell stopped there).
    pub max_games: u64,
    /// A's wins, losses and draws with A first, then with B first.
    pub ways: [Score; 2],
    /// The same for the first [`SAMPLE_GAMES`] games only (what the report replays).
    pub sample: [Score; 2],
    /// Mean iterations of A, then B, at their own moves 1, 2, 3, ...
    pub iterations_by_move: [Vec<f64>; 2],
    /// The sequential test's judgement against the paper's score.
    pub judgement: Judgement,
    /// The paper's score, as A's wins, losses and draws.
    pub paper: Score,
    /// The command that plays the cell's games.
    pub command: String,
    /// On a random tree small enough to solve (section 8.5's), the games by the start's
    /// winner with perfect play, each way ([`super::roots`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roots: Option<RootCounts>,
}

/// A's wins, losses and draws with A first (`[0]`) and second (`[1]`) in `records`.
pub fn ways(records: &[GameRecord]) -> [Score; 2] {
    let mut out = [Score::default(); 2];
    for r in records {
        let s = &mut out[usize::from(!r.a_first)];
        match r.winner() {
            "a" => s.wins += 1,
            "b" => s.losses += 1,
            _ => s.draws += 1,
        }
    }
    out
}

/// The arena run of a cell, `games` in all.
pub fn arena_config(key: CellKey, clocks: &[AgentClock; 2], games: u64) -> ArenaConfig {
    let f = key.place().0;
    ArenaConfig {
        game: f.game.to_string(),
        a: f.ours.to_string(),
        b: key.opponent_spec(),
        games,
        budget: Budget::Work(clocks[0].units),
        b_budget: Some(Budget::Work(clocks[1].units)),
        seed: SEED,
        threads: None,
        memory: None,
        shard: Shard::ALL,
        referee: false,
    }
}

/// The `duel arena` command of a run.
fn command(config: &ArenaConfig, records: &str) -> String {
    let units = |b: Budget| b.work().unwrap_or(0);
    format!(
        "duel arena --game {} --a {} --b {} --games {} --work {} --b-work {} --seed {} --out {records}",
        config.game,
        config.a,
        config.b,
        config.games,
        units(config.budget),
        config.b_budget.map_or(0, units),
        config.seed
    )
}

/// Plays the cell `key` under `protocol`, its records in `dir`, resuming what is there:
/// `min_games` first, then `batch` more at a time while the test is undecided, up to
/// `max_games`. `on_batch` hears the games played after each stage.
pub fn run_cell(
    key: CellKey,
    clocks: [AgentClock; 2],
    protocol: &Protocol,
    dir: &Path,
    on_batch: &(dyn Fn(u64) + Sync),
) -> Result<CellData, ProtocolError> {
    let (f, c) = key.place();
    let config = arena_config(key, &clocks, RUN_GAMES);
    let path = dir.join(key.records_name());
    let paper = key.paper_score();
    let max_games = protocol.max_games.min(RUN_GAMES);
    let mut upto = protocol.min_games.min(max_games);
    loop {
        let run = run_arena_prefix(&config, Some(&path), upto, &|_| {})
            .map_err(|e| key.arena_error(e))?;
        on_batch(upto);
        let [first, second] = ways(&run.records);
        let judgement = protocol.test.judge(first.plus(second), paper);
        let decided = judgement.verdict != duel_search::arena::sequential::Verdict::Undecided;
        if decided || upto >= max_games {
            let sample: Vec<GameRecord> = run
                .records
                .iter()
                .filter(|r| r.game_index < SAMPLE_GAMES)
                .cloned()
                .collect();
            let mut profile = super::cells::profile(&run.records);
            for p in &mut profile {
                p.truncate(PROFILE_MOVES);
                for x in p.iter_mut() {
                    *x = (*x * 10.0).round() / 10.0;
                }
            }
            let mut shown = config.clone();
            shown.games = upto;
            return Ok(CellData {
                section: f.section.to_string(),
                millis: c.millis,
                opponent: key.opponent.name().to_string(),
                game: f.game.to_string(),
                ours: config.a.clone(),
                theirs: config.b.clone(),
                clocks,
                seed: SEED,
                games: run.records.len() as u64,
                max_games,
                ways: [first, second],
                sample: ways(&sample),
                iterations_by_move: profile,
                judgement,
                paper,
                command: command(&shown, &key.records_name()),
                roots: parse_game(f.game)
                    .ok()
                    .and_then(|g| root_counts(&g, SEED, &run.records)),
            });
        }
        upto = (upto + protocol.batch).min(max_games);
    }
}

/// The data set of the whole grid: the protocol and each cell played (committed as
/// `data/section8/paper-clock.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DataSet {
    /// The protocol the cells were played under.
    pub protocol: Protocol,
    /// First moves each clock was calibrated on.
    pub samples: u64,
    /// The cells, in the order of [`CellKey::all`].
    pub cells: Vec<CellData>,
}

/// Why a data set could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DataSetError {
    /// Not the data set's JSON.
    #[error("{source_name} is not a data set of section 8: {why}")]
    Malformed {
        /// The file's name.
        source_name: String,
        /// What the parser said.
        why: String,
    },
    /// A cell that is not one of the paper's.
    #[error("{source_name}: section {section} at {millis} ms against {opponent} is not a cell of the paper")]
    UnknownCell {
        /// The file's name.
        source_name: String,
        /// Its family.
        section: String,
        /// Its time.
        millis: u64,
        /// Its opponent.
        opponent: String,
    },
}

impl DataSet {
    /// An empty data set for `protocol`.
    pub fn new(protocol: Protocol, samples: u64) -> DataSet {
        DataSet {
            protocol,
            samples,
            cells: Vec::new(),
        }
    }

    /// Reads a data set, refusing cells that are not the paper's.
    pub fn parse(text: &str, source_name: &str) -> Result<DataSet, DataSetError> {
        let data: DataSet = serde_json::from_str(text).map_err(|e| DataSetError::Malformed {
            source_name: source_name.to_string(),
            why: e.to_string(),
        })?;
        for c in &data.cells {
            if DataSet::key_of(c).is_none() {
                return Err(DataSetError::UnknownCell {
                    source_name: source_name.to_string(),
                    section: c.section.clone(),
                    millis: c.millis,
                    opponent: c.opponent.clone(),
                });
            }
        }
        Ok(data)
    }

    /// The cell of the paper a line is about.
    pub fn key_of(c: &CellData) -> Option<CellKey> {
        CellKey::all().into_iter().find(|k| {
            let (f, p) = k.place();
            f.section == c.section && p.millis == c.millis && k.opponent.name() == c.opponent
        })
    }

    /// The line of `key`, if played.
    pub fn cell(&self, key: CellKey) -> Option<&CellData> {
        self.cells.iter().find(|c| DataSet::key_of(c) == Some(key))
    }

    /// Puts `data` in, replacing the line of its cell, keeping the order of [`CellKey::all`].
    pub fn insert(&mut self, data: CellData) {
        let key = DataSet::key_of(&data);
        self.cells.retain(|c| DataSet::key_of(c) != key);
        self.cells.push(data);
        self.cells.sort_by_key(DataSet::key_of);
    }

    /// The data set as pretty JSON, ending with a newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}
