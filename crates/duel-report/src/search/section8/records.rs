//! `duel report --from-records DIR`: the families' tables rebuilt from arena records
//! (`duel arena --out`, `python -m duel.ray --out`) instead of played. Each run found in the
//! records must be a cell of the tables: the game of a family, the paper's agent as A, the
//! fitted MCTS or MCTS′ of that cell as B, and the cell's budget (its time per move, or the
//! paper's first-move iterations of each agent). The records of one cell may come from
//! several files and seeds; the same game twice is refused, so nothing counts twice. Files
//! are read a line at a time within the bounds of `duel arena merge` ([`RECORD_BOUNDS`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::cells::{profile, BudgetKind, Opponent, Played};
use super::paper::FAMILIES;
use duel_core::input::{for_each_line, ReadError};
use duel_search::agent::Budget;
use duel_search::arena::{
    merge, parse_record_line, ArenaError, RecordLine, RunInfo, RECORD_BOUNDS,
};
use duel_search::spec::AgentSpec;
use duel_search::SearchError;

/// Why records could not be read into the tables.
#[derive(Debug, Error)]
pub enum RecordsError {
    /// The folder cannot be listed or a file read.
    #[error("cannot read {path}: {why}")]
    Read {
        /// The folder or file.
        path: String,
        /// The system's reason.
        why: String,
    },
    /// No `.jsonl` file in the folder.
    #[error("{dir} holds no .jsonl records file (write them with duel arena --out or python -m duel.ray --out)")]
    Empty {
        /// The folder.
        dir: String,
    },
    /// A record that is not one (its line, why).
    #[error("{0}")]
    Record(#[from] ArenaError),
    /// A records file past its bounds (a line of 64 KiB, 4 GiB in all) or unreadable.
    #[error("{0}")]
    Bounds(#[from] ReadError),
    /// A section name that is not one of the report's.
    #[error("{0}")]
    Section(#[from] crate::UnknownSection),
    /// A run that is no cell of the families' tables.
    #[error("{file}:{line}: a record of a run the families' tables do not use ({run}): {why}")]
    OtherRun {
        /// The file.
        file: String,
        /// The line of the run's first record.
        line: usize,
        /// The run: game, agents, budget.
        run: String,
        /// What does not fit.
        why: NotACell,
    },
}

/// Why a run of the records is no cell of the families' tables.
#[derive(Debug, Error)]
pub enum NotACell {
    /// Its game is no family's.
    #[error("no family plays this game")]
    NoFamily,
    /// The family's agent cannot be read (the transcription is wrong).
    #[error("{0}")]
    Spec(#[from] SearchError),
    /// Agent A is not the paper's agent.
    #[error("agent A must be {0} (the paper's agent)")]
    NotThePapersAgent(String),
    /// The run gives A no budget.
    #[error("no budget")]
    NoBudget,
    /// Agent B and the budgets fit no cell.
    #[error("agent B and the budgets are those of no cell (the opponent's fitted parameters with the cell's time per move, or the paper's first-move iterations of each agent)")]
    NoCell,
}

/// The run of a record in words: game, A, B and budget.
fn run_words(r: &RunInfo) -> String {
    let budget = |n: Option<u64>, t: Option<u64>| match (n, t) {
        (Some(n), _) => format!("{n} iterations"),
        (_, Some(t)) => format!("{t} ms"),
        _ => "the same".to_string(),
    };
    format!(
        "{}, A {} with {}, B {} with {}",
        r.game,
        r.a,
        budget(r.iterations, r.millis),
        r.b,
        budget(r.b_iterations, r.b_millis).replace("the same", &budget(r.iterations, r.millis))
    )
}

/// A cell of the tables: family, cell, opponent, kind of budget.
type Cell = (usize, usize, Opponent, BudgetKind);

/// The cell of the tables `run` plays: (family, cell, opponent, kind), or why none.
fn cell_of(run: &RunInfo) -> Result<Cell, NotACell> {
    let f = FAMILIES
        .iter()
        .position(|f| f.game == run.game)
        .ok_or(NotACell::NoFamily)?;
    let family = &FAMILIES[f];
    let ours = AgentSpec::parse(family.ours)?;
    if run.a != ours.text() {
        return Err(NotACell::NotThePapersAgent(ours.text()));
    }
    let a_budget = match (run.iterations, run.millis) {
        (Some(n), _) => Budget::Iterations(n),
        (_, Some(t)) => Budget::Millis(t),
        _ => return Err(NotACell::NoBudget),
    };
    let b_budget = match (run.b_iterations, run.b_millis) {
        (Some(n), _) => Budget::Iterations(n),
        (_, Some(t)) => Budget::Millis(t),
        _ => a_budget,
    };
    for (c, cell) in family.cells.iter().enumerate() {
        for o in Opponent::BOTH {
            let b = AgentSpec::parse(&o.spec(family, cell))?;
            if run.b != b.text() {
                continue;
            }
            for kind in [BudgetKind::Iterations, BudgetKind::Millis] {
                if kind.budgets(cell, o) == Some([a_budget, b_budget]) {
                    return Ok((f, c, o, kind));
                }
            }
        }
    }
    Err(NotACell::NoCell)
}

/// The `.jsonl` files of `dir`, sorted by name.
fn record_files(dir: &Path) -> Result<Vec<PathBuf>, RecordsError> {
    let read = |e: std::io::Error| RecordsError::Read {
        path: dir.display().to_string(),
        why: e.to_string(),
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(read)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl") && p.is_file())
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(RecordsError::Empty {
            dir: dir.display().to_string(),
        });
    }
    Ok(files)
}

/// Reads every `.jsonl` file of `dir` and sums each cell's records.
pub fn read_cells(dir: &Path) -> Result<Vec<Played>, RecordsError> {
    // Records by cell, with where the cell's first record was found.
    let mut by_cell: BTreeMap<Cell, Vec<RecordLine>> = BTreeMap::new();
    let mut runs: BTreeMap<String, Cell> = BTreeMap::new();
    let mut games = BTreeMap::new();
    for path in record_files(dir)? {
        let file = path.display().to_string();
        for_each_line(&path, RECORD_BOUNDS, |line, text| {
            let Some(rec) = parse_record_line(text, line, &file, &mut games)? else {
                return Ok(());
            };
            let words = run_words(&rec.run);
            let key = match runs.get(&words) {
                Some(k) => *k,
                None => {
                    let k = cell_of(&rec.run).map_err(|why| RecordsError::OtherRun {
                        file: file.clone(),
                        line,
                        run: words.clone(),
                        why,
                    })?;
                    runs.insert(words, k);
                    k
                }
            };
            by_cell.entry(key).or_default().push(rec);
            Ok::<(), RecordsError>(())
        })?;
    }
    let mut out = Vec::new();
    for ((f, c, o, kind), records) in by_cell {
        let merged = merge(&records)?;
        let games: Vec<_> = records.into_iter().map(|r| r.record).collect();
        out.push(Played {
            family: f,
            cell: c,
            opponent: o,
            kind,
            summary: merged.summary,
            profile: profile(&games),
        });
    }
    Ok(out)
}

/// The report of `only` (every section when empty) with the families' section read from the
/// records of `dir` rather than played: the records are read and checked first, then the
/// other sections are built as [`crate::build_with`] builds them.
pub fn build_from_records(
    options: &crate::ReportOptions,
    only: &[String],
    progress: std::sync::Arc<dyn crate::Progress>,
    dir: &Path,
) -> Result<crate::Report, RecordsError> {
    crate::check_only(only)?;
    let cells = read_cells(dir)?;
    let wants = |id: &str| only.is_empty() || only.iter().any(|o| o == id);
    let others: Vec<String> = crate::SECTIONS
        .iter()
        .map(|(id, _)| id.to_string())
        .filter(|id| id != "families" && wants(id))
        .collect();
    let mut report = if others.is_empty() {
        crate::Report {
            sections: Vec::new(),
            quick: options.quick,
            full: options.full && !options.quick,
            run: crate::run_info::RunInfo::collect(),
        }
    } else {
        crate::build_with(options, &others, progress)?
    };
    if wants("families") {
        let source = format!(
            "Read from the arena records of `{}` ({} cells), not played.",
            dir.display(),
            cells.len()
        );
        let section = super::families::section_of(&cells, &source, None);
        let at = crate::SECTIONS
            .iter()
            .position(|(id, _)| *id == "families")
            .unwrap_or(report.sections.len())
            .min(report.sections.len());
        report.sections.insert(at, section);
    }
    Ok(report)
}
