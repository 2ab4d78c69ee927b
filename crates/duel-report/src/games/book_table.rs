//! What the two books of Connect Four share in the report: their table of positions by
//! stones, and the item of a book that does not parse.

use std::fmt::Write as _;

use serde_json::json;

use crate::{Claim, Section, Status};

/// The item and line of an embedded book that does not parse (`item`, from `source`).
pub(super) fn unreadable(s: &mut Section, md: &mut String, item: &str, source: &str) {
    md.push_str("The embedded book does not parse.\n\n");
    s.checks.push(
        Claim {
            item,
            source,
            published: "a book",
            computed: "unreadable",
            ..Claim::default()
        }
        .judged(Status::Differs),
    );
}

/// A book's table of positions by stones, won, drawn and lost for the side to move (by the
/// sign of each value), into `md`; its rows as JSON. `entries` are (stones, value).
pub(super) fn by_stones(
    md: &mut String,
    plies: u32,
    entries: impl Iterator<Item = (usize, i32)>,
) -> Vec<serde_json::Value> {
    // Per ply: won, drawn, lost.
    let mut counts = vec![[0usize; 3]; plies as usize + 1];
    for (stones, v) in entries {
        if let Some(c) = counts.get_mut(stones) {
            c[(1 - v.signum()) as usize] += 1;
        }
    }
    md.push_str("| stones | positions | won | drawn | lost |\n| --- | --- | --- | --- | --- |\n");
    let rows = counts
        .iter()
        .enumerate()
        .map(|(ply, &[won, drawn, lost])| {
            let all = won + drawn + lost;
            let _ = writeln!(md, "| {ply} | {all} | {won} | {drawn} | {lost} |");
            json!({"stones": ply, "positions": all, "won": won, "drawn": drawn, "lost": lost})
        })
        .collect();
    md.push('\n');
    rows
}
