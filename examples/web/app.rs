//! The app's state, shared by every handler of the HTTP API (`api.rs`) and
//! the live games (`live/`): the store, the machines, the games in memory,
//! the limits, the errors sent to the client, and the game ids and names as
//! the server takes them. Both import it, and neither imports the other.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use oware::search::Level;
use oware::{Position, Ruleset, Side, Variant};

use crate::live::hub::{Hub, LiveLimits};
use crate::session::{self, Machines, Refusal, Session};
use crate::store::Store;
use crate::wire::{NewGame, Played};

/// The presets the pages offer, in the menus' order, each in the
/// library's words ([`Variant::description`]); a game against the machine
/// by one of them, from its start, is ranked.
pub const OFFERED: [Variant; 5] = [
    Variant::Abapa,
    Variant::Awale,
    Variant::OpenSpiel,
    Variant::Kalah,
    Variant::Congkak,
];
/// The longest name kept for the leaderboard, in characters.
const MAX_NAME: usize = 40;
/// The longest ruleset or position text read, in bytes.
const MAX_TEXT: usize = 200;

/// How many games the server holds and takes.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Games kept in memory; the least recently used is dropped (it is in
    /// the store) to make room.
    pub cached: usize,
    /// Games going on in the store; a new game beyond them is refused.
    pub open: u64,
}

/// What every handler shares.
#[derive(Debug)]
pub struct App {
    store: Store,
    machines: Machines,
    cache: Mutex<Cache>,
    limits: Limits,
    /// The live games.
    pub live: Hub,
}

/// The games in memory, each with the tick it was last used at.
#[derive(Debug, Default)]
struct Cache {
    games: HashMap<String, (Arc<Mutex<Session>>, u64)>,
    tick: u64,
}

impl Cache {
    /// The game `id` if held, marked as used now.
    fn get(&mut self, id: &str) -> Option<Arc<Mutex<Session>>> {
        self.tick += 1;
        let tick = self.tick;
        self.games.get_mut(id).map(|(game, used)| {
            *used = tick;
            Arc::clone(game)
        })
    }

    /// Holds `session`, dropping the least recently used game if `cap` are held.
    fn insert(&mut self, session: Session, cap: usize) -> Arc<Mutex<Session>> {
        while self.games.len() >= cap.max(1) {
            let oldest = self.games.iter().min_by_key(|(_, (_, used))| *used);
            let Some(id) = oldest.map(|(id, _)| id.clone()) else {
                break;
            };
            self.games.remove(&id);
        }
        self.tick += 1;
        let id = session.id.clone();
        let game = Arc::new(Mutex::new(session));
        self.games.insert(id, (Arc::clone(&game), self.tick));
        game
    }
}

/// An error for the client: a status and a sentence, sent as
/// `{"error": "..."}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// An error of `status` saying `message`.
    pub fn with_status(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError::new(status, message)
    }

    /// The sentence for the client.
    pub fn message(&self) -> &str {
        &self.message
    }

    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// A bad request.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// No game `id`.
    pub fn no_game(id: &str) -> ApiError {
        let shown: String = id.chars().take(32).collect();
        ApiError::new(StatusCode::NOT_FOUND, format!("no game {shown:?}"))
    }

    /// The server failed; `what` goes to its log.
    pub fn internal(what: impl std::fmt::Display) -> ApiError {
        eprintln!("web: {what}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server failed; try again",
        )
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        let status = match refusal {
            Refusal::Stale { .. }
            | Refusal::Over
            | Refusal::NothingToUndo
            | Refusal::NoOffer
            | Refusal::NotMachinesTurn
            | Refusal::NotOver
            | Refusal::Rematched => StatusCode::CONFLICT,
            Refusal::Watching | Refusal::NotYourTurn => StatusCode::FORBIDDEN,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError::new(status, refusal.to_string())
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> ApiError {
        ApiError::internal(e)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let status = match rejection {
            JsonRejection::BytesRejection(_) => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(
            status,
            format!("bad request body: {}", rejection.body_text()),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, Json(body)).into_response()
    }
}

impl App {
    /// The app on `store`, its machines' choices seeded by `seed`.
    pub fn new(store: Store, seed: u64, limits: Limits, live: LiveLimits) -> App {
        App {
            store,
            machines: Machines::new(seed),
            cache: Mutex::new(Cache::default()),
            limits,
            live: Hub::new(live),
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The machines that play against people.
    pub fn machines(&self) -> &Machines {
        &self.machines
    }

    /// Refuses a new game if the store has as many going on as it takes.
    pub fn room(&self) -> Result<(), ApiError> {
        if self.store.open_games()? >= self.limits.open {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "too many games are going on; try again later",
            ));
        }
        Ok(())
    }

    /// The cache, even if a panicking thread held it.
    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The game `id`, from memory or else from the store.
    pub fn session(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        let id = well_formed(id)?;
        let id = id.as_str();
        if let Some(game) = self.cache().get(id) {
            return Ok(game);
        }
        let stored = self.store.game(id)?.ok_or_else(|| ApiError::no_game(id))?;
        let session = Session::from_stored(&stored).map_err(ApiError::internal)?;
        Ok(self.cache().insert(session, self.limits.cached))
    }

    /// Runs `f` on the game `id`, locked, and stores it afterwards if `f`
    /// changed it (a refusal changes nothing).
    pub fn with_session<T>(
        &self,
        id: &str,
        f: impl FnOnce(&App, &mut Session) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let game = self.session(id)?;
        let mut session = game.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let ply = session.game().ply();
        let moves = session.game().moves().to_vec();
        let answer = f(self, &mut session)?;
        if session.game().ply() != ply || session.game().moves() != moves {
            self.save(&session)?;
        }
        Ok(answer)
    }

    /// Stores `session`'s record, and its result once it is over.
    fn save(&self, session: &Session) -> Result<(), ApiError> {
        self.store
            .update_record(&session.id, &session.record_text(), session.result_text())?;
        if let Some(result) = session.result() {
            self.store.insert_result(&session.id, &result)?;
        }
        Ok(())
    }

    /// Starts a game as `request` asks, with the machine's first moves if
    /// it moves first.
    pub fn create(&self, request: &NewGame) -> Result<Played, ApiError> {
        let start = start_position(request.ruleset.as_deref(), request.position.as_deref())?;
        let level = Level::from_number(request.level).ok_or_else(|| {
            ApiError::bad(format!("no level {}: the levels are 1 to 5", request.level))
        })?;
        let you = Side::from_name(&request.side)
            .ok_or_else(|| ApiError::bad("side must be \"south\" or \"north\""))?;
        self.room()?;
        let name = clean_name(request.name.as_deref().unwrap_or(""));
        if !leaderboard_name(&name) {
            return Err(ApiError::bad(
                "a leaderboard name is made of letters A-Z and a-z, digits, spaces and - _ . '",
            ));
        }
        if !name.is_empty() {
            self.claim(&name, request.name_secret.as_deref())?;
        }
        let mut session = Session::new(new_id(), start, you, level, name);
        if request.position.is_some() {
            session.unrank(session::SET_UP);
        } else if !OFFERED
            .iter()
            .any(|v| v.name() == session.game().ruleset().to_string())
        {
            session.unrank(session::CUSTOM_RULES);
        }
        self.store.insert_game(&session.stored())?;
        let reports = self.machines.reply(&mut session);
        self.save(&session)?;
        let game = session.view();
        self.cache().insert(session, self.limits.cached);
        Ok(Played { reports, game })
    }
}

impl App {
    /// Plays under `name` with `secret`, claiming the name if nobody has.
    fn claim(&self, name: &str, secret: Option<&str>) -> Result<(), ApiError> {
        let secret = secret.filter(|s| {
            (16..=64).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric())
        });
        let secret = secret.ok_or_else(|| {
            ApiError::bad(
                "a name comes with name_secret, 16 to 64 letters and digits kept by the browser",
            )
        })?;
        if self.store.claim_name(name, secret)? {
            Ok(())
        } else {
            Err(ApiError::with_status(
                StatusCode::CONFLICT,
                format!(
                    "the name {name:?} is taken: it belongs to the browser that first played under it; choose another"
                ),
            ))
        }
    }

    /// Takes game `s` off the leaderboard for `why`, in the store too.
    pub fn unrank(&self, s: &mut Session, why: &str) -> Result<(), ApiError> {
        if s.unrank(why) {
            self.store.mark_unranked(&s.id, why)?;
        }
        Ok(())
    }
}

/// The start of a game of `ruleset` (Abapa by default) from `position`,
/// else the ruleset's start.
pub fn start_position(ruleset: Option<&str>, position: Option<&str>) -> Result<Position, ApiError> {
    let ruleset_text = ruleset.unwrap_or("abapa");
    if ruleset_text.len() > MAX_TEXT {
        return Err(ApiError::bad("the ruleset text is too long"));
    }
    let ruleset: Ruleset = ruleset_text
        .parse()
        .map_err(|e| ApiError::bad(format!("ruleset {ruleset_text:?}: {e}")))?;
    match position {
        None => Ok(Position::new(ruleset)),
        Some(text) if text.len() > MAX_TEXT => Err(ApiError::bad("the position text is too long")),
        Some(text) => Position::from_str_with_ruleset(text, ruleset)
            .map_err(|e| ApiError::bad(format!("position {text:?}: {e}"))),
    }
}

/// `id` if it can be a game's id (1 to 32 letters and digits).
pub fn well_formed(id: &str) -> Result<String, ApiError> {
    if id.is_empty() || id.len() > 32 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ApiError::no_game(id));
    }
    Ok(id.to_owned())
}

/// A name fit for the leaderboard: printable, trimmed, at most 40 characters.
pub fn clean_name(name: &str) -> String {
    let printable: String = name
        .chars()
        .filter(|&c| !c.is_control() && !invisible(c))
        .collect();
    printable.trim().chars().take(MAX_NAME).collect()
}

/// Whether `c` shows nothing or turns the text around it: zero-width
/// characters, joiners, bidirectional controls, the soft hyphen, the
/// byte-order mark (a name could otherwise pass for another).
fn invisible(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}'
        | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}')
}

/// Whether `name` may stand on the leaderboard: ASCII letters, digits,
/// spaces and `-_.'` only, so that no two names look alike (as lichess's
/// user names; a name in other letters could pass for a Latin one).
fn leaderboard_name(name: &str) -> bool {
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.' | '\''))
}

/// A fresh game id: 16 letters and digits from the standard library's
/// randomly keyed hasher and the clock.
pub fn new_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    let (mut a, mut b) = (hasher.finish(), {
        hasher.write_u8(1);
        hasher.finish()
    });
    (0..16)
        .map(|i| {
            let word = if i < 8 { &mut a } else { &mut b };
            let c = ALPHABET[(*word % ALPHABET.len() as u64) as usize];
            *word /= ALPHABET.len() as u64;
            char::from(c)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_printable_and_short() {
        assert_eq!(clean_name("  Ama\u{7}  "), "Ama");
        assert_eq!(clean_name(&"x".repeat(100)).len(), MAX_NAME);
        assert_eq!(clean_name("Che\u{200b}ater\u{202e}"), "Cheater");
        assert!(leaderboard_name("Ama K. O'Neil-2_x"));
        assert!(!leaderboard_name("\u{410}lice"), "a Cyrillic A");
    }

    #[test]
    fn ids_are_sixteen_fresh_letters() {
        let (a, b) = (new_id(), new_id());
        assert_eq!(a.len(), 16);
        assert!(a.bytes().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
    }

    #[test]
    fn the_cache_drops_the_least_recently_used_game() {
        let mut cache = Cache::default();
        let session = |id: &str| {
            Session::new(
                id.into(),
                Position::default(),
                oware::Side::South,
                Level::One,
                String::new(),
            )
        };
        cache.insert(session("a"), 2);
        cache.insert(session("b"), 2);
        assert!(cache.get("a").is_some());
        cache.insert(session("c"), 2);
        let mut held: Vec<&String> = cache.games.keys().collect();
        held.sort();
        assert_eq!(held, ["a", "c"]);
    }
}
