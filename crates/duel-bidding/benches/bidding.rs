//! Benchmarks of the bidding calculus (issue 4 speed targets):
//! f(TTT, k) for every k <= 1024 (< 1 s), f(TTT, 10^18) through periodicity, and Richman values
//! of bidding Connect boards. The 5x4 Connect-4 value (target < 60 s) is timed on the CLI with
//! `/usr/bin/time -v duel bidding richman connect:5x4:4` (see docs/bidding.md).

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use duel_bidding::allk::{all_totals, DEFAULT_MEMORY_LIMIT};
use duel_bidding::boards::{connect_richman_dense, LineGame};
use duel_bidding::discrete::{threshold_table, Recursion};
use duel_bidding::games::parse_game;
use duel_bidding::layered::periodic_rows;
use duel_bidding::periodicity::Periodicity;
use duel_bidding::richman::Richman;

fn tic_tac_toe(c: &mut Criterion) {
    let mut group = c.benchmark_group("bidding-ttt");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("build graph + Richman value", |b| {
        b.iter(|| {
            let g = parse_game("tictactoe").unwrap().build().unwrap().graph;
            Richman::solve(&g).unwrap()
        })
    });
    group.bench_function("f(TTT, k) for every k <= 1024 (graph included)", |b| {
        b.iter(|| {
            let g = parse_game("tictactoe").unwrap().build().unwrap().graph;
            threshold_table(&g, g.start(), 1024, Recursion::Advantage).unwrap()
        })
    });
    group.bench_function(
        "f(TTT, 10^18) via periodicity (graph, M, table included)",
        |b| {
            b.iter(|| {
                let g = parse_game("tictactoe").unwrap().build().unwrap().graph;
                let p = Periodicity::analyse(&g, g.start()).unwrap();
                p.threshold(1_000_000_000_000_000_000).unwrap()
            })
        },
    );
    group.finish();
}

fn connect(c: &mut Criterion) {
    let mut group = c.benchmark_group("bidding-connect");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("Richman connect:4x4:4 (dense)", |b| {
        let game = LineGame::new(4, 4, 4, true).unwrap();
        b.iter(|| connect_richman_dense(&game).unwrap())
    });
    group.finish();
    // Theorem 3.7 for every total k = 0..255 at once (layers, rows of 256 ranks) against one
    // pass per total on the explicit graph (graph built outside the loop).
    let mut group = c.benchmark_group("bidding-connect-all-totals");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("f(connect:4x4:4, k), k = 0..255, all totals at once", |b| {
        let game = LineGame::new(4, 4, 4, true).unwrap();
        b.iter(|| all_totals(&game, game.position_bound(), 255, DEFAULT_MEMORY_LIMIT).unwrap())
    });
    group.bench_function(
        "f(connect:4x4:4, k), k = 0..255, one pass per total (graph)",
        |b| {
            let g = parse_game("connect:4x4:4").unwrap().build().unwrap().graph;
            b.iter(|| threshold_table(&g, g.start(), 255, Recursion::Advantage).unwrap())
        },
    );
    group.finish();
    // The period of connect:4x4:4 (f(k + 16384) = f(k) + 10088 from k = 317) by periodic rows
    // per position, against the all-totals table to K = 49999 that verifies it over two
    // periods (41-68 s, timed on the CLI: `duel bidding table connect:4x4:4 --max-chips 49999`).
    // connect:5x4:4 and hex:4 are timed on the CLI: `duel bidding period connect:5x4:4`.
    let mut group = c.benchmark_group("bidding-connect-periodic-rows");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("period of connect:4x4:4, periodic rows", |b| {
        let game = LineGame::new(4, 4, 4, true).unwrap();
        b.iter(|| periodic_rows(&game, 16, game.position_bound()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, tic_tac_toe, connect);
criterion_main!(benches);
