//! The descent of Theorem 11: from the root, the child with the largest U_n² Z_n until a
//! boundary node ([`Bayes::select`]), compared as U_n √Z_n, or as √Z_n / f where every f is
//! positive; and the same choices read off the last update where it knows them
//! ([`Bayes::departure_top`], [`Bayes::pick`]).

use duel_core::game::Game;

use crate::agent::{argmax_random_ties_unpredictable, uniform_index};

use super::keys::{by_ratio, ratio, selection_keys, unique_max, MAX_PICK, PICK_UNKNOWN};
use super::node::{Node, CHAIN_FLAG, LEAF_MARK};
use super::val::Val;
use super::{j1_moves_at, Bayes};

/// Children of a node whose own children (or chain record, for a chain head)
/// [`Bayes::select`] starts loading before choosing.
pub(super) const PREFETCH_KIDS: usize = 4;

impl<G: Game> Bayes<G> {
    /// The children of `path[j]` among which select chooses when the last update found it
    /// would not choose `path[j + 1]` again without a draw (`keeps[j]` false), from what that
    /// update kept of the brothers (`brothers[j]`, which have not changed since) and the value
    /// of the child: when every child is plain with f > 0, select compares their √Z/f (the
    /// same quotients as these, of the same bits), and the largest are the brothers' largest,
    /// with the child when it ties with them, or the child alone when above them.
    /// [`PICK_UNKNOWN`] otherwise, or when the brothers' largest are not known, which is
    /// always safe.
    #[inline]
    pub(super) fn departure_top(&self, j: usize) -> u32 {
        let (b, top) = self.branch.brothers[j];
        let c = self.branch.path[j + 1];
        let ci = c.wrapping_sub(self.tree.nodes[self.branch.path[j] as usize].first_child) as usize;
        let child = self.tree.nodes[c as usize].val;
        b.top_with(top, ci, child, j1_moves_at(self.tree.root_depth + j))
    }

    /// The child of x that select would choose when the children with the largest selection
    /// key are the bits of `top` (two or more: a uniform draw among them, in index order, as
    /// [`argmax_random_ties_unpredictable`] makes it), counted in [`Work::picked`].
    #[inline]
    pub(super) fn pick(&mut self, x: u32, top: u32) -> u32 {
        self.work.picked += 1;
        let first = self.tree.nodes[x as usize].first_child;
        let ties = top.count_ones();
        let mut top = top;
        if ties > 1 {
            for _ in 0..uniform_index(&mut self.rng, ties as usize) {
                top &= top - 1;
            }
        }
        let next = first + top.trailing_zeros();
        self.prefetch_below(&self.tree.nodes[next as usize]);
        next
    }

    /// argmax of U_n(y)² Z_n(y) over the children y of x, ties uniformly at random (Theorem 11).
    /// The keys U_n(y) √Z_n(y), U_n(y) = Π_{y'≠y} f(y'), are computed from the children's values
    /// (the values below x change only through updates of x, so they are those of the last
    /// update). When every f is a positive plain number, U_n(y) = P / f(y) with P = Π f > 0
    /// the same for all brothers, so the argmax is that of √Z_n(y) / f(y): one division per
    /// child instead of the products (equal inputs give equal quotients, so ties stay ties).
    pub(super) fn select(&mut self, x: u32, j1_moves: bool) -> u32 {
        let n = self.tree.nodes[x as usize];
        let kids = &self.tree.nodes[n.children()];
        // What the descent reads below the child chosen next: start loading it for each.
        for k in kids.iter().take(PREFETCH_KIDS) {
            self.prefetch_below(k);
        }
        if by_ratio(kids, j1_moves) {
            let ratios = kids.iter().map(|k| ratio(&k.val, j1_moves));
            return n.first_child + argmax_random_ties_unpredictable(ratios, &mut self.rng) as u32;
        }
        selection_keys(
            kids,
            j1_moves,
            &mut self.scratch.terms,
            &mut self.scratch.keys,
        );
        n.first_child
            + argmax_random_ties_unpredictable(self.scratch.keys.iter().copied(), &mut self.rng)
                as u32
    }

    /// Starts loading what the descent reads after entering `k`: its children (a litter's
    /// first and last records: two cache lines when a litter of two straddles a line), or its
    /// chain record if it is a chain head ([`Bayes::unzip`]).
    #[inline(always)]
    pub(super) fn prefetch_below(&self, k: &Node<G::Move>) {
        if k.n_children > 0 {
            self.tree.nodes.prefetch(k.first_child as usize);
            self.tree
                .nodes
                .prefetch(k.first_child as usize + k.n_children as usize - 1);
        } else if k.first_child & CHAIN_FLAG != 0 && k.first_child != LEAF_MARK {
            self.tree
                .chains
                .prefetch((k.first_child & !CHAIN_FLAG) as usize);
        }
    }

    /// Whether [`Bayes::select`] at x would choose its child `ci` without a random draw: the
    /// same keys, `ci`'s strictly the largest.
    pub(super) fn selects_alone(&mut self, x: u32, ci: usize, j1_moves: bool) -> bool {
        let kids = &self.tree.nodes[self.tree.nodes[x as usize].children()];
        if by_ratio(kids, j1_moves) {
            return unique_max(kids.iter().map(|k| ratio(&k.val, j1_moves)), ci);
        }
        selection_keys(
            kids,
            j1_moves,
            &mut self.scratch.terms,
            &mut self.scratch.keys,
        );
        unique_max(self.scratch.keys.iter().copied(), ci)
    }
}

/// The children among which [`Bayes::select`] chooses in a litter of `d` whose children all
/// have the value `v` but child `i`, of value `c` (a chain just unzipped), as bits of their
/// index: the quotients √Z/f are those of `v` and `c` ([`ratio`]), of the same bits as
/// select's. [`PICK_UNKNOWN`] when select would not compare them ([`by_ratio`]) or when
/// `d` is above [`MAX_PICK`].
#[inline]
pub(super) fn litter_top(v: Val, c: Val, i: usize, d: usize, j1_moves: bool) -> u32 {
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
