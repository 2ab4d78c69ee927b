//! The value of one position: `P(n, m)`, its optimal moves and the value of a move, found by
//! the theorem of the rules where a table would take too long, otherwise by a table (only
//! the band a thin position reaches), whose memory and time are checked before any work.
//!
//! ```
//! use duel_guesswho::value::{value, Method, ValueQuery};
//! use duel_guesswho::{Questions, Rules};
//!
//! // Cushing et al., Theorem 1.1: P(24, 24) = 5/9, and five questions attain it.
//! let answer = value(&ValueQuery::new(24, 24, Rules::Official, Questions::Two), &mut |_, _| {})?;
//! assert_eq!(answer.p.to_string(), "5/9");
//! assert_eq!(answer.best_count, Some(5));
//! assert!(matches!(answer.method, Method::Table { .. }));
//! # Ok::<(), duel_guesswho::GuessWhoError>(())
//! ```

use std::fmt;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::closed_form::{NicaPosition, OfficialPosition};
use crate::rules::{GuessWhoError, Move, Questions, Rules};
use crate::table::{check_band_size, check_size, Prob, Table};

/// Table steps beyond which a position with yes/no questions under the race or official rules
/// is answered by the theorem of those rules (checked against the tables by
/// [`crate::verify::verify`] and the tests) instead: about ten seconds of table.
pub const CLOSED_FORM_STEPS: f64 = 2e10;

/// The most optimal moves an answer lists by default: 10^7 took 4.2 s and 1.3 GB as JSON
/// (`(2·10^7, 24)`, official rules); the 8·10^8 of `(100000, 20)` with three-way questions
/// ran out of memory.
pub const MAX_LISTED_MOVES: usize = 10_000_000;

pub use crate::rules::STEPS_PER_SECOND;

/// The most table steps [`value`] takes by default: about two minutes.
pub const DEFAULT_MAX_STEPS: f64 = 1e12;

/// What [`value`] is asked.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueQuery {
    /// Candidates left to the player to move (at least 1).
    pub n: u64,
    /// Candidates left to the opponent (at least 1).
    pub m: u64,
    /// The rule set.
    pub rules: Rules,
    /// The question kind.
    pub questions: Questions,
    /// A move to evaluate besides the optimal ones.
    pub mv: Option<Move>,
    /// Refuse a table of more steps than this ([`GuessWhoError::TooLong`]); positive.
    pub max_steps: f64,
    /// The most optimal moves kept in [`ValueAnswer::best`]; the others are only counted.
    pub max_listed: usize,
}

impl ValueQuery {
    /// The position `(n, m)` under `rules` and `questions`, no move to evaluate, at most
    /// [`DEFAULT_MAX_STEPS`] steps of table and [`MAX_LISTED_MOVES`] moves listed.
    pub fn new(n: u64, m: u64, rules: Rules, questions: Questions) -> ValueQuery {
        ValueQuery {
            n,
            m,
            rules,
            questions,
            mv: None,
            max_steps: DEFAULT_MAX_STEPS,
            max_listed: MAX_LISTED_MOVES,
        }
    }
}

/// The first optimal moves and their number in all.
type BestMoves = (Vec<Move>, u64);

/// The theorems that answer a position with yes/no questions without a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theorem {
    /// Race rules: Nica's Theorem 1.1, a closed form for every position.
    Nica,
    /// Official rules: Cushing et al.'s Theorem 1.1, an optimal decision at every position.
    Cushing,
}

impl Theorem {
    /// The theorem of these rules and questions, if the papers give one.
    pub fn of(rules: Rules, questions: Questions) -> Option<Theorem> {
        match (rules, questions) {
            (Rules::Race, Questions::Two) => Some(Theorem::Nica),
            (Rules::Official, Questions::Two) => Some(Theorem::Cushing),
            _ => None,
        }
    }

    /// The largest pool whose optimal questions are listed: `n/2` evaluations, 8 s at
    /// 2·10^9 for Nica's closed form. For Cushing et al.'s, rows of about `n` values, and often
    /// nearly every question is optimal: `(2·10^7, 24)` has 10^7 optimal questions, 1.4 s and
    /// 0.7 GB (as JSON 4.2 s and 1.3 GB); `(10^8, 24)` took 12 s and 3.5 GB, most of it the
    /// list.
    pub fn max_listed(self) -> u64 {
        match self {
            Theorem::Nica => 2_000_000_000,
            Theorem::Cushing => 20_000_000,
        }
    }

    /// The theorem's name: "Nica's Theorem 1.1", "Cushing et al.'s Theorem 1.1".
    pub fn name(self) -> &'static str {
        match self {
            Theorem::Nica => "Nica's Theorem 1.1",
            Theorem::Cushing => "Cushing et al.'s Theorem 1.1",
        }
    }

    /// The probability of `(n, m)`, the first `max_listed` optimal moves and their number when
    /// `list` (else none), and the value of `mv`.
    fn answer(
        self,
        n: u64,
        m: u64,
        mv: Option<&Move>,
        list: bool,
        max_listed: usize,
    ) -> Result<(Prob, BestMoves, Option<Prob>), GuessWhoError> {
        Ok(match self {
            Theorem::Nica => {
                let p = NicaPosition::new(n, m)?;
                let q = mv.map(|mv| p.move_probability(mv)).transpose()?;
                let best = if list {
                    p.best_moves_upto(max_listed)?
                } else {
                    (Vec::new(), 0)
                };
                (p.probability(), best, q)
            }
            Theorem::Cushing => {
                let p = OfficialPosition::new(n, m)?;
                let q = mv.map(|mv| p.move_probability(mv)).transpose()?;
                let best = if list {
                    p.best_moves_upto(max_listed)?
                } else {
                    (Vec::new(), 0)
                };
                (p.probability(), best, q)
            }
        })
    }
}

/// How [`value`] found its answer. Serialized as `"closed form"` or `"table"`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// By the theorem of the rules, where a table would take `table_steps` steps (more than
    /// [`CLOSED_FORM_STEPS`]).
    ClosedForm {
        /// The theorem.
        theorem: Theorem,
        /// The steps the table would have taken.
        table_steps: f64,
    },
    /// By a table of about `steps` steps: the band a thin position (`4·min ≤ max`) reaches
    /// ([`Table::solve_band`]), or the square of pools up to `max(n, m)`.
    Table {
        /// Whether only the band was solved.
        band: bool,
        /// The estimated steps.
        steps: f64,
    },
}

impl Serialize for Method {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Method::ClosedForm { .. } => "closed form",
            Method::Table { .. } => "table",
        })
    }
}

/// Why [`ValueAnswer::best`] is not the whole list of optimal moves. Serialized as its
/// message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BestOmitted {
    /// The theorem's list takes `evaluations` (`n/2`), above its limit
    /// ([`Theorem::max_listed`]): no move was listed or counted.
    ListingTooLong {
        /// The evaluations the list would take.
        evaluations: u64,
        /// The largest pool listed.
        max_n: u64,
    },
    /// More optimal moves (`count`) than [`ValueQuery::max_listed`] (`listed`): the first
    /// `listed` are kept.
    TooMany {
        /// The optimal moves in all.
        count: u64,
        /// The moves kept.
        listed: usize,
    },
}

impl fmt::Display for BestOmitted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestOmitted::ListingTooLong { evaluations, max_n } => write!(
                f,
                "listing every optimal question takes {evaluations} evaluations (n/2); at most n = {max_n} here"
            ),
            BestOmitted::TooMany { count, listed } => {
                write!(f, "{count} optimal moves: more than --json lists ({listed})")
            }
        }
    }
}

impl Serialize for BestOmitted {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The value of the move [`ValueQuery::mv`].
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue {
    /// The move, as given.
    pub mv: Move,
    /// The probability of winning by playing it and then optimally.
    pub p: Prob,
    /// Whether it attains `P(n, m)`.
    pub optimal: bool,
}

/// The answer of [`value`]. Its JSON (the command line contract of `guess-who value`):
/// `{"best": [{"guess": true} | {"split": [a, b, ...]}] | null, "best_count", "best_omitted",
/// "m", "method": "closed form" | "table", "move", "move_optimal", "move_p", "n", "p",
/// "p_float", "questions": 2 | 3, "rules"}`, fields in that (alphabetical) order; `best` is
/// null when [`ValueAnswer::best_omitted`] is set, `best_count` absent when nothing was
/// counted, the `move*` fields absent without a move.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueAnswer {
    /// Candidates of the player to move.
    pub n: u64,
    /// Candidates of the opponent.
    pub m: u64,
    /// The rule set.
    pub rules: Rules,
    /// The question kind.
    pub questions: Questions,
    /// `P(n, m)`: the probability that the player to move wins, both playing optimally.
    pub p: Prob,
    /// How it was found.
    pub method: Method,
    /// The first [`ValueQuery::max_listed`] optimal moves (the guess, then the questions with
    /// ascending parts); empty where the game is decided or nothing was listed.
    pub best: Vec<Move>,
    /// How many optimal moves there are; `None` when they were not listed.
    pub best_count: Option<u64>,
    /// Why `best` is not every optimal move, if it is not.
    pub best_omitted: Option<BestOmitted>,
    /// The value of the move asked about.
    pub evaluated: Option<MoveValue>,
}

/// A move as JSON: `{"guess": true}` or `{"split": [a, b, ...]}`.
struct MoveJson<'a>(&'a Move);

impl Serialize for MoveJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        match self.0 {
            Move::Guess => map.serialize_entry("guess", &true)?,
            Move::Split(parts) => map.serialize_entry("split", parts)?,
        }
        map.end()
    }
}

/// The JSON document of a [`ValueAnswer`], serialized directly: a `serde_json::Value` for each
/// move took about 1.6 KB, 800 MB and 1.5 s for the 499961 optimal questions at `(10^6, 24)`
/// under the official rules.
#[derive(Serialize)]
struct ValueDoc<'a> {
    best: Option<Vec<MoveJson<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best_count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best_omitted: Option<BestOmitted>,
    m: u64,
    method: Method,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<MoveJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_optimal: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    move_p: Option<Prob>,
    n: u64,
    p: Prob,
    p_float: f64,
    questions: u32,
    rules: Rules,
}

impl Serialize for ValueAnswer {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let best = self
            .best_omitted
            .is_none()
            .then(|| self.best.iter().map(MoveJson).collect());
        ValueDoc {
            best,
            best_count: self.best_count,
            best_omitted: self.best_omitted,
            m: self.m,
            method: self.method,
            mv: self.evaluated.as_ref().map(|e| MoveJson(&e.mv)),
            move_optimal: self.evaluated.as_ref().map(|e| e.optimal),
            move_p: self.evaluated.as_ref().map(|e| e.p),
            n: self.n,
            p: self.p,
            p_float: self.p.to_f64(),
            questions: self.questions.parts(),
            rules: self.rules,
        }
        .serialize(s)
    }
}

/// Steps of the table for `(n, m)`: each position `(a, b)` scans `a/2` questions, over
/// `a ≤ L` and `b ≤ S` (band) or `b ≤ L` (square), `L = max(n, m)`, `S = min(n, m)`.
pub fn table_steps(n: u64, m: u64, band: bool) -> f64 {
    let (big, small) = (n.max(m) as f64, n.min(m) as f64);
    big * big / 4.0 * if band { small } else { big }
}

/// Whether `(n, m)` is thin enough (`4·min ≤ max`) that [`value`] solves only its band.
pub fn is_thin(n: u64, m: u64) -> bool {
    n.min(m).saturating_mul(4) <= n.max(m)
}

/// The exact value of `query`'s position, its optimal moves and the value of its move.
///
/// With yes/no questions under the race or official rules, a position whose table would take
/// more than [`CLOSED_FORM_STEPS`] is answered by the [`Theorem`] of the rules; its optimal
/// questions are listed up to [`Theorem::max_listed`] (beyond, [`BestOmitted::ListingTooLong`]).
/// Otherwise a table is solved (the band for a thin position, [`is_thin`]), refused first if
/// it would not fit in memory ([`GuessWhoError::TooLarge`]), then if it would take more than
/// `query.max_steps` ([`GuessWhoError::TooLong`]; three-way questions count a third more, and
/// `n²/12` for the listing). `progress(done, total)` follows the solve of a square table.
pub fn value(
    query: &ValueQuery,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<ValueAnswer, GuessWhoError> {
    let ValueQuery {
        n,
        m,
        rules,
        questions,
        ..
    } = *query;
    if n == 0 || m == 0 {
        return Err(GuessWhoError::EmptyPool { n, m });
    }
    let band = is_thin(n, m);
    let steps = table_steps(n, m, band);
    let theorem = Theorem::of(rules, questions).filter(|_| steps > CLOSED_FORM_STEPS);
    let Found {
        p,
        mut best,
        count,
        evaluated,
        method,
        mut omitted,
    } = match theorem {
        Some(theorem) => by_theorem(query, theorem, steps)?,
        None => by_table(query, band, steps, progress)?,
    };
    if let Some(count) = count.filter(|&c| c > query.max_listed as u64) {
        omitted = Some(BestOmitted::TooMany {
            count,
            listed: query.max_listed,
        });
    }
    best.truncate(query.max_listed);
    Ok(ValueAnswer {
        n,
        m,
        rules,
        questions,
        p,
        method,
        best,
        best_count: count,
        best_omitted: omitted,
        evaluated: evaluated.map(|(mv, q)| MoveValue {
            mv,
            optimal: q == p,
            p: q,
        }),
    })
}

/// What [`value`] found: the value, the optimal moves listed and their count (`None` where
/// they were not listed), the query's move with its value, how, and why moves were omitted.
struct Found {
    p: Prob,
    best: Vec<Move>,
    count: Option<u64>,
    evaluated: Option<(Move, Prob)>,
    method: Method,
    omitted: Option<BestOmitted>,
}

/// `query`'s position by `theorem`, its optimal questions listed up to
/// [`Theorem::max_listed`]; `steps` those of the table not solved.
fn by_theorem(query: &ValueQuery, theorem: Theorem, steps: f64) -> Result<Found, GuessWhoError> {
    let (n, m, mv) = (query.n, query.m, query.mv.as_ref());
    // A race position with a pool of one is over: its (empty) list takes no work.
    let list = n <= theorem.max_listed() || (theorem == Theorem::Nica && m == 1);
    let omitted = (!list).then_some(BestOmitted::ListingTooLong {
        evaluations: n / 2,
        max_n: theorem.max_listed(),
    });
    let (p, (best, count), q) = theorem.answer(n, m, mv, list, query.max_listed)?;
    Ok(Found {
        p,
        best,
        count: list.then_some(count),
        evaluated: mv.cloned().zip(q),
        method: Method::ClosedForm {
            theorem,
            table_steps: steps,
        },
        omitted,
    })
}

/// `query`'s position from a table (its band where `band`), refused first where it would not
/// fit in memory, then where it would take more than `query.max_steps` (`steps` with yes/no
/// questions).
fn by_table(
    query: &ValueQuery,
    band: bool,
    steps: f64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Found, GuessWhoError> {
    let ValueQuery {
        n,
        m,
        rules,
        questions,
        ..
    } = *query;
    let steps = if questions == Questions::Three {
        let n = n as f64;
        steps * 5.0 / 3.0 + n * n / 12.0
    } else {
        steps
    };
    // What cannot fit in memory is refused as such, before what takes long.
    if band {
        check_band_size(n, m, questions)?;
    } else {
        check_size(n.max(m), questions)?;
    }
    if steps > query.max_steps {
        return Err(GuessWhoError::TooLong {
            n,
            m,
            rules,
            questions,
            steps,
            max_steps: query.max_steps,
        });
    }
    let table = if band {
        Table::solve_band(n, m, rules, questions)?
    } else {
        Table::solve_with_progress(n.max(m), rules, questions, progress)?
    };
    let evaluated = match query.mv.as_ref() {
        Some(mv) => Some((mv.clone(), table.move_probability(n, m, mv)?)),
        None => None,
    };
    let (best, count) = table.best_moves_upto(n, m, query.max_listed)?;
    Ok(Found {
        p: table.probability(n, m)?,
        best,
        count: Some(count),
        evaluated,
        method: Method::Table { band, steps },
        omitted: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(n: u64, m: u64, rules: Rules, questions: Questions) -> ValueAnswer {
        value(&ValueQuery::new(n, m, rules, questions), &mut |_, _| {}).unwrap()
    }

    /// Every variant, every position up to 12: the answer is the table's, and so are its
    /// optimal moves and the value of each legal move.
    #[test]
    fn value_agrees_with_the_table_up_to_12() {
        for rules in Rules::ALL {
            for questions in [Questions::Two, Questions::Three] {
                let table = Table::solve(12, rules, questions).unwrap();
                for n in 1..=12 {
                    for m in 1..=12 {
                        let query = ValueQuery::new(n, m, rules, questions);
                        let Ok(expected) = table.probability(n, m) else {
                            assert_eq!(
                                value(&query, &mut |_, _| {}),
                                Err(GuessWhoError::Unreachable)
                            );
                            continue;
                        };
                        let a = value(&query, &mut |_, _| {}).unwrap();
                        assert_eq!(a.p, expected, "{rules} {questions} ({n}, {m})");
                        assert!(matches!(a.method, Method::Table { .. }));
                        let best = table.best_moves(n, m).unwrap();
                        assert_eq!(a.best_count, Some(best.len() as u64));
                        assert_eq!(a.best, best);
                        assert_eq!(a.best_omitted, None);
                        for mv in table.moves(n, m).unwrap() {
                            let q = ValueQuery {
                                mv: Some(mv.clone()),
                                ..query.clone()
                            };
                            let e = value(&q, &mut |_, _| {}).unwrap().evaluated.unwrap();
                            assert_eq!(e.p, table.move_probability(n, m, &mv).unwrap());
                            assert_eq!(e.optimal, best.contains(&mv), "{mv}");
                        }
                    }
                }
            }
        }
    }

    /// Large race and official positions with yes/no questions go to their own theorem;
    /// every other variant to a table, refused with its cost when too long.
    #[test]
    fn large_pools_use_the_theorem_that_applies() {
        let a = answer(1_000_000, 24, Rules::Race, Questions::Two);
        assert!(matches!(
            a.method,
            Method::ClosedForm {
                theorem: Theorem::Nica,
                ..
            }
        ));
        // Nica, Theorem 1.1 in the weeds at level 4: N = 426, p = 426/(24·n).
        assert_eq!(a.p.to_string(), "71/4000000");
        assert_eq!(a.best, vec![Move::Split(vec![16, 999_984])]);
        let a = answer(1_000_000, 24, Rules::Official, Questions::Two);
        assert!(matches!(
            a.method,
            Method::ClosedForm {
                theorem: Theorem::Cushing,
                ..
            }
        ));
        assert_eq!(a.p.to_string(), "1/37500");
        assert_eq!(a.best_count, Some(499_961));
        // Below the threshold, the table.
        let a = answer(1000, 24, Rules::Race, Questions::Two);
        assert_eq!(
            a.method,
            Method::Table {
                band: true,
                steps: table_steps(1000, 24, true)
            }
        );
        assert_eq!(a.p.to_string(), "71/4000");
        for (rules, questions) in [
            (Rules::FreeGuess, Questions::Two),
            (Rules::Official, Questions::Three),
            (Rules::Race, Questions::Three),
        ] {
            assert_eq!(Theorem::of(rules, questions), None);
            let q = ValueQuery::new(1_000_000, 24, rules, questions);
            assert!(matches!(
                value(&q, &mut |_, _| {}),
                Err(GuessWhoError::TooLong { steps, max_steps, .. })
                    if steps > 5e12 && max_steps == DEFAULT_MAX_STEPS
            ));
        }
    }

    #[test]
    fn lists_are_cut_with_the_reason() {
        let q = ValueQuery {
            max_listed: 2,
            ..ValueQuery::new(24, 24, Rules::Official, Questions::Two)
        };
        let a = value(&q, &mut |_, _| {}).unwrap();
        assert_eq!(a.best.len(), 2);
        assert_eq!(
            a.best_omitted,
            Some(BestOmitted::TooMany {
                count: 5,
                listed: 2
            })
        );
        let a = answer(40_000_000_000, 400, Rules::Official, Questions::Two);
        assert_eq!((a.best_count, a.best.len()), (None, 0));
        assert_eq!(
            a.best_omitted,
            Some(BestOmitted::ListingTooLong {
                evaluations: 20_000_000_000,
                max_n: 20_000_000
            })
        );
        // A decided race position is listed (empty) whatever its size.
        let a = answer(3_000_000_000, 1, Rules::Race, Questions::Two);
        assert_eq!((a.best_count, a.best_omitted), (Some(0), None));
    }

    #[test]
    fn memory_is_refused_before_time_and_bad_positions_are_errors() {
        let q = ValueQuery::new(60_000, 50_000, Rules::FreeGuess, Questions::Two);
        assert!(matches!(
            value(&q, &mut |_, _| {}),
            Err(GuessWhoError::TooLarge { max: 60_000, .. })
        ));
        let q = ValueQuery {
            max_steps: 1e6,
            ..ValueQuery::new(2000, 24, Rules::FreeGuess, Questions::Two)
        };
        let e = value(&q, &mut |_, _| {}).unwrap_err();
        assert_eq!(
            e.to_string(),
            "P(2000, 24) needs a table of about 2e7 steps, roughly a second at 1e10 steps a second (no closed form for free-guess rules with 2-way questions); raise --max-steps (now 1e6) to run it"
        );
        assert_eq!(
            value(
                &ValueQuery::new(0, 5, Rules::Race, Questions::Two),
                &mut |_, _| {}
            ),
            Err(GuessWhoError::EmptyPool { n: 0, m: 5 })
        );
    }

    #[test]
    fn json_fields_are_the_contract() {
        let q = ValueQuery {
            mv: Some(Move::Split(vec![2, 2])),
            ..ValueQuery::new(4, 4, Rules::Official, Questions::Two)
        };
        let a = value(&q, &mut |_, _| {}).unwrap();
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(
            json,
            r#"{"best":[{"split":[1,3]}],"best_count":1,"m":4,"method":"table","move":{"split":[2,2]},"move_optimal":false,"move_p":"1/2","n":4,"p":"9/16","p_float":0.5625,"questions":2,"rules":"official"}"#
        );
    }
}
