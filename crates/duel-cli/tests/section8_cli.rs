//! `duel search section8`: bad input in one line with exit 2; a cell played, stopped and
//! resumed writes the same data set line.

use std::process::Command;

mod common;
use common::assert_error as refused;

fn duel() -> Command {
    Command::new(env!("CARGO_BIN_EXE_duel"))
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("duel-section8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    refused(
        &["search", "section8", "--only", "8.3"],
        "not a family of section 8",
    );
    refused(
        &["search", "section8", "--millis", "3"],
        "no cell of section 8",
    );
    refused(
        &["search", "section8", "--opponent", "uct"],
        "mcts or mcts-prime",
    );
    refused(
        &["search", "section8", "--min-games", "3"],
        "--min-games must be even",
    );
    let bad = temp("bad.json");
    std::fs::write(&bad, "{\"cells\": 3}").unwrap();
    refused(
        &[
            "search",
            "section8",
            "--only",
            "8.6",
            "--millis",
            "1",
            "--data",
            bad.to_str().unwrap(),
        ],
        "not a data set of section 8",
    );
}

/// Section 8.6 at 1 ms against MCTS, 40 games: once straight, once stopped after 20 (a run
/// of `--max-games 20`, as an interruption leaves it) and then taken to 40 from its records:
/// the same line of the data set, its command's games aside.
#[test]
fn a_cell_resumed_from_its_records_is_the_uninterrupted_cell() {
    let run = |name: &str, steps: &[&str]| -> serde_json::Value {
        let (records, data) = (
            temp(&format!("{name}-records")),
            temp(&format!("{name}.json")),
        );
        let _ = std::fs::remove_file(&data);
        for max in steps {
            let out = duel()
                .args([
                    "--quiet", "search", "section8", "--only", "8.6", "--millis", "1",
                ])
                .args([
                    "--opponent",
                    "mcts",
                    "--min-games",
                    "20",
                    "--max-games",
                    max,
                ])
                .args([
                    "--records",
                    records.to_str().unwrap(),
                    "--data",
                    data.to_str().unwrap(),
                ])
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let text = std::fs::read_to_string(&data).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["cells"][0]["command"] = serde_json::Value::Null;
        v["cells"][0]["max_games"] = serde_json::Value::Null;
        v["protocol"]["max_games"] = serde_json::Value::Null;
        v
    };
    let straight = run("straight", &["40"]);
    let resumed = run("resumed", &["20", "40"]);
    assert_eq!(straight["cells"][0]["games"], 40);
    assert_eq!(straight, resumed);
}
