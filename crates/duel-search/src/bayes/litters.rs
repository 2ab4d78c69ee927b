//! The priors of the children of a node (Definition 7: m(K_x, x) and s(K_x, x) of each new
//! boundary node; section 2.14 for Sym and SymP, section 6 for GW and GW2), computed once for
//! each father's prior, depth and number of children, and linked litter to litter
//! ([`Litters`]).

use crate::huge_vec::HugeVec;
use crate::priors::Prior;

use super::brothers::Brothers;
use super::j1_moves_at;
use super::val::{memo_hash, prior_of, same_bits, Val, LN_PLAIN_MIN};

/// Bytes [`Litters`] holds before it forgets them all: 2¹⁸ litters where nodes have at most 7
/// children (a litter takes 64 bytes and its links 4 bytes per possible number of children),
/// fewer where they may have more. In tests a few hundred litters, so that forgetting them
/// is tested too: the search must not change.
pub(super) const LITTERS_BYTES: usize = if cfg!(test) { 300 * 96 } else { 24 << 20 };

/// The most children a node may have for [`Litters`] to find the litter below it by index
/// ([`Litters::below`]); nodes with more are found by hash.
pub(super) const MAX_STRIDE: usize = 64;

/// The fewest litters [`Litters`] holds at once, even where the system refuses room for more.
const LITTERS_MIN: usize = 64;

/// The first size of [`Litters`]'s index (a power of two).
pub(super) const LITTERS_INDEX: usize = 64;

/// A litter: the prior (as stored) of each child of a node, with what d − 1 brothers of that
/// prior give their father's update ([`Brothers::uniform`]; None when they give up), d being
/// the number of children, and the depth of the children.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
pub(super) struct Litter {
    pub(super) val: Val,
    pub(super) brothers: Option<Brothers>,
    pub(super) depth: u32,
}

/// The litters of a search, interned and linked (section 2.12: each new branch needs the
/// prior of every litter along its match, and the same few recur along every new branch).
/// A litter is a pure function of its father's prior (bits), the father's depth and its number
/// of children d ([`Litters::compute`]), so that remembering it changes no result.
///
/// Each litter, at a depth, is also the prior of a node there: the litter below such a node,
/// for each d, is found by index (`next[id * stride + d]`), so that the priors along a match
/// are one load a level, each waiting only for the one above (a cache keyed by the father's
/// value would hash and compare four words a level). A boundary node keeps the id of the
/// litter it was built in (and a chain the litters of its heads), so that a match from it
/// starts from there ([`Litters::of_value_hinted`]); the litter of a prior known only as a
/// value (the root's) is found by hash (`index`).
pub(super) struct Litters {
    /// How a litter is computed: the prior of the search (set by [`Bayes::start`]).
    pub(super) prior: Option<Prior>,
    /// id → litter; id 0 is none (0 in `next` and `index`: not known).
    pub(super) list: HugeVec<Litter>,
    /// `next[id * stride + d]`: the litter below a node of litter `id`'s prior and depth with
    /// d < stride children, 0 until known.
    pub(super) next: HugeVec<u32>,
    pub(super) stride: usize,
    /// The same for nodes with more children: (id, d) → litter.
    pub(super) wide: std::collections::HashMap<(u32, u32), u32>,
    /// Open addressing (linear probing) from a prior's bits and depth to a litter of that
    /// prior and depth, for the priors that were not found through their node's litter
    /// ([`Litters::of_value_hinted`]: the root's, and those of nodes built before the
    /// litters were last forgotten); 0 is empty. Its length is a power of two, at least twice
    /// the litters in it.
    pub(super) index: HugeVec<u32>,
    /// Litters in `index`.
    pub(super) indexed: usize,
    /// The most litters held at once ([`LITTERS_BYTES`]).
    pub(super) max: usize,
}

impl Litters {
    pub(super) fn new() -> Litters {
        Litters {
            prior: None,
            list: HugeVec::new(),
            next: HugeVec::new(),
            stride: 0,
            wide: std::collections::HashMap::new(),
            index: HugeVec::new(),
            indexed: 0,
            max: 0,
        }
    }

    /// Forgets every litter; the next are found by index below nodes of fewer than `stride`
    /// children.
    pub(super) fn clear(&mut self, stride: usize) {
        self.list.clear();
        self.stride = stride;
        self.next.clear();
        self.max =
            (self.bytes_allowed() / (std::mem::size_of::<Litter>() + 4 * stride)).max(LITTERS_MIN);
        // Room for the most litters held at once is made here, so that adding one never
        // allocates (make_room forgets them first); where the system refuses it, fewer are
        // held rather than the process aborting.
        while self.max > LITTERS_MIN && !self.reserve_for_max() {
            self.max /= 2;
        }
        self.list.push(Litter {
            val: Val::ZERO,
            brothers: None,
            depth: u32::MAX,
        });
        self.next.extend(std::iter::repeat(0).take(stride));
        self.wide.clear();
        self.index.clear();
        self.index.extend(std::iter::repeat(0).take(LITTERS_INDEX));
        self.indexed = 0;
    }

    /// The bytes `list` and `next` may hold: [`LITTERS_BYTES`], and under an address-space
    /// limit (`ulimit -v`) no more than they hold already and an eighth of what is left. The
    /// tree's arenas take up to five eighths of what was left when the agent was made
    /// (`Bayes::nodes_within`); the rest is for the search's small vectors, whose growth
    /// would abort where the system refused it.
    fn bytes_allowed(&self) -> usize {
        let held = self.list.capacity_bytes() + self.next.capacity_bytes();
        match duel_core::limits::address_space_left() {
            Some(left) => LITTERS_BYTES.min(held.saturating_add((left / 8) as usize)),
            None => LITTERS_BYTES,
        }
    }

    /// Makes room in `list` and `next` for `max` litters; false where the system refuses it.
    fn reserve_for_max(&mut self) -> bool {
        let litters = self.max + 1;
        let links = litters.saturating_mul(self.stride);
        self.list
            .try_reserve(litters - self.list.len(), litters)
            .is_ok()
            && self
                .next
                .try_reserve(links - self.next.len(), links)
                .is_ok()
    }

    /// Forgets every litter unless `n` more fit (ids held by the caller are then no longer
    /// valid: call it before taking any).
    #[inline]
    pub(super) fn make_room(&mut self, n: usize) {
        if self.list.len() + n > self.max {
            self.clear(self.stride);
        }
    }

    /// The slot of `index` that holds the litter of prior `v` at `depth`, else the empty slot
    /// where it goes (linear probing from the hash of its bits and depth; at most one litter
    /// of a prior and depth is indexed).
    pub(super) fn probe(&self, v: &Val, depth: usize) -> usize {
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
    pub(super) fn of_value(&mut self, v: Val, depth: usize) -> u32 {
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
    pub(super) fn of_value_hinted(&mut self, v: Val, depth: usize, hint: u32) -> u32 {
        if let Some(l) = self.list.get(hint as usize) {
            if hint != 0 && l.depth as usize == depth && same_bits(&l.val, &v) {
                return hint;
            }
        }
        self.of_value(v, depth)
    }

    /// Adds a litter (to `index` too when `indexed`) and returns its id.
    pub(super) fn push(&mut self, litter: Litter, indexed: bool) -> u32 {
        let id = self.list.len() as u32;
        self.list.push(litter);
        self.next.extend(std::iter::repeat(0).take(self.stride));
        if !indexed {
            return id;
        }
        if 2 * self.indexed + 2 > self.index.len() {
            // The index is a cache: where the system refuses a larger one, the litter is
            // kept unindexed (a later look-up adds it again).
            let size = 2 * self.index.len();
            let mut larger = HugeVec::new();
            if larger.try_reserve(size, size).is_err() {
                return id;
            }
            larger.extend(std::iter::repeat(0).take(size));
            let old = std::mem::replace(&mut self.index, larger);
            for &id in old.iter().filter(|&&id| id != 0) {
                self.insert(id);
            }
        }
        self.insert(id);
        self.indexed += 1;
        id
    }

    /// Puts `id`, whose prior and depth are not indexed yet, in `index`.
    pub(super) fn insert(&mut self, id: u32) {
        let l = self.list[id as usize];
        let slot = self.probe(&l.val, l.depth as usize);
        debug_assert_eq!(self.index[slot], 0);
        self.index[slot] = id;
    }

    /// The prior and the id of the litter of the `d` children of a node of prior `father` at
    /// `depth`, whose own litter may be `hint` ([`Litters::of_value_hinted`]). Always inlined:
    /// returned from a call, its result comes back through memory and is read back wider than
    /// written (a stall of store forwarding).
    #[inline(always)]
    pub(super) fn below_value(
        &mut self,
        father: Val,
        hint: u32,
        depth: usize,
        d: usize,
    ) -> (Val, u32) {
        self.make_room(2);
        let id = self.of_value_hinted(father, depth, hint);
        let id = self.below(id, depth, d);
        (self.list[id as usize].val, id)
    }

    /// The litter below a node of litter `id`'s prior, at `depth` (the litter's), with `d`
    /// children.
    #[inline(always)]
    pub(super) fn below(&mut self, id: u32, depth: usize, d: usize) -> u32 {
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
    pub(super) fn below_cold(&mut self, id: u32, depth: usize, d: usize) -> u32 {
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
        } else if self.wide.try_reserve(1).is_ok() {
            // A cache: where the system refuses it room, the litter is computed again the
            // next time.
            self.wide.insert((id, d as u32), next);
        }
        next
    }

    /// The litter of `d` children below a node of prior `father` at `depth`: the prior of
    /// each child, [`Prior::litter`] of the father's (m, ln s) read off its stored bits
    /// ([`prior_of`]) converted to a [`Val`] (or [`symmetric_plain`]'s, without
    /// logarithms, for the symmetric priors of plain values), and with it
    /// [`Brothers::uniform`] of d − 1 children of that prior.
    pub(super) fn compute(prior: &Prior, father: Val, depth: usize, d: usize) -> Litter {
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
pub(super) fn symmetric_plain(
    father: Val,
    d: usize,
    j1_moves: bool,
    b: f64,
    pearl: bool,
) -> Option<Val> {
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
