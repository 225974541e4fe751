//! The studio's one source of truth, the file on disk, as last read: its version, the board,
//! the problems, and the JSON every page is sent. `reload` reads and checks the file again
//! (the watcher calls it on every change), and tells the pages through `events`.

use super::playtest::Runs;
use super::snapshot::{Board, Snapshot, problems};
use crate::load::Loaded;
use crate::playtest::record::map_hash;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// What the command line gives the studio that lives above it: how `ttrmap check` reads a
/// file (lints included), and how `ttrmap layout --write` writes one.
#[derive(Clone, Copy)]
pub struct Hooks {
    /// The file's bytes (named `name`) loaded and linted as `ttrmap check` reports them.
    pub check: fn(&str, &[u8]) -> Loaded,
    /// Writes `position` as the `position` of city `index` (whose id must be `id`) into
    /// `text`, the file's current text, and replaces the file whole; `Err` says why not.
    pub write_position: fn(&std::path::Path, &str, &PositionEdit) -> Result<(), String>,
}

/// A city moved on the page.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct PositionEdit {
    pub index: usize,
    pub id: String,
    pub position: [f64; 2],
    /// The stamp of the version the page showed when the city was dragged.
    pub stamp: String,
}

/// What the pages are told as it happens.
#[derive(Debug, Clone)]
pub enum Event {
    /// A new version of the file was read: fetch the state.
    Version(u64),
    /// A playtest's status, as JSON.
    Playtest(Arc<String>),
    /// The game at the table moved to this position: fetch the play view.
    Play(u64),
}

/// The file as last read.
struct Current {
    version: u64,
    stamp: String,
    json: Arc<String>,
    board: Option<Arc<Board>>,
    /// Whether the board is of this version (no errors): only then may a playtest run.
    clean: bool,
}

pub struct Live {
    pub path: PathBuf,
    /// The file's name as the page and the excerpts show it.
    pub name: String,
    pub hooks: Hooks,
    pub events: broadcast::Sender<Event>,
    pub runs: Arc<Runs>,
    current: Mutex<Current>,
    /// Held while the file is read and checked, or written: one at a time.
    reading: Mutex<()>,
}

/// Why a drag was not written.
#[derive(Debug, PartialEq)]
pub enum WriteRefused {
    /// The file changed on disk since the page read it: the page reloads instead.
    Changed,
    Failed(String),
}

impl Live {
    pub fn new(path: PathBuf, name: String, hooks: Hooks) -> Arc<Live> {
        let (events, _) = broadcast::channel(64);
        Arc::new(Live {
            path,
            name,
            hooks,
            events,
            runs: Arc::default(),
            current: Mutex::new(Current {
                version: 0,
                stamp: String::new(),
                json: Arc::new("{}".into()),
                board: None,
                clean: false,
            }),
            reading: Mutex::new(()),
        })
    }

    /// The JSON of the current version.
    pub fn state_json(&self) -> Arc<String> {
        Arc::clone(&lock(&self.current).json)
    }

    pub fn version(&self) -> u64 {
        lock(&self.current).version
    }

    /// Reads and checks the file again. When its text changed: a new version, the pages
    /// told, and a running playtest (of the old text) cancelled. Returns whether it changed.
    pub fn reload(&self) -> bool {
        let _one = lock(&self.reading);
        self.reload_held()
    }

    fn reload_held(&self) -> bool {
        let bytes = std::fs::read(&self.path);
        // Unreadable (gone for a moment while an editor replaces it, or for good): a version
        // of its own, so the page says so; the last board stays.
        let stamp = match &bytes {
            Ok(b) => map_hash(b),
            Err(e) => format!("unreadable: {e}"),
        };
        let (version, board) = {
            let c = lock(&self.current);
            if c.stamp == stamp {
                return false;
            }
            (c.version, c.board.clone())
        };
        let loaded = bytes.map(|b| (self.hooks.check)(&self.name, &b));
        let version = version + 1;
        let (problems, board, clean, stale_reason, parsed) = match &loaded {
            Ok(l) => {
                let (board, clean, why) = match &l.map {
                    Some(map) if !l.has_errors() => match Board::draw(map.clone(), version) {
                        Ok(b) => (Some(Arc::new(b)), true, None),
                        Err(e) => (
                            board,
                            false,
                            Some(format!("the board cannot be drawn: {e}")),
                        ),
                    },
                    _ if l.spans.is_none() => (
                        board,
                        false,
                        Some("the file is not valid TOML: the last good board is shown".into()),
                    ),
                    _ => (
                        board,
                        false,
                        Some("the file has errors: the last board without errors is shown".into()),
                    ),
                };
                (
                    problems(l, board.as_deref()),
                    board,
                    clean,
                    why,
                    l.spans.is_some(),
                )
            }
            Err(e) => (
                Vec::new(),
                board,
                false,
                Some(format!("cannot read {}: {e}", self.name)),
                false,
            ),
        };
        let snapshot = Snapshot {
            version,
            file: &self.name,
            stamp: &stamp,
            parsed,
            current: clean,
            stale_reason,
            board: board.as_ref().map(|b| b.svg.as_str()),
            board_version: board.as_ref().map(|b| b.version),
            problems: &problems,
            details: board.as_ref().map(|b| &*b.details),
        };
        let json = Arc::new(serde_json::to_string(&snapshot).unwrap_or_else(|_| "{}".into()));
        *lock(&self.current) = Current {
            version,
            stamp,
            json,
            board,
            clean,
        };
        self.runs
            .cancel("the map changed on disk during the playtest: it was cancelled");
        let _ = self.events.send(Event::Version(version));
        true
    }

    /// The map of the current version, the stamp of its bytes ([`map_hash`]) and its
    /// version, when it checked clean.
    pub fn clean_map_stamped(&self) -> Option<(crate::model::MapFile, String, u64)> {
        let c = lock(&self.current);
        match (&c.board, c.clean) {
            (Some(b), true) => Some((b.map.clone(), c.stamp.clone(), c.version)),
            _ => None,
        }
    }

    /// The map of the current version and its version, when it checked clean.
    pub fn clean_map(&self) -> Option<(crate::model::MapFile, u64)> {
        let c = lock(&self.current);
        match (&c.board, c.clean) {
            (Some(b), true) => Some((b.map.clone(), c.version)),
            _ => None,
        }
    }

    /// Writes a dragged city's position, unless the file changed since the page read it.
    pub fn write_position(&self, edit: &PositionEdit) -> Result<(), WriteRefused> {
        let _one = lock(&self.reading);
        let text = std::fs::read(&self.path)
            .map_err(|e| WriteRefused::Failed(format!("cannot read {}: {e}", self.name)))?;
        if map_hash(&text) != edit.stamp {
            return Err(WriteRefused::Changed);
        }
        let text = String::from_utf8(text)
            .map_err(|_| WriteRefused::Failed(format!("{} is not UTF-8 text", self.name)))?;
        if !edit.position.iter().all(|v| v.is_finite()) {
            return Err(WriteRefused::Failed(
                "a position is two finite numbers".into(),
            ));
        }
        (self.hooks.write_position)(&self.path, &text, edit).map_err(WriteRefused::Failed)?;
        // Read at once rather than when the watcher hears of it: the page's next state is
        // the file it just wrote.
        self.reload_held();
        Ok(())
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
