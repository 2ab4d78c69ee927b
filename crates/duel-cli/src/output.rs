//! Printing helpers shared by the subcommands.

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::Ctx;

/// Writes a line on stdout, like `println!`, but returns from the enclosing function with an
/// error (one line: "cannot write to standard output: ...") where `println!` would panic, as
/// it does on a full disk (`duel ... > /dev/full`). A closed pipe ends the process quietly
/// (SIGPIPE, see `main`).
macro_rules! out {
    ($($arg:tt)*) => {
        crate::output::write_stdout(format_args!($($arg)*), true)?
    };
}

/// `out!` without the newline, like `print!`.
macro_rules! out_raw {
    ($($arg:tt)*) => {
        crate::output::write_stdout(format_args!($($arg)*), false)?
    };
}

pub(crate) use {out, out_raw};

/// A path as a line on stdout shows it: the characters that do not print escaped as the error
/// lines escape them ([`duel::duel_core::text::one_line`]), so that a file's name cannot move
/// the terminal's cursor or change its colours.
pub fn shown(path: &std::path::Path) -> String {
    duel::duel_core::text::one_line(&path.display().to_string())
}

/// Writes `text` (and a newline if `newline`) on stdout; the error names stdout.
pub fn write_stdout(text: std::fmt::Arguments<'_>, newline: bool) -> anyhow::Result<()> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let written = if newline {
        writeln!(stdout, "{text}")
    } else {
        write!(stdout, "{text}")
    };
    written.map_err(stdout_error)
}

/// Flushes stdout: what is still buffered at the end of a command must reach the file, or the
/// command fails.
pub fn flush_stdout() -> anyhow::Result<()> {
    use std::io::Write;
    std::io::stdout().lock().flush().map_err(stdout_error)
}

fn stdout_error(e: std::io::Error) -> anyhow::Error {
    anyhow::anyhow!("cannot write to standard output: {e}")
}

/// Prints one JSON document on stdout, streamed: a document of hundreds of MiB (the optimal
/// moves of a large Guess Who position) is never held whole in memory as its text.
pub fn print_json<T: Serialize>(value: &T) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match serde_json::to_writer_pretty(&mut out, value) {
        Err(e) if e.is_io() => Err(stdout_error(e.into())),
        Err(e) => Err(e.into()),
        Ok(()) => writeln!(out)
            .and_then(|()| out.flush())
            .map_err(stdout_error),
    }
}

/// Streams a table on stdout in `format` (Guess Who's hold up to 16 million positions); a
/// reader that stops early (`| head`) is not an error, any other failure names stdout.
pub fn write_table_stdout(
    table: &dyn duel::duel_core::table::Tabular,
    format: duel::duel_core::table::Format,
) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match duel::duel_core::table::write_table(&mut out, table, format).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(stdout_error(e)),
        _ => Ok(()),
    }
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
