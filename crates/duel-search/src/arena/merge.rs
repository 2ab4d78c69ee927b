//! `duel arena merge`: the records of several runs or shards read as one run.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::record::parse_record_line;
use super::{ArenaError, InputError, MergeError, RecordLine, RunInfo, Summary, RECORD_BOUNDS};
use duel_core::input::for_each_line;
use duel_games::AnyGame;

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
    let first = records.first().ok_or(InputError::NoRecords)?;
    let mut seen: BTreeMap<u64, (u64, BTreeSet<u64>)> = BTreeMap::new();
    let mut games = Vec::with_capacity(records.len());
    for r in records {
        let (x, y) = (&first.run, &r.run);
        let same = |what: &'static str, first: String, other: String| {
            if first == other {
                Ok(())
            } else {
                Err(MergeError::Runs { what, first, other })
            }
        };
        same("game", x.game.clone(), y.game.clone())?;
        same("agent A", x.a.clone(), y.a.clone())?;
        same("agent B", x.b.clone(), y.b.clone())?;
        let budget = |i: &RunInfo| {
            let a = match (i.iterations, i.millis, i.work) {
                (Some(n), _, _) => format!("--iterations {n}"),
                (_, Some(t), _) => format!("--millis {t}"),
                (_, _, Some(u)) => format!("--work {u}"),
                _ => "no budget".to_string(),
            };
            match (i.b_iterations, i.b_millis, i.b_work) {
                (Some(n), _, _) => format!("{a} --b-iterations {n}"),
                (_, Some(t), _) => format!("{a} --b-millis {t}"),
                (_, _, Some(u)) => format!("{a} --b-work {u}"),
                _ => a,
            }
        };
        same("budget", budget(x), budget(y))?;
        let entry = seen
            .entry(y.seed)
            .or_insert_with(|| (y.games, BTreeSet::new()));
        if entry.0 != y.games {
            return Err(MergeError::Games {
                seed: y.seed,
                first: entry.0,
                other: y.games,
            }
            .into());
        }
        if !entry.1.insert(r.record.game_index) {
            return Err(MergeError::Twice {
                index: r.record.game_index,
                seed: y.seed,
            }
            .into());
        }
        games.push(r.record.clone());
    }
    let missing = seen
        .values()
        .map(|(n, got)| n.saturating_sub(got.len() as u64))
        .fold(0u64, u64::saturating_add);
    let summary = Summary::of(&first.run.game, &first.run.a, &first.run.b, &games)
        .ok_or(InputError::NoRecords)?;
    Ok(Merged {
        summary,
        missing_games: missing,
    })
}
