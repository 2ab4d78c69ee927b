//! Text a user typed, made safe to show in a message: [`quote`].
//!
//! Error messages echo what was given (`unknown game 'x'`), and a message is one line on a
//! terminal. Raw input could break that line (a newline), drive the terminal (an escape
//! sequence that clears the screen) or bury the message (an argument of 100 kB).
//!
//! ```
//! use duel_core::text::quote;
//!
//! assert_eq!(quote("connect:7x6:4"), "'connect:7x6:4'");
//! assert_eq!(quote("x\u{1b}[2J\ny"), r"'x\u{1b}[2J\ny'");
//! assert_eq!(quote(&"a".repeat(1000)), format!("'{}…'", "a".repeat(60)));
//! ```

/// The most characters of the user's text that [`quote`] shows.
pub const QUOTE_CHARS: usize = 60;

/// `text` between single quotes, for a message: control characters and other characters
/// that do not print (bidirectional overrides, zero-width spaces) written as Rust escapes
/// (`\n`, `\t`, `\u{1b}`), and cut after [`QUOTE_CHARS`] characters with `…` after the cut.
/// Printable text, quotes and backslashes included, is shown as it is.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * QUOTE_CHARS) + 5);
    out.push('\'');
    push_escaped(&mut out, text.chars().take(QUOTE_CHARS));
    if text.chars().nth(QUOTE_CHARS).is_some() {
        out.push('…');
    }
    out.push('\'');
    out
}

/// The most characters of a message that [`one_line`] keeps.
pub const LINE_CHARS: usize = 1000;

/// A whole message made safe for one line on a terminal: the characters that do not print
/// escaped as [`quote`] does, and a message of more than [`LINE_CHARS`] characters cut in the
/// middle (`…`), keeping its start (what failed) and its end (why). For messages that echo
/// input without [`quote`], such as the name of a file that cannot be read.
pub fn one_line(message: &str) -> String {
    let count = message.chars().count();
    let mut out = String::with_capacity(message.len().min(4 * LINE_CHARS));
    if count <= LINE_CHARS {
        push_escaped(&mut out, message.chars());
    } else {
        let (head, tail) = (LINE_CHARS / 2, LINE_CHARS / 2 - 1);
        push_escaped(&mut out, message.chars().take(head));
        out.push('…');
        push_escaped(&mut out, message.chars().skip(count - tail));
    }
    out
}

fn push_escaped(out: &mut String, chars: impl Iterator<Item = char>) {
    for c in chars {
        if matches!(c, '\\' | '\'' | '"') {
            out.push(c);
        } else {
            out.extend(c.escape_debug());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_text_is_kept() {
        assert_eq!(quote(""), "''");
        assert_eq!(
            quote(r#"(A^B:2)^B it's "x" \ é×"#),
            r#"'(A^B:2)^B it's "x" \ é×'"#
        );
    }

    #[test]
    fn control_and_invisible_characters_are_escaped() {
        assert_eq!(quote("a\nb\r\tc"), r"'a\nb\r\tc'");
        assert_eq!(quote("\u{1b}[2J\u{7}\u{0}"), r"'\u{1b}[2J\u{7}\0'");
        assert_eq!(quote("\u{202e}x\u{200b}"), r"'\u{202e}x\u{200b}'");
        assert_eq!(one_line("line 1\nline 2"), r"line 1\nline 2");
    }

    #[test]
    fn long_text_is_cut_at_a_character_boundary() {
        assert_eq!(
            quote(&"é".repeat(QUOTE_CHARS)),
            format!("'{}'", "é".repeat(60))
        );
        assert_eq!(
            quote(&"é".repeat(QUOTE_CHARS + 1)),
            format!("'{}…'", "é".repeat(60))
        );
        assert!(quote(&"\n".repeat(100_000)).len() < 200);
    }

    #[test]
    fn a_long_message_keeps_its_start_and_end() {
        let message = format!("cannot read {}: name too long", "é".repeat(100_000));
        let line = one_line(&message);
        assert_eq!(line.chars().count(), LINE_CHARS);
        assert!(line.starts_with("cannot read éé") && line.ends_with("éé: name too long"));
        assert!(line.contains('…'));
        let short = "x".repeat(LINE_CHARS);
        assert_eq!(one_line(&short), short);
    }
}
