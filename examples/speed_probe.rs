//! A fixed, deterministic workload of the core crate, chosen by argument,
//! for before/after speed comparisons (issue 13). README's "Speed" section
//! gives the figures measured with it.
//!
//! Each workload prints what it did (nodes, plies, a checksum), so two
//! builds can be seen to do the same work. It uses only API that existed
//! before issue 13's move-speed work (`03c6f1f^`), so the same file builds
//! in a worktree of that commit.
//!
//! ```text
//! cargo build --release --example speed_probe
//! P=target/release/examples/speed_probe
//! $P perft-play 11                    # perft from the Abapa start, every leaf played
//! $P perft-bulk 12                    # perft with bulk counting at the last ply
//! $P playouts 20000                   # random games through Game (checked play, reports)
//! $P playouts-position 20000          # random games through Position::play_unchecked
//! $P search 16                        # a fixed-depth single-thread search
//! $P search-nodes 2000000             # a single-thread search of a fixed number of nodes
//! $P endgame-build 14                 # an in-memory database of 0..=14 seeds
//! $P endgame-probe 1000000 --seeds 12 # a 12-seed database built, then probed
//! ```
//!
//! Before and after, as instructions counted by callgrind, which do not
//! depend on the machine's load. The endgame build runs as many threads as
//! the process may use, so `taskset -c 0` makes it count one thread's work:
//!
//! ```text
//! git worktree add --detach ../before 03c6f1f^
//! cp examples/speed_probe.rs ../before/examples/
//! (cd ../before && cargo build --release --example speed_probe)
//! cargo build --release --example speed_probe
//! for dir in ../before .; do
//!   taskset -c 0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     "$dir"/target/release/examples/speed_probe perft-play 11 2>&1 | grep -E '^perft|Collected'
//! done
//! ```
//!
//! `endgame-probe` includes its build: subtract the count of
//! `endgame-probe 0` at the same `--seeds` for the probes alone.
//! Instruction counts miss what issue 13's first step removed (store
//! forwarding stalls), so the CPU time (`/usr/bin/time -f '%U %S'`, runs
//! of the two builds alternated) is the other half of the comparison.
use std::hint::black_box;

use clap::{Parser, Subcommand};
use oware::endgame::{Convention, Database};
use oware::search::{SearchLimits, Searcher};
use oware::{Board, BySide, Game, Position, Ruleset, Side, perft};

#[macro_use]
mod common;

/// Runs one fixed workload of the core crate and prints what it did.
#[derive(Parser, Debug)]
struct Cli {
    #[command(subcommand)]
    workload: Workload,
}

#[derive(Subcommand, Debug)]
enum Workload {
    /// perft from the Abapa start, every move at the last ply played.
    PerftPlay {
        /// Plies.
        depth: u8,
    },
    /// perft from the Abapa start with bulk counting at the last ply
    /// (`oware::perft`).
    PerftBulk {
        /// Plies.
        depth: u8,
    },
    /// N random Abapa games to their end through `Game` (checked play,
    /// reports, the cycle rules), from a fixed seed.
    Playouts {
        /// Games.
        games: u32,
    },
    /// N random Abapa games through `Position::play_unchecked`, each to
    /// its end or 200 plies, from a fixed seed.
    PlayoutsPosition {
        /// Games.
        games: u32,
    },
    /// A single-thread search of DEPTH plies from the Abapa start, with a
    /// fresh table of 2^20 entries.
    Search {
        /// Plies.
        depth: u8,
    },
    /// A single-thread search of N nodes from the Abapa start, with a
    /// fresh table of 2^20 entries.
    SearchNodes {
        /// Nodes.
        nodes: u64,
    },
    /// An Abapa endgame database of 0..=SEEDS seeds built in memory
    /// (even split; threads as the process's affinity allows).
    EndgameBuild {
        /// The most seeds on the board.
        seeds: u8,
    },
    /// Builds the database of `--seeds`, then probes the values of N
    /// random positions within it (fixed seed).
    EndgameProbe {
        /// Probes.
        probes: u32,
        /// The most seeds on the board.
        #[arg(long, default_value_t = 10)]
        seeds: u8,
    },
}

fn main() {
    match Cli::parse().workload {
        Workload::PerftPlay { depth } => {
            let nodes = perft_playing_leaves(&Position::default(), depth);
            say!("perft-play({depth}) = {nodes}");
        }
        Workload::PerftBulk { depth } => {
            let nodes = perft(&Position::default(), depth);
            say!("perft-bulk({depth}) = {nodes}");
        }
        Workload::Playouts { games } => {
            let mut rng = 0x2545_F491_4F6C_DD1D_u64;
            let (mut plies, mut sum) = (0usize, 0u64);
            for _ in 0..games {
                let mut game = Game::default();
                while !game.is_game_over() {
                    let moves = game.legal_moves();
                    rng = xorshift(rng);
                    game.play(moves[(rng % moves.len() as u64) as usize])
                        .expect("legal move");
                }
                plies += game.ply();
                sum = sum
                    .wrapping_mul(31)
                    .wrapping_add(hash_position(game.position()));
                black_box(game.outcome());
            }
            say!("playouts: {games} games, {plies} plies, checksum {sum:016x}");
        }
        Workload::PlayoutsPosition { games } => {
            let mut rng = 0x9E37_79B9_7F4A_7C15_u64;
            let (mut plies, mut sum) = (0u64, 0u64);
            for _ in 0..games {
                let mut pos = Position::default();
                let mut ply = 0;
                loop {
                    let moves = pos.legal_moves();
                    if moves.is_empty() || ply == 200 {
                        break;
                    }
                    rng = xorshift(rng);
                    pos.play_unchecked(moves[(rng % moves.len() as u64) as usize]);
                    ply += 1;
                }
                plies += ply;
                sum = sum
                    .wrapping_mul(31)
                    .wrapping_add(hash_position(black_box(&pos)));
            }
            say!("playouts-position: {games} games, {plies} plies, checksum {sum:016x}");
        }
        Workload::Search { depth } => {
            let result =
                Searcher::new(1 << 20).search(&Game::default(), SearchLimits::depth(depth));
            say!(
                "search depth {}: {} nodes, best {:?}, score {:?}",
                result.depth,
                result.nodes,
                result.best_move,
                result.score
            );
        }
        Workload::SearchNodes { nodes } => {
            let result =
                Searcher::new(1 << 20).search(&Game::default(), SearchLimits::nodes(nodes));
            say!(
                "search-nodes: {} nodes, depth {}, best {:?}, score {:?}",
                result.nodes,
                result.depth,
                result.best_move,
                result.score
            );
        }
        Workload::EndgameBuild { seeds } => {
            let db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, seeds)
                .expect("the database builds");
            let sum = random_positions(1000, seeds, 0x9E37_79B9_7F4A_7C15)
                .iter()
                .map(|p| i64::from(db.value(p).expect("in the database").lower))
                .sum::<i64>();
            say!("endgame-build({seeds}): value sum over 1000 positions {sum}");
        }
        Workload::EndgameProbe { probes, seeds } => {
            let db = Database::build(&Ruleset::abapa(), Convention::EvenSplit, seeds)
                .expect("the database builds");
            let positions = random_positions(probes as usize, seeds, 0x2545_F491_4F6C_DD1D);
            let mut sum = 0i64;
            for pos in &positions {
                let value = db.value(black_box(pos)).expect("in the database");
                sum += i64::from(value.lower) + i64::from(value.upper);
            }
            say!("endgame-probe: {probes} probes of a {seeds}-seed database, value sum {sum}");
        }
    }
}

/// perft without bulk counting: every leaf move is played (as the perft
/// example's `--play-leaves`).
fn perft_playing_leaves(pos: &Position, depth: u8) -> u64 {
    let moves = pos.legal_moves();
    match depth {
        0 => 1,
        1 => {
            for &m in &moves {
                let mut child = *pos;
                child.play_unchecked(m);
                black_box(&child);
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

fn xorshift(mut x: u64) -> u64 {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    x
}

/// A checksum of a position's text, the same whatever its representation.
fn hash_position(pos: &Position) -> u64 {
    pos.to_string().bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// `n` Abapa positions with 1 to `max_seeds` seeds spread at random over
/// the houses, either side to move, the rest in the stores without a
/// majority (as the endgame bench's).
fn random_positions(n: usize, max_seeds: u8, mut rng: u64) -> Vec<Position> {
    let mut next = |bound: u64| {
        rng = xorshift(rng);
        rng % bound
    };
    (0..n)
        .map(|_| {
            let seeds = 1 + next(u64::from(max_seeds)) as u8;
            let mut pits = [0u8; 12];
            for _ in 0..seeds {
                pits[next(12) as usize] += 1;
            }
            let stored = 48 - seeds;
            let lowest = stored.saturating_sub(24);
            let south = lowest + next(u64::from(24 - lowest) + 1) as u8;
            let stores = BySide {
                south,
                north: stored - south,
            };
            let board = Board::from_pits(&pits, stores).expect("a board");
            let turn = if next(2) == 0 {
                Side::South
            } else {
                Side::North
            };
            Position::from_board(board, turn, Ruleset::abapa()).expect("48 seeds")
        })
        .collect()
}
