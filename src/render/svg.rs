//! The board as SVG, written from the [`Layout`]. One `<g>` per layer (Inkscape sees them as
//! layers); every element the theme styles carries a class; all user text is escaped.

use super::layout::{Layout, LegendItem, P, legend_label};
// Re-exported: the SVG, ticket and playtest writers all format numbers through it.
pub use super::num::num;
use super::theme::Theme;
use crate::model::MapFile;
use std::fmt::Write;

/// Escapes text for XML/HTML content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters and noncharacters are not allowed in XML 1.0 at all (`check`
            // refuses noncharacters; this keeps any other caller's SVG well-formed).
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{FFFD}'),
            c if crate::spans::is_noncharacter(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// The words beside the stock shares' legend mark.
const SHARES_LEGEND: &str = "stock shares a claim offers";

/// The legend entry for stock shares, which the layout's legend does not list: where it goes
/// and the legend frame around it, and how much taller the drawing gets for it.
fn shares_legend(map: &MapFile, l: &Layout) -> Option<(P, super::layout::Rect, f64)> {
    map.routes
        .iter()
        .any(|r| !r.stock_shares.is_empty())
        .then(|| {
            super::shares::legend_slot(
                l,
                super::types::text_width(SHARES_LEGEND, l.sizes.legend_size),
            )
        })
}

/// The whole drawing: the layout's, taller when an entry of the legend needs the room.
pub fn view(map: &MapFile, l: &Layout) -> super::layout::Rect {
    let mut v = l.view;
    if let Some((_, _, grow)) = shares_legend(map, l) {
        v.h += grow;
    }
    v
}

const LAYER_ATTRS: &str = r#"inkscape:groupmode="layer""#;

fn open_layer(out: &mut String, id: &str) {
    let _ = writeln!(out, r#"<g id="{id}" {LAYER_ATTRS} inkscape:label="{id}">"#);
}

/// The board. `print`: width and height in millimetres at real size.
pub fn board(map: &MapFile, l: &Layout, theme: &Theme, print: bool) -> String {
    board_with(map, l, theme, print, 0.0, None)
}

/// A lane's spaces drawn over the theme's colour (a playtest's heat, a comparison's change):
/// the fill, the outline (a tunnel keeps its own thick border instead, so it stays visible
/// under any fill) and a hover title (plain text).
pub struct SpacePaint {
    pub fill: String,
    pub outline: String,
    pub title: String,
}

/// What paints a lane, asked with the route's id (as the map's layout names it, unescaped)
/// and the lane's index; `None` leaves the lane as the theme draws it.
pub type Paint<'a> = &'a dyn Fn(&str, usize) -> Option<SpacePaint>;

/// The board on screen with lanes painted by `paint` (see [`Paint`]).
pub fn board_painted(map: &MapFile, l: &Layout, theme: &Theme, paint: Paint) -> String {
    board_with(map, l, theme, false, 0.0, Some(paint))
}

/// The board at real size with its paper colour reaching `bleed_mm` past the drawing on every
/// side, for a print shop to cut at the drawing's edge (`render --format pdf --bleed`).
pub fn board_with_bleed(map: &MapFile, l: &Layout, theme: &Theme, bleed_mm: f64) -> String {
    board_with(map, l, theme, true, bleed_mm * l.print_units_per_mm, None)
}

/// The board, its drawing and background grown by `outset` board units on every side.
fn board_with(
    map: &MapFile,
    l: &Layout,
    theme: &Theme,
    print: bool,
    outset: f64,
    paint: Option<Paint>,
) -> String {
    let v = grown(view(map, l), outset);
    let mut out = String::with_capacity(64 * 1024 + l.space_count() * 200);
    let (w, h) = if print {
        (
            format!("{}mm", num(v.w / l.print_units_per_mm)),
            format!("{}mm", num(v.h / l.print_units_per_mm)),
        )
    } else {
        // Screen size: 1600 px wide whatever the board units.
        ("1600".to_string(), num(1600.0 * v.h / v.w))
    };
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="{w}" height="{h}" viewBox="{} {} {} {}" data-theme="{}">"#,
        num(v.x),
        num(v.y),
        num(v.w),
        num(v.h),
        esc(&theme.name)
    );
    let _ = writeln!(out, "<title>{}</title>", esc(&map.map.name));
    layers(&mut out, map, l, theme, outset, paint);
    out.push_str("</svg>\n");
    out
}

fn grown(v: super::layout::Rect, by: f64) -> super::layout::Rect {
    super::layout::Rect {
        x: v.x - by,
        y: v.y - by,
        w: v.w + 2.0 * by,
        h: v.h + 2.0 * by,
    }
}

/// The board's style and layers without the `<svg>` element around them: the board's own
/// SVG wraps them, and the tiled print pages define them once and show a part on each page.
pub fn board_layers(out: &mut String, map: &MapFile, l: &Layout, theme: &Theme) {
    layers(out, map, l, theme, 0.0, None);
}

fn layers(
    out: &mut String,
    map: &MapFile,
    l: &Layout,
    theme: &Theme,
    outset: f64,
    paint: Option<Paint>,
) {
    let v = grown(view(map, l), outset);
    let _ = writeln!(
        out,
        "<style>{}{}</style>",
        theme.css(l.units_per_mm),
        theme.derived_css(&map.regions.iter().map(|r| r.color).collect::<Vec<_>>())
    );

    open_layer(out, "background");
    let _ = writeln!(
        out,
        r#"<rect class="background-paper" x="{}" y="{}" width="{}" height="{}"/>"#,
        num(v.x),
        num(v.y),
        num(v.w),
        num(v.h)
    );
    let _ = writeln!(
        out,
        r#"<rect class="board" x="0" y="0" width="{}" height="{}"/>"#,
        num(l.board_w),
        num(l.board_h)
    );
    out.push_str("</g>\n");

    score_track(out, l);
    zones(out, map, l);
    routes(out, map, l, theme.symbols, paint);
    crossings(out, map, l);
    cities(out, map, l);
    labels(out, map, l);
    legend(out, map, l, theme.symbols);
    title(out, l);
}

/// The score track's cells, each with its number upright at its centre; every fifth set apart.
fn score_track(out: &mut String, l: &Layout) {
    let Some(track) = &l.score_track else {
        return;
    };
    open_layer(out, "score-track");
    for (k, c) in track.cells.iter().enumerate() {
        let five = if super::score_track::ScoreTrack::marked(k) {
            " score-five"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            r#"<rect class="score-cell{five}" x="{}" y="{}" width="{}" height="{}"/><text class="score-number{five}" x="{}" y="{}" text-anchor="middle">{k}</text>"#,
            num(c.x),
            num(c.y),
            num(c.w),
            num(c.h),
            num(c.x + c.w / 2.0),
            num(c.y + c.h / 2.0 + l.sizes.legend_size * 0.35),
        );
    }
    out.push_str("</g>\n");
}

fn zones(out: &mut String, map: &MapFile, l: &Layout) {
    open_layer(out, "zones");
    for z in &l.zones {
        let zone = &map.zones[z.index];
        let _ = writeln!(out, r#"<g class="zone" data-zone="{}">"#, esc(&zone.id));
        for p in &z.links {
            let far = ((p[0] - z.pos[0]).powi(2) + (p[1] - z.pos[1]).powi(2)).sqrt();
            if far > l.sizes.zone_size * 2.0 {
                let _ = writeln!(
                    out,
                    r#"<line class="zone-link" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                    num(p[0]),
                    num(p[1]),
                    num(z.pos[0]),
                    num(z.pos[1])
                );
            }
        }
        let _ = writeln!(
            out,
            r#"<text class="zone-label" x="{}" y="{}" text-anchor="middle">{}</text>"#,
            num(z.pos[0]),
            num(z.pos[1] + l.sizes.zone_size * 0.35),
            esc(zone.display_name())
        );
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

fn routes(out: &mut String, map: &MapFile, l: &Layout, symbols: bool, paint: Option<Paint>) {
    open_layer(out, "routes");
    let corner = num(l.sizes.space_corner);
    for r in &l.routes {
        let route = &map.routes[r.index];
        let mut class = String::from("route");
        for (on, name) in [
            (route.ferry > 0, " ferry"),
            (route.tunnel, " tunnel-route"),
            (route.track_bed, " track-bed-route"),
            (route.mountains > 0, " mountain-route"),
        ] {
            if on {
                class.push_str(name);
            }
        }
        let id = esc(&r.id);
        let _ = writeln!(
            out,
            r#"<g class="{class}" data-route="{id}" data-from="{}" data-to="{}">"#,
            esc(&route.from),
            esc(&route.to)
        );
        for (lane_i, lane) in r.lanes.iter().enumerate() {
            let _ = writeln!(out, r#"<g class="lane" data-lane="{lane_i}">"#);
            let space_class = if route.track_bed {
                // A track bed has no colour until a piece is built on it.
                "space track-bed".to_string()
            } else if route.tunnel {
                format!("space c-{} tunnel", lane.color.name())
            } else {
                format!("space c-{}", lane.color.name())
            };
            let painted = paint.and_then(|paint| paint(&r.id, lane_i));
            // Painted: a style before the class, and the title inside the space.
            let (style, end) = match &painted {
                Some(p) if space_class.ends_with(" tunnel") => (
                    format!(r#"style="fill:{}" "#, p.fill),
                    format!("><title>{}</title></rect>", esc(&p.title)),
                ),
                Some(p) => (
                    format!(r#"style="fill:{};stroke:{}" "#, p.fill, p.outline),
                    format!("><title>{}</title></rect>", esc(&p.title)),
                ),
                None => (String::new(), "/>".to_string()),
            };
            for sp in &lane.spaces {
                let transform = format!(
                    "translate({} {}) rotate({})",
                    num(sp.center[0]),
                    num(sp.center[1]),
                    num(sp.angle)
                );
                let _ = writeln!(
                    out,
                    r#"<rect {style}class="{space_class}" data-route="{id}" data-lane="{lane_i}" x="{}" y="{}" width="{}" height="{}" rx="{corner}" transform="{transform}"{end}"#,
                    num(-sp.length / 2.0),
                    num(-sp.width / 2.0),
                    num(sp.length),
                    num(sp.width)
                );
                if sp.ferry {
                    let _ = writeln!(
                        out,
                        r#"<path class="loco" d="{}" transform="{transform}"/>"#,
                        loco_path(sp.width * 0.95)
                    );
                }
                if sp.mountain {
                    // Upright whatever the route's angle: a peak, as printed boards draw it.
                    let _ = writeln!(
                        out,
                        r#"<path class="mountain" d="{}" transform="translate({} {})"/>"#,
                        mountain_path(sp.width * 0.8),
                        num(sp.center[0]),
                        num(sp.center[1])
                    );
                }
                if symbols && !route.track_bed {
                    let at = symbol_at(sp);
                    let mark = super::symbols::mark(lane.color, at, sp.width * 0.24);
                    if !mark.is_empty() {
                        out.push_str(&mark);
                        out.push('\n');
                    }
                }
            }
            out.push_str("</g>\n");
        }
        out.push_str("</g>\n");
    }
    // Printed beside the tracks, over them: part of the routes' layer.
    shares_group(out, map, l);
    out.push_str("</g>\n");
}

/// One tag: a ringed disc with the value in it.
fn share_tag(value: u32, at: P, r: f64) -> String {
    format!(
        r#"<circle class="share-tag" cx="{}" cy="{}" r="{}"/><text class="share-value" x="{}" y="{}" text-anchor="middle">{value}</text>"#,
        num(at[0]),
        num(at[1]),
        num(r),
        num(at[0]),
        // The text's baseline: about a third of its size below the centre.
        num(at[1] + r * 0.36)
    )
}

/// The group of stock shares, in the routes' layer (nothing when the map has none).
fn shares_group(out: &mut String, map: &MapFile, l: &Layout) {
    let placed = super::shares::place(map, l);
    if placed.is_empty() {
        return;
    }
    out.push_str("<g class=\"stock-shares\">\n");
    for p in placed {
        let values: Vec<String> = p.tags.iter().map(|(v, _)| v.to_string()).collect();
        let _ = write!(
            out,
            r#"<g class="stock-share" data-route="{}" data-shares="{}">"#,
            esc(&map.routes[p.route].id()),
            values.join(" ")
        );
        for (v, at) in &p.tags {
            out.push_str(&share_tag(*v, *at, p.radius));
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

/// The legend's mark for stock shares: one tag.
fn shares_legend_mark(mid: P, swatch_h: f64) -> String {
    share_tag(10, mid, swatch_h * 0.5)
}

/// Where a space's colour symbol goes: its centre, or towards its far end when the centre
/// holds a locomotive or a mountain.
fn symbol_at(sp: &super::types::Space) -> P {
    if !(sp.ferry || sp.mountain) {
        return sp.center;
    }
    let a = sp.angle.to_radians();
    let off = (sp.length / 2.0 - sp.width * 0.4).max(0.0);
    [sp.center[0] + off * a.cos(), sp.center[1] + off * a.sin()]
}

/// The declared crossings: a ringed cross where two routes meet, over both, so the board
/// shows that building one blocks the other. Marks let the pointer through to the spaces.
fn crossings(out: &mut String, map: &MapFile, l: &Layout) {
    open_layer(out, "crossings");
    let r = l.sizes.space_width * 0.42;
    for c in &l.crossings {
        let (a, b) = (&map.routes[c.routes.0], &map.routes[c.routes.1]);
        let _ = writeln!(
            out,
            r#"<g class="crossing" data-routes="{} {}">{}</g>"#,
            esc(&a.id()),
            esc(&b.id()),
            crossing_mark(c.at, r)
        );
    }
    out.push_str("</g>\n");
}

/// A ring with a cross in it, radius `r` around `c`.
pub fn crossing_mark(c: P, r: f64) -> String {
    let k = r * 0.6;
    format!(
        r#"<circle class="crossing-mark" cx="{}" cy="{}" r="{}"/><path class="crossing-x" d="M{} {}L{} {}M{} {}L{} {}"/>"#,
        num(c[0]),
        num(c[1]),
        num(r),
        num(c[0] - k),
        num(c[1] - k),
        num(c[0] + k),
        num(c[1] + k),
        num(c[0] - k),
        num(c[1] + k),
        num(c[0] + k),
        num(c[1] - k)
    )
}

/// A small locomotive facing +x, centred on the origin, `k` wide-ish: cab, boiler, chimney,
/// three wheels.
pub fn loco_path(k: f64) -> String {
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
        format!(
            "M{} {}H{}V{}H{}Z",
            num(x0 * k),
            num(y0 * k),
            num(x1 * k),
            num(y1 * k),
            num(x0 * k)
        )
    };
    let wheel = |cx: f64| {
        let (r, cy) = (0.1 * k, 0.22 * k);
        format!(
            "M{} {}a{r} {r} 0 1 0 {d} 0a{r} {r} 0 1 0 -{d} 0Z",
            num(cx * k - r),
            num(cy),
            r = num(r),
            d = num(2.0 * r)
        )
    };
    [
        rect(-0.6, -0.3, -0.2, 0.15),
        rect(-0.2, -0.12, 0.48, 0.15),
        rect(0.26, -0.3, 0.38, -0.12),
        wheel(-0.4),
        wheel(-0.02),
        wheel(0.32),
    ]
    .concat()
}

/// A mountain peak centred on the origin.
pub fn mountain_path(k: f64) -> String {
    format!(
        "M{} {}L0 {}L{} {}Z",
        num(-0.4 * k),
        num(0.28 * k),
        num(-0.32 * k),
        num(0.4 * k),
        num(0.28 * k)
    )
}

/// A five-pointed star of outer radius `r` around `c`.
pub fn star_path(c: P, r: f64) -> String {
    let mut d = String::new();
    for k in 0..10 {
        let rr = if k % 2 == 0 { r } else { r * 0.45 };
        let a = (-90.0 + 36.0 * k as f64).to_radians();
        let _ = write!(
            d,
            "{}{} {}",
            if k == 0 { "M" } else { "L" },
            num(c[0] + rr * a.cos()),
            num(c[1] + rr * a.sin())
        );
    }
    d.push('Z');
    d
}

fn cities(out: &mut String, map: &MapFile, l: &Layout) {
    open_layer(out, "cities");
    for (city, c) in map.cities.iter().zip(&l.cities) {
        let mut class = String::from("city");
        for (on, name) in [
            (c.capital, " capital"),
            (c.festival, " festival"),
            (c.zone_end, " zone-end"),
        ] {
            if on {
                class.push_str(name);
            }
        }
        let _ = writeln!(out, r#"<g class="{class}" data-city="{}">"#, esc(&city.id));
        let (x, y) = (num(c.pos[0]), num(c.pos[1]));
        if let Some(region) = c.region {
            // A dark edge under the ring, so that a light ring (white, yellow) shows on the land.
            let _ = writeln!(
                out,
                r#"<circle class="region-edge" cx="{x}" cy="{y}" r="{r}"/><circle class="region-ring region-{region}" cx="{x}" cy="{y}" r="{r}"/>"#,
                r = num(c.radius * 1.35)
            );
        }
        let _ = writeln!(
            out,
            r#"<circle class="city-marker" cx="{x}" cy="{y}" r="{}"/>"#,
            num(c.radius)
        );
        if c.capital {
            let _ = writeln!(
                out,
                r#"<path class="capital-star" d="{}"/>"#,
                star_path(c.pos, c.radius * 0.8)
            );
        }
        if c.festival {
            let _ = writeln!(
                out,
                r#"<circle class="festival-mark" cx="{}" cy="{}" r="{}"/>"#,
                num(c.pos[0] + c.radius * 0.85),
                num(c.pos[1] - c.radius * 0.85),
                num(c.radius * 0.45)
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

fn labels(out: &mut String, map: &MapFile, l: &Layout) {
    open_layer(out, "labels");
    for (city, c) in map.cities.iter().zip(&l.cities) {
        let lab = &c.label;
        let rotate = if lab.rotate.abs() > f64::EPSILON {
            format!(
                r#" transform="rotate({} {} {})""#,
                num(lab.rotate),
                num(lab.pivot[0]),
                num(lab.pivot[1])
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            r#"<text class="city-label" data-city="{}" x="{}" y="{}" text-anchor="{}"{rotate}>{}</text>"#,
            esc(&city.id),
            num(lab.x),
            num(lab.y),
            lab.text_anchor,
            esc(city.display_name())
        );
    }
    out.push_str("</g>\n");
}

fn legend(out: &mut String, map: &MapFile, l: &Layout, symbols: bool) {
    open_layer(out, "legend");
    let g = &l.legend;
    let ls = l.sizes.legend_size;
    let shares = shares_legend(map, l);
    let f = shares.map_or(g.frame, |(_, f, _)| f);
    let _ = writeln!(
        out,
        r#"<rect class="legend-frame" x="{}" y="{}" width="{}" height="{}" rx="{}"/>"#,
        num(f.x),
        num(f.y),
        num(f.w),
        num(f.h),
        num(ls * 0.4)
    );
    let _ = writeln!(
        out,
        r#"<text class="legend-heading" x="{}" y="{}">Legend</text>"#,
        num(g.heading[0]),
        num(g.heading[1])
    );
    let [sw, sh] = g.swatch;
    for (item, at) in &g.items {
        let (x, y) = (at[0], at[1]);
        let mark = legend_mark(map, item, [x, y], [sw, sh], symbols);
        let _ = writeln!(
            out,
            r#"<g class="legend-item">{mark}<text class="legend-text" x="{}" y="{}">{}</text></g>"#,
            num(x + sw + ls * 0.6),
            num(y + sh * 0.5 + ls * 0.36),
            esc(&legend_label(map, *item))
        );
    }
    if let Some((at, _, _)) = shares {
        let _ = writeln!(
            out,
            r#"<g class="legend-item">{}<text class="legend-text" x="{}" y="{}">{SHARES_LEGEND}</text></g>"#,
            shares_legend_mark([at[0] + sw / 2.0, at[1] + sh / 2.0], sh),
            num(at[0] + sw + ls * 0.6),
            num(at[1] + sh * 0.5 + ls * 0.36)
        );
    }
    if let Some((text, at)) = &g.points_line {
        let _ = writeln!(
            out,
            r#"<text class="legend-text" x="{}" y="{}">{}</text>"#,
            num(at[0]),
            num(at[1]),
            esc(text)
        );
    }
    out.push_str("</g>\n");
}

/// The mark beside one legend entry, its swatch's top-left corner at `[x, y]`.
fn legend_mark(
    map: &MapFile,
    item: &LegendItem,
    [x, y]: P,
    [sw, sh]: [f64; 2],
    symbols: bool,
) -> String {
    let mid = [x + sw / 2.0, y + sh / 2.0];
    let rect = |class: &str| {
        format!(
            r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" rx="{}"/>"#,
            num(x),
            num(y),
            num(sw),
            num(sh),
            num(sh * 0.15)
        )
    };
    let translate = format!("translate({} {})", num(mid[0]), num(mid[1]));
    match item {
        LegendItem::Color(c) if symbols => format!(
            "{}{}",
            rect(&format!("swatch c-{}", c.name())),
            super::symbols::mark(*c, mid, sh * 0.32)
        ),
        LegendItem::Color(c) => rect(&format!("swatch c-{}", c.name())),
        LegendItem::Ferry => format!(
            r#"{}<path class="loco" d="{}" transform="{translate}"/>"#,
            rect("swatch c-gray"),
            loco_path(sh * 0.95)
        ),
        LegendItem::Tunnel => rect("swatch c-gray tunnel"),
        LegendItem::TrackBed => rect("swatch track-bed"),
        LegendItem::Crossing => crossing_mark(mid, sh * 0.5),
        LegendItem::Mountain => format!(
            r#"{}<path class="mountain" d="{}" transform="{translate}"/>"#,
            rect("swatch c-gray"),
            mountain_path(sh * 0.8)
        ),
        LegendItem::Capital => format!(
            r#"<circle class="city-marker" cx="{}" cy="{}" r="{}"/><path class="capital-star" d="{}"/>"#,
            num(mid[0]),
            num(mid[1]),
            num(sh * 0.6),
            star_path(mid, sh * 0.5)
        ),
        LegendItem::Festival => format!(
            r#"<circle class="festival-mark" cx="{}" cy="{}" r="{}"/>"#,
            num(mid[0]),
            num(mid[1]),
            num(sh * 0.4)
        ),
        LegendItem::ZoneEnd => format!(
            r#"<g class="zone-end"><circle class="city-marker" cx="{}" cy="{}" r="{}"/></g>"#,
            num(mid[0]),
            num(mid[1]),
            num(sh * 0.5)
        ),
        LegendItem::Region(i) => {
            // A region standing for a card colour shows that colour's symbol too.
            let symbol = match map.regions[*i].color {
                Some(c) if symbols => super::symbols::mark(c, mid, sh * 0.32),
                _ => String::new(),
            };
            format!("{}{symbol}", rect(&format!("swatch region-{i}")))
        }
    }
}

fn title(out: &mut String, l: &Layout) {
    open_layer(out, "title");
    let t = &l.title;
    let f = t.frame;
    let _ = writeln!(
        out,
        r#"<rect class="title-frame" x="{}" y="{}" width="{}" height="{}" rx="{}"/>"#,
        num(f.x),
        num(f.y),
        num(f.w),
        num(f.h),
        num(l.sizes.legend_size * 0.4)
    );
    let name_style = if (t.name_size - l.sizes.title_size).abs() > 1e-9 {
        format!(r#" style="font-size:{}px""#, num(t.name_size))
    } else {
        String::new()
    };
    for (text, at, is_name) in &t.lines {
        let _ = writeln!(
            out,
            r#"<text class="{}" x="{}" y="{}"{}>{}</text>"#,
            if *is_name { "title-name" } else { "title-meta" },
            num(at[0]),
            num(at[1]),
            if *is_name { name_style.as_str() } else { "" },
            esc(text)
        );
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_holds_its_value_inside_its_disc() {
        let t = share_tag(15, [10.0, 20.0], 3.0);
        assert!(t.contains(r#"cx="10" cy="20" r="3""#), "{t}");
        assert!(t.contains(">15</text>"), "{t}");
    }

    /// Europe: every lane of one tunnel route and one open route painted, the rest left alone.
    #[test]
    fn a_painted_lane_gets_its_fill_and_title_and_the_rest_stay_as_drawn() {
        let loaded = crate::load::load_str("europe", include_str!("../../maps/europe.toml"));
        let map = loaded.map.expect("europe loads");
        let plain = crate::render::to_svg(&map, &crate::render::Options::default()).unwrap();
        let none = crate::render::to_svg_painted(&map, &|_, _| None).unwrap();
        assert_eq!(
            plain, none,
            "painting nothing draws the board as to_svg does"
        );

        let tunnel = map.routes.iter().position(|r| r.tunnel).expect("a tunnel");
        let open = map
            .routes
            .iter()
            .position(|r| !r.tunnel && !r.track_bed)
            .unwrap();
        let layout = crate::render::layout(&map, &crate::render::Options::default()).unwrap();
        let id = |i: usize| {
            layout
                .routes
                .iter()
                .find(|r| r.index == i)
                .unwrap()
                .id
                .clone()
        };
        let (tunnel_id, open_id) = (id(tunnel), id(open));
        let paint = |route: &str, _lane: usize| {
            (route == tunnel_id || route == open_id).then(|| SpacePaint {
                fill: "#123456".into(),
                outline: "#654321".into(),
                title: format!("<{route}>"),
            })
        };
        let painted = crate::render::to_svg_painted(&map, &paint).unwrap();
        let lines = |route: &str| {
            let attr = format!("data-route=\"{}\"", esc(route));
            painted
                .lines()
                .filter(|l| l.starts_with("<rect") && l.contains(&attr))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        let spaces = |i: usize| map.routes[i].length as usize * map.routes[i].lane_count() as usize;
        let (tunnel_rects, open_rects) = (lines(&tunnel_id), lines(&open_id));
        assert_eq!(tunnel_rects.len(), spaces(tunnel));
        assert_eq!(open_rects.len(), spaces(open));
        for l in &tunnel_rects {
            // A tunnel keeps its own thick border: no outline over it.
            assert!(
                l.starts_with(r##"<rect style="fill:#123456" class="space"##),
                "{l}"
            );
        }
        for l in &open_rects {
            assert!(
                l.starts_with(r##"<rect style="fill:#123456;stroke:#654321" class="space"##),
                "{l}"
            );
            let title = format!("><title>&lt;{}&gt;</title></rect>", esc(&open_id));
            assert!(l.ends_with(&title), "{l}");
        }
        let styled = painted
            .lines()
            .filter(|l| l.starts_with("<rect style="))
            .count();
        assert_eq!(styled, spaces(tunnel) + spaces(open), "only the two routes");
    }

    #[test]
    fn markup_and_quotes_are_escaped() {
        assert_eq!(
            esc(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
