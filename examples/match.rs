//! Plays two engine levels against each other and prints the result with an
//! Elo difference and its 95 % margin.
//!
//! ```text
//! cargo run --release --example match -- [--variant NAME] [--games N] [--seed S] LEVEL_A LEVEL_B
//! cargo run --release --example match -- --ladder --games 400   # every level against the one below
//! cargo run --release --example match -- --eval-terms 4         # level 4's evaluation against stores alone
//! cargo run --release --example match -- --engine /path/to/aalina.sh --variant openspiel --games 20 --movetime 200
//! cargo run --release --example match -- --engine /path/to/aalina.sh --movetime 200 --their-movetime 1000
//! ```
//!
//! Games are played in pairs from the same random two-ply opening, with
//! colours swapped. Level 5 runs without its time limit here (its node
//! budget decides), so results are reproducible.
//!
//! `--engine CMD` plays our engine (`--level`, default 5 with its time
//! budget) against an outside engine that speaks the UCI dialect of the
//! `uci` example and Aalina, started with `sh -c CMD`; this crate is the
//! referee. Before each game the engine gets `ucinewgame` and `isready`;
//! before each of its moves `position startpos moves ...` (the whole game
//! from the start, the random opening included), `setoption name EngineTurn
//! value south|north` if it has that option (Aalina's), and `go movetime
//! MS` (`--their-movetime`, else `--movetime`, default 1000). An illegal move, a crash, or no
//! `bestmove` within the move time plus 5 s loses the game for it, and it
//! is started again. One line is printed per game, then the result from
//! our engine's view. `--openings FILE` starts the pairs from the openings
//! of a file (positions from real games, say) rather than random plies.
use std::fs::OpenOptions;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[macro_use]
mod common;
mod uci_client;

use clap::Parser;
use oware::search::{Evaluation, Level, MatchResult, Player, Rng, SearchLimits, play_match};
use oware::{Game, Move, Record, Ruleset, Side};
use uci_client::{Client, ClientError};

/// The outside engine's time per move when `--movetime` is not given:
/// level 5's budget.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// The arguments of the matches between levels, which `--engine` and its
/// options do not take. (A conflict, not `requires`, makes clap refuse
/// `--level 3 2 1`: it drops a requirement when the required argument's
/// conflicts are present.)
const LEVEL_MODES: [&str; 4] = ["ladder", "eval_terms", "a", "b"];

/// Engine-against-engine matches.
#[derive(Parser, Debug)]
struct Args {
    /// The rules to play by.
    #[arg(long, default_value = "abapa")]
    variant: Ruleset,
    /// Games per match, 1 or more (an even number plays every opening
    /// from both sides).
    #[arg(long, default_value = "100", value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The seed of the openings and of the levels' random choices.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Play every level against the one below it.
    #[arg(long)]
    ladder: bool,
    /// Play this level with its evaluation against the same level counting
    /// the stores alone.
    #[arg(long)]
    eval_terms: Option<Level>,
    /// The first player's level.
    a: Option<Level>,
    /// The second player's level.
    b: Option<Level>,
    /// Play our engine against the outside engine this command starts
    /// (with `sh -c`), which speaks the UCI dialect of the `uci` example.
    #[arg(long, value_name = "CMD", conflicts_with_all = LEVEL_MODES)]
    engine: Option<String>,
    /// Our engine's level against `--engine` (default 5).
    #[arg(long, requires = "engine", conflicts_with_all = LEVEL_MODES)]
    level: Option<Level>,
    /// Each side's time per move against `--engine`, in milliseconds: our
    /// level searches with it as its only limit, the outside engine gets
    /// `go movetime MS` unless `--their-movetime` gives it another
    /// (default: our level's own limits, and 1000 for the outside engine).
    #[arg(long, value_name = "MS", requires = "engine", conflicts_with_all = LEVEL_MODES)]
    movetime: Option<u64>,
    /// The outside engine's time per move, in milliseconds, where it is
    /// not `--movetime`'s: `--movetime 200 --their-movetime 1000` gives it
    /// five times ours.
    #[arg(long, value_name = "MS", requires = "engine", conflicts_with_all = LEVEL_MODES)]
    their_movetime: Option<u64>,
    /// The random plies of each pair's opening against `--engine`
    /// (default 2).
    #[arg(long, value_name = "N", requires = "engine", conflicts_with_all = LEVEL_MODES)]
    opening_plies: Option<usize>,
    /// Start each pair of games against `--engine` from the next opening
    /// of this file, in place of random plies: one a line, as a game
    /// record's moves from the start (`1. C f 2. B a` or `Cf Ba`); blank
    /// lines and lines starting with `#` are skipped, and the openings go
    /// round when the pairs outnumber them.
    #[arg(long, value_name = "FILE", requires = "engine", conflicts_with_all = ["ladder", "eval_terms", "a", "b", "opening_plies"])]
    openings: Option<PathBuf>,
    /// Append each game against `--engine` to this file, as a game record.
    #[arg(long, value_name = "FILE", requires = "engine", conflicts_with_all = LEVEL_MODES)]
    record: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let run = |a: Level, b: Level| {
        play_match(
            args.variant,
            args.games,
            args.seed,
            |s| Player::reproducible(a, s),
            |s| Player::reproducible(b, s),
        )
    };
    if let Some(command) = &args.engine {
        return match Setup::new(&args, command) {
            Ok(setup) => engine_match(&setup),
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::from(2)
            }
        };
    }
    if args.ladder {
        for pair in Level::ALL.windows(2) {
            report(
                &format!("level {} vs level {}", pair[1], pair[0]),
                run(pair[1], pair[0]),
            );
        }
    } else if let Some(level) = args.eval_terms.filter(|&l| l < Level::Three) {
        eprintln!(
            "error: level {level} does not search, so it has no evaluation to compare; use 3, 4 or 5"
        );
        return ExitCode::from(2);
    } else if let Some(level) = args.eval_terms {
        let result = play_match(
            args.variant,
            args.games,
            args.seed,
            |s| Player::reproducible(level, s).with_evaluation(Evaluation::default()),
            |s| Player::reproducible(level, s).with_evaluation(Evaluation::MATERIAL),
        );
        report(
            &format!("level {level}: full evaluation vs stores alone"),
            result,
        );
    } else if let (Some(a), Some(b)) = (args.a, args.b) {
        report(&format!("level {a} vs level {b}"), run(a, b));
    } else {
        eprintln!("error: give two levels, --ladder or --eval-terms LEVEL");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

fn report(name: &str, result: MatchResult) {
    say!("{name}: {result}");
}

/// A match against an outside engine: the arguments it uses.
#[derive(Debug)]
struct Setup {
    command: String,
    ruleset: Ruleset,
    games: u32,
    seed: u64,
    level: Level,
    /// Both sides' time per move, if given.
    movetime: Option<u64>,
    /// The outside engine's time per move, if given apart.
    their_movetime: Option<u64>,
    opening_plies: usize,
    /// The openings of `--openings`, with their line numbers in the file.
    openings: Vec<(usize, Game)>,
    record: Option<PathBuf>,
}

impl Setup {
    fn new(args: &Args, command: &str) -> Result<Setup, String> {
        let openings = match &args.openings {
            Some(path) => read_openings(path, args.variant, args.games.div_ceil(2) as usize)
                .map_err(|e| format!("{}: {e}", path.display()))?,
            None => Vec::new(),
        };
        Ok(Setup {
            command: command.to_owned(),
            ruleset: args.variant,
            games: args.games,
            seed: args.seed,
            level: args.level.unwrap_or(Level::Five),
            movetime: args.movetime,
            their_movetime: args.their_movetime,
            opening_plies: args.opening_plies.unwrap_or(2),
            openings,
            record: args.record.clone(),
        })
    }

    /// The game the `pair`-th pair of games starts from, and how a game's
    /// line names it: its random plies, or its line of `--openings`.
    fn opening(&self, pair: u32) -> (Game, String) {
        if self.openings.is_empty() {
            let game = opening(self.ruleset, self.seed, pair, self.opening_plies);
            let moves = game.moves().iter().map(|m| m.char()).collect();
            return (game, moves);
        }
        let (line, game) = &self.openings[pair as usize % self.openings.len()];
        (game.clone(), format!("line {line}"))
    }

    /// Our player for a game: the level, with `--movetime` as its only
    /// limit if given.
    fn player(&self, seed: u64) -> Player {
        let player = Player::new(self.level, seed);
        match self.movetime {
            Some(ms) => player.with_limits(SearchLimits::time_ms(ms)),
            None => player,
        }
    }

    /// The outside engine's time per move, in milliseconds.
    fn their_ms(&self) -> u64 {
        self.their_movetime
            .or(self.movetime)
            .unwrap_or(DEFAULT_MOVETIME_MS)
    }

    /// The outside engine's time per move.
    fn their_movetime(&self) -> Duration {
        Duration::from_millis(self.their_ms())
    }

    fn start_engine(&self) -> Result<Client, String> {
        Client::start(&self.command, self.ruleset).map_err(|e| format!("{}: {e}", self.command))
    }
}

/// `--engine`: our engine against the outside one, a line per game, then
/// the result.
fn engine_match(setup: &Setup) -> ExitCode {
    let mut client = match setup.start_engine() {
        Ok(client) => client,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let names = [format!("oware level {}", setup.level), client.name.clone()];
    let theirs = setup.their_ms();
    let time = match setup.movetime {
        None => format!("our level's limits, theirs {theirs} ms"),
        Some(ms) if ms == theirs => format!("{ms} ms"),
        Some(ms) => format!("ours {ms} ms, theirs {theirs} ms"),
    };
    let openings = match setup.openings.len() {
        0 => format!("random opening plies {}", setup.opening_plies),
        n => format!("openings {n} from the file"),
    };
    say!(
        "{} vs {}: {}, games {}, {openings}, time per move {time}",
        names[0],
        names[1],
        setup.ruleset,
        setup.games,
    );
    let mut tally = Tally::default();
    for number in 0..setup.games {
        let (start, label) = setup.opening(number / 2);
        let played = play_one(&mut client, setup, number, start);
        say!("{}", played.line(number, &label));
        if let Some(path) = &setup.record
            && let Err(e) = played.append_record(path, number, &names)
        {
            eprintln!("error: {}: {e}", path.display());
        }
        tally.add(&played);
        if played.forfeit.is_some() {
            match setup.start_engine() {
                Ok(restarted) => client = restarted,
                Err(message) => {
                    eprintln!("error: restarting the engine: {message}; the match ends here");
                    break;
                }
            }
        }
    }
    tally.report(&format!("{} vs {}", names[0], names[1]));
    ExitCode::SUCCESS
}

/// Plays game `number` (from 0) on from `start`. Games go in pairs from the
/// same opening; we are South in the first of each pair.
fn play_one(client: &mut Client, setup: &Setup, number: u32, start: Game) -> Played {
    let mut played = Played {
        game: start,
        ours: if number.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        },
        forfeit: None,
        thinking: [Thinking::default(); 2],
    };
    let mut player = setup.player(setup.seed.wrapping_add(u64::from(number)));
    if let Err(e) = client.new_game() {
        played.forfeit = Some(e.to_string());
    }
    while played.forfeit.is_none() && !played.game.is_game_over() {
        if let Err(why) = played.next_ply(client, &mut player, setup.their_movetime()) {
            played.forfeit = Some(why);
        }
    }
    played
}

/// The most bytes an openings file may have: far more than any set of
/// openings needs, and read whole.
const MAX_OPENINGS_BYTES: u64 = 16 << 20;

/// The first `needed` openings of a file for `--openings` (a match plays
/// no more), each a game of `ruleset` that is not over, with its line
/// number; every line is checked, and an error names the line at fault.
fn read_openings(
    path: &Path,
    ruleset: Ruleset,
    needed: usize,
) -> Result<Vec<(usize, Game)>, String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > MAX_OPENINGS_BYTES {
        return Err(format!(
            "{size} bytes, more than the {MAX_OPENINGS_BYTES} an openings file may have"
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let game = opening_of(line, ruleset).map_err(|e| format!("line {number}: {e}"))?;
        if openings.len() < needed {
            openings.push((number, game));
        }
    }
    if openings.is_empty() {
        return Err("no openings in the file".to_owned());
    }
    Ok(openings)
}

/// The game of `ruleset` after the moves of `text`, if they are legal and
/// leave the game going on.
fn opening_of(text: &str, ruleset: Ruleset) -> Result<Game, String> {
    let moves = oware::record::parse_moves(text).map_err(|e| e.to_string())?;
    let mut game = Game::new(ruleset);
    common::play_moves(&mut game, &moves)?;
    if let Some(outcome) = game.outcome() {
        return Err(format!("the game is over ({outcome})"));
    }
    Ok(game)
}

/// The opening of the `pair`-th pair of games: `plies` random legal plies,
/// drawn as the library's `play_match` draws its two-ply openings (it
/// keeps that function private), so `--opening-plies 2` gives the same.
fn opening(ruleset: Ruleset, seed: u64, pair: u32, plies: usize) -> Game {
    let mut rng = Rng::new(seed ^ u64::from(pair).wrapping_mul(0x9e37_79b9));
    let mut game = Game::new(ruleset);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let _ = game.play(moves[rng.below(moves.len())]);
    }
    game
}

/// One side's thinking: total time and moves.
#[derive(Copy, Clone, Debug, Default)]
struct Thinking {
    time: Duration,
    moves: u32,
}

impl Thinking {
    fn add(&mut self, time: Duration, moves: u32) {
        self.time += time;
        self.moves += moves;
    }

    /// The mean milliseconds per move.
    fn mean_ms(self) -> f64 {
        self.time.as_secs_f64() * 1000.0 / f64::from(self.moves.max(1))
    }
}

/// A game against the outside engine.
#[derive(Debug)]
struct Played {
    game: Game,
    ours: Side,
    /// Why the outside engine lost, if it forfeited.
    forfeit: Option<String>,
    /// Our thinking, then theirs.
    thinking: [Thinking; 2],
}

impl Played {
    /// Plays the next ply, ours or theirs; `Err` says why theirs forfeits.
    fn next_ply(
        &mut self,
        client: &mut Client,
        player: &mut Player,
        movetime: Duration,
    ) -> Result<(), String> {
        let started = Instant::now();
        if self.game.position().turn() == self.ours {
            let chosen = player.choose(&self.game);
            self.thinking[0].add(started.elapsed(), 1);
            if let Some(m) = chosen {
                let _ = self.game.play(m);
            }
            return Ok(());
        }
        // Only moves it made count for its time per move.
        let word = client
            .best_move(&self.game, movetime)
            .map_err(|e: ClientError| e.to_string())?;
        self.thinking[1].add(started.elapsed(), 1);
        let m: Move = word
            .parse()
            .map_err(|_| format!("bestmove {word:?} is not a move"))?;
        self.game.play(m).map(drop).map_err(|e| e.to_string())
    }

    /// The game's result from our view, as a one-game match.
    fn result(&self) -> MatchResult {
        let winner = match &self.forfeit {
            Some(_) => Some(self.ours),
            None => self.game.outcome().and_then(|o| o.winner),
        };
        let mut result = MatchResult::default();
        match winner {
            Some(side) if side == self.ours => result.wins = 1,
            Some(_) => result.losses = 1,
            None => result.draws = 1,
        }
        result
    }

    /// Our seeds minus theirs at the end: the outcome's scores, or the
    /// stores of a game cut short.
    fn margin(&self) -> i32 {
        let scores = match self.game.outcome() {
            Some(outcome) => outcome.scores,
            None => self.game.position().board().stores(),
        };
        let (ours, theirs) = self
            .ours
            .fold_sn((scores.south, scores.north), (scores.north, scores.south));
        i32::from(ours) - i32::from(theirs)
    }

    /// `game 3: ours South, opening Cf: win (South wins 25-19 (majority),
    /// margin +6), 87 plies, ms/move ours 201, theirs 199`.
    fn line(&self, number: u32, opening: &str) -> String {
        let result = self.result();
        let word = match (result.wins, result.losses) {
            (1, _) => "win",
            (_, 1) => "loss",
            _ => "draw",
        };
        let how = match (&self.forfeit, self.game.outcome()) {
            (Some(why), _) => format!("theirs forfeits: {why}"),
            (None, Some(outcome)) => outcome.to_string(),
            (None, None) => "unfinished".to_owned(),
        };
        format!(
            "game {}: ours {}, opening {opening}: {word} ({how}, margin {:+}), {} plies, ms/move ours {:.0}, theirs {:.0}",
            number + 1,
            self.ours,
            self.margin(),
            self.game.ply(),
            self.thinking[0].mean_ms(),
            self.thinking[1].mean_ms()
        )
    }

    /// Appends the game's record to `path`, with the players' names
    /// (ours, theirs) and, for a forfeit, its result and reason.
    fn append_record(&self, path: &Path, number: u32, names: &[String; 2]) -> io::Result<()> {
        let mut record = Record::new(self.game.clone());
        let (south, north) = self.ours.fold_sn((0, 1), (1, 0));
        // A tag set_tag refuses (a control character in a name) is left out.
        let _ = record.set_tag("South", &names[south]);
        let _ = record.set_tag("North", &names[north]);
        let _ = record.set_tag("Round", &(number + 1).to_string());
        if let Some(why) = &self.forfeit {
            let _ = record.set_tag("Result", self.ours.fold_sn("1-0", "0-1"));
            // A tag value holds no line break (an engine's message might).
            let why = why.replace(char::is_control, " ");
            let _ = record.set_tag("Termination", &format!("forfeit: {why}"));
        }
        let mut file = OpenOptions::new().create(true).append(true).open(path)?;
        writeln!(file, "{record}")
    }
}

/// The sums over the games played.
#[derive(Debug, Default)]
struct Tally {
    result: MatchResult,
    margin: i64,
    thinking: [Thinking; 2],
}

impl Tally {
    fn add(&mut self, played: &Played) {
        let one = played.result();
        self.result.wins += one.wins;
        self.result.draws += one.draws;
        self.result.losses += one.losses;
        self.margin += i64::from(played.margin());
        for (sum, side) in self.thinking.iter_mut().zip(played.thinking) {
            sum.add(side.time, side.moves);
        }
    }

    /// W-D-L with Elo, the mean seed margin and each side's time.
    fn report(&self, name: &str) {
        report(name, self.result);
        let games = f64::from(self.result.games().max(1));
        // Rounded to hundredths first, so that -0.001 prints +0.00.
        let margin = (100.0 * self.margin as f64 / games).round() / 100.0 + 0.0;
        say!("mean seed margin (ours minus theirs): {margin:+.2}");
        say!(
            "mean ms per move: ours {:.0}, theirs {:.0}",
            self.thinking[0].mean_ms(),
            self.thinking[1].mean_ms()
        );
    }
}
