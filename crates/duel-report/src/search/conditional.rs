//! Delattre & Fournier's statements about the conditional law, against the law itself on small
//! trees, enumerated exactly (`duel_search::conditional`): Proposition 9, Theorem 11, Remark 12,
//! Remark 14 (ii) and Proposition 21 on Pearl's model, played by duel's Algorithm 13 on every
//! outcome of the leaves; Examples 23 and 25 and Lemma 16 on Galton–Watson trees.

use std::collections::BTreeMap;

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::{Check, Claim, ReportOptions, Status};
use duel_search::conditional::galton_watson::{Law, TreeModel};
use duel_search::conditional::pearl::{audit, AgentAudit, PearlModel};
use duel_search::priors::galton_watson_tables;

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// The Pearl trees (d, K, p) and the leaves played on each: the binary tree of depth 4 only
/// under `--full` (16 s).
fn pearl_models(opts: &ReportOptions) -> Vec<(PearlModel, usize)> {
    let mut models = vec![
        (
            PearlModel {
                d: 2,
                k: 3,
                p: (1, 2),
            },
            8,
        ),
        (
            PearlModel {
                d: 2,
                k: 3,
                p: (2, 5),
            },
            8,
        ),
        (
            PearlModel {
                d: 3,
                k: 2,
                p: (1, 3),
            },
            9,
        ),
    ];
    if !opts.quick {
        models.push((
            PearlModel {
                d: 4,
                k: 2,
                p: (1, 2),
            },
            6,
        ));
    }
    if opts.full {
        models.push((
            PearlModel {
                d: 2,
                k: 4,
                p: (3, 5),
            },
            6,
        ));
    }
    models
}

fn trees_text(models: &[(PearlModel, usize)]) -> String {
    models
        .iter()
        .map(|(m, _)| format!("d={} K={} p={}/{}", m.d, m.k, m.p.0, m.p.1))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The sum of the audits of every model.
fn audits(models: &[(PearlModel, usize)]) -> AgentAudit {
    let mut all = AgentAudit {
        scaled: vec![(3.0, 0), (0.1, 0)],
        ..AgentAudit::default()
    };
    for (model, steps) in models {
        let Some(a) = audit(model, *steps, &[3.0, 0.1]) else {
            continue;
        };
        all.states += a.states;
        all.steps += a.steps;
        all.l2_optimal += a.l2_optimal;
        all.l1_optimal += a.l1_optimal;
        all.descent_l2 += a.descent_l2;
        all.descent_l1 += a.descent_l1;
        all.prop9.0 += a.prop9.0;
        all.prop9.1 += a.prop9.1;
        all.prop21.pairs += a.prop21.pairs;
        all.prop21.at_z += a.prop21.at_z;
        all.prop21.chain.0 += a.prop21.chain.0;
        all.prop21.chain.1 += a.prop21.chain.1;
        all.prop21.product += a.prop21.product;
        all.prop21.identity += a.prop21.identity;
        all.outcomes += a.outcomes;
        for (slot, s) in all.scaled.iter_mut().zip(&a.scaled) {
            slot.1 += s.1;
        }
    }
    all
}

/// Proposition 9, Theorem 11, Remark 12, Remark 14 (ii), Proposition 21.
fn pearl_items(opts: &ReportOptions) -> Vec<Check> {
    let models = pearl_models(opts);
    let a = audits(&models);
    let trees = trees_text(&models);
    let how = format!("exact law by enumeration; {trees}");
    let judged = |ok: bool| Status::of(ok);
    vec![
        Claim {
            item: "Proposition 9: R_n of (2) = Pr(R(x) = 1 given F_n) at every node of B ∪ D",
            source: "Delattre & Fournier, Proposition 9",
            published: "holds",
            computed: &format!(
                "{} of {} nodes over {} knowledge states",
                a.prop9.1, a.prop9.0, a.states
            ),
            note: &how,
        }
        .judged(judged(a.prop9.0 == a.prop9.1)),
        Claim {
            item: "Theorem 11: the descent's boundary node minimises E[(R^z_{n+1}(r) − R(r))²] given F_n",
            source: "Delattre & Fournier, Theorem 11",
            published: "holds",
            computed: &format!(
                "exact descent: {} of {} states; duel's Algorithm 13: {} of {} steps",
                a.descent_l2, a.states, a.l2_optimal, a.steps
            ),
            note: "every outcome of the leaves played; ties of the descent followed both ways",
        }
        .judged(judged(a.descent_l2 == a.states && a.l2_optimal == a.steps)),
        Claim {
            item: "Remark 12: the same node minimises the expected absolute error given F_n",
            source: "Delattre & Fournier, Remark 12",
            published: "holds",
            computed: &format!(
                "exact descent: {} of {} states; duel's Algorithm 13: {} of {} steps",
                a.descent_l1, a.states, a.l1_optimal, a.steps
            ),
            note: "the absolute error computed from its definition, not as twice the squared one",
        }
        .judged(judged(a.descent_l1 == a.states && a.l1_optimal == a.steps)),
        Claim {
            item: "Remark 14 (ii): Algorithm 13 with λs is the algorithm with s",
            source: "Delattre & Fournier, Remark 14 (ii)",
            published: "holds",
            computed: &format!(
                "λ = 3: {} of {n} outcomes, λ = 1/10: {} of {n}, the same leaves in the same order",
                a.scaled[0].1,
                a.scaled[1].1,
                n = a.outcomes
            ),
            note: "duel's agent in floating point, 𝔰 of Example 23 scaled",
        }
        .judged(judged(a.scaled.iter().all(|s| s.1 == a.outcomes))),
        Claim {
            item: "Proposition 21 (i)–(iv): Δ^z_n against the exact conditional expectations",
            source: "Delattre & Fournier, Proposition 21",
            published: "holds",
            computed: &format!(
                "(ii) {} of {p}, (iii) {} of {} levels, (iv) {} of {p}, (i)'s identity {} of {p} (state, z) pairs",
                a.prop21.at_z,
                a.prop21.chain.1,
                a.prop21.chain.0,
                a.prop21.product,
                a.prop21.identity,
                p = a.prop21.pairs
            ),
            note: "(i): E[(R_n(r) − R(r))²] = E[(R^z_{n+1}(r) − R(r))²] + Δ^z_n(r)",
        }
        .judged(judged(
            a.prop21.at_z == a.prop21.pairs
                && a.prop21.chain.0 == a.prop21.chain.1
                && a.prop21.product == a.prop21.pairs
                && a.prop21.identity == a.prop21.pairs,
        )),
    ]
}

/// Example 23's model: degrees 0–2 up to depth 3.
fn order_one() -> (Vec<Law>, Vec<BigRational>) {
    (
        vec![
            vec![r(1, 6), r(1, 3), r(1, 2)],
            vec![r(1, 4), r(1, 4), r(1, 2)],
            vec![r(1, 3), r(1, 3), r(1, 3)],
            vec![BigRational::one()],
        ],
        vec![r(1, 2), r(1, 3), r(2, 3), r(2, 5)],
    )
}

/// Example 25's model: laws by depth and the father's degree, up to depth 3.
fn order_two() -> TreeModel {
    let mut mu1 = BTreeMap::new();
    mu1.insert(1, vec![r(1, 2), r(1, 4), r(1, 4)]);
    mu1.insert(2, vec![r(1, 3), r(0, 1), r(2, 3)]);
    let mut mu2 = BTreeMap::new();
    mu2.insert(1, vec![r(1, 5), r(2, 5), r(2, 5)]);
    mu2.insert(2, vec![r(3, 4), r(1, 4)]);
    TreeModel::OrderTwo {
        root: vec![r(0, 1), r(1, 3), r(2, 3)],
        mu: vec![mu1, mu2, BTreeMap::new()],
        q: vec![r(1, 2), r(1, 3), r(3, 5), r(2, 7)],
    }
}

fn frac(x: &BigRational) -> String {
    format!("{}/{}", x.numer(), x.denom())
}

/// Examples 23 and 25: the recursions against Definition 7.
fn example_items() -> Vec<Check> {
    let (mu, q) = order_one();
    let (m, s) = galton_watson_tables(&mu, &q);
    let model = TreeModel::OrderOne { mu: mu.clone(), q };
    let mut equal = 0;
    for k in 0..mu.len() {
        if model.by_definition(k, None) == (m[k].clone(), s[k].clone()) {
            equal += 1;
        }
    }
    let example_23 = Claim {
        item: "Example 23: 𝔪(k), 𝔰(k) by its recursion = Definition 7's m, s",
        source: "Delattre & Fournier, Example 23",
        published: "holds",
        computed: &format!(
            "{equal} of {} depths equal, e.g. 𝔪(0) = {}",
            mu.len(),
            frac(&m[0])
        ),
        note: "every tree of degrees 0–2 to depth 3 and its outcomes enumerated exactly",
    }
    .judged(Status::of(equal == mu.len()));
    let two = order_two();
    let tables = two.order_two_tables().unwrap_or_default();
    let (mut equal, mut pairs) = (0, 0);
    for (&(k, d), ms) in &tables {
        if k == two.depth() && d > 2 {
            continue;
        }
        pairs += 1;
        if two.by_definition(k, Some(d)) == *ms {
            equal += 1;
        }
    }
    let example_25 = Claim {
        item: "Example 25: 𝔪(k, d), 𝔰(k, d) by its recursion = Definition 7's m, s",
        source: "Delattre & Fournier, Example 25",
        published: "holds",
        computed: &format!("{equal} of {pairs} (depth, father's degree) pairs equal"),
        note: "an order-two tree of degrees 0–2 to depth 3, enumerated exactly",
    }
    .judged(Status::of(equal == pairs && pairs > 0));
    vec![example_23, example_25]
}

/// Lemma 16 over Example 23's models of depth 2: each μ_0, μ_1 among six laws, each q_k in
/// {0, 1/2, 1}; at each depth, s = 0 exactly when m ∈ {0, 1} (Definition 7, enumerated).
fn lemma_16() -> Check {
    let z = BigRational::zero;
    let o = BigRational::one;
    let laws: Vec<Law> = vec![
        vec![o()],
        vec![z(), o()],
        vec![z(), z(), o()],
        vec![r(1, 2), z(), r(1, 2)],
        vec![r(1, 3), r(1, 3), r(1, 3)],
        vec![z(), r(1, 2), r(1, 2)],
    ];
    let qs = [z(), r(1, 2), o()];
    let (mut cases, mut certain, mut agree) = (0, 0, 0);
    for mu0 in &laws {
        for mu1 in &laws {
            for q0 in &qs {
                for q1 in &qs {
                    for q2 in &qs {
                        let model = TreeModel::OrderOne {
                            mu: vec![mu0.clone(), mu1.clone(), vec![o()]],
                            q: vec![q0.clone(), q1.clone(), q2.clone()],
                        };
                        for k in 0..3 {
                            let (m, s) = model.by_definition(k, None);
                            let sure = m.is_zero() || m.is_one();
                            cases += 1;
                            certain += usize::from(sure);
                            agree += usize::from(sure == s.is_zero());
                        }
                    }
                }
            }
        }
    }
    Claim {
        item: "Lemma 16: s(S, x) = 0 exactly when m(S, x) ∈ {0, 1}",
        source: "Delattre & Fournier, Lemma 16",
        published: "holds",
        computed: &format!(
            "{agree} of {cases} (model, depth) pairs, {certain} of them with m ∈ {{0, 1}}"
        ),
        note: "972 Galton–Watson models of depth 2, q_k ∈ {0, 1/2, 1}, Definition 7 enumerated",
    }
    .judged(Status::of(agree == cases))
}

/// Every item of this file.
pub(super) fn items(opts: &ReportOptions) -> Vec<Check> {
    let mut checks = pearl_items(opts);
    checks.extend(example_items());
    checks.push(lemma_16());
    checks
}
