//! What the player types: lines read on a thread of their own (so that a
//! line typed during a move's animation can skip it), and what they ask for.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use oware::{House, Move, Position};

use super::words;

/// One line of input.
#[derive(Debug)]
pub enum Input {
    Line(String),
    NotUtf8,
    /// The end of the input (Ctrl-D, or the end of a pipe).
    End,
}

/// Standard input, read line by line on a thread.
#[derive(Debug)]
pub struct Keyboard {
    lines: Receiver<Input>,
    /// Lines read while a move was shown, kept for the next prompt.
    ahead: VecDeque<Input>,
}

impl Keyboard {
    /// Starts reading standard input.
    pub fn start() -> Keyboard {
        let (send, lines) = channel();
        std::thread::spawn(move || {
            let mut input = std::io::stdin().lock();
            loop {
                let mut bytes = Vec::new();
                let line = match input.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => Input::End,
                    Ok(_) => String::from_utf8(bytes).map_or(Input::NotUtf8, Input::Line),
                };
                let end = matches!(line, Input::End);
                if send.send(line).is_err() || end {
                    return;
                }
            }
        });
        Keyboard {
            lines,
            ahead: VecDeque::new(),
        }
    }

    /// The next line, waiting for it.
    pub fn next(&mut self) -> Input {
        self.ahead
            .pop_front()
            .unwrap_or_else(|| self.lines.recv().unwrap_or(Input::End))
    }

    /// Takes in what was typed before a move is shown: an Enter that came
    /// too late to skip the last move is dropped (it must not skip this one,
    /// nor be counted as echoed under its board); other lines wait for the
    /// prompt.
    pub fn settle(&mut self) {
        while let Ok(input) = self.lines.try_recv() {
            match input {
                Input::Line(line) if line.trim().is_empty() => {}
                input => self.ahead.push_back(input),
            }
        }
    }

    /// Waits up to `time` for a line that skips a move being shown (an
    /// empty one, Enter, only skips; others are kept for the next prompt).
    pub fn wait(&mut self, time: Duration) -> Typed {
        if !self.ahead.is_empty() {
            return Typed::Earlier;
        }
        match self.lines.recv_timeout(time) {
            Ok(Input::Line(line)) if line.trim().is_empty() => Typed::Line,
            Ok(Input::End) | Err(RecvTimeoutError::Disconnected) => {
                self.ahead.push_back(Input::End);
                Typed::Earlier
            }
            Ok(input) => {
                self.ahead.push_back(input);
                Typed::Line
            }
            Err(RecvTimeoutError::Timeout) => Typed::Nothing,
        }
    }

    /// Asks a yes-or-no `question` until the answer is one: y, yes, n or
    /// no in any case; the end of the input is no.
    pub fn yes(&mut self, question: &str) -> bool {
        loop {
            say_part!("{question} (y/n) ");
            match self.next() {
                Input::Line(line) => match line.trim().to_ascii_lowercase().as_str() {
                    "y" | "yes" => return true,
                    "n" | "no" => return false,
                    _ => say!("please answer y or n"),
                },
                Input::NotUtf8 => say!("please answer y or n"),
                Input::End => {
                    say!();
                    return false;
                }
            }
        }
    }
}

/// What came while a move was shown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Nothing: the move goes on.
    Nothing,
    /// A line, typed now: it skips the move, and the terminal has echoed
    /// it under the board.
    Line,
    /// The end of the input, or a line typed before: it skips the move.
    Earlier,
}

impl Typed {
    /// How many lines the terminal printed under the board.
    pub fn echoed_lines(self) -> usize {
        usize::from(self == Typed::Line)
    }
}

/// What a line typed at the prompt asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Move(Move),
    /// A house letter or number the board does not have, and why.
    NoSuchHouse(String),
    Hint,
    Undo,
    Draw,
    Record,
    Save(Option<String>),
    New,
    Rematch,
    Help,
    Quit,
    Nothing,
    Unknown(String),
}

/// `text` without one pair of quotes around it, as the game prints a path
/// in a command to paste (`'my games/a.pgn'`, each `'` in it written
/// `'\''`), or as a person quotes one (`"/tmp/a.pgn"`); as it is otherwise.
/// (Issue 31: `save "/tmp/q.pgn"` looked for the directory `"/tmp`.)
pub fn unquote(text: &str) -> String {
    let inner = |quote: char| {
        text.strip_prefix(quote)
            .and_then(|t| t.strip_suffix(quote))
            .filter(|_| text.len() >= 2)
    };
    if let Some(inner) = inner('\'') {
        inner.replace("'\\''", "'")
    } else if let Some(inner) = inner('"') {
        inner.to_owned()
    } else {
        text.to_owned()
    }
}

/// Reads `line` in `pos`: commands and letters in any case; a letter or a
/// number (1 = the leftmost house as its owner sees it) is a house of the
/// side to move.
pub fn command(line: &str, pos: &Position) -> Command {
    let text = line.trim();
    let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let rest = rest.trim();
    match word.to_ascii_lowercase().as_str() {
        "" => Command::Nothing,
        "q" | "quit" | "exit" => Command::Quit,
        "help" | "?" => Command::Help,
        "hint" => Command::Hint,
        "undo" => Command::Undo,
        "draw" => Command::Draw,
        "record" => Command::Record,
        "save" => Command::Save((!rest.is_empty()).then(|| unquote(rest))),
        "new" => Command::New,
        "rematch" => Command::Rematch,
        _ if rest.is_empty() => house(word, pos),
        _ => Command::Unknown(shown(text)),
    }
}

/// A house of the side to move named by its letter (either case) or its
/// number.
fn house(word: &str, pos: &Position) -> Command {
    let side = pos.turn();
    let n = pos.board().houses_per_side();
    let index = match word.as_bytes() {
        &[c] if c.is_ascii_alphabetic() => Some(usize::from(c.to_ascii_lowercase() - b'a')),
        _ => match word.parse::<usize>() {
            Ok(number) => number.checked_sub(1),
            Err(_) => return Command::Unknown(shown(word)),
        },
    };
    match index.and_then(House::new).filter(|h| h.index() < n) {
        Some(h) => Command::Move(Move::new(side, h)),
        None => Command::NoSuchHouse(format!(
            "there is no house {}: {side}'s houses are {} (or 1–{n})",
            shown(word),
            words::letters(side, n)
        )),
    }
}

/// The start of what was typed, printable.
fn shown(text: &str) -> String {
    text.chars().take(20).flat_map(char::escape_debug).collect()
}
