//! What every exact table adds to the tables after the checks: its rows of the classic
//! starting positions and its count of positions where splitting evenly is not optimal; and
//! the section's text, which shows them.

use std::fmt::Write as _;

use duel_guesswho::rules::Move;
use duel_guesswho::table::Table;
use duel_guesswho::verify::even_split_not_optimal;
use serde::Serialize;
use serde_json::json;

/// The classic starting positions under one table.
const CLASSIC: [(u64, u64); 6] = [(24, 24), (23, 23), (24, 23), (23, 24), (20, 20), (32, 32)];

/// One table's rows.
pub(super) struct TableRows {
    /// Its classic starting positions, as Markdown rows.
    classic_md: String,
    /// The same, as JSON.
    pub classic_json: Vec<serde_json::Value>,
    /// Its positions where splitting evenly is not optimal.
    pub halving: Halving,
}

/// The positions `2 ≤ n, m ≤ max` of a table where splitting evenly is not optimal.
#[derive(Serialize)]
pub(super) struct Halving {
    rules: &'static str,
    questions: u32,
    max: u64,
    not_optimal: u64,
    positions: u64,
}

impl TableRows {
    /// The rows of `t`, which goes up to `max`.
    pub fn of(t: &Table, max: u64) -> Self {
        let mut classic_md = String::new();
        let mut classic_json = Vec::new();
        for (n, m) in CLASSIC {
            if let Ok(p) = t.probability(n, m) {
                let _ = writeln!(
                    classic_md,
                    "| {} | {} | ({n}, {m}) | {p} | {:.6} | {} |",
                    t.rules(),
                    t.questions().parts(),
                    p.to_f64(),
                    moves_text(t, n, m)
                );
                classic_json.push(json!({
                    "rules": t.rules().name(), "questions": t.questions().parts(),
                    "n": n, "m": m, "p": p.to_string(), "p_float": p.to_f64(),
                }));
            }
        }
        let (not_optimal, positions) = even_split_not_optimal(t);
        let halving = Halving {
            rules: t.rules().name(),
            questions: t.questions().parts(),
            max,
            not_optimal,
            positions,
        };
        TableRows {
            classic_md,
            classic_json,
            halving,
        }
    }
}

impl Halving {
    /// Its row of the table of positions where splitting evenly is not optimal.
    fn row(&self) -> String {
        let all = self.positions.max(1);
        format!(
            "| {} | {} | {} | {} | {all} | {:.1} % |",
            self.rules,
            self.questions,
            self.max,
            self.not_optimal,
            100.0 * self.not_optimal as f64 / all as f64
        )
    }
}

/// The first optimal moves at `(n, m)`, at most four of them.
fn moves_text(t: &Table, n: u64, m: u64) -> String {
    let best = t.best_moves(n, m).unwrap_or_default();
    let mut s: Vec<String> = best.iter().take(4).map(Move::to_string).collect();
    if best.len() > 4 {
        s.push(format!("… ({} in all)", best.len()));
    }
    s.join(", ")
}

/// The section's text: how the tables are exact, then the classic starting positions and the
/// positions where splitting evenly is not optimal, a row of each table.
pub(super) fn markdown(tables: &[&TableRows], max2: u64, max3: u64) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "Exact values: every probability is the integer N(n, m) = n·m·P(n, m) of an exact table (u32, 4 bytes per position); \
         yes/no tables and the official three-way table up to {max2}, the other three-way tables up to {max3}. Rules: `race` (Nica), `official` (Cushing et al.), \
         `free-guess` (a wrong guess only removes the candidate; beyond the papers).\n"
    );
    md.push_str("### Classic starting positions\n\n");
    md.push_str("| rules | questions | position | P exact | P ≈ | optimal first moves |\n| --- | --- | --- | --- | --- | --- |\n");
    for t in tables {
        md.push_str(&t.classic_md);
    }
    md.push_str("\n### Positions where splitting evenly is not optimal\n\n");
    md.push_str("Even split: halves ⌊n/2⌋ + ⌈n/2⌉ for yes/no questions, thirds ⌊n/3⌋ + ⌊(n+1)/3⌋ + ⌊(n+2)/3⌋ for three-way questions; positions 2 ≤ n, m ≤ max.\n\n");
    md.push_str("| rules | questions | max | not optimal | positions | share |\n| --- | --- | --- | --- | --- | --- |\n");
    for t in tables {
        let _ = writeln!(md, "{}", t.halving.row());
    }
    md
}
