//! The arithmetic of section 8.1: the (ln r, ln(1 − r)) pairs used by the search agree with the
//! paper's logit formulas (a)–(e) over the whole range, including values that round to 0 or 1.

use duel_search::logit::{phi_ln, phi_product, phi_sum, LogProb};
use proptest::prelude::*;

fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= 1e-9 * (1.0 + a.abs().max(b.abs()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Delattre & Fournier (8.1 (b)): φ(rs) from φ(r), φ(s), for logits up to ±2000
    /// (probabilities within e^-2000 of 0 or 1).
    #[test]
    fn products_agree_with_formula_b(u in -2000.0f64..2000.0, v in -2000.0f64..2000.0) {
        let p = LogProb::product(&[LogProb::from_logit(u), LogProb::from_logit(v)]);
        prop_assert!(close(p.logit(), phi_product(u, v)), "{} vs {}", p.logit(), phi_product(u, v));
        // (e): ln r.
        prop_assert!(close(LogProb::from_logit(u).ln_p, phi_ln(u)));
    }

    /// 8.1 (c): φ(r + s) when r + s ≤ 1, i.e. 1 − (1 − r')(1 − s') computed as a complement
    /// product for small r, s.
    #[test]
    fn sums_of_small_probabilities_agree_with_formula_c(u in -2000.0f64..-3.0, v in -2000.0f64..-3.0) {
        // r + s = 1 − (1 − r − s); for tiny r, s, 1 − (1 − r)(1 − s) = r + s − rs.
        let q = LogProb::complement_product(&[LogProb::from_logit(u), LogProb::from_logit(v)]);
        let rs = phi_product(u, v);
        // φ(r + s − rs) ≈ φ(r + s) up to the relative size of rs against r + s.
        let sum = phi_sum(u, v);
        prop_assert!(q.logit() <= sum + 1e-12);
        prop_assert!(sum - q.logit() <= (rs - sum).exp() * 4.0 + 1e-9);
    }

    /// Products of many factors near 1 keep 1 − Π r exactly as Σ (1 − r) to first order:
    /// distinct from 1 even when every factor rounds to 1.0.
    #[test]
    fn near_one_products_stay_below_one(k in 1usize..40, u in 40.0f64..5000.0) {
        let f = LogProb::from_logit(u);
        prop_assert_eq!(f.prob(), 1.0);
        let p = LogProb::product(&vec![f; k]);
        prop_assert!(!p.is_certain());
        // 1 − r^k ≈ k (1 − r): ln(1 − r^k) = ln k − u to first order.
        prop_assert!(close(p.ln_q, (k as f64).ln() - u) || (p.ln_q - ((k as f64).ln() - u)).abs() < 1e-6);
    }
}
