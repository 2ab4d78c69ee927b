//! Published values of the liar game, each with its source.

use duel_liar::minq::{min_questions, solve, Budget};
use duel_liar::splitting::largest_searchable;
use duel_liar::verify::{verify, VerifyRanges};
use duel_liar::{Method, Solver, Variant, Winner};

// OEIS A286496: the largest n searchable with q questions and one lie, q = 0..16.
const A286496: [u64; 17] = [
    1, 1, 1, 2, 2, 4, 8, 16, 28, 50, 92, 170, 314, 584, 1092, 2048, 3854,
];

#[test]
fn a286496_from_corollary1_and_from_the_exhaustive_solver() {
    let mut s = Solver::new(Variant::Original, 1).unwrap();
    for (q, &m) in A286496.iter().enumerate() {
        let q = q as u32;
        assert_eq!(largest_searchable(q), m, "Corollary 1 closed form, q = {q}");
        // Exhaustive: Paul wins with m objects and loses with every n in m+1..=m+4.
        assert!(s.paul_wins(q, &[m, 0]).unwrap(), "q = {q}");
        for n in m + 1..=m + 4 {
            assert!(!s.paul_wins(q, &[n, 0]).unwrap(), "q = {q}, n = {n}");
        }
    }
}

#[test]
fn one_million_objects_with_up_to_three_lies() {
    // Pelc 1987: one lie, n = 10^6 needs 25 questions.
    // Czyzowicz, Mundici & Pelc 1988: two lies, 29.
    // Negro & Sereno 1992: three lies, 33.
    for (lies, q) in [(1usize, 25u32), (2, 29), (3, 33)] {
        let r = min_questions(1_000_000, lies, Budget::default()).unwrap();
        assert_eq!((r.lower, r.upper, r.certified), (q, q, true), "{lies} lies");
        let win = solve(1_000_000, q, lies, Variant::Original, Budget::default()).unwrap();
        assert_eq!(win.winner, Winner::Paul);
        let lose = solve(1_000_000, q - 1, lies, Variant::Original, Budget::default()).unwrap();
        assert_eq!(lose.winner, Winner::Carole);
        assert_eq!(lose.method, Method::VolumeBound);
    }
}

#[test]
fn four_and_eight_lies_settled_by_certificates() {
    // The issue quotes a published table with 37 (four lies) and 50 (eight lies) for "one
    // million"; those are the values for n = 2^20. For n = 10^6 the volume bound (36, 49) is
    // reached by a certified strategy, so 36 and 49 are exact.
    for (n, lies, q) in [
        (1_000_000u64, 4usize, 36u32),
        (1_000_000, 8, 49),
        (1 << 20, 4, 37),
        (1 << 20, 8, 50),
    ] {
        let r = min_questions(n, lies, Budget::default()).unwrap();
        assert_eq!(
            (r.lower, r.upper, r.certified),
            (q, q, true),
            "n = {n}, {lies} lies"
        );
        assert_eq!(r.volume_bound, q);
    }
}

#[test]
fn corollaries_lemma_and_theorem_hold() {
    // Ellis, Ponomarenko & Yan, Lemma 1, Theorem 1, Corollaries 1 and 2: exhaustive up to
    // q = 10, whole-state checks up to q = 9, certification near the thresholds up to q = 40.
    let r = verify(VerifyRanges {
        max_q: 40,
        exhaustive_q: 10,
        theorem_q: 9,
    })
    .unwrap();
    for item in &r.items {
        assert!(item.holds, "{}: {:?}", item.name, item.counterexamples);
        assert!(item.checked > 0, "{}", item.name);
    }
    assert!(r.holds);
}

#[test]
fn pathological_game_agrees_with_corollary2_for_large_n() {
    // Ellis, Ponomarenko & Yan, Corollary 2: the most questions Paul survives with one lie is
    // the largest q with n ≥ 2^q/(q+1) (n even) or n ≥ (2^q + q − 1)/(q+1) (n odd).
    use duel_liar::max_questions_pathological;
    use duel_liar::splitting::corollary2;
    for n in [2u64, 3, 29, 30, 1000, 1001, 1_000_000, 1_048_576, 999_999] {
        let r = max_questions_pathological(n, 1, Budget::default()).unwrap();
        let expect = (0..60u32).filter(|&q| corollary2(q, n)).max().unwrap();
        assert_eq!(
            (r.lower, r.upper, r.certified),
            (expect, expect, true),
            "n = {n}"
        );
    }
}
