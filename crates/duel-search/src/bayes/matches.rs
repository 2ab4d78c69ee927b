//! The simulated match of Algorithm 13 ("simulate a uniformly random match from z_n"), from
//! the boundary node the descent reached to a leaf: its branch and the brothers of its nodes
//! join the tree as nodes ([`Bayes::play_eager`], the algorithm as written), or the match is
//! kept as a chain until a descent enters it ([`Bayes::play_lazy`], section 2.12).

use duel_core::game::{Game, Outcome};
use rand_chacha::ChaCha8Rng;

use crate::agent::uniform_index;
use crate::priors::j1_wins;

use super::node::{Chain, Node, CHAIN_FLAG, LEAF_MARK};
use super::val::{memo_slot, same_key, Val};
use super::Bayes;

/// How the match from a boundary node is simulated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random moves (Definition 2).
    Uniform,
    /// Always the first legal move: a deterministic leaf, which on trees with i.i.d. leaves
    /// changes nothing in law (proof of Remark 17) and makes exact enumeration possible.
    First,
}

/// Levels of a simulated match built as nodes before the rest is kept as a [`Chain`]. With
/// none, the chain starts at the boundary node the match was played from: two nodes an
/// iteration fewer on pearl:2:32.
pub(super) const EAGER_LEVELS: usize = 0;

/// Values of a chain's nodes stored when its match is played (the first few below the head):
/// most chains are entered at most a few times ([`Bayes::unzip`]), and the rest are computed
/// again, all at once, when a descent goes further ([`Bayes::refill`]): with 4, rarely (Sym
/// on pearl:2:32 refills a chain in 1.6 % of its iterations).
pub(super) const STORED_VALS: usize = 4;

/// The same for a match whose positions all have the same number of moves: its values are
/// remembered ([`Bayes::play_lazy`]) and shared by the chains of the same key, so that
/// storing more costs only the first of them, and a chain of up to this length is never
/// refilled.
pub(super) const REGULAR_STORED_VALS: usize = 32;

/// Entries of the cache of chain values ([`Bayes::play_lazy`]).
pub(super) const CHAIN_MEMO: usize = 256;

/// Key, head value, where the first values of the chain are stored (offset in `chain_vals`
/// and count) and where their heads' priors are (offset in `chain_pri`) in the cache of
/// chains.
pub(super) type ChainMemoEntry = Option<(([u64; 3], u64), Val, u32, u32, u32)>;

/// What a random match gives its chain besides its moves ([`Bayes::random_match`]).
#[derive(Clone, Copy)]
struct PlayedMatch {
    /// Whether J1 won it (R of its leaf).
    win: bool,
    /// The number of moves of its first position.
    degree: usize,
    /// Whether all its positions had that number of moves.
    regular: bool,
}

impl<G: Game> Bayes<G> {
    /// Appends boundary nodes of prior `v` in the litter `litter`, one for each move of
    /// `self.scratch.moves`, and returns the index of the first.
    #[inline]
    pub(super) fn push_litter(&mut self, v: Val, litter: u32) -> usize {
        self.tree
            .nodes
            .reserve(self.scratch.moves.len(), self.settings.max_nodes);
        let first = self.tree.nodes.len();
        self.work.created += self.scratch.moves.len() as u64;
        self.tree.nodes.extend(
            self.scratch
                .moves
                .iter()
                .map(|&m| Node::in_litter(v, litter, m)),
        );
        first
    }

    /// The match from the boundary node `z` (position `pos` at `depth`), materialised as
    /// Algorithm 13 describes it: the branch and the brothers of its nodes join the tree, and
    /// the branch is appended to the path; after [`EAGER_LEVELS`] levels the rest of the match
    /// is kept as a chain ([`Bayes::play_lazy`]) unless the agent is `lazy: false`. False when
    /// a position is too wide.
    ///
    /// Kept out of [`Bayes::step`]: inlined there, an iteration of SymP on connect:7x6:4
    /// runs 6 % more instructions.
    #[inline(never)]
    pub(super) fn play_eager(&mut self, z: u32, pos: &mut G, mut depth: usize) -> bool {
        let mut node = z;
        let mut father = self.tree.nodes[node as usize].val;
        let mut hint = self.tree.nodes[node as usize].first_child;
        let mut eager = if self.settings.lazy {
            self.settings.eager_levels
        } else {
            usize::MAX
        };
        loop {
            if let Some(outcome) = pos.outcome() {
                self.tree.nodes[node as usize].first_child = LEAF_MARK;
                self.tree.nodes[node as usize].val = self.leaf_value(outcome);
                return true;
            }
            if eager == 0 {
                return self.play_lazy(node, pos, depth);
            }
            eager -= 1;
            pos.legal_moves(&mut self.scratch.moves);
            let d = self.scratch.moves.len();
            let Ok(d16) = u16::try_from(d) else {
                self.too_wide = Some(d);
                return false;
            };
            // A litter wider than the room made before the iteration: the tree stops where
            // it cannot grow (every litter pushed so far is whole, so the tree is sound).
            if !self.room_for(0, d) {
                return false;
            }
            let (v, litter) = self.memo.litters.below_value(father, hint, depth, d);
            (father, hint) = (v, litter);
            let first = self.push_litter(v, litter) as u32;
            let n = &mut self.tree.nodes[node as usize];
            n.first_child = first;
            n.n_children = d16;
            let i = playout_choice(self.settings.playout, &mut self.rng, d);
            self.work.random_moves += 1;
            node = first + i as u32;
            pos.play(self.scratch.moves[i]);
            self.branch.path.push(node);
            depth += 1;
        }
    }

    /// The same match, kept as a [`Chain`] below `z` instead of nodes (section 2.12 lets the
    /// nodes of a branch wait: until a descent enters z, nothing below z is read or changed):
    /// only the moves, the values of the nodes they lead to and z's prior are stored, z gets
    /// the value the materialised branch gives it ([`Bayes::chain_value`]), and the litters
    /// are built one level at a time when a descent enters a chain head ([`Bayes::unzip`]).
    /// The random draws are the same as when materialising, and every value is the same
    /// function of the same bits, so the search is the same, bit for bit (tested against
    /// `lazy: false`); what changes is the memory: Sym, whose matches start high in the tree
    /// and are rarely entered again, keeps a few nodes per match instead of tens.
    pub(super) fn play_lazy(&mut self, z: u32, pos: &mut G, z_depth: usize) -> bool {
        // `z` is not finished: [`Bayes::play_eager`] checks that before handing over.
        let z_prior = self.tree.nodes[z as usize].val;
        let z_litter = self.tree.nodes[z as usize].first_child;
        let start = self.tree.chain_moves.len();
        let Some(played) = self.random_match(pos, start) else {
            return false;
        };
        let len = self.tree.chain_moves.len() - start;
        // Room for what the chain keeps: the values and priors of its stored levels at most,
        // and the chain.
        let kept = len.min(REGULAR_STORED_VALS.max(STORED_VALS)) + 2;
        if !(self.room_for(1, 1) && self.room_for(3, kept) && self.room_for(4, kept)) {
            self.tree.chain_moves.truncate(start);
            return false;
        }
        self.work.random_moves += len as u64;
        let (val, vals, stored, pri) =
            self.chain_values((z_prior, z_litter), z_depth, start, played);
        let id = self.tree.chains.len() as u32;
        self.tree.chains.push(Chain {
            pri,
            mv: self.tree.chain_moves[start],
            start: start as u32,
            len: len as u32,
            vals,
            stored,
            win: played.win,
            full: played.regular,
        });
        let n = &mut self.tree.nodes[z as usize];
        n.val = val;
        n.first_child = CHAIN_FLAG | id;
        true
    }

    /// The uniformly random match from `pos` to a leaf x_{n+1}: its moves appended to
    /// `chain_moves` (from `start`) and its draws to `drawn`. None, with nothing kept, where
    /// a position is too wide for a node or the tree has no room for the match.
    #[inline(always)]
    fn random_match(&mut self, pos: &mut G, start: usize) -> Option<PlayedMatch> {
        self.scratch.drawn.clear();
        let mut degree = None;
        let mut regular = true;
        loop {
            if let Some(outcome) = pos.outcome() {
                let win = j1_wins(outcome, self.tree.j1);
                return Some(PlayedMatch {
                    win,
                    degree: degree.unwrap_or(0),
                    regular,
                });
            }
            // No draw from a position too wide for a node: the match is given up.
            let (playout, rng) = (self.settings.playout, &mut self.rng);
            let (d, i, mv) = pos.draw_move(&mut self.scratch.moves, |d| {
                if d > u16::MAX as usize {
                    0
                } else {
                    playout_choice(playout, rng, d)
                }
            });
            if d > u16::MAX as usize {
                self.tree.chain_moves.truncate(start);
                self.too_wide = Some(d);
                return None;
            }
            regular &= *degree.get_or_insert(d) == d;
            self.scratch.drawn.push((d as u32, i as u32));
            // A match longer than the room made before the iteration: given up where the
            // tree cannot grow, before anything of it is kept.
            if !self.room_for(2, 1) {
                self.tree.chain_moves.truncate(start);
                return None;
            }
            self.tree.chain_moves.push(mv);
            pos.play(mv);
        }
    }

    /// The values of the chain of the match `played` (moves from `start` in `chain_moves`)
    /// below z (its prior and litter `z_head`, at `z_depth`): z's value, where the chain's
    /// stored values start in `chain_vals` and how many, and where its priors are in
    /// `chain_pri`. The priors of its litters use no random draw.
    ///
    /// On a match whose positions all have the same number of moves, the values of the
    /// chain are a function of (z's prior, depth, length, degree, outcome) only (they do
    /// not depend on the moves played: see [`Bayes::chain_value`]): remembered.
    /// An irregular match is neither looked for there nor kept there.
    #[inline(always)]
    fn chain_values(
        &mut self,
        z_head: (Val, u32),
        z_depth: usize,
        start: usize,
        played: PlayedMatch,
    ) -> (Val, u32, u32, u32) {
        let (z_prior, z_litter) = z_head;
        let win = played.win;
        let len = self.tree.chain_moves.len() - start;
        let memo = played.regular.then(|| {
            let key = (
                z_prior.bits(),
                (z_depth as u64) << 40
                    | (len as u64) << 20
                    | (played.degree as u64) << 1
                    | win as u64,
            );
            (key, memo_slot(&key, CHAIN_MEMO))
        });
        // The values stored are shared with the chain the entry was made for: they are never
        // changed once stored (a refill stores new ones), and a chain that finds them here
        // writes none (Sym on pearl:2:32 misses the cache once in about 700 matches).
        if let Some((key, slot)) = memo {
            if let Some((k, val, vals, stored, pri)) = self.memo.chains[slot] {
                if same_key(&k, &key) {
                    return (val, vals, stored, pri);
                }
            }
        }
        let vals = self.tree.chain_vals.len();
        let z_litter = self.chain_priors((z_prior, z_litter), z_depth, win);
        let store = if played.regular {
            REGULAR_STORED_VALS
        } else {
            STORED_VALS
        };
        let val = self.chain_value(z_depth, win, store, self.tree.chain_moves[start]);
        let stored = (self.tree.chain_vals.len() - vals) as u32;
        // A regular chain's priors are shared with its values; an irregular chain
        // keeps its head's only.
        let pri = self.push_priors(
            (z_prior, z_litter),
            if played.regular { stored as usize } else { 1 },
        );
        if let Some((key, slot)) = memo {
            self.memo.chains[slot] = Some((key, val, vals as u32, stored, pri));
        }
        (val, vals as u32, stored, pri)
    }

    /// The value of a leaf: R = 1 when J1 has won, 0 otherwise.
    pub(super) fn leaf_value(&self, outcome: Outcome) -> Val {
        if j1_wins(outcome, self.tree.j1) {
            Val::ONE
        } else {
            Val::ZERO
        }
    }
}

/// The index of the move a simulated match plays among `d` ([`Playout`]).
#[inline(always)]
pub(super) fn playout_choice(playout: Playout, rng: &mut ChaCha8Rng, d: usize) -> usize {
    match playout {
        Playout::Uniform => uniform_index(rng, d),
        Playout::First => 0,
    }
}
