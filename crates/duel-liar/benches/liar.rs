//! Liar-game benchmarks against the targets of issue 3:
//! - the exhaustive one-lie who-wins table, every q ≤ 14 and n up to the Corollary 1
//!   threshold + 4 (target < 60 s);
//! - certifying the splitting strategy for n = 10^6, one lie, q = 25 (target < 1 s);
//! - finding and certifying a three-lie strategy for n = 10^6, q = 33 (target < 60 s).

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use duel_liar::certify::certify;
use duel_liar::minq::{find_certified_strategy, min_questions, Budget};
use duel_liar::splitting::{largest_searchable, splitting_strategy};
use duel_liar::{Outcome, Solver, Variant};

fn one_lie_table(c: &mut Criterion) {
    c.bench_function("liar/one-lie table q<=14 (exhaustive)", |b| {
        b.iter(|| {
            let mut s = Solver::new(Variant::Original, 1).unwrap();
            let mut wins = 0u64;
            for q in 0..=14u32 {
                for n in 1..=largest_searchable(q) + 4 {
                    if s.outcome(q, &[n, 0]).unwrap() == Outcome::PaulWins {
                        wins += 1;
                    }
                }
            }
            wins
        })
    });
}

fn certification(c: &mut Criterion) {
    c.bench_function("liar/certify splitting n=1e6 e=1 q=25", |b| {
        b.iter(|| {
            let cert = certify(
                Variant::Original,
                1,
                25,
                &[1_000_000, 0],
                1 << 20,
                |q, x| Ok(splitting_strategy(Variant::Original, q, x[0], x[1]).to_vec()),
            )
            .unwrap();
            assert!(cert.holds);
            cert.states
        })
    });
    c.bench_function("liar/find+certify n=1e6 e=3 q=33", |b| {
        b.iter(|| {
            let (ok, states, _) = find_certified_strategy(
                Variant::Original,
                3,
                33,
                &[1_000_000, 0, 0, 0],
                Budget::default(),
            )
            .unwrap();
            assert!(ok);
            states
        })
    });
    c.bench_function("liar/min-questions n=1e6 e=9", |b| {
        b.iter(|| {
            min_questions(1_000_000, 9, Budget::default())
                .unwrap()
                .upper
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1));
    targets = one_lie_table, certification
}
criterion_main!(benches);
