//! The exception classes and the mapping of the core crate's errors onto
//! them (one class per kind of error, all `ValueError` subclasses, as
//! python-chess and polars do).

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    oware,
    IllegalMoveError,
    PyValueError,
    "Raised when a move is not legal in the position (the board is unchanged)."
);
create_exception!(
    oware,
    InvalidMoveError,
    PyValueError,
    "Raised when move notation is not one house letter (A-I for South, a-i for North)."
);
create_exception!(
    oware,
    InvalidPositionError,
    PyValueError,
    "Raised when a position string is malformed or is not a position of its ruleset."
);
create_exception!(
    oware,
    InvalidRulesetError,
    PyValueError,
    "Raised when a ruleset's text form is malformed or names an unplayable ruleset."
);
create_exception!(
    oware,
    InvalidRecordError,
    PyValueError,
    "Raised when a game record cannot be read (the message gives the line or ply)."
);
create_exception!(
    oware,
    InvalidTagError,
    PyValueError,
    "Raised when a record tag cannot be set: a bad name, a line break, or a tag the game decides."
);
create_exception!(
    oware,
    EndgameError,
    PyValueError,
    "Raised when an endgame database cannot be built for a ruleset or up to a seed total."
);
create_exception!(
    oware,
    ProbeError,
    PyValueError,
    "Raised when an endgame database cannot value a position (another ruleset, too many seeds or positions, a game over)."
);
create_exception!(
    oware,
    DatabaseFileError,
    PyValueError,
    "Raised when an endgame database file is refused: not a database, truncated, corrupt or another database."
);

/// The core crate's errors, so that `?` can cross the orphan rule (the
/// `PyPolarsErr` pattern).
#[derive(Debug)]
pub(crate) enum OwareErr {
    Play(oware::PlayError),
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
    Play(oware::PlayError),
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
            OwareErr::Play(e) => IllegalMoveError::new_err(e.to_string()),
            OwareErr::ParseMove(e) => InvalidMoveError::new_err(e.to_string()),
            OwareErr::ParsePosition(e) => InvalidPositionError::new_err(e.to_string()),
            OwareErr::Position(e) => InvalidPositionError::new_err(e.to_string()),
            OwareErr::ParseRuleset(e) => InvalidRulesetError::new_err(e.to_string()),
            OwareErr::Ruleset(e) => InvalidRulesetError::new_err(e.to_string()),
            OwareErr::ParseVariant(e) => InvalidRulesetError::new_err(e.to_string()),
            OwareErr::ParseRecord(e) => InvalidRecordError::new_err(e.to_string()),
            OwareErr::Endgame(e) => EndgameError::new_err(e.to_string()),
            OwareErr::Probe(e) => ProbeError::new_err(e.to_string()),
            OwareErr::Solve(e) => ProbeError::new_err(e.to_string()),
            OwareErr::Load(oware::endgame::LoadError::Io(e)) => PyErr::from(e),
            OwareErr::Load(e) => DatabaseFileError::new_err(e.to_string()),
        }
    }
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

/// A `ValueError` with `message`.
pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// A seed: any Python int, taken modulo 2**64 (so `-1` and `2**70` are
/// seeds too, as for `random.seed`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seed(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Seed> {
        if let Ok(seed) = obj.extract::<u64>() {
            return Ok(Seed(seed));
        }
        if !obj.is_instance_of::<pyo3::types::PyInt>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "a seed must be an int, not {}",
                obj.get_type().name()?
            )));
        }
        obj.call_method1("__and__", (u64::MAX,))?
            .extract::<u64>()
            .map(Seed)
    }
}
