//! The liar game with the person as Carole: she thinks of a number from 1 to `n` and may lie
//! `lies` times; duel, as Paul, asks the fewest questions with which it can always find the
//! number ([`min_questions`]) and follows the strategy certified there, each question a set
//! of numbers. Like [`paul`](crate::paul), the game is replayed from its setup and Carole's
//! answers each time, so the same answers always bring the same questions.
//!
//! Once one number is left, duel uses the questions left to check it ("is it x?") for as long
//! as enough are left for "no" answers to rule it out: answers that need more than `lies` lies
//! whatever the number then end in [`Verdict::Inconsistent`]. (Without these checks that
//! verdict could not be reached: duel's questions split the numbers with the most lies
//! charged, so an answer never rules out every number left.)
//!
//! ```
//! use duel_liar::carole::{carole, CaroleRequest, Verdict};
//! use duel_liar::Answer;
//!
//! // One lie about 1..=4: 5 questions are needed, and an honest Carole is found.
//! let mut r = CaroleRequest { n: 4, lies: 1, answers: vec![] };
//! loop {
//!     let a = carole(&r)?;
//!     match a.next {
//!         Some(set) => r.answers.push(if set.contains(&3) { Answer::Yes } else { Answer::No }),
//!         None => {
//!             assert_eq!((a.verdict, a.number, a.questions), (Verdict::Found, Some(3), 5));
//!             break;
//!         }
//!     }
//! }
//! # Ok::<(), duel_liar::LiarError>(())
//! ```

use serde::{Deserialize, Serialize};

use crate::minq::{min_questions, Budget};
use crate::paul::{MAX_N, MAX_PAGE_LIES};
use crate::solver::{balanced_question, Policy, Solver};
use crate::state::{Answer, LiarError, TooLarge, Variant, Weights};

/// The searches' budget on a page: every game of the page's sizes is settled well within it
/// (a few milliseconds each), and its memos stay a few MiB.
pub fn page_budget() -> Budget {
    Budget::uniform(200_000, 4_000_000)
}

/// A game: Carole's number is from 1 to `n`, she may lie `lies` times, and `answers` holds
/// her answers to duel's questions so far.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct CaroleRequest {
    /// The numbers are 1 to n.
    pub n: u64,
    /// The most lies Carole may tell.
    pub lies: usize,
    /// Carole's answers, in order.
    pub answers: Vec<Answer>,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// duel has a question to ask.
    Asking,
    /// One number is left, and the questions left could not rule it out: Carole's, if she
    /// lied at most `lies` times.
    Found,
    /// No number is left: the answers need more than `lies` lies whatever the number.
    Inconsistent,
    /// No question is left and several numbers are (never with a certified strategy).
    Undecided,
}

/// One round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    /// duel's set: "is your number in it?".
    pub question: Vec<u64>,
    /// The set as ranges, e.g. `1–4, 9`.
    pub text: String,
    /// Carole's answer.
    pub answer: Answer,
    /// How many numbers have 0, 1, … lies charged after it.
    pub counts: Vec<u64>,
    /// The Berlekamp volume with the questions left.
    pub volume: String,
    /// `2^q` for the questions left.
    pub bound: String,
}

/// The game after Carole's answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaroleAnswer {
    /// The numbers are 1 to n.
    pub n: u64,
    /// The most lies.
    pub lies: usize,
    /// The questions duel needs at most: the fewest with which Paul always wins.
    pub questions: u32,
    /// Whether fewer questions are proved not to suffice (else `questions` is the fewest
    /// duel's strategy search found).
    pub certified: bool,
    /// Every round so far.
    pub rounds: Vec<Round>,
    /// For each number 1..=n, the lies its answers would need (`lies + 1`: ruled out).
    pub charged: Vec<usize>,
    /// How many numbers have 0, 1, … lies charged.
    pub counts: Vec<u64>,
    /// Questions left.
    pub questions_left: u32,
    /// The Berlekamp volume of the state with the questions left (at most `2^q` throughout:
    /// duel's strategy keeps every state winnable).
    pub volume: String,
    /// `2^q` for the questions left.
    pub bound: String,
    /// The next question, while the verdict is `asking`.
    pub next: Option<Vec<u64>>,
    /// The next question as ranges.
    pub next_text: Option<String>,
    /// Where the game stands.
    pub verdict: Verdict,
    /// The number, when found.
    pub number: Option<u64>,
}

/// The set as ranges of consecutive numbers: `1–4, 9`; `nothing` when empty.
pub fn ranges(set: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < set.len() {
        let mut j = i;
        while j + 1 < set.len() && set[j + 1] == set[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => set[i].to_string(),
            1 => format!("{}, {}", set[i], set[j]),
            _ => format!("{}–{}", set[i], set[j]),
        });
        i = j + 1;
    }
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(", ")
    }
}

/// Paul's strategy on concrete numbers: a question as counts per class, turned into a set
/// (the smallest numbers of each class), and the charges after an answer.
pub struct Strategy {
    lies: usize,
    weights: Weights,
    solver: Solver,
}

impl Strategy {
    /// The strategy for `lies` lies with `budget`'s strategy search.
    pub fn new(lies: usize, budget: Budget) -> Result<Self, LiarError> {
        let mut solver = Solver::with_policy(
            Variant::Original,
            lies,
            Policy::heuristic(budget.endgame_total, budget.width),
            budget.strategy_states,
        )?;
        solver.set_max_steps(budget.strategy_steps);
        Ok(Strategy {
            lies,
            weights: Weights::new(lies)?,
            solver,
        })
    }

    /// The question at `charged` with `q ≥ 1` questions left: the solver's winning question,
    /// or the most volume-balanced one where it has none (a lost or undecided state).
    pub fn question(&mut self, q: u32, charged: &[usize]) -> Result<Vec<u64>, LiarError> {
        let counts = counts_of(charged, self.lies);
        let a = match self.solver.winning_question(q, &counts) {
            Ok(Some(a)) => a,
            Ok(None) | Err(LiarError::Stopped(_)) | Err(LiarError::HeuristicUndecided) => {
                balanced_question(&self.weights, q, &counts)
            }
            Err(e) => return Err(e),
        };
        Ok(set_of(charged, &a))
    }

    /// The volume of `charged` with `q` questions left.
    pub fn volume(&self, q: u32, charged: &[usize]) -> u128 {
        let counts = counts_of(charged, self.lies);
        self.weights.volume(q, &counts).unwrap_or(u128::MAX)
    }
}

/// How many numbers have 0, 1, …, `lies` lies charged.
pub fn counts_of(charged: &[usize], lies: usize) -> Vec<u64> {
    let mut counts = vec![0u64; lies + 1];
    for &c in charged {
        if c <= lies {
            counts[c] += 1;
        }
    }
    counts
}

/// The set that takes the `a[i]` smallest numbers with `i` lies charged, for each `i`.
fn set_of(charged: &[usize], a: &[u64]) -> Vec<u64> {
    let mut left = a.to_vec();
    let mut set = Vec::new();
    for (k, &c) in charged.iter().enumerate() {
        if c < left.len() && left[c] > 0 {
            left[c] -= 1;
            set.push(k as u64 + 1);
        }
    }
    set
}

/// The charges after `answer` to "is it in `set`?": a number gains a lie where the answer is
/// false for it (at most `lies + 1`, ruled out).
pub fn charge(charged: &mut [usize], set: &[u64], answer: Answer, lies: usize) {
    let mut inside = vec![false; charged.len()];
    for &x in set {
        if let Some(slot) = inside.get_mut((x as usize).wrapping_sub(1)) {
            *slot = true;
        }
    }
    for (c, i) in charged.iter_mut().zip(inside) {
        if (answer == Answer::Yes) != i {
            *c = (*c + 1).min(lies + 1);
        }
    }
}

/// The numbers with at most `lies` lies charged.
fn alive(charged: &[usize], lies: usize) -> Vec<u64> {
    (1..=charged.len() as u64)
        .filter(|&x| charged[x as usize - 1] <= lies)
        .collect()
}

/// Whether the game is over with `q` questions left: no number or no question is left, or one
/// number is, and even "no" to every question left would not rule it out.
fn settled(charged: &[usize], q: u32, lies: usize) -> bool {
    match alive(charged, lies)[..] {
        [] => true,
        [x] => charged[x as usize - 1] + q as usize <= lies,
        _ => q == 0,
    }
}

/// duel's next question: the strategy's while several numbers are left, else "is it x?" about
/// the one left.
fn ask(
    strategy: &mut Strategy,
    q: u32,
    charged: &[usize],
    lies: usize,
) -> Result<Vec<u64>, LiarError> {
    match alive(charged, lies)[..] {
        [x] => Ok(vec![x]),
        _ => strategy.question(q, charged),
    }
}

/// Replays `request`: duel's questions, Carole's answers, and the next question or the end.
/// Refused when the setup is out of the page's limits or answers are given after the end.
pub fn carole(request: &CaroleRequest) -> Result<CaroleAnswer, LiarError> {
    let &CaroleRequest { n, lies, .. } = request;
    if n == 0 || n > MAX_N || lies > MAX_PAGE_LIES {
        return Err(LiarError::TooLarge(TooLarge::CarolePage {
            n,
            lies,
            max_n: MAX_N,
            max_lies: MAX_PAGE_LIES,
        }));
    }
    let budget = page_budget();
    let min = min_questions(n, lies, budget)?;
    let mut strategy = Strategy::new(lies, budget)?;
    let mut charged = vec![0usize; n as usize];
    let mut q = min.questions;
    let mut rounds = Vec::new();
    for (k, &answer) in request.answers.iter().enumerate() {
        if settled(&charged, q, lies) {
            return Err(LiarError::TooLarge(TooLarge::Answers {
                over_after: k,
                given: request.answers.len(),
            }));
        }
        let set = ask(&mut strategy, q, &charged, lies)?;
        charge(&mut charged, &set, answer, lies);
        q -= 1;
        rounds.push(Round {
            text: ranges(&set),
            question: set,
            answer,
            counts: counts_of(&charged, lies),
            volume: strategy.volume(q, &charged).to_string(),
            bound: (1u128 << q).to_string(),
        });
    }
    let left = alive(&charged, lies);
    let (verdict, number, next) = if left.is_empty() {
        (Verdict::Inconsistent, None, None)
    } else if q == 0 && left.len() > 1 {
        (Verdict::Undecided, None, None)
    } else if settled(&charged, q, lies) {
        (Verdict::Found, Some(left[0]), None)
    } else {
        (
            Verdict::Asking,
            None,
            Some(ask(&mut strategy, q, &charged, lies)?),
        )
    };
    Ok(CaroleAnswer {
        n,
        lies,
        questions: min.questions,
        certified: min.certified,
        rounds,
        counts: counts_of(&charged, lies),
        questions_left: q,
        volume: strategy.volume(q, &charged).to_string(),
        bound: (1u128 << q).to_string(),
        next_text: next.as_deref().map(ranges),
        next,
        verdict,
        number,
        charged,
    })
}
