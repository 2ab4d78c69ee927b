//! Pearl's model on a complete `d`-ary tree of depth K with i.i.d. Bernoulli(p) leaves, p
//! rational: the law of every node's minimax value given the leaves seen, by enumerating every
//! outcome of the leaves (at most 2^16), each weighted by its probability in integers.
//!
//! A knowledge state is the set x_n of leaves seen with their values. From it, B_{x_n} (the
//! ancestors of the leaves seen) and its boundary D_{x_n} (the children of B's inner nodes
//! outside B) follow. For each state the module computes, exactly:
//! - R_n(x) = Pr(R(x) = 1 | F_n) for every x of B ∪ D, from the law, and by the backward
//!   induction (2) of Proposition 9 from 𝔪 (Example 23);
//! - for every boundary node z, the expected errors E[(R^z_{n+1}(r) − R(r))² | F_n] and
//!   E[|R^z_{n+1}(r) − R(r)| | F_n] after a uniformly random match from z (Theorem 11, Remark
//!   12), and Δ^z_n(x) = E[(R^z_{n+1}(x) − R_n(x))² | F_n] on the branch from r to z
//!   (Proposition 21);
//! - the boundary nodes the descent of Theorem 11 may reach (every argmax of U_n² Z_n, ties
//!   followed both ways), with U_n of (3) and Z_n of (4), 𝔰 of Example 23 at the boundary.

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use super::ratio;
use crate::bayes::{Bayes, Playout};
use crate::priors::{galton_watson_tables, DepthTables, PriorKind};
use crate::tree::ExplicitTree;

/// The largest number of leaves enumerated (2^16 outcomes).
pub const MAX_LEAVES: u32 = 16;

/// Pearl's model: degree, depth, and the leaf probability p = `p.0 / p.1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PearlModel {
    /// Children of every inner node (d ≥ 2).
    pub d: u32,
    /// Depth K ≥ 1 (the leaves are at depth K).
    pub k: u32,
    /// p as a fraction (numerator, denominator), 0 < p < 1.
    pub p: (u32, u32),
}

/// A node: its depth and its index among the nodes of that depth (children of (j, i) are
/// (j + 1, d·i + c)).
pub type NodeAt = (u32, u32);

/// Leaves seen and their values, as bit masks over the leaves (leaf i is bit i).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Knowledge {
    /// The leaves seen.
    pub seen: u32,
    /// Their values (1 = J1 wins); bits outside `seen` are 0.
    pub values: u32,
}

/// Everything Theorem 11, Remark 12, Propositions 9 and 21 say about one knowledge state.
#[derive(Clone, Debug)]
pub struct StateCheck {
    /// R_n(r) from the law.
    pub root: BigRational,
    /// Nodes of B ∪ D where R_n by (2) equals the law (of `nodes`).
    pub prop9_equal: usize,
    /// Nodes of B ∪ D.
    pub nodes: usize,
    /// The boundary nodes D_{x_n}.
    pub boundary: Vec<NodeAt>,
    /// The nodes the descent of Theorem 11 may reach (in D ∪ x_n).
    pub descent: Vec<NodeAt>,
    /// The boundary nodes minimising the expected squared error (5).
    pub argmin_l2: Vec<NodeAt>,
    /// The boundary nodes minimising the expected absolute error (6).
    pub argmin_l1: Vec<NodeAt>,
    /// Boundary nodes z where Δ^z_n(z) = 𝔰(|z|) (Proposition 21 (ii)).
    pub delta_at_z: usize,
    /// Pairs (z, x), x on the branch from r to z, x ≠ r, where Δ^z_n(f(x)) = U_n(x)² Δ^z_n(x)
    /// (Proposition 21 (iii)), and the pairs compared.
    pub delta_chain: (usize, usize),
    /// Boundary nodes z where Δ^z_n(r) = 𝔰(|z|) Π U_n(y)² over the branch (Proposition 21 (iv)).
    pub delta_product: usize,
    /// Boundary nodes z where E[(R_n(r) − R(r))²] = E[(R^z_{n+1}(r) − R(r))²] + Δ^z_n(r), the
    /// identity behind Proposition 21 (i).
    pub pythagoras: usize,
}

impl PearlModel {
    /// The number of leaves d^K.
    pub fn leaves(&self) -> u32 {
        self.d.pow(self.k)
    }

    /// Whether the model is one this module enumerates: d ≥ 2, K ≥ 1, at most
    /// [`MAX_LEAVES`] leaves, 0 < p < 1.
    pub fn is_valid(&self) -> bool {
        self.d >= 2
            && self.k >= 1
            && self.d.checked_pow(self.k).is_some_and(|l| l <= MAX_LEAVES)
            && self.p.0 > 0
            && self.p.0 < self.p.1
    }

    /// 𝔪(k) and 𝔰(k) of Example 23 (Remark 24: μ_k = δ_d, q_K = p), exactly.
    pub fn tables(&self) -> (Vec<BigRational>, Vec<BigRational>) {
        let degree: Vec<BigRational> = (0..=self.d)
            .map(|l| {
                if l == self.d {
                    BigRational::one()
                } else {
                    BigRational::zero()
                }
            })
            .collect();
        let mut mu = vec![degree; self.k as usize];
        mu.push(vec![BigRational::one()]);
        let p = ratio(u128::from(self.p.0), u128::from(self.p.1));
        let q = vec![p; self.k as usize + 1];
        galton_watson_tables(&mu, &q)
    }

    fn children(&self, (j, i): NodeAt) -> impl Iterator<Item = NodeAt> + '_ {
        (0..self.d).map(move |c| (j + 1, self.d * i + c))
    }

    /// The ancestor at depth `j` of leaf `y`.
    fn ancestor(&self, y: u32, j: u32) -> NodeAt {
        (j, y / self.d.pow(self.k - j))
    }

    /// The leaves below `x`.
    fn leaves_below(&self, (j, i): NodeAt) -> std::ops::Range<u32> {
        let span = self.d.pow(self.k - j);
        i * span..(i + 1) * span
    }

    /// Whether J1 moves at depth `j` (even depths: the root's player).
    fn j1_moves(j: u32) -> bool {
        j % 2 == 0
    }

    /// The index of node `(j, i)` in a list of every node, the root first, depth by depth.
    fn index(&self, (j, i): NodeAt) -> usize {
        ((self.d.pow(j) - 1) / (self.d - 1) + i) as usize
    }

    /// Minimax values of every node for the leaf outcome `bits`, into `values` (by
    /// [`PearlModel::index`]).
    fn minimax(&self, bits: u32, values: &mut [bool]) {
        for y in 0..self.leaves() {
            values[self.index((self.k, y))] = bits >> y & 1 == 1;
        }
        for j in (0..self.k).rev() {
            for i in 0..self.d.pow(j) {
                let mut kids = self.children((j, i)).map(|c| values[self.index(c)]);
                values[self.index((j, i))] = if Self::j1_moves(j) {
                    kids.any(|v| v)
                } else {
                    kids.all(|v| v)
                };
            }
        }
    }

    /// Whether `x` is in B_{x_n}: an ancestor (or itself) of a leaf seen.
    fn in_explored(&self, x: NodeAt, know: Knowledge) -> bool {
        self.leaves_below(x).any(|y| know.seen >> y & 1 == 1)
    }

    /// Checks one knowledge state (at least one leaf seen).
    pub fn check_state(&self, know: Knowledge) -> StateCheck {
        let leaves = self.leaves();
        let (m, s) = self.tables();
        let (a, b) = (u128::from(self.p.0), u128::from(self.p.1));
        let depth = self.k as usize;
        // Sums of weights: total; per node, R(x) = 1; per leaf y and value v, R(y) = v, and
        // with R(x) = 1 for each ancestor x of y (by its depth).
        let mut total = 0u128;
        let count = self.index((self.k, leaves - 1)) + 1;
        let mut ones = vec![0u128; count];
        let mut values = vec![false; count];
        let mut by_leaf = vec![[0u128; 2]; leaves as usize];
        let mut by_leaf_anc =
            vec![[vec![0u128; depth + 1], vec![0u128; depth + 1]]; leaves as usize];
        for bits in 0..(1u32 << leaves) {
            if bits & know.seen != know.values {
                continue;
            }
            let up = bits.count_ones();
            let w = a.pow(up) * (b - a).pow(leaves - up);
            total += w;
            self.minimax(bits, &mut values);
            for (slot, &v) in ones.iter_mut().zip(&values) {
                if v {
                    *slot += w;
                }
            }
            for y in 0..leaves {
                let v = (bits >> y & 1) as usize;
                by_leaf[y as usize][v] += w;
                for j in 0..=self.k {
                    if values[self.index(self.ancestor(y, j))] {
                        by_leaf_anc[y as usize][v][j as usize] += w;
                    }
                }
            }
        }
        let law = |x: NodeAt| ratio(ones[self.index(x)], total);
        // B ∪ D, and the boundary.
        let mut explored = Vec::new();
        let mut boundary = Vec::new();
        let mut stack = vec![(0u32, 0u32)];
        while let Some(x) = stack.pop() {
            explored.push(x);
            if x.0 == self.k {
                continue;
            }
            for c in self.children(x) {
                if self.in_explored(c, know) {
                    stack.push(c);
                } else {
                    boundary.push(c);
                }
            }
        }
        boundary.sort_unstable();
        // Proposition 9: R_n by (2), from 𝔪 at the boundary and R(x) at the leaves seen.
        let mut by_induction: HashMap<NodeAt, BigRational> = HashMap::new();
        for &z in &boundary {
            by_induction.insert(z, m[z.0 as usize].clone());
        }
        let mut inner: Vec<NodeAt> = explored.clone();
        inner.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
        for &x in &inner {
            let value = if x.0 == self.k {
                if know.values >> x.1 & 1 == 1 {
                    BigRational::one()
                } else {
                    BigRational::zero()
                }
            } else {
                let kids: Vec<BigRational> =
                    self.children(x).map(|c| by_induction[&c].clone()).collect();
                if Self::j1_moves(x.0) {
                    BigRational::one()
                        - kids
                            .iter()
                            .fold(BigRational::one(), |acc, r| acc * (BigRational::one() - r))
                } else {
                    kids.iter().fold(BigRational::one(), |acc, r| acc * r)
                }
            };
            by_induction.insert(x, value);
        }
        let all: Vec<NodeAt> = explored.iter().chain(&boundary).copied().collect();
        let prop9_equal = all.iter().filter(|&&x| by_induction[&x] == law(x)).count();
        // U_n of (3), from the law's R_n: the product over x's brothers.
        let u = |x: NodeAt| -> BigRational {
            let father = (x.0 - 1, x.1 / self.d);
            self.children(father)
                .filter(|&h| h != x)
                .fold(BigRational::one(), |acc, h| {
                    let r = law(h);
                    // t(f(x)) = 0 (J0 moves at the father): Π R_n; else Π (1 − R_n).
                    if Self::j1_moves(father.0) {
                        acc * (BigRational::one() - r)
                    } else {
                        acc * r
                    }
                })
        };
        // Z_n of (4), up from the leaves seen (0) and the boundary (𝔰).
        let mut z_of: HashMap<NodeAt, BigRational> = HashMap::new();
        for &z in &boundary {
            z_of.insert(z, s[z.0 as usize].clone());
        }
        for &x in &inner {
            let value = if x.0 == self.k {
                BigRational::zero()
            } else {
                self.children(x)
                    .map(|c| u(c).pow(2) * &z_of[&c])
                    .max()
                    .unwrap_or_else(BigRational::zero)
            };
            z_of.insert(x, value);
        }
        // The descent: every argmax followed.
        let mut descent = Vec::new();
        let mut frontier = vec![(0u32, 0u32)];
        while let Some(x) = frontier.pop() {
            if boundary.binary_search(&x).is_ok() || x.0 == self.k {
                if !descent.contains(&x) {
                    descent.push(x);
                }
                continue;
            }
            let keys: Vec<(NodeAt, BigRational)> = self
                .children(x)
                .map(|c| (c, u(c).pow(2) * &z_of[&c]))
                .collect();
            let best = keys.iter().map(|k| k.1.clone()).max().unwrap_or_default();
            frontier.extend(keys.into_iter().filter(|k| k.1 == best).map(|k| k.0));
        }
        descent.sort_unstable();
        // Errors and Δ of a match from each boundary node.
        let root = law((0, 0));
        let prior_error = &root * (BigRational::one() - &root);
        let mut l2 = Vec::new();
        let mut l1 = Vec::new();
        let (mut delta_at_z, mut delta_product, mut pythagoras) = (0, 0, 0);
        let mut delta_chain = (0, 0);
        let total_r = BigRational::from_integer(BigInt::from(total));
        for &z in &boundary {
            let below = self.leaves_below(z);
            let count = BigRational::from_integer(BigInt::from(below.len()));
            let (mut e2, mut e1) = (BigRational::zero(), BigRational::zero());
            let mut delta = vec![BigRational::zero(); z.0 as usize + 1];
            for y in below {
                for v in 0..2 {
                    let wy = by_leaf[y as usize][v];
                    if wy == 0 {
                        continue;
                    }
                    let anc = &by_leaf_anc[y as usize][v];
                    let weight = ratio(wy, 1) / &total_r / &count;
                    let q = ratio(anc[0], wy);
                    // R(r) = 1 with weight anc[0], 0 with the rest.
                    let one_minus = BigRational::one() - &q;
                    let win = ratio(anc[0], wy);
                    let lose = ratio(wy - anc[0], wy);
                    e2 += &weight * (&win * one_minus.pow(2) + &lose * q.pow(2));
                    e1 += &weight * (&win * one_minus.abs() + &lose * q.abs());
                    for (j, slot) in delta.iter_mut().enumerate() {
                        let x = self.ancestor(y, j as u32);
                        let qx = ratio(anc[j], wy);
                        *slot += &weight * (qx - law(x)).pow(2);
                    }
                }
            }
            l2.push((z, e2.clone()));
            l1.push((z, e1));
            if delta[z.0 as usize] == s[z.0 as usize] {
                delta_at_z += 1;
            }
            let mut product = s[z.0 as usize].clone();
            for j in 1..=z.0 {
                let x = self.ancestor(self.leaves_below(z).start, j);
                let ux = u(x).pow(2);
                delta_chain.1 += 1;
                if delta[j as usize - 1] == &ux * &delta[j as usize] {
                    delta_chain.0 += 1;
                }
                product *= ux;
            }
            if delta[0] == product {
                delta_product += 1;
            }
            if prior_error == e2 + &delta[0] {
                pythagoras += 1;
            }
        }
        let argmin = |errors: &[(NodeAt, BigRational)]| -> Vec<NodeAt> {
            let best = errors.iter().map(|e| e.1.clone()).min().unwrap_or_default();
            errors.iter().filter(|e| e.1 == best).map(|e| e.0).collect()
        };
        StateCheck {
            root,
            prop9_equal,
            nodes: all.len(),
            argmin_l2: argmin(&l2),
            argmin_l1: argmin(&l1),
            boundary,
            descent,
            delta_at_z,
            delta_chain,
            delta_product,
            pythagoras,
        }
    }

    /// The boundary node of knowledge `know` that a match reaching leaf `y` was played from:
    /// the first node of y's branch outside B_{x_n}.
    pub fn played_from(&self, know: Knowledge, y: u32) -> NodeAt {
        (1..=self.k)
            .map(|j| self.ancestor(y, j))
            .find(|&x| !self.in_explored(x, know))
            .unwrap_or((self.k, y))
    }

    /// The float tables duel's agent uses, 𝔰 scaled by `lambda`.
    pub fn agent_tables(&self, lambda: f64) -> DepthTables {
        let (m, s) = self.tables();
        let f = |x: &BigRational| {
            let (n, d) = (x.numer().to_string(), x.denom().to_string());
            n.parse::<f64>().unwrap_or(0.0) / d.parse::<f64>().unwrap_or(1.0)
        };
        DepthTables {
            m: m.iter().map(f).collect(),
            s: s.iter().map(|x| f(x) * lambda).collect(),
        }
    }

    /// The leaves duel's Algorithm 13 visits, in order, on the outcome `bits` (matches played
    /// to the first leaf, as in the proof of Remark 17), at most `steps` of them.
    pub fn agent_leaves(&self, tables: &Arc<DepthTables>, bits: u32, steps: usize) -> Vec<u32> {
        let outcome: Vec<bool> = (0..self.leaves()).map(|y| bits >> y & 1 == 1).collect();
        let tree = ExplicitTree::complete(self.d, self.k, &outcome);
        let mut agent: Bayes<ExplicitTree> =
            Bayes::new(PriorKind::Depth(tables.clone()), u64::from(bits))
                .with_playout(Playout::First);
        let mut order = Vec::new();
        if agent.start(&tree).is_err() {
            return order;
        }
        let mut seen = 0u32;
        while order.len() < steps && agent.step() {
            for path in agent.visited_leaf_paths() {
                let y = path.iter().fold(0u32, |acc, &c| acc * self.d + c);
                if seen >> y & 1 == 0 {
                    seen |= 1 << y;
                    order.push(y);
                }
            }
        }
        order
    }
}

/// What duel's Algorithm 13 did on every outcome of a model, judged state by state.
#[derive(Clone, Debug, Default)]
pub struct AgentAudit {
    /// Distinct knowledge states met (with R_n(r) ∉ {0, 1}, n ≥ 1).
    pub states: usize,
    /// Steps judged (over every outcome).
    pub steps: usize,
    /// Steps whose boundary node minimised the squared error (Theorem 11).
    pub l2_optimal: usize,
    /// Steps whose boundary node minimised the absolute error (Remark 12).
    pub l1_optimal: usize,
    /// States where every node the exact descent may reach minimises the squared error.
    pub descent_l2: usize,
    /// The same for the absolute error.
    pub descent_l1: usize,
    /// Nodes of B ∪ D over the states, and those where (2) gives the law's R_n (Proposition 9).
    pub prop9: (usize, usize),
    /// (state, z) pairs, and those where Δ^z_n(z) = 𝔰(|z|), (iii) holds at every level, (iv)
    /// holds, and the identity of (i) holds.
    pub prop21: Prop21Counts,
    /// Outcomes whose leaves are the same in the same order with 𝔰 scaled by each λ
    /// (Remark 14 (ii)), and the outcomes run.
    pub scaled: Vec<(f64, usize)>,
    /// Outcomes run.
    pub outcomes: usize,
}

/// Proposition 21's counts over (state, boundary node) pairs.
#[derive(Clone, Debug, Default)]
pub struct Prop21Counts {
    /// Pairs compared.
    pub pairs: usize,
    /// (ii): Δ^z_n(z) = 𝔰(|z|).
    pub at_z: usize,
    /// (iii): levels compared and those equal.
    pub chain: (usize, usize),
    /// (iv).
    pub product: usize,
    /// (i)'s identity.
    pub identity: usize,
}

/// Runs duel's Algorithm 13 on every outcome of `model` for at most `steps` leaves, judging
/// every step after the first against the exact law, and again with 𝔰 scaled by each of
/// `lambdas`. `None` for a model this module does not enumerate.
pub fn audit(model: &PearlModel, steps: usize, lambdas: &[f64]) -> Option<AgentAudit> {
    if !model.is_valid() {
        return None;
    }
    let tables = Arc::new(model.agent_tables(1.0));
    let scaled: Vec<(f64, Arc<DepthTables>)> = lambdas
        .iter()
        .map(|&l| (l, Arc::new(model.agent_tables(l))))
        .collect();
    let mut memo: HashMap<Knowledge, StateCheck> = HashMap::new();
    let mut out = AgentAudit {
        scaled: lambdas.iter().map(|&l| (l, 0)).collect(),
        ..AgentAudit::default()
    };
    for bits in 0..(1u32 << model.leaves()) {
        out.outcomes += 1;
        let order = model.agent_leaves(&tables, bits, steps);
        for (slot, (_, t)) in out.scaled.iter_mut().zip(&scaled) {
            if model.agent_leaves(t, bits, steps) == order {
                slot.1 += 1;
            }
        }
        let mut know = Knowledge { seen: 0, values: 0 };
        for (n, &y) in order.iter().enumerate() {
            if n > 0 {
                let fresh = !memo.contains_key(&know);
                let check = memo
                    .entry(know)
                    .or_insert_with(|| model.check_state(know))
                    .clone();
                let decided = check.root.is_zero() || check.root.is_one();
                if !decided {
                    if fresh {
                        out.states += 1;
                        out.prop9.0 += check.nodes;
                        out.prop9.1 += check.prop9_equal;
                        out.prop21.pairs += check.boundary.len();
                        out.prop21.at_z += check.delta_at_z;
                        out.prop21.chain.0 += check.delta_chain.1;
                        out.prop21.chain.1 += check.delta_chain.0;
                        out.prop21.product += check.delta_product;
                        out.prop21.identity += check.pythagoras;
                        if check.descent.iter().all(|z| check.argmin_l2.contains(z)) {
                            out.descent_l2 += 1;
                        }
                        if check.descent.iter().all(|z| check.argmin_l1.contains(z)) {
                            out.descent_l1 += 1;
                        }
                    }
                    let z = model.played_from(know, y);
                    out.steps += 1;
                    if check.argmin_l2.contains(&z) {
                        out.l2_optimal += 1;
                    }
                    if check.argmin_l1.contains(&z) {
                        out.l1_optimal += 1;
                    }
                }
            }
            know.seen |= 1 << y;
            know.values |= bits & (1 << y);
        }
    }
    Some(out)
}
