//! The move types: `Move` (one object for each move, shared), `Pit`, and
//! the parts of a `MoveReport`: what a move did. Each mirrors a core type
//! (PyO3 attributes cannot go on the core crate's own types).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyType};

use crate::common::{Int, quoted, value_error};
use crate::errors::{IllegalMoveError, InvalidMoveError, with_detail};
use crate::values::{PyOutcome, PySide};

// ---------------------------------------------------------------- Move

/// One ply: the side to move sows one of its houses.
#[pyclass(module = "oware", name = "Move", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PyMove(pub oware::Move);

/// The interned `Move` objects, indexed by `side * MAX_HOUSES + house`, so
/// that listing legal moves allocates nothing but the list.
static MOVES: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();

/// The interned `Move` objects (see [`move_object`]).
fn move_table(py: Python<'_>) -> PyResult<&[Py<PyMove>]> {
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

/// Ready-made lists of the moves of each side for each set of its houses
/// (`side << MAX_HOUSES | mask`, bit `k` for house `k`): listing legal
/// moves copies one, which is quicker than building it.
static MOVE_LISTS: PyOnceLock<Vec<Py<PyList>>> = PyOnceLock::new();

/// A new list of `moves` (all of one side, in house order), as `Move`
/// objects: a copy of the ready-made one, so that the caller may change it.
pub(crate) fn move_list<'py>(
    py: Python<'py>,
    moves: &[oware::Move],
) -> PyResult<Bound<'py, PyList>> {
    let Some(first) = moves.first() else {
        return Ok(PyList::empty(py));
    };
    let mask = moves
        .iter()
        .fold(0usize, |mask, m| mask | 1 << m.house().index());
    let lists = MOVE_LISTS.get_or_try_init(py, || -> PyResult<Vec<Py<PyList>>> {
        let table = move_table(py)?;
        let mut lists = Vec::with_capacity(2 << oware::MAX_HOUSES);
        for side in oware::Side::ALL {
            for mask in 0..1usize << oware::MAX_HOUSES {
                let slots = (0..oware::MAX_HOUSES)
                    .filter(|k| mask >> k & 1 != 0)
                    .map(|k| table[side.index() * oware::MAX_HOUSES + k].bind(py));
                lists.push(PyList::new(py, slots)?.unbind());
            }
        }
        Ok(lists)
    })?;
    // The whole list: a slice's end past the list stops at its end, which
    // spares asking its length.
    Ok(lists[first.side().index() << oware::MAX_HOUSES | mask]
        .bind(py)
        .get_slice(0, usize::MAX))
}

/// The index of `m` in [`move_table`].
fn move_slot(m: oware::Move) -> usize {
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

    /// The move whose origin house has pit index `index` (South's houses first).
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

    /// The pit index of the origin house (South's houses 0..h, North's h..2h).
    #[pyo3(name = "to_index")]
    fn absolute_index(&self, houses_per_side: Int) -> PyResult<usize> {
        let h = board_with_house("move", self.0, self.0.house().index(), &houses_per_side)?;
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
        .map_err(|e| InvalidMoveError::new_err(format!("{e}, got {}", quoted(text))))
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

    /// The pit index on a board of ``houses_per_side`` houses a side: houses 0..2h,
    /// then South's store 2h and North's 2h + 1. ValueError for a house past the board's.
    #[pyo3(name = "to_index")]
    fn absolute_index(&self, houses_per_side: Int) -> PyResult<usize> {
        let house = match self.0 {
            oware::Pit::House(_, house) => house.index(),
            oware::Pit::Store(_) => 0,
        };
        let h = board_with_house("pit", self.0, house, &houses_per_side)?;
        Ok(self.0.to_index(h))
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

/// The houses a side of `houses_per_side`, if the board has house number
/// `house` (the house of `what`, shown as `shown`), else the ValueError
/// `pit d has no house with 2 houses a side`: a pit index needs a house
/// that is on the board.
fn board_with_house(
    what: &str,
    shown: impl std::fmt::Display,
    house: usize,
    houses_per_side: &Int,
) -> PyResult<usize> {
    let h = houses_of(houses_per_side)?;
    if house >= h {
        return Err(value_error(format!(
            "{what} {shown} has no house with {h} houses a side"
        )));
    }
    Ok(h)
}

fn side_name(side: oware::Side) -> &'static str {
    side.fold_sn("SOUTH", "NORTH")
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

    /// The seeds lifted (the last seed sown included).
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

    /// The capture would have taken every seed of the opponent's row and the
    /// ruleset annulled it.
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

// ---------------------------------------------------------------- illegal moves

/// An `IllegalMoveError` with `message` and the move and the reason's
/// name (`IllegalMoveReason::name`, the C enum's name) as `.move` and
/// `.reason`.
pub(crate) fn illegal_move_error(message: String, e: oware::PlayError) -> PyErr {
    with_detail(IllegalMoveError::new_err(message), |value| {
        value.setattr("move", PyMove(e.m))?;
        value.setattr("reason", e.reason.name())
    })
}

/// The `IllegalMoveError` of `e`, with the core's message
/// (`result.map_err(play_error)?`).
pub(crate) fn play_error(e: oware::PlayError) -> PyErr {
    illegal_move_error(e.to_string(), e)
}
