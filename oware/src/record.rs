//! Game records in a PGN-like form: tag pairs, then numbered movetext.
//!
//! ```text
//! [Variant "abapa"]
//! [South "Ama"]
//! [North "Kofi"]
//! [Date "2026.11.30"]
//! [Result "*"]
//!
//! 1. C f 2. B a *
//! ```
//!
//! - A tag pair is `[Name "value"]` on a line of its own; `\"` and `\\`
//!   escape a quote and a backslash in the value.
//! - `Variant` names the preset (default `abapa`); `Position` gives a
//!   starting position other than the variant's start, as a position string
//!   ([`notation`](crate::notation)).
//! - `Result` is `1-0` (South won), `0-1` (North won), `1/2-1/2` or `*`
//!   (unfinished); `Termination` is a [`Termination::name`]. When the moves
//!   end the game, export writes both from the game's outcome, and import
//!   checks that the tags, if present, agree with it.
//!   `Termination "agreement"` on a game the moves leave unfinished ends it
//!   by agreement ([`Game::end_by_agreement`]). Imported records keep only
//!   the tags the game does not decide: `Variant` and `Position` become the
//!   start, and `Result`/`Termination` of a finished game are dropped
//!   after the check, since export writes them again.
//! - Movetext is the moves as letters (`A`–`F` South, `a`–`f` North).
//!   Move numbers (digits then dots: `1.`, `1...`), `{comments}` and the
//!   result token are skipped; letters may run together, so a bare move
//!   string such as `CfBa` is a whole record. Every move is checked as it
//!   is played.
//! - Tag values cannot hold line breaks: export writes them as spaces.

use core::fmt;
use core::str::FromStr;

use crate::{Game, Move, ParsePositionError, PlayError, Position, Side, Termination, Variant};

/// A game with its tag pairs (players, date, event, …).
///
/// ```
/// use oware::Record;
/// let record: Record = "[South \"Ama\"]\n\n1. C f 2. B a *".parse()?;
/// assert_eq!(record.game.ply(), 4);
/// assert_eq!(record.tag("South"), Some("Ama"));
/// let bare: Record = "CfBa".parse()?;
/// assert_eq!(bare.game, record.game);
/// assert_eq!(record.to_string(), "[Variant \"abapa\"]\n[South \"Ama\"]\n[Result \"*\"]\n\n1. C f 2. B a *\n");
/// # Ok::<_, oware::ParseRecordError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// Tag pairs in order, other than `Variant` and `Position`, which come
    /// from the game's start. `Result` and `Termination` are written from
    /// the game's outcome once it is over.
    pub tags: Vec<(String, String)>,
    /// The game: its start, moves and outcome.
    pub game: Game,
}

impl Record {
    /// A record of `game` with no tags.
    #[must_use]
    pub fn new(game: Game) -> Record {
        Record {
            tags: Vec::new(),
            game,
        }
    }

    /// The value of the tag `name`, if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` to `value`, replacing an earlier value.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The result that ends the movetext: the outcome's once the game is
    /// over, else the `Result` tag if it is a result, else `*`.
    fn result_token(&self) -> &'static str {
        match self.game.outcome() {
            Some(outcome) => outcome.result_str(),
            None => RESULTS
                .into_iter()
                .find(|&r| self.tag("Result") == Some(r))
                .unwrap_or("*"),
        }
    }

    /// The tags to write: the stored ones with `Result` and `Termination`
    /// taken from the outcome when the game is over.
    fn export_tags(&self) -> Vec<(String, String)> {
        let mut record = self.clone();
        match self.game.outcome() {
            Some(outcome) => {
                record.set_tag("Result", outcome.result_str());
                record.set_tag("Termination", outcome.termination.name());
            }
            None => record.set_tag("Result", self.result_token()),
        }
        record.tags
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = self.game.start();
        let ruleset = start.ruleset();
        let variant = ruleset.variant().map_or("custom", Variant::name);
        writeln!(f, "[Variant \"{variant}\"]")?;
        let from_game = |name: &str| matches!(name, "Variant" | "Position");
        for (name, value) in self
            .export_tags()
            .into_iter()
            .filter(|(n, _)| !from_game(n))
        {
            writeln!(f, "[{name} \"{}\"]", escape(&value))?;
        }
        if *start != Position::new(*ruleset) {
            writeln!(f, "[Position \"{start}\"]")?;
        }
        writeln!(f)?;
        let mut number = 0;
        let mut previous = None;
        for &m in self.game.moves() {
            if m.side() == Side::South || previous.is_none() {
                number += 1;
                let dots = if m.side() == Side::South { "." } else { "..." };
                write!(
                    f,
                    "{}{number}{dots} ",
                    if previous.is_some() { " " } else { "" }
                )?;
            } else {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
            previous = Some(m);
        }
        let space = if previous.is_some() { " " } else { "" };
        writeln!(f, "{space}{}", self.result_token())
    }
}

/// The results a `Result` tag and the movetext's last token may hold.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Escapes a tag value; line breaks, which a tag line cannot hold, become spaces.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

impl FromStr for Record {
    type Err = ParseRecordError;

    fn from_str(s: &str) -> Result<Record, ParseRecordError> {
        let mut tags = Vec::new();
        let mut movetext = String::new();
        for (i, line) in s.lines().enumerate() {
            let line = line.trim();
            if line.starts_with('[') && movetext.trim().is_empty() {
                tags.push(parse_tag(line).ok_or(ParseRecordError::Tag { line: i + 1 })?);
            } else {
                movetext.push_str(line);
                movetext.push('\n');
            }
        }
        let mut record = Record::default();
        let mut variant = None;
        let mut start = None;
        for (name, value) in tags {
            match name.as_str() {
                "Variant" => {
                    variant = Some(
                        value
                            .parse::<Variant>()
                            .map_err(|_| ParseRecordError::Variant)?,
                    );
                }
                "Position" => start = Some(value),
                "Result" if !RESULTS.contains(&value.as_str()) => {
                    return Err(ParseRecordError::ResultTag);
                }
                _ => record.set_tag(&name, &value),
            }
        }
        record.game = Game::from_position(start_position(variant, start.as_deref())?);
        play_movetext(&mut record.game, &movetext)?;
        if record.tag("Termination") == Some(Termination::Agreement.name()) {
            // Ignored if the moves already end the game: the check below
            // then reports the disagreement.
            let _ = record.game.end_by_agreement();
        }
        check_result_tags(&record)?;
        // Derived tags are not kept: export writes them from the outcome.
        if record.game.is_game_over() {
            record
                .tags
                .retain(|(n, _)| n != "Result" && n != "Termination");
        }
        record.tags.retain(|(n, v)| !(n == "Result" && v == "*"));
        Ok(record)
    }
}

/// The starting position from the `Variant` and `Position` tags. A
/// position string that names its own variant must agree with the
/// `Variant` tag; without a `Variant` tag it decides.
fn start_position(
    variant: Option<Variant>,
    position: Option<&str>,
) -> Result<Position, ParseRecordError> {
    let parsed = match (position, variant) {
        (None, variant) => return Ok(Position::new(variant.unwrap_or_default().ruleset())),
        (Some(text), None) => text.parse(),
        (Some(text), Some(variant)) => Position::from_str_with_variant(text, variant),
    };
    parsed.map_err(ParseRecordError::Position)
}

/// Parses `[Name "value"]`.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let quoted = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?),
            '"' => return None,
            c => out.push(c),
        }
    }
    Some((name.to_owned(), out))
}

/// Plays the moves of the movetext, skipping move numbers, comments and the
/// result token.
fn play_movetext(game: &mut Game, text: &str) -> Result<(), ParseRecordError> {
    let mut in_comment = false;
    for mut token in text.split_ascii_whitespace() {
        // Comments: `{...}`, possibly spanning tokens.
        if in_comment || token.starts_with('{') {
            in_comment = !token.ends_with('}');
            continue;
        }
        if RESULTS.contains(&token) {
            break;
        }
        // A move number is digits followed by one or more dots.
        let after_digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
        if after_digits.len() < token.len() && after_digits.starts_with('.') {
            token = after_digits.trim_start_matches('.');
        }
        for &byte in token.as_bytes() {
            let ply = game.ply() + 1;
            let m = Move::from_ascii(&[byte]).map_err(|_| ParseRecordError::Move { ply })?;
            game.play(m)
                .map_err(|error| ParseRecordError::IllegalMove { ply, error })?;
        }
    }
    Ok(())
}

fn check_result_tags(record: &Record) -> Result<(), ParseRecordError> {
    let Some(outcome) = record.game.outcome() else {
        return Ok(());
    };
    if record
        .tag("Result")
        .is_some_and(|r| r != outcome.result_str())
    {
        return Err(ParseRecordError::Result {
            actual: outcome.result_str(),
        });
    }
    if record
        .tag("Termination")
        .is_some_and(|t| Termination::from_name(t) != Some(outcome.termination))
    {
        return Err(ParseRecordError::Termination {
            actual: outcome.termination,
        });
    }
    Ok(())
}

/// Error when importing a game record.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseRecordError {
    /// A line starting with `[` is not a tag pair `[Name "value"]`.
    Tag {
        /// The line number, from 1.
        line: usize,
    },
    /// The `Variant` tag names no known preset.
    Variant,
    /// The `Position` tag is not a valid position of the variant.
    Position(ParsePositionError),
    /// A character in the movetext is not a move letter.
    Move {
        /// The ply it would have been, from 1.
        ply: usize,
    },
    /// A move is illegal where it is played.
    IllegalMove {
        /// The ply, from 1.
        ply: usize,
        /// The move and why it is illegal.
        error: PlayError,
    },
    /// The `Result` tag is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    ResultTag,
    /// The `Result` tag disagrees with how the moves end the game.
    Result {
        /// The result the moves give.
        actual: &'static str,
    },
    /// The `Termination` tag disagrees with how the moves end the game.
    Termination {
        /// The termination the moves give.
        actual: Termination,
    },
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid game record: ")?;
        match self {
            ParseRecordError::Tag { line } => {
                write!(f, "line {line} is not a tag pair [Name \"value\"]")
            }
            ParseRecordError::Variant => f.write_str("unknown Variant tag"),
            ParseRecordError::Position(e) => write!(f, "Position tag: {e}"),
            ParseRecordError::Move { ply } => write!(f, "ply {ply} is not a move letter"),
            ParseRecordError::IllegalMove { ply, error } => write!(f, "ply {ply}: {error}"),
            ParseRecordError::ResultTag => {
                f.write_str("the Result tag must be 1-0, 0-1, 1/2-1/2 or *")
            }
            ParseRecordError::Result { actual } => write!(
                f,
                "the Result tag disagrees with the moves, which give {actual}"
            ),
            ParseRecordError::Termination { actual } => {
                write!(
                    f,
                    "the Termination tag disagrees with the moves, which end by {actual}"
                )
            }
        }
    }
}

impl core::error::Error for ParseRecordError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            ParseRecordError::Position(e) => Some(e),
            ParseRecordError::IllegalMove { error, .. } => Some(error),
            _ => None,
        }
    }
}
