//! Live games between two people by link: each seat has a secret token,
//! moves come over a WebSocket, are checked and played by the library,
//! stored, and pushed to every page watching the game.
//!
//! The protocol (JSON text messages, at most [`MAX_MESSAGE`] bytes):
//!
//! ```text
//! client → server  {"type": "move", "house": "C", "ply": 0}
//!                  {"type": "offer_end", "ply": 4}      {"type": "accept_end", "ply": 4}
//!                  {"type": "resign", "ply": 4}       {"type": "rematch"}
//!                  {"type": "point", "house": "C" | null}  (the house the player's pointer is on)
//! server → client  {"type": "seated", "you": "south" | "north" | null, "token": "..." | null, "game": {...}}
//!                  {"type": "played", "report": {...}, "game": {...}}   (to everyone)
//!                  {"type": "state", "game": {...}}                     (to everyone)
//!                  {"type": "error", "error": "..."}                    (to the sender only)
//!                  {"type": "rematch", "id": "..."}  (to everyone: the new game)
//!                  {"type": "pointing", "side": "south", "house": "C" | null, "last": "a" | null}
//!                  {"type": "expired"}
//! ```
//!
//! The socket is `/api/live/<id>/ws?token=<seat token>`; with no token (or
//! a wrong one) the page watches. The seat the creator leaves open is taken
//! once, by the first page that opens `/api/live/<id>/ws?invite=<code>&name=<name>`
//! (the link the creator sends): its `seated` message carries the seat's
//! token, which that page keeps; later pages with the code watch. Players
//! and spectators have connection limits of their own. A message over [`MAX_MESSAGE`] bytes gets
//! an error; a frame over 16 KiB closes the socket. `ply` is the ply the page saw: a message
//! sent twice, or from a page behind, is refused as stale.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use oware::record::Record;
use oware::{Position, Side};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::app::{ApiError, App};
use crate::session::{Refusal, checked_move, play_reported};
use crate::store::StoredLive;
use crate::wire::{EndView, ReportView, Sides, TableView, parse_side, side_name};

/// The longest message a client may send, in bytes; longer ones are refused.
pub const MAX_MESSAGE: usize = 1024;
/// The longest frame the socket reads at all (a longer one closes it).
const MAX_FRAME: usize = 16 * 1024;
/// Messages a slow page may fall behind by before it is sent the whole game.
const BACKLOG: usize = 64;

/// How many live games and connections the server takes, and when an
/// abandoned game expires.
#[derive(Debug, Clone, Copy)]
pub struct LiveLimits {
    /// Live games held in memory (those with a page open) at once.
    pub games: usize,
    /// WebSocket connections of players at once.
    pub connections: usize,
    /// WebSocket connections of spectators at once, apart from the players'.
    pub spectators: usize,
    /// Seconds with no move after which a live game going on is deleted.
    pub expiry_secs: u64,
}

/// Milliseconds since 1970.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A game's clock, kept by the server: each side's time left, and the
/// increment added after each of its moves. It starts running after the
/// first move of the game (South's first move is free), for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// Each side's time at the start, in milliseconds.
    pub base_ms: u64,
    /// Added to a side's time after each of its moves, in milliseconds.
    pub increment_ms: u64,
    /// South's and North's time left when their time last stopped.
    left: [u64; 2],
    /// When the side to move's time began to run (none before the first move).
    since: Option<u64>,
}

impl Clock {
    /// The most time a side starts with (3 hours), and the most increment (a minute).
    const MAX_BASE_SECS: u64 = 3 * 3600;
    const MAX_INCREMENT_SECS: u64 = 60;

    /// A clock of `base_secs` a side and `increment_secs` a move.
    pub fn new(base_secs: u64, increment_secs: u64) -> Result<Clock, String> {
        if !(1..=Self::MAX_BASE_SECS).contains(&base_secs) {
            return Err(format!(
                "a clock's base_secs must be 1 to {}, not {base_secs}",
                Self::MAX_BASE_SECS
            ));
        }
        if increment_secs > Self::MAX_INCREMENT_SECS {
            return Err(format!(
                "a clock's increment_secs must be 0 to {}, not {increment_secs}",
                Self::MAX_INCREMENT_SECS
            ));
        }
        Ok(Clock {
            base_ms: base_secs * 1000,
            increment_ms: increment_secs * 1000,
            left: [base_secs * 1000; 2],
            since: None,
        })
    }

    /// `side`'s time left at `now`, with `turn` to move.
    fn left(&self, side: Side, turn: Side, now: u64) -> u64 {
        let stored = self.left[side as usize];
        match self.since {
            Some(since) if side == turn => stored.saturating_sub(now.saturating_sub(since)),
            _ => stored,
        }
    }

    /// The side whose time has run out at `now`, `turn` to move.
    fn flagged(&self, turn: Side, now: u64) -> Option<Side> {
        (self.since.is_some() && self.left(turn, turn, now) == 0).then_some(turn)
    }

    /// `mover` has moved at `now`: its time stops, gains the increment,
    /// and the other side's starts.
    fn moved(&mut self, mover: Side, now: u64) {
        if self.since.is_some() {
            let left = self.left(mover, mover, now);
            self.left[mover as usize] = left + self.increment_ms;
        }
        self.since = Some(now);
    }

    /// The clock stops at `now`, `turn` to move (the game is over).
    fn stop(&mut self, turn: Side, now: u64) {
        self.left[turn as usize] = self.left(turn, turn, now);
        self.since = None;
    }

    /// The state as the store keeps it: `base,increment,south,north,since`.
    fn stored(&self) -> String {
        let since = self.since.map(|s| s.to_string()).unwrap_or_default();
        format!(
            "{},{},{},{},{since}",
            self.base_ms, self.increment_ms, self.left[0], self.left[1]
        )
    }

    /// The clock `text` (as `stored` writes it) holds.
    fn from_stored(text: &str) -> Option<Clock> {
        let mut fields = text.split(',');
        let mut number = || fields.next()?.parse::<u64>().ok();
        let (base_ms, increment_ms, south, north) = (number()?, number()?, number()?, number()?);
        let since = match fields.next()? {
            "" => None,
            t => Some(t.parse().ok()?),
        };
        Some(Clock {
            base_ms,
            increment_ms,
            left: [south, north],
            since,
        })
    }
}

/// A clock as the pages show it.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct ClockView {
    /// Each side's time left, in milliseconds, when the view was made.
    pub left: Sides<u64>,
    /// The side whose time is running, if one's is.
    pub running: Option<&'static str>,
    /// The increment a move, in milliseconds.
    pub increment_ms: u64,
}

/// A live game: the record and the two seats.
#[derive(Debug, Clone, PartialEq)]
pub struct Live {
    /// The game's id.
    pub id: String,
    /// The game with its tags.
    record: Record,
    /// The seats' secret tokens.
    tokens: Sides<String>,
    /// The players' names ("" for none yet).
    names: Sides<String>,
    /// The seat still open and the code of the link that takes it.
    invite: Option<(Side, String)>,
    /// The clock, if the game has one.
    clock: Option<Clock>,
    /// The side that offered a rematch once the game was over.
    rematch: Option<Side>,
    /// The rematch's game, once one was agreed (there is one rematch a game).
    rematched: Option<String>,
    /// The house the player to move points at, last told, and when.
    pointing: Option<String>,
    pointed_at: u64,
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
                parse_side(side)
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
                .map(|(side, code)| (side_name(*side).to_owned(), code.clone())),
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
    fn invited(&self, code: &str) -> Option<Side> {
        self.invite
            .as_ref()
            .filter(|(_, open)| open == code)
            .map(|(side, _)| *side)
    }

    /// The open seat `side` taken by `name`: its token, for that page alone.
    fn take_seat(&mut self, side: Side, name: String) -> String {
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
    fn over(&self) -> bool {
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
            winner: Some(side_name(!loser)),
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
    fn count(&mut self, seat: Option<Side>, join: bool) {
        let slot = &mut self.present[seat.map_or(2, |s| s as usize)];
        *slot = if join {
            *slot + 1
        } else {
            slot.saturating_sub(1)
        };
    }

    /// Whether another page may open on `seat` (a few per seat: a player's
    /// tabs and devices, but not every connection the server has).
    fn room_for(&self, seat: Side) -> bool {
        self.present[seat as usize] < PAGES_PER_SEAT
    }

    /// Whether no page is open on the game.
    fn deserted(&self) -> bool {
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
            end_offer: self.offer.map(side_name),
            if_agreed: self.if_agreed().filter(|_| !self.over()),
            present: Sides {
                south: self.present[0] > 0,
                north: self.present[1] > 0,
            },
            spectators: self.present[2],
            names: self.names.clone(),
            open_seat: self.invite.as_ref().map(|(side, _)| side_name(*side)),
            rematch_offer: self.rematch.map(side_name),
            rematch_id: self.rematched.clone(),
            clock: self.clock.map(|c| {
                let (turn, now) = (self.game().position().turn(), now_ms());
                ClockView {
                    left: Sides {
                        south: c.left(Side::South, turn, now),
                        north: c.left(Side::North, turn, now),
                    },
                    running: c.since.is_some().then(|| side_name(turn)),
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

/// What a page sends.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Sow from `house` on the board of `ply` plies.
    Move {
        /// The house letter.
        house: String,
        /// The plies the page's board has.
        ply: usize,
    },
    /// Offer to end the game by agreement (R11).
    OfferEnd {
        /// The plies the page's board has.
        ply: usize,
    },
    /// Accept the other side's offer.
    AcceptEnd {
        /// The plies the page's board has.
        ply: usize,
    },
    /// Resign: the other side wins.
    Resign {
        /// The plies the page's board has.
        ply: usize,
    },
    /// Offer a rematch once the game is over, or accept the other's.
    Rematch {},
    /// The player to move points at one of its houses (none: at none).
    Point {
        /// The house letter, or none.
        house: Option<String>,
    },
}

/// What the server sends.
#[derive(Serialize, Debug)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<'a> {
    /// To a page that opened the game: its seat and the game.
    Seated {
        /// The page's side, none for a spectator.
        you: Option<&'static str>,
        /// The seat's token, to the page that has just taken the open seat.
        token: Option<&'a str>,
        /// The game.
        game: &'a LiveView,
    },
    /// To every page: a move was played.
    Played {
        /// The library's report of it.
        report: &'a ReportView,
        /// The game after it.
        game: &'a LiveView,
    },
    /// To every page: the game changed otherwise (an end offered or
    /// agreed, a page opened or closed).
    State {
        /// The game now.
        game: &'a LiveView,
    },
    /// To the page that sent a message the server refused.
    Error {
        /// Why, in a sentence.
        error: String,
    },
    /// To every page: the player to move points at `house`, whose last
    /// seed would fall in `last` (the library's report of it, unplayed).
    Pointing {
        /// The pointing side.
        side: &'static str,
        /// The house, none when the pointer left the houses.
        house: Option<&'a str>,
        /// The pit its last seed would fall in.
        last: Option<String>,
    },
    /// To every page: both players agreed to a rematch, game `id`.
    Rematch {
        /// The new game's id.
        id: &'a str,
    },
    /// To every page: the game was abandoned and is gone.
    Expired,
}

impl ServerMessage<'_> {
    /// The message as JSON text.
    fn text(&self) -> Arc<str> {
        serde_json::to_string(self)
            .unwrap_or_else(|e| format!("{{\"type\":\"error\",\"error\":\"{e}\"}}"))
            .into()
    }
}

/// The answer to a page's message, for everyone (with the rematch's new
/// game, to store first, where one was agreed), or a refusal for it alone.
fn apply(
    live: &mut Live,
    seat: Option<Side>,
    message: &ClientMessage,
) -> Result<(Arc<str>, Option<Live>), Refusal> {
    if let ClientMessage::Rematch {} = message {
        return Ok(match live.rematch(seat, crate::app::new_id())? {
            Some(next) => (ServerMessage::Rematch { id: &next.id }.text(), Some(next)),
            None => (state(live), None),
        });
    }
    let answer = match message {
        ClientMessage::Move { house, ply } => {
            let report = live.play(seat, house, *ply)?;
            let game = live.view();
            Ok(ServerMessage::Played {
                report: &report,
                game: &game,
            }
            .text())
        }
        ClientMessage::OfferEnd { ply } => live.offer_end(seat, *ply).map(|()| state(live)),
        ClientMessage::AcceptEnd { ply } => live.accept_end(seat, *ply).map(|()| state(live)),
        ClientMessage::Resign { ply } => live.resign(seat, *ply).map(|()| state(live)),
        ClientMessage::Rematch {} => Ok(state(live)),
        ClientMessage::Point { house } => {
            let side = seat.map_or("", side_name);
            match live.point(seat, house.as_deref())? {
                Some(last) => Ok(ServerMessage::Pointing {
                    side,
                    house: house.as_deref(),
                    last,
                }
                .text()),
                None => return Ok((Arc::from(""), None)),
            }
        }
    };
    answer.map(|text| (text, None))
}

/// The state message of `live`.
fn state(live: &Live) -> Arc<str> {
    ServerMessage::State { game: &live.view() }.text()
}

/// The error message `error`.
fn error(error: impl std::fmt::Display) -> Arc<str> {
    ServerMessage::Error {
        error: error.to_string(),
    }
    .text()
}

/// A live game in memory, with the channel its pages listen on.
#[derive(Debug)]
pub struct LiveGame {
    state: Mutex<Live>,
    tx: broadcast::Sender<Arc<str>>,
}

impl LiveGame {
    fn lock(&self) -> MutexGuard<'_, Live> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The live games with a page open, and the connections.
#[derive(Debug)]
pub struct Hub {
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    connections: AtomicUsize,
    spectators: AtomicUsize,
    limits: LiveLimits,
}

impl Hub {
    /// No games yet, at most `limits`.
    pub fn new(limits: LiveLimits) -> Hub {
        Hub {
            games: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            spectators: AtomicUsize::new(0),
            limits,
        }
    }

    fn games(&self) -> MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        self.games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The live games in memory.
    pub fn held(&self) -> usize {
        self.games().len()
    }

    /// The open connections, players' and spectators'.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::Relaxed) + self.spectators.load(Ordering::Relaxed)
    }

    /// The count and the limit of one kind of connection.
    fn kind(&self, player: bool) -> (&AtomicUsize, usize) {
        if player {
            (&self.connections, self.limits.connections)
        } else {
            (&self.spectators, self.limits.spectators)
        }
    }
}

/// A page's place in a game: the game, its seat, its `seated` message (with
/// the seat's token if the page has just taken it), and its channel.
struct Joined {
    game: Arc<LiveGame>,
    seat: Option<Side>,
    seated: Arc<str>,
    rx: broadcast::Receiver<Arc<str>>,
}

/// Opens game `id` for a page with `seat` (a token, or the open seat's
/// code and a name): from memory or from the store, counted as present.
/// Gives the game, the seat and the page's channel, subscribed before its
/// first message is made.
fn join(app: &App, id: &str, seat: &Seat) -> Result<Joined, ApiError> {
    let mut games = app.live.games();
    let game = match games.get(id) {
        Some(game) => Arc::clone(game),
        None => {
            if games.len() >= app.live.limits.games {
                return Err(ApiError::busy(
                    "too many live games are open; try again later",
                ));
            }
            let stored = app
                .store()
                .live_game(id)?
                .ok_or_else(|| ApiError::no_game(id))?;
            let live = Live::from_stored(&stored).map_err(ApiError::internal)?;
            let (tx, _) = broadcast::channel(BACKLOG);
            let game = Arc::new(LiveGame {
                state: Mutex::new(live),
                tx,
            });
            games.insert(id.to_owned(), Arc::clone(&game));
            game
        }
    };
    // Subscribed and seated under the game's lock, under which every move
    // is sent: a move is either in the seated game or on the channel, never both.
    let mut live = game.lock();
    let rx = game.tx.subscribe();
    if live.flag(now_ms()) {
        store_live(app, &live)?;
    }
    let mut taken = None;
    let mut side = live
        .seat(seat.token.as_deref())
        .filter(|&s| live.room_for(s));
    if let Some(code) = seat.invite.as_deref()
        && let Some(open) = live.invited(code)
    {
        let name = crate::app::clean_name(seat.name.as_deref().unwrap_or(""));
        if app.store().take_seat(id, code, &name)?.is_some() {
            taken = Some(live.take_seat(open, name));
            side = Some(open);
            app.store()
                .update_record(&live.id, &live.record_text(), live.result_text())?;
        }
    }
    live.count(side, true);
    let seated = ServerMessage::Seated {
        you: side.map(side_name),
        token: taken.as_deref(),
        game: &live.view(),
    }
    .text();
    let _ = game.tx.send(state(&live));
    drop(live);
    Ok(Joined {
        game,
        seat: side,
        seated,
        rx,
    })
}

/// Whether `seat` would open a seat of game `id` (a player's connection)
/// rather than watch it.
fn opens_seat(app: &App, id: &str, seat: &Seat) -> bool {
    let check = |live: &Live| {
        live.seat(seat.token.as_deref())
            .is_some_and(|s| live.room_for(s))
            || seat
                .invite
                .as_deref()
                .and_then(|c| live.invited(c))
                .is_some()
    };
    if seat.token.is_none() && seat.invite.is_none() {
        return false;
    }
    if let Some(game) = app.live.games().get(id) {
        return check(&game.lock());
    }
    match app.store().live_game(id) {
        Ok(Some(stored)) => Live::from_stored(&stored).is_ok_and(|live| check(&live)),
        _ => false,
    }
}

/// A page on `seat` closed: the game leaves memory when no page is open.
fn leave(app: &App, id: &str, game: &LiveGame, seat: Option<Side>) {
    let mut games = app.live.games();
    let mut live = game.lock();
    live.count(seat, false);
    if live.deserted() {
        games.remove(id);
    } else {
        let _ = game.tx.send(state(&live));
    }
}

/// Handles one message from a page on `seat`: played and stored, then
/// sent to every page; or refused, to that page alone.
fn handle(app: &App, game: &LiveGame, seat: Option<Side>, text: &str) -> Option<Arc<str>> {
    if text.len() > MAX_MESSAGE {
        return Some(error(format!(
            "the message is {} bytes: at most {MAX_MESSAGE} are read",
            text.len()
        )));
    }
    let message: ClientMessage = match serde_json::from_str(text) {
        Ok(message) => message,
        Err(e) => return Some(error(format!("bad message: {e}"))),
    };
    let mut live = game.lock();
    let before = live.clone();
    match apply(&mut live, seat, &message) {
        Ok((answer, next)) => {
            let changed = live.game().ply() != before.game().ply() || live.over() != before.over();
            let stored = match &next {
                Some(next) => app.store().insert_live(&next.stored()),
                None if changed => store_live(app, &live),
                None => Ok(()),
            };
            if let Err(e) = stored {
                *live = before;
                return Some(error(ApiError::internal(e).message()));
            }
            if !answer.is_empty() {
                let _ = game.tx.send(answer);
            }
            None
        }
        Err(refusal) => Some(error(refusal)),
    }
}

/// Stores `live`'s record, result and clock.
fn store_live(app: &App, live: &Live) -> rusqlite::Result<()> {
    app.store()
        .update_record(&live.id, &live.record_text(), live.result_text())?;
    match live.clock_text() {
        Some(clock) => app.store().update_clock(&live.id, &clock),
        None => Ok(()),
    }
}

/// Ends, stores and announces the games in memory whose side to move has
/// run out of time.
fn flag_fallen(app: &App) {
    let games: Vec<Arc<LiveGame>> = app.live.games().values().cloned().collect();
    let now = now_ms();
    for game in games {
        let mut live = game.lock();
        if live.flag(now) {
            if let Err(e) = store_live(app, &live) {
                eprintln!("web: storing a game lost on time: {e}");
            }
            let _ = game.tx.send(state(&live));
        }
    }
}

/// Watches the clocks of the games in memory, four times a second.
pub async fn watch_clocks(app: Arc<App>) {
    loop {
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        let app = Arc::clone(&app);
        let _ = tokio::task::spawn_blocking(move || flag_fallen(&app)).await;
    }
}

/// The query of the socket's address.
#[derive(Deserialize, Debug, Default, Clone)]
pub struct Seat {
    /// The seat's secret token; none to watch.
    token: Option<String>,
    /// The code of the link to the open seat, to take it.
    invite: Option<String>,
    /// The name of the page taking the open seat.
    name: Option<String>,
}

/// `GET /api/live/<id>/ws`: the page's socket, if the server takes one more.
pub async fn socket(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(seat): Query<Seat>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let player = {
        let (id, seat) = (id.clone(), seat.clone());
        blocking(&app, move |app| opens_seat(app, &id, &seat))
            .await
            .unwrap_or(false)
    };
    let Some(slot) = Slot::take(&app, player) else {
        return ApiError::busy("too many connections; try again later").into_response();
    };
    upgrade
        // Small buffers: a page's messages are a few KiB (tungstenite's
        // default of 128 KiB each way would be most of a game's memory).
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| async move {
            serve(&app, socket, id, seat).await;
            drop(slot);
        })
}

/// One of the connections the server takes, a player's or a spectator's,
/// given back when dropped (also when the upgrade fails and the socket
/// never opens).
struct Slot(Arc<App>, bool);

impl Slot {
    /// A connection of a `player` or a spectator, if fewer than that
    /// kind's limit are open.
    fn take(app: &Arc<App>, player: bool) -> Option<Slot> {
        let (count, limit) = app.live.kind(player);
        let taken = count.fetch_add(1, Ordering::SeqCst);
        if taken >= limit {
            count.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Slot(Arc::clone(app), player))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.live.kind(self.1).0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs `f` on a blocking thread (SQLite).
async fn blocking<T: Send + 'static>(
    app: &Arc<App>,
    f: impl FnOnce(&App) -> T + Send + 'static,
) -> Option<T> {
    let app = Arc::clone(app);
    tokio::task::spawn_blocking(move || f(&app)).await.ok()
}

/// Serves one page's socket until it closes or the game expires.
async fn serve(app: &Arc<App>, mut socket: WebSocket, id: String, seat: Seat) {
    let key = id.clone();
    let joined = blocking(app, move |app| join(app, &key, &seat)).await;
    let Joined {
        game,
        seat,
        seated,
        mut rx,
    } = match joined {
        Some(Ok(joined)) => joined,
        Some(Err(e)) => {
            let _ = socket.send(text(error(e.message()))).await;
            return;
        }
        None => return,
    };
    if socket.send(text(seated)).await.is_ok() {
        relay(app, &mut socket, &game, seat, &mut rx).await;
    }
    let app2 = Arc::clone(app);
    let _ = tokio::task::spawn_blocking(move || leave(&app2, &id, &game, seat)).await;
}

/// Passes the page's messages to the game and the game's to the page.
async fn relay(
    app: &Arc<App>,
    socket: &mut WebSocket,
    game: &Arc<LiveGame>,
    seat: Option<Side>,
    rx: &mut broadcast::Receiver<Arc<str>>,
) {
    loop {
        let outgoing = tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(body))) => {
                    let game = Arc::clone(game);
                    let body = body.to_string();
                    match blocking(app, move |app| handle(app, &game, seat, &body)).await {
                        Some(Some(refusal)) => refusal,
                        Some(None) => continue,
                        None => return,
                    }
                }
                Some(Ok(Message::Binary(_))) => error("send JSON text, not binary"),
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => continue,
            },
            pushed = rx.recv() => match pushed {
                Ok(message) => message,
                Err(broadcast::error::RecvError::Lagged(_)) => state(&game.lock()),
                Err(broadcast::error::RecvError::Closed) => return,
            },
        };
        let expired = outgoing.starts_with("{\"type\":\"expired\"");
        if socket.send(text(outgoing)).await.is_err() || expired {
            return;
        }
    }
}

/// A text frame of `message`.
fn text(message: Arc<str>) -> Message {
    Message::Text(message.as_ref().into())
}

/// Deletes the abandoned games and tells their open pages.
pub fn expire(app: &App) -> rusqlite::Result<usize> {
    let secs = i64::try_from(app.live.limits.expiry_secs).unwrap_or(i64::MAX);
    let gone = app.store().expire_live(secs)?;
    let mut games = app.live.games();
    for id in &gone {
        if let Some(game) = games.remove(id) {
            let _ = game.tx.send(ServerMessage::Expired.text());
        }
    }
    Ok(gone.len())
}

/// Sweeps for abandoned games every so often, for ever.
pub async fn sweep(app: Arc<App>) {
    let every = std::time::Duration::from_secs(app.live.limits.expiry_secs.clamp(1, 60));
    loop {
        tokio::time::sleep(every).await;
        let app = Arc::clone(&app);
        if let Ok(Err(e)) = tokio::task::spawn_blocking(move || expire(&app)).await {
            eprintln!("web: expiring live games: {e}");
        }
    }
}

/// The body of a request to start a live game.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewLive {
    /// The creator's side, `"south"` (South moves first), `"north"` or
    /// `"random"` (default South).
    #[serde(default)]
    pub side: Option<String>,
    /// The creator's name (optional).
    #[serde(default)]
    pub name: Option<String>,
    /// The clock, if the game has one: each side's time and the increment.
    #[serde(default)]
    pub clock: Option<NewClock>,
    /// The ruleset's text (default `abapa`).
    #[serde(default)]
    pub ruleset: Option<String>,
    /// A position to start from instead of the ruleset's start.
    #[serde(default)]
    pub position: Option<String>,
}

/// The clock of a new live game.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewClock {
    /// Each side's time, in seconds (1 to 10 800).
    pub base_secs: u64,
    /// Added after each move, in seconds (0 to 60).
    #[serde(default)]
    pub increment_secs: u64,
}

/// A new live game: its id and the creator's and the opponent's seats.
#[derive(Serialize, Debug)]
pub struct Created {
    /// The game's id: `/live/<id>` watches it.
    pub id: String,
    /// The creator's side.
    pub side: &'static str,
    /// The creator's seat token.
    pub token: String,
    /// The code of the link to send: the first page to open it takes the
    /// other seat (`/live/<id>#join=<code>`).
    pub invite: String,
}

/// Starts a live game as `request` asks.
pub fn create(app: &App, request: &NewLive, start: Position) -> Result<Created, ApiError> {
    let side = match request.side.as_deref() {
        None => Side::South,
        Some("random") => {
            if crate::app::new_id().bytes().map(u32::from).sum::<u32>() % 2 == 0 {
                Side::South
            } else {
                Side::North
            }
        }
        Some(text) => parse_side(text)
            .ok_or_else(|| ApiError::bad("side must be \"south\", \"north\" or \"random\""))?,
    };
    let tokens = Sides {
        south: crate::app::new_id(),
        north: crate::app::new_id(),
    };
    let name = crate::app::clean_name(request.name.as_deref().unwrap_or(""));
    let names = match side {
        Side::South => Sides {
            south: name,
            north: String::new(),
        },
        Side::North => Sides {
            south: String::new(),
            north: name,
        },
    };
    let clock = match &request.clock {
        Some(c) => Some(Clock::new(c.base_secs, c.increment_secs).map_err(ApiError::bad)?),
        None => None,
    };
    let invite = crate::app::new_id();
    let live = Live::new(
        crate::app::new_id(),
        start,
        tokens,
        names,
        Some((!side, invite.clone())),
        clock,
    );
    app.store().insert_live(&live.stored())?;
    Ok(Created {
        token: side.fold_sn(&live.tokens.south, &live.tokens.north).clone(),
        id: live.id,
        side: side_name(side),
        invite,
    })
}

/// The game `id` as every page shows it (from memory, else the store).
pub fn view(app: &App, id: &str) -> Result<(LiveView, String), ApiError> {
    if let Some(game) = app.live.games().get(id) {
        let live = game.lock();
        return Ok((live.view(), live.record_text()));
    }
    let stored = app
        .store()
        .live_game(id)?
        .ok_or_else(|| ApiError::no_game(id))?;
    let mut live = Live::from_stored(&stored).map_err(ApiError::internal)?;
    if live.flag(now_ms()) {
        store_live(app, &live)?;
    }
    Ok((live.view(), live.record_text()))
}

/// A refused socket: a status and a sentence.
impl ApiError {
    /// The server is at a limit.
    pub fn busy(message: &str) -> ApiError {
        ApiError::with_status(StatusCode::SERVICE_UNAVAILABLE, message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live(position: &str) -> Live {
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

    const START: &str = "4,4,4,4,4,4/4,4,4,4,4,4 s 0 0";

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
    fn messages_read_strictly() {
        let read =
            |text: &str| serde_json::from_str::<ClientMessage>(text).map_err(|e| e.to_string());
        assert_eq!(
            read(r#"{"type":"move","house":"C","ply":3}"#),
            Ok(ClientMessage::Move {
                house: "C".into(),
                ply: 3
            })
        );
        assert!(
            read(r#"{"type":"move","house":"C"}"#)
                .unwrap_err()
                .contains("missing field `ply`")
        );
        assert_eq!(
            read(r#"{"type":"resign","ply":1}"#),
            Ok(ClientMessage::Resign { ply: 1 })
        );
        assert!(
            read(r#"{"type":"flip","ply":1}"#)
                .unwrap_err()
                .contains("unknown variant")
        );
        assert!(
            read(r#"{"type":"offer_end","ply":1,"x":2}"#)
                .unwrap_err()
                .contains("unknown field")
        );
        assert!(read(r#"{"type":"move","house":"C","ply":-1}"#).is_err());
    }

    #[test]
    fn apply_answers_everyone_or_refuses() {
        let mut g = live(START);
        let move_c = ClientMessage::Move {
            house: "C".into(),
            ply: 0,
        };
        let (answer, next) = apply(&mut g, Some(Side::South), &move_c).unwrap();
        assert!(next.is_none());
        assert!(
            answer.starts_with("{\"type\":\"played\",\"report\":{\"ply\":1,"),
            "{answer}"
        );
        assert_eq!(
            apply(&mut g, Some(Side::South), &move_c).unwrap_err(),
            Refusal::Stale { ply: 1 }
        );
        let text = error(Refusal::Watching);
        assert_eq!(
            &*text,
            r#"{"type":"error","error":"you are watching: only the two players move"}"#
        );
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
    fn a_clock_runs_for_the_side_to_move_from_the_first_move_and_flags_it() {
        assert!(Clock::new(0, 0).is_err() && Clock::new(60, 61).is_err());
        let mut clock = Clock::new(10, 2).unwrap();
        assert_eq!(
            clock.flagged(Side::South, 1_000_000),
            None,
            "not running before a move"
        );
        clock.moved(Side::South, 1_000);
        assert_eq!(
            clock.left(Side::South, Side::North, 1_000),
            10_000,
            "the first move is free"
        );
        assert_eq!(clock.left(Side::North, Side::North, 4_000), 7_000);
        clock.moved(Side::North, 4_000);
        assert_eq!(
            clock.left(Side::North, Side::South, 4_000),
            9_000,
            "7 s left and 2 s added"
        );
        assert_eq!(clock.flagged(Side::South, 13_999), None);
        assert_eq!(clock.flagged(Side::South, 14_000), Some(Side::South));
        assert_eq!(Clock::from_stored(&clock.stored()), Some(clock));
        assert_eq!(Clock::from_stored("1,2,3"), None);
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
    fn a_rematch_offered_and_accepted_swaps_colours_with_the_same_tokens() {
        let mut g = live(START);
        g.clock = Some(Clock::new(60, 1).unwrap());
        g.take_seat(Side::North, "Kofi".into());
        let rematch = ClientMessage::Rematch {};
        assert_eq!(
            apply(&mut g, Some(Side::South), &rematch).unwrap_err(),
            Refusal::NotOver
        );
        g.play(Some(Side::South), "C", 0).unwrap();
        g.resign(Some(Side::North), 1).unwrap();
        assert_eq!(
            apply(&mut g, None, &rematch).unwrap_err(),
            Refusal::Watching
        );
        let (_, none) = apply(&mut g, Some(Side::North), &rematch).unwrap();
        assert!(none.is_none());
        assert_eq!(g.view().rematch_offer, Some("north"));
        let (_, again) = apply(&mut g, Some(Side::North), &rematch).unwrap();
        assert!(
            again.is_none(),
            "an offer is accepted by the other side only"
        );
        let (text, next) = apply(&mut g, Some(Side::South), &rematch).unwrap();
        let next = next.unwrap();
        assert_eq!(
            apply(&mut g, Some(Side::North), &rematch).unwrap_err(),
            Refusal::Rematched,
            "one rematch a game"
        );
        assert_eq!(g.view().rematch_id.as_deref(), Some(next.id.as_str()));
        assert!(text.contains(&format!("\"id\":\"{}\"", next.id)), "{text}");
        assert_eq!(
            next.seat(Some("s-token")),
            Some(Side::North),
            "colours swapped"
        );
        assert_eq!(next.seat(Some("n-token")), Some(Side::South));
        let view = next.view();
        assert_eq!(
            (view.names.south.as_str(), view.names.north.as_str()),
            ("Kofi", "Ama")
        );
        assert_eq!(
            (view.table.ply, view.open_seat, view.table.end.is_none()),
            (0, None, true)
        );
        let clock = view.clock.unwrap();
        assert_eq!(
            (clock.left.south, clock.left.north, clock.running),
            (60_000, 60_000, None)
        );
    }

    #[test]
    fn the_player_to_move_points_and_everyone_sees_where_the_last_seed_would_fall() {
        let mut g = live(START);
        let point = |house: Option<&str>| ClientMessage::Point {
            house: house.map(str::to_owned),
        };
        let (text, _) = apply(&mut g, Some(Side::South), &point(Some("C"))).unwrap();
        assert_eq!(
            &*text,
            r#"{"type":"pointing","side":"south","house":"C","last":"a"}"#
        );
        let (again, _) = apply(&mut g, Some(Side::South), &point(Some("C"))).unwrap();
        assert!(again.is_empty(), "the same house is not told twice");
        assert_eq!(
            apply(&mut g, Some(Side::North), &point(Some("a"))).unwrap_err(),
            Refusal::NotYourTurn
        );
        assert_eq!(
            apply(&mut g, None, &point(Some("C"))).unwrap_err(),
            Refusal::Watching
        );
        assert!(matches!(
            apply(&mut g, Some(Side::South), &point(Some("Q"))).unwrap_err(),
            Refusal::NotAHouse(_)
        ));
        g.pointed_at = 0; // past the pointing rate
        let (gone, _) = apply(&mut g, Some(Side::South), &point(None)).unwrap();
        assert_eq!(
            &*gone,
            r#"{"type":"pointing","side":"south","house":null,"last":null}"#
        );
        assert_eq!(g.game().ply(), 0, "pointing plays nothing");
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
