//! Stopping long work from another thread: the one stop flag of the crate.

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A stop flag shared between the thread doing long work and the threads
/// that may want it to end: "stop now" for a search, a perft, a match, an
/// endgame build or solve.
///
/// A handle is an `Arc<AtomicBool>`: cloning it is cheap and every clone
/// is the same flag, so one clone goes with the work and another stays
/// with whoever may stop it (another thread, a signal handler's flag, a
/// user interface). [`StopHandle::stop`] sets the flag; it stays set until
/// [`StopHandle::reset`].
///
/// The calls that honour it look at the flag every few thousand steps, so
/// a stop takes effect within milliseconds and costs nothing measurable:
/// - [`perft_with_stop`](crate::perft_with_stop) returns [`Stopped`];
/// - [`play_match_with_stop`](crate::search::play_match_with_stop) returns
///   [`Stopped`] (no partial result), and stops the players' searches;
/// - [`Database::build_with_stop`](crate::endgame::Database::build_with_stop)
///   and [`Database::build_next_layer_with_stop`](crate::endgame::Database::build_next_layer_with_stop)
///   return [`EndgameError::Stopped`](crate::endgame::EndgameError::Stopped),
///   keeping the layers already built;
///   [`Database::solve_with_stop`](crate::endgame::Database::solve_with_stop)
///   returns [`SolveError::Stopped`](crate::endgame::SolveError::Stopped);
/// - a [`Searcher`](crate::search::Searcher) (and so a
///   [`Player`](crate::search::Player)) ends its search and returns the
///   last iteration it completed: a search stops, with a result, rather
///   than failing. A searcher's own handle
///   ([`Searcher::stop_handle`](crate::search::Searcher::stop_handle)) is
///   reset when the search it stopped returns; a handle given with
///   [`Searcher::set_stop`](crate::search::Searcher::set_stop) is left set
///   for its owner to reset.
///
/// ```
/// use oware::{Position, StopHandle, Stopped, perft_with_stop};
/// let stop = StopHandle::new();
/// let worker = stop.clone(); // the same flag
/// assert_eq!(perft_with_stop(&Position::default(), 4, &worker), Ok(1014));
/// stop.stop();
/// assert!(worker.is_stopped());
/// assert_eq!(perft_with_stop(&Position::default(), 30, &worker), Err(Stopped));
/// stop.reset();
/// assert_eq!(perft_with_stop(&Position::default(), 2, &worker), Ok(36));
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// A new flag, not set.
    #[must_use]
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Sets the flag: the work that watches it stops at its next check.
    /// Safe from any thread.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is set.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Clears the flag, so that the handle can stop the next piece of work.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// The error of work ended by a [`StopHandle`] before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stopped;

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stopped before it finished")
    }
}

impl core::error::Error for Stopped {}

/// Steps between two looks at a stop flag in the loops that honour one: a
/// step is a position visited, so this is well under a millisecond.
pub(crate) const STEPS_BETWEEN_CHECKS: u32 = 4096;

/// Counts the steps of a loop and looks at a stop flag every
/// [`STEPS_BETWEEN_CHECKS`] of them.
#[derive(Debug)]
pub(crate) struct Checker<'a> {
    stop: &'a StopHandle,
    left: u32,
}

impl<'a> Checker<'a> {
    pub(crate) fn new(stop: &'a StopHandle) -> Checker<'a> {
        Checker {
            stop,
            left: STEPS_BETWEEN_CHECKS,
        }
    }

    /// One step: `Err(Stopped)` when this step is a check and the flag is set.
    #[inline]
    pub(crate) fn step(&mut self) -> Result<(), Stopped> {
        self.left -= 1;
        if self.left == 0 {
            self.left = STEPS_BETWEEN_CHECKS;
            if self.stop.is_stopped() {
                return Err(Stopped);
            }
        }
        Ok(())
    }

    /// `Err(Stopped)` if the flag is set, looking now.
    pub(crate) fn now(&self) -> Result<(), Stopped> {
        if self.stop.is_stopped() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
}
