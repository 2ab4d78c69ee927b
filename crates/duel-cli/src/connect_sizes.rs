//! `duel connect sizes`: the board-size table, the empty board of every W×H with
//! M ≤ W + H ≤ N solved from scratch, one JSON line per board as it finishes, resumable
//! from its `--out` file.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail};
use duel::games::connect4::answer::{parse_memory, ConnectError};
use duel::games::connect4::size_table::{solve_empty, table_boards, EmptyBoard, Winner};
use duel::games::connect4::{Dims, Shape, BOARD_SIZES};

use crate::output::{out, shown};

/// Arguments of `duel connect sizes`.
#[derive(clap::Args)]
pub struct SizesArgs {
    /// The largest W + H (boards of 4 ≤ W, H and W·(H+1) ≤ 128).
    #[arg(long, required_unless_present = "boards")]
    max_sum: Option<u32>,
    /// The smallest W + H (default 8, the smallest board, 4×4).
    #[arg(long, default_value_t = 8)]
    min_sum: u32,
    /// A file of JSON lines, one per board, each appended as its board is solved; the
    /// boards it already holds are skipped (a stopped run resumes where it stopped).
    /// Without it the lines go to standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The transposition table, e.g. 64M or 1G (default 64M; W + H ≥ 13 wants 1G), refused
    /// where the machine has less memory available.
    #[arg(long)]
    memory: Option<String>,
    /// Threads searching each board's root children over the shared table.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// These boards only, in this order, e.g. `10x4,9x5` (in place of the sums' range):
    /// the quick ones of a row first.
    #[arg(long, conflicts_with_all = ["max_sum", "min_sum"])]
    boards: Option<String>,
}

/// The table of `duel connect sizes` unless `--memory` says otherwise: 64 MiB.
const DEFAULT_BYTES: u64 = 64 << 20;

pub fn sizes(args: SizesArgs) -> anyhow::Result<ExitCode> {
    let boards = match (&args.boards, args.max_sum) {
        (Some(list), _) => parse_boards(list)?,
        (None, Some(max)) if max > 64 => {
            bail!("--max-sum {max}: at most 64 (no board past W + H = 36 fits 128 bits)")
        }
        (None, Some(max)) => table_boards(args.min_sum, max),
        (None, None) => bail!("give --max-sum or --boards"),
    };
    let bytes = match &args.memory {
        Some(m) => parse_memory(m)?,
        None => DEFAULT_BYTES,
    };
    if let Some(available) = crate::system::available_memory() {
        if bytes > available {
            bail!(
                "--memory {}: {} MiB asked for, {} MiB available",
                args.memory.as_deref().unwrap_or("64M"),
                bytes >> 20,
                available >> 20
            );
        }
    }
    let done = match &args.out {
        Some(path) => done_boards(path)?,
        None => HashSet::new(),
    };
    let mut file = match &args.out {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| anyhow!("cannot write {}: {e}", shown(path)))?,
        ),
        None => None,
    };
    let threads = args.threads.clamp(1, 256);
    for (w, h) in boards {
        if done.contains(&(w, h)) {
            continue;
        }
        let board = solve_empty(w, h, bytes, threads)
            .ok_or_else(|| anyhow!("{w}x{h}: not a board of the solver"))?
            .map_err(ConnectError::Table)?;
        let line = serde_json::to_string(&board)?;
        match (&mut file, &args.out) {
            (Some(f), Some(path)) => {
                writeln!(f, "{line}")
                    .and_then(|()| f.flush())
                    .map_err(|e| anyhow!("cannot write {}: {e}", shown(path)))?;
                out!("{}", describe(&board));
            }
            _ => out!("{line}"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The boards of `--boards`: `WxH` separated by commas, each a size of the solver
/// ([`Dims`]: 4 ≤ W, H and W·(H+1) ≤ 128), none twice.
fn parse_boards(list: &str) -> anyhow::Result<Vec<(u32, u32)>> {
    let mut boards = Vec::new();
    for item in list.split(',') {
        let item = item.trim();
        let parsed = item
            .split_once('x')
            .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)));
        let Some((w, h)) = parsed else {
            bail!("--boards: {item:?} is not a board WxH such as 7x6");
        };
        if Dims::of(w, h).is_none() {
            bail!("--boards: {w}x{h} is not a board of the solver ({BOARD_SIZES})");
        }
        if boards.contains(&(w, h)) {
            bail!("--boards: {w}x{h} is given twice");
        }
        boards.push((w, h));
    }
    Ok(boards)
}

/// One board in words: `7x6: first player wins at ply 41 (score 1), 2.0 s`.
fn describe(b: &EmptyBoard) -> String {
    let verdict = match b.winner {
        Winner::First => format!("first player wins at ply {}", b.end_ply),
        Winner::Second => format!("second player wins at ply {}", b.end_ply),
        Winner::Draw => format!("draw at ply {}", b.end_ply),
    };
    format!(
        "{}x{}: {verdict} (score {}), {} positions, {:.3} s",
        b.width, b.height, b.score, b.nodes, b.seconds
    )
}

/// The boards an earlier run wrote to `path` (none if it does not exist). A last line cut
/// short by an interruption is cut off the file; any other line that is not a board is an
/// error naming it.
fn done_boards(path: &Path) -> anyhow::Result<HashSet<(u32, u32)>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashSet::new()),
        Err(e) => bail!("cannot read {}: {e}", shown(path)),
    };
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    if complete < text.len() {
        let f = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| anyhow!("cannot write {}: {e}", shown(path)))?;
        f.set_len(complete as u64)
            .map_err(|e| anyhow!("cannot write {}: {e}", shown(path)))?;
    }
    let mut done = HashSet::new();
    for (i, line) in text[..complete].lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let b: EmptyBoard = serde_json::from_str(line).map_err(|e| {
            anyhow!(
                "{}: line {} is not a board of `duel connect sizes`: {e}",
                shown(path),
                i + 1
            )
        })?;
        done.insert((b.width, b.height));
    }
    Ok(done)
}
