//! `duel serve`: prints the address it serves, answers on it, opens it with the browser of
//! $BROWSER under `--open`, and refuses a bad address in one line with exit code 2.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_address_and_answers_there() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the duel binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("\"status\":\"ok\""), "{reply}");
}

#[test]
fn a_bad_address_is_one_line_and_exit_2() {
    for addr in ["localhost", "127.0.0.1:99999", "1.2.3.4.5:80"] {
        let out = Command::new(env!("CARGO_BIN_EXE_duel"))
            .args(["serve", "--addr", addr])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{addr}: {err}");
        assert!(err.starts_with("duel: error: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Starts `duel serve --addr 127.0.0.1:0 --open` with `BROWSER` set; the child and the address
/// it printed.
fn serve_open(browser: &str) -> (std::process::Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["serve", "--addr", "127.0.0.1:0", "--open"])
        .env("BROWSER", browser)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the duel binary runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, url)
}

#[test]
fn open_runs_the_browser_of_browser_on_the_address_printed() {
    let dir = std::env::temp_dir().join(format!("duel-serve-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let opened = dir.join("opened");
    let script = dir.join("browser.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nprintf '%s' \"$1\" > {}.tmp && mv {0}.tmp {0}\n",
            opened.display()
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let (mut child, url) = serve_open(&script.display().to_string());
    let mut seen = None;
    for _ in 0..100 {
        if let Ok(text) = std::fs::read_to_string(&opened) {
            seen = Some(text);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    // The page opened is served.
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(seen.as_deref(), Some(url.as_str()));
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("<html"), "{reply}");
}

#[test]
fn a_browser_that_cannot_start_is_one_line_and_the_server_goes_on() {
    let (mut child, url) = serve_open("/nonexistent/duel-test-browser");
    let mut err = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut err)
        .unwrap();
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        err,
        format!("duel: could not start /nonexistent/duel-test-browser; open {url} by hand\n")
    );
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
}
