//! Houses, pits, moves and the allocation-free move list.

use core::fmt;
use core::ops::Deref;
use core::str::FromStr;

use crate::Side;

/// The most houses a side can have in any supported ruleset.
///
/// Abapa has 6; Congkak needs 7 and Kalah(m, n) studies go up to 9.
pub const MAX_HOUSES: usize = 9;

/// A house within one side: 0 is the owner's leftmost house (`A` or `a`),
/// counting in sowing order.
///
/// ```
/// use oware::House;
/// assert_eq!(House::new(2).map(House::index), Some(2));
/// assert_eq!(House::new(9), None); // beyond MAX_HOUSES
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct House(pub(crate) u8);

impl House {
    /// The house with index `i` (0-based, from the owner's left), or `None`
    /// when `i >= MAX_HOUSES`. A ruleset with fewer houses rejects the larger
    /// indices when the move is played ([`IllegalMoveReason::NoSuchHouse`](crate::IllegalMoveReason::NoSuchHouse)).
    #[must_use]
    pub const fn new(i: usize) -> Option<House> {
        if i < MAX_HOUSES {
            Some(House(i as u8))
        } else {
            None
        }
    }

    /// The index of the house within its side, `0..MAX_HOUSES`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One ply: the side to move sows the seeds of one of its houses.
///
/// A move carries its side, so its [`Display`](fmt::Display) form is the
/// standard letter: `A`–`F` for South's houses, `a`–`f` for North's.
///
/// ```
/// use oware::{House, Move, Side};
/// let m: Move = "c".parse()?;
/// assert_eq!(m, Move::new(Side::North, House::new(2).unwrap()));
/// assert_eq!(m.to_string(), "c");
/// assert_eq!(m.to_index(6), 8); // absolute pit index with 6 houses a side
/// # Ok::<_, oware::ParseMoveError>(())
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    side: Side,
    house: House,
}

impl Move {
    /// The move that sows `house` of `side`.
    #[must_use]
    pub const fn new(side: Side, house: House) -> Move {
        Move { side, house }
    }

    /// The side that plays the move.
    #[must_use]
    pub const fn side(self) -> Side {
        self.side
    }

    /// The house the move sows (its origin house).
    #[must_use]
    pub const fn house(self) -> House {
        self.house
    }

    /// The absolute index of the origin house when each side has
    /// `houses_per_side` houses: South's houses are `0..n`, North's `n..2n`
    /// (counter-clockwise from South's `A`; Abapa: `A` = 0 … `f` = 11).
    #[must_use]
    pub const fn to_index(self, houses_per_side: usize) -> usize {
        self.side.index() * houses_per_side + self.house.index()
    }

    /// The move whose origin house has absolute index `index` when each side
    /// has `houses_per_side` houses; `None` if `index >= 2 * houses_per_side`
    /// or `houses_per_side` is 0 or more than [`MAX_HOUSES`].
    ///
    /// ```
    /// use oware::Move;
    /// assert_eq!(Move::from_index(11, 6).map(|m| m.to_string()), Some("f".into()));
    /// assert_eq!(Move::from_index(12, 6), None);
    /// ```
    #[must_use]
    pub const fn from_index(index: usize, houses_per_side: usize) -> Option<Move> {
        if houses_per_side == 0 || houses_per_side > MAX_HOUSES || index >= 2 * houses_per_side {
            return None;
        }
        let side = if index < houses_per_side {
            Side::South
        } else {
            Side::North
        };
        Some(Move::new(side, House((index % houses_per_side) as u8)))
    }

    /// The move's letter: `'A'` + house for South, `'a'` + house for North.
    #[must_use]
    pub const fn char(self) -> char {
        let base = match self.side {
            Side::South => b'A',
            Side::North => b'a',
        };
        (base + self.house.0) as char
    }

    /// Parses a move letter (`A`–`I` for South, `a`–`i` for North, within
    /// [`MAX_HOUSES`]). Whether the ruleset has that house is checked when
    /// the move is played; [`Move::from_ascii_on`] reads a move for a board
    /// whose size is known, and its error names that board's letters.
    ///
    /// # Errors
    /// [`ParseMoveError`] for anything but exactly one such letter.
    pub const fn from_ascii(s: &[u8]) -> Result<Move, ParseMoveError> {
        match s {
            [c] => match Move::from_letter(*c) {
                Some(m) => Ok(m),
                None => Err(ParseMoveError::BARE),
            },
            _ => Err(ParseMoveError::BARE),
        }
    }

    /// [`Move::from_ascii`] for a board of `houses_per_side` houses a side:
    /// the same moves are read (whether the ruleset has the house is still
    /// checked when the move is played), but the error names that board's
    /// letters, `A-F (South) or a-f (North)` with 6 houses a side, not
    /// every board's.
    ///
    /// ```
    /// use oware::Move;
    /// let e = Move::from_ascii_on(b"Z", 6).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "invalid move notation: expected one letter A-F (South) or a-f (North)"
    /// );
    /// assert_eq!(e.houses_per_side(), Some(6));
    /// assert_eq!(Move::from_ascii_on(b"c", 6), "c".parse());
    /// ```
    ///
    /// # Errors
    /// [`ParseMoveError`] for anything but exactly one letter of a house
    /// within [`MAX_HOUSES`].
    pub const fn from_ascii_on(s: &[u8], houses_per_side: usize) -> Result<Move, ParseMoveError> {
        match Move::from_ascii(s) {
            Ok(m) => Ok(m),
            Err(e) => Err(e.on_board(houses_per_side)),
        }
    }

    /// The move for one letter byte, or `None`.
    pub(crate) const fn from_letter(c: u8) -> Option<Move> {
        let (side, house) = match c {
            b'A'..=b'Z' => (Side::South, c - b'A'),
            b'a'..=b'z' => (Side::North, c - b'a'),
            _ => return None,
        };
        if (house as usize) < MAX_HOUSES {
            Some(Move::new(side, House(house)))
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::from_ascii(s.as_bytes())
    }
}

/// Error when parsing a move that is not one house letter, e.g. `"G "` or
/// `"7"`.
///
/// Its message names the letters of the board the move was read for
/// ([`Move::from_ascii_on`]): `invalid move notation: expected one letter
/// A-F (South) or a-f (North)` on a board of 6 houses a side. Read for no
/// board in particular ([`Move::from_ascii`], [`FromStr`]), it names every
/// board's letters and says so: `... A-I (South) or a-i (North) on the
/// largest board`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseMoveError {
    /// The houses a side of the board the move was read for, if known
    /// (1 to [`MAX_HOUSES`]).
    houses: Option<u8>,
}

impl ParseMoveError {
    /// The error of a move read for no board in particular.
    const BARE: ParseMoveError = ParseMoveError { houses: None };

    /// The same error, for a board of `houses_per_side` houses a side (1 to
    /// [`MAX_HOUSES`]; another number leaves it for no board in particular).
    #[must_use]
    pub const fn on_board(self, houses_per_side: usize) -> ParseMoveError {
        if houses_per_side >= 1 && houses_per_side <= MAX_HOUSES {
            ParseMoveError {
                houses: Some(houses_per_side as u8),
            }
        } else {
            ParseMoveError::BARE
        }
    }

    /// The houses a side of the board the move was read for; `None` when
    /// it was read for no board in particular.
    #[must_use]
    pub const fn houses_per_side(&self) -> Option<usize> {
        match self.houses {
            Some(n) => Some(n as usize),
            None => None,
        }
    }
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.houses.unwrap_or(MAX_HOUSES as u8);
        f.write_str("invalid move notation: expected one letter ")?;
        if n == 1 {
            f.write_str("A (South) or a (North)")?;
        } else {
            let (south, north) = (char::from(b'A' + n - 1), char::from(b'a' + n - 1));
            write!(f, "A-{south} (South) or a-{north} (North)")?;
        }
        if self.houses.is_none() {
            f.write_str(" on the largest board")?;
        }
        Ok(())
    }
}

impl core::error::Error for ParseMoveError {}

/// A list of up to [`MAX_HOUSES`] moves, stored inline: building one never
/// allocates. It dereferences to `[Move]`.
///
/// ```
/// use oware::Position;
/// let moves = Position::default().legal_moves();
/// assert_eq!(moves.len(), 6);
/// assert_eq!(moves.iter().map(|m| m.to_string()).collect::<String>(), "ABCDEF");
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash)]
pub struct MoveList {
    moves: [Move; MAX_HOUSES],
    len: u8,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Side::South, House(0)); MAX_HOUSES],
            len: 0,
        }
    }

    /// The moves of `side` for the houses whose bits are set in `mask`
    /// (bit `k` = house `k`), in house order. Masks of six houses or fewer
    /// (every Oware and Kalah(6) position) come ready-made from a table.
    #[inline]
    pub(crate) fn from_mask(side: Side, mask: u16) -> MoveList {
        match side {
            Side::South if mask < 64 => SOUTH_LISTS[mask as usize],
            Side::North if mask < 64 => NORTH_LISTS[mask as usize],
            _ => MoveList::build(side, mask),
        }
    }

    /// [`MoveList::from_mask`] one move at a time.
    const fn build(side: Side, mut mask: u16) -> MoveList {
        let mut list = MoveList::new();
        while mask != 0 && (list.len as usize) < MAX_HOUSES {
            list.moves[list.len as usize] = Move::new(side, House(mask.trailing_zeros() as u8));
            list.len += 1;
            mask &= mask - 1;
        }
        list
    }

    /// The lists of every mask of the six lowest houses.
    const fn table(side: Side) -> [MoveList; 64] {
        let mut table = [MoveList::new(); 64];
        let mut mask = 0;
        while mask < 64 {
            table[mask] = MoveList::build(side, mask as u16);
            mask += 1;
        }
        table
    }

    /// Appends `m`; a full list (which legal move generation never makes,
    /// since a side has at most [`MAX_HOUSES`] houses) ignores it.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len as usize) {
            *slot = m;
            self.len += 1;
        }
    }
}

static SOUTH_LISTS: [MoveList; 64] = MoveList::table(Side::South);
static NORTH_LISTS: [MoveList; 64] = MoveList::table(Side::North);

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A house or a store: a place seeds can be in.
///
/// Sowing reports list pits so that rulesets whose stores receive seeds
/// while sowing (Kalah, Congkak) fit the same report.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Pit {
    /// A house of a side.
    House(Side, House),
    /// The store of a side.
    Store(Side),
}

impl Pit {
    /// The pit index when each side has `houses_per_side` houses: South's
    /// houses `0..n`, North's `n..2n`, then South's store `2n` and North's
    /// `2n + 1` (Abapa: `A` = 0 … `f` = 11, stores 12 and 13). The order of
    /// C's `oware_game_board` and of Python's `Pit.to_index`. A house past
    /// `houses_per_side` has no index on that board: it gives another
    /// pit's, so check the house first where it comes from outside (Python's
    /// `Pit.to_index` refuses it; a report's pits are always on its board).
    ///
    /// ```
    /// use oware::{House, Pit, Side};
    /// assert_eq!(Pit::House(Side::North, House::new(5).unwrap()).to_index(6), 11);
    /// assert_eq!(Pit::Store(Side::North).to_index(6), 13);
    /// ```
    #[must_use]
    pub const fn to_index(self, houses_per_side: usize) -> usize {
        match self {
            Pit::House(side, house) => side.index() * houses_per_side + house.index(),
            Pit::Store(side) => 2 * houses_per_side + side.index(),
        }
    }

    /// The pit whose absolute index is `index` (see [`Pit::to_index`]) when
    /// each side has `houses_per_side` houses; `None` if `index > 2 *
    /// houses_per_side + 1` or `houses_per_side` is 0 or more than
    /// [`MAX_HOUSES`].
    ///
    /// ```
    /// use oware::{Pit, Side};
    /// assert_eq!(Pit::from_index(12, 6), Some(Pit::Store(Side::South)));
    /// assert_eq!(Pit::from_index(3, 6).map(|p| p.to_string()), Some("D".into()));
    /// assert_eq!(Pit::from_index(14, 6), None);
    /// ```
    #[must_use]
    pub const fn from_index(index: usize, houses_per_side: usize) -> Option<Pit> {
        if let Some(m) = Move::from_index(index, houses_per_side) {
            return Some(Pit::House(m.side(), m.house()));
        }
        if houses_per_side == 0 || houses_per_side > MAX_HOUSES {
            return None;
        }
        match index.wrapping_sub(2 * houses_per_side) {
            0 => Some(Pit::Store(Side::South)),
            1 => Some(Pit::Store(Side::North)),
            _ => None,
        }
    }
}

impl fmt::Display for Pit {
    /// A house by its move letter (`C`, `f`), a store as `S*` or `N*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Pit::House(side, house) => write!(f, "{}", Move::new(side, house)),
            Pit::Store(side) => f.write_str(side.fold_sn("S*", "N*")),
        }
    }
}

/// A set of one side's houses, e.g. the houses under threat.
///
/// ```
/// use oware::{House, HouseSet};
/// let mut set = HouseSet::EMPTY;
/// set.insert(House::new(4).unwrap());
/// assert!(set.contains(House::new(4).unwrap()));
/// assert_eq!(set.len(), 1);
/// assert_eq!(set.iter().map(House::index).collect::<Vec<_>>(), [4]);
/// ```
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HouseSet(pub(crate) u16);

impl HouseSet {
    /// The empty set.
    pub const EMPTY: HouseSet = HouseSet(0);

    /// Adds `house`.
    pub fn insert(&mut self, house: House) {
        self.0 |= 1 << house.0;
    }

    /// Whether the set holds `house`.
    #[must_use]
    pub const fn contains(self, house: House) -> bool {
        self.0 & (1 << house.0) != 0
    }

    /// The number of houses in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The bits of the set: bit `i` is house `i`.
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The houses in the set, in index order.
    pub fn iter(self) -> impl Iterator<Item = House> {
        (0..MAX_HOUSES as u8)
            .filter(move |&i| self.0 & (1 << i) != 0)
            .map(House)
    }
}

impl fmt::Debug for HouseSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(House::index))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 31: `Move('Z')` and a letter typed for a 6-house board were
    /// told "A-I (South) or a-i (North)", the letters of no board in play.
    #[test]
    fn a_move_error_names_the_board_it_was_read_for() {
        let bare = "Z".parse::<Move>().unwrap_err();
        assert_eq!(bare.houses_per_side(), None);
        assert_eq!(
            bare.to_string(),
            "invalid move notation: expected one letter A-I (South) or a-i (North) on the largest board"
        );
        for (houses, letters) in [
            (6, "A-F (South) or a-f (North)"),
            (7, "A-G (South) or a-g (North)"),
            (9, "A-I (South) or a-i (North)"),
            (1, "A (South) or a (North)"),
        ] {
            let e = Move::from_ascii_on(b"7", houses).unwrap_err();
            assert_eq!(e.houses_per_side(), Some(houses));
            assert_eq!(
                e.to_string(),
                format!("invalid move notation: expected one letter {letters}")
            );
        }
        // A size no board has: the bare error.
        assert_eq!(Move::from_ascii_on(b"", 0), Err(bare));
        assert_eq!(Move::from_ascii_on(b"", MAX_HOUSES + 1), Err(bare));
        // The same moves are read: whether the board has the house is for
        // play to say.
        assert_eq!(Move::from_ascii_on(b"g", 6), "g".parse());
    }
}
