//! Play Oware in the terminal against the engine (the project's main job),
//! or two people at one keyboard, or watch two engine levels play.
//!
//! ```text
//! cargo run --release --example play                           # you (South) against level 3
//! cargo run --release --bin oware-play                         # the same, without building the dev-dependencies
//! cargo run --release --example play -- --level 5 --you north  # against the strongest level, North
//! cargo run --release --example play -- --you both             # two people at one keyboard
//! cargo run --release --example play -- --engines 2,4          # level 2 (South) against level 4
//! cargo run --release --example play -- --moves CfBa           # play these moves, then on
//! cargo run --release --example play -- --load game.pgn        # resume a saved game
//! cargo run --release --example play -- --variant kalah        # any ruleset
//! cargo run --release --example play -- --level 5 --endgame egdb # perfect endgames (see the endgame example)
//! ```
//!
//! At the prompt: a house letter of the side to move (either case) or its
//! number counted from that side's left, `hint`, `undo`, `draw` (offer to
//! end by agreement), `save FILE`, `record`, `new`, `rematch`, `help` or
//! `quit` (`q`). `hint` says how you stand, the best move and the line the
//! engine expects; it builds no endgame database unless level 5 plays
//! (which says what it builds, and about how long that takes, at the
//! start). Moves are shown seed by seed when standard output is a
//! terminal (`--delay 0` turns it off; Enter skips), in colour unless
//! `NO_COLOR` is set. An unfinished game is saved as it is played (each
//! move before it is shown) to the file `OWARE_PLAY_SAVE` names (default
//! `$XDG_STATE_HOME/oware/unfinished-game.pgn`, i.e.
//! `~/.local/state/oware/unfinished-game.pgn`; `off` saves nothing); a new
//! game moves an unfinished one it finds there to a numbered name beside
//! it (a start that fails, such as `--moves` that cannot be played, leaves
//! it where it is). So Ctrl-C or Ctrl-D lose nothing (both say where the
//! game is): `--load` the file to resume, with the players, level and seed
//! its tags record.
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, ValueEnum};
use oware::endgame::{Convention, Database};
use oware::search::{Level, Player};
use oware::{Game, Record, Side};

#[macro_use]
#[path = "../common/mod.rs"]
mod common;
mod interrupt;
mod keyboard;
mod saving;
mod session;
mod sowing;
mod view;
mod words;

use session::{Session, Sides};

/// Play Oware (Abapa rules by default), Kalah or Congkak in the terminal.
#[derive(Parser, Debug)]
// Named for the installed binary: clap's default is the package's name,
// which printed `oware-workspace 0.1.0` for `--version` (issue 31).
#[command(name = "oware-play", version)]
struct Args {
    #[command(flatten)]
    start: common::StartArgs,
    /// The engine's level, 1 (beginner) to 5 (strongest) [default: 3, or
    /// the level of the game loaded].
    #[arg(long)]
    level: Option<Level>,
    /// Which side you play (the board is drawn from its side); `both` for
    /// two people at one keyboard [default: south, or the side played in
    /// the game loaded].
    #[arg(long, value_enum)]
    you: Option<You>,
    /// Watch two engine levels play each other, e.g. `2,4` (South's level
    /// first), instead of playing; `--you` still picks the side the board
    /// is drawn from.
    #[arg(long, value_delimiter = ',')]
    engines: Option<Vec<Level>>,
    /// The seed of the engine's choices (levels 1–3 choose at random,
    /// levels 4–5 among equally good moves). Default: the seed of the game
    /// loaded, else a random seed, which the game prints so that it can be
    /// played again.
    #[arg(long)]
    seed: Option<u64>,
    /// Play these moves first (letters such as `CfBa`, or movetext such as
    /// `1. C f 2. B a`), showing each, then play on.
    #[arg(long)]
    moves: Option<String>,
    /// Resume the game saved in this file (by `save`, or the automatic save
    /// of an unfinished game) and play on, with the same players, level and
    /// seed unless `--you`, `--level`, `--engines` or `--seed` say otherwise.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "variant"])]
    load: Option<PathBuf>,
    /// A directory of endgame databases (built by the `endgame` example,
    /// in the convention of the ruleset: `own` for Abapa): level 5 plays
    /// perfectly where they hold the position, and `hint` uses them.
    #[arg(long, value_name = "DIR")]
    endgame: Option<PathBuf>,
    /// Milliseconds between two seeds of a move shown as it is sown (only
    /// when standard output is a terminal); 0 shows the board at once.
    #[arg(long, default_value = "160", value_name = "MS")]
    delay: u64,
}

/// The side or sides a person plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum You {
    South,
    North,
    Both,
}

/// Runs the game with the command line's arguments.
pub fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(mut args: Args) -> Result<ExitCode, String> {
    let game = match args.load.clone() {
        Some(path) => {
            let record = load(&path)?;
            args.resume_players(&record)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            record.game
        }
        None => Game::from_position(args.start.start().map_err(|e| e.to_string())?),
    };
    let sides = sides(&args)?;
    // Everything that can fail is checked before the session starts: it
    // moves an unfinished game aside, which a failed start must not do.
    let moves = match &args.moves {
        Some(text) => oware::record::parse_moves(text).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    // The moves are checked on a copy: the session plays them itself.
    common::play_moves(&mut game.clone(), &moves)?;
    let endgame = match &args.endgame {
        Some(dir) => Some(load_endgame(dir, &game, &sides)?),
        None => None,
    };
    let seed = args.seed.unwrap_or_else(random_seed);
    let mut session = Session::new(game, sides, seed, endgame, args.delay);
    interrupt::catch();
    if let Some(dir) = &args.endgame {
        session.resume_with(&format!(" --endgame {}", session::shell_path(dir)));
    }
    match &args.load {
        Some(path) if session.is_save_file(path) => {}
        Some(path) if session.is_numbered_save(path) && session.save_in(path) => {}
        _ => session.keep_saved_game(),
    }
    if args.load.is_some() {
        session.not_replayable();
    }
    if let Some(moves) = &args.moves {
        session.replay_with(&format!(" --moves {}", session::shell_word(moves)));
    }
    if let Some(path) = &args.load {
        say!(
            "Resumed {} after {}.",
            path.display(),
            words::plies(session.plies())
        );
    }
    session.run(&moves)
}

impl Args {
    /// Takes who played each side, the level and the seed from a saved
    /// game's tags, where the flags do not say; an error when a tag the
    /// flags leave to it names no player or no seed.
    fn resume_players(&mut self, record: &Record) -> Result<(), String> {
        if self.seed.is_none() {
            self.seed = saving::saved_seed(record)?;
        }
        let flags_say = self.you.is_some() || self.level.is_some() || self.engines.is_some();
        let flags_say_all = self.engines.is_some() || self.you.is_some() && self.level.is_some();
        if flags_say_all {
            return Ok(());
        }
        let Some(levels) = saving::saved_levels(record)? else {
            return Ok(());
        };
        let (you, level) = match (levels.south, levels.north) {
            (Some(south), Some(north)) if !flags_say => {
                self.engines = Some(vec![south, north]);
                return Ok(());
            }
            (Some(_), Some(_)) => return Ok(()),
            (None, None) => (You::Both, None),
            (None, level) => (You::South, level),
            (level, None) => (You::North, level),
        };
        self.you = self.you.or(Some(you));
        self.level = self.level.or(level);
        Ok(())
    }
}

/// Who plays each side, from `--you`, `--level` and `--engines`.
fn sides(args: &Args) -> Result<Sides, String> {
    let you = args.you.unwrap_or(You::South);
    let view = if you == You::North {
        Side::North
    } else {
        Side::South
    };
    if let Some(levels) = &args.engines {
        let [south, north] = levels[..] else {
            return Err("--engines takes two levels, South's then North's, e.g. 2,4".into());
        };
        return Ok(Sides::engines(south, north, view));
    }
    let level = args.level.unwrap_or(Level::Three);
    Ok(match you {
        You::Both => Sides::people(),
        You::South | You::North => Sides::against(view, level),
    })
}

/// A seed that differs from run to run (from the standard library's
/// randomly keyed hasher), small enough to type back.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(u64::from(std::process::id()));
    hasher.finish() % 1_000_000
}

/// The game recorded in the file at `path`; an error when it cannot be
/// read, is empty or is not a record.
fn load(path: &Path) -> Result<Record, String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        let why = match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_owned(),
            std::io::ErrorKind::InvalidData => "not a game record (not UTF-8 text)".to_owned(),
            _ => e.to_string(),
        };
        format!("{}: {why}", path.display())
    })?;
    if text.trim().is_empty() {
        return Err(format!(
            "{}: the file is empty: no game to resume",
            path.display()
        ));
    }
    text.parse().map_err(|e| format!("{}: {e}", path.display()))
}

/// The endgame databases in `dir` for the game's ruleset, in its
/// convention; an error when there are none or a file is bad.
fn load_endgame(dir: &Path, game: &Game, sides: &Sides) -> Result<Arc<Database>, String> {
    let convention = Convention::of(game.ruleset());
    let mut db = Database::new(game.ruleset(), convention).map_err(|e| e.to_string())?;
    db.read_layer_dir(dir).map_err(|e| e.to_string())?;
    let Some(max) = db.max_seeds() else {
        let name = Database::layer_file_name(convention, 0);
        return Err(format!(
            "{}: no endgame database ({name} is missing)",
            dir.display()
        ));
    };
    say!(
        "Endgame databases: every position with up to {max} seeds on the board ({}). {}",
        convention.description(),
        sides.endgame_use()
    );
    Ok(Arc::new(db))
}

/// What level 5 is about to build for `ruleset` the first time it moves
/// or gives a hint, with how long it takes and where it goes: the endgame
/// layers [`oware::search::auto_endgame`] builds that the cache directory
/// does not hold yet; `None` when there are none to build (all cached,
/// or a ruleset with no endgame database).
fn endgame_build_notice(ruleset: &oware::Ruleset) -> Option<String> {
    use oware::search::{
        AutoEndgameSeeds, ENDGAME_CACHE_VAR, auto_endgame_seeds, endgame_cache_dir,
        endgame_cache_off,
    };
    let convention = Convention::of(ruleset);
    let db = Database::new(ruleset, convention).ok()?;
    // The boards of a layer (each side to move counted once).
    let layer = |k: u8| u128::from(db.positions(k));
    let AutoEndgameSeeds { in_memory, cached } = auto_endgame_seeds(ruleset);
    let cache = endgame_cache_dir(ruleset);
    let missing = |seeds: std::ops::RangeInclusive<u8>| -> u128 {
        seeds
            .filter(|&k| {
                cache
                    .as_ref()
                    .is_none_or(|dir| !dir.join(Database::layer_file_name(convention, k)).is_file())
            })
            .map(layer)
            .sum()
    };
    let first = missing(0..=in_memory);
    // Without a cache the plan stops at the layers kept in memory.
    let then = missing(in_memory + 1..=cached);
    if first + then == 0 {
        return None;
    }
    // Each part built: what, and about how long.
    let mut parts: Vec<(String, String)> = Vec::new();
    if first > 0 {
        parts.push((
            format!("every position with up to {in_memory} seeds on the board, in memory"),
            words::build_time(first),
        ));
    }
    if let Some(dir) = &cache
        && then > 0
    {
        parts.push((
            format!("up to {cached} seeds, into {}", dir.display()),
            words::build_time(then),
        ));
    }
    if let Some((_, last)) = parts.last_mut() {
        match &cache {
            Some(_) => {
                *last += &format!(
                    ", {} on disk; once on this machine: later games load it",
                    words::megabytes(first + then)
                );
            }
            None => {
                let why = if endgame_cache_off() {
                    format!("{ENDGAME_CACHE_VAR} is off")
                } else {
                    "no cache directory can be written".to_owned()
                };
                *last += &format!("; {why}: for this game only");
            }
        }
    }
    let parts: Vec<String> = parts
        .into_iter()
        .map(|(what, how)| format!("{what} ({how})"))
        .collect();
    Some(format!(
        "Level 5 builds its endgame database the first time it moves or gives a hint: {}. \
         It plays on meanwhile, using each part once it is ready.",
        parts.join(", then ")
    ))
}

/// A level-`level` engine player with `seed` and the databases, if any.
fn engine(level: Level, seed: u64, endgame: Option<&Arc<Database>>) -> Player {
    let mut player = Player::new(level, seed);
    player.set_endgame(endgame.cloned());
    player.set_seeded_ties(true);
    player
}
