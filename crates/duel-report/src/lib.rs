#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod bibliography;
pub mod bidding;
pub mod board;
pub mod build;
pub mod check;
pub mod document;
pub mod games;
pub mod guesswho;
pub mod html;
pub mod ledger;
pub mod liar;
pub mod notes;
pub mod play;
pub mod png;
pub mod run_info;
pub mod search;

use std::collections::HashSet;
use std::path::Path;

use serde::Serialize;

pub use build::{build, build_with, step, Progress};

/// How much work the report may do.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReportOptions {
    /// Smaller ranges, for tests and a first look; the full report uses the ranges of the issues.
    pub quick: bool,
    /// The longest rows too (`duel report --full`): results beyond the papers that take
    /// minutes each (the bidding boards hex:4 and connect:5x4:4, the hardest benchmark files,
    /// the championships fitting MCTS for every family of section 8).
    pub full: bool,
}

impl ReportOptions {
    /// Whether the longest rows are built: `full`, unless `quick`.
    pub fn longest_rows(&self) -> bool {
        self.full && !self.quick
    }
}

/// Whether a reproduced item agrees with its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The computed value equals the published one.
    Matches,
    /// The computed value differs from the published one (a misprint, or an error to explain).
    Differs,
    /// Beyond the papers: nothing published to compare with.
    New,
    /// A statistical comparison the games played do not yet decide either way (the note says
    /// how many games were played and what would decide it).
    Undecided,
}

impl Status {
    /// The words the report uses.
    pub fn words(self) -> &'static str {
        match self {
            Status::Matches => "matches",
            Status::Differs => "differs",
            Status::New => "new",
            Status::Undecided => "undecided",
        }
    }

    /// `Matches` when `ok`, `Differs` otherwise.
    pub fn of(ok: bool) -> Self {
        if ok {
            Status::Matches
        } else {
            Status::Differs
        }
    }
}

/// One reproduced item: a published value next to the computed one.
#[derive(Clone, Debug, Serialize)]
pub struct Check {
    /// What is checked, e.g. "P(4,4), official rules, 2-way questions".
    pub item: String,
    /// Where it is published, e.g. "Cushing et al., Lemma 1.5".
    pub source: String,
    /// The published value, as printed.
    pub published: String,
    /// The value duel computes.
    pub computed: String,
    /// Whether they agree.
    pub status: Status,
    /// Why they differ, or how the check was made.
    pub note: String,
}

/// The texts of a [`Check`], by name; [`Claim::compared`] or [`Claim::judged`] makes the check.
#[derive(Clone, Copy, Debug, Default)]
pub struct Claim<'a> {
    /// What is checked, e.g. "P(4,4), official rules, 2-way questions".
    pub item: &'a str,
    /// Where it is published, e.g. "Cushing et al., Lemma 1.5".
    pub source: &'a str,
    /// The published value, as printed.
    pub published: &'a str,
    /// The value duel computes.
    pub computed: &'a str,
    /// Why they differ, or how the check was made (empty for none).
    pub note: &'a str,
}

impl Claim<'_> {
    /// The check, `matches` when the published and computed texts are equal, else `differs`.
    pub fn compared(self) -> Check {
        let status = Status::of(self.published == self.computed);
        self.judged(status)
    }

    /// The check with the status given (for comparisons that are not string equality).
    pub fn judged(self, status: Status) -> Check {
        Check {
            item: self.item.to_string(),
            source: self.source.to_string(),
            published: self.published.to_string(),
            computed: self.computed.to_string(),
            status,
            note: self.note.to_string(),
        }
    }
}

/// A figure of a section, rendered in memory.
#[derive(Clone, Debug)]
pub struct Figure {
    /// The file name inside the report folder, e.g. `guesswho-race-2way.svg`.
    pub file_name: String,
    /// A one-line caption.
    pub caption: String,
    /// The SVG document.
    pub svg: String,
}

/// One section of the report.
#[derive(Clone, Debug)]
pub struct Section {
    /// Short identifier, used for file names (`guesswho`, `liar`, ...).
    pub id: String,
    /// The heading.
    pub title: String,
    /// The reproduced items.
    pub checks: Vec<Check>,
    /// Free Markdown after the checks: tables, new results, explanations.
    pub markdown: String,
    /// The raw numbers of the section.
    pub json: serde_json::Value,
    /// Figures: shown where the Markdown names their file, after it otherwise.
    pub figures: Vec<Figure>,
    /// The wall-clock seconds the section took to build (0 until [`build()`] sets it).
    pub seconds: f64,
}

impl Section {
    /// An empty section with the given identifier and title.
    pub fn new(id: &str, title: &str) -> Self {
        Section {
            id: id.to_string(),
            title: title.to_string(),
            checks: Vec::new(),
            markdown: String::new(),
            json: serde_json::Value::Null,
            figures: Vec::new(),
            seconds: 0.0,
        }
    }

    /// How many checks are [`Status::Undecided`].
    pub fn undecided(&self) -> usize {
        self.checks
            .iter()
            .filter(|c| c.status == Status::Undecided)
            .count()
    }

    /// How many checks have each status: (matches, differs, new).
    pub fn tally(&self) -> (usize, usize, usize) {
        let count = |s: Status| self.checks.iter().filter(|c| c.status == s).count();
        (
            count(Status::Matches),
            count(Status::Differs),
            count(Status::New),
        )
    }

    /// The section as Markdown, as in `index.md`: the checks table, then the free text, then
    /// the figures.
    pub fn to_markdown(&self) -> String {
        document::section_markdown(self, &mut HashSet::new()).0
    }
}

/// A section builder: takes the options, returns the section.
pub type SectionBuilder = fn(&ReportOptions) -> Section;

/// Every section of the report, in order: (identifier, builder).
pub const SECTIONS: &[(&str, SectionBuilder)] = &[
    ("guesswho", guesswho::report_section),
    ("liar", liar::report_section),
    ("bidding", bidding::report_section),
    ("games", games::report_section),
    ("search", search::report_section),
    ("families", search::section8::report_section),
];

/// A section name that is not one of [`SECTIONS`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown report section {} (known: {})", duel_core::text::quote(.id), known().join(", "))]
pub struct UnknownSection {
    /// The name asked for.
    pub id: String,
}

fn known() -> Vec<&'static str> {
    SECTIONS.iter().map(|(k, _)| *k).collect()
}

/// Checks that every name in `only` is a section of the report.
pub fn check_only(only: &[String]) -> Result<(), UnknownSection> {
    match only.iter().find(|id| !known().contains(&id.as_str())) {
        Some(id) => Err(UnknownSection { id: id.clone() }),
        None => Ok(()),
    }
}

/// How many items of a section, or of the report, match the papers, differ, or are new.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// The section's identifier (`guesswho`, ...), or the source's name in
    /// [`Summary::by_source`]; `None` for the whole report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Items that match the paper.
    pub matches: usize,
    /// Items that differ from it.
    pub differs: usize,
    /// Results the papers do not state.
    pub new: usize,
    /// Comparisons not yet decided.
    pub undecided: usize,
}

impl Tally {
    /// Adds the counts of `other`.
    pub fn add(&mut self, other: &Tally) {
        self.matches += other.matches;
        self.differs += other.differs;
        self.new += other.new;
        self.undecided += other.undecided;
    }

    /// Counts one item of status `status`.
    pub fn count(&mut self, status: Status) {
        match status {
            Status::Matches => self.matches += 1,
            Status::Differs => self.differs += 1,
            Status::New => self.new += 1,
            Status::Undecided => self.undecided += 1,
        }
    }
}

/// What `duel report` says when it is done: the counts of the whole report and of each
/// section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// The counts of the whole report.
    #[serde(flatten)]
    pub total: Tally,
    /// The counts of each section, in order.
    pub sections: Vec<Tally>,
    /// The counts of the items of each paper, in the papers' order, then of the items whose
    /// values come from other published sources ([`OTHER_SOURCES`]), then of those that cite
    /// no published value ([`NO_SOURCE`]); together they are the whole report's.
    pub by_source: Vec<Tally>,
    /// How many statements of each paper the items check, in the papers' order (see
    /// [`ledger`]).
    pub papers: Vec<ledger::PaperCount>,
}

impl Summary {
    /// The counts of the five papers' items together.
    pub fn of_papers(&self) -> Tally {
        let mut t = Tally::default();
        for s in self.by_source.iter().take(bibliography::PAPERS.len()) {
            t.add(s);
        }
        t
    }

    /// The counts of the items whose values come from other published sources.
    pub fn of_other_sources(&self) -> Tally {
        self.by_source
            .iter()
            .find(|s| s.id.as_deref() == Some(OTHER_SOURCES))
            .cloned()
            .unwrap_or_default()
    }
}

/// The row of [`Summary::by_source`] for values published elsewhere than in the five papers.
pub const OTHER_SOURCES: &str = "other published sources";

/// The row of [`Summary::by_source`] for items that cite no published value.
pub const NO_SOURCE: &str = "no published source";

/// The row of [`Summary::by_source`] an item counts in: the paper its source cites, else
/// [`OTHER_SOURCES`] or [`NO_SOURCE`].
pub fn source_row(source: &str) -> &'static str {
    match bibliography::cited_in(source) {
        Some(r) if bibliography::PAPERS.iter().any(|p| p.anchor == r.anchor) => r.cited_as,
        Some(_) => OTHER_SOURCES,
        None => NO_SOURCE,
    }
}

/// A whole report.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The sections, in order.
    pub sections: Vec<Section>,
    /// Whether it was built with `quick`.
    pub quick: bool,
    /// Whether it was built with `full` (and not `quick`).
    pub full: bool,
    /// Version, commit, date and machine of the run.
    pub run: run_info::RunInfo,
}

impl Report {
    /// The counts of the whole report and of each section.
    pub fn summary(&self) -> Summary {
        let mut total = Tally::default();
        let sections = self
            .sections
            .iter()
            .map(|s| {
                let (matches, differs, new) = s.tally();
                let undecided = s.undecided();
                total.matches += matches;
                total.differs += differs;
                total.new += new;
                total.undecided += undecided;
                Tally {
                    id: Some(s.id.clone()),
                    matches,
                    differs,
                    new,
                    undecided,
                }
            })
            .collect();
        Summary {
            total,
            sections,
            by_source: self.by_source(),
            papers: self.paper_counts(),
        }
    }

    /// The counts of [`Summary::by_source`].
    pub fn by_source(&self) -> Vec<Tally> {
        let rows: Vec<&str> = bibliography::PAPERS
            .iter()
            .map(|p| p.cited_as)
            .chain([OTHER_SOURCES, NO_SOURCE])
            .collect();
        let mut out: Vec<Tally> = rows
            .iter()
            .map(|r| Tally {
                id: Some(r.to_string()),
                ..Tally::default()
            })
            .collect();
        for c in self.sections.iter().flat_map(|s| &s.checks) {
            let row = source_row(&c.source);
            if let Some(i) = rows.iter().position(|r| *r == row) {
                out[i].count(c.status);
            }
        }
        out
    }

    /// The names of every item of the report.
    pub fn item_names(&self) -> Vec<&str> {
        self.sections
            .iter()
            .flat_map(|s| s.checks.iter().map(|c| c.item.as_str()))
            .collect()
    }

    /// How many statements of each paper's ledger this report's items check (empty if a
    /// ledger cannot be read, which the crate's tests rule out).
    pub fn paper_counts(&self) -> Vec<ledger::PaperCount> {
        let items = self.item_names();
        ledger::ledgers()
            .map(|all| all.iter().map(|l| ledger::count(l, &items)).collect())
            .unwrap_or_default()
    }

    /// `index.md`: title block, contents, summary, every section, the web app's screenshots,
    /// references.
    pub fn index_markdown(&self) -> String {
        play::with_play_section(document::index_markdown(self))
    }

    /// The document `<id>.json` holds for section `s`.
    pub fn section_json(&self, s: &Section) -> serde_json::Value {
        section_document(s, self.quick, self.full)
    }

    /// `differences.md`: every item that differs from its paper, with both values and why.
    pub fn differences_markdown(&self) -> String {
        document::differences_markdown(self)
    }

    /// Writes `index.md`, `differences.md`, their self-contained HTML twins (`index.html`,
    /// `differences.html`), `<id>.json` per section, every figure and the web app's screenshots
    /// into `dir` (created if needed).
    pub fn write_to(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let figures: Vec<&Figure> = self.sections.iter().flat_map(|s| &s.figures).collect();
        let index = self.index_markdown();
        let differences = self.differences_markdown();
        std::fs::write(dir.join("index.md"), &index)?;
        std::fs::write(dir.join("differences.md"), &differences)?;
        let page = html::page("duel: reproduction report", &index, &figures);
        std::fs::write(dir.join("index.html"), play::embed_screenshots(page))?;
        play::write_screenshots(dir)?;
        std::fs::write(
            dir.join("differences.html"),
            html::page("duel: differences from the papers", &differences, &figures),
        )?;
        for s in &self.sections {
            write_section(dir, s, self.quick, self.full)?;
        }
        Ok(())
    }
}

/// The document `<id>.json` holds for section `s` of a report built with `quick` and `full`.
pub fn section_document(s: &Section, quick: bool, full: bool) -> serde_json::Value {
    let mut doc = serde_json::json!({
        "id": s.id,
        "title": s.title,
        "quick": quick,
        "seconds": s.seconds,
        "checks": s.checks,
        "data": s.json,
    });
    if full {
        doc["full"] = true.into();
    }
    doc
}

/// Writes section `s`'s figures and its `<id>.json` into `dir`, each through a temporary file
/// renamed when whole, so that a folder never holds half a file: `duel report` writes each
/// section as it finishes, and `--check` reads what an interrupted report left.
pub fn write_section(dir: &Path, s: &Section, quick: bool, full: bool) -> std::io::Result<()> {
    use duel_core::whole_file::write_whole;
    let json = section_document(s, quick, full);
    let text = serde_json::to_string_pretty(&json).map_err(std::io::Error::other)?;
    for f in &s.figures {
        write_whole(&dir.join(&f.file_name), f.svg.as_bytes())?;
    }
    write_whole(&dir.join(format!("{}.json", s.id)), text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compared_decides_the_status() {
        let claim = |published, computed| Claim {
            item: "x",
            source: "s",
            published,
            computed,
            note: "",
        };
        assert_eq!(claim("9/16", "9/16").compared().status, Status::Matches);
        assert_eq!(claim("84*", "83*").compared().status, Status::Differs);
        assert_eq!(claim("1", "2").judged(Status::New).status, Status::New);
    }

    #[test]
    fn markdown_escapes_table_cells() {
        let mut s = Section::new("t", "T");
        s.checks.push(
            Claim {
                item: "a|b",
                source: "s",
                published: "1",
                computed: "1",
                note: "line\nbreak",
            }
            .compared(),
        );
        let md = s.to_markdown();
        assert!(md.contains("a\\|b"));
        assert!(md.contains("line break"));
    }
}
