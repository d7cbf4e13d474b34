//! The engine on standard input and output, speaking the UCI-style text
//! protocol of Aalina (Joan Sala Soler's Oware engine) and the Aualé GUI,
//! so GUIs and match runners written for them can use it.
//!
//! ```text
//! cargo run --release --example uci
//! cargo run --release --example match -- --engine "target/release/examples/uci" --games 10
//! ```
//!
//! Commands, one a line (lines over 64 KiB are refused):
//! - `uci`: `id name`, `id author`, the `option` lines, `uciok`.
//! - `isready`: `readyok`, at once, also while searching.
//! - `ucinewgame`: the variant's start; forgets what was searched.
//! - `position startpos [moves CfBa]`, `position fen <position> [moves C f
//!   B a]`: moves are house letters (South `A`–`F`, North `a`–`f`), run
//!   together as Aalina sends them or spaced. The position is the
//!   library's position string (`4,4,4,4,4,4/4,4,4,4,4,4 s 0 0`) or
//!   Aalina's diagram (`4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`: houses `A`–`F`,
//!   `a`–`f`, the stores, the side to move). A bad position or an illegal
//!   move gets `info string error: ...` and leaves the position as it was.
//! - `setoption name <name> value <value>`: `Hash` (MiB of transposition
//!   table), `Threads` (the search's threads; default: every core),
//!   `Variant` (the ruleset, e.g. `openspiel`; default `abapa`; the game
//!   goes back to its start), `Level` (1–5, default 5: the full engine;
//!   1–3 play as the library's levels and print no `info` lines; 4 searches
//!   at most 8 plies), `EngineTurn` (`south` or `north`, Aalina's; accepted
//!   and ignored, as the position says whose turn it is).
//! - Level 5 uses an endgame database of the ruleset (Oware rulesets
//!   only), made on first use: the first `isready` or `go` at level 5
//!   starts a background thread that loads the layers the cache directory
//!   holds ([`oware::search::endgame_cache_dir`]: `$OWARE_ENDGAME_CACHE`,
//!   `off` for none, else `~/.cache/oware/endgame`), builds the rest in
//!   memory up to [`oware::search::AUTO_ENDGAME_SEEDS`] seeds on the board
//!   (seconds), then goes on to [`oware::search::CACHED_ENDGAME_SEEDS`] into
//!   the cache where the machine has the memory (about 9 minutes, once per
//!   machine; [`oware::search::ENDGAME_SEEDS_VAR`] sets how far), using
//!   each layer as soon as it is built. It says so in an
//!   `info string`; the engine searches without the database until it is
//!   ready.
//! - `go [depth N] [nodes N] [movetime MS] [wtime MS btime MS [winc MS]
//!   [binc MS] [movestogo N]] [infinite]`: searches in its own thread,
//!   printing `info depth D score cp X nodes N nps N time MS pv A b C` after
//!   each iteration, then `bestmove X` (`bestmove 0000` when the game is
//!   over, as Aalina answers). The limits given all apply; a bare `go` uses
//!   the level's own (level 5: a budget of 1 s). `infinite` answers
//!   only after `stop`. A `go` during a search stops that one first. The
//!   numbers are decimal digits up to 18446744073709551615 (the largest
//!   64-bit number; milliseconds for the times); a parameter that is not
//!   one is ignored with an `info string` that says so.
//! - `stop`: ends the search; its `bestmove` follows at once.
//! - `help`: these commands, as `info string` lines.
//! - `quit` (or the end of the input): stops any search and exits.
//!
//! Scores are from the side to move's view, in hundredths of a seed
//! (`cp`); when the search sees the end of the game, `mate N` with N
//! moves (of two plies) to go, negative when the side to move loses.
//! Anything else gets `info string unknown command ...`.
use std::io;
use std::sync::{Arc, mpsc};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

#[macro_use]
mod common;

use common::{Line, MAX_LINE, read_line};
use oware::endgame::{Convention, Database};
use oware::search::{Book, Level, Player, Score, SearchLimits, SearchResult, Searcher};
use oware::{Game, Move, Position, Ruleset, Side, StopHandle};

/// The transposition table's default and largest sizes, in MiB (16-byte
/// entries: the largest is the library's [`oware::search::MAX_TABLE_ENTRIES`]).
const HASH_MB: (usize, usize) = (16, 1024);

fn main() {
    let mut engine = Engine::new();
    let mut input = io::stdin().lock();
    loop {
        match read_line(&mut input) {
            Ok(Line::Text(line)) => {
                if engine.command(&line) == Flow::Quit {
                    break;
                }
            }
            Ok(Line::TooLong) => {
                say!("info string error: line longer than {MAX_LINE} bytes ignored");
            }
            Ok(Line::NotUtf8) => say!("info string error: line is not UTF-8 text"),
            Ok(Line::End) | Err(_) => break,
        }
    }
    engine.finish();
}

/// Whether to read on after a command.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The settings `setoption` changes.
#[derive(Debug)]
struct Options {
    hash_mb: usize,
    threads: usize,
    ruleset: Ruleset,
    level: Level,
}

/// A search running in its own thread.
#[derive(Debug)]
struct Running {
    stop: StopHandle,
    /// Dropped to let an `infinite` search answer.
    release: mpsc::Sender<()>,
    thread: JoinHandle<Searcher>,
    /// The size of the searcher's table, in MiB.
    table_mb: usize,
}

/// What a search thread does.
#[derive(Debug)]
struct Task {
    game: Game,
    level: Level,
    /// The seed of a level 1–3 player.
    seed: u64,
    limits: SearchLimits,
    started: Instant,
    /// Whether to wait for `stop` before answering.
    infinite: bool,
}

/// The protocol's state: the game, the options and the engine.
#[derive(Debug)]
struct Engine {
    game: Game,
    options: Options,
    /// The searcher while no search has it, and its table size in MiB.
    searcher: Option<(Searcher, usize)>,
    running: Option<Running>,
    /// The seed of the next level 1–3 player.
    seed: u64,
    /// The rulesets whose endgame database level 5 has asked for.
    endgames: Vec<Ruleset>,
}

impl Engine {
    fn new() -> Engine {
        let options = Options {
            hash_mb: HASH_MB.0,
            threads: thread::available_parallelism().map_or(1, |n| n.get()),
            ruleset: Ruleset::abapa(),
            level: Level::Five,
        };
        Engine {
            game: Game::new(options.ruleset),
            searcher: Some((table(options.hash_mb), options.hash_mb)),
            options,
            running: None,
            seed: 1,
            endgames: Vec::new(),
        }
    }

    fn command(&mut self, line: &str) -> Flow {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some((&name, args)) = words.split_first() else {
            return Flow::Continue;
        };
        let done = match name {
            "uci" => {
                identify();
                Ok(())
            }
            "isready" => {
                self.start_endgame();
                say!("readyok");
                Ok(())
            }
            "help" => {
                help();
                Ok(())
            }
            "ucinewgame" => {
                self.new_game();
                Ok(())
            }
            "position" => self.set_position(args),
            "setoption" => self.set_option(args),
            "go" => self.go(args),
            "stop" => {
                self.finish();
                Ok(())
            }
            "quit" => return Flow::Quit,
            "debug" => Ok(()),
            _ => Err(format!("unknown command {}", clip(name))),
        };
        if let Err(message) = done {
            say!("info string {message}");
        }
        Flow::Continue
    }

    /// Ends the running search, if any (it prints its `bestmove`), and
    /// takes its searcher back.
    fn finish(&mut self) {
        let Some(running) = self.running.take() else {
            return;
        };
        if !running.thread.is_finished() {
            running.stop.stop();
        }
        drop(running.release);
        let mb = running.table_mb;
        let searcher = running.thread.join().unwrap_or_else(|_| table(mb));
        // A stop that reached the search just after it ended (or a level
        // 1–3 player's, which does not use the searcher) is still set:
        // clear it, or it would stop the next search after one ply.
        running.stop.reset();
        self.searcher = Some((searcher, mb));
    }

    fn new_game(&mut self) {
        self.finish();
        self.game = Game::new(self.options.ruleset);
        if let Some((searcher, _)) = &mut self.searcher {
            searcher.clear();
        }
    }

    /// `position startpos|fen <position> [moves ...]`: the game changes
    /// only if the position and every move are good.
    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let split = args.iter().position(|&w| w == "moves");
        let (start, moves) = split.map_or((args, &[][..]), |i| (&args[..i], &args[i + 1..]));
        let mut game = match start {
            ["startpos"] => Game::new(self.options.ruleset),
            ["fen", fen @ ..] if !fen.is_empty() => {
                Game::from_position(parse_position(&fen.join(" "), self.options.ruleset)?)
            }
            _ => return Err("error: expected position startpos|fen <position> [moves ...]".into()),
        };
        common::play_moves(&mut game, &parse_moves(moves)?)
            .map_err(|e| format!("error: {e}; the position is unchanged"))?;
        self.game = game;
        Ok(())
    }

    /// `setoption name <name> [value <value>]`.
    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        let value_at = args.iter().position(|&w| w == "value");
        let (name, value) = match (args.first(), value_at) {
            (Some(&"name"), Some(i)) => (args[1..i].join(" "), args[i + 1..].join(" ")),
            (Some(&"name"), None) => (args[1..].join(" "), String::new()),
            _ => return Err("error: expected setoption name <name> value <value>".into()),
        };
        let bad = |what: &str| format!("error: option {name} takes {what}, not {value:?}");
        let number = |max: usize| in_range(&value, 1, max).ok_or_else(|| bad(&format!("1..{max}")));
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.options.hash_mb = number(HASH_MB.1)?;
                // Allocate now, so that `isready` waits for it and `go` does not.
                if let Some((_, mb)) = &self.searcher
                    && *mb != self.options.hash_mb
                {
                    self.searcher = Some((table(self.options.hash_mb), self.options.hash_mb));
                }
            }
            "threads" => self.options.threads = number(oware::search::MAX_THREADS)?,
            "variant" => {
                self.options.ruleset = value
                    .parse()
                    .map_err(|e| bad(&format!("a ruleset ({e})")))?;
                self.game = Game::new(self.options.ruleset);
            }
            "level" => self.options.level = value.parse().map_err(|_| bad("1..5"))?,
            "engineturn" => {
                if !["south", "north"].contains(&value.to_ascii_lowercase().as_str()) {
                    return Err(bad("south or north"));
                }
            }
            _ => return Err(format!("error: unknown option {}", clip(&name))),
        }
        Ok(())
    }

    /// `go ...`: starts a search in its own thread, or answers at once
    /// when the game is over. A search still running is stopped first
    /// (its `bestmove` comes first).
    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        self.finish();
        let go = parse_go(args, self.game.position().turn());
        if let Some(outcome) = self.game.outcome() {
            say!("info string game over: {outcome}");
            say!("bestmove 0000");
            return Ok(());
        }
        go.warnings.iter().for_each(|w| say!("info string {w}"));
        self.start_endgame();
        let task = Task {
            game: self.game.clone(),
            level: self.options.level,
            seed: self.seed,
            limits: level_limits(self.options.level, &go),
            started: Instant::now(),
            infinite: go.infinite,
        };
        self.seed += 1;
        let (searcher, table_mb) = self.take_searcher();
        let stop = searcher.stop_handle();
        let (release, released) = mpsc::channel();
        let thread = thread::spawn(move || think(searcher, &task, &released));
        self.running = Some(Running {
            stop,
            release,
            thread,
            table_mb,
        });
        Ok(())
    }

    /// At level 5, asks for the game's ruleset's endgame database, which
    /// starts its build on first use, and says so (once a ruleset) when
    /// the ruleset has one that is not ready.
    fn start_endgame(&mut self) {
        let ruleset = *self.game.ruleset();
        if self.options.level != Level::Five || self.endgames.contains(&ruleset) {
            return;
        }
        self.endgames.push(ruleset);
        let has_one = Database::new(&ruleset, Convention::of(&ruleset)).is_ok();
        if oware::search::auto_endgame(&ruleset).is_none() && has_one {
            let cache = oware::search::endgame_cache_dir(&ruleset).map_or_else(
                || " (no cache directory: built again each run)".to_owned(),
                |dir| format!(", loading and then saving layers in {}", dir.display()),
            );
            say!(
                "info string level 5 builds its endgame database for {ruleset} in the background{cache}; it searches without it until it is ready"
            );
        }
    }

    /// The searcher and its table size, with a new table if the `Hash`
    /// option changed.
    fn take_searcher(&mut self) -> (Searcher, usize) {
        let mb = self.options.hash_mb;
        let (mut searcher, mb) = match self.searcher.take() {
            Some((searcher, old)) if old == mb => (searcher, mb),
            _ => (table(mb), mb),
        };
        searcher.set_threads(self.options.threads);
        // Level 5's endgame database, once built (the first ask starts it).
        if self.options.level == Level::Five {
            let db = oware::search::auto_endgame(self.game.ruleset());
            if db.is_some() && searcher.endgame().map(Arc::as_ptr) != db.as_ref().map(Arc::as_ptr) {
                searcher.set_endgame(db);
            }
        }
        (searcher, mb)
    }
}

/// A searcher with a table of `mb` MiB.
fn table(mb: usize) -> Searcher {
    Searcher::new(mb * (1 << 20) / 16)
}

/// The search thread: prints an `info` line after each iteration, then
/// (after `stop`, for an `infinite` search) the `bestmove`.
fn think(mut searcher: Searcher, task: &Task, released: &mpsc::Receiver<()>) -> Searcher {
    // Level 5 plays a move of its opening book at once, when a game's
    // clock is what limits it (not an analysis to a depth or node count).
    let timed = task.limits.depth.is_none() && task.limits.nodes.is_none();
    let book = (task.level == Level::Five && timed && !task.infinite)
        .then(|| Book::standard().get(task.game.position()))
        .flatten();
    let best = if task.level <= Level::Three {
        Player::new(task.level, task.seed).choose(&task.game)
    } else if let Some(entry) = book {
        say!("info string book move (searched to depth {})", entry.depth);
        Some(entry.best_move)
    } else {
        let report = |r: &SearchResult| say!("{}", info_line(r, task.started.elapsed()));
        searcher
            .search_with(&task.game, task.limits, report)
            .best_move
    };
    if task.infinite {
        let _ = released.recv();
    }
    say!(
        "bestmove {}",
        best.map_or_else(|| "0000".into(), |m| m.to_string())
    );
    searcher
}

/// `info depth D score cp X nodes N nps N time MS pv A b C`.
fn info_line(result: &SearchResult, elapsed: Duration) -> String {
    let ms = elapsed.as_millis();
    let nps = u128::from(result.nodes) * 1000 / ms.max(1);
    let pv: Vec<String> = result.pv.iter().map(Move::to_string).collect();
    format!(
        "info depth {} score {} nodes {} nps {nps} time {ms} pv {}",
        result.depth,
        uci_score(result.score),
        result.nodes,
        pv.join(" ")
    )
}

/// `cp X` in hundredths of a seed, or `mate N` in moves (of two plies) to
/// the end of the game, negative when the side to move loses.
fn uci_score(score: Score) -> String {
    match (score.plies_to_end(), score.centiseeds()) {
        (Some(plies), _) => {
            let moves = i32::from(plies.div_ceil(2));
            format!("mate {}", if score.is_win() { moves } else { -moves })
        }
        (None, centiseeds) => format!("cp {}", centiseeds.unwrap_or(0)),
    }
}

/// What `go` asked for.
#[derive(Debug, Default)]
struct Go {
    limits: SearchLimits,
    infinite: bool,
    /// Parameters not understood, as messages.
    warnings: Vec<String>,
}

/// Parses `go`'s parameters for the side to move `turn`; what it cannot
/// read it skips, with a warning, so the client still gets a `bestmove`.
fn parse_go(args: &[&str], turn: Side) -> Go {
    let mut go = Go::default();
    let mut clock = Clock::default();
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" || word == "ponder" {
            go.infinite = true;
            continue;
        }
        let value = match words.next().map(|v| (v, go_number(v))) {
            Some((_, Some(Ok(value)))) => value,
            Some((v, Some(Err(())))) => {
                go.warnings.push(format!(
                    "error: go {} takes at most {}, not {}; ignored",
                    clip(word),
                    u64::MAX,
                    clip(v)
                ));
                continue;
            }
            _ => {
                go.warnings
                    .push(format!("error: go {} needs a number; ignored", clip(word)));
                continue;
            }
        };
        match word {
            "depth" => go.limits.depth = Some(u8::try_from(value).unwrap_or(u8::MAX)),
            "nodes" => go.limits.nodes = Some(value),
            "movetime" => go.limits.time_ms = Some(value),
            "wtime" | "btime" | "winc" | "binc" => clock.set(word, value, turn),
            "movestogo" => clock.moves_to_go = Some(value),
            _ => go.warnings.push(format!(
                "error: unknown go parameter {}; ignored",
                clip(word)
            )),
        }
    }
    if let Some(budget) = clock.budget() {
        go.limits.time_ms = Some(go.limits.time_ms.map_or(budget, |t| t.min(budget)));
    }
    go
}

/// A `go` parameter's number: `None` unless `text` is decimal digits,
/// `Err` when they are more than a `u64` holds.
fn go_number(text: &str) -> Option<Result<u64, ()>> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().map_err(|_| ()))
}

/// The side to move's clock, from `go wtime ... btime ...` (`w` is South,
/// who moves first, as White does in chess).
#[derive(Debug, Default)]
struct Clock {
    left: Option<u64>,
    increment: u64,
    moves_to_go: Option<u64>,
}

impl Clock {
    fn set(&mut self, word: &str, value: u64, turn: Side) {
        let own = turn.fold_sn('w', 'b');
        match word.strip_prefix(own) {
            Some("time") => self.left = Some(value),
            Some("inc") => self.increment = value,
            _ => {}
        }
    }

    /// The time for this move: an equal share of what is left over the
    /// moves to go (30 if not given) plus most of the increment, keeping a
    /// tenth in reserve.
    fn budget(&self) -> Option<u64> {
        let left = self.left?;
        let share = left / self.moves_to_go.unwrap_or(30).max(1) + self.increment * 3 / 4;
        Some(share.min(left - left / 10).max(1))
    }
}

/// The limits of a search at `level`: `go`'s, or the level's own when
/// `go` gives none (and is not `infinite`: then the deepest, until
/// `stop`, as no limit would be the library's default depth); a level
/// with a depth (4) never searches deeper.
fn level_limits(level: Level, go: &Go) -> SearchLimits {
    let mut limits = go.limits;
    if limits.is_unset() {
        limits = if go.infinite {
            SearchLimits::depth(SearchLimits::MAX_DEPTH)
        } else {
            level.limits()
        };
    }
    if let Some(cap) = level.limits().depth {
        limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
    }
    limits
}

/// A position string of `ruleset` (ours, or Aalina's diagram).
fn parse_position(text: &str, ruleset: Ruleset) -> Result<Position, String> {
    let ours = Position::from_str_with_ruleset(text, ruleset);
    match (ours, from_diagram(text)) {
        (Ok(pos), _) => Ok(pos),
        (Err(_), Some(converted)) => Position::from_str_with_ruleset(&converted, ruleset)
            .map_err(|e| format!("error: {e}; the position is unchanged")),
        (Err(e), None) => Err(format!("error: {e}; the position is unchanged")),
    }
}

/// Aalina's diagram (`4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`: the houses `A`–`F`
/// then `a`–`f`, South's and North's stores, `S` or `N` to move) as our
/// position string, if it has that shape.
fn from_diagram(text: &str) -> Option<String> {
    let fields: Vec<&str> = text.trim().split('-').collect();
    let (turn, numbers) = fields.split_last()?;
    let turn = match *turn {
        "S" | "s" => 's',
        "N" | "n" => 'n',
        _ => return None,
    };
    let [houses @ .., south, north] = numbers else {
        return None;
    };
    if houses.len() % 2 != 0 || houses.is_empty() {
        return None;
    }
    let (south_row, north_row) = houses.split_at(houses.len() / 2);
    Some(format!(
        "{}/{} {turn} {south} {north}",
        south_row.join(","),
        north_row.join(",")
    ))
}

/// The moves of `position ... moves`: house letters, run together or
/// spaced.
fn parse_moves(words: &[&str]) -> Result<Vec<Move>, String> {
    let letters = words.iter().flat_map(|w| w.bytes());
    letters
        .enumerate()
        .map(|(i, c)| {
            Move::from_ascii(&[c]).map_err(|_| {
                let found = char::from(c).escape_default();
                format!(
                    "error: ply {}: '{found}' is not a house letter; the position is unchanged",
                    i + 1
                )
            })
        })
        .collect()
}

/// `uci`'s answer.
fn identify() {
    say!("id name oware {}", env!("CARGO_PKG_VERSION"));
    say!("id author the oware developers");
    say!(
        "option name Hash type spin default {} min 1 max {}",
        HASH_MB.0,
        HASH_MB.1
    );
    say!(
        "option name Threads type spin default {} min 1 max {}",
        thread::available_parallelism().map_or(1, |n| n.get()),
        oware::search::MAX_THREADS
    );
    say!("option name Variant type string default abapa");
    say!("option name Level type spin default 5 min 1 max 5");
    say!("option name EngineTurn type combo default south var south var north");
    say!("uciok");
}

/// `help`: the commands, as `info string` lines.
fn help() {
    for line in [
        "commands: uci, isready, ucinewgame, position startpos|fen <position> [moves ...],",
        "setoption name Hash|Threads|Variant|Level|EngineTurn value <value>,",
        "go [depth N] [nodes N] [movetime MS] [wtime MS btime MS [winc MS] [binc MS] [movestogo N]] [infinite],",
        "stop, help, quit",
        "level 5 (the default) builds the ruleset's endgame database on first use, in the background,",
        "and keeps its larger layers in the cache directory ($OWARE_ENDGAME_CACHE, off for none; else $XDG_CACHE_HOME/oware/endgame or ~/.cache/oware/endgame)",
    ] {
        say!("info string {line}");
    }
}

/// At most 40 characters of `text`, for messages that quote input.
fn clip(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{head}...")
    } else {
        head
    }
}

/// A whole number of `value` from `min` to `max`.
fn in_range(value: &str, min: usize, max: usize) -> Option<usize> {
    value.parse().ok().filter(|n| (min..=max).contains(n))
}
