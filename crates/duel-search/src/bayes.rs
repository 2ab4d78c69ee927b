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

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use duel_core::game::{Game, Outcome, Player};

use super::agent::{
    argmax_random_ties, argmax_random_ties_unpredictable, uniform_index, Agent, Budget, Clock,
    SearchError, SearchResult, StopReason, Work, DEFAULT_MEMORY_BYTES,
};
use super::arena_alloc::Arena;
use super::logit::{Log1mexpMemo, LogProb};
pub use super::priors::PriorKind;
use super::priors::{
    fit_galton_watson, fit_galton_watson2, j1_wins, symmetric_prior_along, MatchStatistics, Prior,
};

const BOUNDARY: u8 = 0;
const INTERIOR: u8 = 1;
const LEAF: u8 = 2;
/// A boundary node from which a match was played, kept as a [`Chain`].
const CHAIN: u8 = 3;

/// How the match from a boundary node is simulated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random moves (Definition 2).
    Uniform,
    /// Always the first legal move: a deterministic leaf, which on trees with i.i.d. leaves
    /// changes nothing in law (proof of Remark 17) and makes exact enumeration possible.
    First,
}

/// One node of the explored tree B_n ∪ D_n: its values R_n, √Z_n, the links and the move
/// leading to it, in 32 bytes for games with moves of at most 2 bytes (connect, pearl).
/// Brothers are consecutive, so that choosing among d brothers (their keys U_n √Z_n are
/// computed from their values, see [`Bayes::select`]) and updating their father read the
/// same few cache lines.
#[derive(Clone, Copy, Debug)]
pub struct Node<M> {
    /// R_n and √Z_n (see [`Val`]); the prior while on the boundary.
    val: Val,
    /// The first child of an interior node, [`LEAF_MARK`] for a leaf; on the boundary, the
    /// id of the node's litter in [`Litters`] when known, else 0 (a hint, checked when read:
    /// [`Litters::of_value_hinted`]).
    first_child: u32,
    /// The number of children (0 on the boundary and at leaves).
    n_children: u16,
    mv: M,
}

/// `first_child` of a leaf.
const LEAF_MARK: u32 = u32::MAX;

/// Levels of a simulated match built as nodes before the rest is kept as a [`Chain`]. With
/// none, the chain starts at the boundary node the match was played from: two nodes an
/// iteration fewer on pearl:2:32 (about 3 % faster for Sym, where 1 level was chosen when
/// chains were new; SymP, whose matches are short, and connect:7x6:4 are no slower).
const EAGER_LEVELS: usize = 0;

/// A choice of the descent not known without [`Bayes::select`] ([`Bayes::departure_top`]).
const PICK_UNKNOWN: u32 = 0;
/// Children up to which [`Brothers::of`] can name those with the largest key.
const MAX_PICK: usize = 31;

/// The bit of `first_child` that marks the head of a [`Chain`] (the rest is its index).
const CHAIN_FLAG: u32 = 1 << 31;

/// A match played from a boundary node (its head) and not materialised yet: the moves (in
/// `chain_moves[start..start + len]`), the values of the first `stored` nodes they lead to
/// (in `chain_vals[vals..vals + stored]`), the outcome of its leaf and the head's prior
/// (`chain_pri[pri]`). See [`Bayes::play_lazy`].
///
/// The priors are kept apart so that the record takes 24 bytes, not 48, and so that the
/// chains of a regular match share them with their values: when `full`, `chain_pri[pri + j]`
/// is the prior of the node whose child has the value `chain_vals[vals + j]`, for every
/// j < `stored` (a block written once and never changed, perhaps shared); otherwise
/// `chain_pri[pri]` is this chain's own, and [`Bayes::unzip`] writes the next head's prior
/// over it.
#[derive(Clone, Copy, Debug)]
struct Chain<M> {
    pri: u32,
    start: u32,
    len: u32,
    vals: u32,
    stored: u32,
    /// `chain_moves[start]`, the move [`Bayes::unzip`] looks for first: here it is read with
    /// the record (in its padding, for moves of at most 2 bytes), not from another cache line.
    /// Except for the chain [`Bayes::unzip`] advanced last (`Bayes::stale_mv`), which reads it
    /// at the end of the iteration ([`Bayes::chain_move`]).
    mv: M,
    /// Whether J1 wins at the leaf.
    win: bool,
    /// Whether `chain_pri[pri..pri + stored]` holds the priors of the heads of all the stored
    /// values (see above).
    full: bool,
}

/// Values of a chain's nodes stored when its match is played (the first few below the head):
/// most chains are entered at most a few times ([`Bayes::unzip`]), and the rest are computed
/// again, all at once, when a descent goes further ([`Bayes::refill`]). With 2, Sym on
/// pearl:2:32 refilled a chain in 6.2 % of its iterations (5.8 % of its instructions); with
/// 4, in 1.6 % (1.4 %), and it took about 10 % less time.
const STORED_VALS: usize = 4;

/// The same for a match whose positions all have the same number of moves: its values are
/// remembered ([`Bayes::play_lazy`]) and shared by the chains of the same key, so that
/// storing more costs only the first of them, and a chain of up to this length is never
/// refilled (Sym on pearl:2:32: about 3 % faster than with [`STORED_VALS`]).
const REGULAR_STORED_VALS: usize = 32;

/// Iterations of a search with a budget of iterations that the arenas are first reserved
/// for ([`Bayes::reserve_for`]; the rest of the budget is reserved after them in stages, at the
/// rate they used, [`Bayes::reserve_as_used`]). Sym's arenas
/// for them stay under the size that is given huge pages (see `arena.rs`): about 0.1 MiB of
/// nodes on pearl:2:32, 0.26 MiB on connect:7x6:4.
const RESERVE_STAGE: u64 = 1024;

/// Each later stage reserves for at most this many times the iterations done so far, not for
/// the whole budget left: a search that solves its position early (Sym on a mid-game position
/// of connect:7x6:4 stops after about 550 iterations, some after more than 1,024, whatever
/// the budget) does not allocate, and zero, huge pages for iterations it will not do. The
/// copies of a growing tree this costs add up to a third of its final size at most.
const STAGE_GROWTH: u64 = 4;

/// Children of a node whose own children (or chain record, for a chain head)
/// [`Bayes::select`] starts loading before choosing.
const PREFETCH_KIDS: usize = 4;

/// The most nodes a tree may have: indices are below [`CHAIN_FLAG`].
const MAX_NODES: usize = CHAIN_FLAG as usize - (1 << 17);

impl<M> Node<M> {
    fn boundary(val: Val, mv: M) -> Node<M> {
        Node::in_litter(val, 0, mv)
    }

    /// A boundary node of the litter `litter` ([`Litters`]), whose prior is `val`.
    fn in_litter(val: Val, litter: u32, mv: M) -> Node<M> {
        Node {
            val,
            first_child: litter,
            n_children: 0,
            mv,
        }
    }

    /// `BOUNDARY`, `INTERIOR`, `LEAF` or `CHAIN`.
    #[inline]
    fn state(&self) -> u8 {
        if self.n_children > 0 {
            INTERIOR
        } else if self.first_child == LEAF_MARK {
            LEAF
        } else if self.first_child & CHAIN_FLAG != 0 {
            CHAIN
        } else {
            BOUNDARY
        }
    }

    /// The indices of the children.
    #[inline]
    fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        if self.n_children == 0 {
            return first..first;
        }
        first..first + self.n_children as usize
    }
}

/// R_n(x) and Z_n(x) of a node. While the node is on the boundary (state `BOUNDARY`), its
/// prior m and s (Proposition 9, Notation 10).
///
/// Hybrid representation. A value is *plain*, (a, b, w) = (r, 1 − r, √Z) with each of a, b, w
/// either exactly 0 or in [[`PLAIN_MIN`], 1] (w ≤ e³⁴⁵, see [`LN_PLAIN_MIN`]), or *logarithmic*,
/// (a, b, w) = (ln r, ln(1 − r), ln √Z) as in section 8.1. The two are told apart by the sign:
/// a + b > 0 exactly when plain (r + (1 − r) ≈ 1, while two logarithms are ≤ 0). Both r and
/// 1 − r are kept, so 1 − 10⁻²⁰ is (1.0, 1e-20) and stays distinct from 1 − 10⁻²¹: rounding
/// to 0 or 1 only happens below 2⁻⁵⁰⁰, where the value switches to logarithms.
///
/// The update of a node whose children are all plain uses no transcendental function:
/// P = Π f_k, 1 − P = Σ_k g_k Π_{j<k} f_j (g_k = 1 − f_k, a telescoping sum with no
/// cancellation), U_k = Π_{j≠k} f_j by prefix and suffix products, √Z = max_k U_k √Z_k.
/// Error bound: every output is a sum of at most d positive terms, each a product of at most
/// d + 1 stored numbers, so (with unit roundoff u = 2⁻⁵³ and no underflow, guaranteed because
/// every nonzero factor is ≥ 2⁻⁵⁰⁰ and the nonzero product is checked ≥ 2⁻⁵⁰⁰, so every
/// partial product and term is ≥ 2⁻¹⁰⁰⁰, a normal number) its relative error is at most
/// (2d + 1)u + ε_in, where ε_in is the largest relative error of the inputs. The logarithmic
/// update has the same kind of bound (an absolute error δ of ln r is a relative error δ of r):
/// both are exact to O(K d u) relative after K levels, about 1e-13 for K = 32, d = 7, and
/// agree to that tolerance (tested in `tests`). A value is converted (exp or ln) only when an
/// update's result crosses 2⁻⁵⁰⁰, or when a prior is stored or read back.
#[derive(Clone, Copy, Debug)]
pub struct Val {
    a: f64,
    b: f64,
    w: f64,
}

/// Smallest nonzero plain value (2⁻⁵⁰⁰): products of two such stay normal floats.
const PLAIN_MIN: f64 = 3.054936363499605e-151;
/// ln of a logarithmic value converted to plain must be ≥ this (e⁻³⁴⁵ > 2⁻⁵⁰⁰) or −∞; a
/// plain √Z is at most e³⁴⁵ < 2⁵⁰⁰.
const LN_PLAIN_MIN: f64 = -345.0;
/// Degrees up to which the plain update keeps its products on the stack.
const UPDATE_STACK: usize = 16;

impl Val {
    const ONE: Val = Val {
        a: 1.0,
        b: 0.0,
        w: 0.0,
    };
    const ZERO: Val = Val {
        a: 0.0,
        b: 1.0,
        w: 0.0,
    };

    /// Whether (a, b, w) = (r, 1 − r, √Z) rather than their logarithms.
    #[inline]
    fn is_plain(&self) -> bool {
        self.a + self.b > 0.0
    }

    /// From (ln r, ln(1 − r)) and ln √Z: plain when all three are in range.
    #[inline]
    fn from_log(r: LogProb, ln_w: f64) -> Val {
        let ok = |x: f64| x == f64::NEG_INFINITY || x >= LN_PLAIN_MIN;
        if ok(r.ln_p) && ok(r.ln_q) && ok(ln_w) && ln_w <= -LN_PLAIN_MIN {
            Val {
                a: r.ln_p.exp(),
                b: r.ln_q.exp(),
                w: ln_w.exp(),
            }
        } else {
            Val {
                a: r.ln_p,
                b: r.ln_q,
                w: ln_w,
            }
        }
    }

    /// (ln r, ln(1 − r)) and ln √Z.
    #[inline]
    fn to_log(self) -> (LogProb, f64) {
        if self.is_plain() {
            (
                LogProb {
                    ln_p: self.a.ln(),
                    ln_q: self.b.ln(),
                },
                self.w.ln(),
            )
        } else {
            (
                LogProb {
                    ln_p: self.a,
                    ln_q: self.b,
                },
                self.w,
            )
        }
    }

    /// The bits of (a, b, w): a key for the caches of values computed from a value.
    #[inline]
    fn bits(&self) -> [u64; 3] {
        [self.a.to_bits(), self.b.to_bits(), self.w.to_bits()]
    }

    /// Whether r is exactly 0 or 1.
    #[inline]
    fn is_certain(&self) -> bool {
        if self.is_plain() {
            self.a == 0.0 || self.b == 0.0
        } else {
            self.a == f64::NEG_INFINITY || self.b == f64::NEG_INFINITY
        }
    }
}

/// A hash of `key` (a value's bits and a word of context): its high bits are well mixed.
#[inline]
fn memo_hash(key: &([u64; 3], u64)) -> u64 {
    (key.0[0] ^ key.0[1].rotate_left(17) ^ key.0[2].rotate_left(39) ^ key.1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The slot of `key` in a direct-mapped cache of `size` entries.
#[inline]
fn memo_slot(key: &([u64; 3], u64), size: usize) -> usize {
    (memo_hash(key) >> 52) as usize % size
}

/// Whether two keys of the caches are equal, compared word by word: as arrays they were
/// compared through the stack, and reading their 8-byte stores back as 16-byte loads stalled
/// store forwarding.
#[inline(always)]
fn same_key(x: &([u64; 3], u64), y: &([u64; 3], u64)) -> bool {
    ((x.0[0] ^ y.0[0]) | (x.0[1] ^ y.0[1]) | (x.0[2] ^ y.0[2]) | (x.1 ^ y.1)) == 0
}

/// Entries of the cache of chain values ([`Bayes::play_lazy`]).
const CHAIN_MEMO: usize = 256;

/// Key, head value, where the first values of the chain are stored (offset in `chain_vals`
/// and count) and where their heads' priors are (offset in `chain_pri`) in the cache of
/// chains.
type ChainMemoEntry = Option<(([u64; 3], u64), Val, u32, u32, u32)>;

/// Bytes [`Litters`] holds before it forgets them all: 2¹⁸ litters where nodes have at most 7
/// children (a litter takes 64 bytes and its links 4 bytes per possible number of children),
/// fewer where they may have more. In tests a few hundred litters, so that forgetting them
/// is tested too: the search must not change.
const LITTERS_BYTES: usize = if cfg!(test) { 300 * 96 } else { 24 << 20 };

/// The most children a node may have for [`Litters`] to find the litter below it by index
/// ([`Litters::below`]); nodes with more are found by hash.
const MAX_STRIDE: usize = 64;

/// The first size of [`Litters`]'s index (a power of two).
const LITTERS_INDEX: usize = 64;

/// A litter: the prior (as stored) of each child of a node, with what d − 1 brothers of that
/// prior give their father's update ([`Brothers::uniform`]; None when they give up), d being
/// the number of children, and the depth of the children.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Litter {
    val: Val,
    brothers: Option<Brothers>,
    depth: u32,
}

/// The litters of a search, interned and linked (section 2.12: each new branch needs the
/// prior of every litter along its match, and the same few recur along every new branch).
/// A litter is a pure function of its father's prior (bits), the father's depth and its number
/// of children d ([`Litters::compute`]), so that remembering it changes no result.
///
/// Each litter, at a depth, is also the prior of a node there: the litter below such a node,
/// for each d, is found by index (`next[id * stride + d]`), so that the priors along a match
/// are one load a level, each waiting only for the one above, where a cache keyed by the
/// father's value hashed and compared four words a level. A boundary node keeps the id of the
/// litter it was built in (and a chain the litters of its heads), so that a match from it
/// starts from there ([`Litters::of_value_hinted`]); the litter of a prior known only as a
/// value (the root's) is found by hash (`index`).
struct Litters {
    /// How a litter is computed: the prior of the search (set by [`Bayes::start`]).
    prior: Option<Prior>,
    /// id → litter; id 0 is none (0 in `next` and `index`: not known).
    list: Arena<Litter>,
    /// `next[id * stride + d]`: the litter below a node of litter `id`'s prior and depth with
    /// d < stride children, 0 until known.
    next: Arena<u32>,
    stride: usize,
    /// The same for nodes with more children: (id, d) → litter.
    wide: std::collections::HashMap<(u32, u32), u32>,
    /// Open addressing (linear probing) from a prior's bits and depth to a litter of that
    /// prior and depth, for the priors that were not found through their node's litter
    /// ([`Litters::of_value_hinted`]: the root's, and those of nodes built before the
    /// litters were last forgotten); 0 is empty. Its length is a power of two, at least twice
    /// the litters in it.
    index: Arena<u32>,
    /// Litters in `index`.
    indexed: usize,
    /// The most litters held at once ([`LITTERS_BYTES`]).
    max: usize,
}

impl Litters {
    fn new() -> Litters {
        Litters {
            prior: None,
            list: Arena::new(),
            next: Arena::new(),
            stride: 0,
            wide: std::collections::HashMap::new(),
            index: Arena::new(),
            indexed: 0,
            max: 0,
        }
    }

    /// Forgets every litter; the next are found by index below nodes of fewer than `stride`
    /// children.
    fn clear(&mut self, stride: usize) {
        self.list.clear();
        self.list.push(Litter {
            val: Val::ZERO,
            brothers: None,
            depth: u32::MAX,
        });
        self.stride = stride;
        self.next.clear();
        self.next.extend(std::iter::repeat(0).take(stride));
        self.wide.clear();
        self.index.clear();
        self.index.extend(std::iter::repeat(0).take(LITTERS_INDEX));
        self.indexed = 0;
        self.max = LITTERS_BYTES / (std::mem::size_of::<Litter>() + 4 * stride);
    }

    /// Forgets every litter unless `n` more fit (ids held by the caller are then no longer
    /// valid: call it before taking any).
    #[inline]
    fn make_room(&mut self, n: usize) {
        if self.list.len() + n > self.max {
            self.clear(self.stride);
        }
    }

    /// The slot of `index` that holds the litter of prior `v` at `depth`, else the empty slot
    /// where it goes (linear probing from the hash of its bits and depth; at most one litter
    /// of a prior and depth is indexed).
    fn probe(&self, v: &Val, depth: usize) -> usize {
        let mask = self.index.len() - 1;
        let mut slot = (memo_hash(&(v.bits(), depth as u64)) >> 40) as usize & mask;
        loop {
            let id = self.index[slot];
            if id == 0 {
                return slot;
            }
            let l = &self.list[id as usize];
            if l.depth as usize == depth && same_bits(&l.val, v) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// A litter of prior `v` at `depth`, added (with no brothers: it is only ever a father)
    /// when there is none.
    fn of_value(&mut self, v: Val, depth: usize) -> u32 {
        let id = self.index[self.probe(&v, depth)];
        if id != 0 {
            return id;
        }
        self.push(
            Litter {
                val: v,
                brothers: None,
                depth: depth as u32,
            },
            true,
        )
    }

    /// [`Litters::of_value`], which is `hint` when that litter has this prior and depth (as the
    /// litter a node was built in has, unless the litters were forgotten since).
    #[inline]
    fn of_value_hinted(&mut self, v: Val, depth: usize, hint: u32) -> u32 {
        if let Some(l) = self.list.get(hint as usize) {
            if hint != 0 && l.depth as usize == depth && same_bits(&l.val, &v) {
                return hint;
            }
        }
        self.of_value(v, depth)
    }

    /// Adds a litter (to `index` too when `indexed`) and returns its id.
    fn push(&mut self, litter: Litter, indexed: bool) -> u32 {
        let id = self.list.len() as u32;
        self.list.push(litter);
        self.next.extend(std::iter::repeat(0).take(self.stride));
        if !indexed {
            return id;
        }
        if 2 * self.indexed + 2 > self.index.len() {
            let size = 2 * self.index.len();
            let old = std::mem::replace(&mut self.index, Arena::new());
            self.index.extend(std::iter::repeat(0).take(size));
            for &id in old.iter().filter(|&&id| id != 0) {
                self.insert(id);
            }
        }
        self.insert(id);
        self.indexed += 1;
        id
    }

    /// Puts `id`, whose prior and depth are not indexed yet, in `index`.
    fn insert(&mut self, id: u32) {
        let l = self.list[id as usize];
        let slot = self.probe(&l.val, l.depth as usize);
        debug_assert_eq!(self.index[slot], 0);
        self.index[slot] = id;
    }

    /// The prior and the id of the litter of the `d` children of a node of prior `father` at
    /// `depth`, whose own litter may be `hint` ([`Litters::of_value_hinted`]). Always inlined:
    /// as a call of the agent, its result came back through memory and was read back wider
    /// than written, and [`Bayes::unzip`] moved the prior out of the agent and back around it
    /// (this way Sym was 2.2 % faster on pearl:2:32, 0.7 % on connect:7x6:4: in-process
    /// alternation, each version in both copies of the search). The prior now lives here,
    /// with the litters computed from it.
    #[inline(always)]
    fn below_value(&mut self, father: Val, hint: u32, depth: usize, d: usize) -> (Val, u32) {
        self.make_room(2);
        let id = self.of_value_hinted(father, depth, hint);
        let id = self.below(id, depth, d);
        (self.list[id as usize].val, id)
    }

    /// The litter below a node of litter `id`'s prior, at `depth` (the litter's), with `d`
    /// children.
    #[inline(always)]
    fn below(&mut self, id: u32, depth: usize, d: usize) -> u32 {
        debug_assert_eq!(self.list[id as usize].depth as usize, depth);
        if d < self.stride {
            let next = self.next[id as usize * self.stride + d];
            if next != 0 {
                return next;
            }
        }
        self.below_cold(id, depth, d)
    }

    /// [`Litters::below`] when it is not known by index.
    #[cold]
    #[inline(never)]
    fn below_cold(&mut self, id: u32, depth: usize, d: usize) -> u32 {
        if d >= self.stride {
            if let Some(&next) = self.wide.get(&(id, d as u32)) {
                return next;
            }
        }
        let prior = self.prior.as_ref().expect("prior set by start()");
        let litter = Self::compute(prior, self.list[id as usize].val, depth, d);
        let next = self.push(litter, false);
        if d < self.stride {
            self.next[id as usize * self.stride + d] = next;
        } else {
            self.wide.insert((id, d as u32), next);
        }
        next
    }

    /// The litter of `d` children below a node of prior `father` at `depth`: the prior of
    /// each child, [`Prior::litter`] of the father's (m, ln s) read off its stored bits
    /// ([`prior_of`]) converted to a [`Val`] (or [`symmetric_plain`]'s, without
    /// logarithms, for the symmetric priors of plain values), and with it
    /// [`Brothers::uniform`] of d − 1 children of that prior.
    fn compute(prior: &Prior, father: Val, depth: usize, d: usize) -> Litter {
        let j1 = j1_moves_at(depth);
        let plain = match prior {
            Prior::Symmetric { b, pearl, .. } => symmetric_plain(father, d, j1, *b, *pearl),
            _ => None,
        };
        let v = plain.unwrap_or_else(|| {
            let (m, ln_s) = prior_of(father);
            let (cm, cls) = prior.litter(m, ln_s, depth, j1, d);
            Val::from_log(cm, 0.5 * cls)
        });
        // What d − 1 brothers of this prior give their father's update, for the chains
        // ([`Bayes::chain_value`]); the father moves at `depth`, so the side is `j1`.
        let brothers = d.checked_sub(1).and_then(|n| Brothers::uniform(v, n, j1));
        Litter {
            val: v,
            brothers,
            depth: depth as u32 + 1,
        }
    }
}

/// Whether J1 moves at a node `depth` plies below the first root.
#[inline(always)]
fn j1_moves_at(depth: usize) -> bool {
    depth % 2 == 0
}

/// Whether two values have the same bits, compared word by word ([`same_key`]).
#[inline(always)]
fn same_bits(x: &Val, y: &Val) -> bool {
    ((x.a.to_bits() ^ y.a.to_bits())
        | (x.b.to_bits() ^ y.b.to_bits())
        | (x.w.to_bits() ^ y.w.to_bits()))
        == 0
}

/// (m, ln s) of a boundary node, read off its stored value (exact for logarithmic values,
/// within one rounding of the logarithms it was stored from for plain ones).
#[inline]
fn prior_of(v: Val) -> (LogProb, f64) {
    let (m, ln_w) = v.to_log();
    (m, 2.0 * ln_w)
}

/// An Algorithm-13 agent (Sym, SymP, GW, GW2).
pub struct Bayes<G: Game> {
    kind: PriorKind,
    rng: ChaCha8Rng,
    nodes: Arena<Node<G::Move>>,
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
    chains: Arena<Chain<G::Move>>,
    /// The chain whose `mv` is not set yet ([`Bayes::unzip`] advanced it, and its next move
    /// is read at the end of the iteration, once loaded).
    stale_mv: Option<u32>,
    chain_moves: Arena<G::Move>,
    chain_vals: Arena<Val>,
    /// The priors of chain heads (see [`Chain`]).
    chain_pri: Arena<(Val, u32)>,
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
}

impl<G: Game> Bayes<G> {
    /// Bytes per tree node (values, selection key and links in one record).
    const NODE_BYTES: usize = std::mem::size_of::<Node<G::Move>>();

    /// A new agent with this prior.
    pub fn new(kind: PriorKind, seed: u64) -> Self {
        Bayes {
            kind,
            rng: ChaCha8Rng::seed_from_u64(seed),
            nodes: Arena::new(),
            root: 0,
            root_pos: None,
            root_depth: 0,
            j1: Player::First,
            max_nodes: ((DEFAULT_MEMORY_BYTES as usize) / Self::NODE_BYTES).min(MAX_NODES),
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
            chains: Arena::new(),
            stale_mv: None,
            chain_moves: Arena::new(),
            chain_vals: Arena::new(),
            chain_pri: Arena::new(),
            drawn: Vec::new(),
            levels: Vec::new(),
            litter: Vec::new(),
            scratch_log: Vec::new(),
            litters: Litters::new(),
            chain_memo: vec![None; CHAIN_MEMO].into_boxed_slice(),
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
        self.max_nodes = (bytes as usize / Self::NODE_BYTES).clamp(64, MAX_NODES);
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
        // The litters remembered are functions of the prior: the symmetric priors are always
        // the same function of a father's value, but GW and GW2 were fitted again, from this
        // position. Litters are found by index below nodes of up to as many children as the
        // root has (more by hash).
        let refitted = !matches!(prior, Prior::Symmetric { .. });
        // The chains remembered point into chain_vals, cleared below.
        self.chain_memo.fill(None);
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
                return;
            }
        };
        self.nodes.clear();
        self.stale_mv = None;
        self.chains.clear();
        self.chain_moves.clear();
        self.chain_vals.clear();
        self.chain_pri.clear();
        self.nodes
            .push(Node::boundary(Val::from_log(m, 0.5 * ln_s), dummy));
        self.root = 0;
        self.root_pos = Some(position.clone());
        self.root_depth = 0;
        self.j1 = position.to_move();
        self.leaves_visited = 0;
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

    /// Makes room at once for the records of `n` more iterations (a budget of iterations), so
    /// that a search does not copy its growing tree from one allocation to the next (about 4 %
    /// of the time of Sym on pearl:2:32): at most one chain, [`STORED_VALS`] chain values and
    /// one prior each, d + 1 nodes (the litter a descent enters, d being the number of moves
    /// at the root, and room to spare) and `match_moves` chain moves (as many as the first
    /// match kept). At most a quarter of the memory limit is reserved so; the
    /// arenas grow past it as they must.
    fn reserve_for(&mut self, n: u64, d: usize, match_moves: usize) {
        let per_iteration = (d + 1) * Self::NODE_BYTES
            + std::mem::size_of::<Chain<G::Move>>()
            + (STORED_VALS + 1) * std::mem::size_of::<Val>()
            + match_moves * std::mem::size_of::<G::Move>();
        let most = self.max_nodes * Self::NODE_BYTES / 4 / per_iteration;
        let n = usize::try_from(n).unwrap_or(usize::MAX).min(most);
        self.nodes.reserve((d + 1) * n, self.max_nodes);
        self.chains.reserve(n, usize::MAX);
        self.chain_vals.reserve(STORED_VALS * n, usize::MAX);
        self.chain_pri.reserve(n, usize::MAX);
        self.chain_moves.reserve(match_moves * n, usize::MAX);
    }

    /// The lengths of the arenas that grow with the iterations: nodes, chains, chain_moves,
    /// chain_vals, chain_pri.
    fn arena_lens(&self) -> [usize; 5] {
        [
            self.nodes.len(),
            self.chains.len(),
            self.chain_moves.len(),
            self.chain_vals.len(),
            self.chain_pri.len(),
        ]
    }

    /// Makes room for `left` more iterations at the rate each arena grew over the last `done`
    /// iterations (from the lengths `since`), with a quarter more as margin: an arena a search
    /// barely uses (chain_vals where the chain memo finds the values, as on Pearl's game) is not
    /// given, and does not zero, a huge page for nothing. An arena that needs more grows as
    /// usual.
    fn reserve_as_used(&mut self, since: [usize; 5], done: u64, left: u64) {
        let now = self.arena_lens();
        let done = done.max(1) as usize;
        let left = usize::try_from(left).unwrap_or(usize::MAX);
        let need = |k: usize| {
            let n = now[k]
                .saturating_sub(since[k])
                .div_ceil(done)
                .saturating_mul(left);
            n.saturating_add(n / 4)
        };
        self.nodes.reserve(need(0), self.max_nodes);
        self.chains.reserve(need(1), usize::MAX);
        self.chain_moves.reserve(need(2), usize::MAX);
        self.chain_vals.reserve(need(3), usize::MAX);
        self.chain_pri.reserve(need(4), usize::MAX);
    }

    /// Whether the tree has reached its memory limit.
    pub fn memory_full(&self) -> bool {
        self.tree_bytes() >= self.max_nodes * Self::NODE_BYTES
    }

    /// Nodes in the tree (materialised; see [`Bayes::tree_bytes`] for the chains).
    pub fn tree_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// Distinct leaves visited since [`Bayes::start`].
    pub fn leaves_visited(&self) -> u64 {
        self.leaves_visited
    }

    /// Moves the root to a grandchild equal to `position` (the same player to move).
    fn reroot(&mut self, position: &G) -> bool {
        let Some(root_pos) = self.root_pos.clone() else {
            return false;
        };
        if root_pos.spec() != position.spec() || position.to_move() != self.j1 {
            return false;
        }
        if root_pos.key() == position.key() {
            return true;
        }
        self.resume = false;
        self.materialize_root();
        let root = self.nodes[self.root as usize];
        for c in root.children() {
            let mut p1 = root_pos.clone();
            p1.play(self.nodes[c].mv);
            if self.nodes[c].state() == CHAIN {
                self.unzip(c as u32, &p1, self.root_depth + 1);
            }
            let child = self.nodes[c];
            for g in child.children() {
                let mut p2 = p1.clone();
                p2.play(self.nodes[g].mv);
                if p2.key() == position.key() {
                    self.root = g as u32;
                    self.root_pos = Some(position.clone());
                    self.root_depth += 2;
                    return true;
                }
            }
        }
        false
    }

    /// Builds the children of the root if a match was played from it and kept as a chain.
    fn materialize_root(&mut self) {
        if self.nodes[self.root as usize].state() == CHAIN {
            if let Some(pos) = self.root_pos.clone() {
                self.unzip(self.root, &pos, self.root_depth);
            }
        }
    }

    /// One iteration of Algorithm 13 (Step n+1). Returns whether a new leaf was visited.
    /// Does nothing when the root value is already certain.
    pub fn step(&mut self) -> bool {
        if self.is_solved() || self.too_wide.is_some() {
            return false;
        }
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
                        CHAIN => self.unzip(node, &pos, depth),
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
        // The match plays on from `pos` where it is (a move into play_eager copied it, reading
        // back the fields the last move had just written: the wait described above).
        if !self.play_eager(node, &mut pos, depth) {
            return false;
        }
        self.leaves_visited += 1;
        // Update R (2), U (3) and Z (4) on the branch, from the match's start (lazy) or the
        // leaf's father (eager) to the root.
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

    /// Appends boundary nodes of prior `v` in the litter `litter`, one for each move of
    /// `self.moves`, and returns the index of the first.
    #[inline]
    fn push_litter(&mut self, v: Val, litter: u32) -> usize {
        self.nodes.reserve(self.moves.len(), self.max_nodes);
        let first = self.nodes.len();
        self.nodes
            .extend(self.moves.iter().map(|&m| Node::in_litter(v, litter, m)));
        first
    }

    /// Sets the `mv` of the chain `id` from `chain_moves`.
    fn settle_move(&mut self, id: u32) {
        let ch = &mut self.chains[id as usize];
        ch.mv = self.chain_moves[ch.start as usize];
    }

    /// `chain_moves[start]` of the chain `id`: its `mv`, unless it is the one whose `mv` is
    /// not set yet.
    #[inline]
    fn chain_move(&self, id: usize) -> G::Move {
        let ch = &self.chains[id];
        if self.stale_mv == Some(id as u32) {
            self.chain_moves[ch.start as usize]
        } else {
            ch.mv
        }
    }

    /// The match from the boundary node `z` (position `pos` at `depth`), materialised as
    /// Algorithm 13 describes it: the branch and the brothers of its nodes join the tree, and
    /// the branch is appended to the path; after [`EAGER_LEVELS`] levels the rest of the match
    /// is kept as a chain ([`Bayes::play_lazy`]) unless the agent is `lazy: false`. False when
    /// a position is too wide.
    fn play_eager(&mut self, z: u32, pos: &mut G, mut depth: usize) -> bool {
        let mut node = z;
        let mut father = self.nodes[node as usize].val;
        let mut hint = self.nodes[node as usize].first_child;
        let mut eager = if self.lazy {
            self.eager_levels
        } else {
            usize::MAX
        };
        loop {
            if let Some(outcome) = pos.outcome() {
                self.nodes[node as usize].first_child = LEAF_MARK;
                self.nodes[node as usize].val = self.leaf_value(outcome);
                return true;
            }
            if eager == 0 {
                return self.play_lazy(node, pos, depth);
            }
            eager -= 1;
            pos.legal_moves(&mut self.moves);
            let d = self.moves.len();
            let Ok(d16) = u16::try_from(d) else {
                self.too_wide = Some(d);
                return false;
            };
            let (v, litter) = self.litters.below_value(father, hint, depth, d);
            (father, hint) = (v, litter);
            let first = self.push_litter(v, litter) as u32;
            let n = &mut self.nodes[node as usize];
            n.first_child = first;
            n.n_children = d16;
            let i = playout_choice(self.playout, &mut self.rng, d);
            self.work.random_moves += 1;
            node = first + i as u32;
            pos.play(self.moves[i]);
            self.path.push(node);
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
    fn play_lazy(&mut self, z: u32, pos: &mut G, z_depth: usize) -> bool {
        // `z` is not finished: [`Bayes::play_eager`] checks that before handing over.
        let z_prior = self.nodes[z as usize].val;
        let mut z_litter = self.nodes[z as usize].first_child;
        self.drawn.clear();
        let start = self.chain_moves.len();
        // The match, then the priors of its litters (they use no random draw), unless its
        // values are found in the chain memo.
        let mut degree = None;
        let mut regular = true;
        let win = loop {
            if let Some(outcome) = pos.outcome() {
                break j1_wins(outcome, self.j1);
            }
            // No draw from a position too wide for a node: the match is given up.
            let (playout, rng) = (self.playout, &mut self.rng);
            let (d, i, mv) = pos.draw_move(&mut self.moves, |d| {
                if d > u16::MAX as usize {
                    0
                } else {
                    playout_choice(playout, rng, d)
                }
            });
            if d > u16::MAX as usize {
                self.chain_moves.truncate(start);
                self.too_wide = Some(d);
                return false;
            }
            regular &= *degree.get_or_insert(d) == d;
            self.drawn.push((d as u32, i as u32));
            self.chain_moves.push(mv);
            pos.play(mv);
        };
        let vals = self.chain_vals.len();
        let len = self.chain_moves.len() - start;
        self.work.random_moves += len as u64;
        // On a match whose positions all have the same number of moves, the values of the
        // chain are a function of (z's prior, depth, length, degree, outcome) only (they do
        // not depend on the moves played: see [`Bayes::chain_value`]): remembered.
        // An irregular match is neither looked for there nor kept there (Sym at the
        // connect:7x6:4 mid-game position: 0.991 of the time without the load).
        let memo = regular.then(|| {
            let key = (
                z_prior.bits(),
                (z_depth as u64) << 40
                    | (len as u64) << 20
                    | (degree.unwrap_or(0) as u64) << 1
                    | win as u64,
            );
            (key, memo_slot(&key, CHAIN_MEMO))
        });
        // The values stored are shared with the chain the entry was made for: they are never
        // changed once stored (a refill stores new ones), and a chain that finds them here
        // writes none (Sym on pearl:2:32 misses the cache once in about 700 matches).
        let cached = memo.and_then(|(key, slot)| match self.chain_memo[slot] {
            Some((k, val, vals, stored, pri)) if same_key(&k, &key) => {
                Some((val, vals, stored, pri))
            }
            _ => None,
        });
        let (val, vals, stored, pri) = match cached {
            Some(hit) => hit,
            None => {
                z_litter = self.chain_priors((z_prior, z_litter), z_depth, win);
                let store = if regular {
                    REGULAR_STORED_VALS
                } else {
                    STORED_VALS
                };
                let val = self.chain_value(z_depth, win, store, self.chain_moves[start]);
                let stored = (self.chain_vals.len() - vals) as u32;
                // A regular chain's priors are shared with its values; an irregular chain
                // keeps its head's only.
                let pri = self.push_priors(
                    (z_prior, z_litter),
                    if regular { stored as usize } else { 1 },
                );
                if let Some((key, slot)) = memo {
                    self.chain_memo[slot] = Some((key, val, vals as u32, stored, pri));
                }
                (val, vals as u32, stored, pri)
            }
        };
        let id = self.chains.len() as u32;
        self.chains.push(Chain {
            pri,
            mv: self.chain_moves[start],
            start: start as u32,
            len: len as u32,
            vals,
            stored,
            win,
            full: regular,
        });
        let n = &mut self.nodes[z as usize];
        n.val = val;
        n.first_child = CHAIN_FLAG | id;
        true
    }

    /// The number of moves and the index of the move played at each position of the match
    /// `chain_moves[start..start + len]` played from `pos`, into `self.drawn`.
    fn draws_of(&mut self, pos: &G, start: usize, len: usize) {
        let mut pos = pos.clone();
        self.drawn.clear();
        for j in 0..len {
            pos.legal_moves(&mut self.moves);
            let mv = self.chain_moves[start + j];
            let i = self.moves.iter().position(|&m| m == mv).unwrap_or(0);
            self.drawn.push((self.moves.len() as u32, i as u32));
            pos.play(mv);
        }
    }

    /// Appends to `chain_pri` the priors (with their litters) of the first `count` heads of
    /// the chain whose head has the prior `head` and whose litters are in `self.levels` (the
    /// head's, then those of the nodes on its branch), and returns where they start.
    fn push_priors(&mut self, head: (Val, u32), count: usize) -> u32 {
        let pri = self.chain_pri.len() as u32;
        self.chain_pri.push(head);
        for &id in self.levels.iter().take(count.saturating_sub(1)) {
            self.chain_pri
                .push((self.litters.list[id as usize].val, id));
        }
        pri
    }

    /// The litters along the chain `self.drawn` below a head of prior `head.0` at `depth` (in
    /// the litter `head.1`, if still known), ending in a leaf won by J1 or not, into
    /// `self.levels`: those [`Bayes::chain_value`] reads ([`Bayes::litters_needed`]), each
    /// found below the last ([`Litters::below`]). Returns the head's litter.
    fn chain_priors(&mut self, head: (Val, u32), depth: usize, win: bool) -> u32 {
        self.levels.clear();
        let needed = self.litters_needed(depth, win);
        self.litters.make_room(needed + 1);
        let top = self.litters.of_value_hinted(head.0, depth, head.1);
        let mut id = top;
        for k in 0..needed {
            id = self.litters.below(id, depth + k, self.drawn[k].0 as usize);
            self.levels.push(id);
        }
        top
    }

    /// The levels of the chain `self.drawn` below a head at `depth`, ending in a leaf won by J1
    /// or not, whose litter's prior [`Bayes::chain_value`] reads: all but the last when the
    /// last move wins for the side that plays it (as every last move of Connect-K but a
    /// draw's does). The leaf's father then has the leaf's value, R ∈ {0, 1} and Z = 0,
    /// whatever its other children are: the player to move there takes the leaf (eq. (2);
    /// [`Brothers::with_child`] gives up on such a child, and [`zero_child_value`] or
    /// [`full_value`] give the leaf's bits, (1, 0, 0) or (0, 1, 0)). Its litter is built,
    /// with its prior, only if a descent ever enters it ([`Bayes::unzip`]). At connect:7x6:4's
    /// mid-game position, Sym looked up 0.76 such priors an iteration, 0.37 of them new.
    #[inline]
    fn litters_needed(&self, depth: usize, win: bool) -> usize {
        let len = self.drawn.len();
        match len.checked_sub(1) {
            Some(last) if j1_moves_at(depth + last) == win => last,
            _ => len,
        }
    }

    /// The value of the head (at `depth`) of the branch described by `self.drawn` (degree and
    /// index of the move played) and `self.levels` (prior of the litter, at the levels
    /// [`Bayes::litters_needed`] gives), ending in a leaf won by J1 or not: the updates of the
    /// materialised branch, bottom-up, on a scratch litter of the same values (`mv` fills its
    /// moves). The values of the first `store` nodes of the branch below the head are appended
    /// to `chain_vals`, from the top.
    fn chain_value(&mut self, depth: usize, win: bool, store: usize, mv: G::Move) -> Val {
        let mut val = if win { Val::ONE } else { Val::ZERO };
        let top = self.chain_vals.len();
        let len = self.drawn.len();
        debug_assert_eq!(self.levels.len(), self.litters_needed(depth, win));
        if len <= store {
            self.chain_vals.push(val);
        }
        // The leaf's father when it has the leaf's value (no prior read).
        if self.levels.len() < len && len > 1 && len - 1 <= store {
            self.chain_vals.push(val);
        }
        for k in (0..self.levels.len()).rev() {
            let (d, i) = self.drawn[k];
            let Litter {
                val: v, brothers, ..
            } = self.litters.list[self.levels[k] as usize];
            let j1_moves = j1_moves_at(depth + k);
            // Brothers::on_branch for a litter whose brothers of the child all have the value v
            // (the same operations in the same order, so the same bits, without building the
            // litter; the brothers' part is remembered with the litter, and the result does
            // not depend on which child is on the branch).
            // Taken apart into numbers, so that the two ways meet in registers.
            let (a, b, w) = match brothers.and_then(|b| b.with_child(val, j1_moves)) {
                Some(x) => (x.a, x.b, x.w),
                None => {
                    let x = self.chain_level_apart(v, val, (d, i), j1_moves, mv);
                    (x.a, x.b, x.w)
                }
            };
            val = Val { a, b, w };
            if k > 0 && k <= store {
                self.chain_vals.push(val);
            }
        }
        self.chain_vals[top..].reverse();
        val
    }

    /// The value of a node of a chain whose child on the branch has the value `val` and its
    /// d − 1 brothers the prior `v` when [`Brothers::with_child`] gives up (a certain child,
    /// about once a chain on Connect-K, or brothers that gave up): [`zero_child_value`], else
    /// [`full_value`] of the litter built in `self.litter` (`mv` fills its moves). Out of line,
    /// and its result taken apart into numbers by the caller: inlined into
    /// [`Bayes::chain_value`], its results and with_child's met on the stack, where each
    /// level's value was stored as three words and read back as wider ones (a stall of store
    /// forwarding) three times. Now they meet in registers: Sym about 8 % faster at the
    /// connect:7x6:4 mid-game position (0.923 of the time, in-process alternation with each
    /// version in both monomorphised copies of the search; 1.70 → 1.53 × MCTS(1.5,1.5) over
    /// five process pairs), SymP 4 %.
    #[cold]
    #[inline(never)]
    fn chain_level_apart(
        &mut self,
        v: Val,
        val: Val,
        (d, i): (u32, u32),
        j1_moves: bool,
        mv: G::Move,
    ) -> Val {
        if let Some(x) = zero_child_value(v, val, i as usize, d as usize, j1_moves) {
            return x;
        }
        self.litter.clear();
        self.litter
            .extend(std::iter::repeat(Node::boundary(v, mv)).take(d as usize));
        self.litter[i as usize].val = val;
        full_value(
            &self.litter,
            j1_moves,
            &mut self.scratch_log,
            &mut self.log1mexp_memo,
            None,
        )
    }

    /// Computes again, from the head's position `pos` at `depth`, the values of every node of
    /// the chain `id` (the same functions of the same bits as when its match was played) and
    /// stores them: the values kept by [`Bayes::play_lazy`] are used up.
    #[cold]
    fn refill(&mut self, id: usize, pos: &G, depth: usize) {
        let ch = self.chains[id];
        self.draws_of(pos, ch.start as usize, ch.len as usize);
        let head = self.chain_pri[ch.pri as usize];
        let head = (head.0, self.chain_priors(head, depth, ch.win));
        let vals = self.chain_vals.len();
        let filler = self.chain_move(id);
        self.chain_value(depth, ch.win, ch.len as usize, filler);
        let stored = self.chain_vals.len() - vals;
        let pri = self.push_priors(head, stored);
        let c = &mut self.chains[id];
        c.vals = vals as u32;
        c.stored = stored as u32;
        c.pri = pri;
        c.full = true;
    }

    /// Builds the children of the chain head `h` (position `pos` at `depth`): its litter of
    /// boundary nodes, the first node of the branch being the leaf or the head of the rest of
    /// the chain, with the value it got when the match was played. Returns the children
    /// among which select would choose there ([`litter_top`]).
    fn unzip(&mut self, h: u32, pos: &G, depth: usize) -> u32 {
        let id = (self.nodes[h as usize].first_child & !CHAIN_FLAG) as usize;
        if self.chains[id].stored == 0 {
            self.refill(id, pos, depth);
        }
        let ch = self.chains[id];
        pos.legal_moves(&mut self.moves);
        let d = self.moves.len();
        let (head, hint) = self.chain_pri[ch.pri as usize];
        let (v, litter) = self.litters.below_value(head, hint, depth, d);
        let mv = self.chain_move(id);
        let i = self.moves.iter().position(|&m| m == mv).unwrap_or(0);
        let first = self.push_litter(v, litter);
        let c = &mut self.nodes[first + i];
        c.val = self.chain_vals[ch.vals as usize];
        let top = litter_top(v, c.val, i, d, j1_moves_at(depth));
        if ch.len == 1 {
            c.first_child = LEAF_MARK;
        } else {
            c.first_child = CHAIN_FLAG | id as u32;
            // The prior of the new head, v: the next of a full block (the same bits), else
            // written over this chain's own or, past the end of a block, apart.
            let (pri, full) = if ch.full && ch.stored > 1 {
                debug_assert_eq!(self.chain_pri[ch.pri as usize + 1].0.bits(), v.bits());
                (ch.pri + 1, true)
            } else if !ch.full {
                self.chain_pri[ch.pri as usize] = (v, litter);
                (ch.pri, false)
            } else {
                self.chain_pri.push((v, litter));
                (self.chain_pri.len() as u32 - 1, false)
            };
            self.chains[id] = Chain {
                pri,
                // Set at the end of the iteration: the load of chain_moves would hold up the
                // descent here.
                mv: ch.mv,
                start: ch.start + 1,
                len: ch.len - 1,
                vals: ch.vals + 1,
                stored: ch.stored - 1,
                win: ch.win,
                full,
            };
            self.chain_moves.prefetch(ch.start as usize + 1);
            if let Some(other) = self.stale_mv.replace(id as u32) {
                if other != id as u32 {
                    self.settle_move(other);
                }
            }
        }
        let n = &mut self.nodes[h as usize];
        n.first_child = first as u32;
        n.n_children = d as u16;
        top
    }

    /// The value of a leaf: R = 1 when J1 has won, 0 otherwise.
    fn leaf_value(&self, outcome: Outcome) -> Val {
        if j1_wins(outcome, self.j1) {
            Val::ONE
        } else {
            Val::ZERO
        }
    }

    /// Recomputes R_n(x) and Z_n(x) from the values of the children of x ([`full_value`]).
    #[cfg(test)]
    fn update(&mut self, x: u32, j1_moves: bool) {
        let n = self.nodes[x as usize];
        let val = full_value(
            &self.nodes[n.children()],
            j1_moves,
            &mut self.scratch_log,
            &mut self.log1mexp_memo,
            None,
        );
        self.nodes[x as usize].val = val;
    }

    /// Recomputes R_n(x) and Z_n(x) of x = `path[k]` after a match below its child c =
    /// `path[k + 1]`, whose new value (already stored) is `child` ([`Brothers::on_branch`]),
    /// and returns it, with `keeps[k]` for a level of the descent (those below `descended`).
    /// The child's value is passed in a register so that the updates up the branch, each
    /// waiting for the one below, do not also wait for a store to be read back. What the
    /// brothers give is read from `brothers[k]` when the last update at this level was of x
    /// through c too (`same`; see [`Bayes::brothers`]), else computed and written there.
    #[inline(always)]
    fn update_on_branch(&mut self, k: usize, same: bool, child: Val, descended: usize) -> Val {
        let (x, c) = (self.path[k], self.path[k + 1]);
        let j1_moves = j1_moves_at(self.root_depth + k);
        let brothers = if same {
            self.brothers[k].0
        } else {
            let kids = self.nodes[x as usize].children();
            let ci = (c as usize).wrapping_sub(kids.start);
            let (b, top) = if ci < kids.len() {
                Brothers::of(&self.nodes[kids], ci, j1_moves)
            } else {
                None
            }
            .unwrap_or((Brothers::GAVE_UP, 0));
            // Field by field, from registers (see below).
            let e = &mut self.brothers[k];
            e.0.f = b.f;
            e.0.q = b.q;
            e.0.ratio = b.ratio;
            e.1 = top;
            b
        };
        let (v, keep) = match brothers.on_branch(child, j1_moves) {
            Some((v, keep)) => {
                // Field by field: a copy of the whole value goes through the stack, and
                // reading back the three 8-byte stores as one 16-byte load stalls store
                // forwarding.
                let stored = &mut self.nodes[x as usize].val;
                stored.a = v.a;
                stored.b = v.b;
                stored.w = v.w;
                (v, keep)
            }
            None => self.update_full(x, c, j1_moves),
        };
        if k < descended - 1 {
            self.keeps[k] = keep;
        }
        v
    }

    /// The children of `path[j]` among which select chooses when the last update found it
    /// would not choose `path[j + 1]` again without a draw (`keeps[j]` false), from what that
    /// update kept of the brothers (`brothers[j]`, which have not changed since) and the value
    /// of the child: when every child is plain with f > 0, select compares their √Z/f (the
    /// same quotients as these, of the same bits), and the largest are the brothers' largest,
    /// with the child when it ties with them, or the child alone when above them.
    /// [`PICK_UNKNOWN`] otherwise, or when the brothers' largest are not known, which is
    /// always safe.
    #[inline]
    fn departure_top(&self, j: usize) -> u32 {
        let (b, top) = self.brothers[j];
        let c = self.path[j + 1];
        let ci = c.wrapping_sub(self.nodes[self.path[j] as usize].first_child) as usize;
        let child = self.nodes[c as usize].val;
        b.top_with(top, ci, child, j1_moves_at(self.root_depth + j))
    }

    /// The child of x that select would choose when the children with the largest selection
    /// key are the bits of `top` (two or more: a uniform draw among them, in index order, as
    /// [`argmax_random_ties_unpredictable`] makes it), counted in [`Work::picked`].
    #[inline]
    fn pick(&mut self, x: u32, top: u32) -> u32 {
        self.work.picked += 1;
        let first = self.nodes[x as usize].first_child;
        let ties = top.count_ones();
        let mut top = top;
        if ties > 1 {
            for _ in 0..uniform_index(&mut self.rng, ties as usize) {
                top &= top - 1;
            }
        }
        let next = first + top.trailing_zeros();
        self.prefetch_below(&self.nodes[next as usize]);
        next
    }

    /// [`full_value`] of x, stored and returned with whether select would choose the child
    /// `c` again without a draw (the slow path of [`Bayes::update_on_branch`]).
    #[cold]
    #[inline(never)]
    fn update_full(&mut self, x: u32, c: u32, j1_moves: bool) -> (Val, bool) {
        let range = self.nodes[x as usize].children();
        let ci = (c as usize).wrapping_sub(range.start);
        let kids = &self.nodes[range.clone()];
        if by_ratio(kids, j1_moves) {
            // Only an underflow of the plain update brings us here; select uses √Z/f.
            let val = full_value(
                kids,
                j1_moves,
                &mut self.scratch_log,
                &mut self.log1mexp_memo,
                None,
            );
            self.nodes[x as usize].val = val;
            let keep = ci < range.len() && self.selects_alone(x, ci, j1_moves);
            return (val, keep);
        }
        // full_value, keeping the keys it computes on the way: they are select's
        // (selection_keys), so whether select would choose c again is read off them.
        let val = full_value(
            kids,
            j1_moves,
            &mut self.scratch_log,
            &mut self.log1mexp_memo,
            Some(&mut self.scratch),
        );
        self.nodes[x as usize].val = val;
        let keep = ci < range.len() && unique_max(self.scratch.iter().copied(), ci);
        (val, keep)
    }

    /// argmax of U_n(y)² Z_n(y) over the children y of x, ties uniformly at random (Theorem 11).
    /// The keys U_n(y) √Z_n(y), U_n(y) = Π_{y'≠y} f(y'), are computed from the children's values
    /// (the values below x change only through updates of x, so they are those of the last
    /// update). When every f is a positive plain number, U_n(y) = P / f(y) with P = Π f > 0
    /// the same for all brothers, so the argmax is that of √Z_n(y) / f(y): one division per
    /// child instead of the products (equal inputs give equal quotients, so ties stay ties).
    fn select(&mut self, x: u32, j1_moves: bool) -> u32 {
        let n = self.nodes[x as usize];
        let kids = &self.nodes[n.children()];
        // What the descent reads below the child chosen next: start loading it for each.
        for k in kids.iter().take(PREFETCH_KIDS) {
            self.prefetch_below(k);
        }
        if by_ratio(kids, j1_moves) {
            let ratios = kids.iter().map(|k| ratio(&k.val, j1_moves));
            return n.first_child + argmax_random_ties_unpredictable(ratios, &mut self.rng) as u32;
        }
        selection_keys(kids, j1_moves, &mut self.scratch_log, &mut self.scratch);
        n.first_child
            + argmax_random_ties_unpredictable(self.scratch.iter().copied(), &mut self.rng) as u32
    }

    /// Starts loading what the descent reads after entering `k`: its children (a litter's
    /// first and last records: two cache lines when a litter of two straddles a line), or its
    /// chain record if it is a chain head ([`Bayes::unzip`]).
    #[inline(always)]
    fn prefetch_below(&self, k: &Node<G::Move>) {
        if k.n_children > 0 {
            self.nodes.prefetch(k.first_child as usize);
            self.nodes
                .prefetch(k.first_child as usize + k.n_children as usize - 1);
        } else if k.first_child & CHAIN_FLAG != 0 && k.first_child != LEAF_MARK {
            self.chains.prefetch((k.first_child & !CHAIN_FLAG) as usize);
        }
    }

    /// Whether [`Bayes::select`] at x would choose its child `ci` without a random draw: the
    /// same keys, `ci`'s strictly the largest.
    fn selects_alone(&mut self, x: u32, ci: usize, j1_moves: bool) -> bool {
        let kids = &self.nodes[self.nodes[x as usize].children()];
        if by_ratio(kids, j1_moves) {
            return unique_max(kids.iter().map(|k| ratio(&k.val, j1_moves)), ci);
        }
        selection_keys(kids, j1_moves, &mut self.scratch_log, &mut self.scratch);
        unique_max(self.scratch.iter().copied(), ci)
    }

    /// The child of the root with the largest R_n (ties at random), and its move.
    fn best_child(&mut self) -> u32 {
        self.materialize_root();
        let n = self.nodes[self.root as usize];
        let kids = &self.nodes[n.children()];
        let values = kids.iter().map(|k| k.val.to_log().0.logit());
        n.first_child + argmax_random_ties(values, &mut self.rng) as u32
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

    /// The values (R_n, and whether on the boundary) of the root's children, in move order.
    pub fn root_children(&mut self) -> Vec<(G::Move, LogProb)> {
        self.materialize_root();
        let n = self.nodes[self.root as usize];
        n.children()
            .map(|c| (self.nodes[c].mv, self.nodes[c].val.to_log().0))
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
        let budget = budget.validate_for(position)?;
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
        // With a budget of iterations, room for the tree they will grow is made in stages:
        // after the first iteration (whose match gives the number of moves a chain keeps) for
        // the next [`RESERVE_STAGE`] ones, and after each stage for [`STAGE_GROWTH`] times
        // the iterations done (or the rest of the budget, if less), at the rate each arena
        // grew over the stage ([`Bayes::reserve_as_used`]). A search cut short (a position
        // solved in a few hundred iterations) does not pay for the huge pages of a budget it
        // will not use, and the arenas of a stage, copied when the next is reserved, are a
        // fraction of the next.
        let budgeted = match budget {
            Budget::Iterations(n) => Some(n),
            Budget::Millis(_) => None,
        };
        let moves_before = self.chain_moves.len();
        let mut match_moves = 0;
        let mut stage_start = [0; 5];
        let (mut stage_iteration, mut next_stage) = (1, 1 + RESERVE_STAGE);
        let mut iterations = 0u64;
        let mut stopped = StopReason::Budget;
        while !clock.done(iterations) {
            if self.is_solved() {
                stopped = StopReason::Solved;
                break;
            }
            if self.memory_full() {
                stopped = StopReason::Memory;
                break;
            }
            if self.too_wide.is_some() {
                break;
            }
            self.step();
            iterations += 1;
            if let Some(n) = budgeted {
                if iterations == 1 {
                    match_moves = self.chain_moves.len() - moves_before;
                }
                if iterations == 1 {
                    position.legal_moves(&mut self.moves);
                    let stage = (n - 1).min(RESERVE_STAGE);
                    self.reserve_for(stage, self.moves.len(), match_moves);
                    stage_start = self.arena_lens();
                } else if iterations == next_stage {
                    let ahead = (n - iterations).min(STAGE_GROWTH * iterations);
                    self.reserve_as_used(stage_start, iterations - stage_iteration, ahead);
                    stage_start = self.arena_lens();
                    stage_iteration = iterations;
                    next_stage = iterations + ahead;
                }
            }
        }
        if stopped == StopReason::Budget && self.is_solved() {
            stopped = StopReason::Solved;
        }
        if self.nodes[self.root as usize].state() == BOUNDARY {
            // Not even one match was played below the root (cannot happen with a budget ≥ 1
            // unless the root was already solved as a boundary node): expand it plainly.
            self.step();
        }
        if let Some(moves) = self.too_wide.take() {
            return Err(SearchError::TooWide { moves });
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

    fn work(&self) -> Work {
        self.work
    }

    fn forget(&mut self) {
        // The next search finds no root to keep and starts afresh ([`Bayes::reroot`]).
        self.root_pos = None;
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

/// The priors of the children of a boundary node with the symmetric priors (section 2.14,
/// [`Prior::litter`]), computed on its plain value (p, 1 − p, √s) in two transcendental
/// functions instead of the eight of going through logarithms and back: where J0 moves,
/// m' = m^{1/d} = exp(ln m / d); where J1 moves the same on 1 − m; s' = s (1 − m or m)^e with
/// the exponent e of [`Prior::litter`] (0 for Sym). ln of the side near 1 is log1p of the other
/// side, so nothing cancels. Of m' and 1 − m', the one below 1/2 is computed (exp or −expm1 of
/// ln m / d) and the other is 1 minus it, within an ulp (no cancellation: it is above 1/2).
/// Without e: d = 1 keeps the father's value (m' = m exactly), and d = 2 takes a square root,
/// m' = √m and 1 − m' = (1 − m) / (1 + √m), with no transcendental function. None when the
/// father is logarithmic or certain, or when a result leaves the plain range
/// ([`Val::from_log`]'s).
fn symmetric_plain(father: Val, d: usize, j1_moves: bool, b: f64, pearl: bool) -> Option<Val> {
    if !father.is_plain() || d == 0 {
        return None;
    }
    let (side, other) = if j1_moves {
        (father.b, father.a)
    } else {
        (father.a, father.b)
    };
    if side == 0.0 || other == 0.0 {
        return None;
    }
    let e = Prior::symmetric_exponent(d, b, pearl);
    let (root, rest, w) = if e == 0.0 && d == 1 {
        (side, other, father.w)
    } else if e == 0.0 && d == 2 {
        let root = side.sqrt();
        (root, other / (1.0 + root), father.w)
    } else {
        let ln_side = if side > 0.5 {
            (-other).ln_1p()
        } else {
            side.ln()
        };
        let ln_root = ln_side / d as f64;
        let (root, rest) = if ln_root < -std::f64::consts::LN_2 {
            let root = ln_root.exp();
            (root, 1.0 - root)
        } else {
            let rest = -ln_root.exp_m1();
            (1.0 - rest, rest)
        };
        let w = if e == 0.0 {
            father.w
        } else {
            father.w * (0.5 * e * ln_side).exp()
        };
        (root, rest, w)
    };
    let (lo, hi) = (LN_PLAIN_MIN.exp(), (-LN_PLAIN_MIN).exp());
    if root < lo || rest < lo || !(lo..=hi).contains(&w) {
        return None;
    }
    let (a, b) = if j1_moves { (rest, root) } else { (root, rest) };
    Some(Val { a, b, w })
}

/// The new value (R_n, √Z_n) of a node whose children are `kids`, in plain arithmetic when
/// every child is plain and nothing underflows, in logarithms otherwise (see [`Val`]). The
/// selection keys it computes on the way ([`selection_keys`]'s) go to `keys` when given.
#[inline(never)]
fn full_value<M>(
    kids: &[Node<M>],
    j1_moves: bool,
    terms: &mut Vec<(f64, f64, f64)>,
    memo: &mut Log1mexpMemo,
    keys: Option<&mut Vec<f64>>,
) -> Val {
    let mut plain = [0.0f64; UPDATE_STACK];
    if let Some((p, q, w)) = plain_keys(kids, j1_moves, &mut plain) {
        if let Some(keys) = keys {
            keys.clear();
            keys.extend_from_slice(&plain[..kids.len()]);
        }
        return plain_or_log(p, q, w, j1_moves);
    }
    let (total, ln_w) = log_keys(kids, j1_moves, terms, keys);
    let prod = LogProb::with_ln_p_of_product_memo(total, terms.iter().map(|y| y.1), memo);
    let r = if j1_moves { prod.complement() } else { prod };
    Val::from_log(r, ln_w)
}

/// What the brothers of the branch's child contribute to the update of their father (see
/// [`Brothers::on_branch`]): F = Π_{j≠c} f_j and 1 − F = Σ_{j≠c} g_j Π_{l<j, l≠c} f_l (a
/// telescoping sum with no cancellation), both in index order, and the largest √Z_j / f_j.
/// None when a brother is logarithmic or has f = 0.
#[derive(Clone, Copy, Debug)]
struct Brothers {
    f: f64,
    q: f64,
    ratio: f64,
}

impl Brothers {
    /// No brother yet: the empty product and sum.
    const NONE: Brothers = Brothers {
        f: 1.0,
        q: 0.0,
        ratio: 0.0,
    };

    /// Brothers for which [`Brothers::with_child`] gives up, as when one of them is
    /// logarithmic or has f = 0 ([`Brothers::of`] is None): F = 0, so that P underflows.
    const GAVE_UP: Brothers = Brothers {
        f: 0.0,
        q: 0.0,
        ratio: 0.0,
    };

    /// F, 1 − F and max √Z/f of the brothers `kids` without `ci`, and which brothers have
    /// that largest √Z/f, as bits of their index among the children (0 when there are more
    /// than [`MAX_PICK`] children).
    #[inline(always)]
    fn of<M>(kids: &[Node<M>], ci: usize, j1_moves: bool) -> Option<(Brothers, u32)> {
        // The j-th brother is child j or j + 1, an index computed without a branch on which
        // child is `ci` (it is random: such a branch is mispredicted about once a level).
        let mut b = Brothers::NONE;
        let mut top = 0u32;
        let tracked = u32::from(kids.len() <= MAX_PICK);
        for j in 0..kids.len().saturating_sub(1) {
            let i = j + usize::from(j >= ci);
            let before = b.ratio;
            let r = b.add(kids[i].val, j1_moves)?;
            // Without branches (which one is taken is as good as random): `bit` alone when r
            // is above the brothers before, added when it ties with them.
            let (above, tie) = (u32::from(r > before), u32::from(r == before));
            let bit = tracked << (i % 32);
            top = (top & above.wrapping_sub(1)) | (bit & (above | tie).wrapping_neg());
        }
        Some((b, top))
    }

    /// The same for `n` brothers of value `v` (a litter not materialised).
    #[inline(always)]
    fn uniform(v: Val, n: usize, j1_moves: bool) -> Option<Brothers> {
        let mut b = Brothers::NONE;
        for _ in 0..n {
            b.add(v, j1_moves)?;
        }
        Some(b)
    }

    /// One more brother, after the others in index order; returns its √Z/f.
    #[inline(always)]
    fn add(&mut self, v: Val, j1_moves: bool) -> Option<f64> {
        let (f, g) = if j1_moves { (v.b, v.a) } else { (v.a, v.b) };
        if !v.is_plain() || f == 0.0 {
            return None;
        }
        let r = v.w / f;
        self.ratio = larger(self.ratio, r);
        self.q += g * self.f;
        self.f *= f;
        Some(r)
    }

    /// The plain value of a node when only its child c (on the last branch) has changed since
    /// its last update, from what the brothers give (which does not involve the child just
    /// updated), combined with the child's new value `child` ([`Brothers::with_child`]). Each
    /// output is a sum of at most d positive terms, each a product of at most d + 1 stored
    /// numbers and one quotient, so the error bound of [`Val`] holds with one more rounding.
    /// None when the child is logarithmic or has f = 0, or when the product underflows the
    /// plain range: [`full_value`] then does the work (as when a brother gave up).
    ///
    /// With the value, whether [`Bayes::select`] at this node would now choose c without a
    /// random draw: every child plain with f > 0 and √Z_c / f_c strictly above every
    /// brother's √Z_j / f_j (the same quotients as `select`'s, of the same bits). False is
    /// always safe.
    #[inline(always)]
    fn on_branch(self, child: Val, j1_moves: bool) -> Option<(Val, bool)> {
        let val = self.with_child(child, j1_moves)?;
        let fc = if j1_moves { child.b } else { child.a };
        // Brothers' f are nonzero probabilities; f > 0 excludes NaN as select does.
        let keep = fc > 0.0 && self.f > 0.0 && child.w / fc > self.ratio;
        Some((val, keep))
    }

    /// The children with the largest √Z/f, as bits of their index, when these are the brothers
    /// (`top` their largest, [`Brothers::of`]) and the child `ci`, of value `child`: the
    /// child alone when above the brothers' largest, with them when it ties, else theirs.
    /// [`PICK_UNKNOWN`] when not every child is plain with f > 0 (select then compares other
    /// keys) or when `top` is not known (0: then there are more than [`MAX_PICK`] children,
    /// or none but the child).
    #[inline]
    fn top_with(self, top: u32, ci: usize, child: Val, j1_moves: bool) -> u32 {
        let fc = if j1_moves { child.b } else { child.a };
        // f > 0: the brothers did not give up (GAVE_UP), so all are plain with f > 0.
        if top == 0 || !(child.is_plain() && fc > 0.0 && self.f > 0.0) {
            return PICK_UNKNOWN;
        }
        // top ≠ 0: at most MAX_PICK children, so ci < 32.
        let me = 1u32 << (ci % 32);
        let r = child.w / fc;
        if r > self.ratio {
            me
        } else if r == self.ratio {
            top | me
        } else {
            top
        }
    }

    /// The father's value once the child's is `child`: P = f_c F, 1 − P = g_c + f_c (1 − F),
    /// √Z = max_k U_k √Z_k = F max(√Z_c, f_c max_{j≠c} √Z_j / f_j) (U_c = F, U_j = P / f_j).
    /// None when the child is logarithmic or has f = 0, or when P underflows the plain range.
    #[inline(always)]
    fn with_child(self, child: Val, j1_moves: bool) -> Option<Val> {
        let (fc, gc) = if j1_moves {
            (child.b, child.a)
        } else {
            (child.a, child.b)
        };
        if !child.is_plain() || fc == 0.0 {
            return None;
        }
        let p = fc * self.f;
        if p < PLAIN_MIN {
            return None;
        }
        let q = gc + fc * self.q;
        let w = self.f * larger(child.w, fc * self.ratio);
        Some(plain_or_log(p, q, w, j1_moves))
    }
}

/// The larger of two numbers, neither NaN (the plain values' √Z and quotients are finite):
/// one `maxsd` on x86-64, where `f64::max`, which must also handle NaN, takes four more
/// instructions on the critical path of the update (√Z of each level waits for the one below).
#[inline(always)]
fn larger(x: f64, y: f64) -> f64 {
    if x > y {
        x
    } else {
        y
    }
}

/// The plain update of a node from its children `kids` (section 2.12, in the plain form of
/// [`Val`]): writes the selection keys U_k √Z_k of the children into `keys` and returns
/// (P, 1 − P, √Z) of the node before the side is applied (P = Π f_k, f = R where J0 moves,
/// 1 − R where J1 moves). None when a child is logarithmic, when there are more than
/// [`UPDATE_STACK`] children, or when the product of the nonzero f is below [`PLAIN_MIN`]:
/// the logarithmic form ([`log_keys`]) must be used then.
///
/// P = Π f_k, 1 − P = Σ_k g_k Π_{j<k} f_j (g = 1 − f, a telescoping sum with no
/// cancellation), U_k = Π_{j≠k} f_j by prefix and suffix products, √Z = max_k U_k √Z_k.
#[inline]
fn plain_keys<M>(
    kids: &[Node<M>],
    j1_moves: bool,
    keys: &mut [f64; UPDATE_STACK],
) -> Option<(f64, f64, f64)> {
    let d = kids.len();
    if d > UPDATE_STACK {
        return None;
    }
    let fg = |v: &Val| if j1_moves { (v.b, v.a) } else { (v.a, v.b) };
    // Suffix products of the nonzero f; exact zeros are counted apart, so that a zero
    // factor is never mistaken for an underflow.
    let mut suffix = [1.0f64; UPDATE_STACK + 1];
    let mut zeros = 0u32;
    for i in (0..d).rev() {
        if !kids[i].val.is_plain() {
            return None;
        }
        let f = fg(&kids[i].val).0;
        let zero = f == 0.0;
        zeros += zero as u32;
        suffix[i] = suffix[i + 1] * if zero { 1.0 } else { f };
    }
    if suffix[0] < PLAIN_MIN {
        return None;
    }
    let mut prefix = 1.0;
    let mut w = 0.0f64;
    let mut q = 0.0;
    for (i, kid) in kids.iter().enumerate() {
        let (f, g) = fg(&kid.val);
        let zero = f == 0.0;
        let u = if zeros == zero as u32 {
            prefix * suffix[i + 1]
        } else {
            0.0
        };
        let k = u * kid.val.w;
        keys[i] = k;
        w = larger(w, k);
        if zeros == 0 {
            // 1 − Π f = Σ_i g_i Π_{j<i} f_j.
            q += g * prefix;
        }
        if !zero {
            prefix *= f;
        }
    }
    let (p, q) = if zeros > 0 {
        (0.0, 1.0)
    } else {
        (suffix[0], q)
    };
    Some((p, q, w))
}

/// [`full_value`] of a litter of `d` children of value `v` but for its child `i`, of value
/// `child` with f = 0 (the last level of a chain whose leaf is lost by the side to move there,
/// where [`Brothers::with_child`] gives up), with [`plain_keys`]'s operations in the same
/// order, so the same bits: P = 0, 1 − P = 1 and √Z = (f_v^i f_v^(d−1−i)) √Z_child, each power
/// a product from 1 in order. None where [`plain_keys`] would not give the plain value, or when
/// the brothers too have f = 0.
#[inline]
fn zero_child_value(v: Val, child: Val, i: usize, d: usize, j1_moves: bool) -> Option<Val> {
    let f_of = |x: &Val| if j1_moves { x.b } else { x.a };
    let f = f_of(&v);
    if d > UPDATE_STACK
        || i >= d
        || !v.is_plain()
        || !child.is_plain()
        || f_of(&child) != 0.0
        || f == 0.0
    {
        return None;
    }
    let power = |n: usize| (0..n).fold(1.0f64, |p, _| p * f);
    // plain_keys' suffix[0]: the product of the d − 1 nonzero f.
    if power(d - 1) < PLAIN_MIN {
        return None;
    }
    // U of the child: its prefix times its suffix; every other child's U is 0.
    let w = power(i) * power(d - 1 - i) * child.w;
    Some(plain_or_log(0.0, 1.0, w, j1_moves))
}

/// The value of a node from P = Π f, 1 − P and √Z computed in plain arithmetic: plain when
/// in range, else (accurate, every term being ≥ 2⁻¹⁰⁰⁰) stored as logarithms.
#[inline]
fn plain_or_log(p: f64, q: f64, w: f64, j1_moves: bool) -> Val {
    let (a, b) = if j1_moves { (q, p) } else { (p, q) };
    debug_assert!([q, w].iter().all(|v| v.is_nan() || *v >= 0.0));
    if below_plain(q) | below_plain(w) {
        logs_of(a, b, w)
    } else {
        Val { a, b, w }
    }
}

/// Whether 0 < v < [`PLAIN_MIN`], for v ≥ +0 or NaN (the q and w of [`plain_or_log`], sums
/// and products of numbers ≥ 0): as bits, 0 < bits(v) < bits(PLAIN_MIN), one unsigned
/// comparison (bits(+0) − 1 wraps to the largest; NaN's bits are above every finite number's).
/// In place of `v != 0.0 && v < PLAIN_MIN`, whose two branches per value at every level of an
/// update cost SymP on pearl:2:32 about a tenth of its time (old/new 1.10–1.13 at 20,000
/// iterations mid-game, in-process alternation), Sym 0–2 % and SymP on connect:7x6:4 1–2 %.
#[inline(always)]
fn below_plain(v: f64) -> bool {
    v.to_bits().wrapping_sub(1) < PLAIN_MIN.to_bits() - 1
}

/// [`plain_or_log`]'s rare case, out of line. Inlined, its three calls into libm made the
/// loops that update a branch level by level keep their values on the stack (every register
/// of the floating-point unit is lost across a call): Sym on pearl:2:32 was 2.7 % slower at
/// 1,000 iterations (in-process alternation of the two versions, each in both code copies).
#[cold]
#[inline(never)]
fn logs_of(a: f64, b: f64, w: f64) -> Val {
    Val {
        a: a.ln(),
        b: b.ln(),
        w: w.ln(),
    }
}

/// Whether [`Bayes::select`] compares the children `kids` by √Z/f ([`ratio`]): every child
/// plain with f > 0 (f = 1 − R where J1 moves, R where J0 moves), so that U = P/f with the same
/// P > 0 for all. Otherwise it compares the keys U √Z themselves ([`selection_keys`]).
#[inline(always)]
fn by_ratio<M>(kids: &[Node<M>], j1_moves: bool) -> bool {
    kids.iter().all(|k| {
        let f = if j1_moves { k.val.b } else { k.val.a };
        k.val.is_plain() && f > 0.0
    })
}

/// The children among which [`Bayes::select`] chooses in a litter of `d` whose children all
/// have the value `v` but child `i`, of value `c` (a chain just unzipped), as bits of their
/// index: the quotients √Z/f are those of `v` and `c` ([`ratio`]), of the same bits as
/// select's. [`PICK_UNKNOWN`] when select would not compare them ([`by_ratio`]) or when
/// `d` is above [`MAX_PICK`].
#[inline]
fn litter_top(v: Val, c: Val, i: usize, d: usize, j1_moves: bool) -> u32 {
    let f = |x: &Val| if j1_moves { x.b } else { x.a };
    if d > MAX_PICK || !(v.is_plain() && c.is_plain() && f(&v) > 0.0 && f(&c) > 0.0) {
        return PICK_UNKNOWN;
    }
    let (rv, rc) = (ratio(&v, j1_moves), ratio(&c, j1_moves));
    let all = (1u32 << d) - 1;
    let me = 1u32 << i;
    // Without branches (which is larger is as good as random): c alone when above, all when
    // tied, the others when below.
    let above = u32::from(rc > rv).wrapping_neg();
    let tie = u32::from(rc == rv).wrapping_neg();
    (above & me) | (!above & tie & all) | (!above & !tie & all & !me)
}

/// The index of the move a simulated match plays among `d` ([`Playout`]).
#[inline(always)]
fn playout_choice(playout: Playout, rng: &mut ChaCha8Rng, d: usize) -> usize {
    match playout {
        Playout::Uniform => uniform_index(rng, d),
        Playout::First => 0,
    }
}

/// √Z/f of a plain value with f > 0 ([`by_ratio`]).
#[inline(always)]
fn ratio(v: &Val, j1_moves: bool) -> f64 {
    v.w / if j1_moves { v.b } else { v.a }
}

/// Whether the key at `ci` is strictly above all the others (NaN is above nothing), that is,
/// whether [`argmax_random_ties`] returns `ci` without a draw.
fn unique_max(keys: impl Iterator<Item = f64>, ci: usize) -> bool {
    let mut mine = f64::NAN;
    let mut others = f64::NEG_INFINITY;
    for (j, k) in keys.enumerate() {
        if j == ci {
            mine = k;
        } else if k > others || k.is_nan() {
            others = k;
        }
    }
    mine > others
}

/// The selection keys U_k √Z_k of the children `kids` ([`plain_keys`], or their logarithms by
/// [`log_keys`] when the plain form does not apply), into `keys`.
fn selection_keys<M>(
    kids: &[Node<M>],
    j1_moves: bool,
    terms: &mut Vec<(f64, f64, f64)>,
    keys: &mut Vec<f64>,
) {
    let mut plain = [0.0f64; UPDATE_STACK];
    if plain_keys(kids, j1_moves, &mut plain).is_some() {
        keys.clear();
        keys.extend_from_slice(&plain[..kids.len()]);
    } else {
        log_keys(kids, j1_moves, terms, Some(keys));
    }
}

/// The logarithmic update (section 8.1): fills `terms` with (ln f, ln g, ln √Z) of each child,
/// writes the keys ln U_k + ln √Z_k into `keys` when given, and returns (Σ ln f, ln √Z).
fn log_keys<M>(
    kids: &[Node<M>],
    j1_moves: bool,
    terms: &mut Vec<(f64, f64, f64)>,
    keys: Option<&mut Vec<f64>>,
) -> (f64, f64) {
    let d = kids.len();
    terms.clear();
    terms.extend(kids.iter().map(|n| {
        let (r, ln_w) = n.val.to_log();
        if j1_moves {
            (r.ln_q, r.ln_p, ln_w)
        } else {
            (r.ln_p, r.ln_q, ln_w)
        }
    }));
    // Suffix sums of ln f for U (products over the brothers, without division), written
    // over by the keys: on the stack unless the keys are wanted or the degree is large.
    let keys_of = |suffix: &mut [f64]| {
        for i in (0..d).rev() {
            suffix[i] = suffix[i + 1] + terms[i].0;
        }
        let total = suffix[0];
        let mut prefix = 0.0;
        let mut ln_w = f64::NEG_INFINITY;
        for (i, child) in terms.iter().enumerate() {
            // suffix[i] is no longer needed: it becomes the key of child i.
            let v = prefix + suffix[i + 1] + child.2;
            suffix[i] = v;
            if v > ln_w {
                ln_w = v;
            }
            prefix += child.0;
        }
        (total, ln_w)
    };
    match keys {
        Some(k) => {
            k.clear();
            k.resize(d + 1, 0.0);
            let out = keys_of(k);
            k.truncate(d);
            out
        }
        None if d <= UPDATE_STACK => keys_of(&mut [0.0f64; UPDATE_STACK + 1][..d + 1]),
        None => keys_of(&mut vec![0.0f64; d + 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_games::pearl::Pearl;

    fn symp(a: f64) -> PriorKind {
        PriorKind::Symmetric {
            a,
            b: 0.0,
            name: "symp",
        }
    }

    /// |x − y| ≤ tol (1 + |y|) on logarithms: a relative error of the values themselves.
    fn close(x: f64, y: f64, tol: f64) -> bool {
        x == y || (x - y).abs() <= tol * (1.0 + y.abs())
    }

    /// (ln r, ln(1 − r), ln √Z) of every node, recomputed bottom-up with the exact-log
    /// arithmetic of section 8.1 only ([`LogProb::product`]), from the priors of the boundary
    /// nodes and the leaves.
    fn exact_log_values<G: Game>(agent: &Bayes<G>) -> Vec<(f64, f64, f64)> {
        let n = agent.nodes.len();
        let mut logs = vec![(0.0, 0.0, 0.0); n];
        let mut depth = vec![0usize; n];
        for x in 0..n {
            let node = agent.nodes[x];
            for c in node.children() {
                depth[c] = depth[x] + 1;
            }
        }
        for x in (0..n).rev() {
            let node = agent.nodes[x];
            logs[x] = match node.state() {
                BOUNDARY => {
                    let (m, ln_s) = prior_of(agent.nodes[x].val);
                    (m.ln_p, m.ln_q, 0.5 * ln_s)
                }
                LEAF => {
                    let (r, ln_w) = agent.nodes[x].val.to_log();
                    (r.ln_p, r.ln_q, ln_w)
                }
                _ => {
                    let j1 = j1_moves_at(depth[x]);
                    let kids: Vec<usize> = node.children().collect();
                    let f: Vec<LogProb> = kids
                        .iter()
                        .map(|&c| {
                            let r = LogProb {
                                ln_p: logs[c].0,
                                ln_q: logs[c].1,
                            };
                            if j1 {
                                r.complement()
                            } else {
                                r
                            }
                        })
                        .collect();
                    let prod = LogProb::product(&f);
                    let ln_w = (0..kids.len())
                        .map(|k| {
                            let ln_u: f64 =
                                (0..kids.len()).filter(|&j| j != k).map(|j| f[j].ln_p).sum();
                            ln_u + logs[kids[k]].2
                        })
                        .fold(f64::NEG_INFINITY, f64::max);
                    let r = if j1 { prod.complement() } else { prod };
                    (r.ln_p, r.ln_q, ln_w)
                }
            };
        }
        logs
    }

    /// SymP (a = 0.6) with every match materialised, after `steps` iterations on
    /// `pearl:d:k` with this seed (for the realization and the agent).
    fn materialised_symp(d: u32, k: u32, seed: u64, steps: usize) -> Bayes<Pearl> {
        let game = Pearl::new(d, k, None, seed).unwrap();
        let mut agent = Bayes::new(symp(0.6), seed);
        agent.lazy = false;
        agent.start(&game);
        for _ in 0..steps {
            agent.step();
        }
        agent
    }

    #[test]
    fn hybrid_agrees_with_exact_logs_on_random_trees() {
        let mut plain = 0usize;
        let mut compared = 0usize;
        for (d, k, seed) in [(2, 12, 1u64), (2, 20, 2), (3, 8, 3), (5, 5, 4), (7, 4, 5)] {
            let agent = materialised_symp(d, k, seed, 300);
            let exact = exact_log_values(&agent);
            for (x, node) in agent.nodes.iter().enumerate() {
                if node.state() != INTERIOR {
                    continue;
                }
                plain += agent.nodes[x].val.is_plain() as usize;
                compared += 1;
                let (r, ln_w) = agent.nodes[x].val.to_log();
                let e = exact[x];
                assert!(close(r.ln_p, e.0, 1e-12), "{d} {k} {x}: {} {}", r.ln_p, e.0);
                assert!(close(r.ln_q, e.1, 1e-12), "{d} {k} {x}: {} {}", r.ln_q, e.1);
                assert!(close(ln_w, e.2, 1e-12), "{d} {k} {x}: {ln_w} {}", e.2);
            }
        }
        // The plain arithmetic was exercised.
        assert!(plain > 100 && compared > 100, "{plain} {compared}");
    }

    /// The child chosen by [`Bayes::select`] (by √Z / f where it can) maximises the keys
    /// U √Z of [`plain_keys`] / [`log_keys`] at every interior node, up to rounding.
    #[test]
    fn selection_maximises_the_keys() {
        let mut checked = 0usize;
        for (d, k, seed) in [(2, 16, 1u64), (3, 8, 2), (7, 5, 3)] {
            let mut agent = materialised_symp(d, k, seed, 400);
            let mut depth = vec![0usize; agent.nodes.len()];
            for x in 0..agent.nodes.len() {
                for c in agent.nodes[x].children() {
                    depth[c] = depth[x] + 1;
                }
            }
            for x in 0..agent.nodes.len() {
                if agent.nodes[x].state() != INTERIOR {
                    continue;
                }
                let j1 = j1_moves_at(depth[x]);
                let kids = &agent.nodes[agent.nodes[x].children()];
                let mut buf = [0.0; UPDATE_STACK];
                let (keys, log) = if plain_keys(kids, j1, &mut buf).is_some() {
                    (buf[..kids.len()].to_vec(), false)
                } else {
                    let mut out = Vec::new();
                    log_keys(kids, j1, &mut Vec::new(), Some(&mut out));
                    (out, true)
                };
                let best = keys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let first = agent.nodes[x].first_child as usize;
                let chosen = keys[agent.select(x as u32, j1) as usize - first];
                let ok = if log {
                    chosen >= best - 1e-12 * (1.0 + best.abs())
                } else {
                    chosen >= best * (1.0 - 1e-12)
                };
                assert!(ok, "node {x}: chosen key {chosen}, best {best}");
                checked += 1;
            }
        }
        assert!(checked > 300, "{checked}");
    }

    fn bits(v: Val) -> [u64; 3] {
        [v.a.to_bits(), v.b.to_bits(), v.w.to_bits()]
    }

    /// Keeping matches as chains changes nothing: the same root values, bit for bit, after
    /// every step, the same leaves, and the same moves chosen, as materialising every match.
    /// Runs Algorithm 13 as written (every match materialised, every descent from the root)
    /// and with its shortcuts (chains, resumed descents, brothers taken from the last update,
    /// choices read off it) side by side and checks they agree bit for bit. Returns whether
    /// the second search reused its tree, the number of descents the shortcut resumed below
    /// the root, the levels of its updates that took their brothers from the last, and the
    /// choices its descents read off the last update.
    fn lazy_matches_eager<G: Game>(
        game: &G,
        kind: PriorKind,
        steps: usize,
        seed: u64,
    ) -> (bool, u32, u64, u64) {
        let mut eager = Bayes::new(kind.clone(), seed);
        eager.lazy = false;
        eager.resumes = false;
        let mut lazy = Bayes::new(kind, seed);
        eager.start(game);
        lazy.start(game);
        let mut resumed = 0;
        for n in 0..steps {
            resumed += (lazy.resume && lazy.keeps.first() == Some(&true)) as u32;
            let (a, b) = (eager.step(), lazy.step());
            assert_eq!(a, b, "step {n}");
            assert_eq!(
                bits(eager.nodes[eager.root as usize].val),
                bits(lazy.nodes[lazy.root as usize].val),
                "root value after step {n}"
            );
            if eager.is_solved() {
                break;
            }
        }
        assert_eq!(eager.leaves_visited(), lazy.leaves_visited());
        assert_eq!((eager.work.brothers_reused, eager.work.picked), (0, 0));
        let (brothers, picked) = (lazy.work.brothers_reused, lazy.work.picked);
        assert_eq!(eager.visited_leaf_paths(), lazy.visited_leaf_paths());
        assert!(lazy.tree_nodes() <= eager.tree_nodes());
        let budget = Budget::Iterations(50);
        let (re, rl) = (eager.search(game, budget), lazy.search(game, budget));
        let (re, rl) = (re.unwrap(), rl.unwrap());
        assert_eq!((re.best, re.estimate), (rl.best, rl.estimate));
        // Two plies later the trees are kept (section 8.2 (i)) and still agree.
        let mut pos = game.clone();
        pos.play(re.best);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if let Some(&reply) = moves.last() {
            pos.play(reply);
            if pos.outcome().is_none() {
                let (re, rl) = (eager.search(&pos, budget), lazy.search(&pos, budget));
                let (re, rl) = (re.unwrap(), rl.unwrap());
                assert_eq!(re.reused_tree, rl.reused_tree);
                assert_eq!((re.best, re.estimate), (rl.best, rl.estimate));
                return (rl.reused_tree, resumed, brothers, picked);
            }
        }
        (false, resumed, brothers, picked)
    }

    /// Chains, resumed descents, brothers reused and choices read off the updates give the
    /// search of Algorithm 13 as written, bit for bit.
    #[test]
    fn shortcuts_change_nothing() {
        let sym = PriorKind::Symmetric {
            a: 0.5,
            b: 0.0,
            name: "sym",
        };
        let (mut reused, mut resumed, mut brothers, mut picked) = (0, 0, 0, 0);
        // Depth 40: regular chains longer than the REGULAR_STORED_VALS values they share,
        // whose heads' priors are then kept apart ([`Bayes::unzip`]).
        for (d, k, seed) in [(2, 40, 9u64), (2, 14, 1), (3, 8, 2), (5, 5, 3)] {
            let game = Pearl::new(d, k, None, seed).unwrap();
            for kind in [symp(0.6), sym.clone()] {
                let (r, n, b, p) = lazy_matches_eager(&game, kind, 1500, seed);
                reused += r as u32;
                resumed += n;
                brothers += b;
                picked += p;
            }
        }
        assert!(reused > 0, "no search reused its tree");
        assert!(resumed > 1000, "only {resumed} descents were resumed");
        assert!(
            brothers > 10_000,
            "only {brothers} levels of the updates reused their brothers"
        );
        assert!(
            picked > 5_000,
            "only {picked} choices of the descents were read off the updates"
        );
        let duel_games::AnyGame::Connect64(board) =
            duel_games::parse_game("connect:4x4:3").unwrap()
        else {
            panic!("connect:4x4:3 fits in 64 bits");
        };
        lazy_matches_eager(&board, sym, 1500, 4);
        lazy_matches_eager(&board, symp(0.5), 1500, 5);
        lazy_matches_eager(&board, PriorKind::GaltonWatson { fit: 200 }, 800, 6);
        // GW's values on Connect Four are near 0 and 1, so its updates near the root take the
        // logarithmic path, whose resumed descents are checked here.
        let duel_games::AnyGame::Connect64(big) = duel_games::parse_game("connect:7x6:4").unwrap()
        else {
            panic!("connect:7x6:4 fits in 64 bits");
        };
        let (_, resumed, _, _) =
            lazy_matches_eager(&big, PriorKind::GaltonWatson { fit: 200 }, 1500, 7);
        assert!(resumed > 500, "only {resumed} GW descents were resumed");
    }

    /// The comparison by bits says what `0 < v < PLAIN_MIN` says for every v ≥ +0 and NaN,
    /// at the edges (zeros, the subnormals, the neighbours of PLAIN_MIN) and at random.
    #[test]
    fn below_plain_is_the_comparison() {
        use rand::Rng;
        let m = PLAIN_MIN;
        let mut values = vec![
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            f64::from_bits(1),
            m,
            f64::from_bits(m.to_bits() - 1),
            f64::from_bits(m.to_bits() + 1),
            1.0,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        values.extend((0..10_000).map(|_| f64::from_bits(rng.gen_range(0..0x7FF0_0000_0000_0000))));
        for v in values {
            assert_eq!(below_plain(v), v != 0.0 && v < m, "{v:e}");
        }
    }

    /// The litters found below a litter, by index (fewer children than the stride) or by hash
    /// (more), are those computed afresh, the same id each time they are asked for; a full
    /// set of litters is forgotten whole, and what is asked for next is computed again.
    #[test]
    fn litters_are_computed_once_and_forgotten_when_full() {
        let mut litters = Litters::new();
        litters.clear(4);
        litters.prior = Some(Prior::Symmetric {
            a: 0.5,
            b: 0.0,
            pearl: false,
        });
        let root = Val {
            a: 0.5,
            b: 0.5,
            w: 1.0,
        };
        let top = litters.of_value(root, 0);
        assert_eq!(litters.of_value(root, 0), top);
        let mut ids = Vec::new();
        for d in [1, 2, 3, 4, 7] {
            let id = litters.below(top, 0, d);
            let fresh = Litters::compute(litters.prior.as_ref().unwrap(), root, 0, d);
            let got = litters.list[id as usize];
            assert_eq!(bits(got.val), bits(fresh.val), "d = {d}");
            assert_eq!(got.depth, 1);
            assert_eq!(
                got.brothers.map(|b| [b.f, b.q, b.ratio].map(f64::to_bits)),
                fresh
                    .brothers
                    .map(|b| [b.f, b.q, b.ratio].map(f64::to_bits))
            );
            assert_eq!(litters.below(top, 0, d), id, "d = {d} again");
            ids.push(id);
        }
        // d = 4 and 7 are past the stride: found by hash.
        assert_eq!(litters.wide.len(), 2);
        let distinct: std::collections::HashSet<u32> = ids.iter().copied().collect();
        assert_eq!(distinct.len(), ids.len());
        // A chain of litters down to the limit, then forgotten.
        let mut id = top;
        for depth in 0..litters.max {
            litters.make_room(1);
            if litters.list.len() == 1 {
                // Forgotten: the chain starts again from the root's value.
                assert!(depth > 0);
                id = litters.of_value(root, 0);
                assert_eq!(litters.below(id, 0, 3), 2);
                return;
            }
            id = litters.below(id, depth, 3);
        }
        panic!("the litters were never forgotten");
    }

    /// The cache of litters answers for the prior of the current start: GW, fitted again from
    /// another position, gives other litters, and one remembered under the first fit must not
    /// be served under the second.
    #[test]
    fn restarts_forget_the_litters_of_another_fit() {
        let game = Pearl::new(2, 10, None, 1).unwrap();
        let mut later = game.clone();
        later.play_moves("121").unwrap();
        let mut agent = Bayes::new(PriorKind::GaltonWatson { fit: 500 }, 3);
        let father = Val {
            a: 0.3,
            b: 0.7,
            w: 0.2,
        };
        let j1 = j1_moves_at(2);
        let mut litters = Vec::new();
        for pos in [&game, &later] {
            agent.start(pos);
            let (m, ln_s) = prior_of(father);
            let prior = agent.litters.prior.as_ref().unwrap();
            let (cm, cls) = prior.litter(m, ln_s, 2, j1, 2);
            let direct = Val::from_log(cm, 0.5 * cls);
            let cached = agent.litters.below_value(father, 0, 2, 2).0;
            assert_eq!(bits(cached), bits(direct));
            litters.push(direct);
        }
        assert_ne!(
            bits(litters[0]),
            bits(litters[1]),
            "the two fits should differ at this depth"
        );
    }

    /// An agent whose root (J1 to move when `j1`, else J0) has children with values `kids`.
    fn one_level(kids: &[Val]) -> Bayes<Pearl> {
        let game = Pearl::new(2, 4, None, 1).unwrap();
        let mut agent = Bayes::new(symp(0.6), 1);
        agent.start(&game);
        let mv = agent.nodes[0].mv;
        agent.nodes[0].first_child = 1;
        agent.nodes[0].n_children = kids.len() as u16;
        for &v in kids {
            agent.nodes.push(Node::boundary(v, mv));
        }
        agent
    }

    /// The selection keys of the root's children (what [`Bayes::select`] compares).
    fn keys_of(agent: &Bayes<Pearl>, j1: bool) -> Vec<f64> {
        let kids = &agent.nodes[agent.nodes[0].children()];
        let mut keys = [0.0; UPDATE_STACK];
        if plain_keys(kids, j1, &mut keys).is_some() {
            return keys[..kids.len()].to_vec();
        }
        let mut out = Vec::new();
        log_keys(kids, j1, &mut Vec::new(), Some(&mut out));
        out
    }

    /// The root's value after one update, and the exact-log value of the same.
    fn both(kids: &[Val], j1: bool) -> (Val, LogProb, f64) {
        let mut agent = one_level(kids);
        agent.update(0, j1);
        let f: Vec<LogProb> = kids
            .iter()
            .map(|v| {
                let r = v.to_log().0;
                if j1 {
                    r.complement()
                } else {
                    r
                }
            })
            .collect();
        let prod = LogProb::product(&f);
        let ln_w = (0..kids.len())
            .map(|k| {
                (0..kids.len())
                    .filter(|&j| j != k)
                    .map(|j| f[j].ln_p)
                    .sum::<f64>()
                    + kids[k].to_log().1
            })
            .fold(f64::NEG_INFINITY, f64::max);
        let r = if j1 { prod.complement() } else { prod };
        (agent.nodes[0].val, r, ln_w)
    }

    fn plain(r: f64, q: f64, w: f64) -> Val {
        Val { a: r, b: q, w }
    }

    /// The choices a descent reads off the last update ([`Brothers::top_with`]) or off a chain
    /// just unzipped ([`litter_top`]) are select's: the same child after the same draws, on
    /// litters whose keys tie in every pattern (values from a pool of five, one of them with
    /// f = 0 on one side, one logarithmic), for every child on the branch.
    #[test]
    fn picks_are_selects() {
        use rand::Rng;
        let pool = [
            plain(0.3, 0.7, 0.2),
            plain(0.6, 0.4, 0.2),
            plain(0.3, 0.7, 0.5),
            plain(0.0, 1.0, 0.5),
            Val {
                a: -800.0,
                b: -1e-300,
                w: -1.0,
            },
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut known, mut ties, mut unknown) = (0, 0, 0);
        let same = |kids: &[Val], j1: bool, mask: u32| {
            let (mut a, mut b) = (one_level(kids), one_level(kids));
            // Three choices in a row: the draws among ties stay in step.
            for _ in 0..3 {
                assert_eq!(a.select(0, j1), b.pick(0, mask), "{kids:?} {j1} {mask:b}");
            }
        };
        for trial in 0..600 {
            let d = 1 + trial % 9;
            let kids: Vec<Val> = (0..d)
                .map(|_| pool[rng.gen_range(0..if trial % 3 == 0 { 5 } else { 3 })])
                .collect();
            for j1 in [false, true] {
                for ci in 0..d {
                    let agent = one_level(&kids);
                    let (b, top) =
                        Brothers::of(&agent.nodes[1..=d], ci, j1).unwrap_or((Brothers::GAVE_UP, 0));
                    let mask = b.top_with(top, ci, kids[ci], j1);
                    if mask == PICK_UNKNOWN {
                        unknown += 1;
                        continue;
                    }
                    known += 1;
                    ties += usize::from(mask.count_ones() > 1);
                    same(&kids, j1, mask);
                }
                // A chain just unzipped: the litter's value but for one child.
                let (v, c, i) = (kids[0], kids[d - 1], (trial / 9) % d);
                let mut litter = vec![v; d];
                litter[i] = c;
                let mask = litter_top(v, c, i, d, j1);
                if mask != PICK_UNKNOWN {
                    known += 1;
                    same(&litter, j1, mask);
                }
            }
        }
        assert!(
            known > 4000 && ties > 2000 && unknown > 1000,
            "{known} {ties} {unknown}"
        );
    }

    fn check(kids: &[Val], j1: bool) -> Val {
        let (v, r, ln_w) = both(kids, j1);
        let (h, hw) = v.to_log();
        assert!(close(h.ln_p, r.ln_p, 1e-13), "{} {}", h.ln_p, r.ln_p);
        assert!(close(h.ln_q, r.ln_q, 1e-13), "{} {}", h.ln_q, r.ln_q);
        assert!(close(hw, ln_w, 1e-13), "{hw} {ln_w}");
        v
    }

    /// The symmetric priors computed on plain values agree with the logarithmic computation
    /// of [`Prior::litter`] (on accurate logarithms of the father) to a relative 1e-13 (ln r,
    /// ln(1 − r) and ln √s), from m near 0, near 1 and in between, for Sym, SymP and b ≠ 0,
    /// on both sides.
    /// The shortcut for a chain's last level whose child has f = 0 gives full_value's bits,
    /// and declines only where full_value leaves plain arithmetic.
    #[test]
    fn zero_child_value_is_full_value() {
        let mut scratch = Vec::new();
        let mut memo = Log1mexpMemo::default();
        let (mut same, mut declined) = (0, 0);
        for &(a, b) in &[
            (0.5, 0.5),
            (0.3, 0.7),
            (1e-9, 1.0 - 1e-9),
            (0.999, 1e-3),
            (1e-140, 1.0),
        ] {
            for &w in &[1.0, 0.37, 1e-60, 0.0] {
                for &cw in &[0.0, 1.0, 2.5, 1e-30] {
                    for d in [1usize, 2, 3, 7, 16, 17] {
                        for i in 0..d {
                            for j1 in [false, true] {
                                let v = Val { a, b, w };
                                // f = 0 for the side: a = 0 where J0 moves, b = 0 where J1 does.
                                let child = if j1 {
                                    Val {
                                        a: 1.0,
                                        b: 0.0,
                                        w: cw,
                                    }
                                } else {
                                    Val {
                                        a: 0.0,
                                        b: 1.0,
                                        w: cw,
                                    }
                                };
                                let mut kids = vec![Node::boundary(v, 0u16); d];
                                kids[i].val = child;
                                let full = full_value(&kids, j1, &mut scratch, &mut memo, None);
                                let plain =
                                    plain_keys(&kids, j1, &mut [0.0; UPDATE_STACK]).is_some();
                                let ctx = format!("{a} {b} {w} {cw} {d} {i} {j1}");
                                match zero_child_value(v, child, i, d, j1) {
                                    Some(got) => {
                                        assert_eq!(got.bits(), full.bits(), "{ctx}");
                                        same += 1;
                                    }
                                    None => {
                                        assert!(!plain || d > UPDATE_STACK, "{ctx}");
                                        declined += 1;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(same > 1000 && declined > 100, "{same} {declined}");
    }

    #[test]
    fn symmetric_priors_plain_agree_with_logs() {
        let mut checked = 0;
        for (b, pearl) in [(0.0, false), (0.0, true), (2.0, false)] {
            let prior = Prior::Symmetric { a: 0.5, b, pearl };
            for &m in &[1e-140, 1e-20, 1e-5, 0.1, 0.5, 0.618, 0.9, 1.0 - 1e-9] {
                for &q in &[1.0 - m, 1e-30, 1e-100] {
                    // (m, q) with q = 1 − m, or m ≈ 1 with 1 − m = q kept exactly.
                    let (pm, qm) = if q == 1.0 - m { (m, q) } else { (1.0 - q, q) };
                    for &w in &[1.0, 0.3, 1e-50] {
                        for d in [1usize, 2, 3, 7, 15] {
                            for j1 in [false, true] {
                                let father = Val { a: pm, b: qm, w };
                                let Some(v) = symmetric_plain(father, d, j1, b, pearl) else {
                                    continue;
                                };
                                // The reference: Prior::litter on accurate logarithms (to_log
                                // takes ln of a side near 1 directly, losing digits of 1 − it).
                                let ln =
                                    |x: f64, y: f64| if x > 0.5 { (-y).ln_1p() } else { x.ln() };
                                let lm = LogProb {
                                    ln_p: ln(pm, qm),
                                    ln_q: ln(qm, pm),
                                };
                                let (cm, cls) = prior.litter(lm, 2.0 * w.ln(), 0, j1, d);
                                let (got, got_w) = v.to_log();
                                let ctx = format!("m = {pm}, q = {qm}, w = {w}, d = {d}, j1 = {j1}, b = {b}, pearl = {pearl}");
                                assert!(
                                    close(got.ln_p, cm.ln_p, 1e-13),
                                    "ln p: {} vs {}, {ctx}",
                                    got.ln_p,
                                    cm.ln_p
                                );
                                assert!(
                                    close(got.ln_q, cm.ln_q, 1e-13),
                                    "ln q: {} vs {}, {ctx}",
                                    got.ln_q,
                                    cm.ln_q
                                );
                                assert!(
                                    close(got_w, 0.5 * cls, 1e-13),
                                    "ln w: {} vs {}, {ctx}",
                                    got_w,
                                    0.5 * cls
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn hybrid_at_the_extremes() {
        let two = |e: i32| 2f64.powi(e);
        // Near 1 in plain: 1 − 1e-20 and 1 − 1e-21 both round to 1.0, their complements do not.
        let a = check(&[plain(1.0, 1e-20, 1.0), plain(1.0, 1e-21, 1.0)], false);
        let b = check(&[plain(1.0, 1e-20, 1.0), plain(1.0, 1e-22, 1.0)], false);
        assert!(a.is_plain() && b.is_plain());
        assert_eq!((a.a, b.a), (1.0, 1.0));
        assert!(a.b > b.b && !a.is_certain() && !b.is_certain());
        assert!(close(a.b, 1.1e-20, 1e-14));
        // A product below 2⁻⁵⁰⁰ switches to logarithms: 2⁻³⁰⁰ · 2⁻³⁰⁰, and 2⁻³⁰⁰ · 2⁻³⁰¹.
        let c = check(
            &[plain(two(-300), 1.0, 1.0), plain(two(-300), 1.0, 1.0)],
            false,
        );
        let c2 = check(
            &[plain(two(-300), 1.0, 1.0), plain(two(-301), 1.0, 1.0)],
            false,
        );
        assert!(!c.is_plain() && !c2.is_plain());
        assert!(close(c.a, -600.0 * 2f64.ln(), 1e-15));
        assert!(c.a > c2.a);
        // The same where J1 moves: R = 1 − 2⁻⁶⁰⁰ stays below 1 and above 1 − 2⁻⁵⁹⁹.
        let d = check(
            &[plain(1.0, two(-300), 1.0), plain(1.0, two(-300), 1.0)],
            true,
        );
        let d2 = check(
            &[plain(1.0, two(-299), 1.0), plain(1.0, two(-300), 1.0)],
            true,
        );
        assert!(!d.is_certain() && d.b < d2.b && d.to_log().0.prob() == 1.0);
        // √Z below 2⁻⁵⁰⁰ although R is in range: stored in logarithms, exactly.
        let e = check(
            &[
                plain(two(-200), 1.0, two(-450)),
                plain(two(-200), 1.0, two(-450)),
            ],
            false,
        );
        assert!(!e.is_plain());
        // Logarithmic children (1 − e⁻⁸⁰⁰, 1 − e⁻⁸⁰¹) beside a plain one.
        let lg = |u: f64| {
            let r = LogProb::from_logit(u);
            Val {
                a: r.ln_p,
                b: r.ln_q,
                w: 0.0,
            }
        };
        // Where J1 moves: 1 − R = e⁻⁸⁰⁰ e⁻⁸⁰¹ / 2, against e⁻⁸⁰⁰ e⁻⁸⁰² / 2.
        let f = check(&[lg(800.0), lg(801.0), plain(0.5, 0.5, 0.5)], true);
        let g = check(&[lg(800.0), lg(802.0), plain(0.5, 0.5, 0.5)], true);
        assert!(close(f.b, -1601.0 - 2f64.ln(), 1e-15));
        assert!(!f.is_certain() && f.to_log().0.ln_q > g.to_log().0.ln_q);
        // A losing leaf where J0 moves: R = 0 exactly, the other child keeps its U.
        let mut agent = one_level(&[Val::ZERO, plain(0.3, 0.7, 0.5)]);
        agent.update(0, false);
        let v = agent.nodes[0].val;
        assert!(v.is_plain() && v.is_certain() && v.a == 0.0 && v.b == 1.0);
        assert_eq!(keys_of(&agent, false), [0.3 * 0.0, 0.0]);
        let mut agent = one_level(&[Val::ONE, plain(0.3, 0.7, 0.5)]);
        agent.update(0, false);
        assert!(close(agent.nodes[0].val.a, 0.3, 1e-16) && keys_of(&agent, false)[1] == 0.5);
        // All children won: certain 1.
        assert!(check(&[Val::ONE, Val::ONE], false).is_certain());
    }
}
