//! `--format html`: one self-contained page (inline SVG, CSS, JS and data; no URL is fetched)
//! to explore a map: hover a route, city or ticket for its details, zoom and pan the board.
//!
//! User text reaches the page in two ways, both escaped: as markup (the SVG and the ticket
//! list, through `esc`) and as JSON data in a `<script type="application/json">` block, where
//! `<`, `>` and `&` become `\u003c`… so no name can close the block. The script only ever
//! writes user text with `textContent`.

use super::layout::{Layout, route_points};
use super::svg::esc;
use super::tickets::{place_name, ticket_text};
use crate::model::MapFile;
use serde::Serialize;
use std::fmt::Write;

#[derive(Serialize)]
struct Data<'a> {
    routes: Vec<RouteData<'a>>,
    cities: Vec<CityData<'a>>,
    tickets: Vec<TicketData<'a>>,
}

#[derive(Serialize)]
struct RouteData<'a> {
    id: String,
    from: &'a str,
    to: &'a str,
    length: u8,
    colors: Vec<&'static str>,
    ferry: u8,
    tunnel: bool,
    track_bed: bool,
    mountains: u8,
    points: Option<i32>,
}

#[derive(Serialize)]
struct CityData<'a> {
    id: &'a str,
    name: &'a str,
    tags: &'a [String],
    region: Option<&'a str>,
    festival: Option<&'a str>,
    /// The zone's name, and its id (tickets name zones by id).
    zone: Option<&'a str>,
    zone_id: Option<&'a str>,
    /// Indexes into `tickets`.
    tickets: Vec<usize>,
}

#[derive(Serialize)]
struct TicketData<'a> {
    text: String,
    places: Vec<&'a str>,
    points: i32,
    deck: Option<&'a str>,
    copies: u8,
}

/// JSON safe to put inside a `<script>` element: nothing in it can end the element or start a
/// comment, whatever the map's names contain.
pub fn script_json<T: Serialize>(value: &T) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

fn data(map: &MapFile) -> Data<'_> {
    let routes = map
        .routes
        .iter()
        .map(|r| RouteData {
            id: r.id(),
            from: place_name(map, &r.from),
            to: place_name(map, &r.to),
            length: r.length,
            colors: r.lane_colors().into_iter().map(|c| c.name()).collect(),
            ferry: r.ferry,
            tunnel: r.tunnel,
            track_bed: r.track_bed,
            mountains: r.mountains,
            points: route_points(map, r),
        })
        .collect();
    let zone_of = |id: &str| {
        map.cities
            .iter()
            .find(|c| c.id == id)
            .and_then(|c| c.zone.clone())
    };
    let cities = map
        .cities
        .iter()
        .map(|c| CityData {
            id: &c.id,
            name: c.display_name(),
            tags: &c.tags,
            region: c.region.as_deref().map(|r| {
                map.regions
                    .iter()
                    .find(|x| x.id == r)
                    .and_then(|x| x.name.as_deref())
                    .unwrap_or(r)
            }),
            festival: c.festival.as_deref(),
            zone: c.zone.as_deref().map(|z| place_name(map, z)),
            zone_id: c.zone.as_deref(),
            tickets: map
                .tickets
                .iter()
                .enumerate()
                .filter(|(_, t)| {
                    t.places()
                        .iter()
                        .any(|p| *p == c.id || zone_of(&c.id).as_deref() == Some(*p))
                })
                .map(|(i, _)| i)
                .collect(),
        })
        .collect();
    let tickets = map
        .tickets
        .iter()
        .map(|t| TicketData {
            text: ticket_text(map, t),
            places: t.places(),
            points: t.max_points(),
            deck: t.deck.as_deref(),
            copies: t.copies,
        })
        .collect();
    Data {
        routes,
        cities,
        tickets,
    }
}

const PAGE_CSS: &str = r#"
*{box-sizing:border-box}
body{margin:0;font-family:'Noto Sans',system-ui,sans-serif;color:#222;background:#fafafa;display:flex;flex-direction:column;height:100vh}
header{display:flex;align-items:center;gap:1em;padding:.4em 1em;background:#333;color:#fff}
header h1{font-size:1.2em;margin:0;flex:1}
header button{font-size:1em;min-width:2.2em}
#tt-main{display:flex;flex:1;min-height:0}
#tt-board{flex:1;overflow:hidden;background:#ddd;cursor:grab}
#tt-board svg{width:100%;height:100%;display:block}
#tt-side{width:22em;overflow:auto;padding:.5em 1em;border-left:1px solid #ccc;background:#fff}
#tt-side h2{font-size:1em;margin:.8em 0 .3em}
#tt-info-title{font-size:1.1em;margin:.2em 0}
#tt-info-list{display:grid;grid-template-columns:auto 1fr;gap:.2em .8em;margin:0}
#tt-info-list dt{font-weight:bold}
#tt-info-list dd{margin:0}
#tt-ticket-list{list-style:none;padding:0;margin:0}
#tt-ticket-list li{padding:.25em .3em;border-bottom:1px solid #eee;cursor:default}
#tt-ticket-list li:hover,#tt-ticket-list li.tt-hl{background:#ffe9a8}
svg.tt-dim .route:not(.tt-hl),svg.tt-dim .city:not(.tt-hl),svg.tt-dim .city-label:not(.tt-hl){opacity:.25}
"#;

const PAGE_JS: &str = include_str!("page.js");

/// A screen page's doctype and head, the embedded fonts before `css`: `title` is HTML
/// (escaped by the caller). The board's page and the playtest reports share it.
pub fn page_head(title: &str, css: &str) -> String {
    let fonts = super::fonts::font_face_css();
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{fonts}{css}</style>
</head>
"#
    )
}

pub fn page(map: &MapFile, _layout: &Layout, svg: &str) -> String {
    let name = esc(&map.map.name);
    let data = data(map);
    let mut tickets = String::new();
    for (i, t) in data.tickets.iter().enumerate() {
        let _ = writeln!(
            tickets,
            r#"<li data-ticket="{i}">{} <b>{}</b></li>"#,
            esc(&t.text),
            t.points
        );
    }
    let head = page_head(&name, PAGE_CSS);
    format!(
        r#"{head}<body>
<header><h1>{name}</h1>
<button id="tt-zoom-in" title="Zoom in">+</button><button id="tt-zoom-out" title="Zoom out">−</button><button id="tt-zoom-reset" title="Whole board">reset</button>
</header>
<div id="tt-main">
<div id="tt-board">
{svg}</div>
<div id="tt-side">
<h2>Details</h2>
<p id="tt-info-hint">Hover a route, a city or a ticket. Wheel or buttons zoom; drag to pan.</p>
<div id="tt-info-title"></div>
<dl id="tt-info-list"></dl>
<h2>Tickets ({count})</h2>
<ul id="tt-ticket-list">
{tickets}</ul>
</div>
</div>
<script type="application/json" id="tt-data">{json}</script>
<script>{PAGE_JS}</script>
</body>
</html>
"#,
        count = data.tickets.len(),
        json = script_json(&data),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_its_script_element() {
        let s = script_json(&vec![
            "</script><script>alert(1)</script>",
            "a&b",
            "\u{2028}",
        ]);
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'));
        assert!(!s.contains('\u{2028}'));
        let back: Vec<String> = serde_json::from_str(&s).expect("still JSON");
        assert_eq!(back[0], "</script><script>alert(1)</script>");
    }
}
