//! Reading the text files users name (benchmark positions, opening books, game records) with
//! bounds on the length of a line and on the size of the file, so that a wrong file
//! (`/dev/zero`, a binary, a device) is refused with the bound it passed instead of being read
//! until memory runs out.
//!
//! ```
//! use duel_core::input::{for_each_line, Bounds, ReadError};
//!
//! let bounds = Bounds { max_line_bytes: 4096, max_file_bytes: 1 << 20 };
//! let e = for_each_line("/dev/zero".as_ref(), bounds, |_, _| Ok::<(), ReadError>(()));
//! assert_eq!(
//!     e.unwrap_err().to_string(),
//!     "/dev/zero:1: a line longer than 4.0 KiB: not a file of text lines"
//! );
//! ```

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use thiserror::Error;

use crate::limits::Bytes;

/// The most a line and a file may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Bytes of one line, its end of line excluded.
    pub max_line_bytes: usize,
    /// Bytes of the whole file.
    pub max_file_bytes: u64,
}

/// Why a file could not be read as text lines.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ReadError {
    /// The system could not open or read it.
    #[error("cannot read {file}: {why}")]
    Io {
        /// The file, as the user named it.
        file: String,
        /// The system's reason.
        why: String,
    },
    /// A line longer than [`Bounds::max_line_bytes`].
    #[error("{file}:{line}: a line longer than {}: not a file of text lines", Bytes(*max as u128))]
    LineTooLong {
        /// The file.
        file: String,
        /// The line's number, from 1.
        line: usize,
        /// The bound.
        max: usize,
    },
    /// A file larger than [`Bounds::max_file_bytes`].
    #[error("{file} is larger than {}, the most this command reads", Bytes(u128::from(*max)))]
    TooLarge {
        /// The file.
        file: String,
        /// The bound.
        max: u64,
    },
    /// A line that is not UTF-8.
    #[error("{file}:{line}: not UTF-8 text")]
    NotText {
        /// The file.
        file: String,
        /// The line's number, from 1.
        line: usize,
    },
}

/// Calls `each(number, line)` for every line of the file at `path` (numbered from 1, without
/// its `\n` or `\r\n`), holding one line at a time; stops at the first error, of `each` or of
/// the reading (a line or the file past `bounds`). A last line without `\n` is a line.
pub fn for_each_line<E: From<ReadError>>(
    path: &Path,
    bounds: Bounds,
    mut each: impl FnMut(usize, &str) -> Result<(), E>,
) -> Result<(), E> {
    let file = path.display().to_string();
    let io = |e: std::io::Error| ReadError::Io {
        file: file.clone(),
        why: e.to_string(),
    };
    let mut reader = BufReader::new(std::fs::File::open(path).map_err(io)?);
    let mut buf = Vec::new();
    let mut total = 0u64;
    let mut number = 0usize;
    loop {
        buf.clear();
        let limit = bounds.max_line_bytes as u64 + 2;
        let got = (&mut reader)
            .take(limit)
            .read_until(b'\n', &mut buf)
            .map_err(io)?;
        if got == 0 {
            return Ok(());
        }
        number += 1;
        total += got as u64;
        if total > bounds.max_file_bytes {
            return Err(ReadError::TooLarge {
                file,
                max: bounds.max_file_bytes,
            }
            .into());
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        if buf.len() > bounds.max_line_bytes {
            return Err(ReadError::LineTooLong {
                file,
                line: number,
                max: bounds.max_line_bytes,
            }
            .into());
        }
        let line = std::str::from_utf8(&buf).map_err(|_| ReadError::NotText {
            file: file.clone(),
            line: number,
        })?;
        each(number, line)?;
    }
}

/// The text of the file at `path`, its lines ended by `\n`, read within `bounds`.
pub fn read_text(path: &Path, bounds: Bounds) -> Result<String, ReadError> {
    let mut text = String::new();
    for_each_line(path, bounds, |_, line| {
        text.push_str(line);
        text.push('\n');
        Ok::<(), ReadError>(())
    })?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("duel-input-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn lines_within_bounds_are_read_and_others_refused_with_the_bound() {
        let b = Bounds {
            max_line_bytes: 4,
            max_file_bytes: 12,
        };
        let ok = temp("ok", b"1234\r\n\nab");
        assert_eq!(read_text(&ok, b).unwrap(), "1234\n\nab\n");
        let long = temp("long", b"12\n12345\n");
        let e = read_text(&long, b).unwrap_err();
        assert!(
            matches!(
                e,
                ReadError::LineTooLong {
                    line: 2,
                    max: 4,
                    ..
                }
            ),
            "{e}"
        );
        let big = temp("big", b"1\n2\n3\n4\n5\n6\n7\n");
        let e = read_text(&big, b).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("is larger than 12 bytes, the most this command reads"),
            "{e}"
        );
        let bin = temp("bin", b"\xff\xfe\n");
        assert!(matches!(
            read_text(&bin, b),
            Err(ReadError::NotText { line: 1, .. })
        ));
        for p in [ok, long, big, bin] {
            std::fs::remove_file(p).unwrap();
        }
        assert!(matches!(
            read_text("/no/such/file".as_ref(), b),
            Err(ReadError::Io { .. })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn endless_files_end_at_their_bound() {
        let b = Bounds {
            max_line_bytes: 4096,
            max_file_bytes: 1 << 20,
        };
        let e = read_text("/dev/zero".as_ref(), b).unwrap_err();
        assert!(matches!(e, ReadError::LineTooLong { line: 1, .. }), "{e}");
    }
}
