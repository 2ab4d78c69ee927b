//! `duel report`: builds every section of the reproduction report and writes it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use duel::report::{build, check_only, ReportOptions};

use crate::output::{out, print_json, progress};
use crate::Ctx;

/// Arguments of `duel report`.
#[derive(clap::Args)]
pub struct Args {
    /// The folder to write (created if needed).
    #[arg(long, default_value = "report")]
    out: PathBuf,
    /// Smaller ranges: a first look in about a minute.
    #[arg(long)]
    quick: bool,
    /// Only these sections (guesswho, liar, bidding, games, search); all when absent.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Print the counts of items (per section and in all) as one JSON document.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    // Before the folder is made: a misspelt section is refused at once.
    check_only(&args.only)?;
    prepare_out_dir(&args.out)?;
    let opts = ReportOptions { quick: args.quick };
    let mut bar = None;
    let report = build(&opts, &args.only, &mut |id, done, total| {
        let bar = bar.get_or_insert_with(|| progress(ctx, total, "report"));
        bar.set_position(done);
        bar.set_message(format!("report: {id}"));
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
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
            "wrote {}: {} items match the papers, {} differ, {} new",
            index.display(),
            t.matches,
            t.differs,
            t.new
        );
    }
    Ok(ExitCode::SUCCESS)
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
