//! The report as a document a reader goes through in one sitting: a title block (version,
//! commit, date, machine, wall times), a table of contents, the summary, every section with
//! anchored headings, the bibliography; and `differences.md`, every item that differs from its
//! paper with both values and the reason.

use std::collections::HashSet;
use std::fmt::Write as _;

use crate::{bibliography, notes, Check, Report, Section, Status};

/// What a status label means, said once at the top of the report.
const STATUS_LEGEND: &str = "Each item compares a value a paper states with the value duel computes. **matches**: the paper's value is reproduced. **differs**: the computed value is not the paper's; the note says why, and [differences.md](differences.md) lists every such item with both values. **new**: a result the papers do not state (an extension, a correction's consequence, or a replay under other conditions). **undecided**: a statistical comparison that the games played decide neither way (the note says how many were played).";

/// A heading of the document: its level (2 for a section), text and anchor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    /// 2 for a section, 3 and 4 for its parts.
    pub level: usize,
    /// The heading's text, without the anchor.
    pub text: String,
    /// The anchor a link reaches it by (`#anchor`).
    pub anchor: String,
}

/// `text` as an anchor: lower-case ASCII letters and digits, runs of anything else as one `-`.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// The anchor of the `n`-th differing item (from 1) of a section.
pub fn difference_anchor(section_id: &str, n: usize) -> String {
    format!("differs-{section_id}-{n}")
}

/// A section's Markdown with an anchor in each of its headings (`section_id-slug`, made
/// unique with `used`), and the headings found. Lines inside code fences are left alone.
fn anchor_headings(
    section_id: &str,
    markdown: &str,
    used: &mut HashSet<String>,
) -> (String, Vec<Heading>) {
    let mut out = String::new();
    let mut headings = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        let level = line.chars().take_while(|&c| c == '#').count();
        let text = line[level..].trim();
        if fenced || !(2..=6).contains(&level) || !line[level..].starts_with(' ') {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let anchor = unique(&format!("{section_id}-{}", slug(text)), used);
        let _ = writeln!(out, "{} <a id=\"{anchor}\"></a>{text}", "#".repeat(level));
        headings.push(Heading {
            level,
            text: text.to_string(),
            anchor,
        });
    }
    (out, headings)
}

fn unique(base: &str, used: &mut HashSet<String>) -> String {
    let mut anchor = base.to_string();
    let mut n = 2;
    while !used.insert(anchor.clone()) {
        anchor = format!("{base}-{n}");
        n += 1;
    }
    anchor
}

/// `text` escaped to stand for itself inside Markdown's inline syntax (a caption, an image's
/// alt text: brackets of intervals and the star of p* are not syntax there).
fn inline_text(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if matches!(c, '\\' | '[' | ']' | '*' | '_' | '`') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// A source cell with the cited work linked to its bibliography entry.
fn source_cell(source: &str) -> String {
    match bibliography::cited_in(source) {
        Some(r) => format!(
            "[{}](#{}){}",
            cell(r.cited_as),
            r.anchor,
            cell(&source[r.cited_as.len()..])
        ),
        None => cell(source),
    }
}

/// The checks table of a section; each differing item is anchored and linked to its entry in
/// `differences.md`.
fn checks_table(section: &Section) -> String {
    let mut out = String::new();
    if section.checks.is_empty() {
        return out;
    }
    out.push_str("| item | source | published | computed | status | note |\n");
    out.push_str("| --- | --- | --- | --- | --- | --- |\n");
    let notes: Vec<&str> = section.checks.iter().map(|c| c.note.as_str()).collect();
    let notes = notes::table_notes(&section.id, &notes);
    let mut differs = 0;
    for (c, note) in section.checks.iter().zip(&notes.cells) {
        let (item, status) = if c.status == Status::Differs {
            differs += 1;
            let anchor = difference_anchor(&section.id, differs);
            (
                format!("<a id=\"{anchor}\"></a>{}", cell(&c.item)),
                format!("**[differs](differences.md#{anchor})**"),
            )
        } else {
            (cell(&c.item), format!("**{}**", c.status.words()))
        };
        let _ = writeln!(
            out,
            "| {item} | {} | {} | {} | {status} | {} |",
            source_cell(&c.source),
            cell(&c.published),
            cell(&c.computed),
            cell(note)
        );
    }
    out.push('\n');
    out.push_str(&notes.markdown());
    out
}

/// A section as Markdown, anchored (`## <a id="id"></a>title`): the checks table, the free
/// text, then the figures the text does not show itself. Returns the headings too.
pub fn section_markdown(section: &Section, used: &mut HashSet<String>) -> (String, Vec<Heading>) {
    let anchor = unique(&section.id, used);
    let mut headings = vec![Heading {
        level: 2,
        text: section.title.clone(),
        anchor: anchor.clone(),
    }];
    let mut out = format!("## <a id=\"{anchor}\"></a>{}\n\n", section.title);
    out.push_str(&checks_table(section));
    let (body, inner) = anchor_headings(&section.id, &section.markdown, used);
    out.push_str(&body);
    headings.extend(inner);
    for f in &section.figures {
        if section.markdown.contains(&f.file_name) {
            continue;
        }
        let _ = writeln!(
            out,
            "\n![{}]({})\n\n*{}*",
            inline_text(&f.caption),
            f.file_name,
            inline_text(&f.caption)
        );
    }
    (out, headings)
}

/// A duration as the report prints it: `0.4 s`, `1 min 12 s`.
pub fn duration(seconds: f64) -> String {
    if seconds < 60.0 {
        format!("{seconds:.1} s")
    } else {
        let s = seconds.round() as u64;
        format!("{} min {:02} s", s / 60, s % 60)
    }
}

/// `index.md`: the title block, the contents, the summary, every section, the bibliography.
pub fn index_markdown(report: &Report) -> String {
    let mut used = HashSet::new();
    let mut sections = Vec::new();
    let mut headings = Vec::new();
    for s in &report.sections {
        let (md, h) = section_markdown(s, &mut used);
        sections.push(md);
        headings.extend(h);
    }
    let mut out = String::from("# duel: reproduction report\n\n");
    out.push_str(&report.run.markdown(report));
    out.push_str("\n## <a id=\"contents\"></a>Contents\n\n");
    out.push_str("- [Summary](#summary)\n");
    for h in &headings {
        let indent = "  ".repeat(h.level - 2);
        let _ = writeln!(out, "{indent}- [{}](#{})", h.text, h.anchor);
    }
    out.push_str("- [Differences from the papers](differences.md)\n");
    out.push_str("- [References](#references)\n\n");
    out.push_str("## <a id=\"summary\"></a>Summary\n\n");
    out.push_str(STATUS_LEGEND);
    out.push_str(
        "\n\n| section | matches | differs | new | undecided | wall time |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    let (mut tm, mut td, mut tn, mut tu) = (0, 0, 0, 0);
    for s in &report.sections {
        let (m, d, n) = s.tally();
        let u = s.undecided();
        tm += m;
        td += d;
        tn += n;
        tu += u;
        let _ = writeln!(
            out,
            "| [{}](#{}) | {m} | {d} | {n} | {u} | {} |",
            s.title,
            s.id,
            duration(s.seconds)
        );
    }
    let total: f64 = report.sections.iter().map(|s| s.seconds).sum();
    let _ = writeln!(
        out,
        "| all | {tm} | {td} | {tn} | {tu} | {} |\n",
        duration(total)
    );
    out.push_str(&by_paper_table(report));
    for s in &sections {
        out.push_str(s);
        out.push('\n');
    }
    out.push_str("## <a id=\"references\"></a>References\n\n");
    out.push_str(&bibliography::markdown());
    out
}

/// What the table of the summary by paper counts, said under it.
const BY_PAPER_LEGEND: &str = "The same items by the work their published value comes from, and each paper's numbered statements (theorems, lemmas, propositions, corollaries, examples, remarks, figures and tables, listed with the items that check them in the paper's ledger, `crates/duel-report/ledger/`): **checked** by items of this report, **open** (computation could check them, no item does yet), **nothing to compute** (a definition, a proof step, a qualitative remark), **not in this run** (their items belong to sections left out).";

/// The summary by source: each paper's items and statements, the other published sources,
/// the items that cite no published value.
fn by_paper_table(report: &Report) -> String {
    let summary = report.summary();
    let mut out = format!("{BY_PAPER_LEGEND}\n\n");
    out.push_str("| source | matches | differs | new | undecided | statements | checked | open | nothing to compute | not in this run |\n");
    out.push_str("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for t in &summary.by_source {
        let name = t.id.as_deref().unwrap_or_default();
        let statements = match summary.papers.iter().find(|p| p.paper == name) {
            Some(p) => format!(
                "{} | {} | {} | {} | {}",
                p.statements, p.checked, p.open, p.not_computable, p.absent
            ),
            None => "– | – | – | – | –".to_string(),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {statements} |",
            source_cell(name),
            t.matches,
            t.differs,
            t.new,
            t.undecided
        );
    }
    out.push('\n');
    out
}

/// One differing item in `differences.md`.
fn difference_entry(out: &mut String, anchor: &str, c: &Check) {
    let _ = writeln!(out, "### <a id=\"{anchor}\"></a>{}\n", c.item);
    let _ = writeln!(out, "- **Source:** {}", source_cell(&c.source));
    let _ = writeln!(out, "- **Published:** {}", cell(&c.published));
    let _ = writeln!(out, "- **Computed:** {}", cell(&c.computed));
    let _ = writeln!(out, "- **Why:** {}", cell(&c.note));
    let _ = writeln!(out, "- **In the report:** [index.md](index.md#{anchor})\n");
}

/// `differences.md`: every item marked `differs`, by section, with the published value, the
/// computed one and the reason, so that an author can read every correction at once.
pub fn differences_markdown(report: &Report) -> String {
    let total: usize = report.sections.iter().map(|s| s.tally().1).sum();
    let mut out = String::from("# duel: differences from the papers\n\n");
    let _ = writeln!(
        out,
        "Every item of the [reproduction report](index.md) whose computed value is not the value the paper states: {total} in all, each with both values and the reason. References are listed in the [report](index.md#references).\n"
    );
    for s in &report.sections {
        let differing: Vec<&Check> = s
            .checks
            .iter()
            .filter(|c| c.status == Status::Differs)
            .collect();
        if differing.is_empty() {
            continue;
        }
        let _ = writeln!(out, "## <a id=\"{}\"></a>{}\n", s.id, s.title);
        for (i, c) in differing.into_iter().enumerate() {
            difference_entry(&mut out, &difference_anchor(&s.id, i + 1), c);
        }
    }
    out.replace("](#ref-", "](index.md#ref-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_plain() {
        assert_eq!(
            slug("Connect Four 7×6: the solver"),
            "connect-four-7-6-the-solver"
        );
        assert_eq!(slug("  Section 8.11 "), "section-8-11");
    }

    #[test]
    fn headings_get_unique_anchors() {
        let mut used = HashSet::new();
        let (md, h) = anchor_headings(
            "s",
            "### A b\ntext\n```\n### code\n```\n### A b\n",
            &mut used,
        );
        assert_eq!(h.len(), 2);
        assert_eq!(h[0].anchor, "s-a-b");
        assert_eq!(h[1].anchor, "s-a-b-2");
        assert!(md.contains("### <a id=\"s-a-b\"></a>A b\n"));
        assert!(md.contains("\n### code\n"));
    }

    #[test]
    fn sources_link_to_the_bibliography() {
        assert_eq!(
            source_cell("Nica, Theorem 1.1"),
            "[Nica](#ref-nica), Theorem 1.1"
        );
        assert_eq!(source_cell("beyond the papers"), "beyond the papers");
    }
}
