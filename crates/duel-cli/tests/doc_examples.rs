//! The examples of README.md, crates/duel-cli/README.md and docs/*.md run as shown: in every
//! fenced block, a line `$ duel ...` is a command, and the lines after it (up to the next `$ `
//! line or the end of the block) are its output, stdout then stderr. A trailing `# ...` on the command line is a
//! comment and is not run. A command shown without output must succeed; its output is not
//! compared.
//!
//! Markers, for what cannot be compared as printed:
//! - `[…]` inside an expected line matches any text there (timings), and a line `[…]` alone
//!   any number of lines (output elided);
//! - a comment `# not compared: REASON` or `# not run: REASON` on the command line does that
//!   for this command alone;
//! - `<!-- examples: not compared (REASON) -->` on the line before a block: its commands run
//!   and must succeed, their output is not compared;
//! - `<!-- examples: not run (REASON) -->` on the line before a block: its commands are not run
//!   (minutes of work or gigabytes of memory; REASON says which).

use std::path::{Path, PathBuf};
use std::process::Command;

/// One example: where it is, the command, what it prints, and whether that is compared.
struct Example {
    place: String,
    command: String,
    expected: Vec<String>,
    compared: bool,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The command and its trailing comment (`  # ...` outside quotes), if any.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quote = None;
    let bytes = line.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        match (quote, c) {
            (None, b'\'' | b'"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, b'#') if i > 0 && bytes[i - 1] == b' ' => {
                return (line[..i].trim_end(), line[i + 1..].trim())
            }
            _ => {}
        }
    }
    (line.trim_end(), "")
}

/// The examples of one Markdown file.
fn examples(file: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(file).expect("readable doc");
    let name = file.file_name().unwrap().to_string_lossy().to_string();
    let mut out = Vec::new();
    let mut in_block = false;
    let mut marker = "";
    let mut previous = "";
    // Whether the last example found is the current block's (its output lines follow).
    let mut open = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            open = false;
            if in_block {
                marker = if previous.contains("<!-- examples: not run") {
                    "not run"
                } else if previous.contains("<!-- examples: not compared") {
                    "not compared"
                } else {
                    ""
                };
            }
            previous = line;
            continue;
        }
        previous = line;
        if !in_block || marker == "not run" {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            let (command, comment) = split_comment(cmd);
            open = !comment.starts_with("not run");
            if open {
                out.push(Example {
                    place: format!("{name}:{}", n + 1),
                    command: command.to_string(),
                    expected: Vec::new(),
                    compared: marker.is_empty() && !comment.starts_with("not compared"),
                });
            }
        } else if let Some(ex) = out.last_mut().filter(|_| open) {
            ex.expected.push(line.trim_end().to_string());
        }
    }
    out
}

/// Whether `actual` matches `pattern`, where `[…]` matches any text.
fn line_matches(pattern: &str, actual: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[…]").collect();
    if parts.len() == 1 {
        return pattern == actual;
    }
    let mut rest = actual;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            let Some(r) = rest.strip_prefix(part) else {
                return false;
            };
            rest = r;
        } else if i == parts.len() - 1 {
            return rest.ends_with(part);
        } else {
            let Some(at) = rest.find(part) else {
                return false;
            };
            rest = &rest[at + part.len()..];
        }
    }
    true
}

/// Whether the `actual` lines match the `expected` ones, where a line `[…]` matches any
/// number of lines.
fn lines_match(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "[…]" => {
            (0..=actual.len()).any(|k| lines_match(rest, &actual[k..]))
        }
        Some((e, rest)) => actual
            .split_first()
            .is_some_and(|(a, more)| line_matches(e, a) && lines_match(rest, more)),
    }
}

fn trimmed(mut lines: Vec<String>) -> Vec<String> {
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

#[test]
fn every_documented_example_prints_what_the_docs_show() {
    let root = root();
    let mut files = vec![
        root.join("README.md"),
        root.join("crates/duel-cli/README.md"),
    ];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);

    // Commands run in a scratch folder (they may write files), with the repository's data
    // reachable under the same relative paths, and `duel` on the PATH.
    let scratch = std::env::temp_dir().join(format!("duel-doc-examples-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let _ = std::os::unix::fs::symlink(root.join("crates"), scratch.join("crates"));
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_duel"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );

    let mut failures = Vec::new();
    let mut ran = 0;
    for file in &files {
        for ex in examples(file) {
            ran += 1;
            let out = Command::new("sh")
                .arg("-c")
                .arg(format!("{{ {}\n}} 2>&1", ex.command))
                .current_dir(&scratch)
                .env("PATH", &path)
                .output()
                .expect("run sh");
            let actual = trimmed(
                String::from_utf8_lossy(&out.stdout)
                    .lines()
                    .map(|l| l.trim_end().to_string())
                    .collect(),
            );
            if !ex.compared || ex.expected.iter().all(|l| l.is_empty()) {
                if !out.status.success() {
                    failures.push(format!(
                        "{}: `{}` failed:\n{}",
                        ex.place,
                        ex.command,
                        actual.join("\n")
                    ));
                }
                continue;
            }
            let expected = trimmed(ex.expected);
            if !lines_match(&expected, &actual) {
                failures.push(format!(
                    "{}: `{}`\n--- the docs show:\n{}\n--- it prints:\n{}",
                    ex.place,
                    ex.command,
                    expected.join("\n"),
                    actual.join("\n")
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(ran > 20, "only {ran} examples found");
    assert!(
        failures.is_empty(),
        "{} of {ran} examples differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn wildcards_and_comments() {
    assert!(line_matches("a […] b", "a 3.2 ms b"));
    assert!(line_matches("[…]", "anything"));
    assert!(!line_matches("a […] b", "a 3.2 ms c"));
    assert!(line_matches("x", "x"));
    assert_eq!(
        split_comment("duel a --b 1   # says 2"),
        ("duel a --b 1", "says 2")
    );
    assert_eq!(
        split_comment("duel bidding table \"(A #B)\""),
        ("duel bidding table \"(A #B)\"", "")
    );
    let lines = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &lines(&["a", "[…]", "d"]),
        &lines(&["a", "b", "c", "d"])
    ));
    assert!(lines_match(&lines(&["a", "[…]", "d"]), &lines(&["a", "d"])));
    assert!(!lines_match(
        &lines(&["a", "[…]", "d"]),
        &lines(&["a", "b"])
    ));
}
