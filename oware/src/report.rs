//! What a played move did, for frontends that animate and explain it.

use crate::{Move, Outcome, Pit, Side};

/// What a move did, in the order it happened: the seeds sown one by one,
/// the houses captured, and how the game stands afterwards.
///
/// ```
/// use oware::{Game, Pit, Side, House};
/// let mut game = Game::default();
/// let report = game.play("C".parse()?)?;
/// // C holds 4 seeds: one each into D, E, F and North's a.
/// let sown: Vec<String> = report.sown.iter().map(|p| p.to_string()).collect();
/// assert_eq!(sown, ["D", "E", "F", "a"]);
/// assert!(report.captures.is_empty());
/// assert_eq!(report.outcome, None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The move played.
    pub played: Move,
    /// Each pit a seed was dropped into, in sowing order (one entry a seed,
    /// so a lap lists a house again). The origin house is never listed when
    /// the ruleset skips it (Abapa R4).
    pub sown: Vec<Pit>,
    /// Where relay sowing lifted seeds and sowed on (Congkak C4), in order.
    pub relays: Vec<Relay>,
    /// The houses captured, with the seeds each held and the store they
    /// went to, in the order the capture took them: in Oware the last house
    /// sown first, then backwards (Abapa R5); in Kalah and Congkak the
    /// opposite house, then the capturing seed (K3, C6). Empty when a grand
    /// slam annulled the capture.
    pub captures: Vec<Captured>,
    /// The move would have captured every seed in the opponent's row and
    /// the ruleset annulled the capture (Abapa R6).
    pub grand_slam: bool,
    /// The opponent had no seeds before the move and the move sowed into its
    /// row (Abapa R7).
    pub fed: bool,
    /// The last seed fell in the mover's store, which earns another move
    /// (Kalah K2, Congkak C3; never in Oware). The same side moves again
    /// unless the move ended the game, or the mover, now without seeds,
    /// passes (`passed`).
    pub extra_turn: bool,
    /// The side due to move next had no seeds and passed (Congkak C7; in
    /// Oware after a [`GrandSlam::CaptureAll`](crate::GrandSlam::CaptureAll)):
    /// usually the opponent, so the mover moves again; after an extra turn
    /// that left the mover without seeds, the mover, so the opponent moves.
    pub passed: bool,
    /// How the game ended, if this move ended it.
    pub outcome: Option<Outcome>,
}

impl MoveReport {
    /// The seeds this move captured in all.
    #[must_use]
    pub fn captured_seeds(&self) -> u16 {
        self.captures.iter().map(|c| u16::from(c.seeds)).sum()
    }
}

/// One captured pit and the seeds it held.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Captured {
    /// The pit captured from.
    pub pit: Pit,
    /// The seeds it held.
    pub seeds: u8,
    /// The side whose store they went to: the mover's, except for the
    /// seeds a [`GrandSlam::LeftToOpponent`](crate::GrandSlam::LeftToOpponent) gives the opponent.
    pub to: Side,
}

/// A relay in Congkak (C4): the last seed fell in a house that held seeds,
/// so they were lifted and sown on.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Relay {
    /// How many seeds of [`MoveReport::sown`] came before the lift.
    pub after: usize,
    /// The house lifted.
    pub pit: Pit,
    /// The seeds lifted (the last seed sown included).
    pub seeds: u8,
}

/// Receives what happens during a move. The fast path ([`NoRecord`]) records
/// nothing and compiles away; reports and threat queries record.
pub(crate) trait Recorder {
    /// Whether the recorder wants each sown pit (forces seed-by-seed sowing).
    const SEEDS: bool;
    /// A seed was dropped into absolute house `pit`.
    fn sown(&mut self, _pit: usize) {}
    /// Absolute house `pit` holding `seeds` was captured into `to`'s store.
    fn captured(&mut self, _pit: usize, _seeds: u8, _to: Side) {}
    /// A grand slam annulled the capture.
    fn grand_slam(&mut self) {}
    /// Relay sowing lifted `seeds` from absolute house `pit`.
    fn relay(&mut self, _pit: usize, _seeds: u8) {}
    /// The opponent, without seeds, passed.
    fn passed(&mut self) {}
}

/// The recorder of the fast path.
pub(crate) struct NoRecord;

impl Recorder for NoRecord {
    const SEEDS: bool = false;
}

/// Records everything, with pits as indices (houses `0..2h`, stores `2h`
/// and `2h + 1`).
#[derive(Default)]
pub(crate) struct Recording {
    pub(crate) sown: Vec<usize>,
    pub(crate) relays: Vec<(usize, usize, u8)>,
    pub(crate) captured: Vec<(usize, u8, Side)>,
    pub(crate) grand_slam: bool,
    pub(crate) passed: bool,
}

impl Recorder for Recording {
    const SEEDS: bool = true;

    fn sown(&mut self, pit: usize) {
        self.sown.push(pit);
    }

    fn captured(&mut self, pit: usize, seeds: u8, to: Side) {
        self.captured.push((pit, seeds, to));
    }

    fn grand_slam(&mut self) {
        self.grand_slam = true;
    }

    fn relay(&mut self, pit: usize, seeds: u8) {
        self.relays.push((self.sown.len(), pit, seeds));
    }

    fn passed(&mut self) {
        self.passed = true;
    }
}

/// Records only whether a grand slam annulled the capture.
#[derive(Default)]
pub(crate) struct SlamFlag(pub(crate) bool);

impl Recorder for SlamFlag {
    const SEEDS: bool = false;

    fn grand_slam(&mut self) {
        self.0 = true;
    }
}

/// Records only the captured houses, as a bit set of absolute indices.
#[derive(Default)]
pub(crate) struct CaptureSet(pub(crate) u32);

impl Recorder for CaptureSet {
    const SEEDS: bool = false;

    fn captured(&mut self, pit: usize, _seeds: u8, _to: Side) {
        self.0 |= 1 << pit;
    }
}
