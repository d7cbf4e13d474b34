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
/// (positions of up to [`AUTO_ENDGAME_SEEDS`] seeds on the board, fewer
/// where the ruleset has fewer seeds or a board with more houses, so that
/// it holds at most 2.7 M boards; under the ruleset's convention), if it is
/// ready: the first call for a ruleset starts its build in a background
/// thread, and every later one in the process shares it. `None` while it
/// builds, and always for rulesets that have none: families other than
/// Oware, or no thread to build it on. Give it to a
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
            let seeds = seeds_for(&ruleset);
            let db = Database::build(&ruleset, Convention::of(&ruleset), seeds).ok();
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

/// The most boards a database built here holds: those of at most 12 seeds
/// on Abapa's 12 houses, C(24, 12) = 2 704 156.
const MAX_BOARDS: u128 = 2_704_156;

/// The seeds a database built for `ruleset` goes up to: at most
/// [`AUTO_ENDGAME_SEEDS`] and the ruleset's seeds, and fewer on boards
/// with more houses, so that it holds at most [`MAX_BOARDS`] boards.
fn seeds_for(ruleset: &Ruleset) -> u8 {
    let houses = 2 * ruleset.houses_per_side() as u128;
    // Boards with at most k seeds on `houses` houses: C(k + houses, houses).
    let boards = |k: u128| (1..=houses).fold(1u128, |c, i| c * (k + i) / i);
    let most = AUTO_ENDGAME_SEEDS.min(ruleset.total_seeds());
    (0..=most)
        .rev()
        .find(|&k| boards(u128::from(k)) <= MAX_BOARDS)
        .unwrap_or(0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn databases_stay_small_and_within_the_ruleset_seeds() {
        let seeds = |text: &str| seeds_for(&text.parse().unwrap());
        assert_eq!(seeds("abapa"), 12);
        assert_eq!(seeds("abapa(2,1)"), 4); // only 4 seeds in the game
        // 18 houses: 9 seeds make C(27, 18) = 4.7 M boards, 8 make 1.6 M.
        assert_eq!(seeds("abapa(9,4)"), 8);
    }
}
