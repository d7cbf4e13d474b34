//! What goes over the wire: the JSON the server sends and reads, built from
//! the library's own types (positions, move reports, outcomes).

use oware::{Game, Move, MoveReport, Outcome, Pit, Position, Side};
use serde::{Deserialize, Serialize};

/// A pair of values, one a side.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Sides<T> {
    /// South's.
    pub south: T,
    /// North's.
    pub north: T,
}

impl<T> Sides<T> {
    /// The pair of `f(South)` and `f(North)`.
    fn each(mut f: impl FnMut(Side) -> T) -> Sides<T> {
        Sides {
            south: f(Side::South),
            north: f(Side::North),
        }
    }
}

/// The seeds on a board: each side's houses in its own order (A–F, a–f)
/// and the stores.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct BoardView {
    /// The seeds in each side's houses, in letter order.
    pub houses: Sides<Vec<u8>>,
    /// The seeds in each side's store.
    pub stores: Sides<u8>,
}

impl BoardView {
    /// The board of `pos`.
    pub fn of(pos: &Position) -> BoardView {
        let board = pos.board();
        BoardView {
            houses: Sides::each(|side| board.houses(side).to_vec()),
            stores: Sides::each(|side| board.store(side)),
        }
    }
}

/// One house captured by a move.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct CaptureView {
    /// The house, by its letter.
    pub pit: String,
    /// The seeds it held.
    pub seeds: u8,
    /// The side whose store they went to.
    pub to: &'static str,
}

/// A Congkak relay: after `after` seeds, the seeds of `pit` were lifted and
/// sown on.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct RelayView {
    /// How many seeds were sown before the lift.
    pub after: usize,
    /// The house lifted, by its letter.
    pub pit: String,
    /// The seeds lifted.
    pub seeds: u8,
}

/// A played move as the library reported it, with the boards before and
/// after, so the page can animate it seed by seed and end on the exact board.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ReportView {
    /// The ply the move was (1 for the first move of the game).
    pub ply: usize,
    /// The side that moved.
    pub side: &'static str,
    /// The house sown from, by its letter.
    pub played: String,
    /// Each pit a seed dropped into, in order: house letters, `S*` and `N*`
    /// for the stores (Kalah, Congkak).
    pub sown: Vec<String>,
    /// Congkak's relays, in order.
    pub relays: Vec<RelayView>,
    /// The houses captured, in the order the capture took them.
    pub captures: Vec<CaptureView>,
    /// A grand slam annulled the capture (Abapa R6).
    pub grand_slam: bool,
    /// The move fed a starved opponent (Abapa R7).
    pub fed: bool,
    /// The last seed fell in the mover's store: it moves again.
    pub extra_turn: bool,
    /// The side due to move had no seeds and passed.
    pub passed: bool,
    /// What the move did, in words (the library's explanation), one line
    /// a sowing: a Congkak relay starts a line of its own.
    pub words: Vec<String>,
    /// The board before the move.
    pub before: BoardView,
    /// The board after it.
    pub after: BoardView,
}

impl ReportView {
    /// The view of `report`, the move that took `before` to `after` as ply `ply`.
    pub fn new(report: &MoveReport, ply: usize, before: &Position, after: &Position) -> ReportView {
        ReportView {
            ply,
            side: report.played.side().name(),
            played: report.played.to_string(),
            sown: report.sown.iter().map(Pit::to_string).collect(),
            relays: report
                .relays
                .iter()
                .map(|r| RelayView {
                    after: r.after,
                    pit: r.pit.to_string(),
                    seeds: r.seeds,
                })
                .collect(),
            captures: report
                .captures
                .iter()
                .map(|c| CaptureView {
                    pit: c.pit.to_string(),
                    seeds: c.seeds,
                    to: c.to.name(),
                })
                .collect(),
            grand_slam: report.grand_slam,
            fed: report.fed,
            extra_turn: report.extra_turn,
            passed: report.passed,
            words: format!("{:#}", report.explain(before))
                .lines()
                .map(str::to_owned)
                .collect(),
            before: BoardView::of(before),
            after: BoardView::of(after),
        }
    }
}

/// How the game ended.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct EndView {
    /// The end in words, with the rule and the score.
    pub text: String,
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub result: &'static str,
    /// The winner, none for a draw.
    pub winner: Option<&'static str>,
    /// The seeds each side scored.
    pub scores: Sides<u8>,
    /// The termination's name (`majority`, `no moves`, …).
    pub termination: &'static str,
}

impl EndView {
    /// The end of `game`, if it is over.
    pub fn of(game: &Game) -> Option<EndView> {
        let outcome: Outcome = game.outcome()?;
        Some(EndView {
            text: game.ending().unwrap_or_else(|| outcome.to_string()),
            result: outcome.result_str(),
            winner: outcome.winner.map(Side::name),
            scores: Sides::each(|side| side.fold_sn(outcome.scores.south, outcome.scores.north)),
            termination: outcome.termination.name(),
        })
    }
}

/// A game's board and moves as every page shows it, against the machine
/// or live.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct TableView {
    /// The game's id, as in its link (`/game/<id>`, `/live/<id>`).
    pub id: String,
    /// The ruleset's text (`abapa`, `kalah`, …).
    pub ruleset: String,
    /// The game's banner: "Oware (abapa rules), 6 houses a side, …".
    pub title: String,
    /// The plies played.
    pub ply: usize,
    /// The side to move.
    pub turn: &'static str,
    /// The seeds on the board.
    pub board: BoardView,
    /// The legal moves, by letter.
    pub legal: Vec<String>,
    /// Each side's houses its opponent could capture with its next move.
    pub threats: Sides<Vec<String>>,
    /// How it ended, if it has.
    pub end: Option<EndView>,
    /// The moves played, by letter, in order.
    pub moves: Vec<String>,
    /// The game record (the library's export).
    pub record: String,
}

impl TableView {
    /// The view of game `id` with its record `record` (the library's export).
    pub fn of(id: &str, record: &oware::record::Record) -> TableView {
        let game = &record.game;
        let pos = game.position();
        TableView {
            id: id.to_owned(),
            ruleset: game.ruleset().to_string(),
            title: game.ruleset().title(),
            ply: game.ply(),
            turn: pos.turn().name(),
            board: BoardView::of(pos),
            legal: game.legal_moves().iter().map(Move::to_string).collect(),
            threats: Sides::each(|side| threatened(pos, side)),
            end: EndView::of(game),
            moves: game.moves().iter().map(Move::to_string).collect(),
            record: record.to_string(),
        }
    }
}

/// A game against the machine as the page shows it.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct GameView {
    /// The board and the moves.
    #[serde(flatten)]
    pub table: TableView,
    /// The person's side.
    pub you: &'static str,
    /// The machine's level, 1 to 5.
    pub level: u8,
    /// The person's name ("" for none).
    pub name: String,
    /// Whether undo has a move of the person's to take back.
    pub can_undo: bool,
    /// Why the game does not count on the leaderboard; none while it does
    /// (from the ruleset's start, without a hint or an undo).
    pub unranked: Option<String>,
}

/// The letters of the houses of `side` its opponent threatens in `pos`.
pub fn threatened(pos: &Position, side: Side) -> Vec<String> {
    pos.threats(side)
        .iter()
        .map(|house| Move::new(side, house).to_string())
        .collect()
}

/// The body of a request to start a game against the machine.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The machine's level, 1 to 5.
    pub level: u8,
    /// The person's side, `"south"` or `"north"`.
    pub side: String,
    /// The ruleset's text (default `abapa`).
    #[serde(default)]
    pub ruleset: Option<String>,
    /// The person's name for the leaderboard (optional).
    #[serde(default)]
    pub name: Option<String>,
    /// The secret of the browser that plays under `name`: the first to use
    /// a name keeps it (16 to 64 letters and digits; needed with a name).
    #[serde(default)]
    pub name_secret: Option<String>,
    /// A position to start from instead of the ruleset's start.
    #[serde(default)]
    pub position: Option<String>,
}

/// The body of a move: the house, and the ply the page saw, so a move sent
/// twice (or for a board the page no longer shows) is refused.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The house to sow from, by its letter (`"C"`, `"f"`).
    pub house: String,
    /// The plies played in the game the page shows.
    pub ply: usize,
    /// Whether the machine replies in the same request (the default); the
    /// page sends `false`, shows its move at once, and asks for the reply
    /// with `POST /api/games/<id>/machine`.
    #[serde(default = "yes")]
    pub reply: bool,
}

fn yes() -> bool {
    true
}

/// The body of a try at a lesson: the house the learner clicked.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct LessonTry {
    /// The house to sow from, by its letter (`"C"`; North's `"c"` is
    /// answered as a wrong try).
    pub house: String,
}

/// The answer to a move, a new game or an undo: the moves played (to
/// animate, in order) and the game after them.
#[derive(Serialize, Debug)]
pub struct Played {
    /// The moves, the person's first, then the machine's.
    pub reports: Vec<ReportView>,
    /// The game after them.
    pub game: GameView,
}

/// The engine's suggestion for the person.
#[derive(Serialize, Debug)]
pub struct Hint {
    /// The house to play.
    pub house: String,
    /// The line the engine expects, from that move on.
    pub line: Vec<String>,
    /// The suggestion in words.
    pub text: String,
}
