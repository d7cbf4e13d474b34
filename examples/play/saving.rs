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
        return (!path.is_empty() && !path.eq_ignore_ascii_case("off"))
            .then(|| PathBuf::from(path));
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
        // `~` alone is the home directory itself, not `HOME/`.
        (Some(""), Some(home)) => PathBuf::from(home),
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

/// The lock file of the save file `path` (`unfinished-game.pgn.lock`): it
/// holds the process id of the game that saves there.
fn lock_file(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    path.with_file_name(name)
}

/// Claims the save file `path` for this process: `Ok(false)` when another
/// game that is still running saves there, an error when no lock can be
/// written beside it (so no game could be saved there either). A lock
/// left by a game that ended without removing it is taken over.
pub fn claim(path: &Path) -> io::Result<bool> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let lock = lock_file(path);
    loop {
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&lock)
        {
            Ok(mut file) => {
                use std::io::Write as _;
                write!(file, "{}", std::process::id())?;
                return Ok(true);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                if holder(&lock).is_some_and(is_running) {
                    return Ok(false);
                }
                // A stale lock: take it over (once it is gone).
                std::fs::remove_file(&lock)?;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Whether `path` can be a save file: nothing is there, or a game record.
/// A directory, or a file that is not a record, is someone else's.
pub fn holds_no_other_file(path: &Path) -> bool {
    match std::fs::metadata(path) {
        Err(_) => true,
        Ok(meta) if !meta.is_file() => false,
        Ok(_) => std::fs::read_to_string(path).is_ok_and(|t| t.parse::<Record>().is_ok()),
    }
}

/// Whether `path` is one of the numbered files beside the save file
/// `save` (where `keep_aside` and a second game put games).
pub fn is_numbered_beside(save: &Path, path: &Path) -> bool {
    numbered(save).take(1000).any(|p| same_file(&p, path))
}

/// Gives up the save file `path`, if this process holds it.
pub fn release(path: &Path) {
    let lock = lock_file(path);
    if holder(&lock) == Some(std::process::id()) {
        let _ = std::fs::remove_file(lock);
    }
}

/// The process id a lock file names.
fn holder(lock: &Path) -> Option<u32> {
    std::fs::read_to_string(lock).ok()?.trim().parse().ok()
}

/// Whether process `pid` is running: from `/proc` where there is one;
/// elsewhere a lock is taken to be held.
fn is_running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.is_dir() || proc.join(pid.to_string()).exists()
}

/// The first numbered name beside the save file `path`
/// (`unfinished-game-1.pgn`, …) that holds no game and that this process
/// could claim.
pub fn claim_numbered(path: &Path) -> Option<PathBuf> {
    numbered(path)
        .take(1000)
        .find(|p| !p.exists() && claim(p).unwrap_or(false))
}

/// The numbered names beside the save file `path`.
fn numbered(path: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let extension = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (1..).map(move |i| path.with_file_name(format!("{stem}-{i}{extension}")))
}

/// Moves the game in the save file `path` to the first free numbered
/// name beside it (`unfinished-game-1.pgn`, `unfinished-game-2.pgn`, …)
/// and returns that name.
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let kept = numbered(path)
        .find(|p| !p.exists() && !lock_file(p).exists())
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
