//! Play Oware in the terminal against the engine (the project's main job),
//! or two people at one keyboard, or watch two engine levels play.
//!
//! ```text
//! cargo run --release --example play                           # you (South) against level 3
//! cargo run --release --example play -- --level 5 --you north  # against the strongest level, North
//! cargo run --release --example play -- --you both             # two people at one keyboard
//! cargo run --release --example play -- --engines 2,4          # level 2 (South) against level 4
//! cargo run --release --example play -- --moves CfBa           # play these moves, show each
//! cargo run --release --example play -- --variant kalah        # any ruleset
//! cargo run --release --example play -- --level 5 --endgame egdb # perfect endgames (see the endgame example)
//! ```
//!
//! At the prompt: a house letter (`A`–`F` for South, `a`–`f` for North, on
//! a board of six houses a side; `A`–`I` and `a`–`i` on one of nine),
//! `hint`, `undo`, `draw` (offer to end by agreement; the other side
//! answers `y`/`yes` or `n`/`no`, in any case), `record` (print the game
//! record), `help` or `quit` (abandons an unfinished game, showing the
//! seeds each side has captured).
use std::io::{self, BufRead};
use std::process::ExitCode;

use std::sync::Arc;

use clap::{Parser, ValueEnum};
use oware::endgame::{Convention, Database};
use oware::search::{Level, Player, SearchLimits, Searcher};
use oware::{Game, House, Move, MoveReport, Record, Side};

#[macro_use]
mod common;

/// Play Oware (Abapa rules by default), Kalah or Congkak in the terminal.
#[derive(Parser, Debug)]
struct Args {
    #[command(flatten)]
    start: common::StartArgs,
    /// The engine's level, 1 (beginner) to 5 (strongest).
    #[arg(long, default_value = "3")]
    level: Level,
    /// Which side you play; `both` for two people at one keyboard.
    #[arg(long, value_enum, default_value = "south")]
    you: You,
    /// Watch two engine levels play each other, e.g. `2,4` (South's level
    /// first), instead of playing.
    #[arg(long, value_delimiter = ',')]
    engines: Option<Vec<Level>>,
    /// The seed of the engine's random choices (levels 1–3).
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Play these moves (letters such as `CfBa`, or movetext such as
    /// `1. C f 2. B a`) and exit instead of reading moves from standard input.
    #[arg(long)]
    moves: Option<String>,
    /// A directory of endgame databases (built by the `endgame` example,
    /// in the convention of the ruleset: `own` for Abapa): level 5 plays
    /// perfectly where they hold the position.
    #[arg(long, value_name = "DIR")]
    endgame: Option<std::path::PathBuf>,
}

/// The side or sides a person plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum You {
    South,
    North,
    Both,
}

impl You {
    fn plays(self, side: Side) -> bool {
        match self {
            You::Both => true,
            You::South => side == Side::South,
            You::North => side == Side::North,
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let start = match args.start.start() {
        Ok(pos) => pos,
        Err(e) => return fail(&e.to_string()),
    };
    let mut game = Game::from_position(start);
    if let Some(moves) = &args.moves {
        return replay(&mut game, moves);
    }
    let endgame = match &args.endgame {
        Some(dir) => match load_endgame(dir, &game) {
            Ok(db) => Some(db),
            Err(message) => return fail(&message),
        },
        None => None,
    };
    let player = |level, seed| {
        let mut player = Player::new(level, seed);
        player.set_endgame(endgame.clone());
        player
    };
    if let Some(levels) = &args.engines {
        let [south, north] = levels[..] else {
            return fail("--engines takes two levels, South's then North's, e.g. 2,4");
        };
        let players = [
            player(south, args.seed),
            player(north, args.seed.wrapping_add(1)),
        ];
        return engines(&mut game, players);
    }
    let engine = (args.you != You::Both).then(|| player(args.level, args.seed));
    interactive(&mut game, args.you, engine, endgame)
}

/// The endgame databases in `dir` for the game's ruleset, in its
/// convention; an error when there are none or a file is bad.
fn load_endgame(dir: &std::path::Path, game: &Game) -> Result<Arc<Database>, String> {
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
    let convention = match convention {
        Convention::EvenSplit => "even split",
        _ => "each takes own",
    };
    say!(
        "Endgame databases for level 5: every position with up to {max} seeds on the board ({convention})."
    );
    Ok(Arc::new(db))
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// Plays the moves of `text` (letters or numbered movetext) one by one,
/// showing each.
fn replay(game: &mut Game, text: &str) -> ExitCode {
    let moves = match oware::record::parse_moves(text) {
        Ok(moves) => moves,
        Err(e) => return fail(&e.to_string()),
    };
    draw(game);
    for (i, &m) in moves.iter().enumerate() {
        match game.play(m) {
            Ok(report) => {
                describe(&report);
                draw(game);
            }
            Err(e) => return fail(&format!("ply {}: {e}", i + 1)),
        }
    }
    finish(game);
    ExitCode::SUCCESS
}

/// Two engine players (South's first) play the game to its end.
fn engines(game: &mut Game, mut players: [Player; 2]) -> ExitCode {
    say!(
        "level {} (South) against level {} (North), {} rules",
        players[0].level(),
        players[1].level(),
        game.ruleset()
    );
    draw(game);
    while let Some(m) = players[game.position().turn().index()].choose(game) {
        engine_plays(game, m);
    }
    finish(game);
    ExitCode::SUCCESS
}

/// Plays the engine's move `m`, showing it.
fn engine_plays(game: &mut Game, m: Move) {
    say!("{} plays {m}", game.position().turn());
    if let Ok(report) = game.play(m) {
        describe(&report);
        draw(game);
    }
}

/// What a line typed at the prompt asks for.
enum Command {
    Move(Move),
    Hint,
    Undo,
    Draw,
    Record,
    Help,
    Quit,
    Nothing,
    Unknown,
}

fn command(line: &str) -> Command {
    match line.trim() {
        "" => Command::Nothing,
        "quit" | "exit" => Command::Quit,
        "help" | "?" => Command::Help,
        "hint" => Command::Hint,
        "undo" => Command::Undo,
        "draw" => Command::Draw,
        "record" => Command::Record,
        text => text.parse().map_or(Command::Unknown, Command::Move),
    }
}

/// Reads one line from standard input: `None` at the end of input, an
/// error message for bytes that are not UTF-8 text.
fn read_line(input: &mut impl BufRead) -> Option<Result<String, String>> {
    let mut bytes = Vec::new();
    match input.read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            Some(String::from_utf8(bytes).map_err(|_| "that line is not UTF-8 text".to_owned()))
        }
    }
}

fn interactive(
    game: &mut Game,
    you: You,
    mut engine: Option<Player>,
    endgame: Option<Arc<Database>>,
) -> ExitCode {
    match &engine {
        Some(player) => say!(
            "Oware, {} rules. You play {}; the engine plays at level {}. Type a house letter to sow it, or 'help'.",
            game.ruleset(),
            if you == You::South {
                format!("South ({}, the bottom row)", letters(game, Side::South))
            } else {
                format!("North ({}, the top row)", letters(game, Side::North))
            },
            player.level()
        ),
        None => say!(
            "Oware, {} rules. Type a house letter to sow it, or 'help'.",
            game.ruleset()
        ),
    }
    draw(game);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    loop {
        if let (Some(player), false) = (engine.as_mut(), you.plays(game.position().turn()))
            && let Some(m) = player.choose(game)
        {
            engine_plays(game, m);
            if game.is_game_over() {
                finish(game);
            }
            continue;
        }
        match game.outcome() {
            Some(outcome) => say_part!("game over ({outcome}): undo, record or quit> "),
            None => say_part!("{} to move> ", game.position().turn()),
        }
        let line = match read_line(&mut input) {
            None => {
                say!();
                abandon(game, "input ended");
                return ExitCode::SUCCESS;
            }
            Some(Err(message)) => {
                say!("{message}; type a house letter or 'help'");
                continue;
            }
            Some(Ok(line)) => line,
        };
        match command(&line) {
            Command::Nothing => {}
            Command::Quit => {
                abandon(game, "quit");
                return ExitCode::SUCCESS;
            }
            Command::Help => help(game),
            Command::Hint => hint(game, endgame.as_ref()),
            Command::Undo => undo(game, you, engine.is_some()),
            Command::Draw if engine.is_some() => {
                say!("the engine plays on: no draw by agreement")
            }
            Command::Draw => offer_draw(game, &mut input),
            Command::Record => say_part!("{}", Record::new(game.clone())),
            Command::Move(m) => match game.play(m) {
                Ok(report) => {
                    describe(&report);
                    draw(game);
                    if report.outcome.is_some() {
                        finish(game);
                    }
                }
                Err(e) if game.is_game_over() => say!("{e}"),
                Err(e) => say!("{e}; legal: {}", legal(game)),
            },
            Command::Unknown => {
                let shown: String = line
                    .trim()
                    .chars()
                    .take(20)
                    .flat_map(char::escape_debug)
                    .collect();
                say!(
                    "'{shown}' is not a move: type one of {}, or 'help'",
                    legal(game)
                );
            }
        }
    }
}

/// The engine's suggestion for the side to move: the endgame database's
/// (the one given, else the one level 5 builds, once ready) best move
/// where it holds an exact value the game's history lets best play
/// secure, else a search of at most 12 plies and 2 seconds (ending lines
/// at the database's exact values).
fn hint(game: &Game, endgame: Option<&Arc<Database>>) {
    let endgame = endgame
        .cloned()
        .or_else(|| oware::search::auto_endgame(game.ruleset()));
    let endgame = endgame.as_ref();
    if let Some((m, value)) = endgame.and_then(|db| db.perfect_move(game)) {
        say!("hint: {m} (endgame database: {value:+} seeds from here with best play)");
        return;
    }
    let limits = SearchLimits {
        depth: Some(12),
        nodes: None,
        time_ms: Some(2000),
    };
    let mut searcher = Searcher::new(1 << 18);
    searcher.set_endgame(endgame.cloned());
    let result = searcher.search(game, limits);
    match result.best_move {
        Some(m) if !game.is_game_over() => {
            let line: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
            say!(
                "hint: {m} (score {}, line {})",
                result.score,
                line.join(" ")
            );
        }
        _ => say!("no hint: the game is over"),
    }
}

/// Takes back the last move; against the engine, back to your turn.
fn undo(game: &mut Game, you: You, against_engine: bool) {
    let was_over = game.is_game_over();
    let Some(m) = game.undo() else {
        let agreement_withdrawn = was_over && !game.is_game_over();
        say!(
            "{}",
            if agreement_withdrawn {
                "took back the agreement"
            } else {
                "nothing to undo"
            }
        );
        return;
    };
    let mut taken = vec![m.to_string()];
    while against_engine && !you.plays(game.position().turn()) {
        match game.undo() {
            Some(m) => taken.push(m.to_string()),
            None => break,
        }
    }
    say!("took back {}", taken.join(" "));
    draw(game);
}

/// The side to move offers to end the game by agreement; the other side
/// answers on the next line.
fn offer_draw(game: &mut Game, input: &mut impl BufRead) {
    if game.is_game_over() {
        say!("the game is already over");
        return;
    }
    let other = !game.position().turn();
    let leftover = match game.ruleset().cycle().leftover {
        oware::Leftover::NotCounted => "the seeds left not counted",
        _ => "each side taking the seeds on its side",
    };
    say_part!(
        "{} offers to end the game, {leftover}. {other}, agree? (yes/no) ",
        game.position().turn()
    );
    loop {
        let answer = match read_line(input) {
            Some(Ok(answer)) => answer.trim().to_ascii_lowercase(),
            Some(Err(_)) => String::new(),
            None => "no".to_owned(),
        };
        match answer.as_str() {
            "y" | "yes" => {
                if let Ok(outcome) = game.end_by_agreement() {
                    say!("Game over: {outcome}");
                }
                return;
            }
            "n" | "no" => {
                say!("no agreement; play on");
                return;
            }
            _ => say_part!("{other}, agree? answer yes or no (y/n) "),
        }
    }
}

/// The letters of `side`'s houses in the game's ruleset: `A-F`, `a-i`.
fn letters(game: &Game, side: Side) -> String {
    let letter =
        |i: usize| House::new(i).map_or_else(String::new, |h| Move::new(side, h).to_string());
    format!(
        "{}-{}",
        letter(0),
        letter(game.ruleset().houses_per_side() - 1)
    )
}

/// Ends the session on a game not over (`why`: what ended it), saying it
/// is abandoned and what each side has captured; says nothing more on a
/// game that is over, whose result was shown.
fn abandon(game: &Game, why: &str) {
    if game.is_game_over() {
        return;
    }
    let board = game.position().board();
    say!(
        "{why}: game abandoned at ply {}, unfinished; captured: South {}, North {}",
        game.ply(),
        seeds(usize::from(board.store(Side::South))),
        seeds(usize::from(board.store(Side::North)))
    );
}

fn help(game: &Game) {
    say!(
        "Moves: a house letter, {} for South and {} for North. Legal now: {}",
        letters(game, Side::South),
        letters(game, Side::North),
        legal(game)
    );
    say!(
        "Commands: hint, undo, draw (offer to end the game by agreement), record (print the game record), quit"
    );
}

fn legal(game: &Game) -> String {
    game.legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Prints the board with the houses under threat marked `*`.
fn draw(game: &Game) {
    let pos = game.position();
    let board = pos.board();
    let marks = |side: Side| {
        let threats = pos.threats(side);
        (0..board.houses_per_side())
            .map(|i| {
                if House::new(i).is_some_and(|h| threats.contains(h)) {
                    "   *"
                } else {
                    "    "
                }
            })
            .collect::<Vec<_>>()
    };
    let north_marks: String = marks(Side::North).into_iter().rev().collect();
    say!("    {north_marks}");
    say_part!("{board}");
    say!("    {}", marks(Side::South).concat());
}

/// Describes what a move did: the sowing, captures, grand slam, feeding.
fn describe(report: &MoveReport) {
    let sown: Vec<String> = report.sown.iter().map(ToString::to_string).collect();
    // Relays (Congkak) split the sowing where seeds were lifted again.
    let mut start = 0;
    let mut from = report.played.to_string();
    for relay in &report.relays {
        say!(
            "{from} sows {}: {}",
            seeds(relay.after - start),
            sown[start..relay.after].join(" ")
        );
        say!(
            "relay: lifts {} from {}",
            seeds(usize::from(relay.seeds)),
            relay.pit
        );
        (start, from) = (relay.after, relay.pit.to_string());
    }
    say!(
        "{from} sows {}: {}",
        seeds(sown.len() - start),
        sown[start..].join(" ")
    );
    if !report.captures.is_empty() {
        let captured: Vec<String> = report
            .captures
            .iter()
            .map(|c| format!("{} ({} to {})", c.pit, c.seeds, c.to))
            .collect();
        say!(
            "captures {}: {}",
            seeds(usize::from(report.captured_seeds())),
            captured.join(", ")
        );
    }
    if report.grand_slam {
        say!("grand slam: it would take every seed, so nothing is captured");
    }
    if report.fed {
        say!("feeds the starved opponent");
    }
    if report.extra_turn {
        say!(
            "the last seed fell in the store: {} moves again",
            report.played.side()
        );
    }
    if report.passed {
        say!("{} has no seeds and passes", !report.played.side());
    }
}

/// "1 seed", "4 seeds".
fn seeds(n: usize) -> String {
    format!("{n} seed{}", if n == 1 { "" } else { "s" })
}

fn finish(game: &Game) {
    match game.outcome() {
        Some(outcome) => say!("Game over: {outcome}"),
        None => say!("Game not over; {} to move", game.position().turn()),
    }
}
