//! Five levels of play, from a beginner to the full engine.

use core::fmt;
use core::str::FromStr;

use std::sync::Arc;

use super::{Book, Clock, Evaluation, SearchLimits, SearchLimitsError, Searcher, auto};
use crate::endgame::Database;
use crate::{Game, Move, StopHandle};

/// A level of play, 1 (beginner) to 5 (strongest). Each is a documented
/// configuration of the same engine.
///
/// | level | plays |
/// |---|---|
/// | 1 | a random legal move, but a capturing one half the time when it can capture |
/// | 2 | greedy: the move that puts the most seeds in its store now (ties at random) |
/// | 3 | a 4-ply search on the stores alone, at random among moves within half a seed of the best |
/// | 4 | an 8-ply search with the full evaluation |
/// | 5 | a search that thinks for 1 second a move on every core, with a 64 MiB table, full evaluation and perfect endgames (below) |
///
/// Levels 1–3 use a seeded random choice, so they are not predictable, and
/// the same seed makes them reproducible. Levels 4 and 5 play the best
/// move they find; with [`Player::set_seeded_ties`] the seed picks among
/// moves that score exactly the same ([`Searcher::set_root_seed`]), so
/// that other seeds vary their games without a worse move. Level 5's time budget makes it
/// depend on the machine; [`Player::reproducible`] replaces it with
/// [`Level::reproducible_limits`], a node budget, on one thread.
///
/// Level 5 also plays endgames perfectly without set-up: the first time a
/// player of [`Player::new`] plays a ruleset with an endgame convention, a
/// background thread builds, in memory, the endgame database of that
/// ruleset's positions of up to [`AUTO_ENDGAME_SEEDS`](super::AUTO_ENDGAME_SEEDS) seeds on the board
/// (a few seconds, once per process and ruleset), then goes on to
/// [`CACHED_ENDGAME_SEEDS`](super::CACHED_ENDGAME_SEEDS) seeds where the machine has the memory
/// ([`auto_endgame_seeds`](super::auto_endgame_seeds)), writing each layer into the user's
/// cache directory ([`endgame_cache_dir`](super::endgame_cache_dir): about 9 minutes and
/// 1.6 GB once per machine and ruleset; later processes load it); the player uses each
/// layer from the move after it is built. Setting the environment variable
/// `OWARE_ENDGAME_CACHE` to `off` keeps it to memory, and `OWARE_ENDGAME_SEEDS`
/// sets how far it goes;
/// [`Player::set_auto_endgame`] turns it all off, and a database given
/// with [`Player::with_endgame`] takes its place.
///
/// On a host without threads or a clock (`wasm32-unknown-unknown`) level
/// 5 searches on the calling thread, its second a move is 1 000 000
/// positions unless the embedder gives a clock ([`Player::set_clock`]),
/// and it builds no endgame database (no thread to build on: build one
/// with [`Database::build`](crate::endgame::Database::build), which runs
/// on the calling thread there, and give it with [`Player::with_endgame`]).
/// It then plays as [`Player::reproducible`] does.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Level {
    /// 1: beginner.
    One = 1,
    /// 2: greedy.
    Two = 2,
    /// 3: shallow search.
    Three = 3,
    /// 4: deeper search.
    Four = 4,
    /// 5: full strength.
    Five = 5,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::One,
        Level::Two,
        Level::Three,
        Level::Four,
        Level::Five,
    ];

    /// The level's number, 1 to 5.
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The level numbered `n`, 1 to 5.
    #[must_use]
    pub const fn from_number(n: u8) -> Option<Level> {
        match n {
            1 => Some(Level::One),
            2 => Some(Level::Two),
            3 => Some(Level::Three),
            4 => Some(Level::Four),
            5 => Some(Level::Five),
            _ => None,
        }
    }

    /// How the level plays, in a few words for a menu: `"random, takes a
    /// capture half the time"`, `"greedy: the most seeds now"`, `"looks 4
    /// plies ahead"`, `"looks 8 plies ahead"`, `"thinks a second a move,
    /// plays endgames perfectly"` (the table above says it in full).
    ///
    /// ```
    /// use oware::search::Level;
    /// assert_eq!(Level::Three.description(), "looks 4 plies ahead");
    /// ```
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self.c_description().to_str() {
            Ok(text) => text,
            Err(_) => "",
        }
    }

    /// The [`description`](Level::description) as a static, NUL-terminated
    /// C string, which C's `oware_level_description` hands out without
    /// copying.
    ///
    /// ```
    /// use oware::search::Level;
    /// assert_eq!(Level::Four.c_description(), c"looks 8 plies ahead");
    /// ```
    #[must_use]
    pub const fn c_description(self) -> &'static core::ffi::CStr {
        match self {
            Level::One => c"random, takes a capture half the time",
            Level::Two => c"greedy: the most seeds now",
            Level::Three => c"looks 4 plies ahead",
            Level::Four => c"looks 8 plies ahead",
            Level::Five => c"thinks a second a move, plays endgames perfectly",
        }
    }

    /// The level's search limits (levels 1 and 2 do not search).
    #[must_use]
    pub const fn limits(self) -> SearchLimits {
        match self {
            Level::One | Level::Two => SearchLimits::depth(1),
            Level::Three => SearchLimits::depth(4),
            Level::Four => SearchLimits::depth(8),
            Level::Five => SearchLimits::time_ms(1000),
        }
    }

    /// The level's limits without a clock, for play that a seed and a game
    /// decide: level 5 searches 1 000 000 positions a move (about 0.4 s on
    /// one core of a 2020s machine); the others as [`Level::limits`].
    #[must_use]
    pub const fn reproducible_limits(self) -> SearchLimits {
        match self {
            Level::Five => SearchLimits::nodes(1_000_000),
            _ => self.limits(),
        }
    }

    /// The entries of the level's transposition table: 2^22 (64 MiB) for
    /// level 5, 2^18 (4 MiB) for the others.
    const fn table_entries(self) -> usize {
        match self {
            Level::Five => 1 << 22,
            _ => 1 << 18,
        }
    }

    /// The level's evaluation.
    #[must_use]
    pub fn evaluation(self) -> Evaluation {
        match self {
            Level::One | Level::Two | Level::Three => Evaluation::MATERIAL,
            Level::Four | Level::Five => Evaluation::default(),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// `1` to `5`.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::from_number)
            .ok_or(ParseLevelError)
    }
}

/// Error when a level is not a number from 1 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseLevelError;

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid level: expected a number from 1 to 5")
    }
}

impl core::error::Error for ParseLevelError {}

/// Error when an opening book is given to a player below level 5
/// ([`Player::set_book`]): only level 5 plays from a book. It holds the
/// player's level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoBookError(pub Level);

impl fmt::Display for NoBookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "only level 5 has an opening book, not level {}",
            self.0.number()
        )
    }
}

impl core::error::Error for NoBookError {}

/// A small seeded random number generator (xorshift64*), so that levels
/// and matches are reproducible without dependencies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value, 0 included).
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15 | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % (n as u64).max(1)) as usize
    }
}

/// An engine player of a [`Level`]: chooses moves for a [`Game`].
///
/// ```
/// use oware::search::{Level, Player};
/// use oware::Game;
/// let mut game = Game::default();
/// let mut player = Player::new(Level::Three, 7);
/// let m = player.choose(&game).unwrap();
/// game.play(m)?;
/// # Ok::<_, oware::PlayError>(())
/// ```
#[derive(Debug)]
pub struct Player {
    level: Level,
    limits: SearchLimits,
    /// The seed the player was made with.
    seed: u64,
    rng: Rng,
    searcher: Searcher,
    /// The database given by the caller, or the one built on first use.
    endgame: Option<Arc<Database>>,
    /// Whether level 5 builds its own endgame database on first use.
    auto_endgame: bool,
    /// The opening book level 5 plays from.
    book: Option<Arc<Book>>,
}

impl Player {
    /// A player of `level` whose random choices follow `seed`. Level 5
    /// thinks for its time budget on every core the machine has, and
    /// builds its endgame database on first use (see [`Level`]).
    #[must_use]
    pub fn new(level: Level, seed: u64) -> Player {
        let mut searcher = Searcher::with_evaluation(level.table_entries(), level.evaluation());
        if level == Level::Five {
            searcher.set_threads(std::thread::available_parallelism().map_or(1, |n| n.get()));
        }
        Player {
            level,
            limits: level.limits(),
            seed,
            rng: Rng::new(seed),
            searcher,
            endgame: None,
            auto_endgame: level == Level::Five,
            book: (level == Level::Five).then(Book::standard),
        }
    }

    /// As [`Player::new`], with [`Level::reproducible_limits`] on one
    /// thread and no endgame database of its own: the same seed and game
    /// always give the same moves.
    #[must_use]
    pub fn reproducible(level: Level, seed: u64) -> Player {
        let mut player = Player::new(level, seed);
        player.limits = level.reproducible_limits();
        player.searcher.set_threads(1);
        player.auto_endgame = false;
        player
    }

    /// Whether levels 4 and 5 pick among root moves of exactly the best
    /// score by the player's seed (off by default: the first searched).
    /// The move played scores the same either way, and the same seed still
    /// plays the same moves under node or depth limits; levels 1–3 choose
    /// at random by the seed already.
    ///
    /// ```
    /// use oware::search::{Level, Player};
    /// use oware::{Game, Position};
    /// // North's c, d and e score the same at level 4's depth.
    /// let game = Game::from("4,0,0,7,6,6/0,1,6,6,6,6 n 0 0".parse::<Position>()?);
    /// let choice = |seed| {
    ///     let mut player = Player::reproducible(Level::Four, seed);
    ///     player.set_seeded_ties(true);
    ///     player.choose(&game).unwrap().to_string()
    /// };
    /// let moves: std::collections::BTreeSet<String> = (0..10).map(choice).collect();
    /// assert!(moves.len() > 1 && moves.iter().all(|m| ["c", "d", "e"].contains(&m.as_str())));
    /// # Ok::<_, oware::ParsePositionError>(())
    /// ```
    pub fn set_seeded_ties(&mut self, on: bool) {
        let seed = (on && self.level >= Level::Four).then_some(self.seed);
        self.searcher.set_root_seed(seed);
    }

    /// Whether level 5 builds its own endgame database on first use (on
    /// by default for [`Player::new`], off for [`Player::reproducible`]);
    /// turning it off drops a database it built, not one it was given.
    pub fn set_auto_endgame(&mut self, on: bool) {
        self.auto_endgame = on;
        if !on && self.endgame.as_ref().is_some_and(auto::is_automatic) {
            self.set_endgame(None);
        }
    }

    /// Gives level 5 an opening book to play from, or takes it away with
    /// `None`: where the book holds the game's position, the player plays
    /// its move at once. Level 5 starts with [`Book::standard`].
    ///
    /// # Errors
    /// [`NoBookError`] for a book given to a level below 5, which plays
    /// from none; the player is unchanged. The one rule of who has a book,
    /// in Rust, Python (`Player.book = True`) and C
    /// (`oware_player_set_book`).
    ///
    /// ```
    /// use oware::search::{Book, Level, NoBookError, Player};
    /// let mut four = Player::new(Level::Four, 1);
    /// assert_eq!(four.set_book(Some(Book::standard())), Err(NoBookError(Level::Four)));
    /// assert!(four.book().is_none());
    /// assert_eq!(four.set_book(None), Ok(()));
    /// ```
    pub fn set_book(&mut self, book: Option<Arc<Book>>) -> Result<(), NoBookError> {
        if book.is_some() && self.level != Level::Five {
            return Err(NoBookError(self.level));
        }
        self.book = book;
        Ok(())
    }

    /// The opening book level 5 plays from, if any.
    #[must_use]
    pub fn book(&self) -> Option<&Arc<Book>> {
        self.book.as_ref()
    }

    /// The book's move for the game's position, if level 5 has a book
    /// that holds it.
    fn book_move(&self, game: &Game) -> Option<Move> {
        let book = self.book.as_deref().filter(|_| self.level == Level::Five)?;
        book.get(game.position()).map(|e| e.best_move)
    }

    /// Searches on `threads` threads (see [`Searcher::set_threads`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.searcher.set_threads(threads);
    }

    /// Makes `stop` end this player's searches (levels 3 to 5; levels 1
    /// and 2 do not search): [`Searcher::set_stop`]. A stopped player
    /// still chooses a legal move at once, from the search's first
    /// iteration.
    ///
    /// ```
    /// use oware::search::{Level, Player, SearchLimits};
    /// use oware::{Game, StopHandle};
    /// let stop = StopHandle::new();
    /// let mut player = Player::new(Level::Four, 1).with_limits(SearchLimits::depth(60));
    /// player.set_stop(stop.clone());
    /// stop.stop(); // a depth-60 search would take for ever: it ends after depth 1
    /// let game = Game::default();
    /// assert!(game.is_legal(player.choose(&game).unwrap()));
    /// ```
    pub fn set_stop(&mut self, stop: StopHandle) {
        self.searcher.set_stop(stop);
    }

    /// Keeps the player's time limits by `clock`, or makes them node
    /// budgets with `None`: [`Searcher::set_clock`]. On a target without a
    /// clock (`wasm32-unknown-unknown`) level 5's second a move is
    /// 1 000 000 positions unless the embedder gives a clock here.
    ///
    /// ```
    /// use core::time::Duration;
    /// use oware::search::{Clock, Level, Player};
    /// use oware::Game;
    /// let mut player = Player::new(Level::Five, 1);
    /// player.set_auto_endgame(false);
    /// // The embedder's clock: here one that runs 10 ms a reading.
    /// let ticks = std::sync::atomic::AtomicU64::new(0);
    /// player.set_clock(Some(Clock::from_fn(move || {
    ///     Duration::from_millis(10 * ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    /// })));
    /// let game: Game = "4,4,4,4,4,4/4,4,4,4,1,1 s 0 6".parse::<oware::Position>()?.into();
    /// assert!(game.is_legal(player.choose(&game).unwrap()));
    /// # Ok::<_, oware::ParsePositionError>(())
    /// ```
    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.searcher.set_clock(clock);
    }

    /// The player's search limits.
    #[must_use]
    pub fn limits(&self) -> SearchLimits {
        self.limits
    }

    /// This player with other search limits (levels 3 to 5), e.g. a time
    /// budget of [`SearchLimits::time_ms`].
    #[must_use]
    pub fn with_limits(mut self, limits: SearchLimits) -> Player {
        self.limits = limits;
        self
    }

    /// Sets the search limits in place: as [`Player::with_limits`].
    pub fn set_limits(&mut self, limits: SearchLimits) {
        self.limits = limits;
    }

    /// The largest node budget a move a player takes
    /// ([`Player::check_limits`]): 10^12 positions, days of search a move,
    /// so a larger one is a mistake. Python's `Player(nodes=)` and
    /// `play_match(first_nodes=, second_nodes=)` take the same range.
    pub const MAX_NODES: u64 = 1_000_000_000_000;

    /// The largest time budget a move a player takes
    /// ([`Player::check_limits`]), in milliseconds: one day. Python's
    /// `Player(time_ms=)` and C's `oware_player_set_time_budget` take the
    /// same range.
    pub const MAX_TIME_MS: u64 = 86_400_000;

    /// The limits as given if a player takes them, else why not: what
    /// [`SearchLimits::check`] refuses, and a node budget over
    /// [`Player::MAX_NODES`] or a time budget over [`Player::MAX_TIME_MS`]
    /// (a budget of 0 is refused with the player's range too). The one
    /// check of a player's budgets, with these words, in Rust, Python and C.
    ///
    /// # Errors
    ///
    /// [`SearchLimitsError`] for the first limit out of range (depth,
    /// nodes, time).
    ///
    /// ```
    /// use oware::search::{Player, SearchLimits, SearchLimitsError};
    /// assert!(Player::check_limits(SearchLimits::time_ms(1_000)).is_ok());
    /// assert_eq!(
    ///     Player::check_limits(SearchLimits::nodes(0)).unwrap_err().to_string(),
    ///     "nodes must be 1 to 1000000000000, not 0"
    /// );
    /// assert_eq!(
    ///     Player::check_limits(SearchLimits::time_ms(86_400_001)),
    ///     Err(SearchLimitsError::PlayerTime(86_400_001))
    /// );
    /// ```
    pub const fn check_limits(limits: SearchLimits) -> Result<SearchLimits, SearchLimitsError> {
        if let Some(nodes) = limits.nodes
            && (nodes == 0 || nodes > Player::MAX_NODES)
        {
            return Err(SearchLimitsError::PlayerNodes(nodes));
        }
        if let Some(ms) = limits.time_ms
            && (ms == 0 || ms > Player::MAX_TIME_MS)
        {
            return Err(SearchLimitsError::PlayerTime(ms));
        }
        limits.check()
    }

    /// Sets the search limits in place if [`Player::check_limits`] takes
    /// them; the player is unchanged otherwise.
    ///
    /// # Errors
    ///
    /// [`SearchLimitsError`] from [`Player::check_limits`].
    ///
    /// ```
    /// use oware::search::{Level, Player, SearchLimits};
    /// let mut player = Player::new(Level::Four, 1);
    /// assert!(player.try_set_limits(SearchLimits::nodes(10_000)).is_ok());
    /// assert!(player.try_set_limits(SearchLimits::time_ms(0)).is_err());
    /// assert_eq!(player.limits(), SearchLimits::nodes(10_000));
    /// ```
    pub fn try_set_limits(&mut self, limits: SearchLimits) -> Result<(), SearchLimitsError> {
        self.limits = Player::check_limits(limits)?;
        Ok(())
    }

    /// This player with another evaluation (levels 3 to 5).
    #[must_use]
    pub fn with_evaluation(mut self, eval: Evaluation) -> Player {
        let (threads, root_seed) = (self.searcher.threads(), self.searcher.root_seed());
        let given_stop = (!self.searcher.own_stop).then(|| self.searcher.stop_handle());
        let clock = self.searcher.clock().cloned();
        self.searcher = Searcher::with_evaluation(self.level.table_entries(), eval);
        self.searcher.set_clock(clock);
        self.searcher.set_threads(threads);
        self.searcher.set_root_seed(root_seed);
        if let Some(stop) = given_stop {
            self.searcher.set_stop(stop);
        }
        self.searcher.set_endgame(self.searcher_endgame());
        self
    }

    /// The database the searcher uses: level 5's only.
    fn searcher_endgame(&self) -> Option<Arc<Database>> {
        self.endgame.clone().filter(|_| self.level == Level::Five)
    }

    /// This player with an endgame database, which level 5 (only) uses:
    /// where the database holds the position with an exact value under
    /// the game's ruleset and its convention ([`Convention::of`](crate::endgame::Convention::of)), it plays
    /// the database's best move, which realises the value (perfect play),
    /// unless the game's history rules could cut the line first
    /// ([`Probe::safe_in`](crate::endgame::Probe::safe_in)); elsewhere its
    /// search ends lines at the database's exact values. Entries the
    /// convention leaves inexact (positions whose value a repetition can
    /// change, under the `abapa` and `openspiel` presets) are searched,
    /// within the bounds the database gives them; at the search's horizon
    /// such a position scores halfway between its evaluation and the
    /// middle of its bounds.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use oware::endgame::{Convention, Database};
    /// use oware::search::{Level, Player};
    /// use oware::{Game, Position, Ruleset};
    /// let db = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 6)?;
    /// let mut player = Player::reproducible(Level::Five, 1).with_endgame(Arc::new(db));
    /// let pos: Position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21".parse()?;
    /// assert_eq!(player.choose(&Game::from(pos)).unwrap().to_string(), "F");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_endgame(mut self, db: Arc<Database>) -> Player {
        self.set_endgame(Some(db));
        self
    }

    /// Gives this player an endgame database, or takes it away: as
    /// [`Player::with_endgame`], in place.
    pub fn set_endgame(&mut self, db: Option<Arc<Database>>) {
        self.endgame = db;
        self.searcher.set_endgame(self.searcher_endgame());
    }

    /// The database's best move for the game's position, when it holds an
    /// exact value for it.
    fn endgame_move(&self, game: &Game) -> Option<Move> {
        let db = self
            .endgame
            .as_deref()
            .filter(|_| self.level == Level::Five)?;
        db.perfect_move(game).map(|(m, _)| m)
    }

    /// Uses the database built for the game's ruleset once it is ready
    /// (asking for it to be built the first time), unless the caller gave
    /// one or turned this off.
    fn take_auto_endgame(&mut self, game: &Game) {
        if !self.auto_endgame
            || self
                .endgame
                .as_ref()
                .is_some_and(|db| !auto::is_automatic(db))
        {
            return;
        }
        let Some(db) = auto::auto_endgame(game.ruleset()) else {
            return;
        };
        if !self.endgame.as_ref().is_some_and(|d| Arc::ptr_eq(d, &db)) {
            self.set_endgame(Some(db));
        }
    }

    /// The endgame database the player uses: the one it was given, or the
    /// one level 5 built on first use once it is ready.
    #[must_use]
    pub fn endgame(&self) -> Option<&Arc<Database>> {
        self.endgame.as_ref()
    }

    /// The player's level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The move this player plays in `game`; `None` when the game is over.
    /// A forced move (the only legal one) is played at once, unsearched.
    pub fn choose(&mut self, game: &Game) -> Option<Move> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        if self.level == Level::Five {
            self.take_auto_endgame(game);
        }
        if let [only] = moves[..] {
            return Some(only);
        }
        let pos = game.position();
        let gain = |m: Move| {
            let mut child = *pos;
            child.play_unchecked(m);
            child.board().store(pos.turn()) - pos.board().store(pos.turn())
        };
        match self.level {
            Level::One => {
                let capturing: Vec<Move> = moves.iter().copied().filter(|&m| gain(m) > 0).collect();
                let pool: &[Move] = if !capturing.is_empty() && self.rng.below(2) == 0 {
                    &capturing
                } else {
                    &moves
                };
                Some(pool[self.rng.below(pool.len())])
            }
            Level::Two => {
                let best = moves.iter().map(|&m| gain(m)).max()?;
                let pool: Vec<Move> = moves.iter().copied().filter(|&m| gain(m) == best).collect();
                Some(pool[self.rng.below(pool.len())])
            }
            Level::Three => {
                let scores = self.searcher.analyse(game, self.limits);
                let best = scores.first()?.score.raw();
                let pool: Vec<Move> = scores
                    .iter()
                    .filter(|s| s.score.raw() >= best - 50)
                    .map(|s| s.m)
                    .collect();
                Some(pool[self.rng.below(pool.len())])
            }
            Level::Five => self
                .book_move(game)
                .or_else(|| self.endgame_move(game))
                .or_else(|| self.searcher.search(game, self.limits).best_move),
            Level::Four => self.searcher.search(game, self.limits).best_move,
        }
    }
}
