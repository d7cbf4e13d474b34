//! A solved layer as the database keeps it: three arrays of one byte a
//! position, in memory of its own or read in place from bytes shared with
//! others (a memory-mapped layer file). Either way a clone shares the
//! arrays, so a database clone costs no copy of its layers.

use super::Value;
use std::sync::Arc;

/// Bytes a database reads its layers from in place, without a copy of
/// its own: the whole of a database file, such as a read-only memory map
/// of it (`memmap2::Mmap` is `AsRef<[u8]>`), shared by every layer read
/// from it and kept alive as long as any of them. See
/// [`Database::read_layers_in_place`](super::Database::read_layers_in_place).
pub type SharedBytes = Arc<dyn AsRef<[u8]> + Send + Sync>;

/// One array of a layer, one byte a position; immutable once made, and
/// shared by clones.
#[derive(Clone)]
enum Bytes {
    Own(Arc<Vec<u8>>),
    Shared {
        bytes: SharedBytes,
        start: usize,
        len: usize,
    },
}

impl Bytes {
    fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Own(v) => v,
            Bytes::Shared { bytes, start, len } => &(**bytes).as_ref()[*start..*start + *len],
        }
    }
}

/// The values of every position of one seed total, by index.
#[derive(Clone)]
pub(crate) struct Layer {
    /// Lower bounds (the exact values, when the convention gives them),
    /// as `i8`.
    lower: Bytes,
    /// Upper bounds as `i8`; empty when they equal the lower bounds.
    upper: Bytes,
    /// Ranks of the lower bounds ([`Work::rank`](super::retrograde::Work)).
    rank: Bytes,
}

/// The bytes of `values`, in place.
fn into_bytes(values: Vec<i8>) -> Vec<u8> {
    values.into_iter().map(|v| v as u8).collect()
}

impl Layer {
    /// A layer that owns its arrays.
    pub(crate) fn own(lower: Vec<i8>, upper: Vec<i8>, rank: Vec<u8>) -> Layer {
        Layer::read(into_bytes(lower), into_bytes(upper), rank)
    }

    /// A layer that owns the arrays read from a file: lower bounds and
    /// upper bounds as the bytes of `i8`s, ranks.
    pub(crate) fn read(lower: Vec<u8>, upper: Vec<u8>, rank: Vec<u8>) -> Layer {
        Layer {
            lower: Bytes::Own(Arc::new(lower)),
            upper: Bytes::Own(Arc::new(upper)),
            rank: Bytes::Own(Arc::new(rank)),
        }
    }

    /// A layer of `n` positions whose arrays lie in `bytes` from `start`,
    /// in the file's order (lower bounds, upper bounds if `with_upper`,
    /// ranks); `None` unless `bytes` holds them all. Returns the layer and
    /// the offset after it.
    pub(crate) fn shared(
        bytes: &SharedBytes,
        start: usize,
        n: usize,
        with_upper: bool,
    ) -> Option<(Layer, usize)> {
        let total = (**bytes).as_ref().len();
        let mut at = start;
        let mut take = |len: usize| {
            let end = at.checked_add(len).filter(|&end| end <= total)?;
            let part = Bytes::Shared {
                bytes: Arc::clone(bytes),
                start: at,
                len,
            };
            at = end;
            Some(part)
        };
        let lower = take(n)?;
        let upper = take(if with_upper { n } else { 0 })?;
        let rank = take(n)?;
        Some((Layer { lower, upper, rank }, at))
    }

    /// The value of position `i`.
    pub(crate) fn value(&self, i: usize) -> Value {
        let lower = self.lower(i);
        let upper = self.upper.as_slice().get(i).map_or(lower, |&u| u as i8);
        Value { lower, upper }
    }

    /// The lower bound of position `i`.
    pub(crate) fn lower(&self, i: usize) -> i8 {
        self.lower.as_slice()[i] as i8
    }

    /// The rank of position `i`.
    pub(crate) fn rank(&self, i: usize) -> u8 {
        self.rank.as_slice()[i]
    }

    /// The three arrays in the file's order: lower bounds, upper bounds
    /// (empty when they equal the lower bounds), ranks.
    pub(crate) fn arrays(&self) -> [&[u8]; 3] {
        [
            self.lower.as_slice(),
            self.upper.as_slice(),
            self.rank.as_slice(),
        ]
    }

    /// The bytes the layer's arrays take.
    pub(crate) fn bytes(&self) -> u64 {
        self.arrays().iter().map(|a| a.len() as u64).sum()
    }

    /// Whether every value of a layer of `seeds` seeds lies in
    /// `−seeds..=seeds`, with no lower bound above its upper bound.
    pub(crate) fn values_in_range(&self, seeds: u8) -> bool {
        let k = seeds as i8;
        let in_range = |&v: &u8| (-k..=k).contains(&(v as i8));
        let [lower, upper, _] = self.arrays();
        let ordered =
            upper.is_empty() || lower.iter().zip(upper).all(|(&l, &u)| l as i8 <= u as i8);
        lower.iter().chain(upper).all(in_range) && ordered
    }
}

impl PartialEq for Layer {
    fn eq(&self, other: &Layer) -> bool {
        self.arrays() == other.arrays()
    }
}

impl Eq for Layer {}

impl core::fmt::Debug for Layer {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let kept = match self.lower {
            Bytes::Own(_) => "own",
            Bytes::Shared { .. } => "shared",
        };
        f.debug_struct("Layer")
            .field("positions", &self.lower.as_slice().len())
            .field(
                "bounds",
                &if self.upper.as_slice().is_empty() {
                    1
                } else {
                    2
                },
            )
            .field("memory", &kept)
            .finish()
    }
}
