//! A played move explained in the field's words, from the position before
//! it and its [`MoveReport`]: for tutorials, move lists and frontends.

use core::fmt;

use crate::families::Citations;
use crate::{Board, Captured, Move, MoveReport, Pit, PlayError, Position, Side};

/// A played move explained: the sowings (one, and one more for each
/// Congkak relay), where the last seed fell and what it made, the captures
/// and their total, and the rules that applied. `Display` says it as one
/// English sentence in the field's terms, without a full stop, citing the
/// project's rule numbers (`rules/abapa.md`, `kalah.md`, `congkak.md`).
///
/// Made by [`MoveReport::explain`] or [`Position::explain`].
///
/// ```
/// use oware::Position;
/// // South's F (3 seeds) reaches a, b and c; c makes 2, b before it 3 (R5).
/// let pos: Position = "4,4,4,4,4,3/4,2,1,4,4,4 s 3 3".parse()?;
/// let explanation = pos.explain("F".parse()?)?;
/// assert_eq!(
///     explanation.to_string(),
///     "F sows 3 seeds into a, b, c; the last seed makes c 2: captures c (2) and b (3) = 5"
/// );
/// assert_eq!(explanation.captured_seeds, 5);
/// assert_eq!(explanation.sowings[0].last_seeds, 2);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Eq, PartialEq, Hash, Debug)]
pub struct Explanation {
    /// The move played.
    pub played: Move,
    /// The sowings in order: the move's own, then one for each house a
    /// Congkak relay lifted (C4). Never empty.
    pub sowings: Vec<Sowing>,
    /// The houses captured, as [`MoveReport::captures`] lists them.
    pub captures: Vec<Captured>,
    /// The seeds captured in all ([`MoveReport::captured_seeds`]).
    pub captured_seeds: u16,
    /// A grand slam annulled the capture (Abapa R6).
    pub grand_slam: bool,
    /// The move fed a starved opponent (Abapa R7).
    pub fed: bool,
    /// The last seed fell in the mover's store (Kalah K2, Congkak C3).
    pub extra_turn: bool,
    /// The side that had no seeds and passed after the move (Congkak C7),
    /// if one did: see [`MoveReport::passed`].
    pub passed: Option<Side>,
    /// The move ended the game ([`MoveReport::outcome`]).
    pub game_over: bool,
    citations: Citations,
}

/// One sowing of a move: the seeds lifted from one house and sown one by
/// one, lap by lap.
///
/// ```
/// use oware::{Pit, Position};
/// // 12 seeds from F go round the board; the lap skips F (R4).
/// let pos: Position = "0,0,0,0,0,12/1,1,1,1,1,1 s 15 15".parse()?;
/// let sowing = &pos.explain("F".parse()?)?.sowings[0];
/// assert_eq!(sowing.seeds(), 12);
/// assert_eq!(sowing.laps.len(), 2);
/// assert_eq!(sowing.laps[1].len(), 1); // a, for the second time
/// assert!(sowing.skips_origin);
/// assert_eq!(sowing.last().map(|p| p.to_string()), Some("a".into()));
/// assert_eq!(sowing.last_seeds, 3);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Eq, PartialEq, Hash, Debug)]
pub struct Sowing {
    /// The house the seeds were lifted from: the origin house, or the house
    /// a relay lifted (Congkak C4).
    pub from: Pit,
    /// The pits a seed was dropped into, one entry a seed, split into laps:
    /// a lap ends where the sowing comes round to `from` again.
    pub laps: Vec<Vec<Pit>>,
    /// The laps after the first skipped `from` (Abapa R4); false when the
    /// sowing made one lap or the ruleset sows into the origin (Kalah K1,
    /// Congkak C2).
    pub skips_origin: bool,
    /// The seeds in the last pit once the last seed fell in it, before any
    /// capture or relay lifted them.
    pub last_seeds: u8,
}

impl Sowing {
    /// The seeds sown.
    #[must_use]
    pub fn seeds(&self) -> usize {
        self.laps.iter().map(Vec::len).sum()
    }

    /// The pits sown, in order, one entry a seed.
    pub fn pits(&self) -> impl Iterator<Item = Pit> + '_ {
        self.laps.iter().flatten().copied()
    }

    /// The pit the last seed fell in; `None` only for a sowing of no seeds
    /// (from a report that does not belong to the position).
    #[must_use]
    pub fn last(&self) -> Option<Pit> {
        self.laps.last().and_then(|lap| lap.last()).copied()
    }
}

impl MoveReport {
    /// Explains this move, played from `before`: what it sowed, lap by
    /// lap, where the last seed fell and what it made there, what it
    /// captured and which rules applied. The report must be the one
    /// `before.play(self.played)` returned; for any other pair the
    /// explanation says what the report lists, with seed counts that mean
    /// nothing, and never panics.
    ///
    /// ```
    /// use oware::Position;
    /// let before = Position::default();
    /// let mut after = before;
    /// let report = after.play("C".parse()?)?;
    /// assert_eq!(
    ///     report.explain(&before).to_string(),
    ///     "C sows 4 seeds into D, E, F, a; the last seed makes a 5"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn explain(&self, before: &Position) -> Explanation {
        let mover = self.played.side();
        Explanation {
            played: self.played,
            sowings: sowings(self, before),
            captures: self.captures.clone(),
            captured_seeds: self.captured_seeds(),
            grand_slam: self.grand_slam,
            fed: self.fed,
            extra_turn: self.extra_turn,
            passed: self
                .passed
                .then_some(if self.extra_turn { mover } else { !mover }),
            game_over: self.outcome.is_some(),
            citations: before.ruleset().citations(),
        }
    }
}

impl Position {
    /// Explains the move `m` from this position without playing it: what
    /// [`MoveReport::explain`] says of the report [`Position::play`] would
    /// give.
    ///
    /// # Errors
    /// [`PlayError`] when `m` is not legal here, as [`Position::play`]
    /// gives it.
    ///
    /// ```
    /// use oware::{IllegalMoveReason, Position};
    /// let pos = Position::default();
    /// assert_eq!(
    ///     pos.explain("F".parse()?)?.to_string(),
    ///     "F sows 4 seeds into a, b, c, d; the last seed makes d 5"
    /// );
    /// let err = pos.explain("a".parse()?).unwrap_err();
    /// assert_eq!(err.reason, IllegalMoveReason::WrongSide);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain(&self, m: Move) -> Result<Explanation, PlayError> {
        let mut after = *self;
        let report = after.play(m)?;
        Ok(report.explain(self))
    }
}

/// The seeds in every pit as a move's report drops them one by one, with
/// pits as indices (houses `0..2h`, South's store `2h`, North's `2h + 1`).
struct SeedCounts {
    pits: Vec<u16>,
    houses_per_side: usize,
}

impl SeedCounts {
    fn of(board: &Board) -> SeedCounts {
        let stores = board.stores();
        let mut pits: Vec<u16> = board.all_houses().iter().map(|&s| u16::from(s)).collect();
        pits.extend([stores.south, stores.north].map(u16::from));
        SeedCounts {
            pits,
            houses_per_side: board.houses_per_side(),
        }
    }

    fn slot(&mut self, pit: Pit) -> Option<&mut u16> {
        let h = self.houses_per_side;
        if matches!(pit, Pit::House(_, house) if house.index() >= h) {
            return None;
        }
        self.pits.get_mut(pit.to_index(h))
    }

    fn lift(&mut self, pit: Pit) {
        if let Some(seeds) = self.slot(pit) {
            *seeds = 0;
        }
    }

    /// Drops a seed into `pit`; returns the seeds it then holds.
    fn drop_seed(&mut self, pit: Pit) -> u8 {
        self.slot(pit).map_or(0, |seeds| {
            *seeds = seeds.saturating_add(1);
            u8::try_from(*seeds).unwrap_or(u8::MAX)
        })
    }
}

/// The sowings of `report`'s move from `before`: the move's own, then one
/// from each house a relay lifted.
fn sowings(report: &MoveReport, before: &Position) -> Vec<Sowing> {
    let origin = Pit::House(report.played.side(), report.played.house());
    let mut starts = vec![(0, origin)];
    starts.extend(report.relays.iter().map(|r| (r.after, r.pit)));
    let skip = before.ruleset().citations().origin_skip.is_some();
    let h = before.ruleset().houses_per_side();
    let mut seeds = SeedCounts::of(before.board());
    let mut sowings = Vec::with_capacity(starts.len());
    for (k, &(start, from)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(report.sown.len(), |s| s.0);
        let sown = report.sown.get(start..end).unwrap_or_default();
        seeds.lift(from);
        let last_seeds = sown.iter().fold(0, |_, &pit| seeds.drop_seed(pit));
        let laps = laps(from, sown, h);
        sowings.push(Sowing {
            from,
            skips_origin: skip && laps.len() > 1,
            laps,
            last_seeds,
        });
    }
    sowings
}

/// `sown` split into laps round the board from `from`: a lap ends where
/// the next seed comes round to `from` again or past it.
fn laps(from: Pit, sown: &[Pit], houses_per_side: usize) -> Vec<Vec<Pit>> {
    let ring = 2 * houses_per_side + 2;
    let origin = ring_position(from, houses_per_side);
    // How far round from `from` a pit is, `from` itself a whole lap.
    let distance = |pit| match (ring_position(pit, houses_per_side) + ring - origin) % ring {
        0 => ring,
        d => d,
    };
    let mut laps: Vec<Vec<Pit>> = Vec::new();
    let mut previous = ring + 1;
    for &pit in sown {
        let d = distance(pit);
        match laps.last_mut() {
            Some(lap) if d > previous => lap.push(pit),
            _ => laps.push(vec![pit]),
        }
        previous = d;
    }
    laps
}

/// A pit's place in the sowing order round the board: South's houses,
/// South's store, North's houses, North's store.
fn ring_position(pit: Pit, houses_per_side: usize) -> usize {
    match pit {
        Pit::House(Side::South, house) => house.index(),
        Pit::Store(Side::South) => houses_per_side,
        Pit::House(Side::North, house) => houses_per_side + 1 + house.index(),
        Pit::Store(Side::North) => 2 * houses_per_side + 1,
    }
}

/// A pit in words: a house by its letter, a store by its owner ("South's
/// store").
struct PitName(Pit);

impl fmt::Display for PitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Pit::Store(side) => write!(f, "{side}'s store"),
            house => write!(f, "{house}"),
        }
    }
}

/// `items` joined by ", " and, when `and` is set, the last by " and ".
fn write_list<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: impl ExactSizeIterator<Item = T>,
    and: bool,
) -> fmt::Result {
    let n = items.len();
    for (i, item) in items.enumerate() {
        let separator = match i {
            0 => "",
            i if and && i + 1 == n => " and ",
            _ => ", ",
        };
        write!(f, "{separator}{item}")?;
    }
    Ok(())
}

/// " (R4)": a rule cited, if the ruleset has it.
struct Cite(Option<&'static str>);

impl fmt::Display for Cite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(rule) => write!(f, " ({rule})"),
            None => Ok(()),
        }
    }
}

/// "1 seed", "4 seeds".
fn seeds(n: usize) -> String {
    format!("{n} {}", if n == 1 { "seed" } else { "seeds" })
}

impl Sowing {
    /// "F sows 12 seeds into a, …, E, then on lap 2, skipping F (R4), into
    /// a; the last seed makes a 3".
    fn write(&self, f: &mut fmt::Formatter<'_>, origin_skip: Option<&'static str>) -> fmt::Result {
        if self.laps.is_empty() {
            return write!(f, "{} sows no seeds", PitName(self.from));
        }
        write!(
            f,
            "{} sows {} into ",
            PitName(self.from),
            seeds(self.seeds())
        )?;
        for (i, lap) in self.laps.iter().enumerate() {
            if i > 0 {
                write!(f, ", then on lap {}", i + 1)?;
                if self.skips_origin {
                    write!(f, ", skipping {}{},", self.from, Cite(origin_skip))?;
                }
                f.write_str(" into ")?;
            }
            write_list(f, lap.iter().map(|&p| PitName(p)), false)?;
        }
        match self.last() {
            Some(last @ Pit::Store(_)) => write!(f, "; the last seed falls in {}", PitName(last)),
            Some(last) => write!(f, "; the last seed makes {last} {}", self.last_seeds),
            None => Ok(()),
        }
    }
}

impl Explanation {
    /// ": captures c (2) and b (3) = 5", with the opposite house named in
    /// Kalah and Congkak (K3, C6).
    fn write_captures(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mover = self.played.side();
        let last = self.sowings.last().and_then(Sowing::last);
        let opposite = self.citations.opposite_capture;
        f.write_str(": captures ")?;
        if opposite.is_some() && self.captures.first().map(|c| c.pit) != last {
            f.write_str("the opposite house ")?;
        }
        let captured = self.captures.iter().map(|c| CaptureName(*c, mover));
        write_list(f, captured, true)?;
        if self.captures.len() > 1 {
            write!(f, " = {}", self.captured_seeds)?;
        }
        write!(f, "{}", Cite(opposite))
    }

    /// What the last seed did beyond the sowing: a capture, a grand slam
    /// that captures nothing, another move.
    fn write_last_seed(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mover = self.played.side();
        if !self.captures.is_empty() {
            self.write_captures(f)?;
        }
        if self.grand_slam {
            write!(
                f,
                ": a grand slam, which would take every seed {} has, so nothing is captured{}",
                !mover,
                Cite(self.citations.grand_slam)
            )?;
        }
        if self.extra_turn && !self.game_over && self.passed != Some(mover) {
            write!(
                f,
                ": {mover} moves again{}",
                Cite(self.citations.extra_turn)
            )?;
        }
        Ok(())
    }
}

/// "b (3)", or "b (3 to North)" for seeds that went to the opponent's store.
struct CaptureName(Captured, Side);

impl fmt::Display for CaptureName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let CaptureName(c, mover) = *self;
        write!(f, "{} ({}", PitName(c.pit), c.seeds)?;
        if c.to != mover {
            write!(f, " to {}", c.to)?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Explanation {
    /// The explanation as one sentence, e.g. "F sows 3 seeds into a, b, c;
    /// the last seed makes c 2: captures c (2) and b (3) = 5". The
    /// alternate form (`{:#}`) starts each relay of a Congkak turn on a
    /// line of its own, for a screen.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let relay_break = if f.alternate() { ":\n" } else { ": " };
        for (i, sowing) in self.sowings.iter().enumerate() {
            if i > 0 {
                write!(f, "{relay_break}relay{}, ", Cite(self.citations.relay))?;
            }
            sowing.write(f, self.citations.origin_skip)?;
        }
        self.write_last_seed(f)?;
        if self.fed {
            let starved = !self.played.side();
            write!(
                f,
                "; this feeds {starved}, who was starved{}",
                Cite(self.citations.feed)
            )?;
        }
        if let Some(side) = self.passed {
            write!(
                f,
                "; {side} has no seeds and passes{}",
                Cite(self.citations.pass)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Move, Pit, Position, Ruleset, Side, Variant};

    /// The explanation of `m` from the position `text` (under `ruleset`).
    fn explain(ruleset: Ruleset, text: &str, m: &str) -> String {
        let pos = if text.is_empty() {
            Position::new(ruleset)
        } else {
            text.parse().expect("a position")
        };
        assert_eq!(*pos.ruleset(), ruleset, "{text}");
        pos.explain(m.parse().expect("a move"))
            .expect("legal")
            .to_string()
    }

    #[test]
    fn plain_sowing_names_the_houses_and_the_last_count() {
        assert_eq!(
            explain(Ruleset::abapa(), "", "C"),
            "C sows 4 seeds into D, E, F, a; the last seed makes a 5"
        );
        assert_eq!(
            explain(Ruleset::abapa(), "4,4,4,4,4,4/4,4,4,4,4,1 n 2 1", "f"),
            "f sows 1 seed into A; the last seed makes A 5"
        );
    }

    #[test]
    fn a_lap_skips_the_origin_house_r4() {
        // F's 12 seeds: a–f, A–E, then a again (F skipped); a makes 3 (R5).
        assert_eq!(
            explain(Ruleset::abapa(), "0,0,0,0,0,12/1,1,1,1,1,1 s 15 15", "F"),
            "F sows 12 seeds into a, b, c, d, e, f, A, B, C, D, E, \
             then on lap 2, skipping F (R4), into a; the last seed makes a 3: captures a (3)"
        );
        // 23 seeds from A: two whole laps of 11 and one seed more.
        assert_eq!(
            explain(Ruleset::abapa(), "23,0,0,0,0,0/5,4,4,4,4,4 s 0 0", "A"),
            "A sows 23 seeds into B, C, D, E, F, a, b, c, d, e, f, \
             then on lap 2, skipping A (R4), into B, C, D, E, F, a, b, c, d, e, f, \
             then on lap 3, skipping A (R4), into B; the last seed makes B 3"
        );
    }

    #[test]
    fn a_chain_capture_lists_each_house_and_the_total_r5() {
        // The example of issue 14.
        assert_eq!(
            explain(Ruleset::abapa(), "4,4,4,4,4,3/4,2,1,4,4,4 s 3 3", "F"),
            "F sows 3 seeds into a, b, c; the last seed makes c 2: captures c (2) and b (3) = 5"
        );
        // Three houses; the chain stops at a, which makes 4.
        assert_eq!(
            explain(Ruleset::abapa(), "4,4,4,4,3,4/3,1,2,1,4,4 s 5 5", "F"),
            "F sows 4 seeds into a, b, c, d; the last seed makes d 2: \
             captures d (2), c (3) and b (2) = 7"
        );
    }

    #[test]
    fn grand_slam_abapa_captures_nothing() {
        // E's last seed makes a 2, North's only seeds (R6).
        assert_eq!(
            explain(Ruleset::abapa(), "0,0,0,0,2,0/1,0,0,0,0,0 s 22 23", "E"),
            "E sows 2 seeds into F, a; the last seed makes a 2: a grand slam, \
             which would take every seed North has, so nothing is captured (R6)"
        );
    }

    #[test]
    fn a_move_that_feeds_a_starved_opponent_says_so_r7() {
        assert_eq!(
            explain(Ruleset::abapa(), "0,0,0,0,1,3/0,0,0,0,0,0 s 22 22", "F"),
            "F sows 3 seeds into a, b, c; the last seed makes c 1; \
             this feeds North, who was starved (R7)"
        );
    }

    #[test]
    fn kalah_sows_its_store_moves_again_and_captures_the_opposite_house() {
        let kalah = Variant::Kalah.ruleset();
        assert_eq!(
            explain(kalah, "", "C"),
            "C sows 4 seeds into D, E, F, South's store; \
             the last seed falls in South's store: South moves again (K2)"
        );
        // A's seed makes B 1; e faces B and holds 5 (K3).
        assert_eq!(
            explain(kalah, "1,0,4,4,4,4/4,4,4,4,5,4 s 3 3 kalah", "A"),
            "A sows 1 seed into B; the last seed makes B 1: \
             captures the opposite house e (5) and B (1) = 6 (K3)"
        );
        // 14 seeds from F go round through F itself, which K1 does not skip.
        assert_eq!(
            explain(kalah, "0,0,0,0,0,14/4,4,4,4,4,4 s 5 5 kalah", "F"),
            "F sows 14 seeds into South's store, a, b, c, d, e, f, A, B, C, D, E, F, \
             then on lap 2 into South's store; the last seed falls in South's store: \
             South moves again (K2)"
        );
    }

    #[test]
    fn congkak_relays_sow_on_from_the_house_lifted_c4() {
        let congkak = Variant::Congkak.ruleset();
        // A's last seed makes C 4 (C4); C's last makes G 1, facing a (C6).
        assert_eq!(
            explain(congkak, "2,0,3,0,0,0,0/5,0,0,0,0,0,1 s 44 43 congkak", "A"),
            "A sows 2 seeds into B, C; the last seed makes C 4: relay (C4), \
             C sows 4 seeds into D, E, F, G; the last seed makes G 1: \
             captures the opposite house a (5) and G (1) = 6 (C6)"
        );
        // The alternate form, for a screen: each relay on a line of its own.
        let pos: Position = "2,0,3,0,0,0,0/5,0,0,0,0,0,1 s 44 43 congkak"
            .parse()
            .expect("a position");
        let explanation = pos.explain("A".parse().expect("A")).expect("legal");
        assert_eq!(
            format!("{explanation:#}"),
            "A sows 2 seeds into B, C; the last seed makes C 4:\nrelay (C4), \
             C sows 4 seeds into D, E, F, G; the last seed makes G 1: \
             captures the opposite house a (5) and G (1) = 6 (C6)"
        );
        // North has no seeds left after South's capture: it passes (C7).
        assert_eq!(
            explain(congkak, "1,0,0,0,0,1,0/1,0,0,0,0,0,0 s 47 48 congkak", "F"),
            "F sows 1 seed into G; the last seed makes G 1: \
             captures the opposite house a (1) and G (1) = 2 (C6); North has no seeds and passes (C7)"
        );
    }

    #[test]
    fn a_report_of_another_position_is_explained_without_a_panic() {
        let mut start = Position::default();
        let report = start.play("C".parse().expect("C")).expect("legal");
        // Kalah(3, 1) has no house D: the counts mean nothing, the pits
        // named are still the report's.
        let small = Position::new(Ruleset::kalah(3, 1).expect("a ruleset"));
        let explanation = report.explain(&small);
        let named: Vec<Pit> = explanation
            .sowings
            .iter()
            .flat_map(super::Sowing::pits)
            .collect();
        assert_eq!(named, report.sown);
        assert!(
            explanation
                .to_string()
                .starts_with("C sows 4 seeds into D, E, F")
        );
        let mut empty = report.clone();
        empty.sown.clear();
        assert_eq!(
            empty.explain(&Position::default()).to_string(),
            "C sows no seeds"
        );
    }

    /// A small generator of random numbers, so the games repeat.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n
        }
    }

    /// Every move of many random games of each variant: the explanation
    /// names the report's pits in order, its captures and their total,
    /// which the stores gained, and the last count is what the house holds.
    #[test]
    fn explanations_agree_with_the_reports_in_random_games() {
        let mut rng = Lcg(14);
        for variant in Variant::ALL {
            for _ in 0..100 {
                let mut pos = Position::new(variant.ruleset());
                for _ in 0..300 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len())];
                    let before = pos;
                    let report = pos.play(m).expect("legal");
                    check(&report.explain(&before), &report, &before, &pos, m);
                }
            }
        }
    }

    fn check(
        e: &super::Explanation,
        report: &crate::MoveReport,
        before: &Position,
        after: &Position,
        m: Move,
    ) {
        let named: Vec<Pit> = e.sowings.iter().flat_map(super::Sowing::pits).collect();
        assert_eq!(named, report.sown, "{before} {m}");
        assert_eq!(e.sowings.len(), report.relays.len() + 1);
        assert_eq!(e.captures, report.captures);
        let total: u16 = e.captures.iter().map(|c| u16::from(c.seeds)).sum();
        assert_eq!(e.captured_seeds, total);
        for side in Side::ALL {
            let gained = after.board().store(side) - before.board().store(side);
            let captured: u16 = e
                .captures
                .iter()
                .filter(|c| c.to == side)
                .map(|c| u16::from(c.seeds))
                .sum();
            let sown = named.iter().filter(|&&p| p == Pit::Store(side)).count();
            assert_eq!(u16::from(gained), captured + sown as u16, "{before} {m}");
        }
        let last = e.sowings.last().expect("a sowing");
        if let Some(Pit::House(side, house)) = last.last()
            && !e.captures.iter().any(|c| c.pit == Pit::House(side, house))
        {
            assert_eq!(
                last.last_seeds,
                after.board().seeds(side, house),
                "{before} {m}"
            );
        }
        let sentence = e.to_string();
        for sowing in &e.sowings {
            assert!(
                sentence.contains(&format!(" sows {} seed", sowing.seeds())),
                "{sentence}"
            );
        }
        assert_eq!(
            sentence.contains("captures"),
            !e.captures.is_empty(),
            "{sentence}"
        );
    }
}
