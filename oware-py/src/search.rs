//! Searching a game: `Score`, `SearchResult`, and the one search and
//! analysis that both `Board` (with a table of its own for each call) and
//! `Searcher` (with the table it keeps) run.

use std::sync::Mutex;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use oware::search::{Score, SearchLimits, SearchResult, Searcher};
use oware::{Game, StopHandle};

use crate::common::{Int, interruptible, value_error};
use crate::moves::PyMove;

/// A search score from the side to move's view.
#[pyclass(module = "oware", name = "Score", frozen, eq, hash, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PyScore(pub Score);

#[pymethods]
impl PyScore {
    /// `Score(centiseeds=350)`, `Score(win_in=7)` or `Score(loss_in=4)`.
    #[new]
    #[pyo3(signature = (*, centiseeds = None, win_in = None, loss_in = None))]
    fn new(centiseeds: Option<Int>, win_in: Option<Int>, loss_in: Option<Int>) -> PyResult<Self> {
        const MAX: i32 = Score::MAX_CENTISEEDS;
        match (centiseeds, win_in, loss_in) {
            (Some(c), None, None) => Ok(PyScore(Score::from_centiseeds(
                c.in_range("centiseeds", -MAX..=MAX)?,
            ))),
            (None, Some(n), None) => Ok(PyScore(Score::win_in(n.in_range("win_in", 0..=9999)?))),
            (None, None, Some(n)) => Ok(PyScore(Score::loss_in(n.in_range("loss_in", 0..=9999)?))),
            _ => Err(value_error(
                "give exactly one of centiseeds, win_in and loss_in",
            )),
        }
    }

    /// The score in seeds; None for a forced win or loss.
    #[getter]
    fn seeds(&self) -> Option<f64> {
        self.0.seeds()
    }

    /// The score in hundredths of a seed; None for a forced win or loss.
    #[getter]
    fn centiseeds(&self) -> Option<i32> {
        self.0.centiseeds()
    }

    /// Plies to the end of a forced win or loss; None otherwise.
    #[getter]
    fn plies_to_end(&self) -> Option<u16> {
        self.0.plies_to_end()
    }

    /// Whether the side to move wins by force.
    fn is_win(&self) -> bool {
        self.0.is_win()
    }

    /// Whether the side to move loses by force.
    fn is_loss(&self) -> bool {
        self.0.is_loss()
    }

    fn __neg__(&self) -> PyScore {
        PyScore(-self.0)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match (self.0.plies_to_end(), self.0.is_win()) {
            (Some(n), true) => format!("Score(win_in={n})"),
            (Some(n), false) => format!("Score(loss_in={n})"),
            (None, _) => format!("Score(centiseeds={})", self.0.raw()),
        }
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (i32,))> {
        let rebuild = py.import("oware._oware")?.getattr("_score_from_raw")?;
        Ok((rebuild, (self.0.raw(),)))
    }
}

/// Rebuilds a pickled score (private: `Score.__reduce__` names it).
#[pyfunction]
pub fn _score_from_raw(raw: Int) -> PyResult<PyScore> {
    let raw = raw.in_range("raw", i32::MIN..=i32::MAX)?;
    Score::from_raw(raw)
        .map(PyScore)
        .ok_or_else(|| value_error(format!("no score has the raw value {raw}")))
}

/// What a search found.
#[pyclass(module = "oware", name = "SearchResult", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct PySearchResult(pub SearchResult);

#[pymethods]
impl PySearchResult {
    /// The best move; None when the game is over.
    #[getter]
    fn best_move(&self) -> Option<PyMove> {
        self.0.best_move.map(PyMove)
    }

    /// Its score, from the side to move's view.
    #[getter]
    fn score(&self) -> PyScore {
        PyScore(self.0.score)
    }

    /// The last iteration completed, in plies.
    #[getter]
    fn depth(&self) -> u8 {
        self.0.depth
    }

    /// Positions visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    /// The principal variation, starting with best_move.
    #[getter]
    fn pv(&self) -> Vec<PyMove> {
        self.0.pv.iter().map(|&m| PyMove(m)).collect()
    }

    fn __repr__(&self) -> String {
        let best = self
            .0
            .best_move
            .map_or_else(|| "None".to_owned(), |m| format!("Move('{m}')"));
        let pv: String = self.0.pv.iter().map(ToString::to_string).collect();
        format!(
            "<SearchResult best_move={best} score={} depth={} nodes={} pv='{pv}'>",
            self.0.score, self.0.depth, self.0.nodes
        )
    }
}

/// A core [`Searcher`] that calls take turns with, and its stop handle:
/// the one `Searcher` keeps, or one for a single `Board.search` or
/// `Board.analyse`.
#[derive(Debug)]
pub(crate) struct SharedSearcher {
    searcher: Mutex<Searcher>,
    stop: StopHandle,
}

impl SharedSearcher {
    /// `searcher`, stopped through its own stop handle.
    pub(crate) fn new(searcher: Searcher) -> SharedSearcher {
        let stop = searcher.stop_handle();
        SharedSearcher {
            searcher: Mutex::new(searcher),
            stop,
        }
    }

    /// A searcher for one call of `Board.search` or `Board.analyse`: a
    /// table of 65 536 entries.
    pub(crate) fn for_one_call() -> SharedSearcher {
        SharedSearcher::new(Searcher::new(1 << 16))
    }

    /// Stops the search running now (or the next one), which returns its
    /// last completed iteration. Safe from any thread.
    pub(crate) fn stop(&self) {
        self.stop.stop();
    }

    /// Runs `f` on the searcher, detached from the interpreter (another
    /// call on this searcher waits its turn), stoppable by Ctrl-C.
    pub(crate) fn run<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Searcher) -> T + Send,
    ) -> PyResult<T> {
        interruptible(py, &self.stop, || {
            let mut searcher = self
                .searcher
                .lock()
                .map_err(|_| PyRuntimeError::new_err("the searcher failed in another thread"))?;
            Ok(f(&mut searcher))
        })?
    }

    /// `Board.search` and `Searcher.search`: the best move in `game`
    /// within `limits`.
    pub(crate) fn search(
        &self,
        py: Python<'_>,
        game: &Game,
        limits: SearchLimits,
    ) -> PyResult<PySearchResult> {
        self.run(py, |s| s.search(game, limits)).map(PySearchResult)
    }

    /// `Board.analyse` and `Searcher.analyse`: every legal move of `game`
    /// with its score, best first.
    pub(crate) fn analyse(
        &self,
        py: Python<'_>,
        game: &Game,
        limits: SearchLimits,
    ) -> PyResult<Vec<(PyMove, PyScore)>> {
        let scores = self.run(py, |s| s.analyse(game, limits))?;
        Ok(scores
            .into_iter()
            .map(|s| (PyMove(s.m), PyScore(s.score)))
            .collect())
    }
}
