//! `duel play guess-who` and `duel play liar`: whole games scripted through stdin, checked
//! against the library's sessions that the terminal and the web app share.

use duel::guesswho::session::{play as gw_play, Action, PlayRequest};
use duel::guesswho::Move;
use duel::liar::carole::{carole, page_budget, ranges, CaroleRequest, Strategy};
use duel::liar::paul::{paul, PaulRequest, Standing};
use duel::liar::Answer;
use serde_json::Value;

use crate::common::play as run;

/// The person's optimal play from the library's hints: each action and its input line.
fn optimal_guess_who(mut request: PlayRequest) -> (PlayRequest, Vec<String>) {
    let mut lines = Vec::new();
    loop {
        let a = gw_play(&request).unwrap();
        if a.to_move.is_none() {
            return (request, lines);
        }
        let (action, line) = match a.hint.first().unwrap() {
            Move::Guess => {
                let id = a.candidates[0];
                (Action::Guess { id }, format!("guess {id}"))
            }
            Move::Split(_) => {
                let asked = &a.hint_parts[..a.hint_parts.len() - 1];
                let text: Vec<String> = asked
                    .iter()
                    .map(|p| p.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
                    .collect();
                (
                    Action::Ask {
                        parts: asked.to_vec(),
                    },
                    format!("ask {}", text.join(" / ")),
                )
            }
        };
        request.actions.push(action);
        lines.push(line);
    }
}

#[test]
fn guess_who_follows_the_hints_to_the_librarys_end_with_exact_probabilities() {
    for (rules, questions, n, m) in [
        ("official", 2, 24, 24),
        ("race", 3, 10, 7),
        ("free-guess", 2, 6, 9),
    ] {
        let mut start = PlayRequest::new(n, m, rules, questions, 5);
        start.secret = 3;
        let (request, lines) = optimal_guess_who(start);
        let lib = gw_play(&request).unwrap();
        let (n, m, q) = (n.to_string(), m.to_string(), questions.to_string());
        let args = [
            "guess-who",
            "--n",
            &n,
            "--m",
            &m,
            "--rules",
            rules,
            "--questions",
            &q,
            "--secret",
            "3",
            "--seed",
            "5",
        ];
        let input = lines.join("\n") + "\n";
        let (code, out, err) = run(&[&args[..], &["--json"]].concat(), &input);
        assert_eq!(code, 0, "{err}");
        let shown: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(shown, serde_json::to_value(&lib).unwrap());
        // On text, with a wrong line, a hint and a move taken back first.
        let text_input = format!("what\nhint\nglasses?\nundo\n{input}");
        let (code, out, err) = run(&args, &text_input);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("\"what\" is not a move (help)"), "{out}");
        assert!(out.contains("took back your last move"), "{out}");
        let first = gw_play(&PlayRequest {
            actions: vec![],
            ..request.clone()
        })
        .unwrap();
        let best: Vec<String> = first.hint.iter().map(ToString::to_string).collect();
        assert!(
            out.contains(&format!(
                "hint: optimal: {} (you win with probability {})",
                best.join(", "),
                first.p
            )),
            "{out}"
        );
        // Every move with the library's exact probabilities before, for the move and after.
        for t in &lib.log {
            let line = format!(
                "P({}, {}) = {} before, {} for the move, {} after",
                t.position.0, t.position.1, t.p_before, t.p_move, t.p_after
            );
            assert!(out.contains(&line), "{line} not in {out}");
        }
        let last = out.lines().last().unwrap();
        let want = if lib.winner == Some(duel::guesswho::session::Side::Human) {
            "game over: you won"
        } else {
            "game over: you lost"
        };
        assert!(last.starts_with(want), "{last}");
    }
}

#[test]
fn liar_as_carole_finds_the_number_through_a_lie_and_an_undo() {
    let (n, lies, secret) = (50u64, 2usize, 17u64);
    // She lies on the second answer.
    let mut request = CaroleRequest {
        n,
        lies,
        answers: vec![],
    };
    let mut input = String::from("maybe\nhint\n");
    loop {
        let a = carole(&request).unwrap();
        let Some(set) = a.next else { break };
        let truth = set.contains(&secret);
        let yes = truth != (request.answers.len() == 1);
        let answer = if yes { Answer::Yes } else { Answer::No };
        if request.answers.len() == 3 {
            // An answer taken back and given again.
            input.push_str(if yes { "no\nundo\n" } else { "yes\nundo\n" });
        }
        input.push_str(if yes { "y\n" } else { "n\n" });
        request.answers.push(answer);
    }
    let lib = carole(&request).unwrap();
    assert_eq!(lib.number, Some(secret));
    let args = ["liar", "--n", "50", "--lies", "2", "--role", "carole"];
    let (code, out, err) = run(&args, &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"maybe\" is not an answer"), "{out}");
    assert!(out.contains("took back your answer to question 4"), "{out}");
    assert!(out.contains(&format!(
        "duel needs at most {} questions (the fewest possible)",
        lib.questions
    )));
    for r in &lib.rounds {
        assert!(
            out.contains(&format!("is your number in {{{}}}?", r.text)),
            "{out}"
        );
    }
    assert_eq!(
        out.lines().last().unwrap(),
        format!(
            "game over: your number is 17 (found in {} questions)",
            lib.rounds.len()
        )
    );
    let (code, out, _) = run(&[&args[..], &["--json"]].concat(), &input);
    assert_eq!(code, 0);
    let shown: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(shown, serde_json::to_value(&lib).unwrap());
}

#[test]
fn liar_as_paul_wins_with_the_hints_in_the_fewest_questions() {
    let (n, lies) = (20u64, 1usize);
    let mut strategy = Strategy::new(lies, page_budget()).unwrap();
    let q = duel::liar::min_questions(n, lies, page_budget())
        .unwrap()
        .questions;
    let mut request = PaulRequest {
        n,
        lies,
        questions: q,
        asked: vec![],
    };
    let mut input = String::from("0-3\nhint\n");
    let mut hints = Vec::new();
    loop {
        let a = paul(&request).unwrap();
        if a.questions_left == 0 {
            break;
        }
        let set = strategy.question(a.questions_left, &a.charged).unwrap();
        hints.push(ranges(&set));
        input.push_str(&format!("{}\n", ranges(&set).replace('–', "-")));
        request.asked.push(set);
    }
    let lib = paul(&request).unwrap();
    assert_eq!(lib.verdict, Standing::Paul);
    let args = ["liar", "--n", "20", "--lies", "1", "--role", "paul"];
    let (code, out, err) = run(&args, &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("0 is not a number from 1 to 20"), "{out}");
    assert!(out.contains(&format!("hint: ask {}\n", hints[0])), "{out}");
    assert!(
        out.contains(&format!("find it with {q} questions")),
        "{out}"
    );
    for r in &lib.rounds {
        assert!(
            out.contains(&format!("Berlekamp volume {} vs", r.volume)),
            "{out}"
        );
    }
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("game over: you won: only "),
        "{out}"
    );
    let (code, out, _) = run(&[&args[..], &["--json"]].concat(), &input);
    assert_eq!(code, 0);
    let shown: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(shown, serde_json::to_value(&lib).unwrap());
}

#[test]
fn bad_setups_are_one_error_line_and_exit_2() {
    for args in [
        &["liar", "--role", "judge"][..],
        &["liar", "--n", "0"],
        &["liar", "--lies", "4"],
        &["liar", "--rules", "race"],
        &["liar", "--questions", "5"],
        &["guess-who", "--rules", "chess"],
        &["guess-who", "--n", "65"],
        // Issue 47: a pool of 2^32 wrapped to 0 in the secret's draw and panicked.
        &["guess-who", "--m", "4294967296"],
        &["guess-who", "--m", "8589934592"],
        &["guess-who", "--secret", "30"],
        &["guess-who", "--human", "none"],
        &["guess-who", "--lies", "1"],
    ] {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(
            err.starts_with("duel: error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    // Input that ends before the game does.
    let (code, _, err) = run(&["liar"], "yes\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("input ended before the game was over"),
        "{err}"
    );
}

#[test]
fn liar_as_carole_with_too_many_lies_is_inconsistent() {
    // 1..=8 with one lie: Carole (number 6) lies to the first two questions, then tells the
    // truth; no number fits with one lie, as the library says.
    let mut r = CaroleRequest {
        n: 8,
        lies: 1,
        answers: vec![],
    };
    let mut lines = Vec::new();
    while let Some(set) = carole(&r).unwrap().next {
        let lie = r.answers.len() < 2;
        let yes = set.contains(&6) != lie;
        r.answers.push(if yes { Answer::Yes } else { Answer::No });
        lines.push(if yes { "yes" } else { "no" });
    }
    let (code, out, _) = run(
        &["liar", "--n", "8", "--lies", "1", "--role", "carole"],
        &(lines.join("\n") + "\n"),
    );
    assert_eq!(code, 0);
    assert!(
        out.ends_with("game over: no number from 1 to 8 fits your answers with at most 1 lies\n"),
        "{out}"
    );
}
