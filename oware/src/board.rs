//! The raw contents of the board: seeds in each house and in each store.

use core::fmt;

use crate::{BySide, House, MAX_HOUSES, PositionError, Side};

/// The seeds in each house and each store, with no side to move and no
/// rules attached (a [`Position`](crate::Position) adds those).
///
/// Houses are kept in absolute order: South's houses `A`, `B`, … are pits
/// `0..n` and North's `a`, `b`, … are pits `n..2n`, where `n` is the number
/// of houses a side. Sowing runs toward increasing index and wraps from
/// North's last house to South's first.
///
/// `Display` draws the board as South sees it: North's row on top (shown
/// right to left, so each house faces its opposite), North's store on the
/// left, South's on the right.
///
/// ```
/// use oware::{Board, BySide, Side, House};
/// let board = Board::from_rows(&[0, 0, 2, 0, 1, 0], &[0, 0, 0, 0, 0, 1], BySide { south: 20, north: 24 })?;
/// assert_eq!(board.seeds(Side::South, House::new(2).unwrap()), 2);
/// assert_eq!(board.row_seeds(Side::South), 3);
/// assert_eq!(board.store(Side::North), 24);
/// assert_eq!(board.total_seeds(), 48);
/// # Ok::<_, oware::PositionError>(())
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash)]
// The houses first, at a fixed place: the 6-house hot path reads and writes
// the first sixteen bytes as one word (`families/oware6.rs`).
#[repr(C)]
pub struct Board {
    pub(crate) pits: [u8; 2 * MAX_HOUSES],
    pub(crate) stores: [u8; 2],
    pub(crate) houses_per_side: u8,
}

impl Board {
    /// A board with `houses_per_side` houses a side, each holding
    /// `seeds_per_house` seeds, and empty stores.
    ///
    /// # Errors
    /// [`PositionError::HouseCount`] when `houses_per_side` is 0 or more than
    /// [`MAX_HOUSES`].
    pub fn new(houses_per_side: usize, seeds_per_house: u8) -> Result<Board, PositionError> {
        check_house_count(houses_per_side, houses_per_side)?;
        let mut pits = [0; 2 * MAX_HOUSES];
        pits[..2 * houses_per_side].fill(seeds_per_house);
        Ok(Board {
            pits,
            stores: [0; 2],
            houses_per_side: houses_per_side as u8,
        })
    }

    /// A board from each side's row (each in its own `A`→`F` order) and the
    /// stores.
    ///
    /// # Errors
    /// [`PositionError::HouseCount`] when the rows differ in length, are
    /// empty or longer than [`MAX_HOUSES`].
    pub fn from_rows(
        south: &[u8],
        north: &[u8],
        stores: BySide<u8>,
    ) -> Result<Board, PositionError> {
        check_house_count(south.len(), north.len())?;
        let n = south.len();
        let mut pits = [0; 2 * MAX_HOUSES];
        pits[..n].copy_from_slice(south);
        pits[n..2 * n].copy_from_slice(north);
        Ok(Board {
            pits,
            stores: [stores.south, stores.north],
            houses_per_side: n as u8,
        })
    }

    /// A board from the houses in absolute order (South's row, then North's)
    /// and the stores.
    ///
    /// ```
    /// use oware::{Board, BySide};
    /// let board = Board::from_pits(&[0, 0, 0, 0, 2, 3, 1, 1, 1, 0, 0, 0], BySide { south: 20, north: 20 })?;
    /// assert_eq!(board.all_houses(), &[0, 0, 0, 0, 2, 3, 1, 1, 1, 0, 0, 0]);
    /// # Ok::<_, oware::PositionError>(())
    /// ```
    ///
    /// # Errors
    /// [`PositionError::HouseCount`] when the length is odd, zero or more
    /// than twice [`MAX_HOUSES`].
    pub fn from_pits(pits: &[u8], stores: BySide<u8>) -> Result<Board, PositionError> {
        if !pits.len().is_multiple_of(2) {
            return Err(PositionError::HouseCount {
                south: pits.len().div_ceil(2),
                north: pits.len() / 2,
            });
        }
        let (south, north) = pits.split_at(pits.len() / 2);
        Board::from_rows(south, north, stores)
    }

    /// The number of houses each side has.
    #[must_use]
    pub const fn houses_per_side(&self) -> usize {
        self.houses_per_side as usize
    }

    /// The seeds in `house` of `side`; 0 for a house beyond the board.
    #[must_use]
    pub fn seeds(&self, side: Side, house: House) -> u8 {
        self.houses(side).get(house.index()).copied().unwrap_or(0)
    }

    /// The seeds in `side`'s store (its captures so far).
    #[must_use]
    pub const fn store(&self, side: Side) -> u8 {
        self.stores[side.index()]
    }

    /// Both stores.
    #[must_use]
    pub const fn stores(&self) -> BySide<u8> {
        BySide {
            south: self.stores[0],
            north: self.stores[1],
        }
    }

    /// `side`'s row of houses, in its own `A`→`F` order.
    #[must_use]
    pub fn houses(&self, side: Side) -> &[u8] {
        let n = self.houses_per_side();
        &self.pits[side.index() * n..(side.index() + 1) * n]
    }

    /// Every house's seeds in pit index order: South's row, then North's
    /// (the houses of [`Pit::to_index`](crate::Pit::to_index), without
    /// the stores; [`Board::stores`] has those).
    #[must_use]
    pub fn all_houses(&self) -> &[u8] {
        &self.pits[..2 * self.houses_per_side()]
    }

    /// The seeds on `side`'s row of houses.
    #[must_use]
    pub fn row_seeds(&self, side: Side) -> u16 {
        self.houses(side).iter().map(|&s| u16::from(s)).sum()
    }

    /// The seeds in all houses (not the stores).
    #[must_use]
    pub fn seeds_on_board(&self) -> u16 {
        self.all_houses().iter().map(|&s| u16::from(s)).sum()
    }

    /// The seeds in all houses and both stores.
    #[must_use]
    pub fn total_seeds(&self) -> u16 {
        self.seeds_on_board() + u16::from(self.stores[0]) + u16::from(self.stores[1])
    }

    /// The board seen from the other side: North's row and store become
    /// South's and the other way round.
    ///
    /// ```
    /// use oware::{Board, BySide};
    /// let board = Board::from_pits(&[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], BySide { south: 5, north: 40 })?;
    /// assert_eq!(board.mirrored().all_houses(), &[0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0]);
    /// assert_eq!(board.mirrored().stores(), BySide { south: 40, north: 5 });
    /// # Ok::<_, oware::PositionError>(())
    /// ```
    #[must_use]
    pub fn mirrored(&self) -> Board {
        let n = self.houses_per_side();
        let mut pits = [0; 2 * MAX_HOUSES];
        pits[..n].copy_from_slice(self.houses(Side::North));
        pits[n..2 * n].copy_from_slice(self.houses(Side::South));
        Board {
            pits,
            stores: [self.stores[1], self.stores[0]],
            houses_per_side: self.houses_per_side,
        }
    }
}

fn check_house_count(south: usize, north: usize) -> Result<(), PositionError> {
    if south != north || south == 0 || south > MAX_HOUSES {
        return Err(PositionError::HouseCount { south, north });
    }
    Ok(())
}

impl fmt::Display for Board {
    /// Draws the board as South sees it, e.g. the start of Abapa:
    ///
    /// ```text
    ///       f   e   d   c   b   a
    ///       4   4   4   4   4   4
    ///   0                           0
    ///       4   4   4   4   4   4
    ///       A   B   C   D   E   F
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.houses_per_side();
        let row =
            |f: &mut fmt::Formatter<'_>, cells: &mut dyn Iterator<Item = String>| -> fmt::Result {
                f.write_str("    ")?;
                for cell in cells {
                    write!(f, "{cell:>4}")?;
                }
                writeln!(f)
            };
        let letters =
            |side: Side| (0..n).map(move |i| crate::Move::new(side, House(i as u8)).to_string());
        row(f, &mut letters(Side::North).rev())?;
        row(
            f,
            &mut self.houses(Side::North).iter().rev().map(u8::to_string),
        )?;
        writeln!(
            f,
            "{:>4}{}{:>4}",
            self.stores[1],
            " ".repeat(4 * n + 4),
            self.stores[0]
        )?;
        row(f, &mut self.houses(Side::South).iter().map(u8::to_string))?;
        row(f, &mut letters(Side::South))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{self}")
    }
}
