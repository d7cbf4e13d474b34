//! Rulesets: the options that distinguish one mancala rule set from another,
//! and the named presets ([`Variant`]).

use core::fmt;
use core::str::FromStr;

use crate::{CongkakRules, GrandSlam, KalahRules, MAX_HOUSES, OwareRules};

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
    /// Derived from the rest: set when the family is Oware on 6 houses a
    /// side with grand slams that need neither a look-ahead nor a pass (not
    /// [`GrandSlam::Illegal`] or [`GrandSlam::CaptureAll`]). The hot path
    /// of move generation and play tests this once and plays the twelve
    /// houses as one word (`families/oware6.rs`).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) oware6: Option<crate::families::Oware6>,
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

/// The rule family: how seeds are sown and captured, and how the game ends.
#[non_exhaustive]
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Family {
    /// Oware and its relatives (Abapa, Awale): seeds go only into houses,
    /// captures are made in the opponent's row (`rules/abapa.md`).
    Oware(OwareRules),
    /// Kalah(m, n): the mover's store receives seeds while sowing, a last
    /// seed there earns an extra turn, a last seed in an own empty house
    /// captures the opposite house (`rules/kalah.md`, K1–K6).
    Kalah(KalahRules),
    /// Congkak: Kalah's sowing and extra turns with relay sowing, and a side
    /// without seeds passes (`rules/congkak.md`, C1–C7).
    Congkak(CongkakRules),
    /// A toy family for the tests, which proves the family seam: one file
    /// (`families/toy.rs`) and this variant.
    #[cfg(test)]
    Toy(crate::families::ToyRules),
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
    /// (Abapa: 100). `None`: no such limit. At least 1. (In Kalah and
    /// Congkak, whose sowing fills the stores, it counts the plies since a
    /// store last changed.)
    pub no_capture_plies: Option<u16>,
    /// The game ends after this many plies in all. `None`: no such limit.
    /// At least 1.
    pub max_plies: Option<u16>,
    /// Who gets the seeds left on the board when one of these limits ends
    /// the game.
    pub leftover: Leftover,
}

impl CycleRule {
    /// No cycle rule: for Kalah and Congkak, whose games always end.
    #[must_use]
    pub const fn none() -> CycleRule {
        CycleRule {
            occurrences: None,
            no_capture_plies: None,
            max_plies: None,
            leftover: Leftover::EachTakesOwn,
        }
    }

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
        Ruleset::from_parts(6, 4, Family::Oware(OwareRules::abapa()), CycleRule::abapa())
    }

    /// OpenSpiel's `oware` game: Abapa, but the game ends at the first
    /// repetition of a position (houses, stores, side to move) since the
    /// last capture, each side taking its own seeds, and there is no
    /// no-capture limit.
    #[must_use]
    pub const fn openspiel() -> Ruleset {
        let cycle = CycleRule {
            occurrences: Some(2),
            no_capture_plies: None,
            max_plies: None,
            leftover: Leftover::EachTakesOwn,
        };
        Ruleset::from_parts(6, 4, Family::Oware(OwareRules::abapa()), cycle)
    }

    /// Abapa with the grand slam forbidden unless every legal move is one
    /// ([`GrandSlam::Illegal`]): the "Awale" form.
    #[must_use]
    pub const fn awale() -> Ruleset {
        let mut rules = OwareRules::abapa();
        rules.grand_slam = GrandSlam::Illegal;
        Ruleset::from_parts(6, 4, Family::Oware(rules), CycleRule::abapa())
    }

    /// Kalah(`houses`, `seeds`) with the standard rules K1–K6; Kalah(6, 4)
    /// is OpenSpiel's `mancala` ([`Variant::Kalah`]).
    ///
    /// # Errors
    /// [`RulesetError`] when `houses` is 0 or more than [`MAX_HOUSES`], or
    /// the seed total `2 × houses × seeds` is 0 or more than 255.
    ///
    /// ```
    /// use oware::Ruleset;
    /// assert_eq!(Ruleset::kalah(6, 6)?.total_seeds(), 72);
    /// assert!(Ruleset::kalah(6, 30).is_err());
    /// # Ok::<_, oware::RulesetError>(())
    /// ```
    pub fn kalah(houses: u8, seeds: u8) -> Result<Ruleset, RulesetError> {
        Ruleset::new(RulesetOptions {
            houses_per_side: houses,
            seeds_per_house: seeds,
            family: Family::Kalah(KalahRules::standard()),
            cycle: CycleRule::none(),
        })
    }

    /// Kalah(`houses`, `seeds`) as Irving, Donkers and Uiterwijk solved it:
    /// the empty capture (K3) on, the game ending when either row is empty.
    ///
    /// # Errors
    /// As [`Ruleset::kalah`].
    pub fn kalah_irving(houses: u8, seeds: u8) -> Result<Ruleset, RulesetError> {
        let mut rules = KalahRules::standard();
        rules.empty_capture = true;
        let mut options = Ruleset::kalah(houses, seeds)?.options();
        options.family = Family::Kalah(rules);
        Ruleset::new(options)
    }

    /// Congkak with the default single-round rules C1–C7: 7 houses a side,
    /// 7 seeds each.
    #[must_use]
    pub const fn congkak() -> Ruleset {
        Ruleset::with_family(7, 7, Family::Congkak(CongkakRules::standard()))
    }

    /// A preset of a family that needs no cycle rule; the sizes must be
    /// valid (the presets' are).
    const fn with_family(houses: u8, seeds: u8, family: Family) -> Ruleset {
        Ruleset::from_parts(houses, seeds, family, CycleRule::none())
    }

    /// The one place a `Ruleset` is put together (its parts already
    /// checked), so the derived fields are always right.
    const fn from_parts(houses: u8, seeds: u8, family: Family, cycle: CycleRule) -> Ruleset {
        let oware6 = family.oware6(houses);
        Ruleset {
            houses_per_side: houses,
            seeds_per_house: seeds,
            family,
            cycle,
            oware6,
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
        let seeds = options.seeds_per_house;
        if seeds == 0 || seeds > Ruleset::max_seeds_per_house(h) {
            return Err(RulesetError::SeedsPerHouse(seeds));
        }
        options.family.check()?;
        let cycle = options.cycle;
        if matches!(cycle.occurrences, Some(0 | 1)) {
            return Err(RulesetError::Occurrences);
        }
        if cycle.no_capture_plies == Some(0) || cycle.max_plies == Some(0) {
            return Err(RulesetError::PlyLimit);
        }
        if options.family.can_cycle()
            && cycle.occurrences.is_none()
            && cycle.no_capture_plies.is_none()
            && cycle.max_plies.is_none()
        {
            return Err(RulesetError::EndlessPlay);
        }
        Ok(Ruleset::from_parts(
            h,
            options.seeds_per_house,
            options.family,
            cycle,
        ))
    }

    /// The most seeds a house can start with when a side has
    /// `houses_per_side` houses: the seed total `2 × houses × seeds` is at
    /// most 255 (0 for no houses).
    ///
    /// ```
    /// use oware::Ruleset;
    /// assert_eq!(Ruleset::max_seeds_per_house(6), 21);
    /// assert_eq!(Ruleset::max_seeds_per_house(9), 14);
    /// assert!(Ruleset::kalah(6, 21).is_ok() && Ruleset::kalah(6, 22).is_err());
    /// ```
    #[must_use]
    pub const fn max_seeds_per_house(houses_per_side: u8) -> u8 {
        match houses_per_side {
            0 => 0,
            h => (u8::MAX as u16 / (2 * h as u16)) as u8,
        }
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
    /// Abapa with the grand slam forbidden ([`Ruleset::awale`]).
    Awale,
    /// Kalah(6, 4), standard rules: OpenSpiel's `mancala` ([`Ruleset::kalah`]).
    Kalah,
    /// Kalah(6, 4) with the empty capture ([`Ruleset::kalah_irving`]).
    KalahIrving,
    /// Congkak, 7 houses of 7 seeds ([`Ruleset::congkak`]).
    Congkak,
}

impl Variant {
    /// Every preset.
    pub const ALL: [Variant; 6] = [
        Variant::Abapa,
        Variant::OpenSpiel,
        Variant::Awale,
        Variant::Kalah,
        Variant::KalahIrving,
        Variant::Congkak,
    ];

    /// The preset's name: `"abapa"`, `"openspiel"`, `"awale"`, `"kalah"`,
    /// `"kalah-irving"` or `"congkak"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Abapa => "abapa",
            Variant::OpenSpiel => "openspiel",
            Variant::Awale => "awale",
            Variant::Kalah => "kalah",
            Variant::KalahIrving => "kalah-irving",
            Variant::Congkak => "congkak",
        }
    }

    /// The preset's ruleset.
    #[must_use]
    pub const fn ruleset(self) -> Ruleset {
        match self {
            Variant::Abapa => Ruleset::abapa(),
            Variant::OpenSpiel => Ruleset::openspiel(),
            Variant::Awale => Ruleset::awale(),
            Variant::Kalah => Ruleset::with_family(6, 4, Family::Kalah(KalahRules::standard())),
            Variant::KalahIrving => {
                let mut rules = KalahRules::standard();
                rules.empty_capture = true;
                Ruleset::with_family(6, 4, Family::Kalah(rules))
            }
            Variant::Congkak => Ruleset::congkak(),
        }
    }

    /// Parses a preset name, ignoring ASCII case. Accepted: `abapa` (alias
    /// `oware`), `openspiel` (alias `openspiel-oware`), `awale`, `kalah`
    /// (alias `mancala`, OpenSpiel's name), `kalah-irving` and `congkak`.
    ///
    /// # Errors
    /// [`ParseVariantError`] for any other name.
    pub fn from_ascii(s: &[u8]) -> Result<Variant, ParseVariantError> {
        const NAMES: [(&[u8], Variant); 9] = [
            (b"abapa", Variant::Abapa),
            (b"oware", Variant::Abapa),
            (b"openspiel", Variant::OpenSpiel),
            (b"openspiel-oware", Variant::OpenSpiel),
            (b"awale", Variant::Awale),
            (b"kalah", Variant::Kalah),
            (b"mancala", Variant::Kalah),
            (b"kalah-irving", Variant::KalahIrving),
            (b"congkak", Variant::Congkak),
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
        f.write_str(
            "unknown variant: expected abapa, openspiel, awale, kalah, kalah-irving or congkak",
        )
    }
}

impl core::error::Error for ParseVariantError {}
