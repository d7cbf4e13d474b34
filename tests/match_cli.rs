//! The `match` example's command line: what it refuses and what it prints.

use std::process::Command;

/// Runs the match example with `args`: its standard output, standard
/// error and exit code.
fn run_match(args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "--quiet", "--example", "match", "--"])
        .args(args)
        .output()
        .expect("run the match example");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// A match of no games has no result: refused as a usage error (exit 2),
/// before any game is played.
#[test]
fn zero_games_are_refused() {
    let (out, err, code) = run_match(&["--games", "0", "1", "1"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("invalid value '0' for '--games <GAMES>': 0 is not in 1..="),
        "{err}"
    );
}

/// A one-game match keeps its score within half a game of even, so its
/// Elo is 0: printed `+0`, never `-0`.
#[test]
fn a_one_game_match_prints_elo_plus_zero() {
    let (out, err, code) = run_match(&["--games", "1", "1", "1"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let line = out.lines().next().unwrap_or_default();
    assert!(line.starts_with("level 1 vs level 1: +"), "{out}");
    assert!(line.ends_with(", Elo +0 ± 0"), "{out}");
}
