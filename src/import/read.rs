//! Reading the CSV files and `map-settings.json` into resolved rows. Every malformed value is
//! reported with its file and 1-based line (the header is line 1).

use super::slug::{IdAllocator, slug};
use super::{
    ImportError, Imported, ImportedCity, ImportedTicket, ImportedZone, LaneColor, Place, RouteRow,
    region_from_setting_key,
};
use crate::model::Color;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Places by the CSV `id` column, and by name for files that leave ids out.
pub(super) struct Places {
    by_id: HashMap<String, Place>,
    by_name: HashMap<String, Place>,
    /// Ids and names of `cities.csv` rows that were reported as malformed: a route or ticket
    /// naming one is skipped, not reported a second time as unknown.
    broken: Vec<String>,
}

impl Places {
    /// Why a row's place is not found: `None` when it names a broken row (already reported),
    /// else the message, with the closest place for a likely typo.
    fn missing(&self, column: &str, id: &str, name: &str) -> Option<String> {
        let shown = if id.is_empty() { name } else { id };
        if self.broken.iter().any(|b| b == shown) {
            return None;
        }
        let keys = if id.is_empty() {
            &self.by_name
        } else {
            &self.by_id
        };
        let hint = crate::suggest::closest(shown, keys.keys().map(String::as_str))
            .map(|c| format!("; did you mean `{c}`?"))
            .unwrap_or_default();
        Some(format!(
            "`{column}` names `{shown}`, which is not in cities.csv{hint}"
        ))
    }

    /// The place a row names: by `id` when the id column has a value, else by name.
    fn find(&self, id: &str, name: &str) -> Option<&Place> {
        if !id.is_empty() {
            self.by_id.get(id)
        } else {
            self.by_name.get(name)
        }
    }
}

/// A CSV file's rows with their header, read whole (maps are small).
struct Table {
    path: PathBuf,
    columns: HashMap<String, usize>,
    rows: Vec<(u64, csv::StringRecord)>,
}

impl Table {
    fn get<'r>(&self, rec: &'r csv::StringRecord, column: &str) -> &'r str {
        self.columns
            .get(column)
            .and_then(|&i| rec.get(i))
            .map(str::trim)
            .unwrap_or("")
    }

    fn has(&self, column: &str) -> bool {
        self.columns.contains_key(column)
    }

    fn err(&self, line: u64, message: impl Into<String>) -> ImportError {
        ImportError::Data {
            path: self.path.clone(),
            line,
            message: message.into(),
        }
    }

    /// The columns a file cannot do without; `alternatives` lists groups of which one must
    /// be present (`from_id` or `from`).
    fn require(&self, alternatives: &[&[&str]]) -> Result<(), ImportError> {
        for group in alternatives {
            if !group.iter().any(|c| self.has(c)) {
                return Err(self.err(
                    1,
                    format!("missing column `{}` in the header", group.join("` or `")),
                ));
            }
        }
        Ok(())
    }
}

fn read_table(path: PathBuf) -> Result<Table, ImportError> {
    let limit = crate::load::MAX_FILE_BYTES;
    let bytes =
        crate::load::read_file_limited(&path, limit, "CSV files").map_err(|e| ImportError::Io {
            path: path.clone(),
            message: e.to_string(),
        })?;
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(bytes.as_slice());
    // Lines are counted from byte offsets here: the csv crate's own line count runs one short
    // per CRLF line break (files saved by spreadsheets on Windows).
    // A record's position may fall on the line break before it (after a CR): its line is the
    // one its first character is on.
    let line_at = |byte: u64| {
        let mut end = (byte as usize).min(bytes.len());
        while end < bytes.len() && matches!(bytes[end], b'\r' | b'\n') {
            end += 1;
        }
        bytes[..end].iter().filter(|&&b| b == b'\n').count() as u64 + 1
    };
    let headers = reader
        .headers()
        .map_err(|e| csv_error(&path, &e, &line_at))?
        .clone();
    let columns = headers
        .iter()
        .enumerate()
        .map(|(i, h)| (h.trim().trim_start_matches('\u{feff}').to_string(), i))
        .collect();
    let mut rows = Vec::new();
    for rec in reader.records() {
        let rec = rec.map_err(|e| csv_error(&path, &e, &line_at))?;
        let line = rec.position().map(|p| line_at(p.byte())).unwrap_or(0);
        if rec.iter().all(|f| f.trim().is_empty()) {
            continue; // blank spreadsheet rows
        }
        rows.push((line, rec));
    }
    Ok(Table {
        path,
        columns,
        rows,
    })
}

/// A csv crate error as a located data error (field-count mismatches, invalid UTF-8).
fn csv_error(path: &Path, e: &csv::Error, line_at: &dyn Fn(u64) -> u64) -> ImportError {
    let line = e.position().map(|p| line_at(p.byte())).unwrap_or(1);
    let message = match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("row has {len} fields but the header has {expected_len}"),
        csv::ErrorKind::Utf8 { .. } => "row is not valid UTF-8; save the file as UTF-8".into(),
        _ => e.to_string(),
    };
    ImportError::Data {
        path: path.to_path_buf(),
        line,
        message,
    }
}

fn number(t: &Table, line: u64, column: &str, value: &str) -> Result<f64, ImportError> {
    value
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| t.err(line, format!("`{column}` is `{value}`, not a number")))
}

fn small(t: &Table, line: u64, column: &str, value: &str, min: u8) -> Result<u8, ImportError> {
    if value.is_empty() {
        return if min == 0 {
            Ok(0)
        } else {
            Err(t.err(line, format!("`{column}` is missing")))
        };
    }
    value
        .parse::<u8>()
        .ok()
        .filter(|v| *v >= min)
        .ok_or_else(|| {
            t.err(
                line,
                format!("`{column}` is `{value}`, not a whole number of at least {min}"),
            )
        })
}

fn boolean(t: &Table, line: u64, column: &str, value: &str) -> Result<bool, ImportError> {
    match value.to_ascii_lowercase().as_str() {
        "" | "false" | "0" | "no" => Ok(false),
        "true" | "1" | "yes" => Ok(true),
        _ => Err(t.err(line, format!("`{column}` is `{value}`; use true or false"))),
    }
}

fn color(t: &Table, line: u64, value: &str) -> Result<LaneColor, ImportError> {
    let c = match value.to_ascii_lowercase().as_str() {
        "" | "gray" | "grey" => Color::Gray,
        "red" => Color::Red,
        "orange" => Color::Orange,
        "yellow" => Color::Yellow,
        "green" => Color::Green,
        "blue" => Color::Blue,
        "pink" | "purple" => Color::Pink,
        "white" => Color::White,
        "black" => Color::Black,
        "trackbed" | "track-bed" | "track_bed" => return Ok(LaneColor::TrackBed),
        _ => {
            return Err(t.err(
                line,
                format!(
                    "unknown colour `{value}`; use gray, red, orange, yellow, green, blue, pink, white, black or trackbed"
                ),
            ));
        }
    };
    Ok(LaneColor::Color(c))
}

/// Reads `cities.csv`: zones first (so endpoints can name them), then cities and endpoints in
/// row order, each with a slug id.
pub(super) fn cities(
    dir: &Path,
    imported: &mut Imported,
    errs: &mut Vec<ImportError>,
) -> Result<Places, ImportError> {
    let t = read_table(dir.join("cities.csv"))?;
    t.require(&[&["name"], &["x"], &["y"]])?;
    imported.files.push("cities.csv");
    let mut ids = IdAllocator::default();
    let mut places = Places {
        by_id: HashMap::new(),
        by_name: HashMap::new(),
        broken: Vec::new(),
    };
    let mut rows = Vec::new();
    for (line, rec) in &t.rows {
        let line = *line;
        let row = (|| {
            let name = t.get(rec, "name").to_string();
            if name.is_empty() {
                return Err(t.err(line, "`name` is empty"));
            }
            let csv_id = match t.get(rec, "id") {
                "" => name.clone(),
                id => id.to_string(),
            };
            if rows
                .iter()
                .any(|(_, id, ..): &(u64, String, String, [f64; 2], String)| *id == csv_id)
            {
                return Err(t.err(line, format!("id `{csv_id}` is used by an earlier row")));
            }
            let x = number(&t, line, "x", t.get(rec, "x"))?;
            let y = number(&t, line, "y", t.get(rec, "y"))?;
            let kind = match t.get(rec, "kind") {
                "" => "city".to_string(),
                k => k.to_ascii_lowercase(),
            };
            if !["city", "country", "country_endpoint", "offboard_city"].contains(&kind.as_str()) {
                return Err(t.err(
                line,
                format!(
                    "unknown kind `{kind}`; use city, country, country_endpoint or offboard_city"
                ),
            ));
            }
            Ok((line, csv_id, name, [x, y], kind))
        })();
        match row {
            Ok(row) => rows.push(row),
            Err(e) => {
                places.broken.push(t.get(rec, "name").to_string());
                places.broken.push(t.get(rec, "id").to_string());
                errs.push(e);
            }
        }
    }
    // Zones first: endpoints name them by the country row's id.
    let mut zone_by_csv: HashMap<String, usize> = HashMap::new();
    for (_, csv_id, name, pos, kind) in &rows {
        if kind == "country" {
            let id = ids.allocate(&slug(name));
            zone_by_csv.insert(csv_id.clone(), imported.zones.len());
            places
                .by_id
                .insert(csv_id.clone(), Place::Zone(imported.zones.len()));
            places
                .by_name
                .insert(name.clone(), Place::Zone(imported.zones.len()));
            imported.zones.push(ImportedZone {
                id,
                name: name.clone(),
                position: *pos,
                offboard: false,
            });
        }
    }
    let region_names = region_names(dir);
    let mut endpoints_seen: HashMap<usize, usize> = HashMap::new();
    for (line, csv_id, name, pos, kind) in &rows {
        let Some((_, rec)) = t.rows.iter().find(|(l, _)| l == line) else {
            continue;
        };
        let mut zone = None;
        let id = match kind.as_str() {
            "country" => continue,
            "country_endpoint" => {
                let country = match t.get(rec, "country_id") {
                    // The reference data numbers endpoints 1000 × country + n.
                    "" => csv_id
                        .parse::<i64>()
                        .ok()
                        .map(|n| (-(n / 1000)).to_string())
                        .unwrap_or_default(),
                    c => c.to_string(),
                };
                let Some(&z) = zone_by_csv.get(&country) else {
                    errs.push(t.err(
                        *line,
                        format!(
                            "endpoint `{name}` names country `{country}`, which has no `country` row"
                        ),
                    ));
                    places.broken.extend([name.clone(), csv_id.clone()]);
                    continue;
                };
                let n = endpoints_seen.entry(z).or_insert(0);
                *n += 1;
                zone = Some(imported.zones[z].id.clone());
                ids.allocate(&format!("{}-{n}", imported.zones[z].id))
            }
            "offboard_city" => {
                // An off-board destination is a zone of its own with one endpoint on the board.
                let zone_id = ids.allocate(&slug(name));
                places
                    .by_name
                    .insert(name.clone(), Place::Zone(imported.zones.len()));
                imported.zones.push(ImportedZone {
                    id: zone_id.clone(),
                    name: name.clone(),
                    position: *pos,
                    offboard: true,
                });
                zone = Some(zone_id.clone());
                ids.allocate(&format!("{zone_id}-1"))
            }
            _ => ids.allocate(&slug(name)),
        };
        let region = match t.get(rec, "country_code") {
            "" => None,
            code => Some(
                region_names
                    .get(code)
                    .cloned()
                    .unwrap_or_else(|| format!("region-{}", slug(code))),
            ),
        };
        if let Some(r) = &region
            && !imported.regions.iter().any(|(id, _)| id == r)
        {
            imported.regions.push((r.clone(), code_label(r)));
        }
        let index = imported.cities.len();
        places.by_id.insert(csv_id.clone(), Place::City(index));
        // Route rows name endpoints by id; a name lookup finds the city or the zone.
        places
            .by_name
            .entry(name.clone())
            .or_insert(Place::City(index));
        imported.cities.push(ImportedCity {
            id,
            name: name.clone(),
            position: *pos,
            zone,
            region,
        });
    }
    imported.regions.sort();
    Ok(places)
}

/// `england` → `England`.
fn code_label(region: &str) -> String {
    let mut chars = region.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `country_code` → region id, from `map-settings.json`'s `uk_country_codes` when present.
fn region_names(dir: &Path) -> HashMap<String, String> {
    let path = dir.join("map-settings.json");
    let Ok(text) =
        crate::load::read_text_limited(&path, crate::load::MAX_FILE_BYTES, "settings files")
    else {
        return HashMap::new();
    };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
        return HashMap::new();
    };
    json.get("uk_country_codes")
        .and_then(|v| v.as_object())
        .map(|o| {
            o.iter()
                .filter_map(|(k, v)| Some((v.as_i64()?.to_string(), region_from_setting_key(k))))
                .collect()
        })
        .unwrap_or_default()
}

/// Reads `routes.csv` into rows whose ends are cities (not countries).
pub(super) fn routes(
    dir: &Path,
    imported: &Imported,
    places: &Places,
    errs: &mut Vec<ImportError>,
) -> Result<Vec<RouteRow>, ImportError> {
    let t = read_table(dir.join("routes.csv"))?;
    t.require(&[&["from_id", "from"], &["to_id", "to"], &["length"]])?;
    let mut out = Vec::new();
    for (line, rec) in &t.rows {
        let line = *line;
        let row = (|| {
            let mut ends = [0usize; 2];
            for (k, (id_col, name_col)) in [("from_id", "from"), ("to_id", "to")].iter().enumerate()
            {
                let (id, name) = (t.get(rec, id_col), t.get(rec, name_col));
                ends[k] = match places.find(id, name) {
                    Some(Place::City(i)) => *i,
                    Some(Place::Zone(z)) => {
                        return Err(t.err(
                        line,
                        format!(
                            "route end `{}` is a country; routes end at its `country_endpoint` rows",
                            imported.zones[*z].name
                        ),
                    ));
                    }
                    None => {
                        return match places.missing(name_col, id, name) {
                            Some(message) => Err(t.err(line, message)),
                            None => Ok(None),
                        };
                    }
                };
            }
            let stock = t.get(rec, "stock_shares");
            let stock_shares = if stock.is_empty() {
                Vec::new()
            } else {
                stock
                    .split('|')
                    .map(|s| {
                        s.trim().parse::<u32>().map_err(|_| {
                            t.err(
                                line,
                                format!("`stock_shares` has `{s}`, not a whole number"),
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?
            };
            let any = t.get(rec, "any_cards_per_locomotive");
            let parallel = t.get(rec, "parallel_index");
            let row = RouteRow {
                line,
                from: ends[0],
                to: ends[1],
                length: small(&t, line, "length", t.get(rec, "length"), 1)?,
                color: color(&t, line, t.get(rec, "color"))?,
                tunnel: boolean(&t, line, "tunnel", t.get(rec, "tunnel"))?,
                ferry: small(
                    &t,
                    line,
                    "ferry_locomotives",
                    t.get(rec, "ferry_locomotives"),
                    0,
                )?,
                any_cards: if any.is_empty() {
                    None
                } else {
                    Some(small(&t, line, "any_cards_per_locomotive", any, 2)?)
                },
                mountains: small(
                    &t,
                    line,
                    "mountain_spaces",
                    t.get(rec, "mountain_spaces"),
                    0,
                )?,
                stock_shares,
                parallel_index: if parallel.is_empty() {
                    None
                } else {
                    Some(small(&t, line, "parallel_index", parallel, 0)? as u32)
                },
            };
            if ends[0] == ends[1] {
                return Err(t.err(line, "a route must join two different cities"));
            }
            Ok(Some(row))
        })();
        match row {
            Ok(Some(row)) => out.push(row),
            Ok(None) => {}
            Err(e) => errs.push(e),
        }
    }
    Ok(out)
}

/// Reads `tickets.csv` when present: `|` in `to_ids`/`to` and `points` makes an any-of ticket.
pub(super) fn tickets(
    dir: &Path,
    imported: &mut Imported,
    places: &Places,
    only_decks: &[String],
    errs: &mut Vec<ImportError>,
) -> Result<(), ImportError> {
    let path = dir.join("tickets.csv");
    if !path.exists() {
        return Ok(());
    }
    let t = read_table(path)?;
    t.require(&[&["from_id", "from"], &["to_ids", "to"], &["points"]])?;
    imported.files.push("tickets.csv");
    let place_id = |p: &Place| match p {
        Place::City(i) => imported.cities[*i].id.clone(),
        Place::Zone(z) => imported.zones[*z].id.clone(),
    };
    let mut tickets = Vec::new();
    let mut decks: Vec<String> = Vec::new();
    for (line, rec) in &t.rows {
        let line = *line;
        let ticket = (|| {
            let deck = match t.get(rec, "deck") {
                "" => crate::model::IMPLICIT_DECK.to_string(),
                d => slug(d),
            };
            if !only_decks.is_empty() && !only_decks.iter().any(|d| slug(d) == deck) {
                return Ok(None);
            }
            // `Ok(None)`: the place is a broken row of cities.csv, already reported.
            let find = |id: &str, name: &str, column: &str| match places.find(id, name) {
                Some(p) => Ok(Some(place_id(p))),
                None => match places.missing(column, id, name) {
                    Some(message) => Err(t.err(line, message)),
                    None => Ok(None),
                },
            };
            let Some(from) = find(t.get(rec, "from_id"), t.get(rec, "from"), "from")? else {
                return Ok(None);
            };
            let to_ids: Vec<&str> = split_list(t.get(rec, "to_ids"));
            let to_names: Vec<&str> = split_list(t.get(rec, "to"));
            let points: Vec<&str> = split_list(t.get(rec, "points"));
            let count = to_ids.len().max(to_names.len());
            if count == 0 {
                return Err(t.err(line, "the ticket has no destination"));
            }
            if points.len() != count {
                return Err(t.err(
                line,
                format!(
                    "{count} destination(s) but {} points value(s); give one per destination, separated by `|`",
                    points.len()
                ),
            ));
            }
            let mut targets = Vec::new();
            for (k, value) in points.iter().enumerate().take(count) {
                let id = to_ids.get(k).copied().unwrap_or("");
                let name = to_names.get(k).copied().unwrap_or("");
                let Some(to) = find(id, name, "to")? else {
                    return Ok(None);
                };
                let p = value.parse::<i32>().map_err(|_| {
                    t.err(line, format!("`points` has `{value}`, not a whole number"))
                })?;
                targets.push((to, p));
            }
            Ok(Some(ImportedTicket {
                deck,
                from,
                targets,
            }))
        })();
        match ticket {
            Ok(Some(ticket)) => {
                if !decks.contains(&ticket.deck) {
                    decks.push(ticket.deck.clone());
                }
                tickets.push(ticket);
            }
            Ok(None) => {}
            Err(e) => errs.push(e),
        }
    }
    imported.tickets = tickets;
    imported.decks = decks;
    Ok(())
}

fn split_list(s: &str) -> Vec<&str> {
    if s.is_empty() {
        Vec::new()
    } else {
        s.split('|').map(str::trim).collect()
    }
}

/// Reads `map-settings.json` when present: its `settings` object, or the top level when the
/// file keeps the settings there (the UK's).
pub(super) fn settings(
    dir: &Path,
    imported: &mut Imported,
) -> Result<Option<serde_json::Value>, ImportError> {
    let path = dir.join("map-settings.json");
    if !path.exists() {
        return Ok(None);
    }
    let limit = crate::load::MAX_FILE_BYTES;
    let text = crate::load::read_text_limited(&path, limit, "settings files").map_err(|e| {
        ImportError::Io {
            path: path.clone(),
            message: e.to_string(),
        }
    })?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| ImportError::Data {
        path: path.clone(),
        line: e.line() as u64,
        message: format!("not valid JSON: {e}"),
    })?;
    imported.files.push("map-settings.json");
    Ok(Some(match json.get("settings") {
        Some(s) if s.is_object() => {
            let mut s = s.clone();
            // Keys kept beside `settings` in the BGA-derived files.
            if let (Some(obj), Some(mandala)) = (s.as_object_mut(), json.get("mandalaPoints")) {
                obj.entry("mandalaPoints").or_insert(mandala.clone());
            }
            s
        }
        _ => json,
    }))
}
