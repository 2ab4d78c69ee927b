//! The stored value of a node, R_n and √Z_n ([`Val`]): plain floats, or the logarithms of
//! section 8.1 near the extremes; how the results of eqs. (2)–(4) computed in plain arithmetic
//! become one, and the keys of the caches of values computed from a value.

use crate::logit::LogProb;

/// R_n(x) and Z_n(x) of a node. While the node is on the boundary (state `BOUNDARY`), its
/// prior m and s (Proposition 9, Notation 10).
///
/// Hybrid representation. A value is *plain*, (a, b, w) = (r, 1 − r, √Z) with each of a, b, w
/// either exactly 0 or in [`PLAIN_MIN`, 1] (w ≤ e³⁴⁵, `LN_PLAIN_MIN`), or *logarithmic*,
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
    pub(super) a: f64,
    pub(super) b: f64,
    pub(super) w: f64,
}

/// Smallest nonzero plain value (2⁻⁵⁰⁰): products of two such stay normal floats.
pub(super) const PLAIN_MIN: f64 = 3.054936363499605e-151;
/// ln of a logarithmic value converted to plain must be ≥ this (e⁻³⁴⁵ > 2⁻⁵⁰⁰) or −∞; a
/// plain √Z is at most e³⁴⁵ < 2⁵⁰⁰.
pub(super) const LN_PLAIN_MIN: f64 = -345.0;

impl Val {
    pub(super) const ONE: Val = Val {
        a: 1.0,
        b: 0.0,
        w: 0.0,
    };
    pub(super) const ZERO: Val = Val {
        a: 0.0,
        b: 1.0,
        w: 0.0,
    };

    /// Whether (a, b, w) = (r, 1 − r, √Z) rather than their logarithms.
    #[inline]
    pub(super) fn is_plain(&self) -> bool {
        self.a + self.b > 0.0
    }

    /// From (ln r, ln(1 − r)) and ln √Z: plain when all three are in range.
    #[inline]
    pub(super) fn from_log(r: LogProb, ln_w: f64) -> Val {
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
    pub(super) fn to_log(self) -> (LogProb, f64) {
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
    pub(super) fn bits(&self) -> [u64; 3] {
        [self.a.to_bits(), self.b.to_bits(), self.w.to_bits()]
    }

    /// Whether r is exactly 0 or 1.
    #[inline]
    pub(super) fn is_certain(&self) -> bool {
        if self.is_plain() {
            self.a == 0.0 || self.b == 0.0
        } else {
            self.a == f64::NEG_INFINITY || self.b == f64::NEG_INFINITY
        }
    }
}

/// A hash of `key` (a value's bits and a word of context): its high bits are well mixed.
#[inline]
pub(super) fn memo_hash(key: &([u64; 3], u64)) -> u64 {
    (key.0[0] ^ key.0[1].rotate_left(17) ^ key.0[2].rotate_left(39) ^ key.1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The slot of `key` in a direct-mapped cache of `size` entries.
#[inline]
pub(super) fn memo_slot(key: &([u64; 3], u64), size: usize) -> usize {
    (memo_hash(key) >> 52) as usize % size
}

/// Whether two keys of the caches are equal, compared word by word: as arrays they would be
/// compared through the stack, where reading their 8-byte stores back as 16-byte loads stalls
/// store forwarding.
#[inline(always)]
pub(super) fn same_key(x: &([u64; 3], u64), y: &([u64; 3], u64)) -> bool {
    ((x.0[0] ^ y.0[0]) | (x.0[1] ^ y.0[1]) | (x.0[2] ^ y.0[2]) | (x.1 ^ y.1)) == 0
}

/// Whether two values have the same bits, compared word by word ([`same_key`]).
#[inline(always)]
pub(super) fn same_bits(x: &Val, y: &Val) -> bool {
    ((x.a.to_bits() ^ y.a.to_bits())
        | (x.b.to_bits() ^ y.b.to_bits())
        | (x.w.to_bits() ^ y.w.to_bits()))
        == 0
}

/// (m, ln s) of a boundary node, read off its stored value (exact for logarithmic values,
/// within one rounding of the logarithms it was stored from for plain ones).
#[inline]
pub(super) fn prior_of(v: Val) -> (LogProb, f64) {
    let (m, ln_w) = v.to_log();
    (m, 2.0 * ln_w)
}

/// The larger of two numbers, neither NaN (the plain values' √Z and quotients are finite):
/// one `maxsd` on x86-64, where `f64::max`, which must also handle NaN, takes four more
/// instructions on the critical path of the update (√Z of each level waits for the one below).
#[inline(always)]
pub(super) fn larger(x: f64, y: f64) -> f64 {
    if x > y {
        x
    } else {
        y
    }
}

/// The value of a node from P = Π f, 1 − P and √Z computed in plain arithmetic: plain when
/// in range, else (accurate, every term being ≥ 2⁻¹⁰⁰⁰) stored as logarithms.
#[inline]
pub(super) fn plain_or_log(p: f64, q: f64, w: f64, j1_moves: bool) -> Val {
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
/// In place of `v != 0.0 && v < PLAIN_MIN`, two branches per value at every level of an
/// update.
#[inline(always)]
pub(super) fn below_plain(v: f64) -> bool {
    v.to_bits().wrapping_sub(1) < PLAIN_MIN.to_bits() - 1
}

/// [`plain_or_log`]'s rare case, out of line. Inlined, its three calls into libm would make
/// the loops that update a branch level by level keep their values on the stack (every
/// register of the floating-point unit is lost across a call).
#[cold]
#[inline(never)]
pub(super) fn logs_of(a: f64, b: f64, w: f64) -> Val {
    Val {
        a: a.ln(),
        b: b.ln(),
        w: w.ln(),
    }
}
