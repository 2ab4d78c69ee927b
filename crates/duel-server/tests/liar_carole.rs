//! The liar game with the person as Carole: `/api/liar/carole` answers the library's game and
//! refuses bad games with a 4xx and a JSON error; in headless Chromium the page plays a whole
//! game, answered with a lie, to the number, as the library does.

mod support;

use std::path::PathBuf;

use duel::liar::carole::{carole, CaroleRequest, Verdict};
use duel::liar::Answer;
use serde_json::json;

const PATH: &str = "/api/liar/carole";

#[test]
fn the_api_answers_the_librarys_game_and_refuses_bad_ones() {
    let addr = support::start_server();
    let r = CaroleRequest {
        n: 100,
        lies: 2,
        answers: vec![Answer::Yes, Answer::No, Answer::No],
    };
    let reply = support::request(addr, "POST", PATH, &serde_json::to_string(&r).unwrap());
    assert_eq!(reply.status, 200);
    let want = serde_json::to_value(carole(&r).unwrap()).unwrap();
    assert_eq!(reply.json(), want);
    assert_eq!(want["verdict"], "asking");
    assert_eq!(want["rounds"].as_array().unwrap().len(), 3);
    for (body, status, needle) in [
        (r#"{"n": 0, "lies": 1, "answers": []}"#, 400, "1 ≤ n ≤ 1024"),
        (
            r#"{"n": 2000, "lies": 1, "answers": []}"#,
            400,
            "1 ≤ n ≤ 1024",
        ),
        (
            r#"{"n": 16, "lies": 4, "answers": []}"#,
            400,
            "at most 3 lies",
        ),
        (
            r#"{"n": 16, "lies": 1, "answers": ["maybe"]}"#,
            400,
            "answers[0] must be yes or no (not maybe)",
        ),
        (
            r#"{"n": -1, "lies": 1, "answers": []}"#,
            400,
            "n must be a whole number from 0 up (not -1)",
        ),
        (r#"{"n": 16, "lies": 1}"#, 400, "answers"),
        (
            r#"{"n": 1, "lies": 0, "answers": ["yes"]}"#,
            400,
            "over after 0 answers",
        ),
        ("not json", 400, "not valid JSON"),
    ] {
        let reply = support::request(addr, "POST", PATH, body);
        assert_eq!(reply.status, status, "{body}");
        let e = reply.json()["error"].as_str().unwrap().to_string();
        assert!(e.contains(needle), "{body}: {e:?} lacks {needle:?}");
    }
    // Answers after the end of a whole game.
    let mut r = CaroleRequest {
        n: 8,
        lies: 1,
        answers: vec![],
    };
    while carole(&r).unwrap().verdict == Verdict::Asking {
        r.answers.push(Answer::No);
    }
    r.answers.push(Answer::No);
    let reply = support::request(addr, "POST", PATH, &serde_json::to_string(&r).unwrap());
    assert_eq!(reply.status, 400);
    assert!(reply.json()["error"].as_str().unwrap().contains("over"));
    let big = format!(
        r#"{{"n": 16, "lies": 1, "answers": [{}"yes"]}}"#,
        "\"no\",".repeat(20_000)
    );
    assert_eq!(support::request(addr, "POST", PATH, &big).status, 413);
    assert_eq!(support::request(addr, "GET", PATH, "").status, 405);
}

#[test]
fn two_lies_where_one_is_allowed_are_inconsistent_through_the_api() {
    // 1..=8 with one lie: Carole (number 6) lies to the first two questions, then tells the
    // truth; the answers fit no number with one lie, and the game ends "inconsistent".
    let addr = support::start_server();
    let mut r = CaroleRequest {
        n: 8,
        lies: 1,
        answers: vec![],
    };
    loop {
        let reply = support::request(addr, "POST", PATH, &serde_json::to_string(&r).unwrap());
        assert_eq!(reply.status, 200);
        let a = reply.json();
        assert_eq!(a, serde_json::to_value(carole(&r).unwrap()).unwrap());
        let Some(set) = a["next"].as_array() else {
            assert_eq!(a["verdict"], "inconsistent", "{a}");
            assert_eq!(a["number"], serde_json::Value::Null);
            // Every number needs more than one lie.
            assert!(a["charged"].as_array().unwrap().iter().all(|c| c == 2));
            break;
        };
        let truth = set.contains(&json!(6));
        let lie = r.answers.len() < 2;
        r.answers.push(if truth != lie {
            Answer::Yes
        } else {
            Answer::No
        });
    }
}

fn image(name: &str) -> PathBuf {
    std::env::var_os("DUEL_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("duel-screenshots"))
        .join(name)
}

#[test]
fn liar_page_plays_carole_with_a_lie_to_the_number() {
    let Some(b) = support::browser() else { return };
    let addr = support::start_server();
    b.goto(&format!("http://{addr}/#liar"));
    b.wait("return document.body.dataset.caroleReady === '1';");
    b.run(
        "document.getElementById('carole-n').value = '100'; document.getElementById('carole-lies').value = '2';",
        json!([]),
    );
    b.click("#carole-new");
    b.wait_in(support::LIAR, "return carole.answer !== null && carole.answer.lies === 2 && carole.answer.rounds.length === 0;");
    let promised = carole(&CaroleRequest {
        n: 100,
        lies: 2,
        answers: vec![],
    })
    .unwrap()
    .questions;
    // The person's number is 37; she lies on the first and the fourth question.
    let secret = 37;
    let mut round = 0;
    loop {
        let a = b.run_in(support::LIAR, "return carole.answer;", json!([]));
        let request: CaroleRequest =
            serde_json::from_value(b.run_in(support::LIAR, "return carole.request;", json!([])))
                .unwrap();
        let lib = carole(&request).unwrap();
        assert_eq!(a, serde_json::to_value(&lib).unwrap());
        let shown = b.run(
            "return document.getElementById('carole-volume').dataset.volume;",
            json!([]),
        );
        assert_eq!(shown, lib.volume);
        let Some(set) = lib.next else { break };
        let status = b.text("#carole-status");
        assert!(
            status.contains(lib.next_text.as_deref().unwrap()),
            "{status}"
        );
        let truth = set.contains(&secret);
        let yes = truth != (round == 0 || round == 3);
        b.click(if yes { "#carole-yes" } else { "#carole-no" });
        round += 1;
        b.wait_in(
            support::LIAR,
            &format!("return carole.answer.rounds.length === {round};"),
        );
    }
    assert!(round <= promised, "{round} questions, {promised} promised");
    let status = b.run(
        "return [document.getElementById('carole-status').dataset.verdict, document.getElementById('carole-status').dataset.number];",
        json!([]),
    );
    assert_eq!(status, json!(["found", "37"]));
    b.screenshot(&image("liar-carole.png"));
    // Undo takes back the last answer.
    b.click("#carole-undo");
    b.wait_in(
        support::LIAR,
        &format!("return carole.answer.rounds.length === {};", round - 1),
    );
    assert_eq!(
        b.run_in(support::LIAR, "return carole.answer.verdict;", json!([])),
        "asking"
    );
}
