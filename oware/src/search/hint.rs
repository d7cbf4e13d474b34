//! The engine's suggestion for the side to move, with how it stands and
//! why, for a frontend's "hint" button: one search and one wording for the
//! terminal game, the web game and the bindings.

use std::sync::Arc;
use std::vec::Vec;

use super::{SearchLimits, Searcher};
use crate::endgame::Database;
use crate::{Game, Move, Side};

/// How the side to move stands, by the engine's judgement, from its view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Judgement {
    /// The endgame database's exact value: with perfect play on both
    /// sides the side to move captures `captures` seeds more than its
    /// opponent from here on (fewer when negative).
    Perfect {
        /// Seeds captured from here on, the mover's less the opponent's.
        captures: i8,
    },
    /// The search sees the game's end: the side to move wins (`win`) or
    /// loses within `plies`, whatever the other side plays.
    ForcedEnd {
        /// Whether the side to move wins.
        win: bool,
        /// Plies to the end at most.
        plies: u16,
    },
    /// The search's estimate after `depth` plies: the side to move is
    /// `seeds` ahead (behind when negative).
    Estimate {
        /// Seeds ahead, in seeds (two decimals at most).
        seeds: f64,
        /// The search's completed depth, in plies.
        depth: u8,
    },
}

/// The engine's suggestion for the side to move: the move, how the side
/// stands and the line the engine expects. Its [`Display`](std::fmt::Display)
/// says it to the player whose move it is, in English:
/// `"you are 1.4 seeds behind; best: c (the engine's line, 12 plies deep: c D e)"`.
///
/// ```
/// use oware::search::{Hint, Judgement};
/// use oware::{Game, Position};
/// // South wins at once: its last seed captures North's.
/// let start: Position = "0,0,0,0,0,1/1,1,0,0,0,0 s 24 21".parse().unwrap();
/// let game = Game::from_position(start);
/// let hint = Hint::new(&game, None, 500).unwrap();
/// assert_eq!(hint.best_move.to_string(), "F");
/// assert_eq!(hint.judgement, Judgement::ForcedEnd { win: true, plies: 1 });
/// assert_eq!(hint.to_string(), "you can win within 1 ply; best: F (the line: F)");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The move to play.
    pub best_move: Move,
    /// How the side to move stands.
    pub judgement: Judgement,
    /// The moves the engine expects, from [`Hint::best_move`] on (that
    /// move alone when the endgame database gave it).
    pub line: Vec<Move>,
    /// The side to move, whom the hint is for.
    pub side: Side,
}

impl Hint {
    /// The deepest a hint searches, in plies.
    pub const DEPTH: u8 = 12;

    /// The hint for the side to move in `game`: the endgame database's
    /// perfect move where `endgame` holds the position's exact value (and
    /// its move is safe under the game's history rules), else the best
    /// move of a search of at most [`Hint::DEPTH`] plies and `time_ms`
    /// milliseconds that uses `endgame` at its leaves (a budget of 0 still
    /// searches one ply, so a hint always has a move). `None` when the game
    /// is over.
    #[must_use]
    pub fn new(game: &Game, endgame: Option<Arc<Database>>, time_ms: u64) -> Option<Hint> {
        let side = game.position().turn();
        if let Some((m, captures)) = endgame.as_ref().and_then(|db| db.perfect_move(game)) {
            let judgement = Judgement::Perfect { captures };
            return Some(Hint {
                best_move: m,
                judgement,
                line: Vec::from([m]),
                side,
            });
        }
        let limits = SearchLimits {
            depth: Some(Hint::DEPTH),
            nodes: None,
            time_ms: Some(time_ms),
        };
        let mut searcher = Searcher::new(1 << 18);
        searcher.set_endgame(endgame);
        let result = searcher.search(game, limits);
        let judgement = match (result.score.plies_to_end(), result.score.seeds()) {
            (Some(plies), _) => Judgement::ForcedEnd {
                win: result.score.is_win(),
                plies,
            },
            (None, seeds) => Judgement::Estimate {
                seeds: seeds.unwrap_or(0.0),
                depth: result.depth,
            },
        };
        let best_move = result.best_move?;
        Some(Hint {
            best_move,
            judgement,
            line: result.pv,
            side,
        })
    }
}
