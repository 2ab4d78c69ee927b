//! The shape of the code (shared/DESIGN.md, "Shape of the code"): inside every crate of the
//! workspace, no two modules depend on each other, directly or through others. Cargo forbids
//! loops between crates; this test forbids them between the top-level modules of a crate.
//!
//! A module depends on another when its code (tests and comments left out) names it by a
//! path (`crate::m`, or `super::m` from a file at the crate root), or names an item that the
//! crate root re-exports from it (`crate::Item` for `pub use m::Item`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

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

/// The names that follow `prefix` in `code` (`crate::` → `m` of `crate::m::x`), including
/// each name of a group `prefix{a, b::c}`.
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (i, _) in code.match_indices(prefix) {
        if code[..i].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let rest = &code[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or_default();
            for item in group.split(',') {
                let head: String = item.trim().chars().take_while(|&c| is_ident(c)).collect();
                names.push(head);
            }
        } else {
            names.push(rest.chars().take_while(|&c| is_ident(c)).collect());
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

/// Items the crate root re-exports from a module: `pub use m::{A, B};` and `pub use m::A;`.
fn reexports(root: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for stmt in root.split(';') {
        let Some(path) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, items)) = path.split_once("::") else {
            continue;
        };
        let items = items.trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let name = item.split(" as ").last().unwrap_or_default().trim();
            if !name.is_empty() {
                map.insert(name.to_string(), module.to_string());
            }
        }
    }
    map
}

fn module_graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let root = ["lib.rs", "main.rs"]
        .iter()
        .find_map(|f| fs::read_to_string(src.join(f)).ok())
        .unwrap_or_default();
    let reexported = reexports(&code_of(&root));
    let mut graph = Graph::new();
    for file in &files {
        let rel = file.strip_prefix(src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let top = top.trim_end_matches(".rs").to_string();
        if top == "lib" || top == "main" {
            continue;
        }
        let code = code_of(&fs::read_to_string(file).unwrap());
        let mut deps: BTreeSet<String> = BTreeSet::new();
        for name in names_after(&code, "crate::") {
            deps.insert(reexported.get(&name).cloned().unwrap_or(name));
        }
        if rel.components().count() == 1 {
            deps.extend(names_after(&code, "super::"));
        }
        graph.entry(top).or_default().extend(deps);
    }
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for (m, deps) in graph.iter_mut() {
        deps.retain(|d| d != m && modules.contains(d));
    }
    graph
}

/// One loop of `graph` through `start`, if any.
fn loop_through(graph: &Graph, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_string(), vec![start.to_string()])];
    let mut seen = BTreeSet::new();
    while let Some((m, path)) = stack.pop() {
        for d in &graph[&m] {
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

#[test]
fn the_scanner_sees_a_loop() {
    let dir = std::env::temp_dir().join(format!("duel-architecture-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("lib.rs"), "mod a;\nmod b;\npub use b::Thing;\n").unwrap();
    fs::write(dir.join("a.rs"), "use crate::Thing;\n").unwrap();
    fs::write(dir.join("b.rs"), "use super::a; // crate::c\n").unwrap();
    let graph = module_graph(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(graph["a"], BTreeSet::from(["b".to_string()]));
    assert_eq!(graph["b"], BTreeSet::from(["a".to_string()]));
    assert!(loop_through(&graph, "a").is_some());
}
