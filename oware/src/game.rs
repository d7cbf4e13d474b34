//! A game: a position with its history, for the rules that need it.

use crate::{
    IllegalMoveReason, Leftover, Move, MoveList, MoveReport, Outcome, PlayError, Position, Ruleset,
    Termination,
};

/// A game in progress: the starting position, the moves played, and what
/// the rules that look at history need (repetition and the no-capture
/// limit, Abapa R11). It supports undo and ending by agreement.
///
/// ```
/// use oware::{Game, Termination};
/// let mut game = Game::default();
/// for m in ["C", "f", "B", "a"] {
///     game.play(m.parse()?)?;
/// }
/// assert_eq!(game.ply(), 4);
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("a".into()));
/// let outcome = game.end_by_agreement()?;
/// assert_eq!(outcome.termination, Termination::Agreement);
/// assert!(game.is_game_over());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `positions[0]` is the start; `positions[k]` follows `moves[k - 1]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game from the starting position of `ruleset`.
    #[must_use]
    pub fn new(ruleset: Ruleset) -> Game {
        Game::from_position(Position::new(ruleset))
    }

    /// A new game from `start` (which counts as the first occurrence of that
    /// position for the repetition rule).
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            positions: vec![start],
            moves: Vec::new(),
            outcome: None,
        };
        game.outcome = game.compute_outcome();
        game
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game always has its start"))
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of plies played.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The ruleset the game is played under.
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        self.position().ruleset()
    }

    /// The legal moves; empty once the game is over by any rule.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome.is_some() {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Whether `m` is legal now.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.outcome.is_none() && self.position().is_legal(m)
    }

    /// Plays `m` and reports what it did, including the game's outcome if
    /// the move ended it by any rule.
    ///
    /// # Errors
    /// [`PlayError`] when `m` is illegal ([`IllegalMoveReason::GameOver`]
    /// once the game has ended by any rule, repetition and agreement
    /// included); the game is then unchanged.
    pub fn play(&mut self, m: Move) -> Result<MoveReport, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError {
                m,
                reason: IllegalMoveReason::GameOver,
            });
        }
        let mut next = *self.position();
        let mut report = next.play(m)?;
        self.positions.push(next);
        self.moves.push(m);
        self.outcome = self.compute_outcome();
        report.outcome = self.outcome;
        Ok(report)
    }

    /// Takes back the last move and returns it; `None` at the start. Also
    /// takes back an agreement to end the game.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.outcome = self.compute_outcome();
        Some(m)
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Ends the game by agreement; the seeds left are credited by the
    /// ruleset's [`Leftover`] rule (Abapa R11: each side takes its own).
    ///
    /// # Errors
    /// [`IllegalMoveReason::GameOver`] if the game is already over.
    pub fn end_by_agreement(&mut self) -> Result<Outcome, IllegalMoveReason> {
        if self.outcome.is_some() {
            return Err(IllegalMoveReason::GameOver);
        }
        let outcome = self.split_outcome(Termination::Agreement);
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// How many times the current position has occurred in this game,
    /// counting now (1 the first time).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions_since_capture()
            .iter()
            .filter(|p| *p == now)
            .count()
    }

    /// Plies played since the last capture (or since the start of the game).
    #[must_use]
    pub fn plies_since_capture(&self) -> usize {
        self.positions_since_capture().len() - 1
    }

    /// The positions since the last capture, the current one included.
    /// Stores only grow, so these are the trailing positions whose stores
    /// equal the current ones, and only they can equal the current position.
    fn positions_since_capture(&self) -> &[Position] {
        let stores = self.position().board().stores();
        let first = self
            .positions
            .iter()
            .rposition(|p| p.board().stores() != stores)
            .map_or(0, |i| i + 1);
        &self.positions[first..]
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.position().outcome() {
            return Some(outcome);
        }
        let cycle = self.ruleset().cycle();
        if cycle
            .occurrences
            .is_some_and(|n| self.repetitions() >= usize::from(n))
        {
            return Some(self.split_outcome(Termination::Cycle));
        }
        let no_capture = cycle
            .no_capture_plies
            .is_some_and(|n| self.plies_since_capture() >= usize::from(n));
        let too_long = cycle
            .max_plies
            .is_some_and(|n| self.ply() >= usize::from(n));
        (no_capture || too_long).then(|| self.split_outcome(Termination::MoveLimit))
    }

    fn split_outcome(&self, termination: Termination) -> Outcome {
        let pos = self.position();
        let scores = match pos.ruleset().cycle().leftover {
            Leftover::EachTakesOwn => pos.stores_plus_rows(),
            Leftover::NotCounted => pos.board().stores(),
        };
        Outcome::from_scores(termination, scores)
    }
}

impl Default for Game {
    /// A new game of Abapa.
    fn default() -> Game {
        Game::new(Ruleset::abapa())
    }
}
