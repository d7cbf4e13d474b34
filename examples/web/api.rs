//! The HTTP API and the pages: every request about a game runs on a
//! blocking thread (the engine searches, SQLite writes), the game held by
//! its own lock while a move is checked, played, answered and stored.

use std::sync::{Arc, OnceLock};

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use oware::search::Level;

use crate::app::{self, ApiError, App, start_position, well_formed};
use crate::lessons;
use crate::live::{self, LiveView, NewLive};
use crate::session::{self, Refusal};
use crate::store::LevelBoard;
use crate::wire::{GameView, Hint, LessonTry, MoveRequest, NewGame, Played, ReportView};

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 2048;
/// A handler's answer.
type Answer<T> = Result<Json<T>, ApiError>;

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
                reports.extend(app.machines().reply(s));
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
                reports: app.machines().reply(s),
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

/// The report of the move played at ply `ply` of `game` (the core's
/// [`oware::Game::report`]), with the positions around it.
fn replay(game: &oware::Game, ply: usize) -> Option<ReportView> {
    let report = game.report(ply)?;
    let positions = game.positions();
    Some(ReportView::new(
        &report,
        ply,
        &positions[ply - 1],
        &positions[ply],
    ))
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
    ApiError::with_status(StatusCode::NOT_FOUND, format!("the game has no ply {ply}"))
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
    blocking(app, move |app| Ok(app.store().leaderboard(&ruleset)?)).await
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
    let rulesets: Vec<String> = app::OFFERED
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
    lessons::find(slug)
        .ok_or_else(|| ApiError::with_status(StatusCode::NOT_FOUND, "no such lesson"))
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
        return ApiError::with_status(StatusCode::NOT_FOUND, "no such page").into_response();
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
        for variant in app::OFFERED {
            let option = format!(
                "<option value=\"{}\">{}</option>",
                variant.name(),
                variant.description()
            );
            assert_eq!(page.matches(&option).count(), 3, "{option}");
        }
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
