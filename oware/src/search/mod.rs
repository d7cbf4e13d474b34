//! The engine: iterative-deepening principal-variation search with a
//! transposition table, for every ruleset.
//!
//! ```
//! use oware::search::{SearchLimits, Searcher};
//! use oware::Game;
//! let game = Game::default();
//! let mut searcher = Searcher::new(1 << 16);
//! let result = searcher.search(&game, SearchLimits::depth(6));
//! assert!(game.is_legal(result.best_move.unwrap()));
//! assert_eq!(result.depth, 6);
//! // Depth and node limits make the search deterministic.
//! assert_eq!(Searcher::new(1 << 16).search(&game, SearchLimits::depth(6)), result);
//! ```
//!
//! - **Scores** are from the side to move's view, in hundredths of a seed
//!   ([`Score`]); a game the search sees to its end scores as a win or a
//!   loss in so many plies, so a forced win it has searched is never
//!   missed.
//! - **Extra turns** (Kalah, Congkak) are handled: a child position with
//!   the same side to move is searched without the sign change.
//! - **History rules.** A search from a [`Game`] knows the positions since
//!   the last capture: a position that occurs for the ruleset's n-th time
//!   (Abapa: the third) ends the game by the cycle rule, counting the
//!   game's positions and the search path, and the no-capture and ply
//!   limits end lines too. (Scores stored in the table can come from
//!   another path, as in every engine with a table.)
//! - **Limits** ([`SearchLimits`]): depth, nodes and wall-clock time, in any
//!   combination. With depth and node limits the same searcher state gives
//!   the same result every time (a fresh or [cleared](Searcher::clear)
//!   searcher: a reused one also draws on what it searched before); a time
//!   limit does not (it depends on the machine's speed and load).

mod eval;
mod levels;
mod matches;
mod tt;
mod zobrist;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use eval::Evaluation;
pub use levels::{Level, ParseLevelError, Player, Rng};
pub use matches::{MatchResult, play_match};

use crate::endgame::{Convention, Database};
use crate::{Game, Move, MoveList, Position};
use tt::{Bound, Table};

/// The largest transposition table a [`Searcher`] allocates: 2^26 entries
/// of 16 bytes (1 GiB). Larger requests are capped, so an absurd size does
/// not abort the process on a failed allocation.
pub const MAX_TABLE_ENTRIES: usize = 1 << 26;

/// Stops a search running in another thread ("move now"): the search ends
/// at its next check (every 1024 positions) and returns the result of the
/// last iteration it completed. Get one with [`Searcher::stop_handle`].
///
/// ```
/// use oware::search::{SearchLimits, Searcher};
/// use oware::Game;
/// let mut searcher = Searcher::new(1 << 16);
/// let stop = searcher.stop_handle();
/// stop.stop(); // before the search: it completes its first iteration only
/// let result = searcher.search(&Game::default(), SearchLimits::depth(40));
/// assert_eq!(result.depth, 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A search score from the side to move's view: hundredths of a seed, or a
/// win or loss the search has seen to the end of the game.
///
/// ```
/// use oware::search::Score;
/// assert_eq!(Score::from_centiseeds(350).to_string(), "+3.50");
/// assert_eq!(Score::win_in(7).to_string(), "win in 7");
/// assert!(Score::win_in(7) > Score::win_in(9));
/// assert_eq!(Score::win_in(7).plies_to_end(), Some(7));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score(i32);

/// A win in 0 plies; wins in `n` plies score `WIN - n`.
const WIN: i32 = 1_000_000;
/// Scores this close to [`WIN`] are wins and losses.
const WIN_BAND: i32 = 10_000;
/// Beyond every score.
const INFINITY: i32 = WIN + 1;

impl Score {
    /// A score of `centiseeds` hundredths of a seed, kept within
    /// ±[`Score::MAX_CENTISEEDS`] so it never reads as a forced result.
    #[must_use]
    pub const fn from_centiseeds(centiseeds: i32) -> Score {
        let max = Score::MAX_CENTISEEDS;
        Score(if centiseeds > max {
            max
        } else if centiseeds < -max {
            -max
        } else {
            centiseeds
        })
    }

    /// The largest score in hundredths of a seed that is not a forced
    /// result.
    pub const MAX_CENTISEEDS: i32 = WIN - WIN_BAND - 1;

    /// A forced win for the side to move in `plies` plies (at most
    /// 9 999: longer distances are taken as 9 999).
    #[must_use]
    pub const fn win_in(plies: u16) -> Score {
        Score(WIN - clamp_plies(plies))
    }

    /// A forced loss for the side to move in `plies` plies (at most 9 999).
    #[must_use]
    pub const fn loss_in(plies: u16) -> Score {
        Score(-WIN + clamp_plies(plies))
    }

    /// A draw the search has seen to the end of the game, or an even position.
    pub const DRAW: Score = Score(0);

    /// The score in hundredths of a seed; `None` for a forced win or loss.
    #[must_use]
    pub const fn centiseeds(self) -> Option<i32> {
        if self.is_win() || self.is_loss() {
            None
        } else {
            Some(self.0)
        }
    }

    /// The score in seeds; `None` for a forced win or loss.
    #[must_use]
    pub fn seeds(self) -> Option<f64> {
        self.centiseeds().map(|c| f64::from(c) / 100.0)
    }

    /// Whether the side to move wins by force.
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 > WIN - WIN_BAND
    }

    /// Whether the side to move loses by force.
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 < -WIN + WIN_BAND
    }

    /// The plies to the end of a forced win or loss.
    #[must_use]
    pub const fn plies_to_end(self) -> Option<u16> {
        if self.is_win() {
            Some((WIN - self.0) as u16)
        } else if self.is_loss() {
            Some((self.0 + WIN) as u16)
        } else {
            None
        }
    }

    /// The raw value, for ordering and sums.
    #[must_use]
    pub const fn raw(self) -> i32 {
        self.0
    }
}

impl core::ops::Neg for Score {
    type Output = Score;

    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl core::fmt::Display for Score {
    /// `+3.50` (seeds), `win in 7`, `loss in 4` (plies).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match (self.plies_to_end(), self.is_win()) {
            (Some(n), true) => write!(f, "win in {n}"),
            (Some(n), false) => write!(f, "loss in {n}"),
            (None, _) => write!(f, "{:+.2}", f64::from(self.0) / 100.0),
        }
    }
}

/// When a search stops. Every limit set applies; with none, the search
/// goes to [`SearchLimits::MAX_DEPTH`].
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchLimits {
    /// The deepest iteration, in plies (an extra turn counts as a ply);
    /// 0 is taken as 1 and more than [`SearchLimits::MAX_DEPTH`] as that.
    pub depth: Option<u8>,
    /// The most positions to visit (the search stops on the one that
    /// reaches the limit, and keeps the last iteration it completed).
    /// Deterministic.
    pub nodes: Option<u64>,
    /// The most wall-clock time, in milliseconds. Not deterministic.
    pub time_ms: Option<u64>,
}

impl SearchLimits {
    /// The deepest a search goes.
    pub const MAX_DEPTH: u8 = 64;

    /// Search to `depth` plies.
    #[must_use]
    pub const fn depth(depth: u8) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            nodes: None,
            time_ms: None,
        }
    }

    /// Search until `nodes` positions have been visited.
    #[must_use]
    pub const fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            depth: None,
            nodes: Some(nodes),
            time_ms: None,
        }
    }

    /// Search for `ms` milliseconds of wall-clock time.
    #[must_use]
    pub const fn time_ms(ms: u64) -> SearchLimits {
        SearchLimits {
            depth: None,
            nodes: None,
            time_ms: Some(ms),
        }
    }
}

/// What a search found.
#[derive(Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchResult {
    /// The best move; `None` when the game is over.
    pub best_move: Option<Move>,
    /// Its score, from the side to move's view.
    pub score: Score,
    /// The last iteration completed, in plies.
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation: the best line, starting with `best_move`.
    pub pv: Vec<Move>,
}

/// One legal move and its score, from an analysis.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveScore {
    /// The move.
    pub m: Move,
    /// Its score, from the view of the side that plays it.
    pub score: Score,
}

/// The engine: owns a transposition table and the search state. Reuse one
/// searcher for a game: the table carries knowledge from move to move.
/// (Results of depth- and node-limited searches then depend on what was
/// searched before; use a fresh searcher, or [`Searcher::clear`], for
/// results that depend on the position alone.)
#[derive(Debug)]
pub struct Searcher {
    table: Table,
    eval: Evaluation,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    stop: StopHandle,
    /// The ruleset of the table's entries.
    ruleset: Option<crate::Ruleset>,
    /// The positions before the current one, game and search path: their
    /// hashes and store totals. Stores only grow, so the trailing entries
    /// with the current total are the positions since the last capture.
    path: Vec<(u64, u16)>,
    /// The game's plies before the search started.
    ply_before: usize,
    /// `lines[ply]`: the best line found from the node at `ply` (the
    /// triangular principal-variation table).
    lines: Vec<Vec<Move>>,
    /// An endgame database whose exact values end lines below the root.
    endgame: Option<Arc<Database>>,
}

impl Searcher {
    /// A searcher with a transposition table of `entries` entries (rounded
    /// up to a power of two, at most [`MAX_TABLE_ENTRIES`]; 16 bytes each,
    /// so `1 << 20` entries take 16 MiB) and the default evaluation.
    #[must_use]
    pub fn new(entries: usize) -> Searcher {
        Searcher::with_evaluation(entries, Evaluation::default())
    }

    /// A searcher with a given evaluation.
    #[must_use]
    pub fn with_evaluation(entries: usize, eval: Evaluation) -> Searcher {
        Searcher {
            table: Table::new(entries),
            eval,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            stop: StopHandle::default(),
            ruleset: None,
            path: Vec::new(),
            ply_before: 0,
            lines: Vec::new(),
            endgame: None,
        }
    }

    /// Uses `db` (or none) for positions below the root: where it holds an
    /// exact value for the position's ruleset (same moves and captures, and
    /// the convention of the ruleset's cycle rule,
    /// [`Convention::of`](crate::endgame::Convention::of)), the line ends
    /// there with the final difference of seeds it gives, in centiseeds.
    /// Clears the table, whose scores came without it.
    pub fn set_endgame(&mut self, db: Option<Arc<Database>>) {
        self.endgame = db;
        self.table.clear();
    }

    /// The exact score of `pos` from the endgame database, if it has one:
    /// the stores' difference plus the value still to be won, in
    /// centiseeds.
    fn endgame_score(&self, pos: &Position) -> Option<i32> {
        let db = self.endgame.as_deref()?;
        if Convention::of(pos.ruleset()) != db.convention() {
            return None;
        }
        let value = db.value(pos).ok()?.exact()?;
        let own = i32::from(pos.board().store(pos.turn()));
        let other = i32::from(pos.board().store(!pos.turn()));
        Some(100 * (own - other + i32::from(value)))
    }

    /// A handle that stops this searcher's searches from another thread.
    /// A stop lasts for the search it interrupts (or the next one, if no
    /// search is running); every search after that starts afresh.
    #[must_use]
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Forgets everything searched so far.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches the current position of `game` (with its history) within
    /// `limits`.
    pub fn search(&mut self, game: &Game, limits: SearchLimits) -> SearchResult {
        self.search_with(game, limits, |_| {})
    }

    /// As [`Searcher::search`], calling `on_iteration` with the result of
    /// each iteration of the deepening as it completes (depth 1, 2, …):
    /// what an engine protocol reports as `info` lines. The last call has
    /// the result that is returned, but for its node count, which the
    /// returned result gives for the whole search.
    ///
    /// ```
    /// use oware::search::{SearchLimits, Searcher};
    /// use oware::Game;
    /// let mut depths = Vec::new();
    /// let result = Searcher::new(1 << 16).search_with(&Game::default(), SearchLimits::depth(5), |r| depths.push(r.depth));
    /// assert_eq!(depths, [1, 2, 3, 4, 5]);
    /// assert_eq!(result.depth, 5);
    /// ```
    pub fn search_with(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        mut on_iteration: impl FnMut(&SearchResult),
    ) -> SearchResult {
        self.start(game, limits);
        let pos = *game.position();
        let moves = game.legal_moves();
        let mut result = SearchResult {
            best_move: moves.first().copied(),
            score: Score::DRAW,
            depth: 0,
            nodes: 0,
            pv: moves.first().copied().into_iter().collect(),
        };
        if moves.is_empty() {
            result.score = game
                .outcome()
                .map_or(Score::DRAW, |o| Score(terminal_score(&pos, o, 0)));
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(SearchLimits::MAX_DEPTH)
            .clamp(1, SearchLimits::MAX_DEPTH);
        let mut previous = 0;
        for depth in 1..=max_depth {
            if depth > 1 && self.stop.is_stopped() {
                break;
            }
            let Some((best, score, pv)) = self.root_iteration(&pos, depth, previous) else {
                break;
            };
            previous = score;
            result.best_move = Some(best);
            result.score = Score(score);
            result.depth = depth;
            result.pv = pv;
            result.nodes = self.nodes;
            on_iteration(&result);
            if Score(score)
                .plies_to_end()
                .is_some_and(|n| n <= u16::from(depth))
            {
                break; // the end of the game is in sight: deeper adds nothing
            }
        }
        result.nodes = self.nodes;
        self.stop.0.store(false, Ordering::Relaxed);
        result
    }

    /// Scores every legal move of the current position of `game` within
    /// `limits` (each move searched with a full window), best first. Every
    /// legal move gets a score: if a limit stops even the first iteration,
    /// each is scored by the position it leads to.
    pub fn analyse(&mut self, game: &Game, limits: SearchLimits) -> Vec<MoveScore> {
        self.start(game, limits);
        let pos = *game.position();
        let mut scores: Vec<MoveScore> = Vec::new();
        let max_depth = limits
            .depth
            .unwrap_or(SearchLimits::MAX_DEPTH)
            .clamp(1, SearchLimits::MAX_DEPTH);
        for depth in 1..=max_depth {
            let mut iteration = Vec::new();
            for &m in &game.legal_moves() {
                let Some(score) = self.child_score(&pos, m, depth, -INFINITY, INFINITY) else {
                    break;
                };
                iteration.push(MoveScore {
                    m,
                    score: Score(score),
                });
            }
            if self.stopped || iteration.len() < game.legal_moves().len() {
                break;
            }
            iteration.sort_by_key(|s| core::cmp::Reverse(s.score));
            scores = iteration;
            if self.stop.is_stopped() {
                break;
            }
        }
        self.stop.0.store(false, Ordering::Relaxed);
        if scores.is_empty() {
            // A limit stopped even the first iteration: score each move by
            // the position it leads to, so every legal move has a score.
            scores = game
                .legal_moves()
                .iter()
                .map(|&m| MoveScore {
                    m,
                    score: Score(self.one_ply_score(&pos, m)),
                })
                .collect();
            scores.sort_by_key(|s| core::cmp::Reverse(s.score));
        }
        scores
    }

    /// The score of `m` one ply deep, from the mover's view, without
    /// counting positions or checking limits.
    fn one_ply_score(&self, pos: &Position, m: Move) -> i32 {
        let mut child = *pos;
        child.play_unchecked(m);
        let score = self
            .end_by_rules(&child, zobrist::hash(&child), 1)
            .unwrap_or_else(|| self.eval.evaluate(&child));
        if child.turn() == pos.turn() {
            score
        } else {
            -score
        }
    }

    /// Prepares the per-search state.
    fn start(&mut self, game: &Game, limits: SearchLimits) {
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits
            .time_ms
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        self.stopped = false;
        if self.ruleset != Some(*game.ruleset()) {
            // Table entries are keyed by the board alone: another ruleset
            // gives the same boards other values.
            self.table.clear();
            self.ruleset = Some(*game.ruleset());
        }
        self.ply_before = game.ply();
        self.lines = vec![Vec::new(); usize::from(SearchLimits::MAX_DEPTH) + 2];
        let positions = game.positions_since_capture();
        self.path = positions
            .iter()
            .map(|p| (zobrist::hash(p), store_total(p)))
            .collect();
    }

    /// One iteration at the root: the best move and its score, or `None`
    /// if a limit stopped the search before the first move was scored.
    fn root_iteration(
        &mut self,
        pos: &Position,
        depth: u8,
        previous: i32,
    ) -> Option<(Move, i32, Vec<Move>)> {
        // Aspiration window around the last iteration's score.
        let window = 50;
        let (mut alpha, mut beta) = if depth > 2 && previous.abs() < WIN_BAND {
            (previous - window, previous + window)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let (best, score, pv) = self.root_search(pos, depth, alpha, beta)?;
            if score <= alpha && alpha > -INFINITY {
                alpha = -INFINITY;
            } else if score >= beta && beta < INFINITY {
                beta = INFINITY;
            } else {
                return Some((best, score, pv));
            }
        }
    }

    fn root_search(
        &mut self,
        pos: &Position,
        depth: u8,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(Move, i32, Vec<Move>)> {
        let mut best: Option<(Move, i32)> = None;
        let mut pv = Vec::new();
        for (i, &m) in self.ordered_moves(pos).iter().enumerate() {
            let score = if i == 0 {
                self.child_score(pos, m, depth, alpha, beta)?
            } else {
                let probe = self.child_score(pos, m, depth, alpha, alpha + 1)?;
                if probe > alpha && probe < beta {
                    self.child_score(pos, m, depth, alpha, beta)?
                } else {
                    probe
                }
            };
            if self.stopped {
                break;
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((m, score));
                pv = core::iter::once(m)
                    .chain(self.lines[1].iter().copied())
                    .collect();
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if self.stopped && best.is_none() {
            return None;
        }
        if let Some((m, score)) = best {
            let bound = if score >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table
                .store(zobrist::hash(pos), depth, score, bound, Some(m), 0);
        }
        best.filter(|_| !self.stopped)
            .map(|(m, score)| (m, score, pv))
    }

    /// The score of `m` in `pos` searched to `depth` (the move included),
    /// from the mover's view; `None` if a limit stopped the search.
    fn child_score(
        &mut self,
        pos: &Position,
        m: Move,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let mut child = *pos;
        child.play_unchecked(m);
        let same_side = child.turn() == pos.turn();
        let score = if same_side {
            self.negamax(&child, depth - 1, alpha, beta, 1)
        } else {
            -self.negamax(&child, depth - 1, -beta, -alpha, 1)
        };
        (!self.stopped).then_some(score)
    }

    /// Negamax with alpha-beta and principal-variation search; `ply` is
    /// the distance from the root.
    fn negamax(&mut self, pos: &Position, depth: u8, mut alpha: i32, beta: i32, ply: u16) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            self.check_limits();
        }
        if self.stopped {
            return 0;
        }
        self.lines[usize::from(ply)].clear();
        let key = zobrist::hash(pos);
        if let Some(score) = self.end_by_rules(pos, key, ply) {
            return score;
        }
        if let Some(score) = self.endgame_score(pos) {
            return score;
        }
        if depth == 0 {
            return self.eval.evaluate(pos);
        }
        let mut tt_move = None;
        if let Some(entry) = self.table.probe(key) {
            tt_move = entry.best_move(pos);
            if entry.depth >= depth {
                let score = entry.score(ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        self.path.push((key, store_total(pos)));
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let children = Children::ordered(pos, tt_move);
        for (i, &(_, m, child)) in children.as_slice().iter().enumerate() {
            let same_side = child.turn() == pos.turn();
            let search = |s: &mut Searcher, a: i32, b: i32| {
                if same_side {
                    s.negamax(&child, depth - 1, a, b, ply + 1)
                } else {
                    -s.negamax(&child, depth - 1, -b, -a, ply + 1)
                }
            };
            let score = if i == 0 {
                search(self, alpha, beta)
            } else {
                let probe = search(self, alpha, alpha + 1);
                if probe > alpha && probe < beta {
                    search(self, alpha, beta)
                } else {
                    probe
                }
            };
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
                self.extend_line(ply, m);
            }
            if alpha >= beta {
                break;
            }
        }
        self.path.pop();
        if self.stopped {
            return 0;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score <= original_alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.table
            .store(key, depth, best_score, bound, best_move, ply);
        best_score
    }

    /// The score of a position where the game ends, by the position's own
    /// rules or by the history rules (repetition on the path, the
    /// no-capture and ply limits); `None` while it goes on.
    fn end_by_rules(&self, pos: &Position, key: u64, ply: u16) -> Option<i32> {
        if let Some(outcome) = pos.outcome() {
            return Some(terminal_score(pos, outcome, ply));
        }
        let cycle = pos.ruleset().cycle();
        let total = store_total(pos);
        let since_capture = self.path.iter().rev().take_while(|&&(_, t)| t == total);
        // This position's occurrences, counting now (Abapa R11: the third ends it).
        let seen = 1 + since_capture.clone().filter(|&&(h, _)| h == key).count();
        let repeated = cycle.occurrences.is_some_and(|n| seen >= usize::from(n));
        let quiet_plies = since_capture.count();
        let no_capture = cycle
            .no_capture_plies
            .is_some_and(|n| quiet_plies >= usize::from(n));
        let plies = self.ply_before + usize::from(ply);
        let too_long = cycle.max_plies.is_some_and(|n| plies >= usize::from(n));
        (repeated || no_capture || too_long).then(|| {
            let outcome = Game::split(pos, crate::Termination::Cycle);
            terminal_score(pos, outcome, ply)
        })
    }

    fn check_limits(&mut self) {
        if self.deadline.is_some_and(|d| Instant::now() >= d) || self.stop.is_stopped() {
            self.stopped = true;
        }
    }

    /// The legal moves, best first ([`Children::ordered`], with the
    /// table's move for `pos`).
    fn ordered_moves(&self, pos: &Position) -> MoveList {
        let tt_move = self
            .table
            .probe(zobrist::hash(pos))
            .and_then(|e| e.best_move(pos));
        let mut moves = MoveList::new();
        for &(_, m, _) in Children::ordered(pos, tt_move).as_slice() {
            moves.push(m);
        }
        moves
    }

    /// Sets the line at `ply` to `m` followed by the line below it.
    fn extend_line(&mut self, ply: u16, m: Move) {
        let (above, below) = self.lines.split_at_mut(usize::from(ply) + 1);
        let line = &mut above[usize::from(ply)];
        line.clear();
        line.push(m);
        line.extend_from_slice(&below[0]);
    }
}

/// The legal moves of a position with the positions they lead to, best
/// first by a cheap guess: the table's move, then the seeds each move puts
/// in the mover's store (ties in house order). Kept inline: the search
/// makes one of these at every node and plays each move once.
struct Children {
    items: [(i32, Move, Position); crate::MAX_HOUSES],
    len: usize,
}

impl Children {
    fn ordered(pos: &Position, tt_move: Option<Move>) -> Children {
        let moves = pos.legal_moves();
        let mover = pos.turn();
        let mut children = Children {
            items: [(0, Move::new(mover, crate::House(0)), *pos); crate::MAX_HOUSES],
            len: moves.len(),
        };
        for (slot, &m) in children.items.iter_mut().zip(moves.iter()) {
            let mut child = *pos;
            child.play_unchecked(m);
            let gain = i32::from(child.board().store(mover)) - i32::from(pos.board().store(mover));
            let first = if Some(m) == tt_move { 1_000 } else { 0 };
            *slot = (first + gain, m, child);
        }
        children.items[..children.len]
            .sort_unstable_by_key(|&(key, m, _)| (core::cmp::Reverse(key), m.house()));
        children
    }

    fn as_slice(&self) -> &[(i32, Move, Position)] {
        &self.items[..self.len]
    }
}

/// A forced result's distance, below [`WIN_BAND`].
const fn clamp_plies(plies: u16) -> i32 {
    let plies = plies as i32;
    if plies >= WIN_BAND {
        WIN_BAND - 1
    } else {
        plies
    }
}

/// The seeds in both stores: it only grows, and a capture changes it.
fn store_total(pos: &Position) -> u16 {
    let stores = pos.board().stores();
    u16::from(stores.south) + u16::from(stores.north)
}

/// The score of a finished game from the view of the side to move at
/// `pos`, `ply` plies from the root.
fn terminal_score(pos: &Position, outcome: crate::Outcome, ply: u16) -> i32 {
    match outcome.winner {
        Some(side) if side == pos.turn() => WIN - i32::from(ply),
        Some(_) => -WIN + i32::from(ply),
        None => 0,
    }
}
