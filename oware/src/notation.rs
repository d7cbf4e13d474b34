//! The position string: one line of text for a position.
//!
//! ```text
//! <South's houses A,B,…>/<North's houses a,b,…> <s|n> <South's store> <North's store> [ruleset]
//! ```
//!
//! The Abapa start is `4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`. Each row is listed in
//! its owner's letter order, so North's row `a,b,…` is absolute houses
//! `n..2n` in index order. The fifth field names the preset
//! ([`Variant`](crate::Variant)) or a custom ruleset in its text form
//! ([`ruleset_text`](crate::ruleset_text), e.g. `kalah(6,5)`); it is left
//! out for Abapa.
//!
//! How lenient the parser is:
//! - fields are separated by any run of ASCII whitespace, and leading and
//!   trailing whitespace is ignored;
//! - seed counts and stores are plain decimal numbers `0`–`255` (no sign, no
//!   spaces inside a row);
//! - the side to move is `s` or `n` in either case;
//! - the ruleset's preset name ignores ASCII case and accepts aliases
//!   ([`Variant::from_ascii`](crate::Variant::from_ascii));
//! - each row must have the ruleset's number of houses, and houses plus
//!   stores must hold exactly its seed total (Abapa R1: 48); nothing else
//!   is checked, so positions where the game is over are accepted.

use core::fmt;
use core::str::FromStr;

use crate::{Board, BySide, House, Move, Position, PositionError, Ruleset, Side};

impl fmt::Display for Position {
    /// The position string, e.g. `4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        for side in Side::ALL {
            if side == Side::North {
                f.write_str("/")?;
            }
            for (i, seeds) in board.houses(side).iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{seeds}")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.turn().char(),
            board.store(Side::South),
            board.store(Side::North)
        )?;
        if *self.ruleset() != Ruleset::abapa() {
            write!(f, " {}", self.ruleset())?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        parse_position(s, None)
    }
}

impl Position {
    /// Parses a position string of `ruleset`: a string without a fifth
    /// field is read under `ruleset`; one that names a ruleset must name
    /// this one.
    ///
    /// # Errors
    /// [`ParsePositionError`] as for [`FromStr`], and
    /// [`ParsePositionError::Variant`] when the fifth field names another
    /// ruleset.
    ///
    /// ```
    /// use oware::{ParsePositionError, Position, Ruleset, Variant};
    /// let pos = Position::from_str_with_ruleset("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0", Ruleset::openspiel())?;
    /// assert_eq!(pos.ruleset().variant(), Some(Variant::OpenSpiel));
    /// assert_eq!(
    ///     Position::from_str_with_ruleset("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0 openspiel", Ruleset::abapa()),
    ///     Err(ParsePositionError::Variant)
    /// );
    /// # Ok::<_, ParsePositionError>(())
    /// ```
    pub fn from_str_with_ruleset(
        s: &str,
        ruleset: Ruleset,
    ) -> Result<Position, ParsePositionError> {
        parse_position(s, Some(ruleset))
    }
}

/// Parses a position string; `expected`, if given, is the ruleset the text
/// must be of.
fn parse_position(s: &str, expected: Option<Ruleset>) -> Result<Position, ParsePositionError> {
    let fields: Vec<&str> = s.split_ascii_whitespace().collect();
    let [rows, turn, south_store, north_store, rest @ ..] = fields.as_slice() else {
        return Err(ParsePositionError::Fields {
            found: fields.len(),
        });
    };
    let ruleset = match rest {
        [] => expected.unwrap_or_default(),
        [text] => match Ruleset::from_str(text) {
            Ok(named) if expected.is_none_or(|r| r == named) => named,
            Ok(_) => return Err(ParsePositionError::Variant),
            Err(e) => return Err(ParsePositionError::Ruleset(e)),
        },
        _ => {
            return Err(ParsePositionError::Fields {
                found: fields.len(),
            });
        }
    };
    let (south_row, north_row) = rows.split_once('/').ok_or(ParsePositionError::Rows)?;
    let south = parse_row(south_row, Side::South, ruleset.houses_per_side())?;
    let north = parse_row(north_row, Side::North, ruleset.houses_per_side())?;
    let turn = match turn.as_bytes() {
        [c] => Side::from_char(char::from(*c)),
        _ => None,
    }
    .ok_or(ParsePositionError::Turn)?;
    let store =
        |text: &str, side| parse_digits::<u8>(text).ok_or(ParsePositionError::Store { side });
    let stores = BySide {
        south: store(south_store, Side::South)?,
        north: store(north_store, Side::North)?,
    };
    let board = Board::from_rows(&south, &north, stores).map_err(ParsePositionError::Position)?;
    Position::from_board(board, turn, ruleset).map_err(ParsePositionError::Position)
}

impl Position {
    /// Parses a position string from bytes (see the [module docs](crate::notation)
    /// for the format and how lenient the parser is).
    ///
    /// # Errors
    /// [`ParsePositionError`] saying what is wrong and where.
    ///
    /// ```
    /// use oware::{ParsePositionError, Position, Side};
    /// assert_eq!(
    ///     Position::from_ascii(b"4,4,4,4,4,x/4,4,4,4,4,4 s 0 0"),
    ///     Err(ParsePositionError::Seeds { side: Side::South, house: 5 })
    /// );
    /// ```
    pub fn from_ascii(s: &[u8]) -> Result<Position, ParsePositionError> {
        if !s.is_ascii() {
            return Err(ParsePositionError::NotAscii);
        }
        core::str::from_utf8(s)
            .map_err(|_| ParsePositionError::NotAscii)?
            .parse()
    }
}

/// Parses one row of comma-separated seed counts.
fn parse_row(text: &str, side: Side, houses: usize) -> Result<Vec<u8>, ParsePositionError> {
    let row = text
        .split(',')
        .enumerate()
        .map(|(house, seeds)| {
            parse_digits::<u8>(seeds).ok_or(ParsePositionError::Seeds { side, house })
        })
        .collect::<Result<Vec<u8>, _>>();
    let found = if text.is_empty() {
        0
    } else {
        text.split(',').count()
    };
    if found != houses {
        return Err(ParsePositionError::HouseCount {
            side,
            found,
            expected: houses,
        });
    }
    row
}

/// A number written in plain decimal digits: not empty, no sign, no
/// spaces (`u8::from_str` alone would also take a leading `+`). Every
/// count the text forms hold (positions, rulesets) is read with it.
pub(crate) fn parse_digits<T: core::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Error when parsing a position string, saying what is wrong and where.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParsePositionError {
    /// The text is not 4 or 5 whitespace-separated fields.
    Fields {
        /// The number of fields found.
        found: usize,
    },
    /// The first field has no `/` between South's and North's rows.
    Rows,
    /// A row has the wrong number of houses for the ruleset.
    HouseCount {
        /// The row's side.
        side: Side,
        /// The houses found.
        found: usize,
        /// The ruleset's houses a side.
        expected: usize,
    },
    /// A seed count is not a number from 0 to 255.
    Seeds {
        /// The row's side.
        side: Side,
        /// The house's index in its row (0 = `A`/`a`).
        house: usize,
    },
    /// The side to move is not `s` or `n`.
    Turn,
    /// A store is not a number from 0 to 255.
    Store {
        /// The store's side.
        side: Side,
    },
    /// The fifth field names another ruleset than the one asked for
    /// ([`Position::from_str_with_ruleset`]).
    Variant,
    /// The fifth field is not a ruleset's text form
    /// ([`ruleset_text`](crate::ruleset_text)).
    Ruleset(crate::ParseRulesetError),
    /// The bytes are not ASCII text.
    NotAscii,
    /// The fields parse, but do not make a position of the ruleset (e.g. the
    /// wrong seed total). Its message is the [`PositionError`]'s own
    /// (`invalid position: …`), not prefixed again.
    Position(PositionError),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A PositionError says "invalid position: ..." (or "invalid
        // board: ...") itself: passing it through adds no context, so no
        // second prefix.
        if !matches!(self, ParsePositionError::Position(_)) {
            f.write_str("invalid position string: ")?;
        }
        match *self {
            ParsePositionError::Fields { found } => write!(
                f,
                "expected 4 or 5 fields (\"<South houses>/<North houses> <s|n> <South store> <North store> [variant]\"), found {found}"
            ),
            ParsePositionError::Rows => {
                f.write_str("the houses field needs a '/' between South's and North's rows")
            }
            ParsePositionError::HouseCount {
                side,
                found,
                expected,
            } => {
                write!(
                    f,
                    "{side}'s row has {found} houses, the ruleset has {expected}"
                )
            }
            ParsePositionError::Seeds { side, house } => {
                let letter = House::new(house).map_or_else(
                    || format!("#{}", house + 1),
                    |h| Move::new(side, h).to_string(),
                );
                write!(
                    f,
                    "the seeds in {side}'s house {letter} are not a number from 0 to 255"
                )
            }
            ParsePositionError::Turn => f.write_str("the side to move must be 's' or 'n'"),
            ParsePositionError::Store { side } => {
                write!(f, "{side}'s store is not a number from 0 to 255")
            }
            ParsePositionError::Variant => {
                f.write_str("the fifth field names another ruleset than the one asked for")
            }
            ParsePositionError::Ruleset(e) => write!(f, "the fifth field: {e}"),
            ParsePositionError::NotAscii => f.write_str("not ASCII text"),
            ParsePositionError::Position(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for ParsePositionError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            ParsePositionError::Position(e) => Some(e),
            ParsePositionError::Ruleset(e) => Some(e),
            _ => None,
        }
    }
}
