//! Engine benchmarks: the time to reach depth 12 and depth 20 from the
//! Abapa start (fresh table each time), and nodes per second on one and on
//! two threads.
#![allow(missing_docs)] // criterion_group! generates undocumented functions
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oware::Game;
use oware::search::{SearchLimits, Searcher};

fn bench_search(c: &mut Criterion) {
    let game = Game::default();
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for depth in [12, 20] {
        group.bench_function(format!("depth_{depth}"), |b| {
            b.iter(|| Searcher::new(1 << 20).search(black_box(&game), SearchLimits::depth(depth)))
        });
    }
    let nodes = 200_000;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("nodes_200k", |b| {
        b.iter(|| Searcher::new(1 << 20).search(black_box(&game), SearchLimits::nodes(nodes)))
    });
    group.finish();
    // Threads: a fixed time, counting the nodes of every thread (a node
    // limit would run on one thread).
    for threads in [1, 2] {
        let mut searcher = Searcher::new(1 << 20);
        searcher.set_threads(threads);
        let result = searcher.search(&game, SearchLimits::time_ms(1000));
        println!(
            "search/threads_{threads}: {} nodes in 1 s ({:.2} M nodes/s), depth {}",
            result.nodes,
            result.nodes as f64 / 1e6,
            result.depth
        );
    }
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
