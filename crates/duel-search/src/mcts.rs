//! Monte-Carlo tree search as in the appendix of Delattre & Fournier: Algorithm 31 (MCTS: one
//! new litter per iteration), Algorithm 30 (MCTS′: the whole simulated branch and its brothers
//! are kept), both with φ(w, c) = (w + a)/(c + b), and UCT (Kocsis & Szepesvári) for comparison.
//!
//! The tree is an arena `Vec<Node>` with `u32` indices; the children of a node are contiguous.
//! Each node stores the score (wins, draws counted 1/2) of the player who moved *into* it, so
//! V_n(y) of the paper is simply that score and the same tree serves both players. The
//! paper's W_n(x) counts only J₁'s wins (the player to move at the root), so that a draw is
//! J₁'s loss and J₀'s win: [`Mcts::with_draw_value`] of 0 plays that way.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use duel_core::game::{Game, Outcome, Player};

use super::agent::{
    argmax_random_ties, num, uniform_index, Agent, Budget, Clock, SearchError, SearchResult,
    StopReason, Work, DEFAULT_MEMORY_BYTES,
};
use super::huge_vec::{AllocFailed, HugeVec};

/// Which of the two MCTS versions of the appendix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsKind {
    /// Algorithm 31: after each simulation, one node is expanded (its children added).
    Mcts,
    /// Algorithm 30: the whole simulated branch, with the brothers of its nodes, is kept.
    MctsPrime,
}

impl MctsKind {
    /// The agent name.
    pub fn name(self) -> &'static str {
        match self {
            MctsKind::Mcts => "mcts",
            MctsKind::MctsPrime => "mcts-prime",
        }
    }
}

/// How a child is selected.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Selection {
    /// φ(w, c) = (w + a)/(c + b).
    Ratio {
        /// a > 0.
        a: f64,
        /// b > 0.
        b: f64,
    },
    /// w/c + sqrt(c_uct · ln N / c), unvisited children first.
    Uct {
        /// The exploration constant.
        c: f64,
    },
}

/// One tree node (see the module documentation).
#[derive(Clone, Copy, Debug)]
struct Node<M> {
    first_child: u32,
    n_children: u32,
    visits: u32,
    /// Sum of the scores of the player who moved into this node.
    score: f32,
    mv: M,
}

/// An MCTS, MCTS′ or UCT agent.
pub struct Mcts<G: Game> {
    kind: MctsKind,
    selection: Selection,
    rng: ChaCha8Rng,
    nodes: HugeVec<Node<G::Move>>,
    root: u32,
    root_pos: Option<G>,
    max_nodes: usize,
    /// The most nodes one iteration added: room for twice as many is made before each, so
    /// that a tree that cannot get more memory stops the search instead of aborting it.
    room: usize,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    /// What the iterations did since the tree was started ([`Agent::work`]).
    work: Work,
    /// Where every search stops, whatever its budget ([`Agent::set_deadline`]).
    deadline: Option<std::time::Instant>,
    /// A draw's score for the player to move at the root; the other player scores 1 − it.
    draw: f32,
}

impl<G: Game> Mcts<G> {
    /// A new agent.
    pub fn new(kind: MctsKind, selection: Selection, seed: u64) -> Self {
        Mcts {
            kind,
            selection,
            rng: ChaCha8Rng::seed_from_u64(seed),
            nodes: HugeVec::new(),
            root: 0,
            root_pos: None,
            max_nodes: (DEFAULT_MEMORY_BYTES as usize) / std::mem::size_of::<Node<G::Move>>(),
            room: 0,
            path: Vec::new(),
            moves: Vec::new(),
            work: Work::default(),
            deadline: None,
            draw: 0.5,
        }
    }

    /// Scores a draw `draw` for the player to move at the root and 1 − `draw` for the other
    /// (0.5 for both by default). 0 is Algorithms 30 and 31 as printed: W_n counts J₁'s wins
    /// only, and J₀ chooses by C_n − W_n, so a draw counts as J₀'s win.
    pub fn with_draw_value(mut self, draw: f64) -> Self {
        self.draw = draw as f32;
        self
    }

    /// Sets the memory limit of the tree.
    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.max_nodes = (bytes as usize / std::mem::size_of::<Node<G::Move>>()).max(64);
        self
    }

    /// Nodes in the tree.
    pub fn tree_nodes(&self) -> usize {
        self.nodes.len()
    }

    fn new_node(mv: G::Move) -> Node<G::Move> {
        Node {
            first_child: 0,
            n_children: 0,
            visits: 0,
            score: 0.0,
            mv,
        }
    }

    /// Forgets the tree and makes `position` the root: an error where the system refuses
    /// even the first block of nodes.
    fn reset(&mut self, position: &G) -> Result<(), SearchError> {
        position.legal_moves(&mut self.moves);
        let dummy = self.moves[0];
        self.nodes.clear();
        self.nodes
            .try_reserve(1, self.max_nodes.saturating_add(4096))
            .map_err(|e| SearchError::OutOfMemory {
                what: "the root was made".into(),
                tree_bytes: 0,
                needed_bytes: e.bytes as u64,
            })?;
        self.nodes.push(Self::new_node(dummy));
        self.root = 0;
        self.root_pos = Some(position.clone());
        self.work = Work::default();
        // The room an iteration needs is learnt again for this tree.
        self.room = 0;
        Ok(())
    }

    /// Iterations within `clock` from the root, and why they stopped.
    fn run(&mut self, clock: &Clock) -> (u64, StopReason) {
        let mut iterations = 0u64;
        let mut stopped = StopReason::Budget;
        let start = self.work.units();
        while !clock.done(iterations, self.work.units() - start) {
            if self.nodes.len() >= self.max_nodes || !self.make_room() {
                stopped = StopReason::Memory;
                break;
            }
            let before = self.nodes.len();
            if !self.iterate() {
                stopped = StopReason::Memory;
                break;
            }
            self.room = self.room.max(self.nodes.len().saturating_sub(before));
            iterations += 1;
        }
        (iterations, stopped)
    }

    /// Moves the root to a child or grandchild equal to `position`, if there is one.
    fn reroot(&mut self, position: &G) -> bool {
        let Some(root_pos) = self.root_pos.as_ref() else {
            return false;
        };
        if root_pos.spec() != position.spec() {
            return false;
        }
        if root_pos.key() == position.key() && root_pos.to_move() == position.to_move() {
            return true;
        }
        // Children first, then grandchildren, without keeping their positions: a wide game
        // has tens of thousands of grandchildren (15×15: 50,400).
        let root_pos = root_pos.clone();
        let is_it = |p: &G| p.key() == position.key() && p.to_move() == position.to_move();
        let root = self.nodes[self.root as usize];
        for depth in 1..=2 {
            for c in root.first_child..root.first_child + root.n_children {
                let mut p = root_pos.clone();
                p.play(self.nodes[c as usize].mv);
                let found = if depth == 1 {
                    is_it(&p).then_some(c)
                } else {
                    let child = self.nodes[c as usize];
                    (child.first_child..child.first_child + child.n_children).find(|&g| {
                        let mut q = p.clone();
                        q.play(self.nodes[g as usize].mv);
                        is_it(&q)
                    })
                };
                if let Some(node) = found {
                    self.root = node;
                    self.root_pos = Some(position.clone());
                    return true;
                }
            }
        }
        false
    }

    /// Makes room for twice the nodes of the largest iteration yet (and 64), the tree
    /// growing as [`HugeVec::reserve`] would up to its limit: false where the system refuses it.
    #[inline]
    fn make_room(&mut self) -> bool {
        let want = 2 * self.room + 64;
        self.nodes.spare() >= want
            || self
                .nodes
                .try_reserve(want, self.max_nodes.saturating_add(4096 + want))
                .is_ok()
    }

    /// Adds the children of `node` (at `pos`): false, adding nothing, where the tree cannot
    /// grow by them (past its limit, or the system refusing the memory).
    fn expand(&mut self, node: u32, pos: &G) -> Result<(), AllocFailed> {
        pos.legal_moves(&mut self.moves);
        let d = self.moves.len();
        self.nodes
            .try_reserve(d, self.max_nodes.saturating_add(4096 + d))?;
        let first = self.nodes.len() as u32;
        for &mv in &self.moves {
            self.nodes.push(Self::new_node(mv));
        }
        self.work.created += d as u64;
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.n_children = self.moves.len() as u32;
        Ok(())
    }

    fn select(&mut self, node: u32) -> u32 {
        let n = self.nodes[node as usize];
        let kids = n.first_child..n.first_child + n.n_children;
        // One loop per rule, so that the logarithm of UCT is computed only for UCT.
        match self.selection {
            Selection::Ratio { a, b } => {
                self.argmax(kids, |c| (c.score as f64 + a) / (c.visits as f64 + b))
            }
            Selection::Uct { c: cu } => {
                let log_n = (n.visits.max(1) as f64).ln();
                self.argmax(kids, |c| {
                    if c.visits == 0 {
                        f64::INFINITY
                    } else {
                        let v = c.visits as f64;
                        c.score as f64 / v + (cu * log_n / v).sqrt()
                    }
                })
            }
        }
    }

    /// The child maximising `value`, ties uniformly at random.
    fn argmax(&mut self, kids: std::ops::Range<u32>, value: impl Fn(&Node<G::Move>) -> f64) -> u32 {
        let nodes = &self.nodes[kids.start as usize..kids.end as usize];
        kids.start + argmax_random_ties(nodes.iter().map(&value), &mut self.rng) as u32
    }

    /// One iteration (one simulated match): false, with nothing backed up, where the tree
    /// could not grow by a node's children.
    fn iterate(&mut self) -> bool {
        let root_pos = self.root_pos.as_ref().expect("root set before iterating");
        let root_player = root_pos.to_move();
        let mut pos = root_pos.clone();
        self.path.clear();
        self.path.push(self.root);
        let mut node = self.root;
        match self.kind {
            MctsKind::Mcts => {
                while self.nodes[node as usize].n_children > 0 {
                    self.work.selections += 1;
                    node = self.select(node);
                    pos.play(self.nodes[node as usize].mv);
                    self.path.push(node);
                }
                if pos.outcome().is_none() {
                    if self.expand(node, &pos).is_err() {
                        return false;
                    }
                    let n = self.nodes[node as usize];
                    let y =
                        n.first_child + uniform_index(&mut self.rng, n.n_children as usize) as u32;
                    pos.play(self.nodes[y as usize].mv);
                    self.path.push(y);
                    self.work.random_moves += 1;
                    while pos.outcome().is_none() {
                        self.work.random_moves += 1;
                        let rng = &mut self.rng;
                        let (_, _, mv) = pos.draw_move(&mut self.moves, |d| uniform_index(rng, d));
                        pos.play(mv);
                    }
                }
            }
            MctsKind::MctsPrime => {
                loop {
                    let n = self.nodes[node as usize];
                    if n.visits == 0 || n.n_children == 0 {
                        break;
                    }
                    self.work.selections += 1;
                    node = self.select(node);
                    pos.play(self.nodes[node as usize].mv);
                    self.path.push(node);
                }
                while pos.outcome().is_none() {
                    if self.nodes[node as usize].n_children == 0 && self.expand(node, &pos).is_err()
                    {
                        return false;
                    }
                    let n = self.nodes[node as usize];
                    self.work.random_moves += 1;
                    node =
                        n.first_child + uniform_index(&mut self.rng, n.n_children as usize) as u32;
                    pos.play(self.nodes[node as usize].mv);
                    self.path.push(node);
                }
            }
        }
        let outcome = pos.outcome().expect("a simulated match ends");
        self.backup(outcome, root_player);
        true
    }

    fn backup(&mut self, outcome: Outcome, root_player: Player) {
        let scores = match outcome {
            Outcome::Draw => [1.0 - self.draw, self.draw],
            Outcome::Win(_) => [
                outcome.score_for(root_player.other()) as f32,
                outcome.score_for(root_player) as f32,
            ],
        };
        self.work.updated += self.path.len() as u64;
        for (depth, &idx) in self.path.iter().enumerate() {
            let n = &mut self.nodes[idx as usize];
            n.visits += 1;
            // The node at odd depth was entered by the root player.
            n.score += scores[depth & 1];
        }
    }

    fn best_child(&mut self) -> u32 {
        let root = self.nodes[self.root as usize];
        let kids = root.first_child..root.first_child + root.n_children;
        match self.selection {
            Selection::Ratio { a, b } => {
                self.argmax(kids, |c| (c.score as f64 + a) / (c.visits as f64 + b))
            }
            Selection::Uct { .. } => self.argmax(kids, |c| c.visits as f64),
        }
    }
}

impl<G: Game> Agent<G> for Mcts<G> {
    fn name(&self) -> String {
        match self.selection {
            Selection::Ratio { a, b } => {
                format!("{}:a={},b={}", self.kind.name(), num(a), num(b))
            }
            Selection::Uct { c } => format!("uct:c={}", num(c)),
        }
    }

    fn search(
        &mut self,
        position: &G,
        budget: Budget,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let budget = budget.validate_for(position)?;
        let clock = Clock::new(budget, self.deadline);
        let mut reused_tree = self.reroot(position);
        if !reused_tree {
            self.reset(position)?;
        }
        let (mut iterations, mut stopped) = self.run(&clock);
        if reused_tree && iterations == 0 && stopped == StopReason::Memory {
            // The kept tree had no room for one iteration below the new root: start afresh.
            reused_tree = false;
            self.reset(position)?;
            (iterations, stopped) = self.run(&clock);
        }
        if self.nodes[self.root as usize].n_children == 0 {
            let n = self.root;
            if let Err(e) = self.expand(n, position) {
                return Err(SearchError::OutOfMemory {
                    what: "the root's children were added".into(),
                    tree_bytes: (self.nodes.capacity_bytes()) as u64,
                    needed_bytes: e.bytes as u64,
                });
            }
        }
        let best = self.best_child();
        let child = self.nodes[best as usize];
        let estimate = if child.visits > 0 {
            child.score as f64 / child.visits as f64
        } else {
            0.5
        };
        Ok(SearchResult {
            best: child.mv,
            estimate,
            iterations,
            millis: clock.millis(),
            stopped,
            tree_nodes: self.nodes.len(),
            reused_tree,
        })
    }

    fn node_bytes(&self) -> usize {
        std::mem::size_of::<Node<G::Move>>()
    }

    fn work(&self) -> Work {
        self.work
    }

    fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
    }

    fn forget(&mut self) {
        self.root_pos = None;
    }
}
