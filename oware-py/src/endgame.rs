//! Endgame databases: `EndgameDatabase`, the `EndgameProbe` of a position
//! and its `EndgameValue`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyType};

use oware::StopHandle;
use oware::endgame::{
    Convention, Database, LayerSlice, LoadError, Probe, SharedBytes, SliceError, SolveError, Value,
};

use crate::board::PyBoard;
use crate::common::{Int, interruptible, quoted, stopped, value_error};
use crate::errors::{EndgameError, OwareErr, ProbeError, PyResultExt, os_error};
use crate::moves::PyMove;
use crate::values::{PyRuleset, extract_ruleset};

/// The name of a convention in Python: `'even'` or `'own'`, as in the
/// layer file names.
fn convention_name(convention: Convention) -> &'static str {
    match convention {
        Convention::EvenSplit => "even",
        Convention::EachTakesOwn => "own",
    }
}

/// A convention from `'even'`, `'own'`, or `None` (the ruleset's own).
fn extract_convention(
    obj: Option<&Bound<'_, PyAny>>,
    ruleset: &oware::Ruleset,
) -> PyResult<Convention> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(Convention::of(ruleset));
    };
    let Ok(text) = obj.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "a convention must be 'even' or 'own' (str), not {}",
            obj.get_type().name()?
        )));
    };
    match text.to_str()? {
        "even" => Ok(Convention::EvenSplit),
        "own" => Ok(Convention::EachTakesOwn),
        other => Err(value_error(format!(
            "unknown convention {}: expected 'even' or 'own'",
            quoted(other)
        ))),
    }
}

/// A core load error as its Python exception, naming `path`.
fn load_error(e: LoadError, path: &Path) -> PyErr {
    match e {
        LoadError::Io(e) => os_error(e, path),
        LoadError::OutOfMemory { .. } => {
            pyo3::exceptions::PyMemoryError::new_err(format!("{}: {e}", path.display()))
        }
        e => crate::errors::DatabaseFileError::new_err(format!("{}: {e}", path.display())),
    }
}

/// A read-only memory map of a layer file, for the database to read in
/// place.
fn map_file(file: &std::fs::File) -> std::io::Result<SharedBytes> {
    // SAFETY: the map is read-only, and a layer file is never written in
    // place: this library writes a new file and renames it over the old
    // one, which leaves a mapped file as it was, and `load_dir`'s
    // documentation asks the same of anyone else. A mapped file cut short
    // or rewritten in place by another program is undefined behaviour, as
    // with any memory map.
    let map = unsafe { memmap2::Mmap::map(file)? };
    Ok(Arc::new(map))
}

/// The value of a position for its side to move: the final difference of
/// captures from now on, between two bounds.
#[pyclass(module = "oware", name = "EndgameValue", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyEndgameValue(pub Value);

#[pymethods]
impl PyEndgameValue {
    /// `EndgameValue(lower, upper)`, `lower <= upper`.
    #[new]
    fn new(lower: Int, upper: Int) -> PyResult<PyEndgameValue> {
        let lower = lower.in_range("lower", i8::MIN..=i8::MAX)?;
        let upper = upper.in_range("upper", i8::MIN..=i8::MAX)?;
        if lower > upper {
            return Err(value_error(format!(
                "the lower bound {lower} is above the upper bound {upper}"
            )));
        }
        Ok(PyEndgameValue(Value { lower, upper }))
    }

    /// What the side to move can force by play that does not cycle.
    #[getter]
    fn lower(&self) -> i8 {
        self.0.lower
    }

    /// What the opponent can hold it to by play that does not cycle.
    #[getter]
    fn upper(&self) -> i8 {
        self.0.upper
    }

    /// The value when both bounds agree, else None.
    #[getter]
    fn exact(&self) -> Option<i8> {
        self.0.exact()
    }

    fn __repr__(&self) -> String {
        format!(
            "EndgameValue(lower={}, upper={})",
            self.0.lower, self.0.upper
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (i8, i8)) {
        let v = slf.get().0;
        (slf.get_type(), (v.lower, v.upper))
    }
}

/// What an endgame database knows of a position: its value and best moves.
#[pyclass(module = "oware", name = "EndgameProbe", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PyEndgameProbe {
    /// The position probed (`safe_in` checks that it is the board's).
    position: oware::Position,
    value: Value,
    best_moves: Vec<oware::Move>,
    seeds: u8,
    plies: Option<u16>,
}

impl PyEndgameProbe {
    fn new(position: oware::Position, probe: Probe) -> PyEndgameProbe {
        PyEndgameProbe {
            position,
            value: probe.value,
            best_moves: probe.best_moves.iter().copied().collect(),
            seeds: probe.seeds,
            plies: probe.plies,
        }
    }

    /// The core crate's probe again.
    fn core(&self) -> Probe {
        let mut best_moves = oware::MoveList::new();
        for &m in &self.best_moves {
            best_moves.push(m);
        }
        Probe {
            value: self.value,
            best_moves,
            seeds: self.seeds,
            plies: self.plies,
        }
    }
}

#[pymethods]
impl PyEndgameProbe {
    /// The value for the side to move.
    #[getter]
    fn value(&self) -> PyEndgameValue {
        PyEndgameValue(self.value)
    }

    /// The lower bound of the value.
    #[getter]
    fn lower(&self) -> i8 {
        self.value.lower
    }

    /// The upper bound of the value.
    #[getter]
    fn upper(&self) -> i8 {
        self.value.upper
    }

    /// The value when exact, else None.
    #[getter]
    fn exact(&self) -> Option<i8> {
        self.value.exact()
    }

    /// The moves that keep the value and make progress, best first.
    #[getter]
    fn best_moves(&self) -> Vec<PyMove> {
        self.best_moves.iter().map(|&m| PyMove(m)).collect()
    }

    /// The first of best_moves; None when no move is left.
    #[getter]
    fn best_move(&self) -> Option<PyMove> {
        self.best_moves.first().map(|&m| PyMove(m))
    }

    /// The seeds on the board.
    #[getter]
    fn seeds(&self) -> u8 {
        self.seeds
    }

    /// At most how many plies best play takes to realise the lower bound;
    /// 65535 past 254; None where no progress is needed.
    #[getter]
    fn plies(&self) -> Option<u16> {
        self.plies
    }

    /// Whether `board`'s history rules leave room to play best_moves out.
    fn safe_in(&self, board: PyRef<'_, PyBoard>) -> PyResult<bool> {
        if *board.game.position() != self.position {
            return Err(value_error(format!(
                "the board is at {}, the probe is of {}",
                board.game.position(),
                self.position
            )));
        }
        Ok(self.core().safe_in(&board.game))
    }

    fn __repr__(&self) -> String {
        let value = match self.value.exact() {
            Some(v) => v.to_string(),
            None => format!("{}..{}", self.value.lower, self.value.upper),
        };
        let moves: String = self.best_moves.iter().map(ToString::to_string).collect();
        format!(
            "<EndgameProbe value={value} best_moves='{moves}' seeds={}>",
            self.seeds
        )
    }
}

/// An endgame database: the value of every position of a ruleset with up
/// to `max_seeds` seeds on the board, under one convention for endless play.
#[pyclass(module = "oware", name = "EndgameDatabase", frozen)]
#[derive(Debug)]
pub struct PyEndgameDatabase {
    pub(crate) db: Arc<Database>,
}

impl PyEndgameDatabase {
    fn new(db: Database) -> PyEndgameDatabase {
        PyEndgameDatabase { db: Arc::new(db) }
    }

    /// A probe error of this database, with a plainer message for a
    /// database without layers.
    fn probe_error(&self, e: oware::endgame::ProbeError) -> PyErr {
        match e {
            oware::endgame::ProbeError::TooManySeeds { .. } if self.db.max_seeds().is_none() => {
                ProbeError::new_err("the database holds no layer (not even 0 seeds)")
            }
            e => OwareErr::from(e).into(),
        }
    }
}

#[pymethods]
impl PyEndgameDatabase {
    /// Builds every layer from 0 to `max_seeds` seeds; releases the GIL,
    /// and Ctrl-C stops it (within milliseconds). MemoryError, naming the
    /// bytes, when the memory it needs cannot be had.
    #[staticmethod]
    #[pyo3(signature = (max_seeds, ruleset = None, convention = None))]
    fn build(
        py: Python<'_>,
        max_seeds: Int,
        ruleset: Option<&Bound<'_, PyAny>>,
        convention: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyEndgameDatabase> {
        let ruleset = extract_ruleset(ruleset)?;
        let convention = extract_convention(convention, &ruleset)?;
        // An EndgameError for a ruleset without databases, before the range.
        Database::new(&ruleset, convention).py()?;
        let total = ruleset.total_seeds();
        let max = max_seeds.get(0..=total).ok_or_else(|| {
            let message = max_seeds.range_message("max_seeds", &(0..=total));
            EndgameError::new_err(format!("{message} (the seeds of {ruleset})"))
        })?;
        let stop = StopHandle::new();
        let built = interruptible(py, &stop, || {
            Database::build_with_stop(&ruleset, convention, max, &stop)
        })?;
        built.py().map(PyEndgameDatabase::new)
    }

    /// Reads a database file written by `save`; releases the GIL.
    #[staticmethod]
    fn load(py: Python<'_>, path: PathBuf) -> PyResult<PyEndgameDatabase> {
        py.detach(|| Database::load(&path))
            .map(PyEndgameDatabase::new)
            .map_err(|e| load_error(e, &path))
    }

    /// Reads a directory of layer files written by `save_dir`, or maps them
    /// into memory (`mmap`); releases the GIL.
    #[staticmethod]
    #[pyo3(signature = (path, ruleset = None, convention = None, *, mmap = false))]
    fn load_dir(
        py: Python<'_>,
        path: PathBuf,
        ruleset: Option<&Bound<'_, PyAny>>,
        convention: Option<&Bound<'_, PyAny>>,
        mmap: bool,
    ) -> PyResult<PyEndgameDatabase> {
        let ruleset = extract_ruleset(ruleset)?;
        let convention = extract_convention(convention, &ruleset)?;
        // An EndgameError for a ruleset without databases, as build gives.
        let mut db = Database::new(&ruleset, convention).py()?;
        let read = |db: &mut Database| {
            if mmap {
                db.read_layer_dir_in_place(&path, map_file)
            } else {
                db.read_layer_dir(&path)
            }
        };
        py.detach(|| read(&mut db).map(|()| db))
            .map(PyEndgameDatabase::new)
            .map_err(|e| load_error(e.error, &e.path))
    }

    /// Writes the database to one file at `path`; releases the GIL.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        if self.db.max_seeds().is_none() {
            return Err(value_error("the database holds no layer: nothing to save"));
        }
        py.detach(|| self.db.save(&path))
            .map_err(|e| os_error(e, &path))
    }

    /// Writes each layer to its own file in the directory `path` (made if
    /// missing), as `load_dir` reads them; releases the GIL.
    fn save_dir(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let Some(max) = self.db.max_seeds() else {
            return Err(value_error("the database holds no layer: nothing to save"));
        };
        py.detach(|| {
            std::fs::create_dir_all(&path).map_err(|e| (e, path.clone()))?;
            for seeds in 0..=max {
                self.db.write_layer_file(&path, seeds).map_err(|e| {
                    let name = Database::layer_file_name(self.db.convention(), seeds);
                    (e, path.join(name))
                })?;
            }
            Ok(())
        })
        .map_err(|(e, file): (std::io::Error, PathBuf)| os_error(e, &file))
    }

    /// The most seeds of a position the database holds; None before any layer.
    #[getter]
    fn max_seeds(&self) -> Option<u8> {
        self.db.max_seeds()
    }

    /// The ruleset the database was built for.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset(*self.db.ruleset())
    }

    /// `'even'` or `'own'`.
    #[getter]
    fn convention(&self) -> &'static str {
        convention_name(self.db.convention())
    }

    /// The positions with exactly `seeds` seeds on the board.
    fn positions(&self, seeds: Int) -> PyResult<u64> {
        if seeds.is_negative() {
            return Err(value_error(format!("seeds must be 0 or more, not {seeds}")));
        }
        Ok(seeds.get(0..=u8::MAX).map_or(0, |s| self.db.positions(s)))
    }

    /// The value and best moves of `board`'s position.
    fn probe(&self, board: PyRef<'_, PyBoard>) -> PyResult<PyEndgameProbe> {
        let position = *board.game.position();
        let probe = self.db.probe(&position).map_err(|e| self.probe_error(e))?;
        Ok(PyEndgameProbe::new(position, probe))
    }

    /// The value of `board`'s position.
    fn value(&self, board: PyRef<'_, PyBoard>) -> PyResult<PyEndgameValue> {
        self.db
            .value(board.game.position())
            .map(PyEndgameValue)
            .map_err(|e| self.probe_error(e))
    }

    /// The value of `board`'s position, even above max_seeds; releases the
    /// GIL, and Ctrl-C stops it.
    #[pyo3(
        signature = (board, max_positions = Int::new(1_000_000)),
        text_signature = "($self, board, max_positions=1000000)"
    )]
    fn solve(&self, board: PyRef<'_, PyBoard>, max_positions: Int) -> PyResult<PyEndgameValue> {
        let limit = max_positions.in_range("max_positions", 1..=usize::MAX)?;
        let pos = *board.game.position();
        let py = board.py();
        drop(board);
        let db = &self.db;
        let stop = StopHandle::new();
        match interruptible(py, &stop, || db.solve_with_stop(&pos, limit, &stop))? {
            Ok(v) => Ok(PyEndgameValue(v)),
            Err(SolveError::Probe(e)) => Err(self.probe_error(e)),
            Err(SolveError::Stopped) => Err(stopped(oware::Stopped)),
            Err(e) => Err(e).py(),
        }
    }

    /// A copy of this database with the next layer joined from its finished
    /// slices (`EndgameLayerSlice`, all of them, in order), as building the
    /// layer here gives it; this database is unchanged. ValueError when the
    /// slices are not every finished slice of this database's next layer.
    fn with_layer_slices(
        &self,
        py: Python<'_>,
        slices: Vec<PyRef<'_, PyEndgameLayerSlice>>,
    ) -> PyResult<PyEndgameDatabase> {
        let parts: Vec<LayerSlice> = slices.iter().map(|s| s.slice.clone()).collect();
        drop(slices);
        let mut db = (*self.db).clone();
        py.detach(|| db.add_layer_slices(parts).map(|_| db))
            .map(PyEndgameDatabase::new)
            .map_err(slice_error)
    }

    /// Writes layer `seeds` to its file in the directory `path`, as
    /// `save_dir` does for every layer (whole or absent, never half
    /// written); returns the file's path; releases the GIL.
    fn save_layer(&self, py: Python<'_>, path: PathBuf, seeds: Int) -> PyResult<PathBuf> {
        let held = self.db.max_seeds().map_or(0..=0, |m| 0..=m);
        let Some(seeds) = seeds
            .get(held.clone())
            .filter(|_| self.db.max_seeds().is_some())
        else {
            let what = match self.db.max_seeds() {
                Some(_) => seeds.range_message("seeds", &held),
                None => "the database holds no layer: nothing to save".to_owned(),
            };
            return Err(value_error(what));
        };
        py.detach(|| self.db.write_layer_file(&path, seeds))
            .map_err(|e| os_error(e, &path))
    }

    fn __eq__(&self, other: PyRef<'_, PyEndgameDatabase>) -> bool {
        Arc::ptr_eq(&self.db, &other.db) || *self.db == *other.db
    }

    pub(crate) fn __repr__(&self) -> String {
        let max = self
            .db
            .max_seeds()
            .map_or_else(|| "None".to_owned(), |m| m.to_string());
        format!(
            "<EndgameDatabase ruleset='{}' convention='{}' max_seeds={max}>",
            self.db.ruleset(),
            convention_name(self.db.convention())
        )
    }
}

/// A core slice error as its Python exception.
fn slice_error(e: SliceError) -> PyErr {
    match e {
        SliceError::Endgame(e) => OwareErr::from(e).into(),
        e => value_error(e.to_string()),
    }
}

/// One index range of an endgame layer built in slices, each of which can
/// be on its own machine: the slices exchange the positions they decide in
/// rounds of messages (`start_threshold`, `send`, `receive`), and
/// `EndgameDatabase.with_layer_slices` joins the finished slices into the
/// layer one process would build. `oware.distributed.build_layer` runs them
/// on Ray. A message list is `bytes`: little-endian 32-bit words.
#[pyclass(module = "oware", name = "EndgameLayerSlice")]
#[derive(Debug)]
pub struct PyEndgameLayerSlice {
    slice: LayerSlice,
}

#[pymethods]
impl PyEndgameLayerSlice {
    /// Slice `slice` of `slices` (0 <= slice < slices <= 65536) of the layer
    /// after those `database` holds, with every move of its positions read;
    /// releases the GIL.
    #[new]
    fn new(
        py: Python<'_>,
        database: PyRef<'_, PyEndgameDatabase>,
        slice: Int,
        slices: Int,
    ) -> PyResult<PyEndgameLayerSlice> {
        let max = oware::endgame::slices::MAX_SLICES;
        let slices = slices.in_range("slices", 1..=max)?;
        let slice = slice.in_range("slice", 0..=slices - 1)?;
        let db = Arc::clone(&database.db);
        drop(database);
        py.detach(|| LayerSlice::new(&db, slice, slices))
            .map(|slice| PyEndgameLayerSlice { slice })
            .map_err(slice_error)
    }

    /// The slice written by `to_bytes`. ValueError for other bytes.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: &[u8]) -> PyResult<PyEndgameLayerSlice> {
        py.detach(|| LayerSlice::from_bytes(data))
            .map(|slice| PyEndgameLayerSlice { slice })
            .map_err(slice_error)
    }

    /// The slice's whole state (work arrays of 6 bytes a position, where the
    /// build is), checked by CRC-32 when read back.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.slice.to_bytes())
    }

    /// Starts the next threshold; False, doing nothing, once every
    /// threshold has started. Every slice starts together, once no slice
    /// had a message to send.
    fn start_threshold(&mut self) -> PyResult<bool> {
        self.slice.start_threshold().map_err(slice_error)
    }

    /// This round's messages, one `bytes` a slice (index k for slice k);
    /// releases the GIL.
    fn send<'py>(&mut self, py: Python<'py>) -> Vec<Bound<'py, PyBytes>> {
        let slice = &mut self.slice;
        let out = py.detach(|| slice.send());
        out.iter()
            .map(|words| PyBytes::new(py, &words_to_bytes(words)))
            .collect()
    }

    /// Applies the messages every slice sent this one this round (a list of
    /// `bytes`, one a sender); releases the GIL. ValueError, the slice
    /// unchanged, for bytes that are not whole words or a message that is
    /// not for this slice at this point.
    fn receive(&mut self, py: Python<'_>, inbox: Vec<Vec<u8>>) -> PyResult<()> {
        let mut words = Vec::with_capacity(inbox.len());
        for (k, bytes) in inbox.iter().enumerate() {
            if bytes.len() % 4 != 0 {
                return Err(value_error(format!(
                    "message list {k} is {} bytes, not a whole number of 4-byte words",
                    bytes.len()
                )));
            }
            words.push(bytes_to_words(bytes));
        }
        let slice = &mut self.slice;
        py.detach(|| {
            let lists: Vec<&[u32]> = words.iter().map(Vec::as_slice).collect();
            slice.receive(&lists)
        })
        .map_err(slice_error)
    }

    /// The layer's seed total.
    #[getter]
    fn seeds(&self) -> u8 {
        self.slice.seeds()
    }

    /// This slice's number, from 0.
    #[getter]
    fn slice(&self) -> u32 {
        self.slice.slice()
    }

    /// The slices of the layer.
    #[getter]
    fn slices(&self) -> u32 {
        self.slice.slices()
    }

    /// The positions of the layer this slice owns, as a `range`.
    #[getter]
    fn range<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let r = self.slice.range();
        py.import("builtins")?
            .getattr("range")?
            .call1((r.start, r.end))
    }

    /// Whether every threshold has started and this slice has nothing left
    /// to send: once every slice is, the slices can be joined.
    #[getter]
    fn is_finished(&self) -> bool {
        self.slice.is_finished()
    }

    fn __repr__(&self) -> String {
        let r = self.slice.range();
        format!(
            "<EndgameLayerSlice seeds={} slice={} of {} range({}, {})>",
            self.slice.seeds(),
            self.slice.slice(),
            self.slice.slices(),
            r.start,
            r.end
        )
    }
}

/// Messages as little-endian bytes.
fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Little-endian bytes (a whole number of words) as messages.
fn bytes_to_words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}
