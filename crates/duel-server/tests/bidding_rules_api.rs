//! Bidding under every tie rule through the API: each answer is the library's session, and a
//! whole game played through the endpoints ends as the library says it must.

use axum::body::{to_bytes, Body};
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

use duel::bidding::session::{view, BiddingState};
use duel_server::{router, Limits};

async fn post(path: &str, body: Value) -> Value {
    let request = Request::builder()
        .method("POST")
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router(Limits::default()).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 1 << 24).await.unwrap();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(status, StatusCode::OK, "{path}: {v}");
    v
}

/// The library's view of the state the server answered with.
fn library_view(state: &Value) -> Value {
    let s: BiddingState = serde_json::from_value(state.clone()).unwrap();
    serde_json::to_value(view(&s).unwrap()).unwrap()
}

/// Plays a whole game through the API, the user bidding `bid` chips (at most its pile) and
/// taking its first move; every view answered is checked against the library's. Returns the
/// view at the start and the outcome.
async fn play(rule: &str, game: &str, tie: &str, user: &str, bid: u64) -> (Value, String) {
    let state = json!({"game": game, "alice": 4, "bob": 4, "tie": tie, "tie_rule": rule,
        "user": user});
    let first = post("/api/bidding/view", json!({ "state": state })).await;
    assert_eq!(first, library_view(&first["state"]));
    let mut v = first.clone();
    for _ in 0..200 {
        if let Some(o) = v["outcome"].as_str() {
            return (first, o.to_string());
        }
        let a = if v["state"]["to_move"].is_null() {
            let chips = bid.min(v["max_bid"].as_u64().unwrap());
            post(
                "/api/bidding/bid",
                json!({"state": v["state"], "bid": {"chips": chips}}),
            )
            .await
        } else {
            let to = v["user_moves"][0].clone();
            post(
                "/api/bidding/move",
                json!({"state": v["state"], "move": to}),
            )
            .await
        };
        v = a["view"].clone();
        assert_eq!(v, library_view(&v["state"]), "{rule} {game}");
    }
    panic!("{rule} {game}: no end after 200 requests")
}

#[tokio::test]
async fn every_rule_plays_to_the_end_as_the_library_says() {
    for rule in [
        "advantage",
        "make-it-take-it",
        "losers-ball",
        "ladies-first",
    ] {
        for (game, user) in [
            ("tictactoe", "bob"),
            ("tug:3", "bob"),
            ("ultimatum:2", "alice"),
        ] {
            for bid in [0, 1, 3] {
                let (first, end) = play(rule, game, "alice", user, bid).await;
                let verdict = first["perfect_play"].as_str().unwrap();
                if verdict != user && verdict != "draw" {
                    assert_eq!(end, verdict, "{rule} {game} bidding {bid}");
                } else if verdict == "draw" {
                    assert_ne!(end, user, "{rule} {game} bidding {bid}");
                }
            }
        }
    }
}

#[tokio::test]
async fn the_rule_passes_the_tie_on() {
    // Without chips both bid 0 and Bob holds the tie: Bob wins the bid; the next tie is Bob's
    // under Make-it Take-it and Alice's under Loser's Ball.
    for (rule, next) in [("make-it-take-it", "bob"), ("losers-ball", "alice")] {
        let state = json!({"game": "tug:3", "alice": 0, "bob": 0, "tie": "bob",
            "tie_rule": rule, "user": "alice"});
        let a = post(
            "/api/bidding/bid",
            json!({"state": state, "bid": {"chips": 0}}),
        )
        .await;
        assert_eq!(a["round"]["tied"], true);
        assert_eq!(a["round"]["winner"], "bob");
        assert_eq!(a["view"]["state"]["tie"], next, "{rule}");
        assert_eq!(a["view"]["state"]["tie_rule"], rule);
    }
}
