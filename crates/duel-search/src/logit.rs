//! Probabilities near 0 and 1 without rounding them away (Delattre & Fournier, section 8.1).
//!
//! Algorithm 13 multiplies many numbers of [0, 1]; done naively, products collapse to 0 or 1
//! and the search stops working. The paper stores φ(r) = log(r / (1 − r)) and gives the
//! formulas (a)–(e) for products, sums, quotients and logarithms; they are implemented
//! literally here ([`phi_complement`], [`phi_product`], [`phi_sum`], [`phi_quotient`],
//! [`phi_ln`]). The search itself uses [`LogProb`], the pair (log r, log(1 − r)), which the
//! paper calls "more or less equivalent" (φ = log r − log(1 − r)): a product then costs
//! additions plus one `log1mexp`, a third of the exponentials of formula (b), and keeps the
//! same range. Both are tested against each other and at the extremes.

/// ln(1 − e^x) for x ≤ 0, accurate everywhere (Mächler's two-branch rule).
#[inline]
pub fn log1mexp(x: f64) -> f64 {
    if x > -std::f64::consts::LN_2 {
        (-x.exp_m1()).ln()
    } else {
        (-x.exp()).ln_1p()
    }
}

/// ln(1 + e^x), accurate for all x.
pub fn softplus(x: f64) -> f64 {
    if x > 0.0 {
        x + (-x).exp().ln_1p()
    } else {
        x.exp().ln_1p()
    }
}

/// ln(Σ e^{x_i}) of a slice, -∞ for an empty slice or all -∞.
#[inline]
pub fn log_sum_exp(xs: impl Iterator<Item = f64> + Clone) -> f64 {
    let m = xs.clone().fold(f64::NEG_INFINITY, f64::max);
    if m == f64::NEG_INFINITY {
        return m;
    }
    if m == f64::INFINITY {
        return m;
    }
    m + xs.map(|x| (x - m).exp()).sum::<f64>().ln()
}

/// A probability r stored as (ln r, ln(1 − r)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LogProb {
    /// ln r.
    pub ln_p: f64,
    /// ln(1 − r).
    pub ln_q: f64,
}

/// Below this |ln r|, 1 − Π r_k is computed as Σ (1 − r_k) (exact to f64 precision there).
const TINY_LOG: f64 = -1e-200;

impl LogProb {
    /// Certainly 0.
    pub const ZERO: LogProb = LogProb {
        ln_p: f64::NEG_INFINITY,
        ln_q: 0.0,
    };
    /// Certainly 1.
    pub const ONE: LogProb = LogProb {
        ln_p: 0.0,
        ln_q: f64::NEG_INFINITY,
    };

    /// From a probability in [0, 1].
    pub fn from_prob(r: f64) -> LogProb {
        LogProb {
            ln_p: r.ln(),
            ln_q: (-r).ln_1p(),
        }
    }

    /// From φ(r) = ln(r / (1 − r)), ±∞ allowed.
    pub fn from_logit(u: f64) -> LogProb {
        if u == f64::INFINITY {
            return LogProb::ONE;
        }
        if u == f64::NEG_INFINITY {
            return LogProb::ZERO;
        }
        LogProb {
            ln_p: -softplus(-u),
            ln_q: -softplus(u),
        }
    }

    /// From ln r (ln(1 − r) is derived).
    #[inline]
    pub fn from_ln(ln_p: f64) -> LogProb {
        LogProb {
            ln_p,
            ln_q: log1mexp(ln_p),
        }
    }

    /// φ(r) = ln r − ln(1 − r).
    #[inline]
    pub fn logit(self) -> f64 {
        self.ln_p - self.ln_q
    }

    /// r as a float (rounds near 1).
    #[inline]
    pub fn prob(self) -> f64 {
        self.ln_p.exp()
    }

    /// 1 − r.
    #[inline]
    pub fn complement(self) -> LogProb {
        LogProb {
            ln_p: self.ln_q,
            ln_q: self.ln_p,
        }
    }

    /// Whether r is exactly 0 or 1.
    #[inline]
    pub fn is_certain(self) -> bool {
        self.ln_p == f64::NEG_INFINITY || self.ln_q == f64::NEG_INFINITY
    }

    /// Π r_k (1 for an empty product).
    pub fn product(items: &[LogProb]) -> LogProb {
        let ln_p: f64 = items.iter().map(|x| x.ln_p).sum();
        LogProb::with_ln_p_of_product(ln_p, items.iter().map(|x| x.ln_q))
    }

    /// The product whose logarithm is `ln_p`, of factors whose ln(1 − r_k) are `ln_qs`.
    #[inline]
    pub(crate) fn with_ln_p_of_product(
        ln_p: f64,
        ln_qs: impl Iterator<Item = f64> + Clone,
    ) -> LogProb {
        let ln_q = if ln_p == f64::NEG_INFINITY {
            0.0
        } else if ln_p > TINY_LOG {
            // Every factor is within 1e-200 of 1: 1 − Π r_k = Σ (1 − r_k) to f64 precision.
            log_sum_exp(ln_qs)
        } else {
            log1mexp(ln_p)
        };
        LogProb { ln_p, ln_q }
    }

    /// [`LogProb::with_ln_p_of_product`] with its `log1mexp` looked up in `memo`: the same
    /// value, bit for bit.
    #[inline]
    pub(crate) fn with_ln_p_of_product_memo(
        ln_p: f64,
        ln_qs: impl Iterator<Item = f64> + Clone,
        memo: &mut Log1mexpMemo,
    ) -> LogProb {
        let ln_q = if ln_p == f64::NEG_INFINITY {
            0.0
        } else if ln_p > TINY_LOG {
            log_sum_exp(ln_qs)
        } else {
            memo.get(ln_p)
        };
        LogProb { ln_p, ln_q }
    }

    /// 1 − Π (1 − r_k).
    pub fn complement_product(items: &[LogProb]) -> LogProb {
        let ln_q: f64 = items.iter().map(|x| x.ln_q).sum();
        LogProb::with_ln_p_of_product(ln_q, items.iter().map(|x| x.ln_p)).complement()
    }

    /// r^(1/n), n ≥ 1.
    pub fn root(self, n: u32) -> LogProb {
        let ln_p = self.ln_p / n as f64;
        let ln_q = if ln_p > TINY_LOG {
            // 1 − r^(1/n) ≈ (1 − r)/n when r is within 1e-200 of 1.
            self.ln_q - (n as f64).ln()
        } else {
            log1mexp(ln_p)
        };
        LogProb { ln_p, ln_q }
    }
}

/// A direct-mapped cache of [`log1mexp`] by the bits of its argument. Algorithm 13 needs one
/// `log1mexp` per level of every update, each waiting for the one below (a dependent chain of
/// about 40 ns each); the same arguments recur (near the leaves, along new branches whose
/// priors depend only on the depth), and a hit costs a few ns. Exact: a hit returns what
/// `log1mexp` returned for the same bits. Its 64 KiB are allocated at the first call: an
/// agent whose values stay in plain arithmetic makes none, and is then cheaper to create.
#[derive(Clone, Debug, Default)]
pub struct Log1mexpMemo {
    entries: Vec<(u64, f64)>,
}

/// Entries of [`Log1mexpMemo`] (a power of two).
const LOG1MEXP_MEMO: usize = 4096;

impl Log1mexpMemo {
    /// log1mexp(x), from the cache when x was seen.
    #[inline]
    pub fn get(&mut self, x: f64) -> f64 {
        if self.entries.is_empty() {
            // u64::MAX is a NaN, never an argument.
            self.entries = vec![(u64::MAX, 0.0); LOG1MEXP_MEMO];
        }
        let bits = x.to_bits();
        let slot = (bits.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize & (LOG1MEXP_MEMO - 1);
        let e = &mut self.entries[slot];
        if e.0 == bits {
            return e.1;
        }
        let v = log1mexp(x);
        *e = (bits, v);
        v
    }
}

/// (a) φ(1 − r) = −φ(r).
pub fn phi_complement(u: f64) -> f64 {
    -u
}

/// (b) φ(rs) from u = φ(r), v = φ(s).
pub fn phi_product(u: f64, v: f64) -> f64 {
    let (u, v) = if v <= u { (u, v) } else { (v, u) };
    if v == f64::NEG_INFINITY {
        return f64::NEG_INFINITY;
    }
    if u < 0.0 {
        u + v - (1.0 + u.exp() + v.exp()).ln()
    } else if v == f64::INFINITY {
        f64::INFINITY
    } else {
        v - (1.0 + (-u).exp() + (v - u).exp()).ln()
    }
}

/// (c) φ(r + s) from u = φ(r) ≥ v = φ(s), when r + s ≤ 1.
pub fn phi_sum(u: f64, v: f64) -> f64 {
    let (u, v) = if v <= u { (u, v) } else { (v, u) };
    if u == f64::NEG_INFINITY {
        f64::NEG_INFINITY
    } else if v == f64::NEG_INFINITY {
        u
    } else {
        u + (1.0 + (v - u).exp() + 2.0 * v.exp()).ln() - (-(u + v).exp()).ln_1p()
    }
}

/// (d) φ(s / r) from u = φ(r) ≥ v = φ(s).
pub fn phi_quotient(u: f64, v: f64) -> f64 {
    if u == v {
        f64::INFINITY
    } else if u == f64::INFINITY {
        v
    } else if u < 0.0 {
        u.exp().ln_1p() - u + v - (-(v - u).exp()).ln_1p()
    } else {
        (-u).exp().ln_1p() + v - (-(v - u).exp()).ln_1p()
    }
}

/// (e) ln r from u = φ(r).
pub fn phi_ln(u: f64) -> f64 {
    if u < 0.0 {
        u - u.exp().ln_1p()
    } else {
        -(-u).exp().ln_1p()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        if a == b {
            return true;
        }
        (a - b).abs() <= tol * (1.0 + a.abs().max(b.abs()))
    }

    #[test]
    fn formulas_agree_with_plain_arithmetic_in_the_middle() {
        let phi = |r: f64| (r / (1.0 - r)).ln();
        for &(r, s) in &[(0.3, 0.2), (0.9, 0.5), (0.5, 0.5), (0.99, 0.01)] {
            assert!(close(phi_product(phi(r), phi(s)), phi(r * s), 1e-12));
            if r + s <= 1.0 {
                assert!(close(phi_sum(phi(r), phi(s)), phi(r + s), 1e-12));
            }
            let (big, small) = if r >= s { (r, s) } else { (s, r) };
            if big > small {
                assert!(close(
                    phi_quotient(phi(big), phi(small)),
                    phi(small / big),
                    1e-12
                ));
            }
            assert!(close(phi_ln(phi(r)), r.ln(), 1e-12));
            let lp = LogProb::product(&[LogProb::from_prob(r), LogProb::from_prob(s)]);
            assert!(close(lp.logit(), phi(r * s), 1e-12));
        }
    }

    #[test]
    fn log1mexp_memo_is_exact() {
        // Hits, misses and slot collisions all return log1mexp's bits.
        let mut memo = Log1mexpMemo::default();
        for round in 0..3 {
            for i in 1..20_000u32 {
                let x = -(i as f64) * 1e-3 * (1.0 + round as f64 * 1e-9) - 1e-250;
                assert_eq!(memo.get(x).to_bits(), log1mexp(x).to_bits(), "{x}");
            }
        }
        assert_eq!(memo.get(-1e-300).to_bits(), log1mexp(-1e-300).to_bits());
        assert_eq!(memo.get(-800.0).to_bits(), log1mexp(-800.0).to_bits());
    }

    #[test]
    fn extremes_stay_distinct() {
        // 1 − e^{-800} and 1 − e^{-801} both round to 1.0 in f64; their logits stay apart.
        let a = LogProb::from_logit(800.0);
        let b = LogProb::from_logit(801.0);
        assert_eq!(a.prob(), 1.0);
        assert_eq!(b.prob(), 1.0);
        assert!(a.ln_q > b.ln_q);
        // A product of two such numbers: 1 − rs ≈ e^{-800} + e^{-801}.
        let ab = LogProb::product(&[a, b]);
        let want = -phi_product(800.0, 801.0);
        assert!(close(-ab.logit(), want, 1e-12), "{} {}", ab.logit(), want);
        assert!(!ab.is_certain());
        // Near 0: e^{-800} · e^{-801}.
        let c = LogProb::product(&[a.complement(), b.complement()]);
        assert!(close(c.logit(), phi_product(-800.0, -801.0), 1e-12));
        assert!(close(c.logit(), -1601.0, 1e-12));
        // 1 − (1 − r)(1 − s) with r, s tiny: r + s.
        let d = LogProb::complement_product(&[a.complement(), b.complement()]);
        assert!(close(d.logit(), phi_sum(-800.0, -801.0), 1e-12));
        // Certain values stay certain.
        assert_eq!(
            LogProb::product(&[LogProb::ONE, LogProb::ONE]),
            LogProb::ONE
        );
        assert!(LogProb::product(&[LogProb::ONE, LogProb::ZERO]).ln_p == f64::NEG_INFINITY);
        assert_eq!(LogProb::product(&[a, LogProb::ONE]).ln_q, a.ln_q);
        // Roots near 1.
        let r = a.root(7);
        assert!(close(r.ln_q, a.ln_q - 7f64.ln(), 1e-12));
    }

    #[test]
    fn logit_formulas_at_the_extremes() {
        // (b) with u ≥ 750, where log(1 + e^u) overflows naively.
        assert!(close(
            phi_product(1000.0, 999.0),
            999.0 - (1.0 + (-1.0f64).exp()).ln(),
            1e-12
        ));
        assert_eq!(phi_product(f64::INFINITY, f64::INFINITY), f64::INFINITY);
        assert_eq!(phi_product(f64::INFINITY, 3.0), 3.0 - (1.0f64).ln());
        assert_eq!(phi_ln(-1000.0), -1000.0);
        assert_eq!(phi_complement(5.0), -5.0);
    }
}
