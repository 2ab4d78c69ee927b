//! The server under load and abuse, on loopback. The abuse test (in CI, well under 60 s on a
//! loaded 2-core machine): thousands of malformed requests, connections trickling their
//! headers or body, idle kept-alive connections, and a flood of the most expensive valid
//! requests, all at once; no 5xx but the documented 503, `/api/health` fast throughout, the
//! resident memory within its bound, and legitimate requests served afterwards. The load test
//! (ignored: run it with `cargo test --release -p duel-server --test load -- --ignored
//! --nocapture`): 10,000 malformed and 10,000 valid requests from 4 clients, with the figures.

mod support;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use duel_server::Limits;
use serde_json::json;

/// The tests of this file one at a time: each measures the process's resident memory, which
/// another test's server running at once would inflate.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds [`ONE_AT_A_TIME`], whether or not an earlier test panicked holding it.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

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
    let _alone = alone();
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
    let _alone = alone();
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

/// The limits of the abuse test: short times, so that each defence shows within seconds.
fn abuse_limits() -> Limits {
    Limits {
        time: Duration::from_secs(2),
        queue: Duration::from_millis(500),
        header_time: Duration::from_secs(1),
        body_time: Duration::from_secs(1),
        connections: 64,
        memory_bytes: 1536 << 20,
        ..Limits::default()
    }
}

/// The `i`-th of the most expensive valid requests: each takes the time limit or its plan of
/// memory (a bidding table of 3·10^6 positions, 256 MiB; a search agent, 1 GiB).
fn expensive(i: u64) -> (&'static str, String) {
    match i % 6 {
        0 => ("/api/bidding/table", json!({"game": "connect:3x6:4", "max_chips": 64}).to_string()),
        1 => ("/api/bidding/table", json!({"game": "connect:3x6:4^connect:3x5:3", "max_chips": 64}).to_string()),
        2 => ("/api/play/turn", json!({"game": "connect:7x6:4", "moves": "", "agent": "mcts", "human": "none", "millis": 10000, "seed": i}).to_string()),
        3 => ("/api/connect/scores", json!({"game": "connect:7x6:4", "moves": "4444"}).to_string()),
        4 => ("/api/play/values", json!({"game": "connect:6x5:4", "moves": ""}).to_string()),
        _ => ("/api/guesswho/heatmap", json!({"max": 64, "rules": "official", "questions": 3}).to_string()),
    }
}

/// Opens a connection to `addr` that sends `head`, then `trickle` one byte every 200 ms; the
/// time until the server closes it, and whether it answered first (and with what status).
fn trickle(
    addr: SocketAddr,
    head: &'static [u8],
    trickle: &'static [u8],
) -> (Duration, Option<u16>) {
    let start = Instant::now();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let _ = s.write_all(head);
    let mut answer = Vec::new();
    let mut bytes = trickle.iter().cycle();
    let mut buf = [0u8; 4096];
    while start.elapsed() < Duration::from_secs(20) {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut =>
            {
                if s.write_all(&[*bytes.next().unwrap()]).is_err() {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    let status = String::from_utf8_lossy(&answer)
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok());
    (start.elapsed(), status)
}

/// A kept-alive connection: one request answered, then silence; the time from the answer
/// until the server closes it.
fn idle_after_one_request(addr: SocketAddr) -> Duration {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut buf = [0u8; 4096];
    let n = s.read(&mut buf).unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
    let answered = Instant::now();
    while let Ok(n) = s.read(&mut buf) {
        if n == 0 {
            break;
        }
    }
    answered.elapsed()
}

/// Bytes that are not the HTTP the server takes: the status hyper gives them, or `None` when
/// it closes the connection without one.
fn garbage(addr: SocketAddr, i: u64) -> Option<u16> {
    let raw: Vec<u8> = match i % 4 {
        0 => b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http\r\n\r\n".to_vec(),
        1 => format!("POST /api/play/turn HTTP/1.1\r\nHost: x\r\nContent-Length: -{i}\r\n\r\n")
            .into_bytes(),
        2 => format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(100_000)).into_bytes(),
        _ => {
            b"POST /api/play/values HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"
                .to_vec()
        }
    };
    support::raw_request(addr, &raw).ok().map(|r| r.status)
}

#[test]
fn the_server_holds_under_abuse() {
    let _alone = alone();
    let limits = abuse_limits();
    let addr = support::start_server_with(limits);
    for i in 0..10 {
        support::request(addr, "GET", "/api/health", "");
        support::request(addr, "POST", "/api/play/turn", &valid(1).2);
        let (m, p, b, _) = malformed(i);
        support::request(addr, &m, &p, &b);
    }
    let idle = rss_kib("VmRSS:");
    let done = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(AtomicU64::new(idle));
    let sampler = {
        let (done, peak) = (done.clone(), peak.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                peak.fetch_max(rss_kib("VmRSS:"), Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let wrong = Arc::new(Mutex::new(Vec::<String>::new()));
    let start = Instant::now();
    let flood: Vec<_> = (0..6u64)
        .map(|c| {
            let wrong = wrong.clone();
            std::thread::spawn(move || {
                let mut counts = [0u64; 2];
                let mut i = c;
                while start.elapsed() < Duration::from_secs(12) {
                    let (path, body) = expensive(i);
                    let r = support::request(addr, "POST", path, &body);
                    let ok = r.status == 200 || (r.status == 503 && r.json()["error"].is_string());
                    if !ok {
                        wrong.lock().unwrap().push(format!(
                            "{path} {body}: {} {}",
                            r.status,
                            String::from_utf8_lossy(&r.body)
                        ));
                    }
                    counts[usize::from(r.status == 503)] += 1;
                    i += 6;
                }
                counts
            })
        })
        .collect();
    let bad: Vec<_> = (0..3u64)
        .map(|c| {
            let wrong = wrong.clone();
            std::thread::spawn(move || {
                let mut n = 0;
                for i in (c..3000).step_by(3) {
                    let (method, path, body, want) = malformed(i);
                    let r = support::request(addr, &method, &path, &body);
                    // A request only the library can judge needs a job: while the flood holds
                    // them all it is refused with the documented 503.
                    let well_formed = (r.status == want || r.status == 503)
                        && serde_json::from_slice::<serde_json::Value>(&r.body)
                            .is_ok_and(|v| v["error"].is_string());
                    if !well_formed {
                        wrong.lock().unwrap().push(format!(
                            "{method} {path}: {} {}",
                            r.status,
                            String::from_utf8_lossy(&r.body)
                        ));
                    }
                    if i % 10 == 0 {
                        let g = garbage(addr, i / 10);
                        if g.is_some_and(|s| s >= 500) {
                            wrong.lock().unwrap().push(format!("garbage {i}: {g:?}"));
                        }
                    }
                    n += 1;
                }
                n
            })
        })
        .collect();
    let slow: Vec<_> = (0..20u64)
        .map(|i| {
            std::thread::spawn(move || match i % 4 {
                0 => ("idle", idle_after_one_request(addr), None),
                1 => {
                    let (t, s) = trickle(
                        addr,
                        b"POST /api/play/turn HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\n\r\n{",
                        b" ",
                    );
                    ("body", t, s)
                }
                _ => {
                    let (t, s) = trickle(
                        addr,
                        b"GET /api/health HTTP/1.1\r\nHost: x\r\n",
                        b"X-Slow: aaaa\r\n",
                    );
                    ("headers", t, s)
                }
            })
        })
        .collect();
    let mut health = Vec::new();
    while start.elapsed() < Duration::from_secs(12) {
        let t = Instant::now();
        let r = support::request(addr, "GET", "/api/health", "");
        health.push(t.elapsed());
        assert_eq!(r.status, 200);
        std::thread::sleep(Duration::from_millis(20));
    }
    let flooded: Vec<[u64; 2]> = flood.into_iter().map(|f| f.join().unwrap()).collect();
    let malformed_sent: u64 = bad.into_iter().map(|b| b.join().unwrap()).sum();
    let slow: Vec<_> = slow.into_iter().map(|s| s.join().unwrap()).collect();
    // The flood's work is stopped at its time limit: within a second its memory is released.
    std::thread::sleep(Duration::from_secs(1));
    let after = rss_kib("VmRSS:");
    done.store(true, Ordering::Relaxed);
    sampler.join().unwrap();
    health.sort();
    let p99 = health[health.len() * 99 / 100];
    let peak = peak.load(Ordering::Relaxed);
    let served: u64 = flooded.iter().map(|c| c[0]).sum();
    let refused: u64 = flooded.iter().map(|c| c[1]).sum();
    println!(
        "abuse: {malformed_sent} malformed, {} expensive ({served} answered, {refused} refused \
         with 503), {} slow connections; health p99 {p99:?} over {} probes; RSS {idle} KiB idle, \
         peak {peak} KiB, {after} KiB after",
        served + refused,
        slow.len(),
        health.len()
    );
    let wrong = wrong.lock().unwrap();
    assert!(
        wrong.is_empty(),
        "{} wrong answers, e.g. {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    assert!(
        served > 0 && refused > 0,
        "the flood was answered and refused: {flooded:?}"
    );
    assert!(p99 < Duration::from_millis(100), "health p99 {p99:?}");
    for (kind, closed, status) in &slow {
        // Closed after its 1 s limit, well before the 20 s the client would trickle for.
        assert!(
            *closed < Duration::from_secs(5),
            "{kind} connection open for {closed:?}"
        );
        if *kind == "body" {
            assert_eq!(*status, Some(408), "a trickled body is answered 408");
        }
    }
    let bound = idle + (limits.memory_bytes >> 10) + 64 * 1024;
    assert!(peak < bound, "RSS peaked at {peak} KiB, above {bound} KiB");
    assert!(
        after < idle + 128 * 1024,
        "RSS {after} KiB after the flood, {idle} KiB idle"
    );
    for (_, path, body, _) in [valid(1), valid(2), valid(3)] {
        let r = support::request(addr, "POST", &path, &body);
        assert_eq!(
            r.status,
            200,
            "{path}: {}",
            String::from_utf8_lossy(&r.body)
        );
    }
    let r = support::request(
        addr,
        "POST",
        "/api/bidding/table",
        &json!({"game": "tug:3", "max_chips": 30}).to_string(),
    );
    assert_eq!(r.status, 200);
}

#[test]
fn connections_past_the_cap_wait_for_one_to_close() {
    let _alone = alone();
    // Two silent connections fill the cap; a third is answered once the header timeout has
    // closed them.
    let addr = support::start_server_with(Limits {
        connections: 2,
        header_time: Duration::from_secs(1),
        ..Limits::default()
    });
    let silent: Vec<TcpStream> = (0..2).map(|_| TcpStream::connect(addr).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(100));
    let start = Instant::now();
    let r = support::request(addr, "GET", "/api/health", "");
    let waited = start.elapsed();
    assert_eq!(r.status, 200);
    assert!(
        waited > Duration::from_millis(700),
        "answered after {waited:?}"
    );
    assert!(
        waited < Duration::from_secs(10),
        "answered after {waited:?}"
    );
    drop(silent);
}
