//! Endgame databases (in progress): the compact indexing of positions by
//! their seed distribution, on which the retrograde analysis will store one
//! value per position.

mod index;

pub use index::SeedIndex;
