//! The Oware family: Abapa R3–R8 and the Oware options
//! (`rules/abapa.md`, "Options").

use super::{Citations, EndgameRules, Endings, Rules};
use crate::notation::parse_digits;
use crate::report::{Recorder, SlamFlag};
use crate::ruleset_text::values as text;
use crate::search::EvalTerms;
use crate::{
    House, IllegalMoveReason, MAX_HOUSES, Move, Outcome, Position, RulesetError, Termination,
};

/// The options of the Oware family (`oware/rules/abapa.md`, "Options").
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OwareRules {
    /// A lap skips the origin house, which stays empty (Abapa R4: on).
    pub skip_origin: bool,
    /// The counts a house must reach to be captured (Abapa R5: 2 and 3).
    pub capture_counts: CaptureCounts,
    /// What a capture of every seed in the opponent's row does (Abapa R6:
    /// [`GrandSlam::NoCapture`]).
    pub grand_slam: GrandSlam,
    /// A side must feed a starved opponent when it can (Abapa R7: on).
    pub must_feed: bool,
}

impl OwareRules {
    /// The Oware options of Abapa (R4–R7).
    #[must_use]
    pub const fn abapa() -> OwareRules {
        OwareRules {
            skip_origin: true,
            capture_counts: CaptureCounts::TWO_OR_THREE,
            grand_slam: GrandSlam::NoCapture,
            must_feed: true,
        }
    }
}

/// The seed counts that make a house capturable, as a set of counts below 32 (no rule set captures more).
///
/// ```
/// use oware::CaptureCounts;
/// let c = CaptureCounts::TWO_OR_THREE;
/// assert!(c.contains(2) && c.contains(3) && !c.contains(4));
/// assert_eq!(CaptureCounts::from_counts(&[2, 3]), Some(c));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CaptureCounts(u32);

impl CaptureCounts {
    /// 2 or 3 seeds: Abapa R5 and most Oware rule sets.
    pub const TWO_OR_THREE: CaptureCounts = CaptureCounts(0b1100);

    /// The set of `counts`; `None` if one is 0 or 32 or more.
    #[must_use]
    pub fn from_counts(counts: &[u8]) -> Option<CaptureCounts> {
        let mut bits = 0u32;
        for &c in counts {
            if c == 0 || c >= 32 {
                return None;
            }
            bits |= 1 << c;
        }
        Some(CaptureCounts(bits))
    }

    /// Whether a house holding `seeds` is captured.
    #[must_use]
    #[inline]
    pub const fn contains(self, seeds: u8) -> bool {
        seeds < 32 && self.0 >> seeds & 1 != 0
    }

    /// The set as bits (bit `n` = count `n`), for comparing in `const` code.
    pub(crate) const fn bits(self) -> u32 {
        self.0
    }

    /// The counts in the set, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..32u8).filter(move |&c| self.contains(c))
    }
}

/// What a grand slam does: a move whose capture would take every seed in
/// the opponent's row.
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GrandSlam {
    /// The move is legal but captures nothing; the seeds stay where they
    /// were sown. Abapa R6, the Oware Society and World Oware Federation
    /// rules, and OpenSpiel's `oware`.
    NoCapture,
    /// The move may not be played while another move is legal; when every
    /// legal move is a grand slam, it is played and captures nothing. The
    /// "Awale" form of French-speaking West Africa and many computer
    /// Awale programs (preset [`Variant::Awale`](crate::Variant::Awale)).
    Illegal,
    /// The capture is made and the opponent, left without seeds, passes:
    /// the capturer moves again and must feed it (R7); if it cannot, the
    /// game ends ([`Termination::NoMoves`]),
    /// the capturer taking the seeds on its row.
    CaptureAll,
    /// The capture is made and the seeds left on the board, all in the
    /// mover's row, go to the opponent; the game then ends. Alex Randolph's
    /// Grand Oh-Wah-Ree (3M, 1962).
    LeftToOpponent,
}

impl Position {
    /// The legal moves (bit `k` = house `k` of the side to move): none once
    /// a side has a majority (R9, R10); otherwise the non-empty houses,
    /// with the feeding (R7) and grand-slam rules applied.
    #[inline(always)]
    pub(crate) fn oware_legal_mask(&self, rules: &OwareRules) -> u16 {
        if self.majority_reached() {
            return 0;
        }
        let mask = self.oware_moves(rules);
        if rules.grand_slam == GrandSlam::Illegal {
            self.without_grand_slams(mask)
        } else {
            mask
        }
    }

    /// The outcome by majority (R9, R10) or when no move is legal (R8).
    #[inline]
    pub(crate) fn oware_outcome(&self) -> Option<Outcome> {
        if self.majority_reached() {
            return Some(Outcome::from_scores(
                Termination::Majority,
                self.board.stores(),
            ));
        }
        // The legal moves by the quickest code for the board.
        (self.legal_mask() == 0)
            .then(|| Outcome::from_scores(Termination::NoMoves, self.stores_plus_rows()))
    }

    /// After a [`GrandSlam::CaptureAll`] the captured side has no seeds and
    /// passes, and the capturer must feed it: the side to move becomes the
    /// one with seeds. Returns whether the turn passed.
    pub(crate) fn oware_normalize_turn(&mut self, rules: &OwareRules) -> bool {
        let pass = rules.grand_slam == GrandSlam::CaptureAll
            && self.board.row_seeds(self.turn) == 0
            && self.board.row_seeds(!self.turn) > 0;
        if pass {
            self.turn = !self.turn;
        }
        pass
    }

    /// Why a move from a non-empty house of the side to move is illegal.
    pub(crate) fn oware_illegal_reason(&self, m: Move, rules: &OwareRules) -> IllegalMoveReason {
        let h = self.ruleset.houses_per_side();
        let starved = self.board.row_seeds(!self.turn) == 0;
        let reaches = usize::from(self.board.pits[m.to_index(h)]) >= h - m.house().index();
        if rules.must_feed && starved && !reaches {
            IllegalMoveReason::MustFeed
        } else {
            IllegalMoveReason::GrandSlam
        }
    }

    /// Whether a side holds more than half the seeds, or each holds half
    /// (R9, R10).
    #[inline(always)]
    pub(crate) fn majority_reached(&self) -> bool {
        let half = self.ruleset.total_seeds() / 2;
        let [south, north] = self.board.stores;
        south > half || north > half || (south == half && north == half)
    }

    /// Non-empty houses of the side to move, as a bit set (bit `k` = house
    /// `k`); when the opponent is starved and the rules say so, only the
    /// houses whose seeds reach its row (R7: house `k` needs `h - k`
    /// seeds or more).
    #[inline(always)]
    fn oware_moves(&self, rules: &OwareRules) -> u16 {
        let h = self.ruleset.houses_per_side();
        let row = self.turn.index() * h;
        let opponent_row = (!self.turn).index() * h;
        let starved = rules.must_feed
            && self.board.pits[opponent_row..opponent_row + h]
                .iter()
                .all(|&s| s == 0);
        let mut mask = 0;
        for (k, &seeds) in self.board.pits[row..row + h].iter().enumerate() {
            let reaches = !starved || usize::from(seeds) >= h - k;
            mask |= u16::from(seeds > 0 && reaches) << k;
        }
        mask
    }

    /// `mask` without its grand slams, unless every move is one
    /// ([`GrandSlam::Illegal`]). Kept out of line: the common rulesets never
    /// call it, and the legal-move path they share must stay small.
    #[cold]
    #[inline(never)]
    fn without_grand_slams(&self, mask: u16) -> u16 {
        let mut slams = 0;
        for k in 0..self.ruleset.houses_per_side() {
            if mask & 1 << k != 0 {
                let mut after = *self;
                let mut flag = SlamFlag::default();
                after.apply(Move::new(self.turn, House(k as u8)), &mut flag);
                slams |= u16::from(flag.0) << k;
            }
        }
        if slams == mask { mask } else { mask & !slams }
    }

    /// Plays `m` by the Oware rules on a board of any size (R3–R6), with
    /// the pass after a capture-all grand slam, telling `rec` every seed
    /// if it asks. (Moves on the 6-house board that need no report of each
    /// seed take `families/oware6.rs` instead; the tests compare the two.)
    #[inline(never)]
    pub(crate) fn apply_oware<R: Recorder>(&mut self, m: Move, rules: &OwareRules, rec: &mut R) {
        let h = self.ruleset.houses_per_side();
        let origin = m.to_index(h);
        let last = sow_oware(
            &mut self.board.pits[..2 * h],
            origin,
            rules.skip_origin,
            rec,
        );
        let opponent_row = (!self.turn).index() * h;
        if (opponent_row..opponent_row + h).contains(&last) {
            self.capture_oware(last, opponent_row, rules, rec);
        }
        self.turn = !self.turn;
        if self.oware_normalize_turn(rules) {
            rec.passed();
        }
    }

    /// The capture chain of R5 from the last house sown `last` backwards
    /// within the opponent's row starting at `row`, with the grand-slam rule.
    #[inline]
    fn capture_oware<R: Recorder>(
        &mut self,
        last: usize,
        row: usize,
        rules: &OwareRules,
        rec: &mut R,
    ) {
        let h = self.ruleset.houses_per_side();
        let pits = &mut self.board.pits;
        let mut first = last + 1;
        let mut taken: u16 = 0;
        while first > row && rules.capture_counts.contains(pits[first - 1]) {
            first -= 1;
            taken += u16::from(pits[first]);
        }
        if taken == 0 {
            return;
        }
        let row_total: u16 = pits[row..row + h].iter().map(|&s| u16::from(s)).sum();
        let grand_slam = taken == row_total;
        if grand_slam && matches!(rules.grand_slam, GrandSlam::NoCapture | GrandSlam::Illegal) {
            rec.grand_slam();
            return;
        }
        let mover = self.turn;
        for i in (first..=last).rev() {
            rec.captured(i, pits[i], mover);
            pits[i] = 0;
        }
        self.board.stores[mover.index()] += taken as u8;
        if grand_slam && rules.grand_slam == GrandSlam::LeftToOpponent {
            // The seeds left, all in the mover's row, go to the opponent.
            let own = mover.index() * h;
            for i in own..own + h {
                self.take(i, !mover, rec);
            }
        }
    }
}

/// Sows the seeds of `origin` over `pits` (a ring, toward increasing index)
/// and returns the index of the last house sown (R3, R4).
///
/// With `skip_origin` a lap passes over the origin house. A recorder that
/// wants every seed gets them one by one; otherwise whole laps and the rest
/// are added in bulk, which gives the same board.
#[inline(always)]
fn sow_oware<R: Recorder>(pits: &mut [u8], origin: usize, skip_origin: bool, rec: &mut R) -> usize {
    debug_assert!(pits.len() <= 2 * MAX_HOUSES);
    let len = pits.len();
    let seeds = usize::from(pits[origin]);
    pits[origin] = 0;
    if R::SEEDS {
        let mut i = origin;
        for _ in 0..seeds {
            i = if i + 1 == len { 0 } else { i + 1 };
            if skip_origin && i == origin {
                i = if i + 1 == len { 0 } else { i + 1 };
            }
            pits[i] += 1;
            rec.sown(i);
        }
        return i;
    }
    let lap = if skip_origin { len - 1 } else { len };
    let (laps, rest) = if seeds < lap {
        (0, seeds)
    } else {
        (seeds / lap, seeds % lap)
    };
    if laps > 0 {
        for p in pits.iter_mut() {
            *p += laps as u8;
        }
        if skip_origin {
            pits[origin] -= laps as u8;
        }
        if rest == 0 {
            // The last seed of a lap lands just before the origin (skipped)
            // or in the origin itself (not skipped).
            return if !skip_origin {
                origin
            } else if origin == 0 {
                len - 1
            } else {
                origin - 1
            };
        }
    }
    let end = origin + rest;
    if end < len {
        for p in &mut pits[origin + 1..=end] {
            *p += 1;
        }
        end
    } else {
        for p in &mut pits[origin + 1..] {
            *p += 1;
        }
        for p in &mut pits[..=end - len] {
            *p += 1;
        }
        end - len
    }
}

const GRAND_SLAMS: [(&str, GrandSlam); 4] = [
    ("no-capture", GrandSlam::NoCapture),
    ("illegal", GrandSlam::Illegal),
    ("capture-all", GrandSlam::CaptureAll),
    ("left-to-opponent", GrandSlam::LeftToOpponent),
];

impl Rules for OwareRules {
    const NAME: &'static str = "Oware";
    const KEYS: &'static [&'static str] = &["skip_origin", "captures", "grand_slam", "must_feed"];
    // Only Oware's seeds can go round for ever: in Kalah and Congkak every
    // lap puts a seed in a store (K6, C7).
    const CAN_CYCLE: bool = true;
    // R8 (no moves), R9 (majority), R10 (half each, a draw), R11 (cycle,
    // move limit, agreement).
    const ENDINGS: Endings = Endings {
        no_moves: "R8",
        majority: "R9",
        half_each: "R10",
        other: "R11",
    };

    fn check(&self) -> Result<(), RulesetError> {
        if self.capture_counts.iter().next().is_none() {
            return Err(RulesetError::CaptureCounts);
        }
        Ok(())
    }

    fn get(&self, key: &str) -> String {
        match key {
            "skip_origin" => text::on_off(self.skip_origin),
            "captures" => self
                .capture_counts
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("+"),
            "grand_slam" => text::name(&GRAND_SLAMS, self.grand_slam),
            "must_feed" => text::on_off(self.must_feed),
            _ => String::new(),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Option<()> {
        match key {
            "skip_origin" => self.skip_origin = text::parse_on(value)?,
            "captures" => {
                let counts: Option<Vec<u8>> = value.split('+').map(parse_digits).collect();
                self.capture_counts = CaptureCounts::from_counts(&counts?)?;
            }
            "grand_slam" => self.grand_slam = text::parse_name(&GRAND_SLAMS, value)?,
            "must_feed" => self.must_feed = text::parse_on(value)?,
            _ => return None,
        }
        Some(())
    }

    fn takes(key: &str) -> Option<String> {
        Some(match key {
            "skip_origin" | "must_feed" => "on or off".to_owned(),
            "captures" => "counts from 1 to 31 joined by +, e.g. 2+3".to_owned(),
            "grand_slam" => text::names(&GRAND_SLAMS),
            _ => return None,
        })
    }

    #[inline(always)]
    fn legal_mask(&self, pos: &Position) -> u16 {
        pos.oware_legal_mask(self)
    }

    #[inline(always)]
    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        pos.oware_outcome()
    }

    fn illegal_reason(&self, pos: &Position, m: Move) -> IllegalMoveReason {
        pos.oware_illegal_reason(m, self)
    }

    #[inline(always)]
    fn apply<R: Recorder>(&self, pos: &mut Position, m: Move, rec: &mut R) -> bool {
        pos.apply_oware(m, self, rec);
        true
    }

    fn normalize_turn(&self, pos: &mut Position) {
        pos.oware_normalize_turn(self);
    }

    /// The rules an explanation of an Oware move cites (`rules/abapa.md`).
    fn citations(&self) -> Citations {
        Citations {
            origin_skip: self.skip_origin.then_some("R4"),
            opposite_capture: None,
            grand_slam: (self.grand_slam == GrandSlam::NoCapture).then_some("R6"),
            feed: self.must_feed.then_some("R7"),
            extra_turn: None,
            relay: None,
            pass: Some("R7"),
        }
    }

    /// Houses that lap the board, weak houses (1 or 2 seeds) and empty
    /// houses.
    fn eval_terms(&self, houses: &[u8]) -> EvalTerms {
        let lap = (2 * houses.len() - 1) as u8;
        let mut terms = EvalTerms::default();
        for &seeds in houses {
            terms.lapping_houses += i32::from(seeds >= lap);
            terms.weak_houses += i32::from(seeds == 1 || seeds == 2);
            terms.empty_houses += i32::from(seeds == 0);
        }
        terms
    }

    /// Supported unless a capture-all grand slam comes without must-feed (a
    /// side could then pass without a capture, which the layers do not
    /// model).
    fn endgame(&self) -> Option<EndgameRules> {
        (self.grand_slam != GrandSlam::CaptureAll || self.must_feed).then_some(EndgameRules {
            skip_origin: self.skip_origin,
        })
    }
}

/// Abapa with its Oware options changed by `f`, for tests.
#[cfg(test)]
pub(crate) fn abapa_with(f: impl FnOnce(&mut OwareRules)) -> crate::RulesetOptions {
    let mut options = crate::Ruleset::abapa().options();
    if let crate::Family::Oware(rules) = &mut options.family {
        f(rules);
    }
    options
}
