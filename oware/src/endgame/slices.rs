//! A layer built in slices: the positions of one layer split into index
//! ranges, each solved by its own [`LayerSlice`] (a process, or a machine of
//! a cluster), which exchange the positions newly decided in rounds.
//!
//! # Design
//! The retrograde fixpoint of a layer ([the module documentation](super))
//! goes threshold by threshold, and within a threshold round by round: the
//! positions that entered `W_t` or `F_t` in one round change their quiet
//! predecessors in the next. A slice owns the work arrays of its index
//! range (6 bytes a position) and, in each round, does two things:
//!
//! 1. [`LayerSlice::send`]: for each position of its own that entered a
//!    set in the last round, the positions a quiet move leads from (found
//!    by unsowing, with no table), each as a *message* — the predecessor's
//!    index in the layer, with the top bit set when the child entered `F` —
//!    addressed to the slice that owns the predecessor;
//! 2. [`LayerSlice::receive`]: the messages addressed to it by every slice
//!    (itself included), applied to its arrays: a child in `W` closes one of
//!    the predecessor's open moves, a child in `F` puts the predecessor in
//!    `W` with the round as its rank.
//!
//! What a round decides does not depend on the order in which its messages
//! arrive (a count that falls to zero, a bound set once), so the slices
//! give the layer the single-process build gives, byte for byte, however
//! many there are. A threshold ends when no slice sends a message;
//! [`Database::add_layer_slices`] joins the finished slices into the layer.
//! [`Database::build_next_layer_in_slices`] runs the whole protocol in one
//! process; `oware.distributed.build_layer` in Python runs it on Ray.
//!
//! # Memory and traffic
//! A slice of `m` positions holds `6m` bytes of work arrays and its queue of
//! new entries, plus the lower layers it reads when it starts (its moves
//! that leave the layer are valued from them): 2 bytes a position under
//! [`Convention::EvenSplit`], 3 under [`Convention::EachTakesOwn`]. Those
//! are best read in place from shared files
//! ([`Database::read_layer_dir_in_place`] with a memory map, as
//! `oware.distributed.build_layer` does): then the slices of one machine
//! share one copy of them in its page cache, which the kernel may drop
//! under memory pressure and read again, as it cannot a copy. Every
//! quiet move of the layer is sent once at most (when its child enters `W`
//! or `F`), 4 bytes a message. Measured on the Abapa layers of 8 to 13
//! seeds in 2 slices (`tests/endgame_slices.rs` has the protocol): 1.8–2.5
//! messages a position under `EvenSplit` in 172–526 rounds a layer, 4.6–5.7
//! under `EachTakesOwn` in 282–556 rounds; with `N` slices a fraction
//! `(N − 1)/N` of them cross between slices (measured: 52–54 % at `N = 2`).
//!
//! # On paper: layers 28–48 of Abapa
//! Those 21 layers hold 1 395 G positions; the layer of 48 seeds alone
//! 280 G, the layers below it 1 119 G. Built one layer after another on `N`
//! machines, the largest needs `6 × 280 G / N` bytes of work arrays a
//! machine (105 GB at `N = 16`), and its moves that leave the layer read
//! the layers below, 2.2–3.4 TB in all, which is why those are shared files
//! rather than held by each machine. The messages come to 2.5 × 4 bytes a
//! position under `EvenSplit`, 14 TB for the 21 layers, and 5.7 × 4 bytes,
//! 32 TB, under `EachTakesOwn`. At the 1.0–1.6 M positions a second a core
//! measured on layers 8–13 (a loaded 2-core machine, one thread a slice,
//! the lower layers in memory), the work is about 300 core-hours under
//! `EvenSplit` and 500 under `EachTakesOwn`, before the cost of reading the
//! lower layers from shared files that small layers do not show; Romein and
//! Bal's build of every Awari layer took 144 CPUs 51 hours, 7 344
//! CPU-hours (*Solving Awari with parallel retrograde analysis*, 2003). The
//! round barriers do not shrink with `N`: a few hundred rounds a layer, at
//! ~10 ms each on a local network.
//!
//! A slice's state travels as bytes ([`LayerSlice::to_bytes`], checked by
//! CRC-32 when read back), so a driver can keep it between rounds and give
//! a lost worker's round to another.

use core::fmt;

use super::layer::Houses;
use super::retrograde::{FORCED, Stats, Work};
use super::stored::Layer;
use super::{Convention, Database, EndgameError, MAX_LAYER_POSITIONS};
use crate::stop::Checker;
use crate::{MAX_HOUSES, Ruleset, StopHandle};

/// The most slices a layer may be split into.
pub const MAX_SLICES: u32 = 1 << 16;

/// One index range of a layer being built in slices, with its work arrays
/// and where it is in the build: see [the module documentation](self).
///
/// ```
/// use oware::endgame::{Convention, Database, LayerSlice};
/// use oware::Ruleset;
/// let mut db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, 5)?;
/// let mut whole = db.clone();
/// whole.build_next_layer(|_| {})?;
/// // Layer 6 in two slices, each of which could be on its own machine.
/// let mut slices = [LayerSlice::new(&db, 0, 2)?, LayerSlice::new(&db, 1, 2)?];
/// while slices[0].start_threshold()? {
///     slices[1].start_threshold()?;
///     loop {
///         let sent: Vec<Vec<Vec<u32>>> = slices.iter_mut().map(|s| s.send()).collect();
///         if sent.iter().flatten().all(Vec::is_empty) {
///             break;
///         }
///         for (k, slice) in slices.iter_mut().enumerate() {
///             let inbox: Vec<&[u32]> = sent.iter().map(|out| out[k].as_slice()).collect();
///             slice.receive(&inbox)?;
///         }
///     }
/// }
/// assert_eq!(db.add_layer_slices(slices)?, 6);
/// assert_eq!(db, whole);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct LayerSlice {
    /// The ruleset, convention and index (no layers).
    frame_db: Database,
    seeds: u8,
    slice: u32,
    /// The first index of every slice, then the layer's positions.
    starts: Vec<u64>,
    work: Work,
    /// The threshold being solved; `None` before the first.
    threshold: Option<i8>,
    /// Rounds received at this threshold.
    round: u32,
    /// This slice's positions (local index, [`FORCED`] for `F`) that
    /// entered a set and have not been sent yet.
    entries: Vec<u32>,
}

/// Why a slice could not be made, read, fed or joined.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceError {
    /// The layer cannot be built (full, too large, out of memory), as
    /// [`Database::build_next_layer`] says.
    Endgame(EndgameError),
    /// `slice` is not below `slices`, or `slices` is not 1 to
    /// [`MAX_SLICES`].
    BadSlice {
        /// The slice asked for.
        slice: u32,
        /// The slices asked for.
        slices: u32,
    },
    /// A message names a position that is not the receiving slice's, or
    /// closes more moves than a position has, or comes outside a threshold:
    /// the slice is unchanged.
    BadMessage {
        /// The message (the top bit marks `F`).
        message: u32,
    },
    /// An inbox given to [`LayerSlice::receive`] does not hold one message
    /// list for each slice.
    Inbox {
        /// The lists given.
        lists: usize,
        /// The slices of the layer.
        slices: u32,
    },
    /// The slices given to [`Database::add_layer_slices`] are not the
    /// finished slices `0..n` of the database's next layer, in order.
    Mismatch,
    /// Bytes that are not a slice's state written by
    /// [`LayerSlice::to_bytes`] (wrong length, version or checksum, or
    /// values out of range).
    Corrupt,
}

impl fmt::Display for SliceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SliceError::Endgame(e) => e.fmt(f),
            SliceError::BadSlice { slice, slices } => write!(
                f,
                "slice {slice} of {slices}: slices must be 1 to {MAX_SLICES} and the slice below them"
            ),
            SliceError::BadMessage { message } => write!(
                f,
                "message {message:#010x} is not for this slice at this point of the build"
            ),
            SliceError::Inbox { lists, slices } => write!(
                f,
                "an inbox holds one message list for each of the {slices} slices, not {lists}"
            ),
            SliceError::Mismatch => f.write_str(
                "the slices are not the finished slices 0..n of the database's next layer, in order",
            ),
            SliceError::Corrupt => f.write_str("the bytes are not a layer slice's state"),
        }
    }
}

impl core::error::Error for SliceError {}

impl From<EndgameError> for SliceError {
    fn from(e: EndgameError) -> SliceError {
        SliceError::Endgame(e)
    }
}

/// The first index of each of `slices` even slices of `n` positions, then `n`.
fn slice_starts(n: u64, slices: u32) -> Vec<u64> {
    (0..=u64::from(slices))
        .map(|k| n * k / u64::from(slices))
        .collect()
}

impl LayerSlice {
    /// Slice `slice` of `slices` (even index ranges) of the layer after the
    /// layers `db` holds, with every move of its positions read (the
    /// layer's first step; its exits are valued from `db`'s layers).
    ///
    /// # Errors
    /// [`SliceError::BadSlice`] for a slice out of range;
    /// [`SliceError::Endgame`] as [`Database::build_next_layer`] for a
    /// layer that cannot be built.
    pub fn new(db: &Database, slice: u32, slices: u32) -> Result<LayerSlice, SliceError> {
        if slices == 0 || slices > MAX_SLICES || slice >= slices {
            return Err(SliceError::BadSlice { slice, slices });
        }
        let (seeds, n) = db.next_layer()?;
        let starts = slice_starts(n, slices);
        let (start, end) = (starts[slice as usize], starts[slice as usize + 1]);
        let mut work = Work::new((end - start) as usize)?;
        db.read_moves(seeds, start as usize, &mut work, &StopHandle::new())?;
        Ok(LayerSlice {
            frame_db: Database::new(&db.ruleset, db.convention)?,
            seeds: seeds as u8,
            slice,
            starts,
            work,
            threshold: None,
            round: 0,
            entries: Vec::new(),
        })
    }

    /// The layer's seed total.
    #[must_use]
    pub const fn seeds(&self) -> u8 {
        self.seeds
    }

    /// This slice's number, from 0.
    #[must_use]
    pub const fn slice(&self) -> u32 {
        self.slice
    }

    /// The slices of the layer.
    #[must_use]
    pub fn slices(&self) -> u32 {
        (self.starts.len() - 1) as u32
    }

    /// The index range of the layer this slice owns.
    #[must_use]
    pub fn range(&self) -> core::ops::Range<u64> {
        let k = self.slice as usize;
        self.starts[k]..self.starts[k + 1]
    }

    /// The thresholds of this layer, top and bottom.
    fn thresholds(&self) -> (i8, i8) {
        Work::thresholds(self.frame_db.convention, self.seeds as i8)
    }

    /// Whether every threshold has started and this slice has nothing left
    /// to send: once no slice has, the layer is solved and the slices can
    /// be joined ([`Database::add_layer_slices`]).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        let (top, bottom) = self.thresholds();
        top < bottom || self.threshold == Some(bottom) && self.entries.is_empty()
    }

    /// Starts the next threshold (round 0: the positions its moves leaving
    /// the layer decide); `Ok(false)`, doing nothing, when every threshold
    /// has started. Every slice starts a threshold together, once no slice
    /// had a message to send in the one before.
    ///
    /// # Errors
    /// [`SliceError::Endgame`] when the queue of new entries cannot grow.
    pub fn start_threshold(&mut self) -> Result<bool, SliceError> {
        let (top, bottom) = self.thresholds();
        let t = self.threshold.map_or(top, |t| t - 1);
        if t < bottom {
            return Ok(false);
        }
        self.threshold = Some(t);
        self.round = 0;
        self.entries.clear();
        let stop = StopHandle::new();
        self.work
            .entries_by_exits(t, &mut self.entries, &mut Checker::new(&stop))?;
        Ok(true)
    }

    /// The messages of this round: the predecessors of this slice's newly
    /// decided positions, by the slice that owns them (`[k]` for slice `k`;
    /// see [the module documentation](self)).
    pub fn send(&mut self) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new(); self.starts.len() - 1];
        let start = self.range().start;
        let seeds = usize::from(self.seeds);
        let frame = self.frame_db.frame(seeds);
        let mut houses: Houses = [0; 2 * MAX_HOUSES];
        for &entry in &self.entries {
            let flag = entry & FORCED;
            self.frame_db
                .decode(seeds, start + u64::from(entry & !FORCED), &mut houses);
            frame.predecessors(&houses, |p| {
                let owner = self.starts.partition_point(|&s| s <= p) - 1;
                out[owner].push(p as u32 | flag);
            });
        }
        self.entries.clear();
        out
    }

    /// Applies the messages every slice sent this slice in this round (one
    /// list a sender, in any order), deciding the positions they settle;
    /// [`LayerSlice::send`] then sends theirs.
    ///
    /// # Errors
    /// [`SliceError::Inbox`], the slice unchanged, unless `inbox` holds one
    /// list for each slice; [`SliceError::BadMessage`], the slice
    /// unchanged, for a message that names a position of another slice,
    /// closes more moves than one of its positions has open, or comes
    /// before the first threshold.
    pub fn receive(&mut self, inbox: &[&[u32]]) -> Result<(), SliceError> {
        if inbox.len() != self.starts.len() - 1 {
            return Err(SliceError::Inbox {
                lists: inbox.len(),
                slices: self.slices(),
            });
        }
        let (w, f) = self.checked_messages(inbox)?;
        let Some(t) = self.threshold else {
            return Ok(()); // no message either
        };
        self.round += 1;
        let mut next = core::mem::take(&mut self.entries);
        let mut stats = Stats::default();
        let grown = self.work.child_entered_w(t, &w, &mut next).and_then(|()| {
            self.work
                .child_entered_f(t, self.round, &f, &mut next, &mut stats)
        });
        self.entries = next;
        Ok(grown?)
    }

    /// The messages of `inbox` as local indices of children in `W` and in
    /// `F`, every one checked before any is applied.
    fn checked_messages(&self, inbox: &[&[u32]]) -> Result<(Vec<u32>, Vec<u32>), SliceError> {
        let range = self.range();
        let (mut w, mut f) = (Vec::new(), Vec::new());
        for &message in inbox.iter().copied().flatten() {
            let global = u64::from(message & !FORCED);
            if !range.contains(&global) || self.threshold.is_none() {
                return Err(SliceError::BadMessage { message });
            }
            let local = (global - range.start) as u32;
            if message & FORCED == 0 {
                &mut w
            } else {
                &mut f
            }
            .push(local);
        }
        // A position's open moves close once each.
        w.sort_unstable();
        for run in w.chunk_by(|a, b| a == b) {
            if run.len() > usize::from(self.work.open[run[0] as usize]) {
                return Err(SliceError::BadMessage {
                    message: run[0] + range.start as u32,
                });
            }
        }
        Ok((w, f))
    }
}

impl fmt::Debug for LayerSlice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LayerSlice")
            .field("seeds", &self.seeds)
            .field("slice", &self.slice)
            .field("slices", &self.slices())
            .field("range", &self.range())
            .field("threshold", &self.threshold)
            .field("round", &self.round)
            .field("entries", &self.entries.len())
            .finish_non_exhaustive()
    }
}

/// The first bytes of a slice's state, and its version.
const MAGIC: &[u8; 4] = b"OWSL";
const VERSION: u8 = 1;

impl LayerSlice {
    /// The slice's whole state as bytes — what it is, where the build is,
    /// its work arrays (6 bytes a position) and its unsent entries — ending
    /// with a CRC-32 of the rest; [`LayerSlice::from_bytes`] reads it back.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let text = self.frame_db.ruleset.to_string();
        let w = &self.work;
        let mut out =
            Vec::with_capacity(40 + text.len() + 6 * w.open.len() + 4 * self.entries.len());
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(match self.frame_db.convention {
            Convention::EvenSplit => 0,
            Convention::EachTakesOwn => 1,
        });
        out.push(self.seeds);
        out.push(u8::from(self.threshold.is_some()));
        out.push(self.threshold.unwrap_or(0) as u8);
        out.extend_from_slice(&self.slice.to_le_bytes());
        out.extend_from_slice(&self.slices().to_le_bytes());
        out.extend_from_slice(&self.round.to_le_bytes());
        out.extend_from_slice(&(text.len() as u16).to_le_bytes());
        out.extend_from_slice(text.as_bytes());
        for values in [&w.lower, &w.upper] {
            out.extend(values.iter().map(|&v| v as u8));
        }
        out.extend_from_slice(&w.rank);
        out.extend_from_slice(&w.open);
        for values in [&w.best_lower_exit, &w.best_upper_exit] {
            out.extend(values.iter().map(|&v| v as u8));
        }
        out.extend_from_slice(&(self.entries.len() as u64).to_le_bytes());
        for e in &self.entries {
            out.extend_from_slice(&e.to_le_bytes());
        }
        let mut crc = super::file::Crc32::new();
        crc.update(&out);
        out.extend_from_slice(&crc.value().to_le_bytes());
        out
    }

    /// The slice [`LayerSlice::to_bytes`] wrote.
    ///
    /// # Errors
    /// [`SliceError::Corrupt`] for bytes it did not write: a wrong length,
    /// version or checksum, an unknown ruleset, or values out of range
    /// (every size is checked against the bytes before anything is
    /// allocated). [`SliceError::Endgame`] when memory runs out.
    pub fn from_bytes(bytes: &[u8]) -> Result<LayerSlice, SliceError> {
        let (body, crc) = bytes.split_last_chunk::<4>().ok_or(SliceError::Corrupt)?;
        let mut check = super::file::Crc32::new();
        check.update(body);
        if check.value() != u32::from_le_bytes(*crc) {
            return Err(SliceError::Corrupt);
        }
        let mut r = Reader { bytes: body };
        if r.take(4)? != MAGIC || r.byte()? != VERSION {
            return Err(SliceError::Corrupt);
        }
        let convention = match r.byte()? {
            0 => Convention::EvenSplit,
            1 => Convention::EachTakesOwn,
            _ => return Err(SliceError::Corrupt),
        };
        let seeds = r.byte()?;
        let started = r.byte()?;
        let threshold = r.byte()? as i8;
        let slice = r.u32()?;
        let slices = r.u32()?;
        let round = r.u32()?;
        let text_len = usize::from(u16::from_le_bytes(r.array()?));
        let text = core::str::from_utf8(r.take(text_len)?).map_err(|_| SliceError::Corrupt)?;
        let ruleset: Ruleset = text.parse().map_err(|_| SliceError::Corrupt)?;
        let frame_db = Database::new(&ruleset, convention).map_err(|_| SliceError::Corrupt)?;
        let n = frame_db.index.count(usize::from(seeds));
        let fits = usize::from(seeds) <= usize::from(ruleset.total_seeds())
            && usize::from(seeds) <= super::database::INDEX_SEEDS
            && n < MAX_LAYER_POSITIONS
            && slices > 0
            && slices <= MAX_SLICES
            && slice < slices
            && started <= 1;
        if !fits {
            return Err(SliceError::Corrupt);
        }
        let starts = slice_starts(n, slices);
        let m = (starts[slice as usize + 1] - starts[slice as usize]) as usize;
        let (top, bottom) = Work::thresholds(convention, seeds as i8);
        let threshold = (started == 1).then_some(threshold);
        if threshold.is_some_and(|t| t < bottom || t > top) {
            return Err(SliceError::Corrupt);
        }
        // Every array is checked against the bytes left before it is made.
        if r.bytes.len() < 6 * m + 8 {
            return Err(SliceError::Corrupt);
        }
        let value = |v: &u8| {
            let v = *v as i8;
            (v == super::retrograde::UNSET || v.unsigned_abs() <= seeds)
                .then_some(v)
                .ok_or(SliceError::Corrupt)
        };
        let values = |r: &mut Reader<'_>| -> Result<Vec<i8>, SliceError> {
            r.take(m)?.iter().map(value).collect()
        };
        let lower = values(&mut r)?;
        let upper = values(&mut r)?;
        let rank = r.take(m)?.to_vec();
        let open = r.take(m)?.to_vec();
        let best_lower_exit = values(&mut r)?;
        let best_upper_exit = values(&mut r)?;
        let count = u64::from_le_bytes(r.array()?);
        if count.checked_mul(4) != Some(r.bytes.len() as u64) {
            return Err(SliceError::Corrupt);
        }
        let entries = r
            .bytes
            .chunks_exact(4)
            .map(|e| u32::from_le_bytes([e[0], e[1], e[2], e[3]]))
            .map(|e| {
                ((e & !FORCED) < m as u32)
                    .then_some(e)
                    .ok_or(SliceError::Corrupt)
            })
            .collect::<Result<Vec<u32>, SliceError>>()?;
        Ok(LayerSlice {
            frame_db,
            seeds,
            slice,
            starts,
            work: Work {
                lower,
                upper,
                rank,
                open,
                best_lower_exit,
                best_upper_exit,
            },
            threshold,
            round,
            entries,
        })
    }
}

/// Reads a slice's state from the front.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], SliceError> {
        if n > self.bytes.len() {
            return Err(SliceError::Corrupt);
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], SliceError> {
        Ok(self.take(N)?.try_into().expect("N bytes taken"))
    }

    fn byte(&mut self) -> Result<u8, SliceError> {
        Ok(self.array::<1>()?[0])
    }

    fn u32(&mut self) -> Result<u32, SliceError> {
        Ok(u32::from_le_bytes(self.array()?))
    }
}

impl Database {
    /// Adds the layer after those this database holds from its finished
    /// slices `0..n` in order ([`LayerSlice`]), as
    /// [`Database::build_next_layer`] would have built it; returns its
    /// seed total. The database is unchanged on an error.
    ///
    /// # Errors
    /// [`SliceError::Mismatch`] unless the slices are every slice, in
    /// order, of this database's next layer under its ruleset and
    /// convention, each [finished](LayerSlice::is_finished);
    /// [`SliceError::Endgame`] when memory runs out.
    pub fn add_layer_slices(
        &mut self,
        slices: impl IntoIterator<Item = LayerSlice>,
    ) -> Result<u8, SliceError> {
        let seeds = self.layers.len();
        let n = self.index.count(seeds) as usize;
        let (mut lower, mut upper, mut rank) = (Vec::new(), Vec::new(), Vec::new());
        let mut joined = 0;
        // Every slice must come from one cut of the layer: the first's.
        let mut cut: Option<Vec<u64>> = None;
        let mut slices = slices.into_iter();
        for slice in slices.by_ref() {
            let fits = usize::from(slice.seeds) == seeds
                && slice.slice == joined
                && slice.frame_db.ruleset == self.ruleset
                && slice.frame_db.convention == self.convention
                && slice.starts.last() == Some(&(n as u64))
                && cut.as_ref().is_none_or(|starts| *starts == slice.starts)
                && slice.is_finished();
            if !fits {
                return Err(SliceError::Mismatch);
            }
            joined += 1;
            let (part_lower, part_upper) = slice.work.bounds(self.convention, seeds as i8)?;
            append(&mut lower, &part_lower, n)?;
            append(&mut upper, &part_upper, n)?;
            append(&mut rank, &slice.work.rank, n)?;
            if joined == slice.slices() {
                break;
            }
            cut.get_or_insert(slice.starts);
        }
        // All of one cut, and nothing after it.
        let whole = cut.map_or(joined == 1, |starts| joined as usize + 1 == starts.len());
        if !whole || slices.next().is_some() {
            return Err(SliceError::Mismatch);
        }
        self.layers.push(Layer::own(lower, upper, rank));
        Ok(seeds as u8)
    }

    /// Builds the next layer as [`Database::build_next_layer`] does, in
    /// `slices` [`LayerSlice`]s exchanging messages in rounds, all in this
    /// process and on this thread: the protocol a cluster runs, to test and
    /// to measure it. Returns the layer's seed total.
    ///
    /// ```
    /// use oware::endgame::{Convention, Database};
    /// use oware::Ruleset;
    /// let mut sliced = Database::build(&Ruleset::abapa(), Convention::EachTakesOwn, 6)?;
    /// let mut whole = sliced.clone();
    /// assert_eq!(sliced.build_next_layer_in_slices(3)?, 7);
    /// whole.build_next_layer(|_| {})?;
    /// assert_eq!(sliced, whole);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`LayerSlice::new`].
    pub fn build_next_layer_in_slices(&mut self, slices: u32) -> Result<u8, SliceError> {
        if slices == 0 {
            return Err(SliceError::BadSlice { slice: 0, slices });
        }
        let mut parts = (0..slices)
            .map(|k| LayerSlice::new(self, k, slices))
            .collect::<Result<Vec<_>, _>>()?;
        while parts.iter_mut().try_fold(false, |any, p| {
            Ok::<_, SliceError>(p.start_threshold()? | any)
        })? {
            loop {
                let sent: Vec<Vec<Vec<u32>>> = parts.iter_mut().map(LayerSlice::send).collect();
                if sent.iter().flatten().all(Vec::is_empty) {
                    break;
                }
                for (k, part) in parts.iter_mut().enumerate() {
                    let inbox: Vec<&[u32]> = sent.iter().map(|out| out[k].as_slice()).collect();
                    part.receive(&inbox)?;
                }
            }
        }
        self.add_layer_slices(parts)
    }
}

/// Appends `part` to `whole`, reserving room for `n` at the first part.
fn append<T: Copy>(whole: &mut Vec<T>, part: &[T], n: usize) -> Result<(), SliceError> {
    if whole.capacity() == 0 && !part.is_empty() {
        whole
            .try_reserve_exact(n)
            .map_err(|_| EndgameError::OutOfMemory {
                bytes: super::bytes_of::<T>(n),
            })?;
    }
    whole.extend_from_slice(part);
    Ok(())
}
