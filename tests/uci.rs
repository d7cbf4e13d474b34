//! The engine protocol (`examples/uci.rs`) driven as a GUI drives it, and
//! the match runner (`examples/match.rs --engine`) playing against it. The
//! examples run through `cargo run`, so they are always built from the
//! current source.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use oware::search::Book;
use oware::{Game, Move, Position};

/// The command that starts the engine, from the workspace directory.
const ENGINE: &str = "cargo run --quiet --example uci";

/// Long enough for `cargo run` to start the engine on a loaded machine.
const STARTUP: Duration = Duration::from_secs(120);

/// A running engine: its input, and its output lines as they come.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Everything it printed so far, for failure messages.
    transcript: String,
}

impl Engine {
    /// Starts the engine and waits until it answers `isready`.
    fn start() -> Engine {
        Engine::start_with_env(&[]).0
    }

    /// Starts the engine with the environment variables `env` set, waits
    /// until it answers `isready` and returns the lines up to `readyok`.
    fn start_with_env(env: &[(&str, &str)]) -> (Engine, Vec<String>) {
        let mut child = Command::new("sh")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["-c", &format!("exec {ENGINE}")])
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("run the uci example");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            transcript: String::new(),
        };
        engine.send("isready");
        let lines = engine.until("readyok", STARTUP);
        (engine, lines)
    }

    fn send(&mut self, line: &str) {
        self.transcript += &format!("> {line}\n");
        writeln!(self.stdin, "{line}").expect("write to the engine");
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write to the engine");
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Ok(line) = self.lines.recv_timeout(left) else {
                panic!("no {prefix:?} within {timeout:?}:\n{}", self.transcript);
            };
            self.transcript += &format!("{line}\n");
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// The reply to `command`: the lines up to the one starting with
    /// `last`, within 10 s.
    fn ask(&mut self, command: &str, last: &str) -> Vec<String> {
        self.send(command);
        self.until(last, Duration::from_secs(10))
    }

    /// The move of the `bestmove` line that ends `lines`.
    fn best_move(lines: &[String]) -> &str {
        let last = lines.last().expect("a bestmove line");
        last.strip_prefix("bestmove ").expect("bestmove")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The game after `moves` (letters) from the start.
fn game_after(moves: &str) -> Game {
    let mut game = Game::default();
    for m in moves.chars() {
        game.play(m.to_string().parse().unwrap()).unwrap();
    }
    game
}

/// Checks the words of an `info` line of iteration `depth` and returns its
/// principal variation.
fn check_info(line: &str, depth: u8) -> Vec<Move> {
    let words: Vec<&str> = line.split(' ').collect();
    let number = |i: usize| words[i].parse::<i64>().is_ok();
    assert_eq!(words[..3], ["info", "depth", &depth.to_string()], "{line}");
    assert!(words[3] == "score" && ["cp", "mate"].contains(&words[4]) && number(5));
    for (i, name) in [(6, "nodes"), (8, "nps"), (10, "time")] {
        assert!(words[i] == name && number(i + 1), "{line}");
    }
    assert_eq!(words[12], "pv", "{line}");
    words[13..].iter().map(|w| w.parse().unwrap()).collect()
}

#[test]
fn uci_names_the_engine_and_its_options() {
    let mut engine = Engine::start();
    let lines = engine.ask("uci", "uciok");
    assert_eq!(
        lines[0],
        format!("id name oware {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for name in ["Hash", "Threads", "Variant", "Level", "EngineTurn"] {
        let option = format!("option name {name} type ");
        assert!(lines.iter().any(|l| l.starts_with(&option)), "{lines:?}");
    }
    assert_eq!(lines.last().unwrap(), "uciok");
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
}

#[test]
fn go_depth_reports_every_iteration_then_a_legal_move() {
    let mut engine = Engine::start();
    // One thread and a fresh table for each search: the same position then has
    // the same best move (more threads may settle ties differently each run).
    engine.send("setoption name Threads value 1");
    engine.send("position startpos moves CfBa");
    let lines = engine.ask("go depth 4", "bestmove");
    assert_eq!(lines.len(), 5, "{lines:?}");
    let game = game_after("CfBa");
    for (depth, line) in (1..=4).zip(&lines) {
        let pv = check_info(line, depth);
        let mut line_game = game.clone();
        for m in pv {
            line_game.play(m).unwrap();
        }
    }
    let best: Move = Engine::best_move(&lines).parse().unwrap();
    assert!(game.is_legal(best), "{lines:?}");
    assert_eq!(check_info(&lines[3], 4)[0], best);
    // Spaced moves are the same position.
    engine.send("ucinewgame");
    engine.send("position startpos moves C f B a");
    let spaced = engine.ask("go depth 4", "bestmove");
    assert_eq!(Engine::best_move(&spaced), best.to_string());
}

#[test]
fn a_bad_position_or_move_leaves_the_position_as_it_was() {
    let mut engine = Engine::start();
    // North to move: the engine's move must stay a North letter.
    engine.send("position fen 4,4,4,4,4,4/4,4,4,4,4,4 n 0 0");
    let replies = [
        (
            "position startpos moves CfBaG",
            "info string error: ply 5: illegal move G: no such house in this ruleset; the position is unchanged",
        ),
        (
            "position startpos moves Cf7",
            "info string error: ply 3: '7' is not a house letter; the position is unchanged",
        ),
        (
            "position fen 4,4,4,4,4,4/4,4,4,4,4,4 n 0 0 moves a a",
            "info string error: ply 2: illegal move a: house is not the side to move's; the position is unchanged",
        ),
        (
            "position fen 4,4,4,4,4,4/4,4,4,4,4,4 s 0 1",
            "info string error: invalid position: 49 seeds in houses and stores, the ruleset has 48; the position is unchanged",
        ),
        (
            "position",
            "info string error: expected position startpos|fen <position> [moves ...]",
        ),
    ];
    for (command, reply) in replies {
        assert_eq!(engine.ask(command, "info string"), [reply]);
    }
    let lines = engine.ask("go depth 3", "bestmove");
    let best: Move = Engine::best_move(&lines).parse().unwrap();
    assert_eq!(best.side(), oware::Side::North, "{lines:?}");
    // Aalina's diagram is a position too.
    engine.send("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-N moves a");
    let lines = engine.ask("go depth 2", "bestmove");
    let game: Game = "5,4,4,4,4,4/0,5,5,5,4,4 s 0 0"
        .parse::<Position>()
        .unwrap()
        .into();
    assert!(game.is_legal(Engine::best_move(&lines).parse().unwrap()));
}

#[test]
fn stop_ends_an_infinite_search_at_once() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(500));
    let asked = Instant::now();
    let lines = engine.ask("stop", "bestmove");
    let waited = asked.elapsed();
    eprintln!("stop answered in {waited:?}");
    assert!(waited < Duration::from_secs(2), "{waited:?}");
    assert!(Game::default().is_legal(Engine::best_move(&lines).parse().unwrap()));
    // Infinite is deeper than the library's default search (8 plies).
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 9 ")),
        "{lines:?}"
    );
    // The next search is a whole one: the stop does not carry over.
    let lines = engine.ask("go depth 5", "bestmove");
    assert!(
        lines[lines.len() - 2].starts_with("info depth 5 "),
        "{lines:?}"
    );
}

#[test]
fn go_movetime_keeps_to_its_time() {
    let mut engine = Engine::start();
    // Six plies in: past the opening book.
    engine.send("position startpos moves CfBaDc");
    assert!(
        Book::standard()
            .get(game_after("CfBaDc").position())
            .is_none()
    );
    let asked = Instant::now();
    let lines = engine.ask("go movetime 300", "bestmove");
    let waited = asked.elapsed();
    eprintln!("go movetime 300 answered in {waited:?}");
    // Within the budget (plus a margin for a loaded machine); it may stop
    // sooner, not starting an iteration it expects not to get far in.
    assert!(waited < Duration::from_millis(300 + 1500), "{waited:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 6 ")),
        "it searched: {lines:?}"
    );
    assert!(game_after("CfBaDc").is_legal(Engine::best_move(&lines).parse().unwrap()));
}

#[test]
fn level_five_plays_its_book_in_timed_games_and_searches_for_analysis() {
    let mut engine = Engine::start();
    engine.send("position startpos moves C");
    let entry = Book::standard()
        .get(game_after("C").position())
        .expect("in the book");
    let lines = engine.ask("go movetime 5000", "bestmove");
    assert_eq!(
        lines[0],
        format!("info string book move (searched to depth {})", entry.depth)
    );
    assert_eq!(Engine::best_move(&lines), entry.best_move.to_string());
    let lines = engine.ask("go depth 3", "bestmove");
    assert!(lines[0].starts_with("info depth 1 "), "{lines:?}");
}

#[test]
fn forced_results_and_finished_games() {
    let mut engine = Engine::start();
    // South's only move, F, captures 2 and reaches 26: a win in one ply.
    engine.send("position fen 0,0,0,0,0,1/1,0,0,0,0,1 s 24 21");
    let lines = engine.ask("go depth 5", "bestmove");
    assert!(
        lines[0].starts_with("info depth 1 score mate 1 "),
        "{lines:?}"
    );
    assert_eq!(lines[1], "bestmove F");
    engine.send("position fen 0,0,0,0,0,0/0,0,0,0,0,2 s 21 25");
    let lines = engine.ask("go depth 5", "bestmove");
    assert_eq!(
        lines,
        [
            "info string game over: North wins 25-21 (majority)",
            "bestmove 0000"
        ]
    );
}

#[test]
fn options_and_bad_input() {
    let mut engine = Engine::start();
    let replies = [
        ("foo bar", "info string unknown command foo"),
        (
            "setoption name Hash value 0",
            "info string error: option Hash takes 1..1024, not \"0\"",
        ),
        (
            "setoption name Level value 9",
            "info string error: option Level takes 1..5, not \"9\"",
        ),
        (
            "setoption name Threads value 65",
            "info string error: option Threads takes 1..64, not \"65\"",
        ),
        (
            "setoption name Colour value red",
            "info string error: unknown option Colour",
        ),
    ];
    for (command, reply) in replies {
        assert_eq!(engine.ask(command, "info string"), [reply]);
    }
    engine.send("setoption name EngineTurn value north");
    engine.send("setoption name Hash value 2");
    engine.send("setoption name Variant value kalah");
    engine.send("position startpos moves C");
    let lines = engine.ask("go depth 3", "bestmove");
    // Kalah: C ends in the store, so South moves again.
    let mut game = Game::new("kalah".parse().unwrap());
    game.play("C".parse().unwrap()).unwrap();
    assert!(game.is_legal(Engine::best_move(&lines).parse().unwrap()));
    engine.send("setoption name Level value 2");
    let lines = engine.ask("go", "bestmove");
    assert_eq!(lines.len(), 1, "level 2 does not search: {lines:?}");
    engine.send_bytes(&vec![b'x'; 70 * 1024]);
    engine.send_bytes(b"\n\xff\xfe\n");
    assert_eq!(
        engine.until("info string", Duration::from_secs(10)),
        ["info string error: line longer than 65536 bytes ignored"]
    );
    assert_eq!(
        engine.until("info string", Duration::from_secs(10)),
        ["info string error: line is not UTF-8 text"]
    );
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
}

/// Issue 12: level 5 built its endgame database on first use without a
/// word; now the first `isready` (or `go`) at level 5 says so, once a
/// ruleset, and `help` tells it too.
#[test]
fn level_five_says_it_builds_its_endgame_database() {
    let (mut engine, lines) = Engine::start_with_env(&[("OWARE_ENDGAME_CACHE", "off")]);
    assert_eq!(
        lines,
        [
            "info string level 5 builds its endgame database for abapa in the background (no cache directory: built again each run); it searches without it until it is ready",
            "readyok"
        ]
    );
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
    // Kalah has no endgame database; level 4 does not use one.
    engine.send("setoption name Variant value kalah");
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
    engine.send("setoption name Variant value awale");
    engine.send("setoption name Level value 4");
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
    engine.send("setoption name Level value 5");
    let lines = engine.ask("go depth 1", "bestmove");
    assert!(
        lines[0].starts_with("info string level 5 builds its endgame database for awale "),
        "{lines:?}"
    );
    let lines = engine.ask("help", "info string and keeps");
    assert!(
        lines.iter().any(|l| l.starts_with(
            "info string level 5 (the default) builds the ruleset's endgame database on first use"
        )),
        "{lines:?}"
    );
}

/// Issue 12: `go movetime` with a number past 64 bits said only that it
/// "needs a number"; the message now gives the largest.
#[test]
fn a_go_number_too_large_names_the_limit() {
    let mut engine = Engine::start();
    let lines = engine.ask("go movetime 99999999999999999999 depth 2", "bestmove");
    assert_eq!(
        lines[0],
        "info string error: go movetime takes at most 18446744073709551615, not 99999999999999999999; ignored"
    );
    assert!(lines[1].starts_with("info depth 1 "), "{lines:?}");
    let lines = engine.ask("go depth +2", "bestmove");
    assert_eq!(
        lines[0],
        "info string error: go depth needs a number; ignored"
    );
}

#[test]
fn quit_stops_a_search_and_exits() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    let lines = engine.ask("quit", "bestmove");
    assert_eq!(
        lines.len() - 1,
        lines.iter().filter(|l| l.starts_with("info depth")).count()
    );
    let status = engine.child.wait().expect("wait");
    assert!(status.success());
}

/// Runs the match example with `args`; returns its output and whether it
/// succeeded.
fn run_match(args: &[&str]) -> (String, bool) {
    let output = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["run", "--quiet", "--example", "match", "--"])
        .args(args)
        .output()
        .expect("run the match example");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (text, output.status.success())
}

/// The wins, draws and losses of the match summary `label: +W =D -L (...`.
fn wins_draws_losses(text: &str) -> [u32; 3] {
    let summary = text
        .lines()
        .find_map(|l| l.split_once(": +"))
        .map(|(_, rest)| rest.to_owned())
        .unwrap_or_else(|| panic!("no W-D-L line in {text}"));
    let counts: Vec<u32> = summary
        .split([' ', '=', '-'])
        .filter(|w| !w.is_empty())
        .take(3)
        .map(|w| w.parse().unwrap())
        .collect();
    counts.try_into().unwrap()
}

/// A match of two games between our engine and itself through the
/// protocol, with this crate as referee.
#[test]
fn match_against_an_engine_through_the_protocol() {
    let (text, ok) = run_match(&["--engine", ENGINE, "--games", "2", "--movetime", "50"]);
    eprintln!("{text}");
    assert!(ok, "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{text}"
    );
    assert_eq!(wins_draws_losses(&text).iter().sum::<u32>(), 2, "{text}");
    assert!(
        text.contains("mean seed margin (ours minus theirs): "),
        "{text}"
    );
}

/// A stand-in engine for `sh -c`: answers `uci` and `isready`, and `go`
/// by running `GO` (replaced by each test).
const FAKE: &str = r#"while read -r line; do case "$line" in uci) echo "id name fake"; echo uciok;; isready) echo readyok;; go*) GO;; quit) exit;; esac; done"#;

#[test]
fn the_outside_engine_can_have_a_time_of_its_own() {
    // The fake writes each `go` it gets into a file, then crashes: a
    // forfeit, and a new start for the next game.
    let dir = std::env::temp_dir().join(format!("oware-their-movetime-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("go.txt");
    let fake = FAKE.replace(
        "GO",
        &format!("echo \"$line\" >> '{}'; exit 3", log.display()),
    );
    let (text, ok) = run_match(&[
        "--engine",
        &fake,
        "--games",
        "2",
        "--movetime",
        "20",
        "--their-movetime",
        "70",
    ]);
    assert!(ok, "{text}");
    assert!(
        text.contains("time per move ours 20 ms, theirs 70 ms"),
        "{text}"
    );
    let gos = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        gos.lines().collect::<Vec<_>>(),
        ["go movetime 70"; 2],
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_illegal_move_or_a_crash_loses_the_game() {
    let illegal = FAKE.replace("GO", "echo bestmove G");
    let (text, ok) = run_match(&["--engine", &illegal, "--games", "2", "--movetime", "20"]);
    assert!(ok, "{text}");
    assert_eq!(wins_draws_losses(&text), [2, 0, 0], "{text}");
    assert!(
        text.contains("win (theirs forfeits: illegal move G: no such house in this ruleset"),
        "{text}"
    );
    // It exits at its first go: it is started again for the second game.
    let crash = FAKE.replace("GO", "exit 3");
    let (text, ok) = run_match(&["--engine", &crash, "--games", "2", "--movetime", "20"]);
    assert!(ok, "{text}");
    assert_eq!(wins_draws_losses(&text), [2, 0, 0], "{text}");
    assert_eq!(
        text.matches("win (theirs forfeits: engine exited").count(),
        2,
        "{text}"
    );
}

/// `--openings FILE`: each pair of games starts from the next line of the
/// file (comments and blank lines skipped, going round), and a line that
/// is not a legal opening is refused before any game, naming the line.
#[test]
fn pairs_start_from_the_openings_of_a_file() {
    let dir = std::env::temp_dir().join(format!("oware-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("openings.txt");
    std::fs::write(&file, "1. C f 2. B a\n\n# a comment\nA\n").unwrap();
    // The fake notes each position it is given, then crashes at its go.
    let log = dir.join("positions.txt");
    let fake = FAKE.replace("GO", "exit 3").replace(
        "quit)",
        &format!("position*) echo \"$line\" >> '{}';; quit)", log.display()),
    );
    let file_arg = file.to_str().unwrap();
    let (text, ok) = run_match(&[
        "--engine",
        &fake,
        "--games",
        "6",
        "--movetime",
        "20",
        "--openings",
        file_arg,
    ]);
    assert!(ok, "{text}");
    assert!(text.contains("openings 2 from the file"), "{text}");
    let openings: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once(", opening ")?.1.split_once(':'))
        .map(|(opening, _)| opening)
        .collect();
    assert_eq!(
        openings,
        ["line 1", "line 1", "line 4", "line 4", "line 1", "line 1"],
        "{text}"
    );
    // Ours is South in the first game of each pair: after `CfBa` South
    // moves, so the engine's first position is the opening and our move;
    // in the second, the opening alone. After `A` North is to move.
    let positions = std::fs::read_to_string(&log).unwrap();
    let firsts: Vec<&str> = positions.lines().collect();
    assert_eq!(firsts.len(), 6, "{positions}");
    for (line, opening, theirs_first) in [
        (firsts[0], "CfBa", false),
        (firsts[1], "CfBa", true),
        (firsts[2], "A", true),
        (firsts[3], "A", false),
    ] {
        let moves = line.strip_prefix("position startpos moves ").unwrap();
        assert!(moves.starts_with(opening), "{positions}");
        assert_eq!(moves.len() == opening.len(), theirs_first, "{positions}");
    }
    // An illegal move (a is North's, and South moves first), on line 2.
    std::fs::write(&file, "Cf\na\n").unwrap();
    let (text, ok) = run_match(&["--engine", &fake, "--games", "2", "--openings", file_arg]);
    assert!(!ok, "{text}");
    assert!(
        text.contains("openings.txt: line 2: ply 1: illegal move a: "),
        "{text}"
    );
    // A match keeps only the openings its pairs play (every line is still
    // checked): one pair, one of three.
    std::fs::write(&file, "Cf\nBa\nDc\n").unwrap();
    let (text, ok) = run_match(&["--engine", &fake, "--games", "2", "--openings", file_arg]);
    assert!(ok && text.contains("openings 1 from the file"), "{text}");
    // Random plies and a file of openings do not go together.
    let (text, ok) = run_match(&[
        "--engine",
        &fake,
        "--openings",
        file_arg,
        "--opening-plies",
        "4",
    ]);
    assert!(!ok && text.contains("cannot be used with"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
