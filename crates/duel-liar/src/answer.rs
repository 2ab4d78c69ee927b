//! The answers of the `duel liar` commands: one function per command, each returning a type
//! whose JSON is the command's `--json` document (DESIGN.md, "Command line contract").
//!
//! The fields of [`SolveAnswer`], [`VerifyAnswer`] and [`StrategyAnswer`] are in alphabetical
//! order: the order of the keys of those documents since the first release.
//!
//! ```
//! use duel_liar::answer::{solve, SolveRequest, Start};
//! use duel_liar::{Budget, Variant, Winner};
//!
//! // Pelc 1987: one lie, 10^6 objects: 25 questions suffice.
//! let request = SolveRequest {
//!     start: Start::Objects(1_000_000),
//!     lies: None,
//!     questions: 25,
//!     ask: None,
//!     variant: Variant::Original,
//!     budget: Budget::uniform(4_000_000, 40_000_000),
//! };
//! assert_eq!(solve(&request)?.winner, Winner::Paul);
//! # Ok::<(), duel_liar::LiarError>(())
//! ```

use std::io;

use duel_core::table::Tabular;
use serde::Serialize;
use serde_json::{Map, Value};

use super::minq::{judge_question, solve_state, Budget};
use super::play::{play, Round, Strategy};
use super::state::{check_question, start, successors, Answer, LiarError, Variant};
use super::tables::{extreme_questions, TableRow};
use super::verify::{verify as verify_ranges, VerifyItem, VerifyRanges};
use super::winner::{Method, Winner};

/// Where `duel liar solve` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `n` objects, none of which needed a lie: the state `(n, 0, …, 0)`.
    Objects(u64),
    /// Any state `x_0, x_1, …`: `x_i` objects that would have needed `i` lies so far.
    State(Vec<u64>),
}

/// What `duel liar solve` is asked.
#[derive(Clone, Debug)]
pub struct SolveRequest {
    /// The state to solve.
    pub start: Start,
    /// Lies Carole may tell: for [`Start::Objects`] 1 when `None`; for [`Start::State`] it
    /// must be the state's length − 1 when given.
    pub lies: Option<usize>,
    /// Questions left.
    pub questions: u32,
    /// A question to judge at the state (one count per class, ≤ the state componentwise).
    pub ask: Option<Vec<u64>>,
    /// The game played.
    pub variant: Variant,
    /// The budgets of the searches.
    pub budget: Budget,
}

/// The answer of `duel liar solve`: who wins, and with `ask`, the verdict on that question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveAnswer {
    /// With `ask`: the state after Carole answers no.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_no: Option<Vec<u64>>,
    /// With `ask`: the state after Carole answers yes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_yes: Option<Vec<u64>>,
    /// The question judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ask: Option<Vec<u64>>,
    /// `2^q`, in decimal.
    pub bound: String,
    /// With `ask`: the answer with which Carole wins after it, or `None` (JSON `null`) when
    /// Paul wins whatever she answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carole_answer: Option<Option<Answer>>,
    /// Lies allowed.
    pub lies: usize,
    /// How it was decided: `volume bound`, `exhaustive search` or `certified strategy`.
    pub method: Method,
    /// Objects (surviving objects when solving a state).
    pub n: u64,
    /// With `ask`: whether Paul wins after asking it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paul_wins_after_ask: Option<bool>,
    /// A first question with which Paul wins (when he does and a search found it).
    pub question: Option<Vec<u64>>,
    /// Questions.
    pub questions: u32,
    /// The state solved.
    pub state: Vec<u64>,
    /// States the search stored.
    pub states: usize,
    /// The game played.
    pub variant: Variant,
    /// The Berlekamp volume of the state, exact, in decimal.
    pub volume: String,
    /// `paul` or `carole`.
    pub winner: Winner,
}

/// `duel liar solve`: solves the request's state and judges its question. A malformed
/// question, or one with no question left to ask, is refused before any search.
pub fn solve(request: &SolveRequest) -> Result<SolveAnswer, LiarError> {
    let state = match &request.start {
        Start::State(x) => {
            if let Some(lies) = request.lies.filter(|&e| e + 1 != x.len()) {
                return Err(LiarError::LiesDisagree {
                    lies,
                    classes: x.len(),
                });
            }
            x.clone()
        }
        Start::Objects(n) => start(*n, request.lies.unwrap_or(1))?,
    };
    if let Some(ask) = &request.ask {
        check_question(&state, ask)?;
        if request.questions == 0 {
            return Err(LiarError::NoQuestionToJudge);
        }
    }
    let (q, v, budget) = (request.questions, request.variant, request.budget);
    let r = solve_state(&state, q, v, budget)?;
    let mut answer = SolveAnswer {
        after_no: None,
        after_yes: None,
        ask: None,
        bound: r.bound,
        carole_answer: None,
        lies: r.lies,
        method: r.method,
        n: r.n,
        paul_wins_after_ask: None,
        question: r.question,
        questions: r.questions,
        state: r.state,
        states: r.states,
        variant: r.variant,
        volume: r.volume,
        winner: r.winner,
    };
    if let Some(ask) = &request.ask {
        let (yes, no) = successors(&state, ask);
        let carole = judge_question(&state, q, ask, v, budget)?;
        answer.after_no = Some(no);
        answer.after_yes = Some(yes);
        answer.ask = Some(ask.clone());
        answer.carole_answer = Some(carole);
        answer.paul_wins_after_ask = Some(carole.is_none());
    }
    Ok(answer)
}

/// The answer of `duel liar verify`: the paper's statements checked up to `max_q` questions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyAnswer {
    /// Whether every statement holds.
    pub holds: bool,
    /// The statements, each with its range and counterexamples.
    pub items: Vec<VerifyItem>,
    /// The most questions checked.
    pub max_q: u32,
}

/// `duel liar verify`: Lemma 1, Theorem 1 and Corollaries 1 and 2 up to `max_q` questions
/// ([`VerifyRanges::up_to`]). `progress(done, total)` is called before (0 of 1) and after
/// (1 of 1) the checks.
pub fn verify(max_q: u32, progress: &mut dyn FnMut(u64, u64)) -> Result<VerifyAnswer, LiarError> {
    progress(0, 1);
    let r = verify_ranges(VerifyRanges::up_to(max_q))?;
    progress(1, 1);
    Ok(VerifyAnswer {
        holds: r.holds,
        items: r.items,
        max_q,
    })
}

/// The answer of `duel liar strategy`: one play from `n` objects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StrategyAnswer {
    /// The final state (no question left).
    pub last: Vec<u64>,
    /// Lies allowed.
    pub lies: usize,
    /// Objects.
    pub n: u64,
    /// Questions.
    pub questions: u32,
    /// The rounds: Paul's question and Carole's answer at each state.
    pub rounds: Vec<Round>,
    /// Which strategy Paul followed.
    pub strategy: Strategy,
    /// The game played.
    pub variant: Variant,
    /// `paul` or `carole`.
    pub winner: Winner,
}

/// `duel liar strategy`: one play of `questions` rounds from `n` objects ([`play`]).
pub fn strategy(
    n: u64,
    questions: u32,
    lies: usize,
    variant: Variant,
) -> Result<StrategyAnswer, LiarError> {
    let p = play(n, questions, lies, variant)?;
    Ok(StrategyAnswer {
        last: p.last,
        lies,
        n,
        questions,
        rounds: p.rounds,
        strategy: p.strategy,
        variant,
        winner: p.winner,
    })
}

/// The answer of `duel liar table`: for every `n`, the extreme number of questions with which
/// Paul wins, and the one the volume bound allows ([`extreme_questions`]); written by
/// [`duel_core::table::write_table`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiarTable {
    /// The game played: the fewest questions (original) or the most (pathological).
    pub variant: Variant,
    /// Lies allowed.
    pub lies: usize,
    /// One row for each `n` from 1.
    pub rows: Vec<TableRow>,
}

/// `duel liar table`: the rows for `n = 1..=max_n`, with one exhaustive solver of at most
/// `max_states` memo entries ([`extreme_questions`]).
pub fn table(
    variant: Variant,
    lies: usize,
    max_n: u64,
    max_states: usize,
) -> Result<LiarTable, LiarError> {
    let rows = extreme_questions(variant, lies, max_n, max_states)?;
    Ok(LiarTable {
        variant,
        lies,
        rows,
    })
}

impl Tabular for LiarTable {
    fn title(&self) -> String {
        let (extreme, game) = match self.variant {
            Variant::Original => ("fewest", "original"),
            Variant::Pathological => ("most", "pathological"),
        };
        format!(
            "The {extreme} questions with which Paul wins ({game} game, {} lie(s)), and the {extreme} the volume bound allows",
            self.lies
        )
    }
    fn columns(&self) -> Vec<String> {
        ["n", "questions", "volume_bound"]
            .map(String::from)
            .to_vec()
    }
    fn each_row(&self, row: &mut dyn FnMut(&[Value]) -> io::Result<()>) -> io::Result<()> {
        self.rows
            .iter()
            .try_for_each(|r| row(&[r.n.into(), r.questions.into(), r.volume_bound.into()]))
    }
    fn fields(&self) -> Map<String, Value> {
        let mut fields = Map::new();
        fields.insert("lies".into(), self.lies.into());
        let variant = match self.variant {
            Variant::Original => "original",
            Variant::Pathological => "pathological",
        };
        fields.insert("variant".into(), variant.into());
        fields
    }
}

#[cfg(test)]
mod tests {
    use duel_core::table::{write_table, Format};

    use super::*;

    fn request(start: Start, lies: Option<usize>, questions: u32) -> SolveRequest {
        SolveRequest {
            start,
            lies,
            questions,
            ask: None,
            variant: Variant::Original,
            budget: Budget::uniform(4_000_000, 40_000_000),
        }
    }

    #[test]
    fn solve_judges_a_question_at_a_state() {
        // Ellis, Ponomarenko & Yan, section 2: Paul wins (5; 3, 2), but not after asking
        // (3, 0): Carole answers yes.
        let mut r = request(Start::State(vec![3, 2]), None, 5);
        r.ask = Some(vec![3, 0]);
        let a = solve(&r).unwrap();
        assert_eq!(a.winner, Winner::Paul);
        assert_eq!(a.after_yes, Some(vec![3, 0]));
        assert_eq!(a.after_no, Some(vec![0, 5]));
        assert_eq!(a.carole_answer, Some(Some(Answer::Yes)));
        assert_eq!(a.paul_wins_after_ask, Some(false));
        let json = serde_json::to_string(&a).unwrap();
        assert!(json.starts_with(
            r#"{"after_no":[0,5],"after_yes":[3,0],"ask":[3,0],"bound":"32","carole_answer":"yes","#
        ));
        // Without a question, none of its fields.
        let a = solve(&request(Start::Objects(1_000_000), None, 25)).unwrap();
        assert_eq!((a.winner, a.lies), (Winner::Paul, 1));
        let json = serde_json::to_string(&a).unwrap();
        assert!(
            json.starts_with(r#"{"bound":"33554432","lies":1,"#),
            "{json}"
        );
    }

    #[test]
    fn solve_refuses_what_disagrees() {
        assert_eq!(
            solve(&request(Start::State(vec![3, 2]), Some(2), 5)),
            Err(LiarError::LiesDisagree {
                lies: 2,
                classes: 2
            })
        );
        let mut r = request(Start::State(vec![3, 2]), None, 0);
        r.ask = Some(vec![1, 0]);
        assert_eq!(solve(&r), Err(LiarError::NoQuestionToJudge));
        r.ask = Some(vec![4, 0]);
        assert!(matches!(solve(&r), Err(LiarError::BadQuestion { .. })));
        assert_eq!(
            solve(&request(Start::Objects(0), None, 3)),
            Err(LiarError::NoObjects)
        );
    }

    #[test]
    fn strategy_and_verify_answers() {
        let s = strategy(10, 7, 1, Variant::Original).unwrap();
        assert_eq!((s.n, s.questions, s.rounds.len()), (10, 7, 7));
        assert_eq!(s.winner, Winner::Paul);
        let json = serde_json::to_string(&s.rounds[0]).unwrap();
        assert_eq!(
            json,
            r#"{"answer":"yes","q":7,"question":[5,0],"state":[10,0],"volume":"80"}"#
        );
        let mut calls = Vec::new();
        let v = verify(6, &mut |done, total| calls.push((done, total))).unwrap();
        assert!(v.holds && v.max_q == 6 && !v.items.is_empty());
        assert_eq!(calls, vec![(0, 1), (1, 1)]);
    }

    #[test]
    fn table_is_written_in_every_format() {
        // Corollary 1: n = 3 needs 5 questions with one lie; the volume bound says 4.
        let t = table(Variant::Original, 1, 3, 1_000_000).unwrap();
        let mut out = Vec::new();
        write_table(&mut out, &t, Format::Csv).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "n,questions,volume_bound\n1,0,0\n2,3,3\n3,5,4\n"
        );
        let mut out = Vec::new();
        write_table(&mut out, &t, Format::Json).unwrap();
        let doc: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(doc["variant"], "original");
        assert_eq!(doc["lies"], 1);
        assert_eq!(
            doc["rows"][2],
            serde_json::json!({"n": 3, "questions": 5, "volume_bound": 4})
        );
    }
}
