//! The clock seam: time limits kept by a clock the test controls, so each
//! search stops at a known reading, and time limits without a clock (a
//! host such as `wasm32-unknown-unknown`) kept as node budgets.

use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use oware::search::{
    Clock, Level, NODES_PER_MS_WITHOUT_CLOCK, Player, SearchLimits, SearchResult, Searcher,
};
use oware::{Game, Position};

/// A position the book does not hold, with a long search ahead.
fn midgame() -> Game {
    Game::from("4,4,4,4,4,4/4,4,4,4,1,1 s 0 6".parse::<Position>().unwrap())
}

/// A fake clock whose time is `at(n)` at its n-th reading (from 0), and the
/// count of its readings.
fn fake_clock(at: impl Fn(u64) -> Duration + Send + Sync + 'static) -> (Clock, Arc<AtomicU64>) {
    let readings = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&readings);
    let clock = Clock::from_fn(move || at(counter.fetch_add(1, Ordering::Relaxed)));
    (clock, readings)
}

/// A search of `game` on a fresh searcher without a clock.
fn search_of(game: &Game, limits: SearchLimits) -> SearchResult {
    let mut searcher = Searcher::new(1 << 16);
    searcher.set_clock(None);
    searcher.search(game, limits)
}

/// A search of the midgame on a fresh searcher with `clock`.
fn search(clock: Option<Clock>, limits: SearchLimits) -> SearchResult {
    let mut searcher = Searcher::new(1 << 16);
    searcher.set_clock(clock);
    searcher.search(&midgame(), limits)
}

#[test]
fn a_search_stops_when_the_fake_time_passes_its_budget() {
    // One millisecond a reading: a 50 ms budget ends at the 51st reading,
    // and the search reads the clock every 1024 positions (and at each
    // iteration), so it stops within 51 * 1024 positions.
    let millisecond_a_reading = || fake_clock(Duration::from_millis);
    let (clock, readings) = millisecond_a_reading();
    let result = search(Some(clock), SearchLimits::time_ms(50));
    assert!(result.best_move.is_some());
    assert!(result.depth >= 2, "depth {}", result.depth);
    assert!(result.nodes < 51 * 1024, "{} nodes", result.nodes);
    let read = readings.load(Ordering::Relaxed);
    assert!((20..=52).contains(&read), "{read} readings");
    // The fake time decides everything: the same clock, the same search.
    assert_eq!(
        search(Some(millisecond_a_reading().0), SearchLimits::time_ms(50)),
        result
    );
}

#[test]
fn a_longer_fake_budget_searches_further() {
    let depth = |ms| {
        search(
            Some(fake_clock(Duration::from_millis).0),
            SearchLimits::time_ms(ms),
        )
    };
    let (short, long) = (depth(20), depth(400));
    assert!(
        long.nodes > 4 * short.nodes,
        "{} then {}",
        short.nodes,
        long.nodes
    );
    assert!(long.depth > short.depth);
}

#[test]
fn a_clock_that_stands_still_never_ends_the_search() {
    let (clock, readings) = fake_clock(|_| Duration::from_secs(3));
    let limits = SearchLimits {
        depth: Some(8),
        ..SearchLimits::time_ms(1)
    };
    let result = search(Some(clock), limits);
    assert_eq!(result, search(None, SearchLimits::depth(8)));
    assert!(readings.load(Ordering::Relaxed) > 8);
}

#[test]
fn a_search_without_a_time_limit_never_reads_the_clock() {
    let (clock, readings) = fake_clock(Duration::from_millis);
    let result = search(Some(clock), SearchLimits::depth(8));
    assert_eq!(result.depth, 8);
    assert_eq!(readings.load(Ordering::Relaxed), 0);
}

#[test]
fn a_clock_that_leaps_or_steps_back_neither_panics_nor_hangs() {
    // The end of time at once: the first iteration alone.
    let (leap, _) = fake_clock(|n| {
        if n == 0 {
            Duration::ZERO
        } else {
            Duration::MAX
        }
    });
    let result = search(Some(leap), SearchLimits::time_ms(u64::MAX));
    assert_eq!(result.depth, 1);
    assert!(result.best_move.is_some());
    // Back and forth: a step back reads as no time passing.
    let (jitter, _) = fake_clock(|n| Duration::from_secs(if n % 2 == 0 { 1 << 40 } else { 0 }));
    let limits = SearchLimits {
        depth: Some(6),
        ..SearchLimits::time_ms(10)
    };
    assert!(search(Some(jitter), limits).best_move.is_some());
}

#[test]
fn analyse_keeps_to_the_fake_clock() {
    let (clock, readings) = fake_clock(Duration::from_millis);
    let mut searcher = Searcher::new(1 << 16);
    searcher.set_clock(Some(clock));
    let scores = searcher.analyse(&midgame(), SearchLimits::time_ms(30));
    assert_eq!(scores.len(), midgame().legal_moves().len());
    assert!(readings.load(Ordering::Relaxed) <= 32);
}

#[test]
fn helper_threads_read_the_embedders_clock_too() {
    let (clock, _) = fake_clock(Duration::from_millis);
    let mut searcher = Searcher::new(1 << 16);
    searcher.set_threads(2);
    searcher.set_clock(Some(clock));
    let result = searcher.search(&midgame(), SearchLimits::time_ms(100));
    assert!(result.best_move.is_some() && result.depth >= 2);
}

#[test]
fn without_a_clock_a_time_limit_is_a_node_budget() {
    let timed = search(None, SearchLimits::time_ms(20));
    assert_eq!(timed.nodes, 20 * NODES_PER_MS_WITHOUT_CLOCK);
    assert_eq!(timed, search(None, SearchLimits::nodes(20_000)));
    // A smaller node limit stays; a clock makes the limit time again.
    let both = SearchLimits {
        nodes: Some(3_000),
        ..SearchLimits::time_ms(20)
    };
    assert_eq!(search(None, both).nodes, 3_000);
    let standing = fake_clock(|_| Duration::ZERO).0;
    let limits = SearchLimits {
        depth: Some(12),
        ..SearchLimits::time_ms(20)
    };
    let kept_by_clock = search(Some(standing), limits);
    assert!(
        kept_by_clock.nodes > 20_000,
        "{} nodes",
        kept_by_clock.nodes
    );
    assert_eq!(kept_by_clock, search(None, SearchLimits::depth(12)));
}

#[test]
fn a_huge_time_limit_without_a_clock_is_the_largest_node_budget() {
    let limits = SearchLimits {
        depth: Some(5),
        ..SearchLimits::time_ms(u64::MAX)
    };
    assert_eq!(search(None, limits), search(None, SearchLimits::depth(5)));
}

#[test]
fn level_five_without_a_clock_plays_as_its_reproducible_self() {
    // What the default level 5 does on a host with no clock (and no
    // threads): its second a move is 1 000 000 positions on one thread.
    let mut player = Player::new(Level::Five, 1);
    player.set_auto_endgame(false);
    player.set_clock(None);
    let reproducible = Player::reproducible(Level::Five, 1).choose(&midgame());
    assert_eq!(player.choose(&midgame()), reproducible);
    assert_eq!(
        Level::Five
            .limits()
            .time_ms
            .map(|ms| ms * NODES_PER_MS_WITHOUT_CLOCK),
        Level::Five.reproducible_limits().nodes
    );
}

#[test]
fn a_players_clock_survives_a_new_evaluation() {
    let (clock, readings) = fake_clock(Duration::from_millis);
    let mut player = Player::new(Level::Four, 1).with_limits(SearchLimits::time_ms(40));
    player.set_clock(Some(clock));
    let mut player = player.with_evaluation(oware::search::Evaluation::MATERIAL);
    assert!(player.choose(&midgame()).is_some());
    assert!((10..=42).contains(&readings.load(Ordering::Relaxed)));
}

#[test]
fn the_system_clock_runs_where_the_target_has_one() {
    let clock = Clock::system().expect("this host has a clock");
    let before = clock.now();
    std::thread::sleep(Duration::from_millis(5));
    assert!(clock.now() >= before + Duration::from_millis(5));
    assert_eq!(format!("{clock:?}"), "Clock::system()");
    assert!(Searcher::new(16).clock().is_some());
}

#[test]
fn a_timed_search_spends_most_of_its_budget() {
    // A budget a move is there to be used: the search starts iterations
    // while it lasts, and stops at its end (one fake millisecond a
    // reading, a reading every 1024 positions and one an iteration).
    for budget in [100, 400, 1000] {
        let (clock, readings) = fake_clock(Duration::from_millis);
        let result = search(Some(clock), SearchLimits::time_ms(budget));
        let spent = readings.load(Ordering::Relaxed);
        assert!(
            spent + 2 >= budget && spent <= budget + 2,
            "{spent} of {budget} ms, depth {}",
            result.depth
        );
    }
}

#[test]
fn a_player_plays_a_forced_move_at_once() {
    // South's only seeds are in F: one legal move, played without a search
    // (the clock is never read), where a search still looks ahead.
    let forced = Game::from(
        "0,0,0,0,0,4/4,4,4,4,4,4 s 10 10"
            .parse::<Position>()
            .unwrap(),
    );
    assert_eq!(forced.legal_moves().len(), 1);
    for level in [Level::Three, Level::Four, Level::Five] {
        let (clock, readings) = fake_clock(Duration::from_millis);
        let mut player = Player::new(level, 1).with_limits(SearchLimits::time_ms(1000));
        player.set_clock(Some(clock));
        assert_eq!(player.choose(&forced), Some(forced.legal_moves()[0]));
        assert_eq!(readings.load(Ordering::Relaxed), 0, "level {level}");
    }
    assert_eq!(search_of(&forced, SearchLimits::depth(6)).depth, 6);
}
