//! `ttrmap import`: a folder of CSV files (the layout of the reference data, see
//! `docs/import.md`) → the text of a map file.
//!
//! The importer reads `cities.csv` and `routes.csv` (required), `tickets.csv` and
//! `map-settings.json` (optional), and writes TOML text itself rather than serialising the
//! model, so the output has one table per city, route and ticket in the order of the CSV rows,
//! and comments saying where each rule difference comes from. Nothing here prints or exits:
//! `crate::cli::import` decides what an error means for the exit code.

mod read;
mod rules;
pub(crate) mod slug;
mod write;

pub use slug::slug;

use crate::model::{Color, PlayerRange};
use std::fmt;
use std::path::{Path, PathBuf};

/// What the command line says about the map being imported.
#[derive(Debug, Clone)]
pub struct Options {
    /// `[map] id`.
    pub id: String,
    /// `[map] name`.
    pub name: String,
    /// The rule preset named by `[rules] base`.
    pub base: String,
    pub players: PlayerRange,
    /// Written as a `#:schema REF` first line when given.
    pub schema_ref: Option<String>,
    /// Ticket decks to import (by the `deck` column); empty = every deck.
    pub decks: Vec<String>,
}

/// Why an import failed.
#[derive(Debug, Clone, PartialEq)]
pub enum ImportError {
    /// The folder or a file in it could not be read, or an option is unusable (exit code 2).
    Io { path: PathBuf, message: String },
    /// A file was read but a row (or the JSON) is malformed (exit code 1). `line` is 1-based.
    Data {
        path: PathBuf,
        line: u64,
        message: String,
    },
    /// Several malformed rows (exit code 1), each a `Data` error, in file and line order.
    Rows(Vec<ImportError>),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            ImportError::Data {
                path,
                line,
                message,
            } => write!(f, "{}:{line}: {message}", path.display()),
            ImportError::Rows(all) => {
                let lines: Vec<String> = all.iter().map(ToString::to_string).collect();
                write!(f, "{}", lines.join("\nerror: "))
            }
        }
    }
}

/// A place a CSV row can name by its `id` column.
#[derive(Debug, Clone)]
enum Place {
    /// A city or a zone's border endpoint: index into `Imported::cities`.
    City(usize),
    /// An off-board country: index into `Imported::zones`. Tickets may name it, routes not.
    Zone(usize),
}

#[derive(Debug, Clone)]
struct ImportedCity {
    id: String,
    name: String,
    position: [f64; 2],
    zone: Option<String>,
    region: Option<String>,
}

#[derive(Debug, Clone)]
struct ImportedZone {
    id: String,
    name: String,
    position: [f64; 2],
    offboard: bool,
}

/// A lane colour as the CSV gives it: a card colour, gray, or France's uncoloured track bed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LaneColor {
    Color(Color),
    TrackBed,
}

/// One `routes.csv` row, resolved.
#[derive(Debug, Clone)]
struct RouteRow {
    line: u64,
    from: usize,
    to: usize,
    length: u8,
    color: LaneColor,
    tunnel: bool,
    ferry: u8,
    any_cards: Option<u8>,
    mountains: u8,
    stock_shares: Vec<u32>,
    parallel_index: Option<u32>,
}

impl RouteRow {
    /// Everything but the colour: rows of one city pair that agree on it are lanes of one route.
    fn shape(&self) -> (u8, bool, u8, Option<u8>, u8, Vec<u32>, bool) {
        (
            self.length,
            self.tunnel,
            self.ferry,
            self.any_cards,
            self.mountains,
            self.stock_shares.clone(),
            self.color == LaneColor::TrackBed,
        )
    }
}

/// A route to write: one or more lanes sharing a city pair and a shape.
#[derive(Debug, Clone)]
struct ImportedRoute {
    /// Set when one city pair needs several routes (their shapes differ), so ids stay unique.
    id: Option<String>,
    from: String,
    to: String,
    lanes: Vec<LaneColor>,
    first: RouteRow,
    /// Per-route ferry substitute (when ferries disagree on it).
    ferry_substitute: Option<u8>,
}

#[derive(Debug, Clone)]
struct ImportedTicket {
    deck: String,
    from: String,
    targets: Vec<(String, i32)>,
}

/// Everything read from the folder, resolved to ids, ready to write.
#[derive(Debug, Clone, Default)]
struct Imported {
    source_name: String,
    files: Vec<&'static str>,
    cities: Vec<ImportedCity>,
    zones: Vec<ImportedZone>,
    regions: Vec<(String, String)>,
    routes: Vec<ImportedRoute>,
    decks: Vec<String>,
    tickets: Vec<ImportedTicket>,
    board: [f64; 2],
    /// `[rules]` lines after `base`, each with the comment saying where it comes from.
    rule_lines: Vec<(String, String)>,
    /// Differences noted but not applied.
    rule_notes: Vec<String>,
}

/// Board margin around the outermost position, in the CSV's units, so markers and labels at
/// the edge stay on the board.
pub const BOARD_MARGIN: f64 = 50.0;

/// Reads the folder and returns the map file's text. The text has not been checked yet; the
/// caller loads it (`crate::load::load_str`) before writing it anywhere.
pub fn import_dir(dir: &Path, opts: &Options) -> Result<String, ImportError> {
    if !dir.is_dir() {
        return Err(ImportError::Io {
            path: dir.to_path_buf(),
            message: if dir.exists() {
                "not a folder".into()
            } else {
                "no such folder".into()
            },
        });
    }
    let preset = rules::preset_rules(&opts.base).map_err(|message| ImportError::Io {
        path: PathBuf::from("--base"),
        message,
    })?;
    let mut imported = Imported {
        source_name: dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| dir.display().to_string()),
        ..Imported::default()
    };
    // Malformed rows are gathered across the three files and reported together; a missing
    // file or header column stops at once.
    let mut errs = Vec::new();
    let places = read::cities(dir, &mut imported, &mut errs)?;
    let rows = read::routes(dir, &imported, &places, &mut errs)?;
    imported.files.push("routes.csv");
    group_routes(&mut imported, rows);
    read::tickets(dir, &mut imported, &places, &opts.decks, &mut errs)?;
    match errs.len() {
        0 => {}
        1 => return Err(errs.remove(0)),
        _ => return Err(ImportError::Rows(errs)),
    }
    let settings = read::settings(dir, &mut imported)?;
    rules::derive(&mut imported, &preset, settings.as_ref());
    place_board(&mut imported);
    Ok(write::map_text(&imported, opts))
}

/// Groups rows by city pair (in order of first appearance), then by shape; orders lanes by
/// `parallel_index` (then row order).
fn group_routes(imported: &mut Imported, rows: Vec<RouteRow>) {
    let mut pairs: Vec<((usize, usize), Vec<RouteRow>)> = Vec::new();
    for row in rows {
        let key = (row.from.min(row.to), row.from.max(row.to));
        match pairs.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(row),
            None => pairs.push((key, vec![row])),
        }
    }
    for (_, mut pair_rows) in pairs {
        pair_rows.sort_by_key(|r| (r.parallel_index.unwrap_or(u32::MAX), r.line));
        let mut shapes: Vec<Vec<RouteRow>> = Vec::new();
        for row in pair_rows {
            match shapes.iter_mut().find(|g| g[0].shape() == row.shape()) {
                Some(g) => g.push(row),
                None => shapes.push(vec![row]),
            }
        }
        let split = shapes.len() > 1;
        for (k, group) in shapes.into_iter().enumerate() {
            let first = group[0].clone();
            let from = imported.cities[first.from].id.clone();
            let to = imported.cities[first.to].id.clone();
            imported.routes.push(ImportedRoute {
                id: split.then(|| format!("{from}-{to}-{}", k + 1)),
                from,
                to,
                lanes: group.iter().map(|r| r.color).collect(),
                first,
                ferry_substitute: None,
            });
        }
    }
}

/// The board spans every position plus a margin; positions are shifted right/down when some
/// are negative (the UK's off-board New York), since the board's origin is its corner.
fn place_board(imported: &mut Imported) {
    fn positions(m: &Imported) -> Vec<[f64; 2]> {
        m.cities
            .iter()
            .map(|c| c.position)
            .chain(m.zones.iter().map(|z| z.position))
            .collect()
    }
    let all = positions(imported);
    let min_x = all.iter().map(|p| p[0]).fold(0.0, f64::min);
    let min_y = all.iter().map(|p| p[1]).fold(0.0, f64::min);
    let shift = [
        if min_x < 0.0 {
            BOARD_MARGIN - min_x
        } else {
            0.0
        },
        if min_y < 0.0 {
            BOARD_MARGIN - min_y
        } else {
            0.0
        },
    ];
    for c in &mut imported.cities {
        c.position = [c.position[0] + shift[0], c.position[1] + shift[1]];
    }
    for z in &mut imported.zones {
        z.position = [z.position[0] + shift[0], z.position[1] + shift[1]];
    }
    let all = positions(imported);
    let max_x = all.iter().map(|p| p[0]).fold(0.0, f64::max);
    let max_y = all.iter().map(|p| p[1]).fold(0.0, f64::max);
    imported.board = [(max_x + BOARD_MARGIN).ceil(), (max_y + BOARD_MARGIN).ceil()];
}

/// Region names the reference data's `map-settings.json` gives the UK's `country_code`s, by
/// the key it uses (`UK_COUNTRY_ENGLAND` → `england`).
fn region_from_setting_key(key: &str) -> String {
    let last = key.rsplit("COUNTRY_").next().unwrap_or(key);
    slug(last)
}
