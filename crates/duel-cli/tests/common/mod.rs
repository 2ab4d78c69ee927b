//! Helpers shared by the command-line tests: run `duel`, read its JSON, check its errors.

// Each test file uses only some of them.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the `duel` binary with `args`.
pub fn duel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(args)
        .output()
        .expect("the duel binary runs")
}

/// The exit code, standard output and standard error of `duel args`.
pub fn duel_text(args: &[&str]) -> (i32, String, String) {
    let out = duel(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The JSON document `duel args` prints; the test fails if it exits with an error.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = duel(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

/// `duel args` fails as the command-line contract says: exit code 2 and one line
/// `duel: error: ...` on standard error containing `needle`, no panic.
pub fn assert_error(args: &[&str], needle: &str) {
    let out = duel(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("duel: error: "), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

/// `duel args` with a full disk (/dev/full) for standard output fails as the contract says:
/// exit code 2 and one line on standard error naming standard output, no panic.
#[cfg(target_os = "linux")]
pub fn assert_full_disk_is_one_error_line(args: &[&str]) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full opens on Linux");
    let out = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(args)
        .stdout(std::process::Stdio::from(full))
        .output()
        .expect("the duel binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with("duel: error: cannot write to standard output"),
        "{args:?}: {err}"
    );
}

/// The exit code, standard output and standard error of `duel play args` with `input` on
/// stdin.
pub fn play(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_duel"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the duel binary runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // duel may stop reading early (a resignation, the end of the game): a closed pipe is fine.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("duel ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
