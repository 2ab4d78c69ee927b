//! `duel report`: builds every section of the reproduction report and writes it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use duel::report::{Report, ReportOptions, SECTIONS};

use crate::output::{out, progress};
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
    /// Only these sections (guesswho, liar, bidding, search); all when absent.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
}

pub fn run(args: Args, ctx: &Ctx) -> anyhow::Result<ExitCode> {
    for id in &args.only {
        if !SECTIONS.iter().any(|(known, _)| known == id) {
            let names: Vec<&str> = SECTIONS.iter().map(|(k, _)| *k).collect();
            anyhow::bail!(
                "unknown report section '{id}' (known: {})",
                names.join(", ")
            );
        }
    }
    prepare_out_dir(&args.out)?;
    let opts = ReportOptions { quick: args.quick };
    let chosen: Vec<_> = SECTIONS
        .iter()
        .filter(|(id, _)| args.only.is_empty() || args.only.iter().any(|o| o == id))
        .collect();
    let bar = progress(ctx, chosen.len() as u64, "report");
    let mut report = Report {
        sections: Vec::new(),
        quick: args.quick,
    };
    for (id, build) in chosen {
        bar.set_message(format!("report: {id}"));
        report.sections.push(build(&opts));
        bar.inc(1);
    }
    bar.finish_and_clear();
    report
        .write_to(&args.out)
        .map_err(|e| anyhow::anyhow!("cannot write the report to {}: {e}", args.out.display()))?;
    let (mut m, mut d, mut n) = (0, 0, 0);
    for s in &report.sections {
        let (a, b, c) = s.tally();
        m += a;
        d += b;
        n += c;
    }
    out!(
        "wrote {}: {m} items match the papers, {d} differ, {n} new",
        args.out.join("index.md").display()
    );
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
