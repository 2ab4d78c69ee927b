//! A table's notes as a reader takes them: one short sentence in the cell, the rest of the
//! reasoning once, in a numbered note under the table. A note several rows share stands once
//! under the table, each row pointing to it; a note longer than one short sentence shows its
//! first clause in the cell and its whole text under the table.

use std::collections::HashMap;
use std::fmt::Write as _;

/// The most characters a note shows in a table cell.
pub const CELL_NOTE_MAX: usize = 120;

/// The notes of one table: each row's cell text, and the notes under the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableNotes {
    /// Each row's note as its cell shows it (Markdown, not yet escaped for a table).
    pub cells: Vec<String>,
    /// The numbered notes under the table, in order: (anchor, full text).
    pub under: Vec<(String, String)>,
}

/// Whether `note` can stand in a cell as it is: short, and one sentence.
pub fn is_short(note: &str) -> bool {
    note.chars().count() <= CELL_NOTE_MAX && sentence_end(note).is_none()
}

/// Where the first clause of `note` ends, if something follows it: the first `". "` or `"; "`.
fn sentence_end(note: &str) -> Option<usize> {
    [". ", "; "]
        .iter()
        .filter_map(|p| note.find(p))
        .min()
        .filter(|&i| i + 2 < note.len())
}

/// The first clause of `note`, cut at a word boundary to at most [`CELL_NOTE_MAX`] characters
/// (with `…` where it is cut).
pub fn lead(note: &str) -> String {
    let first = match sentence_end(note) {
        Some(i) => &note[..i],
        None => note,
    };
    if first.chars().count() <= CELL_NOTE_MAX {
        return first.to_string();
    }
    let mut out = String::new();
    for word in first.split(' ') {
        if out.chars().count() + word.chars().count() + 2 > CELL_NOTE_MAX {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    // A cut inside a code span would open it for the rest of the table.
    if out.matches('`').count() % 2 == 1 {
        if let Some(i) = out.rfind('`') {
            out.truncate(i);
        }
        out = out.trim_end().to_string();
    }
    out.push('…');
    out
}

/// The notes of a table whose rows have `notes`, the notes under it anchored
/// `{prefix}-note-{n}`.
pub fn table_notes(prefix: &str, notes: &[&str]) -> TableNotes {
    let mut count: HashMap<&str, usize> = HashMap::new();
    for n in notes.iter().filter(|n| !n.trim().is_empty()) {
        *count.entry(n).or_default() += 1;
    }
    let shared = |note: &str| count.get(note).copied().unwrap_or(0) > 1;
    // What each row would show in its cell: a note of its own if short, else its lead; a
    // lead that another row would show too gives way to the pointer alone.
    let shown: Vec<Option<String>> = notes
        .iter()
        .map(|&n| {
            if n.trim().is_empty() || shared(n) {
                None
            } else if is_short(n) {
                Some(n.to_string())
            } else {
                Some(lead(n))
            }
        })
        .collect();
    let mut shown_count: HashMap<&str, usize> = HashMap::new();
    for s in shown.iter().flatten() {
        *shown_count.entry(s.as_str()).or_default() += 1;
    }
    let mut numbered: HashMap<&str, usize> = HashMap::new();
    let mut under = Vec::new();
    let mut cells = Vec::with_capacity(notes.len());
    for (&note, shown) in notes.iter().zip(&shown) {
        if note.trim().is_empty() || (!shared(note) && is_short(note)) {
            cells.push(note.to_string());
            continue;
        }
        let n = *numbered.entry(note).or_insert_with(|| {
            under.push((
                format!("{prefix}-note-{}", under.len() + 1),
                note.to_string(),
            ));
            under.len()
        });
        let anchor = &under[n - 1].0;
        let pointer = format!("[note {n}](#{anchor})");
        cells.push(match shown {
            Some(lead) if shown_count[lead.as_str()] == 1 => format!("{lead} ({pointer})"),
            _ => pointer,
        });
    }
    TableNotes { cells, under }
}

impl TableNotes {
    /// The notes under the table, as Markdown (empty when there are none).
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        if self.under.is_empty() {
            return out;
        }
        out.push_str("Notes to the table:\n\n");
        for (i, (anchor, text)) in self.under.iter().enumerate() {
            let _ = writeln!(
                out,
                "{}. <a id=\"{anchor}\"></a>{}",
                i + 1,
                text.replace('\n', " ")
            );
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_note_stays_in_its_cell() {
        let t = table_notes("s", &["exact", "all 24 boards"]);
        assert_eq!(t.cells, ["exact", "all 24 boards"]);
        assert!(t.under.is_empty());
        assert_eq!(t.markdown(), "");
    }

    #[test]
    fn a_shared_note_stands_once_under_the_table() {
        let t = table_notes("s", &["same", "other", "same", ""]);
        assert_eq!(
            t.cells,
            ["[note 1](#s-note-1)", "other", "[note 1](#s-note-1)", ""]
        );
        assert_eq!(t.under, [("s-note-1".to_string(), "same".to_string())]);
        assert!(t.markdown().contains("1. <a id=\"s-note-1\"></a>same\n"));
    }

    #[test]
    fn a_long_note_shows_its_first_clause() {
        let long = "the interval leaves out 0; 5 of the 5 cells differ, all one way";
        let t = table_notes("x", &[long]);
        assert_eq!(t.cells, ["the interval leaves out 0 ([note 1](#x-note-1))"]);
        assert_eq!(t.under[0].1, long);
        let words = "word ".repeat(60);
        let cut = lead(words.trim());
        assert!(cut.ends_with('…'));
        assert!(cut.chars().count() <= CELL_NOTE_MAX);
    }

    #[test]
    fn two_long_notes_with_one_lead_point_to_their_notes_alone() {
        let a = "every state searched; q up to 8";
        let b = "every state searched; q up to 9";
        let t = table_notes("y", &[a, b, "every state searched"]);
        assert_eq!(t.cells[0], "[note 1](#y-note-1)");
        assert_eq!(t.cells[1], "[note 2](#y-note-2)");
        assert_eq!(t.cells[2], "every state searched");
    }

    #[test]
    fn a_full_stop_at_the_end_is_one_sentence() {
        assert!(is_short("Exact."));
        assert!(!is_short("One. Two."));
        assert_eq!(lead("One. Two."), "One");
    }
}
