//! Engine benchmarks: time to reach depth 12 from the Abapa start (fresh
//! table each time), and nodes per second on a fixed node budget.
#![allow(missing_docs)] // criterion_group! generates undocumented functions
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oware::Game;
use oware::search::{SearchLimits, Searcher};

fn bench_search(c: &mut Criterion) {
    let game = Game::default();
    let mut group = c.benchmark_group("search");
    group.sample_size(20);
    group.bench_function("depth_12", |b| {
        b.iter(|| Searcher::new(1 << 20).search(black_box(&game), SearchLimits::depth(12)))
    });
    let nodes = 200_000;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("nodes_200k", |b| {
        b.iter(|| Searcher::new(1 << 20).search(black_box(&game), SearchLimits::nodes(nodes)))
    });
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
