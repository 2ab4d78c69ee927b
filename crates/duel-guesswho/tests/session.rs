//! A Guess Who game against the optimal player, replayed from its actions.

use duel_guesswho::session::{play, Action, PlayError, PlayRequest, Side};
use duel_guesswho::{Move, Questions, Rules, Table};

/// Plays the hint (the first optimal question, or the guess of the only candidate) until the
/// end; returns the final answer.
fn play_hints(mut request: PlayRequest) -> duel_guesswho::session::PlayAnswer {
    loop {
        let a = play(&request).unwrap();
        if a.winner.is_some() {
            return a;
        }
        let action = match a.hint.first() {
            Some(Move::Guess) => Action::Guess {
                id: a.candidates[0],
            },
            _ => Action::Ask {
                parts: a.hint_parts[..a.hint_parts.len() - 1].to_vec(),
            },
        };
        request.actions.push(action);
    }
}

#[test]
fn the_first_probability_is_the_tables_and_duel_plays_only_optimal_moves() {
    for (rules, q) in [
        ("race", 2),
        ("official", 2),
        ("official", 3),
        ("free-guess", 2),
    ] {
        for seed in 0..6 {
            let mut r = PlayRequest::new(24, 20, rules, q, seed);
            r.secret = (seed % 20) as u32;
            let end = play_hints(r);
            let table = Table::solve(
                24,
                rules.parse::<Rules>().unwrap(),
                q.to_string().parse::<Questions>().unwrap(),
            )
            .unwrap();
            assert_eq!(end.log[0].p_before, table.probability(24, 20).unwrap());
            for t in &end.log {
                assert!(t.was_optimal, "{rules} {seed}: {t:?}");
                assert!(t.optimal.contains(&t.mv));
                // The value of a move is the value of the position when it is optimal.
                assert_eq!(t.p_move, t.p_before);
            }
            assert!(end.duel_secret.is_some());
            assert!(matches!(end.winner, Some(Side::Human | Side::Duel)));
        }
    }
}

#[test]
fn answers_follow_the_secrets() {
    // Under the race rules the person reaches one candidate: duel's secret.
    let mut r = PlayRequest::new(16, 16, "race", 2, 3);
    r.secret = 5;
    let end = play_hints(r);
    let last_human = end.log.iter().rev().find(|t| t.by == Side::Human).unwrap();
    if end.winner == Some(Side::Human) {
        assert_eq!(end.candidates, vec![end.duel_secret.unwrap()]);
    } else {
        assert_eq!(end.opponent_candidates, vec![5]);
    }
    // Every answer keeps the part that holds the other side's secret.
    for t in &end.log {
        let target = match t.by {
            Side::Human => end.duel_secret.unwrap(),
            Side::Duel => 5,
        };
        let k = t.answer.unwrap();
        assert!(t.parts[k].contains(&target), "{t:?}");
    }
    assert!(last_human.position.0 >= 2);
}

#[test]
fn a_feature_question_splits_by_the_feature() {
    let mut r = PlayRequest::new(24, 24, "official", 2, 9);
    r.actions.push(Action::Feature {
        feature: "glasses".into(),
    });
    let a = play(&r).unwrap();
    let t = &a.log[0];
    let with: Vec<u32> = a.faces.iter().filter(|f| f.glasses).map(|f| f.id).collect();
    assert_eq!(t.parts[0], with);
    assert_eq!(t.feature.as_deref(), Some("glasses"));
    // Cushing et al., Theorem 1.1: P(24, 24) = 5/9.
    assert_eq!(t.p_before.to_string(), "5/9");
}

#[test]
fn bad_requests_are_refused_with_the_reason() {
    let base = PlayRequest::new(24, 24, "official", 2, 1);
    let with = |f: &dyn Fn(&mut PlayRequest)| {
        let mut r = base.clone();
        f(&mut r);
        play(&r).unwrap_err()
    };
    assert!(matches!(with(&|r| r.pool = 65), PlayError::Pool { .. }));
    assert!(matches!(
        with(&|r| {
            r.rules = "race".into();
            r.pool = 1;
        }),
        PlayError::Pool { .. }
    ));
    assert!(matches!(
        with(&|r| r.rules = "chess".into()),
        PlayError::GuessWho(_)
    ));
    assert!(matches!(with(&|r| r.questions = 4), PlayError::GuessWho(_)));
    assert!(matches!(with(&|r| r.secret = 24), PlayError::Secret(24)));
    let ask = |parts: Vec<Vec<u32>>| {
        with(&move |r: &mut PlayRequest| {
            r.actions = vec![Action::Ask {
                parts: parts.clone(),
            }]
        })
    };
    assert_eq!(ask(vec![vec![99]]), PlayError::NoFace(99));
    assert_eq!(ask(vec![vec![1, 1]]), PlayError::Twice(1));
    assert_eq!(ask(vec![(0..24).collect()]), PlayError::NoSplit(24));
    assert!(matches!(
        ask(vec![vec![1], vec![2]]),
        PlayError::Parts { .. }
    ));
    assert!(matches!(ask(vec![]), PlayError::Parts { .. }));
    assert!(matches!(
        with(&|r| r.actions = vec![Action::Feature {
            feature: "wings".into()
        }]),
        PlayError::Feature(_)
    ));
    assert_eq!(
        with(&|r| {
            r.rules = "race".into();
            r.actions = vec![Action::Guess { id: 0 }];
        }),
        PlayError::NoGuess
    );
    // A wrong guess under the official rules ends the game; a later action is refused.
    let mut r = base.clone();
    r.actions = (0..24).map(|id| Action::Guess { id }).collect();
    assert!(matches!(play(&r).unwrap_err(), PlayError::Over(_)));
}
