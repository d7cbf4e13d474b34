//! What every class shares, below every other module: the argument types
//! (`Int`, `Seed`), search limits, long calls that Ctrl-C can interrupt,
//! and the observation and returns of the research API. It imports no
//! other module of the crate.

use core::fmt;
use core::ops::RangeInclusive;

use pyo3::exceptions::{PyOverflowError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use oware::search::SearchLimits;
use oware::{Outcome, Position, Side, StopHandle};

// ---------------------------------------------------------------- arguments

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

/// `text` in quotes as Python's `repr` writes a simple string.
pub(crate) fn quoted(text: &str) -> String {
    if text.contains('\'') && !text.contains('"') {
        format!("\"{text}\"")
    } else {
        format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

// ---------------------------------------------------------------- search limits

/// Search limits from Python arguments, checked by the core
/// ([`SearchLimits::check`], whose messages these are); none given is the
/// core's default, [`SearchLimits::DEFAULT`]. A value the core's types
/// cannot hold (negative, or too large) gets the same words.
pub(crate) fn limits_from(
    depth: Option<Int>,
    nodes: Option<Int>,
    time_ms: Option<Int>,
) -> PyResult<SearchLimits> {
    let depth = depth
        .map(|d| {
            d.get(0..=u8::MAX).ok_or_else(|| {
                value_error(d.range_message("depth", &(1..=SearchLimits::MAX_DEPTH)))
            })
        })
        .transpose()?;
    let budget = |value: Option<Int>, name: &str| {
        value
            .map(|v| {
                v.get(0..=u64::MAX)
                    .ok_or_else(|| value_error(v.range_message(name, &(1..=u64::MAX))))
            })
            .transpose()
    };
    let limits = SearchLimits {
        depth,
        nodes: budget(nodes, "nodes")?,
        time_ms: budget(time_ms, "time_ms")?,
    };
    limits.check().map_err(|e| value_error(e.to_string()))
}

// ---------------------------------------------------------------- interruptible calls

/// Runs `work` (long work that `stop` ends: a search, perft, random
/// games, a match, an endgame build or solve) on a scoped thread while
/// this thread waits without the GIL for it to end, looking for a signal
/// (Ctrl-C) every 20 ms meanwhile: on one, `stop` is set, the work is waited for (it ends within
/// milliseconds) and the signal's exception (e.g. KeyboardInterrupt) is
/// raised. When no thread can be started, the work is done on this
/// thread, without the GIL but out of Ctrl-C's reach. The one place the
/// bindings wait for long work.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &StopHandle,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    use std::sync::mpsc::{RecvTimeoutError, channel};
    // Taken by the thread, or by this one if the thread cannot start.
    let work = std::sync::Mutex::new(Some(work));
    let take = || work.lock().ok().and_then(|mut w| w.take());
    std::thread::scope(|scope| {
        let (done, mut finished) = channel::<()>();
        let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
            let out = take().map(|work| work());
            let _ = done.send(());
            out
        });
        let Ok(handle) = spawned else {
            let work = take().ok_or_else(|| PyRuntimeError::new_err("can't start new thread"))?;
            return Ok(py.detach(work));
        };
        loop {
            // Returns as soon as the work ends (or fails: the sender is
            // dropped), so short work costs no wait.
            let waited;
            (finished, waited) = py.detach(move || {
                let waited = finished.recv_timeout(std::time::Duration::from_millis(20));
                (finished, waited)
            });
            if waited != Err(RecvTimeoutError::Timeout) {
                return handle
                    .join()
                    .ok()
                    .flatten()
                    .ok_or_else(|| PyRuntimeError::new_err("the engine failed in its thread"));
            }
            if let Err(signal) = py.check_signals() {
                stop.stop();
                let _ = handle.join();
                return Err(signal);
            }
        }
    })
}

/// The error of work that a [`StopHandle`] ended without a signal having
/// been raised for it (another thread's stop): KeyboardInterrupt, as for
/// Ctrl-C.
pub(crate) fn stopped(_: oware::Stopped) -> PyErr {
    pyo3::exceptions::PyKeyboardInterrupt::new_err(oware::Stopped.to_string())
}

// ---------------------------------------------------------------- games

/// The plies a batch game makes room for before it starts (it then asks
/// for room ply by ply, to turn a lack of memory into an error): a typical
/// Abapa game's, about 100, as a core `Game` makes on its first move. Its
/// repetition table then does not grow mid-game, which re-inserts every
/// hash: a tenth of a batch's time.
pub(crate) const TYPICAL_PLIES: usize = 127;

// ---------------------------------------------------------------- observation

/// Observation entries after the houses: two stores and the side to move.
pub(crate) const OBS_EXTRA: usize = 3;

/// Writes the observation of `pos` into `out` (length `2h + 3`).
///
/// From the side to move's view (`absolute == false`): the mover's houses
/// in letter order, the opponent's houses in letter order, the mover's
/// store, the opponent's store, the side to move (0 South, 1 North).
/// Absolute: South's houses, North's houses, South's store, North's store,
/// the side to move. Seed counts are raw (not scaled).
pub(crate) fn observe(pos: &Position, absolute: bool, out: &mut [f32]) {
    let board = pos.board();
    let h = board.houses_per_side();
    let turn = pos.turn();
    let (first, second) = if absolute {
        (Side::South, Side::North)
    } else {
        (turn, !turn)
    };
    for (o, &s) in out[..h].iter_mut().zip(board.houses(first)) {
        *o = f32::from(s);
    }
    for (o, &s) in out[h..2 * h].iter_mut().zip(board.houses(second)) {
        *o = f32::from(s);
    }
    out[2 * h] = f32::from(board.store(first));
    out[2 * h + 1] = f32::from(board.store(second));
    out[2 * h + 2] = if turn == Side::South { 0.0 } else { 1.0 };
}

/// (South's, North's) reward for an outcome.
pub(crate) fn returns_of(outcome: Option<Outcome>) -> (f64, f64) {
    match outcome.and_then(|o| o.winner) {
        Some(Side::South) => (1.0, -1.0),
        Some(Side::North) => (-1.0, 1.0),
        None => (0.0, 0.0),
    }
}
