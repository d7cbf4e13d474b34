//! Endgame databases for the Oware family: the exact value of every
//! position with up to N seeds on the board, computed by retrograde
//! analysis, with the best moves to play.
//!
//! # What a value is
//! A position's value is the best final difference in captured seeds — the
//! side to move's captures from now on minus the opponent's — that the side
//! to move can force from the seeds on the board, both sides playing best.
//! It depends on the houses and the side to move only (the stores already
//! won do not change what is best), so the database folds a position and
//! its mirror image into one entry, and each seed total `k` into one
//! *layer*: captures only remove seeds, so layer `k` needs only the layers
//! below it and itself. Where no move is left (R8) each side takes the
//! seeds in its own row. Adding the value to the stores gives the final
//! score; with 25 to win, the winner is the same as if play went on to the
//! end (captures never go back), so best play by value is best play.
//!
//! # Endless play: the two conventions
//! Oware play can cycle without a capture for ever, and what such play is
//! worth is a matter of convention ([`Convention`]):
//!
//! - [`Convention::EvenSplit`], the computer-Awari convention (Romein and
//!   Bal, *Solving Awari with parallel retrograde analysis*, 2003): endless
//!   play splits the seeds left evenly, so it adds 0 to the difference.
//!   Then a value depends on the board alone and the retrograde fixpoint
//!   gives it exactly: [`Value::exact`] is always `Some`. A ruleset whose
//!   [`Leftover`](crate::Leftover) is `NotCounted` plays by this
//!   convention too (the seeds left count for nobody).
//! - [`Convention::EachTakesOwn`], Abapa R11: the game is cut by the third
//!   repetition (or the first, in OpenSpiel) or by the no-capture limit,
//!   and each side takes the seeds in its own row *at the cut*. Where the
//!   cut falls depends on the game's history, so a value can depend on it,
//!   and no table of boards can be exact for every history. The database
//!   gives two bounds: [`Value::lower`] is what the side to move can force
//!   by reaching a capture or the end of the game without going round a
//!   cycle (endless play counted as the worst for it), [`Value::upper`]
//!   what the opponent can hold it to the same way. Where they are equal,
//!   no cycle can change the value: it is exact. Elsewhere the entry is
//!   cycle-dependent (the true value lies between the bounds and depends on
//!   where cycles are cut), and the engine searches it with the game's
//!   history.
//!
//! A forcing line never repeats a position of its own, but it takes a
//! number of plies ([`Probe::plies`]), and the game's history rules can cut
//! it first: the no-capture limit (Abapa: 100 plies; the longest forcing
//! lines of the layers of 12 and 13 seeds take 102–130 plies, of 25 seeds
//! 118),
//! or a repetition of a position that occurred before the line began. A
//! value is what best play secures when the line fits, which
//! [`Probe::safe_in`] checks against a [`Game`](crate::Game); the engine
//! plays the database's move only then, and searches otherwise.
//!
//! Why not bounds that hold for *every* history? A cut could then fall on
//! any position reached by a quiet move, so a quiet move's child would count
//! as the worse of its own bounds and of what a cut there gives (each side
//! its row). Such bounds exist and the same fixpoint computes them, but
//! they are rarely useful: measured on 300 random Abapa positions of 6–10
//! seeds, 1 % were exact under them, against 61–82 % of the positions of
//! 6–8 seeds under the bounds above (4–10 % of those of 14–20 seeds). The
//! database keeps the bounds of play that does not cycle, and states the
//! one condition on the history ([`Probe::safe_in`]) under which they
//! hold.
//!
//! # How it is computed
//! Layer by layer, from 0 seeds up. In a layer the quiet moves stay in the
//! layer and the captures leave it, with values from the layers below.
//! For each threshold `t` from `k` down, the positions whose mover can
//! force leaving the layer with at least `t` (and those whose mover cannot
//! stop the opponent from forcing at most `−t`) are attractors, found
//! backwards from the moves that leave the layer with counters of the
//! moves still open; both sets only grow as `t` falls, so one pass serves
//! every threshold, and each position is visited backwards at most twice.
//! The lower bound is the highest `t` whose set holds the position, the
//! upper bound likewise; under `EvenSplit` the exact value is the lower
//! bound when it is positive, the upper when negative, else 0. Positions
//! are numbered by the combinatorial number system ([`SeedIndex`]), so a
//! layer is a dense array: one byte of value (two under `EachTakesOwn`)
//! and one byte of rank per position. The rank is how best play makes
//! progress: a winning side keeps the value *and* moves closer to the
//! capture that realises it, never round a cycle.
//!
//! # Threads
//! A build splits each step of a layer over the machine's cores
//! (`std::thread::available_parallelism`, one where it is unknown) with
//! scoped `std` threads. Where a thread cannot be started — a process at
//! its thread limit, or a host without threads such as
//! `wasm32-unknown-unknown` — its part runs on the calling thread: the
//! build is slower there, never different, and never traps. Only
//! [`Database::save`], [`Database::load`] and the layer files need a file
//! system (without one they return their I/O errors).

mod database;
pub mod file;
mod index;
mod layer;
mod retrograde;
pub mod slices;
mod solver;
mod stored;
mod threads;

pub use database::{Database, MAX_LAYER_POSITIONS, Progress};
pub use file::{DirError, FORMAT_VERSION, LoadError};
pub use index::SeedIndex;
pub use slices::{LayerSlice, SliceError};
pub use solver::SolveError;
pub use stored::SharedBytes;

use crate::MoveList;
use core::fmt;

/// What endless play is worth: see [the module documentation](self).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    /// Endless play splits the seeds left evenly (computer Awari): values
    /// are exact.
    EvenSplit,
    /// Each side takes the seeds in its own row when the game is cut
    /// (Abapa R11): values are bounds, exact where no cycle matters.
    EachTakesOwn,
}

impl Convention {
    /// Both conventions, in the order their names sort.
    pub const ALL: [Convention; 2] = [Convention::EvenSplit, Convention::EachTakesOwn];

    /// The convention's name as layer files, command lines and the
    /// bindings write it, and [`FromStr`](core::str::FromStr) reads it:
    /// `"even"` or `"own"`.
    ///
    /// ```
    /// use oware::endgame::Convention;
    /// assert_eq!(Convention::EachTakesOwn.name(), "own");
    /// assert_eq!("even".parse(), Ok(Convention::EvenSplit));
    /// assert!("odd".parse::<Convention>().is_err());
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Convention::EvenSplit => "even",
            Convention::EachTakesOwn => "own",
        }
    }

    /// The convention in words: `"even split"` or `"each takes own"`.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Convention::EvenSplit => "even split",
            Convention::EachTakesOwn => "each takes own",
        }
    }

    /// The convention a ruleset's cycle rule plays by: `EachTakesOwn` when
    /// each side takes its own seeds, `EvenSplit` when the seeds left are
    /// not counted (their difference is 0 either way).
    #[must_use]
    pub fn of(ruleset: &crate::Ruleset) -> Convention {
        match ruleset.cycle().leftover {
            crate::Leftover::EachTakesOwn => Convention::EachTakesOwn,
            _ => Convention::EvenSplit,
        }
    }
}

impl fmt::Display for Convention {
    /// The convention's [name](Convention::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Convention {
    type Err = ParseConventionError;

    /// The convention [named](Convention::name) `text`, in any case, as
    /// sides and presets are read: `"even"`, `"Own"`.
    fn from_str(text: &str) -> Result<Convention, ParseConventionError> {
        Convention::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseConventionError(text.into()))
    }
}

/// A convention name that is neither `"even"` nor `"own"`; it holds the
/// text given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseConventionError(pub String);

impl fmt::Display for ParseConventionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown convention {:?}: expected \"even\" or \"own\"",
            self.0
        )
    }
}

impl std::error::Error for ParseConventionError {}

/// The value of a position for its side to move, in seeds: the final
/// difference of captures from now on it can force, between two bounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// What the side to move can force by play that does not cycle (the
    /// exact value when it equals [`Value::upper`]); [`Probe::safe_in`]
    /// tells whether a game's history lets that play run its course.
    pub lower: i8,
    /// What the opponent can hold it to by play that does not cycle.
    pub upper: i8,
}

impl Value {
    /// The value for the mover of a move that gains `net` seeds (its
    /// captures minus the opponent's) and leads to a position worth
    /// `child` to its own side to move: the mover's again (`same_side`,
    /// after a capture-all grand slam) or the opponent's.
    pub(crate) fn after_move(net: i8, same_side: bool, child: Value) -> Value {
        if same_side {
            Value {
                lower: net + child.lower,
                upper: net + child.upper,
            }
        } else {
            Value {
                lower: net - child.upper,
                upper: net - child.lower,
            }
        }
    }

    /// The value when both bounds agree: always under
    /// [`Convention::EvenSplit`]; under [`Convention::EachTakesOwn`] when
    /// no cycle can change it.
    #[must_use]
    pub const fn exact(self) -> Option<i8> {
        if self.lower == self.upper {
            Some(self.lower)
        } else {
            None
        }
    }
}

/// What [`Database::probe`] finds about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Its value for the side to move.
    pub value: Value,
    /// The moves that keep the lower bound and make progress towards it,
    /// best first (highest upper bound, then the quickest); empty when the
    /// game has no move left (R8). Playing the first of them at every turn
    /// realises the value.
    pub best_moves: MoveList,
    /// The seeds on the board.
    pub seeds: u8,
    /// At most how many plies best play takes to reach the capture (or the
    /// end of the game) that secures the lower bound, when the opponent
    /// also keeps the value (a reply that gives the side to move more can
    /// lead to a longer line to the better value), from the stored rank;
    /// `u16::MAX` when the rank saturated (longer than 254 plies); `None`
    /// where keeping the value needs no progress (a value of 0 or less
    /// under [`Convention::EvenSplit`]; a lower bound of minus the seeds on
    /// the board, or one no line can force, under
    /// [`Convention::EachTakesOwn`]). A game whose no-capture limit or repetition rule would cut
    /// play before then may end otherwise: see [`Probe::safe_in`].
    pub plies: Option<u16>,
}

impl Probe {
    /// Whether `game` (whose current position this probe is of) can be
    /// played out by [`Probe::best_moves`] to the lower bound before its
    /// history rules cut it: the plies needed fit under the no-capture and
    /// ply limits, and no position since the last capture has occurred so
    /// often that one more occurrence on the way would end the game (a
    /// forcing line never repeats a position of its own).
    #[must_use]
    pub fn safe_in(&self, game: &crate::Game) -> bool {
        let Some(plies) = self.plies else {
            return true;
        };
        let cycle = game.ruleset().cycle();
        let fits = |limit: Option<u16>, used: usize| {
            limit.is_none_or(|n| used + usize::from(plies) <= usize::from(n))
        };
        let earlier = game.positions_since_capture();
        let earlier = &earlier[..earlier.len() - 1];
        let repeats_fit = cycle.occurrences.is_none_or(|n| {
            let mut counts = std::collections::HashMap::new();
            earlier.iter().all(|p| {
                let seen = counts.entry(crate::game::key(p)).or_insert(0u8);
                *seen += 1;
                *seen < n - 1
            })
        });
        fits(cycle.no_capture_plies, game.plies_since_capture())
            && fits(cycle.max_plies, game.ply())
            && repeats_fit
    }
}

/// Why a database cannot be built.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndgameError {
    /// The ruleset is not of the Oware family, or lets a side pass without
    /// a capture (a capture-all grand slam without must-feed).
    Unsupported,
    /// The database already holds every seed of the ruleset.
    Full,
    /// The layer of this many seeds would hold 2^31 positions or more.
    TooLarge {
        /// The seed total of that layer.
        seeds: u8,
    },
    /// Memory for the build could not be had: the up-front reservation of
    /// [`Database::memory_to_build`] failed, or an array of the layer being
    /// built could not be allocated (the process's address-space limit, or
    /// the system's memory, is too small).
    OutOfMemory {
        /// The bytes asked for when the allocation failed.
        bytes: u64,
    },
    /// A [`StopHandle`](crate::StopHandle) stopped the build; the layers
    /// built before the one it stopped are kept.
    Stopped,
}

impl fmt::Display for EndgameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndgameError::Unsupported => f.write_str(
                "endgame databases need an Oware ruleset in which a side never passes without a capture",
            ),
            EndgameError::Full => f.write_str("the database already holds every seed of the ruleset"),
            EndgameError::TooLarge { seeds } => {
                write!(f, "the layer of {seeds} seeds would hold 2^31 positions or more")
            }
            EndgameError::OutOfMemory { bytes } => out_of_memory(f, *bytes),
            EndgameError::Stopped => crate::Stopped.fmt(f),
        }
    }
}

impl core::error::Error for EndgameError {}

impl From<crate::Stopped> for EndgameError {
    fn from(_: crate::Stopped) -> EndgameError {
        EndgameError::Stopped
    }
}

/// The message of a failed allocation of `bytes` bytes, shared by every
/// error that reports one.
pub(crate) fn out_of_memory(f: &mut fmt::Formatter<'_>, bytes: u64) -> fmt::Result {
    let (size, unit) = if bytes >= 1 << 30 {
        (bytes as f64 / f64::from(1 << 30), "GiB")
    } else {
        (bytes as f64 / f64::from(1 << 20), "MiB")
    };
    write!(
        f,
        "out of memory: {bytes} bytes ({size:.1} {unit}) could not be allocated"
    )
}

/// `n` copies of `value` in a vector allocated fallibly:
/// [`EndgameError::OutOfMemory`] with the bytes asked for when the
/// allocation fails, where `vec![value; n]` would abort the process.
pub(crate) fn try_vec<T: Clone>(value: T, n: usize) -> Result<Vec<T>, EndgameError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| EndgameError::OutOfMemory {
            bytes: bytes_of::<T>(n),
        })?;
    v.resize(n, value);
    Ok(v)
}

/// The items of `items` (exactly `n` of them) in a vector allocated
/// fallibly, as [`try_vec`].
pub(crate) fn try_collect<T>(
    items: impl Iterator<Item = T>,
    n: usize,
) -> Result<Vec<T>, EndgameError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| EndgameError::OutOfMemory {
            bytes: bytes_of::<T>(n),
        })?;
    v.extend(items);
    Ok(v)
}

/// Appends `item` to a queue that grows fallibly (doubling, as `push`
/// does).
#[inline]
pub(crate) fn try_push<T>(v: &mut Vec<T>, item: T) -> Result<(), EndgameError> {
    if v.len() == v.capacity() {
        let more = v.len().max(1024);
        v.try_reserve(more).map_err(|_| EndgameError::OutOfMemory {
            bytes: bytes_of::<T>(v.len() + more),
        })?;
    }
    v.push(item);
    Ok(())
}

/// The bytes of `n` items of `T`.
pub(crate) fn bytes_of<T>(n: usize) -> u64 {
    (n as u64).saturating_mul(core::mem::size_of::<T>() as u64)
}

/// Why a position cannot be probed.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeError {
    /// The position's rules for moves, captures or feeding are not the
    /// database's.
    Ruleset,
    /// More seeds are on the board than the database holds.
    TooManySeeds {
        /// Seeds on the position's board.
        seeds: u8,
        /// The most the database holds.
        max: u8,
    },
    /// The game is over by the stores: a side has more than half the seeds
    /// (R9), or each has half (R10).
    GameOver,
    /// The database holds no layer, not even that of 0 seeds.
    Empty,
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Ruleset => f.write_str("the position's ruleset is not the database's"),
            ProbeError::TooManySeeds { seeds, max } => write!(
                f,
                "{seeds} seeds on the board, the database holds up to {max}"
            ),
            ProbeError::GameOver => f.write_str(
                "the game is over: a side has more than half the seeds, or each has half",
            ),
            ProbeError::Empty => f.write_str("the database holds no layer"),
        }
    }
}

impl core::error::Error for ProbeError {}
