//! Sizes the library accepts but the process cannot allocate are errors,
//! never aborts: each test re-runs one of the `child_*` tests below in a
//! child process under an address-space limit set with util-linux
//! `prlimit`, and checks that the child returned the error and exited
//! normally (an abort on a failed allocation is SIGABRT). Skipped, with
//! the reason printed, where `prlimit` is absent.

use std::process::Command;

use oware::Ruleset;
use oware::endgame::{Convention, Database, EndgameError, LoadError};

/// The address space a child gets in [`run_limited`]: ample for the test
/// process, far below the builds refused.
const LIMIT: u64 = 1 << 30;

/// The line a child prints when its assertions held.
const DONE: &str = "limits child: ok";

/// Whether this process is a child run by [`run_limited`].
fn is_child() -> bool {
    std::env::var_os("OWARE_LIMITS_CHILD").is_some()
}

fn have_prlimit() -> bool {
    let found = Command::new("prlimit").arg("--version").output().is_ok();
    if !found {
        eprintln!("skipped: prlimit (util-linux) is not installed");
    }
    found
}

/// Runs the ignored test `name` of this binary in a child process, under
/// `prlimit --as=limit` when `limit` is given and with `OWARE_LIMITS_FILE`
/// set to `file` when given, and checks that it printed [`DONE`] and
/// exited normally.
fn run_child(name: &str, limit: Option<u64>, file: Option<&std::path::Path>) {
    let exe = std::env::current_exe().expect("the test binary");
    let mut command = match limit {
        Some(bytes) => {
            let mut c = Command::new("prlimit");
            c.arg(format!("--as={bytes}")).arg(exe);
            c
        }
        None => Command::new(exe),
    };
    if let Some(file) = file {
        command.env("OWARE_LIMITS_FILE", file);
    }
    let output = command
        .args([
            "--exact",
            name,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("OWARE_LIMITS_CHILD", "1")
        // glibc: one arena, and a fixed mmap threshold, so that each large
        // allocation maps new address space when it is made (a thread's
        // arena reserves 64 MiB ahead, and a freed mapping raises the
        // threshold, which would let the allocation fit under the limit).
        .env("MALLOC_ARENA_MAX", "1")
        .env("MALLOC_MMAP_THRESHOLD_", "131072")
        .output()
        .expect("the child starts");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains(DONE),
        "{name} under {limit:?} bytes: {} (SIGABRT is 6)\n{stdout}\n{stderr}",
        output.status
    );
    eprint!("{stdout}");
}

/// Lowers this process's address-space limit to what it maps now plus
/// `extra` bytes (`prlimit --pid`), so that the next large allocation
/// fails whatever the test harness mapped before.
fn limit_self_to_current_plus(extra: u64) {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmSize:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmSize in /proc/self/status");
    let limit = kib * 1024 + extra;
    let done = Command::new("prlimit")
        .arg(format!("--pid={}", std::process::id()))
        .arg(format!("--as={limit}"))
        .status()
        .expect("prlimit runs");
    assert!(done.success(), "prlimit --pid failed: {done}");
}

#[test]
fn builds_beyond_the_address_space_return_out_of_memory() {
    if have_prlimit() {
        run_child("child_builds_beyond_the_limit", Some(LIMIT), None);
    }
}

#[test]
#[ignore = "run by builds_beyond_the_address_space_return_out_of_memory under prlimit"]
fn child_builds_beyond_the_limit() {
    assert!(is_child());
    // Abapa to 26 seeds: 10.3 GB; Abapa on 9 houses a side, 14 seeds
    // each, to 16: 11.4 GB. Both are refused before any layer is built.
    let nine = "abapa(houses=9,seeds=14)".parse::<Ruleset>().unwrap();
    for (ruleset, seeds) in [(Ruleset::abapa(), 26), (nine, 16)] {
        let bytes = Database::memory_to_build(&ruleset, Convention::EvenSplit, seeds);
        assert!(bytes > LIMIT, "{bytes}");
        let built = Database::build(&ruleset, Convention::EvenSplit, seeds);
        assert_eq!(built, Err(EndgameError::OutOfMemory { bytes }));
        println!("{ruleset} to {seeds} seeds: {}", built.unwrap_err());
    }
    println!("{DONE}");
}

/// Writes Abapa's layers of 0 to 13 seeds (each takes own) to a file for
/// a child to read (built here, so that the child's heap holds no free
/// memory from the build when it lowers its limit), runs the child with
/// the file's path, and deletes the file.
fn run_child_with_database(name: &str) {
    if !have_prlimit() {
        return;
    }
    let db = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 13).unwrap();
    let path = std::env::temp_dir().join(format!("oware-limits-{}-{name}.db", std::process::id()));
    db.save(&path).unwrap();
    run_child(name, None, Some(&path));
    let _ = std::fs::remove_file(&path);
}

/// The file [`run_child_with_database`] wrote.
fn database_file() -> std::path::PathBuf {
    assert!(is_child());
    std::env::var_os("OWARE_LIMITS_FILE")
        .expect("OWARE_LIMITS_FILE")
        .into()
}

#[test]
fn a_layer_whose_arrays_do_not_fit_returns_out_of_memory() {
    run_child_with_database("child_layer_beyond_the_limit");
}

#[test]
#[ignore = "run by a_layer_whose_arrays_do_not_fit_returns_out_of_memory"]
fn child_layer_beyond_the_limit() {
    let mut db = Database::load(database_file()).unwrap();
    // Layer 14 needs 4 457 400 positions × 8 bytes: an array fails.
    limit_self_to_current_plus(4 << 20);
    let built = db.build_next_layer(|_| {});
    let bytes = db.positions(14);
    assert_eq!(built.err(), Some(EndgameError::OutOfMemory { bytes }));
    assert_eq!(db.max_seeds(), Some(13));
    println!("layer 14: {}", EndgameError::OutOfMemory { bytes });
    println!("{DONE}");
}

#[test]
fn a_file_too_large_to_load_returns_out_of_memory() {
    run_child_with_database("child_load_beyond_the_limit");
}

#[test]
#[ignore = "run by a_file_too_large_to_load_returns_out_of_memory"]
fn child_load_beyond_the_limit() {
    let path = database_file();
    let index = Database::new(&Ruleset::abapa(), Convention::EachTakesOwn).unwrap();
    let sizes: Vec<u64> = (0..=13).map(|k| index.positions(k)).collect();
    // 15.6 MB of layers, 3 MB of room.
    limit_self_to_current_plus(3 << 20);
    match Database::load(&path) {
        Err(LoadError::OutOfMemory { bytes }) => {
            assert!(sizes.contains(&bytes), "{bytes} is not a layer's size");
            println!("load: {}", LoadError::OutOfMemory { bytes });
        }
        Err(e) => panic!("expected OutOfMemory, got {e}"),
        Ok(db) => panic!("expected OutOfMemory, loaded {:?} seeds", db.max_seeds()),
    }
    println!("{DONE}");
}
