//! The liar game: volume, solver, certification and strategies against independent checks.

use duel_liar::certify::{certify, Certifier};
use duel_liar::solver::balanced_question;
use duel_liar::splitting::*;
use duel_liar::state::*;
use duel_liar::{Budget, Outcome, Policy, Solver, Variant};
use num_bigint::BigUint;
use proptest::prelude::*;

/// A Paul strategy: state to question.
type Strategy = dyn Fn(u32, &[u64]) -> Vec<u64>;

/// Plain minimax over every question, no volume bound, no memo, no symmetry: the reference
/// the pruned solver must agree with on tiny states.
fn naive(variant: Variant, q: u32, x: &[u64]) -> bool {
    let total: u64 = x.iter().sum();
    if q == 0 {
        return match variant {
            Variant::Original => total <= 1,
            Variant::Pathological => total >= 1,
        };
    }
    let mut a = vec![0u64; x.len()];
    loop {
        let (yes, no) = successors(x, &a);
        if naive(variant, q - 1, &yes) && naive(variant, q - 1, &no) {
            return true;
        }
        // next question vector (odometer)
        let mut i = 0;
        loop {
            if i == x.len() {
                return false;
            }
            if a[i] < x[i] {
                a[i] += 1;
                break;
            }
            a[i] = 0;
            i += 1;
        }
    }
}

/// Whether `strategy` wins by walking every one of the 2^q answer sequences.
fn wins_by_enumeration(
    variant: Variant,
    q: u32,
    x: &[u64],
    strategy: &mut dyn FnMut(u32, &[u64]) -> Vec<u64>,
) -> bool {
    if q == 0 {
        let total: u64 = x.iter().sum();
        return match variant {
            Variant::Original => total <= 1,
            Variant::Pathological => total >= 1,
        };
    }
    let a = strategy(q, x);
    let (yes, no) = successors(x, &a);
    wins_by_enumeration(variant, q - 1, &yes, strategy)
        && wins_by_enumeration(variant, q - 1, &no, strategy)
}

#[test]
fn weight_is_the_papers_for_one_lie() {
    // Ellis, Ponomarenko & Yan, section 1: wt_q(x) = (q + 1) x_0 + x_1.
    for q in 0..20 {
        for (x0, x1) in [(0, 0), (1, 0), (3, 2), (10, 7)] {
            assert_eq!(
                berlekamp_volume(q, &[x0, x1]),
                BigUint::from(weight(q, x0, x1))
            );
        }
    }
    // Example 1: wt_4((3, 1)) = 16.
    assert_eq!(weight(4, 3, 1), 16);
}

proptest! {
    // Berlekamp's conservation law V_q(x) = V_{q−1}(y′) + V_{q−1}(y″) for every question.
    #[test]
    fn volume_is_conserved(
        lies in 0usize..6,
        q in 1u32..60,
        seed in proptest::collection::vec((0u64..1_000_000, 0.0f64..=1.0), 6),
    ) {
        let x: Vec<u64> = seed.iter().take(lies + 1).map(|(c, _)| *c).collect();
        let a: Vec<u64> = seed.iter().take(lies + 1).map(|(c, f)| (*c as f64 * f) as u64).collect();
        let (yes, no) = successors(&x, &a);
        let v = berlekamp_volume(q, &x);
        prop_assert_eq!(v.clone(), berlekamp_volume(q - 1, &yes) + berlekamp_volume(q - 1, &no));
        let w = Weights::new(lies).unwrap();
        prop_assert_eq!(
            BigUint::from(w.volume(q, &x).unwrap()),
            v
        );
        prop_assert_eq!(
            w.volume(q, &x).unwrap(),
            w.volume(q - 1, &yes).unwrap() + w.volume(q - 1, &no).unwrap()
        );
    }

    // Objects are conserved except those pushed past e lies.
    #[test]
    fn successors_move_objects_one_class_up(
        x in proptest::collection::vec(0u64..50, 1..5),
        f in proptest::collection::vec(0.0f64..=1.0, 5),
    ) {
        let a: Vec<u64> = x.iter().zip(&f).map(|(c, t)| (*c as f64 * t) as u64).collect();
        let (yes, no) = successors(&x, &a);
        let e = x.len() - 1;
        let total: u64 = x.iter().sum();
        prop_assert_eq!(yes.iter().sum::<u64>(), total - (x[e] - a[e]));
        prop_assert_eq!(no.iter().sum::<u64>(), total - a[e]);
        // a and x − a give the same successors swapped.
        let mirror: Vec<u64> = x.iter().zip(&a).map(|(c, b)| c - b).collect();
        let (yes2, no2) = successors(&x, &mirror);
        prop_assert_eq!(yes2, no);
        prop_assert_eq!(no2, yes);
    }

    // Lemma 1: a Paul-favorable state is splitting iff one of the three conditions holds
    // (except the special state (5, (3, 2)), splitting by definition).
    #[test]
    fn lemma1_agrees_with_the_definition(q in 1u32..40, x0 in 0u64..2000, x1 in 0u64..5000) {
        for variant in [Variant::Original, Variant::Pathological] {
            if paul_favorable(variant, q, x0, x1) && !is_special(q, x0, x1) {
                let (c1, c2, c3) = lemma1_conditions(q, x0, x1);
                prop_assert_eq!(is_splitting(variant, q, x0, x1), c1 || c2 || c3);
            }
        }
    }
}

#[test]
fn solver_agrees_with_plain_minimax_on_tiny_states() {
    for variant in [Variant::Original, Variant::Pathological] {
        for lies in 0..=2usize {
            let mut solver = Solver::new(variant, lies).unwrap();
            for q in 0..=5u32 {
                let cap = if lies == 2 { 3 } else { 5 };
                let mut x = vec![0u64; lies + 1];
                loop {
                    let fast = solver.outcome(q, &x).unwrap() == Outcome::PaulWins;
                    assert_eq!(fast, naive(variant, q, &x), "{variant:?} q={q} x={x:?}");
                    let mut i = 0;
                    loop {
                        if i == x.len() {
                            break;
                        }
                        if x[i] < cap {
                            x[i] += 1;
                            break;
                        }
                        x[i] = 0;
                        i += 1;
                    }
                    if i == x.len() {
                        break;
                    }
                }
            }
        }
    }
}

#[test]
fn winning_questions_and_answers_are_consistent() {
    for variant in [Variant::Original, Variant::Pathological] {
        let mut s = Solver::new(variant, 2).unwrap();
        for q in 1..=9u32 {
            for x0 in 0..=8u64 {
                for x1 in 0..=4u64 {
                    let x = [x0, x1, 2];
                    let wins = s.paul_wins(q, &x).unwrap();
                    let a = s.winning_question(q, &x).unwrap();
                    assert_eq!(wins, a.is_some());
                    if let Some(a) = a {
                        check_question(&x, &a).unwrap();
                        let (yes, no) = successors(&x, &a);
                        assert!(
                            s.paul_wins(q - 1, &yes).unwrap() && s.paul_wins(q - 1, &no).unwrap()
                        );
                        assert_eq!(s.winning_answer(q, &x, &a).unwrap(), None);
                    } else {
                        // Every question has an answer that wins for Carole.
                        let b = balanced_question(s.weights(), q, &x);
                        assert!(s.winning_answer(q, &x, &b).unwrap().is_some());
                    }
                }
            }
        }
    }
}

#[test]
fn monotone_in_objects_and_questions() {
    // Original: fewer objects (or more questions) never hurts Paul; pathological: more
    // objects (or fewer questions) never hurts him.
    for lies in 1..=2usize {
        let mut o = Solver::new(Variant::Original, lies).unwrap();
        let mut p = Solver::new(Variant::Pathological, lies).unwrap();
        for q in 1..=10u32 {
            for x0 in 0..=10u64 {
                for x1 in 0..=6u64 {
                    let mut x = vec![x0, x1];
                    x.resize(lies + 1, 1);
                    let ow = o.paul_wins(q, &x).unwrap();
                    let pw = p.paul_wins(q, &x).unwrap();
                    for i in 0..=lies {
                        let mut y = x.clone();
                        y[i] += 1;
                        if o.paul_wins(q, &y).unwrap() {
                            assert!(ow, "original q={q} {x:?} vs {y:?}");
                        }
                        if pw {
                            assert!(p.paul_wins(q, &y).unwrap(), "pathological q={q} {x:?}");
                        }
                    }
                    if ow {
                        assert!(o.paul_wins(q + 1, &x).unwrap());
                    }
                    if pw {
                        assert!(p.paul_wins(q - 1, &x).unwrap());
                    }
                }
            }
        }
    }
}

#[test]
fn certification_agrees_with_enumerating_every_answer_sequence() {
    // Three strategies: the paper's, the volume-balancing one, and a deliberately poor one
    // (ask about half of class 0 only); the certifier must match brute force on each.
    for variant in [Variant::Original, Variant::Pathological] {
        for q in 1..=9u32 {
            for n in 1..=40u64 {
                let strategies: Vec<Box<Strategy>> = vec![
                    Box::new(move |q, x| splitting_strategy(variant, q, x[0], x[1]).to_vec()),
                    Box::new(|q, x| balanced_question(&Weights::new(1).unwrap(), q, x)),
                    Box::new(|_, x| vec![x[0] / 2, 0]),
                ];
                for s in &strategies {
                    let c = certify(variant, 1, q, &[n, 0], 1_000_000, |q, x| Ok(s(q, x))).unwrap();
                    let brute = wins_by_enumeration(variant, q, &[n, 0], &mut |q, x| s(q, x));
                    assert_eq!(c.holds, brute, "{variant:?} q={q} n={n}");
                    if !c.holds {
                        // The counterexample leads, through the strategy's own questions, to a
                        // state that Carole wins whatever Paul does.
                        let mut x = vec![n, 0];
                        let mut r = q;
                        for (a, ans) in &c.counterexample {
                            assert_eq!(*a, s(r, &x));
                            x = successor(&x, a, *ans);
                            r -= 1;
                        }
                        let w = Weights::new(1).unwrap();
                        assert_eq!(settled(variant, &w, r, &x), Some(false));
                    }
                }
            }
        }
    }
}

#[test]
fn certified_strategies_never_beat_the_solver() {
    // A certificate is a proof: wherever one holds, the exhaustive solver must agree.
    let mut solver = Solver::new(Variant::Original, 1).unwrap();
    let mut cert = Certifier::new(Variant::Original, 1, 1_000_000, |q, x: &[u64]| {
        Ok(splitting_strategy(Variant::Original, q, x[0], x[1]).to_vec())
    })
    .unwrap();
    for q in 1..=12u32 {
        for n in 1..=largest_searchable(q) + 3 {
            if cert.certify(q, &[n, 0]).unwrap().holds {
                assert!(solver.paul_wins(q, &[n, 0]).unwrap());
            }
        }
    }
}

#[test]
fn example1_is_favorable_but_not_splitting() {
    // Ellis, Ponomarenko & Yan, Example 1: (4, (3, 1)) in the pathological game is
    // Paul-favorable (wt = 16 ≥ 2^4) but not splitting; Paul indeed loses there.
    assert!(paul_favorable(Variant::Pathological, 4, 3, 1));
    assert!(!is_splitting(Variant::Pathological, 4, 3, 1));
    let mut s = Solver::new(Variant::Pathological, 1).unwrap();
    assert!(!s.paul_wins(4, &[3, 1]).unwrap());
}

#[test]
fn lemma1_fails_only_at_q_0() {
    // Ellis, Ponomarenko & Yan, Lemma 1, checked for q = 0 (the game is over there): the
    // conditions hold at (0, (1, 0)) but the splitting question (1, 1) is not ≤ (1, 0). The
    // proof only checks a_1 ≥ 0; a_1 ≤ x_1 fails only for q = 0, x_1 = 0.
    assert_eq!(splitting_question(0, 1, 0), (1, 1));
    assert!(paul_favorable(Variant::Original, 0, 1, 0));
    assert!(!is_splitting(Variant::Original, 0, 1, 0));
    let (c1, c2, c3) = lemma1_conditions(0, 1, 0);
    assert!(c2 || c1 || c3);
    for q in 1..30 {
        for x0 in (1..40).step_by(2) {
            for x1 in 0..60 {
                let (_, a1) = splitting_question(q, x0, x1);
                assert!(a1 <= i128::from(x1));
            }
        }
    }
}

#[test]
fn special_state_is_won_with_question_2_0() {
    // Section 2: (5, (3, 2)) is not legal-splitting, but Paul wins with a = (2, 0).
    assert!(!splitting_question_is_legal(5, 3, 2));
    assert!(is_splitting(Variant::Original, 5, 3, 2));
    let mut s = Solver::new(Variant::Original, 1).unwrap();
    let (yes, no) = successors(&[3, 2], &[2, 0]);
    assert!(s.paul_wins(4, &yes).unwrap() && s.paul_wins(4, &no).unwrap());
}

#[test]
fn heuristic_wins_are_real_wins() {
    // The heuristic engine may say Unknown, but a PaulWins must be confirmed exhaustively.
    let mut h =
        Solver::with_policy(Variant::Original, 2, Policy::heuristic(4, 2), 1_000_000).unwrap();
    let mut e = Solver::new(Variant::Original, 2).unwrap();
    for q in 1..=14u32 {
        for n in 1..=30u64 {
            let o = h.outcome(q, &[n, 0, 0]).unwrap();
            let truth = e.paul_wins(q, &[n, 0, 0]).unwrap();
            match o {
                Outcome::PaulWins => assert!(truth, "q={q} n={n}"),
                Outcome::CaroleWins => assert!(!truth, "q={q} n={n}"),
                Outcome::Unknown => {}
            }
        }
    }
}

#[test]
fn bad_input_is_refused() {
    assert_eq!(start(0, 1), Err(LiarError::NoObjects));
    assert!(matches!(start(5, 99), Err(LiarError::TooManyLies(99))));
    assert!(matches!(
        check_question(&[3, 2], &[4, 0]),
        Err(LiarError::BadQuestion { .. })
    ));
    assert!(check_question(&[3, 2], &[1]).is_err());
    let mut s = Solver::new(Variant::Original, 1).unwrap();
    assert!(matches!(
        s.outcome(121, &[5, 0]),
        Err(LiarError::TooManyQuestions(121))
    ));
    // verify's bound is 60, and its error says so (it named the solvers' 120).
    match duel_liar::verify::verify(duel_liar::verify::VerifyRanges::up_to(61)) {
        Err(e) => assert!(e.to_string().contains("up to 60 questions, not 61"), "{e}"),
        Ok(_) => panic!("61 questions accepted"),
    }
    // A check or a table over nothing is refused, as a play from no object is.
    for e in [
        duel_liar::verify::verify(duel_liar::verify::VerifyRanges::up_to(0)).err(),
        duel_liar::tables::extreme_questions(Variant::Original, 1, 0, 1000).err(),
    ] {
        assert!(matches!(e, Some(LiarError::EmptyRange { .. })), "{e:?}");
    }
    assert!(matches!(
        s.outcome(5, &[5, 0, 0]),
        Err(LiarError::WrongClasses { .. })
    ));
    assert!(matches!(
        s.outcome(100, &[u64::MAX, 0]),
        Err(LiarError::TooLarge(_))
    ));
    assert!(s.winning_answer(3, &[2, 2], &[3, 0]).is_err());
    // A tiny budget is reported with its memory, not a crash.
    let mut small = Solver::with_policy(Variant::Original, 3, Policy::EXHAUSTIVE, 10).unwrap();
    assert_eq!(
        small.outcome(20, &[60, 0, 0, 0]),
        Err(LiarError::Stopped(Stop::States { limit: 10 }))
    );
}

#[test]
fn budget_stops_name_the_budget_that_ran_out() {
    let no_arithmetic = |e: &LiarError| {
        let text = e.to_string();
        assert!(!text.contains("too large"), "{text}");
        text
    };
    // Steps: only where the caller set them.
    let mut s = Solver::with_policy(Variant::Original, 3, Policy::EXHAUSTIVE, 1_000_000).unwrap();
    s.set_max_steps(10);
    let e = s.outcome(20, &[60, 0, 0, 0]).unwrap_err();
    assert!(
        matches!(e, LiarError::Stopped(Stop::Steps { limit: 10, .. })),
        "{e}"
    );
    assert!(no_arithmetic(&e).contains("raise --max-steps, now 10"));
    // A table's steps are bounded by its memo budget: the memo budget is what to raise (it
    // named a "time budget" there is no option for).
    let e = duel_liar::tables::extreme_questions(Variant::Original, 4, 40, 1000).unwrap_err();
    assert_eq!(
        e,
        LiarError::Stopped(Stop::StepsOfStates {
            steps: 4000,
            max_states: 1000
        })
    );
    let text = no_arithmetic(&e);
    assert!(text.contains("raise --max-states, now 1000"), "{text}");
    assert!(!text.contains("--max-steps"), "{text}");
    // Undecided by both searches: each stop named, not "too large for 128-bit arithmetic".
    let e = duel_liar::solve(
        100,
        35,
        9,
        Variant::Original,
        Budget::uniform(1000, 40_000_000),
    )
    .unwrap_err();
    assert_eq!(
        e,
        LiarError::Undecided {
            exhaustive: Stop::States { limit: 1000 },
            strategy: Some(Stop::States { limit: 1000 }),
        }
    );
    assert!(no_arithmetic(&e).contains("raise --max-states, now 1000"));
    // min-questions scans q upwards; at the end of exact arithmetic the budget is to blame.
    let e = duel_liar::min_questions(100, 9, Budget::uniform(1000, 40_000_000)).unwrap_err();
    assert!(
        matches!(
            e,
            LiarError::NoStrategyWithinBudget {
                lower: 33,
                stop: Stop::States { limit: 1000 },
                ..
            }
        ),
        "{e}"
    );
    assert!(no_arithmetic(&e).contains("raise --max-states, now 1000"));
}

#[test]
fn the_strategy_search_obeys_the_budget() {
    // With the default budget a strategy is found and certified for n = 100, 9 lies, 35
    // questions; with 10 steps neither search may run (the strategy search used to keep its
    // own 8,000,000 steps and win).
    let e = duel_liar::solve(
        100,
        35,
        9,
        Variant::Original,
        Budget::uniform(4_000_000, 10),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            LiarError::Undecided {
                strategy: Some(Stop::Steps { limit: 10, .. }),
                ..
            }
        ),
        "{e}"
    );
    // Budgets of nothing are refused, not searched with.
    for (states, steps, option) in [
        (0, 10, "--max-states"),
        (10, 0, "--max-steps"),
        (0, 0, "--max-states"),
    ] {
        let b = Budget::uniform(states, steps);
        assert_eq!(
            duel_liar::min_questions(100, 9, b).unwrap_err(),
            LiarError::ZeroBudget { option }
        );
        assert_eq!(
            duel_liar::solve(5, 3, 1, Variant::Original, b).unwrap_err(),
            LiarError::ZeroBudget { option }
        );
    }
    assert_eq!(
        duel_liar::tables::extreme_questions(Variant::Original, 1, 5, 0).unwrap_err(),
        LiarError::ZeroBudget {
            option: "--max-states"
        }
    );
}

#[test]
fn memo_budgets_beyond_8_gib_are_refused() {
    use duel_liar::{BYTES_PER_ENTRY, MAX_MEMO_BYTES};
    let most = (MAX_MEMO_BYTES / BYTES_PER_ENTRY) as usize;
    let e = duel_liar::tables::extreme_questions(Variant::Original, 1, u64::MAX, usize::MAX)
        .unwrap_err();
    assert!(
        matches!(e, LiarError::TooMuchMemory { max, .. } if max == most),
        "{e}"
    );
    assert!(
        e.to_string().contains("more than the limit of 8 GiB"),
        "{e}"
    );
    let e =
        duel_liar::solve(5, 3, 1, Variant::Original, Budget::uniform(most + 1, 10)).unwrap_err();
    assert!(matches!(e, LiarError::TooMuchMemory { .. }), "{e}");
    assert!(duel_liar::solve(5, 3, 1, Variant::Original, Budget::uniform(most, 10)).is_ok());
    // Wide keys (30 lies, counts of 256 and more) cost more, so fewer entries fit.
    let e = duel_liar::min_questions(1000, 30, Budget::uniform(most, 10)).unwrap_err();
    assert!(
        matches!(e, LiarError::TooMuchMemory { per_entry, .. } if per_entry > BYTES_PER_ENTRY),
        "{e}"
    );
}

#[test]
fn questions_of_another_length_and_empty_states_are_refused() {
    let e = check_question(&[3, 2], &[1, 2, 3]).unwrap_err();
    assert!(matches!(e, LiarError::QuestionLength { .. }));
    assert!(
        e.to_string()
            .contains("has 3 classes but the state [3, 2] has 2"),
        "{e}"
    );
    assert!(matches!(
        check_question(&[3, 2], &[1]),
        Err(LiarError::QuestionLength { .. })
    ));
    // Ellis, Ponomarenko & Yan play on a set [n] of objects, one of which is Carole's: a
    // state with none is no game to start (as n = 0 is not).
    for v in [Variant::Original, Variant::Pathological] {
        assert_eq!(
            duel_liar::solve_state(&[0, 0], 5, v, Budget::default()).unwrap_err(),
            LiarError::EmptyState(vec![0, 0])
        );
    }
    // It is still the end of a play: after the question (0, 0) at (3; 0, 1) the Yes answer
    // leaves nothing, a win for Paul in the original game and a loss in the pathological.
    let judge = |v| duel_liar::judge_question(&[0, 1], 3, &[0, 0], v, Budget::default());
    assert_eq!(judge(Variant::Original), Ok(None));
    assert_eq!(judge(Variant::Pathological), Ok(Some(Answer::Yes)));
}

#[test]
fn one_lie_tables_agree_with_the_corollaries() {
    // Ellis, Ponomarenko & Yan, Corollaries 1 and 2, read as tables over n ≤ 64: the least q
    // for the original game and the largest q for the pathological game.
    use duel_liar::tables::extreme_questions;
    let orig = extreme_questions(Variant::Original, 1, 64, 1_000_000).unwrap();
    let patho = extreme_questions(Variant::Pathological, 1, 64, 1_000_000).unwrap();
    for (o, p) in orig.iter().zip(&patho) {
        let n = o.n;
        assert!(
            corollary1(o.questions, n) && (o.questions == 0 || !corollary1(o.questions - 1, n)),
            "n = {n}"
        );
        assert!(
            corollary2(p.questions, n) && !corollary2(p.questions + 1, n),
            "n = {n}"
        );
        assert!(o.questions >= o.volume_bound && p.questions <= p.volume_bound);
    }
    // The volume bound is not enough at n = 3, 5, 9, 51 (original) and n = 29 (pathological).
    let above: Vec<u64> = orig
        .iter()
        .filter(|r| r.questions > r.volume_bound)
        .map(|r| r.n)
        .collect();
    assert_eq!(above, vec![3, 5, 9, 51]);
    let below: Vec<u64> = patho
        .iter()
        .filter(|r| r.questions < r.volume_bound)
        .map(|r| r.n)
        .collect();
    assert_eq!(below, vec![29]);
}

/// Memoised plain minimax (every question, no volume window, no symmetry).
fn naive_memo(
    memo: &mut std::collections::HashMap<(u32, Vec<u64>), bool>,
    q: u32,
    x: &[u64],
) -> bool {
    if q == 0 {
        return x.iter().sum::<u64>() <= 1;
    }
    if let Some(&v) = memo.get(&(q, x.to_vec())) {
        return v;
    }
    let mut a = vec![0u64; x.len()];
    let result = 'search: loop {
        let (yes, no) = successors(x, &a);
        if naive_memo(memo, q - 1, &yes) && naive_memo(memo, q - 1, &no) {
            break 'search true;
        }
        let mut i = 0;
        loop {
            if i == x.len() {
                break 'search false;
            }
            if a[i] < x[i] {
                a[i] += 1;
                break;
            }
            a[i] = 0;
            i += 1;
        }
    };
    memo.insert((q, x.to_vec()), result);
    result
}

#[test]
fn small_tables_above_the_volume_bound_agree_with_plain_minimax() {
    // The entries where the volume bound is not enough (two and three lies, small n) are the
    // ones the pruning must get right: recompute them without any pruning.
    use duel_liar::tables::extreme_questions;
    for (lies, max_n) in [(2usize, 6u64), (3, 4)] {
        let rows = extreme_questions(Variant::Original, lies, max_n, 1_000_000).unwrap();
        let mut memo = std::collections::HashMap::new();
        for r in rows {
            let x = start(r.n, lies).unwrap();
            assert!(naive_memo(&mut memo, r.questions, &x), "e={lies} n={}", r.n);
            if r.questions > 0 {
                assert!(
                    !naive_memo(&mut memo, r.questions - 1, &x),
                    "e={lies} n={}",
                    r.n
                );
            }
        }
    }
}

proptest! {
    // The count-vector successors are the set-level game: objects outside the question set
    // gain a lie on "yes", objects inside on "no"; more than e lies and the object is gone.
    #[test]
    fn successors_match_the_game_on_sets(
        lies in 0usize..4,
        objects in proptest::collection::vec((0usize..4, proptest::bool::ANY), 0..40),
    ) {
        let objects: Vec<(usize, bool)> =
            objects.into_iter().map(|(c, inside)| (c.min(lies), inside)).collect();
        let mut x = vec![0u64; lies + 1];
        let mut a = vec![0u64; lies + 1];
        for &(c, inside) in &objects {
            x[c] += 1;
            if inside {
                a[c] += 1;
            }
        }
        for answer in [Answer::Yes, Answer::No] {
            let mut expect = vec![0u64; lies + 1];
            for &(c, inside) in &objects {
                let lied = match answer {
                    Answer::Yes => !inside,
                    Answer::No => inside,
                };
                let c = c + usize::from(lied);
                if c <= lies {
                    expect[c] += 1;
                }
            }
            prop_assert_eq!(successor(&x, &a, answer), expect);
        }
    }
}

#[test]
fn certification_with_several_lies_agrees_with_enumeration() {
    // The same check as for one lie, with two and three lies (other memo key layouts).
    for lies in 2..=3usize {
        let w = Weights::new(lies).unwrap();
        for q in 1..=9u32 {
            for n in 1..=12u64 {
                let x = start(n, lies).unwrap();
                let strategy = |q: u32, y: &[u64]| balanced_question(&w, q, y);
                let c = certify(Variant::Original, lies, q, &x, 1_000_000, |q, y| {
                    Ok(strategy(q, y))
                })
                .unwrap();
                let brute =
                    wins_by_enumeration(Variant::Original, q, &x, &mut |q, y| strategy(q, y));
                assert_eq!(c.holds, brute, "e={lies} q={q} n={n}");
            }
        }
    }
}

#[test]
fn four_lie_strategy_for_a_million_survives_random_and_greedy_carole() {
    // A sanity check of the certificate behind "n = 10^6, four lies: 36 questions": play the
    // strategy against 300 seeded random Caroles and the volume-greedy Carole.
    use rand::{Rng, SeedableRng};
    let lies = 4;
    let w = Weights::new(lies).unwrap();
    let mut search =
        Solver::with_policy(Variant::Original, lies, Policy::heuristic(12, 3), 2_000_000).unwrap();
    let x0 = start(1_000_000, lies).unwrap();
    assert_eq!(search.outcome(36, &x0).unwrap(), Outcome::PaulWins);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(36);
    for game in 0..=300 {
        let mut x = x0.clone();
        for q in (1..=36u32).rev() {
            let a = search
                .winning_question(q, &x)
                .unwrap()
                .expect("a winning question");
            let (yes, no) = successors(&x, &a);
            let greedy = w.volume(q - 1, &yes) >= w.volume(q - 1, &no);
            let take_yes = if game == 0 { greedy } else { rng.gen_bool(0.5) };
            x = if take_yes { yes } else { no };
        }
        assert!(x.iter().sum::<u64>() <= 1, "game {game}: {x:?}");
    }
}

#[test]
fn heuristic_wins_always_come_with_a_question() {
    // Wherever the heuristic engine reports a Paul win it can name a winning question whose
    // two successors it also reports as Paul wins (what strategy extraction relies on).
    for lies in 1..=3usize {
        let mut h =
            Solver::with_policy(Variant::Original, lies, Policy::heuristic(6, 2), 1_000_000)
                .unwrap();
        for q in 1..=22u32 {
            for n in [3u64, 7, 20, 64, 200, 1000] {
                let x = start(n, lies).unwrap();
                if h.outcome(q, &x).unwrap() == Outcome::PaulWins {
                    let a = h.winning_question(q, &x).unwrap().expect("a question");
                    let (yes, no) = successors(&x, &a);
                    assert_eq!(h.outcome(q - 1, &yes).unwrap(), Outcome::PaulWins);
                    assert_eq!(h.outcome(q - 1, &no).unwrap(), Outcome::PaulWins);
                }
            }
        }
    }
}

#[test]
fn question_scans_report_their_progress_against_a_stated_most() {
    let mut seen = Vec::new();
    let r = duel_liar::min_questions_with(10, 1, Budget::default(), &mut |d, t| seen.push((d, t)))
        .unwrap();
    let total = u64::from(MAX_QUESTIONS - r.volume_bound + 1);
    assert_eq!(seen.first(), Some(&(0, total)));
    assert!(
        seen.windows(2).all(|w| w[0].0 < w[1].0 && w[1].0 <= total),
        "{seen:?}"
    );
    let mut seen = Vec::new();
    let r = duel_liar::max_questions_pathological_with(10, 1, Budget::default(), &mut |d, t| {
        seen.push((d, t))
    })
    .unwrap();
    let total = u64::from(r.volume_bound) + 1;
    assert_eq!(seen.first(), Some(&(0, total)));
    assert!(
        seen.windows(2).all(|w| w[0].0 < w[1].0 && w[1].0 <= total),
        "{seen:?}"
    );
}

#[test]
fn a_state_of_2_to_the_64_objects_is_not_settled_as_one_survivor() {
    // Found by the fuzz target liar_states: Σx was summed in u64 and wrapped to 0, so
    // (2^63, 2^63) counted as at most one survivor, a win for Paul.
    let w = Weights::new(1).unwrap();
    let x = [1u64 << 63, 1u64 << 63];
    // check_state refuses 2^64 objects in all; settled, which does not need it, is right too.
    assert_eq!(
        w.check_state(1, &x),
        Err(LiarError::TooLarge(TooLarge::Objects))
    );
    assert_eq!(settled(Variant::Original, &w, 1, &x), Some(false));
}

#[test]
fn too_large_errors_carry_their_numbers() {
    let w = Weights::new(1).unwrap();
    assert_eq!(
        w.check_state(100, &[u64::MAX, 0]),
        Err(LiarError::TooLarge(TooLarge::Bits {
            objects: u128::from(u64::MAX),
            questions: 100,
            bits: 164,
        }))
    );
    let page = |n, asked: Vec<Vec<u64>>| {
        duel_liar::paul::paul(&duel_liar::paul::PaulRequest {
            n,
            lies: 1,
            questions: 2,
            asked,
        })
    };
    match page(0, vec![]) {
        Err(LiarError::TooLarge(TooLarge::Page {
            n: 0,
            lies: 1,
            questions: 2,
            ..
        })) => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(
        page(4, vec![vec![1], vec![2], vec![3]]).err(),
        Some(LiarError::TooLarge(TooLarge::Asked {
            asked: 3,
            allowed: 2
        }))
    );
    let e = page(4, vec![vec![5]]).unwrap_err();
    assert_eq!(e, LiarError::TooLarge(TooLarge::Number { number: 5, n: 4 }));
    assert_eq!(e.to_string(), "5 is not a number from 1 to 4");
}

/// Found by fuzzing: a state of more than 2^64 objects in all passed the checks, and a
/// successor's class (up to all the objects) wrapped around in u64, breaking the conservation
/// of the Berlekamp volume. Such a state is refused.
#[test]
fn states_of_more_than_u64_objects_are_refused() {
    use duel_liar::state::Weights;
    let w = Weights::new(4).unwrap();
    let state = [
        2,
        3_339_986_479_889_699_725,
        16_339_986_479_889_699_725,
        10,
        0,
    ];
    assert_eq!(
        w.check_state(1, &state),
        Err(LiarError::TooLarge(TooLarge::Objects))
    );
    let fits = [
        0,
        3_339_986_479_889_699_725,
        15_000_000_000_000_000_000,
        10,
        0,
    ];
    assert!(w.check_state(1, &fits).is_ok());
}
