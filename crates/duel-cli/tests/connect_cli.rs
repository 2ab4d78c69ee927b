//! `duel connect solve`: exact Connect Four scores from the command line.

mod common;
use common::{duel, duel_text};

#[test]
fn solves_a_benchmark_position() {
    // From shared/data/connect4/Test_L3_R1, first line: score -1 for the side to move.
    let out = duel(&[
        "connect",
        "solve",
        "2252576253462244111563365343671351441",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["position"], "2252576253462244111563365343671351441");
    assert_eq!(v["score"], -1);
    assert!(v["best"].as_array().is_some_and(|b| !b.is_empty()));
    assert!(v["nodes"].as_u64().is_some());
}

#[test]
fn solves_a_file_and_counts_agreement() {
    let dir = std::env::temp_dir().join(format!("duel-connect-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three");
    // The first three lines of Test_L3_R1, the last with a wrong score on purpose.
    std::fs::write(
        &file,
        "2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566 1\n23163416124767223154467471272416755633 5\n",
    )
    .unwrap();
    let out = duel(&[
        "connect",
        "solve",
        "--file",
        file.to_str().unwrap(),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["positions"], 3);
    assert_eq!(v["correct"], 2);
    assert_eq!(v["incorrect"], 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_moves_are_one_clear_error() {
    for bad in ["12x", "8", "1111111"] {
        let out = duel(&["connect", "solve", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{bad}: {err}");
        assert!(err.starts_with("duel: error:"), "{bad}: {err}");
    }
}

/// An error in a file names the file and the line.
#[test]
fn a_bad_line_of_a_file_is_named() {
    let dir = std::env::temp_dir().join(format!("duel-connect-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text, needle) in [
        (
            "moves",
            "4453 1\nabc 3\n",
            ": line 2 ('abc 3'): 'a' is not a move",
        ),
        (
            "score",
            "4453 1\n\n44 x\n",
            ": line 3 ('44 x'): the score 'x'",
        ),
        (
            "extra",
            "44 3 7\n",
            ": line 1 ('44 3 7'): '7' is a part too many",
        ),
        ("full", "4453 1\n1111111 3\n", ": line 2 ('1111111 3'):"),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let path = file.to_str().unwrap();
        common::assert_error(
            &["connect", "solve", "--file", path],
            &format!("{path}{needle}"),
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `duel connect book` extends a book: with every answer known (the shipped book) it only
/// walks, and prints the shipped book's positions of up to PLIES stones, in its order.
#[test]
fn the_book_command_extends_a_book() {
    let shipped = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../duel-games/data/connect4-7x6-book.txt"
    );
    let (code, out, err) =
        common::duel_text(&["connect", "book", "--plies", "3", "--extend", shipped]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(shipped).unwrap();
    let upto3: Vec<&str> = text
        .lines()
        .filter(|l| {
            let m = l.split_whitespace().next().unwrap_or("");
            !l.starts_with('#') && !l.starts_with("plies") && (m == "-" || m.len() <= 3)
        })
        .collect();
    let printed: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("plies"))
        .collect();
    assert_eq!(printed, upto3);
    assert!(out.contains("\nplies 3\n"), "{out}");
    assert_eq!(printed[0], "- 4 1");
}

#[test]
fn bad_book_arguments_are_one_clear_error() {
    common::assert_error(&["connect", "book", "--plies", "13"], "at most 12");
    common::assert_error(
        &["connect", "book", "--extend", "/nonexistent/book.txt"],
        "cannot read /nonexistent/book.txt",
    );
    let dir = std::env::temp_dir().join(format!("duel-connect-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("book.txt");
    std::fs::write(&file, "plies 2\n- 4 1\n7 4 0\n1 4 0\n").unwrap();
    let path = file.to_str().unwrap();
    common::assert_error(
        &["connect", "book", "--plies", "2", "--extend", path],
        &format!("{path}: line 4 ('1 4 0'): the position (or its mirror image) repeats"),
    );
    // Issue 47: a header past the limit of --plies was taken as it was.
    std::fs::write(
        &file,
        "plies 999
",
    )
    .unwrap();
    common::assert_error(
        &["connect", "book", "--plies", "2", "--extend", path],
        &format!("{path}: line 1 ('plies 999'): 999 plies: a book holds at most 12"),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn endless_files_and_unwritable_books_are_refused_at_once() {
    for args in [
        &["connect", "solve", "--file", "/dev/zero"][..],
        &["connect", "book", "--plies", "2", "--extend", "/dev/zero"],
    ] {
        let (code, _, err) = duel_text(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(
            err.trim_end(),
            "duel: error: /dev/zero:1: a line longer than 4.0 KiB: not a file of text lines",
            "{args:?}"
        );
    }
    // The out path is checked before the book (minutes at 12 plies) is built.
    let missing = std::env::temp_dir()
        .join(format!("duel-no-such-folder-{}", std::process::id()))
        .join("book.txt");
    let start = std::time::Instant::now();
    let (code, _, err) = duel_text(&[
        "connect",
        "book",
        "--plies",
        "12",
        "--out",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.starts_with("duel: error: cannot write "), "{err}");
    assert!(start.elapsed().as_secs() < 10);
}

/// `duel connect book --exact` writes each position as it is solved; killed midway, its file
/// resumes the build through `--extend`, and the result equals a build from scratch.
#[test]
fn the_exact_book_is_written_as_it_comes_and_resumes() {
    let dir = std::env::temp_dir().join(format!("duel-exact-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let whole = dir.join("whole.txt");
    let args = |out: &std::path::Path| {
        vec![
            "connect".to_string(),
            "book".to_string(),
            "--exact".to_string(),
            "--game".to_string(),
            "connect:5x4:4".to_string(),
            "--plies".to_string(),
            "4".to_string(),
            "--out".to_string(),
            out.display().to_string(),
        ]
    };
    let run = |a: &[String]| {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        duel_text(&a)
    };
    let (code, out, err) = run(&args(&whole));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("positions of up to 4 stones"), "{out}");
    let text = std::fs::read_to_string(&whole).unwrap();
    assert!(
        text.contains("\ngame connect:5x4:4\nplies 4\n- 0\n"),
        "{text}"
    );
    // An interrupted build: its header and the first half of its lines, in any order.
    let lines: Vec<&str> = text.lines().collect();
    let body: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with('#'))
        .collect();
    let half = dir.join("half.txt");
    let mut partial: Vec<&str> = body[..2].to_vec();
    partial.extend(body[2..].iter().rev().take((body.len() - 2) / 2));
    std::fs::write(&half, partial.join("\n") + "\n").unwrap();
    let resumed = dir.join("resumed.txt");
    let mut a = args(&resumed);
    a.extend(["--extend".to_string(), half.display().to_string()]);
    let (code, _, err) = run(&a);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&resumed).unwrap(), text);
    // Resuming into the file it reads from keeps every line.
    let mut a = args(&half);
    a.extend(["--extend".to_string(), half.display().to_string()]);
    let (code, _, err) = run(&a);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&half).unwrap(), text);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The empty 7×6 board and its columns come from the shipped book of exact scores at once;
/// `--no-book` searches them (checked here on a position of 4 stones the search settles in about a second).
#[test]
fn the_empty_board_is_answered_from_the_book_of_exact_scores() {
    let (code, out, err) = duel_text(&["connect", "analyze", "", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["scores"], serde_json::json!([-2, -1, 0, 1, 0, -1, -2]));
    assert_eq!(v["best"], serde_json::json!([4]));
    let (code, out, err) = duel_text(&["connect", "solve", "", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["score"].as_i64(), v["nodes"].as_u64()),
        (Some(1), Some(1))
    );
    let with = |book: bool| {
        let mut a = vec!["connect", "solve", "1415", "--json"];
        if !book {
            a.push("--no-book");
        }
        let (code, out, err) = duel_text(&a);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    let (a, b) = (with(true), with(false));
    assert_eq!(a["score"], b["score"]);
    assert_eq!(a["best"], b["best"]);
    assert_eq!(a["nodes"], 1);
    assert!(b["nodes"].as_u64().unwrap() > 1000);
}

#[test]
fn bad_exact_book_arguments_are_one_clear_error() {
    common::assert_error(
        &["connect", "book", "--exact", "--plies", "9"],
        "--plies 9 is too many for --exact: at most 8",
    );
    common::assert_error(
        &["connect", "book", "--exact", "--game", "connect:16x8:4"],
        "the Connect Four solver takes",
    );
    common::assert_error(&["connect", "book", "--game", "connect:5x4:4"], "--exact");
    let dir = std::env::temp_dir().join(format!("duel-exact-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("other.txt");
    std::fs::write(&file, "game connect:6x5:4\nplies 1\n- 0\n").unwrap();
    let path = file.to_str().unwrap();
    common::assert_error(
        &[
            "connect",
            "book",
            "--exact",
            "--game",
            "connect:5x4:4",
            "--extend",
            path,
        ],
        "a book of 6x5, not of 5x4",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 47: `--out` is untouched until the whole book is ready. A bad argument found after
/// the arguments are read (here the --extend book of another board, or a table too small), a
/// kill mid-build, and a journal left by an interrupted build all leave it as it was; the
/// build's positions go to `FILE.partial`, which `--extend` resumes and the end removes.
#[test]
fn the_exact_books_file_is_untouched_until_the_book_is_whole() {
    let dir = std::env::temp_dir().join(format!("duel-exact-safe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("S.txt");
    let s = book.to_str().unwrap();
    // The book of 5x4 within 3 stones, with `rest` of the arguments.
    let small = |rest: &[&str]| {
        let mut a = vec![
            "connect",
            "book",
            "--exact",
            "--game",
            "connect:5x4:4",
            "--plies",
            "3",
        ];
        a.extend_from_slice(rest);
        duel_text(&a)
    };
    let (code, _, err) = small(&["--out", s]);
    assert_eq!(code, 0, "{err}");
    let before = std::fs::read_to_string(&book).unwrap();
    assert!(!dir.join("S.txt.partial").exists());
    for (args, needle) in [
        (
            vec!["--game", "connect:6x5:4", "--plies", "5"],
            "a book of 5x4, not of 6x5",
        ),
        (vec!["--game", "connect:5x4:4", "--memory", "1"], "memory"),
    ] {
        let mut a = vec!["connect", "book", "--exact"];
        a.extend(args);
        a.extend(["--extend", s, "--out", s]);
        let (code, _, err) = duel_text(&a);
        assert_eq!(code, 2, "{a:?}: {err}");
        assert!(err.contains(needle), "{a:?}: {err}");
        assert_eq!(std::fs::read_to_string(&book).unwrap(), before, "{a:?}");
        assert!(!dir.join("S.txt.partial").exists(), "{a:?}");
    }
    // Killed while it searches: the file is as it was, its positions so far in the journal.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_duel"))
        .args([
            "connect",
            "book",
            "--exact",
            "--game",
            "connect:6x5:4",
            "--plies",
            "6",
        ])
        .args(["--extend", s, "--out", s])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read_to_string(&book).unwrap(), before);
    // A journal not resumed from is refused, and neither file is touched.
    let journal = dir.join("S.txt.partial");
    std::fs::write(&journal, "game connect:5x4:4\nplies 3\n").unwrap();
    let (code, _, err) = small(&["--out", s]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("holds an interrupted build"), "{err}");
    assert_eq!(std::fs::read_to_string(&book).unwrap(), before);
    // Resumed from the journal (here half of the book's lines): the same book, no journal left.
    let lines: Vec<&str> = before.lines().filter(|l| !l.starts_with('#')).collect();
    let half: Vec<&str> = lines[..2 + (lines.len() - 2) / 2].to_vec();
    std::fs::write(&journal, half.join("\n") + "\n").unwrap();
    std::fs::write(&book, "an older file\n").unwrap();
    let j = journal.to_str().unwrap();
    let (code, _, err) = small(&["--extend", j, "--out", s]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&book).unwrap(), before);
    assert!(!journal.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 47: the opening book was written only at the end, so an interrupted build lost
/// everything. Its positions now go to the journal `FILE.partial` as they are answered; killed
/// (SIGKILL) midway, `--extend F --out F` leaves F as it was, and resuming from the journal
/// writes the book an uninterrupted build writes: the shipped one, made by `duel connect book
/// --plies 9` (the build here has all but its last 300 positions).
#[test]
fn the_plain_book_resumed_after_a_kill_is_the_uninterrupted_book() {
    let dir = std::env::temp_dir().join(format!("duel-plain-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shipped = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../duel-games/data/connect4-7x6-book.txt"
    ))
    .unwrap();
    let lines: Vec<&str> = shipped.lines().collect();
    // Enough positions left (300, a few seconds) that neither interruption below can come
    // after the build has ended, even on a loaded machine.
    let before = lines[..lines.len() - 300].join("\n") + "\n";
    let book = dir.join("B.txt");
    let journal = dir.join("B.txt.partial");
    std::fs::write(&book, &before).unwrap();
    let (b, j) = (book.to_str().unwrap(), journal.to_str().unwrap());
    let build = |extend: &str| {
        use std::os::unix::process::CommandExt;
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_duel"));
        command
            .args([
                "connect", "book", "--plies", "9", "--extend", extend, "--out", b,
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        // A shell without job control starts background commands with SIGINT ignored, and
        // the child would inherit that: the interruption below needs its default action.
        // SAFETY: signal(2) is async-signal-safe, as pre_exec requires.
        unsafe {
            command.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                Ok(())
            });
        }
        command.spawn().unwrap()
    };
    // Interrupted (SIGINT) at once: the file is as it was.
    let mut child = build(b);
    std::thread::sleep(std::time::Duration::from_millis(10));
    // SAFETY: kill(2) on the child's own id, which it keeps until it is waited for.
    assert_eq!(
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) },
        0
    );
    child.wait().unwrap();
    assert_eq!(std::fs::read_to_string(&book).unwrap(), before);
    let _ = std::fs::remove_file(&journal);
    // Killed once a few positions are solved: the file is as it was, the journal holds its
    // answers and those solved, each a line of the book.
    let mut child = build(b);
    let records = |text: &str| text.lines().filter(|l| !l.starts_with('#')).count();
    let wanted = records(&before) + 3;
    let start = std::time::Instant::now();
    while std::fs::read_to_string(&journal).map_or(0, |t| records(&t)) < wanted {
        assert!(child.try_wait().unwrap().is_none(), "the build ended first");
        assert!(start.elapsed().as_secs() < 300, "no record in 300 s");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read_to_string(&book).unwrap(), before);
    let kept = std::fs::read_to_string(&journal).unwrap();
    assert!(records(&kept) >= wanted && records(&kept) < records(&shipped));
    for line in kept.lines() {
        assert!(lines.contains(&line), "{line:?} is not a line of the book");
    }
    // Neither a new build over the journal nor a resume with other arguments touches a file.
    for (args, needle) in [
        (
            vec!["--plies", "9", "--extend", b],
            "holds an interrupted build",
        ),
        (
            vec!["--plies", "8", "--extend", j],
            "the journal of another build",
        ),
        (vec!["--plies", "13", "--extend", j], "at most 12"),
    ] {
        let mut a = vec!["connect", "book"];
        a.extend(&args);
        a.extend(["--out", b]);
        common::assert_error(&a, needle);
        assert_eq!(std::fs::read_to_string(&book).unwrap(), before, "{args:?}");
        assert_eq!(std::fs::read_to_string(&journal).unwrap(), kept, "{args:?}");
    }
    // Resumed: the whole book, and neither the journal nor a temporary file is left.
    let (code, out, err) =
        duel_text(&["connect", "book", "--plies", "9", "--extend", j, "--out", b]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3397 positions of up to 9 stones"), "{out}");
    assert_eq!(std::fs::read_to_string(&book).unwrap(), shipped);
    let mut left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.sort();
    assert_eq!(left, ["B.txt"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 47: `--extend F --out F` with F not a book, or a folder that cannot be written, is
/// refused before any work, and neither F nor a journal is left changed.
#[test]
fn a_plain_book_refused_leaves_its_file_as_it_was() {
    let dir = std::env::temp_dir().join(format!("duel-plain-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("B.txt");
    let b = book.to_str().unwrap();
    for (text, needle) in [
        ("plies 2\n- 4 1\n7 4 0\n1 4 0\n", "line 4 ('1 4 0')"),
        (
            "game connect:5x4:4\nplies 3\n- 0\n",
            "line 1 ('game connect:5x4:4')",
        ),
    ] {
        std::fs::write(&book, text).unwrap();
        common::assert_error(
            &["connect", "book", "--plies", "2", "--extend", b, "--out", b],
            needle,
        );
        assert_eq!(std::fs::read_to_string(&book).unwrap(), text);
        assert!(!dir.join("B.txt.partial").exists(), "{text:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
