//! A playtest started from the page: the four playing styles, N games at each player count
//! the map allows, played in the background a chunk of games at a time (so a cancel, asked
//! from the page or by a save of the file, stops it within one chunk), reporting progress.
//! The figures are `ttrmap playtest`'s: the same games (`play_range` plays any split of a run
//! as the whole run would), the same report and the same HTML page of it.

use crate::engine::Game;
use crate::model::MapFile;
use crate::playtest::{Config, Report, html::render_html, play_range, report_from_totals};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The bots of a studio playtest: the four playing styles, for balance (as `playtest
/// --help` advises).
pub const STYLES: [&str; 4] = [
    "destination-hungry",
    "route-focus",
    "one-step",
    "long-route",
];

/// Most games a run may ask for at each player count.
pub const MAX_GAMES: u64 = 100_000;

/// Games played between two looks at the cancel flag and two progress reports.
const CHUNK: u64 = 20;

/// Where a run stands, as the page shows it.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Status {
    /// Counts runs: the page tells a new run from the last.
    pub run: u64,
    /// `idle`, `running`, `done`, `cancelled` or `failed`.
    pub state: &'static str,
    pub done: u64,
    pub total: u64,
    /// Why it was cancelled or failed, in a sentence.
    pub message: Option<String>,
    /// The version of the file it plays.
    pub version: u64,
    /// One report per player count, when done.
    pub reports: Vec<Report>,
}

/// The runs of one studio: at most one at a time.
#[derive(Default)]
pub struct Runs {
    status: Mutex<Status>,
    cancel: Mutex<Option<Arc<AtomicBool>>>,
    /// The HTML report of each player count of the last finished run.
    pages: Mutex<Vec<(u8, String)>>,
}

impl Runs {
    pub fn status(&self) -> Status {
        lock(&self.status).clone()
    }

    /// The HTML report of the last run at `players` players.
    pub fn page(&self, players: u8) -> Option<String> {
        lock(&self.pages)
            .iter()
            .find(|(p, _)| *p == players)
            .map(|(_, page)| page.clone())
    }

    /// Starts a run of `games` games per player count on `map` (file version `version`),
    /// calling `told` with the status after every chunk and at the end. `Err` when a run is
    /// going on or the request is out of range.
    pub fn start(
        self: &Arc<Self>,
        map: MapFile,
        version: u64,
        games: u64,
        told: impl Fn(&Status) + Send + 'static,
    ) -> Result<Status, String> {
        if !(1..=MAX_GAMES).contains(&games) {
            return Err(format!("games: between 1 and {MAX_GAMES}"));
        }
        let flag = {
            let mut cancel = lock(&self.cancel);
            if cancel.is_some() {
                return Err("a playtest is already running; cancel it first".into());
            }
            let flag = Arc::new(AtomicBool::new(false));
            *cancel = Some(Arc::clone(&flag));
            flag
        };
        let range = map.map.players;
        let counts: Vec<u8> = (range.min.max(2)..=range.max.max(2)).collect();
        let status = {
            let mut s = lock(&self.status);
            *s = Status {
                run: s.run + 1,
                state: "running",
                done: 0,
                total: games * counts.len() as u64,
                message: None,
                version,
                reports: Vec::new(),
            };
            s.clone()
        };
        let runs = Arc::clone(self);
        std::thread::spawn(move || {
            let outcome = runs.play(&map, &counts, games, &flag, &told);
            // The locks in the order `cancel` takes them: the run slot, then the status.
            let mut slot = lock(&runs.cancel);
            let mut s = lock(&runs.status);
            match outcome {
                Ok((reports, pages)) => {
                    s.state = "done";
                    s.reports = reports;
                    *lock(&runs.pages) = pages;
                }
                Err(Stop::Cancelled) => {
                    s.state = "cancelled";
                    if s.message.is_none() {
                        s.message = Some("cancelled".into());
                    }
                }
                Err(Stop::Failed(why)) => {
                    s.state = "failed";
                    s.message = Some(why);
                }
            }
            *slot = None;
            let end = s.clone();
            drop((s, slot));
            told(&end);
        });
        Ok(status)
    }

    /// Asks the running playtest, if any, to stop, saying why; true when one was running.
    pub fn cancel(&self, why: &str) -> bool {
        let cancel = lock(&self.cancel);
        let Some(flag) = cancel.as_ref() else {
            return false;
        };
        if !flag.swap(true, Ordering::SeqCst) {
            lock(&self.status).message = Some(why.to_string());
        }
        true
    }

    fn play(
        &self,
        map: &MapFile,
        counts: &[u8],
        games: u64,
        cancel: &AtomicBool,
        told: &impl Fn(&Status),
    ) -> Result<Played, Stop> {
        let config = Config {
            games,
            seed: 0,
            bots: STYLES.iter().map(|s| s.to_string()).collect(),
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            progress: false,
        };
        // The map's optional extensions are left out, as `ttrmap playtest` leaves them out
        // unless `--with` asks for them.
        let optional: Vec<String> = map
            .mechanics
            .optional()
            .iter()
            .map(|m| format!("mechanics.{m}"))
            .collect();
        let mut reports = Vec::new();
        let mut pages = Vec::new();
        for &players in counts {
            let game = Game::new_without(map, players, None, &optional)
                .map_err(|e| Stop::Failed(format!("{players} players: {e}")))?;
            let mut totals = crate::playtest::empty_totals(&game, &config).map_err(Stop::failed)?;
            let mut start = 0;
            while start < games {
                if cancel.load(Ordering::SeqCst) {
                    return Err(Stop::Cancelled);
                }
                let end = (start + CHUNK).min(games);
                let part = play_range(&game, &config, start..end, None).map_err(Stop::failed)?;
                totals = totals.merge(part);
                let status = {
                    let mut s = lock(&self.status);
                    s.done += end - start;
                    s.clone()
                };
                told(&status);
                start = end;
            }
            let mut report = report_from_totals(&game, &config, &totals).map_err(Stop::failed)?;
            report.fill_names(map);
            report.played_without.retain(|k| !optional.contains(k));
            report.extensions_not_played = optional.clone();
            let page = render_html(&report, map).map_err(|e| Stop::Failed(e.to_string()))?;
            pages.push((players, page));
            reports.push(report);
        }
        Ok((reports, pages))
    }
}

/// A finished run: a report per player count, and its HTML page by player count.
type Played = (Vec<Report>, Vec<(u8, String)>);

enum Stop {
    Cancelled,
    Failed(String),
}

impl Stop {
    fn failed(e: impl std::fmt::Display) -> Stop {
        Stop::Failed(e.to_string())
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
