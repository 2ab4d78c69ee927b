//! The ledger of each paper: every numbered statement, figure and table of the five papers
//! (files `ledger/<paper>.md` of this crate), each with the report items that check it or the
//! reason nothing is computed. The report counts, per paper, the statements its items check;
//! a test fails when a ledger names an item the report does not produce.
//!
//! ```
//! use duel_report::ledger::{self, Standing};
//!
//! let nica = ledger::ledgers().unwrap().into_iter().next().unwrap();
//! assert_eq!(nica.paper, "Nica");
//! let theorem = &nica.statements[0];
//! assert_eq!(theorem.statement, "Theorem 1.1");
//! let items = ["Theorem 1.1: p* = eq. (1.1)/(1.2) and b* (bold 2^k / safe ⌊n/2⌋) optimal, all 1 ≤ n, m ≤ 256"];
//! assert_eq!(theorem.standing(&items), Standing::Checked);
//! assert_eq!(theorem.standing(&[]), Standing::Absent);
//! ```

use serde::Serialize;

/// The ledgers, in the report's order of the papers: (how the report cites the paper, file
/// name, text).
const FILES: &[(&str, &str, &str)] = &[
    ("Nica", "nica.md", include_str!("../ledger/nica.md")),
    (
        "Cushing et al.",
        "cushing.md",
        include_str!("../ledger/cushing.md"),
    ),
    (
        "Ellis, Ponomarenko & Yan",
        "ellis-ponomarenko-yan.md",
        include_str!("../ledger/ellis-ponomarenko-yan.md"),
    ),
    (
        "Develin & Payne",
        "develin-payne.md",
        include_str!("../ledger/develin-payne.md"),
    ),
    (
        "Delattre & Fournier",
        "delattre-fournier.md",
        include_str!("../ledger/delattre-fournier.md"),
    ),
];

/// What starts the reason of a statement that computation could check but no item does yet.
pub const OPEN: &str = "open:";

/// In an item name of a ledger, what stands for any text: the range an item states, which
/// `--quick` makes smaller (`all …`, `totals k <= … where center is optimal`).
pub const ANY_TEXT: char = '…';

/// One statement of a paper, as its ledger lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The paper's own name for it: "Lemma 3.1", "Figure 4", "Section 1.2, equal pools".
    pub statement: String,
    /// The names of the report items that check it (see [`ANY_TEXT`]).
    pub items: Vec<String>,
    /// Why no item checks it (empty when items do); [`OPEN`] first when one could.
    pub reason: String,
}

/// Where a statement stands in one report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Every item it names is in the report.
    Checked,
    /// It names items, and some are not in this report (a section left out with `--only`).
    Absent,
    /// No item yet; computation could check it.
    Open,
    /// Nothing to compute: a definition, a proof step, a qualitative remark.
    NotComputable,
}

impl Statement {
    /// Where the statement stands in a report whose items are named `items`.
    pub fn standing(&self, items: &[&str]) -> Standing {
        if self.items.is_empty() {
            if self.reason.starts_with(OPEN) {
                Standing::Open
            } else {
                Standing::NotComputable
            }
        } else if self
            .items
            .iter()
            .all(|pattern| items.iter().any(|item| names(pattern, item)))
        {
            Standing::Checked
        } else {
            Standing::Absent
        }
    }
}

/// Whether the item name `pattern` of a ledger names the report item `item`.
pub fn names(pattern: &str, item: &str) -> bool {
    match pattern.split_once(ANY_TEXT) {
        Some((head, tail)) => {
            item.len() >= head.len() + tail.len() && item.starts_with(head) && item.ends_with(tail)
        }
        None => pattern == item,
    }
}

/// The ledger of one paper.
#[derive(Clone, Debug)]
pub struct Ledger {
    /// How the report's source column cites the paper ("Develin & Payne").
    pub paper: &'static str,
    /// The file in `crates/duel-report/ledger/`.
    pub file: &'static str,
    /// Its statements, in the paper's order.
    pub statements: Vec<Statement>,
}

/// A ledger line that is not a statement with items or a reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ledger/{file}, line {line}: {problem}")]
pub struct LedgerError {
    /// The ledger's file.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: String,
}

/// The five ledgers, in the report's order of the papers.
pub fn ledgers() -> Result<Vec<Ledger>, LedgerError> {
    FILES
        .iter()
        .map(|&(paper, file, text)| {
            Ok(Ledger {
                paper,
                file,
                statements: parse(file, text)?,
            })
        })
        .collect()
}

/// The statements of a ledger's table: `| statement | report items | without an item |`, the
/// items each in backquotes; every row has items or a reason, and not both.
pub fn parse(file: &str, text: &str) -> Result<Vec<Statement>, LedgerError> {
    let mut out = Vec::new();
    let mut in_table = false;
    for (i, line) in text.lines().enumerate() {
        let error = |problem: &str| LedgerError {
            file: file.to_string(),
            line: i + 1,
            problem: problem.to_string(),
        };
        let Some(row) = line.strip_prefix('|') else {
            continue;
        };
        if !in_table {
            // The header, then its rule.
            in_table = row.trim_start().starts_with("---");
            continue;
        }
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        if cells.len() != 4 || !cells[3].is_empty() {
            return Err(error("a row has three cells"));
        }
        let items = backquoted(cells[1]).map_err(|p| error(&p))?;
        let reason = cells[2].to_string();
        if cells[0].is_empty() {
            return Err(error("the statement is not named"));
        }
        match (items.is_empty(), reason.is_empty()) {
            (true, true) => return Err(error("neither an item nor a reason")),
            (false, false) => return Err(error("both items and a reason")),
            _ => {}
        }
        out.push(Statement {
            statement: cells[0].to_string(),
            items,
            reason,
        });
    }
    if out.is_empty() {
        return Err(LedgerError {
            file: file.to_string(),
            line: 0,
            problem: "no statement".into(),
        });
    }
    Ok(out)
}

/// The backquoted names of a cell, which holds nothing else but commas and spaces.
fn backquoted(cell: &str) -> Result<Vec<String>, String> {
    let mut items = Vec::new();
    let mut parts = cell.split('`');
    let mut between = parts.next().unwrap_or_default();
    loop {
        if !between.trim().trim_matches(',').trim().is_empty() {
            return Err(format!("text outside backquotes: {between:?}"));
        }
        match (parts.next(), parts.next()) {
            (Some(item), Some(rest)) if !item.is_empty() => {
                items.push(item.to_string());
                between = rest;
            }
            (None, _) => return Ok(items),
            _ => return Err("an unclosed or empty backquote".into()),
        }
    }
}

/// How many statements of one paper the report's items check.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PaperCount {
    /// How the report cites the paper.
    pub paper: String,
    /// Statements its ledger lists.
    pub statements: usize,
    /// Statements every item of which is in the report.
    pub checked: usize,
    /// Statements whose items are not all in this report (sections left out).
    pub absent: usize,
    /// Statements computation could check, without an item yet.
    pub open: usize,
    /// Statements with nothing to compute.
    pub not_computable: usize,
}

/// The counts of `ledger` in a report whose items are named `items`.
pub fn count(ledger: &Ledger, items: &[&str]) -> PaperCount {
    let mut c = PaperCount {
        paper: ledger.paper.to_string(),
        statements: ledger.statements.len(),
        ..PaperCount::default()
    };
    for s in &ledger.statements {
        match s.standing(items) {
            Standing::Checked => c.checked += 1,
            Standing::Absent => c.absent += 1,
            Standing::Open => c.open += 1,
            Standing::NotComputable => c.not_computable += 1,
        }
    }
    c
}

/// The item names of a ledger that name no item of the report (`items`), with the statement
/// that lists each.
pub fn unknown_items<'a>(ledger: &'a Ledger, items: &[&str]) -> Vec<(&'a str, &'a str)> {
    ledger
        .statements
        .iter()
        .flat_map(|s| {
            s.items
                .iter()
                .map(move |p| (s.statement.as_str(), p.as_str()))
        })
        .filter(|(_, p)| !items.iter().any(|item| names(p, item)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str =
        "# L\n\n| statement | report items | without an item |\n| --- | --- | --- |\n";

    #[test]
    fn rows_have_items_or_a_reason() {
        let ok = format!("{HEAD}| Lemma 1 | `a`, `b…` | |\n| Definition 2 | | a definition |\n");
        let s = parse("t.md", &ok).unwrap();
        assert_eq!(s[0].items, ["a", "b…"]);
        assert_eq!(s[1].reason, "a definition");
        let neither = format!("{HEAD}| Lemma 1 | | |\n");
        assert_eq!(
            parse("t.md", &neither).unwrap_err().to_string(),
            "ledger/t.md, line 5: neither an item nor a reason"
        );
        let both = format!("{HEAD}| Lemma 1 | `a` | because |\n");
        assert!(parse("t.md", &both).is_err());
        let loose = format!("{HEAD}| Lemma 1 | a, `b` | |\n");
        assert!(parse("t.md", &loose).is_err());
        assert!(parse("t.md", HEAD).is_err());
    }

    #[test]
    fn an_ellipsis_stands_for_any_range() {
        assert!(names("all …", "all 1 ≤ n ≤ 256"));
        assert!(names("k <= … where", "k <= 255 where"));
        assert!(!names("k <= … where", "k <= 255 when"));
        assert!(!names("ab…ba", "aba"));
        assert!(!names("all …", "al"));
        assert!(names("R(TTT)", "R(TTT)"));
        assert!(!names("R(TTT)", "R(TTT) "));
    }

    #[test]
    fn counts_and_unknown_items() {
        let text = format!(
            "{HEAD}| A | `x` | |\n| B | `y`, `z…` | |\n| C | | open: later |\n| D | | a definition |\n"
        );
        let ledger = Ledger {
            paper: "P",
            file: "t.md",
            statements: parse("t.md", &text).unwrap(),
        };
        let c = count(&ledger, &["x", "y"]);
        assert_eq!(
            (c.statements, c.checked, c.absent, c.open, c.not_computable),
            (4, 1, 1, 1, 1)
        );
        assert_eq!(unknown_items(&ledger, &["x", "y"]), [("B", "z…")]);
        assert_eq!(count(&ledger, &["x", "y", "z 1"]).checked, 2);
    }
}
