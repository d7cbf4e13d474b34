//! Plays two engine levels against each other and prints the result with an
//! Elo difference and its 95 % margin.
//!
//! ```text
//! cargo run --release --example match -- [--variant NAME] [--games N] [--seed S] LEVEL_A LEVEL_B
//! cargo run --release --example match -- --ladder --games 400   # every level against the one below
//! cargo run --release --example match -- --eval-terms 4         # level 4's evaluation against stores alone
//! ```
//!
//! Games are played in pairs from the same random two-ply opening, with
//! colours swapped. Level 5 runs without its time limit here (its node
//! budget decides), so results are reproducible.
use std::process::ExitCode;

#[macro_use]
mod common;

use clap::Parser;
use oware::Ruleset;
use oware::search::{Evaluation, Level, MatchResult, Player, play_match};

/// Engine-against-engine matches.
#[derive(Parser, Debug)]
struct Args {
    /// The rules to play by.
    #[arg(long, default_value = "abapa")]
    variant: Ruleset,
    /// Games per match (an even number plays every opening from both sides).
    #[arg(long, default_value = "100")]
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
