//! The research API's Rust side: a lean game for batch play,
//! `random_games` and `BoardBatch` (the observation vectors they write
//! are `common`'s, shared with `Board`).
//!
//! Batch play keeps the history rules (repetition, no-capture and ply
//! limits, the split of the seeds left) itself instead of going through
//! `Game::play`, which builds a full `MoveReport` for every move; the
//! pytest suite checks that both give the same games.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use pyo3::exceptions::{PyImportError, PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyTuple};

use oware::search::Rng;
use oware::{Game, Move, MoveList, Outcome, Position, Ruleset, Side, StopHandle};

use crate::board::PyBoard;
use crate::common::{
    Int, OBS_EXTRA, Seed, TYPICAL_PLIES, interruptible, observe, returns_of, value_error,
};
use crate::moves::illegal_move_error;
use crate::sync::Shared;
use crate::values::{PyRuleset, PyTermination, extract_ruleset};

/// A game for batch play: a core [`Game`] played without move reports
/// ([`Game::play_quiet`]).
#[derive(Clone, Debug)]
pub(crate) struct FastGame(Game);

impl FastGame {
    pub(crate) fn new(start: Position) -> FastGame {
        FastGame(Game::from_position(start))
    }

    pub(crate) fn legal_moves(&self) -> MoveList {
        self.0.legal_moves()
    }

    /// Checks and plays `m`.
    pub(crate) fn play(&mut self, m: Move) -> Result<(), oware::PlayError> {
        self.0.play_quiet(m).map(|_| ())
    }

    /// Room for the next ply, or the bytes of the history it could not
    /// get: a game that grows is checked, so a lack of memory is an error.
    fn reserve_ply(&mut self) -> Result<(), u64> {
        self.0.try_reserve(1).map_err(|_| {
            let ply = self.0.ply() as u64 + 1;
            ply.saturating_mul(size_of::<Position>() as u64)
        })
    }

    pub(crate) fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    pub(crate) fn position(&self) -> &Position {
        self.0.position()
    }

    /// The same game as a core `Game` (for `BoardBatch.board`).
    pub(crate) fn to_game(&self) -> Game {
        self.0.clone()
    }

    /// The moves played, as absolute house indices; `Err(bytes)` when
    /// they cannot be allocated.
    fn move_indices(&self) -> Result<Vec<u8>, u64> {
        let played = self.0.moves();
        let mut moves = Vec::new();
        moves
            .try_reserve_exact(played.len())
            .map_err(|_| played.len() as u64)?;
        let h = self.0.ruleset().houses_per_side();
        moves.extend(played.iter().map(|m| m.to_index(h) as u8));
        Ok(moves)
    }

    /// Plays a random legal move; false when the game is over (or, for a
    /// custom ruleset whose sowing would not end, when the move is refused).
    fn play_random(&mut self, rng: &mut Rng) -> bool {
        let moves = self.legal_moves();
        if moves.is_empty() {
            return false;
        }
        self.play(moves[rng.below(moves.len())]).is_ok()
    }
}

/// The seed of game `i` of a batch seeded with `seed` (SplitMix64), so
/// results do not depend on how the games are split among threads.
fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(i.wrapping_add(1)));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `numpy.frombuffer(bytearray(len), dtype).reshape(shape)`, a writable
/// array over a bytearray of `len` bytes that `fill` writes in place: one
/// allocation, made by Python, so that an array too large for
/// the process raises MemoryError (naming the bytes) instead of aborting.
fn numpy_filled<'py>(
    py: Python<'py>,
    len: usize,
    dtype: &str,
    shape: &[usize],
    fill: impl FnOnce(&mut [u8]),
) -> PyResult<Bound<'py, PyAny>> {
    let np = numpy(py)?;
    let too_large = || out_of_memory(len as u64, &format!("a {dtype} array of shape {shape:?}"));
    // A large array is tried here first: CPython 3.11's bytearray prints a
    // stray SystemError when it cannot allocate one.
    if len > 1 << 20 && Vec::<u8>::new().try_reserve_exact(len).is_err() {
        return Err(too_large());
    }
    let buffer = PyByteArray::new_with(py, len, |bytes| {
        fill(bytes);
        Ok(())
    })
    .map_err(|e| {
        if e.is_instance_of::<PyMemoryError>(py) {
            too_large()
        } else {
            e
        }
    })?;
    let array = np.call_method1("frombuffer", (buffer, dtype))?;
    array.call_method1("reshape", (PyTuple::new(py, shape)?,))
}

/// MemoryError "out of memory: `bytes` bytes could not be allocated for
/// `what`".
fn out_of_memory(bytes: u64, what: &str) -> PyErr {
    PyMemoryError::new_err(format!(
        "out of memory: {bytes} bytes could not be allocated for {what}"
    ))
}

/// A vector of `n` items made by `item`, allocated fallibly: MemoryError
/// naming the bytes (and `what`) where `collect` would abort.
fn try_vec_of<T>(n: usize, what: &str, item: impl FnMut(usize) -> T) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| out_of_memory((n as u64).saturating_mul(size_of::<T>() as u64), what))?;
    v.extend((0..n).map(item));
    Ok(v)
}

/// The `numpy` module. An ImportError (ModuleNotFoundError included)
/// becomes one that says how to install it; any other exception while
/// importing it (a KeyboardInterrupt, an error inside NumPy) goes through
/// unchanged.
fn numpy(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("numpy").map_err(|e| {
        if e.is_instance_of::<PyImportError>(py) {
            let error = PyImportError::new_err(format!(
                "the batch API returns NumPy arrays: pip install numpy ({e})"
            ));
            error.set_cause(py, Some(e));
            error
        } else {
            e
        }
    })
}

/// Writes `values` into `cell` as native-endian `float32`s.
fn put_f32s(cell: &mut [u8], values: &[f32]) {
    for (bytes, v) in cell.chunks_exact_mut(4).zip(values) {
        bytes.copy_from_slice(&v.to_ne_bytes());
    }
}

/// A NumPy array of one row of `row_bytes` bytes an item, which `fill`
/// writes in place: `shape` starts with `items.len()`. One allocation, as
/// [`numpy_filled`] makes it (MemoryError rather than an abort).
fn rows_array<'py, T>(
    py: Python<'py>,
    items: &[T],
    dtype: &str,
    shape: &[usize],
    row_bytes: usize,
    fill: impl Fn(&T, &mut [u8]),
) -> PyResult<Bound<'py, PyAny>> {
    let len = items.len().saturating_mul(row_bytes);
    numpy_filled(py, len, dtype, shape, |bytes| {
        for (row, item) in bytes.chunks_exact_mut(row_bytes.max(1)).zip(items) {
            fill(item, row);
        }
    })
}

/// The memory a board of a [`PyBoardBatch`] takes, in bytes: the game
/// with its history tables and its random number generator (measured: 552
/// bytes a board resident for `BoardBatch(1_000_000)` of Abapa).
const BOARD_BYTES: u64 = 560;

/// The most boards or games a batch call takes.
const MAX_BATCH: usize = 100_000_000;

/// The parameter `n`: 1 to [`MAX_BATCH`].
fn count(n: &Int) -> PyResult<usize> {
    n.in_range("n", 1..=MAX_BATCH)
}

fn threads_for(threads: Option<Int>, n: usize) -> PyResult<usize> {
    let available = std::thread::available_parallelism().map_or(1, usize::from);
    let t = match threads {
        None => available,
        Some(t) => t.in_range("threads", 1..=256)?,
    };
    Ok(t.min(n.div_ceil(256)).max(1))
}

/// One finished random game.
struct Played {
    plies: u32,
    outcome: Option<Outcome>,
    /// The moves as played, as absolute house indices (empty unless kept).
    moves: Vec<u8>,
}

impl Played {
    /// The record of a game not played yet.
    const UNPLAYED: Played = Played {
        plies: 0,
        outcome: None,
        moves: Vec::new(),
    };
}

/// Plays one random game; `Err(bytes)` when its history or its moves,
/// kept, cannot be allocated.
fn play_random_game(ruleset: Ruleset, seed: u64, keep_moves: bool) -> Result<Played, u64> {
    let mut game = FastGame::new(Position::new(ruleset));
    // Room for a typical game up front; only a hint: a game that cannot
    // have it is checked ply by ply below.
    game.0.try_reserve(TYPICAL_PLIES).ok();
    let mut rng = Rng::new(seed);
    loop {
        game.reserve_ply()?;
        if !game.play_random(&mut rng) {
            break;
        }
    }
    let moves = if keep_moves {
        game.move_indices()?
    } else {
        Vec::new()
    };
    Ok(Played {
        plies: game.0.ply() as u32,
        outcome: game.outcome(),
        moves,
    })
}

/// Plays *n* games of uniformly random legal moves inside Rust, spread over
/// *threads* threads (default: the machine's cores) with the GIL released, and
/// returns NumPy arrays (numpy is needed). Game ``i`` follows its own seed derived
/// from *seed* (0 to 2**64 - 1) and ``i``, so the result does not depend on *threads*. Ctrl-C
/// (KeyboardInterrupt) stops it. MemoryError (naming the bytes) when the arrays
/// cannot be allocated: the moves table takes ``n`` × the longest game's plies bytes.
///
/// - ``'plies'``: int32 ``(n,)``, the length of each game;
/// - ``'winner'``: int8 ``(n,)``, 0 South, 1 North, -1 draw;
/// - ``'scores'``: uint8 ``(n, 2)``, the final scores (South, North) as in :class:`Outcome`;
/// - ``'termination'``: uint8 ``(n,)``, the :class:`Termination`'s number
///   (``int(Termination.MAJORITY)`` is 1 … ``EMPTY_BOARD`` 7, as C's ``oware_termination``);
/// - ``'moves'`` (with ``moves=True``): uint8 ``(n, longest)``, the absolute house
///   index of each ply, padded with 255.
///
/// >>> import oware
/// >>> games = oware.random_games(1000, ruleset="openspiel", seed=1)
/// >>> games["plies"].shape, int(games["scores"].sum(axis=1).max()) <= 48
/// ((1000,), True)
#[pyfunction]
#[pyo3(
    signature = (n, *, ruleset = None, seed = Seed::ZERO, moves = false, threads = None),
    text_signature = "(n, *, ruleset=None, seed=0, moves=False, threads=None)"
)]
pub fn random_games<'py>(
    py: Python<'py>,
    n: Int,
    ruleset: Option<&Bound<'py, PyAny>>,
    seed: Seed,
    moves: bool,
    threads: Option<Int>,
) -> PyResult<Bound<'py, PyDict>> {
    let n = count(&n)?;
    let seed = seed.value()?;
    let ruleset = extract_ruleset(ruleset)?;
    let threads = threads_for(threads, n)?;
    numpy(py)?;
    let games = RandomGames::new(ruleset, seed, moves).play(py, n, threads)?;
    games_dict(py, &games, moves)
}

/// A `random_games` call's games: their settings, and what their threads
/// share while they play.
struct RandomGames {
    ruleset: Ruleset,
    /// The batch's seed, from which each game's comes ([`game_seed`]).
    seed: u64,
    keep_moves: bool,
    /// Set by Ctrl-C, or by a game whose moves could not be kept: the
    /// games not yet played are not.
    stop: StopHandle,
    /// The bytes of a game's moves that could not be kept, or 0.
    failed: AtomicU64,
}

impl RandomGames {
    fn new(ruleset: Ruleset, seed: u64, keep_moves: bool) -> RandomGames {
        RandomGames {
            ruleset,
            seed,
            keep_moves,
            stop: StopHandle::new(),
            failed: AtomicU64::new(0),
        }
    }

    /// Plays `n` games on `threads` threads, detached from the interpreter
    /// and stoppable by Ctrl-C: their records, in order.
    fn play(&self, py: Python<'_>, n: usize, threads: usize) -> PyResult<Vec<Played>> {
        // The games' records, reserved before any is played (the moves each
        // game keeps are its own, as played).
        let mut games = try_vec_of(n, &format!("the records of {n} games"), |_| {
            Played::UNPLAYED
        })?;
        let played = interruptible(py, &self.stop, || self.play_parts(&mut games, threads))?;
        self.check_finished(played, n)?;
        Ok(games)
    }

    /// Plays the games of `records` in parts, one a thread, that the
    /// threads and this one take in turn, so that a thread that cannot
    /// start leaves its share to the others: the count of games played.
    fn play_parts(&self, records: &mut [Played], threads: usize) -> usize {
        let chunk = records.len().div_ceil(threads);
        let parts = Mutex::new(records.chunks_mut(chunk).enumerate());
        on_threads(threads, || {
            let mut done = 0;
            while let Some((t, part)) = next_part(&parts) {
                done += self.play_part(t * chunk, part);
            }
            done
        })
    }

    /// Plays games `first..` into `records`, in place, until they are
    /// played or the batch is stopped: the count played.
    fn play_part(&self, first: usize, records: &mut [Played]) -> usize {
        let mut done = 0;
        for (i, record) in (first..).zip(records.iter_mut()) {
            if self.stop.is_stopped() {
                break;
            }
            let seed = game_seed(self.seed, i as u64);
            match play_random_game(self.ruleset, seed, self.keep_moves) {
                Ok(game) => *record = game,
                Err(bytes) => {
                    self.failed.store(bytes, Ordering::Relaxed);
                    self.stop.stop();
                    break;
                }
            }
            done += 1;
        }
        done
    }

    /// MemoryError when a game's moves could not be kept, RuntimeError
    /// when fewer than `n` games were `played` (a thread failed).
    fn check_finished(&self, played: usize, n: usize) -> PyResult<()> {
        let failed = self.failed.load(Ordering::Relaxed);
        if failed > 0 {
            return Err(out_of_memory(failed, "the moves of a game"));
        }
        if played != n {
            return Err(PyRuntimeError::new_err("a batch thread failed"));
        }
        Ok(())
    }
}

/// The next of the `parts` that the threads take in turn, if any is left.
fn next_part<I: Iterator>(parts: &Mutex<I>) -> Option<I::Item> {
    parts.lock().map(|mut p| p.next()).unwrap_or(None)
}

/// The sum of what `work` returns on this thread and on up to
/// `threads - 1` scoped threads more (those that can start).
fn on_threads(threads: usize, work: impl Fn() -> usize + Sync) -> usize {
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, &work).ok())
            .collect();
        let here = work();
        here + helpers
            .into_iter()
            .map(|h| h.join().unwrap_or(0))
            .sum::<usize>()
    })
}

/// The dict of NumPy arrays `random_games` returns: `plies`, `winner`,
/// `scores` and `termination`, and `moves` when they are kept.
fn games_dict<'py>(
    py: Python<'py>,
    games: &[Played],
    keep_moves: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let n = games.len();
    let out = PyDict::new(py);
    let plies = rows_array(py, games, "int32", &[n], 4, |g, c| {
        c.copy_from_slice(&(g.plies as i32).to_ne_bytes());
    })?;
    let winner = rows_array(py, games, "int8", &[n], 1, |g, c| {
        c[0] = outcome_codes(g.outcome).0 as u8;
    })?;
    let scores = rows_array(py, games, "uint8", &[n, 2], 2, |g, c| {
        c.copy_from_slice(&outcome_codes(g.outcome).1);
    })?;
    let termination = rows_array(py, games, "uint8", &[n], 1, |g, c| {
        c[0] = outcome_codes(g.outcome).2;
    })?;
    out.set_item("plies", plies)?;
    out.set_item("winner", winner)?;
    out.set_item("scores", scores)?;
    out.set_item("termination", termination)?;
    if keep_moves {
        out.set_item("moves", moves_table(py, games)?)?;
    }
    Ok(out)
}

/// The moves of `games` as one (n, longest) table of house indices, 255
/// past a game's end: the only large allocation, made by Python
/// (MemoryError if it cannot be had).
fn moves_table<'py>(py: Python<'py>, games: &[Played]) -> PyResult<Bound<'py, PyAny>> {
    let width = games.iter().map(|g| g.moves.len()).max().unwrap_or(0);
    rows_array(
        py,
        games,
        "uint8",
        &[games.len(), width],
        width,
        |g, row| {
            row.fill(u8::MAX);
            row[..g.moves.len()].copy_from_slice(&g.moves);
        },
    )
}

/// (winner code, scores, termination code) of a finished game; 0 (C's
/// `OWARE_TERMINATION_NONE`) for the termination of a game still going on.
fn outcome_codes(outcome: Option<Outcome>) -> (i8, [u8; 2], u8) {
    match outcome {
        Some(o) => (
            o.winner.map_or(-1, |s| s.index() as i8),
            [o.scores.south, o.scores.north],
            PyTermination::from(o.termination).code(),
        ),
        None => (-1, [0, 0], 0),
    }
}

/// `n` boards stepped together inside Rust. Threads may share a batch: a
/// second call waits for the first to finish.
#[pyclass(module = "oware", name = "BoardBatch", frozen)]
#[derive(Debug)]
pub struct PyBoardBatch {
    ruleset: Ruleset,
    /// The number of boards, fixed at construction.
    n: usize,
    state: Shared<BatchState>,
}

/// The boards of a batch and their random number generators.
#[derive(Debug)]
struct BatchState {
    games: Vec<FastGame>,
    rngs: Vec<Rng>,
}

impl PyBoardBatch {
    fn houses_per_side(&self) -> usize {
        self.ruleset.houses_per_side()
    }

    /// ValueError unless `count` is one action a board.
    fn check_action_count(&self, count: usize) -> PyResult<()> {
        if count == self.n {
            return Ok(());
        }
        Err(value_error(format!(
            "expected {} actions, one per board, got {count}",
            self.n
        )))
    }

    /// The actions, one per board, from a sequence or a NumPy array, as
    /// given (a `uint64` as large as it is).
    fn actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Vec<Int>> {
        if actions.hasattr("dtype")? {
            let values = numpy_actions(actions)?;
            self.check_action_count(values.len())?;
            return Ok(values);
        }
        let not_ints = || {
            let kind = actions
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string());
            pyo3::exceptions::PyTypeError::new_err(format!(
                "actions must be a sequence of ints, one per board, or a NumPy integer array, not {kind}"
            ))
        };
        if actions.is_instance_of::<pyo3::types::PyString>() {
            return Err(not_ints());
        }
        // The count first, so a wrong one costs no conversion.
        self.check_action_count(actions.len().map_err(|_| not_ints())?)?;
        actions.extract().map_err(|e: PyErr| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "actions must be ints, one per board: {}",
                e.value(actions.py())
            ))
        })
    }
}

/// The integers of a one-dimensional NumPy array (the rule a list is held
/// to), read as `int64` or, for unsigned arrays, `uint64`.
fn numpy_actions(actions: &Bound<'_, PyAny>) -> PyResult<Vec<Int>> {
    let kind: String = actions.getattr("dtype")?.getattr("kind")?.extract()?;
    let ndim: usize = actions.getattr("ndim")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u") || ndim != 1 {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "actions must be a one-dimensional array of integers, not dtype kind '{kind}' with {ndim} dimensions"
        )));
    }
    let dtype = if kind == "u" { "uint64" } else { "int64" };
    let np = numpy(actions.py())?;
    let array = np.call_method1("ascontiguousarray", (actions, dtype))?;
    let bytes: Vec<u8> = array.call_method0("tobytes")?.extract()?;
    let words = bytes
        .chunks_exact(8)
        .map(|c| c.try_into().unwrap_or([0; 8]));
    Ok(if kind == "u" {
        words.map(|w| Int::from(u64::from_ne_bytes(w))).collect()
    } else {
        words.map(|w| Int::from(i64::from_ne_bytes(w))).collect()
    })
}

impl BatchState {
    /// Room for one more ply on every board whose game goes on, before a
    /// step: MemoryError, every board unchanged, if it cannot be had.
    fn reserve_ply(&mut self) -> PyResult<()> {
        let boards = self.games.len();
        for g in self.games.iter_mut().filter(|g| g.outcome().is_none()) {
            g.reserve_ply().map_err(|bytes| {
                out_of_memory(bytes, &format!("the history of a board of {boards}"))
            })?;
        }
        Ok(())
    }

    /// A NumPy array of a row a board, written in place by `fill`
    /// ([`rows_array`]).
    fn per_board<'py>(
        &self,
        py: Python<'py>,
        dtype: &str,
        shape: &[usize],
        row_bytes: usize,
        fill: impl Fn(&FastGame, &mut [u8]),
    ) -> PyResult<Bound<'py, PyAny>> {
        rows_array(py, &self.games, dtype, shape, row_bytes, fill)
    }

    fn step_result<'py>(
        &self,
        py: Python<'py>,
        movers: &[Option<Side>],
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let n = self.games.len();
        let rewards = numpy_filled(py, 4 * n, "float32", &[n], |bytes| {
            let boards = bytes.chunks_exact_mut(4).zip(&self.games).zip(movers);
            for ((cell, g), mover) in boards {
                let reward = match (mover, g.outcome()) {
                    (Some(mover), Some(o)) => match o.winner {
                        Some(w) if w == *mover => 1.0,
                        Some(_) => -1.0,
                        None => 0.0,
                    },
                    _ => 0.0,
                };
                put_f32s(cell, &[reward]);
            }
        })?;
        let done = self.per_board(py, "bool", &[n], 1, |g, cell| {
            cell[0] = u8::from(g.outcome().is_some());
        })?;
        Ok((rewards, done))
    }
}

#[pymethods]
impl PyBoardBatch {
    /// `BoardBatch(1024, ruleset='openspiel', seed=7)`: boards at the start.
    #[new]
    #[pyo3(
        signature = (n, *, ruleset = None, seed = Seed::ZERO),
        text_signature = "(n, *, ruleset=None, seed=0)"
    )]
    fn new(n: Int, ruleset: Option<&Bound<'_, PyAny>>, seed: Seed) -> PyResult<Self> {
        let seed = seed.value()?;
        let n = count(&n)?;
        let ruleset = extract_ruleset(ruleset)?;
        let start = FastGame::new(Position::new(ruleset));
        let boards = format!("BoardBatch({n})");
        // The whole batch's memory, reserved and given back first, so that
        // a batch the process cannot hold fails before its boards are made.
        let bytes = (n as u64).saturating_mul(BOARD_BYTES);
        usize::try_from(bytes)
            .ok()
            .and_then(|b| Vec::<u8>::new().try_reserve_exact(b).ok())
            .ok_or_else(|| out_of_memory(bytes, &boards))?;
        let state = BatchState {
            games: try_vec_of(n, &boards, |_| start.clone())?,
            rngs: try_vec_of(n, &boards, |i| Rng::new(game_seed(seed, i as u64)))?,
        };
        Ok(PyBoardBatch {
            ruleset,
            n,
            state: Shared::new(state, "batch"),
        })
    }

    fn __len__(&self) -> usize {
        self.n
    }

    /// The rules of every board.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset(self.ruleset)
    }

    /// Puts boards back at the start: all, or those at `indices`.
    #[pyo3(signature = (indices = None))]
    fn reset(&self, py: Python<'_>, indices: Option<Vec<Int>>) -> PyResult<()> {
        let start = FastGame::new(Position::new(self.ruleset));
        let checked = indices
            .map(|indices| {
                let boards = 0..=self.n - 1;
                indices
                    .iter()
                    .map(|i| i.in_range("indices", boards.clone()))
                    .collect::<PyResult<Vec<usize>>>()
            })
            .transpose()?;
        let mut state = self.state.lock(py)?;
        match checked {
            None => state.games.iter_mut().for_each(|g| *g = start.clone()),
            Some(checked) => {
                for i in checked {
                    state.games[i] = start.clone();
                }
            }
        }
        Ok(())
    }

    /// The observations, shape (n, 2h + 3), float32 (the layout of Board.observation).
    #[pyo3(signature = (*, absolute = false))]
    fn observations<'py>(&self, py: Python<'py>, absolute: bool) -> PyResult<Bound<'py, PyAny>> {
        let width = 2 * self.houses_per_side() + OBS_EXTRA;
        let state = self.state.lock(py)?;
        state.per_board(py, "float32", &[self.n, width], 4 * width, |g, cell| {
            let mut row = [0.0f32; 2 * oware::MAX_HOUSES + OBS_EXTRA];
            observe(g.position(), absolute, &mut row[..width]);
            put_f32s(cell, &row[..width]);
        })
    }

    /// The legal-action masks, shape (n, h), bool.
    fn legal_action_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let h = self.houses_per_side();
        let state = self.state.lock(py)?;
        state.per_board(py, "bool", &[self.n, h], h, |g, row| {
            row.fill(0);
            for m in &g.legal_moves() {
                row[m.house().index()] = 1;
            }
        })
    }

    /// The side to move on each board (0 South, 1 North), int8.
    fn turns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.state.lock(py)?;
        state.per_board(py, "int8", &[self.n], 1, |g, cell| {
            cell[0] = g.position().turn().index() as u8;
        })
    }

    /// Whether each game is over, bool.
    fn is_game_over<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.state.lock(py)?;
        state.per_board(py, "bool", &[self.n], 1, |g, cell| {
            cell[0] = u8::from(g.outcome().is_some());
        })
    }

    /// Plies played on each board, int32.
    fn plies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.state.lock(py)?;
        state.per_board(py, "int32", &[self.n], 4, |g, cell| {
            cell.copy_from_slice(&(g.0.ply() as i32).to_ne_bytes());
        })
    }

    /// (South's, North's) reward on each board, shape (n, 2), float32.
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.state.lock(py)?;
        state.per_board(py, "float32", &[self.n, 2], 8, |g, cell| {
            let (s, n) = returns_of(g.outcome());
            put_f32s(cell, &[s as f32, n as f32]);
        })
    }

    /// Plays one action on each board whose game goes on (the actions of finished
    /// boards are ignored). Returns the reward of the side that moved (+1 if the move
    /// won the game, -1 if it lost it, else 0) and whether each game is over.
    /// Checks every action first: raises :class:`IllegalMoveError` or ValueError
    /// naming the board, with no board changed. Releases the GIL.
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let actions = self.actions(actions)?;
        let mut state = self.state.lock(py)?;
        let moves = self.checked_moves(&state, &actions)?;
        state.reserve_ply()?;
        let movers: Vec<Option<Side>> = moves.iter().map(|m| m.map(|m| m.side())).collect();
        let games = &mut state.games;
        let failed = py.detach(|| {
            let mut failed = None;
            for (i, (g, m)) in games.iter_mut().zip(&moves).enumerate() {
                if let Some(m) = m
                    && let Err(e) = g.play(*m)
                {
                    failed.get_or_insert((i, e));
                }
            }
            failed
        });
        if let Some((i, e)) = failed {
            return Err(illegal_move_error(format!("board {i}: {e}"), e));
        }
        state.step_result(py, &movers)
    }

    /// Plays a random legal move on each board whose game goes on (seeded
    /// per board); returns (rewards for the movers, done).
    fn step_random<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let mut state = self.state.lock(py)?;
        state.reserve_ply()?;
        let movers: Vec<Option<Side>> = state
            .games
            .iter()
            .map(|g| g.outcome().is_none().then(|| g.position().turn()))
            .collect();
        let BatchState { games, rngs } = &mut *state;
        py.detach(|| {
            for (g, rng) in games.iter_mut().zip(rngs.iter_mut()) {
                g.play_random(rng);
            }
        });
        state.step_result(py, &movers)
    }

    /// Board `i` as a `Board` (a copy, with its moves).
    fn board(&self, py: Python<'_>, i: Int) -> PyResult<PyBoard> {
        let i = i.in_range("i", 0..=self.n - 1)?;
        Ok(PyBoard::from_game(self.state.lock(py)?.games[i].to_game()))
    }

    fn __repr__(&self) -> String {
        format!("<BoardBatch n={} ruleset='{}'>", self.n, self.ruleset)
    }
}

impl PyBoardBatch {
    /// The move of each action on its board, `None` where the game is
    /// over; ValueError or IllegalMoveError naming the first bad one.
    fn checked_moves(&self, state: &BatchState, actions: &[Int]) -> PyResult<Vec<Option<Move>>> {
        let houses = 0..=self.houses_per_side() - 1;
        let mut moves = Vec::with_capacity(actions.len());
        for (i, (g, a)) in state.games.iter().zip(actions).enumerate() {
            if g.outcome().is_some() {
                moves.push(None);
                continue;
            }
            let m = a
                .get(houses.clone())
                .and_then(oware::House::new)
                .map(|house| Move::new(g.position().turn(), house))
                .ok_or_else(|| {
                    value_error(format!("board {i}: {}", a.range_message("action", &houses)))
                })?;
            g.position().check(m).map_err(|reason| {
                let e = oware::PlayError { m, reason };
                illegal_move_error(format!("board {i}: {e}"), e)
            })?;
            moves.push(Some(m));
        }
        Ok(moves)
    }
}
