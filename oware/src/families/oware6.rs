//! Oware on the 6-house board, a row at a time: the hot path of search,
//! perft, the endgame builder and batch playouts.
//!
//! Each row is read as the low six bytes of a `u64` (byte `k` = house `k`
//! of that side), and both rows are read and written as the first sixteen
//! bytes of the board, in one piece. A move then sows with two additions
//! from a table, tests its capture (Abapa R5) with one look at the last
//! house, and finds the capture chain and grand slam (R6) with a few word
//! operations instead of loops over houses. It plays exactly the rules of
//! the general code in `oware.rs`, which still plays every move whose
//! report is wanted seed by seed; the tests below compare the two on every
//! move of many random games.

use crate::report::Recorder;
use crate::search::EvalTerms;
use crate::{CaptureCounts, Family, GrandSlam, OwareRules, Position, Side};

/// What the hot path needs of the Oware options of a 6-house ruleset that
/// this module plays ([`Ruleset`](crate::Ruleset)'s `oware6`): flags in one
/// byte, so that a position is quick to copy. The capture counts, when not
/// Abapa's, are read from the ruleset's family.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub(crate) struct Oware6(u8);

impl Oware6 {
    /// The sowing and captures are Abapa's: the origin is skipped (R4),
    /// 2 or 3 are captured (R5).
    const ABAPA_SOWING: u8 = 1;
    /// A lap skips the origin (R4).
    const SKIP_ORIGIN: u8 = 2;
    /// A starved opponent must be fed (R7).
    const MUST_FEED: u8 = 4;
    /// A grand slam captures nothing (R6); otherwise the seeds left go to
    /// the opponent ([`GrandSlam::LeftToOpponent`]).
    const SLAM_CAPTURES_NOTHING: u8 = 8;

    /// `flag` if `on`, else none.
    const fn flag(on: bool, flag: u8) -> u8 {
        if on { flag } else { 0 }
    }

    /// The fast options of a ruleset of `houses` houses a side, or `None`
    /// when this module does not play it: boards other than 6 houses, and
    /// the grand slams that need a look-ahead ([`GrandSlam::Illegal`]) or
    /// a pass ([`GrandSlam::CaptureAll`]).
    pub(crate) const fn new(houses: u8, rules: OwareRules) -> Option<Oware6> {
        let abapa_counts = rules.capture_counts.bits() == CaptureCounts::TWO_OR_THREE.bits();
        match rules.grand_slam {
            GrandSlam::NoCapture | GrandSlam::LeftToOpponent if houses == 6 => Some(Oware6(
                Oware6::flag(rules.skip_origin && abapa_counts, Oware6::ABAPA_SOWING)
                    | Oware6::flag(rules.skip_origin, Oware6::SKIP_ORIGIN)
                    | Oware6::flag(rules.must_feed, Oware6::MUST_FEED)
                    | Oware6::flag(
                        matches!(rules.grand_slam, GrandSlam::NoCapture),
                        Oware6::SLAM_CAPTURES_NOTHING,
                    ),
            )),
            _ => None,
        }
    }

    /// Whether the flag is set.
    const fn has(self, flag: u8) -> bool {
        self.0 & flag != 0
    }
}

/// A row: six houses as the low six bytes of a word (byte `k` = house `k`
/// of that side).
type Row = u64;
/// All six houses of a row.
const ROW: Row = (1 << 48) - 1;
/// 1 in every house of a row.
const ONE_EACH: Row = ROW / 0xFF;
/// 0x7F and 0x80 in every byte, for testing bytes without carries between them.
const LOW7: Row = u64::MAX / 0xFF * 0x7F;
const HIGH1: Row = u64::MAX / 0xFF * 0x80;

/// The first sixteen pits of the board as two words, in absolute order:
/// pits 0–7 (South's six houses, North's `a` and `b`) and pits 8–15
/// (North's `c` to `f`, then four pits that stay empty).
///
/// Moves read and write the board as these two aligned halves and never
/// as a word at byte 6 (North's row): a position is usually a fresh copy,
/// and a load that straddles the halves of the copy's 16-byte stores
/// cannot take its bytes from the store buffer, a stall of a dozen cycles
/// a move. Rows ([`Row`]) are cut from the halves in registers, only for
/// a capture or a starved opponent.
type Halves = [u64; 2];

/// Pit 15: beyond the twelve houses, always empty, so a capture test there
/// fails (no ruleset captures 0 seeds).
const NOWHERE: u8 = 15;

/// 1 in each of the twelve houses, as halves.
const ONE_EACH_HOUSE: Halves = [u64::MAX / 0xFF, u32::MAX as u64 / 0xFF];

/// A sowing of fewer than a lap from one origin: what it adds to the
/// board, and where its last seed can capture.
#[derive(Copy, Clone)]
struct Sowing {
    /// One seed in each of the `n` houses after the origin going round,
    /// and `n` taken from the origin, which is never reached (wrapping).
    add: Halves,
    /// The pit of the last seed when it is in the other row, else
    /// [`NOWHERE`].
    reached: u8,
}

/// `SOW[origin][n]`: sowing `n` seeds (`n` ≤ 11) from absolute house
/// `origin`. Sized 16 × 16 so that a masked index needs no bounds check.
const SOW: [[Sowing; 16]; 16] = {
    let none = Sowing {
        add: [0; 2],
        reached: NOWHERE,
    };
    let mut table = [[none; 16]; 16];
    let mut origin = 0;
    while origin < 12 {
        let mut n = 1;
        while n < 12 {
            let house = (origin + n) % 12;
            let mut add = table[origin][n - 1].add;
            add[house / 8] = add[house / 8].wrapping_add(1 << (8 * (house % 8)));
            add[origin / 8] = add[origin / 8].wrapping_sub(1 << (8 * (origin % 8)));
            let reached = if house / 6 != origin / 6 {
                house as u8
            } else {
                NOWHERE
            };
            table[origin][n] = Sowing { add, reached };
            n += 1;
        }
        origin += 1;
    }
    table
};

/// Adds `b` to `a`, house by house (wrapping).
#[inline(always)]
const fn add_halves(a: Halves, b: Halves) -> Halves {
    [a[0].wrapping_add(b[0]), a[1].wrapping_add(b[1])]
}

/// The seeds in pit `pit` (below 16).
#[inline(always)]
const fn pit_seeds([low, high]: Halves, pit: u8) -> u8 {
    let half = if pit < 8 { low } else { high };
    (half >> (8 * (pit % 8))) as u8
}

/// South's and North's rows.
#[inline(always)]
const fn rows_of([low, high]: Halves) -> [Row; 2] {
    [low & ROW, (low >> 48 | high << 16) & ROW]
}

/// The halves of South's and North's rows.
#[inline(always)]
const fn halves_of([south, north]: [Row; 2]) -> Halves {
    [south | north << 48, north >> 16]
}

/// Bit 7 of every byte of `x` that is not zero.
#[inline(always)]
const fn nonzero_bytes(x: Row) -> Row {
    (((x & LOW7) + LOW7) | x) & HIGH1
}

/// Bit 7 of every byte of `x` that holds `n` or more (`n` from 1 to 128):
/// the low seven bits plus `128 - n` carry into bit 7 exactly when they
/// reach `n`, and a byte of 128 or more has bit 7 already.
#[inline(always)]
const fn bytes_at_least(x: Row, n: u8) -> Row {
    (((x & LOW7) + (128 - n as u64) * (u64::MAX / 0xFF)) | x) & HIGH1
}

/// 0xFF in the houses of `row` that hold a count in `counts`.
#[inline(always)]
fn capturable(row: Row, counts: CaptureCounts) -> Row {
    let high = if counts == CaptureCounts::TWO_OR_THREE {
        // 2 or 3 is 0b1x: zero once bit 0 is dropped and 2 taken away.
        !nonzero_bytes(row & !ONE_EACH ^ ONE_EACH << 1)
    } else {
        let mut high = 0;
        for k in 0..6 {
            high |= u64::from(counts.contains((row >> (8 * k)) as u8)) << (8 * k + 7);
        }
        high
    };
    let flags = (high & HIGH1 & ROW) >> 7;
    (flags << 8) - flags
}

/// The sum of the bytes of `x` (below 256: the ruleset's seed total).
#[inline(always)]
const fn byte_sum(x: Row) -> u8 {
    (x.wrapping_mul(u64::MAX / 0xFF) >> 56) as u8
}

/// Bit `k` set for each byte `k` of `x` that is not zero.
#[cfg(test)]
const fn nonzero_houses(x: u64) -> u16 {
    gather_houses(nonzero_bytes(x))
}

/// Bit `k` set for each byte `k` of `flags` whose bit 7 is set (the only
/// bit set in a byte).
#[inline(always)]
const fn gather_houses(flags: u64) -> u16 {
    // Gathers bit 7 of each of the eight bytes into the top byte.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    ((flags >> 7).wrapping_mul(GATHER) >> 56) as u16
}

impl Position {
    /// The first sixteen pits as two aligned words.
    #[inline(always)]
    fn halves(&self) -> Halves {
        let half = |at: usize| {
            let mut bytes = [0; 8];
            bytes.copy_from_slice(&self.board.pits[at..at + 8]);
            u64::from_le_bytes(bytes)
        };
        [half(0), half(8)]
    }

    /// Sets the first sixteen pits.
    #[inline(always)]
    fn set_halves(&mut self, [low, high]: Halves) {
        self.board.pits[..8].copy_from_slice(&low.to_le_bytes());
        self.board.pits[8..16].copy_from_slice(&high.to_le_bytes());
    }

    /// The legal moves (bit `k` = house `k` of the side to move), as
    /// [`Position::oware_legal_mask`] gives them: none once a side has a
    /// majority (R9, R10); the non-empty houses; when the opponent is
    /// starved and must be fed, only those that reach its row (R7).
    #[inline(always)]
    pub(crate) fn oware6_legal_mask(&self, fast: &Oware6) -> u16 {
        // R9, R10: a side holds more than half the seeds, or each half
        // (then every seed is in a store).
        let [south, north] = self.board.stores;
        let half = 6 * self.ruleset.seeds_per_house;
        if south.max(north) > half || south + north == 2 * half {
            return 0;
        }
        let halves = self.halves();
        // The rows' non-empty houses, cut from the halves' (not from the
        // halves themselves, which the compiler would read at byte 6).
        let [south, north] = rows_of(halves.map(nonzero_bytes));
        let (own, opponent) = match self.turn {
            Side::South => (south, north),
            Side::North => (north, south),
        };
        if fast.has(Oware6::MUST_FEED) && opponent == 0 {
            feeding_houses(rows_of(halves)[self.turn.index()])
        } else {
            gather_houses(own)
        }
    }

    /// Plays absolute house `origin` of the side to move (legal) by the Oware rules on
    /// the 6-house board (R3–R6), telling `rec` of captures and grand slams
    /// but not of each seed.
    #[inline(always)]
    pub(crate) fn apply_oware6<R: Recorder>(&mut self, origin: usize, fast: &Oware6, rec: &mut R) {
        // Abapa's sowing and capture counts as constants: the common case.
        if fast.has(Oware6::ABAPA_SOWING) {
            self.apply_oware6_with::<R, true>(origin, fast, rec);
        } else {
            self.apply_oware6_with::<R, false>(origin, fast, rec);
        }
    }

    /// [`Position::apply_oware6`]; with `ABAPA` the rules skip the origin
    /// (R4) and capture 2 or 3 (R5), whatever `fast` says.
    #[inline(always)]
    fn apply_oware6_with<R: Recorder, const ABAPA: bool>(
        &mut self,
        origin: usize,
        fast: &Oware6,
        rec: &mut R,
    ) {
        let mover = self.turn;
        let origin = origin & 15; // the table is 16 wide
        let seeds = self.board.pits[origin];
        let mut halves = self.halves();
        let skip_origin = ABAPA || fast.has(Oware6::SKIP_ORIGIN);
        let lap = if skip_origin { 11 } else { 12 };
        // The pit of the last seed if it can capture, else NOWHERE; the
        // capture test is one branch, as unpredictable as the game.
        let last = if seeds < lap {
            let sowing = &SOW[origin][usize::from(seeds & 15)];
            halves = add_halves(halves, sowing.add);
            sowing.reached
        } else {
            let last;
            (halves, last) = sow_laps(halves, origin, seeds, skip_origin);
            if usize::from(last / 6) == mover.index() {
                NOWHERE
            } else {
                last
            }
        };
        if self.captures6::<ABAPA>(pit_seeds(halves, last)) {
            halves = self.capture_oware6::<R, ABAPA>(halves, usize::from(last % 6), fast, rec);
        }
        self.set_halves(halves);
        self.turn = !mover;
    }

    /// Whether the move from absolute house `origin` of the side to move
    /// may capture: `false` only where it surely does not, a sowing of
    /// less than a lap whose last seed does not make a capturing count in
    /// the opponent's row (R5), worked out without playing it.
    #[inline(always)]
    pub(crate) fn may_capture_oware6(&self, origin: usize, fast: &Oware6) -> bool {
        let origin = origin & 15; // the table is 16 wide
        let seeds = self.board.pits[origin];
        let lap = if fast.has(Oware6::SKIP_ORIGIN) {
            11
        } else {
            12
        };
        if seeds >= lap {
            return true;
        }
        let last = SOW[origin][usize::from(seeds & 15)].reached;
        if last == NOWHERE {
            return false; // it ends in the mover's own row
        }
        let seeds_there = self.board.pits[usize::from(last)] + 1;
        if fast.has(Oware6::ABAPA_SOWING) {
            self.captures6::<true>(seeds_there)
        } else {
            self.captures6::<false>(seeds_there)
        }
    }

    /// The evaluation's Oware terms of `side`'s row (as
    /// [`OwareRules`]' `eval_terms` counts them, a byte at a time): houses
    /// that lap the board (11 seeds or more), weak houses (1 or 2) and
    /// empty houses.
    #[inline(always)]
    pub(crate) fn oware6_house_terms(&self, side: Side) -> EvalTerms {
        let row = rows_of(self.halves())[side.index()];
        // Bit 7 of each byte moved to bit 0 and summed into the top byte
        // by one multiplication (a popcount without the instruction).
        let count = |bytes: Row| ((bytes >> 7).wrapping_mul(u64::MAX / 0xFF) >> 56) as i32;
        let nonzero = nonzero_bytes(row);
        EvalTerms {
            lapping_houses: count(bytes_at_least(row, 11)),
            weak_houses: count(nonzero & !bytes_at_least(row, 3)),
            empty_houses: 6 - count(nonzero),
            ..EvalTerms::default()
        }
    }

    /// Whether a house of `seeds` is captured (R5): with `ABAPA`, 2 or 3,
    /// tested with one branch (0b1x); else the ruleset's counts.
    #[inline(always)]
    fn captures6<const ABAPA: bool>(&self, seeds: u8) -> bool {
        if ABAPA {
            seeds | 1 == 3
        } else {
            self.capture_counts6::<false>().contains(seeds)
        }
    }

    /// The counts that capture (R5): Abapa's 2 and 3 with `ABAPA`, else
    /// the ruleset's.
    #[inline(always)]
    fn capture_counts6<const ABAPA: bool>(&self) -> CaptureCounts {
        match self.ruleset.family {
            Family::Oware(rules) if !ABAPA => rules.capture_counts,
            _ => CaptureCounts::TWO_OR_THREE,
        }
    }

    /// The capture chain of R5 ending at house `last` of the opponent's
    /// row, which is taken, with the grand-slam rule (R6); returns the
    /// board after it.
    #[inline(always)]
    fn capture_oware6<R: Recorder, const ABAPA: bool>(
        &mut self,
        halves: Halves,
        last: usize,
        fast: &Oware6,
        rec: &mut R,
    ) -> Halves {
        let mover = self.turn;
        let [south, north] = rows_of(halves);
        let (own, opponent) = match mover {
            Side::South => (south, north),
            Side::North => (north, south),
        };
        let can_take = capturable(opponent, self.capture_counts6::<ABAPA>());
        // The run of capturable houses from `last` back: brought to the top
        // of the word, it is the leading ones (at least one).
        let to_top = 8 * (7 - last);
        let run = (!(can_take << to_top)).leading_zeros();
        let chain = (u64::MAX << (64 - run)) >> to_top;
        let grand_slam = opponent & !chain == 0;
        if grand_slam && fast.has(Oware6::SLAM_CAPTURES_NOTHING) {
            rec.grand_slam();
            return halves;
        }
        self.take_houses(opponent & chain, !mover, mover, rec);
        if grand_slam {
            // GrandSlam::LeftToOpponent: the mover's seeds go to the opponent.
            self.take_houses(own, mover, !mover, rec);
            return [0, 0];
        }
        let opponent = opponent & !chain;
        halves_of(match mover {
            Side::South => [own, opponent],
            Side::North => [opponent, own],
        })
    }

    /// Puts the seeds of `taken`, houses of `side`'s row, into `to`'s
    /// store, telling `rec` house by house from the last.
    #[inline(always)]
    fn take_houses<R: Recorder>(&mut self, taken: Row, side: Side, to: Side, rec: &mut R) {
        self.board.stores[to.index()] += byte_sum(taken);
        for k in (0..6).rev() {
            let seeds = (taken >> (8 * k)) as u8;
            if seeds > 0 {
                rec.captured(6 * side.index() + k, seeds, to);
            }
        }
    }
}

/// Sows `seeds` (a lap or more) from absolute house `origin`: every
/// house but the origin (if skipped) gets one seed a lap, the rest go
/// on from the origin. Returns the board and the absolute house of the
/// last seed.
#[cold]
fn sow_laps(halves: Halves, origin: usize, seeds: u8, skip_origin: bool) -> (Halves, u8) {
    let lap = if skip_origin { 11 } else { 12 };
    let (laps, rest) = (seeds / lap, seeds % lap);
    let laps64 = u64::from(laps);
    let each = [ONE_EACH_HOUSE[0] * laps64, ONE_EACH_HOUSE[1] * laps64];
    // The origin has lost `rest` by the table; it loses the rest of its
    // seeds, and gets no lap's seed when skipped.
    // In u64: a house may hold up to 255 seeds, and with its skipped laps'
    // seeds that is more than a byte.
    let lost = u64::from(seeds - rest) + if skip_origin { laps64 } else { 0 };
    // A byte may pass 255 on the way (the origin's before it loses its
    // seeds), and a word may wrap; the carries are taken back with the
    // origin's seeds, so each word ends right.
    let mut halves = add_halves(add_halves(halves, SOW[origin][usize::from(rest)].add), each);
    halves[origin / 8] =
        halves[origin / 8].wrapping_sub(lost.wrapping_shl(8 * (origin % 8) as u32));
    // With nothing left over, the last lap ended just before the origin
    // (skipped) or in it.
    let after = if rest == 0 && skip_origin {
        11
    } else {
        usize::from(rest)
    };
    (halves, ((origin + after) % 12) as u8)
}

/// The houses of a row whose seeds reach the next row, which is starved
/// (R7: house `k` needs `6 - k` seeds or more).
#[cold]
fn feeding_houses(row: Row) -> u16 {
    let mut mask = 0;
    for k in 0..6 {
        mask |= u16::from((row >> (8 * k)) as u8 >= 6 - k as u8) << k;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::Rules;
    use crate::report::CaptureSet;
    use crate::search::zobrist::mix;
    use crate::{Move, Ruleset};

    /// Every 6-house Oware ruleset this module plays, by its options, with
    /// houses small and large (laps are common from 12 seeds a house).
    fn rulesets() -> Vec<Ruleset> {
        let mut all = Vec::new();
        let other_counts = CaptureCounts::from_counts(&[1, 4, 5]).unwrap();
        for seeds_per_house in [1, 3, 4, 7, 12, 21] {
            for skip_origin in [true, false] {
                for capture_counts in [CaptureCounts::TWO_OR_THREE, other_counts] {
                    for grand_slam in [GrandSlam::NoCapture, GrandSlam::LeftToOpponent] {
                        for must_feed in [true, false] {
                            let mut options = Ruleset::abapa().options();
                            options.seeds_per_house = seeds_per_house;
                            options.family = Family::Oware(OwareRules {
                                skip_origin,
                                capture_counts,
                                grand_slam,
                                must_feed,
                            });
                            all.push(Ruleset::new(options).unwrap());
                        }
                    }
                }
            }
        }
        all
    }

    /// The word-at-a-time legal moves and play agree with the general code
    /// of `oware.rs` (which `Position::play` runs) on every move of random
    /// games: the same position after, the same houses captured; and every
    /// move that captures is one that `may_capture_oware6` lets through.
    #[test]
    fn plays_as_the_general_code_on_random_games() {
        let mut draws = 0u64;
        let mut below = |n: u32| {
            draws += 1;
            (mix(draws) % u64::from(n)) as u32
        };
        let (mut moves, mut captures, mut ruled_out) = (0, 0, 0);
        for ruleset in rulesets() {
            let fast = ruleset.oware6.expect("played here");
            let Family::Oware(rules) = ruleset.family else {
                unreachable!()
            };
            for _game in 0..12 {
                let mut pos = Position::new(ruleset);
                for _ply in 0..150 {
                    let mask = pos.legal_mask();
                    assert_eq!(mask, pos.oware_legal_mask(&rules), "{pos}");
                    for side in Side::ALL {
                        let general = rules.eval_terms(pos.board.houses(side));
                        assert_eq!(pos.oware6_house_terms(side), general, "{pos}");
                    }
                    if mask == 0 {
                        break;
                    }
                    for k in (0..6).filter(|k| mask >> k & 1 != 0) {
                        let m = Move::new(pos.turn, crate::House(k as u8));
                        let (mut word, mut general) = (pos, pos);
                        let (mut taken_word, mut taken_general) =
                            (CaptureSet::default(), CaptureSet::default());
                        word.apply_oware6(m.to_index(6), &fast, &mut taken_word);
                        general.apply_oware(m, &rules, &mut taken_general);
                        assert_eq!(word, general, "{m} in {pos} ({ruleset:?})");
                        assert_eq!(taken_word.0, taken_general.0, "{m} in {pos}");
                        let may = pos.may_capture_oware6(m.to_index(6), &fast);
                        assert!(may || taken_general.0 == 0, "{m} in {pos} captures");
                        moves += 1;
                        captures += u32::from(taken_word.0 != 0);
                        ruled_out += u32::from(!may);
                    }
                    let choice = below(mask.count_ones());
                    let k = (0..6)
                        .filter(|k| mask >> k & 1 != 0)
                        .nth(choice as usize)
                        .unwrap();
                    pos.apply_oware6(6 * pos.turn.index() + k, &fast, &mut CaptureSet::default());
                }
            }
        }
        // The games are long and varied enough to test captures.
        assert!(
            moves > 200_000 && captures > 20_000,
            "{moves} moves, {captures} captures"
        );
        // And it rules out most of the moves that do not capture.
        assert!(
            ruled_out > (moves - captures) / 2,
            "{ruled_out} of {moves} ruled out"
        );
    }

    /// The same agreement from positions with big houses, up to every seed
    /// of the game in one house (255 at most, more than a byte once its
    /// laps' seeds are counted), which games from the start seldom reach.
    #[test]
    fn plays_as_the_general_code_with_big_houses() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        let mut compared = 0;
        for ruleset in rulesets() {
            let fast = ruleset.oware6.expect("played here");
            let Family::Oware(rules) = ruleset.family else {
                unreachable!()
            };
            let total = 12 * u64::from(ruleset.seeds_per_house);
            for _ in 0..200 {
                // One house takes a share of the seeds, from all to half; the
                // rest are spread at random, some in the stores.
                let mut houses = [0u64; 12];
                let big = total - next(total / 2 + 1);
                houses[next(12) as usize] = big;
                let mut stores = [0u64; 2];
                for _ in 0..total - big {
                    match next(14) {
                        h @ 0..=11 => houses[h as usize] += 1,
                        s => stores[s as usize - 12] += 1,
                    }
                }
                let row = |r: &[u64]| r.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
                let turn = ["s", "n"][next(2) as usize];
                let text = format!(
                    "{}/{} {turn} {} {}",
                    row(&houses[..6]),
                    row(&houses[6..]),
                    stores[0],
                    stores[1]
                );
                let pos = Position::from_str_with_ruleset(&text, ruleset).expect(&text);
                let mask = pos.legal_mask();
                assert_eq!(mask, pos.oware_legal_mask(&rules), "{pos}");
                for k in (0..6).filter(|k| mask >> k & 1 != 0) {
                    let m = Move::new(pos.turn, crate::House(k as u8));
                    let (mut word, mut general) = (pos, pos);
                    let (mut taken_word, mut taken_general) =
                        (CaptureSet::default(), CaptureSet::default());
                    word.apply_oware6(m.to_index(6), &fast, &mut taken_word);
                    general.apply_oware(m, &rules, &mut taken_general);
                    assert_eq!(word, general, "{m} in {pos} ({ruleset:?})");
                    assert_eq!(taken_word.0, taken_general.0, "{m} in {pos}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 20_000, "{compared} moves compared");
    }

    /// A house of 242 seeds under Abapa with 21 a house: 22 laps of 11,
    /// the origin skipped, 22 seeds in every other house (worked by hand).
    #[test]
    fn sows_a_house_of_242_seeds() {
        let ruleset: Ruleset = "abapa(6,21)".parse().unwrap();
        let start = "242,0,0,0,0,0/0,0,0,0,0,0 s 5 5";
        let after = "0,22,22,22,22,22/22,22,22,22,22,22 n 5 5";
        let mut checked = Position::from_str_with_ruleset(start, ruleset).unwrap();
        let mut unchecked = checked;
        let report = checked.play("A".parse().unwrap()).unwrap();
        unchecked.play_unchecked("A".parse().unwrap());
        assert_eq!(report.sown.len(), 242);
        assert_eq!(
            checked,
            Position::from_str_with_ruleset(after, ruleset).unwrap()
        );
        assert_eq!(unchecked, checked);
    }

    #[test]
    fn word_helpers_match_their_byte_by_byte_meaning() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Small counts, with zeros, twos and threes common.
            let houses: Vec<u8> = (0..6).map(|k| (x >> (8 * k)) as u8 % 7).collect();
            let row = houses.iter().rev().fold(0, |r, &s| r << 8 | u64::from(s));
            let sum: u32 = houses.iter().map(|&s| u32::from(s)).sum();
            assert_eq!(u32::from(byte_sum(row)), sum);
            let nonzero = (0..6).fold(0, |m, k| m | u16::from(houses[k] > 0) << k);
            assert_eq!(nonzero_houses(row), nonzero);
            let other = CaptureCounts::from_counts(&[1, 4]).unwrap();
            for counts in [CaptureCounts::TWO_OR_THREE, other] {
                let expect = (0..6).fold(0, |m, k| {
                    m | (u64::from(counts.contains(houses[k])) * 0xFF) << (8 * k)
                });
                assert_eq!(capturable(row, counts), expect, "{houses:?}");
            }
        }
    }
}
