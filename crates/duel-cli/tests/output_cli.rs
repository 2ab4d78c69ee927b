//! Standard output that cannot be written (a full disk) is an error, not a panic.

mod common;
use common::assert_full_disk_is_one_error_line;

/// Every subcommand that prints, with a full disk for stdout: exit code 2, one error line
/// naming standard output. `println!` panicked here (exit 101), and `liar table` exited 0.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_one_error_line() {
    let commands: &[&[&str]] = &[
        &["search", "value", "tictactoe"],
        &["search", "value", "tictactoe", "--json"],
        &[
            "search",
            "best",
            "pearl:2:8",
            "--agent",
            "sym",
            "--iterations",
            "10",
        ],
        &["connect", "solve", "4453542333"],
        &["liar", "table", "--max-n", "5"],
        &["guess-who", "verify", "--max", "20"],
        &["bidding", "richman", "A^B"],
        &["bidding", "table", "tictactoe", "--max-chips", "3"],
    ];
    for args in commands {
        assert_full_disk_is_one_error_line(args);
    }
}

/// Issue 47: a success line names the user's file as the error lines do, with the characters
/// that do not print escaped, so that `--out $'\e[2J'` cannot clear the terminal.
#[test]
fn success_lines_escape_the_names_of_files() {
    let dir = std::env::temp_dir().join(format!("duel-escape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let figure = dir.join("\u{1b}[31mred.svg");
    let book = dir.join("\u{1b}[2J\u{1b}[Hbook.txt");
    let report = dir.join("\u{1b}[31mreport");
    let runs: [Vec<&str>; 3] = [
        vec![
            "guess-who",
            "plot",
            "--max",
            "4",
            "--out",
            figure.to_str().unwrap(),
        ],
        vec![
            "connect",
            "book",
            "--exact",
            "--game",
            "connect:5x4:4",
            "--plies",
            "1",
            "--out",
            book.to_str().unwrap(),
        ],
        vec![
            "report",
            "--quick",
            "--quiet",
            "--only",
            "liar",
            "--out",
            report.to_str().unwrap(),
        ],
    ];
    for args in &runs {
        let (code, out, err) = common::duel_text(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.contains('\u{1b}'), "{args:?}: {out:?}");
        assert!(out.contains("\\u{1b}["), "{args:?}: {out:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
