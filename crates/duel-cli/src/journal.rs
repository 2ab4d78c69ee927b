//! A file written so that no run loses what it or an earlier run made: the records of a long
//! build are appended, as they come, to a journal `FILE.partial` beside `FILE`, and the whole
//! result goes to `FILE.tmp`, renamed over `FILE` once complete. Until then `FILE` is as it
//! was: a bad argument, an interruption or a full disk never truncates it.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use duel::duel_core::whole_file::{with_suffix, write_whole};
use duel::games::connect4::answer::{write_error, ConnectError};

use crate::output::shown;

/// The most of a journal read to compare its header with the build's: headers are a few
/// lines.
const HEADER_BYTES: u64 = 64 << 10;

/// The journal of a build whose result goes to one file.
pub struct Journal {
    out: PathBuf,
    path: PathBuf,
    /// Whether the journal already holds the records the build reports first (it is the file
    /// the build resumes from).
    resumed: bool,
    /// The journal, and whether a record was written to it by this run.
    file: Mutex<(File, bool)>,
    failed: Mutex<Option<ConnectError>>,
}

impl Journal {
    /// The journal of a build into `out`, whose text starts with `header`, resuming from
    /// `extend` if given; opened at once, so that a path that cannot be written fails before
    /// the build. A journal left by an interrupted build is refused unless it is the one
    /// resumed from, so that it is never overwritten, and one resumed from must be of the
    /// same build: its lines other than comments start as `header`'s.
    pub fn new(out: &Path, header: &str, extend: Option<&Path>) -> anyhow::Result<Journal> {
        let path = with_suffix(out, ".partial");
        let resumed = extend.is_some_and(|e| same_file(e, &path));
        if path.exists() && !resumed {
            anyhow::bail!(
                "{} holds an interrupted build of {}: resume it with --extend {}, or remove it",
                shown(&path),
                shown(out),
                shown(&path)
            );
        }
        let file = if resumed {
            let wanted = header_lines(header.as_bytes());
            let found = File::open(&path)
                .map(|f| header_lines(f.take(HEADER_BYTES)))
                .map_err(|e| write_error(&path, e))?;
            if !found.starts_with(&wanted) {
                anyhow::bail!(
                    "{} is the journal of another build (it does not start with `{}`): resume \
                     it with the arguments that started it, or remove it",
                    shown(&path),
                    wanted.join(" / ")
                );
            }
            OpenOptions::new().append(true).open(&path)
        } else {
            File::create(&path).and_then(|mut f| f.write_all(header.as_bytes()).map(|()| f))
        }
        .map_err(|e| write_error(&path, e))?;
        Ok(Journal {
            out: out.to_path_buf(),
            path,
            resumed,
            file: Mutex::new((file, false)),
            failed: Mutex::new(None),
        })
    }

    /// Whether the records the build reports from the file it resumes are in the journal
    /// already (they are not written again).
    pub fn holds_known(&self) -> bool {
        self.resumed
    }

    /// Appends `line`, a whole record, in one write. The first failure is kept for
    /// [`Journal::finish`].
    pub fn record(&self, line: &str) {
        let Ok(mut file) = self.file.lock() else {
            return;
        };
        file.1 = true;
        if let Err(e) = file.0.write_all(line.as_bytes()) {
            if let Ok(mut first) = self.failed.lock() {
                first.get_or_insert(write_error(&self.path, e));
            }
        }
    }

    /// Writes `text` as the whole file: into `FILE.tmp`, renamed over `FILE`; then the
    /// journal is removed. A failure of a record or of the write is the error.
    pub fn finish(self, text: &str) -> Result<(), ConnectError> {
        if let Some(e) = self.failed.lock().ok().and_then(|mut f| f.take()) {
            return Err(e);
        }
        write_whole(&self.out, text.as_bytes()).map_err(|e| write_error(&self.out, e))?;
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(write_error(&self.path, e)),
            _ => Ok(()),
        }
    }
}

impl Drop for Journal {
    /// A new journal that received no record holds only its header: removed, so that a build
    /// refused after its journal was opened leaves nothing behind.
    fn drop(&mut self) {
        let recorded = self.file.lock().map_or(true, |f| f.1);
        if !self.resumed && !recorded {
            // Best effort: the error that ended the build is the one to report.
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// The lines of `text` up to its first empty line or its end, comments left out.
fn header_lines(text: impl Read) -> Vec<String> {
    BufReader::new(text)
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.trim_start().starts_with('#'))
        .map(|l| l.trim().to_string())
        .take_while(|l| !l.is_empty())
        .collect()
}

/// Whether two paths name the same file (the same path, or the same file by two names).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
}
