//! The text form of a ruleset: a preset's name, then the options that
//! differ from it.
//!
//! ```text
//! abapa                               the preset
//! kalah(6,5)                          Kalah(6, 5): houses and seeds first, by position
//! kalah(seeds=5)                      the same seeds by name (`houses=` too)
//! abapa(grand_slam=capture-all)       a named option
//! congkak(5,5,relay=off)              both
//! ```
//!
//! Numbers are plain decimal digits (`abapa(seeds=+4)` is refused, as a
//! position string's counts are). An option the family does not have is
//! refused with its name and the family's options
//! ([`ParseRulesetError::Key`]). Each option is given once: `abapa(must_feed=on,must_feed=off)` and
//! `kalah(6,5,seeds=4)` are refused ([`ParseRulesetError::DuplicateKey`]).
//! A value out of range is refused with the key it was given for
//! ([`ParseRulesetError::Value`]), a size written by position included
//! (`abapa(6,22)`: `seeds`).
//!
//! The text has no spaces, so it fits as one field of a position string and
//! as a record's `Variant` tag. Display picks the preset of the ruleset's
//! family that needs the fewest options, so every ruleset round-trips.
//!
//! Options (`on`/`off` for yes/no; `off` also turns a limit off):
//! - all families: `houses` (houses a side, 1 to 9) and `seeds` (seeds a
//!   house, at most 255 seeds in all), which may instead come first by
//!   position; `repetitions` (the occurrence that ends the game, 2 or
//!   more), `no_capture` and `max_plies` (plies, 1 or more), `leftover` (`own` or
//!   `none`: who gets the seeds left when a cycle rule or agreement ends the
//!   game);
//! - Oware: `skip_origin`, `captures` (counts joined by `+`, e.g. `2+3`),
//!   `grand_slam` (`no-capture`, `illegal`, `capture-all`,
//!   `left-to-opponent`), `must_feed`;
//! - Kalah: `empty_capture`, `end` (`either-row`, `mover-row`),
//!   `seeds_left` (`owner`, `first-emptied`);
//! - Congkak: `relay`, `capture_after_lap`, `capturing_seed` (`on-capture`,
//!   `always`, `never`), `end` (`all-empty`, `mover-empty`, `either-row`).

use core::fmt;
use core::str::FromStr;

use crate::notation::parse_digits;
use crate::{
    CaptureCounts, CapturingSeed, CongkakEnd, Family, GrandSlam, KalahEnd, Leftover, Ruleset,
    RulesetError, RulesetOptions, SeedsLeft, Variant,
};

/// The option keys of a family, in the order Display writes them.
fn keys(family: &Family) -> &'static [&'static str] {
    const CYCLE: [&str; 4] = ["repetitions", "no_capture", "max_plies", "leftover"];
    match family {
        Family::Oware(_) => &[
            "skip_origin",
            "captures",
            "grand_slam",
            "must_feed",
            CYCLE[0],
            CYCLE[1],
            CYCLE[2],
            CYCLE[3],
        ],
        Family::Kalah(_) => &[
            "empty_capture",
            "end",
            "seeds_left",
            CYCLE[0],
            CYCLE[1],
            CYCLE[2],
            CYCLE[3],
        ],
        Family::Congkak(_) => &[
            "relay",
            "capture_after_lap",
            "capturing_seed",
            "end",
            CYCLE[0],
            CYCLE[1],
            CYCLE[2],
            CYCLE[3],
        ],
    }
}

/// The value of option `key` of `options`, as text.
fn get(options: &RulesetOptions, key: &str) -> String {
    let on = |b: bool| if b { "on" } else { "off" }.to_owned();
    let limit = |n: Option<u16>| n.map_or_else(|| "off".to_owned(), |n| n.to_string());
    let cycle = &options.cycle;
    match (&options.family, key) {
        (_, "repetitions") => limit(cycle.occurrences.map(u16::from)),
        (_, "no_capture") => limit(cycle.no_capture_plies),
        (_, "max_plies") => limit(cycle.max_plies),
        (_, "leftover") => name(&LEFTOVERS, cycle.leftover),
        (Family::Oware(r), "skip_origin") => on(r.skip_origin),
        (Family::Oware(r), "captures") => r
            .capture_counts
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join("+"),
        (Family::Oware(r), "grand_slam") => name(&GRAND_SLAMS, r.grand_slam),
        (Family::Oware(r), "must_feed") => on(r.must_feed),
        (Family::Kalah(r), "empty_capture") => on(r.empty_capture),
        (Family::Kalah(r), "end") => name(&KALAH_ENDS, r.end),
        (Family::Kalah(r), "seeds_left") => name(&SEEDS_LEFT, r.seeds_left),
        (Family::Congkak(r), "relay") => on(r.relay),
        (Family::Congkak(r), "capture_after_lap") => on(r.capture_after_lap),
        (Family::Congkak(r), "capturing_seed") => name(&CAPTURING_SEEDS, r.capturing_seed),
        (Family::Congkak(r), "end") => name(&CONGKAK_ENDS, r.end),
        _ => String::new(),
    }
}

/// Sets option `key` of `options` (of the preset `preset`'s family) from
/// `value`.
fn set(
    options: &mut RulesetOptions,
    preset: Variant,
    key: &str,
    value: &str,
) -> Result<(), ParseRulesetError> {
    let bad = || ParseRulesetError::Value(known_key(key));
    let on = || match value {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(bad()),
    };
    // A limit is `off` or a number of `min` or more.
    let limit = |min: u16| match value {
        "off" => Ok(None),
        n => parse_digits::<u16>(n)
            .filter(|&n| n >= min)
            .map(Some)
            .ok_or_else(bad),
    };
    let size = || parse_digits::<u8>(value).ok_or_else(bad);
    let cycle = &mut options.cycle;
    match (&mut options.family, key) {
        (_, "houses") => options.houses_per_side = size()?,
        (_, "seeds") => options.seeds_per_house = size()?,
        (_, "repetitions") => {
            cycle.occurrences = limit(2)?
                .map(|n| u8::try_from(n).map_err(|_| bad()))
                .transpose()?
        }
        (_, "no_capture") => cycle.no_capture_plies = limit(1)?,
        (_, "max_plies") => cycle.max_plies = limit(1)?,
        (_, "leftover") => cycle.leftover = parse_name(&LEFTOVERS, value).ok_or_else(bad)?,
        (Family::Oware(r), "skip_origin") => r.skip_origin = on()?,
        (Family::Oware(r), "captures") => {
            let counts: Option<Vec<u8>> = value.split('+').map(parse_digits).collect();
            r.capture_counts = counts
                .and_then(|c| CaptureCounts::from_counts(&c))
                .ok_or_else(bad)?;
        }
        (Family::Oware(r), "grand_slam") => {
            r.grand_slam = parse_name(&GRAND_SLAMS, value).ok_or_else(bad)?
        }
        (Family::Oware(r), "must_feed") => r.must_feed = on()?,
        (Family::Kalah(r), "empty_capture") => r.empty_capture = on()?,
        (Family::Kalah(r), "end") => r.end = parse_name(&KALAH_ENDS, value).ok_or_else(bad)?,
        (Family::Kalah(r), "seeds_left") => {
            r.seeds_left = parse_name(&SEEDS_LEFT, value).ok_or_else(bad)?
        }
        (Family::Congkak(r), "relay") => r.relay = on()?,
        (Family::Congkak(r), "capture_after_lap") => r.capture_after_lap = on()?,
        (Family::Congkak(r), "capturing_seed") => {
            r.capturing_seed = parse_name(&CAPTURING_SEEDS, value).ok_or_else(bad)?
        }
        (Family::Congkak(r), "end") => r.end = parse_name(&CONGKAK_ENDS, value).ok_or_else(bad)?,
        _ => {
            return Err(ParseRulesetError::Key {
                key: OptionKey::new(key),
                preset,
            });
        }
    }
    Ok(())
}

/// `key` as one of the known keys (for errors that must be `Copy`).
fn known_key(key: &str) -> &'static str {
    const ALL: [&str; 16] = [
        "repetitions",
        "no_capture",
        "max_plies",
        "leftover",
        "skip_origin",
        "captures",
        "grand_slam",
        "must_feed",
        "empty_capture",
        "end",
        "seeds_left",
        "relay",
        "capture_after_lap",
        "capturing_seed",
        "houses",
        "seeds",
    ];
    ALL.into_iter().find(|&k| k == key).unwrap_or("?")
}

const LEFTOVERS: [(&str, Leftover); 2] = [
    ("own", Leftover::EachTakesOwn),
    ("none", Leftover::NotCounted),
];
const GRAND_SLAMS: [(&str, GrandSlam); 4] = [
    ("no-capture", GrandSlam::NoCapture),
    ("illegal", GrandSlam::Illegal),
    ("capture-all", GrandSlam::CaptureAll),
    ("left-to-opponent", GrandSlam::LeftToOpponent),
];
const KALAH_ENDS: [(&str, KalahEnd); 2] = [
    ("either-row", KalahEnd::EitherRowEmpty),
    ("mover-row", KalahEnd::MoverRowEmpty),
];
const SEEDS_LEFT: [(&str, SeedsLeft); 2] = [
    ("owner", SeedsLeft::ToOwner),
    ("first-emptied", SeedsLeft::ToFirstEmptied),
];
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

fn name<T: PartialEq + Copy>(table: &[(&'static str, T)], value: T) -> String {
    table
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("?", |(n, _)| n)
        .to_owned()
}

fn parse_name<T: Copy>(table: &[(&'static str, T)], text: &str) -> Option<T> {
    table.iter().find(|(n, _)| *n == text).map(|&(_, v)| v)
}

/// The presets of `family`'s kind.
fn same_family(a: &Family, b: &Family) -> bool {
    core::mem::discriminant(a) == core::mem::discriminant(b)
}

impl Ruleset {
    /// The preset of this ruleset's family that differs from it in the
    /// fewest options, and those options (`key`, `value`).
    fn nearest_preset(&self) -> (Variant, Vec<(&'static str, String)>) {
        let options = self.options();
        let candidates = Variant::ALL
            .into_iter()
            .filter(|v| same_family(&v.ruleset().family, &self.family));
        let with_diffs = candidates.map(|v| {
            let base = v.ruleset().options();
            let diffs: Vec<_> = keys(&self.family)
                .iter()
                .filter_map(|&k| {
                    let value = get(&options, k);
                    (value != get(&base, k)).then_some((k, value))
                })
                .collect();
            let sizes = (self.houses_per_side, self.seeds_per_house)
                != (base.houses_per_side, base.seeds_per_house);
            (diffs.len() + usize::from(sizes), v, diffs)
        });
        // The first preset with the fewest differences (ALL lists the
        // common ones first).
        with_diffs
            .min_by_key(|(count, _, _)| *count)
            .map_or((Variant::Abapa, Vec::new()), |(_, v, diffs)| (v, diffs))
    }
}

impl fmt::Display for Ruleset {
    /// The preset's name, followed by the options that differ from it:
    /// `abapa`, `kalah(6,5)`, `abapa(grand_slam=capture-all)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (preset, diffs) = self.nearest_preset();
        let base = preset.ruleset();
        let mut items: Vec<String> = Vec::new();
        if (self.houses_per_side, self.seeds_per_house)
            != (base.houses_per_side, base.seeds_per_house)
        {
            items.push(self.houses_per_side.to_string());
            items.push(self.seeds_per_house.to_string());
        }
        items.extend(diffs.into_iter().map(|(k, v)| format!("{k}={v}")));
        f.write_str(preset.name())?;
        if !items.is_empty() {
            write!(f, "({})", items.join(","))?;
        }
        Ok(())
    }
}

impl FromStr for Ruleset {
    type Err = ParseRulesetError;

    /// Parses the text form (see the [module docs](crate::ruleset_text)):
    /// a preset name (ignoring ASCII case, aliases accepted), then
    /// optionally `(houses,seeds,key=value,…)`.
    fn from_str(s: &str) -> Result<Ruleset, ParseRulesetError> {
        let s = s.trim();
        let (name, args) = match s.split_once('(') {
            Some((name, rest)) => (
                name,
                Some(rest.strip_suffix(')').ok_or(ParseRulesetError::Syntax)?),
            ),
            None => (s, None),
        };
        let variant = Variant::from_str(name.trim()).map_err(|_| ParseRulesetError::Name)?;
        let mut options = variant.ruleset().options();
        let items = args
            .map(|a| a.split(',').map(str::trim).collect::<Vec<_>>())
            .unwrap_or_default();
        let mut seen: Vec<&str> = Vec::new();
        let mut named = false;
        for (i, item) in items.iter().enumerate() {
            let (key, value) = match item.split_once('=') {
                Some((key, value)) => {
                    named = true;
                    (key.trim(), value.trim())
                }
                // Houses and seeds come first, by position.
                None if named => return Err(ParseRulesetError::Syntax),
                // A size is plain digits: no sign, not empty (`abapa()`).
                None if !item.bytes().all(|b| b.is_ascii_digit()) || item.is_empty() => {
                    return Err(ParseRulesetError::Syntax);
                }
                None if i == 0 => ("houses", *item),
                None if i == 1 => ("seeds", *item),
                None => return Err(ParseRulesetError::Syntax),
            };
            if seen.contains(&key) {
                return Err(ParseRulesetError::DuplicateKey(known_key(key)));
            }
            set(&mut options, variant, key, value)?;
            seen.push(key);
        }
        Ruleset::new(options).map_err(|e| match e {
            // The sizes are checked together; name the one at fault.
            RulesetError::HousesPerSide(_) => ParseRulesetError::Value("houses"),
            RulesetError::SeedsPerHouse(_) => ParseRulesetError::Value("seeds"),
            e => ParseRulesetError::Invalid(e),
        })
    }
}

/// Error when parsing a ruleset's text form.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseRulesetError {
    /// The name is not a preset's.
    Name,
    /// The options are not `(houses,seeds,key=value,…)`.
    Syntax,
    /// An option key the family does not have: `abapa(relay=on)`.
    Key {
        /// The key as given (its first [`OptionKey::CAPACITY`] bytes).
        key: OptionKey,
        /// The preset named before the options, whose family lacks it.
        preset: Variant,
    },
    /// An option's value is not one it takes, or is out of range; holds
    /// the key (`houses` and `seeds` also when written by position).
    Value(&'static str),
    /// An option is given twice (a size by position and by key
    /// included); holds the key.
    DuplicateKey(&'static str),
    /// The options do not make a playable ruleset. Its message is the
    /// [`RulesetError`]'s own (`invalid ruleset: …`), not prefixed again.
    Invalid(RulesetError),
}

/// What the option `key` takes, for [`ParseRulesetError::Value`].
fn takes(key: &str) -> String {
    let names = |names: &[&str]| names.join(", ");
    match key {
        "houses" => format!("1 to {}", crate::MAX_HOUSES),
        "seeds" => "1 or more, with at most 255 seeds in all".to_owned(),
        "repetitions" => "off or 2 to 255".to_owned(),
        "no_capture" | "max_plies" => "off or 1 to 65535".to_owned(),
        "captures" => "counts from 1 to 31 joined by +, e.g. 2+3".to_owned(),
        "leftover" => names(&LEFTOVERS.map(|(n, _)| n)),
        "grand_slam" => names(&GRAND_SLAMS.map(|(n, _)| n)),
        "seeds_left" => names(&SEEDS_LEFT.map(|(n, _)| n)),
        "capturing_seed" => names(&CAPTURING_SEEDS.map(|(n, _)| n)),
        "end" => format!(
            "{} (Kalah) or {} (Congkak)",
            names(&KALAH_ENDS.map(|(n, _)| n)),
            names(&CONGKAK_ENDS.map(|(n, _)| n))
        ),
        _ => "on or off".to_owned(),
    }
}

impl fmt::Display for ParseRulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A RulesetError says "invalid ruleset: ..." itself: passing it
        // through adds no context, so no second prefix.
        if !matches!(self, ParseRulesetError::Invalid(_)) {
            f.write_str("invalid ruleset text: ")?;
        }
        match self {
            ParseRulesetError::Name => f.write_str(
                "unknown preset (abapa, openspiel, awale, kalah, kalah-irving or congkak)",
            ),
            ParseRulesetError::Syntax => {
                f.write_str("options must read (houses,seeds,key=value,...)")
            }
            ParseRulesetError::Key { key, preset } => {
                write!(
                    f,
                    "{preset} has no option \"{key}\" (its options: houses, seeds"
                )?;
                for k in keys(&preset.ruleset().family) {
                    write!(f, ", {k}")?;
                }
                f.write_str(")")
            }
            ParseRulesetError::Value(key) => write!(f, "{key} must be {}", takes(key)),
            ParseRulesetError::DuplicateKey(key) => write!(f, "{key} is given twice"),
            ParseRulesetError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for ParseRulesetError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            ParseRulesetError::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

/// An option key as the text gave it, kept inline so that
/// [`ParseRulesetError`] stays `Copy`: its first
/// [`OptionKey::CAPACITY`] bytes, cut at a character boundary.
///
/// `Display` writes the key with control characters and quotes escaped
/// (as `str::escape_debug` does), and `…` after a key that was cut.
///
/// ```
/// use oware::ruleset_text::OptionKey;
/// let key = OptionKey::new("must_feeed");
/// assert_eq!(key.as_str(), "must_feeed");
/// assert!(!key.is_truncated());
/// let long = OptionKey::new(&"x".repeat(30));
/// assert_eq!(long.as_str().len(), OptionKey::CAPACITY);
/// assert_eq!(long.to_string(), format!("{}…", "x".repeat(24)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct OptionKey {
    bytes: [u8; OptionKey::CAPACITY],
    len: u8,
    truncated: bool,
}

impl OptionKey {
    /// The most bytes of a key kept: 24, more than the longest known key
    /// (`capture_after_lap`, 17).
    pub const CAPACITY: usize = 24;

    /// `key`, cut to at most [`OptionKey::CAPACITY`] bytes at a character
    /// boundary.
    #[must_use]
    pub fn new(key: &str) -> OptionKey {
        let mut len = key.len().min(OptionKey::CAPACITY);
        while !key.is_char_boundary(len) {
            len -= 1;
        }
        let mut bytes = [0; OptionKey::CAPACITY];
        bytes[..len].copy_from_slice(&key.as_bytes()[..len]);
        OptionKey {
            bytes,
            // At most CAPACITY (24), so it fits.
            len: len as u8,
            truncated: len < key.len(),
        }
    }

    /// The key kept (all of it unless [`OptionKey::is_truncated`]).
    #[must_use]
    pub fn as_str(&self) -> &str {
        // `new` copies whole characters of a `str`.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }

    /// Whether the key given was longer than the part kept.
    #[must_use]
    pub const fn is_truncated(&self) -> bool {
        self.truncated
    }
}

impl fmt::Debug for OptionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OptionKey({:?}", self.as_str())?;
        if self.truncated {
            f.write_str(", truncated")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for OptionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_str().escape_debug())?;
        if self.truncated {
            f.write_str("…")?;
        }
        Ok(())
    }
}
