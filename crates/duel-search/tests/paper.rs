//! Published values of Delattre & Fournier reproduced by the search module.

use std::sync::Arc;

use duel_core::game::Game;
use duel_games::pearl::{self, Pearl};
use duel_search::experiments::{
    alpha_beta_expected_leaves, golden, leaves_experiment, remark17, solve_root,
};
use duel_search::priors::PriorKind;
use num_bigint::BigInt;
use num_rational::BigRational;

fn rat(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

#[test]
fn remark_17_exact_expectations() {
    let r = remark17();
    // Delattre & Fournier, proof of Remark 17: 𝔪(1) = 9/16, 𝔪(2) = 3/4, 𝔪(3) = 1/2,
    // 𝔰(1) = 9/256, 𝔰(2) = 1/16, 𝔰(3) = 1/4, E[R(r)] = 𝔪(0) = 207/256.
    assert_eq!(r.m, vec![rat(207, 256), rat(9, 16), rat(3, 4), rat(1, 2)]);
    assert_eq!(&r.s[1..], &[rat(9, 256), rat(1, 16), rat(1, 4)]);
    // R_1(r) = 228/256 if R(x_1) = 1, 186/256 otherwise.
    assert_eq!(r.r1, (rat(228, 256), rat(186, 256)));
    // Algorithm 13 visits 111 then 121 (if R(111) = 1) or 112 (if R(111) = 0).
    assert_eq!(r.first_leaves[0], "111,121");
    assert_eq!(r.first_leaves[1], "111,112");
    // E[(R_n(r) − R(r))²] for n = 1, 2, 3: 4851/32768, 2107/16384, 859/8192.
    assert_eq!(
        r.algorithm13,
        vec![rat(4851, 32768), rat(2107, 16384), rat(859, 8192)]
    );
    // The alternative strategy: 4851/32768, 2215/16384, 847/8192 — worse after 2 steps,
    // better after 3: Algorithm 13 is not globally optimal.
    assert_eq!(
        r.alternative,
        vec![rat(4851, 32768), rat(2215, 16384), rat(847, 8192)]
    );
    assert!(r.alternative[1] > r.algorithm13[1]);
    assert!(r.alternative[2] < r.algorithm13[2]);
}

#[test]
fn alpha_beta_optimum_of_section_8_11() {
    // Delattre & Fournier 8.11 table, last row: (2/(√5−1))^K = 6.8541, 46.9787, 321.9969,
    // 2206.9995 for K = 4, 8, 12, 16; our SOLVE recursion gives the same expectation.
    let published = [(4, 6.8541), (8, 46.9787), (12, 321.9969), (16, 2206.9995)];
    for (k, v) in published {
        let e = alpha_beta_expected_leaves(2, k, golden());
        let closed = (2.0 / (5f64.sqrt() - 1.0)).powi(k as i32);
        assert!((e - closed).abs() < 1e-9 * closed, "K={k}: {e} vs {closed}");
        assert!((closed - v).abs() < 1e-4, "K={k}: {closed} vs {v}");
    }
}

fn symp_golden() -> PriorKind {
    PriorKind::Symmetric {
        a: golden(),
        b: 2.0,
        name: "symp",
    }
}

#[test]
fn symp_needs_the_alpha_beta_number_of_leaves() {
    // Delattre & Fournier 8.11: τ̄_4 = 6.84, τ̄_8 = 47.14 over 10,000 trials, against
    // (2/(√5−1))^K = 6.8541 and 46.9787. We run fewer trials and allow 4 standard errors.
    for (k, trials) in [(4u32, 4000u64), (8, 1500)] {
        let base = Pearl::new(2, k, Some(golden()), 0).unwrap();
        let (summary, runs) = leaves_experiment(
            |s| base.with_seed(s),
            &symp_golden(),
            trials,
            2024,
            1 << 28,
            &|| {},
        )
        .unwrap();
        let target = (2.0 / (5f64.sqrt() - 1.0)).powi(k as i32);
        assert!(
            (summary.mean - target).abs() < 4.0 * summary.stderr,
            "K={k}: mean {} ± {} vs {target}",
            summary.mean,
            summary.stderr
        );
        // Proposition 15 (i): every iteration visits a new leaf.
        assert!(runs.iter().all(|r| r.leaves == r.iterations));
    }
}

/// R(r) of a Pearl realization by plain recursion over the game (Remark 1).
fn minimax<G: Game>(g: &G) -> bool {
    if let Some(o) = g.outcome() {
        return o == duel_core::game::Outcome::Win(duel_core::game::Player::First);
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let first = g.to_move() == duel_core::game::Player::First;
    let mut vals = moves.iter().map(|&m| {
        let mut c = g.clone();
        c.play(m);
        minimax(&c)
    });
    if first {
        vals.any(|v| v)
    } else {
        vals.all(|v| v)
    }
}

#[test]
fn every_prior_finds_the_exact_value_of_pearl_trees() {
    // Proposition 15 on Pearl realizations (d = 2, 3; K ≤ 8), every prior of the paper.
    let priors = [
        PriorKind::Symmetric {
            a: 0.5,
            b: 0.0,
            name: "sym",
        },
        PriorKind::Symmetric {
            a: 0.5,
            b: 0.0,
            name: "symp",
        },
        PriorKind::GaltonWatson { fit: 200 },
        PriorKind::GaltonWatson2 { fit: 200 },
    ];
    for (d, k) in [(2u32, 8u32), (3, 5)] {
        let base = Pearl::new(d, k, None, 0).unwrap();
        for seed in 0..12u64 {
            let g = base.with_seed(seed);
            let truth = minimax(&g);
            for p in &priors {
                let run = solve_root(&g, p, seed, false, 1 << 26).unwrap();
                assert_eq!(run.value, truth, "d={d} K={k} seed={seed} {p:?}");
                assert!(run.leaves <= (d as u64).pow(k));
            }
        }
    }
}

#[test]
fn fair_pearl_probability_for_section_8_4() {
    // Section 8.4: p such that E[R(r)] = 1/2 for d = 2, K = 32 (computed, not printed in the
    // paper); it is close to the fixed point (√5−1)/2 of the two-level map.
    let p = pearl::fair_leaf_probability(2, 32);
    assert!((pearl::expected_root_value(2, 32, p) - 0.5).abs() < 1e-12);
    assert!((p - golden()).abs() < 0.01, "{p}");
    let g = Pearl::from_spec("pearl:2:32").unwrap();
    assert_eq!(g.leaf_probability(), p);
    let _ = Arc::new(0);
}

#[test]
fn galton_watson_fit_recovers_pearls_model() {
    // Section 8.2: GW's μ_k, q_k are fitted from uniformly random matches; on Pearl's game the
    // fit must find μ_k = δ_2, q_K ≈ p, and 𝔪, 𝔰 are then Example 23's recursion (Remark 24).
    // Note that at d = 2 the fixed point (√5−1)/2 of the two-level map x ↦ 1 − (1 − x²)² is
    // repelling (slope 4x(1 − x²) ≈ 1.53), so an error of 0.002 in q_K grows about 30-fold
    // over 16 levels: GW fitted on a deep Pearl tree is far more confident than SymP.
    use duel_search::priors::{fit_galton_watson, galton_watson_tables, MatchStatistics};
    use rand::SeedableRng;
    let k = 16usize;
    let g = Pearl::new(2, k as u32, Some(golden()), 3).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let st = MatchStatistics::sample(&g, 40_000, &mut rng, None).unwrap();
    let (mu, q) = st.model();
    assert_eq!(mu.len(), k + 1);
    for law in &mu[..k] {
        assert_eq!(law, &vec![0.0, 0.0, 1.0]);
    }
    assert_eq!(mu[k], vec![1.0]);
    assert!((q[k] - golden()).abs() < 0.01, "q_K = {}", q[k]);
    let fitted = fit_galton_watson(&st);
    let (m, s) = galton_watson_tables(&mu, &q);
    assert_eq!((fitted.m.clone(), fitted.s.clone()), (m.clone(), s.clone()));
    // Remark 24's recursion in closed form for the fitted p̂.
    let p = q[k];
    assert!((m[k - 1] - p * p).abs() < 1e-12);
    assert!((s[k] - p * (1.0 - p)).abs() < 1e-12);
    assert!((s[k - 1] - p * p * p * (1.0 - p)).abs() < 1e-12);
    let amplification = (m[0] - golden()).abs() / (p - golden()).abs().max(1e-9);
    assert!(amplification > 5.0, "{amplification}");
}
