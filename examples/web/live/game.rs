//! One live game: its record, seats, names, offers, rematch and pointing,
//! and the view every page gets of it.

use oware::record::Record;
use oware::{Position, Side};
use serde::Serialize;

use super::clock::{Clock, ClockView, now_ms};
use crate::session::{Refusal, checked_move, play_reported};
use crate::store::StoredLive;
use crate::wire::{EndView, ReportView, Sides, TableView};

/// A live game: the record and the two seats.
#[derive(Debug, Clone, PartialEq)]
pub struct Live {
    /// The game's id.
    pub id: String,
    /// The game with its tags.
    record: Record,
    /// The seats' secret tokens.
    pub(super) tokens: Sides<String>,
    /// The players' names ("" for none yet).
    names: Sides<String>,
    /// The seat still open and the code of the link that takes it.
    invite: Option<(Side, String)>,
    /// The clock, if the game has one.
    pub(super) clock: Option<Clock>,
    /// The side that offered a rematch once the game was over.
    rematch: Option<Side>,
    /// The rematch's game, once one was agreed (there is one rematch a game).
    rematched: Option<String>,
    /// The house the player to move points at, last told, and when.
    pointing: Option<String>,
    pub(super) pointed_at: u64,
    /// The side that offered to end the game, until the other accepts or a move is made.
    offer: Option<Side>,
    /// The pages open on each seat, and the spectators'.
    present: [usize; 3],
}

/// A live game as every page shows it.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct LiveView {
    /// The board and the moves.
    #[serde(flatten)]
    pub table: TableView,
    /// The side offering to end the game by agreement, if one does.
    pub end_offer: Option<&'static str>,
    /// How the game would end if both agreed now: each side takes the
    /// seeds the ruleset gives it (Abapa R11: those on its own side).
    pub if_agreed: Option<EndView>,
    /// Whether each seat has a page open.
    pub present: Sides<bool>,
    /// The pages watching.
    pub spectators: usize,
    /// The players' names ("" for none yet).
    pub names: Sides<String>,
    /// The seat still open for the link the creator sends, if one is.
    pub open_seat: Option<&'static str>,
    /// The clock, if the game has one.
    pub clock: Option<ClockView>,
    /// The side offering a rematch, if one does.
    pub rematch_offer: Option<&'static str>,
    /// The rematch's game, once one was agreed.
    pub rematch_id: Option<String>,
}

impl Live {
    /// A new game from `start` with the seat tokens `tokens`, the
    /// players' `names` and the seat `invite` leaves open for its code.
    pub fn new(
        id: String,
        start: Position,
        tokens: Sides<String>,
        names: Sides<String>,
        invite: Option<(Side, String)>,
        clock: Option<Clock>,
    ) -> Live {
        let mut live = Live {
            id,
            record: Record::new(oware::Game::from_position(start)),
            tokens,
            names,
            invite,
            clock,
            rematch: None,
            rematched: None,
            pointing: None,
            pointed_at: 0,
            offer: None,
            present: [0; 3],
        };
        live.tag_names();
        live
    }

    /// The record's `South` and `North` tags: the players' names.
    fn tag_names(&mut self) {
        for side in Side::ALL {
            let name = side.fold_sn(&self.names.south, &self.names.north);
            let shown = if name.is_empty() { "?" } else { name.as_str() };
            // A name the record cannot hold is still on the seat.
            let _ = self.record.set_tag(&side.to_string(), shown);
        }
    }

    /// The game `stored` holds.
    pub fn from_stored(stored: &StoredLive) -> Result<Live, String> {
        let record: Record = stored
            .record
            .parse()
            .map_err(|e| format!("live game {}: its record does not read: {e}", stored.id))?;
        let [south, north] = stored.tokens.clone();
        let [south_name, north_name] = stored.names.clone();
        let invite = match &stored.invite {
            Some((side, code)) => Some((
                Side::from_name(side)
                    .ok_or_else(|| format!("live game {}: no side {side:?}", stored.id))?,
                code.clone(),
            )),
            None => None,
        };
        Ok(Live {
            id: stored.id.clone(),
            record,
            tokens: Sides { south, north },
            names: Sides {
                south: south_name,
                north: north_name,
            },
            invite,
            clock: match &stored.clock {
                Some(text) => Some(Clock::from_stored(text).ok_or_else(|| {
                    format!(
                        "live game {}: a clock that does not read: {text:?}",
                        stored.id
                    )
                })?),
                None => None,
            },
            rematch: None,
            rematched: None,
            pointing: None,
            pointed_at: 0,
            offer: None,
            present: [0; 3],
        })
    }

    /// The game as the store keeps it.
    pub fn stored(&self) -> StoredLive {
        StoredLive {
            id: self.id.clone(),
            ruleset: self.game().ruleset().to_string(),
            record: self.record_text(),
            tokens: [self.tokens.south.clone(), self.tokens.north.clone()],
            names: [self.names.south.clone(), self.names.north.clone()],
            invite: self
                .invite
                .as_ref()
                .map(|(side, code)| (side.name().to_owned(), code.clone())),
            clock: self.clock.map(|c| c.stored()),
        }
    }

    /// The clock's state as the store keeps it, if the game has a clock.
    pub fn clock_text(&self) -> Option<String> {
        self.clock.map(|c| c.stored())
    }

    /// Ends the game if the side to move's time has run out at `now`: it
    /// loses on time. Whether it did.
    pub fn flag(&mut self, now: u64) -> bool {
        let turn = self.game().position().turn();
        let Some(loser) = self.clock.and_then(|c| c.flagged(turn, now)) else {
            return false;
        };
        if self.over() || self.forfeit(loser, TIME_FORFEIT).is_err() {
            return false;
        }
        if let Some(clock) = &mut self.clock {
            clock.left[loser as usize] = 0;
        }
        true
    }

    /// `loser` forfeits the game for `why` (a `Termination` tag): the other side wins.
    fn forfeit(&mut self, loser: Side, why: &str) -> Result<(), Refusal> {
        let mut record = self.record.clone();
        record
            .set_tag("Result", loser.fold_sn("0-1", "1-0"))
            .and_then(|()| record.set_tag("Termination", why))
            .map_err(|e| Refusal::Illegal(e.to_string()))?;
        self.record = record;
        self.offer = None;
        self.stop_clock();
        Ok(())
    }

    /// Stops the clock, if any, once the game is over.
    fn stop_clock(&mut self) {
        let turn = self.game().position().turn();
        if let Some(clock) = &mut self.clock {
            clock.stop(turn, now_ms());
        }
    }

    /// Whether `code` is the open seat's link, that seat's side if so.
    pub(super) fn invited(&self, code: &str) -> Option<Side> {
        self.invite
            .as_ref()
            .filter(|(_, open)| open == code)
            .map(|(side, _)| *side)
    }

    /// The open seat `side` taken by `name`: its token, for that page alone.
    pub(super) fn take_seat(&mut self, side: Side, name: String) -> String {
        self.invite = None;
        match side {
            Side::South => self.names.south = name,
            Side::North => self.names.north = name,
        }
        self.tag_names();
        side.fold_sn(&self.tokens.south, &self.tokens.north).clone()
    }

    /// The side that forfeited, and how (the record's `Termination`:
    /// a resignation or a time forfeit), if one did.
    fn forfeited(&self) -> Option<(Side, &'static str)> {
        let why = [RESIGNATION, TIME_FORFEIT]
            .into_iter()
            .find(|&why| self.record.tag("Termination") == Some(why))?;
        match self.record.tag("Result") {
            Some("1-0") => Some((Side::North, why)),
            Some("0-1") => Some((Side::South, why)),
            _ => None,
        }
    }

    /// Whether the game is over: by the rules, or by a forfeit.
    pub(super) fn over(&self) -> bool {
        self.game().is_game_over() || self.forfeited().is_some()
    }

    /// How the game ended: by the rules (the library's outcome), or by a
    /// forfeit (the record's result, the stores as they stood).
    fn end(&self) -> Option<EndView> {
        if let Some(end) = EndView::of(self.game()) {
            return Some(end);
        }
        let (loser, why) = self.forfeited()?;
        let board = self.game().position().board();
        let text = if why == RESIGNATION {
            format!("{loser} resigned: {} wins", !loser)
        } else {
            format!("{loser}'s time ran out: {} wins", !loser)
        };
        Some(EndView {
            text,
            result: loser.fold_sn("0-1", "1-0"),
            winner: Some((!loser).name()),
            scores: Sides {
                south: board.store(Side::South),
                north: board.store(Side::North),
            },
            termination: why,
        })
    }

    /// `seat` offers a rematch, or accepts the other's offer: then the new
    /// game, from the same start with the same clock, colours swapped (each
    /// player keeps its token, for the other side).
    pub fn rematch(&mut self, seat: Option<Side>, id: String) -> Result<Option<Live>, Refusal> {
        let side = seat.ok_or(Refusal::Watching)?;
        if !self.over() {
            return Err(Refusal::NotOver);
        }
        if self.rematched.is_some() {
            return Err(Refusal::Rematched);
        }
        if self.rematch != Some(!side) {
            self.rematch = Some(side);
            return Ok(None);
        }
        self.rematch = None;
        self.rematched = Some(id.clone());
        let swap = |pair: &Sides<String>| Sides {
            south: pair.north.clone(),
            north: pair.south.clone(),
        };
        let clock = self.clock.map(|c| Clock {
            left: [c.base_ms; 2],
            since: None,
            ..c
        });
        Ok(Some(Live::new(
            id,
            *self.game().start(),
            swap(&self.tokens),
            swap(&self.names),
            None,
            clock,
        )))
    }

    /// `seat` points at `house`: where its last seed would fall, if the
    /// house is one the side to move (`seat`) may sow; `Ok(None)` when
    /// nothing changed since the last pointing, which is not told again.
    pub fn point(
        &mut self,
        seat: Option<Side>,
        house: Option<&str>,
    ) -> Result<Option<Option<String>>, Refusal> {
        let side = seat.ok_or(Refusal::Watching)?;
        if self.over() {
            return Err(Refusal::Over);
        }
        if side != self.game().position().turn() {
            return Err(Refusal::NotYourTurn);
        }
        let last = match house {
            None => None,
            Some(text) => {
                let m = checked_move(self.game(), text, self.game().ply(), side)?;
                let mut copy = *self.game().position();
                let report = copy.play(m).map_err(|e| Refusal::Illegal(e.to_string()))?;
                report.sown.last().map(ToString::to_string)
            }
        };
        let now = now_ms();
        if self.pointing.as_deref() == house || now < self.pointed_at + POINT_EVERY_MS {
            return Ok(None);
        }
        self.pointing = house.map(str::to_owned);
        self.pointed_at = now;
        Ok(Some(last))
    }

    /// `seat` resigns on the board of `ply` plies: the other side wins.
    pub fn resign(&mut self, seat: Option<Side>, ply: usize) -> Result<(), Refusal> {
        let side = self.acting(seat, ply)?;
        self.forfeit(side, RESIGNATION)
    }

    /// The game.
    pub fn game(&self) -> &oware::Game {
        &self.record.game
    }

    /// The game record as the library exports it.
    pub fn record_text(&self) -> String {
        self.record.to_string()
    }

    /// `1-0`, `0-1` or `1/2-1/2` once the game is over.
    pub fn result_text(&self) -> Option<&'static str> {
        self.end().map(|end| end.result)
    }

    /// The seat `token` opens, none for a spectator.
    pub fn seat(&self, token: Option<&str>) -> Option<Side> {
        let token = token?;
        Side::ALL
            .into_iter()
            .find(|&side| side.fold_sn(&self.tokens.south, &self.tokens.north) == token)
    }

    /// The seat of a page that wants to act, with the game at `ply`.
    fn acting(&self, seat: Option<Side>, ply: usize) -> Result<Side, Refusal> {
        let side = seat.ok_or(Refusal::Watching)?;
        if self.over() {
            return Err(Refusal::Over);
        }
        if ply != self.game().ply() {
            return Err(Refusal::Stale {
                ply: self.game().ply(),
            });
        }
        Ok(side)
    }

    /// Plays `seat`'s move `house` on the board of `ply` plies.
    pub fn play(
        &mut self,
        seat: Option<Side>,
        house: &str,
        ply: usize,
    ) -> Result<ReportView, Refusal> {
        let side = seat.ok_or(Refusal::Watching)?;
        let now = now_ms();
        if self.flag(now) || self.over() {
            return Err(Refusal::Over);
        }
        let m = checked_move(self.game(), house, ply, side)?;
        let report = play_reported(&mut self.record.game, m)?;
        self.pointing = None;
        if let Some(clock) = &mut self.clock {
            clock.moved(side, now);
        }
        if self.game().is_game_over() {
            self.stop_clock();
        }
        self.offer = None;
        Ok(report)
    }

    /// `seat` offers to end the game by agreement (R11) on the board of `ply` plies.
    pub fn offer_end(&mut self, seat: Option<Side>, ply: usize) -> Result<(), Refusal> {
        let side = self.acting(seat, ply)?;
        self.offer = Some(side);
        Ok(())
    }

    /// `seat` accepts the other side's offer: the game ends by agreement.
    pub fn accept_end(&mut self, seat: Option<Side>, ply: usize) -> Result<(), Refusal> {
        let side = self.acting(seat, ply)?;
        if self.offer != Some(!side) {
            return Err(Refusal::NoOffer);
        }
        self.record
            .game
            .end_by_agreement()
            .map_err(|_| Refusal::Over)?;
        self.offer = None;
        self.stop_clock();
        Ok(())
    }

    /// A page opened on `seat` (`join`) or closed (`!join`).
    pub(super) fn count(&mut self, seat: Option<Side>, join: bool) {
        let slot = &mut self.present[seat.map_or(2, |s| s as usize)];
        *slot = if join {
            *slot + 1
        } else {
            slot.saturating_sub(1)
        };
    }

    /// Whether another page may open on `seat` (a few per seat: a player's
    /// tabs and devices, but not every connection the server has).
    pub(super) fn room_for(&self, seat: Side) -> bool {
        self.present[seat as usize] < PAGES_PER_SEAT
    }

    /// Whether no page is open on the game.
    pub(super) fn deserted(&self) -> bool {
        self.present.iter().all(|&n| n == 0)
    }

    /// The end an agreement would make now, while the game goes on.
    fn if_agreed(&self) -> Option<EndView> {
        let mut game = self.game().clone();
        game.end_by_agreement().ok()?;
        EndView::of(&game)
    }

    /// The game as every page shows it.
    pub fn view(&self) -> LiveView {
        let mut table = TableView::of(&self.id, &self.record);
        table.end = self.end();
        if table.end.is_some() {
            table.legal.clear();
        }
        LiveView {
            table,
            end_offer: self.offer.map(Side::name),
            if_agreed: self.if_agreed().filter(|_| !self.over()),
            present: Sides {
                south: self.present[0] > 0,
                north: self.present[1] > 0,
            },
            spectators: self.present[2],
            names: self.names.clone(),
            open_seat: self.invite.as_ref().map(|(side, _)| side.name()),
            rematch_offer: self.rematch.map(Side::name),
            rematch_id: self.rematched.clone(),
            clock: self.clock.map(|c| {
                let (turn, now) = (self.game().position().turn(), now_ms());
                ClockView {
                    left: Sides {
                        south: c.left(Side::South, turn, now),
                        north: c.left(Side::North, turn, now),
                    },
                    running: c.since.is_some().then(|| turn.name()),
                    increment_ms: c.increment_ms,
                }
            }),
        }
    }
}

/// The least time between two pointings told, in milliseconds (a pointer
/// moving faster is told less often).
const POINT_EVERY_MS: u64 = 50;

/// The pages that may be open on one seat at once; more watch.
const PAGES_PER_SEAT: usize = 4;

/// The `Termination` tag of a game lost on time.
const TIME_FORFEIT: &str = "time forfeit";

/// The `Termination` tag of a resigned game.
const RESIGNATION: &str = "resignation";

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(in crate::live) fn live(position: &str) -> Live {
        let tokens = Sides {
            south: "s-token".to_owned(),
            north: "n-token".to_owned(),
        };
        let names = Sides {
            south: "Ama".to_owned(),
            north: String::new(),
        };
        Live::new(
            "L".into(),
            position.parse().unwrap(),
            tokens,
            names,
            Some((Side::North, "c0de".to_owned())),
            None,
        )
    }

    pub(in crate::live) const START: &str = "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0";

    #[test]
    fn only_a_seat_token_moves_for_its_side() {
        let mut g = live(START);
        assert_eq!(g.seat(Some("s-token")), Some(Side::South));
        assert_eq!(g.seat(Some("n-token")), Some(Side::North));
        assert_eq!(g.seat(Some("guess")), None);
        let before = g.clone();
        assert_eq!(g.play(None, "C", 0), Err(Refusal::Watching));
        assert_eq!(
            g.play(Some(Side::North), "C", 0),
            Err(Refusal::NotYourSide(Side::North))
        );
        assert!(matches!(
            g.play(Some(Side::North), "c", 0),
            Err(Refusal::Illegal(_))
        ));
        assert_eq!(g, before);
        let report = g.play(Some(Side::South), "C", 0).unwrap();
        assert_eq!(report.sown, ["D", "E", "F", "a"]);
        assert_eq!(
            g.play(Some(Side::South), "C", 0),
            Err(Refusal::Stale { ply: 1 }),
            "the same message again"
        );
    }

    #[test]
    fn a_end_offered_and_accepted_ends_the_game_by_agreement() {
        let mut g = live(START);
        assert_eq!(g.accept_end(Some(Side::North), 0), Err(Refusal::NoOffer));
        g.offer_end(Some(Side::South), 0).unwrap();
        assert_eq!(g.view().end_offer, Some("south"));
        assert_eq!(g.accept_end(Some(Side::South), 0), Err(Refusal::NoOffer));
        assert_eq!(g.accept_end(None, 0), Err(Refusal::Watching));
        g.accept_end(Some(Side::North), 0).unwrap();
        let end = g.view().table.end.unwrap();
        assert_eq!((end.result, end.termination), ("1/2-1/2", "agreement"));
        assert_eq!(
            end.text,
            "Ended by agreement: each side takes the seeds on its own side (R11); 24-24, a draw"
        );
        let back = Live::from_stored(&g.stored()).unwrap();
        assert_eq!(
            back.view().table.end,
            g.view().table.end,
            "the record keeps the agreement"
        );
        assert_eq!(g.offer_end(Some(Side::South), 0), Err(Refusal::Over));
    }

    #[test]
    fn a_move_declines_an_offer() {
        let mut g = live("4,4,4,4,4,4/4,4,4,4,4,4 s 0 0");
        let would = g.view().if_agreed.unwrap();
        assert_eq!(
            (would.result, would.scores.south, would.scores.north),
            ("1/2-1/2", 24, 24)
        );
        g.offer_end(Some(Side::North), 0).unwrap();
        g.play(Some(Side::South), "A", 0).unwrap();
        assert_eq!(g.view().end_offer, None);
    }

    #[test]
    fn the_open_seat_is_taken_once_and_names_the_player() {
        let mut g = live(START);
        assert_eq!(g.view().open_seat, Some("north"));
        assert_eq!(g.invited("guess"), None);
        assert_eq!(g.invited("c0de"), Some(Side::North));
        let token = g.take_seat(Side::North, "Kofi".into());
        assert_eq!(token, "n-token");
        assert_eq!(g.invited("c0de"), None, "the code is spent");
        let view = g.view();
        assert_eq!(view.open_seat, None);
        assert_eq!(
            (view.names.south.as_str(), view.names.north.as_str()),
            ("Ama", "Kofi")
        );
        assert!(g.record_text().contains("[North \"Kofi\"]"));
    }

    #[test]
    fn a_resignation_ends_the_game_for_the_other_side_and_survives_the_store() {
        let mut g = live(START);
        g.play(Some(Side::South), "C", 0).unwrap();
        assert_eq!(g.resign(None, 1), Err(Refusal::Watching));
        assert_eq!(
            g.resign(Some(Side::North), 0),
            Err(Refusal::Stale { ply: 1 })
        );
        g.resign(Some(Side::North), 1).unwrap();
        let end = g.view().table.end.unwrap();
        assert_eq!(
            (end.result, end.winner, end.termination),
            ("1-0", Some("south"), "resignation")
        );
        assert_eq!(end.text, "North resigned: South wins");
        assert_eq!(g.result_text(), Some("1-0"));
        assert_eq!(g.play(Some(Side::North), "a", 1), Err(Refusal::Over));
        assert_eq!(g.resign(Some(Side::South), 1), Err(Refusal::Over));
        let back = Live::from_stored(&g.stored()).unwrap();
        assert_eq!(back.view().table.end, g.view().table.end);
    }

    #[test]
    fn a_game_lost_on_time_ends_for_the_other_side() {
        let mut g = live(START);
        g.clock = Some(Clock::new(5, 0).unwrap());
        g.play(Some(Side::South), "C", 0).unwrap();
        assert!(!g.flag(now_ms()), "North has 5 s");
        assert!(g.flag(now_ms() + 5_000), "and then none");
        let view = g.view();
        let clock = view.clock.unwrap();
        assert_eq!(
            (clock.left.north, clock.left.south, clock.running),
            (0, 5_000, None),
            "stopped"
        );
        let end = view.table.end.unwrap();
        assert_eq!(
            (end.result, end.winner, end.termination),
            ("1-0", Some("south"), "time forfeit")
        );
        assert_eq!(end.text, "North's time ran out: South wins");
        assert_eq!(g.play(Some(Side::North), "a", 1), Err(Refusal::Over));
        assert!(!g.flag(now_ms() + 10_000), "once");
    }

    #[test]
    fn a_seat_takes_a_few_pages_and_no_more() {
        let mut g = live(START);
        for _ in 0..PAGES_PER_SEAT {
            assert!(g.room_for(Side::South));
            g.count(Some(Side::South), true);
        }
        assert!(!g.room_for(Side::South), "the next page on South watches");
        assert!(g.room_for(Side::North));
        g.count(Some(Side::South), false);
        assert!(g.room_for(Side::South));
    }
}
