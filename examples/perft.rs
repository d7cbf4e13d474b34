//! Counts the legal move sequences of exactly DEPTH plies from a variant's
//! start (or a given position) and prints the count and the speed.
//!
//! ```text
//! cargo run --release --example perft -- [--variant NAME] [--position TEXT] [--divide] DEPTH
//! ```
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use oware::{Position, perft};

#[macro_use]
mod common;

/// Counts legal move sequences (perft) from a start position.
#[derive(Parser, Debug)]
struct Args {
    #[command(flatten)]
    start: common::StartArgs,
    /// Also print the count below each legal move.
    #[arg(long)]
    divide: bool,
    /// Play every move at the last ply too instead of counting the legal
    /// moves there (no bulk counting): the work the C baseline does.
    #[arg(long)]
    play_leaves: bool,
    /// The number of plies.
    depth: u8,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let pos = match args.start.start() {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if args.divide && args.depth > 0 {
        for &m in &pos.legal_moves() {
            let mut child = pos;
            child.play_unchecked(m);
            say!("{m}: {}", perft(&child, args.depth - 1));
        }
    }
    let start = Instant::now();
    let nodes = if args.play_leaves {
        perft_playing_leaves(&pos, args.depth)
    } else {
        perft(&pos, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    say!("perft({}) = {nodes}", args.depth);
    eprintln!(
        "{seconds:.3} s, {:.1} M sequences/s",
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}

/// perft without bulk counting: every leaf move is played, as the C
/// baseline does, for a like-for-like speed comparison. (The last ply plays
/// its moves in a loop rather than a call each; `black_box` keeps the
/// compiler from skipping a move whose result is not read.)
fn perft_playing_leaves(pos: &Position, depth: u8) -> u64 {
    let moves = pos.legal_moves();
    match depth {
        0 => 1,
        1 => {
            for &m in &moves {
                let mut child = *pos;
                child.play_unchecked(m);
                std::hint::black_box(&child);
            }
            moves.len() as u64
        }
        _ => moves
            .iter()
            .map(|&m| {
                let mut child = *pos;
                child.play_unchecked(m);
                perft_playing_leaves(&child, depth - 1)
            })
            .sum(),
    }
}
