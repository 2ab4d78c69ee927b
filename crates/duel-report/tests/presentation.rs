//! The quick report as a reader gets it: every section and part reachable from the table of
//! contents, every internal link landing on an anchor, no overlong line, no word of the
//! project's workshop (issue numbers, `crate::` paths, names of test functions), and every
//! item marked `differs` listed, with its reason, in `differences.md`; and every statement of
//! the papers' ledgers an item of the report, or said why not, the summary counting them.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use duel_report::ledger::{self, Standing};
use duel_report::{bibliography, build, Report, ReportOptions, Status, Tally};

/// The quick report of every section, built once for the tests that read it.
fn quick_report() -> &'static Report {
    static REPORT: OnceLock<Report> = OnceLock::new();
    REPORT.get_or_init(|| {
        build(
            &ReportOptions {
                quick: true,
                ..Default::default()
            },
            &[],
        )
        .expect("every section")
    })
}

/// The longest line a page may have, in characters.
const MAX_LINE: usize = 2000;

/// The anchors a page defines (`<a id="x">`).
fn anchors(page: &str) -> HashSet<String> {
    page.split("<a id=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_string)
        .collect()
}

/// The targets of Markdown links in `page` that start with `prefix` (`#`, `differences.md#`),
/// without the prefix.
fn links(page: &str, prefix: &str) -> Vec<String> {
    let pattern = format!("]({prefix}");
    page.split(pattern.as_str())
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(str::to_string)
        .collect()
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The names of the workspace's test functions (`#[test]` then `fn name`) that contain an
/// underscore (a one-word name could be an ordinary word of the text).
fn test_function_names() -> Vec<String> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    let mut names = Vec::new();
    for file in files {
        let Ok(text) = fs::read_to_string(&file) else {
            continue;
        };
        for part in text.split("#[test]").skip(1) {
            let Some(after) = part.split("fn ").nth(1) else {
                continue;
            };
            let name: String = after
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if name.contains('_') {
                names.push(name);
            }
        }
    }
    names
}

#[test]
fn the_quick_report_reads_as_a_document() {
    let report = quick_report();
    let index = report.index_markdown();
    let differences = report.differences_markdown();
    let index_anchors = anchors(&index);
    let difference_anchors = anchors(&differences);

    // The contents: from its heading to the summary's.
    let contents = index
        .split("Contents\n")
        .nth(1)
        .and_then(|rest| rest.split("## <a id=\"summary\"").next())
        .expect("a table of contents");
    let listed: HashSet<String> = links(contents, "#").into_iter().collect();
    // Every heading of the report is listed, and every listed anchor exists.
    for line in index
        .lines()
        .filter(|l| l.starts_with("## ") || l.starts_with("### "))
    {
        let Some(anchor) = anchors(line).into_iter().next() else {
            panic!("a heading without an anchor: {line}");
        };
        if anchor != "contents" {
            assert!(listed.contains(&anchor), "not in the contents: {line}");
        }
    }
    for s in &report.sections {
        assert!(
            listed.contains(&s.id),
            "section {} not in the contents",
            s.id
        );
        assert!(
            index.contains(&format!("| [{}](#{}) |", s.title, s.id)),
            "the summary links section {}",
            s.id
        );
    }
    // Every internal link resolves, in both pages and between them.
    for target in links(&index, "#") {
        assert!(index_anchors.contains(&target), "index.md: #{target}");
    }
    for target in links(&index, "differences.md#") {
        assert!(
            difference_anchors.contains(&target),
            "index.md → differences.md#{target}"
        );
    }
    for target in links(&differences, "index.md#") {
        assert!(
            index_anchors.contains(&target),
            "differences.md → index.md#{target}"
        );
    }

    // Lines a reader (and a Markdown viewer) can take.
    for (name, page) in [("index.md", &index), ("differences.md", &differences)] {
        for (i, line) in page.lines().enumerate() {
            let n = line.chars().count();
            assert!(n <= MAX_LINE, "{name}:{}: {n} characters", i + 1);
        }
        // The papers are cited by their own numbering, never by the project's workshop.
        let lower = page.to_lowercase();
        assert!(!lower.contains("issue"), "{name} mentions an issue");
        assert!(!page.contains("crate::"), "{name} names a code path");
        assert!(!page.contains(".rs"), "{name} names a source file");
    }
    let names = test_function_names();
    assert!(names.len() > 100, "test functions found: {}", names.len());
    for name in &names {
        assert!(
            !index.contains(name.as_str()),
            "index.md names the test {name}"
        );
        assert!(
            !differences.contains(name.as_str()),
            "differences.md names the test {name}"
        );
    }

    // Every item compared with a published value cites a work of the bibliography.
    for s in &report.sections {
        for c in s.checks.iter().filter(|c| c.status != Status::New) {
            assert!(
                duel_report::bibliography::cited_in(&c.source).is_some(),
                "{}: the source {:?} names no work of the bibliography",
                c.item,
                c.source
            );
        }
    }

    // Every differing item is in differences.md, with both values and its reason.
    let mut differing = 0;
    for s in &report.sections {
        for c in s.checks.iter().filter(|c| c.status == Status::Differs) {
            differing += 1;
            assert!(!c.note.trim().is_empty(), "no reason for {}", c.item);
            let entry = differences
                .split("\n### ")
                .find(|e| e.contains(&format!("></a>{}\n", c.item)))
                .unwrap_or_else(|| panic!("not in differences.md: {}", c.item));
            assert!(entry.contains(&format!(
                "**Published:** {}",
                c.published.replace('|', "\\|")
            )));
            assert!(entry.contains(&format!("**Computed:** {}", c.computed.replace('|', "\\|"))));
        }
    }
    assert!(differing > 0);
    assert_eq!(differences.matches("\n### ").count(), differing);
}

#[test]
fn the_web_page_is_self_contained() {
    let report = build(
        &ReportOptions {
            quick: true,
            ..Default::default()
        },
        &["guesswho".to_string()],
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("duel-report-page-{}", std::process::id()));
    report.write_to(&dir).unwrap();
    let html = fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<style>"));
    // No network: nothing fetched from elsewhere, every picture inside the file.
    for banned in [
        "src=\"http",
        "href=\"http://",
        "<link",
        "<script",
        "src=\"guesswho",
    ] {
        assert!(!html.contains(banned), "index.html contains {banned}");
    }
    let figures: usize = report.sections.iter().map(|s| s.figures.len()).sum();
    assert!(figures > 0);
    assert_eq!(
        html.matches("<img src=\"data:image/svg+xml;base64,")
            .count(),
        figures
    );
    assert!(dir.join("differences.html").exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn every_statement_of_the_ledgers_is_an_item_of_the_quick_report_or_says_why_not() {
    let report = quick_report();
    let items = report.item_names();
    let ledgers = ledger::ledgers().expect("every ledger parses");
    assert_eq!(
        ledgers.iter().map(|l| l.paper).collect::<Vec<_>>(),
        bibliography::PAPERS
            .iter()
            .map(|p| p.cited_as)
            .collect::<Vec<_>>()
    );
    let mut unknown = Vec::new();
    for l in &ledgers {
        for (statement, item) in ledger::unknown_items(l, &items) {
            unknown.push(format!("{}: {statement}: {item}", l.file));
        }
        for s in &l.statements {
            // parse() refuses a row with neither; a statement without items stands open or
            // not computable, with its reason.
            assert!(
                !s.items.is_empty() || !s.reason.is_empty(),
                "{}: {}",
                l.file,
                s.statement
            );
        }
        let names: Vec<&str> = l.statements.iter().map(|s| s.statement.as_str()).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{}: a statement twice", l.file);
    }
    assert!(
        unknown.is_empty(),
        "items named by a ledger that the report does not produce:\n{}",
        unknown.join("\n")
    );
    for l in &ledgers {
        for s in &l.statements {
            assert_ne!(s.standing(&items), Standing::Absent, "{}", s.statement);
        }
    }
    let summary = report.summary();
    assert_eq!(summary.papers.len(), 5);
    for p in &summary.papers {
        assert_eq!(
            p.statements,
            p.checked + p.open + p.not_computable,
            "{}",
            p.paper
        );
        assert!(p.checked > 0, "{}", p.paper);
    }
    let mut sum = Tally::default();
    for row in &summary.by_source {
        sum.add(row);
    }
    sum.id = None;
    assert_eq!(sum, summary.total);
    assert!(summary.of_other_sources().matches > 0);
    let index = report.index_markdown();
    for p in &summary.papers {
        let row = format!(
            "| {} | {} | {} | {} | {} |",
            p.statements, p.checked, p.open, p.not_computable, p.absent
        );
        assert!(index.contains(&row), "the summary lacks {row}");
    }
}

/// The note column of every checks table of `index`, table by table.
fn note_columns(index: &str) -> Vec<Vec<String>> {
    let mut tables = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in index.lines() {
        if line.starts_with("| item | source | published | computed | status | note |") {
            current = Some(Vec::new());
        } else if let Some(rows) = current.as_mut() {
            if line.starts_with("| ---") {
                continue;
            }
            if let Some(row) = line.strip_prefix("| ") {
                let note = row
                    .trim_end_matches(" |")
                    .rsplit(" | ")
                    .next()
                    .unwrap_or("");
                rows.push(note.to_string());
            } else {
                tables.extend(current.take());
            }
        }
    }
    tables.extend(current);
    tables
}

#[test]
fn every_note_in_a_table_is_one_short_sentence_and_none_is_repeated() {
    let index = quick_report().index_markdown();
    let tables = note_columns(&index);
    assert!(tables.len() >= 5, "checks tables found: {}", tables.len());
    let mut pointed = 0;
    for rows in &tables {
        let mut seen = HashSet::new();
        for note in rows {
            // A row pointing to a note under its table carries only the pointer and a lead.
            let text = match note.find(" ([note ") {
                Some(i) => &note[..i],
                None if note.starts_with("[note ") => {
                    pointed += 1;
                    continue;
                }
                None => note.as_str(),
            };
            assert!(
                text.chars().count() <= duel_report::notes::CELL_NOTE_MAX + 4,
                "a long note in a cell: {text}"
            );
            assert!(!text.contains(". "), "two sentences in a cell: {text}");
            if !text.is_empty() {
                assert!(seen.insert(text.to_string()), "a note repeated: {text}");
            }
        }
    }
    assert!(pointed > 10, "rows pointing to a shared note: {pointed}");
    // The notes under the tables are each written once per table, and every pointer lands.
    let anchors = anchors(&index);
    for target in links(&index, "#") {
        assert!(anchors.contains(&target), "#{target}");
    }
}
