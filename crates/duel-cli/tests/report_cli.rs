//! `duel report`: the quick report is written in full, and bad arguments are refused cleanly.

use std::process::Command;

fn duel() -> Command {
    Command::new(env!("CARGO_BIN_EXE_duel"))
}

#[test]
fn quick_report_writes_index_json_and_every_section() {
    let dir = std::env::temp_dir().join(format!("duel-report-test-{}", std::process::id()));
    let out = duel()
        .args(["report", "--quick", "--quiet", "--out"])
        .arg(&dir)
        .output()
        .expect("run duel");
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let index = std::fs::read_to_string(dir.join("index.md")).expect("index.md written");
    for (id, _) in duel::report::SECTIONS {
        let json = std::fs::read_to_string(dir.join(format!("{id}.json")))
            .unwrap_or_else(|e| panic!("{id}.json not written: {e}"));
        let parsed: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
        assert_eq!(parsed["id"], *id);
        let title = parsed["title"].as_str().expect("title");
        assert!(
            index.contains(&format!("## <a id=\"{id}\"></a>{title}\n")),
            "index.md lacks section {title}"
        );
    }
    for page in ["differences.md", "index.html", "differences.html"] {
        assert!(dir.join(page).is_file(), "{page} not written");
    }
    // Every figure the index links to exists.
    for line in index.lines().filter(|l| l.starts_with("![")) {
        let file = line
            .rsplit_once('(')
            .and_then(|(_, f)| f.strip_suffix(')'))
            .expect("link");
        assert!(
            dir.join(file).is_file(),
            "figure {file} linked but not written"
        );
    }
    // The folder checked against a fresh run: nothing differs.
    let check = duel()
        .args(["report", "--quiet", "--check"])
        .arg(&dir)
        .output()
        .expect("run duel");
    let said = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{said}");
    assert!(said.ends_with("(--quick): 0 differences\n"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--check` lists the one number edited in a folder, exits 1, and refuses a missing folder
/// or unreadable JSON with exit code 2; without `--quiet` and off a terminal, each finished
/// section is a line on stderr.
#[test]
fn check_finds_an_edited_number() {
    let dir = std::env::temp_dir().join(format!("duel-report-check-{}", std::process::id()));
    let out = duel()
        .args(["report", "--quick", "--only", "liar", "--out"])
        .arg(&dir)
        .output()
        .expect("run duel");
    assert!(out.status.success());
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(
        log.starts_with("duel report: section liar done in ") && log.lines().count() == 1,
        "{log}"
    );
    let file = dir.join("liar.json");
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    doc["data"]["a286496"][3] = serde_json::json!(999);
    std::fs::write(&file, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    let check = duel()
        .args(["report", "--quiet", "--check"])
        .arg(&dir)
        .output()
        .expect("run duel");
    let said = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(1), "{said}");
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines.len(), 2, "{said}");
    assert!(
        lines[0].starts_with("liar.json: /data/a286496[3]: 999 -> "),
        "{said}"
    );
    assert!(lines[1].ends_with("1 differences"), "{said}");

    let missing = dir.join("nothing-here");
    // Issue 47: `{}` and a section of another name were built again, only to differ (exit 1).
    let other = serde_json::json!({"id": "bidding", "checks": []}).to_string();
    for (text, bad) in [
        ("{", &dir),
        ("{}", &dir),
        (other.as_str(), &dir),
        ("", &missing),
    ] {
        std::fs::write(&file, text).unwrap();
        let out = duel()
            .args(["report", "--quiet", "--check"])
            .arg(bad)
            .output()
            .expect("run duel");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text}: {err}");
        assert!(
            err.starts_with("duel: error: ") && err.lines().count() == 1,
            "{text}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--json` gives the counts the text line gives, per section and in all.
#[test]
fn json_counts_each_section_and_the_whole() {
    let dir = std::env::temp_dir().join(format!("duel-report-json-{}", std::process::id()));
    let run = |json: bool| {
        let mut cmd = duel();
        cmd.args([
            "report",
            "--quick",
            "--quiet",
            "--only",
            "liar,games",
            "--out",
        ])
        .arg(&dir);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.output().expect("run duel");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let doc: serde_json::Value = serde_json::from_str(&run(true)).expect("one JSON document");
    let text = run(false);
    let _ = std::fs::remove_dir_all(&dir);
    let ids: Vec<&str> = doc["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["liar", "games"]);
    for key in ["matches", "differs", "new", "undecided"] {
        let sum: u64 = doc["sections"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s[key].as_u64().unwrap())
            .sum();
        assert_eq!(doc[key].as_u64(), Some(sum), "{key}");
    }
    assert!(doc["index"].as_str().unwrap().ends_with("index.md"));
    // The papers' matches and the other sources' are told apart, and add up to the whole.
    let rows = doc["by_source"].as_array().unwrap();
    let matches = |row: &serde_json::Value| row["matches"].as_u64().unwrap();
    let papers: u64 = rows[..5].iter().map(matches).sum();
    let other = matches(&rows[5]);
    assert_eq!(rows[5]["id"], "other published sources");
    assert_eq!(
        rows.iter().map(matches).sum::<u64>(),
        doc["matches"].as_u64().unwrap()
    );
    let line = format!(
        "{papers} items match the papers, {other} match other published sources, {} differ, {} new, {} undecided",
        doc["differs"], doc["new"], doc["undecided"]
    );
    assert!(text.contains(&line), "{text} lacks {line}");
}

#[test]
fn unknown_section_is_one_clear_error() {
    let out = duel()
        .args(["report", "--quick", "--only", "nonsense"])
        .output()
        .expect("run duel");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("unknown report section 'nonsense'"), "{err}");
    assert!(!err.contains("panicked"));
}

/// `--from-records DIR`: the families' tables from arena records; records of a run the tables
/// do not use, or a folder without records, are one line and exit 2, before any section runs.
#[test]
fn from_records_builds_the_families_and_refuses_other_runs() {
    let dir = std::env::temp_dir().join(format!("duel-from-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let arena = |b: &str, file: &str| {
        let out = duel()
            .args(["arena", "connect-misere:15x6:5", "--a", "sym", "--b", b])
            .args([
                "--games",
                "2",
                "--iterations",
                "8",
                "--b-iterations",
                "10",
                "--out",
            ])
            .arg(dir.join(file))
            .output()
            .expect("run duel");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let report = |only: &str| {
        duel()
            .args(["report", "--quiet", "--only", only, "--from-records"])
            .arg(&dir)
            .arg("--out")
            .arg(dir.join("report"))
            .output()
            .expect("run duel")
    };
    let out = report("families");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("holds no .jsonl records file") && err.lines().count() == 1,
        "{err}"
    );
    arena("mcts:a=1.5,b=3", "cell.jsonl");
    let out = report("families");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let index = std::fs::read_to_string(dir.join("report/index.md")).unwrap();
    assert!(
        index.contains("| iterations of 1 ms | mcts:a=1.5,b=3 | 0.565 |"),
        "{index}"
    );
    assert!(
        !index.contains("Section 8.4:"),
        "only the cells of the records"
    );
    arena("uct:c=2", "other.jsonl");
    let out = report("families");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("duel: error: ") && err.contains("other.jsonl:1:"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn full_and_quick_together_are_one_clear_error() {
    let out = duel()
        .args(["report", "--quick", "--full"])
        .output()
        .expect("run duel");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("duel: error: ") && err.contains("--full"),
        "{err}"
    );
}

#[test]
fn unknown_subcommand_fails_without_panic() {
    let out = duel().arg("frobnicate").output().expect("run duel");
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn a_closed_pipe_ends_the_output_without_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = duel()
        // A large JSON document printed with println! (this panicked before SIGPIPE was restored).
        .args([
            "bidding",
            "table",
            "tictactoe",
            "--max-chips",
            "5000",
            "--format",
            "json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run duel");
    let mut first = [0u8; 1];
    child
        .stdout
        .take()
        .expect("stdout")
        .read_exact(&mut first)
        .expect("some output");
    // Dropping our end of the pipe closes it while duel is still writing.
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("stderr");
    let _ = child.wait().expect("duel ends");
    assert!(!err.contains("panicked"), "{err}");
}

/// `--out` naming a file fails at once with one line, before any section is computed (it
/// failed with "File exists" after computing them all, minutes for the full report).
#[test]
fn an_out_that_is_a_file_fails_before_computing() {
    let file = std::env::temp_dir().join(format!("duel-report-file-{}", std::process::id()));
    std::fs::write(&file, "not a folder").unwrap();
    for out in [file.clone(), file.join("inside")] {
        // The full report (no --quick), which takes minutes when it is computed: stopped
        // after 10 s, and the test fails, if the folder is not checked first.
        let mut child = duel()
            .args(["report", "--quiet", "--out"])
            .arg(&out)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run duel");
        let start = std::time::Instant::now();
        while child.try_wait().expect("wait for duel").is_none() {
            if start.elapsed().as_secs() >= 10 {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "duel report --out {} computed instead of failing",
                    out.display()
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let run = child.wait_with_output().expect("duel's output");
        assert_eq!(run.status.code(), Some(2));
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("duel: error: "), "{err}");
        assert!(err.contains(&out.display().to_string()), "{err}");
    }
    let err = String::from_utf8_lossy(
        &duel()
            .args(["report", "--out"])
            .arg(&file)
            .output()
            .unwrap()
            .stderr,
    )
    .into_owned();
    assert!(err.contains("exists and is not a folder"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
    let _ = std::fs::remove_file(&file);
}

/// Issue 47: each section's file is written as the section finishes (a report stopped after
/// some sections keeps them), and `--check` of such a folder compares what it holds and names
/// the sections it lacks.
#[test]
fn an_interrupted_report_keeps_its_finished_sections() {
    let dir = std::env::temp_dir().join(format!("duel-report-cut-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut child = duel()
        .args(["report", "--quick", "--quiet", "--out"])
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("run duel");
    // The liar section (about a second) is on disk long before the families (whose time
    // cells wait on the clock) let the report end.
    let mut seen = false;
    for _ in 0..600 {
        if dir.join("liar.json").exists() && !dir.join("index.md").exists() {
            seen = true;
            break;
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().ok();
    child.wait().unwrap();
    assert!(seen, "liar.json was not written before the report ended");
    // Whole files only under the sections' names (a file being written is `<name>.tmp`).
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            serde_json::from_str::<serde_json::Value>(&text).unwrap();
        }
    }
    let _ = std::fs::remove_file(dir.join("index.md"));
    let check = duel()
        .args(["report", "--quiet", "--check"])
        .arg(&dir)
        .output()
        .expect("run duel");
    let said = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{said}");
    let last = said.lines().last().unwrap_or_default();
    assert!(
        last.contains("0 differences (not in the folder: "),
        "{said}"
    );
    assert!(!last.contains("liar"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
