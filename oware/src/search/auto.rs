//! Level 5's endgame databases without set-up: built on first use by a
//! background thread, one per ruleset and process, in memory up to
//! [`AUTO_ENDGAME_SEEDS`] and, where the user's cache directory can be
//! written, on up to [`CACHED_ENDGAME_SEEDS`] into it, so that later
//! processes load them.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use crate::Ruleset;
use crate::endgame::{Convention, Database};

/// The most seeds on the board of the positions level 5 builds in memory
/// for its endgame database: 12 (C(24, 12) = 2.7 M boards, built in about
/// 3 seconds on a 2-core machine; [`Level`](super::Level) tells more).
pub const AUTO_ENDGAME_SEEDS: u8 = 12;

/// The most seeds on the board of the layers level 5 goes on to build into
/// the endgame cache directory (see [`endgame_cache_dir`]): 16 (30 M
/// boards, 91 MB on disk and in memory, about 40 seconds of one core on
/// top of the in-memory layers, once per machine and ruleset).
pub const CACHED_ENDGAME_SEEDS: u8 = 16;

/// The environment variable that moves the endgame cache directory, or
/// turns it off with `off`.
pub const ENDGAME_CACHE_VAR: &str = "OWARE_ENDGAME_CACHE";

/// The databases level 5 has for a ruleset, the last the largest; empty
/// while the first builds. Earlier ones stay so that a player holding one
/// still knows it for an automatic database.
type Slot = Arc<Mutex<Vec<Arc<Database>>>>;

/// The databases asked for in this process, by ruleset.
static BUILT: Mutex<Vec<(Ruleset, Slot)>> = Mutex::new(Vec::new());

/// The largest endgame database level 5 has for `ruleset` so far, if any:
/// the first call for a ruleset starts a background thread that loads the
/// layers the cache directory holds for it, builds in memory what is
/// missing up to [`AUTO_ENDGAME_SEEDS`] seeds on the board (then this
/// returns it), and, where the cache directory can be written, goes on to
/// [`CACHED_ENDGAME_SEEDS`] seeds, writing each new layer there (then this
/// returns the larger database). Fewer seeds where the ruleset has fewer,
/// or a board with more houses (at most 2.7 M boards in memory, 30 M in
/// the cache); under the ruleset's convention. Every later call in the
/// process shares them. `None` while the first builds, and always for
/// rulesets that have none: families other than Oware, or no thread to
/// build on. Give it to a [`Searcher`](super::Searcher) with
/// `set_endgame`; [`Player`](super::Player) does that itself.
///
/// ```
/// use oware::search::auto_endgame;
/// let ruleset = oware::Ruleset::abapa();
/// let db = loop {
///     if let Some(db) = auto_endgame(&ruleset) {
///         break db;
///     }
///     std::thread::sleep(std::time::Duration::from_millis(100));
/// };
/// assert!(db.max_seeds() >= Some(oware::search::AUTO_ENDGAME_SEEDS));
/// ```
pub fn auto_endgame(ruleset: &Ruleset) -> Option<Arc<Database>> {
    let slot = {
        let mut built = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
        match built.iter().find(|(r, _)| r == ruleset) {
            Some((_, slot)) => Arc::clone(slot),
            None => {
                let slot: Slot = Arc::default();
                built.push((*ruleset, Arc::clone(&slot)));
                start_build(*ruleset, Arc::clone(&slot));
                slot
            }
        }
    };
    let dbs = slot.lock().unwrap_or_else(PoisonError::into_inner);
    dbs.last().cloned()
}

/// The directory level 5 keeps `ruleset`'s endgame layers in: under
/// `$OWARE_ENDGAME_CACHE` when it is set (`off` turns the cache off: `None`),
/// else under `$XDG_CACHE_HOME/oware/endgame`, else
/// `$HOME/.cache/oware/endgame` (`%LOCALAPPDATA%\oware\endgame` on
/// Windows); one subdirectory a ruleset, named after its text form. `None`
/// when none of these is set. The directory may not exist yet.
#[must_use]
pub fn endgame_cache_dir(ruleset: &Ruleset) -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    let root = match var(ENDGAME_CACHE_VAR) {
        Some(v) if v == "off" => return None,
        Some(v) => PathBuf::from(v),
        None => {
            let home_cache = || var("HOME").map(|h| PathBuf::from(h).join(".cache"));
            let base = var("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .or_else(|| var("LOCALAPPDATA").map(PathBuf::from))
                .or_else(home_cache)?;
            base.join("oware").join("endgame")
        }
    };
    Some(root.join(dir_name(ruleset)))
}

/// `ruleset`'s text form with every character but letters, digits, `-`,
/// `=` and `,` made `_`: a file name on every system.
fn dir_name(ruleset: &Ruleset) -> String {
    let keep = |c: char| c.is_ascii_alphanumeric() || "-=,".contains(c);
    ruleset
        .to_string()
        .chars()
        .map(|c| if keep(c) { c } else { '_' })
        .collect()
}

/// Starts the build of `ruleset`'s databases into `slot` on a thread of
/// its own (with no thread to build on, the slot stays empty: no database,
/// as for a ruleset that has none).
fn start_build(ruleset: Ruleset, slot: Slot) {
    let _ = std::thread::Builder::new()
        .name("oware-endgame".into())
        .spawn(move || build_into(&ruleset, &slot));
}

/// Loads, builds and publishes `ruleset`'s databases into `slot`.
fn build_into(ruleset: &Ruleset, slot: &Slot) {
    let Ok(mut db) = Database::new(ruleset, Convention::of(ruleset)) else {
        return;
    };
    let mut cache = endgame_cache_dir(ruleset).filter(|dir| std::fs::create_dir_all(dir).is_ok());
    if let Some(dir) = &cache {
        // A layer that cannot be read is built again, and its file replaced.
        let _ = db.read_layer_dir(dir);
    }
    let publish = |db: Arc<Database>| {
        slot.lock().unwrap_or_else(PoisonError::into_inner).push(db);
    };
    let in_memory = seeds_for(ruleset, AUTO_ENDGAME_SEEDS, MAX_MEMORY_BOARDS);
    let cached = seeds_for(ruleset, CACHED_ENDGAME_SEEDS, MAX_CACHED_BOARDS);
    while db.max_seeds().is_none_or(|k| k < in_memory) {
        if !build_layer(&mut db, &mut cache) {
            return;
        }
    }
    if cache.is_some() && db.max_seeds() < Some(cached) {
        publish(Arc::new(db.clone()));
        // Larger layers only where they are kept for the next process.
        while cache.is_some() && db.max_seeds() < Some(cached) {
            if !build_layer(&mut db, &mut cache) {
                break;
            }
        }
    }
    publish(Arc::new(db));
}

/// Builds the next layer of `db` and writes it into `cache`, if there is
/// one (a cache that cannot be written is dropped). Whether it was built.
fn build_layer(db: &mut Database, cache: &mut Option<PathBuf>) -> bool {
    let Ok(seeds) = db.build_next_layer(|_| {}) else {
        return false;
    };
    if let Some(dir) = cache
        && db.write_layer_file(dir.as_path(), seeds).is_err()
    {
        *cache = None;
    }
    true
}

/// The most boards of a database built in memory: those of at most 12
/// seeds on Abapa's 12 houses, C(24, 12) = 2 704 156.
const MAX_MEMORY_BOARDS: u128 = 2_704_156;

/// The most boards of a database built into the cache: those of at most
/// 16 seeds on Abapa's 12 houses, C(28, 12) = 30 421 755.
const MAX_CACHED_BOARDS: u128 = 30_421_755;

/// The seeds a database built for `ruleset` goes up to: at most `most` and
/// the ruleset's seeds, and fewer on boards with more houses, so that it
/// holds at most `max_boards` boards.
fn seeds_for(ruleset: &Ruleset, most: u8, max_boards: u128) -> u8 {
    let houses = 2 * ruleset.houses_per_side() as u128;
    // Boards with at most k seeds on `houses` houses: C(k + houses, houses).
    let boards = |k: u128| (1..=houses).fold(1u128, |c, i| c * (k + i) / i);
    let most = most.min(ruleset.total_seeds());
    (0..=most)
        .rev()
        .find(|&k| boards(u128::from(k)) <= max_boards)
        .unwrap_or(0)
}

/// Whether `db` is one of the databases built here.
pub(crate) fn is_automatic(db: &Arc<Database>) -> bool {
    let built = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
    built.iter().any(|(_, slot)| {
        let dbs = slot.lock().unwrap_or_else(PoisonError::into_inner);
        dbs.iter().any(|d| Arc::ptr_eq(d, db))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn databases_stay_small_and_within_the_ruleset_seeds() {
        let seeds = |text: &str, most, boards| seeds_for(&text.parse().unwrap(), most, boards);
        assert_eq!(seeds("abapa", 12, MAX_MEMORY_BOARDS), 12);
        assert_eq!(seeds("abapa", 16, MAX_CACHED_BOARDS), 16);
        assert_eq!(seeds("abapa(2,1)", 12, MAX_MEMORY_BOARDS), 4); // only 4 seeds in the game
        // 18 houses: 9 seeds make C(27, 18) = 4.7 M boards, 8 make 1.6 M.
        assert_eq!(seeds("abapa(9,4)", 12, MAX_MEMORY_BOARDS), 8);
    }

    #[test]
    fn cache_directories_are_one_a_ruleset_with_plain_names() {
        assert_eq!(dir_name(&Ruleset::openspiel()), "openspiel");
        let ruleset: Ruleset = "abapa(3,3,grand_slam=capture-all)".parse().unwrap();
        assert_eq!(dir_name(&ruleset), "abapa_3,3,grand_slam=capture-all_");
    }
}
