//! The retrograde fixpoint of one layer: the positions of one seed total,
//! whose quiet moves stay in the layer and whose captures leave it for
//! layers already solved.
//!
//! For a threshold `t`, let `W_t` be the positions whose mover can force
//! play to leave the layer (a capture or the end of the game) with a value
//! of at least `t`, and `F_t` those whose mover cannot stop the opponent
//! from forcing it out with a value of at most `−t` for the mover. Both are
//! attractors: endless play counts for neither side. `lower = max t with p
//! in W_t`, `upper = min −t with p in F_t`. As `t` falls both sets only
//! grow, so one pass of counters serves every threshold: each position
//! enters `W` once and `F` once, and each entry visits its predecessors
//! once.

use super::{Convention, EndgameError, try_collect, try_push, try_vec};
use crate::StopHandle;
use crate::stop::Checker;

/// Not decided (yet): below every value.
pub(crate) const UNSET: i8 = i8::MIN;
/// The rank of a position whose lower bound needs no progress (see
/// [`Work::rank`]).
pub(crate) const NO_RANK: u8 = u8::MAX;
/// The largest rank stored; longer distances saturate here.
pub(crate) const MAX_RANK: u8 = u8::MAX - 1;

/// Entries whose predecessors are found together, then applied.
const BLOCK: usize = 1 << 16;

/// Blocks smaller than this are not worth a thread.
const PARALLEL_BLOCK: usize = 1 << 10;

/// Marks an entry into `F` in the work queues (entries into `W` are plain
/// indices); layers hold fewer than 2^31 positions.
pub(crate) const FORCED: u32 = 1 << 31;

/// The state of every position of a layer while it is solved.
#[derive(Clone)]
pub(crate) struct Work {
    /// The threshold at which the position entered `W` (its lower bound).
    pub(crate) lower: Vec<i8>,
    /// Minus the threshold at which it entered `F` (its upper bound).
    pub(crate) upper: Vec<i8>,
    /// The round of the threshold's propagation in which the position
    /// entered `W`: 0 if a move leaving the layer gives the value, else one
    /// more than the quickest quiet child's round of entering `F`. Moving
    /// to children of smaller rounds is how best play makes progress.
    pub(crate) rank: Vec<u8>,
    /// Quiet moves whose child has not entered `W` yet.
    pub(crate) open: Vec<u8>,
    /// The best lower bound among moves leaving the layer (and the value
    /// of a position without moves).
    pub(crate) best_lower_exit: Vec<i8>,
    /// The best upper bound among moves leaving the layer.
    pub(crate) best_upper_exit: Vec<i8>,
}

/// What solving a layer met.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stats {
    /// Positions whose rank reached [`MAX_RANK`].
    pub(crate) saturated: u64,
    /// The most rounds one threshold took.
    pub(crate) rounds: u32,
}

impl Work {
    /// The solved bounds of positions of `seeds` seeds under `convention`:
    /// lower bounds (the values) and upper bounds (empty when equal).
    /// Allocates [`Work::finish_bytes`] a position.
    pub(crate) fn bounds(
        &self,
        convention: Convention,
        seeds: i8,
    ) -> Result<(Vec<i8>, Vec<i8>), EndgameError> {
        let n = self.lower.len();
        Ok(match convention {
            // Thresholds 1.. only: W_t and F_t for t >= 1 are exactly the
            // positions worth at least t and at most -t when endless play
            // is worth 0; the rest are worth 0.
            Convention::EvenSplit => {
                let value = |(&lower, &upper): (&i8, &i8)| match (lower, upper) {
                    (UNSET, UNSET) => 0,
                    (UNSET, upper) => upper,
                    (lower, _) => lower,
                };
                (
                    try_collect(self.lower.iter().zip(&self.upper).map(value), n)?,
                    Vec::new(),
                )
            }
            // Undecided: endless play may be the worst for either side.
            Convention::EachTakesOwn => {
                let or = |v: i8, bound: i8| if v == UNSET { bound } else { v };
                (
                    try_collect(self.lower.iter().map(|&v| or(v, -seeds)), n)?,
                    try_collect(self.upper.iter().map(|&v| or(v, seeds)), n)?,
                )
            }
        })
    }

    /// The thresholds to solve for `seeds` seeds under `convention`, top
    /// and bottom.
    pub(crate) fn thresholds(convention: Convention, seeds: i8) -> (i8, i8) {
        match convention {
            Convention::EvenSplit => (seeds, 1),
            Convention::EachTakesOwn => (seeds, -seeds),
        }
    }

    /// Bytes a position of the arrays [`Work::new`] allocates.
    pub(crate) const BYTES: u64 = 6;

    /// Bytes a position of the two queues of a propagation round at their
    /// largest, as the estimate of a build counts them: half an entry (4
    /// bytes) a position. Measured on the Abapa layers of 9 to 16 seeds,
    /// their capacity reached 0.10–0.19 entries a position under
    /// [`Convention::EvenSplit`] and 0.19–0.27 under
    /// [`Convention::EachTakesOwn`].
    pub(crate) const QUEUE_BYTES: u64 = 2;

    /// Bytes a position [`Work::bounds`] allocates under `convention`.
    pub(crate) const fn finish_bytes(convention: Convention) -> u64 {
        match convention {
            Convention::EvenSplit => 1,
            Convention::EachTakesOwn => 2,
        }
    }

    /// Nothing decided for `n` positions: [`Work::BYTES`] a position,
    /// allocated fallibly.
    pub(crate) fn new(n: usize) -> Result<Work, EndgameError> {
        Ok(Work {
            lower: try_vec(UNSET, n)?,
            upper: try_vec(UNSET, n)?,
            rank: try_vec(NO_RANK, n)?,
            open: try_vec(0, n)?,
            best_lower_exit: try_vec(UNSET, n)?,
            best_upper_exit: try_vec(UNSET, n)?,
        })
    }

    /// Solves the thresholds from `top` down to `bottom`, finding the
    /// positions a quiet move leads from with `predecessors` (which appends
    /// to the buffer it is given, once per move); `step` is called after
    /// each threshold. `stop` is looked at every few thousand positions.
    ///
    /// Finding predecessors is most of the work, and it only reads: each
    /// round's are found on every core ([`Predecessors`]), then applied in
    /// order, so the result does not depend on the threads.
    pub(crate) fn solve(
        &mut self,
        top: i8,
        bottom: i8,
        predecessors: impl Fn(u32, &mut Vec<u32>) + Sync,
        mut step: impl FnMut(&Stats),
        stop: &StopHandle,
    ) -> Result<Stats, EndgameError> {
        let mut stats = Stats::default();
        let mut found = Predecessors::new();
        let mut checker = Checker::new(stop);
        let mut current = Vec::new();
        let mut next = Vec::new();
        for t in (bottom..=top).rev() {
            self.entries_by_exits(t, &mut current, &mut checker)?;
            let mut round: u32 = 0;
            while !current.is_empty() {
                round += 1;
                for block in current.chunks(BLOCK) {
                    checker.now()?;
                    found.find(block, &predecessors);
                    for (&entry, preds) in block.iter().zip(found.lists()) {
                        if entry & FORCED == 0 {
                            self.child_entered_w(t, preds, &mut next)?;
                        } else {
                            self.child_entered_f(t, round, preds, &mut next, &mut stats)?;
                        }
                    }
                }
                std::mem::swap(&mut current, &mut next);
                next.clear();
            }
            stats.rounds = stats.rounds.max(round);
            step(&stats);
        }
        Ok(stats)
    }

    /// Round 0 of threshold `t`: positions with a move leaving the layer
    /// worth `t`, and those all of whose moves are now no better than `−t`,
    /// into `entries` (empty).
    pub(crate) fn entries_by_exits(
        &mut self,
        t: i8,
        entries: &mut Vec<u32>,
        checker: &mut Checker<'_>,
    ) -> Result<(), EndgameError> {
        for i in 0..self.lower.len() {
            checker.step()?;
            if self.lower[i] == UNSET && self.best_lower_exit[i] == t {
                self.lower[i] = t;
                self.rank[i] = 0;
                try_push(entries, i as u32)?;
            }
            if self.upper[i] == UNSET && self.open[i] == 0 && self.best_upper_exit[i] == -t {
                self.upper[i] = -t;
                try_push(entries, i as u32 | FORCED)?;
            }
        }
        Ok(())
    }

    /// A child entered `W_t`: the move to it holds its mover to `−t` or
    /// less; a predecessor with no open move left enters `F_t`.
    pub(crate) fn child_entered_w(
        &mut self,
        t: i8,
        predecessors: &[u32],
        next: &mut Vec<u32>,
    ) -> Result<(), EndgameError> {
        for &p in predecessors {
            let i = p as usize;
            self.open[i] -= 1;
            if self.open[i] == 0 && self.upper[i] == UNSET && self.best_upper_exit[i] <= -t {
                self.upper[i] = -t;
                try_push(next, p | FORCED)?;
            }
        }
        Ok(())
    }

    /// A child entered `F_t`: moving to it forces `t`; its predecessors
    /// enter `W_t` in this `round`.
    pub(crate) fn child_entered_f(
        &mut self,
        t: i8,
        round: u32,
        predecessors: &[u32],
        next: &mut Vec<u32>,
        stats: &mut Stats,
    ) -> Result<(), EndgameError> {
        for &p in predecessors {
            let i = p as usize;
            if self.lower[i] == UNSET {
                self.lower[i] = t;
                self.rank[i] = u8::try_from(round).map_or(MAX_RANK, |r| r.min(MAX_RANK));
                stats.saturated += u64::from(self.rank[i] == MAX_RANK);
                try_push(next, p)?;
            }
        }
        Ok(())
    }
}

/// The predecessors of a block of entries, found on every core: one flat
/// list and its ends per part of the block, parts in the block's order.
struct Predecessors {
    parts: Vec<(Vec<u32>, Vec<usize>)>,
    threads: usize,
}

impl Predecessors {
    fn new() -> Predecessors {
        let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
        Predecessors {
            parts: vec![(Vec::new(), Vec::new()); threads],
            threads,
        }
    }

    /// Finds the predecessors of every entry of `block`, on every core
    /// (on this thread alone if no other starts).
    fn find(&mut self, block: &[u32], predecessors: &(impl Fn(u32, &mut Vec<u32>) + Sync)) {
        let threads = if block.len() < PARALLEL_BLOCK {
            1
        } else {
            self.threads
        };
        let size = block.len().div_ceil(threads).max(1);
        let fill = |entries: &[u32], (list, ends): &mut (Vec<u32>, Vec<usize>)| {
            list.clear();
            ends.clear();
            for &entry in entries {
                predecessors(entry & !FORCED, list);
                ends.push(list.len());
            }
        };
        for part in &mut self.parts {
            part.0.clear();
            part.1.clear();
        }
        if threads == 1 {
            fill(block, &mut self.parts[0]);
            return;
        }
        let parts = block.chunks(size).zip(&mut self.parts);
        super::threads::run_all(parts.map(|(entries, part)| move || fill(entries, part)));
    }

    /// The predecessors of each entry of the last block, in order.
    fn lists(&self) -> impl Iterator<Item = &[u32]> {
        self.parts.iter().flat_map(|(list, ends)| {
            let starts = core::iter::once(0).chain(ends.iter().copied());
            starts
                .zip(ends.iter().copied())
                .map(move |(a, b)| &list[a..b])
        })
    }
}
