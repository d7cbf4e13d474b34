//! Engine benchmarks: the time to reach depth 12 and depth 20 from the
//! Abapa start (fresh table each time), nodes per second on one and on two
//! threads, and depth-8 searches after 30 000 quiet plies against the same
//! position in a new game (the history rules' cost must not grow with the
//! game's length).
#![allow(missing_docs)] // criterion_group! generates undocumented functions
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use oware::search::{SearchLimits, Searcher};
use oware::{Game, Position, Ruleset};

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
    bench_history(c);
    // Threads: a fixed time, counting the nodes of every thread (a node
    // limit would run on one thread); only when no filter excludes them.
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    if filter.is_some_and(|f| !"search/threads".contains(&f)) {
        return;
    }
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

/// Depth-8 searches at the end of a game of 30 000 quiet plies, with and
/// without a repetition rule, and from the same position in a new game.
fn bench_history(c: &mut Criterion) {
    let mut group = c.benchmark_group("history");
    for (name, rules) in [
        ("no_repetition_rule", "repetitions=off"),
        ("repetition_rule", "repetitions=255"),
    ] {
        let (long, fresh) = long_quiet_game(rules, 30_000);
        for (when, game) in [("after_30000_quiet_plies", &long), ("new_game", &fresh)] {
            group.bench_function(format!("{name}/depth_8_{when}"), |b| {
                b.iter(|| Searcher::new(1 << 16).search(black_box(game), SearchLimits::depth(8)))
            });
        }
    }
    group.finish();
}

/// A game of `plies` plies under a ruleset where only 31 seeds capture (so
/// nothing is captured) and no limit ends it early, with `rules` for
/// repetition, and a new game from its last position.
fn long_quiet_game(rules: &str, plies: usize) -> (Game, Game) {
    let text = format!("abapa(captures=31,{rules},no_capture=off,max_plies=65535)");
    let ruleset: Ruleset = text.parse().expect("a valid ruleset");
    let mut game = Game::new(ruleset);
    let mut rng = 0x2545_F491_4F6C_DD1D_u64;
    while game.ply() < plies {
        let moves = game.legal_moves();
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        game.play_quiet(moves[(rng % moves.len() as u64) as usize])
            .expect("legal move");
    }
    let last: Position = *game.position();
    (game, Game::from_position(last))
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
