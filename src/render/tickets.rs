//! `--tickets`: the destination tickets as printable pages of cards (44 × 67 mm by default, or
//! 63 × 88 mm; A4, Letter or A3), each card with a small map of the board, its cities ringed,
//! and its points in a badge beside the map, never over it. Long tickets (a deck of kind
//! `long`) are set apart by their card's colour and a word, as the published long tickets
//! are. Sizes are millimetres (the SVG's user unit).

use super::layout::{Layout, P, text_width};
use super::paper::{CardSize, PAGE_MARGIN_MM, Paper};
use super::svg::{esc, num};
use super::theme::Theme;
use crate::model::{DeckKind, MapFile, Ticket};
use std::fmt::Write;

/// Room between two cards on a page, for the scissors.
const GAP: f64 = 2.0;
/// Room between two pages of the preview (SVG, PNG).
const PAGE_GAP: f64 = 12.0;

/// Where the cards go: pages of `paper`, each holding a grid of cards, the pages themselves
/// laid out in a near-square grid so that the whole sheet previews (and rasterises) well.
#[derive(Debug, Clone, Copy)]
pub struct Sheet {
    pub card: [f64; 2],
    pub page: [f64; 2],
    /// Cards per page: columns, rows.
    pub grid: [usize; 2],
    pub pages: usize,
    /// Pages across the preview.
    pub page_cols: usize,
}

impl Sheet {
    pub fn new(cards: usize, card: CardSize, paper: Paper) -> Sheet {
        let card = card.size_mm();
        let page = paper.size_mm();
        let fit = |room: f64, size: f64| {
            (((room - 2.0 * PAGE_MARGIN_MM + GAP) / (size + GAP)).floor() as usize).max(1)
        };
        let grid = [fit(page[0], card[0]), fit(page[1], card[1])];
        let pages = cards.div_ceil(grid[0] * grid[1]).max(1);
        let page_cols = (pages as f64).sqrt().ceil() as usize;
        Sheet {
            card,
            page,
            grid,
            pages,
            page_cols,
        }
    }

    /// The whole preview's size in mm.
    pub fn size(&self) -> [f64; 2] {
        let rows = self.pages.div_ceil(self.page_cols);
        let span = |n: usize, size: f64| n as f64 * size + (n.max(1) - 1) as f64 * PAGE_GAP;
        [span(self.page_cols, self.page[0]), span(rows, self.page[1])]
    }

    /// Top-left corner of page `k` in the preview.
    fn page_at(&self, k: usize) -> [f64; 2] {
        let (col, row) = (k % self.page_cols, k / self.page_cols);
        [
            col as f64 * (self.page[0] + PAGE_GAP),
            row as f64 * (self.page[1] + PAGE_GAP),
        ]
    }

    /// Page and top-left corner (on the page) of card `n`: cards centred on the page.
    fn card_at(&self, n: usize) -> (usize, [f64; 2]) {
        let per_page = self.grid[0] * self.grid[1];
        let (page, k) = (n / per_page, n % per_page);
        let (col, row) = (k % self.grid[0], k / self.grid[0]);
        let used = |cells: usize, size: f64| cells as f64 * size + (cells - 1) as f64 * GAP;
        let x0 = (self.page[0] - used(self.grid[0], self.card[0])) / 2.0;
        let y0 = (self.page[1] - used(self.grid[1], self.card[1])) / 2.0;
        (
            page,
            [
                x0 + col as f64 * (self.card[0] + GAP),
                y0 + row as f64 * (self.card[1] + GAP),
            ],
        )
    }
}

/// The sheet's preview size in mm for `cards` cards.
pub fn sheet_size(cards: usize, card: CardSize, paper: Paper) -> [f64; 2] {
    Sheet::new(cards, card, paper).size()
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

/// Whether a ticket belongs to a deck of kind `long` (a ticket without `deck` is in the first).
fn is_long(map: &MapFile, t: &Ticket) -> bool {
    let deck = match &t.deck {
        Some(id) => map.decks.iter().find(|d| &d.id == id),
        None => map.decks.first(),
    };
    deck.is_some_and(|d| d.kind == DeckKind::Long)
}

/// Sizes inside a card, scaled with it (the 63 × 88 card is the reference).
struct CardParts {
    pad: f64,
    text_band: f64,
    badge_r: f64,
    text: f64,
}

impl CardParts {
    fn for_card(card: [f64; 2]) -> Self {
        let k = card[1] / 63.0;
        CardParts {
            pad: 3.0 * k.max(0.8),
            text_band: 10.0 * k,
            badge_r: 5.5 * k.max(0.8),
            text: 3.6 * k.max(0.85),
        }
    }
}

pub fn sheet(map: &MapFile, l: &Layout, theme: &Theme, card: CardSize, paper: Paper) -> String {
    let cards: Vec<(usize, &Ticket)> = map
        .tickets
        .iter()
        .enumerate()
        .flat_map(|(i, t)| std::iter::repeat_n((i, t), t.copies.max(1) as usize))
        .collect();
    let sheet = Sheet::new(cards.len(), card, paper);
    let [w, h] = sheet.size();
    let [cw, ch] = sheet.card;
    let parts = CardParts::for_card(sheet.card);
    let mut out = String::with_capacity(4096 + cards.len() * 4096);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}mm" height="{}mm" viewBox="0 0 {} {}" data-theme="{}" data-pages="{}">"#,
        num(w),
        num(h),
        num(w),
        num(h),
        esc(&theme.name),
        sheet.pages
    );
    let _ = writeln!(out, "<title>{} – tickets</title>", esc(&map.map.name));
    let _ = writeln!(out, "<style>{}</style>", theme.css(1.0));

    // The mini map: the whole board fitted into the card left of the badge's column and
    // above the text band, so that the points never hide a city.
    let badge_col = 2.0 * parts.badge_r + parts.pad;
    let (map_w, map_h) = (
        cw - 2.0 * parts.pad - badge_col,
        ch - 2.0 * parts.pad - parts.text_band,
    );
    let k = (map_w / l.board_w).min(map_h / l.board_h);
    let (ox, oy) = (
        parts.pad + (map_w - l.board_w * k) / 2.0,
        parts.pad + (map_h - l.board_h * k) / 2.0,
    );
    let to_card = |p: P| [ox + p[0] * k, oy + p[1] * k];
    let base = mini_map(map, l, k, to_card, [ox, oy]);

    for page in 0..sheet.pages {
        let [px, py] = sheet.page_at(page);
        let _ = writeln!(
            out,
            r#"<g class="page" data-page="{}" transform="translate({} {})">"#,
            page + 1,
            num(px),
            num(py)
        );
        let _ = writeln!(
            out,
            r#"<rect class="page-paper" x="0" y="0" width="{}" height="{}"/>"#,
            num(sheet.page[0]),
            num(sheet.page[1])
        );
        let _ = writeln!(
            out,
            r#"<text class="page-number" x="{}" y="{}" text-anchor="middle">{} – tickets – page {} of {} ({}, cards {} × {} mm)</text>"#,
            num(sheet.page[0] / 2.0),
            num(sheet.page[1] - PAGE_MARGIN_MM / 2.0),
            esc(&map.map.name),
            page + 1,
            sheet.pages,
            paper.name(),
            num(ch),
            num(cw)
        );
        out.push_str("</g>\n");
    }

    out.push_str(r#"<g id="tickets">"#);
    out.push('\n');
    for (n, (i, t)) in cards.iter().enumerate() {
        let (page, [x, y]) = sheet.card_at(n);
        let [px, py] = sheet.page_at(page);
        let long = is_long(map, t);
        let _ = writeln!(
            out,
            r#"<g class="ticket{}" data-ticket="{i}" data-page="{}" transform="translate({} {})">"#,
            if long { " long" } else { "" },
            page + 1,
            num(px + x),
            num(py + y)
        );
        let _ = writeln!(
            out,
            r#"<rect class="ticket-card{}" x="0" y="0" width="{}" height="{}" rx="3"/>"#,
            if long { " long-card" } else { "" },
            num(cw),
            num(ch)
        );
        out.push_str(&base);
        card_marks(&mut out, map, t, &to_card);
        let text = ticket_text(map, t);
        // Shrink long names to fit the card rather than letting them run off it.
        let size = parts
            .text
            .min((cw - 2.0 * parts.pad) / (text_width(&text, 1.0).max(1.0)));
        let _ = writeln!(
            out,
            r#"<text class="ticket-text" x="{}" y="{}" text-anchor="middle" style="font-size:{}px">{}</text>"#,
            num(cw / 2.0),
            num(ch - parts.pad - parts.text_band * 0.35),
            num(size),
            esc(&text)
        );
        let (bx, by) = (cw - parts.pad - parts.badge_r, parts.pad + parts.badge_r);
        let _ = writeln!(
            out,
            r#"<circle class="ticket-badge" cx="{}" cy="{}" r="{}"/><text class="ticket-points" x="{}" y="{}" text-anchor="middle" style="font-size:{}px">{}</text>"#,
            num(bx),
            num(by),
            num(parts.badge_r),
            num(bx),
            num(by + parts.badge_r * 0.38),
            num(parts.badge_r * 1.1),
            t.max_points()
        );
        if long {
            let _ = writeln!(
                out,
                r#"<text class="ticket-long" x="{}" y="{}" text-anchor="middle" style="font-size:{}px">long</text>"#,
                num(bx),
                num(by + parts.badge_r + parts.text * 0.9),
                num(parts.text * 0.75)
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// The board in miniature, shared by every card: the land, the routes' centre lines and the
/// cities.
fn mini_map(map: &MapFile, l: &Layout, k: f64, to_card: impl Fn(P) -> P, o: [f64; 2]) -> String {
    let mut base = String::new();
    let _ = writeln!(
        base,
        r#"<rect class="ticket-map" x="{}" y="{}" width="{}" height="{}"/>"#,
        num(o[0]),
        num(o[1]),
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
    base
}

/// The path a player has to make, in ticket order (any-of: from the start to each target),
/// and a ring around every place the ticket names.
fn card_marks(out: &mut String, map: &MapFile, t: &Ticket, to_card: &impl Fn(P) -> P) {
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
}
