//! The HTTP side: the page (HTML, script and style shipped inside the binary), the state as
//! JSON, server-sent events, and the few things the page may ask for (a city's new position,
//! a playtest and its cancel). Every request goes through the guard first.
//!
//! Paths (all need `?token=`): `/` the page, `/studio.js`, `/studio.css`; `/api/state` the
//! current version; `/api/events` the event stream (`version`, `playtest`); `POST
//! /api/position`; `/api/playtest` its status, `POST /api/playtest/start` and
//! `/api/playtest/cancel`, `/api/playtest/report?players=N` the HTML report of a finished run.
//! With `--play`: `/play.js`, `/api/play` the designer's view of the game, `POST
//! /api/play/act` and `POST /api/play/new` (`play/api.rs`); without it those answer 404.

use super::guard::Guard;
use super::live::{Event, Live, PositionEdit, WriteRefused};
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::stream::{self, Stream, StreamExt};
use std::convert::Infallible;
use std::sync::Arc;
use tokio::sync::{broadcast, watch};

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/studio.js");
const STYLE: &str = include_str!("page/studio.css");
const PLAY_SCRIPT: &str = include_str!("page/play.js");

/// The page's own policy: nothing from anywhere but the studio (the SVG's fonts are data).
const PAGE_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'";

#[derive(Clone)]
pub struct App {
    pub live: Arc<Live>,
    pub guard: Arc<Guard>,
    /// Becomes true when the server stops: the event streams end.
    pub stopping: watch::Receiver<bool>,
    /// The game played by hand (`--play`).
    pub table: Option<Arc<super::play::Table>>,
}

pub fn router(app: App) -> Router {
    Router::new()
        .route("/", get(index))
        .route(
            "/studio.js",
            get(|| async { typed("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/studio.css",
            get(|| async { typed("text/css; charset=utf-8", STYLE) }),
        )
        .route(
            "/play.js",
            get(|| async { typed("text/javascript; charset=utf-8", PLAY_SCRIPT) }),
        )
        .route("/api/state", get(state))
        .route("/api/events", get(events))
        .route("/api/position", post(position))
        .route("/api/playtest", get(playtest_status))
        .route("/api/playtest/start", post(playtest_start))
        .route("/api/playtest/cancel", post(playtest_cancel))
        .route("/api/playtest/report", get(playtest_report))
        .route("/api/play", get(play_view))
        .route("/api/play/act", post(play_act))
        .route("/api/play/new", post(play_new))
        .layer(middleware::from_fn_with_state(app.clone(), admit))
        .with_state(app)
}

/// The guard, before anything else; and on every answer: never cached, never told to
/// another site as a referrer (the URL holds the token).
async fn admit(State(app): State<App>, req: Request, next: Next) -> Response {
    let verdict = {
        let text = |name| {
            req.headers()
                .get(name)
                .and_then(|v: &HeaderValue| v.to_str().ok())
        };
        app.guard
            .admit(req.uri().query(), text(header::HOST), text(header::ORIGIN))
    };
    let mut response = match verdict {
        Ok(()) => next.run(req).await,
        Err(why) => (StatusCode::FORBIDDEN, why.message()).into_response(),
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

fn typed(kind: &'static str, body: impl Into<Body>) -> Response {
    ([(header::CONTENT_TYPE, kind)], body.into()).into_response()
}

fn json(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

fn message(status: StatusCode, text: &str) -> Response {
    json(status, serde_json::json!({ "message": text }).to_string())
}

async fn index(State(app): State<App>) -> Response {
    let page = INDEX
        .replace("{{TOKEN}}", app.guard.token())
        .replace("{{FILE}}", &crate::render::svg::esc(&app.live.name))
        .replace(
            "{{GAME}}",
            if app.table.is_some() { "true" } else { "false" },
        );
    let mut r = typed("text/html; charset=utf-8", page);
    r.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(PAGE_POLICY),
    );
    r
}

async fn state(State(app): State<App>) -> Response {
    json(StatusCode::OK, app.live.state_json().to_string())
}

async fn events(State(app): State<App>) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let version = |v: u64| SseEvent::default().event("version").data(v.to_string());
    let first = version(app.live.version());
    let live = Arc::clone(&app.live);
    let rest = stream::unfold(
        (app.live.events.subscribe(), app.stopping.clone()),
        move |(mut rx, mut stopping)| {
            let live = Arc::clone(&live);
            async move {
                if *stopping.borrow() {
                    return None;
                }
                let event = tokio::select! {
                    _ = stopping.changed() => return None,
                    got = rx.recv() => match got {
                        Ok(Event::Version(v)) => version(v),
                        Ok(Event::Playtest(status)) => {
                            SseEvent::default().event("playtest").data(status.as_str())
                        }
                        Ok(Event::Play(v)) => SseEvent::default().event("play").data(v.to_string()),
                        // Missed some: the latest file version, on which the page reads
                        // again what it shows (the play page its game too: the moves
                        // missed may be the bots').
                        Err(broadcast::error::RecvError::Lagged(_)) => version(live.version()),
                        Err(broadcast::error::RecvError::Closed) => return None,
                    },
                };
                Some((Ok(event), (rx, stopping)))
            }
        },
    );
    Sse::new(stream::once(async move { Ok(first) }).chain(rest)).keep_alive(KeepAlive::default())
}

async fn position(State(app): State<App>, body: String) -> Response {
    let edit: PositionEdit = match serde_json::from_str(&body) {
        Ok(e) => e,
        Err(e) => return message(StatusCode::BAD_REQUEST, &format!("bad request: {e}")),
    };
    let live = Arc::clone(&app.live);
    let done = tokio::task::spawn_blocking(move || live.write_position(&edit)).await;
    match done {
        Ok(Ok(())) => message(StatusCode::OK, "written"),
        Ok(Err(WriteRefused::Changed)) => json(
            StatusCode::CONFLICT,
            serde_json::json!({
                "reload": true,
                "message": "the file changed on disk since the page read it: nothing written, the page shows the file as it is now",
            })
            .to_string(),
        ),
        Ok(Err(WriteRefused::Failed(why))) => message(StatusCode::UNPROCESSABLE_ENTITY, &why),
        Err(e) => message(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

fn status_json(app: &App) -> String {
    serde_json::to_string(&app.live.runs.status()).unwrap_or_else(|_| "{}".into())
}

async fn playtest_status(State(app): State<App>) -> Response {
    json(StatusCode::OK, status_json(&app))
}

async fn playtest_start(State(app): State<App>, body: String) -> Response {
    #[derive(serde::Deserialize)]
    struct Ask {
        games: u64,
    }
    let ask: Ask = match serde_json::from_str(&body) {
        Ok(a) => a,
        Err(e) => return message(StatusCode::BAD_REQUEST, &format!("bad request: {e}")),
    };
    let Some((map, version)) = app.live.clean_map() else {
        return message(
            StatusCode::CONFLICT,
            "the map has errors: a playtest plays a map that checks without errors",
        );
    };
    let events = app.live.events.clone();
    let told = move |s: &super::playtest::Status| {
        let text = serde_json::to_string(s).unwrap_or_else(|_| "{}".into());
        let _ = events.send(Event::Playtest(Arc::new(text)));
    };
    match app.live.runs.start(map, version, ask.games, told) {
        Ok(_) => json(StatusCode::OK, status_json(&app)),
        Err(why) => message(StatusCode::CONFLICT, &why),
    }
}

async fn playtest_cancel(State(app): State<App>) -> Response {
    if app.live.runs.cancel("cancelled from the page") {
        message(StatusCode::OK, "cancelling")
    } else {
        message(StatusCode::CONFLICT, "no playtest is running")
    }
}

async fn playtest_report(State(app): State<App>, req: Request) -> Response {
    let players = req
        .uri()
        .query()
        .into_iter()
        .flat_map(|q| q.split('&'))
        .find_map(|p| p.strip_prefix("players="))
        .and_then(|p| p.parse::<u8>().ok());
    match players.and_then(|p| app.live.runs.page(p)) {
        Some(page) => typed("text/html; charset=utf-8", page),
        None => message(
            StatusCode::NOT_FOUND,
            "no finished playtest at that player count",
        ),
    }
}

fn no_game() -> Response {
    message(
        StatusCode::NOT_FOUND,
        "no game at this studio: start it with `ttrmap studio MAP --play`",
    )
}

async fn play_view(State(app): State<App>, req: Request) -> Response {
    match app.table {
        Some(t) => super::play::api::get(t, req.uri().query().map(str::to_string)).await,
        None => no_game(),
    }
}

async fn play_act(State(app): State<App>, body: String) -> Response {
    match app.table {
        Some(t) => super::play::api::act(t, body).await,
        None => no_game(),
    }
}

async fn play_new(State(app): State<App>) -> Response {
    match app.table {
        Some(t) => super::play::api::new_game(t).await,
        None => no_game(),
    }
}
