//! duel as Paul against a person as Carole: whatever the number and wherever she tells her at
//! most `e` lies, duel names the number within the promised number of questions, and that
//! number is the fewest with which Paul can win.

use duel_liar::carole::{carole, CaroleRequest, Verdict};
use duel_liar::{min_questions, Answer, Budget};

/// Plays every game of `secret` with at most `lies_left` more lies from `request`; returns
/// how many games were played.
fn every_lie_pattern(request: &mut CaroleRequest, secret: u64, lies_left: usize) -> usize {
    let a = carole(request).unwrap();
    let Some(set) = a.next.clone() else {
        assert_eq!(
            (a.verdict, a.number),
            (Verdict::Found, Some(secret)),
            "n = {}, e = {}, answers {:?}",
            request.n,
            request.lies,
            request.answers
        );
        assert!(a.rounds.len() as u32 <= a.questions);
        // Within the bound of the questions left throughout (the strategy keeps every state
        // winnable).
        for r in &a.rounds {
            assert!(r.volume.parse::<u128>().unwrap() <= r.bound.parse::<u128>().unwrap());
        }
        return 1;
    };
    assert_eq!(a.verdict, Verdict::Asking);
    assert!(set.windows(2).all(|w| w[0] < w[1]) && set.iter().all(|&x| 1 <= x && x <= request.n));
    let truth = if set.contains(&secret) {
        Answer::Yes
    } else {
        Answer::No
    };
    let lie = if truth == Answer::Yes {
        Answer::No
    } else {
        Answer::Yes
    };
    let mut games = 0;
    for (answer, cost) in [(truth, 0), (lie, 1)] {
        if cost > lies_left {
            continue;
        }
        request.answers.push(answer);
        games += every_lie_pattern(request, secret, lies_left - cost);
        request.answers.pop();
    }
    games
}

#[test]
fn duel_finds_every_number_under_every_pattern_of_at_most_e_lies() {
    for (lies, max_n) in [(0, 16), (1, 12), (2, 7), (3, 4)] {
        for n in 1..=max_n {
            let promised = min_questions(n, lies, Budget::default()).unwrap();
            assert!(promised.certified);
            let mut games = 0;
            for secret in 1..=n {
                let mut r = CaroleRequest {
                    n,
                    lies,
                    answers: vec![],
                };
                assert_eq!(carole(&r).unwrap().questions, promised.questions);
                games += every_lie_pattern(&mut r, secret, lies);
            }
            assert!(games >= n as usize);
        }
    }
}

/// The numbers that fit the rounds with at most `lies` lies, counted afresh from the questions
/// and answers.
fn fitting(a: &duel_liar::carole::CaroleAnswer) -> Vec<u64> {
    (1..=a.n)
        .filter(|x| {
            let lies = a
                .rounds
                .iter()
                .filter(|r| r.question.contains(x) != (r.answer == Answer::Yes))
                .count();
            lies <= a.lies
        })
        .collect()
}

/// Every answer sequence from `request`: counts the games that end with each verdict.
fn every_answer(request: &mut CaroleRequest, ends: &mut [usize; 3]) {
    let a = carole(request).unwrap();
    if a.next.is_none() {
        let fit = fitting(&a);
        match a.verdict {
            Verdict::Found => {
                assert_eq!(fit, vec![a.number.unwrap()], "{:?}", request.answers);
                ends[0] += 1
            }
            Verdict::Inconsistent => {
                assert!(fit.is_empty(), "{:?}", request.answers);
                ends[1] += 1
            }
            v => panic!("{v:?} after {:?}", request.answers),
        }
        assert!(a.rounds.len() as u32 <= a.questions);
        // The answers are over.
        request.answers.push(Answer::No);
        assert!(carole(request).is_err());
        request.answers.pop();
        return;
    }
    for answer in [Answer::Yes, Answer::No] {
        request.answers.push(answer);
        every_answer(request, ends);
        request.answers.pop();
    }
}

#[test]
fn any_answers_end_with_a_number_and_bad_games_are_refused() {
    let mut ends = [0; 3];
    for (n, lies) in [(3, 1), (5, 1), (8, 1), (4, 2)] {
        let mut r = CaroleRequest {
            n,
            lies,
            answers: vec![],
        };
        every_answer(&mut r, &mut ends);
    }
    // Every game ends naming the one number that fits, or, where none fits with at most `e`
    // lies, inconsistent: duel checks the last number left with the questions left.
    assert!(ends[0] > 0 && ends[1] > 0, "{ends:?}");
    for (n, lies) in [(0, 1), (1025, 1), (16, 4)] {
        let bad = CaroleRequest {
            n,
            lies,
            answers: vec![],
        };
        assert!(carole(&bad).is_err());
    }
}

#[test]
fn the_page_sizes_are_settled_and_certified() {
    for lies in 0..=3 {
        for n in [1, 2, 100, 1000, 1024] {
            let a = carole(&CaroleRequest {
                n,
                lies,
                answers: vec![],
            })
            .unwrap();
            let m = min_questions(n, lies, Budget::default()).unwrap();
            assert_eq!((a.questions, a.certified), (m.questions, true));
        }
    }
}

#[test]
fn two_lies_where_one_is_allowed_end_inconsistent() {
    // 1..=8 with one lie allowed: Carole lies to the first two questions and then tells the
    // truth. Whatever her number, no number fits her answers with one lie, and duel says so
    // within its questions.
    for secret in 1..=8 {
        let mut r = CaroleRequest {
            n: 8,
            lies: 1,
            answers: vec![],
        };
        loop {
            let a = carole(&r).unwrap();
            let Some(set) = a.next.clone() else {
                assert_eq!(
                    a.verdict,
                    Verdict::Inconsistent,
                    "{secret}: {:?}",
                    r.answers
                );
                assert!(fitting(&a).is_empty());
                assert!(a.rounds.len() as u32 <= a.questions);
                break;
            };
            let truth = set.contains(&secret);
            let lie = r.answers.len() < 2;
            r.answers.push(if truth != lie {
                Answer::Yes
            } else {
                Answer::No
            });
        }
    }
}
