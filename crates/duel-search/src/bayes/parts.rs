//! The state of a [`Bayes`](super::Bayes) agent, grouped by role: what it was built with
//! ([`Settings`]), the explored tree B_n ∪ D_n ([`Tree`]), the branch of the last iteration
//! that the next one follows ([`Branch`]), what is remembered to spare work ([`Memos`]), the
//! room the arrays make before an iteration ([`Room`]) and the scratch space of an iteration
//! ([`Scratch`]).

use duel_core::game::{Game, Player};

use super::brothers::Brothers;
use super::litters::Litters;
use super::matches::{ChainMemoEntry, Playout, CHAIN_MEMO, EAGER_LEVELS};
use super::node::{Chain, Node};
use super::val::Val;
use super::PriorKind;
use crate::huge_vec::{AllocFailed, HugeVec};
use crate::logit::Log1mexpMemo;

/// What the agent was built with.
pub(super) struct Settings {
    /// The prior (Sym, SymP, GW, GW2).
    pub(super) kind: PriorKind,
    /// The memory limit, in nodes.
    pub(super) max_nodes: usize,
    /// How matches are simulated.
    pub(super) playout: Playout,
    /// Matches kept as chains instead of nodes (always, except in tests of the equivalence).
    pub(super) lazy: bool,
    /// Descents follow the last one where its choices are known, and updates reuse what the
    /// brothers on the last branch gave (always, except in tests of the equivalence).
    pub(super) resumes: bool,
    /// Levels of a match materialised before the rest is kept as a chain.
    pub(super) eager_levels: usize,
}

impl Settings {
    /// The settings of [`Bayes::new`](super::Bayes::new), within `max_nodes`.
    pub(super) fn new(kind: PriorKind, max_nodes: usize) -> Settings {
        Settings {
            kind,
            max_nodes,
            playout: Playout::Uniform,
            lazy: true,
            resumes: true,
            eager_levels: EAGER_LEVELS,
        }
    }
}

/// The explored tree: its nodes, its chains (matches not yet materialised, section 2.12) and
/// its root.
pub(super) struct Tree<G: Game> {
    /// The nodes, the root's first (B_n ∪ D_n, less what chains hold).
    pub(super) nodes: HugeVec<Node<G::Move>>,
    /// The current root.
    pub(super) root: u32,
    /// The position at the current root (None for a finished root).
    pub(super) root_pos: Option<G>,
    /// Depth of the current root below the root the tree was built from.
    pub(super) root_depth: usize,
    /// J1: the player to move at the root the tree was built from.
    pub(super) j1: Player,
    /// The chains (see [`Chain`]).
    pub(super) chains: HugeVec<Chain<G::Move>>,
    /// The chain whose `mv` is not set yet ([`Bayes::unzip`](super::Bayes::unzip) advanced
    /// it, and its next move is read at the end of the iteration, once loaded).
    pub(super) stale_mv: Option<u32>,
    /// The moves of the chains.
    pub(super) chain_moves: HugeVec<G::Move>,
    /// The values of the chains' stored levels.
    pub(super) chain_vals: HugeVec<Val>,
    /// The priors of chain heads (see [`Chain`]).
    pub(super) chain_pri: HugeVec<(Val, u32)>,
    /// Distinct leaves visited since the tree was started.
    pub(super) leaves_visited: u64,
}

impl<G: Game> Tree<G> {
    /// An empty tree.
    pub(super) fn new() -> Tree<G> {
        Tree {
            nodes: HugeVec::new(),
            root: 0,
            root_pos: None,
            root_depth: 0,
            j1: Player::First,
            chains: HugeVec::new(),
            stale_mv: None,
            chain_moves: HugeVec::new(),
            chain_vals: HugeVec::new(),
            chain_pri: HugeVec::new(),
            leaves_visited: 0,
        }
    }

    /// Forgets the nodes and the chains.
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.stale_mv = None;
        self.chains.clear();
        self.chain_moves.clear();
        self.chain_vals.clear();
        self.chain_pri.clear();
    }
}

/// The branch of the last iteration and what its update found: the next iteration's descent
/// follows it while its choices are known, and its update reuses what the brothers gave
/// (section 2.12).
pub(super) struct Branch<G: Game> {
    /// The branch of the last iteration: the descent's nodes, then the match's.
    pub(super) path: Vec<u32>,
    /// The positions of the descent's nodes but its last (`path[..positions.len()]`): the
    /// last is made, from the one before it, only when a descent resumes down to there
    /// ([`Bayes::descent_position`](super::Bayes::descent_position) says why).
    pub(super) positions: Vec<G>,
    /// For each node `path[k]` of the last descent but its end, whether the next descent
    /// would choose `path[k + 1]` there again without a random draw, as found by the update
    /// ([`Brothers::on_branch`], [`Bayes::selects_alone`](super::Bayes::selects_alone)).
    /// Section 2.12 makes this exact: the update changes only the branch, and its new values
    /// decide these choices.
    pub(super) keeps: Vec<bool>,
    /// Whether `path`, `positions` and `keeps` describe the last descent and its update (the
    /// next descent then follows it while its choices are known,
    /// [`Bayes::follow_last_descent`](super::Bayes::follow_last_descent)).
    pub(super) resume: bool,
    /// For each level k of the last update's branch but its end, what the brothers of
    /// `path[k + 1]` gave the update of `path[k]` ([`Brothers::of`], or [`Brothers::GAVE_UP`]).
    /// An update changes only its branch, so these brothers have not changed while each
    /// update's branch goes through the same two nodes at this level: the next update there,
    /// at a level its descent followed from the last one, reads this instead of the d − 1
    /// brothers (section 2.12; on SymP's long branches, 25 of 26 levels). With them, those
    /// whose selection key √Z/f is the largest ([`Brothers::of`]).
    pub(super) brothers: Vec<(Brothers, u32)>,
}

impl<G: Game> Branch<G> {
    /// No branch yet.
    pub(super) fn new() -> Branch<G> {
        Branch {
            path: Vec::new(),
            positions: Vec::new(),
            keeps: Vec::new(),
            resume: false,
            brothers: Vec::new(),
        }
    }
}

/// What the search remembers to spare work: functions of values it computed before.
pub(super) struct Memos {
    /// The priors of the children of the nodes, from their own (see [`Litters`]).
    pub(super) litters: Litters,
    /// The values of chains on regular stretches of the game, from (head's prior, depth,
    /// length, degree, outcome) (see [`Bayes::play_lazy`](super::Bayes::play_lazy)).
    pub(super) chains: Box<[ChainMemoEntry]>,
    /// ln(1 − e^x) of the logarithmic update.
    pub(super) log1mexp: Log1mexpMemo,
}

impl Memos {
    /// Nothing remembered yet.
    pub(super) fn new() -> Memos {
        Memos {
            litters: Litters::new(),
            chains: vec![None; CHAIN_MEMO].into_boxed_slice(),
            log1mexp: Log1mexpMemo::default(),
        }
    }
}

/// The room the tree's arrays make before an iteration, learnt from the iterations before
/// (`room.rs`).
pub(super) struct Room {
    /// The most records each array grew by in one iteration (order of
    /// [`Bayes::arena_lens`](super::Bayes::arena_lens)).
    pub(super) most: [usize; 5],
    /// The arrays' lengths before the last iteration.
    pub(super) since: [usize; 5],
    /// The allocation that failed, where the tree could not grow
    /// ([`Bayes::make_room`](super::Bayes::make_room)).
    pub(super) short_of_memory: Option<AllocFailed>,
}

impl Room {
    /// Nothing learnt yet.
    pub(super) fn new() -> Room {
        Room {
            most: [0; 5],
            since: [0; 5],
            short_of_memory: None,
        }
    }
}

/// Scratch space of an iteration: vectors kept only so that they are not allocated again.
pub(super) struct Scratch<M> {
    /// The legal moves of a position.
    pub(super) moves: Vec<M>,
    /// The selection keys of a node's children (`keys.rs`).
    pub(super) keys: Vec<f64>,
    /// (ln f, ln g, ln √Z) of a node's children (`keys.rs`, the logarithmic update).
    pub(super) terms: Vec<(f64, f64, f64)>,
    /// (degree, index of the move played) at each level of a chain.
    pub(super) drawn: Vec<(u32, u32)>,
    /// The litter at each level of `drawn` (ids in [`Memos::litters`]).
    pub(super) levels: Vec<u32>,
    /// One litter of a chain.
    pub(super) litter: Vec<Node<M>>,
}

impl<M> Scratch<M> {
    /// Empty vectors.
    pub(super) fn new() -> Scratch<M> {
        Scratch {
            moves: Vec::new(),
            keys: Vec::new(),
            terms: Vec::new(),
            drawn: Vec::new(),
            levels: Vec::new(),
            litter: Vec::new(),
        }
    }
}
