//! Builds the opening book level 5 plays from (`oware::search::Book`), by a
//! deep search of every position it holds.
//!
//! ```text
//! cargo run --release --example book                    # the shipped book: oware/src/search/book.txt
//! cargo run --release --example book -- --depth 24 --plies 5 --out my-book.txt --threads 2
//! ```
//!
//! The book holds every position of the lines of the first `--free-plies`
//! plies (the openings a match draws at random) and the ply after them;
//! from there up to ply `--plies`, for each side that plays the book's
//! moves, every position it is to move in, whatever the other side played. Each position is
//! searched to `--depth` and its line appended to the file at once, so a
//! build that is stopped goes on where it was when started again with the
//! same file: entries already there are kept.
use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use oware::search::{Book, BookEntry, Evaluation, SearchLimits, Searcher};
use oware::{Game, Position, Ruleset};

/// Opening book builder.
#[derive(Parser, Debug)]
struct Args {
    /// The book file: read first if it exists, and appended to.
    #[arg(long, default_value = "oware/src/search/book.txt")]
    out: PathBuf,
    /// The rules of the book's positions.
    #[arg(long, default_value = "abapa")]
    variant: Ruleset,
    /// Plies of every line: all their positions, and those one ply later,
    /// are in the book.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=12))]
    free_plies: u8,
    /// The book's last ply (at most 12: the positions grow sixfold a ply).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(0..=12))]
    plies: u8,
    /// The search depth of each position, in plies.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u8).range(1..=64))]
    depth: u8,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
}

/// Which sides a line to a position kept to the book's moves since the
/// free plies (over every line that reaches it, where lines transpose).
#[derive(Copy, Clone, Debug)]
struct Followers {
    /// The side to move did.
    mover: bool,
    /// The other side did.
    other: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let text = match std::fs::read_to_string(&args.out) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("{}: {e}", args.out.display())),
    };
    let mut book = if text.is_empty() {
        Book::new(args.variant)
    } else {
        Book::parse(&text).map_err(|e| format!("{}: {e}", args.out.display()))?
    };
    if !book.covers(&args.variant) {
        return Err(format!(
            "{} is a book of {}",
            args.out.display(),
            book.ruleset()
        ));
    }
    let new_file = book.is_empty();
    let mut out = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    // A line and its end in one write, so that a build stopped between two
    // lines leaves whole lines; a last line without its end gets one.
    let mut write = |line: &str| {
        out.write_all(format!("{line}\n").as_bytes())
            .map_err(|e| format!("{}: {e}", args.out.display()))
    };
    if !text.is_empty() && !text.ends_with('\n') {
        write("")?;
    }
    if new_file {
        write(
            "# The opening book of oware's level 5: position | move | score (centiseeds, mover's view) | depth",
        )?;
        let command = format!(
            "# Built by `cargo run --release --example book -- --variant {} --free-plies {} --plies {} --depth {}`",
            args.variant, args.free_plies, args.plies, args.depth
        );
        write(&command)?;
        write(&format!("ruleset {}", args.variant))?;
    }
    let mut searcher = Searcher::with_evaluation(1 << 22, Evaluation::default());
    searcher.set_threads(usize::from(args.threads));
    // Each ply's positions, with the sides that kept to the book.
    let start_pos = *Game::new(args.variant).position();
    let both = Followers {
        mover: true,
        other: true,
    };
    let mut level: HashMap<Position, Followers> = HashMap::from([(start_pos, both)]);
    let start = Instant::now();
    let mut searched = 0;
    for ply in 0..=args.plies {
        let mut next: HashMap<Position, Followers> = HashMap::new();
        let mut positions: Vec<(Position, Followers)> = level.into_iter().collect();
        positions.sort_by_key(|(pos, _)| pos.to_string());
        for (pos, followers) in positions {
            if pos.is_game_over() {
                continue;
            }
            let answers = followers.mover;
            let entry = match book.get(&pos) {
                Some(entry) => Some(entry),
                None if answers => {
                    let game = Game::from(pos);
                    let result = searcher.search(&game, SearchLimits::depth(args.depth));
                    let best_move = result.best_move.ok_or("a position with no move")?;
                    let entry = BookEntry {
                        best_move,
                        score: result.score,
                        depth: args.depth,
                    };
                    book.insert(&pos, entry);
                    write(&Book::line(&pos, &entry))?;
                    searched += 1;
                    eprintln!(
                        "ply {ply}: {} positions searched, {:.0} s",
                        searched,
                        start.elapsed().as_secs_f64()
                    );
                    Some(entry)
                }
                None => None,
            };
            if ply == args.plies {
                continue;
            }
            for &m in pos.legal_moves().iter() {
                let on_line = entry.is_some_and(|e| e.best_move == m);
                let child_followers = if ply < args.free_plies {
                    both
                } else {
                    Followers {
                        mover: followers.other,
                        other: followers.mover && on_line,
                    }
                };
                if child_followers.mover || child_followers.other {
                    let mut child = pos;
                    child.play(m).map_err(|e| e.to_string())?;
                    let seen = next.entry(child).or_insert(Followers {
                        mover: false,
                        other: false,
                    });
                    seen.mover |= child_followers.mover;
                    seen.other |= child_followers.other;
                }
            }
        }
        level = next;
    }
    println!(
        "{}: {} positions, {searched} searched now",
        args.out.display(),
        book.len()
    );
    Ok(())
}
