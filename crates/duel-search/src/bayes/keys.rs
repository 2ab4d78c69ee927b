//! The selection keys of Theorem 11 that the descent (`select.rs`) and the update
//! (`update.rs`) both read: U_n √Z_n of each child in plain arithmetic ([`plain_keys`]) or in
//! the logarithms of section 8.1 ([`log_keys`]), the quotients √Z/f that replace them where
//! every f is positive ([`by_ratio`], [`ratio`]), and whether one child's key is the only
//! largest ([`unique_max`]).

use super::node::Node;
use super::val::{larger, Val, PLAIN_MIN};

/// A choice of the descent not known without [`Bayes::select`] ([`Bayes::departure_top`]).
pub(super) const PICK_UNKNOWN: u32 = 0;
/// Children up to which [`Brothers::of`] can name those with the largest key.
pub(super) const MAX_PICK: usize = 31;

/// Degrees up to which the plain update keeps its products on the stack.
pub(super) const UPDATE_STACK: usize = 16;

/// Whether [`Bayes::select`] compares the children `kids` by √Z/f ([`ratio`]): every child
/// plain with f > 0 (f = 1 − R where J1 moves, R where J0 moves), so that U = P/f with the same
/// P > 0 for all. Otherwise it compares the keys U √Z themselves ([`selection_keys`]).
#[inline(always)]
pub(super) fn by_ratio<M>(kids: &[Node<M>], j1_moves: bool) -> bool {
    kids.iter().all(|k| {
        let f = if j1_moves { k.val.b } else { k.val.a };
        k.val.is_plain() && f > 0.0
    })
}

/// √Z/f of a plain value with f > 0 ([`by_ratio`]).
#[inline(always)]
pub(super) fn ratio(v: &Val, j1_moves: bool) -> f64 {
    v.w / if j1_moves { v.b } else { v.a }
}

/// Whether the key at `ci` is strictly above all the others (NaN is above nothing), that is,
/// whether [`argmax_random_ties`] returns `ci` without a draw.
pub(super) fn unique_max(keys: impl Iterator<Item = f64>, ci: usize) -> bool {
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
/// [`log_keys`] when the plain form does not apply), into `keys`. Marked inline so that the
/// code unit of each file that calls it may inline it, and [`log_keys`] within it.
#[inline]
pub(super) fn selection_keys<M>(
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

/// The logarithmic update (section 8.1): fills `terms` with (ln f, ln g, ln √Z) of each child,
/// writes the keys ln U_k + ln √Z_k into `keys` when given, and returns (Σ ln f, ln √Z).
/// Marked inline for its callers in other files (other code units).
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
