//! The engine: `oware_searcher` (searches and analyses) and `oware_player`
//! (a level of play).

use std::sync::Arc;

use oware::endgame::Database;
use oware::search::{Level, Player, SearchLimits, Searcher};

use crate::types::move_index;
use core::ffi::c_char;

use crate::{
    Buf, Failure, Out, arg_mut, arg_ref, ffi_boundary, ffi_detailed, ffi_result, give, oware_game,
    oware_move_score, oware_result, oware_search_limits, oware_search_result, oware_stop,
    take_back,
};

/// The most transposition-table entries a searcher may have (16 bytes
/// each: 1 GiB).
pub const OWARE_SEARCHER_MAX_ENTRIES: usize = 1 << 26;

/// The depth, in plies, of a search given no limit (an
/// `oware_search_limits` of zeros): 8, level 4's depth. With
/// `OWARE_DEFAULT_SEARCH_NODES`, the library's one default, the same in
/// Rust and Python.
pub const OWARE_DEFAULT_SEARCH_DEPTH: u32 = 8;

/// The most positions a search given no limit visits: 1 000 000 (level
/// 5's reproducible budget), so that it ends well within a second on any
/// position.
pub const OWARE_DEFAULT_SEARCH_NODES: u64 = 1_000_000;

// The core's values (Rust's `MAX_TABLE_ENTRIES` and `SearchLimits::DEFAULT`).
const _: () = assert!(OWARE_SEARCHER_MAX_ENTRIES == oware::search::MAX_TABLE_ENTRIES);
const _: () = assert!(OWARE_DEFAULT_SEARCH_DEPTH == SearchLimits::DEFAULT_DEPTH as u32);

/// The deepest search, in plies: an `oware_search_limits` depth above it is
/// refused (`OWARE_RESULT_INVALID_ARGUMENT`), as Rust's
/// `SearchLimits::MAX_DEPTH` and Python's `Searcher.MAX_DEPTH`.
pub const OWARE_MAX_SEARCH_DEPTH: u32 = 64;
const _: () = assert!(OWARE_MAX_SEARCH_DEPTH == SearchLimits::MAX_DEPTH as u32);
const _: () = assert!(OWARE_DEFAULT_SEARCH_NODES == SearchLimits::DEFAULT_NODES);

/// The engine: an iterative-deepening principal-variation search with a
/// transposition table, for every ruleset. Scores are from the side to
/// move's view.
///
/// Reuse one searcher for a game: its table carries knowledge from move to
/// move (depth- and node-limited results then depend on what was searched
/// before; a new or cleared searcher makes them depend on the position
/// alone).
///
/// Create one with `oware_searcher_new`; free it with
/// `oware_searcher_free`.
///
/// Thread safety: a searcher may be moved to another thread, but must not
/// be used from two threads at once. While it searches a game, the game
/// must not be changed (search a clone from `oware_game_clone` to keep
/// playing on the original).
#[derive(Debug)]
pub struct oware_searcher {
    inner: Searcher,
}

/// A player of a level, 1 (beginner) to 5 (strongest), that chooses moves:
/// 1 plays at random (capturing half the time when it can), 2 greedily,
/// 3 a 4-ply search on the stores, 4 an 8-ply search, 5 a search that
/// thinks for 1 second a move (`oware_player_set_time_budget`) on every
/// core (`oware_player_set_threads`). Levels 1 to 3 choose at random among
/// their candidates, reproducibly for a seed. Level 5 builds an endgame
/// database of up to 12 seeds in a background thread on first use and
/// plays perfectly where it holds an exact value; a database given with
/// `oware_player_set_endgame` takes its place.
///
/// Create one with `oware_player_new`; free it with `oware_player_free`.
///
/// Thread safety: as `oware_searcher`.
#[derive(Debug)]
pub struct oware_player {
    inner: Player,
}

impl oware_player {
    /// Gives the player `db` (see `oware_player_set_endgame`).
    pub(crate) fn set_endgame(&mut self, db: Arc<Database>) {
        self.inner.set_endgame(Some(db));
    }
}

/// Creates a searcher with a transposition table of `tt_entries` entries,
/// 1 to `OWARE_SEARCHER_MAX_ENTRIES` (rounded up to a power of two, 16
/// bytes each; `1 << 20` is a good size for a game).
///
/// On success the caller owns `*out` and must free it with
/// `oware_searcher_free`. On failure `*out` is set to NULL:
/// `OWARE_RESULT_INVALID_ARGUMENT` when `tt_entries` is out of range
/// (`oware_searcher_entries_check` writes why).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_searcher_new(
    tt_entries: usize,
    out: *mut *mut oware_searcher,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        out.set(core::ptr::null_mut());
        let inner = Searcher::try_new(tt_entries).map_err(|_| oware_result::InvalidArgument)?;
        give(&out, oware_searcher { inner });
        Ok(())
    }
}

/// Checks a transposition-table size as `oware_searcher_new` does, and
/// writes why it is refused, in the words of Rust and Python, e.g.
/// `"tt_entries must be 1 to 67108864, not 0"`.
///
/// Returns `OWARE_RESULT_OK` for a size `oware_searcher_new` takes, else
/// `OWARE_RESULT_INVALID_ARGUMENT`. Unless `err` is NULL or `err_len` is 0,
/// `err` is set to why (empty when the size is taken), NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_searcher_entries_check(
    tt_entries: usize,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        Searcher::check_entries(tt_entries)
            .map_err(|e| Failure::new(oware_result::InvalidArgument, e))?;
        Ok(())
    }
}

/// Checks search limits as `oware_searcher_search` and
/// `oware_searcher_analyse` do, and writes why they are refused, in the
/// words of Rust and Python, e.g. `"depth must be 1 to 64, not 65"`. (A
/// zero is no limit, and all zeros the default search: only a depth over
/// 64 is refused.)
///
/// Returns `OWARE_RESULT_OK` for limits a search takes, else
/// `OWARE_RESULT_INVALID_ARGUMENT`. Unless `err` is NULL or `err_len` is 0,
/// `err` is set to why (empty when they are taken), NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_search_limits_check(
    limits: *const oware_search_limits,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        let limits = arg_ref!(limits);
        SearchLimits::try_from(limits)
            .map_err(|e| Failure::new(oware_result::InvalidArgument, e))?;
        Ok(())
    }
}

/// Frees a searcher. Calling with NULL is fine. Must not be called twice
/// with the same value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_searcher_free(searcher: *mut oware_searcher) {
    ffi_boundary! { take_back(searcher) }
}

/// Empties the searcher's table: what it searched before no longer
/// affects its results.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_searcher_clear(searcher: *mut oware_searcher) -> oware_result {
    ffi_result! {
        arg_mut!(searcher).inner.clear();
        Ok(())
    }
}

/// Makes `stop` end the searcher's searches (`oware_searcher_search` and
/// `oware_searcher_analyse`), which then return the result of their last
/// completed iteration: a search that another thread must be able to cut
/// short ("move now"). The flag stays set until `oware_stop_reset`; the
/// searcher keeps its own reference to it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_searcher_set_stop(
    searcher: *mut oware_searcher,
    stop: *const oware_stop,
) -> oware_result {
    ffi_result! {
        let searcher = arg_mut!(searcher);
        arg_ref!(stop);
        searcher.inner.set_stop(oware_stop::of(stop));
        Ok(())
    }
}

/// Checks the limits and that the game goes on.
fn search_args(
    game: &oware_game,
    limits: &oware_search_limits,
) -> Result<SearchLimits, oware_result> {
    let limits = SearchLimits::try_from(limits).map_err(|_| oware_result::InvalidArgument)?;
    if game.game().legal_moves().is_empty() {
        return Err(oware_result::GameOver);
    }
    Ok(limits)
}

/// Searches the game's current position, with its history (repetitions
/// and ply limits), within `*limits`, and writes the best move, its score,
/// the depth reached, the positions visited and the principal variation
/// to `*out`.
///
/// With no limit set (all zeros), the search stops by the default:
/// `OWARE_DEFAULT_SEARCH_DEPTH` plies or `OWARE_DEFAULT_SEARCH_NODES`
/// positions. Returns `OWARE_RESULT_INVALID_ARGUMENT` when the depth is
/// over 64 (`oware_search_limits_check` writes why),
/// `OWARE_RESULT_GAME_OVER` when the game is over. With only a time limit
/// so short that no iteration completes, the best move is the first legal
/// move and the depth 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_searcher_search(
    searcher: *mut oware_searcher,
    game: *const oware_game,
    limits: *const oware_search_limits,
    out: *mut oware_search_result,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        let searcher = arg_mut!(searcher);
        let game = arg_ref!(game);
        let limits = search_args(game, arg_ref!(limits))?;
        let result = searcher.inner.search(game.game(), limits);
        out.set(oware_search_result::new(&result, game.houses()));
        Ok(())
    }
}

/// Scores every legal move of the game's current position within
/// `*limits` (each move searched in full) and writes them, best first, to
/// `buf`. A buffer of `OWARE_MAX_HOUSES` items always suffices; the size
/// is checked before searching.
///
/// `*out_n` is set to the number written, or needed
/// (`OWARE_RESULT_INSUFFICIENT_SIZE`). With no limit set, the default, as
/// for `oware_searcher_search`. Returns `OWARE_RESULT_INVALID_ARGUMENT`
/// when the depth is over 64 (`oware_search_limits_check` writes why),
/// `OWARE_RESULT_GAME_OVER` when the game is over.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_searcher_analyse(
    searcher: *mut oware_searcher,
    game: *const oware_game,
    limits: *const oware_search_limits,
    buf: *mut oware_move_score,
    len: usize,
    out_n: *mut usize,
) -> oware_result {
    ffi_result! {
        let buf = Buf::new(buf, len, out_n)?;
        let searcher = arg_mut!(searcher);
        let game = arg_ref!(game);
        let limits = search_args(game, arg_ref!(limits))?;
        // Report a buffer too small before spending time on the search.
        buf.check_room(game.game().legal_moves().len())?;
        let h = game.houses();
        let scores: Vec<oware_move_score> = searcher
            .inner
            .analyse(game.game(), limits)
            .iter()
            .map(|s| oware_move_score::new(s, h))
            .collect();
        buf.fill(&scores)
    }
}

/// Creates a player of `level` (1 to 5) whose random choices follow
/// `seed`. Level 5 thinks for 1 second a move, which makes its moves
/// depend on the machine; with `reproducible` it searches 1 000 000
/// positions a move on one thread instead and builds no endgame database,
/// so the same seed and game always give the same moves.
///
/// On success the caller owns `*out` and must free it with
/// `oware_player_free`. On failure `*out` is set to NULL:
/// `OWARE_RESULT_INVALID_ARGUMENT` when `level` is not 1 to 5.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_new(
    level: u32,
    seed: u64,
    reproducible: bool,
    out: *mut *mut oware_player,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out)?;
        out.set(core::ptr::null_mut());
        let level = u8::try_from(level)
            .ok()
            .and_then(Level::from_number)
            .ok_or(oware_result::InvalidArgument)?;
        let inner = if reproducible {
            Player::reproducible(level, seed)
        } else {
            Player::new(level, seed)
        };
        give(&out, oware_player { inner });
        Ok(())
    }
}

/// Returns how level `level` (1 to 5) plays, in a few words for a menu,
/// e.g. `"looks 4 plies ahead"` for level 3 (the core's
/// `Level::description`, as Python's `Player.description`), or NULL when
/// `level` is not 1 to 5.
///
/// The string is static and NUL-terminated; it must not be freed.
#[unsafe(no_mangle)]
pub extern "C" fn oware_level_description(level: u32) -> *const c_char {
    ffi_boundary! {
        u8::try_from(level)
            .ok()
            .and_then(Level::from_number)
            .map_or(core::ptr::null(), |l| l.c_description().as_ptr())
    }
}

/// Sets the player's time budget: `ms` milliseconds a move (1 to
/// 86 400 000, a day: the range of Rust's `Player::check_limits` and of
/// Python's `Player(time_ms=)`), used with time management (an iteration
/// of the search that is not expected to get far is not started). Levels
/// 3 to 5 search within it instead of their own limits; levels 1 and 2 do
/// not search.
///
/// Returns `OWARE_RESULT_INVALID_ARGUMENT` when `ms` is out of range (the
/// player is unchanged); `oware_player_time_budget_check` says why.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_set_time_budget(
    player: *mut oware_player,
    ms: u64,
) -> oware_result {
    ffi_result! {
        let player = arg_mut!(player);
        player
            .inner
            .try_set_limits(SearchLimits::time_ms(ms))
            .map_err(|_| oware_result::InvalidArgument)
    }
}

/// Checks a player's time budget as `oware_player_set_time_budget` does,
/// and writes why it is refused, in the words of Rust and Python, e.g.
/// `"time_ms must be 1 to 86400000, not 0"`.
///
/// Returns `OWARE_RESULT_OK` for a budget the player takes, else
/// `OWARE_RESULT_INVALID_ARGUMENT`. Unless `err` is NULL or `err_len` is 0,
/// `err` is set to why (empty when it is taken), NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_time_budget_check(
    ms: u64,
    err: *mut c_char,
    err_len: usize,
) -> oware_result {
    ffi_detailed! { err, err_len;
        Player::check_limits(SearchLimits::time_ms(ms))
            .map_err(|e| Failure::new(oware_result::InvalidArgument, e))?;
        Ok(())
    }
}

/// Sets the threads the player's searches run on: 1 to 64 (a search with
/// a node limit, as a reproducible player's, always runs on one).
///
/// Returns `OWARE_RESULT_INVALID_ARGUMENT` when `threads` is out of range
/// (the player is unchanged).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_set_threads(
    player: *mut oware_player,
    threads: u32,
) -> oware_result {
    ffi_result! {
        let player = arg_mut!(player);
        let threads = usize::try_from(threads).map_err(|_| oware_result::InvalidArgument)?;
        if !(1..=oware::search::MAX_THREADS).contains(&threads) {
            return Err(oware_result::InvalidArgument);
        }
        player.inner.set_threads(threads);
        Ok(())
    }
}

/// Turns the player's opening book on or off. Level 5 starts with the
/// book that ships with the library (the first plies of the standard
/// 6-house, 4-seed Oware board, searched deeply ahead of time) and plays
/// its move at once where it holds the game's position. Other levels have
/// none: turning it on for them is refused, as in Rust
/// (`Player::set_book`) and Python (`Player.book = True`).
///
/// Returns `OWARE_RESULT_NULL_PARAMETER` when `player` is NULL, and
/// `OWARE_RESULT_INVALID_ARGUMENT` when `on` is true and the player is
/// below level 5 (the player is unchanged).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_set_book(
    player: *mut oware_player,
    on: bool,
) -> oware_result {
    ffi_result! {
        let player = arg_mut!(player);
        let book = on.then(oware::search::Book::standard);
        player.inner.set_book(book).map_err(|_| oware_result::InvalidArgument)
    }
}

/// Turns on or off the endgame databases level 5 builds itself on first
/// use (on by default, off for a reproducible player): in memory up to 12
/// seeds on the board, then up to 20 into the user's cache directory where
/// the machine has the memory (the environment variable
/// `OWARE_ENDGAME_CACHE` moves it, or keeps it all in memory with `off`;
/// `OWARE_ENDGAME_SEEDS` sets how many seeds it goes to). Turning it off drops a database it built, not one
/// given with `oware_player_set_endgame`.
///
/// Returns `OWARE_RESULT_NULL_PARAMETER` when `player` is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_set_auto_endgame(
    player: *mut oware_player,
    on: bool,
) -> oware_result {
    ffi_result! {
        let player = arg_mut!(player);
        player.inner.set_auto_endgame(on);
        Ok(())
    }
}

/// Frees a player. Calling with NULL is fine. Must not be called twice
/// with the same value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_free(player: *mut oware_player) {
    ffi_boundary! { take_back(player) }
}

/// Makes `stop` end the player's searches (levels 3 to 5): while it is
/// set, `oware_player_choose` returns at once with the best move of the
/// search's first iteration. The player keeps its own reference to the
/// flag.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_set_stop(
    player: *mut oware_player,
    stop: *const oware_stop,
) -> oware_result {
    ffi_result! {
        let player = arg_mut!(player);
        arg_ref!(stop);
        player.inner.set_stop(oware_stop::of(stop));
        Ok(())
    }
}

/// Chooses the player's move in the game's current position and writes it
/// (its pit index) to `*out_move`; the game is not changed.
///
/// Returns `OWARE_RESULT_GAME_OVER` when the game is over.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn oware_player_choose(
    player: *mut oware_player,
    game: *const oware_game,
    out_move: *mut u8,
) -> oware_result {
    ffi_result! {
        let out = Out::new(out_move)?;
        let player = arg_mut!(player);
        let game = arg_ref!(game);
        let m = player.inner.choose(game.game()).ok_or(oware_result::GameOver)?;
        out.set(move_index(m, game.houses()));
        Ok(())
    }
}
