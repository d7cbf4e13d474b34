//! Rulesets: the options that distinguish one mancala rule set from another,
//! and the named presets ([`Variant`]).

use core::fmt;
use core::str::FromStr;

use crate::MAX_HOUSES;

/// The complete rules of a game: board size, sowing, capturing, feeding and
/// how the game ends.
///
/// A `Ruleset` is always valid: the presets ([`Ruleset::abapa`],
/// [`Variant::ruleset`]) are, and [`Ruleset::new`] checks custom
/// [`RulesetOptions`]. It is a small `Copy` value that every
/// [`Position`](crate::Position) carries.
///
/// ```
/// use oware::{Ruleset, Variant};
/// let abapa = Ruleset::abapa();
/// assert_eq!(abapa.houses_per_side(), 6);
/// assert_eq!(abapa.total_seeds(), 48);
/// assert_eq!(abapa.variant(), Some(Variant::Abapa));
///
/// // A custom ruleset: Abapa with 5 seeds a house.
/// let mut options = abapa.options();
/// options.seeds_per_house = 5;
/// let five = Ruleset::new(options)?;
/// assert_eq!(five.total_seeds(), 60);
/// assert_eq!(five.variant(), None);
/// # Ok::<_, oware::RulesetError>(())
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Ruleset {
    pub(crate) houses_per_side: u8,
    pub(crate) seeds_per_house: u8,
    pub(crate) family: Family,
    pub(crate) cycle: CycleRule,
}

/// The options of a [`Ruleset`] as plain public fields, to build a custom
/// ruleset with [`Ruleset::new`]. Start from a preset's options
/// ([`Ruleset::options`]) and change what differs.
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RulesetOptions {
    /// Houses on each side, `1..=MAX_HOUSES` (Abapa: 6).
    pub houses_per_side: u8,
    /// Seeds in each house at the start, at least 1 (Abapa: 4). The seed
    /// total `2 × houses_per_side × seeds_per_house` must not exceed 255.
    pub seeds_per_house: u8,
    /// The rule family and its own options.
    pub family: Family,
    /// What ends a game that could go on forever.
    pub cycle: CycleRule,
}

/// The rule family: how seeds are sown and captured.
///
/// Kalah (stores that receive seeds while sowing, extra turns) and Congkak
/// (relay sowing) join this enum as further families.
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Family {
    /// Oware and its relatives (Abapa, Awale): seeds go only into houses,
    /// captures are made in the opponent's row.
    Oware(OwareRules),
}

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

/// The seed counts that make a house capturable, as a set of counts below 64.
///
/// ```
/// use oware::CaptureCounts;
/// let c = CaptureCounts::TWO_OR_THREE;
/// assert!(c.contains(2) && c.contains(3) && !c.contains(4));
/// assert_eq!(CaptureCounts::from_counts(&[2, 3]), Some(c));
/// ```
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CaptureCounts(u64);

impl CaptureCounts {
    /// 2 or 3 seeds: Abapa R5 and most Oware rule sets.
    pub const TWO_OR_THREE: CaptureCounts = CaptureCounts(0b1100);

    /// The set of `counts`; `None` if one is 0 or 64 or more.
    #[must_use]
    pub fn from_counts(counts: &[u8]) -> Option<CaptureCounts> {
        let mut bits = 0u64;
        for &c in counts {
            if c == 0 || c >= 64 {
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
        seeds < 64 && self.0 >> seeds & 1 != 0
    }

    /// The counts in the set, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..64u8).filter(move |&c| self.contains(c))
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
    /// The capture is made; the opponent is left starved. Then the
    /// opponent, to move with no seeds, cannot move and the game ends
    /// ([`Termination::NoMoves`](crate::Termination::NoMoves)).
    CaptureAll,
}

/// What ends a game that could go on forever, and how the seeds left on the
/// board are then credited (Abapa R11).
///
/// At least one of the three limits must be on for a family whose games can
/// cycle (Oware); [`Ruleset::new`] checks it.
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CycleRule {
    /// The game ends when the same position (houses, stores, side to move)
    /// occurs for this many times: 3 in Abapa, 2 ("the first repetition")
    /// in OpenSpiel. `None`: repetition never ends the game. At least 2.
    pub occurrences: Option<u8>,
    /// The game ends after this many plies in a row without a capture
    /// (Abapa: 100). `None`: no such limit. At least 1.
    pub no_capture_plies: Option<u16>,
    /// The game ends after this many plies in all. `None`: no such limit.
    /// At least 1.
    pub max_plies: Option<u16>,
    /// Who gets the seeds left on the board when one of these limits ends
    /// the game.
    pub leftover: Leftover,
}

impl CycleRule {
    /// Abapa's rule R11: third occurrence, or 100 plies without capture;
    /// each side takes the seeds on its side.
    #[must_use]
    pub const fn abapa() -> CycleRule {
        CycleRule {
            occurrences: Some(3),
            no_capture_plies: Some(100),
            max_plies: None,
            leftover: Leftover::EachTakesOwn,
        }
    }
}

/// Who gets the seeds left on the board when a cycle rule or agreement
/// ends the game.
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Leftover {
    /// Each side captures the seeds in its own row (Abapa R11, OpenSpiel).
    EachTakesOwn,
    /// The seeds left are not counted: the score is the stores alone.
    NotCounted,
}

impl Ruleset {
    /// The Abapa tournament rules of the Oware Society and the World Oware
    /// Federation (`oware/rules/abapa.md`, R1–R11): 6 houses a side,
    /// 4 seeds each, origin skip, captures of 2 or 3 chained backwards, a
    /// grand slam captures nothing, must feed, 25 wins, third repetition or
    /// 100 plies without capture ends the game.
    #[must_use]
    pub const fn abapa() -> Ruleset {
        Ruleset {
            houses_per_side: 6,
            seeds_per_house: 4,
            family: Family::Oware(OwareRules::abapa()),
            cycle: CycleRule::abapa(),
        }
    }

    /// OpenSpiel's `oware` game: Abapa, but the game ends at the first
    /// repetition of a position (houses, stores, side to move) since the
    /// last capture, each side taking its own seeds, and there is no
    /// no-capture limit.
    #[must_use]
    pub const fn openspiel() -> Ruleset {
        Ruleset {
            cycle: CycleRule {
                occurrences: Some(2),
                no_capture_plies: None,
                max_plies: None,
                leftover: Leftover::EachTakesOwn,
            },
            ..Ruleset::abapa()
        }
    }

    /// A ruleset from custom options.
    ///
    /// # Errors
    /// [`RulesetError`] naming the first option that is out of range or
    /// that makes no sense with the others.
    ///
    /// ```
    /// use oware::{Ruleset, RulesetError};
    /// let mut options = Ruleset::abapa().options();
    /// options.houses_per_side = 0;
    /// assert_eq!(Ruleset::new(options), Err(RulesetError::HousesPerSide(0)));
    /// ```
    pub fn new(options: RulesetOptions) -> Result<Ruleset, RulesetError> {
        let h = options.houses_per_side;
        if h == 0 || usize::from(h) > MAX_HOUSES {
            return Err(RulesetError::HousesPerSide(h));
        }
        let total = 2 * u32::from(h) * u32::from(options.seeds_per_house);
        if options.seeds_per_house == 0 || total > u32::from(u8::MAX) {
            return Err(RulesetError::SeedsPerHouse(options.seeds_per_house));
        }
        let Family::Oware(oware) = options.family;
        if oware.capture_counts.iter().next().is_none() {
            return Err(RulesetError::CaptureCounts);
        }
        let cycle = options.cycle;
        if matches!(cycle.occurrences, Some(0 | 1)) {
            return Err(RulesetError::Occurrences);
        }
        if cycle.no_capture_plies == Some(0) || cycle.max_plies == Some(0) {
            return Err(RulesetError::PlyLimit);
        }
        if cycle.occurrences.is_none()
            && cycle.no_capture_plies.is_none()
            && cycle.max_plies.is_none()
        {
            return Err(RulesetError::EndlessPlay);
        }
        Ok(Ruleset {
            houses_per_side: h,
            seeds_per_house: options.seeds_per_house,
            family: options.family,
            cycle,
        })
    }

    /// The options of this ruleset, to change and pass to [`Ruleset::new`].
    #[must_use]
    pub const fn options(&self) -> RulesetOptions {
        RulesetOptions {
            houses_per_side: self.houses_per_side,
            seeds_per_house: self.seeds_per_house,
            family: self.family,
            cycle: self.cycle,
        }
    }

    /// Houses on each side.
    #[must_use]
    pub const fn houses_per_side(&self) -> usize {
        self.houses_per_side as usize
    }

    /// Seeds in each house at the start.
    #[must_use]
    pub const fn seeds_per_house(&self) -> u8 {
        self.seeds_per_house
    }

    /// All the seeds in the game: `2 × houses_per_side × seeds_per_house`.
    #[must_use]
    pub const fn total_seeds(&self) -> u8 {
        2 * self.houses_per_side * self.seeds_per_house
    }

    /// The rule family and its options.
    #[must_use]
    pub const fn family(&self) -> &Family {
        &self.family
    }

    /// What ends a game that could go on forever.
    #[must_use]
    pub const fn cycle(&self) -> &CycleRule {
        &self.cycle
    }

    /// The preset this ruleset equals, if any.
    #[must_use]
    pub fn variant(&self) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.ruleset() == *self)
    }
}

impl Default for Ruleset {
    /// Abapa.
    fn default() -> Ruleset {
        Ruleset::abapa()
    }
}

impl fmt::Display for Ruleset {
    /// The preset's name, or `custom` for a ruleset that matches none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant().map_or("custom", Variant::name))
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Ruleset {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Ruleset, D::Error> {
        let options = RulesetOptions::deserialize(deserializer)?;
        Ruleset::new(options).map_err(serde::de::Error::custom)
    }
}

/// Error when custom [`RulesetOptions`] do not make a playable game.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesetError {
    /// Houses a side must be `1..=MAX_HOUSES`; holds the value given.
    HousesPerSide(u8),
    /// Seeds a house must be at least 1, and the seed total at most 255;
    /// holds the value given.
    SeedsPerHouse(u8),
    /// The capture counts are empty.
    CaptureCounts,
    /// A repetition rule must end the game at the 2nd occurrence or later.
    Occurrences,
    /// A ply limit of 0.
    PlyLimit,
    /// Every rule that ends a cycling game is off, so a game could go on forever.
    EndlessPlay,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RulesetError::HousesPerSide(h) => write!(f, "invalid ruleset: {h} houses a side (must be 1 to {MAX_HOUSES})"),
            RulesetError::SeedsPerHouse(s) => {
                write!(f, "invalid ruleset: {s} seeds a house (must be at least 1, with at most 255 seeds in all)")
            }
            RulesetError::CaptureCounts => f.write_str("invalid ruleset: no capture counts"),
            RulesetError::Occurrences => f.write_str("invalid ruleset: a repetition must end the game at the 2nd occurrence or later"),
            RulesetError::PlyLimit => f.write_str("invalid ruleset: a ply limit must be at least 1"),
            RulesetError::EndlessPlay => {
                f.write_str("invalid ruleset: repetition, no-capture and ply limits are all off, so a game could go on forever")
            }
        }
    }
}

impl core::error::Error for RulesetError {}

/// The named presets. `Default` is [`Variant::Abapa`].
///
/// ```
/// use oware::{Ruleset, Variant};
/// let v: Variant = "OpenSpiel".parse()?;
/// assert_eq!(v, Variant::OpenSpiel);
/// assert_eq!(v.to_string(), "openspiel");
/// assert_eq!(v.ruleset(), Ruleset::openspiel());
/// assert_eq!("oware".parse::<Variant>()?, Variant::Abapa);
/// # Ok::<_, oware::ParseVariantError>(())
/// ```
#[non_exhaustive]
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    /// Abapa, the tournament rules ([`Ruleset::abapa`]).
    #[default]
    Abapa,
    /// OpenSpiel's `oware` ([`Ruleset::openspiel`]).
    OpenSpiel,
}

impl Variant {
    /// Every preset.
    pub const ALL: [Variant; 2] = [Variant::Abapa, Variant::OpenSpiel];

    /// The preset's name: `"abapa"`, `"openspiel"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Abapa => "abapa",
            Variant::OpenSpiel => "openspiel",
        }
    }

    /// The preset's ruleset.
    #[must_use]
    pub const fn ruleset(self) -> Ruleset {
        match self {
            Variant::Abapa => Ruleset::abapa(),
            Variant::OpenSpiel => Ruleset::openspiel(),
        }
    }

    /// Parses a preset name, ignoring ASCII case. Accepted: `abapa` (alias
    /// `oware`) and `openspiel` (alias `openspiel-oware`).
    ///
    /// # Errors
    /// [`ParseVariantError`] for any other name.
    pub fn from_ascii(s: &[u8]) -> Result<Variant, ParseVariantError> {
        const NAMES: [(&[u8], Variant); 4] = [
            (b"abapa", Variant::Abapa),
            (b"oware", Variant::Abapa),
            (b"openspiel", Variant::OpenSpiel),
            (b"openspiel-oware", Variant::OpenSpiel),
        ];
        NAMES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(s))
            .map(|&(_, v)| v)
            .ok_or(ParseVariantError)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::from_ascii(s.as_bytes())
    }
}

impl From<Variant> for Ruleset {
    fn from(v: Variant) -> Ruleset {
        v.ruleset()
    }
}

/// Error when parsing an unknown variant name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseVariantError;

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown variant: expected abapa or openspiel")
    }
}

impl core::error::Error for ParseVariantError {}
