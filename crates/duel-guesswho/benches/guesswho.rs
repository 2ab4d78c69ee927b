//! Guess Who solver benchmarks. The full-size targets (all n, m ≤ 4096 with yes/no
//! questions; ≤ 1024 with three-way questions) are timed on the CLI, see docs/guesswho.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use duel_guesswho::verify::verify;
use duel_guesswho::{Questions, Rules, Table};
use std::time::Duration;

fn solve(c: &mut Criterion) {
    let mut g = c.benchmark_group("guesswho_solve");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for (rules, questions, max) in [
        (Rules::Race, Questions::Two, 1024u64),
        (Rules::Official, Questions::Two, 1024),
        (Rules::Race, Questions::Two, 2048),
        (Rules::Official, Questions::Three, 512),
        (Rules::Official, Questions::Three, 1024),
    ] {
        let id = format!("{rules}-{}way", questions.parts());
        g.bench_with_input(BenchmarkId::new(id, max), &max, |b, &max| {
            b.iter(|| Table::solve(max, rules, questions).unwrap())
        });
    }
    g.finish();
}

fn theorem_check(c: &mut Criterion) {
    let mut g = c.benchmark_group("guesswho_verify");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for (rules, questions, max) in [
        (Rules::Race, Questions::Two, 1024u64),
        (Rules::Official, Questions::Two, 1024),
        (Rules::Official, Questions::Three, 1024),
    ] {
        let t = Table::solve(max, rules, questions).unwrap();
        let id = format!("{rules}-{}way", questions.parts());
        g.bench_with_input(BenchmarkId::new(id, max), &t, |b, t| b.iter(|| verify(t)));
    }
    g.finish();
}

criterion_group!(benches, solve, theorem_check);
criterion_main!(benches);
