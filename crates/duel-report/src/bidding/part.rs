//! How an item of the section is written: its source, its words, and what it gives besides
//! its checks (Markdown, numbers, figures) as the section adds it up.

use crate::{Check, Claim, Figure, Section, Status};
use duel_core::exact::Chips;

const SOURCE: &str = "Develin & Payne";

/// The source of an item: the paper, then where in it.
pub(super) fn cited(place: &str) -> String {
    format!("{SOURCE}, {place}")
}

/// Chip counts separated by spaces, as the paper prints its tables.
pub(super) fn join(values: &[Chips]) -> String {
    values
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `holds` or `fails`, as the items of a property say.
pub(super) fn holds(ok: bool) -> &'static str {
    if ok {
        "holds"
    } else {
        "fails"
    }
}

/// Whether a solver agrees with the others on every board compared, and which were.
pub(super) struct Agreement {
    pub(super) all: bool,
    pub(super) compared: Vec<String>,
}

impl Agreement {
    pub(super) fn new() -> Self {
        Agreement {
            all: true,
            compared: Vec::new(),
        }
    }

    /// One comparison: whether it agreed and what was compared.
    pub(super) fn record(&mut self, same: bool, what: String) {
        self.all &= same;
        self.compared.push(what);
    }

    /// The item saying whether every comparison agreed.
    pub(super) fn check(&self, item: &str, place: &str) -> Check {
        Claim {
            item,
            source: &cited(place),
            published: "equal",
            computed: if self.all { "equal" } else { "differ" },
            note: &self.compared.join(", "),
        }
        .judged(Status::of(self.all))
    }
}

/// What an item gives besides its checks: Markdown, numbers and figures of the section.
#[derive(Default)]
pub(super) struct Part {
    pub(super) checks: Vec<Check>,
    pub(super) markdown: String,
    pub(super) data: Vec<(String, serde_json::Value)>,
    pub(super) figures: Vec<Figure>,
}

/// The section as its items add to it.
pub(super) struct Built {
    pub(super) section: Section,
    pub(super) md: String,
    pub(super) data: serde_json::Map<String, serde_json::Value>,
}

impl Built {
    pub(super) fn checks(&mut self, checks: Vec<Check>) {
        self.section.checks.extend(checks);
    }

    pub(super) fn part(&mut self, part: Part) {
        self.section.checks.extend(part.checks);
        self.md.push_str(&part.markdown);
        self.data.extend(part.data);
        self.section.figures.extend(part.figures);
    }
}
