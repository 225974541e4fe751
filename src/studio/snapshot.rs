//! What the page is shown of one version of the file: the board (the last one drawn from a
//! version without errors), every problem `check` reports with its line, its excerpt as
//! `check` prints it and the route or city it names on the board, and the details of that
//! board's routes and cities. Built once per version of the file, sent to every page as JSON.

use super::details::{Details, details};
use crate::diagnostic::{Diagnostic, LineIndex, Severity};
use crate::load::Loaded;
use crate::model::MapFile;
use crate::report::{FileReport, Format, render};
use crate::spans::Seg;
use serde::Serialize;
use std::sync::Arc;

/// The last board drawn: from the last version of the file without errors.
#[derive(Clone)]
pub struct Board {
    pub map: MapFile,
    pub svg: Arc<String>,
    pub details: Arc<Details>,
    /// The version of the file it was drawn from.
    pub version: u64,
}

impl Board {
    /// Draws `map` as `ttrmap render` does (the SVG, default options).
    pub fn draw(map: MapFile, version: u64) -> Result<Board, String> {
        let svg = crate::render::to_svg(&map, &crate::render::Options::default())
            .map_err(|e| e.to_string())?;
        let details = details(&map);
        Ok(Board {
            map,
            svg: Arc::new(svg),
            details: Arc::new(details),
            version,
        })
    }
}

/// One problem as the page lists it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Problem {
    pub code: &'static str,
    pub severity: &'static str,
    pub message: String,
    /// 1-based, `None` for a problem of the whole file.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The problem as `ttrmap check` prints it (file, line, source excerpt, help), no colour.
    pub excerpt: String,
    /// The route or city it names, by the id it has on the board shown.
    pub target: Option<Target>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Target {
    /// `route` or `city`.
    pub kind: &'static str,
    pub id: String,
}

/// One version of the file as the page gets it.
#[derive(Serialize)]
pub struct Snapshot<'a> {
    pub version: u64,
    pub file: &'a str,
    /// The hash of the text this version was read from: a drag sends it back, and is
    /// refused when the file on disk no longer has it.
    pub stamp: &'a str,
    /// Whether the text parsed as TOML.
    pub parsed: bool,
    /// Whether the board shown is of this version (else of the last without errors).
    pub current: bool,
    /// Why this version has no board of its own, when it has errors or could not be drawn.
    pub stale_reason: Option<String>,
    pub board: Option<&'a str>,
    pub board_version: Option<u64>,
    pub problems: &'a [Problem],
    pub details: Option<&'a Details>,
}

/// The problems of a loaded (and linted) file, in the order `check` lists them, each located
/// on `board` when it names a route or city.
pub fn problems(loaded: &Loaded, board: Option<&Board>) -> Vec<Problem> {
    let lines = LineIndex::new(&loaded.text);
    let items = Items::read(loaded);
    loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Info)
        .map(|d| {
            let (line, column) = match &d.span {
                Some(s) => {
                    let (l, c) = lines.line_col(s.start);
                    (Some(l), Some(c))
                }
                None => (None, None),
            };
            Problem {
                code: d.code,
                severity: d.severity.name(),
                message: d.message.clone(),
                line,
                column,
                excerpt: excerpt(loaded, d),
                target: d.span.as_ref().and_then(|s| items.target(s.start, board)),
            }
        })
        .collect()
}

/// The diagnostic as `check` prints it.
fn excerpt(loaded: &Loaded, d: &Diagnostic) -> String {
    let one = [d.clone()];
    let file = FileReport {
        name: &loaded.name,
        text: &loaded.text,
        diagnostics: &one,
    };
    render(Format::Human, &[file], false, crate::lint::codes::summary)
}

/// Where each `[[routes]]` and `[[cities]]` item is in the text, and the id it gives itself
/// (read from the text, so a file with errors still names them).
struct Items {
    /// (kind, index in its array, span start, span end, id)
    found: Vec<(&'static str, usize, usize, usize, String)>,
}

impl Items {
    fn read(loaded: &Loaded) -> Items {
        let mut found = Vec::new();
        let (Some(spans), Ok(doc)) = (&loaded.spans, loaded.text.parse::<toml::Table>()) else {
            return Items { found };
        };
        for (key, kind) in [("routes", "route"), ("cities", "city")] {
            let values = doc.get(key).and_then(toml::Value::as_array);
            for i in 0.. {
                let at = spans.locate(&[Seg::Key(key.into()), Seg::Index(i)]);
                if !at.exact {
                    break;
                }
                let item = values.and_then(|v| v.get(i));
                // An item of `[[routes]]` may be located by its header only: it reaches as
                // far as its last key's value.
                let (mut start, mut end) = (at.value.start, at.value.end);
                for k in item
                    .and_then(toml::Value::as_table)
                    .into_iter()
                    .flat_map(|t| t.keys())
                {
                    let path = [Seg::Key(key.into()), Seg::Index(i), Seg::Key(k.clone())];
                    let v = spans.locate(&path);
                    let from = v.key.map_or(v.value.start, |k| k.start);
                    start = start.min(from);
                    end = end.max(v.value.end);
                }
                let text = |k: &str| item.and_then(|t| t.get(k)).and_then(toml::Value::as_str);
                let id = match (kind, text("id")) {
                    (_, Some(id)) => id.to_string(),
                    ("route", None) => format!(
                        "{}-{}",
                        text("from").unwrap_or_default(),
                        text("to").unwrap_or_default()
                    ),
                    _ => String::new(),
                };
                found.push((kind, i, start, end, id));
            }
        }
        Items { found }
    }

    /// The route or city whose item holds byte `at`, by its id on `board`: its own id when
    /// the board has it, else the id of the item at the same place in the board's map (a
    /// typo in a route's `to` renames the route; the board still has it under its old name).
    fn target(&self, at: usize, board: Option<&Board>) -> Option<Target> {
        let &(kind, i, _, _, ref id) = self
            .found
            .iter()
            .find(|(_, _, start, end, _)| (*start..*end).contains(&at))?;
        let board = board?;
        let on_board = |id: &str| match kind {
            "route" => board.details.routes.contains_key(id),
            _ => board.details.cities.contains_key(id),
        };
        let id = if on_board(id) {
            id.clone()
        } else {
            match kind {
                "route" => board.map.routes.get(i)?.id(),
                _ => board.map.cities.get(i)?.id.clone(),
            }
        };
        Some(Target { kind, id })
    }
}
