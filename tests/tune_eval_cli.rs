//! The `tune_eval` example: a small fit end to end, its check match, and
//! what it refuses.

use std::process::Command;

/// Runs the tune_eval example with `args`: standard output, standard
/// error and exit code.
fn run_tune(args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "--quiet", "--example", "tune_eval", "--"])
        .args(args)
        .output()
        .expect("run the tune_eval example");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn a_small_fit_reports_its_positions_its_error_and_its_check() {
    let args = ["--games", "6", "--nodes", "300", "--endgame-seeds", "8"];
    let check = ["--check-games", "2", "--check-nodes", "300"];
    let (out, err, code) = run_tune(&[&args[..], &check[..], &["--fit", "empty_houses"]].concat());
    assert_eq!(code, Some(0), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains(" quiet positions from 6 games ("),
        "{out}"
    );
    let error = |line: &str| -> f64 {
        line.split("error ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    // The fit never does worse than where it started, and moves only the
    // weight asked for.
    assert!(error(lines[2]) <= error(lines[1]), "{out}");
    assert!(
        lines[3].starts_with(
            "Evaluation { mobility: 0, lapping_houses: 60, weak_houses: 80, empty_houses: "
        ),
        "{out}"
    );
    assert!(
        lines[4].starts_with("these weights vs the engine's, 300 positions a move: "),
        "{out}"
    );
    // The same run gives the same output: node budgets, no clock.
    assert_eq!(
        run_tune(&[&args[..], &check[..], &["--fit", "empty_houses"]].concat()).0,
        out
    );
}

#[test]
fn the_engines_own_weights_against_themselves_score_even() {
    let (out, err, code) = run_tune(&[
        "--no-fit",
        "--endgame-seeds",
        "6",
        "--check-games",
        "4",
        "--check-nodes",
        "300",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("(50.0 %)"), "{out}");
}

#[test]
fn an_unknown_weight_is_refused_with_the_names() {
    let (out, err, code) = run_tune(&["--no-fit", "--set", "speed=3"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("no weight speed; the weights: mobility, lapping_houses"),
        "{err}"
    );
    let (_, err, code) = run_tune(&["--fit", "speed"]);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn an_spsa_tuning_in_pieces_ends_where_one_run_ends() {
    let dir = std::env::temp_dir().join(format!("oware-spsa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (whole, pieces) = (dir.join("whole.txt"), dir.join("pieces.txt"));
    let args = [
        "--spsa",
        "3",
        "--nodes",
        "300",
        "--endgame-seeds",
        "6",
        "--check-games",
        "0",
    ];
    let with_state = |path: &std::path::Path, extra: &[&str]| {
        let state = ["--state", path.to_str().unwrap()];
        run_tune(&[&args[..], &state[..], extra].concat())
    };
    let (out, err, code) = with_state(&whole, &[]);
    assert_eq!(code, Some(0), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "SPSA from iteration 0 to 3: 2 pairs an iteration at 300 positions a move, \
         tuning lapping_houses, weak_houses, empty_houses",
        "{out}"
    );
    assert!(
        lines[3].starts_with("iteration 3: lapping_houses "),
        "{out}"
    );
    assert!(lines[4].starts_with("Evaluation { mobility: 0, "), "{out}");
    let (paused, _, code) = with_state(&pieces, &["--pause-after", "2"]);
    assert_eq!(code, Some(0));
    assert!(
        paused.ends_with("paused after iteration 2 of 3: the same command goes on from there\n"),
        "{paused}"
    );
    let (rest, _, code) = with_state(&pieces, &[]);
    assert_eq!(code, Some(0));
    assert!(rest.starts_with("SPSA from iteration 2 to 3: "), "{rest}");
    // The same weights, to the last bit, and the same state file.
    assert_eq!(rest.lines().last(), out.lines().last(), "{rest}");
    let state = std::fs::read_to_string(&whole).unwrap();
    assert_eq!(std::fs::read_to_string(&pieces).unwrap(), state);
    assert!(
        state.starts_with("iteration 3 of 3\nlapping_houses "),
        "{state}"
    );
    // A state of another length of tuning is refused, and left alone.
    let refused = [
        "--spsa",
        "4",
        "--endgame-seeds",
        "0",
        "--state",
        whole.to_str().unwrap(),
    ];
    let (_, err, code) = run_tune(&refused);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("it is a tuning of 3 iterations, not 4 (--spsa)"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&whole).unwrap(), state);
    // So is a state with a line more than its weights.
    std::fs::write(&pieces, format!("{state}lapping_houses 1.0\n")).unwrap();
    let (_, err, code) = with_state(&pieces, &[]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("it does not hold the weights tuned here"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
