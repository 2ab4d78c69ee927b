//! How an item of the section is written: what it gives besides its checks (Markdown,
//! numbers, figures), and the memory each of its searches may take.

use crate::{Check, Figure, Section};

/// The memory each search may take.
pub(crate) const MEMORY: u64 = 512 << 20;

/// What an item gives besides its checks: Markdown, numbers and figures of the section.
#[derive(Default)]
pub(crate) struct Part {
    pub(crate) checks: Vec<Check>,
    pub(crate) markdown: String,
    pub(crate) data: Vec<(String, serde_json::Value)>,
    pub(crate) figures: Vec<Figure>,
}

impl Part {
    /// Adds `part` to the section `s` (its Markdown to `md`, its numbers to `data`).
    pub(super) fn add_to(
        self,
        s: &mut Section,
        md: &mut String,
        data: &mut serde_json::Map<String, serde_json::Value>,
    ) {
        s.checks.extend(self.checks);
        md.push_str(&self.markdown);
        data.extend(self.data);
        s.figures.extend(self.figures);
    }
}
