//! The update of Algorithm 13 up the last branch: R_n(x) by eq. (2), U_n of its children by
//! eq. (3) and Z_n(x) by eq. (4), in plain arithmetic ([`plain_keys`]) or in the logarithms of
//! section 8.1 ([`log_keys`]). [`Bayes::update_on_branch`] combines the child's new value with
//! what its brothers give (`brothers.rs`, section 2.12).

use duel_core::game::Game;

use crate::logit::{Log1mexpMemo, LogProb};

use super::brothers::Brothers;
use super::node::Node;
use super::select::{by_ratio, unique_max};
use super::val::{larger, plain_or_log, Val, PLAIN_MIN};
use super::{j1_moves_at, Bayes};

/// Degrees up to which the plain update keeps its products on the stack.
pub(super) const UPDATE_STACK: usize = 16;

impl<G: Game> Bayes<G> {
    /// Recomputes R_n(x) and Z_n(x) from the values of the children of x ([`full_value`]).
    #[cfg(test)]
    pub(super) fn update(&mut self, x: u32, j1_moves: bool) {
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
    pub(super) fn update_on_branch(
        &mut self,
        k: usize,
        same: bool,
        child: Val,
        descended: usize,
    ) -> Val {
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

    /// [`full_value`] of x, stored and returned with whether select would choose the child
    /// `c` again without a draw (the slow path of [`Bayes::update_on_branch`]).
    #[cold]
    #[inline(never)]
    pub(super) fn update_full(&mut self, x: u32, c: u32, j1_moves: bool) -> (Val, bool) {
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
pub(super) fn plain_keys<M>(
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

/// The logarithmic update (section 8.1): fills `terms` with (ln f, ln g, ln √Z) of each child,
/// writes the keys ln U_k + ln √Z_k into `keys` when given, and returns (Σ ln f, ln √Z).
/// Marked inline for the callers in `select.rs` (another code unit).
#[inline]
pub(super) fn log_keys<M>(
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
