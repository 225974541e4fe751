//! The table: the game in a lock, a condition the bots' thread and the waiting requests
//! watch, and the HTTP handlers of the Play tab.
//!
//! - `GET /api/play`: the view (JSON) of the designer deciding now, or of the one who
//!   decided last (`?seat=K` names a designer's seat; another seat is refused, 400); with
//!   `?wait=1` it answers once a designer decides or the game is over (at most 30 s later),
//!   so a client need not poll.
//! - `POST /api/play/act` with `{"version": V, "index": I}`: plays action `I` of the list the
//!   view at position `V` offered. Refused with 409 when the game is not at `V` or it is
//!   not the designer's turn, 400 when there is no action `I` or the body is not that
//!   JSON; a refused request changes nothing.
//! - `POST /api/play/new`: a new game of the file as it is now, with the same options and
//!   the next seed (the game under way, if any, is dropped unsaved); 409 while the file has
//!   errors, the game under way kept.

use super::session::Session;
use super::view::view;
use crate::studio::live::Event;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// The longest a `?wait=1` request waits.
const LONGEST_WAIT: Duration = Duration::from_secs(30);

/// Makes the next game: of the file as it is now, at this seed.
pub type NewGame = Box<dyn Fn(u64) -> Result<Session, String> + Send + Sync>;

pub struct Table {
    session: Mutex<Session>,
    new_game: NewGame,
    /// Notified after every action.
    changed: Condvar,
    delay: Duration,
    events: broadcast::Sender<Event>,
}

impl Table {
    /// The table, and its bots' thread started.
    pub fn start(
        new_game: NewGame,
        seed: u64,
        delay: Duration,
        events: broadcast::Sender<Event>,
    ) -> Result<Arc<Table>, String> {
        let mut session = new_game(seed)?;
        session.number = 1;
        let table = Arc::new(Table {
            session: Mutex::new(session),
            new_game,
            changed: Condvar::new(),
            delay,
            events,
        });
        let bots = Arc::clone(&table);
        std::thread::spawn(move || bots.play_bots());
        Ok(table)
    }

    /// Starts the next game (see the module comment); `Err` says why not.
    pub fn restart(&self) -> Result<String, (StatusCode, String)> {
        let (seed, number) = {
            let s = lock(&self.session);
            (s.setup.seed.wrapping_add(1), s.number + 1)
        };
        // Made with the table free: compiling a game and reading the file take a moment.
        let mut next = (self.new_game)(seed).map_err(|why| (StatusCode::CONFLICT, why))?;
        next.number = number;
        let mut s = lock(&self.session);
        if s.number >= number {
            return Err((
                StatusCode::CONFLICT,
                "another new game was started at the same time".into(),
            ));
        }
        *s = next;
        let json = serde_json::to_string(&view(&s, s.viewer())).unwrap_or_else(|_| "{}".into());
        let version = s.version;
        drop(s);
        self.told(version);
        Ok(json)
    }

    /// The bots' thread: while a bot decides, it waits `delay` and plays one action; else it
    /// sleeps until the designer acts.
    fn play_bots(&self) {
        let mut s = lock(&self.session);
        loop {
            if s.over() || s.designers_turn() {
                s = self.changed.wait(s).unwrap_or_else(|e| e.into_inner());
                continue;
            }
            if !self.delay.is_zero() {
                drop(s);
                std::thread::sleep(self.delay);
                s = lock(&self.session);
            }
            // The bot thinks with the table free: the page reads the game meanwhile.
            let Some(mut turn) = s.bot_turn() else {
                s = self.changed.wait(s).unwrap_or_else(|e| e.into_inner());
                continue;
            };
            drop(s);
            let action = turn.think();
            s = lock(&self.session);
            s.bot_played(turn, action);
            self.told(s.version);
        }
    }

    fn told(&self, version: u64) {
        self.changed.notify_all();
        let _ = self.events.send(Event::Play(version));
    }

    /// The view of designer's seat `seat` (from 1; `None`: [`Session::viewer`]) as JSON;
    /// with `wait`, once a designer decides or the game is over. `Err` for a seat that is
    /// no designer's.
    pub fn view_json(&self, seat: Option<u8>, wait: bool) -> Result<String, String> {
        let mut s = lock(&self.session);
        if wait {
            let until = Instant::now() + LONGEST_WAIT;
            while !(s.over() || s.designers_turn()) {
                let left = until.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    break;
                }
                s = self
                    .changed
                    .wait_timeout(s, left)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
        }
        let viewer = match seat {
            None => s.viewer(),
            Some(k) if k >= 1 && s.is_designer(k - 1) => k - 1,
            Some(k) => {
                return Err(format!(
                    "seat {k} is not yours: this page shows only the seats of --seat"
                ));
            }
        };
        Ok(serde_json::to_string(&view(&s, viewer)).unwrap_or_else(|_| "{}".into()))
    }

    /// Plays the designer's action; `Err` (status, message) when refused.
    pub fn act(&self, body: &str) -> Result<String, (StatusCode, String)> {
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Act {
            version: u64,
            index: usize,
        }
        let ask: Act = serde_json::from_str(body).map_err(|e| {
            (
                StatusCode::BAD_REQUEST,
                format!("bad request: {e} (send {{\"version\": V, \"index\": I}})"),
            )
        })?;
        let mut s = lock(&self.session);
        s.act(ask.version, ask.index).map_err(|r| {
            let status = StatusCode::from_u16(r.status).unwrap_or(StatusCode::CONFLICT);
            (status, r.message)
        })?;
        let version = s.version;
        let json = serde_json::to_string(&view(&s, s.viewer())).unwrap_or_else(|_| "{}".into());
        drop(s);
        self.told(version);
        Ok(json)
    }
}

/// `GET /api/play[?wait=1][&seat=K]`.
pub async fn get(table: Arc<Table>, query: Option<String>) -> Response {
    let pairs = || query.iter().flat_map(|q| q.split('&'));
    let wait = pairs().any(|p| p == "wait=1");
    let seat = match pairs().find_map(|p| p.strip_prefix("seat=")) {
        None => None,
        Some(k) => match k.parse::<u8>() {
            Ok(k) => Some(k),
            Err(_) => return message(StatusCode::BAD_REQUEST, "seat=K: a seat number"),
        },
    };
    match tokio::task::spawn_blocking(move || table.view_json(seat, wait)).await {
        Ok(Ok(json)) => json_response(StatusCode::OK, json),
        Ok(Err(why)) => message(StatusCode::BAD_REQUEST, &why),
        Err(e) => message(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

/// `POST /api/play/new`.
pub async fn new_game(table: Arc<Table>) -> Response {
    match tokio::task::spawn_blocking(move || table.restart()).await {
        Ok(Ok(json)) => json_response(StatusCode::OK, json),
        Ok(Err((status, why))) => message(status, &why),
        Err(e) => message(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

/// `POST /api/play/act`.
pub async fn act(table: Arc<Table>, body: String) -> Response {
    match tokio::task::spawn_blocking(move || table.act(&body)).await {
        Ok(Ok(json)) => json_response(StatusCode::OK, json),
        Ok(Err((status, why))) => message(status, &why),
        Err(e) => message(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

fn json_response(status: StatusCode, body: String) -> Response {
    (
        status,
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

fn message(status: StatusCode, text: &str) -> Response {
    json_response(status, serde_json::json!({ "message": text }).to_string())
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
