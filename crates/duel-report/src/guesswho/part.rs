//! What one exact table gives the section ([`Part`]), and what its items share: a theorem's
//! verdict over a table as text and as a row of the section's JSON, exact fractions.

use duel_core::exact::Rational;
use duel_guesswho::verify::Verification;
use serde_json::json;

use super::positions::TableRows;
use crate::{Check, Figure};

/// `x` as a float, for the approximate values printed beside the exact ones.
pub(super) fn to_f64(x: &Rational) -> f64 {
    use num_traits::ToPrimitive;
    x.to_f64().unwrap_or(f64::NAN)
}

/// The fraction `a/b`.
pub(super) fn r(a: i64, b: i64) -> Rational {
    Rational::new(a.into(), b.into())
}

/// The computed value of a theorem checked at every position of a table.
pub(super) fn holds_text(v: &Verification) -> String {
    if v.holds {
        format!("holds at all {} positions", v.checked)
    } else {
        format!(
            "fails at {} of {} positions",
            v.counterexample_count, v.checked
        )
    }
}

/// A theorem checked over a table, as a row of the section's `verifications`; `seconds` when
/// the check was timed.
pub(super) fn verification_json(
    v: &Verification,
    rules: &str,
    questions: u32,
    seconds: Option<f64>,
) -> serde_json::Value {
    let mut row = json!({"theorem": v.theorem, "rules": rules, "questions": questions, "max": v.max, "checked": v.checked, "counterexamples": v.counterexample_count, "holds": v.holds});
    if let Some(secs) = seconds {
        row["seconds"] = secs.into();
    }
    row
}

/// What one exact table gives the section.
pub(super) struct Part {
    /// Its items, in order.
    pub checks: Vec<Check>,
    /// Its figures.
    pub figures: Vec<Figure>,
    /// Its theorems checked at every position, as JSON.
    pub verifications: Vec<serde_json::Value>,
    /// Its rows of the tables after the checks.
    pub rows: TableRows,
}
