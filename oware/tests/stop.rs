//! Every long call ends on a [`StopHandle`]: set before the call, it
//! returns `Stopped` at once; set from another thread, it ends perft(30),
//! an endgame build or solve and a match that would take hours. Each test
//! prints how long the work took to end after the stop
//! (`cargo test -p oware --release --test stop -- --nocapture`); the assertions
//! are on the results, not the times.

use std::thread;
use std::time::{Duration, Instant};

use oware::endgame::{Convention, Database, EndgameError, SolveError};
use oware::search::{Level, Player, SearchLimits, play_match_with_stop};
use oware::{Position, Ruleset, StopHandle, Stopped, perft_with_stop};

/// Runs `work` with a handle that another thread sets after `after`;
/// returns the work's result and how long it ran on after the stop.
fn stopped_after<T>(after: Duration, work: impl FnOnce(&StopHandle) -> T) -> (T, Duration) {
    let stop = StopHandle::new();
    let setter = stop.clone();
    let stopper = thread::spawn(move || {
        thread::sleep(after);
        setter.stop();
        Instant::now()
    });
    let result = work(&stop);
    let ended = Instant::now();
    let stopped_at = stopper.join().expect("the stopping thread");
    (result, ended.saturating_duration_since(stopped_at))
}

fn set() -> StopHandle {
    let stop = StopHandle::new();
    stop.stop();
    stop
}

#[test]
fn perft_with_a_stop_set_before_returns_stopped() {
    assert_eq!(
        perft_with_stop(&Position::default(), 30, &set()),
        Err(Stopped)
    );
    // Depths 0 and 1 are no work, but a set flag still means stopped.
    assert_eq!(
        perft_with_stop(&Position::default(), 0, &set()),
        Err(Stopped)
    );
    assert_eq!(
        perft_with_stop(&Position::default(), 6, &StopHandle::new()),
        Ok(oware::perft(&Position::default(), 6))
    );
}

#[test]
fn perft_30_ends_on_a_stop_from_another_thread() {
    let (result, late) = stopped_after(Duration::from_millis(100), |stop| {
        perft_with_stop(&Position::default(), 30, stop)
    });
    assert_eq!(result, Err(Stopped));
    eprintln!("perft(30): ended {late:?} after the stop");
}

#[test]
fn a_build_with_a_stop_set_before_returns_stopped_and_builds_nothing() {
    let built = Database::build_with_stop(&Ruleset::abapa(), Convention::EvenSplit, 20, &set());
    assert_eq!(built, Err(EndgameError::Stopped));
    let mut db = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 6).unwrap();
    assert_eq!(
        db.build_next_layer_with_stop(|_| {}, &set()),
        Err(EndgameError::Stopped)
    );
    assert_eq!(db.max_seeds(), Some(6), "the layers held are kept");
    assert_eq!(
        db.build_next_layer_with_stop(|_| {}, &StopHandle::new()),
        Ok(7)
    );
}

#[test]
fn a_build_to_20_seeds_ends_on_a_stop_from_another_thread() {
    // Layer 20 alone takes minutes; the stop comes in its first layers or
    // the middle of one.
    let (built, late) = stopped_after(Duration::from_millis(300), |stop| {
        Database::build_with_stop(&Ruleset::abapa(), Convention::EachTakesOwn, 20, stop)
    });
    assert_eq!(built, Err(EndgameError::Stopped));
    eprintln!("build to 20 seeds: ended {late:?} after the stop");
    // A layer stopped in the middle of its fixpoint is dropped.
    let mut db = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 14).unwrap();
    let (layer, late) = stopped_after(Duration::from_millis(200), |stop| {
        db.build_next_layer_with_stop(|_| {}, stop)
    });
    assert_eq!(layer, Err(EndgameError::Stopped));
    assert_eq!(db.max_seeds(), Some(14));
    eprintln!("layer 15: ended {late:?} after the stop");
}

#[test]
fn a_solve_ends_on_a_stop() {
    let db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 4).unwrap();
    let start = Position::default(); // 48 seeds: far too many positions above 4
    assert_eq!(
        db.solve_with_stop(&start, usize::MAX, &set()),
        Err(SolveError::Stopped)
    );
    let (solved, late) = stopped_after(Duration::from_millis(50), |stop| {
        db.solve_with_stop(&start, 20_000_000, stop)
    });
    assert_eq!(solved, Err(SolveError::Stopped));
    eprintln!("solve from the start: ended {late:?} after the stop");
}

#[test]
fn a_match_ends_on_a_stop() {
    let level4 = |s| Player::new(Level::Four, s);
    let abapa = Ruleset::abapa();
    assert_eq!(
        play_match_with_stop(abapa, 10, 1, level4, level4, &set()),
        Err(Stopped)
    );
    // Depth-40 searches would not end before the stop, which ends them.
    let deep = |s| Player::new(Level::Four, s).with_limits(SearchLimits::depth(40));
    let (result, late) = stopped_after(Duration::from_millis(200), |stop| {
        play_match_with_stop(abapa, 1_000_000, 1, deep, deep, stop)
    });
    assert_eq!(result, Err(Stopped));
    eprintln!("match of depth-40 searches: ended {late:?} after the stop");
}

#[test]
fn a_match_without_a_stop_is_the_plain_match() {
    let one = |s| Player::new(Level::One, s);
    let two = |s| Player::new(Level::Two, s);
    let abapa = Ruleset::abapa();
    assert_eq!(
        play_match_with_stop(abapa, 6, 3, two, one, &StopHandle::new()),
        Ok(oware::search::play_match(abapa, 6, 3, two, one))
    );
}
