//! The committed corpora of the fuzz targets (`fuzz/corpus/TARGET/`, seeds and the inputs
//! that once crashed a target) replayed through the same checks the targets run
//! (`fuzz/src/checks.rs`), so that what fuzzing found stays tested without AFL.

use duel::{duel_bidding, duel_core, duel_games, duel_guesswho, duel_liar, duel_search};

#[path = "../../../fuzz/src/checks.rs"]
mod checks;

use std::path::Path;

/// Runs `check` on every UTF-8 file of `fuzz/corpus/target` (the targets skip the others too)
/// and returns how many it read.
fn replay(target: &str, check: fn(&str)) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a corpus entry").path();
        let bytes = std::fs::read(&path).expect("a corpus file");
        if let Ok(text) = std::str::from_utf8(&bytes) {
            check(text);
            read += 1;
        }
    }
    read
}

/// A target's name and its check.
type Target = (&'static str, fn(&str));

#[test]
fn every_corpus_replays_without_a_panic() {
    let targets: [Target; 7] = [
        ("game_names", checks::game_names),
        ("moves", checks::moves),
        ("specs", checks::specs),
        ("liar_states", checks::liar_states),
        ("chips_bidding", checks::chips_bidding),
        ("arena_records", checks::arena_records),
        ("connect_lines", checks::connect_lines),
    ];
    for (target, check) in targets {
        assert!(replay(target, check) > 0, "{target}: an empty corpus");
    }
}
