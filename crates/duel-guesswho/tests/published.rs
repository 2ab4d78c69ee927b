//! Every value the two Guess Who papers state, checked against the exact solver.

use duel_core::exact::Rational;
use duel_guesswho::closed_form::*;
use duel_guesswho::continuous::*;
use duel_guesswho::verify::*;
use duel_guesswho::*;

fn p(t: &Table, n: u64, m: u64) -> String {
    t.probability(n, m).unwrap().to_string()
}

fn r(a: i64, b: i64) -> Rational {
    Rational::new(a.into(), b.into())
}

fn to_f64(x: &Rational) -> f64 {
    x.numer().to_string().parse::<f64>().unwrap() / x.denom().to_string().parse::<f64>().unwrap()
}

#[test]
fn cushing_lemma_1_5_exceptional_values() {
    let t = Table::solve(12, Rules::Official, Questions::Two).unwrap();
    // Cushing et al., Lemma 1.5 (iii): P(4,4) = 9/16, P(6,4) = 1/2, P(10,4) = 2/5.
    assert_eq!(p(&t, 4, 4), "9/16");
    assert_eq!(p(&t, 6, 4), "1/2");
    assert_eq!(p(&t, 10, 4), "2/5");
    // Cushing et al., Theorem 1.1: the exceptional decisions 1, 3, 5 are optimal there, and
    // n_< is not: (4,4) has the unique optimal move 1+3.
    assert_eq!(t.best_moves(4, 4).unwrap(), vec![split(&[1, 3])]);
    assert!(t.is_optimal(6, 4, &split(&[3, 3])).unwrap());
    assert!(!t.is_optimal(6, 4, &split(&[2, 4])).unwrap());
    assert!(t.is_optimal(10, 4, &split(&[5, 5])).unwrap());
    assert!(!t.is_optimal(10, 4, &split(&[4, 6])).unwrap());
}

#[test]
fn cushing_small_cases() {
    let t = Table::solve(40, Rules::Official, Questions::Two).unwrap();
    for m in 1..=40 {
        // Cushing et al., section 1: P(1, m) = 1.
        assert_eq!(p(&t, 1, m), "1");
    }
    for n in 1..=40 {
        // Cushing et al., section 1: P(n, 1) = 1/n, reached by guessing.
        assert_eq!(t.probability(n, 1).unwrap(), Prob::new(1, n));
        assert!(t.is_optimal(n, 1, &Move::Guess).unwrap());
    }
    for m in 2..=40 {
        // Cushing et al., section 1: P(2, m) = (m−1)/m; the question 1 is always optimal and
        // the guess only when m = 2.
        assert_eq!(t.probability(2, m).unwrap(), Prob::new(m - 1, m));
        assert!(t.is_optimal(2, m, &split(&[1, 1])).unwrap());
        assert_eq!(t.is_optimal(2, m, &Move::Guess).unwrap(), m == 2);
        // ... and at n = 3 one guesses iff m = 1.
        assert!(!t.is_optimal(3, m, &Move::Guess).unwrap());
    }
}

#[test]
fn cushing_eq_6_and_lemma_1_5_proof_values() {
    let t = Table::solve(200, Rules::Official, Questions::Two).unwrap();
    for n in 10..=200u64 {
        // Cushing et al., eq. (6): P(n, 4) = 4/n for n ≥ 10.
        assert_eq!(t.probability(n, 4).unwrap(), Prob::new(4, n), "n = {n}");
    }
    for n in 11..=200u64 {
        let mp = |m: u64, k: u64| t.move_probability(n, m, &split(&[k, n - k])).unwrap();
        // Cushing et al., proof of Lemma 1.5: P(2,[1:n−1]) = (2n−3)/(2n), P(2,[k:n−k]) =
        // (n−2)/n for k ≥ 2 (Joe's probabilities; ours are the complements).
        assert_eq!(mp(2, 1), Prob::new(3, 2 * n));
        // P(4,[1:n−1]) = (4n−11)/(4n), P(4,[4:n−4]) = (4n−15)/(4n).
        assert_eq!(mp(4, 1), Prob::new(11, 4 * n));
        assert_eq!(mp(4, 4), Prob::new(15, 4 * n));
        for k in 2..=n / 2 {
            assert_eq!(mp(2, k), Prob::new(2, n));
            // Cushing et al. state P(3,[k:n−k]) = (3n−10)/(3n) for every k ≥ 2: true for
            // k ≥ 4; for k = 2, 3 (the same P(x,2) = 1/2 at x = 2, 3) Joe gets (3n−8)/(3n)
            // and (n−3)/n, still more than (3n−10)/(3n): the conclusion stands.
            let ours3 = match k {
                2 => Prob::new(8, 3 * n),
                3 => Prob::new(3, n),
                _ => Prob::new(10, 3 * n),
            };
            assert_eq!(mp(3, k), ours3, "n = {n}, k = {k}");
            // Cushing et al. state P(4,[k:n−k]) = (n−4)/n for every k ≥ 2, k ≠ 4. It holds
            // for k ≥ 5 only: P(4,[k:n−k]) = 1 − P([k:n−k],2) needs P(x,2) = 2/x, false for
            // x = 2, 3 (P(2,2) = P(3,2) = 1/2). For k = 2, 3 Joe gets (n−3)/n and
            // (2n−7)/(2n), still more than (n−4)/n, so the lemma's conclusion stands.
            let ours = match k {
                2 => Prob::new(3, n),
                3 => Prob::new(7, 2 * n),
                4 => Prob::new(15, 4 * n),
                _ => Prob::new(4, n),
            };
            assert_eq!(mp(4, k), ours, "n = {n}, k = {k}");
        }
        // Cushing et al. print P(3,[1:n−1]) = (3n−7)/n, which exceeds 1: a misprint for
        // (3n−7)/(3n), which is what the recurrence gives (our side: 7/(3n)).
        assert_eq!(mp(3, 1), Prob::new(7, 3 * n));
    }
    for n in 20..=200u64 {
        // Cushing et al., proof of Lemma 1.5 (iii), with P([k:n−k],4) =
        // (k/n)P(k,4) + ((n−k)/n)P(n−k,4): 25/(4n), 7/n, 8/n and 8/n for k ≥ 8.
        let mix = |k: u64| {
            let a = t.probability(k, 4).unwrap().to_rational();
            let b = t.probability(n - k, 4).unwrap().to_rational();
            let w = |x: u64| Prob::new(x, n).to_rational();
            w(k) * a + w(n - k) * b
        };
        assert_eq!(mix(4), Prob::new(25, 4 * n).to_rational());
        assert_eq!(mix(6), Prob::new(7, n).to_rational());
        assert_eq!(mix(10), Prob::new(8, n).to_rational());
        // They add "P([k:n−k],4) = 8/n for k ≥ 8", from eq. (6); but eq. (6) needs k ≥ 10:
        // P(8,4) = 7/16 and P(9,4) = 5/12 give 15/(2n) and 31/(4n) (both below 8/n, so the
        // contradiction argued for k = 4, 6, 10 is unaffected).
        for k in 10..=n - 10 {
            assert_eq!(mix(k), Prob::new(8, n).to_rational(), "n = {n}, k = {k}");
        }
        if n >= 19 {
            assert_eq!(mix(8), Prob::new(15, 2 * n).to_rational());
            assert_eq!(mix(9), Prob::new(31, 4 * n).to_rational());
        }
        assert_eq!(p(&t, 8, 4), "7/16");
        assert_eq!(p(&t, 9, 4), "5/12");
    }
}

#[test]
fn cushing_theorem_1_1_holds_up_to_300() {
    // Cushing et al., Theorem 1.1 (verified by its authors for n ≤ 11, m ≤ 4 by computer).
    let t = Table::solve(300, Rules::Official, Questions::Two).unwrap();
    let v = cushing_theorem_1_1(&t);
    assert_eq!(v.checked, 300 * 300);
    assert!(v.holds, "{:?}", v.counterexamples.first());
    // The footnote's first values of n_< for n ≥ 3: (1, 2, 2, 2, 3, 4, 4, 4).
    let first: Vec<u64> = (3..=10).map(cushing_n_less).collect();
    assert_eq!(first, vec![1, 2, 2, 2, 3, 4, 4, 4]);
    for n in 3..=1000 {
        assert_eq!(cushing_n_less(n) + cushing_n_greater(n), n);
    }
}

#[test]
fn cushing_theorem_1_6_printed_fails_corrected_holds() {
    let t = Table::solve(250, Rules::Official, Questions::Three).unwrap();
    // Cushing et al., Theorem 1.6, n ≤ 9: the table of decisions is optimal as printed.
    for n in 1..=9 {
        for m in 1..=250 {
            let mv = cushing_tripartite_corrected(n, m);
            assert!(t.is_optimal(n, m, &mv).unwrap(), "({n},{m}) {mv}");
        }
    }
    // As printed, n_< = Σ_{i<3^k} ⌊(n+i)/3^(k−1)⌋ is about 3n: at (10, 2) the "split" is
    // 39 + 66 + 93, not a question at all.
    assert_eq!(cushing_tripartite_printed(10, 2), Some(vec![39, 66, 93]));
    // As printed, no case covers n = 3^k + 2·3^(k−1) + 1 (e.g. 16) when m ≥ 3^k + 3^(k−1).
    assert_eq!(cushing_tripartite_printed(16, 12), None);
    let printed = cushing_theorem_1_6_printed(&t);
    assert!(!printed.holds);
    // Corrected (index bounds 3^(k−2), 2·3^(k−2), 3^(k−1); third case at
    // n = 3^k + 2·3^(k−1) + 1): optimal everywhere up to 250 (k up to 5).
    let corrected = cushing_theorem_1_6_corrected(&t);
    assert!(corrected.holds, "{:?}", corrected.counterexamples.first());
    assert_eq!(tripartite_thirds(30, 3), [9, 9, 12]);
    assert_eq!(cushing_tripartite_corrected(16, 12), split(&[3, 5, 8]));
}

#[test]
fn nica_theorem_1_1_holds_up_to_512() {
    let t = Table::solve(512, Rules::Race, Questions::Two).unwrap();
    let v = nica_theorem_1_1(&t);
    assert_eq!(v.checked, 512 * 512 - 1);
    assert!(v.holds, "{:?}", v.counterexamples.first());
}

#[test]
fn nica_values() {
    let t = Table::solve(64, Rules::Race, Questions::Two).unwrap();
    // Nica, Remark 2.5 / Theorem 4.4 base case: p*(2,1) = 0, p*(1,2) = 1.
    assert_eq!(p(&t, 2, 1), "0");
    assert_eq!(p(&t, 1, 2), "1");
    // Nica eq. (1.2) at (24, 24), k = 4: 1 − 16/24 + (2/3)(256 + 2)/576 = 91/144.
    assert_eq!(p(&t, 24, 24), "91/144");
    assert_eq!(nica_probability(24, 24).to_string(), "91/144");
    // Nica eq. (1.1) at (40, 10), k = 3: 16/40 − (2/3)(129)/400 = 37/200; bold bid 8 < 20.
    assert_eq!(p(&t, 40, 10), "37/200");
    assert_eq!(bold_bid(10), 8);
    assert!(t.is_optimal(40, 10, &split(&[8, 32])).unwrap());
    assert!(!t.is_optimal(40, 10, &split(&[20, 20])).unwrap());
    // Nica, section 1.1 says the bold bid is "always strictly < ⌊n/2⌋" in the weeds. It is
    // at most ⌊n/2⌋, with equality exactly at n = 2^(k+1) + 1 (e.g. (3, 2): both are 1).
    // Its success probability 2^k/n is strictly below 1/2, as stated.
    for n in 2..=64u64 {
        for m in 2..=64u64 {
            if let NicaRegion::InTheWeeds { k } = nica_region(n, m) {
                assert_eq!(bold_bid(m), 1 << k);
                assert!(bold_bid(m) <= safe_bid(n));
                assert_eq!(bold_bid(m) == safe_bid(n), n == (2 << k) + 1);
                assert!(2 * bold_bid(m) < n);
            }
        }
    }
    assert_eq!(t.moves(2, 1).unwrap(), vec![]);
    assert_eq!(t.probability(1, 1), Err(GuessWhoError::Unreachable));
}

#[test]
fn continuous_game() {
    let t = Table::solve(128, Rules::Race, Questions::Two).unwrap();
    for n in 2..=128 {
        for m in 2..=128 {
            // Nica, Remark 3.10: p* − p∞ = −2/(3nm) in the weeds, 4/(3nm) with the upper hand.
            let d = t.probability(n, m).unwrap().to_rational() - p_infinity_exact(n, m).unwrap();
            assert_eq!(d, remark_3_10_difference(n, m).unwrap(), "({n},{m})");
            // Nica, Lemma 3.5: p∞(2x, 2y) = p∞(x, y).
            assert_eq!(p_infinity_exact(2 * n, 2 * m), p_infinity_exact(n, m));
            let e = to_f64(&p_infinity_exact(n, m).unwrap());
            assert!((p_infinity(n as f64, m as f64) - e).abs() < 1e-12);
        }
    }
    // Nica, Lemma 3.7: from α = 4, β = 2 Player 1 loses with probability 2/3.
    assert_eq!(p_infinity_exact(8, 4).unwrap(), r(1, 3));
    assert!((p_infinity(4.0 * 0.25, 2.0 * 0.25) - 1.0 / 3.0).abs() < 1e-12);
}

#[test]
fn section_1_2_claims() {
    // Nica, section 1.2: with equal pools Player 1 wins with probability between 5/8 and
    // 2/3 (in the limit): 5/8 at α = 4/3, 2/3 at α = 2.
    assert_eq!(equal_pools_limit(&r(4, 3)), r(5, 8));
    assert_eq!(equal_pools_limit(&r(2, 1)), r(2, 3));
    for i in 1..=100 {
        let v = equal_pools_limit(&r(100 + i, 100));
        assert!(v >= r(5, 8) && v <= r(2, 3));
    }
    // ... and the fair handicap factor lies between 4/3 and 3/2.
    assert_eq!(fair_handicap_limit(&r(2, 1)), r(4, 3));
    assert_eq!(fair_handicap_limit(&r(4, 3)), r(3, 2));
    for i in 1..=100 {
        let beta = r(100 + i, 100);
        let c = fair_handicap_limit(&beta);
        assert!(c >= r(4, 3) && c <= r(3, 2));
        let x = to_f64(&(&c * &beta));
        assert!((p_infinity(x, to_f64(&beta)) - 0.5).abs() < 1e-9);
    }
}

#[test]
fn errors() {
    let t = Table::solve(10, Rules::Official, Questions::Two).unwrap();
    assert!(matches!(
        t.probability(0, 3),
        Err(GuessWhoError::EmptyPool { .. })
    ));
    assert!(matches!(
        t.probability(11, 3),
        Err(GuessWhoError::OutsideTable { .. })
    ));
    for bad in [vec![2, 2], vec![1, 1, 3], vec![0, 5], vec![u64::MAX, 6]] {
        assert!(matches!(
            t.move_numerator(5, 3, &Move::Split(bad)),
            Err(GuessWhoError::BadSplit { .. })
        ));
    }
    assert!(matches!(
        Table::solve(50_000, Rules::Race, Questions::Two),
        Err(GuessWhoError::TooLarge { .. })
    ));
    // Sizes whose byte count does not fit in 128 bits are refused too (they wrapped to a small
    // count, passed the check and panicked on an empty table).
    for max in [u64::MAX, (1 << 63) - 1, 1 << 62] {
        for q in [Questions::Two, Questions::Three] {
            assert!(matches!(
                Table::solve(max, Rules::Race, q),
                Err(GuessWhoError::TooLarge { .. })
            ));
            assert!(matches!(
                Table::solve_band(max, max, Rules::Official, q),
                Err(GuessWhoError::TooLarge { .. })
            ));
        }
    }
    assert!(matches!(
        Table::solve(0, Rules::Race, Questions::Two),
        Err(GuessWhoError::EmptyPool { .. })
    ));
    assert!(matches!(
        "blitz".parse::<Rules>(),
        Err(GuessWhoError::UnknownRules(_))
    ));
    let race = Table::solve(5, Rules::Race, Questions::Two).unwrap();
    assert_eq!(
        race.move_numerator(5, 3, &Move::Guess),
        Err(GuessWhoError::GuessNotAllowed)
    );
}

#[test]
fn p_infinity_integer_form() {
    // 3nm·p∞ is an integer and equals 3nm times the exact rational of Props. 3.8/3.9.
    for n in 2..=70u64 {
        for m in 2..=70u64 {
            let exact = p_infinity_exact(n, m).unwrap() * r(3 * (n * m) as i64, 1);
            assert_eq!(exact, r(p_infinity_times_3nm(n, m).unwrap() as i64, 1));
        }
    }
}

#[test]
fn floor_sum_equals_the_loop() {
    for d in 1..=30u64 {
        for from in 0..=70u64 {
            for to in from..=90u64 {
                let direct: u64 = (from..to).map(|x| x / d).sum();
                assert_eq!(floor_sum(from, to, d), direct, "{from}..{to} / {d}");
            }
        }
    }
}
