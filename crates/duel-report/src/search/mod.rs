//! The search section of the reproduction report (Delattre & Fournier): Remark 17 exactly,
//! the τ̄_K table of section 8.11 beside the paper's, the corrected s of SymP, Proposition 15,
//! the championships of section 8.3 and the convergence figures; the matches of sections
//! 8.4–8.10 are the section "families" ([`section8::families`]).
//!
//! - `remark_17.rs`: Remark 17 in exact rationals.
//! - `proposition_15.rs`: Proposition 15 on random trees.
//! - `conditional.rs`: Proposition 9, Theorem 11, Remarks 12 and 14 (ii), Proposition 21,
//!   Examples 23 and 25 and Lemma 16 against the exact conditional law of small trees.
//! - `example_26.rs`: Example 26, m_a of (11) against the minimax law up from the leaves.
//! - `logit_formulas.rs`: section 8.1's formulas (a)–(e) against exact arithmetic.
//! - `update_cost.rs`: section 2.12, Algorithm 13's work per iteration as the tree grows.
//! - `cost_per_iteration.rs`: section 1.6, Sym's and SymP's time an iteration over MCTS's.
//! - `remark_29.rs`: Example 28's contraction and Remark 29's closed form of 𝔰.
//! - `part.rs`: what an item gives besides its checks, and the memory of each search.
//! - `chart.rs`: the line charts of the figures.
//! - `section8/`: section 8, the experiments (see its `mod.rs`).

mod chart;
mod conditional;
mod cost_per_iteration;
mod example_26;
mod logit_formulas;
mod part;
mod proposition_15;
mod remark_17;
mod remark_29;
pub mod section8;
mod update_cost;

use crate::{Check, Claim, ReportOptions, Section, Status};
use duel_games::pearl;

/// Section 8.4: the leaf probability that makes Pearl's game fair.
fn section_8_4() -> Vec<Check> {
    let p32 = pearl::fair_leaf_probability(2, 32);
    vec![Claim {
        item: "p with E[R(r)] = 1/2, d = 2, K = 32",
        source: "Delattre & Fournier, section 8.4",
        published: "computed numerically (not printed)",
        computed: &format!("{p32:.12}"),
        note: "bisection on Remark 24's recursion; (√5−1)/2 = 0.618034 is its limit for even K",
    }
    .judged(Status::New)]
}

/// The report section of this domain.
pub fn report_section(opts: &ReportOptions) -> Section {
    let mut s = Section::new(
        "search",
        "Tree search: MCTS and the Bayesian search of Delattre & Fournier",
    );
    let mut md = String::new();
    let mut data = serde_json::Map::new();
    s.checks.extend(remark_17::remark_17());
    section8::leaves::section_8_11(opts).add_to(&mut s, &mut md, &mut data);
    crate::step("section 8.11, τ̄_K");
    s.checks.extend(section8::leaves::remark_27(opts));
    crate::step("Remark 27");
    s.checks.extend(section_8_4());
    s.checks.extend(proposition_15::proposition_15(opts));
    s.checks.extend(remark_29::items());
    s.checks.push(logit_formulas::section_8_1());
    s.checks.push(example_26::example_26(opts.quick));
    s.checks.extend(conditional::items(opts));
    s.checks.push(update_cost::section_2_12());
    s.checks.push(cost_per_iteration::section_1_6());
    crate::step("the conditional law of small trees");
    crate::step("Proposition 15");
    md.push_str("\nThe speed of the agents (iterations per second, cost per iteration against MCTS and as the tree grows) is measured by `cargo bench -p duel-search --bench search`; the report times only section 1.6's claim, on this machine, and `--check` masks its times.\n");
    section8::championship::section_8_3(opts).add_to(&mut s, &mut md, &mut data);
    md.push_str("\nThe matches of sections 8.4–8.10 are the section \"families\".\n");
    section8::leaves::convergence_figures(opts).add_to(&mut s, &mut md, &mut data);
    crate::step("section 8.11 figures");
    md.push_str("\nNotes. Draws count as losses of the player to move at the root (the paper's convention, section 1). Sym and SymP use a = 1/2 unless given (`symp:a=0.618`). GW and GW2 fit μ_k, q_k from uniformly random matches played from the position they first search (section 8.2), 10,000 by default (`gw:fit=N`).\n");
    s.markdown = md;
    s.json = serde_json::Value::Object(data);
    s
}
