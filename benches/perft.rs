//! perft benchmarks: legal move generation and play from the Abapa start.
#![allow(missing_docs)] // criterion_group! generates undocumented functions
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use oware::{Position, perft};

fn bench_perft(c: &mut Criterion) {
    let start = Position::default();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for depth in [6, 9, 11] {
        group.bench_function(format!("depth_{depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
