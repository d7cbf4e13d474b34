//! The engine: `Searcher` (whose search and analysis are `search`'s,
//! shared with `Board`), players of a level, and matches.

use pyo3::prelude::*;

use oware::StopHandle;
use oware::search::{Level, MAX_TABLE_ENTRIES, MatchResult, Player, SearchLimits, Searcher};

use crate::board::PyBoard;
use crate::common::{Int, Seed, interruptible, limits_from, stopped, value_error};
use crate::endgame::PyEndgameDatabase;
use crate::moves::PyMove;
use crate::search::{PyScore, PySearchResult, SharedSearcher};
use crate::sync::Shared;
use crate::values::extract_ruleset;

/// The level given as the parameter `name`.
fn level_of(level: &Int, name: &str) -> PyResult<Level> {
    let number = level.in_range(name, 1..=Level::ALL.len() as u8)?;
    Level::from_number(number).ok_or_else(|| value_error(level.range_message(name, &(1..=5))))
}

fn player(level: Level, seed: u64, reproducible: bool) -> Player {
    if reproducible {
        Player::reproducible(level, seed)
    } else {
        Player::new(level, seed)
    }
}

/// A player's budget a move, `name` (`nodes` or `time_ms`), from Python:
/// the core's check and words ([`Player::check_limits`]), which a value
/// past 64 bits or negative gets too, with the player's range up to `max`.
fn player_budget(
    value: &Int,
    name: &str,
    max: u64,
    limits: fn(u64) -> SearchLimits,
) -> PyResult<SearchLimits> {
    let v = value
        .get(0..=u64::MAX)
        .ok_or_else(|| value_error(value.range_message(name, &(1..=max))))?;
    Player::check_limits(limits(v)).map_err(|e| value_error(e.to_string()))
}

/// An engine player of a level, 1 (beginner) to 5 (strongest).
///
/// `Player(level, seed=0, *, reproducible=False, endgame=None, time_ms=None,
/// threads=None, nodes=None)`: levels 1-3 choose at random among equals,
/// following `seed`. Level 5 thinks for 1 second a move on every core, plays
/// its opening book (`book`) and perfect endgames from databases it builds
/// itself; `time_ms` sets its budget a move (1 to 86 400 000 ms, a day) and
/// `threads` its threads. `reproducible=True` gives it 1 000 000 positions a
/// move on one thread instead, and `nodes=N` N positions (1 to 10**12;
/// either excludes `time_ms`); `endgame`
/// is an `EndgameDatabase` it plays from. ValueError for a level, budget or
/// thread count out of range. Threads may share a player: a second call
/// waits for the first to finish.
#[pyclass(module = "oware", name = "Player", frozen)]
#[derive(Debug)]
pub struct PyPlayer {
    state: Shared<PlayerState>,
    level: Level,
    seed: u64,
    reproducible: bool,
    /// The node budget given as `nodes`, if any.
    nodes: Option<u64>,
}

/// What a player's calls change: the engine (its tables and settings) and
/// the database given.
#[derive(Debug)]
struct PlayerState {
    player: Player,
    endgame: Option<Py<PyEndgameDatabase>>,
    /// The player's stop flag, set by Ctrl-C while it thinks.
    stop: StopHandle,
}

#[pymethods]
impl PyPlayer {
    /// The largest node budget a move a player takes, 10**12 positions
    /// (the core's `Player::MAX_NODES`): `Player(nodes=)`,
    /// `play_match(first_nodes=, second_nodes=)` and the players of
    /// `oware.distributed` take 1 to this.
    #[classattr]
    const MAX_NODES: u64 = Player::MAX_NODES;

    /// The largest time budget a move a player takes, in milliseconds: one
    /// day (the core's `Player::MAX_TIME_MS`). `Player(time_ms=)` takes 1
    /// to this.
    #[classattr]
    const MAX_TIME_MS: u64 = Player::MAX_TIME_MS;

    /// `Player(3, seed=42)`; `reproducible=True` replaces level 5's time
    /// budget with a node budget, and `nodes` sets that budget (it implies
    /// `reproducible=True`); `time_ms` sets the time budget a move and
    /// `threads` the search's threads; level 5 plays from `endgame`, an
    /// `EndgameDatabase`, where it can.
    #[new]
    #[pyo3(
        signature = (level, seed = Seed::ZERO, *, reproducible = false, endgame = None, time_ms = None, threads = None, nodes = None),
        text_signature = "(level, seed=0, *, reproducible=False, endgame=None, time_ms=None, threads=None, nodes=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        level: Int,
        seed: Seed,
        reproducible: bool,
        endgame: Option<Py<PyEndgameDatabase>>,
        time_ms: Option<Int>,
        threads: Option<Int>,
        nodes: Option<Int>,
    ) -> PyResult<Self> {
        let seed = seed.value()?;
        let nodes = nodes
            .map(|n| player_budget(&n, "nodes", Player::MAX_NODES, SearchLimits::nodes))
            .transpose()?
            .and_then(|limits| limits.nodes);
        let reproducible = reproducible || nodes.is_some();
        let level = level_of(&level, "level")?;
        let mut engine = player(level, seed, reproducible);
        if let Some(ms) = time_ms {
            if reproducible {
                return Err(value_error(if nodes.is_some() {
                    "time_ms and nodes exclude each other"
                } else {
                    "time_ms and reproducible=True exclude each other"
                }));
            }
            engine.set_limits(player_budget(
                &ms,
                "time_ms",
                Player::MAX_TIME_MS,
                SearchLimits::time_ms,
            )?);
        }
        if let Some(n) = nodes {
            engine.set_limits(SearchLimits::nodes(n));
        }
        if let Some(n) = threads {
            engine.set_threads(n.in_range("threads", 1..=oware::search::MAX_THREADS)?);
        }
        if let Some(db) = &endgame {
            engine = engine.with_endgame(db.get().db.clone());
        }
        let stop = StopHandle::new();
        engine.set_stop(stop.clone());
        let state = PlayerState {
            player: engine,
            endgame,
            stop,
        };
        Ok(PyPlayer {
            state: Shared::new(state, "player"),
            level,
            seed,
            reproducible,
            nodes,
        })
    }

    /// The level, 1 to 5.
    #[getter]
    fn level(&self) -> u8 {
        self.level.number()
    }

    /// How the level plays, in a few words for a menu (the core's words,
    /// as C's ``oware_level_description``).
    ///
    /// >>> oware.Player(3).description
    /// 'looks 4 plies ahead'
    #[getter]
    fn description(&self) -> &'static str {
        self.level.description()
    }

    /// Whether level 5 plays from its opening book: the library's, for the first
    /// plies of the standard Oware board, where it plays the book's move at once
    /// (True by default for level 5; always False for other levels, which have
    /// none). Set it to False to have level 5 search from the first move; setting
    /// True for another level raises ValueError.
    ///
    /// >>> import oware
    /// >>> player = oware.Player(5, nodes=1000)
    /// >>> player.book
    /// True
    /// >>> player.book = False
    /// >>> player.book
    /// False
    #[getter]
    fn book(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.state.lock(py)?.player.book().is_some())
    }

    /// Turns level 5's opening book on or off; ValueError when turning it
    /// on for another level.
    #[setter]
    fn set_book(&self, py: Python<'_>, on: bool) -> PyResult<()> {
        let book = on.then(oware::search::Book::standard);
        let mut state = self.state.lock(py)?;
        state
            .player
            .set_book(book)
            .map_err(|e| value_error(e.to_string()))
    }

    /// The endgame database level 5 plays from, or None; set it to give the player
    /// a database (or None to take it away) between moves.
    #[getter]
    fn endgame(&self, py: Python<'_>) -> PyResult<Option<Py<PyEndgameDatabase>>> {
        let state = self.state.lock(py)?;
        Ok(state.endgame.as_ref().map(|db| db.clone_ref(py)))
    }

    /// Gives the player a database, or takes it away with None.
    #[setter]
    fn set_endgame(&self, py: Python<'_>, endgame: Option<Py<PyEndgameDatabase>>) -> PyResult<()> {
        let mut state = self.state.lock(py)?;
        state
            .player
            .set_endgame(endgame.as_ref().map(|db| db.get().db.clone()));
        state.endgame = endgame;
        Ok(())
    }

    /// The move this player plays on `board` (None when the game is over);
    /// the GIL is released while it thinks, Ctrl-C stops it
    /// (KeyboardInterrupt), and a call from another thread meanwhile waits
    /// for this one.
    fn choose(&self, board: PyRef<'_, PyBoard>) -> PyResult<Option<PyMove>> {
        let (py, game) = PyBoard::let_go(board);
        let mut state = self.state.lock(py)?;
        let PlayerState { player, stop, .. } = &mut *state;
        stop.reset();
        Ok(interruptible(py, stop, move || player.choose(&game))?.map(PyMove))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let state = self.state.lock(py)?;
        let endgame = state.endgame.as_ref().map_or_else(String::new, |db| {
            format!(" endgame={}", db.get().__repr__())
        });
        let nodes = self
            .nodes
            .map_or_else(String::new, |n| format!(" nodes={n}"));
        Ok(format!(
            "<Player level={} seed={} reproducible={}{nodes}{endgame}>",
            self.level,
            self.seed,
            if self.reproducible { "True" } else { "False" }
        ))
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

/// Plays *games* games between a player of level *first* and one of level *second*,
/// in pairs from the same random two-ply opening with the sides swapped. Releases the GIL;
/// Ctrl-C (KeyboardInterrupt) stops it. *first_nodes* and *second_nodes* (1 to 10**12)
/// give that player a node budget a move, as ``Player(level, nodes=...)`` does (levels
/// 3 to 5 search that many positions; the player is then reproducible whatever
/// *reproducible* says). ValueError for a level, budget or *seed* (0 to 2**64 - 1) out of range.
///
/// >>> import oware
/// >>> oware.play_match(2, 1, games=4, seed=1).games
/// 4
#[pyfunction]
#[pyo3(
    signature = (first, second, *, games = Int::new(2), seed = Seed::ZERO, ruleset = None, reproducible = true, first_nodes = None, second_nodes = None),
    text_signature = "(first, second, *, games=2, seed=0, ruleset=None, reproducible=True, first_nodes=None, second_nodes=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    first: Int,
    second: Int,
    games: Int,
    seed: Seed,
    ruleset: Option<&Bound<'_, PyAny>>,
    reproducible: bool,
    first_nodes: Option<Int>,
    second_nodes: Option<Int>,
) -> PyResult<PyMatchResult> {
    let (a, b) = (level_of(&first, "first")?, level_of(&second, "second")?);
    let budget = |n: Option<Int>, name: &str| {
        n.map(|n| n.in_range(name, 1..=Player::MAX_NODES))
            .transpose()
    };
    let (a_nodes, b_nodes) = (
        budget(first_nodes, "first_nodes")?,
        budget(second_nodes, "second_nodes")?,
    );
    let make = move |level: Level, nodes: Option<u64>, s: u64| match nodes {
        Some(n) => {
            let mut p = player(level, s, true);
            p.set_limits(SearchLimits::nodes(n));
            p
        }
        None => player(level, s, reproducible),
    };
    let seed = seed.value()?;
    let games = games.in_range("games", 1..=u32::MAX)?;
    let ruleset = extract_ruleset(ruleset)?;
    let stop = StopHandle::new();
    let result = interruptible(py, &stop, || {
        oware::search::play_match_with_stop(
            ruleset,
            games,
            seed,
            |s| make(a, a_nodes, s),
            |s| make(b, b_nodes, s),
            &stop,
        )
    })?;
    result.map(PyMatchResult).map_err(stopped)
}

/// An engine that keeps its transposition table between searches, and can
/// be told to stop from another thread.
#[pyclass(module = "oware", name = "Searcher", frozen)]
#[derive(Debug)]
pub struct PySearcher {
    searcher: SharedSearcher,
    entries: usize,
}

#[pymethods]
impl PySearcher {
    /// The deepest search, in plies: 64 (the core's
    /// `SearchLimits::MAX_DEPTH`). `search`, `analyse` and `Board.search`
    /// take a depth of 1 to this.
    #[classattr]
    const MAX_DEPTH: u8 = SearchLimits::MAX_DEPTH;

    /// `Searcher(tt_entries=1 << 20)`: a table of that many 16-byte entries.
    #[new]
    #[pyo3(signature = (tt_entries = Int::new(1 << 20)), text_signature = "(tt_entries=1048576)")]
    fn new(tt_entries: Int) -> PyResult<Self> {
        // The core refuses a size it can hold, with its words; one it
        // cannot (negative, past 64 bits) gets the same.
        let entries = tt_entries.get(0..=usize::MAX).ok_or_else(|| {
            value_error(tt_entries.range_message("tt_entries", &(1..=MAX_TABLE_ENTRIES)))
        })?;
        let searcher = Searcher::try_new(entries).map_err(|e| value_error(e.to_string()))?;
        Ok(PySearcher {
            searcher: SharedSearcher::new(searcher),
            entries,
        })
    }

    /// The table size asked for, in entries.
    #[getter]
    fn tt_entries(&self) -> usize {
        self.entries
    }

    /// As :meth:`Board.search`, with this searcher's table. Releases the GIL;
    /// searches on one searcher from several threads take turns.
    #[pyo3(signature = (board, depth = None, nodes = None, time_ms = None))]
    fn search(
        &self,
        board: PyRef<'_, PyBoard>,
        depth: Option<Int>,
        nodes: Option<Int>,
        time_ms: Option<Int>,
    ) -> PyResult<PySearchResult> {
        let limits = limits_from(depth, nodes, time_ms)?;
        let (py, game) = PyBoard::let_go(board);
        self.searcher.search(py, &game, limits)
    }

    /// As :meth:`Board.analyse`, with this searcher's table. Releases the GIL.
    #[pyo3(signature = (board, depth = None, nodes = None, time_ms = None))]
    fn analyse(
        &self,
        board: PyRef<'_, PyBoard>,
        depth: Option<Int>,
        nodes: Option<Int>,
        time_ms: Option<Int>,
    ) -> PyResult<Vec<(PyMove, PyScore)>> {
        let limits = limits_from(depth, nodes, time_ms)?;
        let (py, game) = PyBoard::let_go(board);
        self.searcher.analyse(py, &game, limits)
    }

    /// Stops the search running now (or the next one), which returns its
    /// last completed iteration. Safe from any thread.
    fn stop(&self) {
        self.searcher.stop();
    }

    /// Forgets everything searched so far.
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        self.searcher.run(py, Searcher::clear)
    }

    fn __repr__(&self) -> String {
        format!("Searcher(tt_entries={})", self.entries)
    }
}
