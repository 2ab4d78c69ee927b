//! Every endpoint, in process (tower's `oneshot`): the answers of good requests are the
//! library's, and every bad request gets a 4xx with a JSON `{"error"}`.

use axum::body::{to_bytes, Body};
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

use duel::guesswho::session::{play, PlayRequest};
use duel::liar::paul::{paul, PaulRequest};
use duel_server::{router, Limits};

async fn call(method: &str, path: &str, body: Body) -> (StatusCode, String, Value) {
    let app = router(Limits::default());
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(body)
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = to_bytes(response.into_body(), 1 << 24).await.unwrap();
    let value = if kind.starts_with("application/json") {
        serde_json::from_slice(&bytes).unwrap()
    } else {
        Value::String(String::from_utf8_lossy(&bytes).to_string())
    };
    (status, kind, value)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let (s, _, v) = call("POST", path, Body::from(body.to_string())).await;
    (s, v)
}

/// A refusal: the status and a JSON error that names `needle`.
async fn refused(path: &str, body: Body, status: StatusCode, needle: &str) {
    let (s, kind, v) = call("POST", path, body).await;
    assert_eq!(s, status, "{path}: {v}");
    assert!(kind.starts_with("application/json"), "{kind}");
    let e = v["error"].as_str().unwrap_or_else(|| panic!("{v}"));
    assert!(e.contains(needle), "{path}: {e:?} lacks {needle:?}");
}

#[tokio::test]
async fn health_features_and_the_app_are_served() {
    let (s, _, v) = call("GET", "/api/health", Body::empty()).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "ok");
    assert_eq!(v["limits"]["body_bytes"], 65536);
    let (_, _, v) = call("GET", "/api/guesswho/features", Body::empty()).await;
    assert!(v["features"]
        .as_array()
        .unwrap()
        .contains(&json!("glasses")));
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
    ] {
        let (s, k, v) = call("GET", path, Body::empty()).await;
        assert_eq!(s, StatusCode::OK);
        assert!(k.starts_with(kind), "{k}");
        assert!(!v.as_str().unwrap().is_empty());
    }
}

#[tokio::test]
async fn the_apps_modules_are_served_as_javascript() {
    for path in [
        "/app.js",
        "/shared.js",
        "/keys.js",
        "/movelist.js",
        "/board.js",
        "/guesswho.js",
        "/liar.js",
        "/bidding.js",
        "/explorer.js",
    ] {
        let (s, k, v) = call("GET", path, Body::empty()).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert!(k.starts_with("text/javascript"), "{path}: {k}");
        assert!(!v.as_str().unwrap().is_empty(), "{path}");
    }
    let (s, _, _) = call("POST", "/board.js", Body::empty()).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn a_turn_is_the_agents_reply_and_the_board() {
    let (s, v) = post(
        "/api/play/turn",
        json!({"game": "tictactoe", "moves": "5", "agent": "solver", "human": "first", "seed": 0}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let reply = v["agent_move"]["notation"].as_str().unwrap();
    assert!(["1", "3", "7", "9"].contains(&reply), "{v}");
    assert_eq!(v["legal"].as_array().unwrap().len(), 7);
    assert_eq!(v["board"][1], ".X.");
    // A finished game: no reply, the winning line.
    let (_, v) = post(
        "/api/play/turn",
        json!({"game": "connect:7x6:4", "moves": "1,2,1,2,1,2,1", "agent": "mcts", "human": "first", "iterations": 100, "seed": 1}),
    )
    .await;
    assert_eq!(v["outcome"], "first");
    assert_eq!(v["winner"], "human");
    assert_eq!(v["line"], json!([[2, 0], [3, 0], [4, 0], [5, 0]]));
    assert!(v["agent_move"].is_null());
}

#[tokio::test]
async fn the_solver_never_fails_for_want_of_budget() {
    // Connect Four 7×6 after 15 stones (Test_L2_R2's first line), out of the opening book,
    // one position of budget and no seed: the best found is played, and the answer says so.
    let position = "274552224131661";
    let (s, v) = post(
        "/api/play/turn",
        json!({"game": "connect:7x6:4", "moves": position, "agent": "solver", "human": "first", "iterations": 1}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["unproven"], true, "{v}");
    let reply = v["agent_move"]["notation"].as_str().unwrap();
    assert_eq!(v["moves"], format!("{position}{reply}"));
    // The page's default, 2 s: the move is proven.
    let (s, v) = post(
        "/api/play/turn",
        json!({"game": "connect:7x6:4", "moves": position, "agent": "solver", "human": "first", "millis": 2000}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["unproven"], false, "{v}");
    assert_eq!(v["agent_move"]["stopped"], "solved", "{v}");
}

#[tokio::test]
async fn refusals_are_in_plain_words() {
    let turn = json!({"game": "tictactoe", "moves": "", "agent": "solver", "human": "first"});
    let paul = json!({"n": 16, "lies": 1, "questions": 8, "asked": [[17]]});
    let gw = json!({"rules": "official", "questions": 4, "pool": 24, "opponent_pool": 24,
                    "seed": 1, "secret": 0, "human_first": true, "actions": []});
    let bid = json!({"state": {"game": "tictactoe", "alice": 4, "bob": 4, "tie": "carol", "user": "alice"}});
    let mut negative = turn.clone();
    negative["seed"] = json!(-1);
    for (path, body, want) in [
        (
            "/api/play/turn",
            negative,
            "seed must be a whole number from 0 up (not -1)",
        ),
        ("/api/liar/paul", paul, "17 is not a number from 1 to 16"),
        (
            "/api/guesswho/play",
            gw,
            "unknown question kind '4': expected 2 (yes/no) or 3 (three-way)",
        ),
        (
            "/api/bidding/view",
            bid,
            "the holder of the tie-breaking advantage must be alice or bob, got 'carol'",
        ),
    ] {
        let (s, v) = post(path, body).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{path}: {v}");
        let e = v["error"].as_str().unwrap_or_else(|| panic!("{v}"));
        assert_eq!(e, want, "{path}");
        for internal in ["u64", "line 1", "--", "headbusting", "128-bit", "struct "] {
            assert!(!e.contains(internal), "{path}: {e:?} names {internal:?}");
        }
    }
}

#[tokio::test]
async fn move_values_are_the_solvers() {
    let (s, v) = post(
        "/api/play/values",
        json!({"game": "connect:7x6:4", "moves": ""}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let values: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["value"].as_str().unwrap())
        .collect();
    // Connect Four: only the centre column wins for the first player (Allis 1988); the
    // columns beside it draw.
    assert_eq!(
        values,
        ["loss", "loss", "draw", "win", "draw", "loss", "loss"]
    );
}

#[tokio::test]
async fn a_guess_who_game_is_the_librarys() {
    let mut r = PlayRequest::new(24, 24, "official", 2, 4);
    r.human_first = false;
    let (s, v) = post("/api/guesswho/play", serde_json::to_value(&r).unwrap()).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let lib = serde_json::to_value(play(&r).unwrap()).unwrap();
    assert_eq!(v, lib);
    // duel moved first: its move at (24, 24) kept P = 5/9 (Cushing et al., Theorem 1.1).
    assert_eq!(v["log"][0]["by"], "duel");
    assert_eq!(v["log"][0]["p_before"], "5/9");
}

#[tokio::test]
async fn bad_requests_are_json_4xx() {
    let turn = "/api/play/turn";
    let ok =
        json!({"game": "tictactoe", "moves": "", "agent": "solver", "human": "first", "seed": 0});
    let with = |k: &str, v: Value| {
        let mut b = ok.clone();
        b[k] = v;
        Body::from(b.to_string())
    };
    let bad = StatusCode::BAD_REQUEST;
    let not_json = "the request body is not valid JSON";
    refused(turn, Body::from("{"), bad, not_json).await;
    refused(turn, Body::from(""), bad, not_json).await;
    refused(
        turn,
        Body::from("[1,2]"),
        bad,
        "the request must be one JSON object",
    )
    .await;
    refused(turn, Body::from(vec![0xff, 0xfe]), bad, not_json).await;
    refused(
        turn,
        Body::from(r#"{"game":"tictactoe"}"#),
        bad,
        "moves is missing",
    )
    .await;
    refused(turn, with("game", json!("chess")), bad, "chess").await;
    refused(
        turn,
        with("game", json!(7)),
        bad,
        "game must be text in quotes (not 7)",
    )
    .await;
    refused(turn, with("moves", json!("1,1")), bad, "").await;
    refused(turn, with("moves", json!("x")), bad, "").await;
    refused(turn, with("agent", json!("genius")), bad, "unknown agent").await;
    refused(turn, with("human", json!("both")), bad, "human must be").await;
    refused(turn, with("millis", json!(10_001)), bad, "millis").await;
    refused(
        turn,
        with("iterations", json!(10_000_001)),
        bad,
        "iterations",
    )
    .await;
    refused(turn, with("iterations", json!(0)), bad, "").await;
    // In words, not the parser's ("invalid value: integer `-1`, expected u64 at line 1 …").
    refused(
        turn,
        with("seed", json!(-1)),
        bad,
        "seed must be a whole number from 0 up (not -1)",
    )
    .await;
    refused(
        turn,
        with("iterations", json!(2.5)),
        bad,
        "iterations must be a whole number from 0 up (not 2.5)",
    )
    .await;
    let big = format!("{{\"game\":\"{}\"}}", "x".repeat(70_000));
    refused(
        turn,
        Body::from(big),
        StatusCode::PAYLOAD_TOO_LARGE,
        "larger than",
    )
    .await;

    let values = "/api/play/values";
    refused(
        values,
        Body::from(r#"{"game":"tictactoe","moves":"","max_nodes":0}"#),
        bad,
        "max-nodes",
    )
    .await;
    refused(
        values,
        Body::from(r#"{"game":"tictactoe","moves":"","max_nodes":99999999999}"#),
        bad,
        "max_nodes",
    )
    .await;
    refused(
        values,
        Body::from(r#"{"game":"tictactoe","moves":"14253"}"#),
        bad,
        "finished",
    )
    .await;
    refused(
        values,
        Body::from(r#"{"game":"connect:99x99:4","moves":""}"#),
        bad,
        "",
    )
    .await;

    let gw = "/api/guesswho/play";
    let base = serde_json::to_value(PlayRequest::new(24, 24, "official", 2, 1)).unwrap();
    let gw_with = |k: &str, v: Value| {
        let mut b = base.clone();
        b[k] = v;
        Body::from(b.to_string())
    };
    refused(gw, gw_with("rules", json!("chess")), bad, "chess").await;
    refused(gw, gw_with("questions", json!(5)), bad, "5").await;
    refused(gw, gw_with("pool", json!(1000)), bad, "pool sizes").await;
    refused(gw, gw_with("secret", json!(30)), bad, "secret").await;
    refused(
        gw,
        gw_with("actions", json!([{"ask": {"parts": [[1, 1]]}}])),
        bad,
        "two parts",
    )
    .await;
    refused(
        gw,
        gw_with("actions", json!([{"fly": {}}])),
        bad,
        "actions[0] must be",
    )
    .await;
    refused(
        gw,
        gw_with("actions", json!([{"feature": {"feature": "wings"}}])),
        bad,
        "unknown feature",
    )
    .await;

    // Unknown paths and wrong methods answer JSON too.
    let (s, kind, v) = call("GET", "/api/nothing", Body::empty()).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(kind.starts_with("application/json") && v["error"].is_string());
    let (s, _, v) = call("GET", turn, Body::empty()).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
    assert!(v["error"].as_str().unwrap().contains("GET"));
    let (s, _, v) = call("DELETE", "/api/health", Body::empty()).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED, "{v}");
}

#[tokio::test]
async fn an_agents_move_ends_by_the_time_limit_and_frees_its_slot() {
    // 2 s asked, 300 ms allowed: the search is cut to the time left (answered, or refused at
    // the limit), and the one job slot is free for the next move at once.
    let limits = Limits {
        jobs: 1,
        time: std::time::Duration::from_millis(300),
        ..Limits::default()
    };
    let app = router(limits);
    let call = |body: Value| {
        let request = Request::post("/api/play/turn")
            .body(Body::from(body.to_string()))
            .unwrap();
        let app = app.clone();
        async move {
            let response = app.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = to_bytes(response.into_body(), 1 << 20).await.unwrap();
            (status, serde_json::from_slice::<Value>(&bytes).unwrap())
        }
    };
    let start = std::time::Instant::now();
    let (s, v) = call(json!({"game": "connect:7x6:4", "moves": "", "agent": "mcts", "human": "second", "millis": 2000, "seed": 0})).await;
    if s == StatusCode::SERVICE_UNAVAILABLE {
        assert!(
            v["error"].as_str().unwrap().contains("took more than"),
            "{v}"
        );
    } else {
        assert_eq!(s, StatusCode::OK, "{v}");
        assert!(v["agent_move"]["millis"].as_f64().unwrap() < 1000.0, "{v}");
    }
    let (s, v) = call(
        json!({"game": "tictactoe", "moves": "5", "agent": "solver", "human": "first", "seed": 0}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let took = start.elapsed();
    assert!(took.as_millis() < 1500, "both moves took {took:?}");
}

#[tokio::test]
async fn a_liar_game_is_the_librarys() {
    let r = PaulRequest {
        n: 16,
        lies: 1,
        questions: 8,
        asked: vec![
            vec![1, 2, 3, 4, 5, 6, 7, 8],
            vec![1, 2, 3, 4, 9, 10, 11, 12],
        ],
    };
    let (s, v) = post("/api/liar/paul", serde_json::to_value(&r).unwrap()).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v, serde_json::to_value(paul(&r).unwrap()).unwrap());
    assert_eq!(v["rounds"].as_array().unwrap().len(), 2);
    let bad = StatusCode::BAD_REQUEST;
    let liar = "/api/liar/paul";
    refused(
        liar,
        Body::from(r#"{"n":0,"lies":1,"questions":8,"asked":[]}"#),
        bad,
        "n = 0",
    )
    .await;
    refused(
        liar,
        Body::from(r#"{"n":16,"lies":9,"questions":8,"asked":[]}"#),
        bad,
        "lies",
    )
    .await;
    refused(
        liar,
        Body::from(r#"{"n":16,"lies":1,"questions":99,"asked":[]}"#),
        bad,
        "questions",
    )
    .await;
    refused(
        liar,
        Body::from(r#"{"n":16,"lies":1,"questions":1,"asked":[[1],[2]]}"#),
        bad,
        "allowed",
    )
    .await;
    refused(
        liar,
        Body::from(r#"{"n":16,"lies":1,"questions":8,"asked":[[17]]}"#),
        bad,
        "not a number",
    )
    .await;
    refused(
        liar,
        Body::from(r#"{"n":16,"lies":1,"questions":8,"asked":[[-1]]}"#),
        bad,
        "asked[0][0] must be a whole number from 0 up (not -1)",
    )
    .await;
}

#[tokio::test]
async fn a_heatmap_is_the_librarys_table() {
    let (s, v) = post(
        "/api/guesswho/heatmap",
        json!({"max": 24, "rules": "official", "questions": 2}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    // Cushing et al., Theorem 1.1: P(24, 24) = 5/9.
    assert_eq!(v["cells"][23][23]["p"], "5/9");
    let bad = StatusCode::BAD_REQUEST;
    let path = "/api/guesswho/heatmap";
    refused(
        path,
        Body::from(r#"{"max":65,"rules":"race","questions":2}"#),
        bad,
        "side",
    )
    .await;
    refused(
        path,
        Body::from(r#"{"max":0,"rules":"race","questions":2}"#),
        bad,
        "side",
    )
    .await;
    refused(
        path,
        Body::from(r#"{"max":8,"rules":"nope","questions":2}"#),
        bad,
        "nope",
    )
    .await;
    refused(
        path,
        Body::from(r#"{"max":8,"rules":"race","questions":7}"#),
        bad,
        "7",
    )
    .await;
}

#[tokio::test]
async fn exact_move_values_stop_at_the_time_limit() {
    // The empty 6×5 board takes the Connect Four solver seconds a column: with 300 ms it is
    // stopped, and the one slot serves the next request at once.
    let limits = Limits {
        jobs: 1,
        time: std::time::Duration::from_millis(300),
        ..Limits::default()
    };
    let app = router(limits);
    let values = |game: &str, moves: &str| {
        let body = json!({"game": game, "moves": moves}).to_string();
        let request = Request::post("/api/play/values")
            .body(Body::from(body))
            .unwrap();
        let app = app.clone();
        async move {
            let response = app.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = to_bytes(response.into_body(), 1 << 20).await.unwrap();
            (status, serde_json::from_slice::<Value>(&bytes).unwrap())
        }
    };
    let start = std::time::Instant::now();
    let (s, v) = values("connect:6x5:4", "").await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(v["error"].as_str().unwrap().contains("was stopped"), "{v}");
    let (s, v) = values("tictactoe", "1,2").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let took = start.elapsed();
    assert!(took.as_millis() < 1500, "both took {took:?}");
}
