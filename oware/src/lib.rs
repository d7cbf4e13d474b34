//! Oware by the Abapa tournament rules, and the Mancala family around it
//! (the other Oware rule sets, Kalah(m, n), Congkak): the rules, text forms,
//! perft, an engine ([`search`]: search, analysis, five levels of play) and
//! endgame databases ([`endgame`]: exact values by retrograde analysis), in
//! a fast, allocation-free core with no required dependencies. The rule
//! specifications ship with the crate in `rules/` (`abapa.md`, `kalah.md`,
//! `congkak.md`).
//!
//! The terms are the field's: **houses** hold **seeds**, captures go to a
//! side's **store**, **South** (houses `A`–`F`) moves first and **North**
//! owns `a`–`f`; a **ply** is one side's move. Rule numbers such as R5
//! cite the project's specification of Abapa, `rules/abapa.md` in this
//! crate (shipped with it).
//!
//! A [`Position`] is a small `Copy` value for search; a [`Game`] adds the
//! history that the repetition and no-capture rules need, undo, and a
//! report of what each move did. (The Python binding calls its game object
//! `Board`, as python-chess does; here [`Board`] is just the seeds.)
//!
//! # Start and list legal moves
//! ```
//! use oware::Position;
//! let pos = Position::default(); // Abapa
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["A", "B", "C", "D", "E", "F"]);
//! ```
//!
//! # Play moves and see what they did
//! ```
//! use oware::{Game, Pit, Side};
//! let mut game: Game = "4,4,4,4,4,4/4,4,4,4,1,1 s 0 6".parse::<oware::Position>()?.into();
//! let report = game.play("F".parse()?)?; // 4 seeds: a, b, c, d
//! assert_eq!(report.sown.len(), 4);
//! assert!(report.captures.is_empty());
//! let report = game.play("f".parse()?)?; // 1 seed into A
//! assert_eq!(game.position().to_string(), "5,4,4,4,4,0/5,5,5,5,1,0 s 0 6");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Detect the end of the game
//! ```
//! use oware::{Game, Position, Side, Termination};
//! // South must feed North but cannot: the game ends, South takes its seeds R8.
//! let pos: Position = "0,0,2,0,1,0/0,0,0,0,0,0 s 21 24".parse()?;
//! let game = Game::from(pos);
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.termination, Termination::NoMoves);
//! assert_eq!(outcome.winner, None); // 24-24
//! # Ok::<_, oware::ParsePositionError>(())
//! ```
//!
//! # Read and write game records
//! ```
//! use oware::Record;
//! let record: Record = "1. C f 2. B a".parse()?;
//! assert_eq!(record.game.ply(), 4);
//! assert!(record.to_string().ends_with("1. C f 2. B a *\n"));
//! # Ok::<_, oware::ParseRecordError>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for the value types (moves,
//!   sides, rulesets and their options, positions as their position
//!   string, boards as rows, move reports, outcomes, search limits and
//!   levels), checked on the way in: a ruleset or position that fails
//!   validation is an error, not a value.
//!
//! No feature is on by default; without features the crate has no
//! dependencies. It needs Rust 1.88 or newer.
//!
//! # Threads and a clock
//!
//! The crate needs `std`, and builds for every target that has it,
//! `wasm32-unknown-unknown` included, where there are no threads and no
//! clock; nothing traps there (CI runs it under Node). What uses threads
//! or the clock, and what it does without them:
//!
//! - A time limit ([`search::SearchLimits::time_ms`], level 5's second a
//!   move) reads the searcher's [`search::Clock`]: `std::time::Instant`
//!   where the target has it, else one the embedder gives
//!   ([`search::Searcher::set_clock`], [`search::Player::set_clock`]);
//!   with neither it is a node budget of
//!   [`search::NODES_PER_MS_WITHOUT_CLOCK`] positions a millisecond.
//!   Depth and node limits never read a clock.
//! - [`search::Searcher::set_threads`] and level 5 (every core) start
//!   `std` threads; where none starts, the calling thread searches alone.
//! - Level 5 builds its endgame databases on a background thread
//!   ([`search::auto_endgame`]); without threads it has none, unless given
//!   one.
//! - [`endgame::Database::build`] splits its work over threads; without
//!   them it does it all on the calling thread, to the same database.
//! - A [`StopHandle`] is set from another thread where there are threads.
//! - Saving and loading databases and the endgame cache need a file
//!   system, and return I/O errors without one.
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

mod board;
pub mod endgame;
mod explain;
mod families;
mod game;
mod moves;
pub mod notation;
mod outcome;
mod perft;
mod position;
pub mod record;
mod repetition;
mod report;
mod ruleset;
pub mod ruleset_text;
pub mod search;
#[cfg(feature = "serde")]
mod serde_impls;
mod side;
mod stop;
mod words;

pub use board::Board;
pub use explain::{Explanation, Sowing};
pub use families::{
    CaptureCounts, CapturingSeed, CongkakEnd, CongkakRules, GrandSlam, KalahEnd, KalahRules,
    OwareRules, SeedsLeft,
};
pub use game::Game;
pub use moves::{House, HouseSet, MAX_HOUSES, Move, MoveList, ParseMoveError, Pit};
pub use notation::ParsePositionError;
pub use outcome::{Outcome, Termination};
pub use perft::{perft, perft_with_stop};
pub use position::{IllegalMoveReason, PlayError, Position, PositionError};
pub use record::{ParseRecordError, Record};
pub use report::{Captured, MoveReport, Relay};
pub use ruleset::{
    CycleRule, Family, Leftover, ParseVariantError, Ruleset, RulesetError, RulesetOptions, Variant,
};
pub use ruleset_text::ParseRulesetError;
pub use side::{BySide, Side};
pub use stop::{StopHandle, Stopped};

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

impl From<Position> for Game {
    fn from(pos: Position) -> Game {
        Game::from_position(pos)
    }
}
