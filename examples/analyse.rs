//! Analyses a game record: for every move, the engine's score of the
//! position before it, of the move played and of the best move, with
//! mistakes flagged.
//!
//! ```text
//! cargo run --release --example analyse -- examples/games/Pd83xW5h.pgn [--depth 10]
//! cargo run --release --example analyse -- - < game.pgn       # read standard input
//! ```
//!
//! Scores are in seeds from the view of the side that moves (`+1.50`: a
//! seed and a half ahead), or `win in n` / `loss in n` plies when the
//! engine sees the end. A move is flagged `?!` (inaccuracy) when it scores
//! at least half a seed below the best, `?` (mistake) from 1.5 seeds, `??`
//! (blunder) from 3 seeds or when it throws away a forced win or walks into
//! a forced loss.
use std::io::Read;
use std::process::ExitCode;

#[macro_use]
mod common;

use clap::Parser;
use oware::search::{Score, SearchLimits, Searcher};
use oware::{BySide, Game, Record, Side};

/// Analyse a game record with the engine.
#[derive(Parser, Debug)]
struct Args {
    /// The record file, or `-` for standard input.
    record: String,
    /// The depth of each analysis, in plies (1 to 30).
    #[arg(long, default_value = "10", value_parser = clap::value_parser!(u8).range(1..=30))]
    depth: u8,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let text = match read(&args.record) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {}: {e}", args.record);
            return ExitCode::from(2);
        }
    };
    let record: Record = match text.parse() {
        Ok(record) => record,
        Err(e) => {
            eprintln!("error: {}: {e}", args.record);
            return ExitCode::from(2);
        }
    };
    analyse(&record, args.depth);
    ExitCode::SUCCESS
}

fn read(path: &str) -> std::io::Result<String> {
    if path == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text)?;
        Ok(text)
    } else {
        std::fs::read_to_string(path)
    }
}

/// How much worse than the best a move is, and its mark.
fn judge(best: Score, played: Score) -> (&'static str, i32) {
    let lost = best.raw().saturating_sub(played.raw());
    let mark = if (best.is_win() && !played.is_win()) || (!best.is_loss() && played.is_loss()) {
        "??"
    } else if played.is_win() || best.is_loss() {
        ""
    } else if lost >= 300 {
        "??"
    } else if lost >= 150 {
        "?"
    } else if lost >= 50 {
        "?!"
    } else {
        ""
    };
    (mark, lost)
}

fn analyse(record: &Record, depth: u8) {
    let limits = SearchLimits::depth(depth);
    let mut searcher = Searcher::new(1 << 20);
    let mut game = Game::from_position(*record.game.start());
    let mut marks = BySide::<[u32; 3]>::default();
    say!(
        "Analysis at depth {depth} ({} rules); scores in seeds from the mover's view",
        game.ruleset()
    );
    say!(
        "{:>5}  {:<4} {:>10} {:>10}  {:<16} mark",
        "ply",
        "move",
        "best",
        "played",
        "best move"
    );
    for (i, &m) in record.game.moves().iter().enumerate() {
        let scores = searcher.analyse(&game, limits);
        let Some(best) = scores.first().copied() else {
            break;
        };
        let played = scores
            .iter()
            .find(|s| s.m == m)
            .map_or(best.score, |s| s.score);
        let (mark, _) = judge(best.score, played);
        if let Some(slot) = ["?!", "?", "??"].iter().position(|&k| k == mark) {
            marks.get_mut(m.side())[slot] += 1;
        }
        let alternative = if played == best.score {
            String::from("(played)")
        } else {
            format!("{} ({})", best.m, best.score)
        };
        say!(
            "{:>5}  {:<4} {:>10} {:>10}  {:<16} {mark}",
            i + 1,
            m.to_string(),
            best.score.to_string(),
            played.to_string(),
            alternative
        );
        if game.play(m).is_err() {
            break;
        }
    }
    if game.ply() == record.game.ply() {
        game = record.game.clone(); // with an agreement the record holds
    }
    match game.outcome() {
        Some(outcome) => say!("Game over: {outcome}"),
        None => say!(
            "The record ends with the game unfinished; stores {}-{}",
            game.position().board().store(Side::South),
            game.position().board().store(Side::North)
        ),
    }
    for side in Side::ALL {
        let [inaccuracies, mistakes, blunders] = *marks.get(side);
        let count =
            |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        say!(
            "{side}: {} (?!), {} (?), {} (??)",
            count(inaccuracies, "inaccuracy", "inaccuracies"),
            count(mistakes, "mistake", "mistakes"),
            count(blunders, "blunder", "blunders")
        );
    }
}
