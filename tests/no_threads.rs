//! The endgame builder where no thread can be started: it does the work on
//! the calling thread and builds the same database.
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

use oware::Ruleset;
use oware::endgame::{Convention, Database};

/// Set in the child: where to save its database.
const CHILD_OUTPUT: &str = "OWARE_NO_THREADS_OUTPUT";

/// Seeds up to which both build: layers of up to 75 582 positions, so
/// every step splits its work into parts for threads.
const MAX_SEEDS: u8 = 8;

fn build() -> Database {
    Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, MAX_SEEDS)
        .expect("Abapa has endgame databases")
}

#[test]
fn endgame_layers_build_when_no_thread_starts() {
    let out = std::env::temp_dir().join(format!("oware-no-threads-{}.db", std::process::id()));
    let child = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--exact",
            "child_builds_without_threads",
            "--test-threads=1",
        ])
        .env(CHILD_OUTPUT, &out)
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
    let spawned = std::thread::Builder::new().spawn(|| ());
    assert!(
        spawned.is_err(),
        "a thread started: this test would not exercise the fallback"
    );
    build().save(&out).expect("save the database");
}
