//! A file written so that no run loses what it or an earlier run made: the records of a long
//! build are appended, as they come, to a journal `FILE.partial` beside `FILE`, and the whole
//! result goes to `FILE.tmp`, renamed over `FILE` once complete. Until then `FILE` is as it
//! was: a bad argument, an interruption or a full disk never truncates it.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use duel::duel_core::whole_file::{with_suffix, write_whole};
use duel::games::connect4::answer::{write_error, ConnectError};

/// The journal of a build whose result goes to one file.
pub struct Journal {
    out: PathBuf,
    path: PathBuf,
    header: String,
    /// Whether the journal already holds the records the build reports first (it is the file
    /// the build resumes from).
    resumed: bool,
    file: Mutex<Option<File>>,
    failed: Mutex<Option<ConnectError>>,
}

impl Journal {
    /// The journal of a build into `out`, whose text starts with `header`, resuming from
    /// `extend` if given. A journal left by an interrupted build is refused unless it is the
    /// one resumed from, so that it is never overwritten.
    pub fn new(out: &Path, header: String, extend: Option<&Path>) -> anyhow::Result<Journal> {
        let path = with_suffix(out, ".partial");
        let resumed = extend.is_some_and(|e| same_file(e, &path));
        if path.exists() && !resumed {
            anyhow::bail!(
                "{} holds an interrupted build of {}: resume it with --extend {}, or remove it",
                crate::output::shown(&path),
                crate::output::shown(out),
                crate::output::shown(&path)
            );
        }
        Ok(Journal {
            out: out.to_path_buf(),
            path,
            header,
            resumed,
            file: Mutex::new(None),
            failed: Mutex::new(None),
        })
    }

    /// Whether the records the build reports from the file it resumes are in the journal
    /// already (they are not written again).
    pub fn holds_known(&self) -> bool {
        self.resumed
    }

    /// Appends `line`, opening the journal on the first record (a new journal starts with the
    /// header). The first failure is kept for [`Journal::finish`].
    pub fn record(&self, line: &str) {
        let Ok(mut file) = self.file.lock() else {
            return;
        };
        let result = match file.as_mut() {
            Some(f) => f.write_all(line.as_bytes()),
            None => self.open().and_then(|mut f| {
                f.write_all(line.as_bytes())?;
                *file = Some(f);
                Ok(())
            }),
        };
        if let Err(e) = result {
            if let Ok(mut first) = self.failed.lock() {
                first.get_or_insert(write_error(&self.path, e));
            }
        }
    }

    fn open(&self) -> std::io::Result<File> {
        if self.resumed {
            OpenOptions::new().append(true).open(&self.path)
        } else {
            let mut f = File::create(&self.path)?;
            f.write_all(self.header.as_bytes())?;
            Ok(f)
        }
    }

    /// Writes `text` as the whole file: into `FILE.tmp`, renamed over `FILE`; then the
    /// journal is removed. A failure of a record or of the write is the error.
    pub fn finish(self, text: &str) -> Result<(), ConnectError> {
        if let Some(e) = self.failed.into_inner().ok().flatten() {
            return Err(e);
        }
        write_whole(&self.out, text.as_bytes()).map_err(|e| write_error(&self.out, e))?;
        drop(self.file);
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(write_error(&self.path, e)),
            _ => Ok(()),
        }
    }
}

/// Whether two paths name the same file (the same path, or the same file by two names).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
}
