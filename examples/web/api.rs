//! The HTTP API and the pages: every request about a game runs on a
//! blocking thread (the engine searches, SQLite writes), the game held by
//! its own lock while a move is checked, played, answered and stored.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use oware::search::Level;
use oware::{Position, Ruleset, Variant};

use crate::lessons;
use crate::live::{self, LiveView, NewLive};
use crate::session::{self, Machines, Refusal, Session};
use crate::store::{LevelBoard, Store};
use crate::wire::{self, GameView, Hint, LessonTry, MoveRequest, NewGame, Played, ReportView};

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 2048;
/// The presets the pages offer, in the menus' order, each in the
/// library's words ([`Variant::description`]); a game against the machine
/// by one of them, from its start, is ranked.
const OFFERED: [Variant; 5] = [
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
    pub live: live::Hub,
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

/// A handler's answer.
type Answer<T> = Result<Json<T>, ApiError>;

impl App {
    /// The app on `store`, its machines' choices seeded by `seed`.
    pub fn new(store: Store, seed: u64, limits: Limits, live: live::LiveLimits) -> App {
        App {
            store,
            machines: Machines::new(seed),
            cache: Mutex::new(Cache::default()),
            limits,
            live: live::Hub::new(live),
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Refuses a new game if the store has as many going on as it takes.
    fn room(&self) -> Result<(), ApiError> {
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
    fn session(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
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
    fn with_session<T>(
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
    fn create(&self, request: &NewGame) -> Result<Played, ApiError> {
        let start = start_position(request.ruleset.as_deref(), request.position.as_deref())?;
        let level = Level::from_number(request.level).ok_or_else(|| {
            ApiError::bad(format!("no level {}: the levels are 1 to 5", request.level))
        })?;
        let you = wire::parse_side(&request.side)
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
    fn unrank(&self, s: &mut Session, why: &str) -> Result<(), ApiError> {
        if s.unrank(why) {
            self.store.mark_unranked(&s.id, why)?;
        }
        Ok(())
    }
}

/// The start of a game of `ruleset` (Abapa by default) from `position`,
/// else the ruleset's start.
fn start_position(ruleset: Option<&str>, position: Option<&str>) -> Result<Position, ApiError> {
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

/// Runs `f` on a blocking thread: engine searches and SQLite must not hold
/// up the async runtime.
async fn blocking<T: Send + 'static>(
    app: Arc<App>,
    f: impl FnOnce(&App) -> Result<T, ApiError> + Send + 'static,
) -> Answer<T> {
    tokio::task::spawn_blocking(move || f(&app))
        .await
        .map_err(ApiError::internal)?
        .map(Json)
}

async fn create_game(
    State(app): State<Arc<App>>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Answer<Played> {
    let Json(request) = body?;
    blocking(app, move |app| app.create(&request)).await
}

async fn show_game(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<GameView> {
    blocking(app, move |app| app.with_session(&id, |_, s| Ok(s.view()))).await
}

async fn play_move(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Result<Json<MoveRequest>, JsonRejection>,
) -> Answer<Played> {
    let Json(request) = body?;
    blocking(app, move |app| {
        app.with_session(&id, |app, s| {
            let mut reports = vec![s.play_person(&request.house, request.ply)?];
            if request.reply {
                reports.extend(app.machines.reply(s));
            }
            Ok(Played {
                reports,
                game: s.view(),
            })
        })
    })
    .await
}

/// The machine's move (or moves: Kalah and Congkak give extra turns) when
/// it is to move: after a move sent with `"reply": false`, or in a game
/// opened while the machine was to move.
async fn machine_move(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<Played> {
    blocking(app, move |app| {
        app.with_session(&id, |app, s| {
            if s.game().is_game_over() {
                return Err(Refusal::Over.into());
            }
            if !s.machine_to_move() {
                return Err(Refusal::NotMachinesTurn.into());
            }
            Ok(Played {
                reports: app.machines.reply(s),
                game: s.view(),
            })
        })
    })
    .await
}

async fn undo(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<Played> {
    blocking(app, move |app| {
        app.with_session(&id, |app, s| {
            s.undo()?;
            app.unrank(s, session::UNDONE)?;
            Ok(Played {
                reports: Vec::new(),
                game: s.view(),
            })
        })
    })
    .await
}

async fn hint(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<Hint> {
    blocking(app, move |app| {
        app.with_session(&id, |app, s| {
            let hint = s.hint()?;
            app.unrank(s, session::HINTED)?;
            Ok(hint)
        })
    })
    .await
}

/// The library's report of ply `ply` of game `id`, replayed from the record.
async fn report(
    State(app): State<Arc<App>>,
    Path((id, ply)): Path<(String, usize)>,
) -> Answer<ReportView> {
    blocking(app, move |app| {
        app.with_session(&id, |_, s| replay(s.game(), ply).ok_or_else(|| no_ply(ply)))
    })
    .await
}

/// Plays `game` again from its start to ply `ply` and reports that move.
fn replay(game: &oware::Game, ply: usize) -> Option<ReportView> {
    let m = *game.moves().get(ply.checked_sub(1)?)?;
    let mut again = oware::Game::from_position(*game.start());
    for &earlier in &game.moves()[..ply - 1] {
        again.play_quiet(earlier).ok()?;
    }
    let before = *again.position();
    let report = again.play(m).ok()?;
    Some(ReportView::new(&report, ply, &before, again.position()))
}

/// A game record as a text file.
fn record_file(Json(text): Json<String>) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

async fn record(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    blocking(app, move |app| {
        app.with_session(&id, |_, s| Ok(s.record_text()))
    })
    .await
    .map(record_file)
}

async fn create_live(
    State(app): State<Arc<App>>,
    body: Result<Json<NewLive>, JsonRejection>,
) -> Answer<live::Created> {
    let Json(request) = body?;
    blocking(app, move |app| {
        let start = start_position(request.ruleset.as_deref(), request.position.as_deref())?;
        app.room()?;
        live::create(app, &request, start)
    })
    .await
}

async fn show_live(State(app): State<Arc<App>>, Path(id): Path<String>) -> Answer<LiveView> {
    blocking(app, move |app| Ok(live::view(app, &well_formed(&id)?)?.0)).await
}

/// The library's report of ply `ply` of live game `id`, replayed from the record.
async fn live_report(
    State(app): State<Arc<App>>,
    Path((id, ply)): Path<(String, usize)>,
) -> Answer<ReportView> {
    blocking(app, move |app| {
        let record: oware::record::Record = live::view(app, &well_formed(&id)?)?
            .1
            .parse()
            .map_err(ApiError::internal)?;
        replay(&record.game, ply).ok_or_else(|| no_ply(ply))
    })
    .await
}

/// A game has no ply `ply`.
fn no_ply(ply: usize) -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, format!("the game has no ply {ply}"))
}

async fn live_record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    blocking(app, move |app| Ok(live::view(app, &well_formed(&id)?)?.1))
        .await
        .map(record_file)
}

/// The query of the leaderboard: the ruleset (`abapa` when none).
#[derive(serde::Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct BoardQuery {
    ruleset: Option<String>,
}

async fn leaderboard(
    State(app): State<Arc<App>>,
    query: Result<Query<BoardQuery>, QueryRejection>,
) -> Answer<Vec<LevelBoard>> {
    let Query(query) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let text = query.ruleset.unwrap_or_else(|| "abapa".into());
    let ruleset = start_position(Some(&text), None)?.ruleset().to_string();
    blocking(app, move |app| Ok(app.store.leaderboard(&ruleset)?)).await
}

/// How busy the live games are.
#[derive(serde::Serialize, Debug)]
struct Stats {
    /// Live games in memory (a page open on them).
    live_games: usize,
    /// WebSocket connections open.
    connections: usize,
}

async fn stats(State(app): State<Arc<App>>) -> Json<Stats> {
    Json(Stats {
        live_games: app.live.held(),
        connections: app.live.connections(),
    })
}

/// The content type of the pages' scripts.
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// A static file, embedded in the binary.
fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// `main` (a page's own part) inside the shared layout, titled `title`,
/// with the shared board and speed setting in place of their marks.
fn in_layout(title: &str, main: &str) -> String {
    include_str!("static/layout.html")
        .replace("<!-- title -->", title)
        .replace("<!-- main -->", main)
        .replace("    <!-- board -->\n", include_str!("static/board.html"))
        .replace("      <!-- speed -->\n", include_str!("static/speed.html"))
}

/// The page `main` titled `title` in the layout, made once into `cell`.
fn laid_out(cell: &'static OnceLock<String>, title: &str, main: &str) -> Html<&'static str> {
    Html(cell.get_or_init(|| in_layout(title, main)))
}

async fn page() -> Html<&'static str> {
    static PAGE: OnceLock<String> = OnceLock::new();
    Html(PAGE.get_or_init(|| {
        in_layout(
            "Oware against the machine",
            &menus(include_str!("static/index.html")),
        )
    }))
}

/// `page` with its menus filled in from the library's words: each line
/// marked `<!-- levels -->` becomes the machine's levels as radio buttons
/// (the first checked), each marked `<!-- rulesets -->` the offered
/// presets as options, indented as the mark.
fn menus(page: &str) -> String {
    let levels: Vec<String> = Level::ALL
        .iter()
        .map(|level| {
            let n = level.number();
            let checked = if n == 1 { " checked" } else { "" };
            format!(
                "<label><input type=\"radio\" name=\"level\" value=\"{n}\"{checked}><span><b>Level {n}</b> {}</span></label>",
                level.description()
            )
        })
        .collect();
    let rulesets: Vec<String> = OFFERED
        .iter()
        .map(|v| {
            format!(
                "<option value=\"{}\">{}</option>",
                v.name(),
                v.description()
            )
        })
        .collect();
    let mut filled = String::with_capacity(page.len() + 2048);
    for line in page.lines() {
        let indent = &line[..line.len() - line.trim_start().len()];
        let items = match line.trim() {
            "<!-- levels -->" => &levels,
            "<!-- rulesets -->" => &rulesets,
            _ => {
                filled.push_str(line);
                filled.push('\n');
                continue;
            }
        };
        for item in items {
            filled.push_str(indent);
            filled.push_str(item);
            filled.push('\n');
        }
    }
    filled
}

async fn rules() -> Html<&'static str> {
    static PAGE: OnceLock<String> = OnceLock::new();
    laid_out(
        &PAGE,
        "The rules of Oware (Abapa)",
        include_str!("static/rules.html"),
    )
}

async fn script() -> Response {
    asset(JAVASCRIPT, include_str!("static/app.js"))
}

async fn style() -> Response {
    asset("text/css; charset=utf-8", include_str!("static/style.css"))
}

/// The game page for `/game/<id>`: 404 when there is no such game (the page
/// then says so).
async fn game_page(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let found = blocking(app, move |app| Ok(app.session(&id).is_ok())).await;
    found_or_missing(matches!(found, Ok(Json(true))), page().await)
}

/// The game page for `/live/<id>`: 404 when there is no such live game.
async fn live_page(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let found = blocking(app, move |app| {
        Ok(live::view(app, &well_formed(&id)?).is_ok())
    })
    .await;
    found_or_missing(matches!(found, Ok(Json(true))), page().await)
}

/// The lessons page for `/learn/<slug>`: 404 when there is no such lesson.
async fn lesson_page(Path(slug): Path<String>) -> Response {
    found_or_missing(lessons::find(&slug).is_some(), learn().await)
}

/// `page` as it is, or with the status 404 (a page whose script says what
/// is missing).
fn found_or_missing(found: bool, page: Html<&'static str>) -> Response {
    if found {
        page.into_response()
    } else {
        (StatusCode::NOT_FOUND, page).into_response()
    }
}

async fn learn() -> Html<&'static str> {
    static PAGE: OnceLock<String> = OnceLock::new();
    laid_out(
        &PAGE,
        "Learn to play Oware",
        include_str!("static/learn.html"),
    )
}

async fn learn_script() -> Response {
    asset(JAVASCRIPT, include_str!("static/learn.js"))
}

async fn board_script() -> Response {
    asset(JAVASCRIPT, include_str!("static/board.js"))
}

async fn course() -> Json<Vec<lessons::CourseEntry>> {
    Json(lessons::course())
}

fn lesson_at(slug: &str) -> Result<&'static lessons::Lesson, ApiError> {
    lessons::find(slug).ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such lesson"))
}

async fn show_lesson(Path(slug): Path<String>) -> Answer<lessons::LessonView> {
    Ok(Json(lesson_at(&slug)?.view()))
}

async fn try_lesson(
    Path(slug): Path<String>,
    body: Result<Json<LessonTry>, JsonRejection>,
) -> Answer<lessons::Attempt> {
    let Json(request) = body?;
    let lesson = lesson_at(&slug)?;
    Ok(Json(lesson.attempt(&request.house)?))
}

/// An unknown address: a JSON error under `/api/`, else a page that says
/// so and leads back.
async fn not_found(uri: axum::http::Uri) -> Response {
    if uri.path().starts_with("/api/") {
        return ApiError::new(StatusCode::NOT_FOUND, "no such page").into_response();
    }
    static PAGE: OnceLock<String> = OnceLock::new();
    let page = laid_out(
        &PAGE,
        "Not found · Oware",
        include_str!("static/missing.html"),
    );
    (StatusCode::NOT_FOUND, page).into_response()
}

/// The routes: the pages, their assets and the JSON API.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/game/{id}", get(game_page))
        .route("/live/{id}", get(live_page))
        .route("/leaderboard", get(page))
        .route("/rules", get(rules))
        .route("/learn", get(learn))
        .route("/learn/{slug}", get(lesson_page))
        .route("/static/app.js", get(script))
        .route("/static/board.js", get(board_script))
        .route("/static/learn.js", get(learn_script))
        .route("/static/style.css", get(style))
        .route("/api/games", post(create_game))
        .route("/api/games/{id}", get(show_game))
        .route("/api/games/{id}/moves", post(play_move))
        .route("/api/games/{id}/machine", post(machine_move))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/reports/{ply}", get(report))
        .route("/api/games/{id}/record", get(record))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/stats", get(stats))
        .route("/api/lessons", get(course))
        .route("/api/lessons/{slug}", get(show_lesson))
        .route("/api/lessons/{slug}/try", post(try_lesson))
        .route("/api/live", post(create_live))
        .route("/api/live/{id}", get(show_live))
        .route("/api/live/{id}/record", get(live_record))
        .route("/api/live/{id}/reports/{ply}", get(live_report))
        .route("/api/live/{id}/ws", get(live::socket))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_sit_in_the_layout() {
        let page = in_layout("Rules", "<main>R6</main>");
        assert!(page.contains("<title>Rules</title>"));
        assert!(page.contains(
            "<a href=\"/rules\">Rules</a>\n  </nav>\n</header>\n<main>R6</main>\n</body>"
        ));
    }

    #[test]
    fn the_menus_are_the_librarys_words() {
        let page = menus(include_str!("static/index.html"));
        assert!(!page.contains("<!-- levels -->") && !page.contains("<!-- rulesets -->"));
        for level in Level::ALL {
            assert!(page.contains(level.description()), "{level}");
        }
        assert!(page.contains(
            "        <label><input type=\"radio\" name=\"level\" value=\"1\" checked><span><b>Level 1</b>"
        ));
        for variant in OFFERED {
            let option = format!(
                "<option value=\"{}\">{}</option>",
                variant.name(),
                variant.description()
            );
            assert_eq!(page.matches(&option).count(), 3, "{option}");
        }
    }

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

    #[test]
    fn a_replayed_report_is_the_one_played() {
        let mut game = oware::Game::default();
        for m in ["C", "f", "B"] {
            game.play(m.parse().unwrap()).unwrap();
        }
        let report = replay(&game, 2).unwrap();
        assert_eq!(report.played, "f");
        assert_eq!(report.sown, ["A", "B", "C", "D"]);
        assert!(replay(&game, 0).is_none() && replay(&game, 4).is_none());
    }
}
