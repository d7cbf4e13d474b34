//! The endgame database command (`examples/endgame.rs`): building layer
//! files, resuming, probing, and its errors. It runs through `cargo run`,
//! so the example is always built from the current source.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// Runs `endgame` with `args`; returns (stdout, stderr, exit code).
fn endgame(args: &[&str]) -> (String, String, Option<i32>) {
    example("endgame", args)
}

/// Runs the example `name` with `args`; returns (stdout, stderr, exit code).
fn example(name: &str, args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "--quiet", "--example", name, "--"])
        .args(args)
        .env("OWARE_PLAY_SAVE", "off")
        .output()
        .expect("run the example (built by cargo test)");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// Runs the terminal game with `args`, typing `input`; returns its output.
fn play_with_input(args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "--quiet", "--example", "play", "--"])
        .args(args)
        .env("OWARE_PLAY_SAVE", "off")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run the terminal game");
    let mut stdin = child.stdin.take().expect("its input");
    stdin.write_all(input.as_bytes()).expect("typing");
    drop(stdin);
    let output = child.wait_with_output().expect("its output");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// An empty directory for one test, under cargo's scratch directory.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    if dir.exists() {
        fs::remove_dir_all(&dir).expect("remove the last run's directory");
    }
    dir
}

fn layer(dir: &Path, seeds: u8) -> PathBuf {
    dir.join(format!("even-{seeds:02}.owdb"))
}

fn modified(path: &Path) -> SystemTime {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The error of a failed run: exit code 2, one line on standard error.
fn assert_error(result: (String, String, Option<i32>), expected: &[&str]) {
    let (out, err, code) = result;
    assert_eq!(code, Some(2), "stdout: {out}\nstderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    for part in expected {
        assert!(err.contains(part), "'{part}' in: {err}");
    }
}

#[test]
fn build_resume_and_probe() {
    let dir = fresh_dir("endgame_cli_build");
    let d = dir.to_str().expect("a UTF-8 path");
    let (out, err, code) = endgame(&[
        "build",
        "--dir",
        d,
        "--max-seeds",
        "6",
        "--convention",
        "even",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("building layers 0..=6 of abapa (even split)"),
        "{out}"
    );
    assert!(out.contains("layer  6       12376 positions"), "{out}");
    assert!(out.contains("total: layers 0..=6"), "{out}");
    let before: Vec<(Vec<u8>, SystemTime)> = (0..=6)
        .map(|k| {
            (
                fs::read(layer(&dir, k)).expect("layer file"),
                modified(&layer(&dir, k)),
            )
        })
        .collect();

    // Resumed: only layers 7 and 8 are built; the others are untouched.
    let (out, err, code) = endgame(&[
        "build",
        "--dir",
        d,
        "--max-seeds",
        "8",
        "--convention",
        "even",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("building layers 7..=8"), "{out}");
    assert!(out.contains("(layers 0..=6 there)"), "{out}");
    assert!(!out.contains("layer  6"), "{out}");
    assert!(out.contains("layer  8       75582 positions"), "{out}");
    assert!(out.contains(" bytes  longest "), "{out}");
    for (k, (bytes, time)) in before.iter().enumerate() {
        let path = layer(&dir, k as u8);
        assert_eq!(&modified(&path), time, "{} rewritten", path.display());
        assert_eq!(&fs::read(&path).expect("layer file"), bytes);
    }
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("the directory")
        .map(|e| e.expect("entry").file_name().into_string().expect("UTF-8"))
        .collect();
    names.sort();
    let expected: Vec<String> = (0..=8).map(|k| format!("even-{k:02}.owdb")).collect();
    assert_eq!(names, expected, "no temporary file left");

    let (out, _, code) = endgame(&[
        "build",
        "--dir",
        d,
        "--max-seeds",
        "8",
        "--convention",
        "even",
    ]);
    assert_eq!(code, Some(0));
    assert!(out.contains("nothing to build"), "{out}");

    // South's F (1 seed) makes 2 in North's a: captured. North's last seed
    // cannot feed South, so North takes it (R8): 2 - 1 = +1.
    let (out, err, code) = endgame(&[
        "probe",
        "--dir",
        d,
        "--position",
        "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("3 seeds on the board, South to move"), "{out}");
    assert!(
        out.contains("even split: value for South +1 (exact); with best play South ends 26-22"),
        "{out}"
    );
    assert!(
        out.contains(
            "even split: best moves: F (best play secures the value by a capture or the end within 1 ply)\n"
        ),
        "{out}"
    );

    let (out, err, code) = endgame(&["info", "--dir", d]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("even split: abapa, layers 0..=8, 125970 positions"),
        "{out}"
    );
    assert!(!out.contains("each takes own"), "{out}");
}

#[test]
fn a_corrupt_layer_is_reported_not_rebuilt() {
    let dir = fresh_dir("endgame_cli_corrupt");
    let d = dir.to_str().expect("a UTF-8 path");
    let (out, err, code) = endgame(&[
        "build",
        "--dir",
        d,
        "--max-seeds",
        "4",
        "--convention",
        "even",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");

    let path = layer(&dir, 2);
    let mut bytes = fs::read(&path).expect("layer file");
    let last = bytes.len() - 5;
    bytes[last] ^= 1; // the last byte before the checksum
    fs::write(&path, &bytes).expect("corrupt the layer");
    for args in [
        &[
            "build",
            "--dir",
            d,
            "--max-seeds",
            "5",
            "--convention",
            "even",
        ][..],
        &["info", "--dir", d],
        &[
            "probe",
            "--dir",
            d,
            "--position",
            "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21",
        ],
    ] {
        assert_error(
            endgame(args),
            &["even-02.owdb", "corrupt (checksum mismatch)"],
        );
    }
    assert_eq!(
        fs::read(&path).expect("layer file"),
        bytes,
        "left as it was"
    );
    assert!(!layer(&dir, 5).exists());

    fs::write(&path, &bytes[..30]).expect("truncate the layer");
    assert_error(
        endgame(&[
            "build",
            "--dir",
            d,
            "--max-seeds",
            "5",
            "--convention",
            "even",
        ]),
        &["even-02.owdb", "truncated"],
    );
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    let dir = fresh_dir("endgame_cli_bad_input");
    let d = dir.to_str().expect("a UTF-8 path");
    let position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21";
    assert_error(
        endgame(&["probe", "--dir", d, "--position", position]),
        &["no such directory"],
    );
    assert_error(endgame(&["info", "--dir", d]), &["no such directory"]);
    assert_error(
        endgame(&[
            "build",
            "--dir",
            d,
            "--max-seeds",
            "49",
            "--convention",
            "even",
        ]),
        &["--max-seeds 49: abapa has 48 seeds in all"],
    );
    assert_error(
        endgame(&[
            "build",
            "--dir",
            d,
            "--max-seeds",
            "30",
            "--convention",
            "even",
        ]),
        &[
            "the layer of 29 seeds would hold 2311801440 positions",
            "at most 28",
        ],
    );
    assert_error(
        endgame(&["build", "--dir", d, "--variant", "kalah"]),
        &["kalah: endgame databases need an Oware ruleset"],
    );

    let (out, err, code) = endgame(&[
        "build",
        "--dir",
        d,
        "--max-seeds",
        "3",
        "--convention",
        "even",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_error(
        endgame(&[
            "probe",
            "--dir",
            d,
            "--position",
            "0,0,0,0,0,1/1,1,0,0 s 24 21",
        ]),
        &["bad position '0,0,0,0,0,1/1,1,0,0 s 24 21'"],
    );
    assert_error(
        endgame(&[
            "probe",
            "--dir",
            d,
            "--position",
            "0,0,0,0,1,1/1,1,0,0,0,0 s 24 20",
        ]),
        &["4 seeds on the board, the database holds up to 3"],
    );
    assert_error(
        endgame(&[
            "probe",
            "--dir",
            d,
            "--position",
            &format!("{position} kalah"),
        ]),
        &["the position's ruleset kalah is not the database's abapa"],
    );
    assert_error(
        endgame(&[
            "probe",
            "--dir",
            d,
            "--position",
            position,
            "--convention",
            "own",
        ]),
        &["no layers for --convention own (no own-00.owdb)"],
    );
    // Layers of another ruleset in the directory are refused by name
    // (Awale forbids grand slams: other values; OpenSpiel's rules would be
    // welcome, as they move and capture as Abapa does).
    assert_error(
        endgame(&[
            "build",
            "--dir",
            d,
            "--max-seeds",
            "4",
            "--variant",
            "awale",
            "--convention",
            "even",
        ]),
        &["even-00.owdb", "another ruleset or convention"],
    );
}

#[test]
fn the_terminal_game_plays_perfect_endgames_from_a_directory() {
    let dir = fresh_dir("play-endgame");
    let dir_arg = dir.to_str().expect("a UTF-8 scratch path");
    let built = endgame(&[
        "build",
        "--dir",
        dir_arg,
        "--max-seeds",
        "8",
        "--convention",
        "own",
    ]);
    assert_eq!(built.2, Some(0), "{}", built.1);
    // Abapa plays by "each takes own". F takes North's a (2); North's f
    // then sows into A, leaving North no seeds, and no South house reaches
    // North's row, so South takes its 6 (R8): +8, exact, 28-20.
    let position = "0,1,2,1,1,1/1,0,0,0,0,1 s 20 20";
    let probe = endgame(&["probe", "--dir", dir_arg, "--position", position]);
    assert!(
        probe.0.contains("value for South +8 (exact)"),
        "{}",
        probe.0
    );
    assert!(probe.0.contains("best moves: F ("), "{}", probe.0);
    let args = [
        "--engines",
        "5,5",
        "--endgame",
        dir_arg,
        "--position",
        position,
    ];
    let (out, err, code) = example("play", &args);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("up to 8 seeds"), "{out}");
    assert!(out.contains("South plays F"), "{out}");
    assert!(
        out.contains(
            "Game over. South cannot feed North: South takes its 6 seeds (R8); South wins 28-20."
        ),
        "{out}"
    );
    // At the prompt, a hint comes from the database.
    let out = play_with_input(
        &["--level", "5", "--endgame", dir_arg, "--position", position],
        "hint\nquit\n",
    );
    assert!(
        out.contains(
            "hint: with perfect play you capture 8 seeds more than North from here on; best: F (endgame database)"
        ),
        "{out}"
    );
    // A corrupt layer is named.
    let layer = dir.join("own-03.owdb");
    let mut bytes = fs::read(&layer).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    fs::write(&layer, bytes).unwrap();
    let args = [
        "--engines",
        "5,5",
        "--endgame",
        dir_arg,
        "--position",
        position,
    ];
    assert_error(
        example("play", &args),
        &["own-03.owdb", "checksum mismatch"],
    );
    // A directory without databases is an error, not a silent fallback.
    let empty = fresh_dir("play-no-endgame");
    fs::create_dir_all(&empty).unwrap();
    let args = ["--endgame", empty.to_str().unwrap(), "--engines", "5,5"];
    assert_error(
        example("play", &args),
        &["no endgame database", "own-00.owdb"],
    );
}

#[test]
fn probe_answers_from_each_convention_that_holds_the_position() {
    let dir = fresh_dir("endgame_cli_two_conventions");
    let d = dir.to_str().expect("a UTF-8 path");
    let even = endgame(&[
        "build",
        "--dir",
        d,
        "--max-seeds",
        "4",
        "--convention",
        "even",
    ]);
    assert_eq!(even.2, Some(0), "{}", even.1);
    // The default is the ruleset's own convention: Abapa's is "own".
    let own = endgame(&["build", "--dir", d, "--max-seeds", "2"]);
    assert_eq!(own.2, Some(0), "{}", own.1);
    assert!(dir.join("own-02.owdb").exists());
    let (out, err, code) = endgame(&[
        "probe",
        "--dir",
        d,
        "--position",
        "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("even split: value for South +1 (exact)"),
        "{out}"
    );
    assert!(
        out.contains("each takes own: 3 seeds on the board, the database holds up to 2"),
        "{out}"
    );
}
