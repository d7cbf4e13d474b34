//! Counting move sequences, to test move generation against other programs.

use crate::{House, Move, Position};

/// Counts the legal move sequences of exactly `depth` plies from `pos`.
///
/// A game that ends earlier contributes nothing (the chess convention), and
/// `perft(pos, 0)` is 1. The depth is a `u8`: the count grows about
/// fivefold a ply in Abapa, so 255 plies is far beyond reach, and the
/// recursion stays shallow. Only the rules a [`Position`] sees apply:
/// repetition and ply limits, which need a game's history, do not.
///
/// ```
/// use oware::{perft, Position};
/// let start = Position::default();
/// assert_eq!([1, 2, 3, 4, 5].map(|d| perft(&start, d)), [6, 36, 190, 1014, 5219]);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u8) -> u64 {
    let mut mask = pos.legal_mask();
    match depth {
        0 => 1,
        // Bulk counting: the frontier's moves need not be played.
        1 => u64::from(mask.count_ones()),
        _ => {
            let mut nodes = 0;
            while mask != 0 {
                let mut child = *pos;
                child.play_unchecked(Move::new(pos.turn(), House(mask.trailing_zeros() as u8)));
                nodes += perft(&child, depth - 1);
                mask &= mask - 1;
            }
            nodes
        }
    }
}
