//! Game primitives and the Connect Four solver.
//!
//! `cargo bench -p duel-games --bench games`. Per game (`connect:7x6:4`, `connect:15x15:5`,
//! `tictactoe`): clone+play of one move from a mid-game position, `legal_moves`, and a whole
//! uniformly random playout from the start (throughput: playouts/s; divide by the mean game
//! length printed on stderr for moves/s). Then the 7×6 solver on the first positions of each
//! benchmark file (mean time per position; nodes per position are printed on stderr), and the
//! hard files' first positions (`connect4-hard`: Test_L1_R2 and Test_L1_R3, one and two
//! threads; seconds a sample).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use duel_core::game::Game;
use duel_games::connect4::{parse_test_file, solve_cases, Position, Solver};
use duel_games::{parse_game, with_game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A uniformly random playout from `g`; returns its length.
fn playout<G: Game>(g: &G, rng: &mut ChaCha8Rng, moves: &mut Vec<G::Move>) -> usize {
    let mut g = g.clone();
    let mut n = 0;
    loop {
        g.legal_moves(moves);
        if moves.is_empty() {
            return n;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        g.play(mv);
        n += 1;
    }
}

/// The primitives of the game `root`, named `name`.
fn game_primitives<G: Game>(c: &mut Criterion, name: &str, root: G) {
    let mut group = c.benchmark_group(format!("game/{name}"));
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut moves = Vec::new();
    // A mid-game position: a few random moves from the start, unfinished.
    let mut mid = root.clone();
    for _ in 0..6 {
        mid.legal_moves(&mut moves);
        if moves.len() < 2 {
            break;
        }
        mid.play(moves[rng.gen_range(0..moves.len())]);
    }
    mid.legal_moves(&mut moves);
    let mv = moves[0];
    group.bench_function("clone+play", |b| {
        b.iter(|| {
            let mut g = black_box(&mid).clone();
            g.play(black_box(mv));
            black_box(g.outcome())
        })
    });
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            black_box(&mid).legal_moves(&mut moves);
            black_box(moves.len())
        })
    });
    let mut total = 0usize;
    let trials = 2000;
    for _ in 0..trials {
        total += playout(&root, &mut rng, &mut moves);
    }
    eprintln!(
        "{name}: mean random game length {:.1} moves",
        total as f64 / trials as f64
    );
    group.throughput(Throughput::Elements(1));
    group.bench_function("random playout", |b| {
        b.iter(|| black_box(playout(black_box(&root), &mut rng, &mut moves)))
    });
    group.finish();
}

fn primitives(c: &mut Criterion) {
    for spec in ["connect:7x6:4", "connect:15x15:5", "tictactoe"] {
        with_game!(parse_game(spec).unwrap(), g => game_primitives(c, spec, g));
    }
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4-solver");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    // Positions per file for one sample: sized so each sample is well under a second.
    for (file, n) in [
        ("Test_L3_R1", 200),
        ("Test_L2_R1", 50),
        ("Test_L2_R2", 5),
        ("Test_L1_R1", 20),
        ("Test_L1_R2", 1),
    ] {
        let path = format!("{}/data/connect4/{file}", env!("CARGO_MANIFEST_DIR"));
        let cases = parse_test_file(&std::fs::read_to_string(path).unwrap()).unwrap();
        let cases = &cases[..n];
        let mut s = Solver::new();
        let res = solve_cases(&mut s, cases, |_| {}).unwrap();
        assert_eq!(res.correct, n, "{file}");
        eprintln!(
            "{file}: {n} positions, mean {:.0} nodes/position (table kept across positions)",
            res.mean_nodes
        );
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("solve", file), &cases, |b, cases| {
            // Each sample starts from an empty table; clearing it is not timed.
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    s.reset();
                    let start = Instant::now();
                    for case in cases.iter() {
                        let p = Position::parse(&case.moves).unwrap();
                        black_box(s.solve(&p));
                    }
                    total += start.elapsed();
                }
                total
            })
        });
    }
    group.finish();
}

/// The hard files' first positions, each sample from an empty table (cleared untimed), on
/// one thread and on two.
fn hard(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4-hard");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20))
        .warm_up_time(Duration::from_millis(1));
    for (file, n) in [("Test_L1_R2", 3), ("Test_L1_R3", 1)] {
        let path = format!("{}/data/connect4/{file}", env!("CARGO_MANIFEST_DIR"));
        let cases = parse_test_file(&std::fs::read_to_string(path).unwrap()).unwrap();
        let positions: Vec<Position> = cases[..n]
            .iter()
            .map(|c| Position::parse(&c.moves).unwrap())
            .collect();
        for threads in [1, 2] {
            let mut s = Solver::new().with_threads(threads);
            group.throughput(Throughput::Elements(n as u64));
            let id = BenchmarkId::new(format!("solve-{threads}-thread"), file);
            group.bench_with_input(id, &positions, |b, positions| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        s.reset();
                        let start = Instant::now();
                        for p in positions {
                            black_box(s.solve(p));
                        }
                        total += start.elapsed();
                    }
                    total
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, primitives, solver, hard);
criterion_main!(benches);
