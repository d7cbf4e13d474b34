//! The exception classes and the mapping of the core crate's errors onto
//! them: one class per kind of error, all under `OwareError`, a
//! `ValueError` (as python-chess and polars do), with the detail a caller
//! acts on as attributes (`IllegalMoveError.move` and `.reason`,
//! `InvalidRecordError.line` and `.ply`). A core `PlayError` becomes its
//! `IllegalMoveError` in `moves`, where the move type is: this module
//! imports none of the crate's.

use pyo3::create_exception;
use pyo3::exceptions::{PyBaseException, PyMemoryError, PyOSError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    oware,
    OwareError,
    PyValueError,
    "The base class of every exception this package raises for bad input (a ValueError)."
);
create_exception!(
    oware,
    IllegalMoveError,
    OwareError,
    "Raised when a move is not legal in the position (the board is unchanged)."
);
create_exception!(
    oware,
    InvalidMoveError,
    OwareError,
    "Raised when move notation is not one house letter: the board's (A-F for South, a-f for North on 6 houses a side) where a board reads it, else any board's."
);
create_exception!(
    oware,
    InvalidPositionError,
    OwareError,
    "Raised when a position string is malformed or is not a position of its ruleset."
);
create_exception!(
    oware,
    InvalidRulesetError,
    OwareError,
    "Raised when a ruleset's text form is malformed or names an unplayable ruleset."
);
create_exception!(
    oware,
    InvalidRecordError,
    OwareError,
    "Raised when a game record cannot be read (the message gives the line or ply)."
);
create_exception!(
    oware,
    InvalidTagError,
    OwareError,
    "Raised when a record tag cannot be set: a bad name, a line break, or a tag the game decides."
);
create_exception!(
    oware,
    EndgameError,
    OwareError,
    "Raised when an endgame database cannot be built for a ruleset or up to a seed total."
);
create_exception!(
    oware,
    ProbeError,
    OwareError,
    "Raised when an endgame database cannot value a position (another ruleset, too many seeds or positions, a game over)."
);
create_exception!(
    oware,
    DatabaseFileError,
    OwareError,
    "Raised when an endgame database file is refused: not a database, truncated, corrupt or another database."
);

/// The core crate's errors, so that `?` can cross the orphan rule (the
/// `PyPolarsErr` pattern).
#[derive(Debug)]
pub(crate) enum OwareErr {
    ParseMove(oware::ParseMoveError),
    ParsePosition(oware::ParsePositionError),
    Position(oware::PositionError),
    ParseRuleset(oware::ParseRulesetError),
    Ruleset(oware::RulesetError),
    ParseVariant(oware::ParseVariantError),
    ParseRecord(oware::ParseRecordError),
    Endgame(oware::endgame::EndgameError),
    Probe(oware::endgame::ProbeError),
    Solve(oware::endgame::SolveError),
    Load(oware::endgame::LoadError),
}

macro_rules! from_err {
    ($($variant:ident($ty:ty)),* $(,)?) => {
        $(impl From<$ty> for OwareErr {
            fn from(e: $ty) -> OwareErr {
                OwareErr::$variant(e)
            }
        })*
    };
}

from_err!(
    ParseMove(oware::ParseMoveError),
    ParsePosition(oware::ParsePositionError),
    Position(oware::PositionError),
    ParseRuleset(oware::ParseRulesetError),
    Ruleset(oware::RulesetError),
    ParseVariant(oware::ParseVariantError),
    ParseRecord(oware::ParseRecordError),
    Endgame(oware::endgame::EndgameError),
    Probe(oware::endgame::ProbeError),
    Solve(oware::endgame::SolveError),
    Load(oware::endgame::LoadError),
);

impl From<OwareErr> for PyErr {
    fn from(e: OwareErr) -> PyErr {
        match e {
            OwareErr::ParseMove(e) => InvalidMoveError::new_err(e.to_string()),
            OwareErr::ParsePosition(e) => InvalidPositionError::new_err(e.to_string()),
            OwareErr::Position(e) => InvalidPositionError::new_err(e.to_string()),
            OwareErr::ParseRuleset(e) => InvalidRulesetError::new_err(e.to_string()),
            OwareErr::Ruleset(e) => InvalidRulesetError::new_err(e.to_string()),
            OwareErr::ParseVariant(e) => InvalidRulesetError::new_err(e.to_string()),
            OwareErr::ParseRecord(e) => record_error(&e),
            OwareErr::Endgame(e @ oware::endgame::EndgameError::OutOfMemory { .. }) => {
                PyMemoryError::new_err(e.to_string())
            }
            OwareErr::Solve(e @ oware::endgame::SolveError::OutOfMemory { .. }) => {
                PyMemoryError::new_err(e.to_string())
            }
            OwareErr::Endgame(e) => EndgameError::new_err(e.to_string()),
            OwareErr::Probe(e) => ProbeError::new_err(e.to_string()),
            OwareErr::Solve(e) => ProbeError::new_err(e.to_string()),
            OwareErr::Load(oware::endgame::LoadError::Io(e)) => PyErr::from(e),
            OwareErr::Load(e) => DatabaseFileError::new_err(e.to_string()),
        }
    }
}

/// The class-level defaults of the detail attributes, so that an
/// exception raised from Python code (without them) still has them.
pub(crate) fn add_detail_defaults(py: Python<'_>) -> PyResult<()> {
    let illegal = py.get_type::<IllegalMoveError>();
    illegal.setattr("move", py.None())?;
    illegal.setattr("reason", py.None())?;
    let record = py.get_type::<InvalidRecordError>();
    record.setattr("line", py.None())?;
    record.setattr("ply", py.None())?;
    Ok(())
}

/// An `InvalidRecordError` with the record's line and the movetext's ply
/// the error is at (or None) as `.line` and `.ply`.
fn record_error(e: &oware::ParseRecordError) -> PyErr {
    with_detail(InvalidRecordError::new_err(e.to_string()), |value| {
        value.setattr("line", e.line())?;
        value.setattr("ply", e.ply())
    })
}

/// `err` with its detail attributes set by `set` on the exception (or the
/// error setting them raised).
pub(crate) fn with_detail(
    err: PyErr,
    set: impl FnOnce(&Bound<'_, PyBaseException>) -> PyResult<()>,
) -> PyErr {
    Python::attach(|py| set(err.value(py)).err().unwrap_or(err))
}

/// `result.py()?` turns a core error into its Python exception.
pub(crate) trait PyResultExt<T> {
    fn py(self) -> PyResult<T>;
}

impl<T, E: Into<OwareErr>> PyResultExt<T> for Result<T, E> {
    fn py(self) -> PyResult<T> {
        self.map_err(|e| PyErr::from(e.into()))
    }
}

/// The `OSError` of an I/O error on `path`: of the subclass its errno
/// selects (`FileNotFoundError`, `PermissionError`, ...), with `errno`,
/// `strerror` and `filename` set as Python's own `open` sets them.
pub(crate) fn os_error(e: std::io::Error, path: &std::path::Path) -> PyErr {
    let Some(errno) = e.raw_os_error() else {
        return PyOSError::new_err(format!("{}: {e}", path.display()));
    };
    let text = e.to_string();
    let strerror = text
        .strip_suffix(&format!(" (os error {errno})"))
        .unwrap_or(&text)
        .to_owned();
    PyOSError::new_err((errno, strerror, path.display().to_string()))
}
