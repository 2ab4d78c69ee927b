//! The update of Algorithm 13 up the last branch: R_n(x) by eq. (2), U_n of its children by
//! eq. (3) and Z_n(x) by eq. (4), in plain arithmetic ([`plain_keys`]) or in the logarithms of
//! section 8.1 (`keys.rs`). [`Bayes::update_on_branch`] combines the child's new value with
//! what its brothers give (`brothers.rs`, section 2.12).

use duel_core::game::Game;

use crate::logit::{Log1mexpMemo, LogProb};

use super::brothers::Brothers;
use super::keys::{by_ratio, log_keys, plain_keys, unique_max, UPDATE_STACK};
use super::node::Node;
use super::val::{plain_or_log, Val, PLAIN_MIN};
use super::{j1_moves_at, Bayes};

impl<G: Game> Bayes<G> {
    /// Recomputes R_n(x) and Z_n(x) from the values of the children of x ([`full_value`]).
    #[cfg(test)]
    pub(super) fn update(&mut self, x: u32, j1_moves: bool) {
        let n = self.tree.nodes[x as usize];
        let val = full_value(
            &self.tree.nodes[n.children()],
            j1_moves,
            &mut self.scratch.terms,
            &mut self.memo.log1mexp,
            None,
        );
        self.tree.nodes[x as usize].val = val;
    }

    /// Recomputes R_n(x) and Z_n(x) of x = `path[k]` after a match below its child c =
    /// `path[k + 1]`, whose new value (already stored) is `child` ([`Brothers::on_branch`]),
    /// and returns it, with `keeps[k]` for a level of the descent (those below `descended`).
    /// The child's value is passed in a register so that the updates up the branch, each
    /// waiting for the one below, do not also wait for a store to be read back. What the
    /// brothers give is read from `brothers[k]` when the last update at this level was of x
    /// through c too (`same`; see `Branch::brothers`), else computed and written there.
    #[inline(always)]
    pub(super) fn update_on_branch(
        &mut self,
        k: usize,
        same: bool,
        child: Val,
        descended: usize,
    ) -> Val {
        let (x, c) = (self.branch.path[k], self.branch.path[k + 1]);
        let j1_moves = j1_moves_at(self.tree.root_depth + k);
        let brothers = if same {
            self.branch.brothers[k].0
        } else {
            let kids = self.tree.nodes[x as usize].children();
            let ci = (c as usize).wrapping_sub(kids.start);
            let (b, top) = if ci < kids.len() {
                Brothers::of(&self.tree.nodes[kids], ci, j1_moves)
            } else {
                None
            }
            .unwrap_or((Brothers::GAVE_UP, 0));
            // Field by field, from registers (see below).
            let e = &mut self.branch.brothers[k];
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
                let stored = &mut self.tree.nodes[x as usize].val;
                stored.a = v.a;
                stored.b = v.b;
                stored.w = v.w;
                (v, keep)
            }
            None => self.update_full(x, c, j1_moves),
        };
        if k < descended - 1 {
            self.branch.keeps[k] = keep;
        }
        v
    }

    /// [`full_value`] of x, stored and returned with whether select would choose the child
    /// `c` again without a draw (the slow path of [`Bayes::update_on_branch`]).
    #[cold]
    #[inline(never)]
    pub(super) fn update_full(&mut self, x: u32, c: u32, j1_moves: bool) -> (Val, bool) {
        let range = self.tree.nodes[x as usize].children();
        let ci = (c as usize).wrapping_sub(range.start);
        let kids = &self.tree.nodes[range.clone()];
        if by_ratio(kids, j1_moves) {
            // Only an underflow of the plain update brings us here; select uses √Z/f.
            let val = full_value(
                kids,
                j1_moves,
                &mut self.scratch.terms,
                &mut self.memo.log1mexp,
                None,
            );
            self.tree.nodes[x as usize].val = val;
            let keep = ci < range.len() && self.selects_alone(x, ci, j1_moves);
            return (val, keep);
        }
        // full_value, keeping the keys it computes on the way: they are select's
        // (selection_keys), so whether select would choose c again is read off them.
        let val = full_value(
            kids,
            j1_moves,
            &mut self.scratch.terms,
            &mut self.memo.log1mexp,
            Some(&mut self.scratch.keys),
        );
        self.tree.nodes[x as usize].val = val;
        let keep = ci < range.len() && unique_max(self.scratch.keys.iter().copied(), ci);
        (val, keep)
    }
}

/// The new value (R_n, √Z_n) of a node whose children are `kids`, in plain arithmetic when
/// every child is plain and nothing underflows, in logarithms otherwise (see [`Val`]). The
/// selection keys it computes on the way ([`selection_keys`]'s) go to `keys` when given.
#[inline(never)]
pub(super) fn full_value<M>(
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

/// [`full_value`] of a litter of `d` children of value `v` but for its child `i`, of value
/// `child` with f = 0 (the last level of a chain whose leaf is lost by the side to move there,
/// where [`Brothers::with_child`] gives up), with [`plain_keys`]'s operations in the same
/// order, so the same bits: P = 0, 1 − P = 1 and √Z = (f_v^i f_v^(d−1−i)) √Z_child, each power
/// a product from 1 in order. None where [`plain_keys`] would not give the plain value, or when
/// the brothers too have f = 0.
#[inline]
pub(super) fn zero_child_value(
    v: Val,
    child: Val,
    i: usize,
    d: usize,
    j1_moves: bool,
) -> Option<Val> {
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
