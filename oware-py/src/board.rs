//! `Board`: a game (position, move stack and the history the repetition
//! rules need), in python-chess's idiom.

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use std::hash::{DefaultHasher, Hash, Hasher};

use pyo3::types::{PyBytes, PyDict, PyList, PyMapping, PyString};

use oware::record::TagErrorKind;
use oware::{Game, Position, Record, StopHandle, Termination};

use crate::common::{
    Int, OBS_EXTRA, interruptible, limits_from, observe, quoted, returns_of, stopped, value_error,
};
use crate::errors::{InvalidTagError, PyResultExt};
use crate::moves::{
    PyMove, PyMoveReport, illegal_move_error, move_list, move_object, parse_move, play_error,
};
use crate::search::{PyScore, PySearchResult, SharedSearcher};
use crate::values::{PyOutcome, PyRuleset, PySide, extract_ruleset};

/// A game of mancala: the position, the moves played and what the rules
/// that look at history need.
#[pyclass(module = "oware", name = "Board")]
#[derive(Clone, Debug)]
pub struct PyBoard {
    pub(crate) game: Game,
    /// The tags of the record the board was read from, written again by
    /// `record` (the game's own `Result` and `Termination` win once it is over).
    tags: Vec<(String, String)>,
}

impl PyBoard {
    pub(crate) fn from_game(game: Game) -> PyBoard {
        PyBoard {
            game,
            tags: Vec::new(),
        }
    }

    /// The py token and a copy of the board's game, the board let go of,
    /// so that other threads may use it while this one works on the game.
    pub(crate) fn let_go(board: PyRef<'_, PyBoard>) -> (Python<'_>, Game) {
        (board.py(), board.game.clone())
    }

    /// The record of the game with the kept tags, those the game now
    /// decides (its outcome's `Result` and `Termination`) left to it.
    fn record_with_kept_tags(&self) -> PyResult<Record> {
        let mut record = Record::new(self.game.clone());
        for (name, value) in &self.tags {
            match record.set_tag(name, value) {
                Err(e) if !matches!(e.kind, TagErrorKind::FromOutcome(_)) => {
                    return Err(InvalidTagError::new_err(format!(
                        "{e} (kept tag {})",
                        quoted(name)
                    )));
                }
                _ => {}
            }
        }
        Ok(record)
    }

    fn pos(&self) -> &Position {
        self.game.position()
    }

    fn houses_per_side(&self) -> usize {
        self.game.ruleset().houses_per_side()
    }

    fn agreed(&self) -> bool {
        self.game
            .outcome()
            .is_some_and(|o| o.termination == Termination::Agreement)
    }

    /// Plays `m` without building its report: `report` asks the game for
    /// it on demand, so a playout loop in Python pays only for the move.
    fn play(&mut self, m: oware::Move) -> PyResult<()> {
        self.game.play_quiet(m).map_err(play_error)?;
        Ok(())
    }

    /// The move for `action`, a house index of the side to move.
    fn action_move(&self, action: &Int) -> PyResult<oware::Move> {
        let houses = 0..=self.houses_per_side() - 1;
        action
            .get(houses.clone())
            .and_then(oware::House::new)
            .map(|house| oware::Move::new(self.pos().turn(), house))
            .ok_or_else(|| value_error(action.range_message("action", &houses)))
    }
}

/// The move in `obj`, or a TypeError that says what `method` takes.
fn as_move(obj: &Bound<'_, PyAny>, method: &str) -> PyResult<oware::Move> {
    match obj.cast::<PyMove>() {
        Ok(m) => Ok(m.get().0),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{method}() takes a Move, not {} (parse notation with Move('C') or use push_str)",
            obj.get_type().name()?
        ))),
    }
}

/// Plays `moves` (absolute house indices) from `start`.
fn replay(start: Position, moves: &[u8], agreed: bool) -> PyResult<Game> {
    let h = start.ruleset().houses_per_side();
    let mut game = Game::from_position(start);
    // Room for the moves; only a hint (a move that cannot have room aborts,
    // as any allocation does). A board with no moves stays small until its
    // first push makes room for a typical game.
    game.try_reserve(moves.len()).ok();
    for (ply, &i) in moves.iter().enumerate() {
        let m = oware::Move::from_index(usize::from(i), h)
            .ok_or_else(|| value_error(format!("ply {}: no house has index {i}", ply + 1)))?;
        game.play(m)
            .map_err(|e| illegal_move_error(format!("ply {}: {e}", ply + 1), e))?;
    }
    if agreed {
        game.end_by_agreement()
            .map_err(|e| value_error(format!("cannot end the game by agreement: {e}")))?;
    }
    Ok(game)
}

/// Rebuilds a pickled board (private: `Board.__reduce__` names it).
#[pyfunction]
#[pyo3(signature = (ruleset, start, moves, agreed = false, tags = None))]
pub fn _board_from_state(
    ruleset: &Bound<'_, PyAny>,
    start: &str,
    moves: &[u8],
    agreed: bool,
    tags: Option<Vec<(String, String)>>,
) -> PyResult<PyBoard> {
    let ruleset = extract_ruleset(Some(ruleset))?;
    let start = Position::from_str_with_ruleset(start, ruleset).py()?;
    let board = PyBoard {
        tags: tags.unwrap_or_default(),
        ..replay(start, moves, agreed).map(PyBoard::from_game)?
    };
    board.record_with_kept_tags()?;
    Ok(board)
}

/// The transposition key of `pos`: a 64-bit hash of everything a
/// `Position` holds (the side to move, the houses, the stores and the
/// ruleset), by std's SipHash with its fixed keys, so the same in every
/// process of one build.
fn position_key(pos: &Position) -> u64 {
    let mut hasher = DefaultHasher::new();
    pos.hash(&mut hasher);
    hasher.finish()
}

#[pymethods]
impl PyBoard {
    /// `Board()`, `Board('4,4,4,4,4,4/4,4,4,4,4,4 s 0 0')`, `Board(ruleset='kalah')`;
    /// `agreed=True` ends the game there by agreement (as `repr` writes it).
    #[new]
    #[pyo3(signature = (position = None, *, ruleset = None, agreed = false))]
    fn new(
        position: Option<&Bound<'_, PyAny>>,
        ruleset: Option<&Bound<'_, PyAny>>,
        agreed: bool,
    ) -> PyResult<Self> {
        let position = match position.filter(|p| !p.is_none()) {
            None => None,
            Some(p) => Some(
                p.cast::<PyString>()
                    .map_err(|_| {
                        PyTypeError::new_err(format!(
                            "a position must be a position string (str), not {}",
                            p.get_type()
                                .name()
                                .map(|n| n.to_string())
                                .unwrap_or_default()
                        ))
                    })?
                    .to_str()?
                    .to_owned(),
            ),
        };
        let explicit = ruleset.is_some_and(|r| !r.is_none());
        let ruleset = extract_ruleset(ruleset)?;
        let start = match position {
            None => Position::new(ruleset),
            Some(text) if explicit => Position::from_str_with_ruleset(&text, ruleset).py()?,
            Some(text) => text.parse::<Position>().py()?,
        };
        replay(start, &[], agreed).map(PyBoard::from_game)
    }

    /// The board of a game record: PGN-like tag pairs and movetext, or bare moves.
    /// Every move is checked; raises :class:`InvalidRecordError`. The tags are
    /// kept (:attr:`tags`) and :meth:`record` writes them again.
    ///
    /// >>> import oware
    /// >>> board = oware.Board.from_record('[Variant "openspiel"]\n[South "Ama"]\n\n1. C f 2. B a *')
    /// >>> board.ply, str(board.ruleset), board.tags
    /// (4, 'openspiel', {'South': 'Ama'})
    #[staticmethod]
    fn from_record(record: &str) -> PyResult<PyBoard> {
        let record = record.parse::<Record>().py()?;
        Ok(PyBoard {
            tags: record.tags().to_vec(),
            ..PyBoard::from_game(record.game)
        })
    }

    /// The tags kept from the record this board was read by :meth:`from_record`
    /// (not ``Variant`` and ``Position``, which come from the game's start), in
    /// the record's order; a new dict each time, so changing it changes nothing:
    /// give changed tags to :meth:`record`. :meth:`copy` and pickling keep them; a
    /// new game (``copy(stack=False)``, :meth:`root`, :meth:`mirror`) has none.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tags = PyDict::new(py);
        for (name, value) in &self.tags {
            tags.set_item(name, value)?;
        }
        Ok(tags)
    }

    /// The game record, with the kept :attr:`tags` and then *tags* (any mapping
    /// of str to str, e.g. ``{'South': 'Ama'}``; a name in both takes the value in
    /// *tags*) after ``Variant``; ``Board.from_record(board.record())`` keeps
    /// the tags. While the game goes on, a
    /// ``Result`` (of a resignation, say) and a free-text ``Termination`` may be
    /// given; once it is over, the game writes both. Raises
    /// :class:`InvalidTagError` for a tag that cannot be set, and TypeError,
    /// naming *tags* and the key, for a name or value that is not a str.
    ///
    /// >>> import oware
    /// >>> board = oware.Board.from_record("CfBa")
    /// >>> print(board.record({"South": "Ama"}))
    /// [Variant "abapa"]
    /// [South "Ama"]
    /// [Result "*"]
    /// <BLANKLINE>
    /// 1. C f 2. B a *
    /// <BLANKLINE>
    #[pyo3(signature = (tags = None))]
    fn record(&self, tags: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let mut record = self.record_with_kept_tags()?;
        let Some(tags) = tags.filter(|t| !t.is_none()) else {
            return Ok(record.to_string());
        };
        let type_name =
            |obj: &Bound<'_, PyAny>| -> PyResult<String> { Ok(obj.get_type().name()?.to_string()) };
        let tags = tags
            .cast::<PyMapping>()
            .map_err(|_| match type_name(tags) {
                Ok(t) => PyTypeError::new_err(format!(
                    "tags must be a mapping of tag names to values (str to str), not {t}"
                )),
                Err(e) => e,
            })?;
        for item in tags.items()?.iter() {
            let (name, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            let Ok(name) = name.extract::<String>() else {
                return Err(PyTypeError::new_err(format!(
                    "tags: a tag name must be a str, not {} ({})",
                    type_name(&name)?,
                    name.repr()?
                )));
            };
            let Ok(value) = value.extract::<String>() else {
                return Err(PyTypeError::new_err(format!(
                    "tags[{}] must be a str, not {}",
                    quoted(&name),
                    type_name(&value)?
                )));
            };
            record
                .set_tag(&name, &value)
                .map_err(|e| InvalidTagError::new_err(format!("{e} (tag {})", quoted(&name))))?;
        }
        Ok(record.to_string())
    }

    /// The position string of the current position.
    fn position_string(&self) -> String {
        self.pos().to_string()
    }

    /// A board at the game's starting position (no moves).
    fn root(&self) -> PyBoard {
        PyBoard::from_game(Game::from_position(*self.game.start()))
    }

    /// The side to move.
    #[getter]
    fn turn(&self) -> PySide {
        self.pos().turn().into()
    }

    /// Plies played.
    #[getter]
    fn ply(&self) -> usize {
        self.game.ply()
    }

    /// The rules of the game.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset(*self.game.ruleset())
    }

    /// The moves played, in order.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self
            .game
            .moves()
            .iter()
            .map(|&m| move_object(py, m))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, moves)
    }

    /// The legal moves, in house order; empty once the game is over.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.game.legal_moves())
    }

    /// What the last move did (see :class:`MoveReport`); None at the start.
    /// :meth:`push` returns None as in python-chess: read the report here.
    #[getter]
    fn report(&self) -> Option<PyMoveReport> {
        self.game.report(self.game.ply()).map(PyMoveReport)
    }

    /// What the move of ply *ply* did (1 for the first move; :attr:`report` is the
    /// last's), the core's ``Game::report`` and C's ``oware_game_report``. Raises
    /// ValueError for a ply outside 1 to the plies played, or before any move.
    ///
    /// >>> board = oware.Board.from_record("CfBa")
    /// >>> str(board.report_at(2).move)
    /// 'f'
    fn report_at(&self, ply: Int) -> PyResult<PyMoveReport> {
        if self.game.ply() == 0 {
            return Err(value_error("no move has been played: report_at has no ply"));
        }
        let plies = 1..=self.game.ply();
        let report = ply.get(plies.clone()).and_then(|k| self.game.report(k));
        report
            .map(PyMoveReport)
            .ok_or_else(|| value_error(ply.range_message("ply", &plies)))
    }

    /// The seeds in the houses: all of them in absolute order (South's
    /// A.., then North's a..), or one side's row in letter order.
    #[pyo3(signature = (side = None))]
    fn houses(&self, side: Option<PySide>) -> Vec<u16> {
        // Not Vec<u8>, which PyO3 turns into bytes.
        let board = self.pos().board();
        let seeds = match side {
            None => board.all_houses(),
            Some(side) => board.houses(side.into()),
        };
        seeds.iter().map(|&s| u16::from(s)).collect()
    }

    /// The seeds in each store, (South, North).
    #[getter]
    fn stores(&self) -> (u8, u8) {
        let s = self.pos().board().stores();
        (s.south, s.north)
    }

    /// How many times the current position has occurred, counting now.
    #[getter]
    fn repetitions(&self) -> usize {
        self.game.repetitions()
    }

    /// Plies since the last capture (or the start).
    #[getter]
    fn plies_since_capture(&self) -> usize {
        self.game.plies_since_capture()
    }

    /// Plays *move*. Raises :class:`IllegalMoveError` (board unchanged) if it is not
    /// legal, TypeError if it is not a :class:`Move`. Returns None, as python-chess's
    /// ``push`` does; :attr:`report` tells what the move did.
    #[pyo3(signature = (r#move, /))]
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.play(as_move(r#move, "push")?)
    }

    /// Parses *notation* (a house letter) and plays it; returns the move.
    /// Raises :class:`InvalidMoveError` or :class:`IllegalMoveError`.
    fn push_str<'py>(&mut self, py: Python<'py>, notation: &str) -> PyResult<Bound<'py, PyMove>> {
        let m = parse_move(notation, Some(self.pos().board().houses_per_side()))?.0;
        self.play(m)?;
        move_object(py, m)
    }

    /// Takes back the last thing done, as Rust's ``Game::undo`` and C's
    /// ``oware_game_undo`` do: an agreement to end the game, if that came last
    /// (returns None; the moves stay), else the last move (returns it). Raises
    /// IndexError when there is nothing to take back.
    ///
    /// >>> import oware
    /// >>> board = oware.Board.from_record("CfBa")
    /// >>> outcome = board.end_by_agreement()
    /// >>> board.pop() is None, board.is_game_over()
    /// (True, False)
    /// >>> board.pop()
    /// Move('a')
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyMove>>> {
        if self.game.ply() == 0 && !self.agreed() {
            return Err(PyIndexError::new_err("pop from an empty move stack"));
        }
        let undone = self.game.undo();
        undone.map(|m| move_object(py, m)).transpose()
    }

    /// The last move played. Raises IndexError when no move has been played.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let m = self
            .game
            .moves()
            .last()
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))?;
        move_object(py, *m)
    }

    /// Whether `move` is legal now.
    #[pyo3(signature = (r#move, /))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.game.is_legal(as_move(r#move, "is_legal")?))
    }

    /// What *move* would do from this position, without playing it: one
    /// English sentence in the field's words, as Rust's ``Game::explain`` and
    /// C's ``oware_game_explain`` give it. It names the seeds sown lap by lap,
    /// where the last seed falls and what it makes there, the captures and
    /// their total, and the rules that apply, citing the rule numbers of the
    /// rules specification: a lap that skips the origin house (R4), a grand
    /// slam that captures nothing (R6), feeding a starved opponent (R7),
    /// Kalah's extra turn and capture of the opposite house (K2, K3),
    /// Congkak's relays and passes (C4, C6, C7). Raises
    /// :class:`IllegalMoveError` if *move* is not legal now.
    ///
    /// >>> import oware
    /// >>> board = oware.Board("4,4,4,4,4,3/4,2,1,4,4,4 s 3 3")
    /// >>> board.explain(oware.Move("F"))
    /// 'F sows 3 seeds into a, b, c; the last seed makes c 2: captures c (2) and b (3) = 5'
    /// >>> board.ply
    /// 0
    #[pyo3(signature = (r#move, /))]
    fn explain(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = as_move(r#move, "explain")?;
        Ok(self.game.explain(m).map_err(play_error)?.to_string())
    }

    /// How the game ended, or None.
    fn outcome(&self) -> Option<PyOutcome> {
        self.game.outcome().map(PyOutcome)
    }

    /// Whether the game is over, by any rule (repetition and agreement included).
    fn is_game_over(&self) -> bool {
        self.game.is_game_over()
    }

    /// `'1-0'`, `'0-1'`, `'1/2-1/2'`, or `'*'` while the game goes on.
    fn result(&self) -> &'static str {
        self.game.outcome().map_or("*", |o| o.result_str())
    }

    /// The houses of *side* (default: the side to move), by index within its row,
    /// that the opponent could capture with its next move.
    ///
    /// >>> import oware
    /// >>> oware.Board("4,4,4,4,4,5/4,4,4,4,1,6 n 0 0").threats()
    /// [4]
    #[pyo3(signature = (side = None))]
    fn threats(&self, side: Option<PySide>) -> Vec<usize> {
        let side = side.map_or(self.pos().turn(), oware::Side::from);
        self.pos().threats(side).iter().map(|h| h.index()).collect()
    }

    /// Ends the game by agreement; the seeds left are credited by the ruleset
    /// (Abapa: each side takes its own). :meth:`pop` takes it back (at the start
    /// too). Raises ValueError if the game is already over.
    fn end_by_agreement(&mut self) -> PyResult<PyOutcome> {
        self.game
            .end_by_agreement()
            .map(PyOutcome)
            .map_err(|e| value_error(format!("cannot end the game by agreement: {e}")))
    }

    /// A copy; with `stack=False`, a new game from the current position.
    #[pyo3(signature = (*, stack = true))]
    fn copy(&self, stack: bool) -> PyBoard {
        if stack {
            self.clone()
        } else {
            PyBoard::from_game(Game::from_position(*self.pos()))
        }
    }

    /// The position seen from the other side (a new game, no moves).
    fn mirror(&self) -> PyBoard {
        PyBoard::from_game(Game::from_position(self.pos().mirrored()))
    }

    /// The number of move sequences of `depth` plies from this position;
    /// releases the GIL, and Ctrl-C stops it.
    fn perft(slf: PyRef<'_, Self>, depth: Int) -> PyResult<u64> {
        let depth = depth.in_range("depth", 0..=30u8)?;
        // Copy the state out and let go of the board: other threads may use
        // it while this one works.
        let pos = *slf.pos();
        let py = slf.py();
        drop(slf);
        let stop = StopHandle::new();
        interruptible(py, &stop, || oware::perft_with_stop(&pos, depth, &stop))?.map_err(stopped)
    }

    /// Searches the current position with the game's history (iterative-deepening
    /// principal-variation search). Every limit given applies; with none, the
    /// library's default: :data:`DEFAULT_SEARCH_DEPTH` (8) plies or
    /// :data:`DEFAULT_SEARCH_NODES` (1 000 000) positions, whichever comes first.
    /// Depth and node limits give the same result every time; a time limit does not.
    /// Raises ValueError for a limit that is none: a *depth* outside 1 to 64, or
    /// *nodes* or *time_ms* of 0 (leave it out for no limit), e.g.
    /// ``time_ms must be 1 to 2**64 - 1, not 0`` (the same words as Rust's
    /// ``SearchLimits::check`` and C's ``oware_search_limits_check``).
    /// Releases the GIL, so other threads run meanwhile.
    ///
    /// >>> import oware
    /// >>> result = oware.Board().search()
    /// >>> result.depth == oware.DEFAULT_SEARCH_DEPTH
    /// True
    #[pyo3(signature = (depth = None, nodes = None, time_ms = None))]
    fn search(
        slf: PyRef<'_, Self>,
        depth: Option<Int>,
        nodes: Option<Int>,
        time_ms: Option<Int>,
    ) -> PyResult<PySearchResult> {
        let limits = limits_from(depth, nodes, time_ms)?;
        let (py, game) = PyBoard::let_go(slf);
        SharedSearcher::for_one_call().search(py, &game, limits)
    }

    /// Scores every legal move (from the mover's view), best first; limits as for
    /// :meth:`search`. Releases the GIL.
    #[pyo3(signature = (depth = None, nodes = None, time_ms = None))]
    fn analyse(
        slf: PyRef<'_, Self>,
        depth: Option<Int>,
        nodes: Option<Int>,
        time_ms: Option<Int>,
    ) -> PyResult<Vec<(PyMove, PyScore)>> {
        let limits = limits_from(depth, nodes, time_ms)?;
        let (py, game) = PyBoard::let_go(slf);
        SharedSearcher::for_one_call().analyse(py, &game, limits)
    }

    // ------------------------------------------------------------ research

    /// The position as ``2h + 3`` numbers (raw seed counts; divide by
    /// ``ruleset.total_seeds`` to scale). From the side to move's view (default):
    ///
    /// - ``[0, h)``: the side to move's houses, in its letter order;
    /// - ``[h, 2h)``: the opponent's houses, in its letter order (so the
    ///   vector follows the sowing ring from the mover's first house);
    /// - ``2h``: the side to move's store; ``2h + 1``: the opponent's store;
    /// - ``2h + 2``: the side to move, 0.0 for South, 1.0 for North.
    ///
    /// With ``absolute=True``: South's houses, North's houses, South's store,
    /// North's store, the side to move.
    ///
    /// >>> import oware
    /// >>> oware.Board("1,2,3,4,5,6/7,8,9,1,1,1 n 0 0").observation()[:6]
    /// [7.0, 8.0, 9.0, 1.0, 1.0, 1.0]
    #[pyo3(signature = (*, absolute = false))]
    fn observation(&self, absolute: bool) -> Vec<f32> {
        let mut out = vec![0.0; 2 * self.houses_per_side() + OBS_EXTRA];
        observe(self.pos(), absolute, &mut out);
        out
    }

    /// For each house of the side to move (action 0..h), whether sowing it is legal.
    fn legal_action_mask(&self) -> Vec<bool> {
        let mut mask = vec![false; self.houses_per_side()];
        for m in &self.game.legal_moves() {
            mask[m.house().index()] = true;
        }
        mask
    }

    /// The legal actions: house indices of the side to move.
    fn legal_actions(&self) -> Vec<usize> {
        self.game
            .legal_moves()
            .iter()
            .map(|m| m.house().index())
            .collect()
    }

    /// Plays `action`, a house index of the side to move.
    fn push_action(&mut self, action: Int) -> PyResult<()> {
        let m = self.action_move(&action)?;
        self.play(m)
    }

    /// (South's, North's) reward: +1 win, -1 loss, 0 draw or not over.
    fn returns(&self) -> (f64, f64) {
        returns_of(self.game.outcome())
    }

    // ------------------------------------------------------------ dunders

    /// `Board('<position string>')`, with `agreed=True` once the game ended
    /// by agreement, so that it evaluates back to an equal board.
    fn __repr__(&self) -> String {
        let agreed = if self.agreed() { ", agreed=True" } else { "" };
        format!("Board('{}'{agreed})", self.pos())
    }

    fn __str__(&self) -> String {
        let board = self.pos().board().to_string();
        let status = match self.game.outcome() {
            Some(o) => format!("game over: {o}"),
            None => format!("{} to move", self.pos().turn()),
        };
        format!("{board}{status}")
    }

    /// The positions and outcomes are equal; the move stacks may differ, as
    /// python-chess's `Board.__eq__` compares what the FEN holds and not
    /// the move stack.
    fn __eq__(&self, other: PyRef<'_, PyBoard>) -> bool {
        other.pos() == self.pos() && other.game.outcome() == self.game.outcome()
    }

    /// `hash(self.key())`: equal boards hash equal.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.key().into_pyobject(py)?.hash()
    }

    /// The transposition key: a 64-bit hash (an int in ``0 .. 2**64``) of the
    /// position, that is of the side to move, the houses, the stores and the
    /// ruleset. History does not count: the moves that led there, the
    /// repetitions, the plies since a capture and an agreement to end leave it
    /// as it is, so a position reached by different move orders has one key
    /// (and the rules that look at history may still treat the two boards
    /// differently). Different positions have different keys but for a
    /// collision, about one in 2**64 for a pair. The key is the same in every
    /// process of one version of the package; another version may hash
    /// differently, so do not store keys across versions. ``hash(board)`` is
    /// ``hash(board.key())``.
    ///
    /// >>> import oware
    /// >>> oware.Board.from_record("CfBa").key() == oware.Board("6,0,2,7,6,6/0,5,5,5,5,1 s 0 0").key()
    /// True
    /// >>> oware.Board().key() == oware.Board(ruleset="openspiel").key()
    /// False
    fn key(&self) -> u64 {
        position_key(self.pos())
    }

    /// The board as SVG, for Jupyter: `oware.svg.board(self)`.
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        py.import("oware.svg")?.getattr("board")?.call1((slf,))
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<BoardState<'py>> {
        let rebuild = py.import("oware._oware")?.getattr("_board_from_state")?;
        let h = self.houses_per_side();
        let moves: Vec<u8> = self
            .game
            .moves()
            .iter()
            .map(|m| m.to_index(h) as u8)
            .collect();
        Ok((
            rebuild,
            (
                PyRuleset(*self.game.ruleset()),
                self.game.start().to_string(),
                PyBytes::new(py, &moves),
                self.agreed(),
                self.tags.clone(),
            ),
        ))
    }
}

/// What `Board.__reduce__` returns: `(_board_from_state, (ruleset, start, moves, agreed, tags))`.
type BoardState<'py> = (
    Bound<'py, PyAny>,
    (
        PyRuleset,
        String,
        Bound<'py, PyBytes>,
        bool,
        Vec<(String, String)>,
    ),
);
