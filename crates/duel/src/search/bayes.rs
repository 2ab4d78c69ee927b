//! Algorithm 13 of Delattre & Fournier: the step-by-step optimal Bayesian search.
//!
//! After n matches the agent knows the explored tree B_n, its boundary D_n and the outcomes
//! of the visited leaves. It keeps, for every node x, R_n(x) = P(R(x) = 1 | F_n) (eq. (2)),
//! U_n(x) (eq. (3)) and Z_n(x) (eq. (4)); the next match starts from the boundary node reached
//! by following the largest U_n² Z_n from the root (Theorem 11), and is uniformly random
//! from there. The update touches only the last branch and the brothers of its nodes
//! (section 2.12), so the cost of an iteration does not grow with n.
//!
//! Values are stored as [`LogProb`] (ln r, ln(1 − r)) and ln Z (section 8.1), so that
//! probabilities within 1e-300 of 0 or 1 stay distinct. R is always the probability that the
//! player to move at the root of the tree (J1) wins; draws count as losses (section 1).
//!
//! The search stops as soon as R_n(r) ∈ {0, 1} and keeps its tree between moves
//! (section 8.2 (i)): the priors of the nodes were computed from the first root.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::{Game, Player};

use super::agent::{
    reserve_nodes, Agent, Budget, Clock, SearchError, SearchResult, StopReason,
    DEFAULT_MEMORY_BYTES,
};
use super::logit::{Log1mexpMemo, LogProb};
pub use super::priors::PriorKind;
use super::priors::{
    fit_galton_watson, fit_galton_watson2, j1_wins, symmetric_prior_along, LitterMemo,
    MatchStatistics, Prior,
};

const BOUNDARY: u8 = 0;
const INTERIOR: u8 = 1;
const LEAF: u8 = 2;

/// How the match from a boundary node is simulated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random moves (Definition 2).
    Uniform,
    /// Always the first legal move: a deterministic leaf, which on trees with i.i.d. leaves
    /// changes nothing in law (proof of Remark 17) and makes exact enumeration possible.
    First,
}

/// One node of the explored tree B_n ∪ D_n: what the descent of Theorem 11 reads, the
/// selection key ln(U_n² Z_n) and the links, so that choosing among d brothers and going on
/// reads d consecutive nodes. The values R_n and Z_n live apart, in [`Val`].
#[derive(Clone, Copy, Debug)]
pub struct Node<M> {
    /// 2 ln U_n + ln Z_n, written by the father's update.
    key: f64,
    first_child: u32,
    n_children: u32,
    state: u8,
    mv: M,
}

/// R_n(x) and ln Z_n(x) of a node. While the node is on the boundary (state `BOUNDARY`), its
/// prior m and ln s (Proposition 9, Notation 10).
#[derive(Clone, Copy, Debug)]
pub struct Val {
    r: LogProb,
    ln_z: f64,
}

/// An Algorithm-13 agent (Sym, SymP, GW, GW2).
pub struct Bayes<G: Game> {
    kind: PriorKind,
    prior: Option<Prior>,
    rng: ChaCha8Rng,
    nodes: Vec<Node<G::Move>>,
    /// The values of the nodes (same indices).
    vals: Vec<Val>,
    root: u32,
    root_pos: Option<G>,
    /// Depth of the current root below the root the tree was built from.
    root_depth: usize,
    /// J1: the player to move at the root the tree was built from.
    j1: Player,
    max_nodes: usize,
    playout: Playout,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    scratch: Vec<f64>,
    log1mexp_memo: Log1mexpMemo,
    leaves_visited: u64,
    /// m of the next root, from the history given by [`Agent::set_history`].
    history_prior: Option<(u64, LogProb)>,
}

impl<G: Game> Bayes<G> {
    /// Bytes per tree node: the node and its selection key.
    const NODE_BYTES: usize = std::mem::size_of::<Node<G::Move>>() + std::mem::size_of::<Val>();

    /// A new agent with this prior.
    pub fn new(kind: PriorKind, seed: u64) -> Self {
        Bayes {
            kind,
            prior: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            nodes: Vec::new(),
            vals: Vec::new(),
            root: 0,
            root_pos: None,
            root_depth: 0,
            j1: Player::First,
            max_nodes: (DEFAULT_MEMORY_BYTES as usize) / Self::NODE_BYTES,
            playout: Playout::Uniform,
            path: Vec::new(),
            moves: Vec::new(),
            scratch: Vec::new(),
            log1mexp_memo: Log1mexpMemo::default(),
            leaves_visited: 0,
            history_prior: None,
        }
    }

    /// Sets how matches are simulated.
    pub fn with_playout(mut self, playout: Playout) -> Self {
        self.playout = playout;
        self
    }

    /// Sets the memory limit of the tree.
    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.max_nodes = (bytes as usize / Self::NODE_BYTES).max(64);
        self
    }

    /// The memory limit in nodes.
    pub fn max_nodes(&self) -> usize {
        self.max_nodes
    }

    /// Forgets everything and makes `position` the root (fitting GW / GW2 from it).
    pub fn start(&mut self, position: &G) {
        self.start_until(position, None);
    }

    /// [`Bayes::start`], with the fit of GW / GW2 cut short at `deadline`.
    fn start_until(&mut self, position: &G, deadline: Option<std::time::Instant>) {
        let prior = match &self.kind {
            PriorKind::Symmetric { a, b, name } => Prior::Symmetric {
                a: *a,
                b: *b,
                pearl: *name == "symp",
                memo: Box::new(LitterMemo::new()),
            },
            PriorKind::Depth(t) => Prior::depth(t),
            PriorKind::GaltonWatson { fit } => {
                let st = MatchStatistics::sample(position, *fit, &mut self.rng, deadline);
                Prior::depth(&fit_galton_watson(&st))
            }
            PriorKind::GaltonWatson2 { fit } => {
                let st = MatchStatistics::sample(position, *fit, &mut self.rng, deadline);
                Prior::depth_degree(&fit_galton_watson2(&st))
            }
        };
        let (mut m, ln_s) = prior.root();
        if let (Prior::Symmetric { .. }, Some((key, hm))) = (&prior, self.history_prior) {
            if key == position.key() {
                m = hm;
            }
        }
        self.prior = Some(prior);
        position.legal_moves(&mut self.moves);
        let dummy = match self.moves.first() {
            Some(&m) => m,
            None => {
                // A finished root: no move; keep a node for the value only.
                self.nodes.clear();
                self.vals.clear();
                self.root_pos = None;
                return;
            }
        };
        self.nodes.clear();
        self.vals.clear();
        self.vals.push(Val { r: m, ln_z: ln_s });
        self.nodes.push(Node {
            key: ln_s,
            first_child: 0,
            n_children: 0,
            state: BOUNDARY,
            mv: dummy,
        });
        self.root = 0;
        self.root_pos = Some(position.clone());
        self.root_depth = 0;
        self.j1 = position.to_move();
        self.leaves_visited = 0;
    }

    /// R_n(r): the probability that the player to move at the root wins, given what is known.
    pub fn root_value(&self) -> LogProb {
        self.vals[self.root as usize].r
    }

    /// Whether R_n(r) ∈ {0, 1}.
    pub fn is_solved(&self) -> bool {
        self.root_value().is_certain()
    }

    /// Nodes in the tree.
    pub fn tree_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Distinct leaves visited since [`Bayes::start`].
    pub fn leaves_visited(&self) -> u64 {
        self.leaves_visited
    }

    /// Moves the root to a grandchild equal to `position` (the same player to move).
    fn reroot(&mut self, position: &G) -> bool {
        let Some(root_pos) = self.root_pos.as_ref() else {
            return false;
        };
        if root_pos.spec() != position.spec() || position.to_move() != self.j1 {
            return false;
        }
        if root_pos.key() == position.key() {
            return true;
        }
        let root = self.nodes[self.root as usize];
        for c in root.first_child..root.first_child + root.n_children {
            let mut p1 = root_pos.clone();
            p1.play(self.nodes[c as usize].mv);
            let child = self.nodes[c as usize];
            for g in child.first_child..child.first_child + child.n_children {
                let mut p2 = p1.clone();
                p2.play(self.nodes[g as usize].mv);
                if p2.key() == position.key() {
                    self.root = g;
                    self.root_pos = Some(position.clone());
                    self.root_depth += 2;
                    return true;
                }
            }
        }
        false
    }

    /// Whether J1 moves at a node `depth` plies below the first root.
    fn j1_moves(depth: usize) -> bool {
        depth % 2 == 0
    }

    /// One iteration of Algorithm 13 (Step n+1). Returns whether a new leaf was visited.
    /// Does nothing when the root value is already certain.
    pub fn step(&mut self) -> bool {
        if self.is_solved() {
            return false;
        }
        let mut pos = self.root_pos.clone().expect("start() before step()");
        self.path.clear();
        self.path.push(self.root);
        let mut node = self.root;
        let mut depth = self.root_depth;
        while self.nodes[node as usize].state == INTERIOR {
            node = self.select(node);
            pos.play(self.nodes[node as usize].mv);
            self.path.push(node);
            depth += 1;
        }
        if self.nodes[node as usize].state == LEAF {
            // x_{n+1} ∈ x_n: no new information (Proposition 15 (i) says this does not
            // happen while R_n(r) ∉ {0, 1}; only rounding could bring us here).
            return false;
        }
        let mut prior = self.prior.take().expect("prior set by start()");
        // A uniformly random match from the boundary node z_n, adding the branch and the
        // brothers of its nodes to the tree.
        loop {
            if let Some(outcome) = pos.outcome() {
                self.nodes[node as usize].state = LEAF;
                let n = &mut self.vals[node as usize];
                n.r = if j1_wins(outcome, self.j1) {
                    LogProb::ONE
                } else {
                    LogProb::ZERO
                };
                n.ln_z = f64::NEG_INFINITY;
                break;
            }
            pos.legal_moves(&mut self.moves);
            let d = self.moves.len();
            let parent = self.vals[node as usize];
            let (m, ln_s) = prior.litter(parent.r, parent.ln_z, depth, Self::j1_moves(depth), d);
            reserve_nodes(&mut self.nodes, d, self.max_nodes);
            reserve_nodes(&mut self.vals, d, self.max_nodes);
            let first = self.nodes.len() as u32;
            self.vals
                .extend(std::iter::repeat(Val { r: m, ln_z: ln_s }).take(d));
            for &mv in &self.moves {
                // The key is set by the update of the father, before any selection reads it.
                self.nodes.push(Node {
                    key: ln_s,
                    first_child: 0,
                    n_children: 0,
                    state: BOUNDARY,
                    mv,
                });
            }
            let n = &mut self.nodes[node as usize];
            n.state = INTERIOR;
            n.first_child = first;
            n.n_children = d as u32;
            let i = match self.playout {
                Playout::Uniform => self.rng.gen_range(0..d),
                Playout::First => 0,
            };
            node = first + i as u32;
            pos.play(self.moves[i]);
            self.path.push(node);
            depth += 1;
        }
        self.prior = Some(prior);
        self.leaves_visited += 1;
        // Update R (2), U (3) and Z (4) on the branch, from the leaf's father to the root.
        for k in (0..self.path.len() - 1).rev() {
            let d = self.root_depth + k;
            self.update(self.path[k], Self::j1_moves(d));
        }
        true
    }

    /// Recomputes R_n(x), Z_n(x) and U_n of the children of x from the children's values.
    fn update(&mut self, x: u32, j1_moves: bool) {
        let n = self.nodes[x as usize];
        let first = n.first_child as usize;
        let d = n.n_children as usize;
        // f(y) = R(y) where J0 moves (R(x) = Π R(y)), 1 − R(y) where J1 moves.
        let f = |node: &Val| {
            if j1_moves {
                node.r.complement()
            } else {
                node.r
            }
        };
        // Suffix sums of ln f for U (products over the brothers, without division): on the
        // stack for small degrees, in a reused buffer otherwise.
        const STACK: usize = 16;
        let mut stack = [0.0f64; STACK + 1];
        let suffix: &mut [f64] = if d <= STACK {
            &mut stack[..d + 1]
        } else {
            self.scratch.clear();
            self.scratch.resize(d + 1, 0.0);
            &mut self.scratch[..]
        };
        let kids = &self.vals[first..first + d];
        let keys = &mut self.nodes[first..first + d];
        suffix[d] = 0.0;
        for i in (0..d).rev() {
            suffix[i] = suffix[i + 1] + f(&kids[i]).ln_p;
        }
        let total = suffix[0];
        let mut prefix = 0.0;
        let mut ln_z = f64::NEG_INFINITY;
        for (i, (child, key)) in kids.iter().zip(keys.iter_mut()).enumerate() {
            let ln_u = prefix + suffix[i + 1];
            let v = 2.0 * ln_u + child.ln_z;
            key.key = v;
            if v > ln_z {
                ln_z = v;
            }
            prefix += f(child).ln_p;
        }
        let prod = LogProb::with_ln_p_of_product_memo(
            total,
            kids.iter().map(|y| f(y).ln_q),
            &mut self.log1mexp_memo,
        );
        let node = &mut self.vals[x as usize];
        node.r = if j1_moves { prod.complement() } else { prod };
        node.ln_z = ln_z;
    }

    /// argmax of U_n(y)² Z_n(y) over the children y of x, ties uniformly at random.
    fn select(&mut self, x: u32) -> u32 {
        let n = &self.nodes[x as usize];
        let first = n.first_child;
        let kids = &self.nodes[first as usize..(first + n.n_children) as usize];
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        let mut ties = 0u32;
        for (c, kid) in kids.iter().enumerate() {
            let v = kid.key;
            if v > best_value {
                best_value = v;
                best = c;
                ties = 1;
            } else if v == best_value {
                ties += 1;
                if self.rng.gen_range(0..ties) == 0 {
                    best = c;
                }
            }
        }
        first + best as u32
    }

    /// The child of the root with the largest R_n (ties at random), and its move.
    fn best_child(&mut self) -> u32 {
        let n = self.nodes[self.root as usize];
        let mut best = n.first_child;
        let mut best_value = f64::NEG_INFINITY;
        let mut ties = 0u32;
        for c in n.first_child..n.first_child + n.n_children {
            let v = self.vals[c as usize].r.logit();
            if v > best_value {
                best_value = v;
                best = c;
                ties = 1;
            } else if v == best_value {
                ties += 1;
                if self.rng.gen_range(0..ties) == 0 {
                    best = c;
                }
            }
        }
        best
    }

    /// The move paths from the root of the visited leaves (x_n), in tree order.
    pub fn visited_leaf_paths(&self) -> Vec<Vec<G::Move>> {
        let mut out = Vec::new();
        let mut stack = vec![(self.root, Vec::new())];
        while let Some((x, path)) = stack.pop() {
            let n = self.nodes[x as usize];
            match n.state {
                LEAF => out.push(path),
                INTERIOR => {
                    for c in (n.first_child..n.first_child + n.n_children).rev() {
                        let mut p = path.clone();
                        p.push(self.nodes[c as usize].mv);
                        stack.push((c, p));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The values (R_n, and whether on the boundary) of the root's children, in move order.
    pub fn root_children(&self) -> Vec<(G::Move, LogProb)> {
        let n = self.nodes[self.root as usize];
        (n.first_child..n.first_child + n.n_children)
            .map(|c| (self.nodes[c as usize].mv, self.vals[c as usize].r))
            .collect()
    }
}

impl<G: Game> Agent<G> for Bayes<G> {
    fn name(&self) -> String {
        self.kind.text()
    }

    fn search(
        &mut self,
        position: &G,
        budget: Budget,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let budget = budget.validate()?;
        if position.outcome().is_some() {
            return Err(SearchError::Finished);
        }
        let clock = Clock::new(budget);
        let reused_tree = self.reroot(position);
        if !reused_tree {
            // Half of a time budget at most goes to fitting GW / GW2.
            let deadline = match budget {
                Budget::Millis(ms) => {
                    Some(std::time::Instant::now() + std::time::Duration::from_millis(ms / 2))
                }
                Budget::Iterations(_) => None,
            };
            self.start_until(position, deadline);
        }
        let mut iterations = 0u64;
        let mut stopped = StopReason::Budget;
        while !clock.done(iterations) {
            if self.is_solved() {
                stopped = StopReason::Solved;
                break;
            }
            if self.nodes.len() >= self.max_nodes {
                stopped = StopReason::Memory;
                break;
            }
            self.step();
            iterations += 1;
        }
        if stopped == StopReason::Budget && self.is_solved() {
            stopped = StopReason::Solved;
        }
        if self.nodes[self.root as usize].n_children == 0 {
            // Not even one match was played below the root (cannot happen with a budget ≥ 1
            // unless the root was already solved as a boundary node): expand it plainly.
            self.step();
        }
        let best = self.best_child();
        Ok(SearchResult {
            best: self.nodes[best as usize].mv,
            estimate: self.root_value().prob(),
            iterations,
            millis: clock.millis(),
            stopped,
            tree_nodes: self.nodes.len(),
            reused_tree,
        })
    }

    fn node_bytes(&self) -> usize {
        Self::NODE_BYTES
    }

    fn set_history(&mut self, start: &G, moves: &[G::Move]) {
        if let PriorKind::Symmetric { a, .. } = self.kind {
            let mut end = start.clone();
            for &mv in moves {
                end.play(mv);
            }
            // Formula (11) gives the probability that the player to move at `start` wins;
            // the tree's J1 is the player to move at `end`.
            let m = symmetric_prior_along(a, start, moves);
            let m = if end.to_move() == start.to_move() {
                m
            } else {
                m.complement()
            };
            self.history_prior = Some((end.key(), m));
        }
    }
}
