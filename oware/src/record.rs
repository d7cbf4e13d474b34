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
//! - A tag pair is `[Name "value"]` on a line of its own, before the
//!   movetext. A name is ASCII letters, digits and `_`; in the value `\"` and
//!   `\\` escape a quote and a backslash. Values cannot hold line breaks or
//!   other control characters (a tab aside): [`Record::set_tag`] refuses
//!   them and import rejects the line.
//! - `Variant` names the ruleset (default `abapa`): a preset, or a custom
//!   ruleset in its text form ([`ruleset_text`](crate::ruleset_text), e.g.
//!   `kalah(6,5)`); `Position` gives a
//!   starting position other than the variant's start, as a position string
//!   ([`notation`](crate::notation)). Both come from the game's start, so
//!   [`Record::set_tag`] refuses them.
//! - `Result` is `1-0` (South won), `0-1` (North won), `1/2-1/2` or `*`
//!   (unfinished); `Termination` is a [`Termination::name`] once the moves
//!   end the game, free text otherwise (e.g. a resignation). When the moves
//!   end the game, export writes both from the outcome and import checks
//!   that the tags and the result token agree with it. `Termination
//!   "agreement"` on a game the moves leave unfinished ends it by agreement
//!   ([`Game::end_by_agreement`]); another termination name there is
//!   refused ([`ParseRecordError::TerminationUnfinished`]). Import and
//!   [`Record::set_tag`] read a termination name alike: ignoring ASCII case
//!   and spaces around it (`Agreement` is `agreement`). Imported records keep only the tags the
//!   game does not decide. Export writes `Variant` first, then the other
//!   tags in the order they were set, then `Result`, `Termination` and
//!   `Position`, the tags the game decides; [`Record::set_tag`] refuses
//!   what the game decides or import would not read back the same.
//! - Movetext ([`parse_moves`]) is the moves as letters (`A`–`F` South,
//!   `a`–`f` North). Move numbers (digits then dots: `1.`, `1...`; their
//!   values are not checked) and `{comments}` are skipped; letters may run
//!   together, so a bare move string such as `CfBa` is a whole record. A
//!   result token may end the movetext; nothing but comments may follow
//!   it. Every move is checked as it is played.
//! - A leading byte-order mark is ignored.

use core::fmt;
use core::str::FromStr;

use crate::{
    Game, Move, Outcome, ParsePositionError, ParseRulesetError, PlayError, Position, Ruleset, Side,
    Termination,
};

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
    tags: Vec<(String, String)>,
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

    /// The tag pairs other than `Variant` and `Position` (which come from
    /// the game's start), in the order export writes them: as they were
    /// set, with `Result` and `Termination` last.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the tag `name`, if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` to `value`, replacing an earlier value. A
    /// `Result` of `*` (the result of a game that goes on) removes the
    /// `Result` set before. If the game ends later, export writes the
    /// outcome's `Result` and `Termination` in place of those set.
    ///
    /// # Errors
    /// [`TagError`] when the tag is one the game decides or import would
    /// not read back as set (see [`TagErrorKind`]); the record is then
    /// unchanged.
    ///
    /// ```
    /// use oware::record::{Record, TagErrorKind};
    /// use oware::Termination;
    /// let mut record = Record::default();
    /// record.set_tag("South", "Ama")?;
    /// record.set_tag("Result", "0-1")?; // South resigned
    /// record.set_tag("Termination", "resignation")?;
    /// let error = record.set_tag("Termination", "agreement").unwrap_err();
    /// assert_eq!(error.kind, TagErrorKind::TerminationName(Termination::Agreement));
    /// assert!(record.set_tag("Bad Name", "x").is_err());
    /// assert!(record.set_tag("Variant", "openspiel").is_err());
    /// assert!(record.set_tag("Event", "line one\nline two").is_err());
    /// # Ok::<_, oware::record::TagError>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        self.check_tag(name, value)?;
        if name == "Result" && value == "*" {
            self.remove_tag(name);
        } else {
            upsert(&mut self.tags, name, value);
            sort_tags(&mut self.tags);
        }
        Ok(())
    }

    /// Checks the tag `name` with `value` as [`Record::set_tag`] does,
    /// without setting it.
    ///
    /// # Errors
    /// The [`TagError`] that [`Record::set_tag`] would give.
    pub fn check_tag(&self, name: &str, value: &str) -> Result<(), TagError> {
        check_tag_name(name)?;
        if let Some(c) = value.chars().find(|&c| breaks_tag_line(c)) {
            return Err(TagError::new(TagErrorKind::ControlCharacter(c)));
        }
        let over = self.game.is_game_over();
        let kind = match name {
            "Result" if over => TagErrorKind::FromOutcome("Result"),
            "Termination" if over => TagErrorKind::FromOutcome("Termination"),
            "Result" if !RESULTS.contains(&value) => TagErrorKind::Result,
            "Termination" => match termination_named(value) {
                Some(termination) => TagErrorKind::TerminationName(termination),
                None => return Ok(()),
            },
            _ => return Ok(()),
        };
        Err(TagError::new(kind))
    }

    /// Removes the tag `name` and returns its value, if it was present.
    pub fn remove_tag(&mut self, name: &str) -> Option<String> {
        let i = self.tags.iter().position(|(n, _)| n == name)?;
        Some(self.tags.remove(i).1)
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

    /// The tags to write: the stored ones, then `Result` and (once the game
    /// is over from the outcome, else as stored) `Termination`.
    fn export_tags(&self) -> Vec<(&str, &str)> {
        let mut tags: Vec<(&str, &str)> = self
            .tags
            .iter()
            .filter(|(n, _)| !is_outcome_tag(n))
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        tags.push(("Result", self.result_token()));
        match self.game.outcome() {
            Some(outcome) => tags.push(("Termination", outcome.termination.name())),
            None => tags.extend(self.tag("Termination").map(|t| ("Termination", t))),
        }
        tags
    }
}

/// Checks a tag name as [`Record::set_tag`] does: ASCII letters, digits
/// and `_`, and not `Variant` or `Position`, which come from the game's
/// start. (Removing a tag asks no more than this.)
///
/// # Errors
/// [`TagErrorKind::Name`] or [`TagErrorKind::FromStart`].
///
/// ```
/// use oware::record::check_tag_name;
/// assert!(check_tag_name("South").is_ok());
/// assert!(check_tag_name("Bad Name").is_err());
/// assert!(check_tag_name("Position").is_err());
/// ```
pub fn check_tag_name(name: &str) -> Result<(), TagError> {
    match name {
        "Variant" => Err(TagError::new(TagErrorKind::FromStart("Variant"))),
        "Position" => Err(TagError::new(TagErrorKind::FromStart("Position"))),
        name if is_tag_name(name) => Ok(()),
        _ => Err(TagError::new(TagErrorKind::Name)),
    }
}

/// Whether the tag `name` says how the game ended, which the outcome
/// decides once there is one: `Result` and `Termination`.
fn is_outcome_tag(name: &str) -> bool {
    name == "Result" || name == "Termination"
}

/// Puts `Result`, then `Termination`, after the other tags (a stable sort:
/// the others keep their order).
fn sort_tags(tags: &mut [(String, String)]) {
    tags.sort_by_key(|(n, _)| match n.as_str() {
        "Result" => 1,
        "Termination" => 2,
        _ => 0,
    });
}

/// The termination that `value` names, ignoring ASCII case and spaces
/// around it: a `Termination` tag that only the game may write. Import
/// and [`Record::set_tag`] both read the tag with it.
fn termination_named(value: &str) -> Option<Termination> {
    Termination::from_name(&value.trim().to_ascii_lowercase())
}

/// Whether `c` cannot be in a tag value: it would end the tag's line (in
/// this importer or another reader) or is another control character.
/// Tabs are fine.
fn breaks_tag_line(c: char) -> bool {
    (c.is_control() && c != '\t') || c == '\u{2028}' || c == '\u{2029}'
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = self.game.start();
        let ruleset = start.ruleset();
        writeln!(f, "[Variant \"{ruleset}\"]")?;
        for (name, value) in self.export_tags() {
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        if *start != Position::new(*ruleset) {
            writeln!(f, "[Position \"{start}\"]")?;
        }
        writeln!(f)?;
        // Movetext: a number before each of South's moves (and before a
        // first move of North's), lines wrapped before 80 columns.
        let mut words: Vec<String> = Vec::new();
        let mut number = 0;
        for (i, &m) in self.game.moves().iter().enumerate() {
            if m.side() == Side::South || i == 0 {
                number += 1;
                let dots = if m.side() == Side::South { "." } else { "..." };
                words.push(format!("{number}{dots} {m}"));
            } else {
                words.push(m.to_string());
            }
        }
        words.push(self.result_token().to_owned());
        let mut column = 0;
        for word in words {
            if column > 0 && column + 1 + word.len() > MOVETEXT_WIDTH {
                writeln!(f)?;
                column = 0;
            } else if column > 0 {
                f.write_str(" ")?;
                column += 1;
            }
            f.write_str(&word)?;
            column += word.len();
        }
        writeln!(f)
    }
}

/// The widest line of movetext that export writes.
const MOVETEXT_WIDTH: usize = 79;

/// The results a `Result` tag and the movetext's last token may hold.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Sets the tag `name` in `tags` to `value`, in place or at the end.
fn upsert(tags: &mut Vec<(String, String)>, name: &str, value: &str) {
    match tags.iter_mut().find(|(n, _)| n == name) {
        Some(tag) => value.clone_into(&mut tag.1),
        None => tags.push((name.to_owned(), value.to_owned())),
    }
}

/// Whether `name` can be a tag name: ASCII letters, digits and `_`.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Escapes a tag value (which holds no line break: [`Record::set_tag`]
/// and import refuse them).
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

impl FromStr for Record {
    type Err = ParseRecordError;

    fn from_str(s: &str) -> Result<Record, ParseRecordError> {
        let s = s.strip_prefix('\u{feff}').unwrap_or(s);
        let (tags, movetext) = split_tags(s)?;
        let mut record = Record::default();
        let mut ruleset = None;
        let mut start = None;
        for (name, value) in tags {
            match name.as_str() {
                "Variant" => {
                    let parsed = value.parse::<Ruleset>();
                    ruleset = Some(parsed.map_err(ParseRecordError::Variant)?);
                }
                "Position" => start = Some(value),
                "Result" if !RESULTS.contains(&value.as_str()) => {
                    return Err(ParseRecordError::ResultTag);
                }
                // `split_tags` only lets well-formed names through.
                _ => record.tags.push((name, value)),
            }
        }
        record.game = Game::from_position(start_position(ruleset, start.as_deref())?);
        let movetext = read_movetext(&movetext)?;
        for (i, &m) in movetext.moves.iter().enumerate() {
            let ply = i + 1;
            record
                .game
                .play(m)
                .map_err(|error| ParseRecordError::IllegalMove { ply, error })?;
        }
        record.settle_result(movetext.result)?;
        Ok(record)
    }
}

impl Record {
    /// After import: merges the result token into the `Result` tag, ends a
    /// game marked as agreed, checks `Result`/`Termination` against the
    /// outcome and drops the tags the game decides.
    fn settle_result(&mut self, token: Option<&'static str>) -> Result<(), ParseRecordError> {
        if let Some(token) = token.filter(|&t| t != "*") {
            match self.tag("Result") {
                Some(tag) if tag != "*" && tag != token => {
                    return Err(ParseRecordError::ResultToken);
                }
                _ => upsert(&mut self.tags, "Result", token),
            }
        }
        let named = self.tag("Termination").and_then(termination_named);
        // Fails if the moves already end the game: the check below then
        // reports the disagreement.
        let agreed = named == Some(Termination::Agreement) && self.game.end_by_agreement().is_ok();
        if let Some(outcome) = self.game.outcome() {
            let given = RESULTS
                .into_iter()
                .find(|&r| r != "*" && self.tag("Result") == Some(r));
            match given {
                Some(given) if given != outcome.result_str() && agreed => {
                    return Err(ParseRecordError::AgreementResult { given, outcome });
                }
                Some(given) if given != outcome.result_str() => {
                    return Err(ParseRecordError::Result {
                        actual: outcome.result_str(),
                    });
                }
                _ => {}
            }
            if self.tag("Termination").is_some() && named != Some(outcome.termination) {
                return Err(ParseRecordError::Termination {
                    actual: outcome.termination,
                });
            }
            self.tags.retain(|(n, _)| !is_outcome_tag(n));
        } else if let Some(termination) = named {
            return Err(ParseRecordError::TerminationUnfinished { termination });
        }
        self.tags.retain(|(n, v)| !(n == "Result" && v == "*"));
        // After the token's `Result`, so the order is export's.
        sort_tags(&mut self.tags);
        Ok(())
    }
}

/// Splits a record into its tag pairs and the movetext after them.
fn split_tags(s: &str) -> Result<(Vec<(String, String)>, String), ParseRecordError> {
    let lines: Vec<&str> = s.lines().collect();
    let is_movetext = |line: &&str| !line.trim().is_empty() && !line.trim().starts_with('[');
    let body = lines.iter().position(is_movetext).unwrap_or(lines.len());
    let mut tags = Vec::new();
    let mut names = std::collections::HashSet::new();
    for (i, line) in lines[..body].iter().enumerate() {
        let line = line.trim();
        if !line.is_empty() {
            let tag = parse_tag(line).ok_or(ParseRecordError::Tag { line: i + 1 })?;
            if !names.insert(tag.0.clone()) {
                return Err(ParseRecordError::DuplicateTag { line: i + 1 });
            }
            tags.push(tag);
        }
    }
    if let Some(i) = lines[body..]
        .iter()
        .position(|l| l.trim_start().starts_with('['))
    {
        return Err(ParseRecordError::TagAfterMovetext { line: body + i + 1 });
    }
    Ok((tags, lines[body..].join("\n")))
}

/// The starting position from the `Variant` and `Position` tags. A
/// position string that names its own ruleset must agree with the
/// `Variant` tag; without a `Variant` tag it decides.
fn start_position(
    ruleset: Option<Ruleset>,
    position: Option<&str>,
) -> Result<Position, ParseRecordError> {
    let parsed = match (position, ruleset) {
        (None, ruleset) => return Ok(Position::new(ruleset.unwrap_or_default())),
        (Some(text), None) => text.parse(),
        (Some(text), Some(ruleset)) => Position::from_str_with_ruleset(text, ruleset),
    };
    parsed.map_err(ParseRecordError::Position)
}

/// Parses `[Name "value"]`.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    if !is_tag_name(name) {
        return None;
    }
    let quoted = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    if quoted.chars().any(breaks_tag_line) {
        return None;
    }
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

/// The moves of a movetext and the result token that ended it, if any.
struct Movetext {
    moves: Vec<Move>,
    result: Option<&'static str>,
}

/// Reads the moves of a movetext (see the [module docs](self)): move
/// letters, possibly run together, with move numbers, `{comments}` and a
/// final result token skipped. The moves are not checked against a
/// position; [`Record`]'s import and [`Game`] do that.
///
/// # Errors
/// [`ParseRecordError::Move`] for a character that is not a move letter
/// (with the ply it would have been, from 1),
/// [`ParseRecordError::UnclosedComment`], and
/// [`ParseRecordError::AfterResult`] for text after the result token.
///
/// ```
/// use oware::record::parse_moves;
/// let moves = parse_moves("1. C f {a quiet start} 2. Ba *")?;
/// assert_eq!(moves.iter().map(|m| m.to_string()).collect::<String>(), "CfBa");
/// assert!(parse_moves("1. C f 2. C7").is_err());
/// # Ok::<_, oware::ParseRecordError>(())
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseRecordError> {
    read_movetext(text).map(|m| m.moves)
}

fn read_movetext(text: &str) -> Result<Movetext, ParseRecordError> {
    let mut movetext = Movetext {
        moves: Vec::new(),
        result: None,
    };
    for word in words_outside_comments(text)? {
        if movetext.result.is_some() {
            return Err(ParseRecordError::AfterResult);
        }
        if let Some(&result) = RESULTS.iter().find(|&&r| r == word) {
            movetext.result = Some(result);
            continue;
        }
        let mut letters = word;
        // A move number is digits followed by one or more dots.
        let after_digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
        if after_digits.len() < word.len() && after_digits.starts_with('.') {
            letters = after_digits.trim_start_matches('.');
        }
        for c in letters.chars() {
            let ply = movetext.moves.len() + 1;
            let m = u8::try_from(c).ok().and_then(Move::from_letter);
            movetext
                .moves
                .push(m.ok_or(ParseRecordError::Move { ply, found: c })?);
        }
    }
    Ok(movetext)
}

/// The whitespace-separated words of `text` with `{comments}` cut out (a
/// comment also ends a word).
fn words_outside_comments(text: &str) -> Result<Vec<&str>, ParseRecordError> {
    let mut words = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let (outside, after) = match rest.find('{') {
            Some(open) => {
                let close = rest[open..]
                    .find('}')
                    .ok_or(ParseRecordError::UnclosedComment)?;
                (&rest[..open], &rest[open + close + 1..])
            }
            None => (rest, ""),
        };
        words.extend(outside.split_whitespace());
        rest = after;
    }
    Ok(words)
}

/// Error when a tag cannot be set ([`Record::set_tag`]): the game decides
/// it, or import would not read it back as set.
///
/// ```
/// use oware::record::{Record, TagErrorKind};
/// let error = Record::default().set_tag("Result", "won").unwrap_err();
/// assert_eq!(error.kind, TagErrorKind::Result);
/// assert_eq!(error.to_string(), "invalid tag: a Result must be 1-0, 0-1, 1/2-1/2 or *");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TagError {
    /// What is wrong with the tag.
    pub kind: TagErrorKind,
}

impl TagError {
    const fn new(kind: TagErrorKind) -> TagError {
        TagError { kind }
    }
}

/// Why a tag cannot be set.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TagErrorKind {
    /// The name is empty or holds a character other than ASCII letters,
    /// digits and `_`.
    Name,
    /// `Variant` or `Position` (the name): they come from the game's start.
    FromStart(&'static str),
    /// `Result` or `Termination` (the name) once the game is over: its
    /// outcome decides them.
    FromOutcome(&'static str),
    /// A `Termination` that names how a game ends (`agreement`,
    /// `majority`, …, as [`Termination::name`] gives them, in any case):
    /// only the moves, or [`Game::end_by_agreement`], end the game. Free
    /// text such as `resignation` is fine.
    TerminationName(Termination),
    /// A `Result` other than `1-0`, `0-1`, `1/2-1/2` and `*`.
    Result,
    /// The value holds this line break or other control character (a tab
    /// is fine), which a tag line cannot carry.
    ControlCharacter(char),
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid tag: ")?;
        match self.kind {
            TagErrorKind::Name => {
                f.write_str("a tag name must be ASCII letters, digits and _, not empty")
            }
            TagErrorKind::FromStart(name) => {
                write!(f, "{name} comes from the game's start")
            }
            TagErrorKind::FromOutcome(name) => {
                write!(f, "the game is over, so its outcome decides {name}")
            }
            TagErrorKind::TerminationName(t) => write!(
                f,
                "Termination {:?} says how the game ended, which only its moves or an agreement decide",
                t.name()
            ),
            TagErrorKind::Result => f.write_str("a Result must be 1-0, 0-1, 1/2-1/2 or *"),
            TagErrorKind::ControlCharacter(c) => {
                write!(f, "a tag value cannot hold the control character {c:?}")
            }
        }
    }
}

impl core::error::Error for TagError {}

/// Error when importing a game record.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseRecordError {
    /// A line starting with `[` is not a tag pair `[Name "value"]`, or its
    /// value holds a line break or other control character (a tab is fine).
    Tag {
        /// The line number, from 1.
        line: usize,
    },
    /// A tag name appears a second time (a record holds one value a tag,
    /// as [`Record::set_tag`] keeps it).
    DuplicateTag {
        /// The line number of the second one, from 1.
        line: usize,
    },
    /// A tag pair follows the movetext.
    TagAfterMovetext {
        /// The line number, from 1.
        line: usize,
    },
    /// The `Variant` tag is not a ruleset's text form
    /// ([`ruleset_text`](crate::ruleset_text)).
    Variant(ParseRulesetError),
    /// The `Position` tag is not a valid position of the variant.
    Position(ParsePositionError),
    /// The `Result` tag is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    ResultTag,
    /// The movetext's result token disagrees with the `Result` tag.
    ResultToken,
    /// A character in the movetext is not a move letter.
    Move {
        /// The ply it would have been, from 1.
        ply: usize,
        /// The character.
        found: char,
    },
    /// A `{` comment is never closed.
    UnclosedComment,
    /// Text other than comments follows the result token.
    AfterResult,
    /// A move is illegal where it is played.
    IllegalMove {
        /// The ply, from 1.
        ply: usize,
        /// The move and why it is illegal.
        error: PlayError,
    },
    /// The `Result` tag or token disagrees with how the moves end the game.
    Result {
        /// The result the moves give.
        actual: &'static str,
    },
    /// The `Termination` tag disagrees with how the moves end the game.
    Termination {
        /// The termination the moves give.
        actual: Termination,
    },
    /// `Termination "agreement"` ends the game with another result than
    /// the `Result` tag or token gives (the seeds left are credited by the
    /// ruleset's [`Leftover`](crate::Leftover) rule).
    AgreementResult {
        /// The result the record gives: `1-0`, `0-1` or `1/2-1/2`.
        given: &'static str,
        /// How the agreement ends the game.
        outcome: Outcome,
    },
    /// The `Termination` tag names how a game ends (other than
    /// `agreement`, which ends it), but the moves leave the game
    /// unfinished ([`Record::set_tag`] refuses such a tag too).
    TerminationUnfinished {
        /// The termination the tag names.
        termination: Termination,
    },
}

impl ParseRecordError {
    /// The line of the record the error is on, from 1, where it is one
    /// line's ([`Tag`](Self::Tag), [`DuplicateTag`](Self::DuplicateTag),
    /// [`TagAfterMovetext`](Self::TagAfterMovetext)).
    ///
    /// ```
    /// let err = "[Event \"a\"]\n[Event \"b\"]\n".parse::<oware::Record>().unwrap_err();
    /// assert_eq!(err.line(), Some(2));
    /// assert_eq!(err.ply(), None);
    /// ```
    #[must_use]
    pub const fn line(&self) -> Option<usize> {
        match *self {
            ParseRecordError::Tag { line }
            | ParseRecordError::DuplicateTag { line }
            | ParseRecordError::TagAfterMovetext { line } => Some(line),
            _ => None,
        }
    }

    /// The ply of the movetext the error is at, from 1, where it is one
    /// move's ([`Move`](Self::Move), [`IllegalMove`](Self::IllegalMove)).
    ///
    /// ```
    /// let err = "1. C f 2. f".parse::<oware::Record>().unwrap_err();
    /// assert_eq!(err.ply(), Some(3));
    /// ```
    #[must_use]
    pub const fn ply(&self) -> Option<usize> {
        match *self {
            ParseRecordError::Move { ply, .. } | ParseRecordError::IllegalMove { ply, .. } => {
                Some(ply)
            }
            _ => None,
        }
    }
}

impl fmt::Display for ParseRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid game record: ")?;
        match self {
            ParseRecordError::Tag { line } => {
                write!(f, "line {line} is not a tag pair [Name \"value\"]")
            }
            ParseRecordError::DuplicateTag { line } => {
                write!(f, "line {line} repeats a tag name: each tag appears once")
            }
            ParseRecordError::TagAfterMovetext { line } => {
                write!(f, "line {line}: tag pairs must come before the moves")
            }
            ParseRecordError::Variant(e) => write!(f, "Variant tag: {e}"),
            ParseRecordError::Position(e) => write!(f, "Position tag: {e}"),
            ParseRecordError::ResultTag => {
                f.write_str("the Result tag must be 1-0, 0-1, 1/2-1/2 or *")
            }
            ParseRecordError::ResultToken => {
                f.write_str("the result after the moves disagrees with the Result tag")
            }
            ParseRecordError::Move { ply, found } => {
                write!(f, "ply {ply}: {found:?} is not a move letter")
            }
            ParseRecordError::UnclosedComment => f.write_str("a { comment is never closed"),
            ParseRecordError::AfterResult => {
                f.write_str("only comments may follow the result (1-0, 0-1, 1/2-1/2 or *)")
            }
            ParseRecordError::IllegalMove { ply, error } => write!(f, "ply {ply}: {error}"),
            ParseRecordError::Result { actual } => {
                write!(
                    f,
                    "the result disagrees with the moves, which give {actual}"
                )
            }
            ParseRecordError::Termination { actual } => {
                write!(
                    f,
                    "the Termination tag disagrees with the moves, which end by {actual}"
                )
            }
            ParseRecordError::AgreementResult { given, outcome } => write!(
                f,
                "the Result {given} disagrees with the agreement, which gives {} (South {}, North {}: the seeds left go by the ruleset's leftover rule)",
                outcome.result_str(),
                outcome.scores.south,
                outcome.scores.north
            ),
            ParseRecordError::TerminationUnfinished { termination } => write!(
                f,
                "the Termination tag says the game ended by {termination}, but the moves leave it unfinished"
            ),
        }
    }
}

impl core::error::Error for ParseRecordError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            ParseRecordError::Position(e) => Some(e),
            ParseRecordError::Variant(e) => Some(e),
            ParseRecordError::IllegalMove { error, .. } => Some(error),
            _ => None,
        }
    }
}
