//! Command-line pieces the examples share.
#![allow(unused_macros, dead_code)]

/// `println!` that ends the program quietly when standard output is gone
/// (a closed pipe, as in `play ... | head`), instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// `print!` (for prompts) with the same closed-pipe handling as `say!`.
macro_rules! say_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout();
        if write!(out, $($arg)*).and_then(|()| out.flush()).is_err() {
            std::process::exit(0);
        }
    }};
}

use std::io::{self, BufRead, Read};

use clap::Args;
use oware::{Game, Move, ParsePositionError, Position, Ruleset};

/// Where a game starts: a variant's start, or a position string.
#[derive(Args, Debug)]
pub struct StartArgs {
    /// The rules: a preset (abapa, openspiel, awale, kalah, kalah-irving,
    /// congkak) with optional changes, e.g. `kalah(6,5)` or
    /// `abapa(grand_slam=capture-all)`. Default: abapa, or the ruleset the
    /// position names.
    #[arg(long)]
    pub variant: Option<Ruleset>,
    /// Start from this position string (`<South A..F>/<North a..f> <s|n>
    /// <South store> <North store> [ruleset]`) instead of the variant's start.
    #[arg(long)]
    pub position: Option<String>,
}

impl StartArgs {
    /// The starting position these arguments ask for.
    pub fn start(&self) -> Result<Position, ParsePositionError> {
        match &self.position {
            Some(text) => match self.variant {
                Some(ruleset) => Position::from_str_with_ruleset(text, ruleset),
                None => text.parse(),
            },
            None => Ok(Position::new(self.variant.unwrap_or_default())),
        }
    }
}

/// Plays `moves` on `game` in order; an illegal one stops there, as `ply N:
/// illegal move ...` (N counted from 1 among `moves`), with the moves
/// before it played.
pub fn play_moves(game: &mut Game, moves: &[Move]) -> Result<(), String> {
    for (i, &m) in moves.iter().enumerate() {
        game.play(m).map_err(|e| format!("ply {}: {e}", i + 1))?;
    }
    Ok(())
}

/// The longest line a text protocol reads, in bytes (`uci`, and `match`
/// reading an outside engine).
pub const MAX_LINE: usize = 64 * 1024;

/// One line of a text protocol's input.
pub enum Line {
    /// The line's text, without its line ending.
    Text(String),
    /// A line over [`MAX_LINE`] bytes, skipped.
    TooLong,
    /// A line that is not UTF-8 text.
    NotUtf8,
    /// The end of the input.
    End,
}

/// Reads a line of at most [`MAX_LINE`] bytes (without its line ending);
/// a longer one is skipped to its end.
pub fn read_line<R: BufRead>(input: &mut R) -> io::Result<Line> {
    let mut bytes = Vec::new();
    let limit = MAX_LINE as u64 + 1;
    if input.by_ref().take(limit).read_until(b'\n', &mut bytes)? == 0 {
        return Ok(Line::End);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_LINE {
        skip_line(input)?;
        return Ok(Line::TooLong);
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(String::from_utf8(bytes).map_or(Line::NotUtf8, Line::Text))
}

/// Skips input to the end of the line, without keeping it.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        if let Some(i) = buf.iter().position(|&b| b == b'\n') {
            input.consume(i + 1);
            return Ok(());
        }
        let n = buf.len();
        input.consume(n);
    }
}
