//! The transposition table: what earlier searches learned about positions,
//! shared by every thread of a search.
//!
//! Entries are two atomic words, the key XOR-ed with the data and the data
//! itself, so that threads read and write without locks and a torn write
//! (one word from each of two writers) reads as a miss, not as a wrong
//! entry. Four entries make a bucket of one cache line; a new result
//! replaces, in its bucket, the entry of the same key, else the one worth
//! least: shallow and from earlier searches.

use core::sync::atomic::{AtomicU8, AtomicU64, Ordering};

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

/// Entries per bucket.
const BUCKET: usize = 4;

/// What a probe finds.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    /// The score, with win distances counted from this position.
    score: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    /// The best move's house, or `NO_HOUSE`.
    house: u8,
    generation: u8,
}

const NO_HOUSE: u8 = 31;

impl Entry {
    /// The score seen from `ply` plies below the root.
    pub(crate) fn score(&self, ply: u16) -> i32 {
        from_node(self.score, -i32::from(ply))
    }

    /// The stored best move, if it is legal in `pos`, whose legal moves
    /// are `legal` ([`Position::legal_mask`]; a hash collision can bring a
    /// move of another position).
    pub(crate) fn best_move(&self, pos: &Position, legal: u16) -> Option<Move> {
        let house = House::new(usize::from(self.house))?;
        (legal & 1 << house.index() != 0).then(|| Move::new(pos.turn(), house))
    }

    /// Packs the entry in one word: score (32 bits), depth (8), bound (2),
    /// house (5), generation (8), and a set bit so no entry packs to 0.
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.score as u32)
            | u64::from(self.depth) << 32
            | bound << 40
            | u64::from(self.house) << 42
            | u64::from(self.generation) << 47
            | 1 << 55
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            score: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound: match (data >> 40) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            house: ((data >> 42) & 31) as u8,
            generation: (data >> 47) as u8,
        }
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

/// One slot: the key XOR the data, and the data (0 and 0: empty).
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table of buckets, indexed by the low bits of the key.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<Slot>,
    /// Buckets minus one.
    mask: usize,
    /// The current search's number, so entries of earlier searches are
    /// replaced first.
    generation: AtomicU8,
}

impl Table {
    /// A table of `entries` entries (rounded up to a power of two, at least
    /// one bucket, at most [`super::MAX_TABLE_ENTRIES`]).
    pub(crate) fn new(entries: usize) -> Table {
        let size = entries
            .clamp(BUCKET, super::MAX_TABLE_ENTRIES)
            .next_power_of_two();
        let mut slots = Vec::new();
        slots.resize_with(size, Slot::default);
        Table {
            slots,
            mask: size / BUCKET - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot = Slot::default();
        }
    }

    /// Starts a new search: entries stored before it age.
    pub(crate) fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        let start = (key as usize & self.mask) * BUCKET;
        &self.slots[start..start + BUCKET]
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            (check ^ data == key && data != 0).then(|| Entry::unpack(data))
        })
    }

    /// Stores a result: over the entry of the same key (unless that one is a
    /// deeper search of this one's and this one is only a bound), else over
    /// the entry worth least (the shallowest, counting each search's age as
    /// two plies).
    pub(crate) fn store(
        &self,
        key: u64,
        depth: u8,
        score: i32,
        bound: Bound,
        best: Option<Move>,
        ply: u16,
    ) {
        let generation = self.generation.load(Ordering::Relaxed);
        let entry = Entry {
            score: from_node(score, i32::from(ply)),
            depth,
            bound,
            house: best.map_or(NO_HOUSE, |m| m.house().index() as u8),
            generation,
        };
        let bucket = self.bucket(key);
        let read = |slot: &Slot| {
            let data = slot.data.load(Ordering::Relaxed);
            (slot.check.load(Ordering::Relaxed) ^ data, data)
        };
        let same = bucket.iter().find(|slot| {
            let (k, data) = read(slot);
            k == key && data != 0
        });
        let slot = match same {
            Some(slot) => {
                let old = Entry::unpack(slot.data.load(Ordering::Relaxed));
                if old.depth > depth && bound != Bound::Exact && old.generation == generation {
                    return;
                }
                slot
            }
            None => bucket
                .iter()
                .min_by_key(|slot| {
                    let (_, data) = read(slot);
                    if data == 0 {
                        return i32::MIN;
                    }
                    let old = Entry::unpack(data);
                    let age = i32::from(generation.wrapping_sub(old.generation));
                    i32::from(old.depth) - 2 * age
                })
                .unwrap_or(&bucket[0]),
        };
        let data = entry.pack();
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}
