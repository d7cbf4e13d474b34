//! The exception classes and the mapping of the core crate's errors onto
//! them: one class per kind of error, all under `OwareError`, a
//! `ValueError` (as python-chess and polars do), with the detail a caller
//! acts on as attributes (`IllegalMoveError.move` and `.reason`,
//! `InvalidRecordError.line` and `.ply`).

use core::fmt;
use core::ops::RangeInclusive;

use pyo3::create_exception;
use pyo3::exceptions::{
    PyBaseException, PyMemoryError, PyOSError, PyOverflowError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::PyInt;

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
            OwareErr::Play(e) => illegal_move_error(e.to_string(), e),
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

/// An `IllegalMoveError` with `message` and the move and the reason's
/// name (`IllegalMoveReason::name`, the C enum's name) as `.move` and
/// `.reason`.
pub(crate) fn illegal_move_error(message: String, e: oware::PlayError) -> PyErr {
    with_detail(IllegalMoveError::new_err(message), |value| {
        value.setattr("move", crate::types::PyMove(e.m))?;
        value.setattr("reason", e.reason.name())
    })
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
fn with_detail(err: PyErr, set: impl FnOnce(&Bound<'_, PyBaseException>) -> PyResult<()>) -> PyErr {
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

/// A `ValueError` with `message`.
pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The int that `obj` stands for, the one conversion every int argument
/// goes through: an `int` (a `bool` included) as it is, a NumPy bool as 0
/// or 1 (as a Python `bool` is), anything else through `__index__` (NumPy
/// integers, any object with `__index__`). Anything without one gets
/// Python's own TypeError, "'str' object cannot be interpreted as an
/// integer".
fn as_int<'py>(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Bound<'py, PyInt>> {
    if let Ok(int) = obj.cast::<PyInt>() {
        return Ok(int.to_owned());
    }
    let py = obj.py();
    // PyO3's bool takes `numpy.bool_` too (NumPy's bool has no __index__).
    if let Ok(flag) = obj.extract::<bool>() {
        return Ok(PyInt::new(py, i64::from(flag)));
    }
    let index = py.import("operator")?.getattr("index")?.call1((obj,))?;
    Ok(index.cast_into::<PyInt>()?)
}

/// A seed: an int (as [`as_int`] takes them) from 0 to 2**64 - 1, refused
/// outside that range by [`Seed::value`] with [`Int::in_range`]'s message
/// (`seed must be 0 to 2**64 - 1, not -1`), as every other int argument is
/// (checked in the call, as `Int`s are, so that PyO3 adds no note to the
/// error). A seed out of range used to be taken modulo 2**64, so `-1` was
/// silently `2**64 - 1` (issue 31).
#[derive(Clone, Debug)]
pub(crate) struct Seed(Int);

impl Seed {
    /// The default seed, 0.
    pub(crate) const ZERO: Seed = Seed(Int::new(0));

    /// The seed, or the ValueError for one out of range.
    pub(crate) fn value(&self) -> PyResult<u64> {
        self.0.in_range("seed", 0..=u64::MAX)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Seed> {
        Int::extract(obj)
            .map(Seed)
            .map_err(|e| match obj.get_type().name() {
                Ok(name) if e.is_instance_of::<PyTypeError>(obj.py()) => {
                    PyTypeError::new_err(format!("a seed must be an int, not {name}"))
                }
                _ => e,
            })
    }
}

/// An int argument of any size, as Python gave it. Taking `i64` instead
/// raises PyO3's bare OverflowError past 64 bits, without the parameter's
/// name; an `Int` keeps the number, so [`Int::in_range`] gives the
/// ValueError that names the parameter and its range for every value out
/// of range, however large, and shows the value as given.
#[derive(Clone, Debug)]
pub(crate) struct Int(IntValue);

#[derive(Clone, Debug)]
enum IntValue {
    /// Within `i128`: every `i64` and `u64` (NumPy's `uint64` included).
    Fits(i128),
    /// Past 128 bits: its decimal text, and whether it is negative.
    Big(String, bool),
}

impl Int {
    /// `value` as an argument (for defaults).
    pub(crate) const fn new(value: i64) -> Int {
        Int(IntValue::Fits(value as i128))
    }

    /// The value as `T`, if it lies in `range`.
    pub(crate) fn get<T: TryFrom<i128> + PartialOrd>(&self, range: RangeInclusive<T>) -> Option<T> {
        match self.0 {
            IntValue::Fits(v) => T::try_from(v).ok().filter(|v| range.contains(v)),
            IntValue::Big(..) => None,
        }
    }

    /// The value as `T` if it lies in `range`, else a ValueError such as
    /// `depth must be 1 to 30, not 99`.
    pub(crate) fn in_range<T>(&self, name: &str, range: RangeInclusive<T>) -> PyResult<T>
    where
        T: TryFrom<i128> + PartialOrd + fmt::Display,
    {
        let message = self.range_message(name, &range);
        self.get(range).ok_or_else(|| value_error(message))
    }

    /// The message of [`Int::in_range`], for an error of another class.
    pub(crate) fn range_message<T: fmt::Display>(
        &self,
        name: &str,
        range: &RangeInclusive<T>,
    ) -> String {
        let (low, high) = (bound(range.start()), bound(range.end()));
        format!("{name} must be {low} to {high}, not {self}")
    }

    /// Whether the value is below 0.
    pub(crate) fn is_negative(&self) -> bool {
        match self.0 {
            IntValue::Fits(v) => v < 0,
            IntValue::Big(_, negative) => negative,
        }
    }
}

/// A range's bound as the message writes it: `2**64 - 1` for the largest
/// 64-bit value, which limits the budgets (read more easily than its 20
/// digits).
fn bound(value: &impl fmt::Display) -> String {
    match value.to_string() {
        text if text == u64::MAX.to_string() => "2**64 - 1".to_owned(),
        text => text,
    }
}

impl From<i64> for Int {
    fn from(value: i64) -> Int {
        Int(IntValue::Fits(value.into()))
    }
}

impl From<u64> for Int {
    fn from(value: u64) -> Int {
        Int(IntValue::Fits(value.into()))
    }
}

impl fmt::Display for Int {
    /// The value as Python prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            IntValue::Fits(v) => write!(f, "{v}"),
            IntValue::Big(text, _) => f.write_str(text),
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        let py = obj.py();
        let index = as_int(obj)?;
        match index.extract::<i128>() {
            Ok(v) => return Ok(Int(IntValue::Fits(v))),
            Err(e) if !e.is_instance_of::<PyOverflowError>(py) => return Err(e),
            Err(_) => {}
        }
        let negative = index.lt(0)?;
        // Python refuses to print an int of more than 4300 digits.
        let text = match index.str() {
            Ok(text) => text.to_string(),
            Err(_) => {
                let bits: u64 = index.call_method0("bit_length")?.extract()?;
                let sign = if negative { "a negative" } else { "an" };
                format!("{sign} int of {bits} bits")
            }
        };
        Ok(Int(IntValue::Big(text, negative)))
    }
}
