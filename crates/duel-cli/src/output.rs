//! Printing helpers shared by the subcommands.

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::Ctx;

/// Prints one JSON document on stdout.
pub fn print_json<T: Serialize>(value: &T) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}

/// A progress bar on stderr with `len` steps, hidden unless `ctx.progress`.
pub fn progress(ctx: &Ctx, len: u64, message: &str) -> ProgressBar {
    if !ctx.progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{msg:30} [{bar:40}] {pos}/{len} {elapsed}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(message.to_string());
    bar
}
