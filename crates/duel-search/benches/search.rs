//! Iterations per second of every agent (single thread) on pearl:2:32 and connect:7x6:4, from
//! the root and from a mid-game position, the bytes per tree node, and the cost per iteration of Algorithm 13
//! as its tree grows (section 2.12).
//!
//! `cargo bench -p duel-search --bench search`; throughput is reported in elements (= iterations)/s.
//!
//! The group `cost_vs_mcts` measures the target itself, the cost per iteration of Sym
//! and SymP relative to MCTS, in one run: each sample times a fresh Bayesian agent, then a
//! fresh MCTS on the same position for the same number of iterations (those the Bayesian agent
//! did: it stops when it has solved the position). Its "time" is the quotient of the two
//! agents' total times over the sample's searches, in milliseconds: 1.30 ms reads 1.30 times
//! the cost of MCTS. Load that drifts during a run then moves both timings of a quotient, not
//! one agent's samples, as it does when criterion times the agents one after the other.
//!
//! A cost per iteration is an expected time over the agents' random draws divided by the
//! iterations, so the quotient is one of sums (the estimator of E[T_agent] / E[T_MCTS]), not a
//! mean of each pair's quotient, which estimates E[T_agent / T_MCTS] and is larger whenever
//! MCTS's time varies from seed to seed: at the connect:7x6:4 mid-game position, MCTS(1.5,1.5)
//! costs from 0.16 µs to 0.58 µs an iteration depending on the seed, and over the same pairs
//! the mean of quotients read SymP at 1.34–1.50 × where the quotient of the totals read
//! 1.04–1.14 × (three runs of 100 pairs at a budget of 20,000). On Pearl's game, where MCTS's
//! time hardly depends on the seed, the two agree to 1 %.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use duel_core::game::Game;
use duel_games::connect::Connect;
use duel_games::pearl::Pearl;
use duel_games::{parse_game, AnyGame};
use duel_search::bayes::Bayes;
use duel_search::priors::PriorKind;
use duel_search::{AgentSpec, Budget};

const AGENTS: [&str; 7] = [
    "mcts:a=3.5,b=5",
    "mcts-prime:a=2,b=3",
    "uct:c=2",
    "sym",
    "symp",
    "gw:fit=10000",
    "gw2:fit=10000",
];
const ITERATIONS: u64 = 20_000;

fn connect_positions() -> Vec<(&'static str, Connect<u64>)> {
    let AnyGame::Connect64(root) = parse_game("connect:7x6:4").expect("valid game") else {
        panic!("connect:7x6:4 fits in 64 bits");
    };
    let mut mid = root;
    mid.play_moves("4453542333").expect("legal moves");
    vec![("root", root), ("mid", mid)]
}

fn positions() -> Vec<(&'static str, Pearl)> {
    let root = Pearl::from_spec("pearl:2:32:seed=1").expect("valid game");
    let mut mid = root.clone();
    mid.play_moves("12121212").expect("legal moves");
    vec![("root", root), ("mid", mid)]
}

fn iterations_per_second(c: &mut Criterion) {
    bench_game(c, "pearl_2_32", positions());
    bench_game(c, "connect_7x6_4", connect_positions());
}

fn bench_game<G: Game + 'static>(c: &mut Criterion, name: &str, positions: Vec<(&str, G)>) {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500))
        .throughput(Throughput::Elements(ITERATIONS));
    for (where_, pos) in positions {
        for spec in AGENTS {
            let agent_spec = AgentSpec::parse(spec).expect("valid agent");
            let probe = agent_spec.build::<G>(0);
            eprintln!("{spec}: {} bytes per tree node", probe.node_bytes());
            group.bench_function(format!("{spec}/{where_}"), |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        // GW and GW2 fit their model on the first search; do it outside the
                        // timing with a one-iteration search of the same position.
                        let mut a = agent_spec.build::<G>(7);
                        if spec.starts_with("gw") {
                            let _ = a.search(&pos, Budget::Iterations(1));
                        }
                        let t0 = Instant::now();
                        let r = a
                            .search(&pos, Budget::Iterations(ITERATIONS))
                            .expect("search");
                        // Scale to ITERATIONS in case the search stopped early (solved).
                        total += t0
                            .elapsed()
                            .mul_f64(ITERATIONS as f64 / r.iterations.max(1) as f64);
                    }
                    total
                })
            });
        }
    }
    group.finish();
}

/// Section 2.12: the time of 10,000 steps of SymP after n0 steps, for growing n0.
fn cost_as_tree_grows(c: &mut Criterion) {
    let mut group = c.benchmark_group("symp_cost_per_iteration");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_millis(200))
        .throughput(Throughput::Elements(10_000));
    let pos = Pearl::from_spec("pearl:2:32:seed=1").expect("valid game");
    for n0 in [0u64, 100_000, 400_000] {
        group.bench_function(format!("after_{n0}"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    let mut a: Bayes<Pearl> = Bayes::new(
                        PriorKind::Symmetric {
                            a: 0.5,
                            b: 0.0,
                            name: "symp",
                        },
                        3,
                    );
                    a.start(&pos).unwrap();
                    for _ in 0..n0 {
                        a.step();
                    }
                    let t0 = Instant::now();
                    for _ in 0..10_000 {
                        a.step();
                    }
                    total += t0.elapsed();
                }
                total
            })
        });
    }
    group.finish();
}

/// The MCTS each game is compared with: the paper's tuned parameters (MCTS(3.5,5) on Pearl's
/// game, sections 8.4-8.5; MCTS(1.5,1.5), the champion at 1 ms on Connect Four, section 8.6).
const PEARL_MCTS: &str = "mcts:a=3.5,b=5";
const CONNECT_MCTS: &str = "mcts:a=1.5,b=1.5";

/// Sym and SymP's cost per iteration over MCTS's, interleaved (see the module documentation),
/// at 1,000 and 20,000 iterations, from both positions of each game.
fn cost_vs_mcts(c: &mut Criterion) {
    ratio_game(c, "pearl_2_32", PEARL_MCTS, positions());
    ratio_game(c, "connect_7x6_4", CONNECT_MCTS, connect_positions());
}

fn ratio_game<G: Game + 'static>(
    c: &mut Criterion,
    name: &str,
    mcts: &str,
    positions: Vec<(&str, G)>,
) {
    let mut group = c.benchmark_group(format!("cost_vs_mcts/{name}"));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(300));
    let reference = AgentSpec::parse(mcts).expect("valid agent");
    for (where_, pos) in positions {
        for spec in ["sym", "symp"] {
            let agent_spec = AgentSpec::parse(spec).expect("valid agent");
            for its in [1_000u64, ITERATIONS] {
                group.bench_function(format!("{spec}/{where_}/{its}"), |b| {
                    b.iter_custom(|iters| {
                        let (mut total_agent, mut total_mcts) = (0.0, 0.0);
                        for k in 0..iters {
                            let mut a = agent_spec.build::<G>(7 + k);
                            let mut m = reference.build::<G>(7 + k);
                            let time = |a: &mut Box<dyn duel_search::Agent<G>>, n| {
                                let t0 = Instant::now();
                                let r = a.search(&pos, Budget::Iterations(n)).expect("search");
                                (t0.elapsed().as_secs_f64(), r.iterations.max(1))
                            };
                            // The agent first, then MCTS for as many iterations as
                            // the agent did (each search follows the other agent's).
                            let (ta, done) = time(&mut a, its);
                            let (tm, _) = time(&mut m, done);
                            total_agent += ta;
                            total_mcts += tm;
                        }
                        // Criterion divides by `iters`: the sample reads the quotient.
                        Duration::from_secs_f64(total_agent / total_mcts * iters as f64 * 1e-3)
                    })
                });
            }
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    iterations_per_second,
    cost_as_tree_grows,
    cost_vs_mcts
);
criterion_main!(benches);
