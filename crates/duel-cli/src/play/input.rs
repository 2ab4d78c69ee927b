//! The person's lines on stdin for `duel play`: one bounded line at a time, and the answers to
//! lines that are not moves.

use std::io::{BufRead, Write};

use crate::output::out;

/// The longest line read as a move or an answer; a longer one is refused without being kept in memory.
pub const MAX_LINE: usize = 1024;

/// One line of input.
pub enum Line {
    Text(String),
    TooLong,
    End,
}

/// Reads a line of at most [`MAX_LINE`] bytes (the rest of a longer one is skipped), trimmed;
/// bytes that are not UTF-8 are replaced (and the line is then no move).
pub fn read_line(input: &mut impl BufRead) -> anyhow::Result<Line> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = input
            .fill_buf()
            .map_err(|e| anyhow::anyhow!("cannot read standard input: {e}"))?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (n, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        if line.len() + n <= MAX_LINE + 1 {
            line.extend_from_slice(&buf[..n]);
        } else {
            too_long = true;
        }
        input.consume(n);
        if done {
            break;
        }
    }
    Ok(if !any {
        Line::End
    } else if too_long {
        Line::TooLong
    } else {
        Line::Text(String::from_utf8_lossy(&line).trim().to_string())
    })
}

/// Answers a line that is not a move: on stdout in text mode, on stderr with `--json`.
pub fn say(text: bool, line: &str) -> anyhow::Result<()> {
    if text {
        out!("{line}");
    } else {
        let _ = writeln!(std::io::stderr().lock(), "duel: {line}");
    }
    Ok(())
}
