//! Lemma 1, Theorem 1 and Corollaries 1 and 2 checked over whole ranges of states
//! (`duel liar verify`).

use serde_json::json;

use duel_liar::verify::{verify, VerifyItem, VerifyRanges};

use super::part::{Part, PAPER};
use crate::{Check, Claim, ReportOptions, Status};

/// The ranges: every state up to 8 questions in the quick report, 12 in the full one.
fn ranges(opts: &ReportOptions) -> VerifyRanges {
    if opts.quick {
        VerifyRanges {
            max_q: 24,
            exhaustive_q: 9,
            theorem_q: 8,
        }
    } else {
        VerifyRanges {
            max_q: 40,
            exhaustive_q: 12,
            theorem_q: 12,
        }
    }
}

/// Every statement verified, one item each; the reason where the verification stopped.
pub(super) fn lemma_1_theorem_1_corollaries(opts: &ReportOptions) -> Part {
    let mut part = Part::default();
    match verify(ranges(opts)) {
        Ok(r) => {
            part.checks = r.items.iter().map(statement).collect();
            part.data.push(("verify", json!(r)));
        }
        Err(e) => part
            .markdown
            .push_str(&format!("Verification stopped: {e}\n\n")),
    }
    part
}

/// One statement verified over its range.
fn statement(item: &VerifyItem) -> Check {
    let source = if item.name.starts_with("Lemma") {
        "Lemma 1"
    } else if item.name.starts_with("Theorem") {
        "Theorem 1"
    } else if item.name.starts_with("Corollary 1") {
        "Corollary 1"
    } else {
        "Corollary 2"
    };
    let computed = if item.holds {
        format!("holds on {} cases", item.checked)
    } else {
        format!("fails: {}", item.counterexamples.join("; "))
    };
    Claim {
        item: &item.name,
        source: &format!("{PAPER}, {source}"),
        published: "holds",
        computed: &computed,
        note: &item.range,
    }
    .judged(Status::of(item.holds))
}
