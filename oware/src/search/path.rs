//! The positions before a search node: the game's since its last capture,
//! then the search path. What the history rules ask of them (where the
//! quiet stretch starts, how often a position occurred in it) is kept
//! entry by entry, so a node costs the same whatever the game's length.

/// How often a hash occurred in the current stretch, and where first.
#[derive(Copy, Clone, Debug, Default)]
struct Occurrence {
    /// 0: not in the stretch.
    count: u32,
    first: u32,
}

/// One position on the path.
#[derive(Copy, Clone, Debug)]
struct Entry {
    hash: u64,
    /// The seeds in both stores (they only grow; a capture changes them).
    stores: u16,
    /// The index of the first entry of this entry's quiet stretch.
    start: u32,
    /// The occurrence of `hash` before this entry, put back when it goes.
    before: Occurrence,
}

/// What the history rules see of a position about to be searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Seen {
    /// The path index where its quiet stretch starts.
    pub(crate) start: usize,
    /// The positions before it in that stretch.
    pub(crate) quiet_plies: usize,
    /// Its occurrences, counting it (1: the first time).
    pub(crate) count: usize,
    /// The index of its first occurrence on the path in the stretch.
    pub(crate) first: Option<usize>,
}

/// The path, with the occurrences of each hash in the current stretch in
/// an open-addressing table (entries are never removed: a count of 0 is
/// absence).
#[derive(Clone, Debug, Default)]
pub(crate) struct Path {
    /// Positions of the game before the entries, counted but not kept
    /// (their hashes are not needed without a repetition rule); all of
    /// one quiet stretch, with `base_stores` seeds in the stores.
    base: usize,
    base_stores: u16,
    entries: Vec<Entry>,
    slots: Vec<(u64, Occurrence)>,
    live: usize,
    /// Table probes beyond the first, for the tests' cost checks.
    #[cfg(test)]
    pub(crate) steps: usize,
}

impl Path {
    /// A path that starts after `plies` quiet positions of the game, all
    /// with `stores` seeds in the stores, which are counted but not kept:
    /// for rulesets without a repetition rule, whose search then costs the
    /// same whatever the game's length.
    pub(crate) fn after_quiet_plies(plies: usize, stores: u16) -> Path {
        Path {
            base: plies,
            base_stores: stores,
            ..Path::default()
        }
    }

    /// The number of positions on the path.
    pub(crate) fn len(&self) -> usize {
        self.base + self.entries.len()
    }

    /// What the history rules see of a position with `hash` and `stores`
    /// seeds in the stores, if it came next.
    pub(crate) fn seen(&mut self, hash: u64, stores: u16) -> Seen {
        let start = self.start_for(stores);
        let occurrence = match self.find(hash) {
            Some(i) => self.slots[i].1,
            None => Occurrence::default(),
        };
        let (count, first) = if occurrence.count > 0 && occurrence.first as usize >= start {
            (
                occurrence.count as usize + 1,
                Some(occurrence.first as usize),
            )
        } else {
            (1, None)
        };
        Seen {
            start,
            quiet_plies: self.len() - start,
            count,
            first,
        }
    }

    /// Puts a position with `hash` and `stores` on the path.
    pub(crate) fn push(&mut self, hash: u64, stores: u16) {
        let start = self.start_for(stores);
        let index = self.len() as u32;
        let slot = self.slot(hash);
        let before = self.slots[slot].1;
        self.slots[slot].1 = if before.count > 0 && before.first as usize >= start {
            Occurrence {
                count: before.count + 1,
                first: before.first,
            }
        } else {
            Occurrence {
                count: 1,
                first: index,
            }
        };
        self.entries.push(Entry {
            hash,
            stores,
            start: start as u32,
            before,
        });
    }

    /// Takes the last position off the path.
    pub(crate) fn pop(&mut self) {
        if let Some(entry) = self.entries.pop() {
            let slot = self.slot(entry.hash);
            self.slots[slot].1 = entry.before;
        }
    }

    /// Where the stretch of a position with `stores` next on the path starts.
    fn start_for(&self, stores: u16) -> usize {
        match self.entries.last() {
            Some(last) if last.stores == stores => last.start as usize,
            None if self.base > 0 && self.base_stores == stores => 0,
            _ => self.len(),
        }
    }

    /// The slot of `hash`, if the table has it. (Zobrist hashes are
    /// uniform already: their low bits index the table.)
    fn find(&mut self, hash: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let (h, occurrence) = self.slots[i];
            if is_empty(occurrence) {
                return None;
            }
            if h == hash {
                return Some(i);
            }
            #[cfg(test)]
            {
                self.steps += 1;
            }
            i = (i + 1) & mask;
        }
    }

    /// The slot of `hash`, taken if the table did not have it.
    fn slot(&mut self, hash: u64) -> usize {
        if let Some(i) = self.find(hash) {
            return i;
        }
        if 2 * (self.live + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while !is_empty(self.slots[i].1) {
            i = (i + 1) & mask;
        }
        self.slots[i] = (hash, Occurrence::default());
        self.live += 1;
        i
    }

    /// Doubles the table (64 slots at first).
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(64);
        let old = core::mem::replace(&mut self.slots, vec![(0, EMPTY); size]);
        let mask = size - 1;
        for (hash, occurrence) in old.into_iter().filter(|&(_, o)| !is_empty(o)) {
            let mut i = hash as usize & mask;
            while !is_empty(self.slots[i].1) {
                i = (i + 1) & mask;
            }
            self.slots[i] = (hash, occurrence);
        }
    }
}

/// A slot never taken.
const EMPTY: Occurrence = Occurrence {
    count: 0,
    first: u32::MAX,
};

fn is_empty(occurrence: Occurrence) -> bool {
    occurrence.count == 0 && occurrence.first == u32::MAX
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::zobrist::mix;

    /// What `seen` says, found by looking at every entry.
    fn naive(entries: &[(u64, u16)], hash: u64, stores: u16) -> Seen {
        let start = entries
            .iter()
            .rposition(|&(_, s)| s != stores)
            .map_or(0, |i| i + 1);
        let first = (start..entries.len()).find(|&i| entries[i].0 == hash);
        let count = 1 + entries[start..].iter().filter(|&&(h, _)| h == hash).count();
        Seen {
            start,
            quiet_plies: entries.len() - start,
            count,
            first,
        }
    }

    /// Random pushes and pops of a few hashes, with captures now and then:
    /// the kept answers are those of a walk over the whole path.
    #[test]
    fn answers_match_a_walk_over_the_path() {
        let mut path = Path::default();
        let mut shadow: Vec<(u64, u16)> = Vec::new();
        let mut stores = 0u16;
        let mut repeats = 0;
        for step in 0..200_000u64 {
            let r = mix(step);
            // Hashes that differ only in high bits share a table slot.
            let hash = ((r % 7) << 60) | ((r >> 8) % 3);
            if r % 11 == 0 {
                stores += 1;
            }
            let expected = naive(&shadow, hash, stores);
            assert_eq!(path.seen(hash, stores), expected, "step {step}");
            repeats += usize::from(expected.count > 2);
            if r % 5 < 3 || shadow.is_empty() {
                path.push(hash, stores);
                shadow.push((hash, stores));
            } else {
                path.pop();
                let (_, popped) = shadow.pop().unwrap();
                stores = shadow.last().map_or(popped, |&(_, s)| s.min(popped));
            }
        }
        assert!(repeats > 10_000, "{repeats}");
    }

    /// Quiet plies counted without their positions: the stretch and its
    /// length are those of a path that held them.
    #[test]
    fn counted_plies_extend_the_first_stretch() {
        let mut path = Path::after_quiet_plies(40, 7);
        let seen = path.seen(1, 7);
        assert_eq!((seen.start, seen.quiet_plies, seen.count), (0, 40, 1));
        path.push(1, 7);
        path.push(2, 7);
        let seen = path.seen(1, 7);
        assert_eq!(
            (seen.start, seen.quiet_plies, seen.count, seen.first),
            (0, 42, 2, Some(40))
        );
        // A capture on the path starts a stretch of its own.
        path.push(3, 9);
        let seen = path.seen(1, 9);
        assert_eq!((seen.start, seen.quiet_plies, seen.count), (42, 1, 1));
        assert_eq!(Path::after_quiet_plies(40, 7).seen(1, 8).quiet_plies, 0);
    }

    /// A path of 60 000 quiet positions (a long game without captures) and
    /// a search's pushes, queries and pops on top of it: a few table steps
    /// each, whatever the length (counted, not timed).
    #[test]
    fn a_long_quiet_history_costs_nothing_per_node() {
        let mut path = Path::default();
        for i in 0..60_000 {
            path.push(mix(i), 0);
        }
        path.steps = 0;
        let nodes = 100_000u64;
        for i in 0..nodes {
            let hash = mix(i % 500 + 1_000_000);
            let seen = path.seen(hash, 0);
            assert_eq!(seen.quiet_plies, path.len());
            path.push(hash, 0);
            if i % 8 != 0 {
                path.pop();
            }
        }
        assert!(
            path.steps < 4 * nodes as usize,
            "{} steps for {nodes} nodes",
            path.steps
        );
    }
}
