//! Level 5's endgame databases without set-up: built on first use by a
//! background thread, one per ruleset and process, in memory up to
//! [`AUTO_ENDGAME_SEEDS`] and, where the user's cache directory can be
//! written, on up to [`CACHED_ENDGAME_SEEDS`] into it (where the machine
//! has the memory), so that later processes load them; each layer is
//! played from as soon as it is built.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use crate::Ruleset;
use crate::endgame::{Convention, Database};

/// The most seeds on the board of the positions level 5 builds in memory
/// for its endgame database: 12 (C(24, 12) = 2.7 M boards, built in about
/// 3 seconds on a 2-core machine; [`Level`](super::Level) tells more).
pub const AUTO_ENDGAME_SEEDS: u8 = 12;

/// The most seeds on the board of the layers level 5 goes on to build into
/// the endgame cache directory (see [`endgame_cache_dir`]) by default: 22
/// (C(34, 12) = 548 M boards; for `openspiel` 1.6 GB on disk and in
/// memory, 2.6 GB at the peak of the build, about 9 minutes on a 2-core
/// machine, once per machine and ruleset), as far as the machine's memory
/// allows: see [`auto_endgame_seeds`]. [`ENDGAME_SEEDS_VAR`] changes it.
/// (Against Aalina at 200 ms a move, 80 games on the same openings, the
/// 22-seed database scored 74.4 % where the 20-seed one scored 71.3 %.)
pub const CACHED_ENDGAME_SEEDS: u8 = 22;

/// The environment variable that sets the most seeds of the layers level 5
/// builds into the endgame cache, in place of [`CACHED_ENDGAME_SEEDS`]: a
/// number of seeds, such as `16` (30 M boards, 91 MB for Abapa, about a
/// minute). Still no further than the memory allows, and never below the
/// [`AUTO_ENDGAME_SEEDS`] layers built in memory (a smaller number gives
/// those); it has no effect without a cache directory. A value that is not
/// a number from 0 to 255 is ignored.
pub const ENDGAME_SEEDS_VAR: &str = "OWARE_ENDGAME_SEEDS";

/// The layers level 5 builds for a ruleset ([`auto_endgame_seeds`]): every
/// layer up to `in_memory` seeds before it first plays from the database,
/// then, one at a time, those up to `cached` seeds into the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AutoEndgameSeeds {
    /// The most seeds on the board of the layers built first, in memory
    /// (and written into the cache, where there is one).
    pub in_memory: u8,
    /// The most seeds on the board of the layers built after them into the
    /// cache directory; equal to `in_memory` when there is no cache.
    pub cached: u8,
}

/// The layers level 5 builds for `ruleset` on this machine, as
/// [`auto_endgame`] builds them: in memory up to [`AUTO_ENDGAME_SEEDS`];
/// where there is a cache directory ([`endgame_cache_dir`]), on to
/// [`CACHED_ENDGAME_SEEDS`] seeds or the number [`ENDGAME_SEEDS_VAR`]
/// gives, but no further than the layers whose build takes at most half of
/// the memory the system reports available now
/// ([`Database::memory_to_build`]; on Linux, `MemAvailable` and the
/// cgroup's limit). Where the system reports none, the default stops at 16
/// seeds (91 MB for Abapa). Fewer seeds where the ruleset has fewer or a
/// board with more houses (at most 2.7 M boards in memory and, by default,
/// 548 M in the cache); both 0 for rulesets without databases (families
/// other than Oware).
///
/// ```
/// use oware::search::{auto_endgame_seeds, AUTO_ENDGAME_SEEDS, CACHED_ENDGAME_SEEDS};
/// let seeds = auto_endgame_seeds(&oware::Ruleset::abapa());
/// assert_eq!(seeds.in_memory, AUTO_ENDGAME_SEEDS);
/// assert!(seeds.cached >= seeds.in_memory && seeds.cached <= CACHED_ENDGAME_SEEDS);
/// ```
#[must_use]
pub fn auto_endgame_seeds(ruleset: &Ruleset) -> AutoEndgameSeeds {
    let env = std::env::var_os(ENDGAME_SEEDS_VAR);
    let cache = endgame_cache_dir(ruleset).is_some();
    plan(ruleset, cache, env.as_deref(), available_memory())
}

/// [`auto_endgame_seeds`] for a machine with a cache directory or none,
/// [`ENDGAME_SEEDS_VAR`] set to `env`, and `available` bytes of memory
/// (`None`: unknown).
fn plan(
    ruleset: &Ruleset,
    cache: bool,
    env: Option<&OsStr>,
    available: Option<u64>,
) -> AutoEndgameSeeds {
    let Ok(db) = Database::new(ruleset, Convention::of(ruleset)) else {
        return AutoEndgameSeeds {
            in_memory: 0,
            cached: 0,
        };
    };
    let in_memory = seeds_for(ruleset, AUTO_ENDGAME_SEEDS, MAX_MEMORY_BOARDS);
    let asked = env
        .and_then(OsStr::to_str)
        .and_then(|v| v.trim().parse::<u8>().ok());
    let target = match (asked, available) {
        (Some(seeds), _) => seeds.min(ruleset.total_seeds()),
        (None, Some(_)) => seeds_for(ruleset, CACHED_ENDGAME_SEEDS, MAX_CACHED_BOARDS),
        (None, None) => seeds_for(ruleset, SURE_CACHED_SEEDS, SURE_CACHED_BOARDS),
    };
    let fits = |k: u8| available.is_none_or(|bytes| db.memory_to_build_to(k) <= bytes / 2);
    let cached = (in_memory..=target)
        .rev()
        .find(|&k| fits(k))
        .unwrap_or(in_memory);
    AutoEndgameSeeds {
        in_memory,
        cached: if cache { cached } else { in_memory },
    }
}

/// The memory the system reports available to this process, in bytes:
/// on Linux the smaller of `MemAvailable` and what the cgroup's limit
/// leaves; `None` elsewhere.
fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let system = read("/proc/meminfo").and_then(|info| {
        let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib.saturating_mul(1024))
    });
    let number = |path: &str| read(path)?.trim().parse::<u64>().ok();
    let cgroup = number("/sys/fs/cgroup/memory.max")
        .map(|max| max.saturating_sub(number("/sys/fs/cgroup/memory.current").unwrap_or(0)));
    match (system, cgroup) {
        (Some(s), Some(c)) => Some(s.min(c)),
        (s, c) => s.or(c),
    }
}

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
/// the seeds [`auto_endgame_seeds`] gives (by default
/// [`CACHED_ENDGAME_SEEDS`], as far as the machine's memory allows, or
/// [`ENDGAME_SEEDS_VAR`]'s number), writing each new layer there (and
/// this returns the larger database from then on). Fewer seeds where the
/// ruleset has fewer, or a board with more houses (at most 2.7 M boards in
/// memory and, by default, 548 M in the cache); under the ruleset's
/// convention. Every later call in the
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
/// when none of these is set, or when the directory can be neither found
/// nor made: its nearest existing ancestor is not a directory, or is
/// read-only. The directory may not exist yet.
#[must_use]
pub fn endgame_cache_dir(ruleset: &Ruleset) -> Option<PathBuf> {
    if endgame_cache_off() {
        return None;
    }
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    let root = match var(ENDGAME_CACHE_VAR) {
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
    let dir = root.join(dir_name(ruleset));
    can_be_made(&dir).then_some(dir)
}

/// Whether the user turned the endgame cache off, with
/// `OWARE_ENDGAME_CACHE=off` ([`ENDGAME_CACHE_VAR`]): then
/// [`endgame_cache_dir`] is `None` and level 5 keeps its layers in memory.
/// It tells that case from a cache directory that cannot be written, where
/// [`endgame_cache_dir`] is `None` too.
///
/// ```
/// use oware::search::{endgame_cache_dir, endgame_cache_off};
/// if endgame_cache_off() {
///     assert_eq!(endgame_cache_dir(&oware::Ruleset::abapa()), None);
/// }
/// ```
#[must_use]
pub fn endgame_cache_off() -> bool {
    std::env::var_os(ENDGAME_CACHE_VAR).is_some_and(|v| v == "off")
}

/// Whether `dir` is a directory, or one could be made there: its nearest
/// existing ancestor (the working directory for a relative path) is a
/// directory that is not read-only.
fn can_be_made(dir: &std::path::Path) -> bool {
    let here = std::path::Path::new(".");
    dir.ancestors()
        .map(|a| if a.as_os_str().is_empty() { here } else { a })
        .find_map(|a| std::fs::metadata(a).ok())
        .is_some_and(|m| m.is_dir() && !m.permissions().readonly())
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
        .spawn(move || {
            let seeds = auto_endgame_seeds(&ruleset);
            build_into(&ruleset, &slot, seeds, endgame_cache_dir(&ruleset));
        });
}

/// Loads, builds and publishes `ruleset`'s databases into `slot`: first
/// the layers up to `seeds.in_memory`, then each layer up to
/// `seeds.cached` as soon as it is built and written into `cache`.
fn build_into(ruleset: &Ruleset, slot: &Slot, seeds: AutoEndgameSeeds, cache: Option<PathBuf>) {
    let Ok(mut db) = Database::new(ruleset, Convention::of(ruleset)) else {
        return;
    };
    let mut cache = cache.filter(|dir| std::fs::create_dir_all(dir).is_ok());
    if let Some(dir) = &cache {
        // A layer that cannot be read is built again, and its file replaced.
        let _ = db.read_layer_dir(dir);
    }
    // A clone shares the layers: publishing copies none of them.
    let publish = |db: &Database| {
        let db = Arc::new(db.clone());
        slot.lock().unwrap_or_else(PoisonError::into_inner).push(db);
    };
    while db.max_seeds().is_none_or(|k| k < seeds.in_memory) {
        if !build_layer(&mut db, &mut cache) {
            return;
        }
    }
    publish(&db);
    // Larger layers only where they are kept for the next process.
    while cache.is_some() && db.max_seeds() < Some(seeds.cached) {
        if !build_layer(&mut db, &mut cache) {
            break;
        }
        publish(&db);
    }
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

/// The houses of the board the default limits are drawn for: Abapa's 12.
const ABAPA_HOUSES: u128 = 12;

/// The most boards of a database built in memory: those of at most
/// [`AUTO_ENDGAME_SEEDS`] (12) seeds on Abapa's board, C(24, 12) = 2 704 156.
const MAX_MEMORY_BOARDS: u128 = boards(AUTO_ENDGAME_SEEDS as u128, ABAPA_HOUSES);

/// The most boards of a database built into the cache by default: those
/// of at most [`CACHED_ENDGAME_SEEDS`] (22) seeds on Abapa's board,
/// C(34, 12) = 548 354 040.
const MAX_CACHED_BOARDS: u128 = boards(CACHED_ENDGAME_SEEDS as u128, ABAPA_HOUSES);

/// The most seeds of the cached layers, by default, where the system
/// reports no available memory: 16, the layers of at most C(28, 12) =
/// 30 421 755 boards (91 MB for Abapa).
const SURE_CACHED_SEEDS: u8 = 16;

/// The most boards of the cached layers where the system reports no
/// available memory.
const SURE_CACHED_BOARDS: u128 = boards(SURE_CACHED_SEEDS as u128, ABAPA_HOUSES);

/// The boards with at most `seeds` seeds on `houses` houses:
/// C(seeds + houses, houses).
const fn boards(seeds: u128, houses: u128) -> u128 {
    let (mut count, mut i) = (1, 1);
    while i <= houses {
        count = count * (seeds + i) / i;
        i += 1;
    }
    count
}

/// The seeds a database built for `ruleset` goes up to: at most `most` and
/// the ruleset's seeds, and fewer on boards with more houses, so that it
/// holds at most `max_boards` boards.
fn seeds_for(ruleset: &Ruleset, most: u8, max_boards: u128) -> u8 {
    let houses = 2 * ruleset.houses_per_side() as u128;
    let most = most.min(ruleset.total_seeds());
    (0..=most)
        .rev()
        .find(|&k| boards(u128::from(k), houses) <= max_boards)
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
        assert_eq!(
            (MAX_MEMORY_BOARDS, SURE_CACHED_BOARDS, MAX_CACHED_BOARDS),
            (2_704_156, 30_421_755, 548_354_040)
        );
        assert_eq!(seeds("abapa", 12, MAX_MEMORY_BOARDS), 12);
        assert_eq!(seeds("abapa", 22, MAX_CACHED_BOARDS), 22);
        assert_eq!(seeds("abapa", 30, MAX_CACHED_BOARDS), 22);
        assert_eq!(seeds("abapa", 16, SURE_CACHED_BOARDS), 16);
        assert_eq!(seeds("abapa(2,1)", 12, MAX_MEMORY_BOARDS), 4); // only 4 seeds in the game
        // 18 houses: 9 seeds make C(27, 18) = 4.7 M boards, 8 make 1.6 M.
        assert_eq!(seeds("abapa(9,4)", 12, MAX_MEMORY_BOARDS), 8);
    }

    /// The plan for `text` with a cache or none, the variable set to
    /// `env`, and `gib` GiB of memory available.
    fn plan_of(text: &str, cache: bool, env: Option<&str>, gib: Option<u64>) -> (u8, u8) {
        let ruleset: Ruleset = text.parse().unwrap();
        let p = plan(&ruleset, cache, env.map(OsStr::new), gib.map(|g| g << 30));
        (p.in_memory, p.cached)
    }

    #[test]
    fn the_cached_layers_go_as_far_as_half_the_available_memory() {
        assert_eq!(plan_of("abapa", true, None, Some(24)), (12, 22));
        // Up to 21 seeds the build's peak is about 1.7 GB, up to 22 2.6 GB.
        assert_eq!(plan_of("abapa", true, None, Some(4)), (12, 21));
        // Up to 18 seeds the build's peak is 432 MB, up to 19 696 MB.
        assert_eq!(plan_of("abapa", true, None, Some(1)), (12, 18));
        assert_eq!(plan_of("openspiel", true, None, Some(1)), (12, 18));
        // Too little for more than the layers kept in memory anyway.
        assert_eq!(plan_of("abapa", true, None, Some(0)), (12, 12));
        // Memory not reported: the layers every machine can hold.
        assert_eq!(plan_of("abapa", true, None, None), (12, 16));
        assert_eq!(plan_of("abapa", false, None, Some(24)), (12, 12));
    }

    #[test]
    fn the_variable_sets_the_cached_seeds_within_the_memory() {
        assert_eq!(plan_of("abapa", true, Some("16"), Some(24)), (12, 16));
        assert_eq!(plan_of("abapa", true, Some(" 14\n"), None), (12, 14));
        assert_eq!(plan_of("abapa", true, Some("21"), Some(24)), (12, 21));
        assert_eq!(plan_of("abapa", true, Some("21"), Some(1)), (12, 18));
        assert_eq!(plan_of("abapa", true, Some("8"), Some(24)), (12, 12));
        assert_eq!(plan_of("abapa(2,1)", true, Some("30"), Some(24)), (4, 4));
        // Not a number of seeds: the default.
        for bad in ["", "twenty", "-3", "300", "16.5"] {
            assert_eq!(
                plan_of("abapa", true, Some(bad), Some(24)),
                (12, 22),
                "{bad:?}"
            );
        }
        assert_eq!(plan_of("kalah", true, Some("16"), Some(24)), (0, 0));
    }

    #[test]
    fn each_cached_layer_is_published_as_soon_as_it_is_built() {
        let ruleset: Ruleset = "abapa(3,3)".parse().unwrap();
        let dir = std::env::temp_dir().join(format!("oware-auto-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let published = |seeds, cache: Option<PathBuf>| {
            let slot = Slot::default();
            build_into(&ruleset, &slot, seeds, cache);
            let dbs = slot.lock().unwrap();
            dbs.iter()
                .map(|db| db.max_seeds().unwrap())
                .collect::<Vec<_>>()
        };
        let seeds = AutoEndgameSeeds {
            in_memory: 12,
            cached: 15,
        };
        assert_eq!(published(seeds, Some(dir.clone())), [12, 13, 14, 15]);
        let files = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(files, 16);
        // The next process loads them all at once; without a cache, only
        // the layers kept in memory.
        assert_eq!(published(seeds, Some(dir.clone())), [15]);
        assert_eq!(published(seeds, None), [12]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_cache_directory_is_one_that_exists_or_can_be_made() {
        let base = std::env::temp_dir().join(format!("oware-made-{}", std::process::id()));
        std::fs::create_dir_all(&base).unwrap();
        assert!(can_be_made(&base));
        assert!(can_be_made(&base.join("a/b/c")));
        assert!(can_be_made(std::path::Path::new("not-yet/made")));
        // Under a file, no directory can be made.
        let file = base.join("file");
        std::fs::write(&file, "").unwrap();
        assert!(!can_be_made(&file));
        assert!(!can_be_made(&file.join("abapa")));
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn cache_directories_are_one_a_ruleset_with_plain_names() {
        assert_eq!(dir_name(&Ruleset::openspiel()), "openspiel");
        let ruleset: Ruleset = "abapa(3,3,grand_slam=capture-all)".parse().unwrap();
        assert_eq!(dir_name(&ruleset), "abapa_3,3,grand_slam=capture-all_");
    }
}
