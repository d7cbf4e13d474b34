//! The rule families. Each family lives in its own module: its option type,
//! which implements [`Rules`] (validation, ruleset-text keys, legal moves,
//! play, outcome, citations, evaluation terms, endgame support), and its
//! rules as `impl Position` blocks. This module matches [`Family`] in one
//! place, `dispatch!`, and holds what Kalah and Congkak share: sowing
//! through the stores.

mod congkak;
mod kalah;
mod oware;
mod oware6;
#[cfg(test)]
mod toy;

pub use congkak::{CapturingSeed, CongkakEnd, CongkakRules};
pub use kalah::{KalahEnd, KalahRules, SeedsLeft};
#[cfg(test)]
pub(crate) use oware::abapa_with;
pub use oware::{CaptureCounts, GrandSlam, OwareRules};
pub(crate) use oware6::Oware6;
#[cfg(test)]
pub(crate) use toy::ToyRules;

use crate::report::Recorder;
use crate::search::EvalTerms;
use crate::{Family, IllegalMoveReason, Move, Outcome, Position, RulesetError, Side, Termination};

/// What one rule family tells the rest of the crate, implemented by the
/// family's option type ([`OwareRules`], [`KalahRules`], [`CongkakRules`]).
/// Reached only through `dispatch!`, so each call is a direct call to the
/// family's code.
pub(crate) trait Rules: Copy {
    /// The game's name (`"Oware"`): [`Family::name`].
    const NAME: &'static str;
    /// The family's option keys in the ruleset's text form, in the order
    /// Display writes them (the cycle keys, common to all, follow).
    const KEYS: &'static [&'static str];
    /// Whether the seeds can go round for ever, so a cycle rule must end
    /// the game ([`RulesetError::EndlessPlay`]).
    const CAN_CYCLE: bool;
    /// The rules an ending cites ([`Outcome::rule`]).
    const ENDINGS: Endings;

    /// Checks the options [`Ruleset::new`](crate::Ruleset::new) was given.
    fn check(&self) -> Result<(), RulesetError>;
    /// The value of option `key` (one of [`Rules::KEYS`]) as text.
    fn get(&self, key: &str) -> String;
    /// Sets option `key` (one of [`Rules::KEYS`]) from `value`; `None`
    /// when the option does not take that value.
    fn set(&mut self, key: &str, value: &str) -> Option<()>;
    /// The values option `key` takes, for an error message; `None` if the
    /// family has no such key.
    fn takes(key: &str) -> Option<String>;
    /// The legal moves of `pos` as a bit set ([`Position::legal_mask`]).
    fn legal_mask(&self, pos: &Position) -> u16;
    /// The end of the game, if `pos` is one.
    fn outcome(&self, pos: &Position) -> Option<Outcome>;
    /// Why `m`, from a non-empty house of the side to move while the game
    /// goes on, is not legal.
    fn illegal_reason(&self, pos: &Position, m: Move) -> IllegalMoveReason;
    /// Plays `m` ([`Position::apply`]).
    fn apply<R: Recorder>(&self, pos: &mut Position, m: Move, rec: &mut R) -> bool;
    /// Gives the turn to the side that can move, for a position set up by
    /// hand (a side without seeds passes in some families).
    fn normalize_turn(&self, pos: &mut Position);
    /// The rules an explanation of a move cites.
    fn citations(&self) -> Citations;
    /// The family's positional terms of the static evaluation for one
    /// side's `houses` (the others 0).
    fn eval_terms(&self, houses: &[u8]) -> EvalTerms;
    /// What the endgame databases need of the rules; `None` when they do
    /// not support them.
    fn endgame(&self) -> Option<EndgameRules>;
}

/// Matches a [`Family`] once and runs `$body` with `$rules` bound to its
/// options ([`Rules`]), or (`type` form, usable in `const fn`) with the
/// type `$R` naming them. The one match on the families outside the presets.
macro_rules! dispatch {
    ($family:expr, $rules:ident => $body:expr) => {
        match $family {
            Family::Oware($rules) => $body,
            Family::Kalah($rules) => $body,
            Family::Congkak($rules) => $body,
            #[cfg(test)]
            Family::Toy($rules) => $body,
        }
    };
    (type $family:expr, $R:ident => $body:expr) => {
        match $family {
            Family::Oware(_) => {
                type $R = OwareRules;
                $body
            }
            Family::Kalah(_) => {
                type $R = KalahRules;
                $body
            }
            Family::Congkak(_) => {
                type $R = CongkakRules;
                $body
            }
            #[cfg(test)]
            Family::Toy(_) => {
                type $R = ToyRules;
                $body
            }
        }
    };
}

impl Family {
    /// The game's name: `"Oware"`, `"Kalah"` or `"Congkak"`.
    ///
    /// ```
    /// use oware::Variant;
    /// assert_eq!(Variant::Abapa.ruleset().family().name(), "Oware");
    /// assert_eq!(Variant::Kalah.ruleset().family().name(), "Kalah");
    /// assert_eq!(Variant::Congkak.ruleset().family().name(), "Congkak");
    /// ```
    #[must_use]
    pub const fn name(&self) -> &'static str {
        dispatch!(type self, R => R::NAME)
    }

    /// The family's option keys in the ruleset's text form.
    pub(crate) const fn keys(&self) -> &'static [&'static str] {
        dispatch!(type self, R => R::KEYS)
    }

    /// Whether a game can go on for ever without a cycle rule.
    pub(crate) const fn can_cycle(&self) -> bool {
        dispatch!(type self, R => R::CAN_CYCLE)
    }

    /// The rules an ending cites.
    pub(crate) const fn endings(&self) -> Endings {
        dispatch!(type self, R => R::ENDINGS)
    }

    /// Checks the family's options.
    pub(crate) fn check(&self) -> Result<(), RulesetError> {
        dispatch!(self, r => r.check())
    }

    /// The value of the family's option `key` as text.
    pub(crate) fn get(&self, key: &str) -> String {
        dispatch!(self, r => r.get(key))
    }

    /// Sets the family's option `key`; `None` for a value it does not take.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Option<()> {
        dispatch!(self, r => r.set(key, value))
    }

    /// The values the family's option `key` takes; `None` if it has none.
    pub(crate) fn takes(&self, key: &str) -> Option<String> {
        dispatch!(type self, R => R::takes(key))
    }

    /// Gives the turn to the side that can move.
    pub(crate) fn normalize_turn(&self, pos: &mut Position) {
        dispatch!(self, r => r.normalize_turn(pos))
    }

    /// The family's positional evaluation terms for one side's houses.
    pub(crate) fn eval_terms(&self, houses: &[u8]) -> EvalTerms {
        dispatch!(self, r => r.eval_terms(houses))
    }

    /// What the endgame databases need; `None` when unsupported.
    pub(crate) fn endgame(&self) -> Option<EndgameRules> {
        dispatch!(self, r => r.endgame())
    }

    /// The 6-house Oware fast path for `houses` a side, when it applies.
    pub(crate) const fn oware6(&self, houses: u8) -> Option<Oware6> {
        match *self {
            Family::Oware(rules) => Oware6::new(houses, rules),
            Family::Kalah(_) | Family::Congkak(_) => None,
            #[cfg(test)]
            Family::Toy(_) => None,
        }
    }
}

/// The rules an ending cites, by how the game ended
/// ([`Outcome::rule`]).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub(crate) struct Endings {
    /// No legal move ([`Termination::NoMoves`]).
    pub(crate) no_moves: &'static str,
    /// A side holds more than half the seeds.
    pub(crate) majority: &'static str,
    /// Each side holds half the seeds: a draw.
    pub(crate) half_each: &'static str,
    /// Any other ending: the family's own, a cycle rule, agreement.
    pub(crate) other: &'static str,
}

impl Endings {
    /// The rule that ended the game of `outcome`.
    pub(crate) const fn rule(&self, outcome: &Outcome) -> &'static str {
        match outcome.termination {
            Termination::NoMoves => self.no_moves,
            Termination::Majority if outcome.winner.is_none() => self.half_each,
            Termination::Majority => self.majority,
            _ => self.other,
        }
    }

    /// One rule for every ending.
    pub(crate) const fn all(rule: &'static str) -> Endings {
        Endings {
            no_moves: rule,
            majority: rule,
            half_each: rule,
            other: rule,
        }
    }
}

/// The evaluation term of the families whose seeds end in the stores: the
/// seeds in the side's houses.
pub(crate) fn seeds_in_houses(houses: &[u8]) -> EvalTerms {
    EvalTerms {
        seeds_in_houses: houses.iter().map(|&s| i32::from(s)).sum(),
        ..EvalTerms::default()
    }
}

/// What the endgame databases need to know of the rules.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub(crate) struct EndgameRules {
    /// A lap skips the origin house, which the unsowing must respect.
    pub(crate) skip_origin: bool,
}

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
        dispatch!(&self.ruleset.family, rules => rules.legal_mask(self))
    }

    /// The end of the game by the rules a position sees.
    pub(crate) fn family_outcome(&self) -> Option<Outcome> {
        dispatch!(&self.ruleset.family, rules => rules.outcome(self))
    }

    /// Why `m`, from a non-empty house of the side to move while the game
    /// goes on, is not legal.
    pub(crate) fn illegal_reason(&self, m: Move) -> IllegalMoveReason {
        dispatch!(&self.ruleset.family, rules => rules.illegal_reason(self, m))
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
        dispatch!(self.ruleset.family, rules => rules.apply(self, m, rec))
    }

    /// The family's positional evaluation terms for `side`'s houses
    /// ([`Family::eval_terms`]), a row at a time on the 6-house Oware board.
    #[inline(always)]
    pub(crate) fn house_terms(&self, side: Side) -> EvalTerms {
        if self.ruleset.oware6.is_some() {
            return self.oware6_house_terms(side);
        }
        self.ruleset.family.eval_terms(self.board.houses(side))
    }

    /// Whether `m` (legal) may capture: `false` only where it surely does
    /// not, found without playing it on the 6-house Oware board; other
    /// boards and families answer `true`.
    #[inline(always)]
    pub(crate) fn may_capture(&self, m: Move) -> bool {
        match &self.ruleset.oware6 {
            Some(fast) => self.may_capture_oware6(m.to_index(6), fast),
            None => true,
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
        dispatch!(&self.family, rules => rules.citations())
    }
}
