//! How a game ended.

use core::fmt;

use crate::{BySide, Side};

/// The end of a game: why it ended, who won, and the final score.
///
/// ```
/// use oware::{BySide, Outcome, Position, Side, Termination};
/// let pos: Position = "0,0,0,0,0,0/0,0,0,0,0,2 s 21 25".parse()?;
/// let outcome = pos.outcome().unwrap();
/// assert_eq!(outcome.termination, Termination::Majority);
/// assert_eq!(outcome.winner, Some(Side::North));
/// assert_eq!(outcome.scores, BySide { south: 21, north: 25 });
/// assert_eq!(outcome.result_str(), "0-1");
/// # Ok::<_, oware::ParsePositionError>(())
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// Why the game ended.
    pub termination: Termination,
    /// The side with the higher score, or `None` for a draw.
    pub winner: Option<Side>,
    /// The seeds credited to each side at the end: its store, plus the seeds
    /// left on its row where the termination gives them out
    /// ([`Termination::NoMoves`] always; [`Termination::Cycle`],
    /// [`Termination::MoveLimit`] and [`Termination::Agreement`] under
    /// [`Leftover::EachTakesOwn`](crate::Leftover::EachTakesOwn)). The
    /// board itself is left as it was, so a frontend can still show it.
    pub scores: BySide<u8>,
}

impl Outcome {
    /// The outcome with `scores`, the winner being the side with more.
    #[must_use]
    pub fn from_scores(termination: Termination, scores: BySide<u8>) -> Outcome {
        let winner = match scores.south.cmp(&scores.north) {
            core::cmp::Ordering::Greater => Some(Side::South),
            core::cmp::Ordering::Less => Some(Side::North),
            core::cmp::Ordering::Equal => None,
        };
        Outcome {
            termination,
            winner,
            scores,
        }
    }

    /// The result in game-record form: `"1-0"` (South won), `"0-1"` (North
    /// won) or `"1/2-1/2"` (draw).
    #[must_use]
    pub const fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Side::South) => "1-0",
            Some(Side::North) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    /// The winner's score first: `"North wins 25-21 (majority)"`, or
    /// `"draw 24-24 (majority)"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (south, north) = (self.scores.south, self.scores.north);
        match self.winner {
            Some(side) => {
                let (won, lost) = side.fold_sn((south, north), (north, south));
                write!(f, "{side} wins {won}-{lost}")?;
            }
            None => write!(f, "draw {south}-{north}")?,
        }
        write!(f, " ({})", self.termination)
    }
}

/// Why a game ended.
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Termination {
    /// A side captured more than half the seeds and wins (Abapa R9: 25),
    /// or both captured exactly half, a draw (R10: 24–24). The game ends
    /// at once; seeds left on the board are not counted.
    Majority,
    /// The side to move has no legal move: its opponent is starved and no
    /// move can feed it (Abapa R8), or it has no seeds. Each side
    /// captures the seeds on its own row (all of them are on one side).
    NoMoves,
    /// The same position occurred as often as the ruleset's
    /// [`CycleRule::occurrences`](crate::CycleRule::occurrences) (Abapa R11: the third time).
    Cycle,
    /// The ruleset's no-capture ply limit (Abapa R11: 100) or its total
    /// ply limit was reached.
    MoveLimit,
    /// The players agreed to end the game ([`Game::end_by_agreement`](crate::Game::end_by_agreement), Abapa R11).
    Agreement,
    /// A row of houses is empty (Kalah K4; Congkak's "either row" option).
    /// Each side takes the seeds left in its houses, unless the ruleset
    /// gives them all to the side that emptied its row.
    EmptyRow,
    /// Every house is empty: all seeds are in the stores (Congkak C7).
    EmptyBoard,
}

impl Termination {
    /// The termination's name in game records: `"majority"`, `"no moves"`,
    /// `"cycle"`, `"move limit"`, `"agreement"`, `"empty row"` or `"empty board"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Majority => "majority",
            Termination::NoMoves => "no moves",
            Termination::Cycle => "cycle",
            Termination::MoveLimit => "move limit",
            Termination::Agreement => "agreement",
            Termination::EmptyRow => "empty row",
            Termination::EmptyBoard => "empty board",
        }
    }

    /// Every termination.
    pub const ALL: [Termination; 7] = [
        Termination::Majority,
        Termination::NoMoves,
        Termination::Cycle,
        Termination::MoveLimit,
        Termination::Agreement,
        Termination::EmptyRow,
        Termination::EmptyBoard,
    ];

    /// The termination named `name` (as [`Termination::name`] gives it), if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.name() == name)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
