//! Checks of the `oware` core on a host without threads or a clock
//! (`wasm32-unknown-unknown`): each export runs one call of the crate and
//! returns a number, so a host needs no bindings to call it. A trap (a
//! panic, or `Instant::now` where there is no clock) fails the caller.
//! [`NATIVE`] gives each compared check's native counterpart.
//!
//! The host provides one import, `env.now_ms() -> f64`: a monotonic time in
//! milliseconds (Node: `performance.now`), the embedder's clock.

use core::time::Duration;

use oware::endgame::{Convention, Database};
use oware::search::{Clock, Level, Player, SearchLimits, Searcher};
use oware::{Game, Position, Ruleset};

#[cfg(target_family = "wasm")]
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// The host's monotonic clock, in milliseconds.
    safe fn now_ms() -> f64;
}

/// The host's clock natively: the system's.
#[cfg(not(target_family = "wasm"))]
fn now_ms() -> f64 {
    use std::sync::OnceLock;
    static ORIGIN: OnceLock<std::time::Instant> = OnceLock::new();
    ORIGIN
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
        * 1e3
}

/// The position the searches start from (not in level 5's book).
const MIDGAME: &str = "4,4,4,4,4,4/4,4,4,4,1,1 s 0 6";

/// Positions of 4 seeds on the board the endgame check probes.
const ENDGAME: [&str; 4] = [
    "0,1,2,1,0,0/0,0,0,0,0,0 s 20 24",
    "1,0,0,0,0,1/1,0,0,0,0,1 n 22 22",
    "0,0,0,0,2,0/0,0,1,0,0,1 s 21 23",
    "0,0,0,0,0,1/1,1,0,0,0,1 s 24 20",
];

fn midgame() -> Game {
    Game::from(MIDGAME.parse::<Position>().unwrap_or_default())
}

/// A move as its absolute house index; -1 for none.
fn index(m: Option<oware::Move>) -> i32 {
    m.map_or(-1, |m| m.to_index(6) as i32)
}

/// The embedder's clock: the host's `now_ms`.
fn host_clock() -> Clock {
    Clock::from_fn(|| Duration::from_secs_f64(now_ms().max(0.0) / 1e3))
}

/// The best move of a `depth`-ply search of the midgame, on one thread.
#[unsafe(no_mangle)]
pub extern "C" fn search_move(depth: u32) -> i32 {
    let limits = SearchLimits::depth(depth.min(64) as u8);
    index(Searcher::new(1 << 16).search(&midgame(), limits).best_move)
}

/// Its score, in centiseeds (or ±1 000 000 less the plies of a forced result).
#[unsafe(no_mangle)]
pub extern "C" fn search_score(depth: u32) -> i32 {
    let limits = SearchLimits::depth(depth.min(64) as u8);
    Searcher::new(1 << 16)
        .search(&midgame(), limits)
        .score
        .raw()
}

/// The best move of the same search asked for on 4 threads: where no
/// thread starts, the calling thread's search, as [`search_move`]'s.
#[unsafe(no_mangle)]
pub extern "C" fn search_move_on_threads(depth: u32) -> i32 {
    let mut searcher = Searcher::new(1 << 16);
    searcher.set_threads(4);
    index(
        searcher
            .search(&midgame(), SearchLimits::depth(depth.min(64) as u8))
            .best_move,
    )
}

/// Level 5 (reproducible: one thread, no database of its own) within a
/// node limit, in the midgame.
#[unsafe(no_mangle)]
pub extern "C" fn level5_nodes(nodes: u32) -> i32 {
    let limits = SearchLimits::nodes(u64::from(nodes));
    index(
        Player::reproducible(Level::Five, 1)
            .with_limits(limits)
            .choose(&midgame()),
    )
}

/// The default level 5 player's move in the midgame: without a clock its
/// second is 1 000 000 positions, without threads it searches and builds
/// nothing beside, so it plays as [`Player::reproducible`] does.
#[unsafe(no_mangle)]
pub extern "C" fn level5_default(_: u32) -> i32 {
    index(Player::new(Level::Five, 1).choose(&midgame()))
}

/// [`level5_default`]'s native counterpart.
extern "C" fn level5_reproducible(_: u32) -> i32 {
    index(Player::reproducible(Level::Five, 1).choose(&midgame()))
}

/// The depth a search of the midgame limited to `ms` milliseconds on the
/// host's clock completes (none else stops it); -1 if it found no move.
#[unsafe(no_mangle)]
pub extern "C" fn timed_search_depth(ms: u32) -> i32 {
    let mut searcher = Searcher::new(1 << 16);
    searcher.set_clock(Some(host_clock()));
    let result = searcher.search(&midgame(), SearchLimits::time_ms(u64::from(ms)));
    if result.best_move.is_some() {
        i32::from(result.depth)
    } else {
        -1
    }
}

/// The default level 5 player's move with `ms` milliseconds a move on the
/// host's clock; -1 for none.
#[unsafe(no_mangle)]
pub extern "C" fn level5_timed(ms: u32) -> i32 {
    let mut player = Player::new(Level::Five, 1).with_limits(SearchLimits::time_ms(u64::from(ms)));
    player.set_clock(Some(host_clock()));
    index(player.choose(&midgame()))
}

/// The Abapa endgame database of up to `seeds` seeds (each player takes
/// its own): a hash of its values for the positions of `ENDGAME`, or -1 if it
/// cannot be built, -2 if one cannot be probed.
#[unsafe(no_mangle)]
pub extern "C" fn endgame_values(seeds: u32) -> i32 {
    let seeds = seeds.min(48) as u8;
    let Ok(db) = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, seeds) else {
        return -1;
    };
    ENDGAME
        .iter()
        .try_fold(17i32, |hash, text| {
            let pos = text.parse::<Position>().ok()?;
            let value = db.probe(&pos).ok()?.value;
            let bounds = i32::from(value.lower) * 100 + i32::from(value.upper);
            Some(hash.wrapping_mul(31).wrapping_add(bounds))
        })
        .unwrap_or(-2)
}

/// The positions of the Abapa endgame database of up to `seeds` seeds.
#[unsafe(no_mangle)]
pub extern "C" fn endgame_positions(seeds: u32) -> i32 {
    let seeds = seeds.min(48) as u8;
    Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, seeds).map_or(-1, |db| {
        (0..=seeds).map(|k| db.positions(k)).sum::<u64>() as i32
    })
}

/// A compared check: its export's name, its argument, and the function
/// that gives the value natively.
pub type Check = (&'static str, u32, extern "C" fn(u32) -> i32);

/// The checks whose value on wasm must equal the native one, each with
/// its native counterpart.
pub const NATIVE: [Check; 7] = [
    ("search_move", 10, search_move),
    ("search_score", 10, search_score),
    ("level5_nodes", 50_000, level5_nodes),
    ("level5_default", 0, level5_reproducible),
    ("endgame_positions", 0, endgame_positions),
    ("endgame_values", 4, endgame_values),
    ("endgame_positions", 4, endgame_positions),
];
