//! Example 28 and Remark 29 of Delattre & Fournier: on a homogeneous Galton–Watson tree the
//! 𝔰 of Algorithm 13 solves the fixed-point equation (12), whose map F is a contraction of
//! factor κ = Σ_{ℓ≥1} μ(ℓ); for μ = (1 − p)δ₀ + pδ_d and a = a₀, the root of
//! a₀ = (1 − a₀)^{1/d}, (12) has the closed form 𝔰(a₀) = (1 − p)a₀^{d+1}/[1 − p a₀^{2d−2}].
//! Both are checked in floating point (the values are irrational) for d = 2..=5 and
//! p ∈ {1/(2d), 1/d}.

use crate::{Check, Claim, Status};

/// The degrees d and leaf probabilities p checked.
fn models() -> Vec<(u32, f64)> {
    (2..=5u32)
        .flat_map(|d| [(d, 0.5 / d as f64), (d, 1.0 / d as f64)])
        .collect()
}

/// F(𝔰)(α) of (12) for μ = (1 − p)δ₀ + pδ_d.
fn f_map(s: &dyn Fn(f64) -> f64, alpha: f64, d: u32, p: f64) -> f64 {
    let d = d as f64;
    let child = (1.0 - alpha).powf(1.0 / d);
    (1.0 - p) * alpha * (1.0 - alpha) + p * (1.0 - alpha).powf(2.0 * (d - 1.0) / d) * s(child)
}

/// The solution of (12) at α, by n applications of F to 𝔰 ≡ 0 along α's orbit
/// α ↦ (1 − α)^{1/d} (its error is at most κⁿ, F being a κ-contraction into [0, 1]).
fn fixed_point(alpha: f64, d: u32, p: f64, n: u32) -> f64 {
    if n == 0 {
        return 0.0;
    }
    f_map(&|x| fixed_point(x, d, p, n - 1), alpha, d, p)
}

/// The root a₀ ∈ (0, 1) of a = (1 − a)^{1/d}, by bisection (a − (1 − a)^{1/d} increases).
pub fn a0(d: u32) -> f64 {
    let g = |a: f64| a - (1.0 - a).powf(1.0 / d as f64);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if g(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Example 28's contraction: the largest ratio ‖F𝔰₁ − F𝔰₂‖∞ / ‖𝔰₁ − 𝔰₂‖∞ over an α grid,
/// for two functions of [0, 1] into [0, 1], against κ = p.
fn contraction() -> Check {
    let s1 = |a: f64| 4.0 * a * (1.0 - a);
    let s2 = |a: f64| a * a;
    let grid: Vec<f64> = (0..=400).map(|i| i as f64 / 400.0).collect();
    let sup = |h: &dyn Fn(f64) -> f64| grid.iter().map(|&a| h(a).abs()).fold(0.0, f64::max);
    // ‖𝔰₁ − 𝔰₂‖∞ over the whole interval: 4a − 5a² peaks at a = 2/5 (4/5), and |…| is 1 at 1.
    let norm = sup(&|a| s1(a) - s2(a)).max(1.0);
    let mut worst = 0.0f64;
    let mut holds = true;
    for (d, p) in models() {
        let diff = |a: f64| f_map(&s1, a, d, p) - f_map(&s2, a, d, p);
        let ratio = sup(&diff) / norm;
        holds &= ratio <= p * (1.0 + 1e-12);
        worst = worst.max(ratio / p);
    }
    Claim {
        item: "Example 28, (12)'s map F is a contraction of factor κ = Σ_{ℓ≥1} μ(ℓ)",
        source: "Delattre & Fournier, Example 28",
        published: "‖F(𝔰₁) − F(𝔰₂)‖∞ ≤ κ‖𝔰₁ − 𝔰₂‖∞",
        computed: &format!(
            "ratio ≤ κ = p for μ = (1 − p)δ₀ + pδ_d, d = 2..5, p = 1/(2d), 1/d (largest ratio/κ: {worst:.4})"
        ),
        note: "𝔰₁ = 4α(1 − α), 𝔰₂ = α², sup over 401 values of α",
    }
    .judged(Status::of(holds))
}

/// Remark 29: a₀ and the closed form of 𝔰(a₀), against (12) solved by iteration.
fn remark_29() -> Vec<Check> {
    let roots: Vec<f64> = (2..=5).map(a0).collect();
    let root_ok =
        roots.iter().zip(2..=5).all(|(&a, d)| {
            (a - (1.0 - a).powf(1.0 / d as f64)).abs() < 1e-15 && a > 0.0 && a < 1.0
        }) && (roots[0] - (5f64.sqrt() - 1.0) / 2.0).abs() < 1e-15;
    let mut worst = 0.0f64;
    for (d, p) in models() {
        let a = a0(d);
        let closed = (1.0 - p) * a.powi(d as i32 + 1) / (1.0 - p * a.powi(2 * d as i32 - 2));
        // κⁿ = p⁶⁰ ≤ 2⁻⁶⁰: the iteration's error is below f64's resolution.
        worst = worst.max((fixed_point(a, d, p, 60) - closed).abs());
    }
    // On d-regular trees the children of a node of m = a₀ have m = 1 − (1 − a₀)^{1/d} = 1 − a₀.
    let child_err = (2..=5)
        .map(|d| {
            let a = a0(d);
            ((1.0 - (1.0 - a).powf(1.0 / d as f64)) - (1.0 - a)).abs()
        })
        .fold(0.0, f64::max);
    let listed = roots
        .iter()
        .zip(2..)
        .map(|(a, d)| format!("{a:.6} (d = {d})"))
        .collect::<Vec<_>>()
        .join(", ");
    vec![
        Claim {
            item: "Remark 29, a₀ = (1 − a₀)^{1/d}",
            source: "Delattre & Fournier, Remark 29",
            published: "a unique a₀ ∈ (0, 1)",
            computed: &format!("a₀ = {listed}; d = 2: (√5 − 1)/2"),
            note: "bisection: a − (1 − a)^{1/d} increases from −1 to 1 on [0, 1]",
        }
        .judged(Status::of(root_ok && child_err < 1e-15)),
        Claim {
            item: "Remark 29, 𝔰(a₀) = (1 − p)a₀^{d+1}/[1 − p a₀^{2d−2}]",
            source: "Delattre & Fournier, Remark 29",
            published: "the solution of (12) at a₀",
            computed: &format!(
                "equal to (12) solved by 60 steps of F: largest gap {worst:.1e}, d = 2..5, p = 1/(2d), 1/d"
            ),
            note: "the children of a₀ have m = 1 − a₀, as the remark says",
        }
        .judged(Status::of(worst < 1e-12)),
    ]
}

/// Example 28's and Remark 29's items.
pub(super) fn items() -> Vec<Check> {
    let mut out = vec![contraction()];
    out.extend(remark_29());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a0_solves_its_equation_and_is_the_golden_section_for_d_2() {
        for d in 2..=5 {
            let a = a0(d);
            assert!((a.powi(d as i32) - (1.0 - a)).abs() < 1e-14, "d = {d}");
        }
        assert!((a0(2) - 0.618_033_988_749_895).abs() < 1e-14);
    }

    #[test]
    fn every_item_matches() {
        for c in items() {
            assert_eq!(c.status, Status::Matches, "{}: {}", c.item, c.computed);
        }
    }

    #[test]
    fn a_wrong_closed_form_would_be_caught() {
        // The iteration is sensitive to the formula: dropping the denominator changes 𝔰(a₀).
        let (d, p) = (2, 0.5);
        let a = a0(d);
        let wrong = (1.0 - p) * a.powi(3);
        assert!((fixed_point(a, d, p, 60) - wrong).abs() > 1e-3);
    }
}
