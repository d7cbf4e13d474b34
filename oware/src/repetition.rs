//! The bookkeeping of the repetition and no-capture rules (Abapa R11) for a
//! stack of positions, a [`Game`]'s history or a search's path: where each
//! position's quiet stretch (the plies since the last capture) starts and
//! how many times the position has occurred in it. It is kept move by move,
//! so that a move and an undo cost the same whatever the game's length, and
//! its memory follows the positions on the stack.
//!
//! [`Game`]: crate::Game

use std::collections::TryReserveError;

use crate::Position;

/// No entry.
const NONE: u32 = u32::MAX;

/// The occurrences of the positions on a stack within their quiet stretch,
/// by entry (entry `i` is the `i`-th position pushed and not popped).
///
/// A table maps each hash on the stack to its latest entry; each entry
/// links to the previous entry with the same hash, in any stretch. A new
/// position finds its count by following that link back to an equal
/// position, stopping at its stretch's start; a pop puts the link back in
/// the table, and takes the hash out of the table when it was the last
/// entry with it (backward-shift deletion, so no slot outlives its entry).
#[derive(Debug, Default)]
pub(crate) struct Occurrences {
    /// Whether occurrences are counted (the ruleset has a repetition
    /// rule): otherwise only the stretches' starts are kept.
    tracked: bool,
    /// By entry: the first entry of its stretch.
    starts: Vec<u32>,
    /// By entry, when tracked: its hash, count and links.
    entries: Vec<Entry>,
    /// Open addressing by hash (linear probing); a slot with no entry is
    /// empty. Empty until the first tracked push.
    slots: Vec<Slot>,
    /// Slots holding an entry.
    live: usize,
    /// Probes, links followed and slots moved, for the tests' cost checks.
    #[cfg(test)]
    pub(crate) steps: usize,
}

impl Clone for Occurrences {
    /// A copy whose table is sized for the hashes it holds (a copy of a new
    /// game's bookkeeping is small, however much room the original has).
    fn clone(&self) -> Occurrences {
        let mut copy = Occurrences {
            tracked: self.tracked,
            starts: self.starts.clone(),
            entries: self.entries.clone(),
            ..Occurrences::default()
        };
        if self.live > 0 {
            copy.slots = vec![Slot::default(); (2 * self.live).next_power_of_two().max(16)];
            copy.live = self.live;
            copy.insert_all(self.slots.iter().filter(|s| s.latest != NONE));
        }
        copy
    }
}

/// What an entry's occurrence count needs.
#[derive(Clone, Copy, Debug)]
struct Entry {
    hash: u64,
    /// The latest earlier entry with the same hash, in any stretch.
    earlier: u32,
    /// The position's first entry in its stretch.
    first: u32,
    /// How many times the position has occurred in its stretch up to this
    /// entry, counting it.
    count: u16,
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    hash: u64,
    /// The latest entry with this hash, or [`NONE`] for an empty slot.
    latest: u32,
}

impl Default for Slot {
    fn default() -> Slot {
        Slot {
            hash: 0,
            latest: NONE,
        }
    }
}

impl Occurrences {
    /// An empty stack with room for `room` positions; `tracked`: whether
    /// to count occurrences.
    pub(crate) fn new(tracked: bool, room: usize) -> Occurrences {
        let tracked_room = if tracked { room } else { 0 };
        Occurrences {
            tracked,
            starts: Vec::with_capacity(room),
            entries: Vec::with_capacity(tracked_room),
            slots: vec![Slot::default(); (2 * tracked_room).next_power_of_two()],
            ..Occurrences::default()
        }
    }

    /// How many positions are on the stack.
    pub(crate) fn len(&self) -> usize {
        self.starts.len()
    }

    /// Pushes a position with hash `hash`; `capture`: whether seeds left
    /// the board on the ply to it (it starts a stretch); `same(i)`: whether
    /// entry `i`, of the same hash, is the same position.
    #[inline(always)]
    pub(crate) fn push(&mut self, hash: u64, capture: bool, same: impl Fn(usize) -> bool) {
        let entry = self.len() as u32;
        let start = match self.starts.last() {
            Some(&start) if !capture => start,
            _ => entry,
        };
        self.starts.push(start);
        if !self.tracked {
            return;
        }
        let slot = self.slot_for(hash);
        let latest = self.slots[slot].latest;
        let (mut count, mut first) = (1, entry);
        let mut e = latest;
        while e != NONE && e >= start {
            self.step();
            let i = e as usize;
            if same(i) {
                let earlier = self.entries[i];
                (count, first) = (earlier.count.saturating_add(1), earlier.first);
                break;
            }
            e = self.entries[i].earlier;
        }
        self.slots[slot].latest = entry;
        self.entries.push(Entry {
            hash,
            earlier: latest,
            first,
            count,
        });
    }

    /// Pops the last position pushed.
    pub(crate) fn pop(&mut self) {
        if self.starts.pop().is_none() || !self.tracked {
            return;
        }
        let Some(Entry { hash, earlier, .. }) = self.entries.pop() else {
            return;
        };
        let slot = self.slot_for(hash);
        if earlier == NONE {
            self.remove(slot);
        } else {
            self.slots[slot].latest = earlier;
        }
    }

    /// How many times the last position has occurred in its stretch (1 the
    /// first time); 0 when occurrences are not counted or the stack is
    /// empty.
    pub(crate) fn count(&self) -> u16 {
        self.entries.last().map_or(0, |e| e.count)
    }

    /// The last position's first entry in its stretch, when occurrences
    /// are counted.
    #[cfg(test)]
    pub(crate) fn first_occurrence(&self) -> Option<usize> {
        self.entries.last().map(|e| e.first as usize)
    }

    /// The first entry of the last position's stretch (0 when empty).
    pub(crate) fn stretch_start(&self) -> usize {
        self.starts.last().map_or(0, |&s| s as usize)
    }

    /// How many times a position not on the stack, with hash `hash`, has
    /// occurred in the last position's stretch, and its first entry there;
    /// `same(i)`: whether entry `i`, of the same hash, is that position.
    /// `None` when it has not, or occurrences are not counted.
    #[inline(always)]
    pub(crate) fn find(&self, hash: u64, same: impl Fn(usize) -> bool) -> Option<(u16, usize)> {
        if !self.tracked || self.slots.is_empty() {
            return None;
        }
        let start = self.stretch_start();
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        let mut e = loop {
            let slot = self.slots[i];
            if slot.latest == NONE || slot.hash == hash {
                break slot.latest;
            }
            i = (i + 1) & mask;
        };
        while e != NONE && e as usize >= start {
            let i = e as usize;
            let entry = self.entries[i];
            if same(i) {
                return Some((entry.count, entry.first as usize));
            }
            e = entry.earlier;
        }
        None
    }

    #[inline(always)]
    fn step(&mut self) {
        #[cfg(test)]
        {
            self.steps += 1;
        }
    }

    /// The slot of `hash`, taken (with no entry) if it was not there.
    #[inline(always)]
    fn slot_for(&mut self, hash: u64) -> usize {
        if 2 * (self.live + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.latest == NONE {
                self.slots[i].hash = hash;
                self.live += 1;
                return i;
            }
            if slot.hash == hash {
                return i;
            }
            self.step();
            i = (i + 1) & mask;
        }
    }

    /// Empties slot `i`, moving back the slots after it that probing would
    /// no longer find.
    fn remove(&mut self, mut i: usize) {
        let mask = self.slots.len() - 1;
        self.live -= 1;
        let mut j = i;
        loop {
            self.slots[i].latest = NONE;
            loop {
                j = (j + 1) & mask;
                if self.slots[j].latest == NONE {
                    return;
                }
                self.step();
                let home = self.slots[j].hash as usize & mask;
                // Slot j stays where it is when its home lies cyclically in
                // (i, j]: probing from home still reaches it.
                let stays = if i <= j {
                    i < home && home <= j
                } else {
                    i < home || home <= j
                };
                if !stays {
                    self.slots[i] = self.slots[j];
                    i = j;
                    break;
                }
            }
        }
    }

    /// Doubles the table, keeping its slots.
    fn grow(&mut self) {
        let size = 2 * self.slots.len().max(8);
        self.move_to(vec![Slot::default(); size]);
    }

    /// Moves the slots into `table`, empty and larger than the live slots.
    fn move_to(&mut self, table: Vec<Slot>) {
        let old = core::mem::replace(&mut self.slots, table);
        self.insert_all(old.iter().filter(|s| s.latest != NONE));
    }

    /// The bytes of its arrays' room, for the tests of a game's size.
    #[cfg(test)]
    pub(crate) fn room_bytes(&self) -> usize {
        self.starts.capacity() * size_of::<u32>()
            + self.entries.capacity() * size_of::<Entry>()
            + self.slots.len() * size_of::<Slot>()
    }

    /// Makes room for `additional` more pushes without allocating, or
    /// fails with nothing changed but spare room.
    pub(crate) fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        self.starts.try_reserve(additional)?;
        if !self.tracked {
            return Ok(());
        }
        self.entries.try_reserve(additional)?;
        let needed = 2 * self.live.saturating_add(additional);
        if needed > self.slots.len() {
            let mut table = Vec::new();
            let size = needed.checked_next_power_of_two().unwrap_or(usize::MAX);
            table.try_reserve_exact(size)?;
            table.resize(size, Slot::default());
            self.move_to(table);
        }
        Ok(())
    }

    /// Puts `slots` into a table that has room for them and holds none of
    /// their hashes.
    fn insert_all<'s>(&mut self, slots: impl Iterator<Item = &'s Slot>) {
        let mask = self.slots.len() - 1;
        for &slot in slots {
            let mut i = slot.hash as usize & mask;
            while self.slots[i].latest != NONE {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

/// The bookkeeping of a game's history: the [`Occurrences`] of its
/// positions, compared whole (houses, stores and side to move).
#[derive(Clone, Debug, Default)]
pub(crate) struct Repetitions(Occurrences);

impl Repetitions {
    /// The bookkeeping of a game that starts at `start`.
    pub(crate) fn new(start: &Position) -> Repetitions {
        let tracked = start.ruleset().cycle().occurrences.is_some();
        // Room for the start only: the game makes room for its moves when
        // the first is played.
        let mut repetitions = Repetitions(Occurrences::new(tracked, 1));
        repetitions.push(core::slice::from_ref(start));
        repetitions
    }

    /// Counts the last of `positions`, just added to the game's history.
    #[inline(always)]
    pub(crate) fn push(&mut self, positions: &[Position]) {
        let ply = positions.len() - 1;
        let next = &positions[ply];
        let capture = ply > 0 && next.board().stores() != positions[ply - 1].board().stores();
        let hash = if self.0.tracked { hash(next) } else { 0 };
        self.0.push(hash, capture, |i| same(&positions[i], next));
    }

    /// Forgets the last ply, about to be taken back.
    pub(crate) fn pop(&mut self) {
        self.0.pop();
    }

    /// As [`Occurrences::room_bytes`].
    #[cfg(test)]
    pub(crate) fn room_bytes(&self) -> usize {
        self.0.room_bytes()
    }

    /// As [`Occurrences::try_reserve`].
    pub(crate) fn try_reserve(&mut self, plies: usize) -> Result<(), TryReserveError> {
        self.0.try_reserve(plies)
    }

    /// How many times the latest position has occurred in its stretch
    /// (1 the first time); 0 when the ruleset has no repetition rule.
    pub(crate) fn count(&self) -> u16 {
        self.0.count()
    }

    /// The first ply since the last capture.
    pub(crate) fn stretch_start(&self) -> usize {
        self.0.stretch_start()
    }

    /// How many times `pos` has occurred in the latest position's stretch
    /// of `positions` (the game's history), and the first ply it did.
    pub(crate) fn find(&self, positions: &[Position], pos: &Position) -> Option<(u16, usize)> {
        self.0.find(hash(pos), |i| same(&positions[i], pos))
    }

    #[cfg(test)]
    fn steps(&self) -> usize {
        self.0.steps
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
                    repetitions.pop();
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

    /// Pushes and pops of hashes from a small alphabet, some starting a
    /// stretch, with long runs of pushes and of pops as a search makes:
    /// the counts, first occurrences and stretch starts are those of the
    /// stack, and the table holds exactly the stack's distinct hashes, so
    /// it never outgrows the stack however long the walk.
    /// After `try_reserve(n)`, `n` pushes of new hashes allocate nothing:
    /// no array grows, so none can fail (a batch under a memory limit
    /// reserves before it plays).
    #[test]
    fn a_reservation_leaves_the_pushes_nothing_to_allocate() {
        let mut occurrences = Occurrences::new(true, 4);
        occurrences.push(1, false, |_| true);
        occurrences.try_reserve(300).unwrap();
        let room = |o: &Occurrences| (o.starts.capacity(), o.entries.capacity(), o.slots.len());
        let before = room(&occurrences);
        assert!(before.2 >= 2 * 301, "{before:?}");
        for i in 0..300 {
            occurrences.push(mix(i + 2), i % 7 == 0, |_| false);
        }
        assert_eq!(room(&occurrences), before);
        assert_eq!(occurrences.len(), 301);
        assert!(occurrences.try_reserve(usize::MAX / 4).is_err());
        assert_eq!(occurrences.len(), 301);
    }

    #[test]
    fn occurrences_follow_the_stack_and_the_table_its_hashes() {
        let mut occurrences = Occurrences::new(true, 4);
        let mut stack: Vec<(u64, bool)> = Vec::new();
        let mut draws = 0u64;
        let mut draw = |n: u64| {
            draws += 1;
            mix(draws) % n
        };
        let (mut pushes, mut repeats) = (0, 0);
        for _ in 0..200_000 {
            // Keep the stack between 0 and 64 deep, walking up and down.
            if stack.len() < 64 && (stack.is_empty() || draw(2) == 0) {
                // Hashes with equal low bits collide in the table.
                let hash = draw(24) << 40 | draw(3);
                let capture = draw(8) == 0;
                stack.push((hash, capture));
                occurrences.push(hash, capture, |_| true);
                pushes += 1;
            } else {
                stack.pop();
                occurrences.pop();
            }
            let Some(&(hash, _)) = stack.last() else {
                assert_eq!((occurrences.len(), occurrences.live), (0, 0));
                continue;
            };
            let start = stack.iter().rposition(|&(_, c)| c).unwrap_or(0);
            let same: Vec<usize> = (start..stack.len())
                .filter(|&i| stack[i].0 == hash)
                .collect();
            assert_eq!(occurrences.stretch_start(), start);
            assert_eq!(usize::from(occurrences.count()), same.len());
            assert_eq!(occurrences.first_occurrence(), Some(same[0]));
            let mut distinct: Vec<u64> = stack.iter().map(|&(h, _)| h).collect();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(occurrences.live, distinct.len());
            assert!(
                occurrences.slots.len() <= 256,
                "{}",
                occurrences.slots.len()
            );
            repeats += usize::from(same.len() > 1);
            if pushes % 1000 == 0 {
                // A copy holds the same counts in a table sized for them.
                let copy = occurrences.clone();
                assert_eq!(
                    copy.slots.len(),
                    (2 * copy.live).next_power_of_two().max(16)
                );
                assert_eq!(copy.find(hash, |_| true), occurrences.find(hash, |_| true));
                assert_eq!(copy.live, occurrences.live);
            }
        }
        assert!(pushes > 90_000 && repeats > 10_000, "{pushes} {repeats}");
    }

    /// A game of many quiet plies without a repetition limit, played and
    /// taken back: the table work is a few steps a ply, whatever the length.
    #[test]
    fn a_long_quiet_game_is_linear_to_play_and_take_back() {
        // Only 31 seeds capture, as in a record that once stalled search.
        let mut options = crate::families::abapa_with(|rules| {
            rules.capture_counts = crate::CaptureCounts::from_counts(&[31]).unwrap();
        });
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
            repetitions.pop();
            positions.pop();
        }
        assert!(
            repetitions.steps() < 8 * plies,
            "{} steps for {plies} plies",
            repetitions.steps()
        );
    }
}
