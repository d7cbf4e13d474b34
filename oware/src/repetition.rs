//! The bookkeeping of the repetition rule (Abapa R11) for a [`Game`]: how
//! many times each position since the last capture has occurred, kept move
//! by move so that a move, and the undo of a move that captured nothing,
//! cost the same whatever the game's length. Undoing a capture recounts the
//! quiet stretch before it (each stretch once, so taking back a whole game
//! is linear).
//!
//! [`Game`]: crate::Game

use crate::Position;

/// No ply.
const NONE: u32 = u32::MAX;

/// The occurrences of a game's positions within their quiet stretch (the
/// plies since the last capture), by ply.
///
/// A table maps a hash of each position to the latest ply with that hash;
/// each ply links to the previous ply of the same hash. A new position
/// finds its count by following that link to an equal position, and an
/// undo puts the link back. A capture starts a new stretch by starting a
/// new generation of the table, which empties it at once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Repetitions {
    /// Whether the ruleset has a repetition rule: otherwise only the
    /// stretch's start is kept.
    tracked: bool,
    /// The first ply of the current stretch.
    first: usize,
    /// By ply: how many times the position has occurred in its stretch up
    /// to this ply, counting itself.
    counts: Vec<u16>,
    /// By ply: the latest earlier ply of the stretch with the same hash.
    earlier: Vec<u32>,
    /// Open addressing by hash; slots of an older generation are empty.
    slots: Vec<Slot>,
    /// The generation of the current stretch.
    generation: u32,
    /// Slots of the current generation.
    live: usize,
    /// Probes, links followed and positions re-read, for the tests' cost
    /// checks.
    #[cfg(test)]
    steps: usize,
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    generation: u32,
    /// The latest ply with this hash, or [`NONE`] after it was undone.
    ply: u32,
    hash: u64,
}

impl Repetitions {
    /// The bookkeeping of a game that starts at `start`.
    pub(crate) fn new(start: &Position) -> Repetitions {
        let tracked = start.ruleset().cycle().occurrences.is_some();
        // Room for a typical game (about 100 plies in Abapa), as the game's.
        let room = if tracked { 128 } else { 0 };
        let mut repetitions = Repetitions {
            tracked,
            counts: Vec::with_capacity(room),
            earlier: Vec::with_capacity(room),
            generation: 1,
            ..Repetitions::default()
        };
        repetitions.push(core::slice::from_ref(start));
        repetitions
    }

    /// Counts the last of `positions`, just added to the game's history.
    #[inline(always)]
    pub(crate) fn push(&mut self, positions: &[Position]) {
        let ply = positions.len() - 1;
        let next = &positions[ply];
        if ply > 0 && next.board().stores() != positions[ply - 1].board().stores() {
            // Seeds left the board: no earlier position can come back.
            self.start_stretch(ply);
        }
        if !self.tracked {
            return;
        }
        let hash = hash(next);
        let slot = self.slot_for(hash);
        let mut earlier = self.slots[slot].ply;
        let latest = earlier;
        let mut count = 1;
        while earlier != NONE {
            #[cfg(test)]
            {
                self.steps += 1;
            }
            let i = earlier as usize;
            if same(&positions[i], next) {
                count = self.counts[i].saturating_add(1);
                break;
            }
            earlier = self.earlier[i];
        }
        self.slots[slot].ply = ply as u32;
        self.counts.push(count);
        self.earlier.push(latest);
    }

    /// Forgets the last ply, about to be taken back; `positions` is the
    /// history with it still there.
    pub(crate) fn pop(&mut self, positions: &[Position]) {
        let ply = positions.len() - 1;
        if self.tracked {
            let earlier = self.earlier.pop().unwrap_or(NONE);
            self.counts.pop();
            if ply > self.first {
                let slot = self.slot_for(hash(&positions[ply]));
                self.slots[slot].ply = earlier;
            }
        }
        if ply == self.first && ply > 0 {
            // The ply took seeds: the stretch before it comes back.
            let stores = positions[ply - 1].board().stores();
            let first = positions[..ply]
                .iter()
                .rposition(|p| p.board().stores() != stores)
                .map_or(0, |i| i + 1);
            self.start_stretch(first);
            if self.tracked {
                for (i, p) in positions.iter().enumerate().take(ply).skip(first) {
                    #[cfg(test)]
                    {
                        self.steps += 1;
                    }
                    let slot = self.slot_for(hash(p));
                    self.slots[slot].ply = i as u32;
                }
            }
        }
    }

    /// How many times the latest position has occurred in its stretch
    /// (1 the first time); 0 when the ruleset has no repetition rule.
    pub(crate) fn count(&self) -> u16 {
        self.counts.last().copied().unwrap_or(0)
    }

    /// The first ply since the last capture.
    pub(crate) fn stretch_start(&self) -> usize {
        self.first
    }

    /// Empties the table for a stretch that starts at `ply`.
    fn start_stretch(&mut self, ply: usize) {
        self.first = ply;
        self.generation = self.generation.wrapping_add(1).max(1);
        self.live = 0;
        if self.generation == 1 {
            // After 2^32 stretches, the old generations could come back.
            self.slots.iter_mut().for_each(|s| *s = Slot::default());
        }
    }

    /// The slot of `hash` in the current generation, taken (with no ply)
    /// if it was not there.
    #[inline(always)]
    fn slot_for(&mut self, hash: u64) -> usize {
        if 2 * (self.live + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.generation != self.generation {
                *slot = Slot {
                    generation: self.generation,
                    ply: NONE,
                    hash,
                };
                self.live += 1;
                return i;
            }
            if slot.hash == hash {
                return i;
            }
            #[cfg(test)]
            {
                self.steps += 1;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table (16 slots at first), keeping the current
    /// generation's slots.
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(16);
        let old = core::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        let mask = size - 1;
        for slot in old.into_iter().filter(|s| s.generation == self.generation) {
            let mut i = slot.hash as usize & mask;
            while self.slots[i].generation == self.generation {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

impl PartialEq for Repetitions {
    /// Always: the bookkeeping follows from the positions, which the game
    /// compares.
    fn eq(&self, _: &Repetitions) -> bool {
        true
    }
}

impl Eq for Repetitions {}

/// Whether two positions of one game are the same for the repetition rule:
/// the same houses, stores and side to move.
#[inline]
fn same(a: &Position, b: &Position) -> bool {
    a.board() == b.board() && a.turn() == b.turn()
}

/// A hash of what [`same`] compares.
#[inline]
fn hash(p: &Position) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let pits = &p.board.pits;
    let word = |i: usize| {
        let mut bytes = [0; 8];
        let end = (i + 8).min(pits.len());
        bytes[..end - i].copy_from_slice(&pits[i..end]);
        u64::from_le_bytes(bytes)
    };
    let [south, north] = p.board.stores;
    let rest = word(16) | u64::from(south) << 16 | u64::from(north) << 24 | (p.turn as u64) << 32;
    let h = (word(0).wrapping_mul(K).rotate_left(29) ^ word(8)).wrapping_mul(K);
    let h = (h.rotate_left(29) ^ rest).wrapping_mul(K);
    h ^ h >> 32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::zobrist::mix;
    use crate::{CycleRule, Ruleset};

    /// The count and stretch start, found by looking at every position.
    fn naive(positions: &[Position]) -> (u16, usize) {
        let last = positions.last().unwrap();
        let stores = last.board().stores();
        let first = positions
            .iter()
            .rposition(|p| p.board().stores() != stores)
            .map_or(0, |i| i + 1);
        let count = positions[first..].iter().filter(|p| same(p, last)).count();
        (count as u16, first)
    }

    /// Random games with random take-backs, on a small board where
    /// positions come back often and long quiet stretches happen: the
    /// counts kept move by move are the counts of the whole history.
    #[test]
    fn counts_match_the_history_through_moves_and_undos() {
        let mut options = Ruleset::abapa().options();
        options.seeds_per_house = 2;
        options.cycle = CycleRule {
            occurrences: Some(200),
            no_capture_plies: None,
            max_plies: None,
            ..CycleRule::abapa()
        };
        let ruleset = Ruleset::new(options).unwrap();
        let mut draws = 0u64;
        let mut draw = |n: u64| {
            draws += 1;
            mix(draws) % n
        };
        let (mut repeats, mut undos_over_captures) = (0, 0);
        for _game in 0..200 {
            let mut positions = vec![Position::new(ruleset)];
            let mut repetitions = Repetitions::new(&positions[0]);
            for _step in 0..400 {
                let pos = *positions.last().unwrap();
                let moves = pos.legal_moves();
                if !moves.is_empty() && (positions.len() == 1 || draw(4) != 0) {
                    let mut next = pos;
                    next.play_unchecked(moves[draw(moves.len() as u64) as usize]);
                    positions.push(next);
                    repetitions.push(&positions);
                } else if positions.len() > 1 {
                    if repetitions.stretch_start() == positions.len() - 1 {
                        undos_over_captures += 1;
                    }
                    repetitions.pop(&positions);
                    positions.pop();
                } else {
                    break;
                }
                let (count, first) = naive(&positions);
                assert_eq!(
                    (repetitions.count(), repetitions.stretch_start()),
                    (count, first)
                );
                repeats += usize::from(count > 1);
            }
        }
        assert!(
            repeats > 1000 && undos_over_captures > 100,
            "{repeats} {undos_over_captures}"
        );
    }

    /// A game of many quiet plies without a repetition limit, played and
    /// taken back: the table work is a few steps a ply, whatever the length.
    #[test]
    fn a_long_quiet_game_is_linear_to_play_and_take_back() {
        // Only 31 seeds capture, as in a record that once stalled search.
        let mut options = Ruleset::abapa().options();
        if let crate::Family::Oware(rules) = &mut options.family {
            rules.capture_counts = crate::CaptureCounts::from_counts(&[31]).unwrap();
        }
        options.cycle = CycleRule {
            occurrences: Some(u8::MAX),
            no_capture_plies: None,
            max_plies: Some(u16::MAX),
            ..CycleRule::abapa()
        };
        let ruleset = Ruleset::new(options).unwrap();
        let mut positions = vec![Position::new(ruleset)];
        let mut repetitions = Repetitions::new(&positions[0]);
        let mut draws = 0u64;
        // Play on quietly: never a capture, choosing among quiet moves.
        while positions.len() <= 30_000 {
            let pos = *positions.last().unwrap();
            let quiet: Vec<Position> = pos
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut next = pos;
                    next.play_unchecked(m);
                    next
                })
                .filter(|next| next.board().stores() == pos.board().stores())
                .collect();
            if quiet.is_empty() {
                break;
            }
            draws += 1;
            positions.push(quiet[(mix(draws) % quiet.len() as u64) as usize]);
            repetitions.push(&positions);
        }
        let plies = positions.len() - 1;
        assert_eq!(plies, 30_000);
        while positions.len() > 1 {
            repetitions.pop(&positions);
            positions.pop();
        }
        assert!(
            repetitions.steps < 8 * plies,
            "{} steps for {plies} plies",
            repetitions.steps
        );
    }
}
