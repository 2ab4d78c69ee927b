//! A bounded load test on loopback (ignored: run it with
//! `cargo test --release -p duel-server --test load -- --ignored --nocapture`):
//! 10,000 malformed and 10,000 valid requests from 4 clients. The server must stay up, every
//! answer must be well-formed (JSON, `{"error"}` with a 4xx for the malformed ones), and the
//! memory of the process (server and clients) must stay bounded; it prints the figures.

mod support;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use serde_json::json;

fn rss_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The `i`-th malformed request and the status it must get.
fn malformed(i: u64) -> (String, String, String, u16) {
    let turn = "/api/play/turn".to_string();
    let gw = "/api/guesswho/play".to_string();
    let post = "POST".to_string();
    match i % 10 {
        0 => (post, turn, "{".into(), 400),
        1 => (post, turn, format!("{{\"game\":\"connect:{}x6:4\",\"moves\":\"\",\"agent\":\"solver\",\"human\":\"first\",\"seed\":0}}", 33 + i), 400),
        2 => (post, turn, json!({"game": "tictactoe", "moves": "1,1", "agent": "solver", "human": "first", "seed": i}).to_string(), 400),
        3 => (post, turn, json!({"game": "tictactoe", "moves": "", "agent": "x", "human": "first", "seed": 0}).to_string(), 400),
        4 => (post, gw, json!({"rules": "race", "questions": 2, "pool": 65 + i, "opponent_pool": 24, "seed": 0, "secret": 0, "human_first": true, "actions": []}).to_string(), 400),
        5 => (post, gw, json!({"rules": "official", "questions": 2, "pool": 24, "opponent_pool": 24, "seed": 0, "secret": 0, "human_first": true, "actions": [{"ask": {"parts": [[i % 24, i % 24]]}}]}).to_string(), 400),
        6 => (post, "/api/nothing".into(), "{}".into(), 404),
        7 => ("GET".into(), turn, String::new(), 405),
        8 => (post, turn, "x".repeat(70_000), 413),
        _ => (post, "/api/play/values".into(), json!({"game": "tictactoe", "moves": "14253"}).to_string(), 400),
    }
}

/// The `i`-th valid request.
fn valid(i: u64) -> (String, String, String, u16) {
    let post = "POST".to_string();
    match i % 5 {
        0 => ("GET".into(), "/api/health".into(), String::new(), 200),
        1 => (post, "/api/play/turn".into(), json!({"game": "tictactoe", "moves": "5", "agent": "solver", "human": "first", "seed": i}).to_string(), 200),
        2 => (post, "/api/guesswho/play".into(), json!({"rules": "official", "questions": 2, "pool": 24, "opponent_pool": 24, "seed": i, "secret": 0, "human_first": false, "actions": []}).to_string(), 200),
        3 => (post, "/api/play/values".into(), json!({"game": "connect:7x6:4", "moves": "44"}).to_string(), 200),
        _ => (post, "/api/play/turn".into(), json!({"game": "connect:7x6:4", "moves": "4", "agent": "mcts", "human": "first", "iterations": 200, "seed": i}).to_string(), 200),
    }
}

#[test]
#[ignore = "a load test of 20,000 requests: run with --ignored"]
fn the_server_survives_20000_requests_with_bounded_memory() {
    let addr = support::start_server();
    // Warm up: one of each, so that first-use allocations are not counted as growth.
    for i in 0..10 {
        for (m, p, b, _) in [malformed(i), valid(i)] {
            support::request(addr, &m, &p, &b);
        }
    }
    let rss_before = rss_kib("VmRSS:");
    let bad = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let clients: Vec<_> = (0..4u64)
        .map(|c| {
            let bad = bad.clone();
            std::thread::spawn(move || {
                for i in (c..20_000).step_by(4) {
                    let (method, path, body, want) = if i % 2 == 0 {
                        malformed(i / 2)
                    } else {
                        valid(i / 2)
                    };
                    let r = support::request(addr, &method, &path, &body);
                    let v: Option<serde_json::Value> = serde_json::from_slice(&r.body).ok();
                    let well_formed = r.status == want
                        && v.is_some_and(|v| (want == 200) != v.get("error").is_some());
                    if !well_formed {
                        bad.fetch_add(1, Ordering::Relaxed);
                        eprintln!(
                            "{method} {path}: {} {}",
                            r.status,
                            String::from_utf8_lossy(&r.body)
                        );
                    }
                }
            })
        })
        .collect();
    for c in clients {
        c.join().unwrap();
    }
    let seconds = start.elapsed().as_secs_f64();
    let rss_after = rss_kib("VmRSS:");
    let health = support::request(addr, "GET", "/api/health", "");
    println!(
        "20000 requests (10000 malformed, 10000 valid) in {seconds:.1} s ({:.0}/s); \
         RSS {rss_before} KiB before, {rss_after} KiB after, peak {} KiB; {} not well-formed",
        20_000.0 / seconds,
        rss_kib("VmHWM:"),
        bad.load(Ordering::Relaxed)
    );
    assert_eq!(health.status, 200, "the server is still up");
    assert_eq!(bad.load(Ordering::Relaxed), 0);
    assert!(
        rss_after < rss_before + 256 * 1024,
        "memory grew by more than 256 MiB"
    );
}

#[test]
fn the_server_answers_while_a_search_runs() {
    let addr = support::start_server();
    let slow = std::thread::spawn(move || {
        let body = json!({"game": "connect:7x6:4", "moves": "", "agent": "mcts", "human": "second", "millis": 1500, "seed": 0});
        let start = Instant::now();
        let r = support::request(addr, "POST", "/api/play/turn", &body.to_string());
        (r.status, start.elapsed())
    });
    std::thread::sleep(std::time::Duration::from_millis(200));
    let start = Instant::now();
    let health = support::request(addr, "GET", "/api/health", "");
    let quick = start.elapsed();
    let (status, slow_took) = slow.join().unwrap();
    assert_eq!((health.status, status), (200, 200));
    assert!(slow_took.as_millis() >= 1400, "{slow_took:?}");
    assert!(
        quick.as_millis() < 500,
        "health took {quick:?} while a search ran"
    );
}
