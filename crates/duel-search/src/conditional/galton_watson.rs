//! Inhomogeneous Galton–Watson trees, of order one (Example 23: a node at depth k has ℓ
//! children with probability μ_k(ℓ)) and of order two (Example 25: with probability
//! μ_{k,d}(ℓ), d the number of children of its father), with leaves at depth k won by J1 with
//! probability q_k. Every tree and outcome below a node is enumerated with its probability, so
//! Definition 7's m = Pr(R(z) = 1) and s = E[(Pr(R(z) = 1 | 𝒢) − m)²] (𝒢: the leaf a uniformly
//! random match from z reaches, the degrees along its branch, and its outcome) are computed
//! from their definitions, exactly, for the recursions of the two examples to be checked
//! against.

use std::collections::{BTreeMap, HashMap};

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::ratio;

/// A law on the number of children: `law[ℓ]` = Pr(ℓ children).
pub type Law = Vec<BigRational>;

/// A random tree model of depth K (no node at depth K has children).
#[derive(Clone, Debug)]
pub enum TreeModel {
    /// Example 23: `mu[k]` for k = 0..=K (μ_K = δ_0), `q[k]` for k = 0..=K.
    OrderOne {
        /// The laws by depth.
        mu: Vec<Law>,
        /// The leaf probabilities by depth.
        q: Vec<BigRational>,
    },
    /// Example 25: the root's law, then `mu[k][d]` for k = 1..=K and fathers of d children
    /// (index k − 1 in `mu`; a missing d: no children), `q[k]` for k = 0..=K.
    OrderTwo {
        /// μ_0.
        root: Law,
        /// μ_{k,d}, by k − 1, then d.
        mu: Vec<BTreeMap<usize, Law>>,
        /// The leaf probabilities by depth.
        q: Vec<BigRational>,
    },
}

/// What a uniformly random match from a node tells: the degree of each node of its branch and
/// the child it took, and the outcome of the leaf it reached.
type Observation = (Vec<(usize, usize)>, bool);

/// A tree below a node with its leaves' outcomes.
#[derive(Clone, Debug)]
enum Subtree {
    Leaf(bool),
    Inner(Vec<Subtree>),
}

impl Subtree {
    /// The minimax value of a node at depth `k` (J1 moves at even depths).
    fn value(&self, k: usize) -> bool {
        match self {
            Subtree::Leaf(v) => *v,
            Subtree::Inner(kids) if k % 2 == 0 => kids.iter().any(|c| c.value(k + 1)),
            Subtree::Inner(kids) => kids.iter().all(|c| c.value(k + 1)),
        }
    }
}

impl TreeModel {
    /// The maximum depth K.
    pub fn depth(&self) -> usize {
        match self {
            TreeModel::OrderOne { q, .. } | TreeModel::OrderTwo { q, .. } => q.len() - 1,
        }
    }

    fn q(&self, k: usize) -> &BigRational {
        match self {
            TreeModel::OrderOne { q, .. } | TreeModel::OrderTwo { q, .. } => &q[k],
        }
    }

    /// The law of the number of children of a node at depth `k` whose father has `father`
    /// children (`None` at the root).
    fn law(&self, k: usize, father: Option<usize>) -> Law {
        let none = vec![BigRational::one()];
        if k >= self.depth() {
            return none;
        }
        match (self, father) {
            (TreeModel::OrderOne { mu, .. }, _) => mu[k].clone(),
            (TreeModel::OrderTwo { root, .. }, None) => root.clone(),
            (TreeModel::OrderTwo { mu, .. }, Some(d)) => mu[k - 1].get(&d).cloned().unwrap_or(none),
        }
    }

    /// Every tree and outcome below a node at depth `k` (father of `father` children), with
    /// its probability; zero-probability ones left out.
    fn configurations(&self, k: usize, father: Option<usize>) -> Vec<(BigRational, Subtree)> {
        let mut out = Vec::new();
        for (l, w) in self.law(k, father).iter().enumerate() {
            if w.is_zero() {
                continue;
            }
            if l == 0 {
                let q = self.q(k);
                for (v, p) in [(true, q.clone()), (false, BigRational::one() - q)] {
                    if !p.is_zero() {
                        out.push((w * p, Subtree::Leaf(v)));
                    }
                }
                continue;
            }
            let child = self.configurations(k + 1, Some(l));
            // The cartesian product of l independent children.
            let mut partial: Vec<(BigRational, Vec<Subtree>)> = vec![(w.clone(), Vec::new())];
            for _ in 0..l {
                let mut next = Vec::with_capacity(partial.len() * child.len());
                for (pw, kids) in &partial {
                    for (cw, c) in &child {
                        let mut k2 = kids.clone();
                        k2.push(c.clone());
                        next.push((pw * cw, k2));
                    }
                }
                partial = next;
            }
            out.extend(
                partial
                    .into_iter()
                    .map(|(w, kids)| (w, Subtree::Inner(kids))),
            );
        }
        out
    }

    /// Definition 7's m and s of a node at depth `k` whose father has `father` children, from
    /// the enumeration.
    pub fn by_definition(&self, k: usize, father: Option<usize>) -> (BigRational, BigRational) {
        let configs = self.configurations(k, father);
        let m: BigRational = configs
            .iter()
            .filter(|(_, t)| t.value(k))
            .map(|(w, _)| w.clone())
            .sum();
        // Observation (the degrees and choices along the branch, the leaf's outcome) → (weight,
        // weight with R(z) = 1).
        let mut seen: HashMap<Observation, (BigRational, BigRational)> = HashMap::new();
        for (w, t) in &configs {
            let won = t.value(k);
            let mut stack = vec![(t, w.clone(), Vec::new())];
            while let Some((node, p, branch)) = stack.pop() {
                match node {
                    Subtree::Leaf(v) => {
                        let slot = seen
                            .entry((branch, *v))
                            .or_insert_with(|| (BigRational::zero(), BigRational::zero()));
                        slot.0 += &p;
                        if won {
                            slot.1 += &p;
                        }
                    }
                    Subtree::Inner(kids) => {
                        let share = &p / ratio(kids.len() as u128, 1);
                        for (i, c) in kids.iter().enumerate() {
                            let mut b = branch.clone();
                            b.push((kids.len(), i));
                            stack.push((c, share.clone(), b));
                        }
                    }
                }
            }
        }
        let s = seen
            .values()
            .map(|(w, w1)| {
                let gap = w1 / w - &m;
                w * &gap * &gap
            })
            .sum();
        (m, s)
    }

    /// Example 25's 𝔪(k, d) and 𝔰(k, d) by its backward induction (i)–(ii), for k = 1..=K and
    /// every d the model gives a law for at depth k (and d = 1.. at depth K). `None` for a
    /// model of order one.
    pub fn order_two_tables(&self) -> Option<BTreeMap<(usize, usize), (BigRational, BigRational)>> {
        let TreeModel::OrderTwo { mu, q, .. } = self else {
            return None;
        };
        let kk = self.depth();
        let one = BigRational::one();
        let mut t: BTreeMap<(usize, usize), (BigRational, BigRational)> = BTreeMap::new();
        let leaf = (q[kk].clone(), &q[kk] * (&one - &q[kk]));
        // A father at depth K − 1 has fewer children than the longest law's length.
        let widest = mu
            .iter()
            .flat_map(|by_d| by_d.values().map(Vec::len))
            .max()
            .unwrap_or(1);
        for k in (1..=kk).rev() {
            let fathers: Vec<usize> = if k == kk {
                (1..widest.max(2)).collect()
            } else {
                mu[k - 1].keys().copied().collect()
            };
            for d in fathers {
                if k == kk {
                    t.insert((k, d), leaf.clone());
                    continue;
                }
                let law = &mu[k - 1][&d];
                let odd = k % 2 == 1;
                let mu0 = law.first().cloned().unwrap_or_else(BigRational::zero);
                let mut m = &mu0 * &q[k];
                for (l, w) in law.iter().enumerate().skip(1) {
                    let next = &t[&(k + 1, l)].0;
                    m += w * if odd {
                        num_traits::pow(next.clone(), l)
                    } else {
                        &one - num_traits::pow(&one - next, l)
                    };
                }
                let mut s = &mu0 * (&q[k] * (&one - &m) * (&one - &m) + (&one - &q[k]) * &m * &m);
                for (l, w) in law.iter().enumerate().skip(1) {
                    let (mn, sn) = &t[&(k + 1, l)];
                    let (side, own) = if odd {
                        (mn.clone(), m.clone())
                    } else {
                        (&one - mn, &one - &m)
                    };
                    let gap = num_traits::pow(side.clone(), l) - own;
                    s += w * (num_traits::pow(side, 2 * l - 2) * sn + &gap * &gap);
                }
                t.insert((k, d), (m, s));
            }
        }
        Some(t)
    }
}
