//! Beyond the paper: the exhaustive tables of the fewest (original game) and most
//! (pathological game) questions for small n and up to three lies, with the figure of the
//! first.

use std::fmt::Write as _;

use serde_json::json;

use duel_liar::state::Variant;
use duel_liar::tables::{extreme_questions, TableRow};

use super::figure::min_questions_figure;
use super::part::Part;
use crate::{Figure, ReportOptions};

/// The tables of both games up to n = 16 and two lies (quick) or n = 64 and three lies.
pub(super) fn tables(opts: &ReportOptions) -> Part {
    let (max_n, max_lies) = if opts.quick { (16u64, 2usize) } else { (64, 3) };
    let mut part = Part::default();
    let mut tables = serde_json::Map::new();
    for variant in [Variant::Original, Variant::Pathological] {
        let mut cols: Vec<Vec<TableRow>> = Vec::new();
        for lies in 0..=max_lies {
            match extreme_questions(variant, lies, max_n, 30_000_000) {
                Ok(rows) => cols.push(rows),
                Err(e) => {
                    let _ = writeln!(
                        part.markdown,
                        "table {} e = {lies} stopped: {e}\n",
                        variant.name()
                    );
                }
            }
        }
        part.markdown.push_str(&table(variant, max_n, &cols));
        if variant == Variant::Original {
            match min_questions_figure(&cols) {
                Ok(svg) => part.figures.push(Figure {
                    file_name: "liar-min-questions.svg".to_string(),
                    caption: format!(
                        "Fewest questions for n ≤ {max_n} objects and e = 0..{} lies (original game, exhaustive); crosses mark n where the volume bound is not enough",
                        cols.len().saturating_sub(1)
                    ),
                    svg,
                }),
                Err(e) => {
                    let _ = writeln!(part.markdown, "(figure not drawn: {e})\n");
                }
            }
        }
        tables.insert(variant.name().to_string(), json!(cols));
    }
    part.data
        .push(("tables", serde_json::Value::Object(tables)));
    part
}

/// One game's table: a row per n, a column per number of lies.
fn table(variant: Variant, max_n: u64, cols: &[Vec<TableRow>]) -> String {
    let what = match variant {
        Variant::Original => "fewest questions with which Paul wins (original game)",
        Variant::Pathological => {
            "most questions with which Paul still wins (pathological game; the fewest is always 0)"
        }
    };
    let mut md = format!("### {} , n ≤ {max_n}, exhaustive\n\n", capitalise(what));
    md.push_str("An entry `q*` marks a value above (original) or below (pathological) the volume bound: there the volume bound alone is not enough and the exhaustive solver decides.\n\n");
    md.push_str("| n |");
    for lies in 0..cols.len() {
        let _ = write!(md, " e = {lies} |");
    }
    md.push_str("\n| --- |");
    for _ in 0..cols.len() {
        md.push_str(" --- |");
    }
    md.push('\n');
    for i in 0..max_n as usize {
        let _ = write!(md, "| {} |", i + 1);
        for col in cols {
            let r = &col[i];
            let star = if r.questions != r.volume_bound {
                "*"
            } else {
                ""
            };
            let _ = write!(md, " {}{star} |", r.questions);
        }
        md.push('\n');
    }
    md.push('\n');
    md
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
