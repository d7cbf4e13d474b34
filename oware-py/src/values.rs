//! The value types: `Side`, `Variant`, `Termination`, `Ruleset` and
//! `Outcome`. Each mirrors a core type (PyO3 attributes cannot go on the
//! core crate's own types).

use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

use crate::common::{Int, value_error};
use crate::errors::{InvalidRulesetError, PyResultExt};

/// What `__reduce__` returns for an enum member: `(getattr, (cls, name))`.
type Reduced<'py> = (Bound<'py, PyAny>, (Bound<'py, PyType>, String));

/// `(getattr, (cls, name))`: how an enum member pickles.
fn reduce_member<'py>(slf: &Bound<'py, PyAny>, name: &str) -> PyResult<Reduced<'py>> {
    let py = slf.py();
    let getattr = py.import("builtins")?.getattr("getattr")?;
    Ok((getattr, (slf.get_type(), name.to_owned())))
}

// ---------------------------------------------------------------- Side

/// South (houses A-F, moves first) or North (houses a-f).
#[pyclass(
    module = "oware",
    name = "Side",
    eq,
    eq_int,
    frozen,
    hash,
    from_py_object,
    rename_all = "SCREAMING_SNAKE_CASE"
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PySide {
    South,
    North,
}

impl From<oware::Side> for PySide {
    fn from(side: oware::Side) -> PySide {
        match side {
            oware::Side::South => PySide::South,
            oware::Side::North => PySide::North,
        }
    }
}

impl From<PySide> for oware::Side {
    fn from(side: PySide) -> oware::Side {
        match side {
            PySide::South => oware::Side::South,
            PySide::North => oware::Side::North,
        }
    }
}

#[pymethods]
impl PySide {
    /// The side named *name*, in any case (``'south'``, ``'South'``), as the core's
    /// ``Side::from_name`` reads it. Raises ValueError for another name.
    ///
    /// >>> oware.Side.from_name("north")
    /// Side.NORTH
    #[staticmethod]
    fn from_name(name: &str) -> PyResult<PySide> {
        oware::Side::from_name(name)
            .map(PySide::from)
            .ok_or_else(|| {
                value_error(format!(
                    "unknown side {name:?}: expected 'south' or 'north'"
                ))
            })
    }

    /// The opponent.
    fn other(&self) -> PySide {
        (!oware::Side::from(*self)).into()
    }

    fn __invert__(&self) -> PySide {
        self.other()
    }

    fn __str__(&self) -> String {
        oware::Side::from(*self).to_string()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let name = match *slf.get() {
            PySide::South => "SOUTH",
            PySide::North => "NORTH",
        };
        reduce_member(slf.as_any(), name)
    }
}

// ---------------------------------------------------------------- Variant

/// A preset ruleset.
#[pyclass(
    module = "oware",
    name = "Variant",
    eq,
    eq_int,
    frozen,
    hash,
    from_py_object,
    rename_all = "SCREAMING_SNAKE_CASE"
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PyVariant {
    Abapa,
    Openspiel,
    Awale,
    Kalah,
    KalahIrving,
    Congkak,
}

const VARIANTS: [(PyVariant, oware::Variant, &str); 6] = [
    (PyVariant::Abapa, oware::Variant::Abapa, "ABAPA"),
    (PyVariant::Openspiel, oware::Variant::OpenSpiel, "OPENSPIEL"),
    (PyVariant::Awale, oware::Variant::Awale, "AWALE"),
    (PyVariant::Kalah, oware::Variant::Kalah, "KALAH"),
    (
        PyVariant::KalahIrving,
        oware::Variant::KalahIrving,
        "KALAH_IRVING",
    ),
    (PyVariant::Congkak, oware::Variant::Congkak, "CONGKAK"),
];

impl From<PyVariant> for oware::Variant {
    fn from(v: PyVariant) -> oware::Variant {
        VARIANTS
            .iter()
            .find(|(p, _, _)| *p == v)
            .map_or(oware::Variant::Abapa, |&(_, c, _)| c)
    }
}

impl PyVariant {
    /// The binding's variant of a core variant, if it knows it.
    pub(crate) fn from_core(v: oware::Variant) -> Option<PyVariant> {
        VARIANTS
            .iter()
            .find(|(_, c, _)| *c == v)
            .map(|&(p, _, _)| p)
    }
}

#[pymethods]
impl PyVariant {
    /// The variant named *name*, ignoring case; aliases ``oware``, ``mancala`` and
    /// ``openspiel-oware`` are accepted. Raises :class:`InvalidRulesetError` for others.
    #[staticmethod]
    fn from_name(name: &str) -> PyResult<PyVariant> {
        let v = name.parse::<oware::Variant>().py()?;
        PyVariant::from_core(v).ok_or_else(|| value_error(format!("unknown variant {name:?}")))
    }

    /// Every variant.
    #[staticmethod]
    fn all() -> Vec<PyVariant> {
        VARIANTS.iter().map(|&(p, _, _)| p).collect()
    }

    /// The variant's ruleset.
    fn ruleset(&self) -> PyRuleset {
        PyRuleset(oware::Variant::from(*self).ruleset())
    }

    fn __str__(&self) -> &'static str {
        oware::Variant::from(*self).name()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let v = *slf.get();
        let name = VARIANTS
            .iter()
            .find(|(p, _, _)| *p == v)
            .map_or("ABAPA", |&(_, _, n)| n);
        reduce_member(slf.as_any(), name)
    }
}

// ---------------------------------------------------------------- Termination

/// Why a game ended.
#[pyclass(
    module = "oware",
    name = "Termination",
    eq,
    eq_int,
    frozen,
    hash,
    from_py_object,
    rename_all = "SCREAMING_SNAKE_CASE"
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PyTermination {
    // C's numbers (`oware_termination`, where 0 is a game that goes on), so
    // that `int(Termination.X)` is the same number in Python and C.
    Majority = 1,
    NoMoves = 2,
    Cycle = 3,
    MoveLimit = 4,
    Agreement = 5,
    EmptyRow = 6,
    EmptyBoard = 7,
}

const TERMINATIONS: [(PyTermination, oware::Termination, &str); 7] = [
    (
        PyTermination::Majority,
        oware::Termination::Majority,
        "MAJORITY",
    ),
    (
        PyTermination::NoMoves,
        oware::Termination::NoMoves,
        "NO_MOVES",
    ),
    (PyTermination::Cycle, oware::Termination::Cycle, "CYCLE"),
    (
        PyTermination::MoveLimit,
        oware::Termination::MoveLimit,
        "MOVE_LIMIT",
    ),
    (
        PyTermination::Agreement,
        oware::Termination::Agreement,
        "AGREEMENT",
    ),
    (
        PyTermination::EmptyRow,
        oware::Termination::EmptyRow,
        "EMPTY_ROW",
    ),
    (
        PyTermination::EmptyBoard,
        oware::Termination::EmptyBoard,
        "EMPTY_BOARD",
    ),
];

impl From<oware::Termination> for PyTermination {
    fn from(t: oware::Termination) -> PyTermination {
        TERMINATIONS
            .iter()
            .find(|(_, c, _)| *c == t)
            .map(|&(p, _, _)| p)
            .unwrap_or_else(|| unreachable!("a termination the bindings do not know: {t:?}"))
    }
}

impl From<PyTermination> for oware::Termination {
    fn from(t: PyTermination) -> oware::Termination {
        TERMINATIONS
            .iter()
            .find(|(p, _, _)| *p == t)
            .map_or(oware::Termination::Majority, |&(_, c, _)| c)
    }
}

impl PyTermination {
    /// The termination's number, `int(Termination.X)` and C's
    /// `oware_termination` (1 to 7): the code the batch API writes.
    pub(crate) fn code(self) -> u8 {
        self as u8
    }
}

#[pymethods]
impl PyTermination {
    /// The termination named `name` as in game records (`"no moves"`).
    #[staticmethod]
    fn from_name(name: &str) -> PyResult<PyTermination> {
        oware::Termination::from_name(name)
            .map(PyTermination::from)
            .ok_or_else(|| value_error(format!("unknown termination {name:?}")))
    }

    /// Every termination, in the order of their batch codes.
    #[staticmethod]
    fn all() -> Vec<PyTermination> {
        TERMINATIONS.iter().map(|&(p, _, _)| p).collect()
    }

    fn __str__(&self) -> &'static str {
        oware::Termination::from(*self).name()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py>> {
        let t = *slf.get();
        let name = TERMINATIONS
            .iter()
            .find(|(p, _, _)| *p == t)
            .map_or("MAJORITY", |&(_, _, n)| n);
        reduce_member(slf.as_any(), name)
    }
}

// ---------------------------------------------------------------- Ruleset

/// A ruleset: a preset or custom options, in its text form.
#[pyclass(module = "oware", name = "Ruleset", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyRuleset(pub oware::Ruleset);

/// A ruleset from a `Ruleset`, a `Variant`, its text form, or `None` (Abapa).
pub(crate) fn extract_ruleset(obj: Option<&Bound<'_, PyAny>>) -> PyResult<oware::Ruleset> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(oware::Ruleset::abapa());
    };
    if let Ok(r) = obj.cast::<PyRuleset>() {
        return Ok(r.get().0);
    }
    if let Ok(v) = obj.extract::<PyVariant>() {
        return Ok(oware::Variant::from(v).ruleset());
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return text.to_str()?.parse::<oware::Ruleset>().py();
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "a ruleset must be a Ruleset, a Variant or its text form (str), not {}",
        obj.get_type().name()?
    )))
}

/// The sizes of Kalah(`houses`, `seeds`) within the limits of every
/// ruleset: 1 to 9 houses a side, at most 255 seeds in all.
fn kalah_sizes(houses: &Int, seeds: &Int) -> PyResult<(u8, u8)> {
    let error = |message: String| InvalidRulesetError::new_err(message);
    let house_range = 1..=oware::MAX_HOUSES as u8;
    let h = houses
        .get(house_range.clone())
        .ok_or_else(|| error(houses.range_message("houses", &house_range)))?;
    let seed_range = 1..=oware::Ruleset::max_seeds_per_house(h);
    let s = seeds.get(seed_range.clone()).ok_or_else(|| {
        let message = seeds.range_message("seeds", &seed_range);
        error(format!(
            "{message} ({h} houses a side hold at most 255 seeds in all)"
        ))
    })?;
    Ok((h, s))
}

#[pymethods]
impl PyRuleset {
    /// `Ruleset('kalah(6,5)')`, `Ruleset(Variant.CONGKAK)`; `Ruleset()` is Abapa.
    #[new]
    #[pyo3(signature = (ruleset = None))]
    fn new(ruleset: Option<&Bound<'_, PyAny>>) -> PyResult<PyRuleset> {
        extract_ruleset(ruleset).map(PyRuleset)
    }

    /// Oware by the Abapa tournament rules (the default).
    #[staticmethod]
    fn abapa() -> PyRuleset {
        PyRuleset(oware::Ruleset::abapa())
    }

    /// Abapa ended at the first repetition (OpenSpiel's `oware`).
    #[staticmethod]
    fn openspiel() -> PyRuleset {
        PyRuleset(oware::Ruleset::openspiel())
    }

    /// Abapa with the grand slam forbidden unless every move is one.
    #[staticmethod]
    fn awale() -> PyRuleset {
        PyRuleset(oware::Ruleset::awale())
    }

    /// Kalah(houses, seeds), standard rules.
    #[staticmethod]
    #[pyo3(signature = (houses = Int::new(6), seeds = Int::new(4)), text_signature = "(houses=6, seeds=4)")]
    fn kalah(houses: Int, seeds: Int) -> PyResult<PyRuleset> {
        let (h, s) = kalah_sizes(&houses, &seeds)?;
        oware::Ruleset::kalah(h, s).py().map(PyRuleset)
    }

    /// Kalah(houses, seeds) with the empty capture.
    #[staticmethod]
    #[pyo3(signature = (houses = Int::new(6), seeds = Int::new(4)), text_signature = "(houses=6, seeds=4)")]
    fn kalah_irving(houses: Int, seeds: Int) -> PyResult<PyRuleset> {
        let (h, s) = kalah_sizes(&houses, &seeds)?;
        oware::Ruleset::kalah_irving(h, s).py().map(PyRuleset)
    }

    /// Congkak, 7 houses of 7 seeds.
    #[staticmethod]
    fn congkak() -> PyRuleset {
        PyRuleset(oware::Ruleset::congkak())
    }

    /// Houses on each side.
    #[getter]
    fn houses_per_side(&self) -> usize {
        self.0.houses_per_side()
    }

    /// Seeds in each house at the start.
    #[getter]
    fn seeds_per_house(&self) -> u8 {
        self.0.seeds_per_house()
    }

    /// Seeds in the game.
    #[getter]
    fn total_seeds(&self) -> u8 {
        self.0.total_seeds()
    }

    /// The preset this ruleset is exactly, if any.
    #[getter]
    fn variant(&self) -> Option<PyVariant> {
        self.0.variant().and_then(PyVariant::from_core)
    }

    /// `"oware"`, `"kalah"` or `"congkak"`.
    #[getter]
    fn family(&self) -> String {
        self.0.family().name().to_ascii_lowercase()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.get().0.to_string(),))
    }
}

// ---------------------------------------------------------------- Outcome

/// How a game ended.
#[pyclass(module = "oware", name = "Outcome", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyOutcome(pub oware::Outcome);

#[pymethods]
impl PyOutcome {
    /// The outcome with `scores` (South's, North's); the winner is the side with more.
    #[new]
    fn new(termination: PyTermination, scores: (Int, Int)) -> PyResult<PyOutcome> {
        let scores = oware::BySide {
            south: scores.0.in_range("scores", 0..=u8::MAX)?,
            north: scores.1.in_range("scores", 0..=u8::MAX)?,
        };
        Ok(PyOutcome(oware::Outcome::from_scores(
            termination.into(),
            scores,
        )))
    }

    /// Why the game ended.
    #[getter]
    fn termination(&self) -> PyTermination {
        self.0.termination.into()
    }

    /// The side with the higher score, or None for a draw.
    #[getter]
    fn winner(&self) -> Option<PySide> {
        self.0.winner.map(PySide::from)
    }

    /// The seeds credited to (South, North): the stores, plus the seeds left on
    /// each row where the termination gives them out. The board itself is left as it was.
    #[getter]
    fn scores(&self) -> (u8, u8) {
        (self.0.scores.south, self.0.scores.north)
    }

    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        self.0.result_str()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        let name = TERMINATIONS
            .iter()
            .find(|(_, c, _)| *c == self.0.termination)
            .map_or("?", |&(_, _, n)| n);
        format!(
            "Outcome(Termination.{name}, ({}, {}))",
            self.0.scores.south, self.0.scores.north
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (PyTermination, (u8, u8))) {
        let o = slf.get();
        (slf.get_type(), (o.termination(), o.scores()))
    }
}
