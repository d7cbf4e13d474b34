//! Endgame databases: building them, and probing a fixed set of random
//! positions with up to 12 seeds on the board.
#![allow(missing_docs)] // criterion_group! generates undocumented functions
use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oware::endgame::{Convention, Database};
use oware::{Board, BySide, Position, Ruleset, Side};

/// Positions probed: seeded, so every run probes the same ones.
const PROBES: usize = 1000;

fn bench_build(c: &mut Criterion) {
    let abapa = Ruleset::abapa();
    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for (name, convention, seeds) in [
        ("even_10", Convention::EvenSplit, 10),
        ("own_8", Convention::EachTakesOwn, 8),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| Database::build(black_box(&abapa), convention, seeds).expect("builds"))
        });
    }
    group.finish();
}

fn bench_probe(c: &mut Criterion) {
    // Built on first use, outside the timed loops, and smaller when the
    // bench runs as a test (`cargo test --benches` times nothing).
    static SETUP: OnceLock<(Database, Vec<Position>)> = OnceLock::new();
    let setup = || {
        SETUP.get_or_init(|| {
            let seeds = if test_mode() { 6 } else { 12 };
            let db =
                Database::build(&Ruleset::abapa(), Convention::EvenSplit, seeds).expect("builds");
            (db, random_positions(PROBES, seeds, 0x9E37_79B9_7F4A_7C15))
        })
    };
    let mut group = c.benchmark_group("probe");
    group.throughput(Throughput::Elements(PROBES as u64));
    group.bench_function("value", |b| {
        let (db, positions) = setup();
        b.iter(|| {
            for pos in positions {
                black_box(db.value(black_box(pos)).expect("in the database"));
            }
        })
    });
    group.bench_function("best_moves", |b| {
        let (db, positions) = setup();
        b.iter(|| {
            for pos in positions {
                black_box(db.probe(black_box(pos)).expect("in the database"));
            }
        })
    });
    group.finish();
}

/// `n` Abapa positions with 1 to `max_seeds` seeds spread at random over
/// the houses, either side to move, the rest in the stores without a
/// majority.
fn random_positions(n: usize, max_seeds: u8, mut rng: u64) -> Vec<Position> {
    let mut next = |bound: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % bound
    };
    (0..n)
        .map(|_| {
            let seeds = 1 + next(u64::from(max_seeds)) as u8;
            let mut pits = [0u8; 12];
            for _ in 0..seeds {
                pits[next(12) as usize] += 1;
            }
            let stored = 48 - seeds;
            let lowest = stored.saturating_sub(24);
            let south = lowest + next(u64::from(24 - lowest) + 1) as u8;
            let stores = BySide {
                south,
                north: stored - south,
            };
            let board = Board::from_pits(&pits, stores).expect("a board");
            let turn = if next(2) == 0 {
                Side::South
            } else {
                Side::North
            };
            Position::from_board(board, turn, Ruleset::abapa()).expect("48 seeds")
        })
        .collect()
}

/// Whether criterion runs the benches as tests: as it decides, without
/// `--bench` (as `cargo test --benches` runs them) or with `--test`.
fn test_mode() -> bool {
    let args: Vec<String> = std::env::args().collect();
    !args.iter().any(|a| a == "--bench") || args.iter().any(|a| a == "--test")
}

criterion_group!(benches, bench_build, bench_probe);
criterion_main!(benches);
