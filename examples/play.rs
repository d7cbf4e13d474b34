//! Play Oware in the terminal: two people at one keyboard, or replay moves
//! given on the command line.
//!
//! ```text
//! cargo run --release --example play                      # interactive, Abapa
//! cargo run --release --example play -- --moves CfBa      # play these moves, show each
//! cargo run --release --example play -- --variant openspiel --position "1,0,0,0,0,1/0,0,0,0,0,0 s 23 23"
//! ```
//!
//! At the prompt: a house letter (`A`–`F` for South, `a`–`f` for North),
//! `undo`, `draw` (end by agreement), `record` (print the game record),
//! `help` or `quit`.
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::Parser;
use oware::{Game, House, Move, MoveReport, Record, Side};

mod common;

/// Play Oware (Abapa rules by default) in the terminal.
#[derive(Parser, Debug)]
struct Args {
    #[command(flatten)]
    start: common::StartArgs,
    /// Play these moves (letters, e.g. `CfBa`, or a game record) and exit
    /// instead of reading moves from standard input.
    #[arg(long)]
    moves: Option<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let start = match args.start.start() {
        Ok(pos) => pos,
        Err(e) => return fail(&e.to_string()),
    };
    let mut game = Game::from_position(start);
    match &args.moves {
        Some(moves) => replay(&mut game, moves),
        None => interactive(&mut game),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// Plays the moves of `text` one by one, showing each.
fn replay(game: &mut Game, text: &str) -> ExitCode {
    draw(game);
    for byte in text.bytes().filter(|b| !b.is_ascii_whitespace()) {
        let Ok(m) = Move::from_ascii(&[byte]) else {
            return fail(&format!("'{}' is not a move letter", char::from(byte)));
        };
        match game.play(m) {
            Ok(report) => {
                describe(&report);
                draw(game);
            }
            Err(e) => return fail(&e.to_string()),
        }
    }
    finish(game);
    ExitCode::SUCCESS
}

fn interactive(game: &mut Game) -> ExitCode {
    println!(
        "Oware, {} rules. Type a house letter to sow it, or 'help'.",
        game.ruleset()
    );
    draw(game);
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    while !game.is_game_over() {
        print!("{} to move> ", game.position().turn());
        let _ = io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!();
            return ExitCode::SUCCESS;
        };
        match line.trim() {
            "" => {}
            "quit" | "exit" => return ExitCode::SUCCESS,
            "help" | "?" => help(game),
            "undo" => match game.undo() {
                Some(m) => {
                    println!("took back {m}");
                    draw(game);
                }
                None => println!("nothing to undo"),
            },
            "draw" => {
                let _ = game.end_by_agreement();
            }
            "record" => print!("{}", Record::new(game.clone())),
            input => match input.parse::<Move>() {
                Ok(m) => match game.play(m) {
                    Ok(report) => {
                        describe(&report);
                        draw(game);
                    }
                    Err(e) => println!("{e}; legal: {}", legal(game)),
                },
                Err(_) => println!(
                    "'{input}' is not a move: type one of {}, or 'help'",
                    legal(game)
                ),
            },
        }
    }
    finish(game);
    ExitCode::SUCCESS
}

fn help(game: &Game) {
    println!(
        "Moves: a house letter, A-F for South and a-f for North. Legal now: {}",
        legal(game)
    );
    println!("Commands: undo, draw (end by agreement), record (print the game record), quit");
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
    println!("    {north_marks}");
    print!("{board}");
    println!("    {}", marks(Side::South).concat());
}

/// Describes what a move did: the sowing, captures, grand slam, feeding.
fn describe(report: &MoveReport) {
    let sown: Vec<String> = report.sown.iter().map(ToString::to_string).collect();
    println!(
        "{} sows {} seeds: {}",
        report.played,
        sown.len(),
        sown.join(" ")
    );
    if !report.captures.is_empty() {
        let captured: Vec<String> = report
            .captures
            .iter()
            .map(|c| format!("{} ({})", c.pit, c.seeds))
            .collect();
        println!(
            "captures {} seeds: {}",
            report.captured_seeds(),
            captured.join(", ")
        );
    }
    if report.grand_slam {
        println!("grand slam: it would take every seed, so nothing is captured");
    }
    if report.fed {
        println!("feeds the starved opponent");
    }
}

fn finish(game: &Game) {
    match game.outcome() {
        Some(outcome) => println!("Game over: {outcome}"),
        None => println!("Game not over; {} to move", game.position().turn()),
    }
}
