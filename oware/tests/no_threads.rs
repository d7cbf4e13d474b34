//! The endgame builder and the search where no thread can be started: they
//! do the work on the calling thread, with the same results.
//!
//! The test runs itself again as a child process with `RUST_MIN_STACK` set
//! to a petabyte: every thread the Rust standard library starts then asks
//! for more address space than a process has, so `thread::Builder::spawn`
//! fails (as it does at the process's thread limit, which root is not
//! held to), while the child's main thread runs as usual. The child checks
//! that a spawn fails, builds the layers and saves them; the parent checks
//! that they equal its own build on every core.

use std::path::PathBuf;
use std::process::Command;

use oware::endgame::{Convention, Database};
use oware::search::{Level, Player, SearchLimits, Searcher};
use oware::{Game, Position, Ruleset};

/// Set in the child: where to save its database.
const CHILD_OUTPUT: &str = "OWARE_NO_THREADS_OUTPUT";

/// Seeds up to which both build: layers of up to 75 582 positions, so
/// every step splits its work into parts for threads.
const MAX_SEEDS: u8 = 8;

fn build() -> Database {
    Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, MAX_SEEDS)
        .expect("Abapa has endgame databases")
}

/// Runs the test `child` of this binary again in a process where no
/// thread starts, with `env` set (the child does nothing without it), and
/// checks that it passed.
fn run_child_without_threads(child: &str, env: (&str, &std::ffi::OsStr)) {
    let child = Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", child, "--test-threads=1"])
        .env(env.0, env.1)
        .env("RUST_MIN_STACK", (1u64 << 50).to_string())
        .output()
        .expect("run the test binary again");
    let report = String::from_utf8_lossy(&child.stdout).into_owned()
        + &String::from_utf8_lossy(&child.stderr);
    assert!(child.status.success(), "{report}");
    assert!(
        report.contains("1 passed"),
        "the child ran no test: {report}"
    );
}

/// Fails unless starting a thread fails, as it must in the child.
fn assert_no_thread_starts() {
    let spawned = std::thread::Builder::new().spawn(|| ());
    assert!(
        spawned.is_err(),
        "a thread started: this test would not exercise the fallback"
    );
}

#[test]
fn endgame_layers_build_when_no_thread_starts() {
    let out = std::env::temp_dir().join(format!("oware-no-threads-{}.db", std::process::id()));
    run_child_without_threads(
        "child_builds_without_threads",
        (CHILD_OUTPUT, out.as_os_str()),
    );
    let built = Database::load(&out).expect("the child saved its database");
    let _ = std::fs::remove_file(&out);
    assert_eq!(built.max_seeds(), Some(MAX_SEEDS));
    assert!(built == build(), "the single-threaded build differs");
}

/// The child's part (it does nothing unless the parent started it).
#[test]
fn child_builds_without_threads() {
    let Some(out) = std::env::var_os(CHILD_OUTPUT).map(PathBuf::from) else {
        return;
    };
    assert_no_thread_starts();
    build().save(&out).expect("save the database");
}

/// Set in the child that searches.
const CHILD_SEARCHES: &str = "OWARE_NO_THREADS_SEARCH";

/// A position level 5's book does not hold.
const MIDGAME: &str = "4,4,4,4,4,4/4,4,4,4,1,1 s 0 6";

/// Searches on 4 threads and the default level 5 player (every core, an
/// endgame database built on a thread of its own) where no thread starts:
/// they search on the calling thread, so the parent's single-threaded
/// results must come out.
#[test]
fn searches_and_level_five_run_when_no_thread_starts() {
    let game = Game::from(MIDGAME.parse::<Position>().unwrap());
    let one_thread = Searcher::new(1 << 16).search(&game, SearchLimits::depth(10));
    let level5 = Player::reproducible(Level::Five, 1)
        .with_limits(SearchLimits::nodes(50_000))
        .choose(&game)
        .unwrap();
    let expected = format!(
        "{} {} {level5}",
        one_thread.best_move.unwrap(),
        one_thread.score
    );
    run_child_without_threads(
        "child_searches_without_threads",
        (CHILD_SEARCHES, expected.as_ref()),
    );
}

/// The searching child's part: its results must be the parent's.
#[test]
fn child_searches_without_threads() {
    let Some(expected) = std::env::var_os(CHILD_SEARCHES) else {
        return;
    };
    assert_no_thread_starts();
    let game = Game::from(MIDGAME.parse::<Position>().unwrap());
    let mut searcher = Searcher::new(1 << 16);
    searcher.set_threads(4);
    let result = searcher.search(&game, SearchLimits::depth(10));
    let mut level5 = Player::new(Level::Five, 1).with_limits(SearchLimits::nodes(50_000));
    let m = level5.choose(&game).unwrap();
    assert!(level5.endgame().is_none(), "no thread built a database");
    let got = format!("{} {} {m}", result.best_move.unwrap(), result.score);
    assert_eq!(got, expected.to_string_lossy());
}
