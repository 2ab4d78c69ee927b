//! `duel report`: builds every section of the reproduction report and writes it, or
//! (`--check DIR`) builds the sections of a report folder again and lists what differs.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use duel::report::check::Folder;
use duel::report::search::section8::records::build_from_records;
use duel::report::{
    build_with, check_only, write_section, Progress, Report, ReportOptions, Section,
};

use crate::output::{out, print_json};
use crate::report_progress::ReportProgress;
use crate::Ctx;

/// Arguments of `duel report`.
#[derive(clap::Args)]
#[command(
    after_help = "Progress: a bar per section on a terminal; otherwise one line per finished section on stderr; nothing with --quiet.\n\n\
Each section's files are written as the section finishes; index.md and differences.md at the end.\n\n\
With --check DIR: builds again the sections whose JSON files DIR holds (with the --quick or --full DIR records) and lists every value that differs (file, path, item, old -> new), timings aside; a folder without index.md (an interrupted report) names the sections it lacks. Exit status 0 when nothing differs, 1 when something does, 2 on bad input (a missing folder, unreadable JSON)."
)]
pub struct Args {
    /// The folder to write (created if needed).
    #[arg(long, default_value = "report")]
    out: PathBuf,
    /// Smaller ranges: a first look in seconds.
    #[arg(long)]
    quick: bool,
    /// The longest rows too (bidding's hex:4 and connect:5x4:4, the hardest Connect Four
    /// benchmark files, MCTS's parameters fitted for every family of section 8): minutes more.
    #[arg(long, conflicts_with = "quick")]
    full: bool,
    /// Only these sections (guesswho, liar, bidding, games, search); all when absent.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Print the counts of items (per section and in all) as one JSON document.
    #[arg(long)]
    json: bool,
    /// Compare the report in this folder with a fresh run instead of writing one (exit 1 if
    /// anything differs).
    #[arg(long, value_name = "DIR", conflicts_with = "out")]
    check: Option<PathBuf>,
    /// Build the families' tables (sections 8.4–8.10) from the arena records (.jsonl) in DIR
    /// instead of playing them.
    #[arg(long, value_name = "DIR", conflicts_with = "check")]
    from_records: Option<PathBuf>,
}

/// Builds the sections `only` (all when empty), with progress on stderr as `ctx` asks.
fn build_report(
    options: ReportOptions,
    only: &[String],
    records: Option<&Path>,
    out: Option<&Path>,
    ctx: &Ctx,
) -> anyhow::Result<Report> {
    check_only(only)?;
    duel::report::build::check_memory(&options, only)?;
    let count = if only.is_empty() {
        duel::report::SECTIONS.len()
    } else {
        only.len()
    };
    let progress = Arc::new(WriteAsBuilt {
        shown: ReportProgress::new(ctx, count),
        dir: out.map(Path::to_path_buf),
        options,
        failed: Mutex::new(None),
    });
    let report = match records {
        Some(dir) => build_from_records(&options, only, progress.clone(), dir)?,
        None => build_with(&options, only, progress.clone())?,
    };
    progress.shown.finish();
    if let (Some(dir), Some(e)) = (out, progress.failed.lock().ok().and_then(|mut f| f.take())) {
        anyhow::bail!(
            "cannot write the report to {}: {e}",
            crate::output::shown(dir)
        );
    }
    Ok(report)
}

/// The progress on stderr, and each section written into the report's folder as soon as it
/// is built, so that an interrupted report keeps the sections it finished.
struct WriteAsBuilt {
    shown: ReportProgress,
    dir: Option<PathBuf>,
    options: ReportOptions,
    failed: Mutex<Option<std::io::Error>>,
}

impl Progress for WriteAsBuilt {
    fn section_started(&self, id: &str, steps: u64) {
        self.shown.section_started(id, steps)
    }

    fn step(&self, id: &str, what: &str) {
        self.shown.step(id, what)
    }

    fn section_finished(&self, id: &str, wall: Duration) {
        self.shown.section_finished(id, wall)
    }

    fn section_built(&self, section: &Section) {
        let Some(dir) = &self.dir else { return };
        let full = self.options.full && !self.options.quick;
        if let Err(e) = write_section(dir, section, self.options.quick, full) {
            if let Ok(mut first) = self.failed.lock() {
                first.get_or_insert(e);
            }
        }
    }
}

pub fn run(args: Args, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    // Before the folder is made: a misspelt section is refused at once.
    check_only(&args.only)?;
    if let Some(dir) = &args.check {
        return check(dir, &args, ctx);
    }
    let options = ReportOptions {
        quick: args.quick,
        full: args.full,
    };
    // The memory too: a report that cannot run leaves no folder behind.
    duel::report::build::check_memory(&options, &args.only)?;
    prepare_out_dir(&args.out)?;
    let report = build_report(
        options,
        &args.only,
        args.from_records.as_deref(),
        Some(&args.out),
        ctx,
    )?;
    report
        .write_to(&args.out)
        .map_err(|e| anyhow::anyhow!("cannot write the report to {}: {e}", args.out.display()))?;
    let summary = report.summary();
    let index = args.out.join("index.md");
    if args.json {
        let mut doc = serde_json::to_value(&summary)?;
        doc["index"] = index.display().to_string().into();
        print_json(&doc)?;
    } else {
        let t = &summary.total;
        out!(
            "wrote {}: {} items match the papers, {} match other published sources, {} differ, {} new, {} undecided",
            crate::output::shown(&index),
            summary.of_papers().matches,
            summary.of_other_sources().matches,
            t.differs,
            t.new,
            t.undecided
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `--check DIR`: the sections of `dir` (those of `--only` among them, when given) built
/// again with the `quick` the folder records, compared value by value.
fn check(dir: &Path, args: &Args, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    let folder = Folder::read(dir)?;
    let mut ids = folder.ids();
    if !args.only.is_empty() {
        if let Some(id) = args.only.iter().find(|id| !ids.contains(id)) {
            anyhow::bail!("--only {id}: {} holds no {id}.json", dir.display());
        }
        ids.retain(|id| args.only.contains(id));
    }
    // A report that was interrupted has no index.md, only the sections it finished: the
    // others are named. (A finished report of `--only` sections lacks the rest by design.)
    let interrupted = !dir.join("index.md").exists();
    let absent: Vec<&str> = duel::report::SECTIONS
        .iter()
        .map(|(id, _)| *id)
        .filter(|id| interrupted && !ids.iter().any(|i| i == id))
        .filter(|id| args.only.is_empty() || args.only.iter().any(|o| o == id))
        .collect();
    let quick = folder.quick.unwrap_or(args.quick);
    let options = ReportOptions {
        quick,
        full: folder.full,
    };
    let report = build_report(options, &ids, None, None, ctx)?;
    let folder = Folder {
        sections: folder
            .sections
            .into_iter()
            .filter(|(id, _)| ids.contains(id))
            .collect(),
        quick: folder.quick,
        full: folder.full,
    };
    let differences = folder.compare(&report);
    if args.json {
        let list: Vec<_> = differences
            .iter()
            .map(|d| {
                serde_json::json!({"file": d.file, "path": d.path, "item": d.item, "old": d.old, "new": d.new})
            })
            .collect();
        print_json(&serde_json::json!({
            "folder": dir.display().to_string(),
            "sections": ids,
            "quick": quick,
            "identical": differences.is_empty(),
            "absent": absent,
            "differences": list,
        }))?;
    } else {
        for d in &differences {
            out!("{d}");
        }
        out!(
            "{} sections of {} compared{}: {} differences{}",
            ids.len(),
            crate::output::shown(dir),
            if quick { " (--quick)" } else { "" },
            differences.len(),
            if absent.is_empty() {
                String::new()
            } else {
                format!(" (not in the folder: {})", absent.join(", "))
            }
        );
    }
    Ok(if differences.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Creates the report's folder, and checks that a file can be written in it, before any
/// section is computed: the full report takes minutes, and an `--out` naming a file or a
/// folder that cannot be written should fail at once, not after them.
fn prepare_out_dir(dir: &Path) -> anyhow::Result<()> {
    let shown = dir.display();
    if dir.exists() && !dir.is_dir() {
        anyhow::bail!("--out {shown} exists and is not a folder: name a folder for the report");
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot create the report folder {shown}: {e}"))?;
    // The name cannot clash with a file the report writes (index.md, <section>.json, figures).
    let probe = dir.join(format!(".duel-write-test-{}", std::process::id()));
    std::fs::write(&probe, b"")
        .map_err(|e| anyhow::anyhow!("cannot write in the report folder {shown}: {e}"))?;
    // The probe is empty: failing to remove it loses nothing worth an error.
    let _ = std::fs::remove_file(&probe);
    Ok(())
}
