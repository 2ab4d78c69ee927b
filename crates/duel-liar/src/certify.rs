//! Certification of a Paul strategy: a proof, by recursion over count-vector states, that a
//! strategy (a function from state to question) wins against every Carole.
//!
//! The recursion asks the strategy at each state it reaches and follows both answers, with a
//! memo on the state, so it visits each reachable count vector once instead of the `2^q`
//! answer sequences. It stops a branch early only on facts that hold for every strategy
//! ([`settled`]): a win when the game is already decided for Paul, a failure when the volume
//! bound shows Carole wins from there whatever Paul asks.

use serde::Serialize;

use super::key::{Memo, Packer};
use super::state::{check_question, settled, successors, Answer, LiarError, Variant, Weights};

/// The verdict on a strategy from one start state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Certificate {
    /// Whether the strategy wins against every sequence of answers.
    pub holds: bool,
    /// Distinct states the proof visited.
    pub states: usize,
    /// When it fails: answers that lead to a lost state, with the questions asked.
    pub counterexample: Vec<(Vec<u64>, Answer)>,
}

/// Proves or refutes that `strategy` wins from `(q; counts)`, with at most `max_states`
/// memo entries. The strategy's questions are checked for legality (an illegal question is an
/// error, not a loss).
pub fn certify<F>(
    variant: Variant,
    lies: usize,
    q: u32,
    counts: &[u64],
    max_states: usize,
    strategy: F,
) -> Result<Certificate, LiarError>
where
    F: FnMut(u32, &[u64]) -> Result<Vec<u64>, LiarError>,
{
    let mut c = Certifier::new(variant, lies, max_states, strategy)?;
    c.certify(q, counts)
}

/// A certifier that keeps its memo between start states (the memo depends only on the
/// strategy, so one certifier can prove a whole range of start states).
pub struct Certifier<F> {
    variant: Variant,
    weights: Weights,
    packer: Packer,
    memo: Memo<bool>,
    max_states: usize,
    strategy: F,
}

impl<F> Certifier<F>
where
    F: FnMut(u32, &[u64]) -> Result<Vec<u64>, LiarError>,
{
    /// A certifier for `strategy` in one game.
    pub fn new(
        variant: Variant,
        lies: usize,
        max_states: usize,
        strategy: F,
    ) -> Result<Self, LiarError> {
        Ok(Certifier {
            variant,
            weights: Weights::new(lies)?,
            packer: Packer::new(lies),
            memo: Memo::new(),
            max_states,
            strategy,
        })
    }

    /// States in the memo.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Proves or refutes that the strategy wins from `(q; counts)`.
    pub fn certify(&mut self, q: u32, counts: &[u64]) -> Result<Certificate, LiarError> {
        self.weights.check_state(q, counts)?;
        self.packer.key(q, counts)?;
        let holds = self.wins(q, counts)?;
        let mut counterexample = Vec::new();
        if !holds {
            let (mut q, mut x) = (q, counts.to_vec());
            while settled(self.variant, &self.weights, q, &x).is_none() {
                let a = (self.strategy)(q, &x)?;
                let (yes, no) = successors(&x, &a);
                let answer = if !self.wins(q - 1, &yes)? {
                    Answer::Yes
                } else {
                    Answer::No
                };
                counterexample.push((a, answer));
                x = if answer == Answer::Yes { yes } else { no };
                q -= 1;
            }
        }
        Ok(Certificate {
            holds,
            states: self.memo.len(),
            counterexample,
        })
    }

    fn wins(&mut self, q: u32, counts: &[u64]) -> Result<bool, LiarError> {
        if let Some(win) = settled(self.variant, &self.weights, q, counts) {
            return Ok(win);
        }
        let key = self.packer.key(q, counts)?;
        if let Some(w) = self.memo.get(&key) {
            return Ok(w);
        }
        let a = (self.strategy)(q, counts)?;
        check_question(counts, &a)?;
        let (yes, no) = successors(counts, &a);
        let win = self.wins(q - 1, &yes)? && self.wins(q - 1, &no)?;
        self.memo.insert(key, win, self.max_states)?;
        Ok(win)
    }
}
