//! The largest value each page's fields allow is answered within the server's default limits:
//! no page offers a budget, a pool, an n or a chip count that makes the server refuse. The
//! maxima are read from the page itself (`web/index.html`, `web/board.js`, `web/bidding.js`).

use std::time::Duration;

use axum::body::{to_bytes, Body};
use axum::http::{Request, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use tower::ServiceExt;

use duel_server::{router, Limits};

const INDEX: &str = include_str!("../web/index.html");
const BOARD: &str = include_str!("../web/board.js");
const BIDDING: &str = include_str!("../web/bidding.js");

/// The `max` of the input `id` in the page.
fn field_max(id: &str) -> u64 {
    let at = INDEX
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no field {id}"));
    let rest = &INDEX[at..];
    let rest = &rest[rest.find("max=\"").expect("a max") + 5..];
    rest[..rest.find('"').unwrap()].parse().unwrap()
}

/// The `max` of the board's budget of kind `kind` (`solver` or `search`) in `BUDGETS`.
fn budget_max(kind: &str) -> u64 {
    let line = BOARD
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{kind}: {{ label:")))
        .unwrap_or_else(|| panic!("no budget {kind}"));
    let rest = &line[line.find("max: ").unwrap() + 5..];
    rest[..rest.find(',').unwrap()].parse().unwrap()
}

/// The `value`s of the options of the select `id`.
fn options(id: &str) -> Vec<String> {
    let at = INDEX.find(&format!("id=\"{id}\"")).unwrap();
    let rest = &INDEX[at..INDEX[at..].find("</select>").unwrap() + at];
    rest.split("<option value=\"")
        .skip(1)
        .map(|o| o[..o.find('"').unwrap()].to_string())
        .collect()
}

async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 16 << 20).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn the_boards_largest_budget_plays_a_move_with_every_agent() {
    // A search agent's move stops at the server's time limit (here 2 s rather than 30 s, the
    // same path) with its best found, whatever its iterations.
    let app = router(Limits {
        time: Duration::from_secs(2),
        ..Limits::default()
    });
    let iterations = budget_max("search");
    let millis = budget_max("solver");
    let mut failed = Vec::new();
    for game in options("board-game") {
        for agent in options("board-agent") {
            let budget = if agent == "solver" {
                json!({"millis": millis})
            } else {
                json!({"iterations": iterations})
            };
            let mut body = json!({"game": game, "moves": "", "agent": agent,
                                  "human": "second", "seed": 0});
            body.as_object_mut()
                .unwrap()
                .extend(budget.as_object().unwrap().clone());
            let (s, v) = post(&app, "/api/play/turn", body).await;
            if s != StatusCode::OK || !v["agent_move"].is_object() {
                failed.push(format!("{game} {agent}: {s} {v}"));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[tokio::test]
async fn the_other_pages_largest_values_are_answered() {
    let app = router(Limits::default());
    let pool = field_max("gw-pool").max(field_max("gw-opponent-pool"));
    for rules in options("gw-rules") {
        for questions in options("gw-questions") {
            let body = json!({"rules": rules, "questions": questions.parse::<u32>().unwrap(),
                "pool": pool, "opponent_pool": pool, "seed": 1, "secret": 0,
                "human_first": true, "actions": []});
            let (s, v) = post(&app, "/api/guesswho/play", body).await;
            assert_eq!(s, StatusCode::OK, "guesswho {rules} {questions}: {v}");
        }
    }
    let paul = json!({"n": field_max("liar-n"), "lies": field_max("liar-lies"),
                      "questions": field_max("liar-questions"), "asked": []});
    let (s, v) = post(&app, "/api/liar/paul", paul).await;
    assert_eq!(s, StatusCode::OK, "paul: {v}");
    let carole = json!({"n": field_max("carole-n"), "lies": field_max("carole-lies"),
                        "answers": []});
    let (s, v) = post(&app, "/api/liar/carole", carole).await;
    assert_eq!(s, StatusCode::OK, "carole: {v}");
    for rules in options("ex-rules") {
        for questions in options("ex-questions") {
            let body = json!({"max": field_max("ex-max"), "rules": rules,
                              "questions": questions.parse::<u32>().unwrap()});
            let (s, v) = post(&app, "/api/guesswho/heatmap", body).await;
            assert_eq!(s, StatusCode::OK, "heatmap {rules} {questions}: {v}");
        }
    }
    for game in options("bt-game") {
        let body = json!({"game": game, "max_chips": field_max("bt-max")});
        let (s, v) = post(&app, "/api/bidding/table", body).await;
        assert_eq!(s, StatusCode::OK, "table {game}: {v}");
    }
}

/// The number of `const NAME = …;` in `web/bidding.js`.
fn bidding_const(name: &str) -> u64 {
    let line = BIDDING
        .lines()
        .find(|l| l.starts_with(&format!("const {name} = ")))
        .unwrap_or_else(|| panic!("no {name}"));
    line[line.find('=').unwrap() + 1..]
        .trim()
        .trim_end_matches(';')
        .parse()
        .unwrap()
}

#[tokio::test]
async fn the_bidding_pages_largest_chips_are_answered_under_every_rule() {
    // The page takes chips adding up to MAX_CHIPS under the advantage, MAX_SEARCH_CHIPS under
    // the other tie rules (MAX_CONNECT_SEARCH_CHIPS on Connect 3 on 4×4); the fields' own max
    // is the largest.
    assert_eq!(field_max("bid-alice"), bidding_const("MAX_CHIPS"));
    let app = router(Limits::default());
    let mut failed = Vec::new();
    for game in options("bid-game") {
        for rule in options("bid-rule") {
            let total = if rule == "advantage" {
                bidding_const("MAX_CHIPS")
            } else if game == "connect:4x4:3" {
                bidding_const("MAX_CONNECT_SEARCH_CHIPS")
            } else {
                bidding_const("MAX_SEARCH_CHIPS")
            };
            let (alice, bob) = (total / 2, total - total / 2);
            let state = json!({"game": game, "alice": alice, "bob": bob, "tie": "alice",
                               "tie_rule": rule, "user": "alice"});
            let (s, v) = post(&app, "/api/bidding/view", json!({ "state": state })).await;
            if s != StatusCode::OK {
                failed.push(format!("{game} {rule} {alice}+{bob}: {s} {v}"));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
