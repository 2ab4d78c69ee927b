//! The cost of one random move of Pearl's game (pearl:2:32, from depth 14 to the leaf, as the
//! matches of Sym): the game's own work, and the draw of the move by rand's `gen_range` and by
//! a multiply-and-shift of one 32-bit word (what `search::agent::uniform_index` does, less its
//! rare rejections). `cargo run --release -p duel --example walk_floor`.

use duel_core::game::Game;
use duel_games::pearl::Pearl;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Best of three runs of 200,000 random matches from `start`: nanoseconds per move.
fn per_move(start: &Pearl, mut pick: impl FnMut(usize, u64) -> usize) -> f64 {
    let mut moves = Vec::new();
    let mut played: Vec<u16> = Vec::new();
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t0 = Instant::now();
        let mut levels = 0u64;
        for _ in 0..200_000 {
            let mut pos = start.clone();
            while pos.outcome().is_none() {
                pos.legal_moves(&mut moves);
                let i = pick(moves.len(), levels);
                played.push(moves[i]);
                pos.play(moves[i]);
                levels += 1;
            }
            if played.len() > 1 << 20 {
                played.clear();
            }
        }
        best = best.min(t0.elapsed().as_nanos() as f64 / levels as f64);
    }
    best
}

fn main() {
    let mut start = Pearl::from_spec("pearl:2:32:seed=1").expect("valid game");
    start.play_moves("12121212121212").expect("legal moves");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let with_gen_range = per_move(&start, |d, _| rng.gen_range(0..d));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let with_word = per_move(&start, |d, _| {
        ((u64::from(rng.next_u32()) * d as u64) >> 32) as usize
    });
    let without = per_move(&start, |_, level| (level & 1) as usize);
    println!("ns per random move of pearl:2:32 (ChaCha8):");
    println!("  gen_range(0..d):          {with_gen_range:.1}");
    println!("  one 32-bit word times d:  {with_word:.1}");
    println!("  no draw (the game alone): {without:.1}");
}
