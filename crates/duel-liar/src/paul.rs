//! The liar game with the person as Paul: Paul picks a set of numbers each round, and duel
//! answers as Carole, an adversary who keeps the larger Berlekamp volume (Ellis, Ponomarenko
//! & Yan, section 2: the volume is conserved, `V_q(x) = V_{q−1}(x′) + V_{q−1}(x″)`, so Paul
//! cannot win once it exceeds `2^q`). The game is replayed from its setup and Paul's questions
//! each time; [`paul`] answers every round with its volume against `2^q` and the verdict.
//!
//! ```
//! use duel_liar::paul::{paul, PaulRequest};
//!
//! // One lie about 1..=8 in 6 questions: V_6 = 8·(1 + 6) = 56 ≤ 2^6, not ruled out.
//! let answer = paul(&PaulRequest { n: 8, lies: 1, questions: 6, asked: vec![] })?;
//! assert_eq!((answer.volume.as_str(), answer.bound.as_str()), ("56", "64"));
//! # Ok::<(), duel_liar::LiarError>(())
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::state::{Answer, LiarError, TooLarge, Weights};

/// The largest `n` of a game played on a page.
pub const MAX_N: u64 = 1024;
/// The most lies of a game played on a page.
pub const MAX_PAGE_LIES: usize = 3;
/// The most questions of a game played on a page (`2^q` and every volume fit in `u128`).
pub const MAX_PAGE_QUESTIONS: u32 = 60;

/// A game: Carole thinks of a number from 1 to `n` and may lie `lies` times in `questions`
/// answers; `asked` holds Paul's questions so far (each a set of numbers).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct PaulRequest {
    /// The numbers are 1 to n.
    pub n: u64,
    /// The most lies Carole may tell.
    pub lies: usize,
    /// The questions Paul may ask.
    pub questions: u32,
    /// Paul's questions: "is your number in this set?".
    pub asked: Vec<Vec<u64>>,
}

/// One round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    /// Paul's set.
    pub question: Vec<u64>,
    /// Carole's answer.
    pub answer: Answer,
    /// The state after it: how many numbers have 0, 1, … lies charged.
    pub counts: Vec<u64>,
    /// Its Berlekamp volume with the questions left.
    pub volume: String,
    /// `2^q` for the questions left.
    pub bound: String,
}

/// The game after Paul's questions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PaulAnswer {
    /// The numbers are 1 to n.
    pub n: u64,
    /// The most lies.
    pub lies: usize,
    /// Every round so far.
    pub rounds: Vec<Round>,
    /// For each number 1..=n, the lies Carole would have told were it hers (`lies + 1`: out).
    pub charged: Vec<usize>,
    /// How many numbers have 0, 1, … lies charged.
    pub counts: Vec<u64>,
    /// Questions left.
    pub questions_left: u32,
    /// The Berlekamp volume of the state with the questions left.
    pub volume: String,
    /// `2^q` for the questions left.
    pub bound: String,
    /// `paul` (one number left at the end), `carole` (more than one left at the end, or the
    /// volume above `2^q`: Paul can no longer win), or `open` (the volume bound does not rule
    /// Paul out).
    pub verdict: Standing,
}

/// Where a game played as Paul stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Standing {
    /// Paul has won: one number is left at the end.
    Paul,
    /// Carole has won, or Paul can no longer win.
    Carole,
    /// The volume bound does not rule Paul out.
    Open,
}

impl Standing {
    /// `paul`, `carole` or `open`, as in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Standing::Paul => "paul",
            Standing::Carole => "carole",
            Standing::Open => "open",
        }
    }
}

impl fmt::Display for Standing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn counts_of(charged: &[usize], lies: usize) -> Vec<u64> {
    let mut counts = vec![0u64; lies + 1];
    for &c in charged {
        if c <= lies {
            counts[c] += 1;
        }
    }
    counts
}

/// Replays `request`: each question answered by the adversary; refused when the setup is
/// out of the page's limits, a set names a number outside 1..=n, or more questions are asked
/// than allowed.
pub fn paul(request: &PaulRequest) -> Result<PaulAnswer, LiarError> {
    let &PaulRequest {
        n, lies, questions, ..
    } = request;
    if n == 0 || n > MAX_N || lies > MAX_PAGE_LIES || questions > MAX_PAGE_QUESTIONS {
        return Err(LiarError::TooLarge(TooLarge::Page {
            n,
            lies,
            questions,
            max_n: MAX_N,
            max_lies: MAX_PAGE_LIES,
            max_questions: MAX_PAGE_QUESTIONS,
        }));
    }
    if request.asked.len() > questions as usize {
        return Err(LiarError::TooLarge(TooLarge::Asked {
            asked: request.asked.len(),
            allowed: questions,
        }));
    }
    let w = Weights::new(lies)?;
    let volume = |q: u32, counts: &[u64]| w.volume(q, counts).unwrap_or(u128::MAX);
    let mut charged = vec![0usize; n as usize];
    let mut rounds = Vec::new();
    let mut q = questions;
    for set in &request.asked {
        let mut inside = vec![false; n as usize];
        for &x in set {
            if x == 0 || x > n {
                return Err(LiarError::TooLarge(TooLarge::Number { number: x, n }));
            }
            inside[(x - 1) as usize] = true;
        }
        // The charges after each answer: a number gains a lie where the answer is false for it.
        let after = |answer: Answer| -> Vec<usize> {
            charged
                .iter()
                .zip(&inside)
                .map(|(&c, &i)| {
                    let lie = (answer == Answer::Yes) != i;
                    (c + usize::from(lie)).min(lies + 1)
                })
                .collect()
        };
        q -= 1;
        let (yes, no) = (after(Answer::Yes), after(Answer::No));
        let (vy, vn) = (
            volume(q, &counts_of(&yes, lies)),
            volume(q, &counts_of(&no, lies)),
        );
        let answer = if vy >= vn { Answer::Yes } else { Answer::No };
        charged = if answer == Answer::Yes { yes } else { no };
        let counts = counts_of(&charged, lies);
        rounds.push(Round {
            question: set.clone(),
            answer,
            volume: volume(q, &counts).to_string(),
            bound: (1u128 << q).to_string(),
            counts,
        });
    }
    let counts = counts_of(&charged, lies);
    let alive: u64 = counts.iter().sum();
    let v = volume(q, &counts);
    let verdict = if q == 0 {
        if alive <= 1 {
            Standing::Paul
        } else {
            Standing::Carole
        }
    } else if v > 1u128 << q {
        Standing::Carole
    } else {
        Standing::Open
    };
    Ok(PaulAnswer {
        n,
        lies,
        rounds,
        charged,
        counts,
        questions_left: q,
        volume: v.to_string(),
        bound: (1u128 << q).to_string(),
        verdict,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_adversary_keeps_the_larger_volume_and_volumes_are_conserved() {
        let mut r = PaulRequest {
            n: 16,
            lies: 1,
            questions: 9,
            asked: vec![],
        };
        // Ellis et al.: V_9(16, 0) = 16 · (1 + 9) = 160 ≤ 512.
        let a = paul(&r).unwrap();
        assert_eq!((a.volume.as_str(), a.verdict), ("160", Standing::Open));
        r.asked.push((1..=8).collect());
        let b = paul(&r).unwrap();
        // The halves are symmetric: 8 · 9 + 8 = 80 either way, half of 160.
        assert_eq!(b.volume, "80");
        assert_eq!(b.counts, vec![8, 8]);
        // A question of nothing: the adversary answers "no" and charges no one.
        r.asked.push(vec![]);
        let c = paul(&r).unwrap();
        assert_eq!(c.rounds[1].answer, Answer::No);
        assert_eq!(c.counts, vec![8, 8]);
        assert!(paul(&PaulRequest { n: 0, ..r.clone() }).is_err());
        r.asked.push(vec![17]);
        assert!(paul(&r).is_err());
    }
}
