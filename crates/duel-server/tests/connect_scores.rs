//! `/api/connect/scores`: the exact score of every column is the library's `duel connect
//! analyze`, and past the time limit the answer says so without scores.

use axum::body::{to_bytes, Body};
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

use duel::games::connect4::answer::{analyze_on, SolverOptions};
use duel_server::{router, Limits};

async fn scores(limits: Limits, body: Value) -> (StatusCode, Value) {
    let request = Request::post("/api/connect/scores")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router(limits).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 1 << 20).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn the_scores_are_the_librarys_analysis() {
    // Lines of the benchmark's Test_L2_R1 and Test_L1_R1, the last one with commas; other
    // boards.
    let positions = [
        ("connect:7x6:4", "5554224333234511764415115"),
        ("connect:7x6:4", "52753311433677442422121"),
        ("connect:7x6:4", "3,2,1,6,4,6,2,5"),
        ("connect:5x4:4", ""),
        // A 128-bit board: nine columns.
        ("connect:9x7:4", "12345678912345678912"),
    ];
    for (game, moves) in positions {
        let (s, v) = scores(Limits::default(), json!({"game": game, "moves": moves})).await;
        assert_eq!(s, StatusCode::OK, "{moves}: {v}");
        assert_eq!(v["exact"], true, "{moves}: {v}");
        let options = SolverOptions {
            game: game.to_string(),
            ..SolverOptions::default()
        };
        let a = analyze_on(&options, &moves.replace(',', "")).unwrap();
        assert_eq!(v["scores"], json!(a.scores), "{moves}");
        assert_eq!(v["best"], json!(a.best), "{moves}");
        assert!(v["reason"].is_null());
    }
    // Column 5 is full; column 6 wins with the side's 18th stone: 22 − 18 = 4.
    let (_, v) = scores(
        Limits::default(),
        json!({"game": "connect:7x6:4", "moves": "5554224333234511764415115"}),
    )
    .await;
    assert_eq!(v["scores"], json!([-8, -8, -8, -8, null, 4, -8]), "{v}");
}

#[tokio::test]
async fn the_start_falls_back_with_the_reason() {
    let limits = Limits {
        score_millis: 200,
        ..Limits::default()
    };
    // Four stones: the book of exact scores has the position, not its children (44 s here).
    let (s, v) = scores(limits, json!({"game": "connect:7x6:4", "moves": "4444"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["exact"], false);
    assert_eq!(v["best"], json!([]));
    let unfinished = v["unfinished"].as_array().unwrap();
    assert!(!unfinished.is_empty(), "{v}");
    for c in unfinished {
        let c = c.as_u64().unwrap() as usize;
        assert!(v["scores"][c - 1].is_null(), "{v}");
    }
    assert_eq!(v["limit_millis"], 200);
    assert!(v["millis"].as_f64().unwrap() < 5_000.0, "{v}");
    let reason = v["reason"].as_str().unwrap();
    assert!(reason.contains("200 ms"), "{v}");
    assert!(
        reason.contains(&unfinished.last().unwrap().to_string()),
        "{v}"
    );
}

#[tokio::test]
async fn past_the_limit_the_columns_solved_are_kept() {
    // Four stones (8.5 s for all seven columns on a busy machine): within 40 s, each column
    // given its share, some columns are solved, each with the library's score, the others
    // null and named. The limit leaves room for a slow, shared CI machine.
    let limits = Limits {
        score_millis: 40_000,
        ..Limits::default()
    };
    let (s, v) = scores(limits, json!({"game": "connect:7x6:4", "moves": "4453"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let a = analyze_on(&SolverOptions::default(), "4453").unwrap();
    let unfinished: Vec<u64> = v["unfinished"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!(v["exact"], unfinished.is_empty(), "{v}");
    let mut solved = 0;
    for (c, score) in a.scores.iter().enumerate() {
        if unfinished.contains(&(c as u64 + 1)) {
            assert!(v["scores"][c].is_null(), "column {}: {v}", c + 1);
        } else {
            assert_eq!(v["scores"][c], json!(score), "column {}: {v}", c + 1);
            solved += 1;
        }
    }
    assert!(solved > 0, "no column solved in 40 s: {v}");
}

#[tokio::test]
async fn from_the_sixth_stone_every_column_is_exact_within_the_default_limit() {
    // 1.6 s on a busy 2-core machine (docs/api.md), within the 15 s default.
    for moves in ["445366"] {
        let (s, v) = scores(
            Limits::default(),
            json!({"game": "connect:7x6:4", "moves": moves}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["exact"], true, "{moves}: {v}");
        assert_eq!(v["unfinished"], json!([]), "{moves}: {v}");
        let a = analyze_on(&SolverOptions::default(), moves).unwrap();
        assert_eq!(v["scores"], json!(a.scores), "{moves}");
        assert_eq!(v["best"], json!(a.best), "{moves}");
    }
}

#[tokio::test]
async fn bad_requests_are_refused_with_the_reason() {
    let bad = [
        (json!({"game": "tictactoe", "moves": ""}), "connect:WxH:4"),
        (
            json!({"game": "connect:7x6:3", "moves": ""}),
            "connect:WxH:4",
        ),
        (
            json!({"game": "connect:10x12:4", "moves": ""}),
            "connect:WxH:4",
        ),
        (json!({"game": "connect:7x6:4", "moves": "8"}), "8"),
        (json!({"game": "connect:7x6:4", "moves": "4444444"}), "full"),
        (
            json!({"game": "connect:7x6:4", "moves": "12,3"}),
            "not a column",
        ),
        (json!({"game": "connect:7x6:4"}), "moves"),
    ];
    for (body, needle) in bad {
        let (s, v) = scores(Limits::default(), body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {v}");
        let e = v["error"].as_str().unwrap();
        assert!(e.contains(needle), "{body}: {e:?} lacks {needle:?}");
    }
}

#[tokio::test]
async fn the_first_three_stones_are_exact_from_the_book() {
    // Their columns lead to positions of up to 4 stones, which the book of exact scores
    // holds: exact well within a limit of 200 ms.
    let limits = Limits {
        score_millis: 200,
        ..Limits::default()
    };
    for moves in ["", "4", "43", "437"] {
        let (s, v) = scores(limits, json!({"game": "connect:7x6:4", "moves": moves})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["exact"], true, "'{moves}': {v}");
        let a = analyze_on(&SolverOptions::default(), moves).unwrap();
        assert_eq!(v["scores"], json!(a.scores), "'{moves}'");
    }
    let (_, v) = scores(limits, json!({"game": "connect:7x6:4", "moves": ""})).await;
    assert_eq!(v["scores"], json!([-2, -1, 0, 1, 0, -1, -2]));
}
