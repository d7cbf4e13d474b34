//! Congkak: relay sowing through the own store, extra turns, captures from
//! the opposite house, and passing (`rules/congkak.md`, C1–C7).

use super::{Citations, EndgameRules, Endings, MAX_SOWN, Rules};
use crate::report::Recorder;
use crate::ruleset_text::values as text;
use crate::search::EvalTerms;
use crate::{IllegalMoveReason, Move, Outcome, Position, RulesetError, Side, Termination};

/// The options of Congkak (`rules/congkak.md`).
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CongkakRules {
    /// C4: a last seed in a house that held seeds lifts them and sows on
    /// (on by default; off makes the game Kalah-like).
    pub relay: bool,
    /// C6: captures only once the move's sowing has gone round the board,
    /// that is, once it has dropped a seed in the mover's store (off by default).
    pub capture_after_lap: bool,
    /// C6: whether the capturing seed goes to the store too.
    pub capturing_seed: CapturingSeed,
    /// C7: when the game ends.
    pub end: CongkakEnd,
}

impl CongkakRules {
    /// The default single-round rules, C1–C7.
    #[must_use]
    pub const fn standard() -> CongkakRules {
        CongkakRules {
            relay: true,
            capture_after_lap: false,
            capturing_seed: CapturingSeed::OnCapture,
            end: CongkakEnd::AllHousesEmpty,
        }
    }
}

/// Whether the last seed, which made a capture from the opposite house,
/// goes to the store with the captured seeds (Congkak C6).
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CapturingSeed {
    /// Only when the opposite house held seeds (default).
    OnCapture,
    /// Always, even when the opposite house is empty.
    Always,
    /// Never: it stays in its house.
    Never,
}

/// When a game of Congkak ends (C7).
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CongkakEnd {
    /// When every house is empty; until then a side with no seeds passes
    /// (default).
    AllHousesEmpty,
    /// When the side to move has no seeds; the other side takes the seeds
    /// left in its houses.
    MoverEmpty,
    /// As soon as either row is empty; each side takes the seeds left in
    /// its houses.
    EitherRowEmpty,
}

impl Position {
    /// Every non-empty house of the side to move, until the game ends.
    #[inline(never)]
    pub(crate) fn congkak_legal_mask(&self, rules: &CongkakRules) -> u16 {
        if self.congkak_outcome(rules).is_some() {
            0
        } else {
            self.own_nonempty_houses()
        }
    }

    /// C7: by default the game ends when every house is empty; by option,
    /// when the side to move has no seeds (the other side takes the rest) or
    /// as soon as a row is empty (each side takes its own).
    pub(crate) fn congkak_outcome(&self, rules: &CongkakRules) -> Option<Outcome> {
        let empty = |side| self.board.row_seeds(side) == 0;
        let termination = match rules.end {
            CongkakEnd::AllHousesEmpty => Termination::EmptyBoard,
            CongkakEnd::MoverEmpty => Termination::NoMoves,
            CongkakEnd::EitherRowEmpty => Termination::EmptyRow,
        };
        let over = match rules.end {
            CongkakEnd::AllHousesEmpty => empty(Side::South) && empty(Side::North),
            CongkakEnd::MoverEmpty => empty(self.turn),
            CongkakEnd::EitherRowEmpty => empty(Side::South) || empty(Side::North),
        };
        over.then(|| Outcome::from_scores(termination, self.stores_plus_rows()))
    }

    /// The side to move under C7's passing: a side with no seeds passes
    /// while the other still has some.
    pub(crate) fn congkak_normalize_turn(&mut self, rules: &CongkakRules) {
        if rules.end == CongkakEnd::AllHousesEmpty
            && self.board.row_seeds(self.turn) == 0
            && self.board.row_seeds(!self.turn) > 0
        {
            self.turn = !self.turn;
        }
    }

    /// C2–C7: sow through the own store; a last seed in the own store gives
    /// an extra turn (C3), in a house that held seeds lifts them and sows
    /// on (C4), in an empty opponent house ends the turn (C5), in an empty
    /// own house captures the opposite house (C6). Returns `false` if the
    /// sowing passed [`MAX_SOWN`] seeds.
    #[inline(never)]
    pub(crate) fn apply_congkak<R: Recorder>(
        &mut self,
        m: Move,
        rules: &CongkakRules,
        rec: &mut R,
    ) -> bool {
        let mover = self.turn;
        let own_store = self.store_pit(mover);
        let mut budget = MAX_SOWN;
        let mut from = m.to_index(self.ruleset.houses_per_side());
        let mut lapped = false;
        let extra_turn = loop {
            let stores_before = self.board.store(mover);
            let Some(last) = self.sow_through_store(from, &mut budget, rec) else {
                return false;
            };
            lapped |= self.board.store(mover) > stores_before;
            if last == own_store {
                break true;
            }
            let seeds = self.board.pits[last];
            if seeds > 1 && rules.relay {
                rec.relay(last, seeds);
                from = last;
                continue;
            }
            if seeds == 1 && self.in_row(last, mover) && (lapped || !rules.capture_after_lap) {
                self.congkak_capture(last, rules, rec);
            }
            break false;
        };
        if !extra_turn {
            self.turn = !mover;
        }
        let before = self.turn;
        self.congkak_normalize_turn(rules);
        if self.turn != before {
            rec.passed();
        }
        true
    }

    /// C6: the last seed, in an empty own house, takes the opposite house's
    /// seeds; the last seed itself goes too as the option says.
    fn congkak_capture<R: Recorder>(&mut self, last: usize, rules: &CongkakRules, rec: &mut R) {
        let mover = self.turn;
        let opposite = self.opposite(last);
        let captures = self.board.pits[opposite] > 0;
        self.take(opposite, mover, rec);
        let with_seed = match rules.capturing_seed {
            CapturingSeed::OnCapture => captures,
            CapturingSeed::Always => true,
            CapturingSeed::Never => false,
        };
        if with_seed {
            self.take(last, mover, rec);
        }
    }
}

const CAPTURING_SEEDS: [(&str, CapturingSeed); 3] = [
    ("on-capture", CapturingSeed::OnCapture),
    ("always", CapturingSeed::Always),
    ("never", CapturingSeed::Never),
];
const CONGKAK_ENDS: [(&str, CongkakEnd); 3] = [
    ("all-empty", CongkakEnd::AllHousesEmpty),
    ("mover-empty", CongkakEnd::MoverEmpty),
    ("either-row", CongkakEnd::EitherRowEmpty),
];

impl Rules for CongkakRules {
    const NAME: &'static str = "Congkak";
    const KEYS: &'static [&'static str] = &["relay", "capture_after_lap", "capturing_seed", "end"];
    // Every lap puts a seed in the mover's store (C7).
    const CAN_CYCLE: bool = false;
    const ENDINGS: Endings = Endings::all("C7");

    fn check(&self) -> Result<(), RulesetError> {
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "relay" => text::on_off(self.relay),
            "capture_after_lap" => text::on_off(self.capture_after_lap),
            "capturing_seed" => text::name(&CAPTURING_SEEDS, self.capturing_seed),
            "end" => text::name(&CONGKAK_ENDS, self.end),
            _ => String::new(),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Option<()> {
        match key {
            "relay" => self.relay = text::parse_on(value)?,
            "capture_after_lap" => self.capture_after_lap = text::parse_on(value)?,
            "capturing_seed" => self.capturing_seed = text::parse_name(&CAPTURING_SEEDS, value)?,
            "end" => self.end = text::parse_name(&CONGKAK_ENDS, value)?,
            _ => return None,
        }
        Some(())
    }

    fn takes(key: &str) -> Option<String> {
        Some(match key {
            "relay" | "capture_after_lap" => "on or off".to_owned(),
            "capturing_seed" => text::names(&CAPTURING_SEEDS),
            "end" => text::names(&CONGKAK_ENDS),
            _ => return None,
        })
    }

    fn legal_mask(&self, pos: &Position) -> u16 {
        pos.congkak_legal_mask(self)
    }

    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        pos.congkak_outcome(self)
    }

    /// Every non-empty house is legal until the game ends.
    fn illegal_reason(&self, _: &Position, _: Move) -> IllegalMoveReason {
        IllegalMoveReason::GameOver
    }

    fn apply<R: Recorder>(&self, pos: &mut Position, m: Move, rec: &mut R) -> bool {
        pos.apply_congkak(m, self, rec)
    }

    fn normalize_turn(&self, pos: &mut Position) {
        pos.congkak_normalize_turn(self);
    }

    /// The rules an explanation of a Congkak move cites (`rules/congkak.md`).
    fn citations(&self) -> Citations {
        Citations {
            origin_skip: None,
            opposite_capture: Some("C6"),
            grand_slam: None,
            feed: None,
            extra_turn: Some("C3"),
            relay: Some("C4"),
            pass: Some("C7"),
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
