//! The rule sets no paper treats (race rules with three-way questions, free guesses): no
//! published theorem, so each table is checked against every move enumerated one by one.

use std::time::Instant;

use duel_guesswho::rules::{Questions, Rules};
use duel_guesswho::table::Table;
use duel_guesswho::verify::recurrence_check;

use super::part::{holds_text, Part};
use super::positions::TableRows;
use crate::{Claim, Status};

/// The table of `rules` and `questions` (up to `max2` for yes/no questions, `max3` for
/// three-way ones), checked against the recurrence on a smaller one.
pub(super) fn other_rules(rules: Rules, questions: Questions, max2: u64, max3: u64) -> Part {
    let max = if questions == Questions::Two {
        max2
    } else {
        max3
    };
    let t0 = Instant::now();
    let t = Table::solve(max, rules, questions).expect("report sizes fit");
    let check_max = max.min(if questions == Questions::Two {
        1024
    } else {
        256
    });
    let small = Table::solve(check_max, rules, questions).expect("fits");
    let v = recurrence_check(&small);
    let secs = t0.elapsed().as_secs_f64();
    let check = Claim {
        item: &format!(
            "{rules} rules, {}-way: table = best move, all 1 ≤ n, m ≤ {check_max}",
            questions.parts()
        ),
        source: "beyond the papers",
        published: "-",
        computed: &holds_text(&v),
        note: &format!(
            "Every move enumerated one by one against the min-plus table ({secs:.1} s)."
        ),
    }
    .judged(Status::New);
    Part {
        checks: vec![check],
        figures: Vec::new(),
        verifications: Vec::new(),
        rows: TableRows::of(&t, max),
    }
}
