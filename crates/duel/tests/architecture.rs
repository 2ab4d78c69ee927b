//! The shape of the code (shared/DESIGN.md, "Shape of the code"): inside every crate of the
//! workspace, no two modules depend on each other, directly or through others. Cargo forbids
//! loops between crates; this test forbids them between the modules of a crate at every
//! depth: between the top-level modules, and between the submodules of each module
//! (`bayes::brothers` and `bayes::select`).
//!
//! A module depends on another when its code (tests and comments left out) names it by a
//! path (`crate::a::b`, `super::b`, `self::b`), or names an item that a module imports or
//! re-exports from it (`super::Thing` for `use b::Thing` in the parent). A dependency of
//! `a::x::y` on `a::z::w` makes `a::x` depend on `a::z`: the two siblings under their nearest
//! common module. A module naming its own parent or its own submodules makes no loop.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module of a crate, by its path from the crate root (empty for the root).
type ModPath = Vec<String>;
type Graph = BTreeMap<String, BTreeSet<String>>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its comments and without its `#[cfg(test)] mod tests`.
fn code_of(text: &str) -> String {
    let text = text
        .split("\n#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default();
    text.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The module a file holds: `a/b.rs` and `a/b/mod.rs` are `a::b`, `lib.rs` the root.
fn module_of(rel: &Path) -> ModPath {
    let mut parts: ModPath = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if !(parts.is_empty() && (stem == "lib" || stem == "main")) && stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// The paths written from `code[start..]` on: `a::b::{c, d::{e, f as g}}` gives `a::b::c`,
/// `a::b::d::e` and `a::b::d::f` (with `g`, the name it is imported as), in order.
fn paths_from(code: &str, start: usize) -> Vec<(Vec<String>, String)> {
    fn parse(s: &[u8], i: &mut usize, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
        let mut path = prefix.to_vec();
        loop {
            while *i < s.len() && s[*i].is_ascii_whitespace() {
                *i += 1;
            }
            if *i < s.len() && s[*i] == b'{' {
                *i += 1;
                loop {
                    parse(s, i, &path, out);
                    while *i < s.len() && s[*i].is_ascii_whitespace() {
                        *i += 1;
                    }
                    match s.get(*i) {
                        Some(b',') => *i += 1,
                        Some(b'}') => {
                            *i += 1;
                            return;
                        }
                        _ => return,
                    }
                    while *i < s.len() && s[*i].is_ascii_whitespace() {
                        *i += 1;
                    }
                    if s.get(*i) == Some(&b'}') {
                        *i += 1;
                        return;
                    }
                }
            }
            let from = *i;
            while *i < s.len() && is_ident(s[*i] as char) {
                *i += 1;
            }
            if *i == from {
                break;
            }
            path.push(String::from_utf8_lossy(&s[from..*i]).to_string());
            if s[*i..].starts_with(b"::") {
                *i += 2;
            } else {
                break;
            }
        }
        let rest = String::from_utf8_lossy(&s[*i..]);
        let alias = rest.trim_start().strip_prefix("as ").map(|r| {
            r.trim_start()
                .chars()
                .take_while(|&c| is_ident(c))
                .collect()
        });
        if path.len() > prefix.len() {
            let name = alias.unwrap_or_else(|| path.last().cloned().unwrap_or_default());
            out.push((path, name));
        }
    }
    let mut out = Vec::new();
    parse(code.as_bytes(), &mut start.clone(), &[], &mut out);
    out
}

/// `path` as written in module `at`, from the crate root: `crate::`, `super::` and `self::`
/// resolved, and a first name that is a submodule of `at` read as one.
fn absolute(at: &[String], path: &[String], modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    let path: Vec<String> = path
        .iter()
        .enumerate()
        .filter(|(k, s)| *k == 0 || *s != "self")
        .map(|(_, s)| s.clone())
        .collect();
    let (mut base, mut rest) = (at.to_vec(), &path[..]);
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        Some(first) => {
            let mut child = at.to_vec();
            child.push(first.to_string());
            if !modules.contains(&child) {
                return None;
            }
        }
        None => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// Where each module's `use` declarations point: (module, name) → the path from the root.
type Imports = BTreeMap<(ModPath, String), ModPath>;

fn imports_of(at: &[String], code: &str, modules: &BTreeSet<ModPath>, out: &mut Imports) {
    for (i, _) in code.match_indices("use ") {
        if code[..i].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        for (path, name) in paths_from(code, i + 4) {
            if let Some(abs) = absolute(at, &path, modules) {
                out.insert((at.to_vec(), name), abs);
            }
        }
    }
}

/// The module that `path` (from the root) names or names an item of, following imports.
fn module_named(path: &[String], modules: &BTreeSet<ModPath>, imports: &Imports) -> ModPath {
    let mut path = path.to_vec();
    let mut cur = ModPath::new();
    let mut hops = 0;
    let mut k = 0;
    while k < path.len() {
        let mut next = cur.clone();
        next.push(path[k].clone());
        if modules.contains(&next) {
            cur = next;
            k += 1;
            continue;
        }
        match imports.get(&(cur.clone(), path[k].clone())) {
            Some(target) if hops < 16 => {
                hops += 1;
                let mut p = target.clone();
                p.extend(path[k + 1..].iter().cloned());
                path = p;
                cur.clear();
                k = 0;
            }
            _ => break,
        }
    }
    cur
}

/// The dependency of module `from` on module `to` as one between two siblings, the modules
/// below their nearest common one on the way to each; none where one holds the other.
fn siblings(from: &[String], to: &[String]) -> Option<(ModPath, ModPath)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if common == from.len() || common == to.len() {
        return None;
    }
    Some((from[..=common].to_vec(), to[..=common].to_vec()))
}

fn module_graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let code: Vec<(ModPath, String)> = files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(src).unwrap();
            (module_of(rel), code_of(&fs::read_to_string(f).unwrap()))
        })
        .collect();
    let modules: BTreeSet<ModPath> = code.iter().map(|(m, _)| m.clone()).collect();
    let mut imports = Imports::new();
    for (m, text) in &code {
        imports_of(m, text, &modules, &mut imports);
    }
    let mut graph = Graph::new();
    for (m, text) in &code {
        if !m.is_empty() {
            graph.entry(m.join("::")).or_default();
        }
        for prefix in ["crate::", "super::", "self::"] {
            for (i, _) in text.match_indices(prefix) {
                let before = text[..i].chars().next_back();
                if before.is_some_and(|c| is_ident(c) || c == ':') {
                    continue;
                }
                for (path, _) in paths_from(text, i) {
                    let Some(abs) = absolute(m, &path, &modules) else {
                        continue;
                    };
                    let to = module_named(&abs, &modules, &imports);
                    if let Some((a, b)) = siblings(m, &to) {
                        graph.entry(a.join("::")).or_default().insert(b.join("::"));
                    }
                }
            }
        }
    }
    graph
}

/// One loop of `graph` through `start`, if any.
fn loop_through(graph: &Graph, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_string(), vec![start.to_string()])];
    let mut seen = BTreeSet::new();
    while let Some((m, path)) = stack.pop() {
        for d in graph.get(&m).into_iter().flatten() {
            if d == start {
                let mut cycle = path.clone();
                cycle.push(start.to_string());
                return Some(cycle);
            }
            if seen.insert(d.clone()) {
                let mut p = path.clone();
                p.push(d.clone());
                stack.push((d.clone(), p));
            }
        }
    }
    None
}

#[test]
fn no_crate_has_a_loop_of_modules() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut loops = Vec::new();
    let mut checked = 0;
    for entry in fs::read_dir(&crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        let graph = module_graph(&src);
        checked += graph.len();
        for m in graph.keys() {
            if let Some(cycle) = loop_through(&graph, m) {
                loops.push(format!("{}: {}", src.display(), cycle.join(" -> ")));
            }
        }
    }
    assert!(checked > 50, "only {checked} modules found");
    assert!(loops.is_empty(), "modules in a loop:\n{}", loops.join("\n"));
}

/// Writes `files` (path, text) into a fresh folder and returns its module graph.
fn graph_of(name: &str, files: &[(&str, &str)]) -> Graph {
    let dir = std::env::temp_dir().join(format!("duel-architecture-{name}-{}", std::process::id()));
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let graph = module_graph(&dir);
    fs::remove_dir_all(&dir).unwrap();
    graph
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_scanner_sees_a_loop() {
    let graph = graph_of(
        "top",
        &[
            ("lib.rs", "mod a;\nmod b;\npub use b::Thing;\n"),
            ("a.rs", "use crate::Thing;\n"),
            ("b.rs", "use super::a; // crate::c\n"),
        ],
    );
    assert_eq!(graph["a"], set(&["b"]));
    assert_eq!(graph["b"], set(&["a"]));
    assert!(loop_through(&graph, "a").is_some());
}

#[test]
fn the_scanner_sees_a_loop_between_submodules() {
    let graph = graph_of(
        "deep",
        &[
            ("lib.rs", "mod a;\nmod c;\n"),
            (
                "a/mod.rs",
                "mod x;\nmod y;\nuse y::Key;\nuse crate::c::Tool;\n",
            ),
            ("a/x.rs", "use super::{Key, Father};\n"),
            (
                "a/y.rs",
                "use super::x::{self, Other};\nuse crate::a::Father;\n",
            ),
            ("c.rs", "use crate::a::x::Other;\n"),
        ],
    );
    assert_eq!(graph["a::x"], set(&["a::y"]));
    assert_eq!(graph["a::y"], set(&["a::x"]));
    assert!(loop_through(&graph, "a::x").is_some());
    // a's own use of c, and c's of a::x: a loop between the top-level modules.
    assert_eq!(graph["a"], set(&["c"]));
    assert_eq!(graph["c"], set(&["a"]));
}
