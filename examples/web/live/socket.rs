//! A page's WebSocket on a live game: the connection limits, joining the
//! game (and taking the open seat), relaying messages both ways, leaving.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use oware::Side;
use serde::Deserialize;
use tokio::sync::broadcast;

use super::clock::now_ms;
use super::game::Live;
use super::hub::LiveGame;
use super::lifecycle::store_live;
use super::protocol::{ClientMessage, MAX_MESSAGE, ServerMessage, apply, error, state};
use crate::app::{ApiError, App, clean_name};

/// The longest frame the socket reads at all (a longer one closes it).
const MAX_FRAME: usize = 16 * 1024;

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
            let game = Arc::new(LiveGame::new(live));
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
        let name = clean_name(seat.name.as_deref().unwrap_or(""));
        if app.store().take_seat(id, code, &name)?.is_some() {
            taken = Some(live.take_seat(open, name));
            side = Some(open);
            app.store()
                .update_record(&live.id, &live.record_text(), live.result_text())?;
        }
    }
    live.count(side, true);
    let seated = ServerMessage::Seated {
        you: side.map(Side::name),
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

/// A refused socket: a status and a sentence.
impl ApiError {
    /// The server is at a limit.
    pub fn busy(message: &str) -> ApiError {
        ApiError::with_status(StatusCode::SERVICE_UNAVAILABLE, message)
    }
}
