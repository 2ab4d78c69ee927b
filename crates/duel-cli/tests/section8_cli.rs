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

/// `--variants`: refused where the data set lacks the paper's agent's clock; otherwise each
/// trial of 8.6 at 1 ms played and written to `--variants-out`, the paper's agent's games
/// summing to the games asked.
#[test]
fn the_trials_of_section_8_2_are_played_into_their_data_set() {
    let data = temp("variants-data/paper-clock.json");
    std::fs::create_dir_all(data.parent().unwrap()).unwrap();
    std::fs::write(&data, "{\"protocol\": {\"min_games\": 2, \"batch\": 2, \"max_games\": 2, \"test\": {\"alpha\": 0.05, \"tolerance\": 0.03, \"tuned_for\": 2000}}, \"samples\": 1, \"cells\": []}").unwrap();
    let args = |data: &std::path::Path| -> Vec<String> {
        [
            "search",
            "section8",
            "--variants",
            "--only",
            "8.6",
            "--millis",
            "1",
            "--min-games",
            "4",
            "--records",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([
            temp("variants-records").display().to_string(),
            "--data".to_string(),
            data.display().to_string(),
            "--variants-out".to_string(),
            data.with_file_name("variants.json").display().to_string(),
        ])
        .collect()
    };
    let empty: Vec<String> = args(&data);
    let empty: Vec<&str> = empty.iter().map(String::as_str).collect();
    refused(&empty, "play its cells first");
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/section8/paper-clock.json");
    std::fs::copy(&committed, &data).unwrap();
    let out = duel().arg("--quiet").args(args(&data)).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(data.with_file_name("variants.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let matches = v["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 6, "{text}");
    for m in matches {
        assert_eq!(
            (m["section"].as_str(), m["millis"].as_u64()),
            (Some("8.6"), Some(1))
        );
        let games: u64 = m["ways"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| {
                ["wins", "losses", "draws"]
                    .iter()
                    .map(|k| w[k].as_u64().unwrap())
                    .sum::<u64>()
            })
            .sum();
        assert_eq!(games, 4, "{m}");
    }
}
