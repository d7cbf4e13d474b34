//! The rule families. Each family's rules are `impl Position` blocks in its
//! own module; this module dispatches on the ruleset's family and holds
//! what Kalah and Congkak share: sowing through the stores.

mod congkak;
mod kalah;
mod oware;
mod oware6;

pub use congkak::{CapturingSeed, CongkakEnd, CongkakRules};
pub use kalah::{KalahEnd, KalahRules, SeedsLeft};
pub use oware::{CaptureCounts, GrandSlam, OwareRules};
pub(crate) use oware6::Oware6;

use crate::report::Recorder;
use crate::{Family, IllegalMoveReason, Move, Outcome, Position, Side};

/// The most seeds one move may sow, relays included, before the sowing is
/// cut short: a guard against rulesets that could sow forever. No ruleset
/// [`Ruleset::new`](crate::Ruleset::new) accepts gets near it (a Congkak lap
/// puts a seed in the mover's store, so laps are bounded by the seeds).
pub(crate) const MAX_SOWN: usize = 1 << 16;

impl Position {
    /// The legal moves as a bit set of houses of the side to move (bit `k`
    /// = house `k`): the allocation-free core of [`Position::legal_moves`];
    /// 0 once the game is over.
    #[inline(always)]
    pub(crate) fn legal_mask(&self) -> u16 {
        // Oware's 6-house board first, with one test: the hot path of
        // search and perft.
        if let Some(fast) = &self.ruleset.oware6 {
            return self.oware6_legal_mask(fast);
        }
        match &self.ruleset.family {
            Family::Oware(rules) => self.oware_legal_mask(rules),
            Family::Kalah(rules) => self.kalah_legal_mask(rules),
            Family::Congkak(rules) => self.congkak_legal_mask(rules),
        }
    }

    /// The end of the game by the rules a position sees.
    pub(crate) fn family_outcome(&self) -> Option<Outcome> {
        match &self.ruleset.family {
            Family::Oware(_) => self.oware_outcome(),
            Family::Kalah(rules) => self.kalah_outcome(rules),
            Family::Congkak(rules) => self.congkak_outcome(rules),
        }
    }

    /// Why `m`, from a non-empty house of the side to move while the game
    /// goes on, is not legal.
    pub(crate) fn illegal_reason(&self, m: Move) -> IllegalMoveReason {
        match &self.ruleset.family {
            Family::Oware(rules) => self.oware_illegal_reason(m, rules),
            // Every non-empty house is legal in these families.
            Family::Kalah(_) | Family::Congkak(_) => IllegalMoveReason::GameOver,
        }
    }

    /// Plays `m` (assumed legal), telling `rec` what happens. Returns
    /// `false` if the sowing was cut short after [`MAX_SOWN`] seeds (the
    /// position is then not a rules position any more).
    #[inline(always)]
    pub(crate) fn apply<R: Recorder>(&mut self, m: Move, rec: &mut R) -> bool {
        // Reports that want every seed take the general code.
        if let Some(fast) = &self.ruleset.oware6
            && !R::SEEDS
        {
            let fast = *fast;
            self.apply_oware6(m.to_index(6), &fast, rec);
            return true;
        }
        match self.ruleset.family {
            Family::Oware(rules) => {
                self.apply_oware(m, &rules, rec);
                true
            }
            Family::Kalah(rules) => {
                self.apply_kalah(m, &rules, rec);
                true
            }
            Family::Congkak(rules) => self.apply_congkak(m, &rules, rec),
        }
    }

    /// The pit index of `side`'s store in sowing reports: houses are
    /// `0..2h`, South's store `2h`, North's `2h + 1`.
    pub(crate) fn store_pit(&self, side: Side) -> usize {
        2 * self.ruleset.houses_per_side() + side.index()
    }

    /// Lifts the seeds of house `from` and sows them one by one into the
    /// following houses and the mover's store, skipping the opponent's store
    /// and not the origin (Kalah K1, Congkak C2). Returns the pit of the last
    /// seed (see [`Position::store_pit`]), or `None` when the house was
    /// empty or `budget` seeds ran out.
    pub(crate) fn sow_through_store<R: Recorder>(
        &mut self,
        from: usize,
        budget: &mut usize,
        rec: &mut R,
    ) -> Option<usize> {
        let h = self.ruleset.houses_per_side();
        let mover = self.turn;
        let seeds = usize::from(self.board.pits[from]);
        if seeds == 0 || seeds > *budget {
            return None;
        }
        *budget -= seeds;
        self.board.pits[from] = 0;
        // The ring: South's houses, South's store, North's houses, North's store.
        let ring_len = 2 * h + 2;
        let own_store = if mover == Side::South { h } else { 2 * h + 1 };
        let opponent_store = if mover == Side::South { 2 * h + 1 } else { h };
        let mut r = if from < h { from } else { from + 1 };
        let mut last = from;
        for _ in 0..seeds {
            r = if r + 1 == ring_len { 0 } else { r + 1 };
            if r == opponent_store {
                r = if r + 1 == ring_len { 0 } else { r + 1 };
            }
            last = if r == own_store {
                self.board.stores[mover.index()] += 1;
                self.store_pit(mover)
            } else {
                let house = if r < h { r } else { r - 1 };
                self.board.pits[house] += 1;
                house
            };
            rec.sown(last);
        }
        Some(last)
    }

    /// Whether absolute house `pit` is in `side`'s row.
    pub(crate) fn in_row(&self, pit: usize, side: Side) -> bool {
        let h = self.ruleset.houses_per_side();
        (side.index() * h..(side.index() + 1) * h).contains(&pit)
    }

    /// The house facing absolute house `pit` (South's `A` faces North's last).
    pub(crate) fn opposite(&self, pit: usize) -> usize {
        2 * self.ruleset.houses_per_side() - 1 - pit
    }

    /// Moves the seeds of absolute house `pit` to `to`'s store, telling `rec`.
    pub(crate) fn take<R: Recorder>(&mut self, pit: usize, to: Side, rec: &mut R) {
        let seeds = self.board.pits[pit];
        if seeds > 0 {
            rec.captured(pit, seeds, to);
            self.board.stores[to.index()] += seeds;
            self.board.pits[pit] = 0;
        }
    }
}

/// The rule numbers a move's explanation cites, as the family's
/// specification numbers them (`rules/abapa.md`, `kalah.md`, `congkak.md`);
/// `None` for what cannot happen in the family or is not cited.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub(crate) struct Citations {
    /// A lap skips the origin house (Abapa R4), when the ruleset does.
    pub(crate) origin_skip: Option<&'static str>,
    /// The capture of the opposite house by a last seed in an own empty
    /// house (Kalah K3, Congkak C6); `None` in Oware, which captures in the
    /// opponent's row.
    pub(crate) opposite_capture: Option<&'static str>,
    /// A grand slam that captures nothing (Abapa R6).
    pub(crate) grand_slam: Option<&'static str>,
    /// The duty to feed a starved opponent (Abapa R7).
    pub(crate) feed: Option<&'static str>,
    /// A last seed in the own store moves again (Kalah K2, Congkak C3).
    pub(crate) extra_turn: Option<&'static str>,
    /// Relay sowing (Congkak C4).
    pub(crate) relay: Option<&'static str>,
    /// A side without seeds passes (Congkak C7; Oware R7 after a grand slam
    /// that captures all).
    pub(crate) pass: Option<&'static str>,
}

impl crate::Ruleset {
    /// The rule numbers an explanation of a move under this ruleset cites.
    pub(crate) fn citations(&self) -> Citations {
        match &self.family {
            Family::Oware(rules) => oware::citations(rules),
            Family::Kalah(_) => kalah::CITATIONS,
            Family::Congkak(_) => congkak::CITATIONS,
        }
    }
}
