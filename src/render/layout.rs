//! The layout: every position the board needs, computed once from the checked model. The SVG
//! writers only read it, so the board, the HTML page and the ticket sheet agree.

use super::crossings::{self, Crossing};
use super::labels::{LabelRun, label_at, names_on_spaces, place_labels};
use super::pitch::board_units_per_mm;
use super::routing;
use super::score_track::ScoreTrack;
use super::theme::Sizes;
pub use super::types::{
    CityLayout, LabelLayout, LaneLayout, P, Rect, RouteLayout, Space, ZoneLayout, text_width,
};
use crate::model::{Color, LabelAnchor, MapFile};

#[derive(Debug, Clone)]
pub struct Layout {
    pub board_w: f64,
    pub board_h: f64,
    /// Board units per theme millimetre: sizes of spaces, markers and text.
    pub units_per_mm: f64,
    /// Board units per millimetre of the real-size print (`--print`, `--dpi`).
    pub print_units_per_mm: f64,
    /// The theme's sizes converted to board units.
    pub sizes: Sizes,
    /// The whole drawing (board, margin and the legend band): x, y, width, height.
    pub view: Rect,
    pub cities: Vec<CityLayout>,
    pub routes: Vec<RouteLayout>,
    pub zones: Vec<ZoneLayout>,
    /// Where routes declared as crossing (`crosses`) meet, marked on the board.
    pub crossings: Vec<Crossing>,
    pub legend: LegendLayout,
    pub title: TitleLayout,
    /// The numbered cells round the board ([`ScoreTrack`]), when drawn.
    pub score_track: Option<ScoreTrack>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegendItem {
    Color(Color),
    Ferry,
    Tunnel,
    TrackBed,
    Crossing,
    Mountain,
    Capital,
    Festival,
    ZoneEnd,
    /// Index into `map.regions`.
    Region(usize),
}

#[derive(Debug, Clone)]
pub struct LegendLayout {
    pub frame: Rect,
    pub heading: P,
    /// Each item with the top-left corner of its swatch.
    pub items: Vec<(LegendItem, P)>,
    pub swatch: [f64; 2],
    /// "Route points: 1→1 2→2 …" and where it goes.
    pub points_line: Option<(String, P)>,
}

#[derive(Debug, Clone)]
pub struct TitleLayout {
    pub frame: Rect,
    /// Text, baseline start, and whether it is the name line.
    pub lines: Vec<(String, P, bool)>,
    /// Font size of the name (the theme's, or smaller for a long name).
    pub name_size: f64,
}

impl Layout {
    /// Everything at the board's real scale: spaces, markers and names are their theme size
    /// in millimetres of the print (the map's `board.space_mm` overrides the space size), on
    /// screen as on paper, so every car has one length.
    pub fn compute(map: &MapFile, mm: &Sizes) -> Layout {
        Layout::compute_with(map, mm, None)
    }

    /// [`Layout::compute`], with a score track numbered 0 to `score_to` round the board when
    /// one is asked for: the drawing grows by the track's band on every side, and the legend
    /// and title sit below it.
    pub fn compute_with(map: &MapFile, mm: &Sizes, score_to: Option<u32>) -> Layout {
        let board = &map.map.board;
        let (bw, bh) = (board.width, board.height);
        let units_per_mm = board_units_per_mm(board);
        let mut mm = *mm;
        // The car is sized to the board, as on a printed board: the map's `board.space_mm`,
        // else the length its routes' spans want (`pitch`); the theme's `--space-length` is
        // the fallback for a map with no route to measure.
        if let Some([length, width]) = board.space_mm {
            mm.space_length = length;
            mm.space_width = width;
        } else if let Some(length) = super::pitch::derived_car_length_mm(map) {
            mm.space_length = length;
        }
        if let Some(stretch) = board.car_stretch {
            mm.car_stretch = stretch;
        }
        let s = scale_sizes(&mm, units_per_mm);

        let mut cities: Vec<CityLayout> = map
            .cities
            .iter()
            .map(|c| {
                let radius = if c.has_tag("big") || c.has_tag("capital") {
                    s.city_radius * 1.25
                } else {
                    s.city_radius
                };
                CityLayout {
                    pos: c.position,
                    radius,
                    label: label_at(
                        c.position,
                        radius,
                        "",
                        s.label_size,
                        LabelAnchor::Center,
                        [0.0; 2],
                        0.0,
                    ),
                    capital: c.has_tag("capital"),
                    festival: c.festival.is_some(),
                    zone_end: c.zone.is_some(),
                    region: c
                        .region
                        .as_ref()
                        .and_then(|r| map.regions.iter().position(|x| &x.id == r)),
                }
            })
            .collect();
        let declared = crossings::declared_pairs(map);
        let (routes, zones) = lay_routes_and_names(map, &mut cities, &s, [bw, bh], &declared);
        let crossings = crossings::find(&declared, &routes);
        let score_track = score_to.map(|last| ScoreTrack::lay(bw, bh, last, units_per_mm));
        let band = score_track.as_ref().map_or(0.0, |t| t.band);
        let (legend, title, footer_h) = lay_footer(map, &routes, &s, bw, bh + band);
        let m = s.margin + band;
        Layout {
            board_w: bw,
            board_h: bh,
            units_per_mm,
            print_units_per_mm: units_per_mm,
            sizes: s,
            view: Rect {
                x: -m,
                y: -m,
                w: bw + 2.0 * m,
                h: bh + 2.0 * m + footer_h,
            },
            cities,
            routes,
            zones,
            crossings,
            legend,
            title,
            score_track,
        }
    }

    /// Total train-car spaces drawn.
    pub fn space_count(&self) -> usize {
        self.routes
            .iter()
            .flat_map(|r| &r.lanes)
            .map(|l| l.spaces.len())
            .sum()
    }
}

/// Rounds of re-routing around names that found no clear place.
const NAME_ROUNDS: usize = 3;

/// Whether a round that tried to clear `tried` names, `left` of them still on spaces, is
/// followed by another: only when it cleared at least a tenth of them. Where most names find
/// no room (a generated 2,000-city board: 1,767 names on spaces, 1,736 after a round that took
/// a third of the layout's time, and the next round did worse) more rounds only cost time;
/// boards that clear names clear most of them in a round (Castilla 5, 2, 0; the UK 2, 0).
fn worth_another_round(tried: usize, left: usize) -> bool {
    left * 10 <= tried * 9
}

/// Whether a board with `covered` of its `names` city names on spaces is worth a first round
/// at all: not a board of many names where most find no room. On the bench's generated
/// 2,000-city board (cities 15 mm apart, routes of up to six cars) 1,550 of 2,000 names lay
/// on spaces and a round cleared 46 of them for a third of the layout's time. A board of
/// fewer than [`FEW_NAMES`] names always gets its rounds: they cost milliseconds there, and a
/// small board's crowded names are what a round clears (two of three names on spaces is a
/// test's whole board).
fn worth_a_round(names: usize, covered: usize) -> bool {
    names < FEW_NAMES || covered * 2 <= names
}

/// See [`worth_a_round`]: the shipped boards have at most 60 cities, the generated test
/// board 300.
const FEW_NAMES: usize = 500;

/// Routes, then names; where a name could find no place clear of the spaces, the routes are
/// chosen again keeping those names clear (from the choice before), the names placed again,
/// and the new board kept when it has fewer spaces on each other and on names (a space on a
/// space counting double); a few rounds while each does better and clears at least a tenth of
/// the names it tried, the names kept clear adding up.
fn lay_routes_and_names(
    map: &MapFile,
    cities: &mut Vec<CityLayout>,
    s: &Sizes,
    board: [f64; 2],
    declared: &std::collections::BTreeSet<(usize, usize)>,
) -> (Vec<RouteLayout>, Vec<ZoneLayout>) {
    let u = board_units_per_mm(&map.map.board);
    let touch = super::geom::TOUCH_MM * u;
    let unnamed = cities.clone();
    let router = routing::Router::new(map, &unnamed, s, board, u, declared);
    // Each attempt's names are placed reusing the labelling of the best board so far.
    let attempt = |names: &[Rect], start: routing::Start, earlier: Option<LabelRun>| {
        let routed = router.lay(names, start);
        let mut named = unnamed.clone();
        let (zones, run) = place_labels(map, &mut named, &routed.routes, s, board, u, earlier);
        let covered = names_on_spaces(&named, &routed.routes, touch);
        let score = 2 * routed.overlaps + covered.len();
        (routed, named, zones, covered, score, run)
    };
    let mut best = attempt(&[], routing::Start::Fresh, None);
    let mut keep_clear: Vec<Rect> = Vec::new();
    for _ in 0..NAME_ROUNDS {
        if best.3.is_empty() || !worth_a_round(unnamed.len(), best.3.len()) {
            break;
        }
        let tried = best.3.len();
        keep_clear.extend(best.3.iter().copied());
        let next = attempt(
            &keep_clear,
            routing::Start::From(&best.0, &best.3),
            Some(std::mem::take(&mut best.5)),
        );
        if next.4 >= best.4 {
            break;
        }
        let left = next.3.len();
        best = next;
        if !worth_another_round(tried, left) {
            break;
        }
    }
    let (mut routed, named, zones, covered, _, run) = best;
    let zone_boxes = |zones: &[ZoneLayout]| -> Vec<Rect> {
        zones
            .iter()
            .map(|z| {
                let name = map.zones[z.index].display_name();
                let (w, h) = (text_width(name, s.zone_size), s.zone_size);
                // Drawn centred on `pos`, its baseline 0.35 of its size below (svg.rs).
                Rect {
                    x: z.pos[0] - w / 2.0,
                    y: z.pos[1] + h * 0.35 - h * 0.8,
                    w,
                    h,
                }
            })
            .collect()
    };
    // Longer cars where the map allows them, clear of every name. Names were placed round
    // the usual cars, and a name in the room a roomy route's longer cars would take keeps
    // them short (Old West's one-car Eugene–Portland triple stopped 20 mm short of both
    // markers under "Eugene"): so the names are also placed again round the cars stretched
    // with no city name in the way, the cars then stretched clear of those names, and that
    // board kept when it puts no more names on spaces.
    if s.car_stretch > super::theme::CAR_STRETCH {
        let mut free = routed.clone();
        router.fill(&mut free, &zone_boxes(&zones));
        let mut renamed = unnamed.clone();
        let (rezoned, _) = place_labels(map, &mut renamed, &free.routes, s, board, u, Some(run));
        let mut again = routed.clone();
        let mut boxes: Vec<Rect> = renamed.iter().map(|c| c.label.bbox).collect();
        boxes.extend(zone_boxes(&rezoned));
        router.fill(&mut again, &boxes);
        if names_on_spaces(&renamed, &again.routes, touch).len() <= covered.len() {
            *cities = renamed;
            return (again.routes, rezoned);
        }
    }
    let mut boxes: Vec<Rect> = named.iter().map(|c| c.label.bbox).collect();
    boxes.extend(zone_boxes(&zones));
    router.fill(&mut routed, &boxes);
    *cities = named;
    (routed.routes, zones)
}

fn scale_sizes(mm: &Sizes, u: f64) -> Sizes {
    Sizes {
        space_length: mm.space_length * u,
        space_width: mm.space_width * u,
        space_gap: mm.space_gap * u,
        space_corner: mm.space_corner * u,
        lane_gap: mm.lane_gap * u,
        city_radius: mm.city_radius * u,
        label_size: mm.label_size * u,
        zone_size: mm.zone_size * u,
        legend_size: mm.legend_size * u,
        title_size: mm.title_size * u,
        margin: mm.margin * u,
        car_stretch: mm.car_stretch,
    }
}

/// The band under the board: a legend of what this map uses on the left, the title block on
/// the right, a margin below `bottom` (the board's, or the score track's outer edge). Returns
/// the band's height (without the bottom margin).
fn lay_footer(
    map: &MapFile,
    routes: &[RouteLayout],
    s: &Sizes,
    bw: f64,
    bottom: f64,
) -> (LegendLayout, TitleLayout, f64) {
    let mut items: Vec<LegendItem> = Vec::new();
    for c in Color::CARD_COLORS.iter().copied().chain([Color::Gray]) {
        let used = routes
            .iter()
            .filter(|r| !map.routes[r.index].track_bed)
            .flat_map(|r| &r.lanes)
            .any(|l| l.color == c);
        if used {
            items.push(LegendItem::Color(c));
        }
    }
    let any = |f: &dyn Fn(&crate::model::Route) -> bool| map.routes.iter().any(f);
    if any(&|r| r.ferry > 0) {
        items.push(LegendItem::Ferry);
    }
    if any(&|r| r.tunnel) {
        items.push(LegendItem::Tunnel);
    }
    if any(&|r| r.track_bed) {
        items.push(LegendItem::TrackBed);
    }
    if any(&|r| !r.crosses.is_empty()) {
        items.push(LegendItem::Crossing);
    }
    if any(&|r| r.mountains > 0) {
        items.push(LegendItem::Mountain);
    }
    if map.cities.iter().any(|c| c.has_tag("capital")) {
        items.push(LegendItem::Capital);
    }
    if map.cities.iter().any(|c| c.festival.is_some()) {
        items.push(LegendItem::Festival);
    }
    if map.cities.iter().any(|c| c.zone.is_some()) {
        items.push(LegendItem::ZoneEnd);
    }
    for (i, r) in map.regions.iter().enumerate() {
        if map
            .cities
            .iter()
            .any(|c| c.region.as_deref() == Some(&r.id))
        {
            items.push(LegendItem::Region(i));
        }
    }

    let ls = s.legend_size;
    let pad = ls * 0.9;
    let row_h = ls * 1.9;
    let swatch = [ls * 2.6, ls * 1.2];
    let top = bottom + s.margin;

    // Title block first: the legend takes the width it leaves.
    let meta = &map.map;
    // A long name is set smaller rather than squeezing the legend into one tall column.
    let name_size = s
        .title_size
        .min(bw * 0.45 / (text_width(&meta.name, 1.0) * 1.1).max(f64::EPSILON))
        .max(ls);
    let mut title_lines: Vec<(String, f64, bool)> = vec![(meta.name.clone(), name_size, true)];
    if let Some(v) = &meta.version {
        title_lines.push((format!("version {v}"), ls, false));
    }
    if !meta.authors.is_empty() {
        title_lines.push((format!("by {}", meta.authors.join(", ")), ls, false));
    }
    if let Some(l) = &meta.license {
        title_lines.push((format!("licence {l}"), ls, false));
    }
    let title_w = title_lines
        .iter()
        .map(|(t, size, bold)| text_width(t, *size) * if *bold { 1.1 } else { 1.0 })
        .fold(0.0, f64::max)
        .min(bw * 0.6)
        + 2.0 * pad;
    let title_h: f64 = title_lines
        .iter()
        .map(|(_, size, _)| size * 1.35)
        .sum::<f64>()
        + 2.0 * pad;
    let title_x = bw - title_w;
    let mut y = top + pad;
    let lines = title_lines
        .into_iter()
        .map(|(t, size, bold)| {
            y += size * 1.2;
            let line = (t, [title_x + pad, y], bold);
            y += size * 0.15;
            line
        })
        .collect();

    let label_of = |item: &LegendItem| legend_label(map, *item);
    let col_w = items
        .iter()
        .map(|i| text_width(&label_of(i), ls))
        .fold(0.0, f64::max)
        + swatch[0]
        + ls * 2.0;
    let legend_w_max = (title_x - s.margin).max(col_w + 2.0 * pad);
    let cols = (((legend_w_max - 2.0 * pad) / col_w).floor() as usize).clamp(1, items.len().max(1));
    let rows = items.len().div_ceil(cols);
    let heading = [pad, top + pad + ls];
    let items_top = top + pad + ls * 1.8;
    let placed: Vec<(LegendItem, P)> = items
        .iter()
        .enumerate()
        .map(|(k, item)| {
            let (col, row) = (k / rows.max(1), k % rows.max(1));
            (
                *item,
                [pad + col as f64 * col_w, items_top + row as f64 * row_h],
            )
        })
        .collect();
    let points_text = route_points_line(map);
    let mut legend_h = items_top - top + rows as f64 * row_h + pad * 0.5;
    let points_line = points_text.map(|t| {
        let at = [pad, top + legend_h + ls * 0.6];
        legend_h += ls * 1.8;
        (t, at)
    });
    let legend_w = (cols as f64 * col_w + 2.0 * pad).max(
        points_line
            .as_ref()
            .map(|(t, _)| text_width(t, ls) + 2.0 * pad)
            .unwrap_or(0.0),
    );
    let band = legend_h.max(title_h);
    (
        LegendLayout {
            frame: Rect {
                x: 0.0,
                y: top,
                w: legend_w.min(bw),
                h: legend_h,
            },
            heading,
            items: placed,
            swatch,
            points_line,
        },
        TitleLayout {
            frame: Rect {
                x: title_x,
                y: top,
                w: title_w,
                h: title_h,
            },
            lines,
            name_size,
        },
        band + s.margin,
    )
}

/// The words beside a legend swatch.
pub fn legend_label(map: &MapFile, item: LegendItem) -> String {
    match item {
        LegendItem::Color(c) => c.name().to_string(),
        LegendItem::Ferry => "ferry: locomotive space".into(),
        LegendItem::Tunnel => "tunnel".into(),
        LegendItem::TrackBed => "track bed (build first)".into(),
        LegendItem::Crossing => "crossing: building one blocks the other".into(),
        LegendItem::Mountain => "mountain space".into(),
        LegendItem::Capital => "capital".into(),
        LegendItem::Festival => "festival city".into(),
        LegendItem::ZoneEnd => "border endpoint".into(),
        LegendItem::Region(i) => {
            let r = &map.regions[i];
            r.name.clone().unwrap_or_else(|| r.id.clone())
        }
    }
}

/// "Route points: 1→1 2→2 3→4 …" for the lengths this map uses.
fn route_points_line(map: &MapFile) -> Option<String> {
    let mut lengths: Vec<u8> = map.routes.iter().map(|r| r.length).collect();
    lengths.sort_unstable();
    lengths.dedup();
    let parts: Vec<String> = lengths
        .iter()
        .filter_map(|l| map.rules.points_for_length(*l).map(|p| format!("{l}→{p}")))
        .collect();
    (!parts.is_empty()).then(|| format!("Route points (length→points): {}", parts.join("  ")))
}

/// Points a route scores when claimed: its own `points`, or the table value plus any extra.
pub fn route_points(map: &MapFile, r: &crate::model::Route) -> Option<i32> {
    r.points.or_else(|| {
        map.rules
            .points_for_length(r.length)
            .map(|p| p + r.extra_points.unwrap_or(0))
    })
}

#[cfg(test)]
mod tests {
    use super::worth_another_round;

    #[test]
    fn a_round_that_clears_under_a_tenth_of_its_names_is_the_last() {
        // Castilla: 5 names on spaces, 2 after the first round (3 of 5 cleared): another.
        assert!(worth_another_round(5, 2));
        // 10 tried, 9 left: exactly a tenth cleared, still worth another round.
        assert!(worth_another_round(10, 9));
        // The generated 2,000-city board: 1,767 tried, 1,736 left, 31 cleared (1.8 %): the last.
        assert!(!worth_another_round(1767, 1736));
        // Nothing cleared.
        assert!(!worth_another_round(4, 4));
    }
}
