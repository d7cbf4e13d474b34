//! An outside engine run as a child process (`sh -c CMD`) and spoken to in
//! the UCI dialect of `examples/uci.rs` and Aalina: moves as run-together
//! letters after `position startpos moves`, and Aalina's `EngineTurn`
//! option set before each `go` when the engine has it.

use core::fmt;
use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use oware::{Game, Ruleset};

use crate::common::{Line, read_line};

/// How long an engine may take to start and answer `uci` (Java's start-up
/// and Aalina's opening book take a few seconds).
const STARTUP: Duration = Duration::from_secs(60);
/// How long `isready` may take.
const READY: Duration = Duration::from_secs(30);
/// How much longer than its move time an engine may take to answer `go`.
pub const GRACE: Duration = Duration::from_secs(5);

/// A running outside engine.
#[derive(Debug)]
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The name it gave with `id name`.
    pub name: String,
    /// Whether it has Aalina's `EngineTurn` option.
    engine_turn: bool,
}

/// Why an outside engine failed.
#[derive(Debug)]
pub enum ClientError {
    /// It could not be started or written to.
    Io(io::Error),
    /// Its output ended: it exited or crashed.
    Exited,
    /// It did not answer in time.
    Timeout {
        /// The answer it owed.
        waiting_for: &'static str,
        /// How long it had.
        limit: Duration,
    },
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Io(e) => write!(f, "engine input/output failed: {e}"),
            ClientError::Exited => f.write_str("engine exited"),
            ClientError::Timeout { waiting_for, limit } => {
                write!(f, "no {waiting_for} within {} ms", limit.as_millis())
            }
        }
    }
}

impl From<io::Error> for ClientError {
    fn from(e: io::Error) -> ClientError {
        ClientError::Io(e)
    }
}

impl Client {
    /// Starts `sh -c command`, reads its `uci` answer and sets its
    /// `Variant` option to `ruleset` if it has one (our engine does;
    /// Aalina plays one ruleset and has none).
    pub fn start(command: &str, ruleset: Ruleset) -> Result<Client, ClientError> {
        // A process group of its own, so that killing it kills the engine
        // the shell started, not only the shell.
        let mut shell = Command::new("sh");
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut shell, 0);
        let mut child = shell
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut client = Client {
            child,
            stdin,
            lines: spawn_reader(stdout),
            name: String::from("engine"),
            engine_turn: false,
        };
        client.send("uci")?;
        let answer = client.until("uciok", STARTUP)?;
        client.learn(&answer);
        if answer.iter().any(|l| option_name(l) == Some("Variant")) {
            client.send(&format!("setoption name Variant value {ruleset}"))?;
        }
        Ok(client)
    }

    /// Takes the name and the options from the `uci` answer.
    fn learn(&mut self, answer: &[String]) {
        for line in answer {
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_owned();
            }
            self.engine_turn |= option_name(line) == Some("EngineTurn");
        }
    }

    /// `ucinewgame`, then `isready` until `readyok`.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.until("readyok", READY).map(drop)
    }

    /// The engine's move (the word after `bestmove`) in `game`, which
    /// started from its ruleset's start, within `movetime` plus
    /// [`GRACE`].
    pub fn best_move(&mut self, game: &Game, movetime: Duration) -> Result<String, ClientError> {
        let moves: String = game.moves().iter().map(|m| m.char()).collect();
        if moves.is_empty() {
            self.send("position startpos")?;
        } else {
            self.send(&format!("position startpos moves {moves}"))?;
        }
        if self.engine_turn {
            let side = game.position().turn().fold_sn("south", "north");
            self.send(&format!("setoption name EngineTurn value {side}"))?;
        }
        self.send(&format!("go movetime {}", movetime.as_millis()))?;
        let answer = self.until("bestmove", movetime + GRACE)?;
        let last = answer.last().map_or("", String::as_str);
        Ok(last.split_whitespace().nth(1).unwrap_or("").to_owned())
    }

    fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()?;
        Ok(())
    }

    /// The lines up to and including the first whose first word is
    /// `word`.
    fn until(&mut self, word: &'static str, limit: Duration) -> Result<Vec<String>, ClientError> {
        let deadline = Instant::now() + limit;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(word);
                    lines.push(line);
                    if done {
                        return Ok(lines);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError::Timeout {
                        waiting_for: word,
                        limit,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(ClientError::Exited),
            }
        }
    }
}

impl Drop for Client {
    /// Sends `quit`, gives the engine a moment to exit, then kills it.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        #[cfg(unix)]
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A thread that passes on the engine's output lines (text lines of
/// bounded length; others are dropped) until it ends.
fn spawn_reader(stdout: impl io::Read + Send + 'static) -> Receiver<String> {
    let (send, lines) = mpsc::channel();
    thread::spawn(move || {
        let mut stdout = BufReader::new(stdout);
        loop {
            match read_line(&mut stdout) {
                Ok(Line::Text(line)) => {
                    if send.send(line).is_err() {
                        return;
                    }
                }
                Ok(Line::TooLong | Line::NotUtf8) => {}
                Ok(Line::End) | Err(_) => return,
            }
        }
    });
    lines
}

/// The name of an `option name <name> type ...` line.
fn option_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("option name ")?;
    Some(rest.split(" type ").next().unwrap_or(rest).trim())
}
