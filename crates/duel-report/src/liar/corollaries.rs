//! Corollaries 1 and 2 against the exhaustive solver: OEIS A286496 (the largest n searchable
//! with one lie), the pathological game for n = 10^6, and both corollaries as tables.

use std::fmt::Write as _;

use serde_json::json;

use duel_liar::minq::MaxQuestions;
use duel_liar::splitting::{corollary1, corollary2, largest_searchable, smallest_pathological_win};

use super::part::{Part, Solvers, PAPER};
use crate::{Check, Claim, ReportOptions, Status};

/// OEIS A286496, q = 0..16.
const A286496: [u64; 17] = [
    1, 1, 1, 2, 2, 4, 8, 16, 28, 50, 92, 170, 314, 584, 1092, 2048, 3854,
];

/// OEIS A286496 by the exhaustive solver: the largest n Paul wins with q questions and one lie.
pub(super) fn a286496(solvers: &mut Solvers) -> Part {
    let mut exhaustive = Vec::new();
    for q in 0..A286496.len() as u32 {
        let mut best = 0;
        for n in 1..=largest_searchable(q) + 4 {
            if solvers.original.paul_wins(q, &[n, 0]).unwrap_or(false) {
                best = n;
            }
        }
        exhaustive.push(best);
    }
    let published: Vec<String> = A286496.iter().map(|v| v.to_string()).collect();
    let computed: Vec<String> = exhaustive.iter().map(|v| v.to_string()).collect();
    let check = Claim {
        item: "largest n searchable with q = 0..16 questions, one lie",
        source: "OEIS A286496",
        published: &published.join(", "),
        computed: &computed.join(", "),
        note: "exhaustive solver over every n up to the Corollary 1 threshold + 4; Corollary 1's closed form gives the same",
    }
    .compared();
    Part {
        checks: vec![check],
        data: vec![("a286496", json!(exhaustive))],
        ..Part::default()
    }
}

/// Corollary 2 for n = 10^6 (even): Paul wins iff 10^6 (q + 1) ≥ 2^q, i.e. q ≤ 24; against
/// the most questions found by search (`rows`), when it found them.
pub(super) fn corollary_2_one_million(rows: &[MaxQuestions]) -> Option<Check> {
    let r = rows.iter().find(|r| r.n == 1_000_000 && r.lies == 1)?;
    let by_corollary = (0..60u32)
        .filter(|&q| corollary2(q, 1_000_000))
        .max()
        .unwrap_or(0);
    let check = Claim {
        item: "pathological game, n = 10^6, one lie: most questions Paul survives",
        source: &format!("{PAPER}, Corollary 2"),
        published: "Paul wins iff n ≥ 2^q/(q + 1), for n even",
        computed: &r.questions.to_string(),
        note: &format!(
            "the corollary's condition holds up to q = {by_corollary}; the computed value is found by search from the volume bound down, independently of it"
        ),
    }
    .judged(Status::of(by_corollary == r.questions));
    Some(check)
}

/// One row of the corollaries' table: the extreme n of both games at `q`, and whether the
/// exhaustive solver agrees.
struct Row {
    q: u32,
    original_largest_even_n: Option<u64>,
    original_largest_odd_n: Option<u64>,
    original_agrees: bool,
    pathological_smallest_even_n: Option<u64>,
    pathological_smallest_odd_n: Option<u64>,
    pathological_agrees: bool,
}

impl Row {
    /// The row at `q`, each corollary against the solver for every n up to its threshold + 4.
    fn at(q: u32, solvers: &mut Solvers) -> Self {
        let last = largest_searchable(q) + 4;
        let first = smallest_pathological_win(q);
        Row {
            q,
            original_largest_even_n: (1..=last).filter(|n| n % 2 == 0 && corollary1(q, *n)).max(),
            original_largest_odd_n: (1..=last).filter(|n| n % 2 == 1 && corollary1(q, *n)).max(),
            pathological_smallest_even_n: (first..first + 4)
                .find(|n| n % 2 == 0 && corollary2(q, *n)),
            pathological_smallest_odd_n: (first..first + 4)
                .find(|n| n % 2 == 1 && corollary2(q, *n)),
            original_agrees: (1..=last)
                .all(|n| solvers.original.paul_wins(q, &[n, 0]).ok() == Some(corollary1(q, n))),
            pathological_agrees: (1..=first + 4)
                .all(|n| solvers.pathological.paul_wins(q, &[n, 0]).ok() == Some(corollary2(q, n))),
        }
    }

    fn markdown(&self) -> String {
        let show = |v: Option<u64>| v.map_or("none".to_string(), |n| n.to_string());
        let word = |ok: bool| if ok { "agrees" } else { "DISAGREES" };
        format!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            self.q,
            show(self.original_largest_even_n),
            show(self.original_largest_odd_n),
            word(self.original_agrees),
            show(self.pathological_smallest_even_n),
            show(self.pathological_smallest_odd_n),
            word(self.pathological_agrees)
        )
    }

    fn json(&self) -> serde_json::Value {
        json!({
            "q": self.q,
            "original_largest_even_n": self.original_largest_even_n,
            "original_largest_odd_n": self.original_largest_odd_n,
            "original_agrees_with_solver": self.original_agrees,
            "pathological_smallest_even_n": self.pathological_smallest_even_n,
            "pathological_smallest_odd_n": self.pathological_smallest_odd_n,
            "pathological_agrees_with_solver": self.pathological_agrees,
        })
    }
}

/// Corollaries 1 and 2 as tables, for q up to 10 (quick) or 16: an item only where the
/// exhaustive solver disagrees.
pub(super) fn corollaries_1_and_2(opts: &ReportOptions, solvers: &mut Solvers) -> Part {
    let cq = if opts.quick { 10 } else { 16 };
    let mut part = Part::default();
    let md = &mut part.markdown;
    md.push_str("### Corollaries 1 and 2 as tables\n\n");
    md.push_str("Original game (Corollary 1): the largest even and the largest odd n Paul wins with q questions; pathological game (Corollary 2): the smallest even and odd n he wins. The `exhaustive` columns compare the corollary with the exhaustive solver for every n from 1 to the threshold + 4.\n\n");
    md.push_str("| q | original: largest even n | largest odd n | exhaustive | pathological: smallest even n | smallest odd n | exhaustive |\n| --- | --- | --- | --- | --- | --- | --- |\n");
    let mut rows = Vec::new();
    for q in 0..=cq {
        let row = Row::at(q, solvers);
        let _ = writeln!(md, "{}", row.markdown());
        if !(row.original_agrees && row.pathological_agrees) {
            part.checks.push(
                Claim {
                    item: &format!("Corollaries 1 and 2 at q = {q}"),
                    source: &format!("{PAPER}, Corollaries 1 and 2"),
                    published: "the closed forms",
                    computed: "the exhaustive solver disagrees",
                    note: "see the table",
                }
                .judged(Status::Differs),
            );
        }
        rows.push(row.json());
    }
    md.push('\n');
    part.data.push(("corollaries", json!(rows)));
    part
}
