//! The terminal game (`examples/play.rs`) driven through its standard
//! input, as a person would use it. It runs through `cargo run`, so the
//! example is always built from the current source.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `play` with `args`, feeds it `input`, returns (output, exit code).
fn play(args: &[&str], input: &[u8]) -> (String, Option<i32>) {
    let mut child = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "--quiet", "--example", "play", "--"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the play example (built by cargo test)");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write");
    let output = child.wait_with_output().expect("wait");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (text, output.status.code())
}

#[test]
fn bad_input_gets_a_message_and_a_new_prompt() {
    let input = b"C\nC\nxyz\n\xff\xfe\n\nc\nf\nquit\n";
    let (out, code) = play(&["--you", "both"], input);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("C sows 4 seeds: D E F a"), "{out}");
    assert!(
        out.contains("illegal move C: house is not the side to move's; legal: a b c d e f"),
        "{out}"
    );
    assert!(
        out.contains("'xyz' is not a move: type one of a b c d e f, or 'help'"),
        "{out}"
    );
    assert!(out.contains("that line is not UTF-8 text"), "{out}");
    assert!(out.contains("c sows 4 seeds: d e f A"), "{out}");
    assert!(
        out.contains("illegal move f: house is not the side to move's"),
        "{out}"
    );
}

#[test]
fn a_whole_game_ends_with_the_result() {
    // R8's position: North plays f, South cannot feed: a 24-24 draw.
    let (out, code) = play(
        &["--position", "0,0,2,0,1,0/0,0,0,0,0,1 n 20 24"],
        b"f\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Game over: draw 24-24 (no moves)"), "{out}");
}

#[test]
fn moves_on_the_command_line_and_their_errors() {
    let (out, code) = play(&["--moves", "1. C f {a comment} 2. B a"], b"");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("a sows 6 seeds: b c d e f A"), "{out}");
    assert!(out.contains("Game not over; South to move"), "{out}");
    let (out, code) = play(&["--moves", "C a C"], b"");
    assert_eq!(code, Some(2));
    assert!(
        out.contains("error: ply 3: illegal move C: house is empty"),
        "{out}"
    );
    let (out, code) = play(&["--position", "4,4,4,4,4,4/4,4,4,4,4,4 s 0 1"], b"");
    assert_eq!(code, Some(2));
    assert!(
        out.contains("49 seeds in houses and stores, the ruleset has 48"),
        "{out}"
    );
}

/// A whole game against the engine through standard input, as a person
/// would play it: the test answers each prompt with the first legal move
/// the program lists, with some bad input first.
#[test]
fn a_whole_game_against_the_engine() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "run",
            "--quiet",
            "--example",
            "play",
            "--",
            "--level",
            "2",
            "--seed",
            "5",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run the play example");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    // Before each move: a letter of the wrong side, then "help", which
    // lists the legal moves; then the first of them.
    stdin.write_all(b"a\nhelp\n").expect("write");
    let mut transcript = String::new();
    let mut moves = 0;
    for line in stdout
        .split(b'>')
        .map(|chunk| String::from_utf8_lossy(&chunk.expect("read")).into_owned())
    {
        transcript.push_str(&line);
        transcript.push('>');
        if line.contains("Game over:") {
            // Answers already queued get replies; "quit" ends the program,
            // and reading on to the end of its output lets it finish.
            stdin.write_all(b"quit\n").expect("write");
            continue;
        }
        if transcript.contains("Game over:") {
            continue;
        }
        if let Some(legal) = line.split("Legal now: ").nth(1) {
            let first = legal.split_whitespace().next().expect("a legal move");
            moves += 1;
            stdin
                .write_all(format!("{first}\na\nhelp\n").as_bytes())
                .expect("write");
        }
    }
    drop(stdin);
    let status = child.wait().expect("wait");
    assert!(status.success());
    assert!(
        transcript.contains("illegal move a: house is not the side to move's"),
        "{transcript}"
    );
    assert!(
        transcript.contains("North plays "),
        "the engine moved: {transcript}"
    );
    assert!(
        transcript.contains("Game over:"),
        "the game ended: {transcript}"
    );
    assert!(moves > 5, "{moves} moves: {transcript}");
}

/// Issue 12: the intro and `help` said "A-F" on every board; they now give
/// the ruleset's letters (nine houses a side: `A-I`, `a-i`).
#[test]
fn the_letters_shown_are_the_rulesets() {
    let (out, code) = play(&["--variant", "kalah(9,4)"], b"help\nquit\n");
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("You play South (A-I, the bottom row)"),
        "{out}"
    );
    assert!(
        out.contains("Moves: a house letter, A-I for South and a-i for North."),
        "{out}"
    );
    let (out, _) = play(&["--variant", "congkak", "--you", "north"], b"");
    assert!(out.contains("You play North (a-g, the top row)"), "{out}");
}

/// Issue 12: the "agree?" prompt took only `yes`; it now takes y/yes and
/// n/no in any case, and asks again on anything else.
#[test]
fn an_offer_to_draw_takes_y_yes_n_no_in_any_case() {
    // After C, North offers and South answers; North's row holds 25 seeds.
    for (answer, agreed) in [("y", true), ("YES", true), ("No", false), ("n", false)] {
        let input = format!("C\ndraw\nmaybe\n{answer}\nquit\n");
        let (out, code) = play(&["--you", "both"], input.as_bytes());
        assert_eq!(code, Some(0), "{out}");
        assert!(
            out.contains("North offers to end the game, each side taking the seeds on its side. South, agree? (yes/no) South, agree? answer yes or no (y/n) "),
            "{answer}: {out}"
        );
        assert_eq!(
            out.contains("Game over: North wins 25-23 (agreement)"),
            agreed,
            "{answer}: {out}"
        );
        assert_eq!(
            out.contains("no agreement; play on"),
            !agreed,
            "{answer}: {out}"
        );
    }
}

/// Issue 12: `quit` ended an unfinished game without a word; it now says
/// the game is abandoned and what each side captured.
#[test]
fn quit_says_the_game_is_abandoned_with_the_score() {
    // South's F sows a and b and captures both, 2 seeds each.
    let (out, code) = play(
        &[
            "--you",
            "both",
            "--position",
            "1,0,0,0,0,2/1,1,0,0,0,1 s 20 22",
        ],
        b"F\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("captures 4 seeds"), "{out}");
    assert!(
        out.contains(
            "quit: game abandoned at ply 1, unfinished; captured: South 24 seeds, North 22 seeds"
        ),
        "{out}"
    );
    let (out, _) = play(&["--you", "both"], b"C\n");
    assert!(
        out.contains("input ended: game abandoned at ply 1, unfinished; captured: South 0 seeds, North 0 seeds"),
        "{out}"
    );
}
