//! Level 5's endgame databases built on first use: one per ruleset and
//! process, built in memory by a background thread.

use std::sync::{Arc, Mutex, OnceLock};

use crate::Ruleset;
use crate::endgame::{Convention, Database};

/// The most seeds on the board of the positions level 5 builds its own
/// endgame database for: 12 (C(24, 12) = 2.7 M boards, built in about 3
/// seconds on a 2-core machine; [`Level`](super::Level) tells more).
pub const AUTO_ENDGAME_SEEDS: u8 = 12;

/// A database being built, or built (`None` inside: the ruleset has none).
type Slot = Arc<OnceLock<Option<Arc<Database>>>>;

/// The databases asked for in this process, by ruleset.
static BUILT: Mutex<Vec<(Ruleset, Slot)>> = Mutex::new(Vec::new());

/// The endgame database level 5 builds on first use for `ruleset`
/// (positions of up to [`AUTO_ENDGAME_SEEDS`] seeds on the board, under
/// the ruleset's convention), if it is ready: the first call for a ruleset
/// starts its build in a background thread, and every later one in the
/// process shares it. `None` while it builds, and for rulesets that have
/// none (a failed build, or no thread to build it on). Give it to a
/// [`Searcher`](super::Searcher) with `set_endgame`.
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
/// assert_eq!(db.max_seeds(), Some(oware::search::AUTO_ENDGAME_SEEDS));
/// ```
pub fn auto_endgame(ruleset: &Ruleset) -> Option<Arc<Database>> {
    let slot = {
        let mut built = BUILT
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
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
    slot.get().cloned().flatten()
}

/// Builds `ruleset`'s database into `slot` on a thread of its own.
fn start_build(ruleset: Ruleset, slot: Slot) {
    let build = {
        let slot = Arc::clone(&slot);
        move || {
            let db = Database::build(&ruleset, Convention::of(&ruleset), AUTO_ENDGAME_SEEDS).ok();
            let _ = slot.set(db.map(Arc::new));
        }
    };
    if std::thread::Builder::new()
        .name("oware-endgame".into())
        .spawn(build)
        .is_err()
    {
        let _ = slot.set(None);
    }
}

/// Whether `db` is one of the databases built here.
pub(crate) fn is_automatic(db: &Arc<Database>) -> bool {
    let built = BUILT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    built.iter().any(|(_, slot)| {
        slot.get()
            .and_then(Option::as_ref)
            .is_some_and(|d| Arc::ptr_eq(d, db))
    })
}
