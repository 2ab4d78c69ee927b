//! Algorithm 13 of Delattre & Fournier: the step-by-step optimal Bayesian search.
//!
//! After n matches the agent knows the explored tree B_n, its boundary D_n and the outcomes
//! of the visited leaves. It keeps, for every node x, R_n(x) = P(R(x) = 1 | F_n) (eq. (2)),
//! U_n(x) (eq. (3)) and Z_n(x) (eq. (4)); the next match starts from the boundary node reached
//! by following the largest U_n² Z_n from the root (Theorem 11), and is uniformly random
//! from there. The update touches only the last branch and the brothers of its nodes
//! (section 2.12), so the cost of an iteration does not grow with n.
//!
//! Values are stored as a [`Val`]: the pair (r, 1 − r) and √Z as plain floats while they are
//! safely inside the range of f64, and as (ln r, ln(1 − r), ln √Z) (section 8.1) only near the
//! extremes, so that probabilities within 1e-300 of 0 or 1 stay distinct (see [`Val`] for the
//! error bound). R is always the probability that the
//! player to move at the root of the tree (J1) wins; draws count as losses (section 1).
//!
//! The search stops as soon as R_n(r) ∈ {0, 1} and keeps its tree between moves
//! (section 8.2 (i)): the priors of the nodes were computed from the first root.
//!
//! [`Bayes::new`] runs Algorithm 13 with shortcuts that leave the search the same bit for bit:
//! matches kept as chains, descents resumed along the last one, brothers reused by the update,
//! choices read off the last update. [`Bayes::reference`] runs it as written, without them;
//! the tests check, step by step, that both agree bit for bit.
//!
//! ```
//! use duel_games::pearl::Pearl;
//! use duel_search::bayes::{Bayes, PriorKind};
//! use duel_search::{Agent, Budget};
//!
//! let game = Pearl::new(2, 8, None, 1).unwrap();
//! let sym = || PriorKind::Symmetric { a: 0.5, b: 0.0, name: "sym" };
//! let mut fast = Bayes::new(sym(), 7);
//! let mut reference = Bayes::reference(sym(), 7);
//! let budget = Budget::Iterations(300);
//! let (a, b) = (fast.search(&game, budget).unwrap(), reference.search(&game, budget).unwrap());
//! assert_eq!((a.best, a.estimate.to_bits()), (b.best, b.estimate.to_bits()));
//! assert_eq!(fast.root_value(), reference.root_value());
//! ```
//!
//! One idea a file, each beside the part of the paper it implements:
//!
//! | file | what | paper |
//! | --- | --- | --- |
//! | `mod.rs` | the agent, its public API, one iteration ([`Bayes::step`]) | Algorithm 13, Step n+1 |
//! | `search.rs` | [`Agent`](crate::Agent) for [`Bayes`]: budgets, the tree kept between moves, the best move | Algorithm 13, Conclusion; section 8.2 (i) |
//! | `val.rs` | the stored value R_n, √Z_n ([`Val`]) and its arithmetic | eqs. (2)–(4); section 8.1 |
//! | `node.rs` | the records of the tree: nodes and chains | B_n ∪ D_n |
//! | `litters.rs` | the priors of a node's children, computed once (`Litters`) | Definition 7, section 2.14, section 6 |
//! | `matches.rs` | the simulated match from a boundary node, as nodes or as a chain | Algorithm 13, "simulate a uniformly random match" |
//! | `chains.rs` | a chain's values, and its nodes built when a descent enters it | section 2.12 |
//! | `update.rs` | the update of R, U and Z up the branch | eqs. (2), (3), (4) |
//! | `brothers.rs` | what the brothers of the branch give the update, kept from the last | section 2.12 |
//! | `select.rs` | the descent's choice, argmax U² Z | Theorem 11 |

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use duel_core::game::{Game, Player};

use super::agent::{SearchError, Work, DEFAULT_MEMORY_BYTES};
use super::huge_vec::{AllocFailed, HugeVec};
use super::logit::{Log1mexpMemo, LogProb};
pub use super::priors::PriorKind;
use super::priors::{fit_galton_watson, fit_galton_watson2, MatchStatistics, Prior};

mod brothers;
mod chains;
mod litters;
mod matches;
mod node;
mod room;
mod search;
mod select;
#[cfg(test)]
mod tests;
mod update;
mod val;

use brothers::Brothers;
use litters::{Litters, MAX_STRIDE};
pub use matches::Playout;
use matches::{ChainMemoEntry, CHAIN_MEMO, EAGER_LEVELS};
pub use node::Node;
use node::{Chain, CHAIN, CHAIN_FLAG, INTERIOR, LEAF, MAX_NODES};
use room::room_in;
use select::PICK_UNKNOWN;
pub use val::Val;

/// Whether J1 moves at a node `depth` plies below the first root.
#[inline(always)]
fn j1_moves_at(depth: usize) -> bool {
    depth % 2 == 0
}

/// An Algorithm-13 agent (Sym, SymP, GW, GW2).
pub struct Bayes<G: Game> {
    kind: PriorKind,
    rng: ChaCha8Rng,
    nodes: HugeVec<Node<G::Move>>,
    root: u32,
    root_pos: Option<G>,
    /// Depth of the current root below the root the tree was built from.
    root_depth: usize,
    /// J1: the player to move at the root the tree was built from.
    j1: Player,
    max_nodes: usize,
    playout: Playout,
    /// The branch of the last iteration: the descent's nodes, then the match's.
    path: Vec<u32>,
    /// The positions of the descent's nodes but its last (`path[..positions.len()]`): the
    /// last is made, from the one before it, only when a descent resumes down to there
    /// ([`Bayes::step`] says why).
    positions: Vec<G>,
    /// For each node `path[k]` of the last descent but its end, whether the next descent
    /// would choose `path[k + 1]` there again without a random draw, as found by the update
    /// ([`Brothers::on_branch`], [`Bayes::selects_alone`]). Section 2.12 makes this exact: the
    /// update changes only the branch, and its new values decide these choices.
    keeps: Vec<bool>,
    /// Whether `path`, `positions` and `keeps` describe the last descent and its update (the
    /// next descent then follows it while its choices are known, [`Bayes::step`]).
    resume: bool,
    /// For each level k of the last update's branch but its end, what the brothers of
    /// `path[k + 1]` gave the update of `path[k]` ([`Brothers::of`], or [`Brothers::GAVE_UP`]).
    /// An update changes only its branch, so these brothers have not changed while each
    /// update's branch goes through the same two nodes at this level: the next update there,
    /// at a level its descent followed from the last one, reads this instead of the d − 1
    /// brothers (section 2.12; on SymP's long branches, 25 of 26 levels). With them, those
    /// whose selection key √Z/f is the largest ([`Brothers::of`]).
    brothers: Vec<(Brothers, u32)>,
    moves: Vec<G::Move>,
    scratch: Vec<f64>,
    /// Set when a position had more moves than a node can hold (65535).
    too_wide: Option<usize>,
    /// Matches kept as chains instead of nodes (always, except in tests of the equivalence).
    lazy: bool,
    /// Descents follow the last one where its choices are known, and updates reuse what the
    /// brothers on the last branch gave (always, except in tests of the equivalence).
    resumes: bool,
    /// What the iterations did since the tree was started ([`Agent::work`]).
    work: Work,
    /// Levels of a match materialised before the rest is kept as a chain.
    eager_levels: usize,
    chains: HugeVec<Chain<G::Move>>,
    /// The chain whose `mv` is not set yet ([`Bayes::unzip`] advanced it, and its next move
    /// is read at the end of the iteration, once loaded).
    stale_mv: Option<u32>,
    chain_moves: HugeVec<G::Move>,
    chain_vals: HugeVec<Val>,
    /// The priors of chain heads (see [`Chain`]).
    chain_pri: HugeVec<(Val, u32)>,
    /// Scratch: (degree, index of the move played) at each level of a chain.
    drawn: Vec<(u32, u32)>,
    /// Scratch: the litter at each level of `drawn` (ids in `litters`).
    levels: Vec<u32>,
    /// Scratch: one litter of a chain.
    litter: Vec<Node<G::Move>>,
    scratch_log: Vec<(f64, f64, f64)>,
    /// The priors of the children of the nodes, from their own (see [`Litters`]).
    litters: Litters,
    /// The values of chains on regular stretches of the game, from (head's prior, depth,
    /// length, degree, outcome) (see [`Bayes::play_lazy`]).
    chain_memo: Box<[ChainMemoEntry]>,
    log1mexp_memo: Log1mexpMemo,
    leaves_visited: u64,
    /// m of the next root, from the history given by [`Agent::set_history`].
    history_prior: Option<(u64, LogProb)>,
    /// The most records each arena grew by in one iteration (order of [`Bayes::arena_lens`]).
    room: [usize; 5],
    /// The arenas' lengths before the last iteration.
    room_since: [usize; 5],
    /// The allocation that failed, where the tree could not grow ([`Bayes::make_room`]).
    short_of_memory: Option<super::huge_vec::AllocFailed>,
}

impl<G: Game> Bayes<G> {
    /// Bytes per tree node (values, selection key and links in one record).
    const NODE_BYTES: usize = std::mem::size_of::<Node<G::Move>>();

    /// A new agent with this prior.
    pub fn new(kind: PriorKind, seed: u64) -> Self {
        Bayes {
            kind,
            rng: ChaCha8Rng::seed_from_u64(seed),
            nodes: HugeVec::new(),
            root: 0,
            root_pos: None,
            root_depth: 0,
            j1: Player::First,
            max_nodes: Self::nodes_within(DEFAULT_MEMORY_BYTES),
            playout: Playout::Uniform,
            path: Vec::new(),
            positions: Vec::new(),
            keeps: Vec::new(),
            resume: false,
            brothers: Vec::new(),
            moves: Vec::new(),
            scratch: Vec::new(),
            too_wide: None,
            lazy: true,
            resumes: true,
            work: Work::default(),
            eager_levels: EAGER_LEVELS,
            chains: HugeVec::new(),
            stale_mv: None,
            chain_moves: HugeVec::new(),
            chain_vals: HugeVec::new(),
            chain_pri: HugeVec::new(),
            drawn: Vec::new(),
            levels: Vec::new(),
            litter: Vec::new(),
            scratch_log: Vec::new(),
            litters: Litters::new(),
            chain_memo: vec![None; CHAIN_MEMO].into_boxed_slice(),
            log1mexp_memo: Log1mexpMemo::default(),
            leaves_visited: 0,
            history_prior: None,
            room: [0; 5],
            room_since: [0; 5],
            short_of_memory: None,
        }
    }

    /// Algorithm 13 as the paper writes it, without the shortcuts of [`Bayes::new`]: every match
    /// built as nodes (no chains), every descent from the root (none resumed along the last one),
    /// every update reading all the brothers of each node of the branch (none reused from the
    /// last update), every choice made by comparing the children's keys (none read off the last
    /// update). The same search as [`Bayes::new`]'s, bit for bit (the tests compare the two after
    /// every iteration), with a larger tree and a higher cost per iteration: the reference the
    /// optimised search is checked against. Its name ends in `,plain=1`, the agent spec option
    /// that builds it (`sym:plain=1`).
    pub fn reference(kind: PriorKind, seed: u64) -> Self {
        let mut agent = Self::new(kind, seed);
        agent.lazy = false;
        agent.resumes = false;
        agent
    }

    /// Whether this agent runs Algorithm 13 as written ([`Bayes::reference`]).
    pub fn is_reference(&self) -> bool {
        !self.lazy && !self.resumes
    }

    /// Sets how matches are simulated.
    pub fn with_playout(mut self, playout: Playout) -> Self {
        self.playout = playout;
        self
    }

    /// Sets the memory limit of the tree.
    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.max_nodes = Self::nodes_within(bytes);
        self
    }

    /// The nodes a tree of `bytes` holds, within half the address space the process may
    /// still map where it has a limit: the other half is for the arenas' moves and the
    /// search's own vectors, so that the tree stops at its limit before the system refuses
    /// a small allocation the search cannot do without.
    fn nodes_within(bytes: u64) -> usize {
        let left = duel_core::limits::address_space_left().map_or(u64::MAX, |b| b / 2);
        (bytes.min(left) as usize / Self::NODE_BYTES).clamp(64, MAX_NODES)
    }

    /// The memory limit in nodes.
    pub fn max_nodes(&self) -> usize {
        self.max_nodes
    }

    /// Forgets everything and makes `position` the root (fitting GW / GW2 from it): an
    /// error where the fit cannot get the memory for its tables.
    pub fn start(&mut self, position: &G) -> Result<(), SearchError> {
        self.start_until(position, None)
    }

    /// [`Bayes::start`], with the fit of GW / GW2 cut short at `deadline`.
    fn start_until(
        &mut self,
        position: &G,
        deadline: Option<std::time::Instant>,
    ) -> Result<(), SearchError> {
        let prior = match &self.kind {
            PriorKind::Symmetric { a, b, name } => Prior::Symmetric {
                a: *a,
                b: *b,
                pearl: *name == "symp",
            },
            PriorKind::Depth(t) => Prior::depth(t),
            PriorKind::GaltonWatson { fit } => {
                let st = MatchStatistics::sample(position, *fit, &mut self.rng, deadline)?;
                st.check_room_for_tables(false)?;
                Prior::depth(&fit_galton_watson(&st))
            }
            PriorKind::GaltonWatson2 { fit } => {
                let st = MatchStatistics::sample(position, *fit, &mut self.rng, deadline)?;
                st.check_room_for_tables(true)?;
                Prior::depth_degree(&fit_galton_watson2(&st))
            }
        };
        let (mut m, ln_s) = prior.root();
        if let (Prior::Symmetric { .. }, Some((key, hm))) = (&prior, self.history_prior) {
            if key == position.key() {
                m = hm;
            }
        }
        // The litters remembered are functions of the prior: the symmetric priors are always
        // the same function of a father's value, but GW and GW2 were fitted again, from this
        // position. Litters are found by index below nodes of up to as many children as the
        // root has (more by hash).
        let refitted = !matches!(prior, Prior::Symmetric { .. });
        // The chains remembered point into chain_vals, cleared below.
        self.chain_memo.fill(None);
        self.short_of_memory = None;
        self.resume = false;
        self.work = Work::default();
        position.legal_moves(&mut self.moves);
        let stride = (self.moves.len() + 1)
            .next_power_of_two()
            .clamp(2, MAX_STRIDE);
        if refitted || stride != self.litters.stride {
            self.litters.clear(stride);
        }
        self.litters.prior = Some(prior);
        let dummy = match self.moves.first() {
            Some(&m) => m,
            None => {
                // A finished root: no move; keep a node for the value only.
                self.nodes.clear();
                self.stale_mv = None;
                self.chains.clear();
                self.chain_moves.clear();
                self.chain_vals.clear();
                self.chain_pri.clear();
                self.root_pos = None;
                return Ok(());
            }
        };
        self.nodes.clear();
        self.stale_mv = None;
        self.chains.clear();
        self.chain_moves.clear();
        self.chain_vals.clear();
        self.chain_pri.clear();
        // The room an iteration needs is learnt again: the last tree's longest iterations
        // would ask a fresh one, under a tight limit, for room it cannot get.
        self.room = [0; 5];
        self.room_since = [0; 5];
        self.nodes
            .push(Node::boundary(Val::from_log(m, 0.5 * ln_s), dummy));
        self.root = 0;
        self.root_pos = Some(position.clone());
        self.root_depth = 0;
        self.j1 = position.to_move();
        self.leaves_visited = 0;
        Ok(())
    }

    /// R_n(r): the probability that the player to move at the root wins, given what is known.
    pub fn root_value(&self) -> LogProb {
        self.nodes[self.root as usize].val.to_log().0
    }

    /// Whether R_n(r) ∈ {0, 1}.
    pub fn is_solved(&self) -> bool {
        self.nodes[self.root as usize].val.is_certain()
    }

    /// Bytes of the tree: its nodes and its chains (moves included).
    pub fn tree_bytes(&self) -> usize {
        self.nodes.len() * Self::NODE_BYTES
            + self.chains.len() * std::mem::size_of::<Chain<G::Move>>()
            + self.chain_moves.len() * std::mem::size_of::<G::Move>()
            + self.chain_vals.len() * std::mem::size_of::<Val>()
            + self.chain_pri.len() * std::mem::size_of::<(Val, u32)>()
    }

    /// Whether the tree has reached its memory limit, or could not grow
    /// ([`Bayes::short_of_memory`]).
    pub fn memory_full(&self) -> bool {
        self.short_of_memory.is_some() || self.at_node_limit()
    }

    /// Whether the tree has reached its memory limit (not counting an allocation the system
    /// refused, which a later search may get).
    fn at_node_limit(&self) -> bool {
        self.tree_bytes() >= self.max_nodes * Self::NODE_BYTES
    }

    /// Whether the tree holds more than half its memory limit.
    fn past_half_its_limit(&self) -> bool {
        self.tree_bytes() > self.max_nodes * Self::NODE_BYTES / 2
    }

    /// The error of a search that could not grow its tree before `what`: the system's
    /// refusal where there was one, else the tree's limit.
    fn no_room_for(&self, what: &str) -> SearchError {
        match self.short_of_memory {
            Some(AllocFailed {
                bytes,
                refused: true,
            }) => SearchError::OutOfMemory {
                what: what.to_string(),
                tree_bytes: self.tree_bytes() as u64,
                needed_bytes: bytes as u64,
            },
            _ => SearchError::Memory {
                what: what.to_string(),
                limit_bytes: (self.max_nodes * Self::NODE_BYTES) as u64,
                nodes: self.nodes.len(),
                node_bytes: Self::NODE_BYTES,
            },
        }
    }

    /// Nodes in the tree (materialised; see [`Bayes::tree_bytes`] for the chains).
    pub fn tree_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Distinct leaves visited since [`Bayes::start`].
    pub fn leaves_visited(&self) -> u64 {
        self.leaves_visited
    }

    /// One iteration of Algorithm 13 (Step n+1). Returns whether a new leaf was visited.
    /// Does nothing when the root value is already certain.
    pub fn step(&mut self) -> bool {
        if self.is_solved() || self.too_wide.is_some() || !self.make_room() {
            return false;
        }
        // The descent of Theorem 11: from the root, the child with the largest U_n² Z_n
        // ([`Bayes::select`]) until a boundary node z_n.
        // Follow the last descent while its choices are known to be the same (`keeps`), or
        // are made again (a draw may pick the same child); leave it at the first other choice.
        // The choice there is made among the children with the largest key when the last
        // update knows them ([`Bayes::departure_top`]), else by select.
        let old = if std::mem::take(&mut self.resume) {
            self.positions.len() + 1
        } else {
            self.path.clear();
            self.path.push(self.root);
            self.positions.clear();
            1
        };
        let mut j = 0;
        let mut left = None;
        while j + 1 < old {
            if self.keeps[j] {
                self.work.resumed += 1;
            } else {
                let top = self.departure_top(j);
                let next = if top == PICK_UNKNOWN {
                    self.select(self.path[j], j1_moves_at(self.root_depth + j))
                } else {
                    self.pick(self.path[j], top)
                };
                self.work.selections += 1;
                if next != self.path[j + 1] {
                    left = Some(next);
                    break;
                }
            }
            j += 1;
        }
        // Levels above j, followed from the last descent, see the same nodes as the last update.
        let shared = j;
        self.path.truncate(j + 1);
        // The position `pos` of the node the descent is at is kept in `positions` (`pending`
        // until it is) only once the next choice is made, not just after `play`: `play` writes
        // a few narrow fields of `pos`, and a copy of the whole position read back at once
        // cannot be forwarded from those stores, so it waits for them to reach the cache, and
        // everything after it in the descent waits too. So the position of the descent's last
        // node is never kept: a descent that resumes down to there makes it from the one
        // before (the root's is `root_pos`).
        let (mut pos, mut pending) = if j + 1 < old {
            self.positions.truncate(j + 1);
            (self.positions[j].clone(), false)
        } else if let Some(before) = j.checked_sub(1) {
            let mut pos = self.positions[before].clone();
            pos.play(self.nodes[self.path[j] as usize].mv);
            (pos, true)
        } else {
            (self.root_pos.clone().expect("start() before step()"), true)
        };
        let mut depth = self.root_depth + j;
        let mut node = self.path[j];
        loop {
            // The choice select made where the old path was left, then select's.
            node = match left.take() {
                Some(next) => next,
                None => {
                    let top = match self.nodes[node as usize].state() {
                        INTERIOR => PICK_UNKNOWN,
                        CHAIN => {
                            // Where the tree cannot grow, the search stops here, as where a
                            // match cannot be kept (play_eager).
                            if !self.room_to_unzip(node, &pos) {
                                return false;
                            }
                            self.unzip(node, &pos, depth)
                        }
                        _ => break,
                    };
                    self.work.selections += 1;
                    if top == PICK_UNKNOWN {
                        self.select(node, j1_moves_at(depth))
                    } else {
                        self.pick(node, top)
                    }
                }
            };
            // The path and its positions grow with the deepest descent so far: where the system
            // refuses them room, the search stops as where the tree cannot grow.
            if !(room_in(&mut self.positions) && room_in(&mut self.path)) {
                self.short_of_memory = Some(AllocFailed {
                    bytes: self.positions.capacity() * std::mem::size_of::<G>(),
                    refused: true,
                });
                return false;
            }
            if pending {
                self.positions.push(pos.clone());
            }
            pos.play(self.nodes[node as usize].mv);
            self.path.push(node);
            pending = true;
            depth += 1;
        }
        // A descent left the last path below j < old − 1 (left was Some): it moved, so the
        // position kept at j is not its last node's.
        debug_assert!(pending);
        if self.nodes[node as usize].state() == LEAF {
            // x_{n+1} ∈ x_n: no new information (Proposition 15 (i) says this does not
            // happen while R_n(r) ∉ {0, 1}; only rounding could bring us here).
            return false;
        }
        // The uniformly random match from z_n (`matches.rs`), to the leaf x_{n+1}.
        // The match plays on from `pos` where it is (moving it into play_eager would copy it,
        // reading back the fields the last move has just written: the wait described above).
        if !self.play_eager(node, &mut pos, depth) {
            return false;
        }
        self.leaves_visited += 1;
        // Update R (eq. (2)), U (eq. (3)) and Z (eq. (4)) on the branch (`update.rs`), from
        // the match's start (lazy) or the leaf's father (eager) to the root.
        // The branch is the descent's path followed by the match's materialised nodes, whose
        // positions are not kept: the next descent may resume only within the descent.
        let descended = self.positions.len() + 1;
        let mut val = self.nodes[self.path[self.path.len() - 1] as usize].val;
        // Every entry below descended − 1 is written by the loop below: resize only sets the
        // length (no clear, which would have every entry written twice).
        self.keeps.resize(descended - 1, false);
        // The last update's entries for the levels of this branch; deeper ones are dropped.
        self.brothers
            .resize(self.path.len() - 1, (Brothers::GAVE_UP, 0));
        self.work.brothers_reused += shared as u64;
        // Two loops, each specialised: the levels below `shared`, then those it shares.
        for k in (shared..self.path.len() - 1).rev() {
            val = self.update_on_branch(k, false, val, descended);
        }
        for k in (0..shared.min(self.path.len() - 1)).rev() {
            val = self.update_on_branch(k, true, val, descended);
        }
        self.resume = self.resumes;
        // The move unzip left to read: its cache line has had the match and the update to come.
        if let Some(id) = self.stale_mv.take() {
            self.settle_move(id);
        }
        true
    }

    /// The move paths from the root of the visited leaves (x_n), in tree order.
    pub fn visited_leaf_paths(&self) -> Vec<Vec<G::Move>> {
        let mut out = Vec::new();
        let mut stack = vec![(self.root, Vec::new())];
        while let Some((x, path)) = stack.pop() {
            let n = self.nodes[x as usize];
            match n.state() {
                LEAF => out.push(path),
                CHAIN => {
                    let ch = self.chains[(n.first_child & !CHAIN_FLAG) as usize];
                    let mut p = path;
                    p.extend_from_slice(
                        &self.chain_moves[ch.start as usize..(ch.start + ch.len) as usize],
                    );
                    out.push(p);
                }
                INTERIOR => {
                    for c in n.children().rev() {
                        let mut p = path.clone();
                        p.push(self.nodes[c].mv);
                        stack.push((c as u32, p));
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The values (R_n, and whether on the boundary) of the root's children, in move order:
    /// an error where the tree has no room for them.
    pub fn root_children(&mut self) -> Result<Vec<(G::Move, LogProb)>, SearchError> {
        if !self.materialize_root() {
            return Err(self.no_room_for("the root's moves were listed"));
        }
        let n = self.nodes[self.root as usize];
        Ok(n.children()
            .map(|c| (self.nodes[c].mv, self.nodes[c].val.to_log().0))
            .collect())
    }
}
