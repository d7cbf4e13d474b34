//! Counting move sequences, to test move generation against other programs.

use crate::stop::Checker;
use crate::{House, Move, Position, StopHandle, Stopped};

/// Counts the legal move sequences of exactly `depth` plies from `pos`.
///
/// A game that ends earlier contributes nothing (the chess convention), and
/// `perft(pos, 0)` is 1. The depth is a `u8`: the count grows about
/// fivefold a ply in Abapa, so 255 plies is far beyond reach, and the
/// recursion stays shallow. Only the rules a [`Position`] sees apply:
/// repetition and ply limits, which need a game's history, do not.
/// Depths past about 14 take hours; [`perft_with_stop`] can be stopped.
///
/// ```
/// use oware::{perft, Position};
/// let start = Position::default();
/// assert_eq!([1, 2, 3, 4, 5].map(|d| perft(&start, d)), [6, 36, 190, 1014, 5219]);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u8) -> u64 {
    match count(pos, depth, &mut NeverStop) {
        Ok(nodes) => nodes,
        Err(never) => match never {},
    }
}

/// [`perft`] that a [`StopHandle`] can end: it looks at the flag every few
/// thousand positions (well under a millisecond apart).
///
/// # Errors
/// [`Stopped`] when the flag is set before the count is done (at once if it
/// is set when the call starts).
///
/// ```
/// use oware::{perft_with_stop, Position, StopHandle, Stopped};
/// let stop = StopHandle::new();
/// assert_eq!(perft_with_stop(&Position::default(), 5, &stop), Ok(5219));
/// stop.stop();
/// assert_eq!(perft_with_stop(&Position::default(), 30, &stop), Err(Stopped));
/// ```
pub fn perft_with_stop(pos: &Position, depth: u8, stop: &StopHandle) -> Result<u64, Stopped> {
    let mut checker = Checker::new(stop);
    checker.now()?;
    count(pos, depth, &mut checker)
}

/// What [`count`] calls at each inner node: the stop check, or nothing.
trait Step {
    type Error;
    fn step(&mut self) -> Result<(), Self::Error>;
}

/// The check of plain [`perft`]: never stops, and compiles to nothing.
struct NeverStop;

impl Step for NeverStop {
    type Error = core::convert::Infallible;

    #[inline(always)]
    fn step(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

impl Step for Checker<'_> {
    type Error = Stopped;

    #[inline(always)]
    fn step(&mut self) -> Result<(), Stopped> {
        Checker::step(self)
    }
}

/// The count of [`perft`], calling `check` once at each position that is
/// not at the frontier.
fn count<S: Step>(pos: &Position, depth: u8, check: &mut S) -> Result<u64, S::Error> {
    let mut mask = pos.legal_mask();
    Ok(match depth {
        0 => 1,
        // Bulk counting: the frontier's moves need not be played.
        1 => u64::from(mask.count_ones()),
        _ => {
            check.step()?;
            let mut nodes = 0;
            while mask != 0 {
                let mut child = *pos;
                child.play_unchecked(Move::new(pos.turn(), House(mask.trailing_zeros() as u8)));
                nodes += count(&child, depth - 1, check)?;
                mask &= mask - 1;
            }
            nodes
        }
    })
}
