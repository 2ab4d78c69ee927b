//! The records of a run, one JSON line a game (`--out FILE.jsonl`): their format, the file a
//! run appends to and resumes from, and the checks a record read back must pass.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::realization::game_start;
use super::referee::RefereeCounts;
use super::{
    parse_arena_game, ArenaError, InputError, RecordFault, ReplayFault, Shard, MAX_GAMES,
    RECORD_BOUNDS,
};
use crate::answer::budget_of_options_with_work;
use crate::AgentSpec;
use duel_core::game::{Game, Outcome, Player};
use duel_core::input::for_each_line;
use duel_games::{with_game, AnyGame};

/// One game played.
///
/// In a records file its result is written from the agents' side, `"winner": "a"`, `"b"` or
/// `"draw"` (see [`GameRecord::winner`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "WireRecord", from = "WireRecord")]
pub struct GameRecord {
    /// Its index in the run (from 0).
    pub game_index: u64,
    /// Whether A moved first (`game_index` even).
    pub a_first: bool,
    /// How the game ended, by colour.
    pub outcome: Outcome,
    /// The moves from the start, in the game's notation.
    pub moves: String,
    /// What the referee found (`--referee`): each agent's moves that kept the exact value.
    pub referee: Option<RefereeCounts>,
    /// Iterations of each move's search, in move order (`move_iterations` in a records file;
    /// empty in records written before they were kept).
    pub iterations: Vec<u64>,
}

impl GameRecord {
    /// The colour agent A played.
    pub fn a_plays(&self) -> Player {
        if self.a_first {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The winning agent, `"a"` or `"b"`, or `"draw"`.
    pub fn winner(&self) -> &'static str {
        winner_name(self.outcome, self.a_plays())
    }

    /// The iterations of agent A's moves (`b = false`) or B's (`b = true`), in order.
    pub fn agent_iterations(&self, b: bool) -> impl Iterator<Item = u64> + '_ {
        // A's moves are the even ones when A moved first.
        let first = usize::from(self.a_first == b);
        self.iterations.iter().skip(first).step_by(2).copied()
    }
}

/// `"a"`, `"b"` or `"draw"`: who won a game that ended in `outcome` when A played `a_plays`.
fn winner_name(outcome: Outcome, a_plays: Player) -> &'static str {
    match outcome {
        Outcome::Draw => "draw",
        Outcome::Win(p) if p == a_plays => "a",
        Outcome::Win(_) => "b",
    }
}

/// A [`GameRecord`] as a records file has it.
#[derive(Serialize, Deserialize)]
struct WireRecord {
    game_index: u64,
    a_first: bool,
    winner: WireWinner,
    moves: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    referee: Option<RefereeCounts>,
    /// `iterations` names the run's budget in the same line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    move_iterations: Vec<u64>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum WireWinner {
    A,
    B,
    Draw,
}

impl From<GameRecord> for WireRecord {
    fn from(r: GameRecord) -> Self {
        let winner = match r.winner() {
            "a" => WireWinner::A,
            "b" => WireWinner::B,
            _ => WireWinner::Draw,
        };
        WireRecord {
            game_index: r.game_index,
            a_first: r.a_first,
            winner,
            moves: r.moves,
            referee: r.referee,
            move_iterations: r.iterations,
        }
    }
}

impl From<WireRecord> for GameRecord {
    fn from(w: WireRecord) -> Self {
        let (a, b) = if w.a_first {
            (Player::First, Player::Second)
        } else {
            (Player::Second, Player::First)
        };
        let outcome = match w.winner {
            WireWinner::A => Outcome::Win(a),
            WireWinner::B => Outcome::Win(b),
            WireWinner::Draw => Outcome::Draw,
        };
        GameRecord {
            game_index: w.game_index,
            a_first: w.a_first,
            outcome,
            moves: w.moves,
            referee: w.referee,
            iterations: w.move_iterations,
        }
    }
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
    /// Work units per move, when the budget is in work units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub work: Option<u64>,
    /// B's work units per move, when B's budget differs from A's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b_work: Option<u64>,
    /// The run's seed.
    pub seed: u64,
    /// Games of the whole run.
    pub games: u64,
    /// Whether each pair of games was played on its own realization of a random tree
    /// ([`super::realization`]); records without it were all played on the game's own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pair_realizations: bool,
    /// Whether the referee judged each move (`--referee`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub refereed: bool,
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

/// The open records file of a run: where each game's line is appended.
pub(super) struct RecordSink {
    file: Mutex<std::fs::File>,
    name: String,
    info: RunInfo,
}

impl RecordSink {
    pub(super) fn write(&self, record: &GameRecord) -> Result<(), ArenaError> {
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

/// Opens (or creates) the records file `path` for reading and appending, with a last line
/// cut short dropped: its name for messages, and the file.
pub(super) fn open_appending(path: &Path) -> Result<(String, std::fs::File), ArenaError> {
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
    // Records are read back to resume: a device (/dev/full, /dev/zero) reads as one endless
    // line, which would be named as the fault instead of the file itself.
    if !file.metadata().map_err(write_error)?.is_file() {
        return Err(write_error(std::io::Error::other(
            "not a regular file: records are appended to a file and read back to resume",
        )));
    }
    drop_cut_line(&mut file).map_err(write_error)?;
    Ok((name, file))
}

/// Opens (or creates) the records file `path` of the run `info` for appending, drops a last
/// line cut short, and reads back its records, which must be of the same run and `shard`.
pub(super) fn open_records(
    path: &Path,
    info: &RunInfo,
    shard: Shard,
) -> Result<(RecordSink, Vec<GameRecord>), ArenaError> {
    let (name, file) = open_appending(path)?;
    let mut games: BTreeMap<String, AnyGame> = BTreeMap::new();
    let mut seen = BTreeSet::new();
    let mut done = Vec::new();
    for_each_line(path, RECORD_BOUNDS, |n, line| {
        let Some(rec) = parse_record_line(line, n, &name, &mut games)? else {
            return Ok(());
        };
        let bad = |why: RecordFault| ArenaError::BadRecord {
            source_name: name.clone(),
            line: n,
            why,
        };
        if let Some(difference) = run_difference(info, &rec.run) {
            return Err(bad(difference));
        }
        if !shard.contains(rec.record.game_index) {
            return Err(bad(RecordFault::OtherShard {
                index: rec.record.game_index,
                shard_index: shard.index,
                shard_count: shard.count,
            }));
        }
        if !seen.insert(rec.record.game_index) {
            return Err(bad(RecordFault::Twice {
                index: rec.record.game_index,
            }));
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
pub(super) fn drop_cut_line(file: &mut std::fs::File) -> std::io::Result<()> {
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
fn run_difference(expected: &RunInfo, found: &RunInfo) -> Option<RecordFault> {
    let field = |what: &'static str, want: String, got: String| {
        (want != got).then_some(RecordFault::OtherRun {
            what,
            found: got,
            expected: want,
        })
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
        .or_else(|| field("work", opt(expected.work), opt(found.work)))
        .or_else(|| field("b_work", opt(expected.b_work), opt(found.b_work)))
        .or_else(|| field("seed", expected.seed.to_string(), found.seed.to_string()))
        .or_else(|| field("games", expected.games.to_string(), found.games.to_string()))
        .or_else(|| {
            field(
                "pair_realizations",
                expected.pair_realizations.to_string(),
                found.pair_realizations.to_string(),
            )
        })
        .or_else(|| {
            field(
                "referee",
                expected.refereed.to_string(),
                found.refereed.to_string(),
            )
        })
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
pub fn parse_record_line(
    line: &str,
    n: usize,
    source_name: &str,
    games: &mut BTreeMap<String, AnyGame>,
) -> Result<Option<RecordLine>, ArenaError> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let bad = |why: RecordFault| ArenaError::BadRecord {
        source_name: source_name.to_string(),
        line: n,
        why,
    };
    let rec: RecordLine =
        serde_json::from_str(line).map_err(|e| bad(RecordFault::NotJson { why: e.to_string() }))?;
    let given = |xs: [Option<u64>; 3]| xs.iter().filter(|x| x.is_some()).count();
    let run = &rec.run;
    if given([run.iterations, run.millis, run.work]) != 1
        || given([run.b_iterations, run.b_millis, run.b_work]) > 1
    {
        return Err(bad(RecordFault::Budget));
    }
    check_run(&rec.run).map_err(bad)?;
    if rec.record.game_index >= rec.run.games {
        return Err(bad(RecordFault::Index {
            index: rec.record.game_index,
            games: rec.run.games,
        }));
    }
    if rec.record.a_first != (rec.record.game_index % 2 == 0) {
        return Err(bad(RecordFault::FirstPlayer {
            a_first: rec.record.a_first,
            index: rec.record.game_index,
        }));
    }
    let start = match games.get(&rec.run.game) {
        Some(g) => g,
        None => {
            let g = parse_arena_game(&rec.run.game).map_err(|e| {
                bad(RecordFault::Game {
                    game: rec.run.game.clone(),
                    why: e.to_string(),
                })
            })?;
            games.entry(rec.run.game.clone()).or_insert(g)
        }
    };
    let start = if rec.run.pair_realizations {
        game_start(start, rec.run.seed, rec.record.game_index)
    } else {
        start.clone()
    };
    let replayed = replay_outcome(start, &rec.record.moves, rec.record.iterations.len());
    match replayed {
        Ok(o) if o == rec.record.outcome => {}
        Ok(o) => {
            let said = |o: Outcome| match winner_name(o, rec.record.a_plays()) {
                "a" => "won by A",
                "b" => "won by B",
                _ => "drawn",
            };
            return Err(bad(RecordFault::Outcome {
                moves: rec.record.moves.clone(),
                replayed: said(o),
                recorded: said(rec.record.outcome),
            }));
        }
        Err(why) => {
            return Err(bad(RecordFault::Moves {
                moves: rec.record.moves.clone(),
                why,
            }))
        }
    }
    Ok(Some(rec))
}

/// Refuses the run of a record that `duel arena` would have refused to play, with the error
/// it gives: an agent spec that does not parse, a budget of zero, a number of games out of
/// range.
fn check_run(run: &RunInfo) -> Result<(), RecordFault> {
    let run_fault = |e: &dyn std::error::Error| RecordFault::Run { why: e.to_string() };
    AgentSpec::parse(&run.a).map_err(|e| run_fault(&e))?;
    AgentSpec::parse(&run.b).map_err(|e| run_fault(&e))?;
    for (iterations, millis, work, prefix) in [
        (run.iterations, run.millis, run.work, ""),
        (run.b_iterations, run.b_millis, run.b_work, "b-"),
    ] {
        if let Some(budget) = budget_of_options_with_work(iterations, millis, work, prefix)
            .map_err(|e| run_fault(&e))?
        {
            budget.validate().map_err(|e| run_fault(&e))?;
        }
    }
    check_games(run.games).map_err(|e| run_fault(&e))
}

/// Refuses a number of games out of 1..=[`MAX_GAMES`].
pub(super) fn check_games(games: u64) -> Result<(), ArenaError> {
    if games == 0 || games > MAX_GAMES {
        return Err(InputError::Games {
            got: games,
            max: MAX_GAMES,
        }
        .into());
    }
    Ok(())
}

/// How the moves `moves` from `start` end, or why they are not a finished game (or not one
/// move per iteration count, when `iterations` is not 0).
pub(super) fn replay_outcome(
    start: AnyGame,
    moves: &str,
    iterations: usize,
) -> Result<Outcome, ReplayFault> {
    with_game!(start, g => replay(g, moves, iterations))
}

/// [`replay_outcome`] from the position `position` of a game.
fn replay<G: Game>(
    mut position: G,
    moves: &str,
    iterations: usize,
) -> Result<Outcome, ReplayFault> {
    let moves = position.parse_moves(moves).map_err(ReplayFault::NotAGame)?;
    if iterations > 0 && iterations != moves.len() {
        return Err(ReplayFault::IterationCounts {
            moves: moves.len(),
            counts: iterations,
        });
    }
    position
        .try_play_all(&moves)
        .map_err(ReplayFault::NotAGame)?;
    position.outcome().ok_or(ReplayFault::Unfinished)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file format names the winning agent; the record holds the outcome by colour.
    #[test]
    fn records_name_the_winning_agent_on_file() {
        let line = r#"{"game_index":1,"a_first":false,"winner":"a","moves":"x","game":"tictactoe","a":"mcts","b":"uct","iterations":10,"seed":3,"games":4}"#;
        let rec: RecordLine = serde_json::from_str(line).unwrap();
        assert_eq!(rec.record.a_plays(), Player::Second);
        assert_eq!(rec.record.outcome, Outcome::Win(Player::Second));
        assert_eq!(rec.record.winner(), "a");
        assert_eq!(serde_json::to_string(&rec).unwrap(), line);
        for a_first in [true, false] {
            for outcome in [
                Outcome::Draw,
                Outcome::Win(Player::First),
                Outcome::Win(Player::Second),
            ] {
                let r = GameRecord {
                    game_index: 0,
                    a_first,
                    outcome,
                    moves: String::new(),
                    referee: None,
                    iterations: Vec::new(),
                };
                let text = serde_json::to_string(&r).unwrap();
                assert_eq!(serde_json::from_str::<GameRecord>(&text).unwrap(), r);
                let a_won = outcome == Outcome::Win(r.a_plays());
                assert_eq!(r.winner() == "a", a_won, "{text}");
            }
        }
    }

    /// Records keep each move's iterations; records written before they were kept still
    /// parse (and write back as they were), and a count per move is checked.
    #[test]
    fn iterations_per_move_round_trip_and_are_checked() {
        let old = r#"{"game_index":0,"a_first":true,"winner":"a","moves":"1,4,2,5,3","game":"tictactoe","a":"mcts:a=3.5,b=5","b":"uct:c=2","iterations":10,"seed":3,"games":4}"#;
        let rec = &parse_records(old, "old").unwrap()[0];
        assert!(rec.record.iterations.is_empty());
        assert_eq!(serde_json::to_string(rec).unwrap(), old);
        let new = old.replace(
            r#""moves":"1,4,2,5,3","#,
            r#""moves":"1,4,2,5,3","move_iterations":[10,9,10,8,10],"#,
        );
        let rec = &parse_records(&new, "new").unwrap()[0];
        assert_eq!(rec.record.iterations, vec![10, 9, 10, 8, 10]);
        assert_eq!(serde_json::to_string(rec).unwrap(), new);
        let a: Vec<u64> = rec.record.agent_iterations(false).collect();
        let b: Vec<u64> = rec.record.agent_iterations(true).collect();
        assert_eq!((a, b), (vec![10, 10, 10], vec![9, 8]));
        // B moved first in game 1: its moves are the even ones.
        let mut second = rec.record.clone();
        second.a_first = false;
        assert_eq!(
            second.agent_iterations(true).collect::<Vec<_>>(),
            vec![10, 10, 10]
        );
        let short = new.replace("[10,9,10,8,10]", "[10,9]");
        let e = parse_records(&short, "short").unwrap_err().to_string();
        assert!(
            e.contains("5 moves but the record has 2 iteration counts"),
            "{e}"
        );
    }
}
