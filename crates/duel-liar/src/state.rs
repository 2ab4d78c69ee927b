//! States, questions, answers and the Berlekamp volume of the liar game with `e` lies.
//!
//! A state is `(q; x_0, …, x_e)`: `q` questions remain and `x_i` objects would have needed
//! exactly `i` lies so far (Ellis, Ponomarenko & Yan, section 1, for `e = 1`). A question is a
//! vector `a ≤ x`: the question set holds `a_i` objects of class `i`.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use crate::limits::{MAX_LIES, MAX_QUESTIONS};

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Paul wins if at most one object survives the `q` questions.
    Original,
    /// Paul wins if at least one object survives (the pathological liar game).
    Pathological,
}

impl Variant {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Original => "original",
            Variant::Pathological => "pathological",
        }
    }
}

/// Carole's answer to a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// The object is in the question set: objects outside it gain one lie (the paper's `y′`).
    Yes,
    /// The object is not in the set: objects inside it gain one lie (the paper's `y″`).
    No,
}

/// What is too large in a [`LiarError::TooLarge`]: the numbers that were given, and the bounds
/// they pass.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TooLarge {
    /// A state whose volume would pass 2^125.
    #[error("the state is too large for exact 128-bit arithmetic: {objects} objects with {questions} questions needs about {bits} bits")]
    Bits {
        /// The objects of the state, all classes together.
        objects: u128,
        /// The questions left.
        questions: u32,
        /// The bits its volume may take.
        bits: u32,
    },
    /// A state of more objects than a `u64` counts.
    #[error("the state is too large for exact 128-bit arithmetic: more than 2^64 objects")]
    Objects,
    /// A game on a page (`duel liar paul`) past the bounds of a page.
    #[error("a game on a page has 1 ≤ n ≤ {max_n}, at most {max_lies} lies and {max_questions} questions (got n = {n}, {lies} lies, {questions} questions)")]
    Page {
        /// The numbers 1 to `n` given.
        n: u64,
        /// The lies given.
        lies: usize,
        /// The questions given.
        questions: u32,
        /// The largest `n` accepted.
        max_n: u64,
        /// The most lies accepted.
        max_lies: usize,
        /// The most questions accepted.
        max_questions: u32,
    },
    /// A game as Carole on a page (`duel play liar --role carole`, the web app) past the
    /// bounds of a page.
    #[error("a game on a page has 1 ≤ n ≤ {max_n} and at most {max_lies} lies (got n = {n}, {lies} lies)")]
    CarolePage {
        /// The numbers 1 to `n` given.
        n: u64,
        /// The lies given.
        lies: usize,
        /// The largest `n` accepted.
        max_n: u64,
        /// The most lies accepted.
        max_lies: usize,
    },
    /// Answers given past the end of the game.
    #[error("the game is over after {over_after} answers; {given} were given")]
    Answers {
        /// The answers that end the game.
        over_after: usize,
        /// The answers given.
        given: usize,
    },
    /// More questions asked than the game allows.
    #[error("{asked} questions asked, {allowed} allowed")]
    Asked {
        /// The questions asked.
        asked: usize,
        /// The questions the game allows.
        allowed: u32,
    },
    /// A question names a number outside `1..=n`.
    #[error("{number} is not a number from 1 to {n}")]
    Number {
        /// The number named.
        number: u64,
        /// The largest number of the game.
        n: u64,
    },
}

/// Why a liar-game computation was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum LiarError {
    /// There must be at least one object.
    #[error("n must be at least 1 (there is nothing to search for)")]
    NoObjects,
    /// Too many lies.
    #[error("{0} lies is more than the {MAX_LIES} this solver handles")]
    TooManyLies(usize),
    /// A state vector has the wrong length.
    #[error("a state with {lies} lies has {expected} classes, got {got}")]
    WrongClasses {
        /// Lies of the game.
        lies: usize,
        /// Classes expected (lies + 1).
        expected: usize,
        /// Classes given.
        got: usize,
    },
    /// Too many questions for exact `u128` arithmetic.
    #[error(
        "{0} questions is more than the {MAX_QUESTIONS} that exact u128 arithmetic allows here"
    )]
    TooManyQuestions(u32),
    /// More questions than `verify` checks ([`crate::verify::MAX_VERIFY_QUESTIONS`]).
    #[error("verify checks up to {max} questions, not {questions}")]
    VerifyTooManyQuestions {
        /// The questions asked for.
        questions: u32,
        /// The most it checks.
        max: u32,
    },
    /// The numbers do not fit in the exact arithmetic of the solvers, or pass the bounds of a
    /// game on a page (each says which).
    #[error("{0}")]
    TooLarge(TooLarge),
    /// A question asks for more objects of a class than there are.
    #[error("question {question:?} is not ≤ the state {state:?} componentwise")]
    BadQuestion {
        /// The question vector.
        question: Vec<u64>,
        /// The state's counts.
        state: Vec<u64>,
    },
    /// A question with another number of classes than its state.
    #[error("question {question:?} has {} classes but the state {state:?} has {}: give one count per class of the state", question.len(), state.len())]
    QuestionLength {
        /// The question vector.
        question: Vec<u64>,
        /// The state's counts.
        state: Vec<u64>,
    },
    /// `--lies` and `--state` disagree: a state for `lies` lies has `lies + 1` classes.
    #[error("--lies {lies} needs a state of {} classes, --state has {classes}", lies + 1)]
    LiesDisagree {
        /// The lies asked for.
        lies: usize,
        /// The classes of the state given.
        classes: usize,
    },
    /// A range from 1 to 0 (`--max-n 0`, `--max-q 0`): a table or a check over nothing.
    #[error("{option} must be at least 1: {why}")]
    EmptyRange {
        /// The option that ends the range.
        option: &'static str,
        /// What the range is of.
        why: &'static str,
    },
    /// A question to judge given with no question left to ask (`--questions 0`).
    #[error("no question remains to be asked (--questions 0)")]
    NoQuestionToJudge,
    /// A state with no surviving object.
    #[error("the state {0:?} has no surviving object; a state needs at least one (the game searches for one of its objects)")]
    EmptyState(Vec<u64>),
    /// A search stopped on one of its budgets; a larger one might decide it.
    #[error("the search {0}")]
    Stopped(Stop),
    /// A budget of nothing: no search can decide anything with it.
    #[error("{option} 0 leaves no room for any search; give at least 1")]
    ZeroBudget {
        /// The option (`--max-states` or `--max-steps`).
        option: &'static str,
    },
    /// The memo budget would need more memory than duel allows
    /// ([`MAX_MEMO_BYTES`](crate::MAX_MEMO_BYTES)).
    #[error("--max-states {states} would need about {} GiB of memory ({per_entry} bytes a memo entry), more than the limit of {} GiB; choose at most --max-states {max}", gib(*bytes), crate::limits::MAX_MEMO_BYTES >> 30)]
    TooMuchMemory {
        /// The memo entries asked for.
        states: usize,
        /// Their estimated peak memory in bytes.
        bytes: u128,
        /// The estimate per memo entry.
        per_entry: u64,
        /// The most memo entries the limit allows.
        max: usize,
    },
    /// Neither the exhaustive search nor the strategy search decided within their budgets.
    #[error("undecided within the budget: the exhaustive search {exhaustive}; the strategy search {}", strategy_text(.strategy))]
    Undecided {
        /// Why the exhaustive search stopped.
        exhaustive: Stop,
        /// Why the strategy search stopped, or `None` when it ended without a strategy.
        strategy: Option<Stop>,
    },
    /// The fewest questions were not found: no strategy was certified for any number of
    /// questions up to where exact arithmetic ends, and a search had stopped on its budget.
    #[error("Paul needs at least {lower} questions, but no winning strategy was certified with up to {tried} (beyond, exact 128-bit arithmetic ends): the {search} {stop}")]
    NoStrategyWithinBudget {
        /// The proved lower bound.
        lower: u32,
        /// The most questions tried.
        tried: u32,
        /// The search whose budget ran out (`strategy search` or `exhaustive refutation`).
        search: &'static str,
        /// How it stopped.
        stop: Stop,
    },
    /// The heuristic policy found no win for Paul and did not try every question.
    #[error("the heuristic search could not decide this state (it tries only a few questions at large states)")]
    HeuristicUndecided,
    /// No question was asked with zero questions left.
    #[error("no question remains to be asked (q = 0)")]
    NoQuestionLeft,
}

/// Why a search stopped short of an answer: which budget ran out, named by the `duel liar`
/// option that raises it.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum Stop {
    /// The memo held as many entries as allowed (`--max-states`).
    #[error("stopped at its limit of {limit} memo entries (raise --max-states, now {limit})")]
    States {
        /// The most memo entries allowed.
        limit: usize,
    },
    /// The search took as many steps as allowed (`--max-steps`).
    #[error("stopped at its limit of {limit} steps, with {states} memo entries stored (raise --max-steps, now {limit})")]
    Steps {
        /// The most steps allowed.
        limit: u64,
        /// Memo entries stored when it stopped.
        states: usize,
    },
    /// A search whose time is bounded by its memo budget ([`WORK_PER_STATE`] steps an entry,
    /// as in `duel liar table`) took that many steps.
    ///
    /// [`WORK_PER_STATE`]: crate::limits::WORK_PER_STATE
    #[error("stopped after {steps} steps, the most its limit of {max_states} memo entries allows ({} steps an entry; raise --max-states, now {max_states})", crate::limits::WORK_PER_STATE)]
    StepsOfStates {
        /// Steps taken.
        steps: u64,
        /// The memo budget that bounds them.
        max_states: usize,
    },
    /// The allocator refused to grow a memo: the machine has less memory than the budget
    /// asks for.
    #[error(
        "ran out of memory with {states} memo entries stored (lower --max-states, now {limit})"
    )]
    OutOfMemory {
        /// Memo entries stored.
        states: usize,
        /// The memo budget.
        limit: usize,
    },
}

/// The strategy search's part of [`LiarError::Undecided`].
fn strategy_text(stop: &Option<Stop>) -> String {
    match stop {
        Some(s) => s.to_string(),
        None => "found no winning strategy for Paul".to_string(),
    }
}

/// `bytes` in GiB with one decimal, rounded up (so that a need above a limit never prints as
/// the limit itself).
fn gib(bytes: u128) -> String {
    let tenths = bytes.saturating_mul(10).div_ceil(1 << 30);
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// `C(n, k)` in `u128`, `None` on overflow.
pub fn binomial(n: u32, k: u32) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        // c * (n - i) / (i + 1) is exact at every step (c = C(n, i) times (n-i) is divisible).
        c = c.checked_mul(u128::from(n - i))? / u128::from(i + 1);
    }
    Some(c)
}

/// The weight of one object of class `i` with `q` questions left and `e` lies allowed:
/// `Σ_{j ≤ e−i} C(q, j)`, the number of answer sequences that keep it alive.
pub fn class_weight(q: u32, lies: usize, class: usize) -> Option<u128> {
    if class > lies {
        return Some(0);
    }
    let mut w: u128 = 0;
    for j in 0..=(lies - class) {
        w = w.checked_add(binomial(q, j as u32)?)?;
    }
    Some(w)
}

/// The Berlekamp volume `V_q(x) = Σ_i x_i Σ_{j ≤ e−i} C(q, j)` (the paper's `wt_q` for one lie),
/// exact at any size.
pub fn berlekamp_volume(q: u32, counts: &[u64]) -> BigUint {
    let lies = counts.len().saturating_sub(1);
    let mut binom = BigUint::one();
    let mut prefix = Vec::with_capacity(lies + 1);
    let mut sum = BigUint::zero();
    for j in 0..=lies as u32 {
        if j > 0 {
            if j > q {
                binom = BigUint::zero();
            } else {
                binom = binom * BigUint::from(q - j + 1) / BigUint::from(j);
            }
        }
        sum += &binom;
        prefix.push(sum.clone());
    }
    counts
        .iter()
        .enumerate()
        .map(|(i, &x)| BigUint::from(x) * &prefix[lies - i])
        .sum()
}

/// `2^q` as a big integer.
pub fn two_pow(q: u32) -> BigUint {
    BigUint::one() << q
}

/// The class weights `W(q, i)` for every `q ≤ MAX_QUESTIONS`, for one number of lies.
#[derive(Clone, Debug)]
pub struct Weights {
    lies: usize,
    // table[q][i] for i in 0..=lies+1 (class lies+1 is discarded: weight 0).
    table: Vec<Vec<u128>>,
}

impl Weights {
    /// The table for `lies` lies.
    pub fn new(lies: usize) -> Result<Self, LiarError> {
        if lies > MAX_LIES {
            return Err(LiarError::TooManyLies(lies));
        }
        let mut table = Vec::with_capacity(MAX_QUESTIONS as usize + 1);
        for q in 0..=MAX_QUESTIONS {
            let row: Vec<u128> = (0..=lies + 1)
                .map(|i| class_weight(q, lies, i).expect("W(q, i) ≤ 2^q fits for q ≤ 120"))
                .collect();
            table.push(row);
        }
        Ok(Weights { lies, table })
    }

    /// The number of lies.
    pub fn lies(&self) -> usize {
        self.lies
    }

    /// `W(q, i)`; class `lies + 1` has weight 0.
    #[inline]
    pub fn weight(&self, q: u32, class: usize) -> u128 {
        self.table[q as usize][class]
    }

    /// `V_q(x)` in `u128`, `None` on overflow.
    #[inline]
    pub fn volume(&self, q: u32, counts: &[u64]) -> Option<u128> {
        let row = &self.table[q as usize];
        let mut v: u128 = 0;
        for (i, &x) in counts.iter().enumerate() {
            v = v.checked_add(u128::from(x).checked_mul(row[i])?)?;
        }
        Some(v)
    }

    /// Checks that `(q; counts)` is a state these weights can handle exactly: right number of
    /// classes, `q ≤ MAX_QUESTIONS`, at most 2^64 − 1 objects in all (so that the classes of
    /// its successors fit a `u64`), and `Σ x · 2^q` small enough that no sum of volumes
    /// overflows.
    pub fn check_state(&self, q: u32, counts: &[u64]) -> Result<(), LiarError> {
        if counts.len() != self.lies + 1 {
            return Err(LiarError::WrongClasses {
                lies: self.lies,
                expected: self.lies + 1,
                got: counts.len(),
            });
        }
        if q > MAX_QUESTIONS {
            return Err(LiarError::TooManyQuestions(q));
        }
        let total: u128 = counts.iter().map(|&x| u128::from(x)).sum();
        // A successor's class may hold up to all the objects: they must fit a u64.
        if total > u128::from(u64::MAX) {
            return Err(LiarError::TooLarge(TooLarge::Objects));
        }
        // V ≤ Σx · 2^q; keep it below 2^125 so that V' + V'' and 2^q comparisons never overflow.
        let bits = 128 - total.leading_zeros();
        if bits + q > 125 {
            return Err(LiarError::TooLarge(TooLarge::Bits {
                objects: total,
                questions: q,
                bits: bits + q,
            }));
        }
        Ok(())
    }
}

/// The two successors of `counts` under question `a`: (`Yes`, `No`).
/// Class `e + 1` (too many lies) is discarded.
///
/// Yes: `y′_i = a_i + (x_{i−1} − a_{i−1})`; No: `y″_i = (x_i − a_i) + a_{i−1}`.
pub fn successors(counts: &[u64], question: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let k = counts.len();
    let mut yes = vec![0u64; k];
    let mut no = vec![0u64; k];
    successors_into(counts, question, &mut yes, &mut no);
    (yes, no)
}

/// [`successors`] into caller-provided slices of the state's length (overwritten).
#[inline]
pub fn successors_into(counts: &[u64], question: &[u64], yes: &mut [u64], no: &mut [u64]) {
    let k = counts.len();
    let mut carry_yes = 0;
    let mut carry_no = 0;
    for i in 0..k {
        let a = question[i];
        let out = counts[i] - a;
        yes[i] = a + carry_yes;
        no[i] = out + carry_no;
        carry_yes = out;
        carry_no = a;
    }
}

/// The successor chosen by `answer`.
pub fn successor(counts: &[u64], question: &[u64], answer: Answer) -> Vec<u64> {
    let (yes, no) = successors(counts, question);
    match answer {
        Answer::Yes => yes,
        Answer::No => no,
    }
}

/// Checks that `question` is a legal question at `counts` (same length, `a ≤ x`).
pub fn check_question(counts: &[u64], question: &[u64]) -> Result<(), LiarError> {
    if question.len() != counts.len() {
        return Err(LiarError::QuestionLength {
            question: question.to_vec(),
            state: counts.to_vec(),
        });
    }
    if question.iter().zip(counts).any(|(a, x)| a > x) {
        return Err(LiarError::BadQuestion {
            question: question.to_vec(),
            state: counts.to_vec(),
        });
    }
    Ok(())
}

/// The start state `(n, 0, …, 0)` with `lies + 1` classes.
pub fn start(n: u64, lies: usize) -> Result<Vec<u64>, LiarError> {
    if n == 0 {
        return Err(LiarError::NoObjects);
    }
    if lies > MAX_LIES {
        return Err(LiarError::TooManyLies(lies));
    }
    let mut x = vec![0u64; lies + 1];
    x[0] = n;
    Ok(x)
}

/// Whether the game is over in Paul's favour or lost for him whatever he asks, judged from
/// facts that hold for every strategy:
///
/// - original: `Σx ≤ 1` wins (survivors never increase); `V_q(x) > 2^q` loses (the volume
///   bound: Carole keeps the heavier half, and at `q = 0` the volume is the number of survivors);
/// - pathological: `V_q(x) < 2^q` loses (Carole keeps the lighter half); an object of class `i`
///   with `q ≤ e − i` survives whatever happens, so Paul wins.
///
/// `None` when neither applies (then `q ≥ 1`).
#[inline]
pub fn settled(variant: Variant, w: &Weights, q: u32, counts: &[u64]) -> Option<bool> {
    let lies = w.lies();
    let v = w.volume(q, counts)?;
    let bound = 1u128 << q;
    match variant {
        Variant::Original => {
            // In u128: a state that check_state accepts may hold 2^64 objects or more.
            let total: u128 = counts.iter().map(|&x| u128::from(x)).sum();
            if total <= 1 {
                Some(true)
            } else if v > bound || q == 0 {
                Some(false)
            } else {
                None
            }
        }
        Variant::Pathological => {
            if v < bound {
                return Some(false);
            }
            let sure = counts
                .iter()
                .enumerate()
                .any(|(i, &x)| x > 0 && (q as usize) + i <= lies);
            if sure {
                Some(true)
            } else if q == 0 {
                Some(false)
            } else {
                None
            }
        }
    }
}
