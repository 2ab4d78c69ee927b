//! Explicit finite game trees with fixed outcomes on the leaves: ground truth for the
//! properties of Algorithm 13 (Proposition 15, Remark 17). A node is a word of child indices
//! (section 2.1); moves are written from 1, as in the paper (`111`, `121`).

use std::sync::Arc;

use rand::Rng;

use duel_core::game::{Game, GameError, Outcome, Player};

/// A node of an explicit tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeNode {
    /// An inner node and the indices of its children.
    Inner(Vec<u32>),
    /// A leaf: whether the first player (J1) wins.
    Leaf(bool),
}

/// A position in an explicit tree.
#[derive(Clone, Debug)]
pub struct ExplicitTree {
    nodes: Arc<Vec<TreeNode>>,
    at: u32,
    depth: u32,
    key: u64,
}

impl ExplicitTree {
    /// The root of a tree given as a node list (node 0 is the root).
    pub fn new(nodes: Vec<TreeNode>) -> ExplicitTree {
        ExplicitTree {
            nodes: Arc::new(nodes),
            at: 0,
            depth: 0,
            key: 0,
        }
    }

    /// The complete `d`-ary tree of depth `k` with the given leaf outcomes (in the order of the
    /// words 11..1, 11..2, ...).
    pub fn complete(d: u32, k: u32, leaves: &[bool]) -> ExplicitTree {
        let mut nodes = Vec::new();
        let mut next_leaf = 0usize;
        fn build(
            nodes: &mut Vec<TreeNode>,
            d: u32,
            k: u32,
            leaves: &[bool],
            next: &mut usize,
        ) -> u32 {
            let me = nodes.len() as u32;
            if k == 0 {
                nodes.push(TreeNode::Leaf(leaves[*next]));
                *next += 1;
                return me;
            }
            nodes.push(TreeNode::Inner(Vec::new()));
            let kids: Vec<u32> = (0..d)
                .map(|_| build(nodes, d, k - 1, leaves, next))
                .collect();
            nodes[me as usize] = TreeNode::Inner(kids);
            me
        }
        build(&mut nodes, d, k, leaves, &mut next_leaf);
        ExplicitTree::new(nodes)
    }

    /// A random tree: each node at depth < `max_depth` has 1..=`max_degree` children with
    /// probability 1 − `p_leaf` (a leaf otherwise); leaves are J1 wins with probability 1/2.
    pub fn random<R: Rng>(rng: &mut R, max_depth: u32, max_degree: u32, p_leaf: f64) -> Self {
        let mut nodes = Vec::new();
        fn build<R: Rng>(
            nodes: &mut Vec<TreeNode>,
            rng: &mut R,
            depth: u32,
            max_depth: u32,
            max_degree: u32,
            p_leaf: f64,
        ) -> u32 {
            let me = nodes.len() as u32;
            if depth == max_depth || (depth > 0 && rng.gen_bool(p_leaf)) {
                nodes.push(TreeNode::Leaf(rng.gen_bool(0.5)));
                return me;
            }
            nodes.push(TreeNode::Inner(Vec::new()));
            let d = rng.gen_range(1..=max_degree);
            let kids = (0..d)
                .map(|_| build(nodes, rng, depth + 1, max_depth, max_degree, p_leaf))
                .collect();
            nodes[me as usize] = TreeNode::Inner(kids);
            me
        }
        build(&mut nodes, rng, 0, max_depth, max_degree, p_leaf);
        ExplicitTree::new(nodes)
    }

    /// The minimax value R(x) of this position for J1 (the first player), by plain recursion
    /// (Remark 1).
    pub fn minimax(&self) -> bool {
        fn rec(nodes: &[TreeNode], at: u32, depth: u32) -> bool {
            match &nodes[at as usize] {
                TreeNode::Leaf(v) => *v,
                TreeNode::Inner(kids) => {
                    if depth % 2 == 0 {
                        kids.iter().any(|&c| rec(nodes, c, depth + 1))
                    } else {
                        kids.iter().all(|&c| rec(nodes, c, depth + 1))
                    }
                }
            }
        }
        rec(&self.nodes, self.at, self.depth)
    }

    /// Number of leaves below this position.
    pub fn leaf_count(&self) -> usize {
        fn rec(nodes: &[TreeNode], at: u32) -> usize {
            match &nodes[at as usize] {
                TreeNode::Leaf(_) => 1,
                TreeNode::Inner(kids) => kids.iter().map(|&c| rec(nodes, c)).sum(),
            }
        }
        rec(&self.nodes, self.at)
    }

    /// The node index of this position in the node list.
    pub fn node(&self) -> u32 {
        self.at
    }
}

impl Game for ExplicitTree {
    type Move = u32;

    fn spec(&self) -> String {
        format!("tree:{}", self.nodes.len())
    }

    fn to_move(&self) -> Player {
        Player::after_plies(u64::from(self.depth))
    }

    fn outcome(&self) -> Option<Outcome> {
        match &self.nodes[self.at as usize] {
            TreeNode::Leaf(true) => Some(Outcome::Win(Player::First)),
            TreeNode::Leaf(false) => Some(Outcome::Win(Player::Second)),
            TreeNode::Inner(_) => None,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<u32>) {
        moves.clear();
        if let TreeNode::Inner(kids) = &self.nodes[self.at as usize] {
            moves.extend(0..kids.len() as u32);
        }
    }

    fn play(&mut self, mv: u32) {
        if let TreeNode::Inner(kids) = &self.nodes[self.at as usize] {
            self.at = kids[mv as usize];
            self.depth += 1;
            self.key = duel_games::pearl::child_hash(self.key, mv as u64);
        }
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn format_move(&self, mv: u32) -> String {
        (mv + 1).to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u32, GameError> {
        match text.trim().parse::<u32>() {
            Ok(v) if v >= 1 => Ok(v - 1),
            _ => Err(GameError::BadMove {
                text: text.to_string(),
                why: "a child index from 1".to_string(),
            }),
        }
    }

    fn parse_moves(&self, text: &str) -> Result<Vec<u32>, GameError> {
        duel_games::parse_child_moves(text, true, |s| self.parse_move(s))
    }
}
