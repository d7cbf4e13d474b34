//! The transposition table: what earlier searches learned about positions.

use super::{WIN, WIN_BAND};
use crate::{House, Move, Position};

/// How a stored score bounds the true one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One entry: 16 bytes.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    key: u64,
    /// The score, with win distances counted from this position.
    score: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    /// The best move's house, or `u8::MAX`.
    house: u8,
}

impl Entry {
    const EMPTY: Entry = Entry {
        key: 0,
        score: 0,
        depth: 0,
        bound: Bound::Upper,
        house: u8::MAX,
    };

    /// The score seen from `ply` plies below the root.
    pub(crate) fn score(&self, ply: u16) -> i32 {
        from_node(self.score, -i32::from(ply))
    }

    /// The stored best move, if it is legal in `pos` (a hash collision can
    /// bring a move of another position).
    pub(crate) fn best_move(&self, pos: &Position) -> Option<Move> {
        let house = House::new(usize::from(self.house))?;
        (pos.legal_mask() & 1 << house.index() != 0).then(|| Move::new(pos.turn(), house))
    }
}

/// Moves a win or loss score between root-relative and node-relative
/// distances (`shift` plies); other scores are unchanged.
fn from_node(score: i32, shift: i32) -> i32 {
    if score > WIN - WIN_BAND {
        score + shift
    } else if score < -WIN + WIN_BAND {
        score - shift
    } else {
        score
    }
}

/// A fixed-size table, indexed by the low bits of the position hash.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    pub(crate) fn new(entries: usize) -> Table {
        let size = entries
            .clamp(1, super::MAX_TABLE_ENTRIES)
            .next_power_of_two();
        Table {
            entries: vec![Entry::EMPTY; size],
            mask: size - 1,
        }
    }

    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
    }

    pub(crate) fn probe(&self, key: u64) -> Option<&Entry> {
        let entry = &self.entries[key as usize & self.mask];
        (entry.key == key && key != 0).then_some(entry)
    }

    /// Stores a result, replacing what was there unless that was a deeper
    /// search of the same position.
    pub(crate) fn store(
        &mut self,
        key: u64,
        depth: u8,
        score: i32,
        bound: Bound,
        best: Option<Move>,
        ply: u16,
    ) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key && slot.depth > depth && bound != Bound::Exact {
            return;
        }
        *slot = Entry {
            key,
            score: from_node(score, i32::from(ply)),
            depth,
            bound,
            house: best.map_or(u8::MAX, |m| m.house().index() as u8),
        };
    }
}
