//! Where games are kept: the save file an unfinished game is kept in as it
//! is played, the files `save` writes, and who played each side and with
//! which seed, in the record's tags.

use std::io;
use std::path::{Path, PathBuf};

use oware::search::Level;
use oware::{BySide, Record, Side};

/// How a record's tag names an engine player: "oware level 3".
const ENGINE: &str = "oware level ";

/// How a record's tag names a person.
const PERSON: &str = "player";

/// The file an unfinished game is kept in: `OWARE_PLAY_SAVE` (`off` for
/// none), else `unfinished-game.pgn` in `$XDG_STATE_HOME/oware` or
/// `~/.local/state/oware`.
pub fn default_save_file() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("OWARE_PLAY_SAVE") {
        return (!path.is_empty() && path != "off").then(|| PathBuf::from(path));
    }
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    Some(state.join("oware").join("unfinished-game.pgn"))
}

/// Whether `a` and `b` name the same existing file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    matches!(
        (std::fs::canonicalize(a), std::fs::canonicalize(b)),
        (Ok(a), Ok(b)) if a == b
    )
}

/// `text` as a path, `~` or a leading `~/` read as the home directory (as
/// a shell would).
pub fn expand_home(text: &str) -> PathBuf {
    let rest = if text == "~" {
        Some("")
    } else {
        text.strip_prefix("~/")
    };
    match (rest, std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(text),
    }
}

/// Writes `record` to `path`, in a directory that must exist.
pub fn write(record: &Record, path: &Path) -> Result<(), String> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(format!("the directory {} does not exist", dir.display()));
    }
    std::fs::write(path, record.to_string()).map_err(|e| e.to_string())
}

/// Writes `record` to the save file `path`, making its directory if
/// needed.
pub fn autosave(record: &Record, path: &Path) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, record.to_string())
}

/// Moves the game in the save file `path` to the first free numbered
/// name beside it (`unfinished-game-1.pgn`, `unfinished-game-2.pgn`, …)
/// and returns that name.
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let extension = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let kept = (1..)
        .map(|i| path.with_file_name(format!("{stem}-{i}{extension}")))
        .find(|p| !p.exists())
        .expect("a free name");
    std::fs::rename(path, &kept)?;
    Ok(kept)
}

/// The tag value for who plays a side: "oware level 3", or "player".
pub fn player_tag(level: Option<Level>) -> String {
    match level {
        Some(level) => format!("{ENGINE}{level}"),
        None => PERSON.to_owned(),
    }
}

/// Who played each side of a saved game, from its `South` and `North`
/// tags: a level, or `None` for a person; `Ok(None)` when a tag is
/// missing, an error naming the tag when one names no player.
pub fn saved_levels(record: &Record) -> Result<Option<BySide<Option<Level>>>, String> {
    let level = |side: Side| -> Result<Option<Option<Level>>, String> {
        let name = side.to_string();
        let Some(value) = record.tag(&name) else {
            return Ok(None);
        };
        if value == PERSON {
            return Ok(Some(None));
        }
        match value.strip_prefix(ENGINE).map(str::parse::<Level>) {
            Some(Ok(level)) => Ok(Some(Some(level))),
            _ => Err(format!(
                "[{name} \"{value}\"] names no player: \"{PERSON}\", or \"{ENGINE}1\" to \"{ENGINE}5\" \
                 (or give --you and --level)"
            )),
        }
    };
    Ok(match (level(Side::South)?, level(Side::North)?) {
        (Some(south), Some(north)) => Some(BySide { south, north }),
        _ => None,
    })
}

/// The seed a saved game was played with, from its `Seed` tag; `Ok(None)`
/// without one, an error when it is not a seed.
pub fn saved_seed(record: &Record) -> Result<Option<u64>, String> {
    let Some(value) = record.tag("Seed") else {
        return Ok(None);
    };
    value.parse().map(Some).map_err(|_| {
        format!(
            "[Seed \"{value}\"] is not a seed: a whole number from 0 to {} (or give --seed)",
            u64::MAX
        )
    })
}
