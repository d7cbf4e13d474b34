//! A position: the board, the side to move and the rules. All rules that
//! need no game history live here.

use core::fmt;

use crate::report::{CaptureSet, NoRecord, Recording, Relay};
use crate::{
    Board, BySide, Captured, House, HouseSet, Move, MoveList, MoveReport, Outcome, Pit, Ruleset,
    Side,
};

/// A position: the seeds on the board, the side to move and the ruleset.
///
/// It is a small `Copy` value, suited to search: copy it and play a move on
/// the copy. Rules that need the game's history (repetition, the
/// no-capture limit, agreement) are kept by [`Game`](crate::Game).
///
/// # Equality
/// Two positions are equal when their boards (houses and stores), sides to
/// move and rulesets are. This is the equality the repetition rule uses
/// (Abapa R11). A position keeps no ply counter.
///
/// # Examples
/// ```
/// use oware::{Position, Side};
/// let mut pos = Position::default(); // Abapa start
/// assert_eq!(pos.legal_moves().len(), 6);
/// pos.play("C".parse()?)?;
/// assert_eq!(pos.turn(), Side::North);
/// assert_eq!(pos.to_string(), "4,4,0,5,5,5/5,4,4,4,4,4 n 0 0");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash)]
// The board first, so its houses start the value (see `Board`).
#[repr(C)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Side,
    pub(crate) ruleset: Ruleset,
}

impl Position {
    /// The starting position of `ruleset`: every house holds
    /// `seeds_per_house`, the stores are empty and South moves (R1, R2).
    #[must_use]
    pub fn new(ruleset: Ruleset) -> Position {
        let mut pits = [0; 2 * crate::MAX_HOUSES];
        pits[..2 * ruleset.houses_per_side()].fill(ruleset.seeds_per_house());
        Position {
            board: Board {
                pits,
                stores: [0; 2],
                houses_per_side: ruleset.houses_per_side,
            },
            turn: Side::South,
            ruleset,
        }
    }

    /// A position from a board, the side to move and a ruleset.
    ///
    /// Any distribution of the ruleset's seeds is accepted, including
    /// positions where the game is already over ([`Position::outcome`]
    /// tells). Where a side without seeds passes (Congkak C7, Oware with
    /// [`GrandSlam::CaptureAll`](crate::GrandSlam::CaptureAll)), a side to
    /// move without seeds passes at once: the other side is to move.
    ///
    /// # Errors
    /// [`PositionError::RulesetHouses`] when the board's houses a side differ
    /// from the ruleset's; [`PositionError::SeedTotal`] when the houses and
    /// stores do not hold exactly the ruleset's seed total (Abapa R1: 48).
    ///
    /// ```
    /// use oware::{Board, BySide, Position, PositionError, Ruleset, Side};
    /// let board = Board::from_pits(&[4; 12], BySide { south: 0, north: 1 })?;
    /// assert_eq!(
    ///     Position::from_board(board, Side::South, Ruleset::abapa()),
    ///     Err(PositionError::SeedTotal { found: 49, expected: 48 })
    /// );
    /// # Ok::<_, oware::PositionError>(())
    /// ```
    pub fn from_board(
        board: Board,
        turn: Side,
        ruleset: Ruleset,
    ) -> Result<Position, PositionError> {
        if board.houses_per_side() != ruleset.houses_per_side() {
            return Err(PositionError::RulesetHouses {
                board: board.houses_per_side(),
                ruleset: ruleset.houses_per_side(),
            });
        }
        let found = board.total_seeds();
        if found != u16::from(ruleset.total_seeds()) {
            return Err(PositionError::SeedTotal {
                found,
                expected: ruleset.total_seeds(),
            });
        }
        let mut pos = Position {
            board,
            turn,
            ruleset,
        };
        ruleset.family.normalize_turn(&mut pos);
        Ok(pos)
    }

    /// The seeds in the houses and stores.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Side {
        self.turn
    }

    /// The rules this position is played under.
    #[must_use]
    pub const fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The same position seen from the other side: rows and stores swapped
    /// and the other side to move. Legal moves and outcomes mirror too.
    #[must_use]
    pub fn mirrored(&self) -> Position {
        Position {
            board: self.board.mirrored(),
            turn: !self.turn,
            ruleset: self.ruleset,
        }
    }

    /// The legal moves of the side to move, in house order; empty when the
    /// game is over.
    ///
    /// A move is legal when it sows a non-empty house of the side to move
    /// and, in Oware, if the opponent has no seeds and the ruleset says so,
    /// it puts at least one seed in the opponent's row (Abapa R3, R7), and
    /// it is not a forbidden grand slam ([`GrandSlam::Illegal`](crate::GrandSlam::Illegal)).
    #[must_use]
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        MoveList::from_mask(self.turn, self.legal_mask())
    }

    /// Whether `m` is legal here. [`Position::check`] tells why not.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Checks that `m` is legal here.
    ///
    /// # Errors
    /// The [`IllegalMoveReason`], checked in this order: the game is over,
    /// the house is not the side to move's, the ruleset has no such house,
    /// the house is empty, the opponent is starved and the move does not
    /// feed it, the move is a forbidden grand slam. A move this accepts
    /// plays: every family's sowing ends (a Congkak relay that goes round
    /// puts a seed in the mover's store on each lap), so
    /// [`IllegalMoveReason::EndlessSowing`] is only [`Position::play`]'s guard.
    pub fn check(&self, m: Move) -> Result<(), IllegalMoveReason> {
        if self.is_game_over() {
            return Err(IllegalMoveReason::GameOver);
        }
        if m.side() != self.turn {
            return Err(IllegalMoveReason::WrongSide);
        }
        let h = self.ruleset.houses_per_side();
        if m.house().index() >= h {
            return Err(IllegalMoveReason::NoSuchHouse);
        }
        if self.board.pits[m.to_index(h)] == 0 {
            return Err(IllegalMoveReason::EmptyHouse);
        }
        if self.legal_mask() & 1 << m.house().index() == 0 {
            return Err(self.illegal_reason(m));
        }
        Ok(())
    }

    /// Plays `m` and reports what it did.
    ///
    /// # Errors
    /// [`PlayError`] with the reason [`Position::check`] gives, or
    /// [`IllegalMoveReason::EndlessSowing`] if the sowing does not end (a
    /// guard for custom rulesets); the position is then unchanged.
    ///
    /// ```
    /// use oware::{IllegalMoveReason, Position};
    /// let mut pos = Position::default();
    /// let err = pos.play("c".parse()?).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::WrongSide);
    /// assert_eq!(err.to_string(), "illegal move c: house is not the side to move's");
    /// assert_eq!(pos, Position::default());
    /// # Ok::<_, oware::ParseMoveError>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<MoveReport, PlayError> {
        self.check(m).map_err(|reason| PlayError { m, reason })?;
        let opponent = !self.turn;
        let starved = self.board.row_seeds(opponent) == 0;
        let mut rec = Recording::default();
        let mut after = *self;
        if !after.apply(m, &mut rec) {
            let reason = IllegalMoveReason::EndlessSowing;
            return Err(PlayError { m, reason });
        }
        *self = after;
        let pit = |i: usize| self.pit(i);
        let sown: Vec<Pit> = rec.sown.iter().map(|&i| pit(i)).collect();
        let fed = starved
            && sown
                .iter()
                .any(|p| matches!(p, Pit::House(s, _) if *s == opponent));
        let captures = rec
            .captured
            .iter()
            .map(|&(i, seeds, to)| Captured {
                pit: pit(i),
                seeds,
                to,
            })
            .collect();
        let relays = rec
            .relays
            .iter()
            .map(|&(after, i, seeds)| Relay {
                after,
                pit: pit(i),
                seeds,
            })
            .collect();
        Ok(MoveReport {
            played: m,
            sown,
            relays,
            captures,
            grand_slam: rec.grand_slam,
            fed,
            extra_turn: rec.sown.last() == Some(&self.store_pit(m.side())),
            passed: rec.passed,
            outcome: self.outcome(),
        })
    }

    /// Plays `m` without checking it or reporting what it did: the fast path
    /// for search and perft.
    ///
    /// # Panics
    /// May panic, or leave a position that breaks the rules, when `m` is not
    /// legal, or when its sowing does not end (which [`Position::play`]
    /// reports as [`IllegalMoveReason::EndlessSowing`]). Check with
    /// [`Position::is_legal`] or take moves from [`Position::legal_moves`].
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        self.apply(m, &mut NoRecord);
    }

    /// How the game ended, or `None` while it goes on. Only the rules a
    /// position can see are applied: in Oware majority (R9, R10) and no
    /// legal move (R8), in Kalah an empty row (K4), in Congkak empty houses
    /// (C7). [`Game::outcome`](crate::Game::outcome) adds repetition, ply
    /// limits and agreement.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.family_outcome()
    }

    /// Whether the game is over by [`Position::outcome`].
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.legal_mask() == 0
    }

    /// The houses of `side` that its opponent could capture with its next
    /// move, if the opponent were to move now: the houses a frontend rings
    /// as under threat. Grand slams that capture nothing do not count.
    ///
    /// ```
    /// use oware::{House, Position, Side};
    /// // North's e holds 1 seed; South's F (5 seeds) ends there and makes 2.
    /// let pos: Position = "4,4,4,4,4,5/4,4,4,4,1,6 n 0 0".parse()?;
    /// let threats = pos.threats(Side::North);
    /// assert_eq!(threats.iter().map(House::index).collect::<Vec<_>>(), [4]);
    /// # Ok::<_, oware::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn threats(&self, side: Side) -> HouseSet {
        let attacker = Position {
            turn: !side,
            ..*self
        };
        let mut captured = CaptureSet::default();
        for &m in &attacker.legal_moves() {
            let mut after = attacker;
            after.apply(m, &mut captured);
        }
        let h = self.ruleset.houses_per_side();
        let mut set = HouseSet::EMPTY;
        for house in 0..h {
            if captured.0 & 1 << (side.index() * h + house) != 0 {
                set.insert(House(house as u8));
            }
        }
        set
    }

    /// The seeds each side has in its store plus its row.
    pub(crate) fn stores_plus_rows(&self) -> BySide<u8> {
        BySide::new_with(|side| self.board.store(side) + self.board.row_seeds(side) as u8)
    }

    /// Pit index `i` of a sowing report as a [`Pit`]: houses `0..2h` in
    /// absolute order, then South's and North's stores.
    fn pit(&self, i: usize) -> Pit {
        Pit::from_index(i, self.ruleset.houses_per_side())
            .expect("a sowing report's pits are the board's")
    }
}

impl Default for Position {
    /// The Abapa starting position.
    fn default() -> Position {
        Position::new(Ruleset::abapa())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")\n{}", self.board)
    }
}

/// Error when a board cannot be a position of a ruleset.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionError {
    /// The rows have different lengths, or a length outside `1..=MAX_HOUSES`.
    HouseCount {
        /// South's row length.
        south: usize,
        /// North's row length.
        north: usize,
    },
    /// The board has a different number of houses a side than the ruleset.
    RulesetHouses {
        /// The board's houses a side.
        board: usize,
        /// The ruleset's houses a side.
        ruleset: usize,
    },
    /// The houses and stores do not hold the ruleset's seed total.
    SeedTotal {
        /// The seeds found on the board and in the stores.
        found: u16,
        /// The ruleset's seed total.
        expected: u8,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::HouseCount { south, north } => write!(
                f,
                "invalid board: South has {south} houses and North {north} (both must have the same number, 1 to {})",
                crate::MAX_HOUSES
            ),
            PositionError::RulesetHouses { board, ruleset } => {
                write!(
                    f,
                    "invalid position: the board has {board} houses a side, the ruleset {ruleset}"
                )
            }
            PositionError::SeedTotal { found, expected } => {
                write!(
                    f,
                    "invalid position: {found} seeds in houses and stores, the ruleset has {expected}"
                )
            }
        }
    }
}

impl core::error::Error for PositionError {}

/// Why a move is not legal in a position.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMoveReason {
    /// The game is already over.
    GameOver,
    /// The house belongs to the side not to move.
    WrongSide,
    /// The ruleset has fewer houses than the move's index.
    NoSuchHouse,
    /// The house is empty.
    EmptyHouse,
    /// The opponent is starved and this move does not feed it (Abapa R7).
    MustFeed,
    /// The move is a grand slam and the ruleset forbids it while another
    /// move is legal ([`GrandSlam::Illegal`](crate::GrandSlam::Illegal)).
    GrandSlam,
    /// The sowing would not end (a guard for custom rulesets; no preset
    /// has such moves).
    EndlessSowing,
}

impl IllegalMoveReason {
    /// The reason's name, one word in snake case, the same in every
    /// binding: `"empty_house"` is Python's `IllegalMoveError.reason` and
    /// C's `OWARE_ILLEGAL_MOVE_REASON_EMPTY_HOUSE`.
    ///
    /// ```
    /// use oware::{Game, IllegalMoveReason};
    /// let err = Game::default().play("a".parse()?).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::WrongSide);
    /// assert_eq!(err.reason.name(), "wrong_side");
    /// # Ok::<_, oware::ParseMoveError>(())
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            IllegalMoveReason::GameOver => "game_over",
            IllegalMoveReason::WrongSide => "wrong_side",
            IllegalMoveReason::NoSuchHouse => "no_such_house",
            IllegalMoveReason::EmptyHouse => "empty_house",
            IllegalMoveReason::MustFeed => "must_feed",
            IllegalMoveReason::GrandSlam => "grand_slam",
            IllegalMoveReason::EndlessSowing => "endless_sowing",
        }
    }

    /// A short lower-case description, e.g. `"house is empty"`.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self.c_description().to_str() {
            Ok(text) => text,
            Err(_) => "illegal move",
        }
    }

    /// The [`description`](IllegalMoveReason::description) as a static,
    /// NUL-terminated C string, which C's
    /// `oware_illegal_move_reason_message` hands out without copying.
    ///
    /// ```
    /// use oware::IllegalMoveReason;
    /// let reason = IllegalMoveReason::EmptyHouse;
    /// assert_eq!(reason.c_description(), c"house is empty");
    /// assert_eq!(reason.c_description().to_str(), Ok(reason.description()));
    /// ```
    #[must_use]
    pub const fn c_description(self) -> &'static core::ffi::CStr {
        match self {
            IllegalMoveReason::GameOver => c"the game is over",
            IllegalMoveReason::WrongSide => c"house is not the side to move's",
            IllegalMoveReason::NoSuchHouse => c"no such house in this ruleset",
            IllegalMoveReason::EmptyHouse => c"house is empty",
            IllegalMoveReason::GrandSlam => {
                c"a grand slam, which this ruleset forbids while another move is legal"
            }
            IllegalMoveReason::EndlessSowing => c"its sowing would never end",
            IllegalMoveReason::MustFeed => {
                c"the opponent has no seeds and this move does not feed it"
            }
        }
    }
}

impl core::error::Error for IllegalMoveReason {}

impl fmt::Display for IllegalMoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// Error when trying to play an illegal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayError {
    /// The move.
    pub m: Move,
    /// Why it is illegal.
    pub reason: IllegalMoveReason,
}

impl fmt::Display for PlayError {
    /// E.g. `"illegal move c: house is empty"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.m, self.reason)
    }
}

impl core::error::Error for PlayError {}
