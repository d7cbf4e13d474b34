//! A game of a person against a machine: every move checked and played by
//! the library, the record kept for the store.

use std::sync::Mutex;

use oware::record::Record;
use oware::search::{Level, Player};
use oware::{Game, Move, MoveReport, Position, Side};

use crate::store::{GameResult, StoredGame};
use crate::wire::{GameView, Hint, ReportView, TableView};

/// Why the server refused a request about a game; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The text names no house.
    NotAHouse(String),
    /// The move is the machine's side's.
    NotYourSide(Side),
    /// The page sent a move for a board it no longer shows (a move sent
    /// twice, or from an old page).
    Stale {
        /// The plies the game has.
        ply: usize,
    },
    /// The library refused the move, with its reason.
    Illegal(String),
    /// The game is over.
    Over,
    /// The person has no move to take back.
    NothingToUndo,
    /// A spectator of a live game tried to act.
    Watching,
    /// A player accepted an end by agreement nobody offered them.
    NoOffer,
    /// The machine was asked to move on the person's turn.
    NotMachinesTurn,
    /// What can only follow a game's end (a rematch) was asked before it.
    NotOver,
    /// What only the side to move may do was asked by the other.
    NotYourTurn,
    /// A second rematch of the same game.
    Rematched,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotAHouse(text) => write!(f, "{text:?} is not a house letter"),
            Refusal::NotYourSide(side) => write!(f, "you play {side}'s houses"),
            Refusal::Stale { ply } => write!(
                f,
                "the game has moved on: it is at ply {ply}; reload the game"
            ),
            Refusal::Illegal(why) => f.write_str(why),
            Refusal::Over => f.write_str("the game is over"),
            Refusal::NothingToUndo => f.write_str("you have no move to take back"),
            Refusal::Watching => f.write_str("you are watching: only the two players move"),
            Refusal::NoOffer => f.write_str("your opponent has not offered to end the game"),
            Refusal::NotMachinesTurn => f.write_str("it is your move, not the machine's"),
            Refusal::NotOver => f.write_str("the game is not over yet"),
            Refusal::NotYourTurn => f.write_str("it is not your move"),
            Refusal::Rematched => f.write_str("this game's rematch has been played already"),
        }
    }
}

/// The move `house` of side `you` on the board of `ply` plies, if the
/// text names one of `you`'s houses and the game is at that ply; the
/// library then checks the rest.
pub fn checked_move(game: &Game, house: &str, ply: usize, you: Side) -> Result<Move, Refusal> {
    let m = Move::from_ascii(house.as_bytes())
        .map_err(|_| Refusal::NotAHouse(house.chars().take(8).collect()))?;
    if game.is_game_over() {
        return Err(Refusal::Over);
    }
    if ply != game.ply() {
        return Err(Refusal::Stale { ply: game.ply() });
    }
    if m.side() != you {
        return Err(Refusal::NotYourSide(you));
    }
    Ok(m)
}

/// Plays `m` in `game` through the library and reports it for the page.
pub fn play_reported(game: &mut Game, m: Move) -> Result<ReportView, Refusal> {
    let before = *game.position();
    let report: MoveReport = game.play(m).map_err(|e| Refusal::Illegal(e.to_string()))?;
    Ok(ReportView::new(
        &report,
        game.ply(),
        &before,
        game.position(),
    ))
}

/// A person's game against a machine level.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    /// The game's id.
    pub id: String,
    /// The game with its tags (players).
    record: Record,
    /// The person's side.
    you: Side,
    /// The machine's level.
    level: Level,
    /// The person's name ("" for none).
    name: String,
    /// Why the game does not count on the leaderboard, if it does not.
    unranked: Option<String>,
}

/// Why a game is unranked: it started from a set-up position.
pub const SET_UP: &str = "it started from a set-up position";
/// Why a game is unranked: it is played by rules the page does not offer.
pub const CUSTOM_RULES: &str = "it is played by rules of your own";
/// Why a game is unranked: the person asked for a hint.
pub const HINTED: &str = "you asked for a hint";
/// Why a game is unranked: the person took back a move.
pub const UNDONE: &str = "you took back a move";

/// The record tag naming machine `level`, as the terminal game writes it.
fn machine_tag(level: Level) -> String {
    format!("oware level {}", level.number())
}

impl Session {
    /// A new game from `start`, the person playing `you` against `level`.
    pub fn new(id: String, start: Position, you: Side, level: Level, name: String) -> Session {
        let mut record = Record::new(oware::Game::from_position(start));
        let person = if name.is_empty() { "anonymous" } else { &name };
        let tags = [(you, person.to_owned()), (!you, machine_tag(level))];
        for (side, player) in tags {
            // A name the record cannot hold is still on the seat.
            let _ = record.set_tag(&side.to_string(), &player);
        }
        Session {
            id,
            record,
            you,
            level,
            name,
            unranked: None,
        }
    }

    /// The game `stored` holds.
    pub fn from_stored(stored: &StoredGame) -> Result<Session, String> {
        let record: Record = stored
            .record
            .parse()
            .map_err(|e| format!("game {}: its record does not read: {e}", stored.id))?;
        let you = Side::from_name(&stored.side)
            .ok_or_else(|| format!("game {}: no side {:?}", stored.id, stored.side))?;
        let level = Level::from_number(stored.level)
            .ok_or_else(|| format!("game {}: no level {}", stored.id, stored.level))?;
        Ok(Session {
            id: stored.id.clone(),
            record,
            you,
            level,
            name: stored.name.clone(),
            unranked: stored.unranked.clone(),
        })
    }

    /// Takes the game off the leaderboard for `why`; true the first time
    /// (the first reason is the one kept).
    pub fn unrank(&mut self, why: &str) -> bool {
        let first = self.unranked.is_none();
        if first {
            self.unranked = Some(why.to_owned());
        }
        first
    }

    /// The game as the store keeps it.
    pub fn stored(&self) -> StoredGame {
        StoredGame {
            id: self.id.clone(),
            ruleset: self.game().ruleset().to_string(),
            record: self.record_text(),
            result: self.result_text().map(str::to_owned),
            side: self.you.name().to_owned(),
            name: self.name.clone(),
            level: self.level.number(),
            unranked: self.unranked.clone(),
        }
    }

    /// The game record as the library exports it.
    pub fn record_text(&self) -> String {
        self.record.to_string()
    }

    /// `1-0`, `0-1` or `1/2-1/2` once the game is over.
    pub fn result_text(&self) -> Option<&'static str> {
        self.game().outcome().map(|o| o.result_str())
    }

    /// The game.
    pub fn game(&self) -> &oware::Game {
        &self.record.game
    }

    /// The machine's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Whether the machine is to move.
    pub fn machine_to_move(&self) -> bool {
        !self.game().is_game_over() && self.game().position().turn() != self.you
    }

    /// Plays the person's move `house` on the board of `ply` plies.
    pub fn play_person(&mut self, house: &str, ply: usize) -> Result<ReportView, Refusal> {
        let m = checked_move(self.game(), house, ply, self.you)?;
        self.play(m)
    }

    /// Plays the machine's moves until the person is to move or the game
    /// ends (Kalah and Congkak give extra turns).
    pub fn play_machine(&mut self, player: &mut Player) -> Vec<ReportView> {
        let mut reports = Vec::new();
        while self.machine_to_move() {
            let Some(m) = player.choose(self.game()) else {
                break;
            };
            match self.play(m) {
                Ok(report) => reports.push(report),
                Err(_) => break,
            }
        }
        reports
    }

    /// Plays `m` through the library and reports it for the page.
    fn play(&mut self, m: Move) -> Result<ReportView, Refusal> {
        play_reported(&mut self.record.game, m)
    }

    /// The ply of the person's last move, if any.
    fn last_own_move(&self) -> Option<usize> {
        self.game()
            .moves()
            .iter()
            .rposition(|m| m.side() == self.you)
    }

    /// Takes back the person's last move and the machine's replies.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        if self.game().is_game_over() {
            return Err(Refusal::Over);
        }
        let ply = self.last_own_move().ok_or(Refusal::NothingToUndo)?;
        while self.game().ply() > ply {
            self.record.game.undo();
        }
        Ok(())
    }

    /// The engine's suggestion for the person ([`oware::search::Hint`],
    /// in the terminal game's words): against level 5, from its endgame
    /// database once built, as the terminal game's; else a search of at
    /// most 12 plies and half a second.
    pub fn hint(&self) -> Result<Hint, Refusal> {
        if self.game().is_game_over() {
            return Err(Refusal::Over);
        }
        let endgame = (self.level == Level::Five)
            .then(|| oware::search::auto_endgame(self.game().ruleset()))
            .flatten();
        let hint = oware::search::Hint::new(self.game(), endgame, 500).ok_or(Refusal::Over)?;
        Ok(Hint {
            house: hint.best_move.to_string(),
            line: hint.line.iter().map(Move::to_string).collect(),
            text: hint.to_string(),
        })
    }

    /// The result for the leaderboard, once a ranked game is over.
    pub fn result(&self) -> Option<GameResult> {
        if self.unranked.is_some() {
            return None;
        }
        let outcome = self.game().outcome()?;
        let score = |side: Side| side.fold_sn(outcome.scores.south, outcome.scores.north);
        let verdict = match outcome.winner {
            None => "draw",
            Some(side) if side == self.you => "win",
            Some(_) => "loss",
        };
        Some(GameResult {
            name: self.name.clone(),
            level: self.level.number(),
            ruleset: self.game().ruleset().to_string(),
            side: self.you.name().to_owned(),
            person: score(self.you),
            machine: score(!self.you),
            outcome: verdict.to_owned(),
        })
    }

    /// The game as the page shows it.
    pub fn view(&self) -> GameView {
        GameView {
            table: TableView::of(&self.id, &self.record),
            you: self.you.name(),
            level: self.level.number(),
            name: self.name.clone(),
            can_undo: !self.game().is_game_over() && self.last_own_move().is_some(),
            unranked: self.unranked.clone(),
        }
    }
}

/// The five machines, one player a level, each used by one game at a time.
#[derive(Debug)]
pub struct Machines {
    players: Vec<Mutex<Player>>,
}

impl Machines {
    /// A player of each level, its random choices seeded by `seed`.
    pub fn new(seed: u64) -> Machines {
        let players = Level::ALL
            .iter()
            .map(|&level| Mutex::new(Player::new(level, seed ^ u64::from(level.number()))))
            .collect();
        Machines { players }
    }

    /// Plays the machine's moves in `session` with the player of its level.
    pub fn reply(&self, session: &mut Session) -> Vec<ReportView> {
        if !session.machine_to_move() {
            return Vec::new();
        }
        let index = usize::from(session.level().number() - 1);
        let mut player = self.players[index]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        session.play_machine(&mut player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(position: &str, you: Side) -> Session {
        Session::new(
            "t".into(),
            position.parse().unwrap(),
            you,
            Level::Two,
            String::new(),
        )
    }

    #[test]
    fn a_refused_move_leaves_the_game_unchanged() {
        let mut s = session("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0", Side::South);
        let before = s.clone();
        assert_eq!(
            s.play_person("a", 0),
            Err(Refusal::NotYourSide(Side::South))
        );
        assert_eq!(s.play_person("C", 3), Err(Refusal::Stale { ply: 0 }));
        assert_eq!(s.play_person("Z", 0), Err(Refusal::NotAHouse("Z".into())));
        let empty = session("0,4,4,4,4,8/4,4,4,4,4,4 s 0 0", Side::South).play_person("A", 0);
        assert_eq!(
            empty,
            Err(Refusal::Illegal("illegal move A: house is empty".into()))
        );
        assert_eq!(s, before);
    }

    #[test]
    fn the_machine_replies_and_undo_takes_both_moves_back() {
        let mut s = session("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0", Side::South);
        let mine = s.play_person("C", 0).unwrap();
        assert_eq!(mine.sown, ["D", "E", "F", "a"]);
        let replies = s.play_machine(&mut Player::new(Level::Two, 1));
        assert_eq!(replies.len(), 1);
        assert_eq!(replies[0].side, "north");
        assert_eq!(s.game().ply(), 2);
        s.undo().unwrap();
        assert_eq!(s.game().ply(), 0);
        assert_eq!(s.undo(), Err(Refusal::NothingToUndo));
    }

    #[test]
    fn a_grand_slam_is_reported_as_no_capture() {
        // South's F (2 seeds) ends on North's b making 2, after a making 2:
        // every seed North has, so Abapa captures nothing (R6).
        let mut s = session("0,0,0,0,0,2/1,1,0,0,0,0 s 22 22", Side::South);
        let report = s.play_person("F", 0).unwrap();
        assert_eq!(report.sown, ["a", "b"]);
        assert!(report.grand_slam);
        assert!(report.captures.is_empty());
        assert_eq!(report.after.houses.north, [2, 2, 0, 0, 0, 0]);
    }

    #[test]
    fn a_stored_game_reads_back_the_same() {
        let mut s = session("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0", Side::North);
        s.play_machine(&mut Player::new(Level::One, 7));
        let back = Session::from_stored(&s.stored()).unwrap();
        assert_eq!(back.view(), s.view());
        assert_eq!(back.game().ply(), 1);
    }

    #[test]
    fn the_result_is_the_persons() {
        let s = session("0,0,0,0,0,0/0,0,0,0,0,2 s 21 25", Side::South);
        let result = s.result().unwrap();
        assert_eq!(
            (result.person, result.machine, result.outcome.as_str()),
            (21, 25, "loss")
        );
        assert_eq!(s.view().table.end.unwrap().result, "0-1");
    }
}
