//! Checks of the theorems against the exact table, over whole ranges.

use rayon::prelude::*;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::closed_form::{
    cushing_bipartite, cushing_tripartite_corrected, cushing_tripartite_printed, nica_move,
    nica_numerator, split,
};
use super::rules::{GuessWhoError, Move, Questions, Rules};
use super::table::{Prob, Table};

/// At most this many counterexamples are listed (all are counted).
pub const MAX_LISTED: usize = 1000;

/// A position where a theorem fails. Its fields are in alphabetical order, the order of its
/// JSON in `guess-who verify --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counterexample {
    /// What the table gives.
    pub computed: String,
    /// Candidates of the opponent.
    pub m: u64,
    /// Candidates of the player to move.
    pub n: u64,
    /// What the theorem states.
    pub stated: String,
    /// What fails.
    pub what: String,
}

/// The result of checking a theorem over `1 ≤ n, m ≤ max`.
#[derive(Clone, Debug, Serialize)]
pub struct Verification {
    /// The theorem checked.
    pub theorem: String,
    /// The rule set.
    pub rules: Rules,
    /// Questions: 2 or 3.
    pub questions: u32,
    /// The largest pool.
    pub max: u64,
    /// Positions checked.
    pub checked: u64,
    /// The first counterexamples (at most [`MAX_LISTED`]).
    pub counterexamples: Vec<Counterexample>,
    /// How many counterexamples there are in all.
    pub counterexample_count: u64,
    /// Whether the theorem holds over the range.
    pub holds: bool,
}

fn collect(
    theorem: &str,
    table: &Table,
    check: impl Fn(u64, u64) -> Vec<Counterexample> + Sync,
) -> Verification {
    let max = table.max();
    let skip = |n: u64, m: u64| {
        (table.rules() == Rules::Race && n == 1 && m == 1) || !table.contains(n, m)
    };
    // Count in parallel, keeping no details: a misprinted theorem can fail at half a million
    // positions. Then list the first MAX_LISTED, rows in order.
    let per_row: Vec<(u64, u64)> = (1..=max)
        .into_par_iter()
        .map(|n| {
            let mut checked = 0;
            let mut count = 0;
            for m in (1..=max).filter(|&m| !skip(n, m)) {
                checked += 1;
                count += check(n, m).len() as u64;
            }
            (checked, count)
        })
        .collect();
    let checked = per_row.iter().map(|r| r.0).sum();
    let count = per_row.iter().map(|r| r.1).sum();
    let mut counterexamples = Vec::new();
    for (n, _) in (1..=max).zip(&per_row).filter(|(_, r)| r.1 > 0) {
        for m in (1..=max).filter(|&m| !skip(n, m)) {
            counterexamples.extend(check(n, m));
        }
        if counterexamples.len() >= MAX_LISTED {
            counterexamples.truncate(MAX_LISTED);
            break;
        }
    }
    Verification {
        theorem: theorem.to_string(),
        rules: table.rules(),
        questions: table.questions().parts(),
        max,
        checked,
        counterexamples,
        counterexample_count: count,
        holds: count == 0,
    }
}

fn prob(v: u64, n: u64, m: u64) -> String {
    Prob::new(v, n * m).to_string()
}

/// Whether `mv` is optimal at `(n, m)`; a counterexample when it is not.
fn optimal(table: &Table, n: u64, m: u64, mv: &Move, what: &str) -> Option<Counterexample> {
    let best = table.raw(n as usize, m as usize);
    match table.move_numerator(n, m, mv) {
        Ok(v) if v == best => None,
        Ok(v) => Some(Counterexample {
            n,
            m,
            what: format!("{what} = {mv} is not optimal"),
            stated: format!("{mv}: {}", prob(v, n, m)),
            computed: format!("P = {}", prob(best, n, m)),
        }),
        Err(e) => Some(Counterexample {
            n,
            m,
            what: format!("{what} = {mv} is not a legal move"),
            stated: "-".to_string(),
            computed: e.to_string(),
        }),
    }
}

/// Nica, Theorem 1.1: `p*` equals eqs. (1.1)/(1.2) and `b*` (bold bid `2^k` in the weeds,
/// safe bid `⌊n/2⌋` with the upper hand) is optimal. The table must be race, 2-way.
pub fn nica_theorem_1_1(table: &Table) -> Verification {
    collect("Nica, Theorem 1.1", table, |n, m| {
        let mut bad = Vec::new();
        let v = table.raw(n as usize, m as usize);
        let f = nica_numerator(n, m);
        if v != f {
            bad.push(Counterexample {
                n,
                m,
                what: "p*(n,m) differs from eq. (1.1)/(1.2)".into(),
                stated: prob(f, n, m),
                computed: prob(v, n, m),
            });
        }
        if let Some(mv) = nica_move(n, m) {
            bad.extend(optimal(table, n, m, &mv, "b*(n,m)"));
        }
        bad
    })
}

/// Cushing et al., Theorem 1.1: `S(n, m)` is optimal, and eq. (6) `P(n, 4) = 4/n` for
/// `n ≥ 10`. The table must be official, 2-way.
pub fn cushing_theorem_1_1(table: &Table) -> Verification {
    collect("Cushing et al., Theorem 1.1 (and eq. 6)", table, |n, m| {
        let mut bad: Vec<Counterexample> = optimal(table, n, m, &cushing_bipartite(n, m), "S(n,m)")
            .into_iter()
            .collect();
        if m == 4 && n >= 10 {
            let v = table.raw(n as usize, 4);
            if v != 16 {
                bad.push(Counterexample {
                    n,
                    m,
                    what: "eq. (6) P(n,4) = 4/n fails".into(),
                    stated: prob(16, n, 4),
                    computed: prob(v, n, 4),
                });
            }
        }
        bad
    })
}

/// Cushing et al., Theorem 1.6 exactly as printed. The table must be official, 3-way.
pub fn cushing_theorem_1_6_printed(table: &Table) -> Verification {
    collect(
        "Cushing et al., Theorem 1.6 as printed",
        table,
        |n, m| match cushing_tripartite_printed(n, m) {
            None => vec![Counterexample {
                n,
                m,
                what: "no case of the printed statement applies".into(),
                stated: "-".into(),
                computed: String::new(),
            }],
            Some(parts) if parts.is_empty() => optimal(table, n, m, &Move::Guess, "S(n,m)")
                .into_iter()
                .collect(),
            Some(parts) => {
                let mv = if parts.iter().sum::<u64>() == n {
                    split(&parts)
                } else {
                    Move::Split(parts)
                };
                optimal(table, n, m, &mv, "S(n,m)").into_iter().collect()
            }
        },
    )
}

/// Cushing et al., Theorem 1.6 as corrected (see
/// [`cushing_tripartite_corrected`]). The table must be official, 3-way.
pub fn cushing_theorem_1_6_corrected(table: &Table) -> Verification {
    collect("Cushing et al., Theorem 1.6 as corrected", table, |n, m| {
        optimal(table, n, m, &cushing_tripartite_corrected(n, m), "S(n,m)")
            .into_iter()
            .collect()
    })
}

/// The largest table [`recurrence_check`] accepts for three-way questions: it enumerates the
/// O(n²) three-way questions of every position.
pub const RECURRENCE_CHECK_MAX_THREE_WAY: u64 = 512;

/// Where no paper states a theorem: checks that every value of the table is the best of all
/// legal moves, enumerated one by one (an independent check of the fast min-plus solver,
/// which finds three-way questions through the best two-part splits instead).
pub fn recurrence_check(table: &Table) -> Verification {
    let race = table.rules() == Rules::Race;
    let three = table.questions() == Questions::Three;
    collect(
        "the recurrence, move by move (no published theorem for these rules)",
        table,
        |n, m| {
            let (nu, mu) = (n as usize, m as usize);
            if race && (n == 1 || m == 1) {
                return Vec::new();
            }
            let best = table.raw(nu, mu);
            let nm = n * m;
            let part = |a: usize| table.raw(mu, a);
            let mut top = match table.rules() {
                Rules::Race => 0,
                Rules::Official => m,
                Rules::FreeGuess if n == 1 => nm,
                Rules::FreeGuess => nm - part(nu - 1),
            };
            for a in 1..=nu / 2 {
                top = top.max(nm - part(a) - part(nu - a));
            }
            if three {
                for a in 1..=nu / 3 {
                    for b in a..=(nu - a) / 2 {
                        top = top.max(nm - part(a) - part(b) - part(nu - a - b));
                    }
                }
            }
            if top == best {
                Vec::new()
            } else {
                vec![Counterexample {
                    n,
                    m,
                    what: "the table is not the best move's value".into(),
                    stated: prob(top, n, m),
                    computed: prob(best, n, m),
                }]
            }
        },
    )
}

/// The largest table [`verify`] accepts for these rules (`None`: no limit beyond memory).
pub fn verify_limit(rules: Rules, questions: Questions) -> Option<u64> {
    match (rules, questions) {
        (Rules::Race, Questions::Three) | (Rules::FreeGuess, Questions::Three) => {
            Some(RECURRENCE_CHECK_MAX_THREE_WAY)
        }
        _ => None,
    }
}

/// The theorem that applies to the table's rules and questions: race + 2: Nica 1.1;
/// official + 2: Cushing 1.1; official + 3: Cushing 1.6 as corrected; otherwise the
/// move-by-move recurrence check.
pub fn verify(table: &Table) -> Verification {
    match (table.rules(), table.questions()) {
        (Rules::Race, Questions::Two) => nica_theorem_1_1(table),
        (Rules::Official, Questions::Two) => cushing_theorem_1_1(table),
        (Rules::Official, Questions::Three) => cushing_theorem_1_6_corrected(table),
        _ => recurrence_check(table),
    }
}

/// The counterexamples of the printed Theorem 1.6 that [`VerifyAnswer`]'s JSON lists beside
/// the corrected one's.
pub const PRINTED_LISTED: usize = 10;

/// The answer of [`verify_up_to`]: the check of the theorem of the rules over a range, the
/// memory of its table, and for the official rules with three-way questions the check of
/// Theorem 1.6 as printed beside the corrected one.
///
/// Its JSON (the command line contract of `guess-who verify`), fields in alphabetical order:
/// `{"checked", "counterexample_count", "counterexamples": [{"computed", "m", "n", "stated",
/// "what"}], "holds", "max", "printed": {"counterexample_count", "first_counterexamples"
/// (the first ten), "holds", "theorem"}, "questions": 2 | 3, "rules", "table_bytes",
/// "theorem"}`, `printed` only where it was checked.
#[derive(Clone, Debug)]
pub struct VerifyAnswer {
    /// The check asked for.
    pub verification: Verification,
    /// Bytes the table took.
    pub table_bytes: u64,
    /// Theorem 1.6 as printed, checked beside the corrected statement.
    pub printed: Option<Verification>,
}

/// The summary of the printed theorem in [`VerifyAnswer`]'s JSON.
#[derive(Serialize)]
struct PrintedDoc<'a> {
    counterexample_count: u64,
    first_counterexamples: &'a [Counterexample],
    holds: bool,
    theorem: &'a str,
}

impl Serialize for VerifyAnswer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = &self.verification;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("checked", &v.checked)?;
        map.serialize_entry("counterexample_count", &v.counterexample_count)?;
        map.serialize_entry("counterexamples", &v.counterexamples)?;
        map.serialize_entry("holds", &v.holds)?;
        map.serialize_entry("max", &v.max)?;
        if let Some(p) = &self.printed {
            let listed = p.counterexamples.len().min(PRINTED_LISTED);
            let doc = PrintedDoc {
                counterexample_count: p.counterexample_count,
                first_counterexamples: &p.counterexamples[..listed],
                holds: p.holds,
                theorem: &p.theorem,
            };
            map.serialize_entry("printed", &doc)?;
        }
        map.serialize_entry("questions", &v.questions)?;
        map.serialize_entry("rules", &v.rules)?;
        map.serialize_entry("table_bytes", &self.table_bytes)?;
        map.serialize_entry("theorem", &v.theorem)?;
        map.end()
    }
}

/// Checks the theorem of `rules` and `questions` ([`verify`]) over `1 ≤ n, m ≤ max`, or with
/// `as_printed` Cushing et al.'s Theorem 1.6 exactly as printed (official rules, three-way
/// questions only: [`GuessWhoError::PrintedNeedsTripartite`] otherwise). Refuses a
/// move-by-move check beyond [`verify_limit`] ([`GuessWhoError::CheckTooLarge`]) and a table
/// that does not fit in memory before any work. `progress(done, total)` follows the solve.
pub fn verify_up_to(
    max: u64,
    rules: Rules,
    questions: Questions,
    as_printed: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<VerifyAnswer, GuessWhoError> {
    if let Some(limit) = verify_limit(rules, questions).filter(|&limit| max > limit) {
        return Err(GuessWhoError::CheckTooLarge {
            rules,
            questions,
            max,
            limit,
        });
    }
    let tripartite = rules == Rules::Official && questions == Questions::Three;
    if as_printed && !tripartite {
        return Err(GuessWhoError::PrintedNeedsTripartite { rules, questions });
    }
    let table = Table::solve_with_progress(max, rules, questions, progress)?;
    let (verification, printed) = if as_printed {
        (cushing_theorem_1_6_printed(&table), None)
    } else {
        (
            verify(&table),
            tripartite.then(|| cushing_theorem_1_6_printed(&table)),
        )
    };
    Ok(VerifyAnswer {
        verification,
        table_bytes: table.bytes(),
        printed,
    })
}

/// The move that splits as evenly as possible: halves for yes/no questions, thirds for
/// three-way questions.
#[allow(clippy::manual_div_ceil)] // the three floors ⌊(n+i)/3⌋ read as the parts they are
pub fn even_split(n: u64, questions: Questions) -> Move {
    match questions {
        Questions::Two => split(&[n / 2, n - n / 2]),
        Questions::Three => split(&[n / 3, (n + 1) / 3, (n + 2) / 3]),
    }
}

/// How many positions with `2 ≤ n, m ≤ max` (the game not yet decided) have no optimal even
/// split (see [`even_split`]), and how many positions were counted (square tables).
pub fn even_split_not_optimal(table: &Table) -> (u64, u64) {
    let max = table.max();
    let bad: u64 = (2..=max)
        .into_par_iter()
        .map(|n| {
            (2..=max)
                .filter(|&m| table.contains(n, m))
                .filter(|&m| {
                    let mv = even_split(n, table.questions());
                    !table.is_optimal(n, m, &mv).unwrap_or(false)
                })
                .count() as u64
        })
        .sum();
    (bad, (max - 1) * (max - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(max: u64, rules: Rules, questions: Questions, printed: bool) -> VerifyAnswer {
        verify_up_to(max, rules, questions, printed, &mut |_, _| {}).unwrap()
    }

    #[test]
    fn the_theorem_of_the_rules_is_checked() {
        let a = check(24, Rules::Race, Questions::Two, false);
        assert!(a.verification.holds && a.verification.theorem.contains("Nica"));
        assert_eq!(a.verification.checked, 24 * 24 - 1);
        assert_eq!(a.table_bytes, 25 * 25 * 4);
        assert!(a.printed.is_none());
        // Official rules, three-way questions: the corrected statement holds, the printed one
        // fails first at (10, 2) (Cushing et al., Theorem 1.6: misprinted sums).
        let a = check(24, Rules::Official, Questions::Three, false);
        assert!(a.verification.holds && a.verification.theorem.contains("corrected"));
        let printed = a.printed.unwrap();
        assert!(!printed.holds);
        assert_eq!(
            (printed.counterexamples[0].n, printed.counterexamples[0].m),
            (10, 2)
        );
        let a = check(24, Rules::Official, Questions::Three, true);
        assert!(!a.verification.holds && a.printed.is_none());
        let a = check(12, Rules::FreeGuess, Questions::Three, false);
        assert!(a.verification.holds && a.verification.theorem.contains("recurrence"));
    }

    #[test]
    fn refusals_carry_their_sizes() {
        assert_eq!(
            verify_up_to(
                600,
                Rules::FreeGuess,
                Questions::Three,
                false,
                &mut |_, _| {}
            )
            .unwrap_err(),
            GuessWhoError::CheckTooLarge {
                rules: Rules::FreeGuess,
                questions: Questions::Three,
                max: 600,
                limit: RECURRENCE_CHECK_MAX_THREE_WAY
            }
        );
        assert_eq!(
            verify_up_to(30, Rules::Race, Questions::Two, true, &mut |_, _| {}).unwrap_err(),
            GuessWhoError::PrintedNeedsTripartite {
                rules: Rules::Race,
                questions: Questions::Two
            }
        );
        assert!(matches!(
            verify_up_to(100_000, Rules::Race, Questions::Two, false, &mut |_, _| {}),
            Err(GuessWhoError::TooLarge { max: 100_000, .. })
        ));
    }

    /// The JSON lists the fields in alphabetical order, the printed check's first ten
    /// counterexamples, and the table's bytes.
    #[test]
    fn json_fields_are_the_contract() {
        let a = check(12, Rules::Official, Questions::Three, false);
        let json = serde_json::to_string(&a).unwrap();
        assert!(
            json.starts_with(r#"{"checked":144,"counterexample_count":0,"counterexamples":[],"holds":true,"max":12,"printed":{"counterexample_count":"#),
            "{json}"
        );
        assert!(
            json.ends_with(r#""questions":3,"rules":"official","table_bytes":676,"theorem":"Cushing et al., Theorem 1.6 as corrected"}"#),
            "{json}"
        );
        let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
        let first = doc["printed"]["first_counterexamples"].as_array().unwrap();
        assert_eq!(
            first.len(),
            PRINTED_LISTED.min(a.printed.unwrap().counterexamples.len())
        );
        assert_eq!(
            first[0].as_object().unwrap().keys().collect::<Vec<_>>(),
            ["computed", "m", "n", "stated", "what"]
        );
    }
}
