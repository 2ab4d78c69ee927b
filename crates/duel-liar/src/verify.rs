//! Checks of the paper's statements: Lemma 1, Theorem 1 and Corollaries 1 and 2, against the
//! exhaustive solver and against certification of the splitting strategy.

use serde::Serialize;

use super::certify::Certifier;
use super::solver::{Outcome, Solver};
use super::splitting::{
    corollary1, corollary2, is_special, is_splitting, largest_searchable, lemma1_conditions,
    minimal_favorable_q, paul_favorable, smallest_pathological_win, splitting_question,
    splitting_question_is_legal, splitting_strategy, weight,
};
use super::state::{successors, LiarError, Variant};

/// Memo budget of the certifiers used here.
const MAX_STATES: usize = 20_000_000;

/// One statement checked over a range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
///
/// The fields are in alphabetical order, the order of the keys of `duel liar verify --json`.
pub struct VerifyItem {
    /// Cases checked.
    pub checked: u64,
    /// The first counterexamples found (at most 10), in words.
    pub counterexamples: Vec<String>,
    /// Whether the statement held on every case.
    pub holds: bool,
    /// The statement, e.g. "Corollary 1 vs exhaustive solver".
    pub name: String,
    /// The range checked, in words.
    pub range: String,
}

impl VerifyItem {
    fn new(name: &str, range: String) -> Self {
        VerifyItem {
            name: name.to_string(),
            range,
            checked: 0,
            counterexamples: Vec::new(),
            holds: true,
        }
    }

    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.checked += 1;
        if !ok {
            self.holds = false;
            if self.counterexamples.len() < 10 {
                self.counterexamples.push(what());
            }
        }
    }
}

/// Ranges of [`verify`].
#[derive(Clone, Copy, Debug)]
pub struct VerifyRanges {
    /// Corollaries against certification of the splitting strategy: every `q ≤ max_q`.
    pub max_q: u32,
    /// Corollaries against the exhaustive solver: every `q ≤ exhaustive_q`, every `n` up to
    /// the threshold plus 4.
    pub exhaustive_q: u32,
    /// Theorem 1 and Lemma 1 over every state with `q ≤ theorem_q`.
    pub theorem_q: u32,
}

impl VerifyRanges {
    /// The ranges for `--max-q Q`: the exhaustive and whole-state checks are capped at 12.
    pub fn up_to(max_q: u32) -> Self {
        VerifyRanges {
            max_q,
            exhaustive_q: max_q.min(12),
            theorem_q: max_q.min(12),
        }
    }
}

/// All the checks; `holds` iff every item holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The checks.
    pub items: Vec<VerifyItem>,
    /// Whether all hold.
    pub holds: bool,
}

fn paper_strategy(variant: Variant) -> impl FnMut(u32, &[u64]) -> Result<Vec<u64>, LiarError> {
    move |q, x| Ok(splitting_strategy(variant, q, x[0], x[1]).to_vec())
}

/// The most questions [`verify`] checks.
pub const MAX_VERIFY_QUESTIONS: u32 = 60;

/// Checks Lemma 1, Theorem 1 and Corollaries 1 and 2 over `ranges`; ranges with no
/// question (where Lemma 1 and Theorem 1 would hold over no state) are refused.
pub fn verify(ranges: VerifyRanges) -> Result<VerifyReport, LiarError> {
    if ranges.max_q > MAX_VERIFY_QUESTIONS {
        return Err(LiarError::VerifyTooManyQuestions {
            questions: ranges.max_q,
            max: MAX_VERIFY_QUESTIONS,
        });
    }
    if ranges.max_q == 0 || ranges.theorem_q == 0 {
        return Err(LiarError::EmptyRange {
            option: "--max-q",
            why: "Lemma 1 and Theorem 1 are checked over the states with 1 ≤ q ≤ --max-q",
        });
    }
    let mut items = vec![
        corollaries_exhaustive(Variant::Original, ranges.exhaustive_q)?,
        corollaries_exhaustive(Variant::Pathological, ranges.exhaustive_q)?,
        corollaries_certified(Variant::Original, ranges.max_q)?,
        corollaries_certified(Variant::Pathological, ranges.max_q)?,
    ];
    items.extend(theorem1(Variant::Original, ranges.theorem_q)?);
    items.extend(theorem1(Variant::Pathological, ranges.theorem_q)?);
    let holds = items.iter().all(|i| i.holds);
    Ok(VerifyReport { items, holds })
}

fn corollary(variant: Variant, q: u32, n: u64) -> bool {
    match variant {
        Variant::Original => corollary1(q, n),
        Variant::Pathological => corollary2(q, n),
    }
}

fn corollary_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Original => "Corollary 1 (original game)",
        Variant::Pathological => "Corollary 2 (pathological game)",
    }
}

/// The `n` past which the corollary's answer stops changing: the largest winner (original)
/// or the smallest winner (pathological).
fn threshold(variant: Variant, q: u32) -> u64 {
    match variant {
        Variant::Original => largest_searchable(q),
        Variant::Pathological => smallest_pathological_win(q),
    }
}

/// The corollary's who-wins table against the exhaustive solver, every `n ≤ threshold + 4`.
fn corollaries_exhaustive(variant: Variant, max_q: u32) -> Result<VerifyItem, LiarError> {
    let mut item = VerifyItem::new(
        &format!("{} vs exhaustive solver", corollary_name(variant)),
        format!("every q ≤ {max_q}, every n from 1 to the threshold + 4"),
    );
    let mut solver = Solver::new(variant, 1)?;
    for q in 0..=max_q {
        for n in 1..=threshold(variant, q) + 4 {
            let exact = solver.outcome(q, &[n, 0])? == Outcome::PaulWins;
            let claimed = corollary(variant, q, n);
            item.check(exact == claimed, || {
                format!(
                    "q = {q}, n = {n}: corollary says Paul wins = {claimed}, solver says {exact}"
                )
            });
        }
    }
    Ok(item)
}

/// The corollary at every `q ≤ max_q` near its threshold: Paul's wins by certifying the
/// splitting strategy, Carole's by the exhaustive solver (a one-step volume refutation there).
/// With monotonicity in `n` this settles every `n`.
fn corollaries_certified(variant: Variant, max_q: u32) -> Result<VerifyItem, LiarError> {
    let mut item = VerifyItem::new(
        &format!("{} vs certified splitting strategy", corollary_name(variant)),
        format!(
            "every q ≤ {max_q}: n = 1..=12 and the 8 values of n around the threshold; Paul's wins certified, Carole's refuted exhaustively"
        ),
    );
    let mut cert = Certifier::new(variant, 1, MAX_STATES, paper_strategy(variant))?;
    let mut solver = Solver::new(variant, 1)?;
    for q in 0..=max_q {
        let t = threshold(variant, q);
        let mut ns: Vec<u64> = (1..=12).collect();
        ns.extend(t.saturating_sub(4).max(1)..=t + 4);
        ns.sort_unstable();
        ns.dedup();
        for n in ns {
            let claimed = corollary(variant, q, n);
            if claimed {
                let c = cert.certify(q, &[n, 0])?;
                item.check(c.holds, || {
                    format!(
                        "q = {q}, n = {n}: the splitting strategy loses: {:?}",
                        c.counterexample
                    )
                });
            } else {
                let o = solver.outcome(q, &[n, 0])?;
                item.check(o == Outcome::CaroleWins, || {
                    format!("q = {q}, n = {n}: corollary says Carole wins, solver says {o:?}")
                });
            }
        }
    }
    Ok(item)
}

/// Lemma 1 and Theorem 1 over every Paul-favorable state `(q; x_0, x_1)`, `1 ≤ q ≤ max_q`
/// (pathological: those with `wt_q(x) ≤ 2^{q+1}`; original: with `q` minimal, as Theorem 1
/// assumes, for the Theorem).
fn theorem1(variant: Variant, max_q: u32) -> Result<Vec<VerifyItem>, LiarError> {
    let mut items = Theorem1Items::new(variant, max_q);
    let mut cert = Certifier::new(variant, 1, MAX_STATES, paper_strategy(variant))?;
    for q in 1..=max_q {
        let p = 1u128 << q;
        let top = match variant {
            Variant::Original => p,
            Variant::Pathological => 2 * p,
        };
        let max_x0 = (top / (u128::from(q) + 1)) as u64;
        for x0 in 0..=max_x0 {
            let max_x1 = (top - weight(q, x0, 0)) as u64;
            for x1 in 0..=max_x1 {
                if paul_favorable(variant, q, x0, x1) {
                    items.check_state(q, x0, x1, &mut cert)?;
                }
            }
        }
    }
    Ok(items.into_items())
}

/// The statements [`theorem1`] checks, one item each.
struct Theorem1Items {
    variant: Variant,
    /// Lemma 1: splitting iff one of its three conditions.
    lemma: VerifyItem,
    /// Theorem 1: the splitting question halves the weight.
    split: VerifyItem,
    /// Theorem 1: after the splitting question the state is splitting.
    child: VerifyItem,
    /// Theorem 1 read literally: `(q − 1, y)` is splitting (original game only).
    literal: VerifyItem,
    /// Theorem 1: the splitting strategy wins from every splitting state.
    wins: VerifyItem,
}

impl Theorem1Items {
    fn new(variant: Variant, max_q: u32) -> Theorem1Items {
        let vname = variant.name();
        let range = match variant {
            Variant::Original => format!("every Paul-favorable state with 1 ≤ q ≤ {max_q}"),
            Variant::Pathological => {
                format!("every Paul-favorable state with 1 ≤ q ≤ {max_q} and wt_q(x) ≤ 2^(q+1)")
            }
        };
        Theorem1Items {
            variant,
            lemma: VerifyItem::new(
                &format!("Lemma 1 ({vname}): splitting iff one of its three conditions"),
                format!("{range}, except the special state (5, (3, 2))"),
            ),
            split: VerifyItem::new(
                &format!("Theorem 1 ({vname}): the splitting question halves the weight"),
                format!("{range}, splitting states"),
            ),
            child: VerifyItem::new(
                &format!("Theorem 1 ({vname}): after the splitting question the state is splitting"),
                match variant {
                    Variant::Original => format!(
                        "{range}, splitting states with q minimal; the child is judged at its own minimal q"
                    ),
                    Variant::Pathological => format!("{range}, splitting states"),
                },
            ),
            literal: VerifyItem::new(
                &format!("Theorem 1 ({vname}), read literally: (q − 1, y) is splitting"),
                format!("{range}, splitting states with q minimal; the child judged at q − 1"),
            ),
            wins: VerifyItem::new(
                &format!("Theorem 1 ({vname}): the splitting strategy wins from every splitting state"),
                format!("{range}, splitting states, by certification"),
            ),
        }
    }

    /// Checks the statements at the Paul-favorable state `(q; x0, x1)`.
    fn check_state<F>(
        &mut self,
        q: u32,
        x0: u64,
        x1: u64,
        cert: &mut Certifier<F>,
    ) -> Result<(), LiarError>
    where
        F: FnMut(u32, &[u64]) -> Result<Vec<u64>, LiarError>,
    {
        let variant = self.variant;
        let splitting = is_splitting(variant, q, x0, x1);
        if !(variant == Variant::Original && is_special(q, x0, x1)) {
            let (c1, c2, c3) = lemma1_conditions(q, x0, x1);
            self.lemma.check(splitting == (c1 || c2 || c3), || {
                format!(
                    "({q}, ({x0}, {x1})): splitting = {splitting}, conditions = ({c1}, {c2}, {c3})"
                )
            });
        }
        let minimal = variant == Variant::Pathological || minimal_favorable_q(x0, x1) == q;
        if !splitting || !minimal {
            return Ok(());
        }
        if splitting_question_is_legal(q, x0, x1) {
            self.check_splitting_question(q, x0, x1);
        }
        let c = cert.certify(q, &[x0, x1])?;
        self.wins.check(c.holds, || {
            format!("({q}, ({x0}, {x1})): loses along {:?}", c.counterexample)
        });
        Ok(())
    }

    /// Theorem 1 on the splitting question at the splitting state `(q; x0, x1)`: it halves the
    /// weight, and both states after it are splitting.
    fn check_splitting_question(&mut self, q: u32, x0: u64, x1: u64) {
        let variant = self.variant;
        let (a0, a1) = splitting_question(q, x0, x1);
        let (yes, no) = successors(&[x0, x1], &[a0 as u64, a1 as u64]);
        let w = weight(q, x0, x1);
        let wy = weight(q - 1, yes[0], yes[1]);
        let wn = weight(q - 1, no[0], no[1]);
        let halves = (wy.min(wn), wy.max(wn)) == (w / 2, w.div_ceil(2));
        self.split.check(halves, || {
            format!("({q}, ({x0}, {x1})): weights {wy} and {wn} from {w}")
        });
        for y in [yes, no] {
            // At q − 1 = 0 the game is over: the claim is about states still in play.
            let ok = q == 1
                || match variant {
                    Variant::Original => {
                        let qq = minimal_favorable_q(y[0], y[1]);
                        y[0] + y[1] <= 1 || is_splitting(variant, qq, y[0], y[1])
                    }
                    Variant::Pathological => is_splitting(variant, q - 1, y[0], y[1]),
                };
            if variant == Variant::Original {
                self.literal
                    .check(q == 1 || is_splitting(variant, q - 1, y[0], y[1]), || {
                        format!(
                            "({q}, ({x0}, {x1})) → ({}, ({}, {})) is not splitting at q − 1",
                            q - 1,
                            y[0],
                            y[1]
                        )
                    });
            }
            self.child.check(ok, || {
                format!(
                    "({q}, ({x0}, {x1})) → ({}, ({}, {})) is not splitting",
                    q - 1,
                    y[0],
                    y[1]
                )
            });
        }
    }

    /// The items in the order of the report: the literal reading only for the original game.
    fn into_items(self) -> Vec<VerifyItem> {
        let mut out = vec![self.lemma, self.split, self.child];
        if self.variant == Variant::Original {
            out.push(self.literal);
        }
        out.push(self.wins);
        out
    }
}
