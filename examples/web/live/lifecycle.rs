//! A live game's life outside a socket: its creation, its storage, the
//! clocks' time forfeits, and the expiry of abandoned games.

use std::sync::Arc;

use oware::{Position, Side};
use serde::{Deserialize, Serialize};

use super::clock::{Clock, now_ms};
use super::game::{Live, LiveView};
use super::hub::LiveGame;
use super::protocol::{ServerMessage, state};
use crate::app::{ApiError, App, clean_name, new_id};
use crate::wire::Sides;

/// Stores `live`'s record, result and clock.
pub(super) fn store_live(app: &App, live: &Live) -> rusqlite::Result<()> {
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
            if new_id().bytes().map(u32::from).sum::<u32>() % 2 == 0 {
                Side::South
            } else {
                Side::North
            }
        }
        Some(text) => Side::from_name(text)
            .ok_or_else(|| ApiError::bad("side must be \"south\", \"north\" or \"random\""))?,
    };
    let tokens = Sides {
        south: new_id(),
        north: new_id(),
    };
    let name = clean_name(request.name.as_deref().unwrap_or(""));
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
    let invite = new_id();
    let live = Live::new(
        new_id(),
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
        side: side.name(),
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
