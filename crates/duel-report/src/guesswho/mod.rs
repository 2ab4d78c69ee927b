//! The Guess Who section of the reproduction report, one exact table after another (each is
//! dropped before the next is solved):
//!
//! - `nica.rs`: Nica's race rules: Theorem 1.1, Remark 3.10, Lemmas 3.5 and 3.7, the bold bid of
//!   section 1.1, the equal pools and the fair handicap of section 1.2, Figures 1 and 2;
//! - `nica_bids.rs`: Nica's Remark 4.3, every optimal bid with the upper hand;
//! - `nica_figures.rs`: Nica's Figures 1 and 2 compared at their points;
//! - `nica_weeds.rs`: Nica's Lemma 3.6 and Lemma 3.7's draw, by the process of their proofs;
//! - `cushing.rs`: Cushing et al.'s official rules: Theorem 1.1, Lemma 1.5 and the misprints of
//!   its proof, Theorem 1.6 as printed and corrected;
//! - `cushing_lemma_1_5.rs`: the closed forms of Cushing et al.'s proof of Lemma 1.5 over a range;
//! - `cushing_lemmas.rs`: Cushing et al.'s base cases, the first values of n_<, Lemma 1.2 and
//!   its Table 1;
//! - `cushing_proof.rs`: Cushing et al.'s equation (3) of the proof of Theorem 1.1;
//! - `beyond.rs`: the rule sets no paper treats, each table against the moves one by one;
//! - `positions.rs`: what every table adds to the tables after the checks (the classic starting
//!   positions, the positions where splitting evenly is not optimal) and the section's text;
//! - `part.rs`: what one table gives the section, and the helpers its items share.

mod beyond;
mod cushing;
mod cushing_lemma_1_5;
mod cushing_lemmas;
mod cushing_proof;
mod nica;
mod nica_bids;
mod nica_figures;
mod nica_weeds;
mod part;
mod positions;

use duel_guesswho::rules::{Questions, Rules};
use serde_json::json;

use crate::{ReportOptions, Section};
use part::Part;
use positions::TableRows;

/// Ranges of the report: (2-way tables, 3-way tables).
fn ranges(opts: &ReportOptions) -> (u64, u64) {
    if opts.quick {
        (256, 96)
    } else {
        (4096, 1024)
    }
}

/// The report section of this domain.
pub fn report_section(opts: &ReportOptions) -> Section {
    let (max2, max3) = ranges(opts);
    let mut race = nica::race_rules(max2);
    crate::step("race rules (Nica)");
    race.figures.push(nica::figure_2());
    let mut parts = vec![race];
    parts.push(cushing::official_rules(max2));
    crate::step("official rules, Theorem 1.1");
    parts.push(cushing::headbusting(max2));
    crate::step("official rules, Theorem 1.6");
    for (rules, questions) in [
        (Rules::Race, Questions::Three),
        (Rules::FreeGuess, Questions::Two),
        (Rules::FreeGuess, Questions::Three),
    ] {
        parts.push(beyond::other_rules(rules, questions, max2, max3));
        crate::step(&format!("{rules} rules, {}-way", questions.parts()));
    }
    section(parts, max2, max3)
}

/// The section of the parts, in order.
fn section(parts: Vec<Part>, max2: u64, max3: u64) -> Section {
    let mut s = Section::new("guesswho", "Guess Who");
    let rows: Vec<&TableRows> = parts.iter().map(|p| &p.rows).collect();
    s.markdown = positions::markdown(&rows, max2, max3);
    let classic: Vec<&serde_json::Value> = rows.iter().flat_map(|r| &r.classic_json).collect();
    let halving: Vec<&positions::Halving> = rows.iter().map(|r| &r.halving).collect();
    let verifications: Vec<&serde_json::Value> =
        parts.iter().flat_map(|p| &p.verifications).collect();
    let (eq_lo, eq_hi) = nica::equal_pools_limits();
    let (h_lo, h_hi) = nica::fair_handicap_limits();
    s.json = json!({
        "ranges": {"two_way": max2, "three_way": max3},
        "verifications": verifications,
        "classic_positions": classic,
        "even_split_not_optimal": halving,
        "equal_pools_limit": [eq_lo.to_string(), eq_hi.to_string()],
        "fair_handicap_limit": [h_lo.to_string(), h_hi.to_string()],
    });
    for part in parts {
        s.checks.extend(part.checks);
        s.figures.extend(part.figures);
    }
    s
}
