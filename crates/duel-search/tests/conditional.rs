//! The exact conditional law of small trees (`duel_search::conditional`) against Delattre &
//! Fournier's formulas: Proposition 9, Theorem 11, Remark 12, Remark 14 (ii), Proposition 21
//! (Pearl's model), Examples 23 and 25 and Lemma 16 (Galton–Watson trees).

use std::collections::BTreeMap;

use num_rational::BigRational;
use num_traits::{One, Zero};

use duel_search::conditional::galton_watson::TreeModel;
use duel_search::conditional::pearl::{audit, Knowledge, PearlModel};
use duel_search::priors::galton_watson_tables;

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

#[test]
fn every_step_of_algorithm_13_on_the_binary_tree_of_depth_3_is_optimal() {
    for p in [(1, 2), (2, 5)] {
        let model = PearlModel { d: 2, k: 3, p };
        let a = audit(&model, 8, &[3.0, 0.1]).expect("a valid model");
        eprintln!("{p:?}: {a:?}");
        assert_eq!(a.outcomes, 256);
        assert!(a.states > 20, "{a:?}");
        // Proposition 9 at every node, Proposition 21 at every pair.
        assert_eq!(a.prop9.0, a.prop9.1, "{a:?}");
        assert_eq!(a.prop21.at_z, a.prop21.pairs, "{a:?}");
        assert_eq!(a.prop21.chain.0, a.prop21.chain.1, "{a:?}");
        assert_eq!(a.prop21.product, a.prop21.pairs, "{a:?}");
        assert_eq!(a.prop21.identity, a.prop21.pairs, "{a:?}");
        // Theorem 11 and Remark 12, for the exact descent and for duel's agent.
        assert_eq!(a.descent_l2, a.states, "{a:?}");
        assert_eq!(a.descent_l1, a.states, "{a:?}");
        assert_eq!(a.l2_optimal, a.steps, "{a:?}");
        assert_eq!(a.l1_optimal, a.steps, "{a:?}");
    }
}

#[test]
fn a_leaf_seen_changes_the_law_as_the_proof_of_remark_17_says() {
    // Binary tree of depth 3, Bernoulli(1/2): R_1(r) = 228/256 after R(111) = 1 (Remark 17).
    let model = PearlModel {
        d: 2,
        k: 3,
        p: (1, 2),
    };
    let won = model.check_state(Knowledge { seen: 1, values: 1 });
    assert_eq!(won.root, r(228, 256));
    let lost = model.check_state(Knowledge { seen: 1, values: 0 });
    assert_eq!(lost.root, r(186, 256));
}

/// Example 23's law of the proof's small example, and another.
fn order_one() -> Vec<(Vec<Vec<BigRational>>, Vec<BigRational>)> {
    let z = BigRational::zero;
    vec![
        (
            vec![
                vec![r(1, 6), r(1, 3), r(1, 2)],
                vec![r(1, 4), r(1, 4), r(1, 2)],
                vec![r(1, 3), r(1, 3), r(1, 3)],
                vec![BigRational::one()],
            ],
            vec![r(1, 2), r(1, 3), r(2, 3), r(2, 5)],
        ),
        (
            vec![
                vec![z(), z(), z(), BigRational::one()],
                vec![r(1, 2), z(), r(1, 2)],
                vec![BigRational::one()],
            ],
            vec![r(1, 2), z(), BigRational::one()],
        ),
    ]
}

#[test]
fn example_23_tables_are_definition_7_at_every_depth() {
    for (mu, q) in order_one() {
        let (m, s) = galton_watson_tables(&mu, &q);
        let model = TreeModel::OrderOne {
            mu: mu.clone(),
            q: q.clone(),
        };
        for k in 0..mu.len() {
            let (dm, ds) = model.by_definition(k, None);
            assert_eq!(dm, m[k], "m({k})");
            assert_eq!(ds, s[k], "s({k})");
        }
    }
}

#[test]
fn example_25_tables_are_definition_7_at_every_depth_and_degree() {
    let mut mu1 = BTreeMap::new();
    mu1.insert(1, vec![r(1, 2), r(1, 4), r(1, 4)]);
    mu1.insert(2, vec![r(1, 3), r(0, 1), r(2, 3)]);
    let mut mu2 = BTreeMap::new();
    mu2.insert(1, vec![r(1, 5), r(2, 5), r(2, 5)]);
    mu2.insert(2, vec![r(3, 4), r(1, 4)]);
    let model = TreeModel::OrderTwo {
        root: vec![r(0, 1), r(1, 3), r(2, 3)],
        mu: vec![mu1, mu2, BTreeMap::new()],
        q: vec![r(1, 2), r(1, 3), r(3, 5), r(2, 7)],
    };
    let tables = model.order_two_tables().expect("order two");
    let mut compared = 0;
    for (&(k, d), (m, s)) in &tables {
        if k == model.depth() && d > 2 {
            continue;
        }
        let (dm, ds) = model.by_definition(k, Some(d));
        assert_eq!(&dm, m, "m({k}, {d})");
        assert_eq!(&ds, s, "s({k}, {d})");
        compared += 1;
    }
    assert!(compared >= 6, "{compared}");
}

#[test]
fn a_wrong_s_makes_the_check_fail() {
    // With 𝔰 ≡ 1 the descent ignores how much a match from each depth tells: some of its
    // steps are not optimal, which the audit must see.
    let model = PearlModel {
        d: 2,
        k: 3,
        p: (1, 2),
    };
    let mut tables = model.agent_tables(1.0);
    tables.s = vec![1.0; tables.s.len()];
    let tables = std::sync::Arc::new(tables);
    let mut worse = 0;
    for bits in 0..256u32 {
        let order = model.agent_leaves(&tables, bits, 8);
        let mut know = Knowledge { seen: 0, values: 0 };
        for (n, &y) in order.iter().enumerate() {
            if n > 0 {
                let c = model.check_state(know);
                let decided = c.root.is_zero() || c.root.is_one();
                if !decided && !c.argmin_l2.contains(&model.played_from(know, y)) {
                    worse += 1;
                }
            }
            know.seen |= 1 << y;
            know.values |= bits & (1 << y);
        }
    }
    assert!(worse > 0);
}

#[test]
fn larger_trees() {
    for (model, steps) in [
        (
            PearlModel {
                d: 3,
                k: 2,
                p: (1, 3),
            },
            9,
        ),
        (
            PearlModel {
                d: 4,
                k: 2,
                p: (1, 2),
            },
            6,
        ),
    ] {
        let t = std::time::Instant::now();
        let a = audit(&model, steps, &[3.0, 0.1]).expect("a valid model");
        eprintln!("{model:?} {:?}: {a:?}", t.elapsed());
        assert_eq!(a.l2_optimal, a.steps, "{a:?}");
        assert_eq!(a.prop9.0, a.prop9.1, "{a:?}");
    }
}
