//! Kalah(m, n): stores that receive seeds while sowing, extra turns, and
//! the capture from the opposite house (`rules/kalah.md`, K1–K6).

use super::{Citations, EndgameRules, Endings, Rules};
use crate::report::Recorder;
use crate::ruleset_text::values as text;
use crate::search::EvalTerms;
use crate::{IllegalMoveReason, Move, Outcome, Position, RulesetError, Side, Termination};

/// The options of Kalah (`rules/kalah.md`).
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KalahRules {
    /// K3: a last seed in an own empty house captures even when the
    /// opposite house is empty (the last seed alone goes to the store).
    /// Off in the standard game and OpenSpiel's `mancala`; on in the rules
    /// Irving, Donkers and Uiterwijk solved Kalah under.
    pub empty_capture: bool,
    /// K4: when the game ends.
    pub end: KalahEnd,
    /// K4: who gets the seeds left in the houses at the end.
    pub seeds_left: SeedsLeft,
}

impl KalahRules {
    /// The standard rules (K1–K6, OpenSpiel's `mancala`).
    #[must_use]
    pub const fn standard() -> KalahRules {
        KalahRules {
            empty_capture: false,
            end: KalahEnd::EitherRowEmpty,
            seeds_left: SeedsLeft::ToOwner,
        }
    }
}

/// When a game of Kalah ends (K4).
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KalahEnd {
    /// As soon as either side has no seeds in its houses, checked after
    /// every move (standard).
    EitherRowEmpty,
    /// Only when the side to move has no seeds in its houses.
    MoverRowEmpty,
}

/// Who gets the seeds left in the houses when a game of Kalah ends (K4).
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SeedsLeft {
    /// Each side adds the seeds in its own houses to its store (standard).
    ToOwner,
    /// They all go to the side that emptied its row (a German "Kalaha" form).
    ToFirstEmptied,
}

impl Position {
    /// Every non-empty house of the side to move, until the game ends (K4).
    #[inline(never)]
    pub(crate) fn kalah_legal_mask(&self, rules: &KalahRules) -> u16 {
        if self.kalah_over(rules) {
            0
        } else {
            self.own_nonempty_houses()
        }
    }

    /// K4: the game ends as soon as a row is empty (or, by option, the row
    /// of the side to move); the seeds left go to their owner (or, by
    /// option, to the side that emptied its row).
    pub(crate) fn kalah_outcome(&self, rules: &KalahRules) -> Option<Outcome> {
        if !self.kalah_over(rules) {
            return None;
        }
        let scores = match rules.seeds_left {
            SeedsLeft::ToOwner => self.stores_plus_rows(),
            SeedsLeft::ToFirstEmptied => {
                let emptied = if self.board.row_seeds(self.turn) == 0 {
                    self.turn
                } else {
                    !self.turn
                };
                let mut scores = self.board.stores();
                *scores.get_mut(emptied) += self.board.seeds_on_board() as u8;
                scores
            }
        };
        Some(Outcome::from_scores(Termination::EmptyRow, scores))
    }

    fn kalah_over(&self, rules: &KalahRules) -> bool {
        match rules.end {
            KalahEnd::EitherRowEmpty => Side::ALL.iter().any(|&s| self.board.row_seeds(s) == 0),
            KalahEnd::MoverRowEmpty => self.board.row_seeds(self.turn) == 0,
        }
    }

    /// The non-empty houses of the side to move, as a bit set.
    pub(crate) fn own_nonempty_houses(&self) -> u16 {
        let h = self.ruleset.houses_per_side();
        let row = self.turn.index() * h;
        let mut mask = 0;
        for (k, &seeds) in self.board.pits[row..row + h].iter().enumerate() {
            mask |= u16::from(seeds > 0) << k;
        }
        mask
    }

    /// K1–K3: sow through the own store; a last seed there gives an extra
    /// turn; a last seed in an own empty house captures the opposite house.
    #[inline(never)]
    pub(crate) fn apply_kalah<R: Recorder>(&mut self, m: Move, rules: &KalahRules, rec: &mut R) {
        let mover = self.turn;
        let mut budget = usize::MAX;
        let origin = m.to_index(self.ruleset.houses_per_side());
        let Some(last) = self.sow_through_store(origin, &mut budget, rec) else {
            return;
        };
        if last == self.store_pit(mover) {
            return; // K2: the same side moves again
        }
        if self.in_row(last, mover) && self.board.pits[last] == 1 {
            let opposite = self.opposite(last);
            if self.board.pits[opposite] > 0 || rules.empty_capture {
                self.take(opposite, mover, rec);
                self.take(last, mover, rec);
            }
        }
        self.turn = !mover;
    }
}

const KALAH_ENDS: [(&str, KalahEnd); 2] = [
    ("either-row", KalahEnd::EitherRowEmpty),
    ("mover-row", KalahEnd::MoverRowEmpty),
];
const SEEDS_LEFT: [(&str, SeedsLeft); 2] = [
    ("owner", SeedsLeft::ToOwner),
    ("first-emptied", SeedsLeft::ToFirstEmptied),
];

impl Rules for KalahRules {
    const NAME: &'static str = "Kalah";
    const KEYS: &'static [&'static str] = &["empty_capture", "end", "seeds_left"];
    // Every lap puts a seed in a store (K6).
    const CAN_CYCLE: bool = false;
    const ENDINGS: Endings = Endings::all("K4");

    fn check(&self) -> Result<(), RulesetError> {
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "empty_capture" => text::on_off(self.empty_capture),
            "end" => text::name(&KALAH_ENDS, self.end),
            "seeds_left" => text::name(&SEEDS_LEFT, self.seeds_left),
            _ => String::new(),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Option<()> {
        match key {
            "empty_capture" => self.empty_capture = text::parse_on(value)?,
            "end" => self.end = text::parse_name(&KALAH_ENDS, value)?,
            "seeds_left" => self.seeds_left = text::parse_name(&SEEDS_LEFT, value)?,
            _ => return None,
        }
        Some(())
    }

    fn takes(key: &str) -> Option<String> {
        Some(match key {
            "empty_capture" => "on or off".to_owned(),
            "end" => text::names(&KALAH_ENDS),
            "seeds_left" => text::names(&SEEDS_LEFT),
            _ => return None,
        })
    }

    fn legal_mask(&self, pos: &Position) -> u16 {
        pos.kalah_legal_mask(self)
    }

    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        pos.kalah_outcome(self)
    }

    /// Every non-empty house is legal until the game ends.
    fn illegal_reason(&self, _: &Position, _: Move) -> IllegalMoveReason {
        IllegalMoveReason::GameOver
    }

    fn apply<R: Recorder>(&self, pos: &mut Position, m: Move, rec: &mut R) -> bool {
        pos.apply_kalah(m, self, rec);
        true
    }

    /// No side ever passes.
    fn normalize_turn(&self, _: &mut Position) {}

    /// The rules an explanation of a Kalah move cites (`rules/kalah.md`).
    fn citations(&self) -> Citations {
        Citations {
            origin_skip: None,
            opposite_capture: Some("K3"),
            grand_slam: None,
            feed: None,
            extra_turn: Some("K2"),
            relay: None,
            pass: None,
        }
    }

    /// The seeds in the side's houses, which usually end up in its store.
    fn eval_terms(&self, houses: &[u8]) -> EvalTerms {
        super::seeds_in_houses(houses)
    }

    fn endgame(&self) -> Option<EndgameRules> {
        None
    }
}
