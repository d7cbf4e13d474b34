//! A game: a position with its history, for the rules that need it.

use crate::repetition::Repetitions;
use crate::{
    IllegalMoveReason, Leftover, Move, MoveList, MoveReport, Outcome, PlayError, Position, Ruleset,
    Termination,
};

/// The plies a game makes room for on its first move: a typical game's
/// (about 100 in Abapa) with some to spare, 128 positions with the start
/// (the repetition table's 256 slots).
const TYPICAL_PLIES: usize = 127;

/// A game in progress: the starting position, the moves played, and what
/// the rules that look at history need (repetition and the no-capture
/// limit, Abapa R11). It supports undo and ending by agreement.
///
/// A move and an undo cost the same whatever the game's length: the
/// occurrences of the positions since the last capture are kept move by
/// move.
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
    /// How often each position since the last capture has occurred, and
    /// where that stretch began.
    repetitions: Repetitions,
    /// The legal moves of the current position (before any history
    /// rule), as houses of the side to move (bit `k` = house `k`).
    legal: u16,
    agreed: bool,
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
        // No room for moves yet: a game that is never played (a position
        // loaded to look at, a copy kept in a tree) stays small. The first
        // move makes room for a typical game ([`Game::make_room`]).
        let mut game = Game {
            positions: vec![start],
            moves: Vec::new(),
            repetitions: Repetitions::new(&start),
            legal: 0,
            agreed: false,
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

    /// Every position of the game, the start first: `positions()[k]` is
    /// the position after `k` plies (a frontend replaying a record can show
    /// any of them).
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
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
            MoveList::from_mask(self.position().turn(), self.legal)
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
        self.refuse_when_over(m)?;
        let mut next = *self.position();
        let mut report = next.play(m)?;
        self.record(next, m);
        report.outcome = self.outcome;
        Ok(report)
    }

    /// Explains the move `m` from the game's position without playing it:
    /// [`Position::explain`], refused once the game is over by any rule.
    ///
    /// # Errors
    /// [`PlayError`] as [`Game::play`] gives it.
    ///
    /// ```
    /// use oware::Game;
    /// let game: Game = "4,4,4,4,4,3/4,2,1,4,4,4 s 3 3".parse::<oware::Position>()?.into();
    /// let explanation = game.explain("F".parse()?)?;
    /// assert_eq!(explanation.captured_seeds, 5);
    /// assert_eq!(game.ply(), 0);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain(&self, m: Move) -> Result<crate::Explanation, PlayError> {
        self.refuse_when_over(m)?;
        self.position().explain(m)
    }

    /// The report of the move played at ply `ply` (1 for the first
    /// move): what it sowed and captured, as [`Game::play`] returned it
    /// then, with the outcome when that move ended the game (by any rule;
    /// an agreement after it is not the move's). `None` for ply 0 or past
    /// [`Game::ply`]. A frontend replaying a record, or a binding asked
    /// for a past move, reads it here rather than playing the game again.
    ///
    /// ```
    /// use oware::Game;
    /// let mut game = Game::default();
    /// let first = game.play("F".parse()?)?;
    /// game.play("a".parse()?)?; // a holds 5 seeds after F
    /// assert_eq!(game.report(1), Some(first));
    /// assert_eq!(game.report(2).map(|r| r.sown.len()), Some(5));
    /// assert_eq!(game.report(0), None);
    /// assert_eq!(game.report(3), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn report(&self, ply: usize) -> Option<MoveReport> {
        let m = *self.moves.get(ply.checked_sub(1)?)?;
        let mut before = self.positions[ply - 1];
        let mut report = before.play(m).ok()?;
        report.outcome = if ply == self.ply() {
            self.outcome
                .filter(|o| o.termination != crate::Termination::Agreement)
        } else {
            None
        };
        Some(report)
    }

    /// Plays `m` as [`Game::play`] does, without building the report: the
    /// path for playouts and batch play. Returns how the game ended, if
    /// this move ended it.
    ///
    /// # Errors
    /// As [`Game::play`]; the game is then unchanged.
    pub fn play_quiet(&mut self, m: Move) -> Result<Option<Outcome>, PlayError> {
        self.refuse_when_over(m)?;
        let mut next = *self.position();
        if m.side() != next.turn() || self.legal >> m.house().index() & 1 == 0 {
            // Only an illegal move pays for finding out why.
            let reason = next.check(m).err().unwrap_or(IllegalMoveReason::GameOver);
            return Err(PlayError { m, reason });
        }
        if !next.apply(m, &mut crate::report::NoRecord) {
            let reason = IllegalMoveReason::EndlessSowing;
            return Err(PlayError { m, reason });
        }
        self.record(next, m);
        Ok(self.outcome)
    }

    fn refuse_when_over(&self, m: Move) -> Result<(), PlayError> {
        match self.outcome {
            Some(_) => Err(PlayError {
                m,
                reason: IllegalMoveReason::GameOver,
            }),
            None => Ok(()),
        }
    }

    /// Adds `next`, reached by `m`, to the history and updates the outcome.
    fn record(&mut self, next: Position, m: Move) {
        if self.moves.len() == self.moves.capacity() {
            self.make_room();
        }
        self.positions.push(next);
        self.moves.push(m);
        self.repetitions.push(&self.positions);
        self.outcome = self.compute_outcome();
    }

    /// Makes room for as many moves again as the game has, and at least for
    /// a typical game (about 100 plies in Abapa): the history and the
    /// repetition table then grow together, and most games grow them once.
    /// Only a hint: where the memory cannot be had, each push asks for its
    /// own.
    #[cold]
    fn make_room(&mut self) {
        self.try_reserve(self.moves.len().max(TYPICAL_PLIES)).ok();
    }

    /// Makes room for `plies` more moves, so that playing them allocates
    /// nothing: for a caller that must meet a lack of memory with an error
    /// rather than an abort (a batch of games under a memory limit).
    ///
    /// # Errors
    /// [`TryReserveError`](std::collections::TryReserveError) when the
    /// memory cannot be had; the game is unchanged (its spare room aside).
    ///
    /// ```
    /// use oware::Game;
    /// let mut game = Game::default();
    /// game.try_reserve(200).unwrap();
    /// assert!(game.try_reserve(usize::MAX / 2).is_err());
    /// assert_eq!(game.ply(), 0);
    /// ```
    pub fn try_reserve(&mut self, plies: usize) -> Result<(), std::collections::TryReserveError> {
        self.positions.try_reserve(plies)?;
        self.moves.try_reserve(plies)?;
        self.repetitions.try_reserve(plies)
    }

    /// Takes back the last thing done: an agreement to end the game, if
    /// that came last (then it returns `None`), else the last move, which it
    /// returns (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let undone = if self.agreed {
            self.agreed = false;
            None
        } else {
            let m = self.moves.pop()?;
            self.repetitions.pop();
            self.positions.pop();
            Some(m)
        };
        self.outcome = self.compute_outcome();
        undone
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
    /// [`Game::undo`] takes the agreement back.
    ///
    /// # Errors
    /// [`IllegalMoveReason::GameOver`] if the game is already over.
    pub fn end_by_agreement(&mut self) -> Result<Outcome, IllegalMoveReason> {
        if self.outcome.is_some() {
            return Err(IllegalMoveReason::GameOver);
        }
        self.agreed = true;
        let outcome = self.split_outcome(Termination::Agreement);
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// How many times the current position has occurred in this game,
    /// counting now (1 the first time).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        if self.tracks_repetition() {
            return usize::from(self.repetitions.count());
        }
        let now = key(self.position());
        self.positions_since_capture()
            .iter()
            .filter(|p| key(p) == now)
            .count()
    }

    /// Whether the ruleset ends games by repetition, so the occurrence
    /// counts are kept move by move.
    fn tracks_repetition(&self) -> bool {
        self.ruleset().cycle().occurrences.is_some()
    }

    /// Plies played since the last capture (or since the start of the game).
    #[must_use]
    pub fn plies_since_capture(&self) -> usize {
        self.ply() - self.repetitions.stretch_start()
    }

    /// The outcome of the current position with its history; also keeps
    /// its legal moves.
    fn compute_outcome(&mut self) -> Option<Outcome> {
        // A position ends the game by its own rules exactly when it has no
        // legal move: only then ask why.
        let mask = self.position().legal_mask();
        self.legal = mask;
        let pos = self.position();
        if self.agreed {
            return Some(self.split_outcome(Termination::Agreement));
        }
        if mask == 0 {
            return Some(
                pos.outcome()
                    .unwrap_or_else(|| Game::split(pos, Termination::NoMoves)),
            );
        }
        let cycle = pos.ruleset().cycle();
        // With a repetition rule, the occurrences are counted move by move.
        if cycle
            .occurrences
            .is_some_and(|n| self.repetitions.count() >= u16::from(n))
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
        Game::split(self.position(), termination)
    }

    /// The outcome when a history rule or agreement ends the game at `pos`:
    /// the seeds left are credited by the ruleset's [`Leftover`] rule.
    pub(crate) fn split(pos: &Position, termination: Termination) -> Outcome {
        let scores = match pos.ruleset().cycle().leftover {
            Leftover::EachTakesOwn => pos.stores_plus_rows(),
            Leftover::NotCounted => pos.board().stores(),
        };
        Outcome::from_scores(termination, scores)
    }

    /// How many times `pos` has occurred since the last capture, the
    /// current position included, and the first time as an index into
    /// [`Game::positions_since_capture`]; `None` if it has not or the
    /// ruleset has no repetition rule.
    pub(crate) fn occurrences_since_capture(&self, pos: &Position) -> Option<(u16, usize)> {
        let (count, ply) = self.repetitions.find(&self.positions, pos)?;
        Some((count, ply - self.repetitions.stretch_start()))
    }

    /// The positions since the last capture, the current one included.
    pub(crate) fn positions_since_capture(&self) -> &[Position] {
        &self.positions[self.repetitions.stretch_start()..]
    }
}

/// What makes two positions of one game the same for the repetition rule
/// (R11): the houses, the stores and the side to move.
pub(crate) fn key(pos: &Position) -> (crate::Board, crate::Side) {
    (*pos.board(), pos.turn())
}

impl Default for Game {
    /// A new game of Abapa.
    fn default() -> Game {
        Game::new(Ruleset::abapa())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A legal move of `game` picked by a step of the random sequence in
    /// `state`.
    fn random_move(game: &Game, state: &mut u64) -> Move {
        let legal = game.legal_moves();
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        legal[(*state >> 33) as usize % legal.len()]
    }

    /// The bytes the game's history and repetition table hold room for.
    fn room_bytes(game: &Game) -> usize {
        game.positions.capacity() * size_of::<Position>()
            + game.moves.capacity() * size_of::<Move>()
            + game.repetitions.room_bytes()
    }

    /// A new game holds room for its start only (a million positions loaded
    /// to look at took 12 GB when each reserved a typical game); the first
    /// move makes room for a typical game, and playing it through allocates
    /// nothing more; a copy of a new game is as small.
    #[test]
    fn a_game_makes_room_for_its_moves_when_the_first_is_played() {
        for ruleset in [Ruleset::abapa(), Ruleset::openspiel()] {
            let mut game = Game::new(ruleset);
            let new = room_bytes(&game);
            assert!(new <= 256, "{ruleset:?}: {new} bytes");
            let copy = room_bytes(&game.clone());
            assert!(copy <= 512, "{ruleset:?}: {copy} bytes");
            let mut state = 7;
            game.play(game.legal_moves()[0]).unwrap();
            let room = room_bytes(&game);
            assert!(game.moves.capacity() >= TYPICAL_PLIES);
            while game.ply() < TYPICAL_PLIES && !game.is_game_over() {
                game.play(random_move(&game, &mut state)).unwrap();
            }
            assert!(game.ply() > 60, "{ruleset:?}: {} plies", game.ply());
            assert_eq!(room_bytes(&game), room, "{ruleset:?}");
        }
    }

    /// Games played with room made move by move end as games given room
    /// for all their moves up front, ply by ply, including those longer
    /// than a typical game, whose room grows again.
    #[test]
    fn room_made_move_by_move_changes_no_outcome() {
        let mut long = 0;
        for ruleset in [Ruleset::abapa(), Ruleset::openspiel()] {
            for seed in 0..200u64 {
                let mut lazy = Game::new(ruleset);
                let mut ready = Game::new(ruleset);
                ready.try_reserve(1000).unwrap();
                let mut state = seed;
                while !lazy.is_game_over() {
                    assert_eq!(lazy.legal_moves(), ready.legal_moves());
                    let m = random_move(&lazy, &mut state);
                    assert_eq!(lazy.play_quiet(m), ready.play_quiet(m));
                }
                assert_eq!(lazy.outcome(), ready.outcome());
                if lazy.ply() > TYPICAL_PLIES {
                    long += 1;
                    assert!(lazy.moves.capacity() > TYPICAL_PLIES);
                }
            }
        }
        assert!(long > 10, "{long} games longer than {TYPICAL_PLIES} plies");
    }
}
