//! Random playouts: whole Abapa games with the cycle rules, through `Game`
#![allow(missing_docs)] // criterion_group! generates undocumented functions
//! (checked play with reports) and through `Position` (unchecked play).
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use oware::{Game, Position};

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group.bench_function("position_unchecked", |b| {
        let mut rng = 0x9E37_79B9_7F4A_7C15_u64;
        b.iter(|| {
            let mut pos = Position::default();
            let mut plies = 0;
            loop {
                let moves = pos.legal_moves();
                if moves.is_empty() || plies == 200 {
                    break black_box(pos);
                }
                rng = xorshift(rng);
                pos.play_unchecked(moves[(rng % moves.len() as u64) as usize]);
                plies += 1;
            }
        })
    });
    group.bench_function("game_checked", |b| {
        let mut rng = 0x2545_F491_4F6C_DD1D_u64;
        b.iter(|| {
            let mut game = Game::default();
            while !game.is_game_over() {
                let moves = game.legal_moves();
                rng = xorshift(rng);
                game.play(moves[(rng % moves.len() as u64) as usize])
                    .expect("legal move");
            }
            black_box(game.outcome())
        })
    });
    group.finish();
}

fn xorshift(mut x: u64) -> u64 {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    x
}

criterion_group!(benches, bench_playouts);
criterion_main!(benches);
