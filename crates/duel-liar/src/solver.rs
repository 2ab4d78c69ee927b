//! The exhaustive solver: who wins from `(q; x)`, with Paul's winning question or Carole's
//! winning answer. It is the ground truth the strategies and the paper's corollaries are
//! checked against.
//!
//! Pruning, each step proved sound:
//!
//! - the volume bound ([`settled`]): in the original game Paul loses when `V_q(x) > 2^q`; in
//!   the pathological game when `V_q(x) < 2^q`; so Paul only tries questions whose two
//!   successors both satisfy the bound at `q − 1`. `V′ = base + Σ a_i d_i` is linear in `a`
//!   with `d_i = C(q−1, e−i) ≥ 0`, so those questions are enumerated class by class as
//!   intervals, never by scanning all `Π (x_i + 1)` questions;
//! - symmetry: `a` and `x − a` give the same two successors swapped, so only questions whose
//!   `Yes` successor is the heavier (`V′ ≥ V″`) are tried;
//! - monotonicity in the objects: removing an object never hurts Paul in the original game
//!   and never helps him in the pathological one, so a proved neighbour `x ± e_i` in the memo
//!   can decide `x` (it saves memory more than time: 12.7 → 8.1 MB on the three-lie table);
//! - memoisation on the packed state.
//!
//! The same engine runs in a heuristic mode ([`Policy::heuristic`]) for instances too large
//! for exhaustive search: at large states it tries only a few volume-balancing questions. A
//! win it finds is still a proof (both answers are searched to the end); a failure there is
//! only "unknown".

use super::key::{Memo, Packer};
use super::state::{
    settled, successors, successors_into, Answer, LiarError, Stop, Variant, Weights, MAX_LIES,
};
pub use crate::limits::{DEFAULT_MAX_STATES, WORK_PER_STATE};

/// A visitor of candidate questions: `Ok(true)` stops the enumeration.
type Visit<'a> = dyn FnMut(&mut Solver, &[u64]) -> Result<bool, LiarError> + 'a;

/// What the search knows about a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Paul has a strategy that wins against every answer.
    PaulWins,
    /// Carole has a strategy that wins against every question.
    CaroleWins,
    /// The heuristic search found no win for Paul but did not try every question.
    Unknown,
}

/// Which questions the engine tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// States with at most this many surviving objects are searched exhaustively.
    pub exhaustive_total: u64,
    /// At larger states, how many volume-balancing questions are tried.
    pub width: usize,
}

impl Policy {
    /// Every question, everywhere: the ground truth.
    pub const EXHAUSTIVE: Policy = Policy {
        exhaustive_total: u64::MAX,
        width: usize::MAX,
    };

    /// Exhaustive below `exhaustive_total` survivors, `width` balanced questions above.
    pub fn heuristic(exhaustive_total: u64, width: usize) -> Self {
        Policy {
            exhaustive_total,
            width,
        }
    }
}

/// A memoised solver for one game (variant and number of lies).
pub struct Solver {
    variant: Variant,
    weights: Weights,
    packer: Packer,
    policy: Policy,
    memo: Memo<Outcome>,
    max_states: usize,
    work: u64,
    max_work: u64,
    /// Whether `max_work` is the default `WORK_PER_STATE · max_states` (then its stop is
    /// reported as the memo budget's).
    work_of_states: bool,
}

impl Solver {
    /// An exhaustive solver with the default memory budget.
    pub fn new(variant: Variant, lies: usize) -> Result<Self, LiarError> {
        Self::with_policy(variant, lies, Policy::EXHAUSTIVE, DEFAULT_MAX_STATES)
    }

    /// A solver with a question policy and a budget of memo entries.
    pub fn with_policy(
        variant: Variant,
        lies: usize,
        policy: Policy,
        max_states: usize,
    ) -> Result<Self, LiarError> {
        Ok(Solver {
            variant,
            weights: Weights::new(lies)?,
            packer: Packer::new(lies),
            policy,
            memo: Memo::new(),
            max_states,
            work: 0,
            max_work: (max_states as u64).saturating_mul(WORK_PER_STATE),
            work_of_states: true,
        })
    }

    /// The game's variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The number of lies.
    pub fn lies(&self) -> usize {
        self.weights.lies()
    }

    /// The class weights used.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Sets the time budget: the number of search steps (questions and enumeration nodes
    /// visited) after which the search stops with [`Stop::Steps`]. Without it the search may
    /// take [`WORK_PER_STATE`] steps per memo entry of its budget, and stops with
    /// [`Stop::StepsOfStates`].
    pub fn set_max_steps(&mut self, steps: u64) {
        self.max_work = steps;
        self.work_of_states = false;
    }

    /// Search steps taken so far.
    pub fn steps(&self) -> u64 {
        self.work
    }

    /// States stored so far.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Who wins from `(q; counts)` (exhaustive policy: never `Unknown`).
    pub fn outcome(&mut self, q: u32, counts: &[u64]) -> Result<Outcome, LiarError> {
        self.weights.check_state(q, counts)?;
        self.packer.key(q, counts)?;
        self.solve(q, counts)
    }

    /// Whether Paul wins from `(q; counts)`; an error if the heuristic policy cannot tell.
    pub fn paul_wins(&mut self, q: u32, counts: &[u64]) -> Result<bool, LiarError> {
        match self.outcome(q, counts)? {
            Outcome::PaulWins => Ok(true),
            Outcome::CaroleWins => Ok(false),
            Outcome::Unknown => Err(LiarError::HeuristicUndecided),
        }
    }

    /// A question with which Paul wins from `(q; counts)`, or `None` if he has none (or the
    /// heuristic found none). When the state is already decided in Paul's favour any question
    /// wins; a balanced one is returned.
    pub fn winning_question(
        &mut self,
        q: u32,
        counts: &[u64],
    ) -> Result<Option<Vec<u64>>, LiarError> {
        if q == 0 {
            return Ok(None);
        }
        if self.outcome(q, counts)? != Outcome::PaulWins {
            return Ok(None);
        }
        if settled(self.variant, &self.weights, q, counts).is_some() {
            return Ok(Some(balanced_question(&self.weights, q, counts)));
        }
        let mut found = None;
        self.for_each_candidate(q, counts, &mut |solver, a| {
            let (yes, no) = successors(counts, a);
            if solver.solve(q - 1, &yes)? == Outcome::PaulWins
                && solver.solve(q - 1, &no)? == Outcome::PaulWins
            {
                found = Some(a.to_vec());
                return Ok(true);
            }
            Ok(false)
        })?;
        Ok(found)
    }

    /// The answer with which Carole wins after Paul asks `question` at `(q; counts)`, or
    /// `None` if Paul wins whatever she answers.
    pub fn winning_answer(
        &mut self,
        q: u32,
        counts: &[u64],
        question: &[u64],
    ) -> Result<Option<Answer>, LiarError> {
        super::state::check_question(counts, question)?;
        if q == 0 {
            return Err(LiarError::NoQuestionLeft);
        }
        self.weights.check_state(q, counts)?;
        let (yes, no) = successors(counts, question);
        if self.outcome(q - 1, &yes)? == Outcome::CaroleWins {
            return Ok(Some(Answer::Yes));
        }
        if self.outcome(q - 1, &no)? == Outcome::CaroleWins {
            return Ok(Some(Answer::No));
        }
        Ok(None)
    }

    fn solve(&mut self, q: u32, counts: &[u64]) -> Result<Outcome, LiarError> {
        if let Some(win) = settled(self.variant, &self.weights, q, counts) {
            return Ok(if win {
                Outcome::PaulWins
            } else {
                Outcome::CaroleWins
            });
        }
        let key = self.packer.key(q, counts)?;
        if let Some(o) = self.memo.get(&key) {
            return Ok(o);
        }
        if let Some(o) = self.by_monotonicity(q, counts)? {
            return Ok(o);
        }
        let mut unknown = false;
        let mut win = false;
        self.for_each_candidate(q, counts, &mut |solver, a| {
            solver.step()?;
            // On the stack: this runs once per question tried, the hot loop of the search.
            let k = counts.len();
            let (mut yes, mut no) = ([0u64; MAX_LIES + 1], [0u64; MAX_LIES + 1]);
            successors_into(counts, a, &mut yes[..k], &mut no[..k]);
            // The Yes successor is the heavier: in the original game it is the likelier
            // to lose, in the pathological game the lighter one is.
            let (first, second) = match solver.variant {
                Variant::Original => (&yes[..k], &no[..k]),
                Variant::Pathological => (&no[..k], &yes[..k]),
            };
            match solver.solve(q - 1, first)? {
                Outcome::CaroleWins => return Ok(false),
                Outcome::Unknown => {
                    unknown = true;
                    return Ok(false);
                }
                Outcome::PaulWins => {}
            }
            match solver.solve(q - 1, second)? {
                Outcome::CaroleWins => Ok(false),
                Outcome::Unknown => {
                    unknown = true;
                    Ok(false)
                }
                Outcome::PaulWins => {
                    win = true;
                    Ok(true)
                }
            }
        })?;
        let total: u64 = counts.iter().sum();
        let outcome = if win {
            Outcome::PaulWins
        } else if unknown || total > self.policy.exhaustive_total {
            Outcome::Unknown
        } else {
            Outcome::CaroleWins
        };
        self.memo.insert(key, outcome, self.max_states)?;
        Ok(outcome)
    }

    /// Counts one search step; an error once the time budget is spent.
    #[inline]
    fn step(&mut self) -> Result<(), LiarError> {
        self.work += 1;
        if self.work <= self.max_work {
            return Ok(());
        }
        Err(LiarError::Stopped(if self.work_of_states {
            Stop::StepsOfStates {
                steps: self.max_work,
                max_states: self.max_states,
            }
        } else {
            Stop::Steps {
                limit: self.max_work,
                states: self.memo.len(),
            }
        }))
    }

    /// Decides `(q; x)` from a known neighbour, by monotonicity in the objects: removing an
    /// object never hurts Paul in the original game (he plays his strategy for the larger set,
    /// and survivors form a subset) and never helps him in the pathological game (the extra
    /// object can be ignored). So in the original game Paul wins at `x` if he wins at
    /// `x + e_i`, and Carole wins at `x` if she wins at `x − e_i`; the reverse in the
    /// pathological game. Only proved outcomes are used.
    ///
    /// A Paul win is taken from a neighbour only where every question is searched (the
    /// exhaustive regime), so that [`Solver::winning_question`] can always name his question.
    fn by_monotonicity(&self, q: u32, counts: &[u64]) -> Result<Option<Outcome>, LiarError> {
        let total: u64 = counts.iter().sum();
        let paul_from_neighbour = total <= self.policy.exhaustive_total;
        let mut y = counts.to_vec();
        for i in 0..counts.len() {
            let (more, fewer) = match self.variant {
                Variant::Original => (Outcome::PaulWins, Outcome::CaroleWins),
                Variant::Pathological => (Outcome::CaroleWins, Outcome::PaulWins),
            };
            let usable = |o: Outcome| o == Outcome::CaroleWins || paul_from_neighbour;
            y[i] = counts[i] + 1;
            if usable(more) && self.memo.get(&self.packer.key(q, &y)?) == Some(more) {
                return Ok(Some(more));
            }
            if counts[i] > 0 {
                y[i] = counts[i] - 1;
                if usable(fewer) && self.memo.get(&self.packer.key(q, &y)?) == Some(fewer) {
                    return Ok(Some(fewer));
                }
            }
            y[i] = counts[i];
        }
        Ok(None)
    }

    /// Calls `f` on the candidate questions at an unsettled state `(q; counts)`, `q ≥ 1`, most
    /// balanced first, until it returns `true`.
    fn for_each_candidate(
        &mut self,
        q: u32,
        counts: &[u64],
        f: &mut Visit<'_>,
    ) -> Result<(), LiarError> {
        let total: u64 = counts.iter().sum();
        let (lo, hi) = match window(self.variant, &self.weights, q, counts) {
            Some(w) => w,
            None => return Ok(()),
        };
        if total > self.policy.exhaustive_total {
            let cands = balanced_candidates(&self.weights, q, counts, lo, hi, self.policy.width);
            for a in cands {
                if f(self, &a)? {
                    return Ok(());
                }
            }
            return Ok(());
        }
        // Exhaustive: the balanced questions first (they usually win), then every question of
        // the window, class by class (duplicates of the first ones only cost memo look-ups).
        for a in balanced_candidates(&self.weights, q, counts, lo, hi, usize::MAX) {
            if f(self, &a)? {
                return Ok(());
            }
        }
        let (base, d) = linear_form(&self.weights, q, counts);
        let e = counts.len() - 1;
        let mut rest = vec![0u128; e + 2];
        for i in (0..=e).rev() {
            rest[i] = rest[i + 1] + u128::from(counts[i]) * d[i];
        }
        let mut prefix = vec![0u64; e + 1];
        let ctx = Window {
            counts,
            d: &d,
            rest: &rest,
            lo,
            hi,
        };
        self.enumerate(&ctx, 0, base, &mut prefix, f)?;
        Ok(())
    }

    /// Calls `f` on every question of the window whose classes before `i` are `prefix[..i]`;
    /// `Ok(true)` once `f` accepted one.
    fn enumerate(
        &mut self,
        w: &Window<'_>,
        i: usize,
        sum: u128,
        prefix: &mut Vec<u64>,
        f: &mut Visit<'_>,
    ) -> Result<bool, LiarError> {
        self.step()?;
        let x = w.counts[i];
        // a_i d_i must satisfy lo − sum − rest[i+1] ≤ a_i d_i ≤ hi − sum.
        if sum > w.hi {
            return Ok(false);
        }
        let (amin, amax) = if w.d[i] == 0 {
            if sum + w.rest[i + 1] < w.lo {
                return Ok(false);
            }
            (0, x)
        } else {
            let need = w.lo.saturating_sub(sum + w.rest[i + 1]);
            let amin = need.div_ceil(w.d[i]);
            let amax = ((w.hi - sum) / w.d[i]).min(u128::from(x));
            if amin > amax {
                return Ok(false);
            }
            (amin as u64, amax as u64)
        };
        let last = i + 1 == w.counts.len();
        for a in amin..=amax {
            prefix[i] = a;
            let accepted = if last {
                f(self, prefix)?
            } else {
                self.enumerate(w, i + 1, sum + u128::from(a) * w.d[i], prefix, f)?
            };
            if accepted {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The data of one window enumeration.
struct Window<'a> {
    counts: &'a [u64],
    d: &'a [u128],
    rest: &'a [u128],
    lo: u128,
    hi: u128,
}

/// The interval `[lo, hi]` of `Yes`-successor volumes `V′` that Paul may aim for at `(q; x)`:
/// both successors within the volume bound at `q − 1`, and `V′ ≥ V″` (symmetry). `None` when
/// empty.
pub fn window(variant: Variant, w: &Weights, q: u32, counts: &[u64]) -> Option<(u128, u128)> {
    let v = w.volume(q, counts)?;
    let half = 1u128 << (q - 1);
    let ceil_half = v.div_ceil(2);
    let (lo, hi) = match variant {
        Variant::Original => (ceil_half.max(v.saturating_sub(half)), half),
        Variant::Pathological => (ceil_half.max(half), v.checked_sub(half)?),
    };
    (lo <= hi).then_some((lo, hi))
}

/// `base` and the `d_i` of `V′(a) = base + Σ a_i d_i` at `(q; x)`.
fn linear_form(w: &Weights, q: u32, counts: &[u64]) -> (u128, Vec<u128>) {
    let e = counts.len() - 1;
    let mut base = 0u128;
    let mut d = Vec::with_capacity(e + 1);
    for (i, &x) in counts.iter().enumerate() {
        base += u128::from(x) * w.weight(q - 1, i + 1);
        d.push(w.weight(q - 1, i) - w.weight(q - 1, i + 1));
    }
    (base, d)
}

/// Builds a question that halves every class and corrects the volume imbalance with the
/// lighter classes: class by class, `a_i` is the count closest to reaching the target `V′`
/// if the classes after `i` are split in half. `pin` forces one class to a value.
fn greedy(
    counts: &[u64],
    d: &[u128],
    rest: &[u128],
    base: u128,
    target: u128,
    pin: Option<(usize, u64)>,
) -> Vec<u64> {
    let mut a = vec![0u64; counts.len()];
    let mut sum = base as i128;
    for i in 0..counts.len() {
        let x = counts[i];
        let ai = match pin {
            Some((j, v)) if j == i => v.min(x),
            _ => {
                if d[i] == 0 {
                    x / 2
                } else {
                    // round((2(target − sum) − rest[i+1]) / (2 d_i)), clamped to [0, x_i].
                    let num = 2 * (target as i128 - sum) - rest[i + 1] as i128;
                    let den = 2 * d[i] as i128;
                    let r = (num + den / 2).div_euclid(den);
                    r.clamp(0, x as i128) as u64
                }
            }
        };
        a[i] = ai;
        sum += (u128::from(ai) * d[i]) as i128;
    }
    a
}

/// Up to `width` volume-balancing questions inside the window `[lo, hi]`, most balanced first.
fn balanced_candidates(
    w: &Weights,
    q: u32,
    counts: &[u64],
    lo: u128,
    hi: u128,
    width: usize,
) -> Vec<Vec<u64>> {
    let (base, d) = linear_form(w, q, counts);
    let e = counts.len() - 1;
    let mut rest = vec![0u128; e + 2];
    for i in (0..=e).rev() {
        rest[i] = rest[i + 1] + u128::from(counts[i]) * d[i];
    }
    // V_q(x) = V′ + V″ = Σ x_i (W(q−1, i) + W(q−1, i+1)) = rest[0] + 2 base (Pascal's rule).
    let v = rest[0] + 2 * base;
    let target = v.div_ceil(2);
    let first = greedy(counts, &d, &rest, base, target, None);
    let mut pool = vec![first.clone()];
    for i in 0..=e {
        for delta in [-1i64, 1, -2, 2] {
            let val = first[i] as i64 + delta;
            if val >= 0 && val as u64 <= counts[i] {
                pool.push(greedy(
                    counts,
                    &d,
                    &rest,
                    base,
                    target,
                    Some((i, val as u64)),
                ));
            }
        }
    }
    let mut scored: Vec<(u128, Vec<u64>)> = Vec::new();
    for mut a in pool {
        let mut yv = base;
        for i in 0..=e {
            yv += u128::from(a[i]) * d[i];
        }
        if 2 * yv < v {
            // Use the mirror question so that the Yes successor is the heavier.
            for i in 0..=e {
                a[i] = counts[i] - a[i];
            }
            yv = v - yv;
        }
        if yv >= lo && yv <= hi && !scored.iter().any(|(_, b)| *b == a) {
            scored.push((yv, a));
        }
    }
    scored.sort_by_key(|(yv, _)| *yv);
    scored.into_iter().take(width).map(|(_, a)| a).collect()
}

/// The most volume-balanced question the greedy rule finds at `(q; x)`, `q ≥ 1` (legal, not
/// necessarily winning).
pub fn balanced_question(w: &Weights, q: u32, counts: &[u64]) -> Vec<u64> {
    let all = balanced_candidates(w, q, counts, 0, u128::MAX, 1);
    all.into_iter()
        .next()
        .unwrap_or_else(|| counts.iter().map(|x| x / 2).collect())
}
