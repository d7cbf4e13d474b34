//! The engine: iterative-deepening principal-variation search for every
//! ruleset, with a lock-free transposition table shared by its threads
//! (Lazy SMP), late-move reductions of quiet moves, a ply less where the
//! table has no move (internal iterative reduction), a capture search at
//! the horizon, and time management for a budget a move.
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
//!   limits end lines too. A score a history rule gave by looking above a
//!   node is kept out of the table (only its move is kept), and a position
//!   already on the path takes no score from the table, so a forced result
//!   is not lost or invented by a table entry of another path (tested
//!   against an exhaustive search over games on small boards).
//! - **Limits** ([`SearchLimits`]): depth, nodes and wall-clock time, in any
//!   combination; with none, [`SearchLimits::DEFAULT`] (8 plies or
//!   1 000 000 positions, the default of the Python and C bindings too).
//!   With depth and node limits the same searcher state gives
//!   the same result every time (a fresh or [cleared](Searcher::clear)
//!   searcher on one thread: a reused one also draws on what it searched
//!   before); a time limit, or more than one thread, does not (it depends
//!   on the machine's speed and load).
//! - **Time and threads.** A time limit is kept by the searcher's
//!   [`Clock`]: the system's (`std::time::Instant`) where the target has
//!   one, or one the embedder gives with [`Searcher::set_clock`] (on
//!   `wasm32-unknown-unknown`, which has none, e.g. a browser's
//!   `performance.now`). Without a clock a time limit is a node budget,
//!   [`NODES_PER_MS_WITHOUT_CLOCK`] positions a millisecond, so the search
//!   neither traps nor runs for ever. [`Searcher::set_threads`] starts
//!   helper threads (`std::thread`); where none starts, the calling thread
//!   searches alone, as on one thread. A [`StopHandle`] stops a search on
//!   any host; from another thread where there are threads.

mod auto;
mod book;
mod clock;
mod eval;
mod hint;
mod levels;
mod matches;
mod tt;
mod worker;
pub(crate) mod zobrist;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub use auto::{
    AUTO_ENDGAME_SEEDS, AutoEndgameSeeds, CACHED_ENDGAME_SEEDS, ENDGAME_CACHE_VAR,
    ENDGAME_SEEDS_VAR, auto_endgame, auto_endgame_seeds, endgame_cache_dir, endgame_cache_off,
};
pub use book::{Book, BookEntry, ParseBookError};
pub use clock::Clock;
pub use eval::{EvalTerms, Evaluation};
pub use hint::{Hint, Judgement};
pub use levels::{Level, NoBookError, ParseLevelError, Player, Rng};
pub use matches::{MatchResult, play_match, play_match_with_stop};

use crate::endgame::Database;
use crate::{Game, Move, Position, StopHandle};
use clock::Budget;
use tt::Table;
use worker::{RootResult, Shared, Worker, is_forced, terminal_score};

/// The largest transposition table a [`Searcher`] allocates: 2^26 entries
/// of 16 bytes (1 GiB). Larger requests are capped, so an absurd size does
/// not abort the process on a failed allocation.
pub const MAX_TABLE_ENTRIES: usize = 1 << 26;

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

    /// The score whose [`raw`](Score::raw) value is `raw`, as a binding
    /// reads one back from storage (Python's pickles); `None` for a value
    /// no score has (past ±[`Score::MAX_CENTISEEDS`] and not a forced
    /// result within 9 999 plies).
    ///
    /// ```
    /// use oware::search::Score;
    /// for score in [Score::from_centiseeds(-350), Score::win_in(7), Score::loss_in(0)] {
    ///     assert_eq!(Score::from_raw(score.raw()), Some(score));
    /// }
    /// assert_eq!(Score::from_raw(Score::MAX_CENTISEEDS + 1), None);
    /// assert_eq!(Score::from_raw(i32::MIN), None);
    /// ```
    #[must_use]
    pub const fn from_raw(raw: i32) -> Option<Score> {
        let size = raw.unsigned_abs();
        let centiseeds = size <= Score::MAX_CENTISEEDS as u32;
        let forced = size > (WIN - WIN_BAND) as u32 && size <= WIN as u32;
        if centiseeds || forced {
            Some(Score(raw))
        } else {
            None
        }
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

/// When a search stops. Every limit set applies; with none set
/// ([`SearchLimits::default()`]) the search stops by
/// [`SearchLimits::DEFAULT`] (8 plies or 1 000 000 positions), the one
/// default of Rust, Python and C.
///
/// [`SearchLimits::check`] refuses the values that are no limit: a depth
/// of 0 or over [`SearchLimits::MAX_DEPTH`], and a node or time budget of
/// 0. [`Searcher::search`] takes them as it can (a depth of 0 as 1, over
/// the most as the most; a budget of 0 stops at once, after the first
/// iteration at most).
///
/// ```
/// use oware::search::{SearchLimits, SearchLimitsError, Searcher};
/// use oware::Game;
/// let result = Searcher::new(1 << 16).search(&Game::default(), SearchLimits::default());
/// assert_eq!(result.depth, SearchLimits::DEFAULT_DEPTH);
/// assert!(result.nodes <= SearchLimits::DEFAULT_NODES);
/// assert_eq!(SearchLimits::time_ms(0).check(), Err(SearchLimitsError::ZeroTime));
/// assert_eq!(
///     SearchLimits::time_ms(0).check().unwrap_err().to_string(),
///     "time_ms must be 1 to 2**64 - 1, not 0"
/// );
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SearchLimits {
    /// The deepest iteration, in plies (an extra turn counts as a ply), 1
    /// to [`SearchLimits::MAX_DEPTH`]. [`Searcher::search`] takes 0 as 1
    /// and more than the most as that; [`SearchLimits::check`] refuses
    /// them. With no limit set at all, [`SearchLimits::DEFAULT`].
    pub depth: Option<u8>,
    /// The most positions to visit (the search stops on the one that
    /// reaches the limit, and keeps the last iteration it completed).
    /// Deterministic. [`SearchLimits::check`] refuses 0.
    pub nodes: Option<u64>,
    /// The most wall-clock time, in milliseconds, on the searcher's
    /// [`Clock`]. Not deterministic. Without a clock
    /// ([`Searcher::set_clock`]) it is a node budget of
    /// [`NODES_PER_MS_WITHOUT_CLOCK`] positions a millisecond, which is.
    /// [`SearchLimits::check`] refuses 0.
    pub time_ms: Option<u64>,
}

impl SearchLimits {
    /// The deepest a search goes.
    pub const MAX_DEPTH: u8 = 64;

    /// The depth of a search given no limit: 8 plies
    /// ([`SearchLimits::DEFAULT`]).
    pub const DEFAULT_DEPTH: u8 = 8;

    /// The most positions a search given no limit visits: 1 000 000
    /// ([`SearchLimits::DEFAULT`]).
    pub const DEFAULT_NODES: u64 = 1_000_000;

    /// What a search given no limit (all three `None`, as
    /// [`SearchLimits::default()`]) stops by: 8 plies
    /// ([`SearchLimits::DEFAULT_DEPTH`]) or 1 000 000 positions
    /// ([`SearchLimits::DEFAULT_NODES`]), whichever comes first. The one
    /// default of Rust, Python (a search without `depth`, `nodes` or
    /// `time_ms`) and C (an `oware_search_limits` of zeros).
    ///
    /// Why: 8 plies is [`Level::Four`]'s depth, the strongest level whose
    /// moves do not depend on the machine, and a search to it is quick: a
    /// few thousand positions from the Oware start, 10 000 from Kalah's,
    /// about 190 000 from Congkak's (whose extra turns make its trees the
    /// widest). The node budget, [`Level::reproducible_limits`]' 1 000 000
    /// of level 5 ([`NODES_PER_MS_WITHOUT_CLOCK`] for its second), bounds
    /// the rest: one core of a 2020s machine searches it in well under a
    /// second, so a search without a limit ends on any position, where one
    /// to [`SearchLimits::MAX_DEPTH`] (the default before) ran for minutes.
    /// Both limits are deterministic. A caller who wants more sets a limit.
    pub const DEFAULT: SearchLimits = SearchLimits {
        depth: Some(SearchLimits::DEFAULT_DEPTH),
        nodes: Some(SearchLimits::DEFAULT_NODES),
        time_ms: None,
    };

    /// Whether no limit is set: a search then stops by
    /// [`SearchLimits::DEFAULT`].
    #[must_use]
    pub const fn is_unset(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.time_ms.is_none()
    }

    /// The limits as given if every one set is a limit, else why not: a
    /// depth of 0 or over [`SearchLimits::MAX_DEPTH`], or a node or time
    /// budget of 0 (a budget of nothing, not "no limit": leave the field
    /// `None` for that). No limit set at all is fine: it means
    /// [`SearchLimits::DEFAULT`]. The bindings refuse the same values
    /// with these messages: Python's `ValueError`, and C's
    /// `OWARE_RESULT_INVALID_ARGUMENT` with `oware_search_limits_check`
    /// for a depth over 64 (in C a zero is no limit, so a zero budget
    /// cannot be asked for).
    ///
    /// # Errors
    ///
    /// [`SearchLimitsError`] for the first limit out of range (depth,
    /// nodes, time).
    ///
    /// ```
    /// use oware::search::{SearchLimits, SearchLimitsError};
    /// assert_eq!(SearchLimits::depth(6).check(), Ok(SearchLimits::depth(6)));
    /// assert_eq!(SearchLimits::default().check(), Ok(SearchLimits::default()));
    /// assert_eq!(SearchLimits::depth(0).check(), Err(SearchLimitsError::Depth(0)));
    /// assert_eq!(SearchLimits::nodes(0).check(), Err(SearchLimitsError::ZeroNodes));
    /// assert_eq!(
    ///     SearchLimits::depth(65).check().unwrap_err().to_string(),
    ///     "depth must be 1 to 64, not 65"
    /// );
    /// ```
    pub const fn check(self) -> Result<SearchLimits, SearchLimitsError> {
        if let Some(depth) = self.depth
            && (depth == 0 || depth > SearchLimits::MAX_DEPTH)
        {
            return Err(SearchLimitsError::Depth(depth as u32));
        }
        if let Some(0) = self.nodes {
            return Err(SearchLimitsError::ZeroNodes);
        }
        if let Some(0) = self.time_ms {
            return Err(SearchLimitsError::ZeroTime);
        }
        Ok(self)
    }

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

    /// Search for `ms` milliseconds of wall-clock time (on a host without
    /// a clock, see [`SearchLimits::time_ms`](SearchLimits#structfield.time_ms)).
    #[must_use]
    pub const fn time_ms(ms: u64) -> SearchLimits {
        SearchLimits {
            depth: None,
            nodes: None,
            time_ms: Some(ms),
        }
    }
}

/// Error when a search limit is no limit ([`SearchLimits::check`]). Its
/// message names the limit as the bindings do (Python's keyword, C's
/// field) and the value, e.g. `depth must be 1 to 64, not 0`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchLimitsError {
    /// A depth of 0 or over [`SearchLimits::MAX_DEPTH`] (a `u32`, as C
    /// passes it).
    Depth(u32),
    /// A node budget of 0.
    ZeroNodes,
    /// A time budget of 0 ms.
    ZeroTime,
    /// A node budget a move outside a [`Player`]'s range, 1 to
    /// [`Player::MAX_NODES`] ([`Player::check_limits`]).
    PlayerNodes(u64),
    /// A time budget a move outside a [`Player`]'s range, 1 to
    /// [`Player::MAX_TIME_MS`] ms ([`Player::check_limits`]).
    PlayerTime(u64),
}

impl core::fmt::Display for SearchLimitsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // The budgets' top is written as Python's messages write 2^64 - 1.
        match self {
            SearchLimitsError::Depth(depth) => write!(
                f,
                "depth must be 1 to {}, not {depth}",
                SearchLimits::MAX_DEPTH
            ),
            SearchLimitsError::ZeroNodes => f.write_str("nodes must be 1 to 2**64 - 1, not 0"),
            SearchLimitsError::ZeroTime => f.write_str("time_ms must be 1 to 2**64 - 1, not 0"),
            SearchLimitsError::PlayerNodes(nodes) => {
                write!(f, "nodes must be 1 to {}, not {nodes}", Player::MAX_NODES)
            }
            SearchLimitsError::PlayerTime(ms) => {
                write!(f, "time_ms must be 1 to {}, not {ms}", Player::MAX_TIME_MS)
            }
        }
    }
}

impl core::error::Error for SearchLimitsError {}

/// Error when a transposition table of 0 entries or more than
/// [`MAX_TABLE_ENTRIES`] is asked for ([`Searcher::try_new`]; Python's
/// `Searcher(tt_entries)` and C's `oware_searcher_new` refuse the same
/// sizes with this message), e.g. `tt_entries must be 1 to 67108864, not 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableSizeError {
    /// The size asked for, in entries.
    pub entries: usize,
}

impl core::fmt::Display for TableSizeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "tt_entries must be 1 to {MAX_TABLE_ENTRIES}, not {}",
            self.entries
        )
    }
}

impl core::error::Error for TableSizeError {}

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

/// The engine: owns a transposition table and the search settings. Reuse
/// one searcher for a game: the table carries knowledge from move to move.
/// (Results of depth- and node-limited searches then depend on what was
/// searched before; use a fresh searcher, or [`Searcher::clear`], for
/// results that depend on the position alone.)
///
/// A searcher searches on one thread unless [`Searcher::set_threads`] gives
/// it more: then searches without a node limit run that many threads over
/// the shared table (Lazy SMP), and their results depend on timing.
#[derive(Debug)]
pub struct Searcher {
    table: Table,
    eval: Evaluation,
    stop: StopHandle,
    /// Whether `stop` is the searcher's own (reset after each search), not
    /// one given by [`Searcher::set_stop`].
    own_stop: bool,
    /// The ruleset of the table's entries.
    ruleset: Option<crate::Ruleset>,
    /// An endgame database whose values end or bound lines below the root.
    endgame: Option<Arc<Database>>,
    threads: usize,
    /// The seed of the order of equally ranked root moves, if any.
    root_seed: Option<u64>,
    /// The clock time limits are kept by; `None`: they are node budgets.
    clock: Option<Clock>,
}

/// The most threads a [`Searcher`] runs.
pub const MAX_THREADS: usize = 64;

/// The positions a millisecond of a time limit allows a search without a
/// clock ([`Searcher::set_clock`]): 1 000, so that level 5's second a move
/// is [`Level::reproducible_limits`]' 1 000 000 positions, which one core
/// of a 2020s machine searches in 0.2–0.4 s natively and in about 0.6 s as
/// WebAssembly under Node: a host without a clock stays within the time.
pub const NODES_PER_MS_WITHOUT_CLOCK: u64 = 1_000;

impl Searcher {
    /// A searcher with a transposition table of `entries` entries (rounded
    /// up to a power of two, at most [`MAX_TABLE_ENTRIES`]; 16 bytes each,
    /// so `1 << 20` entries take 16 MiB) and the default evaluation, on one
    /// thread. A size under one bucket of 4 entries (0 included) is taken
    /// as one bucket, and one over the most as the most;
    /// [`Searcher::try_new`] refuses 0 and over the most instead.
    #[must_use]
    pub fn new(entries: usize) -> Searcher {
        Searcher::with_evaluation(entries, Evaluation::default())
    }

    /// As [`Searcher::new`], but refuses a table of 0 entries or more
    /// than [`MAX_TABLE_ENTRIES`], as Python's `Searcher(tt_entries)` and
    /// C's `oware_searcher_new` do.
    ///
    /// # Errors
    ///
    /// [`TableSizeError`] when `tt_entries` is 0 or over
    /// [`MAX_TABLE_ENTRIES`].
    ///
    /// ```
    /// use oware::search::{Searcher, TableSizeError};
    /// assert!(Searcher::try_new(1 << 16).is_ok());
    /// let e = Searcher::try_new(0).unwrap_err();
    /// assert_eq!(e, TableSizeError { entries: 0 });
    /// assert_eq!(e.to_string(), "tt_entries must be 1 to 67108864, not 0");
    /// ```
    pub fn try_new(tt_entries: usize) -> Result<Searcher, TableSizeError> {
        Searcher::check_entries(tt_entries).map(Searcher::new)
    }

    /// The size as given if [`Searcher::try_new`] takes it (1 to
    /// [`MAX_TABLE_ENTRIES`]), without allocating a table.
    ///
    /// # Errors
    ///
    /// [`TableSizeError`] when `tt_entries` is 0 or over
    /// [`MAX_TABLE_ENTRIES`].
    pub const fn check_entries(tt_entries: usize) -> Result<usize, TableSizeError> {
        if tt_entries >= 1 && tt_entries <= MAX_TABLE_ENTRIES {
            Ok(tt_entries)
        } else {
            Err(TableSizeError {
                entries: tt_entries,
            })
        }
    }

    /// A searcher with a given evaluation.
    #[must_use]
    pub fn with_evaluation(entries: usize, eval: Evaluation) -> Searcher {
        Searcher {
            table: Table::new(entries),
            eval,
            stop: StopHandle::new(),
            own_stop: true,
            ruleset: None,
            endgame: None,
            threads: 1,
            root_seed: None,
            clock: Clock::system(),
        }
    }

    /// Searches on `threads` threads (1 to [`MAX_THREADS`]; 0 is taken as
    /// 1, more as the most). Searches with a node limit always run on one
    /// thread, so that they stay deterministic. A helper thread that
    /// cannot be started (a host without threads) is left out: the search
    /// runs on the threads that start, the calling thread at least.
    ///
    /// ```
    /// use oware::search::{SearchLimits, Searcher};
    /// use oware::Game;
    /// let mut searcher = Searcher::new(1 << 16);
    /// searcher.set_threads(2);
    /// assert_eq!(searcher.threads(), 2);
    /// let result = searcher.search(&Game::default(), SearchLimits::depth(8));
    /// assert_eq!(result.depth, 8);
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Breaks ties between root moves by `seed`: of the moves whose
    /// scores are exactly the best, the search plays the one `seed` ranks
    /// first (with `None`, the default, the first it searched). A move the
    /// seed ranks above the best so far is searched with its window one
    /// centiseed lower, so that an equal score is found exactly; nothing
    /// else changes, so the move played scores as well as without a seed,
    /// and the search stays deterministic for a given seed under depth or
    /// node limits. [`Player::set_seeded_ties`] sets it from the player's seed.
    ///
    /// ```
    /// use oware::search::{SearchLimits, Searcher};
    /// use oware::{Game, Position};
    /// // North's c, d and e score the same at depth 8.
    /// let pos: Position = "4,0,0,7,6,6/0,1,6,6,6,6 n 0 0".parse()?;
    /// let best = |seed| {
    ///     let mut searcher = Searcher::new(1 << 16);
    ///     searcher.set_root_seed(Some(seed));
    ///     searcher.search(&Game::from(pos), SearchLimits::depth(8))
    /// };
    /// assert_eq!(best(7), best(7));
    /// let moves: std::collections::BTreeSet<String> =
    ///     (0..10).map(|seed| best(seed).best_move.unwrap().to_string()).collect();
    /// assert!(moves.len() > 1, "{moves:?}");
    /// assert!((0..10).all(|seed| best(seed).score == best(0).score));
    /// # Ok::<_, oware::ParsePositionError>(())
    /// ```
    pub fn set_root_seed(&mut self, seed: Option<u64>) {
        self.root_seed = seed;
    }

    /// Keeps time limits by `clock`, or, with `None`, makes each a node
    /// budget of [`NODES_PER_MS_WITHOUT_CLOCK`] positions a millisecond
    /// (or the node limit, if that is smaller): deterministic, on one
    /// thread, and never for ever. A searcher starts with
    /// [`Clock::system`], which is `None` on a target without a clock
    /// (`wasm32-unknown-unknown`): there an embedder gives its own,
    /// [`Clock::from_fn`], for searches that keep to the time.
    ///
    /// ```
    /// use oware::search::{NODES_PER_MS_WITHOUT_CLOCK, SearchLimits, Searcher};
    /// use oware::Game;
    /// let game = Game::default();
    /// let mut searcher = Searcher::new(1 << 16);
    /// searcher.set_clock(None);
    /// let timed = searcher.search(&game, SearchLimits::time_ms(5));
    /// assert_eq!(timed.nodes, 5 * NODES_PER_MS_WITHOUT_CLOCK);
    /// searcher.clear();
    /// assert_eq!(timed, searcher.search(&game, SearchLimits::nodes(5_000)));
    /// ```
    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    /// The clock time limits are kept by, if any ([`Searcher::set_clock`]).
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// `limits` as this searcher keeps them: none is
    /// [`SearchLimits::DEFAULT`]; without a clock, a time limit is a node
    /// budget.
    fn limits_on_clock(&self, limits: SearchLimits) -> SearchLimits {
        if limits.is_unset() {
            return SearchLimits::DEFAULT;
        }
        let Some(ms) = limits.time_ms.filter(|_| self.clock.is_none()) else {
            return limits;
        };
        let budget = ms.saturating_mul(NODES_PER_MS_WITHOUT_CLOCK);
        SearchLimits {
            nodes: Some(limits.nodes.map_or(budget, |n| n.min(budget))),
            ..limits
        }
    }

    /// The seed that breaks ties between root moves, if any
    /// ([`Searcher::set_root_seed`]).
    #[must_use]
    pub fn root_seed(&self) -> Option<u64> {
        self.root_seed
    }

    /// The threads a search without a node limit runs on.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Uses `db` (or none) for positions below the root that it holds for
    /// the position's ruleset (same moves and captures, and the convention
    /// of the ruleset's cycle rule,
    /// [`Convention::of`](crate::endgame::Convention::of)): where its value
    /// is exact, the line ends there with the final difference of seeds it
    /// gives, in centiseeds; where it gives only bounds (a position whose
    /// value a repetition can change), the line ends there when a bound
    /// settles the search's window, and otherwise the evaluation at the
    /// search's horizon is kept within them and drawn halfway to their
    /// middle (a line below that repeats a position can still score
    /// outside them: the bounds know no history).
    /// Clears the table, whose scores came without it.
    pub fn set_endgame(&mut self, db: Option<Arc<Database>>) {
        self.endgame = db;
        self.table.clear();
    }

    /// The endgame database the search uses, if any.
    #[must_use]
    pub fn endgame(&self) -> Option<&Arc<Database>> {
        self.endgame.as_ref()
    }

    /// A handle that stops this searcher's searches from another thread
    /// ("move now"): the search ends at its next check (every 1024
    /// positions) and returns the result of the last iteration it
    /// completed. With the searcher's own handle a stop lasts for the
    /// search it interrupts (or the next one, if no search is running):
    /// the searcher resets it when that search returns. After
    /// [`Searcher::set_stop`] this is the handle given there.
    ///
    /// ```
    /// use oware::search::{SearchLimits, Searcher};
    /// use oware::Game;
    /// let mut searcher = Searcher::new(1 << 16);
    /// let stop = searcher.stop_handle();
    /// stop.stop(); // before the search: it completes its first iteration only
    /// let result = searcher.search(&Game::default(), SearchLimits::depth(40));
    /// assert_eq!(result.depth, 1);
    /// assert!(!stop.is_stopped()); // used up by that search
    /// ```
    #[must_use]
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Makes `stop` (a clone of a handle the caller keeps) stop this
    /// searcher's searches, in place of its own handle: one flag can then
    /// stop a search and the work around it (a match, a game loop). The
    /// searcher never resets a handle given here: once set, it ends every
    /// search at its first iteration until its owner calls
    /// [`StopHandle::reset`].
    ///
    /// ```
    /// use oware::search::{SearchLimits, Searcher};
    /// use oware::{Game, StopHandle};
    /// let stop = StopHandle::new();
    /// let mut searcher = Searcher::new(1 << 16);
    /// searcher.set_stop(stop.clone());
    /// stop.stop();
    /// assert_eq!(searcher.search(&Game::default(), SearchLimits::depth(40)).depth, 1);
    /// assert!(stop.is_stopped()); // still set: the caller owns it
    /// stop.reset();
    /// assert_eq!(searcher.search(&Game::default(), SearchLimits::depth(3)).depth, 3);
    /// ```
    pub fn set_stop(&mut self, stop: StopHandle) {
        self.stop = stop;
        self.own_stop = false;
    }

    /// Resets the searcher's own stop flag at the end of a search.
    fn stop_used_up(&self) {
        if self.own_stop {
            self.stop.reset();
        }
    }

    /// Forgets everything searched so far.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Searches the current position of `game` (with its history) within
    /// `limits`; with none set ([`SearchLimits::default()`]), within
    /// [`SearchLimits::DEFAULT`]. The limits are not checked (a depth of 0
    /// is taken as 1, one over [`SearchLimits::MAX_DEPTH`] as the most):
    /// [`Searcher::try_search`] refuses what [`SearchLimits::check`] does.
    pub fn search(&mut self, game: &Game, limits: SearchLimits) -> SearchResult {
        self.search_with(game, limits, |_| {})
    }

    /// As [`Searcher::search`], but refuses limits that are no limit, as
    /// Python's `search` and C's `oware_searcher_search` do: a depth of 0
    /// or over [`SearchLimits::MAX_DEPTH`], a node or time budget of 0.
    ///
    /// # Errors
    ///
    /// [`SearchLimitsError`] from [`SearchLimits::check`]; nothing is
    /// searched then.
    ///
    /// ```
    /// use oware::search::{SearchLimits, SearchLimitsError, Searcher};
    /// use oware::Game;
    /// let mut searcher = Searcher::new(1 << 16);
    /// let game = Game::default();
    /// assert_eq!(searcher.try_search(&game, SearchLimits::depth(4))?.depth, 4);
    /// assert_eq!(searcher.try_search(&game, SearchLimits::default())?.depth, 8);
    /// let e = searcher.try_search(&game, SearchLimits::depth(65)).unwrap_err();
    /// assert_eq!(e, SearchLimitsError::Depth(65));
    /// assert_eq!(e.to_string(), "depth must be 1 to 64, not 65");
    /// # Ok::<_, SearchLimitsError>(())
    /// ```
    pub fn try_search(
        &mut self,
        game: &Game,
        limits: SearchLimits,
    ) -> Result<SearchResult, SearchLimitsError> {
        Ok(self.search(game, limits.check()?))
    }

    /// As [`Searcher::analyse`], but refuses the limits
    /// [`Searcher::try_search`] refuses.
    ///
    /// # Errors
    ///
    /// [`SearchLimitsError`] from [`SearchLimits::check`]; nothing is
    /// searched then.
    ///
    /// ```
    /// use oware::search::{SearchLimits, SearchLimitsError, Searcher};
    /// use oware::Game;
    /// let mut searcher = Searcher::new(1 << 16);
    /// assert_eq!(searcher.try_analyse(&Game::default(), SearchLimits::depth(3))?.len(), 6);
    /// assert_eq!(
    ///     searcher.try_analyse(&Game::default(), SearchLimits::nodes(0)),
    ///     Err(SearchLimitsError::ZeroNodes)
    /// );
    /// # Ok::<_, SearchLimitsError>(())
    /// ```
    pub fn try_analyse(
        &mut self,
        game: &Game,
        limits: SearchLimits,
    ) -> Result<Vec<MoveScore>, SearchLimitsError> {
        Ok(self.analyse(game, limits.check()?))
    }

    /// As [`Searcher::search`], calling `on_iteration` with the result of
    /// each iteration of the deepening as it completes (depth 1, 2, …):
    /// what an engine protocol reports as `info` lines.
    ///
    /// A time limit is a budget: the search goes on to it and stops there
    /// (a stopped iteration gives the moves it proved), unless the end of
    /// the game is in sight.
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
        on_iteration: impl FnMut(&SearchResult),
    ) -> SearchResult {
        let limits = self.limits_on_clock(limits);
        let clock = self.clock.clone(); // the budget includes preparing
        let budget = Budget::start(clock.as_ref(), limits.time_ms);
        self.prepare(game);
        let done = AtomicBool::new(false);
        let shared = self.shared(limits, &budget, &done);
        let helpers = if limits.nodes.is_some() {
            0
        } else {
            self.threads - 1
        };
        let result = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..=helpers)
                .filter_map(|id| {
                    let shared = &shared;
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || helper_search(shared, game, id))
                        .ok()
                })
                .collect();
            let mut result = main_search(&shared, game, limits, &budget, on_iteration);
            done.store(true, Ordering::Relaxed);
            for handle in handles {
                result.nodes += handle.join().unwrap_or(0);
            }
            result
        });
        self.stop_used_up();
        result
    }

    /// Scores every legal move of the current position of `game` within
    /// `limits` (each move searched with a full window), best first. Every
    /// legal move gets a score: if a limit stops even the first iteration,
    /// each is scored by the position it leads to. Runs on one thread.
    /// The limits are not checked, as for [`Searcher::search`];
    /// [`Searcher::try_analyse`] refuses what [`SearchLimits::check`] does.
    pub fn analyse(&mut self, game: &Game, limits: SearchLimits) -> Vec<MoveScore> {
        let limits = self.limits_on_clock(limits);
        let clock = self.clock.clone(); // the budget includes preparing
        let budget = Budget::start(clock.as_ref(), limits.time_ms);
        self.prepare(game);
        let done = AtomicBool::new(false);
        let shared = self.shared(limits, &budget, &done);
        let mut worker = Worker::new(&shared, game);
        let pos = *game.position();
        let moves = game.legal_moves();
        let mut scores: Vec<MoveScore> = Vec::new();
        for depth in 1..=max_depth(limits) {
            let mut iteration = Vec::new();
            for &m in &moves {
                let Some(score) = worker.child_score(&pos, m, depth, -INFINITY, INFINITY) else {
                    break;
                };
                iteration.push(MoveScore {
                    m,
                    score: Score(score),
                });
            }
            if worker.stopped || iteration.len() < moves.len() {
                break;
            }
            iteration.sort_by_key(|s| core::cmp::Reverse(s.score));
            scores = iteration;
            if self.stop.is_stopped() {
                break;
            }
        }
        self.stop_used_up();
        if scores.is_empty() {
            // A limit stopped even the first iteration: score each move by
            // the position it leads to, so every legal move has a score.
            scores = moves
                .iter()
                .map(|&m| MoveScore {
                    m,
                    score: Score(worker.one_ply_score(&pos, m)),
                })
                .collect();
            scores.sort_by_key(|s| core::cmp::Reverse(s.score));
        }
        scores
    }

    /// Gets the table ready for a search of `game`.
    fn prepare(&mut self, game: &Game) {
        if self.ruleset != Some(*game.ruleset()) {
            // Table entries are keyed by the board alone: another ruleset
            // gives the same boards other values.
            self.table.clear();
            self.ruleset = Some(*game.ruleset());
        }
        self.table.new_search();
    }

    /// What the workers of a search within `limits` share.
    fn shared<'a>(
        &'a self,
        limits: SearchLimits,
        budget: &Budget<'a>,
        done: &'a AtomicBool,
    ) -> Shared<'a> {
        Shared {
            table: &self.table,
            eval: self.eval,
            endgame: self.endgame.as_deref(),
            stop: &self.stop,
            done,
            deadline: budget.deadline(),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            root_seed: self.root_seed,
        }
    }
}

/// The deepest iteration `limits` allow.
fn max_depth(limits: SearchLimits) -> u8 {
    limits
        .depth
        .unwrap_or(SearchLimits::MAX_DEPTH)
        .clamp(1, SearchLimits::MAX_DEPTH)
}

/// The main thread's iterative deepening: its result is the search's.
fn main_search(
    shared: &Shared<'_>,
    game: &Game,
    limits: SearchLimits,
    budget: &Budget<'_>,
    mut on_iteration: impl FnMut(&SearchResult),
) -> SearchResult {
    let pos = *game.position();
    let moves = game.legal_moves();
    let mut result = SearchResult {
        best_move: moves.first().copied(),
        score: Score::DRAW,
        depth: 0,
        nodes: 0,
        pv: moves.first().copied().into_iter().collect(),
    };
    let mut worker = Worker::new(shared, game);
    if moves.is_empty() {
        result.score = game
            .outcome()
            .map_or(Score::DRAW, |o| Score(terminal_score(&pos, o, 0)));
        return result;
    }
    for depth in 1..=max_depth(limits) {
        if depth > 1 && (shared.stop.is_stopped() || !budget.worth_starting()) {
            break;
        }
        let Some(root) = root_iteration(&mut worker, &pos, depth, result.score.0) else {
            break;
        };
        if !root.complete {
            // Stopped, but with a move this deeper iteration proved.
            result.best_move = Some(root.m);
            result.score = Score(root.score);
            result.pv = root.pv;
            break;
        }
        let score = root.score;
        result.best_move = Some(root.m);
        result.score = Score(score);
        result.depth = depth;
        result.pv = root.pv;
        result.nodes = worker.nodes;
        on_iteration(&result);
        if Score(score)
            .plies_to_end()
            .is_some_and(|n| n <= u16::from(depth))
        {
            break; // the end of the game is in sight: deeper adds nothing
        }
    }
    result.nodes = worker.nodes;
    result
}

/// A helper thread's iterative deepening (Lazy SMP): it fills the shared
/// table until the main thread is done; odd helpers start a ply deeper so
/// the threads do not all search the same tree. Returns its node count.
fn helper_search(shared: &Shared<'_>, game: &Game, id: usize) -> u64 {
    let pos = *game.position();
    let mut worker = Worker::new(shared, game);
    let mut previous = 0;
    for depth in (1 + (id % 2) as u8)..=SearchLimits::MAX_DEPTH {
        let Some(root) = root_iteration(&mut worker, &pos, depth, previous) else {
            break;
        };
        previous = root.score;
    }
    worker.nodes
}

/// How far an iteration's window at the root reaches each side of the
/// last iteration's score, in centiseeds; a score outside it searches
/// again with that side open. (Measured in self-play, 600 games at 20 000
/// positions a move against the same search with 50, colours swapped from
/// random openings: 100 scored 64.2 %, 25 scored 44.2 %.)
const ASPIRATION_WINDOW: i32 = 100;

/// One iteration at the root, in an aspiration window around the last
/// iteration's score, widened where the score falls outside it; `None` if
/// a limit stopped the search before it proved a move.
fn root_iteration(
    worker: &mut Worker<'_>,
    pos: &Position,
    depth: u8,
    previous: i32,
) -> Option<RootResult> {
    let (mut alpha, mut beta) = if depth > 2 && !is_forced(previous) {
        (previous - ASPIRATION_WINDOW, previous + ASPIRATION_WINDOW)
    } else {
        (-INFINITY, INFINITY)
    };
    loop {
        let root = worker.root_search(pos, depth, alpha, beta)?;
        if !root.complete {
            return Some(root);
        } else if root.score <= alpha && alpha > -INFINITY {
            alpha = -INFINITY;
        } else if root.score >= beta && beta < INFINITY {
            beta = INFINITY;
        } else {
            return Some(root);
        }
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
