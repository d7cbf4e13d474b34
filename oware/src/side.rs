//! The two sides of the board and a container with a value for each.

use core::fmt;
use core::ops::Not;

/// `South` or `North`.
///
/// South owns the near row (houses `A`–`F`) and, by this crate's convention,
/// moves first from the starting position (Abapa R2).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The side that owns houses `A`–`F` and moves first.
    South = 0,
    /// The side that owns houses `a`–`f`.
    North = 1,
}

impl Side {
    /// `South` and `North`, in this order.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// Returns the opponent. Same as `!self`, but usable in `const` contexts.
    ///
    /// ```
    /// use oware::Side;
    /// assert_eq!(Side::South.other(), Side::North);
    /// ```
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// Returns `south` for [`Side::South`] and `north` for [`Side::North`].
    ///
    /// ```
    /// use oware::Side;
    /// assert_eq!(Side::North.fold_sn("s", "n"), "n");
    /// ```
    pub fn fold_sn<T>(self, south: T, north: T) -> T {
        match self {
            Side::South => south,
            Side::North => north,
        }
    }

    /// Index of the side: 0 for South, 1 for North.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's one-letter code in position strings: `'s'` or `'n'`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Side::South => 's',
            Side::North => 'n',
        }
    }

    /// Parses a one-letter code (`'s'`/`'S'` or `'n'`/`'N'`); `None` for anything else.
    ///
    /// ```
    /// use oware::Side;
    /// assert_eq!(Side::from_char('n'), Some(Side::North));
    /// assert_eq!(Side::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Side> {
        match c {
            's' | 'S' => Some(Side::South),
            'n' | 'N' => Some(Side::North),
            _ => None,
        }
    }

    /// The side's name in lower case: `"south"` or `"north"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The side `text` names, in any case: `"south"`, `"South"` (as the
    /// side displays), `"NORTH"`; `None` for anything else. The bindings
    /// and the web example read a side from text with it.
    ///
    /// ```
    /// use oware::Side;
    /// assert_eq!(Side::from_name("south"), Some(Side::South));
    /// assert_eq!(Side::from_name(&Side::North.to_string()), Some(Side::North));
    /// assert_eq!(Side::from_name("s"), None);
    /// ```
    #[must_use]
    pub fn from_name(text: &str) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|side| side.name().eq_ignore_ascii_case(text))
    }
}

impl Not for Side {
    type Output = Side;

    fn not(self) -> Side {
        self.other()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.fold_sn("South", "North"))
    }
}

/// A value for each [`Side`], e.g. the seeds in each store.
///
/// ```
/// use oware::{BySide, Side};
/// let stores = BySide { south: 20, north: 24 };
/// assert_eq!(*stores.get(Side::North), 24);
/// assert_eq!(stores.map(|s| s * 2), BySide { south: 40, north: 48 });
/// ```
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySide<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> BySide<T> {
    /// Builds a value for each side by calling `f` with `South`, then `North`.
    pub fn new_with(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            south: f(Side::South),
            north: f(Side::North),
        }
    }

    /// The value of `side`.
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// The value of `side`, mutably.
    pub const fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            south: f(self.south),
            north: f(self.north),
        }
    }

    /// The two values as `(Side, &T)` pairs, South first.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::South, &self.south), (Side::North, &self.north)].into_iter()
    }
}
