//! Exhaustive tables over `n`: the fewest questions (original game) and the most questions
//! Paul can survive (pathological game).

use serde::Serialize;

use super::solver::Solver;
use super::state::{start, LiarError, Variant, Weights, MAX_QUESTIONS};

/// One row of a table: for `n` objects, the extreme `q` with which Paul wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableRow {
    /// Objects.
    pub n: u64,
    /// Original game: the least `q` with which Paul wins. Pathological game: the largest.
    pub questions: u32,
    /// The `q` the volume bound alone allows (least `q` with `V ≤ 2^q`, resp. largest with
    /// `V ≥ 2^q`).
    pub volume_bound: u32,
}

/// The table for `n = 1..=max_n` and `lies` lies, computed with one exhaustive solver (its
/// memo shared across `n`) of at most `max_states` memo entries, which also bound its time
/// ([`WORK_PER_STATE`](super::solver::WORK_PER_STATE) steps an entry). An empty table
/// (`max_n` 0), a budget of no entry, or one that would need more than
/// [`MAX_MEMO_BYTES`](crate::MAX_MEMO_BYTES), is refused. Paul's result is monotone in `q` in both games (original: extra
/// questions can be ignored; pathological: fewer questions leave every survivor alive), so the
/// scan from the volume bound stops at the first change.
pub fn extreme_questions(
    variant: Variant,
    lies: usize,
    max_n: u64,
    max_states: usize,
) -> Result<Vec<TableRow>, LiarError> {
    if max_n == 0 {
        return Err(LiarError::EmptyRange {
            option: "--max-n",
            why: "the table has a row for each n from 1 to --max-n",
        });
    }
    let w = Weights::new(lies)?;
    super::key::check_memo_budget(max_states, lies, max_n)?;
    let mut solver =
        Solver::with_policy(variant, lies, super::solver::Policy::EXHAUSTIVE, max_states)?;
    let mut rows = Vec::new();
    for n in 1..=max_n {
        let x = start(n, lies)?;
        let volume_ok = |q: u32| -> Result<bool, LiarError> {
            w.check_state(q, &x)?;
            let v = w.volume(q, &x).unwrap_or(u128::MAX);
            Ok(match variant {
                Variant::Original => v <= 1u128 << q,
                Variant::Pathological => v >= 1u128 << q,
            })
        };
        let row = match variant {
            Variant::Original => {
                let mut vb = 0;
                while !volume_ok(vb)? {
                    vb += 1;
                }
                let mut q = vb;
                while !solver.paul_wins(q, &x)? {
                    q += 1;
                    if q > MAX_QUESTIONS {
                        return Err(LiarError::TooManyQuestions(q));
                    }
                }
                TableRow {
                    n,
                    questions: q,
                    volume_bound: vb,
                }
            }
            Variant::Pathological => {
                // V_q(x)/2^q decreases in q, so the volume bound holds on an initial segment.
                let mut vb = 0;
                while vb < MAX_QUESTIONS && volume_ok(vb + 1)? {
                    vb += 1;
                }
                let mut q = vb;
                while !solver.paul_wins(q, &x)? {
                    // q = 0 always wins (n ≥ 1 survivors).
                    q -= 1;
                }
                TableRow {
                    n,
                    questions: q,
                    volume_bound: vb,
                }
            }
        };
        rows.push(row);
    }
    Ok(rows)
}
