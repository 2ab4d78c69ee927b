//! Who wins on `n` objects, and the fewest questions Paul needs, with proved bounds.
//!
//! Lower bounds come from the volume bound and from exhaustive refutation; upper bounds from a
//! strategy found by the solver (exhaustive on small states, volume-balancing on large ones)
//! and then checked independently by [`certify`](crate::certify()).

use serde::Serialize;

use super::certify::certify;
use super::key::check_memo_budget;
use super::solver::{Outcome, Policy, Solver};
use super::state::{
    berlekamp_volume, check_question, settled, start, successors, two_pow, Answer, LiarError, Stop,
    TooLarge, Variant, Weights, MAX_QUESTIONS,
};
use super::winner::{Method, Winner};

/// The answer of `duel liar solve`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveResult {
    /// Objects (surviving objects when solving a state).
    pub n: u64,
    /// Questions.
    pub questions: u32,
    /// Lies allowed.
    pub lies: usize,
    /// The state `x_0, …, x_e` solved.
    pub state: Vec<u64>,
    /// `original` or `pathological`.
    pub variant: Variant,
    /// `paul` or `carole`.
    pub winner: Winner,
    /// The Berlekamp volume `V_q(n, 0, …, 0)`, exact, in decimal.
    pub volume: String,
    /// `2^q`, in decimal.
    pub bound: String,
    /// How it was decided: `volume bound`, `exhaustive search` or `certified strategy`.
    pub method: Method,
    /// States the search stored.
    pub states: usize,
    /// A first question with which Paul wins (when he does and a search found it).
    pub question: Option<Vec<u64>>,
}

/// Search settings for large instances. The two searches run one after the other, never at
/// once, so the memory of a budget is that of its larger memo budget.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Memo entries an exhaustive search may store before it gives up (memory: at most
    /// about [`BYTES_PER_ENTRY`](crate::BYTES_PER_ENTRY) bytes each).
    pub exhaustive_states: usize,
    /// Search steps an exhaustive search may take before it gives up (time: roughly 10^7
    /// steps a second).
    pub exhaustive_steps: u64,
    /// Memo entries the strategy search and the certificate of its strategy may store
    /// together.
    pub strategy_states: usize,
    /// Search steps the strategy search may take (its certificate takes no steps of its own:
    /// it asks the search).
    pub strategy_steps: u64,
    /// States with at most this many survivors are solved exhaustively inside the strategy
    /// search.
    pub endgame_total: u64,
    /// Volume-balancing questions tried at larger states.
    pub width: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            exhaustive_states: 4_000_000,
            exhaustive_steps: 40_000_000,
            strategy_states: 2_000_000,
            strategy_steps: 8_000_000,
            endgame_total: 12,
            width: 3,
        }
    }
}

impl Budget {
    /// The same limits for both searches: what `duel liar`'s `--max-states` and
    /// `--max-steps` set.
    pub fn uniform(max_states: usize, max_steps: u64) -> Self {
        Budget {
            exhaustive_states: max_states,
            exhaustive_steps: max_steps,
            strategy_states: max_states,
            strategy_steps: max_steps,
            ..Budget::default()
        }
    }

    /// Refuses budgets of nothing (they can decide nothing) and memo budgets whose memory,
    /// for `lies` lies and at most `n` objects, would pass
    /// [`MAX_MEMO_BYTES`](crate::MAX_MEMO_BYTES).
    pub fn check(&self, lies: usize, n: u64) -> Result<(), LiarError> {
        if self.exhaustive_states == 0 || self.strategy_states == 0 {
            return Err(LiarError::ZeroBudget {
                option: "--max-states",
            });
        }
        if self.exhaustive_steps == 0 || self.strategy_steps == 0 {
            return Err(LiarError::ZeroBudget {
                option: "--max-steps",
            });
        }
        check_memo_budget(self.exhaustive_states.max(self.strategy_states), lies, n)
    }
}

/// Who wins the `variant` game on `n` objects with `q` questions and `lies` lies.
///
/// Decided by the volume bound when it applies, else by exhaustive search within the budget,
/// else by searching for a Paul strategy and certifying it. An error says why it stopped if
/// none of these decides.
pub fn solve(
    n: u64,
    q: u32,
    lies: usize,
    variant: Variant,
    budget: Budget,
) -> Result<SolveResult, LiarError> {
    solve_state(&start(n, lies)?, q, variant, budget)
}

/// Who wins from any state `(q; x_0, …, x_e)` (`counts.len() = e + 1`, at least one object),
/// decided as in [`solve`]; `n` in the result is the number of surviving objects `Σ x_i`.
///
/// A state with no object is refused ([`LiarError::EmptyState`]): the game is played on a
/// set `[n]` of objects, one of which Paul searches for (Ellis, Ponomarenko & Yan, section 1),
/// so as a position to start from it means nothing, as `n = 0` does; it only arises as the
/// end of a play, decided without a question (see [`judge_question`]).
pub fn solve_state(
    counts: &[u64],
    q: u32,
    variant: Variant,
    budget: Budget,
) -> Result<SolveResult, LiarError> {
    if counts.is_empty() {
        return Err(LiarError::WrongClasses {
            lies: 0,
            expected: 1,
            got: 0,
        });
    }
    let lies = counts.len() - 1;
    if lies > super::state::MAX_LIES {
        return Err(LiarError::TooManyLies(lies));
    }
    let x = counts.to_vec();
    let n = counts
        .iter()
        .try_fold(0u64, |a, &c| a.checked_add(c))
        .ok_or(LiarError::TooLarge(TooLarge::Objects))?;
    if n == 0 {
        return Err(LiarError::EmptyState(counts.to_vec()));
    }
    budget.check(lies, n)?;
    // Beyond this even the exact volume bound would take long to write down.
    if q > 4096 {
        return Err(LiarError::TooManyQuestions(q));
    }
    let volume = berlekamp_volume(q, &x);
    let bound = two_pow(q);
    let mut out = SolveResult {
        n,
        questions: q,
        lies,
        state: x.clone(),
        variant,
        winner: Winner::Carole,
        volume: volume.to_string(),
        bound: bound.to_string(),
        method: Method::VolumeBound,
        states: 0,
        question: None,
    };
    let volume_loses = match variant {
        Variant::Original => volume > bound,
        Variant::Pathological => volume < bound,
    };
    if volume_loses {
        return Ok(out);
    }
    if q > MAX_QUESTIONS {
        return Err(LiarError::TooManyQuestions(q));
    }
    let mut exact =
        Solver::with_policy(variant, lies, Policy::EXHAUSTIVE, budget.exhaustive_states)?;
    exact.set_max_steps(budget.exhaustive_steps);
    let exhaustive = match exact.outcome(q, &x) {
        Ok(o) => {
            if o == Outcome::PaulWins {
                out.question = exact.winning_question(q, &x)?;
            }
            out.winner = Winner::paul_if(o == Outcome::PaulWins);
            out.method = Method::ExhaustiveSearch;
            out.states = exact.states();
            return Ok(out);
        }
        Err(LiarError::Stopped(stop)) => stop,
        Err(e) => return Err(e),
    };
    drop(exact);
    let strategy = match find_certified_strategy(variant, lies, q, &x, budget) {
        Ok((true, states, question)) => {
            out.question = question;
            out.winner = Winner::Paul;
            out.method = Method::CertifiedStrategy;
            out.states = states;
            return Ok(out);
        }
        Ok((false, _, _)) => None,
        Err(LiarError::Stopped(stop)) => Some(stop),
        Err(e) => return Err(e),
    };
    Err(LiarError::Undecided {
        exhaustive,
        strategy,
    })
}

/// Carole's verdict on Paul's question `question` at `(q; counts)`: the answer with which she
/// wins, or `None` if Paul wins whatever she answers. Each successor is decided as in
/// [`solve_state`], except one with no object left, which is decided at once: Paul has won
/// the original game there and lost the pathological one.
pub fn judge_question(
    counts: &[u64],
    q: u32,
    question: &[u64],
    variant: Variant,
    budget: Budget,
) -> Result<Option<Answer>, LiarError> {
    check_question(counts, question)?;
    if q == 0 {
        return Err(LiarError::NoQuestionLeft);
    }
    let (yes, no) = successors(counts, question);
    for (answer, y) in [(Answer::Yes, yes), (Answer::No, no)] {
        let paul = if y.iter().all(|&c| c == 0) {
            let w = Weights::new(y.len() - 1)?;
            settled(variant, &w, q - 1, &y) == Some(true)
        } else {
            solve_state(&y, q - 1, variant, budget)?.winner == Winner::Paul
        };
        if !paul {
            return Ok(Some(answer));
        }
    }
    Ok(None)
}

/// Searches for a Paul strategy from `(q; x)` (exhaustive on small states, volume-balancing on
/// large ones), then certifies it independently. Returns (certified, states of the
/// certificate, Paul's first question).
pub fn find_certified_strategy(
    variant: Variant,
    lies: usize,
    q: u32,
    x: &[u64],
    budget: Budget,
) -> Result<(bool, usize, Option<Vec<u64>>), LiarError> {
    let limit = budget.strategy_states;
    let mut search = Solver::with_policy(
        variant,
        lies,
        Policy::heuristic(budget.endgame_total, budget.width),
        limit,
    )?;
    search.set_max_steps(budget.strategy_steps);
    if search.outcome(q, x)? != Outcome::PaulWins {
        return Ok((false, search.states(), None));
    }
    let first = search.winning_question(q, x)?;
    // The certificate stores at most one entry per question it asks, so this keeps the two
    // memos within one budget together.
    let mut asked = 0usize;
    let cert = certify(variant, lies, q, x, limit, |q, y| {
        asked += 1;
        if search.states().saturating_add(asked) > limit {
            return Err(LiarError::Stopped(Stop::States { limit }));
        }
        Ok(search
            .winning_question(q, y)?
            .unwrap_or_else(|| y.iter().map(|c| c / 2).collect()))
    })?;
    Ok((cert.holds, cert.states, first))
}

/// The answer of `duel liar min-questions`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MinQuestions {
    /// Objects.
    pub n: u64,
    /// Lies allowed.
    pub lies: usize,
    /// The fewest questions with which Paul is known to win (the upper bound).
    pub questions: u32,
    /// Proved lower bound: Paul loses with fewer questions.
    pub lower: u32,
    /// Proved upper bound: a certified strategy wins with this many questions.
    pub upper: u32,
    /// `lower == upper`.
    pub certified: bool,
    /// The least `q` with `V_q(n, 0, …) ≤ 2^q`.
    pub volume_bound: u32,
    /// How each `q` from the volume bound to the upper bound was settled.
    pub steps: Vec<String>,
}

/// The fewest questions for Paul in the original game on `n` objects with `lies` lies, with
/// the proved bounds and the record of how each candidate `q` was settled.
pub fn min_questions(n: u64, lies: usize, budget: Budget) -> Result<MinQuestions, LiarError> {
    min_questions_with(n, lies, budget, &mut |_, _| {})
}

/// [`min_questions`], calling `progress(done, total)` before the first candidate `q` and after
/// each: `total` is the most candidates the scan may try (from the volume bound up to
/// [`MAX_QUESTIONS`]), each running at most two searches of `budget`'s steps (the strategy
/// search and the exhaustive refutation), so the scan takes at most
/// `total · (strategy_steps + exhaustive_steps)` steps (roughly 10^7 a second).
pub fn min_questions_with(
    n: u64,
    lies: usize,
    budget: Budget,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<MinQuestions, LiarError> {
    let x = start(n, lies)?;
    budget.check(lies, n)?;
    let vb = volume_bound_questions(&x)?;
    let mut scan = Scan {
        steps: Vec::new(),
        lower: vb,
        unknown: Vec::new(),
        last_stop: None,
    };
    if vb > 0 {
        scan.steps.push(format!(
            "q < {vb}: Carole wins by the volume bound (V_q > 2^q)"
        ));
    }
    let mut q = vb;
    let total = u64::from(MAX_QUESTIONS.saturating_sub(vb) + 1);
    progress(0, total);
    let upper = loop {
        if q > vb {
            progress(u64::from(q - vb), total);
        }
        if q > MAX_QUESTIONS {
            return Err(blame_budget(
                LiarError::TooManyQuestions(q),
                scan.lower,
                q,
                scan.last_stop,
            ));
        }
        if scan.settle(q, lies, &x, budget)? {
            break q;
        }
        q += 1;
    };
    Ok(MinQuestions {
        n,
        lies,
        questions: upper,
        lower: scan.lower,
        upper,
        certified: scan.lower == upper,
        volume_bound: vb,
        steps: scan.steps,
    })
}

/// The least `q` with `V_q(x) ≤ 2^q` (Berlekamp's volume bound), refused past
/// [`MAX_QUESTIONS`].
fn volume_bound_questions(x: &[u64]) -> Result<u32, LiarError> {
    let mut vb = 0u32;
    while berlekamp_volume(vb, x) > two_pow(vb) {
        vb += 1;
        if vb > MAX_QUESTIONS {
            return Err(LiarError::TooManyQuestions(vb));
        }
    }
    Ok(vb)
}

/// The scan of [`min_questions_with`] over the candidate `q`, from the volume bound up.
struct Scan {
    /// How each `q` was settled, in words.
    steps: Vec<String>,
    /// The proved lower bound so far: Carole wins with fewer questions.
    lower: u32,
    /// The `q` left undecided since the last refutation.
    unknown: Vec<u32>,
    /// The last budget stop, by which search: when the scan reaches the end of exact
    /// arithmetic without a strategy, that budget is what to raise, not the arithmetic.
    last_stop: Option<(&'static str, Stop)>,
}

impl Scan {
    /// Settles `q` on `x`: whether Paul wins with `q` questions (a certified strategy or the
    /// exhaustive search), else why not, in [`Scan::steps`].
    fn settle(
        &mut self,
        q: u32,
        lies: usize,
        x: &[u64],
        budget: Budget,
    ) -> Result<bool, LiarError> {
        let search_note = match self.strategy_search(q, lies, x, budget)? {
            None => return Ok(true),
            Some(note) => note,
        };
        // No strategy found: try to refute exhaustively (unless a refutation with fewer
        // questions already ran out of budget: with more questions it is harder still).
        if !self.unknown.is_empty() {
            self.steps.push(format!(
                "q = {q}: undecided: no strategy found{search_note}; exhaustive refutation not tried (it ran out of budget at q = {})",
                self.unknown[0]
            ));
            self.unknown.push(q);
            return Ok(false);
        }
        self.refute(q, lies, x, budget, &search_note)
    }

    /// The certified strategy search at `q`: `None` where Paul wins (the step recorded),
    /// else a note on the search for the step to come (empty, or how it stopped).
    fn strategy_search(
        &mut self,
        q: u32,
        lies: usize,
        x: &[u64],
        budget: Budget,
    ) -> Result<Option<String>, LiarError> {
        match find_certified_strategy(Variant::Original, lies, q, x, budget) {
            Ok((true, states, _)) => {
                self.steps.push(format!(
                    "q = {q}: Paul wins, strategy certified over {states} states"
                ));
                Ok(None)
            }
            Ok((false, _, _)) => Ok(Some(String::new())),
            Err(LiarError::Stopped(stop)) => {
                self.last_stop = Some(("strategy search", stop));
                Ok(Some(format!(" (the strategy search {stop})")))
            }
            Err(e) => Err(blame_budget(e, self.lower, q, self.last_stop)),
        }
    }

    /// The exhaustive refutation at `q`: whether Paul wins after all; where Carole wins, the
    /// lower bound passes `q` (and every `q` left undecided below it is Carole's too).
    fn refute(
        &mut self,
        q: u32,
        lies: usize,
        x: &[u64],
        budget: Budget,
        search_note: &str,
    ) -> Result<bool, LiarError> {
        let mut exact = Solver::with_policy(
            Variant::Original,
            lies,
            Policy::EXHAUSTIVE,
            budget.exhaustive_states,
        )?;
        exact.set_max_steps(budget.exhaustive_steps);
        let outcome = exact.outcome(q, x);
        if let Err(LiarError::Stopped(stop)) = outcome {
            // The strategy search's stop, if any, says more: it could give the upper bound.
            if !matches!(self.last_stop, Some(("strategy search", _))) {
                self.last_stop = Some(("exhaustive refutation", stop));
            }
        }
        match outcome {
            Ok(Outcome::CaroleWins) => {
                self.steps.push(format!(
                    "q = {q}: Carole wins, exhaustive search over {} states",
                    exact.states()
                ));
                // Paul's wins are monotone in q (extra questions can be ignored), so Carole
                // also wins with every smaller q, including any left undecided.
                self.lower = q + 1;
                if !self.unknown.is_empty() {
                    self.steps.push(format!(
                        "q = {:?}: Carole wins too, since she wins with {q} questions",
                        self.unknown
                    ));
                    self.unknown.clear();
                }
                Ok(false)
            }
            Ok(_) => {
                // The exhaustive search found a Paul win the heuristic missed.
                self.steps.push(format!(
                    "q = {q}: Paul wins, exhaustive search over {} states",
                    exact.states()
                ));
                Ok(true)
            }
            Err(LiarError::Stopped(stop)) => {
                self.steps.push(format!(
                    "q = {q}: undecided: no strategy found{search_note}; the exhaustive refutation {stop}"
                ));
                self.unknown.push(q);
                Ok(false)
            }
            Err(e) => Err(blame_budget(e, self.lower, q, self.last_stop)),
        }
    }
}

/// The error of [`min_questions`] when its scan stops at `q` on `e`: where exact arithmetic
/// ends after a search had stopped on its budget (`last_stop`), the budget is to blame.
fn blame_budget(
    e: LiarError,
    lower: u32,
    q: u32,
    last_stop: Option<(&'static str, Stop)>,
) -> LiarError {
    match (e, last_stop) {
        (LiarError::TooLarge(_) | LiarError::TooManyQuestions(_), Some((search, stop))) => {
            LiarError::NoStrategyWithinBudget {
                lower,
                tried: q - 1,
                search,
                stop,
            }
        }
        (e, _) => e,
    }
}

/// The answer of `duel liar max-questions`: the pathological game, where extra questions only
/// help Carole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MaxQuestions {
    /// Objects.
    pub n: u64,
    /// Lies allowed.
    pub lies: usize,
    /// The most questions with which Paul is known to win (the lower bound).
    pub questions: u32,
    /// Proved: Paul wins with this many questions (and so with fewer).
    pub lower: u32,
    /// Proved: Carole wins with more than this many questions.
    pub upper: u32,
    /// `lower == upper`.
    pub certified: bool,
    /// The largest `q` with `V_q(n, 0, …) ≥ 2^q`.
    pub volume_bound: u32,
    /// How each `q` from the volume bound down was settled.
    pub steps: Vec<String>,
}

/// The most questions Paul can face and still win the pathological game on `n` objects with
/// `lies` lies. Paul's wins are monotone in `q` here (with fewer questions every survivor of
/// his strategy is still alive), so the scan goes down from the volume bound.
pub fn max_questions_pathological(
    n: u64,
    lies: usize,
    budget: Budget,
) -> Result<MaxQuestions, LiarError> {
    max_questions_pathological_with(n, lies, budget, &mut |_, _| {})
}

/// [`max_questions_pathological`], calling `progress(done, total)` before the first candidate
/// `q` and after each: `total` is the most candidates the scan may try (from the volume bound
/// down to 0), each deciding one game as [`solve`] does, in at most
/// `exhaustive_steps + strategy_steps` steps (roughly 10^7 a second).
pub fn max_questions_pathological_with(
    n: u64,
    lies: usize,
    budget: Budget,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<MaxQuestions, LiarError> {
    let x = start(n, lies)?;
    budget.check(lies, n)?;
    // V_q / 2^q is non-increasing in q, so the volume bound holds on an initial segment.
    let mut vb = 0u32;
    while berlekamp_volume(vb + 1, &x) >= two_pow(vb + 1) {
        vb += 1;
        if vb >= MAX_QUESTIONS {
            return Err(LiarError::TooManyQuestions(vb + 1));
        }
    }
    let mut steps = vec![format!(
        "q > {vb}: Carole wins by the volume bound (V_q < 2^q)"
    )];
    let mut upper = vb;
    let mut q = vb;
    let total = u64::from(vb) + 1;
    progress(0, total);
    let lower = loop {
        if q < vb {
            progress(u64::from(vb - q), total);
        }
        match solve(n, q, lies, Variant::Pathological, budget) {
            Ok(r) if r.winner == Winner::Paul => {
                steps.push(format!(
                    "q = {q}: Paul wins ({}, {} states)",
                    r.method, r.states
                ));
                break q;
            }
            Ok(r) => {
                steps.push(format!("q = {q}: Carole wins ({})", r.method));
                // Carole's wins are monotone too: she also wins with every larger q.
                upper = q.saturating_sub(1);
            }
            Err(e @ LiarError::Undecided { .. }) => {
                steps.push(format!("q = {q}: {e}"));
            }
            Err(e @ (LiarError::Stopped(_) | LiarError::TooLarge(_))) => {
                steps.push(format!("q = {q}: undecided: {e}"));
            }
            Err(e) => return Err(e),
        }
        if q == 0 {
            // With no question every object survives: Paul wins (n ≥ 1).
            break 0;
        }
        q -= 1;
    };
    Ok(MaxQuestions {
        n,
        lies,
        questions: lower,
        lower,
        upper,
        certified: lower == upper,
        volume_bound: vb,
        steps,
    })
}
