//! Games per unit of time of `duel arena` on Connect Four 7×6 at 1,000 iterations per move
//! (MCTS(1.5, 1.5) against itself), on 1 thread and on 2: the speed-up of playing games in
//! parallel.
//!
//! `cargo bench -p duel-search --bench arena`; throughput is reported in elements (= games)/s.
//! Each sample plays the same 64 games (seeded), so both thread counts do the same work; a
//! batch of 8 left one thread idle while the other finished the longest games.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use duel_search::arena::{run_arena, ArenaConfig, Shard};
use duel_search::Budget;

const GAMES: u64 = 64;

fn games_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("arena_connect_7x6_1000_iterations");
    group
        .throughput(Throughput::Elements(GAMES))
        .sample_size(10);
    for threads in [1, 2] {
        let config = ArenaConfig {
            game: "connect:7x6:4".into(),
            a: "mcts:a=1.5,b=1.5".into(),
            b: "mcts:a=1.5,b=1.5".into(),
            games: GAMES,
            budget: Budget::Iterations(1000),
            b_budget: None,
            seed: 5,
            threads: Some(threads),
            memory: None,
            shard: Shard::ALL,
            referee: false,
        };
        group.bench_function(format!("threads_{threads}"), |b| {
            b.iter(|| run_arena(&config, &|| {}).map(|r| r.summary.games))
        });
    }
    group.finish();
}

criterion_group!(benches, games_per_second);
criterion_main!(benches);
