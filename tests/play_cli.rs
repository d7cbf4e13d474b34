//! The terminal game (`examples/play/`) driven through its standard
//! input, as a person would use it. It runs through `cargo run`, so the
//! example is always built from the current source.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The game's command with `args` and `env`: no save file unless `env`
/// names one, no endgame cache on disk.
fn game(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "--quiet", "--example", "play", "--"])
        .args(args)
        .env("OWARE_PLAY_SAVE", "off")
        .env("OWARE_ENDGAME_CACHE", "off")
        .envs(env.iter().copied());
    command
}

/// Runs `play` with `args` and `env`, feeds it `input`, returns (output,
/// exit code).
fn play_env(args: &[&str], env: &[(&str, &str)], input: &[u8]) -> (String, Option<i32>) {
    run(game(args, env), input)
}

/// Runs `command`, feeds it `input`, returns (output, exit code).
fn run(mut command: Command, input: &[u8]) -> (String, Option<i32>) {
    let mut child = command
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

fn play(args: &[&str], input: &[u8]) -> (String, Option<i32>) {
    play_env(args, &[], input)
}

/// Asserts that `out` contains each of `lines`.
#[track_caller]
fn shows(out: &str, lines: &[&str]) {
    for line in lines {
        assert!(out.contains(line), "missing {line:?} in:\n{out}");
    }
}

/// A fresh path in the target directory for a test's files.
fn temp_file(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("play_cli");
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// A fresh, empty directory in the target directory for a test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("play_cli")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

/// The text of the file at `path`.
#[track_caller]
fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The record of an unfinished two-player game of `moves`.
fn two_player_record(moves: &str) -> String {
    format!(
        "[Variant \"abapa\"]\n[South \"player\"]\n[North \"player\"]\n[Result \"*\"]\n\n{moves} *\n"
    )
}

#[test]
fn bad_input_gets_a_message_and_a_new_prompt() {
    let input = b"C\nc\nxyz\n\xff\xfe\n\ng\n9\n0\nquit\n";
    let (out, code) = play(&["--you", "both"], input);
    assert_eq!(code, Some(0), "{out}");
    shows(
        &out,
        &[
            "C sows 4 seeds into D, E, F, a; the last seed makes a 5",
            // Either case names a house of the side to move.
            "c sows 4 seeds into d, e, f, A; the last seed makes A 5",
            "'xyz' is not a move: type one of A B D E F, or 'help'",
            "that line is not UTF-8 text",
            "there is no house g: South's houses are A–F (or 1–6)",
            "there is no house 9: South's houses are A–F (or 1–6)",
            "there is no house 0: South's houses are A–F (or 1–6)",
            "Game abandoned (quit) after 2 plies, with South 0, North 0 in the stores.",
        ],
    );
}

#[test]
fn commands_in_any_case_numbers_as_houses_and_q() {
    let (out, code) = play(&["--you", "both"], b"3\nHelp\nUNDO\nQ\n");
    assert_eq!(code, Some(0), "{out}");
    shows(
        &out,
        &[
            "C sows 4 seeds into D, E, F, a; the last seed makes a 5",
            "Sow a house of the side to move: its letter (a–f for North, either case) or its number, 1–6, from North's left. Legal now: a b c d e f",
            "Marks: ( ) the house a move was sown from, [ ] where its last seed fell, x x a capture, * a house the opponent can capture next move.",
            "The numbers beside the rows are the stores: North's on the left, South's on the right.",
            "took back C",
        ],
    );
    // Back at the start, nothing to abandon.
    assert!(!out.contains("abandoned"), "{out}");
}

#[test]
fn the_banner_names_the_game_and_the_letters_fit_the_board() {
    let (out, _) = play(&["--variant", "congkak", "--you", "both"], b"h\nhelp\nq\n");
    shows(
        &out,
        &[
            "Congkak, 7 houses a side, 7 seeds in each.",
            "Two players: South (A–G) at the bottom, North (a–g) at the top.",
            "or its number, 1–7, from the mover's left",
            "there is no house h: South's houses are A–G (or 1–7)",
            "its letter (A–G for South, either case) or its number, 1–7",
        ],
    );
    let (out, _) = play(&["--variant", "kalah(9,4)", "--you", "both"], b"j\nC\nq\n");
    shows(
        &out,
        &[
            "Kalah (kalah(9,4) rules), 9 houses a side, 4 seeds in each.",
            "South (A–I) at the bottom, North (a–i) at the top.",
            "there is no house j: South's houses are A–I (or 1–9)",
        ],
    );
    let (out, _) = play(&["--variant", "kalah", "--you", "both"], b"C\nq\n");
    shows(
        &out,
        &[
            "Kalah, 6 houses a side, 4 seeds in each.",
            "C sows 4 seeds into D, E, F, South's store; \
             the last seed falls in South's store: South moves again (K2)",
        ],
    );
    assert!(!out.contains("S*"), "{out}");
    let (out, _) = play(&[], b"q\n");
    shows(
        &out,
        &["Oware (abapa rules), 6 houses a side, 4 seeds in each."],
    );
}

#[test]
fn the_end_is_a_sentence_with_the_rule() {
    // R8's position: North plays f, South cannot feed: a 24-24 draw.
    let (out, code) = play(
        &[
            "--position",
            "0,0,2,0,1,0/0,0,0,0,0,1 n 20 24",
            "--you",
            "both",
        ],
        b"f\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    shows(
        &out,
        &[
            "Game over. South cannot feed North: South takes its 4 seeds (R8); 24-24, a draw.",
            "Type new or rematch to play again (rematch swaps the sides), undo, save or quit.",
        ],
    );
    // A capture to 25 (R9).
    let (out, _) = play(
        &[
            "--position",
            "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21",
            "--you",
            "both",
        ],
        b"F\nq\n",
    );
    shows(
        &out,
        &[
            "F sows 1 seed into a; the last seed makes a 2: captures a (2)",
            "Game over. South has captured more than half the seeds (R9); South wins 26-21.",
        ],
    );
}

#[test]
fn after_the_end_new_rematch_help_and_draw_make_sense() {
    let input = b"f\nhelp\ndraw\nc\nhint\nxyz\nrematch\nq\n";
    let (out, code) = play(
        &[
            "--position",
            "0,0,2,0,1,0/0,0,0,0,0,1 n 20 24",
            "--you",
            "north",
            "--level",
            "1",
            "--seed",
            "3",
        ],
        input,
    );
    assert_eq!(code, Some(0), "{out}");
    shows(
        &out,
        &[
            "game over: new, rematch, undo, save, record or quit> ",
            "The game is over. new: the same players again; rematch: the sides swapped; undo: take back the last move; save FILE: write the game record; record: print it; quit.",
            "the game is over: type new or rematch to play again, or undo",
            "'xyz' is not a command: type new, rematch, undo, save, record or quit",
            "Seed 3 (--seed 3 --position '0,0,2,0,1,0/0,0,0,0,0,1 n 20 24' --you north --level 1 \
             plays the same again).",
            "Rematch.",
            "You play South (A–F), the bottom row; the engine plays North at level 1.",
            "Seed 5 (--seed 5 --position '0,0,2,0,1,0/0,0,0,0,0,1 n 20 24' --level 1 plays the same again).",
        ],
    );
    assert!(!out.contains("plays on"), "{out}");
    let (out, _) = play(
        &[
            "--position",
            "0,0,2,0,1,0/0,0,0,0,0,1 n 20 24",
            "--you",
            "both",
        ],
        b"f\nnew\nq\n",
    );
    shows(&out, &["New game.", "North to move> "]);
}

#[test]
fn a_draw_by_agreement_says_what_it_gives_before_the_question() {
    // South 22 + 1 on its side, North 22 + 3: by R11 North wins 25-23.
    let (out, code) = play(
        &[
            "--position",
            "1,0,0,0,0,0/3,0,0,0,0,0 s 22 22",
            "--you",
            "both",
        ],
        b"draw\nmaybe\nNO\ndraw\nY\nq\n",
    );
    assert_eq!(code, Some(0), "{out}");
    shows(
        &out,
        &[
            "South offers to end the game.\n\
             By agreement each side takes the seeds on its own side (R11): North would win 25-23.\n\
             North, agree? (y/n) please answer y or n",
            "no agreement; play on",
            "Game over. Ended by agreement: each side takes the seeds on its own side (R11); North wins 25-23.",
        ],
    );
    let (out, _) = play(
        &[
            "--position",
            "2,0,0,0,0,0/2,0,0,0,0,0 s 22 22",
            "--you",
            "both",
        ],
        b"draw\ny\nq\n",
    );
    shows(
        &out,
        &[
            "By agreement each side takes the seeds on its own side (R11): 24-24, a draw.",
            "Game over. Ended by agreement: each side takes the seeds on its own side (R11); 24-24, a draw.",
        ],
    );
    // Taking the agreement back saves the game again.
    let save = temp_file("agreement-undone.pgn");
    let file = save.to_str().expect("a UTF-8 path");
    play_env(
        &["--you", "both"],
        &[("OWARE_PLAY_SAVE", file)],
        b"C\ndraw\ny\nundo\nq\n",
    );
    assert_eq!(read(&save), two_player_record("1. C"));
    let (out, _) = play(&["--seed", "1"], b"draw\nq\n");
    shows(
        &out,
        &["the engine declines and plays on (a draw by agreement is for two people: --you both)"],
    );
}

#[test]
fn the_seed_is_random_printed_and_replays() {
    let (out, _) = play(&["--level", "2"], b"q\n");
    let seed = out
        .split("Seed ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .expect("a seed printed");
    shows(
        &out,
        &[&format!("(--seed {seed} --level 2 plays the same again).")],
    );
    let game = |seed: &str| play(&["--level", "1", "--seed", seed, "--you", "north"], b"q\n").0;
    assert_eq!(game("11"), game("11"));
}

#[test]
fn the_engine_thinks_visibly_and_the_board_turns_for_north() {
    let (out, _) = play(&["--level", "5", "--you", "north", "--seed", "2"], b"q\n");
    shows(
        &out,
        &[
            "You play North (a–f), the bottom row; the engine plays South at level 5.",
            "South (level 5) is thinking… South plays ",
            "The numbers beside the rows are the stores: South's on the left, North's on the right.",
        ],
    );
    // North's row at the bottom, left to right as North sees it.
    shows(
        &out,
        &[
            "            F    E    D    C    B    A",
            "            a    b    c    d    e    f",
        ],
    );
}

#[test]
fn engines_respect_you_and_play_to_the_end() {
    let (out, code) = play(&["--engines", "1,2", "--you", "north", "--seed", "9"], b"");
    assert_eq!(code, Some(0), "{out}");
    shows(
        &out,
        &[
            "Level 1 (South) against level 2 (North).",
            "Seed 9 (--seed 9 --engines 1,2 --you north plays the same again).",
            "South (level 1) is thinking… South plays ",
            "            a    b    c    d    e    f",
            "Game over. ",
        ],
    );
    assert!(!out.contains("Type new"), "{out}");
}

/// A hint speaks to the player whose move it is: how they stand, the
/// best move, and the line the engine expects.
#[test]
fn hint_explains_its_score_and_line() {
    let hint = |position: &str| {
        let (out, _) = play(&["--position", position, "--you", "both"], b"HINT\nq\n");
        let line = out
            .lines()
            .find_map(|l| l.split_once("hint: ").map(|(_, hint)| hint.to_owned()))
            .unwrap_or_else(|| panic!("no hint in:\n{out}"));
        assert!(
            !line.contains("score") && !line.contains("good for"),
            "{line}"
        );
        line
    };
    assert_eq!(
        hint("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21"),
        "you can win within 1 ply; best: F (the line: F)"
    );
    assert_eq!(
        hint("0,0,0,0,1,0/1,1,0,0,0,0 s 21 24"),
        "you lose within 3 plies if North plays its best; best: E (the line: E b F)"
    );
    // North has 20 seeds in its store, South none: South is well behind.
    let line = hint("4,4,4,2,0,0/2,2,2,2,2,4 s 0 20");
    let behind: f64 = line
        .strip_prefix("you are ")
        .and_then(|rest| rest.split_once(" seeds behind; best: "))
        .and_then(|(seeds, _)| seeds.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!((10.0..30.0).contains(&behind), "{line}");
    assert!(line.contains(" (the engine's line, "), "{line}");
    // The other way round, ahead (by a forced win, or seeds).
    let line = hint("2,2,2,2,2,4/4,4,4,2,0,0 n 0 20");
    assert!(
        line.starts_with("you can win within ") || line.contains(" seeds ahead; best: "),
        "{line}"
    );
}

#[test]
fn save_and_load_resume_the_game() {
    let path = temp_file("saved.pgn");
    let file = path.to_str().expect("a UTF-8 path");
    let (out, _) = play(
        &["--you", "both"],
        format!("C\nf\nsave {file}\nsave {file}\nq\n").as_bytes(),
    );
    assert_eq!(out.matches("saved the game in").count(), 2, "{out}");
    shows(
        &out,
        &[&format!(
            "saved the game in {file} (--load {file} resumes it)"
        )],
    );
    // Another file is not written over; this game's own save is.
    let (out, _) = play(
        &["--you", "both"],
        format!("C\nsave {file}\nsave {file}\nq\n").as_bytes(),
    );
    shows(
        &out,
        &[&format!(
            "{file} already exists: save to another name (this game's own saves it writes over)"
        )],
    );
    assert_eq!(out.matches("saved the game in").count(), 0, "{out}");
    let (out, code) = play(&["--load", file, "--you", "both"], b"record\nB\nq\n");
    assert_eq!(code, Some(0), "{out}");
    shows(
        &out,
        &[
            &format!("Resumed {file} after 2 plies."),
            "1. C f",
            "South to move> ",
            "B sows 5 seeds into C, D, E, F, a; the last seed makes a 6",
            "Game abandoned (quit) after 3 plies",
        ],
    );
}

/// A file that holds no game, or tags that name no player or no seed, are
/// refused with the reason, unless flags say what the tags would have.
#[test]
fn load_refuses_an_empty_file_and_bad_tags() {
    let empty = temp_file("empty.pgn");
    std::fs::write(&empty, "\n").expect("write");
    let file = empty.to_str().expect("a UTF-8 path");
    let (out, code) = play(&["--load", file], b"q\n");
    assert_eq!(code, Some(2), "{out}");
    assert_eq!(
        out,
        format!("error: {file}: the file is empty: no game to resume\n")
    );
    let bad = temp_file("bad-tags.pgn");
    let file = bad.to_str().expect("a UTF-8 path");
    let record = |south: &str, seed: &str| {
        format!(
            "[Variant \"abapa\"]\n[South \"{south}\"]\n[North \"player\"]\n[Seed \"{seed}\"]\n\
             [Result \"*\"]\n\n1. C *\n"
        )
    };
    std::fs::write(&bad, record("oware level 9", "4")).expect("write");
    let (out, code) = play(&["--load", file], b"q\n");
    assert_eq!(code, Some(2), "{out}");
    assert_eq!(
        out,
        format!(
            "error: {file}: [South \"oware level 9\"] names no player: \"player\", or \
             \"oware level 1\" to \"oware level 5\" (or give --you and --level)\n"
        )
    );
    let (out, _) = play(&["--load", file, "--you", "north", "--level", "2"], b"q\n");
    shows(
        &out,
        &[
            "You play North (a–f), the bottom row; the engine plays South at level 2.",
            "Seed 4.\n",
        ],
    );
    std::fs::write(&bad, record("player", "-1")).expect("write");
    let (out, code) = play(&["--load", file], b"q\n");
    assert_eq!(code, Some(2), "{out}");
    assert_eq!(
        out,
        format!(
            "error: {file}: [Seed \"-1\"] is not a seed: a whole number from 0 to \
             18446744073709551615 (or give --seed)\n"
        )
    );
    let (out, _) = play(&["--load", file, "--seed", "7"], b"q\n");
    shows(&out, &["Resumed", "Two players: South (A–F) at the bottom"]);
}

#[test]
fn the_end_of_input_keeps_the_game_in_the_save_file() {
    let path = temp_file("unfinished.pgn");
    let file = path.to_str().expect("a UTF-8 path");
    let (out, code) = play_env(&["--you", "both"], &[("OWARE_PLAY_SAVE", file)], b"C\nf\n");
    assert_eq!(code, Some(0), "{out}");
    shows(
        &out,
        &[
            &format!("An unfinished game is saved as you play in {file} (--load it to resume)."),
            "Game abandoned (input ended) after 2 plies, with South 0, North 0 in the stores.",
            &format!("It is saved in {file}: --load {file} resumes it."),
        ],
    );
    let (out, _) = play(&["--load", file, "--you", "both"], b"record\nq\n");
    shows(&out, &["1. C f"]);
    // A finished game leaves no save file behind.
    play_env(
        &[
            "--position",
            "0,0,2,0,1,0/0,0,0,0,0,1 n 20 24",
            "--you",
            "both",
        ],
        &[("OWARE_PLAY_SAVE", file)],
        b"f\nq\n",
    );
    assert!(!path.exists());
}

#[test]
fn moves_on_the_command_line_then_play_on() {
    let (out, code) = play(
        &["--moves", "1. C f {a comment} 2. B a", "--you", "both"],
        b"D\nq\n",
    );
    assert_eq!(code, Some(0), "{out}");
    shows(
        &out,
        &[
            "a sows 6 seeds into b, c, d, e, f, A; the last seed makes A 6",
            "D sows 7 seeds into E, F, a, b, c, d, e; the last seed makes e 6",
            "Game abandoned (quit) after 5 plies",
        ],
    );
    let (out, code) = play(&["--moves", "C a C"], b"");
    assert_eq!(code, Some(2));
    shows(&out, &["error: ply 3: illegal move C: house is empty"]);
    let (out, code) = play(&["--position", "4,4,4,4,4,4/4,4,4,4,4,4 s 0 1"], b"");
    assert_eq!(code, Some(2));
    shows(&out, &["49 seeds in houses and stores, the ruleset has 48"]);
}

#[test]
fn a_lap_and_a_grand_slam_are_named() {
    // F holds 12: a lap that skips F (R4).
    let (out, _) = play(
        &[
            "--position",
            "0,0,0,0,0,12/1,1,1,1,1,1 s 15 15",
            "--you",
            "both",
        ],
        b"F\nq\n",
    );
    shows(
        &out,
        &["F sows 12 seeds into a, b, c, d, e, f, A, B, C, D, E, \
           then on lap 2, skipping F (R4), into a; the last seed makes a 3: captures a (3)"],
    );
    // E's last seed would take every North seed: a grand slam (R6).
    let (out, _) = play(
        &[
            "--position",
            "0,0,0,0,2,0/1,0,0,0,0,0 s 22 23",
            "--you",
            "both",
        ],
        b"E\nq\n",
    );
    shows(
        &out,
        &[
            "E sows 2 seeds into F, a; the last seed makes a 2: a grand slam, \
           which would take every seed North has, so nothing is captured (R6)",
        ],
    );
}

#[test]
fn endgame_databases_say_who_uses_them() {
    use oware::endgame::{Convention, Database};
    let dir = temp_file("egdb");
    std::fs::create_dir_all(&dir).expect("a dir");
    let db = Database::build(&oware::Ruleset::abapa(), Convention::EachTakesOwn, 4).expect("build");
    for seeds in 0..=4 {
        db.write_layer_file(&dir, seeds).expect("write");
    }
    let dir = dir.to_str().expect("a UTF-8 path");
    let (out, _) = play(&["--endgame", dir, "--level", "3"], b"q\n");
    shows(
        &out,
        &[
            "Endgame databases: every position with up to 4 seeds on the board (each takes own). Level 3 plays without them (only level 5 does); hint uses them.",
        ],
    );
    let save = temp_file("endgame-unfinished.pgn");
    let file = save.to_str().expect("a UTF-8 path");
    let (out, _) = play_env(
        &["--endgame", dir, "--level", "5", "--you", "both"],
        &[("OWARE_PLAY_SAVE", file)],
        b"C\nq\n",
    );
    shows(
        &out,
        &[
            "(each takes own). hint uses them.",
            // Resuming needs the databases again.
            &format!("It is saved in {file}: --load {file} --endgame {dir} resumes it."),
        ],
    );
    // A hint from the databases: what the mover captures from here on.
    let position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21";
    let game = oware::Game::from_position(position.parse().expect("a position"));
    let (m, value) = db.perfect_move(&game).expect("the database holds it");
    assert!(value > 0, "{value}");
    let (out, _) = play(
        &["--endgame", dir, "--position", position, "--you", "both"],
        b"hint\nq\n",
    );
    shows(
        &out,
        &[&format!(
            "hint: with perfect play you capture {value} {} more than North from here on; \
             best: {m} (endgame database)",
            if value == 1 { "seed" } else { "seeds" }
        )],
    );
}

/// A whole game against the engine through standard input, as a person
/// would play it: the test answers each prompt with the first legal move
/// the program lists, with some bad input first.
#[test]
fn a_whole_game_against_the_engine() {
    use std::io::{BufRead, BufReader};
    let mut child = game(&["--level", "2", "--seed", "5"], &[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run the play example");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    // Before each move: a house the board does not have, then "help",
    // which lists the legal moves; then the first of them.
    stdin.write_all(b"z\nhelp\n").expect("write");
    let mut transcript = String::new();
    let mut moves = 0;
    for chunk in stdout
        .split(b'>')
        .map(|chunk| String::from_utf8_lossy(&chunk.expect("read")).into_owned())
    {
        transcript.push_str(&chunk);
        transcript.push('>');
        if chunk.contains("Game over.") {
            stdin.write_all(b"quit\n").expect("write");
            continue;
        }
        if transcript.contains("Game over.") {
            continue;
        }
        if let Some(legal) = chunk.split("Legal now: ").nth(1) {
            let first = legal.split_whitespace().next().expect("a legal move");
            moves += 1;
            stdin
                .write_all(format!("{first}\nz\nhelp\n").as_bytes())
                .expect("write");
        }
    }
    drop(stdin);
    let status = child.wait().expect("wait");
    assert!(status.success());
    shows(
        &transcript,
        &[
            "there is no house z: South's houses are A–F (or 1–6)",
            "North (level 2) is thinking… North plays ",
            "Game over. ",
        ],
    );
    assert!(moves > 5, "{moves} moves: {transcript}");
}

/// The output of the game with `args` on a pseudo-terminal, typed at by
/// `keys` (a shell command list such as `sleep 1; printf 'C\\n'`), with
/// `env`; `None` (the test is skipped) without `script(1)` (util-linux,
/// which Debian always has). The game is built first, so it starts at once.
fn on_terminal(args: &str, keys: &str, env: &[(&str, &str)]) -> Option<String> {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no script(1)");
        return None;
    }
    let built = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["build", "--quiet", "--example", "play"])
        .status()
        .expect("build the play example");
    assert!(built.success());
    let play = format!("{} run --quiet --example play -- {args}", env!("CARGO"));
    // The input arrives after the game has started; the game reads it
    // from the terminal, which echoes it.
    let shell = format!("({keys}) | script -qefc '{play}' /dev/null");
    let output = Command::new("sh")
        .args(["-c", &shell])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("OWARE_PLAY_SAVE", "off")
        .env("TERM", "xterm-256color")
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .output()
        .expect("run script(1)");
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The animated, coloured path on a pseudo-terminal: frames redrawn in
/// place with cursor moves, the mover's name saying it is moving, colours
/// on, and off again with `NO_COLOR`.
#[test]
fn on_a_terminal_moves_are_animated_in_colour() {
    let keys = "sleep 1; printf 'C\\n'; sleep 1; printf 'q\\n'";
    let Some(out) = on_terminal("--you both --delay 5", keys, &[]) else {
        return;
    };
    shows(
        &out,
        &[
            "\x1b[6A",                 // a frame redrawn over the last
            "\x1b[1;33m( 0)\x1b[0m",   // the origin house
            "\x1b[1;7;32m[ 5]\x1b[0m", // the last seed so far
            "South, moving\r\n",
            "North, to move\r\n",
            "C sows 4 seeds into D, E, F, a; the last seed makes a 5",
        ],
    );
    let plain = on_terminal("--you both --delay 5", keys, &[("NO_COLOR", "1")]).unwrap_or_default();
    shows(
        &plain,
        &[
            "\x1b[6A",
            "( 0)",
            "C sows 4 seeds into D, E, F, a; the last seed makes a 5",
        ],
    );
    assert!(!plain.contains("\x1b[1;33m"), "{plain}");
}

/// Enter during a move skips to its end, drawn over the whole board: the
/// terminal's echo of the line has pushed it one line up.
#[test]
fn enter_skips_a_move_and_redraws_the_whole_board() {
    let keys = "sleep 1; printf 'C\\n'; sleep 1; printf '\\n'; sleep 1; printf 'q\\n'";
    let Some(out) = on_terminal("--you both --delay 400", keys, &[]) else {
        return;
    };
    let (_, skipped) = out.split_once("C\r\n").expect("C echoed");
    let (_, redrawn) = skipped
        .split_once("\r\n\x1b[7A")
        .expect("a redraw of 7 lines");
    assert!(
        redrawn.starts_with("\x1b[2K            f    e    d    c    b    a  \r\n"),
        "{out}"
    );
}

/// An Enter left over from skipping your move (two typed at once) neither
/// skips the engine's move nor counts as echoed under its board: it was
/// echoed before that board was drawn (found by a player trial: the board
/// was redrawn a line too high).
#[test]
fn an_enter_left_over_does_not_skip_the_next_move() {
    let keys = "sleep 1; printf 'C\\n'; sleep 0.2; printf '\\n\\n'; sleep 4; printf 'q\\n'";
    let Some(out) = on_terminal("--level 1 --seed 1 --delay 300", keys, &[]) else {
        return;
    };
    let (_, engine) = out.split_once("North plays").expect("the engine moves");
    let engine = engine.split("South to move>").next().unwrap_or(engine);
    assert!(engine.contains("\x1b[6A"), "not sown seed by seed: {out:?}");
    assert!(
        !engine.contains("\x1b[7A"),
        "redrawn a line too high: {out:?}"
    );
}

/// Ctrl-C while your move is shown: the move is already saved.
#[test]
fn ctrl_c_during_a_move_keeps_it_in_the_save_file() {
    let dir = temp_dir("ctrl-c");
    let save = dir.join("unfinished.pgn");
    let keys = "sleep 1; printf 'C\\n'; sleep 1; printf '\\003'; sleep 1";
    let env = [("OWARE_PLAY_SAVE", save.to_str().expect("a UTF-8 path"))];
    let Some(out) = on_terminal("--you both --delay 1000", keys, &env) else {
        return;
    };
    assert!(!out.contains("C sows"), "the move was still shown: {out}");
    assert_eq!(read(&save), two_player_record("1. C"));
    let file = save.display();
    shows(
        &out,
        &[&format!(
            "Game abandoned (Ctrl-C) after 1 ply, with South 0, North 0 in the stores.\r\n\
             It is saved in {file}: --load {file} resumes it.\r\n"
        )],
    );
}

/// Ctrl-C at the prompt says, as quitting would, where the game is kept.
#[test]
fn ctrl_c_at_the_prompt_says_how_to_resume() {
    let dir = temp_dir("ctrl-c-prompt");
    let save = dir.join("unfinished.pgn");
    let keys = "sleep 1; printf 'C\\n'; sleep 1; printf '\\003'; sleep 1";
    let env = [("OWARE_PLAY_SAVE", save.to_str().expect("a UTF-8 path"))];
    let Some(out) = on_terminal("--you both --delay 0", keys, &env) else {
        return;
    };
    let file = save.display();
    let (_, after) = out.split_once("North to move> ").expect("the prompt");
    assert!(
        after.ends_with(&format!(
            "\r\nGame abandoned (Ctrl-C) after 1 ply, with South 0, North 0 in the stores.\r\n\
             It is saved in {file}: --load {file} resumes it.\r\n"
        )),
        "{out:?}"
    );
    assert_eq!(read(&save), two_player_record("1. C"));
}

#[test]
fn a_new_game_keeps_the_unfinished_game_it_finds() {
    let dir = temp_dir("keep");
    let save = dir.join("unfinished.pgn");
    let kept = dir.join("unfinished-1.pgn");
    let (save_name, kept_name) = (save.display(), kept.display());
    let env = [("OWARE_PLAY_SAVE", save.to_str().expect("a UTF-8 path"))];
    let (out, _) = play_env(&["--you", "both"], &env, b"C\nq\n");
    shows(
        &out,
        &[&format!(
            "Game abandoned (quit) after 1 ply, with South 0, North 0 in the stores.\n\
             It is saved in {save_name}: --load {save_name} resumes it."
        )],
    );
    // A new game moves it aside before it saves its own moves.
    let (out, _) = play_env(&["--you", "both"], &env, b"B\nq\n");
    shows(
        &out,
        &[&format!(
            "An unfinished game was in {save_name}: it is kept in {kept_name} (--load {kept_name} resumes it).\n"
        )],
    );
    assert_eq!(read(&kept), two_player_record("1. C"));
    assert_eq!(read(&save), two_player_record("1. B"));
    // Resuming the save file keeps it where it is; resuming the kept game
    // goes on saving in the kept file, and leaves the save file's game be.
    let (out, _) = play_env(&["--load", &save.display().to_string()], &env, b"q\n");
    assert!(!out.contains("An unfinished game was in"), "{out}");
    let (out, _) = play_env(&["--load", &kept.display().to_string()], &env, b"f\nq\n");
    assert!(!out.contains("An unfinished game was in"), "{out}");
    shows(
        &out,
        &[
            &format!("Resumed {kept_name} after 1 ply."),
            &format!("It is saved in {kept_name}: --load {kept_name} resumes it."),
        ],
    );
    assert_eq!(read(&kept), two_player_record("1. C f"));
    assert_eq!(read(&save), two_player_record("1. B"));
    assert!(!dir.join("unfinished-2.pgn").exists());
    // `new` in the middle of a game moves the save file's game aside.
    let (out, _) = play_env(&["--load", &save.display().to_string()], &env, b"new\nq\n");
    let third = dir.join("unfinished-2.pgn");
    shows(
        &out,
        &[&format!(
            "An unfinished game was in {save_name}: it is kept in {} (--load {} resumes it).\nNew game.",
            third.display(),
            third.display()
        )],
    );
    assert_eq!(read(&third), two_player_record("1. B"));
}

#[test]
fn load_restores_the_players_the_level_and_the_seed() {
    let dir = temp_dir("players");
    let save = dir.join("unfinished.pgn");
    let file = save.to_str().expect("a UTF-8 path");
    let env = [("OWARE_PLAY_SAVE", file)];
    let args = ["--you", "north", "--level", "1", "--seed", "4"];
    play_env(&args, &env, b"a\nq\n");
    assert_eq!(
        read(&save),
        "[Variant \"abapa\"]\n[South \"oware level 1\"]\n[North \"player\"]\n[Seed \"4\"]\n\
         [Result \"*\"]\n\n1. F a 2. A *\n"
    );
    // No flags: North against level 1 with seed 4, North to move.
    let (out, _) = play(&["--load", file], b"record\nq\n");
    shows(
        &out,
        &[
            &format!("Resumed {file} after 3 plies."),
            "You play North (a–f), the bottom row; the engine plays South at level 1.",
            "Seed 4.\n",
            "North to move> [Variant \"abapa\"]\n[South \"oware level 1\"]\n[North \"player\"]",
        ],
    );
    assert!(!out.contains("is thinking"), "{out}");
    // A flag overrides what it says, the tags give the rest.
    let (out, _) = play(&["--load", file, "--level", "2"], b"q\n");
    shows(
        &out,
        &["You play North (a–f), the bottom row; the engine plays South at level 2."],
    );
    let (out, _) = play(&["--load", file, "--you", "both"], b"q\n");
    shows(
        &out,
        &["Two players: South (A–F) at the bottom, North (a–f) at the top."],
    );
}

/// Issue 31: `save "/tmp/q.pgn"` said `the directory "/tmp does not
/// exist`, though the game prints paths quoted for a shell; and `save /tmp`
/// said the directory "already exists: save to another name".
#[test]
fn save_takes_a_quoted_path_and_names_a_directory() {
    let dir = temp_dir("quoted save");
    let double = dir.join("double.pgn");
    let single = dir.join("it's.pgn");
    let bare = dir.join("bare\"name.pgn");
    let input = format!(
        "C\nsave \"{}\"\nsave '{}'\nsave {}\nsave {}\nq\n",
        double.display(),
        single.display().to_string().replace('\'', "'\\''"),
        bare.display(),
        dir.display(),
    );
    let (out, _) = play(&["--you", "both"], input.as_bytes());
    for path in [&double, &single, &bare] {
        assert_eq!(read(path), two_player_record("1. C"), "{out}");
    }
    shows(
        &out,
        &[&format!(
            "{} is a directory: save to a file in it (save DIRECTORY/NAME.pgn)",
            dir.display()
        )],
    );
    assert!(!out.contains("already exists"), "{out}");
}

#[test]
fn save_reads_a_home_tilde_and_makes_no_directory() {
    let home = temp_dir("home");
    let missing = home.join("missing");
    let mut command = game(&["--you", "both"], &[]);
    // Cargo and rustup find themselves without HOME.
    let real_home = PathBuf::from(std::env::var_os("HOME").expect("HOME"));
    for (name, default) in [("CARGO_HOME", ".cargo"), ("RUSTUP_HOME", ".rustup")] {
        let dir = std::env::var_os(name).map_or_else(|| real_home.join(default), PathBuf::from);
        command.env(name, dir);
    }
    command.env("HOME", &home);
    let input = format!(
        "C\nsave\nsave ~/x.pgn\nsave {}/y.pgn\nsave ~\nq\n",
        missing.display()
    );
    let (out, _) = run(command, input.as_bytes());
    let x = home.join("x.pgn");
    shows(
        &out,
        &[
            "save needs a file name: save FILE",
            &format!("saved the game in {0} (--load {0} resumes it)", x.display()),
            &format!(
                "could not save in {0}/y.pgn: the directory {0} does not exist",
                missing.display()
            ),
            // `~` alone is the home directory, not a file named `~`.
            &format!("{} is a directory: save to a file in it", home.display()),
        ],
    );
    assert!(!PathBuf::from("~").exists());
    assert_eq!(read(&x), two_player_record("1. C"));
    assert!(!missing.exists());
}

#[test]
fn the_help_says_save_needs_a_file() {
    let (out, _) = play(&["--you", "both"], b"help\nq\n");
    shows(
        &out,
        &[
            "Commands: hint (the engine's suggestion), undo, draw (offer to end the game by agreement), \
           save FILE (write the game record), record (print it), new, rematch, quit (or q). \
           Enter skips a move being shown.",
        ],
    );
}

#[test]
fn kalah_ends_with_the_seeds_left_in_the_stores() {
    // F's seed falls in South's store and empties South's row: North's f
    // goes to North's store (K4).
    let (out, _) = play(
        &[
            "--position",
            "0,0,0,0,0,1/0,0,0,0,0,1 s 24 22 kalah",
            "--you",
            "both",
        ],
        b"F\nq\n",
    );
    shows(
        &out,
        &[
            "            0    0    0    0    0    0     North\n\
             North's 23                                [25] South's\n\
             \x20 store                                       store\n\
             \x20           0    0    0    0    0  ( 0)    South\n",
            "F sows 1 seed into South's store; the last seed falls in South's store\n\
             Game over. South's houses are empty: the seeds left go to the stores (K4); South wins 25-23.",
        ],
    );
}

/// A Congkak turn of many relays is said one relay a line, and the board
/// is drawn again under it, beside the prompt (a player trial found the
/// board scrolled off the screen).
#[test]
fn a_long_relay_turn_draws_the_board_again_under_it() {
    let (out, _) = play(
        &[
            "--variant",
            "congkak",
            "--level",
            "2",
            "--seed",
            "474141",
            "--delay",
            "0",
        ],
        b"G\nq\n",
    );
    let (_, turn) = out.split_once("North plays b").expect("North's relay turn");
    let (turn, _) = turn.split_once("South to move> ").expect("the prompt");
    let relays = turn
        .lines()
        .filter(|l| l.starts_with("relay (C4), "))
        .count();
    assert_eq!(relays, 12, "{turn}");
    let (_, after) = turn.rsplit_once("relay (C4), ").expect("a relay");
    let board = after.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert!(
        board.starts_with("            g    f    e    d    c    b    a")
            && board.ends_with("            A    B    C    D    E    F    G  "),
        "{board}"
    );
}

/// A second game while one is being played saves beside it, not over it;
/// a lock left by a game that has ended is taken over and given up.
#[test]
fn two_games_at_once_keep_their_own_save_files() {
    let dir = temp_dir("two-games");
    let save = dir.join("unfinished.pgn");
    let lock = dir.join("unfinished.pgn.lock");
    let env = [("OWARE_PLAY_SAVE", save.to_str().expect("a UTF-8 path"))];
    // This test's own process stands for the game being played.
    std::fs::write(&lock, std::process::id().to_string()).expect("write");
    std::fs::write(&save, two_player_record("1. C")).expect("write");
    let (out, _) = play_env(&["--you", "both"], &env, b"F\nq\n");
    let own = dir.join("unfinished-1.pgn");
    shows(
        &out,
        &[&format!(
            "Another game being played saves in {}: this one saves in {}.",
            save.display(),
            own.display()
        )],
    );
    assert_eq!(read(&save), two_player_record("1. C"), "the other game's");
    assert_eq!(read(&own), two_player_record("1. F"));
    assert!(!dir.join("unfinished-1.pgn.lock").exists());
    // A process that is not running: its lock is stale.
    std::fs::write(&lock, "4000000000").expect("write");
    let (out, _) = play_env(&["--you", "both"], &env, b"q\n");
    assert!(!out.contains("Another game"), "{out}");
    assert!(!lock.exists());
}

/// Quitting says honestly whether the game is kept: not when the save
/// file cannot be written, nor when saving is off.
#[test]
fn quitting_says_when_the_game_is_not_saved() {
    let dir = temp_dir("unsaved");
    let file = dir.join("a-file");
    std::fs::write(&file, "").expect("write");
    let save = file.join("unfinished.pgn");
    let env = [("OWARE_PLAY_SAVE", save.to_str().expect("a UTF-8 path"))];
    let (out, _) = play_env(&["--you", "both"], &env, b"C\nq\n");
    shows(
        &out,
        &[
            &format!("cannot save in {} (", save.display()),
            "): this game is not saved as you play ('save FILE' keeps it).",
            "It is not saved (see above); 'save FILE' keeps a game.",
        ],
    );
    // A directory, or a file that is no game, is left alone.
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "important\n").expect("write");
    for path in [&notes, &dir] {
        let env = [("OWARE_PLAY_SAVE", path.to_str().expect("a UTF-8 path"))];
        let (out, _) = play_env(&["--you", "both"], &env, b"C\nq\n");
        shows(
            &out,
            &[&format!(
                "{} is not a saved game: it is left as it is, and this game is not saved as \
                 you play ('save FILE' keeps it).",
                path.display()
            )],
        );
    }
    assert_eq!(read(&notes), "important\n");
    assert!(!dir.with_file_name("unsaved-1").exists());
    let (out, _) = play(&["--you", "both"], b"C\nq\n");
    shows(
        &out,
        &["It is not saved (OWARE_PLAY_SAVE is off); 'save FILE' keeps a game."],
    );
}

/// A finished game loaded says how it ended; a missing file is named so.
#[test]
fn a_finished_game_loaded_says_how_it_ended() {
    let path = temp_file("finished.pgn");
    let file = path.to_str().expect("a UTF-8 path");
    play(
        &[
            "--you",
            "both",
            "--position",
            "0,0,2,0,1,0/0,0,0,0,0,1 n 20 24",
        ],
        format!("f\nsave {file}\nq\n").as_bytes(),
    );
    let (out, _) = play(&["--load", file], b"q\n");
    shows(
        &out,
        &[
            "Game over. South cannot feed North",
            "game over: new, rematch, undo, save, record or quit> ",
        ],
    );
    let missing = temp_file("missing.pgn");
    let (out, code) = play(&["--load", missing.to_str().expect("UTF-8")], b"");
    assert_eq!(code, Some(2));
    assert_eq!(out, format!("error: {}: no such file\n", missing.display()));
}

/// Undo before your first move (playing North) takes back nothing: the
/// engine's opening move stays.
#[test]
fn undo_before_your_first_move_takes_back_nothing() {
    let (out, _) = play(
        &["--you", "north", "--level", "1", "--seed", "1"],
        b"undo\nq\n",
    );
    shows(&out, &["nothing to undo: you have not moved yet"]);
    assert_eq!(out.matches("South plays").count(), 1, "{out}");
}

/// The word after `--load ` in `line`, as `sh` reads it (quotes undone).
fn load_argument_as_sh_reads_it(line: &str) -> String {
    let command = line
        .split("--load ")
        .nth(1)
        .and_then(|rest| rest.split(" resumes it").next())
        .unwrap_or_else(|| panic!("no --load ... resumes it in {line:?}"));
    let output = Command::new("sh")
        .args(["-c", &format!("printf '%s\\n' {command}")])
        .output()
        .expect("run sh");
    let words = String::from_utf8(output.stdout).expect("UTF-8");
    let words: Vec<&str> = words.lines().collect();
    assert_eq!(
        words.len(),
        1,
        "{command:?} is not one word to sh: {words:?}"
    );
    words[0].to_owned()
}

/// A command printed to resume a game pastes back into a shell: a path
/// with a space or a quote in it is quoted, a plain one is not.
#[test]
fn printed_commands_quote_what_a_shell_would_split() {
    let dir = temp_dir("it's a dir");
    let file = dir.join("my game.pgn");
    let name = file.to_str().expect("a UTF-8 path");
    let (out, _) = play(
        &["--you", "both"],
        format!("C\nsave {name}\nq\n").as_bytes(),
    );
    let line = out
        .lines()
        .find(|l| l.contains("saved the game in"))
        .unwrap_or_else(|| panic!("no save in:\n{out}"));
    assert!(
        line.contains(&format!(
            "--load '{}' resumes it",
            name.replace('\'', "'\\''")
        )),
        "{line}"
    );
    assert_eq!(load_argument_as_sh_reads_it(line), name);
    // The unfinished game's own file, when the game is left.
    let save = dir.join("unfinished game.pgn");
    let env = [("OWARE_PLAY_SAVE", save.to_str().expect("a UTF-8 path"))];
    let (out, _) = play_env(&["--you", "both"], &env, b"C\nq\n");
    let line = out
        .lines()
        .find(|l| l.starts_with("It is saved in"))
        .unwrap_or_else(|| panic!("no save file in:\n{out}"));
    assert_eq!(load_argument_as_sh_reads_it(line), save.to_str().unwrap());
    // A plain path is left as it is.
    let plain = temp_file("plain.pgn");
    let plain = plain.to_str().expect("a UTF-8 path");
    let (out, _) = play(
        &["--you", "both"],
        format!("C\nsave {plain}\nq\n").as_bytes(),
    );
    shows(&out, &[&format!("(--load {plain} resumes it)")]);
}

/// A start that fails (moves that do not parse or cannot be played, a
/// file that cannot be loaded) leaves the unfinished game in the save
/// file where it is, and makes no numbered file beside it.
#[test]
fn a_failed_start_leaves_the_unfinished_game_in_place() {
    let dir = temp_dir("failed-start");
    let save = dir.join("unfinished.pgn");
    let env = [("OWARE_PLAY_SAVE", save.to_str().expect("a UTF-8 path"))];
    play_env(&["--you", "both"], &env, b"C\nq\n");
    assert_eq!(read(&save), two_player_record("1. C"));
    let missing = dir.join("missing.pgn");
    for args in [
        &["--moves", "ZZ"][..],
        &["--moves", "C a C"],
        &["--moves", "CfBa", "--load", missing.to_str().unwrap()],
    ] {
        let (out, code) = play_env(args, &env, b"q\n");
        assert_eq!(code, Some(2), "{args:?}: {out}");
        assert!(out.contains("error: "), "{out}");
        assert!(!out.contains("An unfinished game was in"), "{out}");
        assert_eq!(read(&save), two_player_record("1. C"), "{args:?}");
        let files: Vec<_> = std::fs::read_dir(&dir)
            .expect("the directory")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        assert_eq!(files, ["unfinished.pgn"], "{args:?}: {out}");
    }
    let (out, _) = play_env(&["--moves", "C a C"], &env, b"q\n");
    shows(&out, &["error: ply 3: illegal move C: house is empty"]);
    // A start that works still keeps it aside.
    let (out, code) = play_env(&["--moves", "B", "--you", "both"], &env, b"q\n");
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        read(&dir.join("unfinished-1.pgn")),
        two_player_record("1. C")
    );
    assert_eq!(read(&save), two_player_record("1. B"));
}

/// The files in `dir` and under it.
fn files_under(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files.push(path.clone());
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// A hint below level 5 builds no endgame database (level 5's, about a
/// minute of one core and 90 MB, was built by the first hint at any
/// level); level 5 says what it builds, and about how long it takes,
/// before it starts.
#[test]
fn only_level_5_builds_an_endgame_database_and_says_so_first() {
    let cache = temp_dir("endgame-cache");
    // The cached layers to 16 seeds, whatever the machine's memory.
    let env = [
        ("OWARE_ENDGAME_CACHE", cache.to_str().expect("a UTF-8 path")),
        ("OWARE_ENDGAME_SEEDS", "16"),
    ];
    // Two hints: the search (up to 2 s) gives a build time to start.
    let (out, _) = play_env(
        &["--level", "1", "--seed", "1"],
        &env,
        b"hint\nA\nhint\nq\n",
    );
    assert_eq!(out.matches("hint: ").count(), 2, "{out}");
    assert!(!out.contains("builds"), "{out}");
    assert_eq!(files_under(&cache), Vec::<PathBuf>::new(), "{out}");
    let (out, _) = play_env(&["--you", "both"], &env, b"hint\nq\n");
    assert!(out.contains("hint: "), "{out}");
    assert_eq!(files_under(&cache), Vec::<PathBuf>::new(), "{out}");
    // Level 5 says what it will build before its first move (here it
    // never moves: nothing is built).
    let (out, _) = play_env(&["--level", "5"], &env, b"q\n");
    let abapa = cache.join("abapa");
    shows(
        &out,
        &[&format!(
            "Level 5 builds its endgame database the first time it moves or gives a hint: \
             every position with up to 12 seeds on the board, in memory (a few seconds), \
             then up to 16 seeds, into {} (about 45 seconds of one core, about 90 MB on disk; \
             once on this machine: later games load it). \
             It plays on meanwhile, using each part once it is ready.",
            abapa.display()
        )],
    );
    assert_eq!(files_under(&cache), Vec::<PathBuf>::new(), "{out}");
    let (out, _) = play(&["--level", "5"], b"q\n");
    shows(
        &out,
        &[
            "every position with up to 12 seeds on the board, in memory \
           (a few seconds; OWARE_ENDGAME_CACHE is off: for this game only).",
        ],
    );
    // A cache under a file cannot be written: nothing is promised there.
    let file = cache.join("a-file");
    std::fs::write(&file, "").expect("write");
    let under_file = [
        ("OWARE_ENDGAME_CACHE", file.to_str().expect("a UTF-8 path")),
        ("OWARE_ENDGAME_SEEDS", "16"),
    ];
    let (out, _) = play_env(&["--level", "5"], &under_file, b"q\n");
    shows(
        &out,
        &[
            "every position with up to 12 seeds on the board, in memory \
           (a few seconds; no cache directory can be written: for this game only).",
        ],
    );
    std::fs::remove_file(&file).expect("remove");
    // With the first layers cached, the rest; with all of them, nothing.
    std::fs::create_dir_all(&abapa).expect("a directory");
    for seeds in 0..=12 {
        std::fs::write(abapa.join(format!("own-{seeds:02}.owdb")), "").expect("write");
    }
    let (out, _) = play_env(&["--level", "5"], &env, b"q\n");
    shows(
        &out,
        &[&format!(
            "first time it moves or gives a hint: up to 16 seeds, into {} (about 45 seconds",
            abapa.display()
        )],
    );
    for seeds in 13..=16 {
        std::fs::write(abapa.join(format!("own-{seeds:02}.owdb")), "").expect("write");
    }
    let (out, _) = play_env(&["--level", "5"], &env, b"q\n");
    assert!(!out.contains("builds"), "{out}");
    // Not for level 4.
    let (out, _) = play_env(&["--level", "4"], &env, b"q\n");
    assert!(!out.contains("builds"), "{out}");
}

#[test]
fn version_says_the_version() {
    let (out, code) = play(&["--version"], b"");
    assert_eq!(code, Some(0), "{out}");
    let expected = format!("oware-play {}", env!("CARGO_PKG_VERSION"));
    assert_eq!(out.trim_end(), expected);
}

/// Issue 31: the installed binary said `oware-workspace 0.1.0`, the
/// private root package's name, not its own.
#[test]
fn the_binary_says_its_own_name_and_version() {
    let output = Command::new(env!("CARGO_BIN_EXE_oware-play"))
        .arg("--version")
        .env("OWARE_PLAY_SAVE", "off")
        .output()
        .expect("run oware-play");
    assert!(output.status.success());
    let expected = format!("oware-play {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
}
