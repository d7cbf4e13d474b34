//! The engine: scores, search results, players of a level and matches.

use pyo3::prelude::*;

use pyo3::exceptions::PyRuntimeError;

use oware::search::{
    Level, MAX_TABLE_ENTRIES, MatchResult, Player, Score, SearchLimits, SearchResult, Searcher,
    StopHandle,
};

use crate::board::PyBoard;
use crate::endgame::PyEndgameDatabase;
use crate::errors::{Seed, value_error};
use crate::types::{PyMove, extract_ruleset};

/// Search limits from Python arguments; depth 8 when none is given.
pub(crate) fn limits_from(
    depth: Option<i64>,
    nodes: Option<i64>,
    time_ms: Option<i64>,
) -> PyResult<SearchLimits> {
    let depth = depth
        .map(|d| {
            u8::try_from(d)
                .ok()
                .filter(|d| (1..=SearchLimits::MAX_DEPTH).contains(d))
                .ok_or_else(|| {
                    value_error(format!(
                        "depth must be 1 to {}, not {d}",
                        SearchLimits::MAX_DEPTH
                    ))
                })
        })
        .transpose()?;
    let positive = |value: Option<i64>, what: &str| {
        value
            .map(|v| {
                u64::try_from(v)
                    .ok()
                    .filter(|&v| v > 0)
                    .ok_or_else(|| value_error(format!("{what} must be positive, not {v}")))
            })
            .transpose()
    };
    let nodes = positive(nodes, "nodes")?;
    let time_ms = positive(time_ms, "time_ms")?;
    if depth.is_none() && nodes.is_none() && time_ms.is_none() {
        return Ok(SearchLimits::depth(8));
    }
    Ok(SearchLimits {
        depth,
        nodes,
        time_ms,
    })
}

/// A search score from the side to move's view.
#[pyclass(module = "oware", name = "Score", frozen, eq, hash, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct PyScore(pub Score);

#[pymethods]
impl PyScore {
    /// `Score(centiseeds=350)`, `Score(win_in=7)` or `Score(loss_in=4)`.
    #[new]
    #[pyo3(signature = (*, centiseeds = None, win_in = None, loss_in = None))]
    fn new(centiseeds: Option<i64>, win_in: Option<i64>, loss_in: Option<i64>) -> PyResult<Self> {
        let plies = |n: i64| {
            u16::try_from(n)
                .ok()
                .filter(|&n| n < 10_000)
                .ok_or_else(|| value_error(format!("plies must be 0 to 9999, not {n}")))
        };
        match (centiseeds, win_in, loss_in) {
            (Some(c), None, None) => i32::try_from(c)
                .ok()
                .filter(|c| c.abs() <= Score::MAX_CENTISEEDS)
                .map(|c| PyScore(Score::from_centiseeds(c)))
                .ok_or_else(|| {
                    value_error(format!(
                        "centiseeds must be within ±{}, not {c}",
                        Score::MAX_CENTISEEDS
                    ))
                }),
            (None, Some(n), None) => Ok(PyScore(Score::win_in(plies(n)?))),
            (None, None, Some(n)) => Ok(PyScore(Score::loss_in(plies(n)?))),
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
pub fn _score_from_raw(raw: i32) -> PyScore {
    let score = if raw > 0 && Score::win_in(0).raw() - raw < 10_000 {
        Score::win_in((Score::win_in(0).raw() - raw) as u16)
    } else if raw < 0 && raw - Score::loss_in(0).raw() < 10_000 {
        Score::loss_in((raw - Score::loss_in(0).raw()) as u16)
    } else {
        Score::from_centiseeds(raw)
    };
    PyScore(score)
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

fn level_of(level: i64) -> PyResult<Level> {
    u8::try_from(level)
        .ok()
        .and_then(Level::from_number)
        .ok_or_else(|| value_error(format!("level must be 1 to 5, not {level}")))
}

fn player(level: Level, seed: u64, reproducible: bool) -> Player {
    if reproducible {
        Player::reproducible(level, seed)
    } else {
        Player::new(level, seed)
    }
}

/// The largest node budget `Player(nodes=...)` takes: 10^12 positions, days
/// of search a move, so a larger number is a mistake.
const MAX_PLAYER_NODES: u64 = 1_000_000_000_000;

/// An engine player of a level, 1 (beginner) to 5 (strongest).
///
/// `Player(level, seed=0, *, reproducible=False, endgame=None, time_ms=None,
/// threads=None, nodes=None)`: levels 1-3 choose at random among equals,
/// following `seed`. Level 5 thinks for 1 second a move on every core, plays
/// its opening book (`book`) and perfect endgames from databases it builds
/// itself; `time_ms` sets its budget a move and `threads` its threads.
/// `reproducible=True` gives it 1 000 000 positions a move on one thread
/// instead, and `nodes=N` N positions (either excludes `time_ms`); `endgame`
/// is an `EndgameDatabase` it plays from. ValueError for a level, budget or
/// thread count out of range.
#[pyclass(module = "oware", name = "Player")]
#[derive(Debug)]
pub struct PyPlayer {
    player: Player,
    seed: u64,
    reproducible: bool,
    /// The node budget given as `nodes`, if any.
    nodes: Option<u64>,
    endgame: Option<Py<PyEndgameDatabase>>,
}

#[pymethods]
impl PyPlayer {
    /// `Player(3, seed=42)`; `reproducible=True` replaces level 5's time
    /// budget with a node budget, and `nodes` sets that budget (it implies
    /// `reproducible=True`); `time_ms` sets the time budget a move and
    /// `threads` the search's threads; level 5 plays from `endgame`, an
    /// `EndgameDatabase`, where it can.
    #[new]
    #[pyo3(
        signature = (level, seed = Seed(0), *, reproducible = false, endgame = None, time_ms = None, threads = None, nodes = None),
        text_signature = "(level, seed=0, *, reproducible=False, endgame=None, time_ms=None, threads=None, nodes=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        level: i64,
        seed: Seed,
        reproducible: bool,
        endgame: Option<Py<PyEndgameDatabase>>,
        time_ms: Option<i64>,
        threads: Option<i64>,
        nodes: Option<i64>,
    ) -> PyResult<Self> {
        let seed = seed.0;
        let nodes = nodes
            .map(|n| {
                u64::try_from(n)
                    .ok()
                    .filter(|n| (1..=MAX_PLAYER_NODES).contains(n))
                    .ok_or_else(|| {
                        value_error(format!("nodes must be 1 to {MAX_PLAYER_NODES}, not {n}"))
                    })
            })
            .transpose()?;
        let reproducible = reproducible || nodes.is_some();
        let mut engine = player(level_of(level)?, seed, reproducible);
        if let Some(ms) = time_ms {
            if reproducible {
                return Err(value_error(if nodes.is_some() {
                    "time_ms and nodes exclude each other"
                } else {
                    "time_ms and reproducible=True exclude each other"
                }));
            }
            engine.set_limits(limits_from(None, None, Some(ms))?);
        }
        if let Some(n) = nodes {
            engine.set_limits(SearchLimits::nodes(n));
        }
        if let Some(n) = threads {
            let n = usize::try_from(n)
                .ok()
                .filter(|n| (1..=oware::search::MAX_THREADS).contains(n))
                .ok_or_else(|| {
                    value_error(format!(
                        "threads must be 1 to {}, not {n}",
                        oware::search::MAX_THREADS
                    ))
                })?;
            engine.set_threads(n);
        }
        if let Some(db) = &endgame {
            engine = engine.with_endgame(db.get().db.clone());
        }
        Ok(PyPlayer {
            player: engine,
            seed,
            reproducible,
            nodes,
            endgame,
        })
    }

    /// The level, 1 to 5.
    #[getter]
    fn level(&self) -> u8 {
        self.player.level().number()
    }

    /// Whether level 5 plays from its opening book: the library's, for the
    /// first plies of the standard Oware board (True by default for level 5;
    /// always False for other levels, which have none).
    #[getter]
    fn book(&self) -> bool {
        self.player.book().is_some()
    }

    /// Turns level 5's opening book on or off; ValueError when turning it
    /// on for another level.
    #[setter]
    fn set_book(&mut self, on: bool) -> PyResult<()> {
        if on && self.player.level() != Level::Five {
            return Err(value_error("only level 5 has an opening book"));
        }
        self.player.set_book(on.then(oware::search::Book::standard));
        Ok(())
    }

    /// The endgame database given, or None.
    #[getter]
    fn endgame(&self, py: Python<'_>) -> Option<Py<PyEndgameDatabase>> {
        self.endgame.as_ref().map(|db| db.clone_ref(py))
    }

    /// Gives the player a database, or takes it away with None.
    #[setter]
    fn set_endgame(&mut self, endgame: Option<Py<PyEndgameDatabase>>) {
        self.player
            .set_endgame(endgame.as_ref().map(|db| db.get().db.clone()));
        self.endgame = endgame;
    }

    /// The move this player plays on `board` (None when the game is over);
    /// the GIL is released while it thinks.
    fn choose(&mut self, py: Python<'_>, board: PyRef<'_, PyBoard>) -> Option<PyMove> {
        let game = board.game.clone();
        drop(board);
        let player = &mut self.player;
        py.detach(move || player.choose(&game)).map(PyMove)
    }

    fn __repr__(&self) -> String {
        let endgame = self.endgame.as_ref().map_or_else(String::new, |db| {
            format!(" endgame={}", db.get().__repr__())
        });
        let nodes = self
            .nodes
            .map_or_else(String::new, |n| format!(" nodes={n}"));
        format!(
            "<Player level={} seed={} reproducible={}{nodes}{endgame}>",
            self.player.level(),
            self.seed,
            if self.reproducible { "True" } else { "False" }
        )
    }
}

/// The result of a match, from the first player's view.
#[pyclass(module = "oware", name = "MatchResult", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PyMatchResult(pub MatchResult);

#[pymethods]
impl PyMatchResult {
    /// Games the first player won.
    #[getter]
    fn wins(&self) -> u32 {
        self.0.wins
    }

    /// Drawn games.
    #[getter]
    fn draws(&self) -> u32 {
        self.0.draws
    }

    /// Games the first player lost.
    #[getter]
    fn losses(&self) -> u32 {
        self.0.losses
    }

    /// Games played.
    #[getter]
    fn games(&self) -> u32 {
        self.0.games()
    }

    /// The first player's score, (wins + draws / 2) / games.
    #[getter]
    fn score(&self) -> f64 {
        self.0.score()
    }

    /// The Elo difference the score implies.
    #[getter]
    fn elo(&self) -> f64 {
        self.0.elo()
    }

    /// The half-width of the 95 % confidence interval of elo.
    #[getter]
    fn elo_margin(&self) -> f64 {
        self.0.elo_margin()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<MatchResult +{} ={} -{}>",
            self.0.wins, self.0.draws, self.0.losses
        )
    }
}

/// Plays `games` games between a player of level `first` and one of level
/// `second`, in pairs from the same random opening with colours swapped;
/// the GIL is released meanwhile.
#[pyfunction]
#[pyo3(
    signature = (first, second, *, games = 2, seed = Seed(0), ruleset = None, reproducible = true),
    text_signature = "(first, second, *, games=2, seed=0, ruleset=None, reproducible=True)"
)]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    first: i64,
    second: i64,
    games: i64,
    seed: Seed,
    ruleset: Option<&Bound<'_, PyAny>>,
    reproducible: bool,
) -> PyResult<PyMatchResult> {
    let (a, b) = (level_of(first)?, level_of(second)?);
    let seed = seed.0;
    let games = u32::try_from(games)
        .ok()
        .filter(|&g| g > 0)
        .ok_or_else(|| value_error(format!("games must be positive, not {games}")))?;
    let ruleset = extract_ruleset(ruleset)?;
    let result = py.detach(move || {
        oware::search::play_match(
            ruleset,
            games,
            seed,
            |s| player(a, s, reproducible),
            |s| player(b, s, reproducible),
        )
    });
    Ok(PyMatchResult(result))
}

/// An engine that keeps its transposition table between searches, and can
/// be told to stop from another thread.
#[pyclass(module = "oware", name = "Searcher", frozen)]
#[derive(Debug)]
pub struct PySearcher {
    searcher: std::sync::Mutex<Searcher>,
    stop: StopHandle,
    entries: usize,
}

impl PySearcher {
    /// Runs `f` on the searcher, detached from the interpreter (another
    /// search on this searcher waits its turn), stoppable by Ctrl-C.
    fn run<T: Send>(
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
}

/// Runs `work` (a search that `stop` can end) on a scoped thread while this
/// thread waits without the GIL, looking for Ctrl-C every 20 ms: on a
/// signal the search is stopped and the signal's exception (e.g.
/// KeyboardInterrupt) raised.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &StopHandle,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    interruptible_with(py, || stop.stop(), work)
}

/// As [`interruptible`] for work that another flag ends: `stop` is called
/// on a signal, then the work is waited for (so it must end soon after).
/// RuntimeError "can't start new thread", as CPython's `threading` words
/// it, when the thread cannot be started (the work is then not done).
pub(crate) fn interruptible_with<T: Send>(
    py: Python<'_>,
    stop: impl FnOnce(),
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .spawn_scoped(scope, work)
            .map_err(|e| PyRuntimeError::new_err(format!("can't start new thread: {e}")))?;
        loop {
            if handle.is_finished() {
                return handle
                    .join()
                    .map_err(|_| PyRuntimeError::new_err("the engine failed in its thread"));
            }
            py.detach(|| std::thread::sleep(std::time::Duration::from_millis(20)));
            if let Err(signal) = py.check_signals() {
                stop();
                let _ = handle.join();
                return Err(signal);
            }
        }
    })
}

#[pymethods]
impl PySearcher {
    /// `Searcher(tt_entries=1 << 20)`: a table of that many 16-byte entries.
    #[new]
    #[pyo3(signature = (tt_entries = 1 << 20), text_signature = "(tt_entries=1048576)")]
    fn new(tt_entries: i64) -> PyResult<Self> {
        let entries = usize::try_from(tt_entries)
            .ok()
            .filter(|&e| (1..=MAX_TABLE_ENTRIES).contains(&e))
            .ok_or_else(|| {
                value_error(format!(
                    "tt_entries must be 1 to {MAX_TABLE_ENTRIES}, not {tt_entries}"
                ))
            })?;
        let searcher = Searcher::new(entries);
        let stop = searcher.stop_handle();
        Ok(PySearcher {
            searcher: std::sync::Mutex::new(searcher),
            stop,
            entries,
        })
    }

    /// The table size asked for, in entries.
    #[getter]
    fn tt_entries(&self) -> usize {
        self.entries
    }

    /// Searches `board` (depth 8 when no limit is given); releases the GIL.
    #[pyo3(signature = (board, depth = None, nodes = None, time_ms = None))]
    fn search(
        &self,
        board: PyRef<'_, PyBoard>,
        depth: Option<i64>,
        nodes: Option<i64>,
        time_ms: Option<i64>,
    ) -> PyResult<PySearchResult> {
        let limits = limits_from(depth, nodes, time_ms)?;
        let game = board.game.clone();
        let py = board.py();
        drop(board);
        self.run(py, |s| s.search(&game, limits))
            .map(PySearchResult)
    }

    /// Scores every legal move of `board`, best first; releases the GIL.
    #[pyo3(signature = (board, depth = None, nodes = None, time_ms = None))]
    fn analyse(
        &self,
        board: PyRef<'_, PyBoard>,
        depth: Option<i64>,
        nodes: Option<i64>,
        time_ms: Option<i64>,
    ) -> PyResult<Vec<(PyMove, PyScore)>> {
        let limits = limits_from(depth, nodes, time_ms)?;
        let game = board.game.clone();
        let py = board.py();
        drop(board);
        let scores = self.run(py, |s| s.analyse(&game, limits))?;
        Ok(scores
            .into_iter()
            .map(|s| (PyMove(s.m), PyScore(s.score)))
            .collect())
    }

    /// Stops the search running now (or the next one), which returns its
    /// last completed iteration. Safe from any thread.
    fn stop(&self) {
        self.stop.stop();
    }

    /// Forgets everything searched so far.
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        self.run(py, Searcher::clear)
    }

    fn __repr__(&self) -> String {
        format!("Searcher(tt_entries={})", self.entries)
    }
}
