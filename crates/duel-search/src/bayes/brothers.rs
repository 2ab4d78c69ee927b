//! Section 2.12: after a match only its branch changes, so the update of a node on the branch
//! combines its child's new value with what the child's brothers give, F = Π f, 1 − F and the
//! largest √Z/f ([`Brothers`]), which the next update through the same child reuses; and with
//! them, which child the next descent chooses there (Theorem 11's keys).

use super::keys::{MAX_PICK, PICK_UNKNOWN};
use super::node::Node;
use super::val::{larger, plain_or_log, Val, PLAIN_MIN};

/// What the brothers of the branch's child contribute to the update of their father (see
/// [`Brothers::on_branch`]): F = Π_{j≠c} f_j and 1 − F = Σ_{j≠c} g_j Π_{l<j, l≠c} f_l (a
/// telescoping sum with no cancellation), both in index order, and the largest √Z_j / f_j.
/// None when a brother is logarithmic or has f = 0.
#[derive(Clone, Copy, Debug)]
pub(super) struct Brothers {
    pub(super) f: f64,
    pub(super) q: f64,
    pub(super) ratio: f64,
}

impl Brothers {
    /// No brother yet: the empty product and sum.
    pub(super) const NONE: Brothers = Brothers {
        f: 1.0,
        q: 0.0,
        ratio: 0.0,
    };

    /// Brothers for which [`Brothers::with_child`] gives up, as when one of them is
    /// logarithmic or has f = 0 ([`Brothers::of`] is None): F = 0, so that P underflows.
    pub(super) const GAVE_UP: Brothers = Brothers {
        f: 0.0,
        q: 0.0,
        ratio: 0.0,
    };

    /// F, 1 − F and max √Z/f of the brothers `kids` without `ci`, and which brothers have
    /// that largest √Z/f, as bits of their index among the children (0 when there are more
    /// than [`MAX_PICK`] children).
    #[inline(always)]
    pub(super) fn of<M>(kids: &[Node<M>], ci: usize, j1_moves: bool) -> Option<(Brothers, u32)> {
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
    pub(super) fn uniform(v: Val, n: usize, j1_moves: bool) -> Option<Brothers> {
        let mut b = Brothers::NONE;
        for _ in 0..n {
            b.add(v, j1_moves)?;
        }
        Some(b)
    }

    /// One more brother, after the others in index order; returns its √Z/f.
    #[inline(always)]
    pub(super) fn add(&mut self, v: Val, j1_moves: bool) -> Option<f64> {
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
    pub(super) fn on_branch(self, child: Val, j1_moves: bool) -> Option<(Val, bool)> {
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
    pub(super) fn top_with(self, top: u32, ci: usize, child: Val, j1_moves: bool) -> u32 {
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
    pub(super) fn with_child(self, child: Val, j1_moves: bool) -> Option<Val> {
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
