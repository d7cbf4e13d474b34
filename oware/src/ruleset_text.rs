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
use crate::{Family, Leftover, Ruleset, RulesetError, RulesetOptions, Variant};

/// The keys every family has: the cycle rule's.
const CYCLE_KEYS: [&str; 4] = ["repetitions", "no_capture", "max_plies", "leftover"];

/// The option keys of a family, in the order Display writes them.
fn keys(family: &Family) -> impl Iterator<Item = &'static str> {
    family.keys().iter().copied().chain(CYCLE_KEYS)
}

/// The value of option `key` of `options`, as text.
fn get(options: &RulesetOptions, key: &str) -> String {
    let limit = |n: Option<u16>| n.map_or_else(|| "off".to_owned(), |n| n.to_string());
    let cycle = &options.cycle;
    match key {
        "repetitions" => limit(cycle.occurrences.map(u16::from)),
        "no_capture" => limit(cycle.no_capture_plies),
        "max_plies" => limit(cycle.max_plies),
        "leftover" => values::name(&LEFTOVERS, cycle.leftover),
        key => options.family.get(key),
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
    let bad = || ParseRulesetError::Value(known_key(&options.family, key));
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
    match key {
        "houses" => options.houses_per_side = size()?,
        "seeds" => options.seeds_per_house = size()?,
        "repetitions" => {
            cycle.occurrences = limit(2)?
                .map(|n| u8::try_from(n).map_err(|_| bad()))
                .transpose()?
        }
        "no_capture" => cycle.no_capture_plies = limit(1)?,
        "max_plies" => cycle.max_plies = limit(1)?,
        "leftover" => cycle.leftover = values::parse_name(&LEFTOVERS, value).ok_or_else(bad)?,
        _ => match options.family.keys().iter().find(|&&k| k == key) {
            Some(&key) => options
                .family
                .set(key, value)
                .ok_or(ParseRulesetError::Value(key))?,
            None => {
                return Err(ParseRulesetError::Key {
                    key: OptionKey::new(key),
                    preset,
                });
            }
        },
    }
    Ok(())
}

/// `key` as one of `family`'s keys (for errors that must be `Copy`).
fn known_key(family: &Family, key: &str) -> &'static str {
    ["houses", "seeds"]
        .into_iter()
        .chain(keys(family))
        .find(|&k| k == key)
        .unwrap_or("?")
}

const LEFTOVERS: [(&str, Leftover); 2] = [
    ("own", Leftover::EachTakesOwn),
    ("none", Leftover::NotCounted),
];
/// The text of option values, for the families' keys too.
pub(crate) mod values {
    /// `on` or `off`.
    pub(crate) fn on_off(b: bool) -> String {
        if b { "on" } else { "off" }.to_owned()
    }

    /// `on` or `off` as a yes/no; `None` for any other text.
    pub(crate) fn parse_on(text: &str) -> Option<bool> {
        match text {
            "on" => Some(true),
            "off" => Some(false),
            _ => None,
        }
    }

    /// The name of `value` in `table`.
    pub(crate) fn name<T: PartialEq + Copy>(table: &[(&'static str, T)], value: T) -> String {
        table
            .iter()
            .find(|(_, v)| *v == value)
            .map_or("?", |(n, _)| n)
            .to_owned()
    }

    /// The value `text` names in `table`.
    pub(crate) fn parse_name<T: Copy>(table: &[(&'static str, T)], text: &str) -> Option<T> {
        table.iter().find(|(n, _)| *n == text).map(|&(_, v)| v)
    }

    /// The names in `table`, joined by commas.
    pub(crate) fn names<T>(table: &[(&'static str, T)]) -> String {
        table.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
    }
}

/// The presets of `family`'s kind.
fn same_family(a: &Family, b: &Family) -> bool {
    core::mem::discriminant(a) == core::mem::discriminant(b)
}

impl Ruleset {
    /// The preset of this ruleset's family that differs from it in the
    /// fewest options, and those options (`key`, `value`); `None` for a
    /// family no preset plays.
    fn nearest_preset(&self) -> Option<(Variant, Vec<(&'static str, String)>)> {
        let options = self.options();
        let candidates = Variant::ALL
            .into_iter()
            .filter(|v| same_family(&v.ruleset().family, &self.family));
        let with_diffs = candidates.map(|v| {
            let base = v.ruleset().options();
            let diffs: Vec<_> = keys(&self.family)
                .filter_map(|k| {
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
            .map(|(_, v, diffs)| (v, diffs))
    }
}

impl fmt::Display for Ruleset {
    /// The preset's name, followed by the options that differ from it:
    /// `abapa`, `kalah(6,5)`, `abapa(grand_slam=capture-all)`.
    /// A family no preset plays has no name to read back: it is written
    /// with its own name and every option (`toy(3,2,repetitions=3,…)`), which does not
    /// parse, rather than as another family's preset.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((preset, diffs)) = self.nearest_preset() else {
            let all = keys(&self.family).map(|k| format!(",{k}={}", get(&self.options(), k)));
            let name = self.family.name().to_ascii_lowercase();
            let (h, s) = (self.houses_per_side, self.seeds_per_house);
            return write!(f, "{name}({h},{s}{})", all.collect::<String>());
        };
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
                return Err(ParseRulesetError::DuplicateKey(known_key(
                    &options.family,
                    key,
                )));
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
    match key {
        "houses" => format!("1 to {}", crate::MAX_HOUSES),
        "seeds" => "1 or more, with at most 255 seeds in all".to_owned(),
        "repetitions" => "off or 2 to 255".to_owned(),
        "no_capture" | "max_plies" => "off or 1 to 65535".to_owned(),
        "leftover" => values::names(&LEFTOVERS),
        key => {
            // What each family with the key takes, named when several have it.
            let mut families: Vec<Family> = Vec::new();
            for v in Variant::ALL {
                let family = v.ruleset().family;
                if !families.iter().any(|f| same_family(f, &family)) {
                    families.push(family);
                }
            }
            let takes: Vec<_> = families
                .into_iter()
                .filter_map(|f| f.takes(key).map(|t| (f.name(), t)))
                .collect();
            match takes.as_slice() {
                [] => "on or off".to_owned(),
                [(_, t)] => t.clone(),
                several => several
                    .iter()
                    .map(|(name, t)| format!("{t} ({name})"))
                    .collect::<Vec<_>>()
                    .join(" or "),
            }
        }
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
