//! Mutation tests: take a shipped map as text, break it the way a designer might, and check
//! that the matching lint fires at the line of the thing that was broken. Each mutation runs
//! on several official maps, whose unmutated text passes with no warnings.

use std::ops::Range;
use ttrmap::diagnostic::{Diagnostic, LineIndex, Severity};

const MAPS: &[&str] = &["usa", "europe", "nordic-countries"];

fn map_text(name: &str) -> String {
    let path = format!("{}/maps/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Load diagnostics, then lint findings when the map loaded cleanly.
fn findings(name: &str, text: &str) -> (bool, Vec<Diagnostic>) {
    let loaded = ttrmap::load::load_str(name, text);
    if loaded.has_errors() {
        return (false, loaded.diagnostics);
    }
    let mut out = loaded.diagnostics.clone();
    out.extend(ttrmap::lint::run(&loaded));
    (true, out)
}

/// Byte ranges of the `[[header]]` blocks: from the header line to the next table header.
fn blocks(text: &str, header: &str) -> Vec<Range<usize>> {
    let opener = format!("[[{header}]]");
    let mut starts = Vec::new();
    let mut all_headers = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if trimmed.starts_with('[') {
            all_headers.push(offset);
            if trimmed == opener {
                starts.push(offset);
            }
        }
        offset += line.len();
    }
    starts
        .into_iter()
        .map(|s| {
            let end = all_headers
                .iter()
                .copied()
                .find(|&h| h > s)
                .unwrap_or(text.len());
            s..end
        })
        .collect()
}

/// The value of `key = "..."` or `key = N` in a block, as written.
fn field<'t>(block: &'t str, key: &str) -> Option<&'t str> {
    block.lines().find_map(|l| {
        let (k, v) = l.split_once('=')?;
        (k.trim() == key).then(|| v.split('#').next().unwrap_or("").trim().trim_matches('"'))
    })
}

/// Byte offset of the start of the line `key = ...` inside the block at `range`.
fn line_start_of(text: &str, range: &Range<usize>, key: &str) -> usize {
    let mut offset = range.start;
    for line in text[range.clone()].split_inclusive('\n') {
        if line.split_once('=').map(|(k, _)| k.trim()) == Some(key) {
            return offset;
        }
        offset += line.len();
    }
    panic!("no `{key}` in block at {range:?}")
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    LineIndex::new(text).line_col(offset).0
}

/// The findings of `code` as (line, column, severity).
fn located(text: &str, found: &[Diagnostic], code: &str) -> Vec<(usize, usize, Severity)> {
    let index = LineIndex::new(text);
    found
        .iter()
        .filter(|d| d.code == code)
        .map(|d| {
            let span = d
                .span
                .clone()
                .unwrap_or_else(|| panic!("{code} has no span: {d:?}"));
            let (line, col) = index.line_col(span.start);
            (line, col, d.severity)
        })
        .collect()
}

#[test]
fn the_unmutated_maps_have_no_warnings() {
    for name in MAPS {
        let text = map_text(name);
        let (ok, found) = findings(name, &text);
        assert!(ok, "{name}: {found:#?}");
        let loud: Vec<&Diagnostic> = found
            .iter()
            .filter(|d| d.severity != Severity::Info)
            .collect();
        assert!(loud.is_empty(), "{name}: {loud:#?}");
    }
}

#[test]
fn dropping_every_route_of_a_city_makes_it_unreachable_at_its_id() {
    for name in MAPS {
        let text = map_text(name);
        let routes = blocks(&text, "routes");
        let cities = blocks(&text, "cities");
        // The city with the fewest routes (Edinburgh on Europe has one), skipping zone endpoints.
        let degree = |id: &str| {
            routes
                .iter()
                .filter(|r| {
                    field(&text[(*r).clone()], "from") == Some(id)
                        || field(&text[(*r).clone()], "to") == Some(id)
                })
                .count()
        };
        let city = cities
            .iter()
            .filter(|c| field(&text[(*c).clone()], "zone").is_none())
            .min_by_key(|c| degree(field(&text[(*c).clone()], "id").expect("city id")))
            .expect("the map has cities");
        let id = field(&text[city.clone()], "id").expect("city id");
        let mut mutated = text.clone();
        for r in routes.iter().rev() {
            let block = &text[r.clone()];
            if field(block, "from") == Some(id) || field(block, "to") == Some(id) {
                mutated.replace_range(r.clone(), "");
            }
        }
        let (ok, found) = findings(name, &mutated);
        assert!(ok, "{name} without routes to {id}: {found:#?}");
        // The city comes before every route, so its line does not move.
        let id_line = line_of(&text, line_start_of(&text, city, "id"));
        assert_eq!(
            located(&mutated, &found, "unreachable-city"),
            vec![(id_line, 6, Severity::Error)],
            "{name}: {id} lost its {} routes",
            degree(id)
        );
    }
}

#[test]
fn raising_a_tickets_points_by_five_is_reported_at_its_points() {
    for name in MAPS {
        let text = map_text(name);
        let tickets: Vec<Range<usize>> = blocks(&text, "tickets")
            .into_iter()
            .filter(|t| field(&text[t.clone()], "points").is_some())
            .collect();
        assert!(tickets.len() >= 3, "{name} has point-valued tickets");
        for pick in [0, tickets.len() / 2, tickets.len() - 1] {
            let t = &tickets[pick];
            let at = line_start_of(&text, t, "points");
            let line_end = at + text[at..].find('\n').unwrap_or(text.len() - at);
            let points: i32 = field(&text[t.clone()], "points")
                .and_then(|p| p.parse().ok())
                .expect("numeric points");
            let mut mutated = text.clone();
            mutated.replace_range(at..line_end, &format!("points = {}", points + 5));
            let (ok, found) = findings(name, &mutated);
            assert!(ok, "{name}: {found:#?}");
            assert_eq!(
                located(&mutated, &found, "ticket-value"),
                vec![(line_of(&text, at), 10, Severity::Warning)],
                "{name}: ticket #{pick} raised from {points} to {}",
                points + 5
            );
        }
    }
}

#[test]
fn lengthening_one_colours_routes_by_four_unbalances_the_colours() {
    for name in ["usa", "europe"] {
        let text = map_text(name);
        let routes = blocks(&text, "routes");
        for colour in ["red", "blue"] {
            let with_colour: Vec<&Range<usize>> = routes
                .iter()
                .filter(|r| text[(*r).clone()].contains(&format!("\"{colour}\"")))
                .collect();
            // +4 spaces over the colour's single-lane routes, each grown as far as its new
            // length still scores (USA scores lengths 1–6 only).
            let mut mutated = text.clone();
            let mut left = 4;
            for k in 0..routes.len() {
                let current = blocks(&mutated, "routes");
                let r = &current[k];
                if left == 0 || field(&mutated[r.clone()], "color") != Some(colour) {
                    continue;
                }
                let at = line_start_of(&mutated, r, "length");
                let end = at + mutated[at..].find('\n').unwrap_or(mutated.len() - at);
                let length: u32 = field(&mutated[r.clone()], "length")
                    .and_then(|l| l.parse().ok())
                    .expect("numeric length");
                for grow in (1..=left).rev() {
                    let mut m = mutated.clone();
                    m.replace_range(at..end, &format!("length = {}", length + grow));
                    if findings(name, &m).0 {
                        mutated = m;
                        left -= grow;
                        break;
                    }
                }
            }
            assert_eq!(left, 0, "{name}: the {colour} routes cannot grow by 4");
            let (_, found) = findings(name, &mutated);
            // The rule points at the colour's last route; lengths keep their line count.
            let last = with_colour.last().expect("the colour has routes");
            let expected = vec![(line_of(&text, last.start), 1, Severity::Warning)];
            assert_eq!(
                located(&mutated, &found, "color-balance"),
                expected,
                "{name}: {colour} +4"
            );
            let d = found
                .iter()
                .find(|d| d.code == "color-balance")
                .expect("found above");
            assert_eq!(
                d.label.as_deref(),
                Some(format!("{colour} has the most spaces").as_str())
            );
        }
    }
}

#[test]
fn a_route_to_a_city_that_does_not_exist_is_an_unknown_city_at_its_to() {
    for name in MAPS {
        let text = map_text(name);
        let routes = blocks(&text, "routes");
        let first = routes.first().expect("the map has routes");
        let from = field(&text[first.clone()], "from").expect("from");
        let addition = format!("[[routes]]\nfrom = \"{from}\"\nto = \"atlantis\"\nlength = 2\n\n");
        // Inserted before the first route, so everything else moves down by five lines.
        let mut mutated = text.clone();
        mutated.insert_str(first.start, &addition);
        let (ok, found) = findings(name, &mutated);
        assert!(!ok, "{name}: an unknown city is a load error");
        let to_line = line_of(&text, first.start) + 2;
        assert_eq!(
            located(&mutated, &found, "unknown-city"),
            vec![(to_line, 6, Severity::Error)],
            "{name}: {found:#?}"
        );
        assert_eq!(mutated.lines().nth(to_line - 1), Some("to = \"atlantis\""));
    }
}
