//! A sample of `scripts/memory-sweep` (every documented heavy command under `prlimit --as`):
//! the commands that aborted or came nearest to it (issue 47), at 64 and 128 MiB of address
//! space, each ending in an answer or one line `duel: error: …`, never a signal. The whole
//! sweep (every heavy command, up to 1 GiB) takes minutes and is run by hand.

#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::Command;

/// The sampled commands, as the script's lines begin.
const SAMPLE: [&str; 8] = [
    "guess-who plot --max 1024 --out",
    "bidding richman hex:4",
    "bidding table hex:4 --max-chips 31",
    "bidding period hex:4",
    "connect solve 4455 --memory 64M",
    "connect book --exact --game connect:5x4:4",
    "arena connect:15x6:5",
    "report --quick --out",
];

const LIMITS: [&str; 2] = ["64M", "128M"];

#[test]
fn the_heaviest_commands_under_prlimit_end_in_an_answer_or_one_error_line() {
    if Command::new("prlimit").arg("--version").output().is_err() {
        eprintln!("skipped: prlimit (util-linux) is not installed");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/memory-sweep");
    let only = SAMPLE
        .iter()
        .map(|c| format!("^{}", c.replace('.', "\\.")))
        .collect::<Vec<_>>()
        .join("|");
    let out = Command::new("bash")
        .arg(&script)
        .args(LIMITS)
        .env("DUEL", env!("CARGO_BIN_EXE_duel"))
        .env("ONLY", &only)
        .env("TIMEOUT", "120")
        .output()
        .expect("bash runs the script");
    let table = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    println!("{table}");
    assert!(out.status.success(), "{table}{err}");
    // Every command of the sample ran at every limit: the filter matched each of them once.
    for command in SAMPLE {
        for limit in LIMITS {
            let runs = table
                .lines()
                .filter(|l| l.starts_with(&format!("{limit} ")) && l.contains(command))
                .count();
            assert_eq!(runs, 1, "{limit} {command}:\n{table}");
        }
    }
    let runs = SAMPLE.len() * LIMITS.len();
    assert!(
        table.contains(&format!(
            "memory-sweep: {runs} runs, {runs} ended in an answer or one error line, 0 did not"
        )),
        "{table}"
    );
}
