//! The liar section of the reproduction report, in the order of Ellis, Ponomarenko & Yan's
//! statements, then the tables beyond the paper:
//!
//! - `examples.rs`: the rules of the abstract and section 1, Example 1, the special state;
//! - `theorem_1.rs`: a slip in the proof of Theorem 1;
//! - `lemma_1.rs`: Lemma 1 at q = 0;
//! - `verified.rs`: Lemma 1, Theorem 1 and Corollaries 1 and 2 over whole ranges;
//! - `corollaries.rs`: OEIS A286496, Corollary 2 for n = 10^6, both corollaries as tables;
//! - `fewest.rs`: the fewest (and, pathological, the most) questions for large n and many
//!   lies;
//! - `exhaustive.rs`: the exhaustive tables for small n; `figure.rs`: their figure;
//! - `part.rs`: what the items share (the paper's name, the solvers) and what each gives.

mod corollaries;
mod examples;
mod exhaustive;
mod fewest;
mod figure;
mod lemma_1;
mod part;
mod theorem_1;
mod verified;

use duel_liar::solver::Solver;
use duel_liar::state::Variant;

use crate::{Check, ReportOptions, Section};
use part::{Part, Solvers};

/// The report section of this domain.
pub fn report_section(opts: &ReportOptions) -> Section {
    let mut solvers = Solvers {
        original: Solver::new(Variant::Original, 1).expect("one lie"),
        pathological: Solver::new(Variant::Pathological, 1).expect("one lie"),
    };
    let statements = vec![
        examples::abstract_who_wins(),
        examples::example_1(&mut solvers.pathological),
        examples::special_state(&mut solvers.original),
        theorem_1::theorem_1_proof_x0_even(),
        lemma_1::lemma_1_at_q_0(),
    ];
    let mut parts = vec![verified::lemma_1_theorem_1_corollaries(opts)];
    crate::step("Lemma 1, Theorem 1, Corollaries");
    parts.push(corollaries::a286496(&mut solvers));
    crate::step("OEIS A286496");
    parts.push(fewest::fewest_questions());
    parts.push(fewest::pathological());
    if !opts.quick {
        parts.push(fewest::powers_of_two());
    }
    crate::step("fewest questions, n = 10^6 and 2^20");
    parts.push(corollaries::corollaries_1_and_2(opts, &mut solvers));
    parts.push(exhaustive::tables(opts));
    parts.push(Part {
        markdown: WHAT_IS_NEW.to_string(),
        ..Part::default()
    });
    crate::step("tables of Corollaries 1 and 2, exhaustive tables");
    section(statements, parts)
}

/// The closing list of the section.
const WHAT_IS_NEW: &str = "### What is new here\n\n\
- Every Paul win above is a proof: either the exhaustive solver (checked against plain minimax on small states) or a strategy certified over every reachable count vector (checked against enumeration of all 2^q answer sequences on small cases).\n\
- For n = 10^6 the volume bound is reached for every e = 0..9: 20, 25, 29, 33, 36, 40, 43, 46, 49, 53 questions, each certified; in particular 36 (four lies) and 49 (eight lies), one less than the table values 37 and 50, which are those of n = 2^20.\n\
- The exhaustive tables show where the volume bound is not enough for small n (entries marked `*`), for up to three lies, in both games.\n";

/// The section: the statements' checks, then each part's, text, numbers and figures in order.
fn section(statements: Vec<Check>, parts: Vec<Part>) -> Section {
    let mut s = Section::new("liar", "Rényi–Ulam liar games");
    s.checks = statements;
    let mut data = serde_json::Map::new();
    for part in parts {
        s.checks.extend(part.checks);
        s.markdown.push_str(&part.markdown);
        data.extend(part.data.into_iter().map(|(k, v)| (k.to_string(), v)));
        s.figures.extend(part.figures);
    }
    s.json = serde_json::Value::Object(data);
    s
}
