//! `--tickets`: the destination tickets as printable pages of cards (44 × 67 mm by default, or
//! 63 × 88 mm; A4, Letter or A3), each card with a small map of the board, its cities ringed,
//! and its points in a badge beside the map, never over it. Long tickets (a deck of kind
//! `long`) are set apart by their card's colour and a word, as the published long tickets
//! are. Sizes are millimetres (the SVG's user unit).

use super::layout::{Layout, P, text_width};
use super::paper::{CardSize, PAGE_MARGIN_MM, PRINTABLE_INSET_MM, Paper};
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

/// The cards to draw and what every page shares.
struct Cards<'a> {
    map: &'a MapFile,
    /// Each card's ticket index and ticket, a ticket once per copy.
    cards: Vec<(usize, &'a Ticket)>,
    sheet: Sheet,
    parts: CardParts,
    paper: Paper,
    /// The mini map every card shows (card coordinates), and where on a card it lies.
    base: String,
    to_card: Box<dyn Fn(P) -> P + 'a>,
}

impl<'a> Cards<'a> {
    fn new(map: &'a MapFile, l: &Layout, card: CardSize, paper: Paper) -> Cards<'a> {
        let cards: Vec<(usize, &Ticket)> = map
            .tickets
            .iter()
            .enumerate()
            .flat_map(|(i, t)| std::iter::repeat_n((i, t), t.copies.max(1) as usize))
            .collect();
        let sheet = Sheet::new(cards.len(), card, paper);
        let [cw, ch] = sheet.card;
        let parts = CardParts::for_card(sheet.card);
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
        let to_card = move |p: P| [ox + p[0] * k, oy + p[1] * k];
        let base = mini_map(map, l, k, to_card, [ox, oy]);
        Cards {
            map,
            cards,
            sheet,
            parts,
            paper,
            base,
            to_card: Box::new(to_card),
        }
    }

    /// The cards on `page`: their numbers in `cards`.
    fn on_page(&self, page: usize) -> std::ops::Range<usize> {
        let per_page = self.sheet.grid[0] * self.sheet.grid[1];
        page * per_page..((page + 1) * per_page).min(self.cards.len())
    }
}

fn svg_open(out: &mut String, map: &MapFile, theme: &Theme, size: [f64; 2], pages: usize) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}mm" height="{}mm" viewBox="0 0 {} {}" data-theme="{}" data-pages="{}">"#,
        num(size[0]),
        num(size[1]),
        num(size[0]),
        num(size[1]),
        esc(&theme.name),
        pages
    );
    let _ = writeln!(out, "<title>{} – tickets</title>", esc(&map.map.name));
    let _ = writeln!(out, "<style>{}</style>", theme.css(1.0));
}

/// The ticket sheet's preview: every page, laid out in a near-square grid of pages.
pub fn sheet(map: &MapFile, l: &Layout, theme: &Theme, card: CardSize, paper: Paper) -> String {
    let c = Cards::new(map, l, card, paper);
    let mut out = String::with_capacity(4096 + c.cards.len() * 4096);
    svg_open(&mut out, map, theme, c.sheet.size(), c.sheet.pages);
    write_pages(&mut out, &c, 0..c.sheet.pages, |k| c.sheet.page_at(k));
    out.push_str("</svg>\n");
    out
}

/// The ticket sheet as one SVG per page, each the paper's size (the PDF's pages): the same
/// cards, marks and words as the preview's pages.
pub fn page_svgs(
    map: &MapFile,
    l: &Layout,
    theme: &Theme,
    card: CardSize,
    paper: Paper,
) -> Vec<String> {
    let c = Cards::new(map, l, card, paper);
    (0..c.sheet.pages)
        .map(|k| {
            let mut out = String::with_capacity(4096 + c.on_page(k).len() * 4096);
            svg_open(&mut out, map, theme, c.sheet.page, 1);
            write_pages(&mut out, &c, k..k + 1, |_| [0.0, 0.0]);
            out.push_str("</svg>\n");
            out
        })
        .collect()
}

/// The pages in `pages`, each at `origin(page)`: the paper, its words and cut marks, then the
/// cards in one group.
fn write_pages(
    out: &mut String,
    c: &Cards,
    pages: std::ops::Range<usize>,
    origin: impl Fn(usize) -> [f64; 2],
) {
    let sheet = &c.sheet;
    let [cw, ch] = sheet.card;
    for page in pages.clone() {
        let [px, py] = origin(page);
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
        let words = format!(
            "{} – tickets – page {} of {} ({}, cards {} × {} mm)",
            c.map.map.name,
            page + 1,
            sheet.pages,
            c.paper.name(),
            num(ch),
            num(cw)
        );
        let label = page_label(sheet, &words);
        let _ = writeln!(
            out,
            r#"<text class="page-number" x="{}" y="{}" text-anchor="middle" style="font-size:{}px">{}</text>"#,
            num(sheet.page[0] / 2.0),
            num(label.y + label.h - PAGE_LABEL_DESCENT * label.size),
            num(label.size),
            esc(&words)
        );
        cut_marks(out, sheet, c.on_page(page).len(), &label);
        out.push_str("</g>\n");
    }

    out.push_str(r#"<g id="tickets">"#);
    out.push('\n');
    for page in pages {
        let [px, py] = origin(page);
        for n in c.on_page(page) {
            let (_, [x, y]) = sheet.card_at(n);
            card(out, c, n, page, [px + x, py + y]);
        }
    }
    out.push_str("</g>\n");
}

/// A page's words: their size and the box they take, centred at the foot of the page with
/// their descenders [`PRINTABLE_INSET_MM`] from its edge, shrunk to the printable width.
struct PageLabel {
    size: f64,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// A line's height above its baseline (accented capitals) and below it, in ems of Noto Sans.
const PAGE_LABEL_ASCENT: f64 = 1.07;
const PAGE_LABEL_DESCENT: f64 = 0.3;
/// The words' size, in mm.
const PAGE_LABEL_MM: f64 = 3.0;

fn page_label(sheet: &Sheet, words: &str) -> PageLabel {
    let room = sheet.page[0] - 2.0 * PAGE_MARGIN_MM;
    let size = PAGE_LABEL_MM.min(room / (1.1 * text_width(words, 1.0)).max(1e-9));
    let w = 1.1 * text_width(words, size);
    let h = (PAGE_LABEL_ASCENT + PAGE_LABEL_DESCENT) * size;
    PageLabel {
        size,
        x: (sheet.page[0] - w) / 2.0,
        y: sheet.page[1] - PRINTABLE_INSET_MM - h,
        w,
        h,
    }
}

/// Length of a cut mark, and its gap from the cards, in mm.
const CUT_MM: f64 = 3.0;
const CUT_GAP_MM: f64 = 1.0;

/// Cut marks round the grid of `count` cards on a page: where each column's and row's edges
/// meet the grid's outline, a short line outside it, in the margin (at least
/// [`PRINTABLE_INSET_MM`] from the paper's edge, as the grid is [`PAGE_MARGIN_MM`] in). A mark
/// the page's words would cover is left out; the other end of its cut is still marked.
fn cut_marks(out: &mut String, sheet: &Sheet, count: usize, label: &PageLabel) {
    if count == 0 {
        return;
    }
    let cols = sheet.grid[0].min(count);
    let rows = count.div_ceil(sheet.grid[0]);
    let (_, [x0, y0]) = sheet.card_at(0);
    let [cw, ch] = sheet.card;
    let x1 = x0 + cols as f64 * (cw + GAP) - GAP;
    let y1 = y0 + rows as f64 * (ch + GAP) - GAP;
    let under_label = |x: f64, ya: f64, yb: f64| {
        x >= label.x - 1.0
            && x <= label.x + label.w + 1.0
            && yb >= label.y - 1.0
            && ya <= label.y + label.h + 1.0
    };
    let mut d = String::new();
    for c in 0..cols {
        for x in [x0 + c as f64 * (cw + GAP), x0 + c as f64 * (cw + GAP) + cw] {
            let _ = write!(
                d,
                "M{} {}V{}",
                num(x),
                num(y0 - CUT_GAP_MM),
                num(y0 - CUT_GAP_MM - CUT_MM)
            );
            let (ya, yb) = (y1 + CUT_GAP_MM, y1 + CUT_GAP_MM + CUT_MM);
            if !under_label(x, ya, yb) {
                let _ = write!(d, "M{} {}V{}", num(x), num(ya), num(yb));
            }
        }
    }
    for r in 0..rows {
        for y in [y0 + r as f64 * (ch + GAP), y0 + r as f64 * (ch + GAP) + ch] {
            let _ = write!(
                d,
                "M{} {}H{}M{} {}H{}",
                num(x0 - CUT_GAP_MM),
                num(y),
                num(x0 - CUT_GAP_MM - CUT_MM),
                num(x1 + CUT_GAP_MM),
                num(y),
                num(x1 + CUT_GAP_MM + CUT_MM)
            );
        }
    }
    let _ = writeln!(out, r#"<path class="cut-mark" d="{d}"/>"#);
}

/// Card `n` (of ticket `cards[n]`) at `at`, on `page`.
fn card(out: &mut String, c: &Cards, n: usize, page: usize, at: [f64; 2]) {
    let (i, t) = c.cards[n];
    let map = c.map;
    let parts = &c.parts;
    let [cw, ch] = c.sheet.card;
    let long = is_long(map, t);
    let _ = writeln!(
        out,
        r#"<g class="ticket{}" data-ticket="{i}" data-page="{}" transform="translate({} {})">"#,
        if long { " long" } else { "" },
        page + 1,
        num(at[0]),
        num(at[1])
    );
    let _ = writeln!(
        out,
        r#"<rect class="ticket-card{}" x="0" y="0" width="{}" height="{}" rx="3"/>"#,
        if long { " long-card" } else { "" },
        num(cw),
        num(ch)
    );
    out.push_str(&c.base);
    card_marks(out, map, t, &c.to_card);
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
fn card_marks(out: &mut String, map: &MapFile, t: &Ticket, to_card: &dyn Fn(P) -> P) {
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
