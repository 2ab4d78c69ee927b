//! Large jobs under an address-space limit (`ulimit -v`) below their need: each ends with one
//! line `duel: error: …` naming the memory it needs and exit code 2 (or, for a search, stops
//! and says so), never with an abort of the allocator. Each refuses before its work or
//! fails within a few seconds.

#![cfg(target_os = "linux")]

use std::os::unix::process::CommandExt;
use std::process::Command;

const MB: u64 = 1_000_000;

/// Exit code, standard output and standard error of `duel args` run with an address space of
/// at most `limit` bytes.
fn duel_within(limit: u64, args: &[&str]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_duel"));
    command.args(args);
    // SAFETY: setrlimit is async-signal-safe, and the closure touches nothing else of the
    // parent between fork and exec.
    unsafe {
        command.pre_exec(move || {
            let rlimit = libc::rlimit {
                rlim_cur: limit as libc::rlim_t,
                rlim_max: limit as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &rlimit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let out = command.output().expect("the duel binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `duel args` under `limit` bytes fails with exit code 2 and one line `duel: error: …`
/// containing every one of `needles`.
fn refused_within(limit: u64, args: &[&str], needles: &[&str]) {
    let (code, _, err) = duel_within(limit, args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("duel: error: "), "{args:?}: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn a_dense_board_table_past_the_memory_is_refused_with_its_size() {
    // 5·4 cells with gravity: 31^5 ≈ 28.6 million positions of 4 bytes.
    refused_within(
        100 * MB,
        &["bidding", "richman", "connect:5x4:4"],
        &["would need about 109.2 MiB"],
    );
}

#[test]
fn a_table_of_all_totals_past_the_memory_is_refused_with_its_size() {
    refused_within(
        250 * MB,
        &["bidding", "table", "connect:4x4:4", "--max-chips", "49999"],
        &["the rows of 67978 positions ×", "totals would need about"],
    );
}

#[test]
fn a_table_of_all_totals_is_refused_while_its_layers_are_enumerated() {
    // hex:4 has 21 million positions; the rows of its widest layers pass 600 MB before the
    // enumeration ends, so the refusal comes from the layers found so far (7 s, not 30).
    refused_within(
        600 * MB,
        &["bidding", "table", "hex:4", "--max-chips", "31"],
        &["would need about", "two layers of rows per 32 totals"],
    );
}

#[test]
fn a_layer_of_positions_past_the_memory_is_refused_with_its_size() {
    refused_within(
        600 * MB,
        &["bidding", "period", "hex:4"],
        &["the positions of layer", "would need about"],
    );
}

#[test]
fn a_connect_four_table_past_the_memory_is_refused_with_its_size() {
    refused_within(
        30 * MB,
        &["connect", "solve", "4455", "--memory", "64M"],
        &["transposition table would need about 64.0 MiB"],
    );
}

#[test]
fn a_list_of_optimal_moves_past_the_memory_is_refused_with_its_size() {
    // Nearly 10^7 optimal questions of 56 bytes, and the rows of 160 MB (all of them listed
    // in JSON; the text lists 24).
    refused_within(
        400 * MB,
        &[
            "guess-who",
            "value",
            "20000000",
            "24",
            "--rules",
            "official",
            "--json",
        ],
        &["the list of optimal moves would need about"],
    );
}

#[test]
fn a_trial_whose_tree_cannot_grow_is_an_error_naming_the_allocation() {
    refused_within(
        300 * MB,
        &[
            "search",
            "leaves",
            "pearl:2:40",
            "--agent",
            "sym",
            "--trials",
            "1",
        ],
        &["the search tree could not grow past", "the system refused"],
    );
}

#[test]
fn a_search_whose_tree_cannot_grow_stops_and_says_so() {
    for agent in ["sym", "gw", "mcts-prime"] {
        let args = [
            "search",
            "best",
            "pearl:2:4096",
            "--agent",
            agent,
            "--iterations",
            "100000000",
            "--json",
        ];
        let (code, out, err) = duel_within(300 * MB, &args);
        assert_eq!(code, 0, "{agent}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
        assert_eq!(v["stopped"], "memory", "{agent}: {v}");
    }
}
