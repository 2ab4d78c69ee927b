//! `duel arena championship`: the round robin that fits MCTS's parameters (Delattre &
//! Fournier, section 8.3). The players are MCTS(a, b) (or MCTS′(a, b)) for a = k/2, b = l/2,
//! `from ≤ k ≤ l ≤ K` (the paper: `from` = 1, K = 10, 55 players; section 8.5: K = 20, 210
//! players); each pair of players meets in `N` games, each playing first in `N/2` (the paper:
//! 40), and the player with the most wins is the winner ([`super::standings::rank`] for ties).
//!
//! The pairs of players are numbered in the order of the players (by k, then l); game `g` of
//! pair `m` is game `m·N + g` of the championship, where the first player of the pair is A
//! and moves first when `g` is even. Each game is played as one of a plain run
//! ([`super::play_run_game`]): agents seeded from `(seed, index, side)`, random trees on a
//! fresh realization per pair of games (both colours on the same tree). A championship is
//! therefore the same whatever the threads and however often it was stopped and resumed
//! (under an iteration budget). Its records (`--out`) are lines of [`ChampionshipLine`].

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::realization::{game_start, is_random_tree};
use super::record::{open_appending, replay_outcome};
use super::standings::{rank, Player, Standing};
use super::{
    in_pool, play_run_game, playable_game, ArenaError, GameRecord, InputError, Progress,
    RecordFault, Shard, MAX_GAMES, MAX_THREADS, RECORD_BOUNDS,
};
use crate::agent::num;
use crate::mcts::MctsKind;
use crate::{AgentSpec, Budget};
use duel_core::game::Game;
use duel_core::input::for_each_line;
use duel_core::text::quote;
use duel_games::{with_game, AnyGame};

/// The largest grid K: the paper's largest (section 8.5, 210 players, 21,945 pairs; with 40
/// games a pair, 877,800 games).
pub const MAX_GRID: u32 = 20;

/// The most games a pair of players may play.
pub const MAX_PAIR_GAMES: u64 = 10_000;

/// The parameters of a championship.
#[derive(Clone, Debug)]
pub struct ChampionshipConfig {
    /// The game's name.
    pub game: String,
    /// `mcts` (Algorithm 31) or `mcts-prime` (Algorithm 30).
    pub agent: String,
    /// The grid K: players k/2, l/2 with `from ≤ k ≤ l ≤ K`, 2 ≤ K ≤ [`MAX_GRID`].
    pub grid: u32,
    /// The smallest k (1 in the paper; larger for a championship among the largest
    /// parameters only), 1 ≤ from ≤ K.
    pub from: u32,
    /// Games of each pair of players: even, 2 to [`MAX_PAIR_GAMES`].
    pub games: u64,
    /// Budget of each player for each move.
    pub budget: Budget,
    /// Seed of the championship.
    pub seed: u64,
    /// Threads of the local pool; `None`: rayon's global pool.
    pub threads: Option<usize>,
    /// The memory the games played at once may use together (see
    /// [`super::ArenaConfig::memory`]).
    pub memory: Option<u64>,
    /// Whether the referee judges every move.
    pub referee: bool,
}

/// The parameters a championship's record line carries, to resume only the same
/// championship.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChampionshipInfo {
    /// The game's canonical name.
    pub game: String,
    /// `mcts` or `mcts-prime`.
    pub championship: String,
    /// K.
    pub grid: u32,
    /// The smallest k.
    pub from: u32,
    /// Games of each pair.
    pub games_per_pair: u64,
    /// Iterations per move, when the budget is in iterations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u64>,
    /// Milliseconds per move, when the budget is in time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub millis: Option<u64>,
    /// Work units per move, when the budget is in work units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub work: Option<u64>,
    /// The seed.
    pub seed: u64,
    /// Whether random trees were played on a realization per pair of games.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pair_realizations: bool,
    /// Whether the referee judged each move.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub refereed: bool,
}

/// One line of a championship's records file: a game, its two players, the championship.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChampionshipLine {
    /// The game (its index in the championship, `pair · games_per_pair + g`).
    #[serde(flatten)]
    pub record: GameRecord,
    /// Player A's spec.
    pub a: String,
    /// Player B's spec.
    pub b: String,
    /// The championship.
    #[serde(flatten)]
    pub run: ChampionshipInfo,
}

/// The answer of `duel arena championship` (its `--json` document).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChampionshipAnswer {
    /// The game's canonical name.
    pub game: String,
    /// `mcts` or `mcts-prime`.
    pub championship: String,
    /// K.
    pub grid: u32,
    /// The smallest k.
    pub from: u32,
    /// Players.
    pub players: u64,
    /// Games of each pair of players.
    pub games_per_pair: u64,
    /// Games in all.
    pub games: u64,
    /// Iterations per move, when the budget is in iterations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u64>,
    /// Milliseconds per move, when the budget is in time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub millis: Option<u64>,
    /// Work units per move, when the budget is in work units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub work: Option<u64>,
    /// The seed.
    pub seed: u64,
    /// Games read back from `--out`'s file rather than played.
    pub resumed: u64,
    /// The winner's line of the table.
    pub winner: Standing,
    /// Its wins minus the runner-up's.
    pub margin: u64,
    /// Every player, ranked.
    pub standings: Vec<Standing>,
}

/// The players of a championship: MCTS(k/2, l/2) of `kind`, `from ≤ k ≤ l ≤ grid`, by k then
/// l.
pub fn players(kind: MctsKind, from: u32, grid: u32) -> Vec<Player> {
    players_counting(kind, false, from, grid)
}

/// [`players`], counting draws as losses of the player at the root (`draw=0`, the paper's
/// Algorithms 30 and 31) when `paper_draws`.
fn players_counting(kind: MctsKind, paper_draws: bool, from: u32, grid: u32) -> Vec<Player> {
    let suffix = if paper_draws { ",draw=0" } else { "" };
    let mut out = Vec::new();
    for k in from..=grid {
        for l in k..=grid {
            let (a, b) = (f64::from(k) / 2.0, f64::from(l) / 2.0);
            out.push(Player {
                spec: format!("{}:a={},b={}{suffix}", kind.name(), num(a), num(b)),
                a,
                b,
            });
        }
    }
    out
}

/// The pairs of players `(i, j)`, `i < j`, in the order they are numbered.
fn pairs(players: usize) -> Vec<(usize, usize)> {
    (0..players)
        .flat_map(|i| (i + 1..players).map(move |j| (i, j)))
        .collect()
}

/// Reads `mcts`, `mcts-prime` (or `mcts'`), each optionally with `:draw=0` (the paper's
/// count of draws); the flag says whether it was given.
fn kind_of(agent: &str) -> Result<(MctsKind, bool), ArenaError> {
    let agent = agent.trim();
    let (name, paper_draws) = match agent.strip_suffix(":draw=0") {
        Some(name) => (name, true),
        None => (agent, false),
    };
    match name {
        "mcts" => Ok((MctsKind::Mcts, paper_draws)),
        "mcts-prime" | "mcts'" => Ok((MctsKind::MctsPrime, paper_draws)),
        other => Err(InputError::ChampionshipAgent {
            got: other.to_string(),
        }
        .into()),
    }
}

/// What a championship plays, once its parameters are checked: its players, their pairs,
/// the game and the line each record carries.
struct Plan {
    games_per_pair: u64,
    players: Vec<Player>,
    pairs: Vec<(usize, usize)>,
    total: u64,
    game: AnyGame,
    specs: Vec<AgentSpec>,
    info: ChampionshipInfo,
    budget: Budget,
}

impl Plan {
    /// Checks every argument, the game's referee bound included.
    fn of(config: &ChampionshipConfig) -> Result<Plan, ArenaError> {
        let ((kind, paper_draws), budget) = check_config(config)?;
        let players = players_counting(kind, paper_draws, config.from, config.grid);
        let pairs = pairs(players.len());
        let total = (pairs.len() as u64).saturating_mul(config.games);
        if total > MAX_GAMES {
            return Err(InputError::Games {
                got: total,
                max: MAX_GAMES,
            }
            .into());
        }
        let game = championship_game(config)?;
        let specs = players
            .iter()
            .map(|p| AgentSpec::parse(&p.spec))
            .collect::<Result<Vec<_>, _>>()?;
        let info = championship_info(config, (kind, paper_draws), budget, &game);
        Ok(Plan {
            games_per_pair: config.games,
            players,
            pairs,
            total,
            game,
            specs,
            info,
            budget,
        })
    }

    /// The pair of players of game `index`.
    fn pair_of(&self, index: u64) -> (usize, usize) {
        self.pairs[(index / self.games_per_pair) as usize]
    }

    /// Game `i`'s record line.
    fn line(&self, record: GameRecord) -> ChampionshipLine {
        let (pa, pb) = self.pair_of(record.game_index);
        ChampionshipLine {
            record,
            a: self.players[pa].spec.clone(),
            b: self.players[pb].spec.clone(),
            run: self.info.clone(),
        }
    }

    /// Opens `out` and reads back the games it holds (see [`open`]).
    fn open(&self, out: &Path) -> Result<(Sink, Vec<GameRecord>), ArenaError> {
        open(
            out,
            &self.info,
            &self.players,
            &|i| self.pair_of(i),
            self.total,
            &self.game,
        )
    }

    /// Plays the games `indices` in parallel on the championship's pool, each written to
    /// `sink` as it ends.
    fn play(
        &self,
        config: &ChampionshipConfig,
        indices: &[u64],
        sink: Option<&Sink>,
        on_game: &(dyn Fn(Progress) + Sync),
    ) -> Result<Vec<GameRecord>, ArenaError> {
        let play = || -> Result<Vec<GameRecord>, ArenaError> {
            indices
                .par_iter()
                .map(|&i| {
                    let (pa, pb) = self.pair_of(i);
                    let r = play_run_game(
                        &self.game,
                        &self.specs[pa],
                        &self.specs[pb],
                        [self.budget; 2],
                        config.seed,
                        i,
                        config.referee,
                    )?;
                    if let Some(sink) = sink {
                        sink.write(&self.line(r.clone()))?;
                    }
                    on_game(Progress::Game);
                    Ok(r)
                })
                .collect()
        };
        in_pool(config.threads, config.memory, play)
    }
}

/// Plays a championship in parallel, writing each game to `out` (`--out FILE.jsonl`) as it
/// ends and resuming from the games of the same championship already there (nothing is played
/// or counted twice). `on_game` hears [`Progress::Start`] then [`Progress::Game`] per game.
///
/// Every argument is checked, the game's referee bound included, and the records file read,
/// before the first game.
pub fn run_championship(
    config: &ChampionshipConfig,
    out: Option<&Path>,
    on_game: &(dyn Fn(Progress) + Sync),
) -> Result<ChampionshipAnswer, ArenaError> {
    let plan = Plan::of(config)?;
    let (sink, done) = match out {
        Some(path) => {
            let (sink, done) = plan.open(path)?;
            (Some(sink), done)
        }
        None => (None, Vec::new()),
    };
    let played: BTreeSet<u64> = done.iter().map(|r| r.game_index).collect();
    let indices: Vec<u64> = (0..plan.total).filter(|i| !played.contains(i)).collect();
    on_game(Progress::Start {
        games: plan.total,
        resumed: done.len() as u64,
    });
    let mut records = plan.play(config, &indices, sink.as_ref(), on_game)?;
    let resumed = done.len() as u64;
    records.extend(done);
    records.sort_by_key(|r| r.game_index);
    let standings = rank(
        &plan.players,
        records.iter().map(|r| {
            let (a, b) = plan.pair_of(r.game_index);
            let kept = r.referee.map(|c| [c.a, c.b]);
            (a, b, r.a_first, r.outcome, kept)
        }),
    );
    let winner = standings[0].clone();
    let margin = winner.wins - standings.get(1).map_or(0, |s| s.wins);
    Ok(ChampionshipAnswer {
        game: plan.info.game,
        championship: plan.info.championship,
        grid: config.grid,
        from: config.from,
        players: plan.players.len() as u64,
        games_per_pair: plan.games_per_pair,
        games: plan.total,
        iterations: plan.info.iterations,
        millis: plan.info.millis,
        work: plan.info.work,
        seed: config.seed,
        resumed,
        winner,
        margin,
        standings,
    })
}

/// The games of `shard` that `held` lacks, played in parallel, as the record lines
/// `--out` would get (by game index): the part of a championship one task of a cluster
/// plays (`duel.ray.championship`). The lines of all shards, in one file, are a whole
/// championship that [`run_championship`] resumes from without playing a game.
pub fn championship_shard(
    config: &ChampionshipConfig,
    shard: Shard,
    held: &BTreeSet<u64>,
) -> Result<Vec<ChampionshipLine>, ArenaError> {
    // The same checks as `--shard I/N` read from text.
    let shard = Shard::parse(&format!("{}/{}", shard.index, shard.count))?;
    let plan = Plan::of(config)?;
    let indices: Vec<u64> = (shard.index..plan.total)
        .step_by(usize::try_from(shard.count.max(1)).unwrap_or(usize::MAX))
        .filter(|i| !held.contains(i))
        .collect();
    let mut records = plan.play(config, &indices, None, &|_| ())?;
    records.sort_by_key(|r| r.game_index);
    Ok(records.into_iter().map(|r| plan.line(r)).collect())
}

/// The indices of the games of this championship that the records file `out` holds (each
/// checked as a resumed run checks it), in order; a file that does not exist holds none
/// and is created.
pub fn championship_held(config: &ChampionshipConfig, out: &Path) -> Result<Vec<u64>, ArenaError> {
    let plan = Plan::of(config)?;
    let (_, done) = plan.open(out)?;
    let mut held: Vec<u64> = done.iter().map(|r| r.game_index).collect();
    held.sort_unstable();
    Ok(held)
}

/// One record line as `--out` writes it, with its newline.
pub fn line_text(line: &ChampionshipLine) -> String {
    // A struct of strings, integers and enums always serialises.
    let mut text = serde_json::to_string(line).unwrap_or_default();
    text.push('\n');
    text
}

/// The agents' kind and the budget of a championship, once its grid, its games per pair and
/// its threads are checked.
fn check_config(config: &ChampionshipConfig) -> Result<((MctsKind, bool), Budget), ArenaError> {
    let kind = kind_of(&config.agent)?;
    if config.grid < 2 || config.grid > MAX_GRID {
        return Err(InputError::Grid {
            got: config.grid,
            max: MAX_GRID,
        }
        .into());
    }
    if config.from == 0 || config.from >= config.grid {
        return Err(InputError::GridFrom {
            from: config.from,
            grid: config.grid,
        }
        .into());
    }
    let n = config.games;
    if n == 0 || n % 2 == 1 || n > MAX_PAIR_GAMES {
        return Err(InputError::PairGames {
            got: n,
            max: MAX_PAIR_GAMES,
        }
        .into());
    }
    let budget = config.budget.validate()?;
    if let Some(t) = config.threads {
        if t == 0 || t > MAX_THREADS {
            return Err(InputError::Threads {
                got: t,
                max: MAX_THREADS,
            }
            .into());
        }
    }
    Ok((kind, budget))
}

/// The game of a championship: one that is not over from its start, and one the referee
/// can judge where it is asked to.
fn championship_game(config: &ChampionshipConfig) -> Result<AnyGame, ArenaError> {
    playable_game(
        &config.game,
        config.seed,
        config.referee,
        |g| with_game!(game_start(g, config.seed, 0), g => g.outcome()),
    )
}

/// What each line of a championship's records file says of the championship.
fn championship_info(
    config: &ChampionshipConfig,
    (kind, paper_draws): (MctsKind, bool),
    budget: Budget,
    game: &AnyGame,
) -> ChampionshipInfo {
    ChampionshipInfo {
        game: game.spec(),
        championship: if paper_draws {
            format!("{}:draw=0", kind.name())
        } else {
            kind.name().to_string()
        },
        grid: config.grid,
        from: config.from,
        games_per_pair: config.games,
        iterations: budget.iterations(),
        millis: budget.millis(),
        work: budget.work(),
        seed: config.seed,
        pair_realizations: is_random_tree(game),
        refereed: config.referee,
    }
}

/// The open records file of a championship.
struct Sink {
    file: Mutex<std::fs::File>,
    name: String,
}

impl Sink {
    fn write(&self, line: &ChampionshipLine) -> Result<(), ArenaError> {
        let text = line_text(line);
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| ArenaError::Write {
                file: self.name.clone(),
                why: e.to_string(),
            })
    }
}

/// Opens (or creates) the records file of a championship, drops a last line cut short, and
/// reads back its games, each of which must be of this championship: same parameters, its
/// pair's players, an index below `total` seen once, and moves that replay to its result.
fn open(
    path: &Path,
    info: &ChampionshipInfo,
    players: &[Player],
    pair_of: &dyn Fn(u64) -> (usize, usize),
    total: u64,
    game: &AnyGame,
) -> Result<(Sink, Vec<GameRecord>), ArenaError> {
    let (name, file) = open_appending(path)?;
    let mut seen = BTreeSet::new();
    let mut done = Vec::new();
    for_each_line(path, RECORD_BOUNDS, |n, line| {
        if line.trim().is_empty() {
            return Ok(());
        }
        let bad = |why: RecordFault| ArenaError::BadRecord {
            source_name: name.clone(),
            line: n,
            why,
        };
        let rec: ChampionshipLine = serde_json::from_str(line)
            .map_err(|e| bad(RecordFault::NotJson { why: e.to_string() }))?;
        if rec.run != *info {
            return Err(bad(RecordFault::OtherRun {
                what: "championship",
                found: brief(&rec.run),
                expected: brief(info),
            }));
        }
        let index = rec.record.game_index;
        if index >= total {
            return Err(bad(RecordFault::Index {
                index,
                games: total,
            }));
        }
        let (pa, pb) = pair_of(index);
        if rec.a != players[pa].spec || rec.b != players[pb].spec {
            return Err(bad(RecordFault::Run {
                why: format!(
                    "game {index} is one of {} against {}, not of {} against {}",
                    quote(&players[pa].spec),
                    quote(&players[pb].spec),
                    quote(&rec.a),
                    quote(&rec.b)
                ),
            }));
        }
        if rec.record.a_first != (index % 2 == 0) {
            return Err(bad(RecordFault::FirstPlayer {
                a_first: rec.record.a_first,
                index,
            }));
        }
        let start = if info.pair_realizations {
            game_start(game, info.seed, index)
        } else {
            game.clone()
        };
        match replay_outcome(start, &rec.record.moves, rec.record.iterations.len()) {
            Ok(o) if o == rec.record.outcome => {}
            Ok(_) => {
                return Err(bad(RecordFault::Run {
                    why: format!(
                        "the moves {} do not end as the record says",
                        quote(&rec.record.moves)
                    ),
                }))
            }
            Err(why) => {
                return Err(bad(RecordFault::Moves {
                    moves: rec.record.moves.clone(),
                    why,
                }))
            }
        }
        if info.refereed && rec.record.referee.is_none() {
            return Err(bad(RecordFault::Run {
                why: format!("game {index} has no referee counts"),
            }));
        }
        if !seen.insert(index) {
            return Err(bad(RecordFault::Twice { index }));
        }
        done.push(rec.record);
        Ok(())
    })?;
    Ok((
        Sink {
            file: Mutex::new(file),
            name,
        },
        done,
    ))
}

/// A championship's parameters in a few words, for an error.
fn brief(i: &ChampionshipInfo) -> String {
    let budget = match (i.iterations, i.millis) {
        (Some(n), _) => format!("{n} iterations"),
        (_, Some(t)) => format!("{t} ms"),
        _ => "no budget".to_string(),
    };
    format!(
        "{} on {}, grid {}..{}, {} games a pair, {budget}, seed {}{}",
        i.championship,
        i.game,
        i.from,
        i.grid,
        i.games_per_pair,
        i.seed,
        if i.refereed { ", refereed" } else { "" }
    )
}
