//! Cross-checks of the integer min-plus solver: a literal rational implementation of the
//! papers' recurrences, monotonicity, and the integrality the integer form relies on.

use std::collections::HashMap;

use duel_core::exact::Rational;
use duel_guesswho::closed_form::split;
use duel_guesswho::*;
use num_traits::{One, Zero};
use proptest::prelude::*;

/// The recurrences exactly as the papers write them, over big rationals, memoised:
/// Nica eq. (2.2), Cushing et al. eq. (1), and the free-guess rule of `Rules::FreeGuess`.
struct Naive {
    rules: Rules,
    questions: Questions,
    memo: HashMap<(u64, u64), Rational>,
}

impl Naive {
    fn new(rules: Rules, questions: Questions) -> Self {
        Naive {
            rules,
            questions,
            memo: HashMap::new(),
        }
    }

    fn splits(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = (1..=n / 2).map(|a| vec![a, n - a]).collect();
        if self.questions == Questions::Three {
            for a in 1..=n / 3 {
                for b in a..=(n - a) / 2 {
                    out.push(vec![a, b, n - a - b]);
                }
            }
        }
        out
    }

    /// The probability of winning with `mv` and optimal play afterwards.
    fn move_value(&mut self, n: u64, m: u64, mv: &Move) -> Rational {
        let frac = |a: u64| Rational::new(a.into(), n.into());
        match mv {
            Move::Guess => match self.rules {
                Rules::Official => frac(1),
                _ if n == 1 => Rational::one(),
                _ => frac(1) + frac(n - 1) * (Rational::one() - self.p(m, n - 1)),
            },
            Move::Split(parts) => {
                let mut v = Rational::zero();
                for &a in parts {
                    let win = if self.rules == Rules::Race && a == 1 {
                        Rational::one()
                    } else {
                        Rational::one() - self.p(m, a)
                    };
                    v += frac(a) * win;
                }
                v
            }
        }
    }

    fn moves(&self, n: u64, m: u64) -> Vec<Move> {
        if self.rules == Rules::Race && (n == 1 || m == 1) {
            return Vec::new();
        }
        let mut out = Vec::new();
        if self.rules != Rules::Race {
            out.push(Move::Guess);
        }
        out.extend(self.splits(n).into_iter().map(Move::Split));
        out
    }

    fn p(&mut self, n: u64, m: u64) -> Rational {
        if let Some(v) = self.memo.get(&(n, m)) {
            return v.clone();
        }
        let v = if self.rules == Rules::Race && n == 1 {
            Rational::one()
        } else if self.rules == Rules::Race && m == 1 {
            Rational::zero()
        } else {
            let moves = self.moves(n, m);
            moves
                .iter()
                .map(|mv| self.move_value(n, m, mv))
                .max()
                .expect("a move exists")
        };
        self.memo.insert((n, m), v.clone());
        v
    }
}

fn all_kinds() -> Vec<(Rules, Questions)> {
    let mut v = Vec::new();
    for r in Rules::ALL {
        for q in [Questions::Two, Questions::Three] {
            v.push((r, q));
        }
    }
    v
}

#[test]
fn table_equals_the_literal_rational_recurrence() {
    for (rules, questions) in all_kinds() {
        let max = if questions == Questions::Two { 36 } else { 24 };
        let t = Table::solve(max, rules, questions).unwrap();
        let mut naive = Naive::new(rules, questions);
        for n in 1..=max {
            for m in 1..=max {
                if rules == Rules::Race && n == 1 && m == 1 {
                    continue;
                }
                let exact = naive.p(n, m);
                let fast = t.probability(n, m).unwrap().to_rational();
                assert_eq!(fast, exact, "{rules} {questions}-way ({n},{m})");
                // The set of optimal moves is exactly the set of argmax moves.
                let best: Vec<Move> = naive
                    .moves(n, m)
                    .into_iter()
                    .filter(|mv| naive.move_value(n, m, mv) == exact)
                    .map(|mv| match mv {
                        Move::Split(p) => split(&p),
                        g => g,
                    })
                    .collect();
                assert_eq!(t.best_moves(n, m).unwrap(), best, "({n},{m})");
            }
        }
    }
}

#[test]
fn more_candidates_never_help_the_player_who_has_them() {
    for (rules, questions) in all_kinds() {
        let t = Table::solve(150, rules, questions).unwrap();
        for n in 1..150u64 {
            for m in 1..150u64 {
                if rules == Rules::Race && (n == 1 || m == 1) {
                    continue;
                }
                let here = t.probability(n, m).unwrap().to_rational();
                let more_mine = t.probability(n + 1, m).unwrap().to_rational();
                let more_theirs = t.probability(n, m + 1).unwrap().to_rational();
                assert!(more_mine <= here, "{rules} {questions} ({n},{m})");
                assert!(more_theirs >= here, "{rules} {questions} ({n},{m})");
            }
        }
    }
}

#[test]
fn free_guess_dominates_the_one_candidate_question() {
    // Under free guessing a guess is worth n·m − N(m, n−1), the question 1 + (n−1) only
    // n·m − N(m, 1) − N(m, n−1) with N(m, 1) = 1: the question is never optimal.
    let t = Table::solve(80, Rules::FreeGuess, Questions::Two).unwrap();
    for n in 3..=80 {
        for m in 1..=80 {
            let g = t.move_numerator(n, m, &Move::Guess).unwrap();
            let q = t.move_numerator(n, m, &split(&[1, n - 1])).unwrap();
            assert_eq!(g, q + 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any legal move is worth at most the value, and some move attains it.
    #[test]
    fn value_is_the_best_move(n in 1u64..=60, m in 1u64..=60, r in 0usize..3, three in any::<bool>()) {
        let rules = Rules::ALL[r];
        let q = if three { Questions::Three } else { Questions::Two };
        prop_assume!(!(rules == Rules::Race && n == 1 && m == 1));
        let t = Table::solve(60, rules, q).unwrap();
        let best = t.numerator(n, m).unwrap();
        prop_assert!(best <= n * m);
        let moves = t.moves(n, m).unwrap();
        for mv in &moves {
            prop_assert!(t.move_numerator(n, m, mv).unwrap() <= best);
        }
        prop_assert_eq!(t.best_moves(n, m).unwrap().is_empty(), moves.is_empty());
    }

    /// A table solved to a larger size agrees on the common positions.
    #[test]
    fn tables_are_prefix_stable(small in 1u64..40, r in 0usize..3, three in any::<bool>()) {
        let rules = Rules::ALL[r];
        let q = if three { Questions::Three } else { Questions::Two };
        let a = Table::solve(small, rules, q).unwrap();
        let b = Table::solve(small + 17, rules, q).unwrap();
        for n in 1..=small {
            for m in 1..=small {
                prop_assert_eq!(a.numerator(n, m).ok(), b.numerator(n, m).ok());
            }
        }
    }
}

#[test]
fn blocked_solver_equals_the_diagonal_sweep() {
    for (rules, questions) in all_kinds() {
        let max = if questions == Questions::Two {
            200
        } else {
            120
        };
        let reference = Table::solve_by_diagonals(max, rules, questions).unwrap();
        for block in [1, 7, 64, 500] {
            let t = Table::solve_blocked(max, rules, questions, block, &mut |_, _| {}).unwrap();
            for n in 1..=max {
                for m in 1..=max {
                    assert_eq!(
                        t.numerator(n, m).ok(),
                        reference.numerator(n, m).ok(),
                        "{rules} {questions}-way block {block} ({n},{m})"
                    );
                }
            }
        }
    }
}

#[test]
fn band_solver_equals_the_square_table() {
    for (rules, questions) in all_kinds() {
        for (n, m) in [(90u64, 7u64), (7, 90), (64, 20), (33, 33), (50, 1), (1, 50)] {
            let band = Table::solve_band(n, m, rules, questions).unwrap();
            let square = Table::solve(n.max(m), rules, questions).unwrap();
            let mut compared = 0;
            for a in 1..=n.max(m) {
                for b in 1..=n.max(m) {
                    if band.contains(a, b) {
                        compared += 1;
                        assert_eq!(
                            band.numerator(a, b).ok(),
                            square.numerator(a, b).ok(),
                            "{rules} {questions} band ({n},{m}) at ({a},{b})"
                        );
                    }
                }
            }
            assert!(compared >= (n * m) as usize);
            if !(rules == Rules::Race && n.min(m) == 1) {
                assert_eq!(
                    band.best_moves(n, m).unwrap(),
                    square.best_moves(n, m).unwrap()
                );
            }
        }
    }
    // Outside the band: refused, not read.
    let band = Table::solve_band(100, 3, Rules::Official, Questions::Two).unwrap();
    assert!(!band.contains(50, 50));
    assert!(matches!(
        band.probability(50, 50),
        Err(GuessWhoError::OutsideTable { .. })
    ));
    assert!(!band.is_square());
}

/// The table-free race values (Nica's Theorem 1.1 for the position and for every position a
/// question leads to) agree with the table everywhere up to 120: the probability, the list of
/// optimal questions, and the value of every question; bad questions are refused alike.
#[test]
fn nica_positions_equal_the_race_table() {
    use duel_guesswho::closed_form::NicaPosition;
    let max = 120;
    let table = Table::solve(max, Rules::Race, Questions::Two).unwrap();
    for n in 1..=max {
        for m in 1..=max {
            if n == 1 && m == 1 {
                assert!(NicaPosition::new(1, 1).is_err());
                continue;
            }
            let p = NicaPosition::new(n, m).unwrap();
            assert_eq!(
                p.probability(),
                table.probability(n, m).unwrap(),
                "({n},{m})"
            );
            assert_eq!(p.best_moves(), table.best_moves(n, m).unwrap(), "({n},{m})");
            for a in 0..=n {
                let mv = Move::Split(vec![a, n - a]);
                assert_eq!(
                    p.move_probability(&mv).ok(),
                    table.move_probability(n, m, &mv).ok(),
                    "({n},{m}) {mv}"
                );
            }
            assert!(p.move_probability(&Move::Guess).is_err());
            if n >= 3 {
                // Three parts: not a yes/no question.
                assert!(p.move_probability(&Move::Split(vec![1, 1, n - 2])).is_err());
            }
        }
    }
    assert!(NicaPosition::new(0, 5).is_err());
    assert!(NicaPosition::new(1 << 32, 1 << 31).is_err());
}

/// The table-free official values (Cushing et al.'s Theorem 1.1 played at the position and at
/// every position it leads to) agree with the official table everywhere up to 120: the
/// probability, the list of optimal moves, and the value of the guess and of every question;
/// bad questions are refused alike. Under the official rules `(1, 1)` is a position (the
/// player to move names the last candidate).
#[test]
fn official_positions_equal_the_official_table() {
    use duel_guesswho::closed_form::OfficialPosition;
    let max = 120;
    let table = Table::solve(max, Rules::Official, Questions::Two).unwrap();
    for n in 1..=max {
        for m in 1..=max {
            let p = OfficialPosition::new(n, m).unwrap();
            assert_eq!(
                p.probability(),
                table.probability(n, m).unwrap(),
                "({n},{m})"
            );
            assert_eq!(p.best_moves(), table.best_moves(n, m).unwrap(), "({n},{m})");
            assert_eq!(
                p.move_probability(&Move::Guess).unwrap(),
                table.move_probability(n, m, &Move::Guess).unwrap(),
                "({n},{m}) guess"
            );
            for a in 0..=n {
                let mv = Move::Split(vec![a, n - a]);
                assert_eq!(
                    p.move_probability(&mv).ok(),
                    table.move_probability(n, m, &mv).ok(),
                    "({n},{m}) {mv}"
                );
            }
            if n >= 3 {
                // Three parts: not a yes/no question.
                assert!(p.move_probability(&Move::Split(vec![1, 1, n - 2])).is_err());
            }
            assert!(p.move_probability(&Move::Split(vec![n, 1])).is_err());
        }
    }
    assert!(OfficialPosition::new(0, 5).is_err());
    assert!(OfficialPosition::new(5, 0).is_err());
    assert!(OfficialPosition::new(1 << 32, 1 << 31).is_err());
    assert!(OfficialPosition::new((1 << 62) - 1, 2).is_ok());
}

/// Larger positions against the official tables, as `guess-who value` solves them: thin ones
/// by the band solver, a square one by the blocked solver.
#[test]
fn official_positions_equal_larger_official_tables() {
    use duel_guesswho::closed_form::OfficialPosition;
    let check = |table: &Table, n: u64, m: u64| {
        let p = OfficialPosition::new(n, m).unwrap();
        assert_eq!(
            p.probability(),
            table.probability(n, m).unwrap(),
            "({n},{m})"
        );
        let best = table.best_moves(n, m).unwrap();
        assert_eq!(p.best_moves(), best, "({n},{m})");
        // The first few, counted to the end, as `guess-who value` prints them.
        let (first, count) = table.best_moves_upto(n, m, 5).unwrap();
        assert_eq!(first, best[..best.len().min(5)], "({n},{m})");
        assert_eq!(count, best.len() as u64, "({n},{m})");
        for mv in [
            Move::Guess,
            Move::Split(vec![1, n - 1]),
            Move::Split(vec![n / 3, n - n / 3]),
            Move::Split(vec![n / 2, n - n / 2]),
        ] {
            assert_eq!(
                p.move_probability(&mv).unwrap(),
                table.move_probability(n, m, &mv).unwrap(),
                "({n},{m}) {mv}"
            );
        }
    };
    for (n, m) in [(1000, 7), (4096, 3), (24, 4000), (3001, 4)] {
        let band = Table::solve_band(n, m, Rules::Official, Questions::Two).unwrap();
        check(&band, n, m);
    }
    let square = Table::solve(600, Rules::Official, Questions::Two).unwrap();
    for (n, m) in [(600, 600), (599, 512), (513, 257), (400, 599)] {
        check(&square, n, m);
    }
}
