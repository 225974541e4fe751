//! `--tickets`: the destination tickets as a printable sheet of cards, each with a small map of
//! the board, its cities ringed and its points. Sizes are millimetres (the SVG's user unit).

use super::layout::{Layout, P, text_width};
use super::svg::{esc, num};
use super::theme::Theme;
use crate::model::{MapFile, Ticket};
use std::fmt::Write;

/// Card size in mm: landscape, the size of a standard playing card turned on its side.
pub const CARD_W: f64 = 88.0;
pub const CARD_H: f64 = 63.0;
const GAP: f64 = 5.0;
const SHEET_MARGIN: f64 = 10.0;
const COLUMNS: usize = 2;
const PAD: f64 = 3.0;
const TEXT_BAND: f64 = 10.0;

/// The sheet's size in mm for `cards` cards.
pub fn sheet_size(cards: usize) -> (f64, f64) {
    let rows = cards.div_ceil(COLUMNS).max(1);
    (
        2.0 * SHEET_MARGIN + COLUMNS as f64 * CARD_W + (COLUMNS - 1) as f64 * GAP,
        2.0 * SHEET_MARGIN + rows as f64 * CARD_H + (rows - 1) as f64 * GAP,
    )
}

/// The name of a city or zone id.
pub fn place_name<'a>(map: &'a MapFile, id: &'a str) -> &'a str {
    if let Some(c) = map.cities.iter().find(|c| c.id == id) {
        return c.display_name();
    }
    if let Some(z) = map.zones.iter().find(|z| z.id == id) {
        return z.display_name();
    }
    id
}

/// What a card or list says: `Northport – Southbay`, `A – B – C`, `Bern → Italia 6 · France 8`.
pub fn ticket_text(map: &MapFile, t: &Ticket) -> String {
    if let Some(targets) = &t.targets {
        let from = t.from.as_deref().map(|f| place_name(map, f)).unwrap_or("?");
        let list: Vec<String> = targets
            .iter()
            .map(|x| format!("{} {}", place_name(map, &x.to), x.points))
            .collect();
        return format!("{from} → {}", list.join(" · "));
    }
    t.places()
        .iter()
        .map(|p| place_name(map, p))
        .collect::<Vec<_>>()
        .join(" – ")
}

/// The board positions of a place: a city's, or every endpoint of a zone.
fn place_positions(map: &MapFile, id: &str) -> Vec<P> {
    if let Some(c) = map.cities.iter().find(|c| c.id == id) {
        return vec![c.position];
    }
    map.cities
        .iter()
        .filter(|c| c.zone.as_deref() == Some(id))
        .map(|c| c.position)
        .collect()
}

pub fn sheet(map: &MapFile, l: &Layout, theme: &Theme) -> String {
    let cards: Vec<(usize, &Ticket)> = map
        .tickets
        .iter()
        .enumerate()
        .flat_map(|(i, t)| std::iter::repeat_n((i, t), t.copies.max(1) as usize))
        .collect();
    let (w, h) = sheet_size(cards.len());
    let mut out = String::with_capacity(4096 + cards.len() * 4096);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}mm" height="{}mm" viewBox="0 0 {} {}" data-theme="{}">"#,
        num(w),
        num(h),
        num(w),
        num(h),
        esc(&theme.name)
    );
    let _ = writeln!(out, "<title>{} – tickets</title>", esc(&map.map.name));
    let _ = writeln!(out, "<style>{}</style>", theme.css(1.0));
    let _ = writeln!(
        out,
        r#"<rect class="background-paper" x="0" y="0" width="{}" height="{}"/>"#,
        num(w),
        num(h)
    );

    // The mini map: the whole board fitted into the card above the text band.
    let (map_w, map_h) = (CARD_W - 2.0 * PAD, CARD_H - 2.0 * PAD - TEXT_BAND);
    let k = (map_w / l.board_w).min(map_h / l.board_h);
    let (ox, oy) = (
        PAD + (map_w - l.board_w * k) / 2.0,
        PAD + (map_h - l.board_h * k) / 2.0,
    );
    let to_card = |p: P| [ox + p[0] * k, oy + p[1] * k];
    let mut base = String::new();
    let _ = writeln!(
        base,
        r#"<rect class="ticket-map" x="{}" y="{}" width="{}" height="{}"/>"#,
        num(ox),
        num(oy),
        num(l.board_w * k),
        num(l.board_h * k)
    );
    for r in &l.routes {
        let pts: Vec<String> = r
            .centre
            .iter()
            .map(|p| {
                let q = to_card(*p);
                format!("{},{}", num(q[0]), num(q[1]))
            })
            .collect();
        let _ = writeln!(
            base,
            r#"<polyline class="ticket-route" points="{}"/>"#,
            pts.join(" ")
        );
    }
    for c in &map.cities {
        let q = to_card(c.position);
        let _ = writeln!(
            base,
            r#"<circle class="ticket-city" cx="{}" cy="{}" r="0.7"/>"#,
            num(q[0]),
            num(q[1])
        );
    }

    out.push_str(r#"<g id="tickets">"#);
    out.push('\n');
    for (n, (i, t)) in cards.iter().enumerate() {
        let (col, row) = (n % COLUMNS, n / COLUMNS);
        let x = SHEET_MARGIN + col as f64 * (CARD_W + GAP);
        let y = SHEET_MARGIN + row as f64 * (CARD_H + GAP);
        let _ = writeln!(
            out,
            r#"<g class="ticket" data-ticket="{i}" transform="translate({} {})">"#,
            num(x),
            num(y)
        );
        let _ = writeln!(
            out,
            r#"<rect class="ticket-card" x="0" y="0" width="{CARD_W}" height="{CARD_H}" rx="3"/>"#
        );
        out.push_str(&base);
        // Links: the path a player has to make, in ticket order (any-of: from the start to
        // each target).
        let link = |a: &str, b: &str| -> Option<String> {
            let (pa, pb) = (place_positions(map, a), place_positions(map, b));
            let (pa, pb) = (to_card(*pa.first()?), to_card(*pb.first()?));
            Some(format!(
                r#"<line class="ticket-link" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                num(pa[0]),
                num(pa[1]),
                num(pb[0]),
                num(pb[1])
            ))
        };
        match (&t.targets, t.from.as_deref()) {
            (Some(targets), Some(from)) => {
                for target in targets {
                    out.extend(link(from, &target.to));
                }
            }
            _ => {
                let places = t.places();
                for pair in places.windows(2) {
                    out.extend(link(pair[0], pair[1]));
                }
            }
        }
        for place in t.places() {
            for p in place_positions(map, place) {
                let q = to_card(p);
                let _ = writeln!(
                    out,
                    r#"<circle class="ticket-ring" cx="{}" cy="{}" r="2.2"/>"#,
                    num(q[0]),
                    num(q[1])
                );
            }
        }
        let text = ticket_text(map, t);
        // Shrink long names to fit the card rather than letting them run off it.
        let size = 3.6f64.min((CARD_W - 2.0 * PAD) / (text_width(&text, 1.0).max(1.0)));
        let _ = writeln!(
            out,
            r#"<text class="ticket-text" x="{}" y="{}" text-anchor="middle" style="font-size:{}px">{}</text>"#,
            num(CARD_W / 2.0),
            num(CARD_H - PAD - TEXT_BAND * 0.35),
            num(size),
            esc(&text)
        );
        let _ = writeln!(
            out,
            r#"<circle class="ticket-badge" cx="{}" cy="8" r="5.5"/><text class="ticket-points" x="{}" y="10.1" text-anchor="middle">{}</text>"#,
            num(CARD_W - 8.0),
            num(CARD_W - 8.0),
            t.max_points()
        );
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n</svg>\n");
    out
}
