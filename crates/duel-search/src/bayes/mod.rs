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
//! | `parts.rs` | the agent's state by role: settings, tree, last branch, memos, room, scratch | B_n ∪ D_n |
//! | `room.rs` | the room the tree's arrays make before an iteration, within the memory limit | — |
//! | `node.rs` | the records of the tree: nodes and chains | B_n ∪ D_n |
//! | `litters.rs` | the priors of a node's children, computed once (`Litters`) | Definition 7, section 2.14, section 6 |
//! | `matches.rs` | the simulated match from a boundary node, as nodes or as a chain | Algorithm 13, "simulate a uniformly random match" |
//! | `chains.rs` | a chain's values, and its nodes built when a descent enters it | section 2.12 |
//! | `update.rs` | the update of R, U and Z up the branch | eqs. (2), (3), (4) |
//! | `brothers.rs` | what the brothers of the branch give the update, kept from the last | section 2.12 |
//! | `keys.rs` | the selection keys U √Z (or √Z/f) of a node's children, which the update and the descent both read | eqs. (3), (4); Theorem 11; section 8.1 |
//! | `select.rs` | the descent's choice, argmax U² Z | Theorem 11 |

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use duel_core::game::Game;

use super::agent::{SearchError, Work, DEFAULT_MEMORY_BYTES};
use super::huge_vec::AllocFailed;
use super::logit::LogProb;
pub use super::priors::PriorKind;
use super::priors::{fit_galton_watson, fit_galton_watson2, MatchStatistics, Prior};

mod brothers;
mod chains;
mod keys;
mod litters;
mod matches;
mod node;
mod parts;
mod room;
mod search;
mod select;
#[cfg(test)]
mod tests;
mod update;
mod val;

use brothers::Brothers;
use keys::PICK_UNKNOWN;
use litters::MAX_STRIDE;
pub use matches::Playout;
pub use node::Node;
use node::{Chain, CHAIN, CHAIN_FLAG, INTERIOR, LEAF, MAX_NODES};
use parts::{Branch, Memos, Room, Scratch, Settings, Tree};
use room::room_in;
pub use val::Val;

/// Whether J1 moves at a node `depth` plies below the first root.
#[inline(always)]
fn j1_moves_at(depth: usize) -> bool {
    depth % 2 == 0
}

/// An Algorithm-13 agent (Sym, SymP, GW, GW2). Its state is grouped by role (`parts.rs`).
pub struct Bayes<G: Game> {
    /// What the agent was built with.
    settings: Settings,
    /// The random draws of the descent's ties and of the matches.
    rng: ChaCha8Rng,
    /// The explored tree.
    tree: Tree<G>,
    /// The branch of the last iteration, which the next one follows.
    branch: Branch<G>,
    /// What is remembered to spare work.
    memo: Memos,
    /// The room the arrays make before an iteration.
    room: Room,
    /// Scratch space of an iteration.
    scratch: Scratch<G::Move>,
    /// What the iterations did since the tree was started ([`Agent::work`]).
    work: Work,
    /// Where every search stops, whatever its budget ([`Agent::set_deadline`]).
    deadline: Option<std::time::Instant>,
    /// Set when a position had more moves than a node can hold (65535).
    too_wide: Option<usize>,
    /// m of the next root, from the history given by [`Agent::set_history`].
    history_prior: Option<(u64, LogProb)>,
}

impl<G: Game> Bayes<G> {
    /// Bytes per tree node (values, selection key and links in one record).
    const NODE_BYTES: usize = std::mem::size_of::<Node<G::Move>>();

    /// A new agent with this prior.
    pub fn new(kind: PriorKind, seed: u64) -> Self {
        Bayes {
            settings: Settings::new(kind, Self::nodes_within(DEFAULT_MEMORY_BYTES)),
            rng: ChaCha8Rng::seed_from_u64(seed),
            tree: Tree::new(),
            branch: Branch::new(),
            memo: Memos::new(),
            room: Room::new(),
            scratch: Scratch::new(),
            work: Work::default(),
            deadline: None,
            too_wide: None,
            history_prior: None,
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
        agent.settings.lazy = false;
        agent.settings.resumes = false;
        agent
    }

    /// Whether this agent runs Algorithm 13 as written ([`Bayes::reference`]).
    pub fn is_reference(&self) -> bool {
        !self.settings.lazy && !self.settings.resumes
    }

    /// Sets how matches are simulated.
    pub fn with_playout(mut self, playout: Playout) -> Self {
        self.settings.playout = playout;
        self
    }

    /// Sets the memory limit of the tree.
    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.settings.max_nodes = Self::nodes_within(bytes);
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
        self.settings.max_nodes
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
        let prior = match &self.settings.kind {
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
        self.memo.chains.fill(None);
        self.room.short_of_memory = None;
        self.branch.resume = false;
        self.work = Work::default();
        position.legal_moves(&mut self.scratch.moves);
        let stride = (self.scratch.moves.len() + 1)
            .next_power_of_two()
            .clamp(2, MAX_STRIDE);
        if refitted || stride != self.memo.litters.stride {
            self.memo.litters.clear(stride);
        }
        self.memo.litters.prior = Some(prior);
        let dummy = match self.scratch.moves.first() {
            Some(&m) => m,
            None => {
                // A finished root: no move; keep a node for the value only.
                self.tree.clear();
                self.tree.root_pos = None;
                return Ok(());
            }
        };
        self.tree.clear();
        // The room an iteration needs is learnt again: the last tree's longest iterations
        // would ask a fresh one, under a tight limit, for room it cannot get.
        self.room.most = [0; 5];
        self.room.since = [0; 5];
        self.tree
            .nodes
            .push(Node::boundary(Val::from_log(m, 0.5 * ln_s), dummy));
        self.tree.root = 0;
        self.tree.root_pos = Some(position.clone());
        self.tree.root_depth = 0;
        self.tree.j1 = position.to_move();
        self.tree.leaves_visited = 0;
        Ok(())
    }

    /// R_n(r): the probability that the player to move at the root wins, given what is known.
    pub fn root_value(&self) -> LogProb {
        self.tree.nodes[self.tree.root as usize].val.to_log().0
    }

    /// Whether R_n(r) ∈ {0, 1}.
    pub fn is_solved(&self) -> bool {
        self.tree.nodes[self.tree.root as usize].val.is_certain()
    }

    /// Bytes of the tree: its nodes and its chains (moves included).
    pub fn tree_bytes(&self) -> usize {
        self.tree.nodes.len() * Self::NODE_BYTES
            + self.tree.chains.len() * std::mem::size_of::<Chain<G::Move>>()
            + self.tree.chain_moves.len() * std::mem::size_of::<G::Move>()
            + self.tree.chain_vals.len() * std::mem::size_of::<Val>()
            + self.tree.chain_pri.len() * std::mem::size_of::<(Val, u32)>()
    }

    /// Whether the tree has reached its memory limit, or could not grow
    /// ([`Bayes::short_of_memory`]).
    pub fn memory_full(&self) -> bool {
        self.room.short_of_memory.is_some() || self.at_node_limit()
    }

    /// Whether the tree has reached its memory limit (not counting an allocation the system
    /// refused, which a later search may get).
    fn at_node_limit(&self) -> bool {
        self.tree_bytes() >= self.settings.max_nodes * Self::NODE_BYTES
    }

    /// Whether the tree holds more than half its memory limit.
    fn past_half_its_limit(&self) -> bool {
        self.tree_bytes() > self.settings.max_nodes * Self::NODE_BYTES / 2
    }

    /// The error of a search that could not grow its tree before `what`: the system's
    /// refusal where there was one, else the tree's limit.
    fn no_room_for(&self, what: &str) -> SearchError {
        match self.room.short_of_memory {
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
                limit_bytes: (self.settings.max_nodes * Self::NODE_BYTES) as u64,
                nodes: self.tree.nodes.len(),
                node_bytes: Self::NODE_BYTES,
            },
        }
    }

    /// Nodes in the tree (materialised; see [`Bayes::tree_bytes`] for the chains).
    pub fn tree_nodes(&self) -> usize {
        self.tree.nodes.len()
    }

    /// Distinct leaves visited since [`Bayes::start`].
    pub fn leaves_visited(&self) -> u64 {
        self.tree.leaves_visited
    }

    /// One iteration of Algorithm 13 (Step n+1). Returns whether a new leaf was visited.
    /// Does nothing when the root value is already certain.
    ///
    /// Its three steps: the descent of Theorem 11 to a boundary node z_n
    /// (`follow_last_descent`, `descend_to_boundary`), the uniformly random match from z_n to
    /// a leaf x_{n+1} (`play_eager`, `matches.rs`), and the update of R, U and Z on the branch
    /// (`update_branch`).
    pub fn step(&mut self) -> bool {
        if self.is_solved() || self.too_wide.is_some() || !self.make_room() {
            return false;
        }
        let (j, left, old) = self.follow_last_descent();
        // Levels above j, followed from the last descent, see the same nodes as the last update.
        let shared = j;
        self.branch.path.truncate(j + 1);
        let (mut pos, pending) = self.descent_position(j, old);
        let Some((node, depth)) = self.descend_to_boundary(&mut pos, pending, left, j) else {
            return false;
        };
        if self.tree.nodes[node as usize].state() == LEAF {
            // x_{n+1} ∈ x_n: no new information (Proposition 15 (i) says this does not
            // happen while R_n(r) ∉ {0, 1}; only rounding could bring us here).
            return false;
        }
        // The match plays on from `pos` where it is (moving it into play_eager would copy it,
        // reading back the fields the last move has just written: the wait described in
        // [`Bayes::descent_position`]).
        if !self.play_eager(node, &mut pos, depth) {
            return false;
        }
        self.tree.leaves_visited += 1;
        self.update_branch(shared);
        self.branch.resume = self.settings.resumes;
        // The move unzip left to read: its cache line has had the match and the update to come.
        if let Some(id) = self.tree.stale_mv.take() {
            self.settle_move(id);
        }
        true
    }

    /// The first part of the descent of Theorem 11 (from the root, the child with the largest
    /// U_n² Z_n, [`Bayes::select`]): it follows the last descent while its choices are known to
    /// be the same (`keeps`), or are made again (a draw may pick the same child), and leaves it
    /// at the first other choice. The choice there is made among the children with the largest
    /// key when the last update knows them ([`Bayes::departure_top`]), else by select.
    ///
    /// Returns the level j reached on the last descent, the child chosen there where the
    /// descent left it, and the length of the last descent (1 where it starts from the root).
    #[inline(always)]
    fn follow_last_descent(&mut self) -> (usize, Option<u32>, usize) {
        let old = if std::mem::take(&mut self.branch.resume) {
            self.branch.positions.len() + 1
        } else {
            self.branch.path.clear();
            self.branch.path.push(self.tree.root);
            self.branch.positions.clear();
            1
        };
        let mut j = 0;
        while j + 1 < old {
            if self.branch.keeps[j] {
                self.work.resumed += 1;
            } else {
                let top = self.departure_top(j);
                let next = if top == PICK_UNKNOWN {
                    self.select(self.branch.path[j], j1_moves_at(self.tree.root_depth + j))
                } else {
                    self.pick(self.branch.path[j], top)
                };
                self.work.selections += 1;
                if next != self.branch.path[j + 1] {
                    return (j, Some(next), old);
                }
            }
            j += 1;
        }
        (j, None, old)
    }

    /// The position of the node `path[j]` where the descent goes on, and whether it is still
    /// to be kept in `positions` (`pending`), when the last descent was `old` levels long.
    ///
    /// The position `pos` of the node the descent is at is kept in `positions` only once the
    /// next choice is made, not just after `play`: `play` writes a few narrow fields of `pos`,
    /// and a copy of the whole position read back at once cannot be forwarded from those
    /// stores, so it waits for them to reach the cache, and everything after it in the
    /// descent waits too. So the position of the descent's last node is never kept: a descent
    /// that resumes down to there makes it from the one before (the root's is `root_pos`).
    #[inline(always)]
    fn descent_position(&mut self, j: usize, old: usize) -> (G, bool) {
        if j + 1 < old {
            self.branch.positions.truncate(j + 1);
            (self.branch.positions[j].clone(), false)
        } else if let Some(before) = j.checked_sub(1) {
            let mut pos = self.branch.positions[before].clone();
            pos.play(self.tree.nodes[self.branch.path[j] as usize].mv);
            (pos, true)
        } else {
            (
                self.tree.root_pos.clone().expect("start() before step()"),
                true,
            )
        }
    }

    /// The rest of the descent of Theorem 11, from `path[j]` at `pos` (`pending` as
    /// [`Bayes::descent_position`] gives it) to a boundary node z_n: first to `left`, the
    /// child chosen where the descent left the last one, if any, then by [`Bayes::select`]
    /// (or [`Bayes::pick`] where a chain just unzipped knows the choice). Returns z_n and its
    /// depth below the first root, with `pos` its position; None where the tree cannot grow.
    #[inline(always)]
    fn descend_to_boundary(
        &mut self,
        pos: &mut G,
        mut pending: bool,
        mut left: Option<u32>,
        j: usize,
    ) -> Option<(u32, usize)> {
        let mut depth = self.tree.root_depth + j;
        let mut node = self.branch.path[j];
        loop {
            node = match left.take() {
                Some(next) => next,
                None => {
                    let top = match self.tree.nodes[node as usize].state() {
                        INTERIOR => PICK_UNKNOWN,
                        CHAIN => {
                            // Where the tree cannot grow, the search stops here, as where a
                            // match cannot be kept (play_eager).
                            if !self.room_to_unzip(node, pos) {
                                return None;
                            }
                            self.unzip(node, pos, depth)
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
            if !(room_in(&mut self.branch.positions) && room_in(&mut self.branch.path)) {
                self.room.short_of_memory = Some(AllocFailed {
                    bytes: self.branch.positions.capacity() * std::mem::size_of::<G>(),
                    refused: true,
                });
                return None;
            }
            if pending {
                self.branch.positions.push(pos.clone());
            }
            pos.play(self.tree.nodes[node as usize].mv);
            self.branch.path.push(node);
            pending = true;
            depth += 1;
        }
        // A descent left the last path below j < old − 1 (left was Some): it moved, so the
        // position kept at j is not its last node's.
        debug_assert!(pending);
        Some((node, depth))
    }

    /// The update of R (eq. (2)), U (eq. (3)) and Z (eq. (4)) on the branch (`update.rs`),
    /// from the match's start (lazy) or the leaf's father (eager) to the root; the levels
    /// above `shared` were followed from the last descent, so their brothers are the last
    /// update's.
    ///
    /// The branch is the descent's path followed by the match's materialised nodes, whose
    /// positions are not kept: the next descent may resume only within the descent.
    #[inline(always)]
    fn update_branch(&mut self, shared: usize) {
        let descended = self.branch.positions.len() + 1;
        let mut val = self.tree.nodes[self.branch.path[self.branch.path.len() - 1] as usize].val;
        // Every entry below descended − 1 is written by the loop below: resize only sets the
        // length (no clear, which would have every entry written twice).
        self.branch.keeps.resize(descended - 1, false);
        // The last update's entries for the levels of this branch; deeper ones are dropped.
        self.branch
            .brothers
            .resize(self.branch.path.len() - 1, (Brothers::GAVE_UP, 0));
        self.work.brothers_reused += shared as u64;
        self.work.updated += (self.branch.path.len() - 1) as u64;
        // Two loops, each specialised: the levels below `shared`, then those it shares.
        for k in (shared..self.branch.path.len() - 1).rev() {
            val = self.update_on_branch(k, false, val, descended);
        }
        for k in (0..shared.min(self.branch.path.len() - 1)).rev() {
            val = self.update_on_branch(k, true, val, descended);
        }
    }

    /// The move paths from the root of the visited leaves (x_n), in tree order.
    pub fn visited_leaf_paths(&self) -> Vec<Vec<G::Move>> {
        let mut out = Vec::new();
        let mut stack = vec![(self.tree.root, Vec::new())];
        while let Some((x, path)) = stack.pop() {
            let n = self.tree.nodes[x as usize];
            match n.state() {
                LEAF => out.push(path),
                CHAIN => {
                    let ch = self.tree.chains[(n.first_child & !CHAIN_FLAG) as usize];
                    let mut p = path;
                    p.extend_from_slice(
                        &self.tree.chain_moves[ch.start as usize..(ch.start + ch.len) as usize],
                    );
                    out.push(p);
                }
                INTERIOR => {
                    for c in n.children().rev() {
                        let mut p = path.clone();
                        p.push(self.tree.nodes[c].mv);
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
        let n = self.tree.nodes[self.tree.root as usize];
        Ok(n.children()
            .map(|c| (self.tree.nodes[c].mv, self.tree.nodes[c].val.to_log().0))
            .collect())
    }
}
