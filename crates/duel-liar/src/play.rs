//! One play: Paul's questions against Carole's volume-greedy answers.

use std::fmt;

use serde::Serialize;

use super::solver::{balanced_question, Policy, Solver};
use super::splitting::splitting_strategy;
use super::state::{start, successors, Answer, LiarError, Variant, Weights};
use super::winner::Winner;

/// One round of a play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
///
/// The fields are in alphabetical order, the order of the keys of `duel liar strategy --json`.
pub struct Round {
    /// Carole's answer.
    pub answer: Answer,
    /// Questions left before the round.
    pub q: u32,
    /// Paul's question.
    pub question: Vec<u64>,
    /// The state before the round.
    pub state: Vec<u64>,
    /// Its Berlekamp volume.
    pub volume: String,
}

/// A whole play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Play {
    /// The rounds.
    pub rounds: Vec<Round>,
    /// The final state (`q = 0`).
    pub last: Vec<u64>,
    /// `paul` or `carole`.
    pub winner: Winner,
    /// Which strategy Paul followed.
    pub strategy: Strategy,
}

/// The strategy Paul follows in a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Strategy {
    /// One lie: the paper's splitting question.
    #[serde(rename = "splitting strategy (Ellis, Ponomarenko & Yan)")]
    Splitting,
    /// More lies: the solver's winning question, volume-balancing where it has none.
    #[serde(rename = "solver (volume-balancing, exhaustive endgame)")]
    Solver,
}

impl Strategy {
    /// The strategy's description, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Splitting => "splitting strategy (Ellis, Ponomarenko & Yan)",
            Strategy::Solver => "solver (volume-balancing, exhaustive endgame)",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Plays `q` rounds from `n` objects. Paul asks the paper's splitting question for one lie,
/// otherwise the solver's winning question (volume-balancing where the solver has none);
/// Carole answers volume-greedily (the heavier successor in the original game, the lighter in
/// the pathological game; `Yes` on ties).
pub fn play(n: u64, q: u32, lies: usize, variant: Variant) -> Result<Play, LiarError> {
    let mut x = start(n, lies)?;
    let w = Weights::new(lies)?;
    w.check_state(q, &x)?;
    let mut solver = Solver::with_policy(variant, lies, Policy::heuristic(12, 3), 2_000_000)?;
    let strategy = if lies == 1 {
        Strategy::Splitting
    } else {
        Strategy::Solver
    };
    let mut rounds = Vec::new();
    for r in (1..=q).rev() {
        let a = if lies == 1 {
            splitting_strategy(variant, r, x[0], x[1]).to_vec()
        } else {
            match solver.winning_question(r, &x) {
                Ok(Some(a)) => a,
                // A search that stops on its budget leaves Paul the balanced question.
                Ok(None) | Err(LiarError::Stopped(_)) => balanced_question(&w, r, &x),
                Err(e) => return Err(e),
            }
        };
        let (yes, no) = successors(&x, &a);
        let vy = w.volume(r - 1, &yes).unwrap_or(0);
        let vn = w.volume(r - 1, &no).unwrap_or(0);
        let answer = match variant {
            Variant::Original if vn > vy => Answer::No,
            Variant::Pathological if vn < vy => Answer::No,
            _ => Answer::Yes,
        };
        rounds.push(Round {
            q: r,
            state: x.clone(),
            volume: w.volume(r, &x).unwrap_or(0).to_string(),
            question: a,
            answer,
        });
        x = if answer == Answer::Yes { yes } else { no };
    }
    let survivors: u64 = x.iter().sum();
    let paul = match variant {
        Variant::Original => survivors <= 1,
        Variant::Pathological => survivors >= 1,
    };
    Ok(Play {
        rounds,
        last: x,
        winner: Winner::paul_if(paul),
        strategy,
    })
}
