//! The value types: `Side`, `Variant`, `Termination`, `Move`, `Ruleset`,
//! `Outcome` and the parts of a `MoveReport`. Each mirrors a core type
//! (PyO3 attributes cannot go on the core crate's own types).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyType};

use crate::common::{Int, quoted, value_error};
use crate::errors::PyResultExt;

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
    /// The variant named `name` (case-insensitive; aliases `oware`, `mancala`, ...).
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
    Majority,
    NoMoves,
    Cycle,
    MoveLimit,
    Agreement,
    EmptyRow,
    EmptyBoard,
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
    /// The termination's position in `Termination.ALL`: the code the batch
    /// API writes.
    pub(crate) fn code(self) -> u8 {
        TERMINATIONS
            .iter()
            .position(|(p, _, _)| *p == self)
            .map_or(0, |i| i as u8)
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

// ---------------------------------------------------------------- Move

/// One ply: the side to move sows one of its houses.
#[pyclass(module = "oware", name = "Move", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PyMove(pub oware::Move);

/// The interned `Move` objects, indexed by `side * MAX_HOUSES + house`, so
/// that listing legal moves allocates nothing but the list.
static MOVES: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();

/// The interned `Move` objects (see [`move_object`]).
pub(crate) fn move_table(py: Python<'_>) -> PyResult<&[Py<PyMove>]> {
    let all = MOVES.get_or_try_init(py, || -> PyResult<Vec<Py<PyMove>>> {
        let mut all = Vec::with_capacity(2 * oware::MAX_HOUSES);
        for side in oware::Side::ALL {
            for i in 0..oware::MAX_HOUSES {
                let house = oware::House::new(i).unwrap_or_else(|| unreachable!());
                all.push(Py::new(py, PyMove(oware::Move::new(side, house)))?);
            }
        }
        Ok(all)
    })?;
    Ok(all.as_slice())
}

/// Ready-made lists of the moves of each side for each set of the six
/// lowest houses (`side * 64 + mask`): listing legal moves copies one,
/// which is quicker than building it.
static MOVE_LISTS: PyOnceLock<Vec<Py<PyList>>> = PyOnceLock::new();

/// A new list of `moves` (all of one side), as `Move` objects.
pub(crate) fn move_list<'py>(
    py: Python<'py>,
    moves: &[oware::Move],
) -> PyResult<Bound<'py, PyList>> {
    let table = move_table(py)?;
    let mask = moves
        .iter()
        .fold(0usize, |mask, m| mask | 1 << m.house().index());
    let Some(first) = moves.first() else {
        return Ok(PyList::empty(py));
    };
    if mask >= 64 {
        return PyList::new(py, moves.iter().map(|&m| table[move_slot(m)].bind(py)));
    }
    let lists = MOVE_LISTS.get_or_try_init(py, || -> PyResult<Vec<Py<PyList>>> {
        let mut lists = Vec::with_capacity(2 * 64);
        for side in oware::Side::ALL {
            for mask in 0..64usize {
                let slots = (0..6)
                    .filter(|k| mask >> k & 1 != 0)
                    .map(|k| table[side.index() * oware::MAX_HOUSES + k].bind(py));
                lists.push(PyList::new(py, slots)?.unbind());
            }
        }
        Ok(lists)
    })?;
    let list = lists[first.side().index() * 64 + mask].bind(py);
    Ok(list.get_slice(0, list.len()))
}

/// The index of `m` in [`move_table`].
pub(crate) fn move_slot(m: oware::Move) -> usize {
    m.side().index() * oware::MAX_HOUSES + m.house().index()
}

/// The shared Python object of `m`.
pub(crate) fn move_object<'py>(py: Python<'py>, m: oware::Move) -> PyResult<Bound<'py, PyMove>> {
    Ok(move_table(py)?[move_slot(m)].bind(py).clone())
}

#[pymethods]
impl PyMove {
    /// `Move('C')` (notation) or `Move(Side.SOUTH, 2)` (side and house index).
    #[new]
    #[pyo3(signature = (notation, house = None))]
    fn new(notation: &Bound<'_, PyAny>, house: Option<Int>) -> PyResult<PyMove> {
        if let Ok(side) = notation.extract::<PySide>() {
            let house = house.ok_or_else(|| {
                pyo3::exceptions::PyTypeError::new_err(
                    "Move(side, house) needs a house index after the side",
                )
            })?;
            return Ok(PyMove(oware::Move::new(side.into(), house_of(&house)?)));
        }
        let Ok(text) = notation.cast::<PyString>() else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "Move() takes a house letter such as 'C', or a Side and a house index, not {}",
                notation.get_type().name()?
            )));
        };
        if house.is_some() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "Move(notation) takes no house index",
            ));
        }
        parse_move(text.to_str()?, None)
    }

    /// The move from its absolute house index (South's houses first).
    #[staticmethod]
    fn from_index(index: Int, houses_per_side: Int) -> PyResult<PyMove> {
        let h = houses_of(&houses_per_side)?;
        let indices = 0..=2 * h - 1;
        index
            .get(indices.clone())
            .and_then(|i| oware::Move::from_index(i, h))
            .map(PyMove)
            .ok_or_else(|| value_error(index.range_message("index", &indices)))
    }

    /// The side that plays the move.
    #[getter]
    fn side(&self) -> PySide {
        self.0.side().into()
    }

    /// The origin house's index within its side's row (0 = A or a).
    #[getter]
    fn house(&self) -> usize {
        self.0.house().index()
    }

    /// The absolute index of the origin house (South's houses 0..h, North's h..2h).
    #[pyo3(name = "to_index")]
    fn absolute_index(&self, houses_per_side: Int) -> PyResult<usize> {
        let h = houses_of(&houses_per_side)?;
        if self.0.house().index() >= h {
            return Err(value_error(format!(
                "move {} has no house with {h} houses a side",
                self.0
            )));
        }
        Ok(self.0.to_index(h))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.get().0.to_string(),))
    }
}

/// The house of index `house` (the parameter `house`), 0 to `MAX_HOUSES - 1`.
fn house_of(house: &Int) -> PyResult<oware::House> {
    let range = 0..=oware::MAX_HOUSES - 1;
    house
        .get(range.clone())
        .and_then(oware::House::new)
        .ok_or_else(|| value_error(house.range_message("house", &range)))
}

/// The parameter `houses_per_side`: 1 to `MAX_HOUSES`.
fn houses_of(houses_per_side: &Int) -> PyResult<usize> {
    houses_per_side.in_range("houses_per_side", 1..=oware::MAX_HOUSES)
}

/// Parses move notation, for a board of `houses_per_side` houses a side
/// when it is known (the error then names that board's letters; the
/// wording is the core's `ParseMoveError`).
pub(crate) fn parse_move(text: &str, houses_per_side: Option<usize>) -> PyResult<PyMove> {
    let parsed = match houses_per_side {
        Some(houses) => oware::Move::from_ascii_on(text.as_bytes(), houses),
        None => oware::Move::from_ascii(text.as_bytes()),
    };
    parsed
        .map(PyMove)
        .map_err(|e| crate::errors::InvalidMoveError::new_err(format!("{e}, got {}", quoted(text))))
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
    let error = |message: String| crate::errors::InvalidRulesetError::new_err(message);
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

    /// Abapa (the default).
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

    /// The seeds credited to (South, North) at the end.
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

// ---------------------------------------------------------------- Pit, reports

/// A house or a store.
#[pyclass(module = "oware", name = "Pit", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyPit(pub oware::Pit);

#[pymethods]
impl PyPit {
    /// `Pit(Side.SOUTH, 3)` is South's house D; `Pit(Side.NORTH)` is North's store.
    #[new]
    #[pyo3(signature = (side, house = None))]
    fn new(side: PySide, house: Option<Int>) -> PyResult<PyPit> {
        let side = side.into();
        match house {
            None => Ok(PyPit(oware::Pit::Store(side))),
            Some(i) => Ok(PyPit(oware::Pit::House(side, house_of(&i)?))),
        }
    }

    /// The side the house or store belongs to.
    #[getter]
    fn side(&self) -> PySide {
        match self.0 {
            oware::Pit::House(side, _) | oware::Pit::Store(side) => side.into(),
        }
    }

    /// The house's index within its row, or None for a store.
    #[getter]
    fn house(&self) -> Option<usize> {
        match self.0 {
            oware::Pit::House(_, house) => Some(house.index()),
            oware::Pit::Store(_) => None,
        }
    }

    /// Whether this is a store.
    #[getter]
    fn is_store(&self) -> bool {
        matches!(self.0, oware::Pit::Store(_))
    }

    /// The absolute pit index: houses 0..2h, then South's store 2h and North's 2h + 1.
    #[pyo3(name = "to_index")]
    fn absolute_index(&self, houses_per_side: Int) -> PyResult<usize> {
        let h = houses_of(&houses_per_side)?;
        Ok(pit_index(self.0, h))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match self.0 {
            oware::Pit::House(side, house) => {
                format!("Pit(Side.{}, {})", side_name(side), house.index())
            }
            oware::Pit::Store(side) => format!("Pit(Side.{})", side_name(side)),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (PySide, Option<usize>)) {
        let p = slf.get();
        (slf.get_type(), (p.side(), p.house()))
    }
}

fn side_name(side: oware::Side) -> &'static str {
    side.fold_sn("SOUTH", "NORTH")
}

/// The absolute pit index of `pit`: houses `0..2h`, stores `2h` and `2h + 1`.
pub(crate) fn pit_index(pit: oware::Pit, h: usize) -> usize {
    match pit {
        oware::Pit::House(side, house) => side.index() * h + house.index(),
        oware::Pit::Store(side) => 2 * h + side.index(),
    }
}

/// A captured house and the seeds it held.
#[pyclass(module = "oware", name = "Captured", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyCaptured(pub oware::Captured);

#[pymethods]
impl PyCaptured {
    /// The pit captured from.
    #[getter]
    fn pit(&self) -> PyPit {
        PyPit(self.0.pit)
    }

    /// The seeds it held.
    #[getter]
    fn seeds(&self) -> u8 {
        self.0.seeds
    }

    /// The side whose store they went to.
    #[getter]
    fn to(&self) -> PySide {
        self.0.to.into()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Captured {} seeds from {} to {}>",
            self.0.seeds, self.0.pit, self.0.to
        )
    }
}

/// A relay (Congkak): seeds lifted from a house and sown on.
#[pyclass(module = "oware", name = "Relay", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyRelay(pub oware::Relay);

#[pymethods]
impl PyRelay {
    /// How many of the report's sown seeds came before the lift.
    #[getter]
    fn after(&self) -> usize {
        self.0.after
    }

    /// The house lifted.
    #[getter]
    fn pit(&self) -> PyPit {
        PyPit(self.0.pit)
    }

    /// The seeds lifted.
    #[getter]
    fn seeds(&self) -> u8 {
        self.0.seeds
    }

    fn __repr__(&self) -> String {
        format!(
            "<Relay after {} seeds: {} seeds from {}>",
            self.0.after, self.0.seeds, self.0.pit
        )
    }
}

/// What a move did.
#[pyclass(module = "oware", name = "MoveReport", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PyMoveReport(pub oware::MoveReport);

#[pymethods]
impl PyMoveReport {
    /// The move played.
    #[getter(r#move)]
    fn played(&self) -> PyMove {
        PyMove(self.0.played)
    }

    /// Each pit a seed was dropped into, in sowing order.
    #[getter]
    fn sown(&self) -> Vec<PyPit> {
        self.0.sown.iter().map(|&p| PyPit(p)).collect()
    }

    /// Where relay sowing lifted seeds and sowed on (Congkak).
    #[getter]
    fn relays(&self) -> Vec<PyRelay> {
        self.0.relays.iter().map(|&r| PyRelay(r)).collect()
    }

    /// The houses captured, in the order the capture took them.
    #[getter]
    fn captures(&self) -> Vec<PyCaptured> {
        self.0.captures.iter().map(|&c| PyCaptured(c)).collect()
    }

    /// The seeds captured in all.
    #[getter]
    fn captured_seeds(&self) -> u16 {
        self.0.captured_seeds()
    }

    /// A grand slam annulled the capture.
    #[getter]
    fn grand_slam(&self) -> bool {
        self.0.grand_slam
    }

    /// The move fed a starved opponent.
    #[getter]
    fn fed(&self) -> bool {
        self.0.fed
    }

    /// The last seed fell in the mover's store (Kalah, Congkak).
    #[getter]
    fn extra_turn(&self) -> bool {
        self.0.extra_turn
    }

    /// The side due to move had no seeds and passed.
    #[getter]
    fn passed(&self) -> bool {
        self.0.passed
    }

    /// How the game ended, if this move ended it.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.0.outcome.map(PyOutcome)
    }

    fn __repr__(&self) -> String {
        let sown: String = self.0.sown.iter().map(ToString::to_string).collect();
        let mut text = format!("<MoveReport {}: sown {sown}", self.0.played);
        if !self.0.captures.is_empty() {
            text += &format!(", captured {}", self.0.captured_seeds());
        }
        for (flag, name) in [
            (self.0.grand_slam, "grand slam"),
            (self.0.fed, "fed"),
            (self.0.extra_turn, "extra turn"),
            (self.0.passed, "passed"),
        ] {
            if flag {
                text += ", ";
                text += name;
            }
        }
        if let Some(o) = self.0.outcome {
            text += &format!(", {o}");
        }
        text + ">"
    }
}
