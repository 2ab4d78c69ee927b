//! No string literal in any crate's `src/` is longer than a paragraph (issue 33: what the
//! report prints is what it measures and what the papers state; the history of performance
//! work lives in `docs/performance.md`). Files read by `include_str!` are data, not literals
//! of the source, and are not scanned.

use std::fs;
use std::path::{Path, PathBuf};

/// The longest string literal allowed, in characters: a paragraph.
const MAX_LITERAL_CHARS: usize = 1200;

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals of Rust source `text`: (line of the opening quote, length in
/// characters between the quotes). Comments, character literals and lifetimes are skipped;
/// raw strings (`r"…"`, `r#"…"#`) and byte strings count like the others.
fn string_literals(text: &str) -> Vec<(usize, usize)> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let ident = |k: usize| k > 0 && (c[k - 1].is_alphanumeric() || c[k - 1] == '_');
    while i < c.len() {
        match c[i] {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                let mut depth = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        line += usize::from(c[i] == '\n');
                        i += 1;
                    }
                }
            }
            '\'' => {
                // A character literal ('x', '\n', '\u{..}', '"'), or a lifetime / label.
                if c.get(i + 1) == Some(&'\\') {
                    i += 3;
                    while i < c.len() && c[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if c.get(i + 2) == Some(&'\'') {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            'r' if !ident(i) || (i >= 1 && c[i - 1] == 'b' && !ident(i - 1)) => {
                let mut j = i + 1;
                while c.get(j) == Some(&'#') {
                    j += 1;
                }
                if c.get(j) != Some(&'"') {
                    i += 1;
                    continue;
                }
                let hashes = j - i - 1;
                let (start, start_line) = (j + 1, line);
                let mut k = start;
                loop {
                    if k >= c.len() {
                        break;
                    }
                    if c[k] == '"' && (1..=hashes).all(|h| c.get(k + h) == Some(&'#')) {
                        break;
                    }
                    line += usize::from(c[k] == '\n');
                    k += 1;
                }
                out.push((start_line, k - start));
                i = k + 1 + hashes;
            }
            '"' => {
                let (start, start_line) = (i + 1, line);
                let mut k = start;
                while k < c.len() && c[k] != '"' {
                    if c[k] == '\\' {
                        k += 1;
                    }
                    line += usize::from(c.get(k) == Some(&'\n'));
                    k += 1;
                }
                out.push((start_line, k - start));
                i = k + 1;
            }
            _ => i += 1,
        }
    }
    out
}

#[test]
fn the_scanner_finds_literals_and_skips_the_rest() {
    let src = "// \"not a literal in a comment\"\nlet a = \"abc\"; let q = '\"'; let e = '\\'';\n\
               fn f<'a>(x: &'a str) {}\n/* \"nor /* nested */ here\" */ let r = r#\"x\"y\"#;\n\
               let b = b\"\\\"ok\"; let s = \"two\nlines\";";
    let found = string_literals(src);
    assert_eq!(found, vec![(2, 3), (4, 3), (5, 4), (5, 9)], "{found:?}");
}

#[test]
fn no_string_literal_in_src_is_longer_than_a_paragraph() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for entry in fs::read_dir(&crates).expect("the crates folder").flatten() {
        rust_files(&entry.path().join("src"), &mut files);
    }
    assert!(files.len() > 50, "the crates' sources were not found");
    let mut long = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a readable source file");
        for (line, chars) in string_literals(&text) {
            if chars > MAX_LITERAL_CHARS {
                long.push(format!("{}:{line}: {chars} characters", file.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "string literals longer than {MAX_LITERAL_CHARS} characters (measured history goes \
         to docs/performance.md, prose to docs/):\n{}",
        long.join("\n")
    );
}
