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
use crate::common::{Int, interruptible, stopped, value_error};
use crate::errors::{EndgameError, OwareErr, ProbeError, PyResultExt, os_error};
use crate::moves::PyMove;
use crate::values::{PyRuleset, extract_ruleset};

/// A convention from `'even'`, `'own'` (the core's [`Convention::name`]),
/// or `None` (the ruleset's own).
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
    let text = text.to_str()?;
    text.parse()
        .map_err(|e: oware::endgame::ParseConventionError| value_error(e.to_string()))
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

    /// The moves that keep :attr:`lower` and make progress towards it, best first
    /// (the highest upper bound, then the quickest); empty when no move is left. Playing
    /// the first of them at every turn realises the value, unless the game's no-capture
    /// limit or repetition rule cuts the line first.
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

    /// At most how many plies best play takes to reach the capture (or the end of
    /// the game) that secures :attr:`lower`, when the opponent keeps the value too;
    /// 65535 for a line longer than 254 plies; None where keeping the value needs no
    /// progress (a value of 0 or less under ``'even'``; a lower bound of minus the
    /// seeds, or one no line can force, under ``'own'``). A game's no-capture limit or
    /// repetition rule can cut a long line first: see :meth:`safe_in`.
    #[getter]
    fn plies(&self) -> Option<u16> {
        self.plies
    }

    /// Whether *board*'s game, at the position probed, leaves room to play
    /// :attr:`best_moves` out to :attr:`lower` before its history rules cut it: the
    /// :attr:`plies` needed fit under the no-capture and ply limits, and no position
    /// since the last capture has occurred so often that one more occurrence would
    /// end the game. Level 5 plays from the database only where this holds. Raises
    /// ValueError if *board* is at another position.
    ///
    /// >>> import oware
    /// >>> db = oware.EndgameDatabase.build(6)
    /// >>> board = oware.Board("0,0,1,2,0,1/0,0,0,1,0,1 s 21 21", ruleset="abapa(no_capture=20)")
    /// >>> probe = db.probe(board)
    /// >>> probe.exact, probe.plies, probe.safe_in(board)
    /// (6, 43, False)
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

/// An endgame database: the value of every position of an Oware ruleset with up to
/// :attr:`max_seeds` seeds on the board, with the best moves, computed by retrograde
/// analysis one layer (seed total) at a time, 0 seeds first.
///
/// A value depends on the houses and the side to move only, so a database serves any
/// stores, and any ruleset with the same rules for moves, captures and feeding: an
/// Abapa database answers for OpenSpiel's ``oware`` too. Values count what is won from
/// now on; see :class:`EndgameValue` for what they mean under each *convention* of
/// endless play. The layer of *k* seeds holds :meth:`positions` (*k*) positions, of
/// 2 bytes each (3 under ``'own'``): Abapa up to 12 seeds is 2.7 million positions,
/// built in seconds; each seed more nearly doubles that.
///
/// >>> import oware
/// >>> db = oware.EndgameDatabase.build(6)
/// >>> db
/// <EndgameDatabase ruleset='abapa' convention='own' max_seeds=6>
/// >>> board = oware.Board("0,0,0,0,0,1/1,1,0,0,0,0 s 24 21")
/// >>> db.value(board)  # F captures a's 2, then North keeps its last seed
/// EndgameValue(lower=1, upper=1)
/// >>> db.probe(board).best_move
/// Move('F')
///
/// Databases compare equal when their ruleset, convention and every value are equal;
/// they are not hashable. A database is immutable and can be shared between threads
/// and players.
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
    /// Builds every layer from 0 to *max_seeds* seeds on the board of *ruleset*
    /// (default Abapa) under *convention*: ``'even'`` or ``'own'``, by default the
    /// ruleset's own (``'own'`` for the presets; ``'even'`` for a ruleset whose seeds
    /// left at a cycle count for nobody, e.g. ``'abapa(leftover=none)'``).
    ///
    /// Uses every core. Releases the GIL; Ctrl-C (KeyboardInterrupt) stops the build
    /// within milliseconds. Raises :class:`EndgameError` for a ruleset outside the Oware
    /// family, a *max_seeds* above the ruleset's seeds or too large a layer (checked
    /// before anything is built), ValueError for an unknown convention, MemoryError
    /// (naming the bytes) when the memory the build needs cannot be had: about 2 bytes
    /// a position of the layers below *max_seeds* (3 under ``'own'``) and 8 of the
    /// last, reserved before the first layer is built.
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

    /// Reads a database file written by :meth:`save`, checking everything (magic,
    /// version, sizes, CRC-32, values) before any of it is used. Releases the GIL.
    /// Raises :class:`DatabaseFileError` for a bad file, OSError if it cannot be read.
    #[staticmethod]
    fn load(py: Python<'_>, path: PathBuf) -> PyResult<PyEndgameDatabase> {
        py.detach(|| Database::load(&path))
            .map(PyEndgameDatabase::new)
            .map_err(|e| load_error(e, &path))
    }

    /// Reads the layer files of *convention* (default: *ruleset*'s own) in the
    /// directory *path*, as :meth:`save_dir` writes them (``own-00.owdb``,
    /// ``own-01.owdb``, ...), from 0 seeds up to the first file missing; a directory
    /// without the layer of 0 seeds gives an empty database (:attr:`max_seeds` None).
    /// Each file is checked as :meth:`load` checks one, and must be of *ruleset*
    /// (default Abapa) and *convention*: a damaged layer raises
    /// :class:`DatabaseFileError` rather than ending the database. Releases the GIL.
    /// Raises :class:`EndgameError` for a ruleset without databases.
    ///
    /// With *mmap* true the files are mapped into memory read-only instead of copied
    /// in: the database reads its values from the files in place, and the processes
    /// of one machine that map the same files (the Ray workers of
    /// :func:`oware.distributed.build_layer`, say) share one copy of them in the
    /// operating system's page cache. Each file is still read through once to check
    /// it. The files must not be changed in place while mapped (this library never
    /// does: :meth:`save_layer` and :meth:`save_dir` write a new file and rename it
    /// over the old one, which leaves a mapped file intact): a mapped file rewritten
    /// in place gives wrong values, and one cut short kills the process with SIGBUS
    /// when a probe reads past its end, which Python cannot catch.
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

    /// Writes the database to one file at *path* (replacing any file there), in
    /// the core crate's format (``oware::endgame::file``, version 1: a header, the
    /// layers, a CRC-32). Releases the GIL. Raises OSError if it cannot be written,
    /// ValueError for a database without layers.
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

    /// ``'even'`` or ``'own'``: what endless play is worth (see :class:`EndgameValue`).
    #[getter]
    fn convention(&self) -> &'static str {
        self.db.convention().name()
    }

    /// The positions with exactly *seeds* seeds on the board (each side to move
    /// counted once, mirror images folded): the entries of that layer, whether built or
    /// not; 0 beyond the ruleset's seeds.
    ///
    /// >>> import oware
    /// >>> oware.EndgameDatabase.build(0).positions(12)
    /// 1352078
    fn positions(&self, seeds: Int) -> PyResult<u64> {
        if seeds.is_negative() {
            return Err(value_error(format!("seeds must be 0 or more, not {seeds}")));
        }
        Ok(seeds.get(0..=u8::MAX).map_or(0, |s| self.db.positions(s)))
    }

    /// The value and the best moves of *board*'s current position (its history is
    /// not read). Raises :class:`ProbeError` for another ruleset's position, more seeds
    /// than :attr:`max_seeds`, or a side with a majority; TypeError if *board* is not a
    /// :class:`Board`.
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

    /// The value of *board*'s position even above :attr:`max_seeds`: every position
    /// it can reach with more seeds than the database holds (at most *max_positions*
    /// of them) is gathered and solved as the layers were, with the database's values
    /// below; within the database's range this is :meth:`value`. Releases the GIL;
    /// Ctrl-C (KeyboardInterrupt) stops it.
    /// Raises :class:`ProbeError` as :meth:`probe` does (but not for too many seeds),
    /// and when more than *max_positions* positions are reachable.
    ///
    /// >>> import oware
    /// >>> small = oware.EndgameDatabase.build(5)
    /// >>> board = oware.Board("1,0,2,0,0,1/0,1,0,2,0,1 s 20 20")
    /// >>> small.solve(board) == oware.EndgameDatabase.build(8).value(board)
    /// True
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

    /// A copy of this database with its next layer joined from *slices*, every
    /// finished :class:`EndgameLayerSlice` of that layer in order: the layer building it
    /// in one process gives, byte for byte. This database is unchanged. Releases the
    /// GIL. Raises ValueError when the slices are not all the finished slices of this
    /// database's next layer, in order.
    ///
    /// >>> import oware
    /// >>> db = oware.EndgameDatabase.build(4)
    /// >>> slices = [oware.EndgameLayerSlice(db, k, 2) for k in range(2)]
    /// >>> while all([s.start_threshold() for s in slices]):
    /// ...     sent = [s.send() for s in slices]
    /// ...     while any(any(out) for out in sent):
    /// ...         for k, s in enumerate(slices):
    /// ...             s.receive([out[k] for out in sent])
    /// ...         sent = [s.send() for s in slices]
    /// >>> db.with_layer_slices(slices) == oware.EndgameDatabase.build(5)
    /// True
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
            self.db.convention().name()
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

/// One index range of the next layer of an :class:`EndgameDatabase`, built apart
/// from the rest (in another process, or on another machine) and joined with
/// :meth:`EndgameDatabase.with_layer_slices`. :func:`oware.distributed.build_layer`
/// runs the slices of a layer on Ray.
///
/// The slices solve the layer threshold by threshold, in rounds: every slice calls
/// :meth:`start_threshold` together; then, while any slice has messages, each calls
/// :meth:`send` (one ``bytes`` of messages for each slice) and then :meth:`receive`
/// with the messages every slice sent it. A message is a position of the layer whose
/// child was just decided, as a little-endian 32-bit word. The result does not depend
/// on the number of slices or on the order in which messages arrive. A slice's whole
/// state travels as :meth:`to_bytes` (6 bytes a position, checked by CRC-32 when read
/// back), so a driver can hand a lost worker's round to another.
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
