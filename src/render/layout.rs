//! The layout: every position the board needs, computed once from the checked model. The SVG
//! writers only read it, so the board, the HTML page and the ticket sheet agree.

use super::theme::Sizes;
use crate::model::{Color, LabelAnchor, MapFile, Units};

/// A point in board units.
pub type P = [f64; 2];

/// An axis-aligned rectangle: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    /// Whether the two rectangles share any area.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }

    fn inflate(&self, d: f64) -> Rect {
        Rect {
            x: self.x - d,
            y: self.y - d,
            w: self.w + 2.0 * d,
            h: self.h + 2.0 * d,
        }
    }
}

/// The printed width of a board whose map gives none, in millimetres: the published boards'.
pub const DEFAULT_PRINT_WIDTH_MM: f64 = 790.0;

/// Estimated advance width of `text` in a sans-serif face of `size`: Noto Sans averages a
/// little over half an em per character of mixed-case text.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * 0.56 * size
}

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
    pub legend: LegendLayout,
    pub title: TitleLayout,
}

#[derive(Debug, Clone)]
pub struct CityLayout {
    pub pos: P,
    pub radius: f64,
    pub label: LabelLayout,
    pub capital: bool,
    pub festival: bool,
    pub zone_end: bool,
    /// Index into `map.regions`.
    pub region: Option<usize>,
}

#[derive(Debug, Clone)]
pub struct LabelLayout {
    /// The text's anchor point (baseline).
    pub x: f64,
    pub y: f64,
    /// `start`, `middle` or `end`.
    pub text_anchor: &'static str,
    /// Clockwise degrees around `pivot`.
    pub rotate: f64,
    pub pivot: P,
    pub bbox: Rect,
}

#[derive(Debug, Clone)]
pub struct RouteLayout {
    /// Index into `map.routes`.
    pub index: usize,
    pub id: String,
    /// The drawn centre line, city centre to city centre through the waypoints.
    pub centre: Vec<P>,
    pub lanes: Vec<LaneLayout>,
}

#[derive(Debug, Clone)]
pub struct LaneLayout {
    pub color: Color,
    pub spaces: Vec<Space>,
}

/// One train-car space: a rectangle of `length` × `width` centred on `center`, turned by
/// `angle` degrees.
#[derive(Debug, Clone, Copy)]
pub struct Space {
    pub center: P,
    pub angle: f64,
    pub length: f64,
    pub width: f64,
    /// Needs a locomotive (the first `ferry` spaces of the lane).
    pub ferry: bool,
    /// A mountain space (the first `mountains` spaces after the ferry ones).
    pub mountain: bool,
    /// Ends of the space along its lane, for overlap tests.
    pub ends: [P; 2],
}

#[derive(Debug, Clone)]
pub struct ZoneLayout {
    pub index: usize,
    pub pos: P,
    /// Positions of the zone's border endpoints, joined to the label by dashed links.
    pub links: Vec<P>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegendItem {
    Color(Color),
    Ferry,
    Tunnel,
    TrackBed,
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
    pub fn compute(map: &MapFile, mm: &Sizes, print: bool) -> Layout {
        let board = &map.map.board;
        let (bw, bh) = (board.width, board.height);
        let print_width_mm = board
            .print_width_mm
            .filter(|w| w.is_finite() && *w > 0.0)
            .or((board.units == Units::Mm).then_some(bw))
            .unwrap_or(DEFAULT_PRINT_WIDTH_MM);
        let print_units_per_mm = bw / print_width_mm;
        let centres: Vec<Vec<P>> = map
            .routes
            .iter()
            .map(|r| {
                let mut pts = Vec::with_capacity(r.waypoints.len() + 2);
                pts.extend(map.city_index(&r.from).map(|i| map.cities[i].position));
                pts.extend(r.waypoints.iter().copied());
                pts.extend(map.city_index(&r.to).map(|i| map.cities[i].position));
                pts
            })
            .collect();
        let units_per_mm = if print {
            print_units_per_mm
        } else {
            screen_units_per_mm(map, &centres, mm, print_units_per_mm)
        };
        let s = scale_sizes(mm, units_per_mm);

        let mut cities: Vec<CityLayout> = map
            .cities
            .iter()
            .map(|c| CityLayout {
                pos: c.position,
                radius: if c.has_tag("big") || c.has_tag("capital") {
                    s.city_radius * 1.25
                } else {
                    s.city_radius
                },
                label: LabelLayout {
                    x: c.position[0],
                    y: c.position[1],
                    text_anchor: "middle",
                    rotate: 0.0,
                    pivot: c.position,
                    bbox: Rect {
                        x: c.position[0],
                        y: c.position[1],
                        w: 0.0,
                        h: 0.0,
                    },
                },
                capital: c.has_tag("capital"),
                festival: c.festival.is_some(),
                zone_end: c.zone.is_some(),
                region: c
                    .region
                    .as_ref()
                    .and_then(|r| map.regions.iter().position(|x| &x.id == r)),
            })
            .collect();

        // Routes fan out of a city; stopping half a space width short of the marker keeps
        // neighbouring routes' first spaces from overlapping there.
        let end_clearance = s.space_gap + s.space_width * 0.5;
        let routes: Vec<RouteLayout> = map
            .routes
            .iter()
            .zip(centres)
            .enumerate()
            .map(|(index, (r, centre))| {
                let trim_from = map
                    .city_index(&r.from)
                    .map(|i| cities[i].radius)
                    .unwrap_or(0.0)
                    + end_clearance;
                let trim_to = map
                    .city_index(&r.to)
                    .map(|i| cities[i].radius)
                    .unwrap_or(0.0)
                    + end_clearance;
                let line = Polyline::new(&centre);
                let lanes = r.lane_count().max(1) as usize;
                let pitch = s.space_width + s.lane_gap;
                let lanes = (0..lanes)
                    .map(|lane| {
                        let offset = (lane as f64 - (lanes as f64 - 1.0) / 2.0) * pitch;
                        LaneLayout {
                            color: r.lane_color(lane),
                            spaces: lay_spaces(
                                &line,
                                trim_from,
                                trim_to,
                                offset,
                                r.length as usize,
                                r.ferry as usize,
                                r.mountains as usize,
                                &s,
                            ),
                        }
                    })
                    .collect();
                RouteLayout {
                    index,
                    id: r.id(),
                    centre,
                    lanes,
                }
            })
            .collect();

        let zones = place_labels(map, &mut cities, &routes, &s, bw, bh);
        let (legend, title, footer_h) = lay_footer(map, &routes, &s, bw, bh);
        Layout {
            board_w: bw,
            board_h: bh,
            units_per_mm,
            print_units_per_mm,
            sizes: s,
            view: Rect {
                x: -s.margin,
                y: -s.margin,
                w: bw + 2.0 * s.margin,
                h: bh + 2.0 * s.margin + footer_h,
            },
            cities,
            routes,
            zones,
            legend,
            title,
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

/// On screen the board may be drawn at any scale, so the car size follows the map's own
/// geometry: the typical distance a space gets along its route. Printing uses the exact scale.
fn screen_units_per_mm(map: &MapFile, centres: &[Vec<P>], mm: &Sizes, print_u: f64) -> f64 {
    let mut slots: Vec<f64> = map
        .routes
        .iter()
        .zip(centres)
        .filter(|(r, _)| r.length > 0)
        .map(|(r, c)| Polyline::new(c).total / (r.length as f64 + 0.6))
        .filter(|v| v.is_finite() && *v > 0.0)
        .collect();
    if slots.is_empty() {
        return print_u;
    }
    slots.sort_by(f64::total_cmp);
    let median = slots[slots.len() / 2];
    // A space plus its gap should take most of a typical slot; beyond the clamp the board
    // would look like confetti or like a bar chart.
    (median * 0.92 / (mm.space_length + mm.space_gap)).clamp(print_u * 0.35, print_u * 3.0)
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
    }
}

/// A polyline with cumulative lengths, for placing things by distance along it.
struct Polyline<'a> {
    pts: &'a [P],
    cum: Vec<f64>,
    total: f64,
}

impl<'a> Polyline<'a> {
    fn new(pts: &'a [P]) -> Self {
        let mut cum = Vec::with_capacity(pts.len());
        let mut total = 0.0;
        for (i, p) in pts.iter().enumerate() {
            if i > 0 {
                total += dist(pts[i - 1], *p);
            }
            cum.push(total);
        }
        Polyline { pts, cum, total }
    }

    /// The point at distance `s` and the unit direction there.
    fn at(&self, s: f64) -> (P, P) {
        match self.pts.len() {
            0 => ([0.0, 0.0], [1.0, 0.0]),
            1 => (self.pts[0], [1.0, 0.0]),
            _ => {
                let s = s.clamp(0.0, self.total);
                let seg = (1..self.pts.len())
                    .find(|&i| self.cum[i] >= s && self.cum[i] > self.cum[i - 1])
                    .unwrap_or(self.pts.len() - 1);
                let (a, b) = (self.pts[seg - 1], self.pts[seg]);
                let len = self.cum[seg] - self.cum[seg - 1];
                if len <= f64::EPSILON {
                    return (a, [1.0, 0.0]);
                }
                let t = (s - self.cum[seg - 1]) / len;
                let d = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
                ([a[0] + d[0] * len * t, a[1] + d[1] * len * t], d)
            }
        }
    }

    /// The point at distance `s`, moved `offset` to the left of the direction of travel.
    fn offset_at(&self, s: f64, offset: f64) -> P {
        let (p, d) = self.at(s);
        [p[0] + d[1] * offset, p[1] - d[0] * offset]
    }
}

fn dist(a: P, b: P) -> f64 {
    ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt()
}

/// The spaces of one lane: `n` equal slots between the trimmed ends of the centre line, each
/// holding a space as long as the slot allows but never much longer than a real car.
#[allow(clippy::too_many_arguments)]
fn lay_spaces(
    line: &Polyline,
    trim_from: f64,
    trim_to: f64,
    offset: f64,
    n: usize,
    ferry: usize,
    mountains: usize,
    s: &Sizes,
) -> Vec<Space> {
    if n == 0 {
        return Vec::new();
    }
    let (mut start, mut end) = (trim_from, line.total - trim_to);
    if end - start < n as f64 * s.space_width * 0.5 {
        // Cities too close for their route: use the whole line rather than nothing.
        start = 0.0;
        end = line.total;
    }
    let slot = (end - start) / n as f64;
    // Fill the slot but for the gap; keep at least half of a cramped slot; never draw a car
    // much longer than a real one (a long route with few spaces shows gaps instead).
    let length = (slot - s.space_gap)
        .max(slot * 0.5)
        .min(s.space_length * 1.3);
    (0..n)
        .map(|i| {
            let mid = start + slot * (i as f64 + 0.5);
            let a = line.offset_at(mid - length / 2.0, offset);
            let b = line.offset_at(mid + length / 2.0, offset);
            let center = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
            let chord = dist(a, b);
            let angle = if chord > f64::EPSILON {
                (b[1] - a[1]).atan2(b[0] - a[0]).to_degrees()
            } else {
                let (_, d) = line.at(mid);
                d[1].atan2(d[0]).to_degrees()
            };
            Space {
                center,
                angle,
                length: chord.max(length * 0.5),
                width: s.space_width,
                ferry: i < ferry,
                mountain: i >= ferry && i < ferry + mountains,
                ends: [a, b],
            }
        })
        .collect()
}

/// Anchors tried for a label without one, best-looking first.
const ANCHORS: [LabelAnchor; 8] = [
    LabelAnchor::S,
    LabelAnchor::N,
    LabelAnchor::E,
    LabelAnchor::W,
    LabelAnchor::Se,
    LabelAnchor::Ne,
    LabelAnchor::Sw,
    LabelAnchor::Nw,
];

fn anchor_dir(a: LabelAnchor) -> P {
    const D: f64 = std::f64::consts::FRAC_1_SQRT_2;
    match a {
        LabelAnchor::N => [0.0, -1.0],
        LabelAnchor::Ne => [D, -D],
        LabelAnchor::E => [1.0, 0.0],
        LabelAnchor::Se => [D, D],
        LabelAnchor::S => [0.0, 1.0],
        LabelAnchor::Sw => [-D, D],
        LabelAnchor::W => [-1.0, 0.0],
        LabelAnchor::Nw => [-D, -D],
        LabelAnchor::Center => [0.0, 0.0],
    }
}

fn label_at(
    pos: P,
    radius: f64,
    text: &str,
    size: f64,
    anchor: LabelAnchor,
    offset: P,
    rotate: f64,
) -> LabelLayout {
    let w = text_width(text, size);
    let h = size * 1.2;
    let d = anchor_dir(anchor);
    let gap = radius + size * 0.25;
    let ax = pos[0] + d[0] * gap + offset[0];
    let ay = pos[1] + d[1] * gap + offset[1];
    let (left, text_anchor, x) = if d[0] > 0.1 {
        (ax, "start", ax)
    } else if d[0] < -0.1 {
        (ax - w, "end", ax)
    } else {
        (ax - w / 2.0, "middle", ax)
    };
    let top = if d[1] > 0.1 {
        ay
    } else if d[1] < -0.1 {
        ay - h
    } else {
        ay - h / 2.0
    };
    LabelLayout {
        x,
        // Baseline: Noto Sans capitals rise about 0.72 em above it; this centres them in `h`.
        y: top + h * 0.5 + size * 0.36,
        text_anchor,
        rotate,
        pivot: [ax, ay],
        bbox: Rect {
            x: left,
            y: top,
            w,
            h,
        },
    }
}

/// Does the segment a–b, thickened by `half`, touch the rectangle? (Liang–Barsky clipping
/// against the rectangle grown by `half`.)
fn segment_hits(a: P, b: P, half: f64, r: &Rect) -> bool {
    let r = r.inflate(half);
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a[0] - r.x),
        (dx, r.x + r.w - a[0]),
        (-dy, a[1] - r.y),
        (dy, r.y + r.h - a[1]),
    ] {
        if p.abs() < f64::EPSILON {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// What a label should not cover: spaces, city markers and labels already placed.
struct Obstacles<'a> {
    spaces: Vec<&'a Space>,
    markers: Vec<Rect>,
    labels: Vec<Rect>,
    board: Rect,
}

impl Obstacles<'_> {
    /// Lower is better; `own` is the marker of the labelled city, which its label may touch.
    fn score(&self, b: &Rect, own: Option<usize>) -> usize {
        let spaces_hit = self
            .spaces
            .iter()
            .filter(|sp| segment_hits(sp.ends[0], sp.ends[1], sp.width / 2.0, b))
            .count();
        let markers_hit = self
            .markers
            .iter()
            .enumerate()
            .filter(|(j, m)| Some(*j) != own && m.overlaps(b))
            .count();
        let labels_hit = self.labels.iter().filter(|p| p.overlaps(b)).count();
        let bd = &self.board;
        let inside = b.x >= bd.x && b.y >= bd.y && b.x + b.w <= bd.w && b.y + b.h <= bd.h;
        spaces_hit + 3 * markers_hit + 3 * labels_hit + if inside { 0 } else { 4 }
    }
}

/// Places every city label (the anchor the map gives, or else the one of eight around the
/// marker that covers the fewest spaces, markers and earlier labels, staying on the board),
/// then every zone label the same way.
fn place_labels(
    map: &MapFile,
    cities: &mut [CityLayout],
    routes: &[RouteLayout],
    s: &Sizes,
    bw: f64,
    bh: f64,
) -> Vec<ZoneLayout> {
    let mut obstacles = Obstacles {
        spaces: routes
            .iter()
            .flat_map(|r| &r.lanes)
            .flat_map(|l| &l.spaces)
            .collect(),
        markers: cities
            .iter()
            .map(|c| Rect {
                x: c.pos[0] - c.radius,
                y: c.pos[1] - c.radius,
                w: 2.0 * c.radius,
                h: 2.0 * c.radius,
            })
            .collect(),
        labels: Vec::with_capacity(cities.len() + map.zones.len()),
        board: Rect {
            x: 0.0,
            y: 0.0,
            w: bw,
            h: bh,
        },
    };
    for (i, city) in map.cities.iter().enumerate() {
        let text = city.display_name();
        let (pos, radius) = (cities[i].pos, cities[i].radius);
        let offset = city
            .label
            .as_ref()
            .and_then(|l| l.offset)
            .unwrap_or([0.0; 2]);
        let rotate = city.label.as_ref().and_then(|l| l.rotate).unwrap_or(0.0);
        let given = city.label.as_ref().map(|l| l.anchor);
        let label = match given {
            Some(anchor) => label_at(pos, radius, text, s.label_size, anchor, offset, rotate),
            None => ANCHORS
                .iter()
                .map(|&a| label_at(pos, radius, text, s.label_size, a, offset, rotate))
                .enumerate()
                // Ties go to the earlier, better-looking anchor.
                .min_by_key(|(k, l)| (obstacles.score(&l.bbox, Some(i)), *k))
                .map(|(_, l)| l)
                .expect("eight anchors"),
        };
        obstacles.labels.push(label.bbox);
        cities[i].label = label;
    }
    map.zones
        .iter()
        .enumerate()
        .map(|(index, z)| {
            let links: Vec<P> = map
                .cities
                .iter()
                .filter(|c| c.zone.as_deref() == Some(z.id.as_str()))
                .map(|c| c.position)
                .collect();
            let pos = z
                .position
                .unwrap_or_else(|| zone_position(z.display_name(), &links, s, bw, bh, &obstacles));
            let w = text_width(z.display_name(), s.zone_size);
            obstacles.labels.push(Rect {
                x: pos[0] - w / 2.0,
                y: pos[1] - s.zone_size * 0.6,
                w,
                h: s.zone_size * 1.2,
            });
            ZoneLayout { index, pos, links }
        })
        .collect()
}

/// A zone without a `position`: beside its endpoints, preferring the side of the nearest
/// board edge (where an off-board country would be), away from spaces and labels.
fn zone_position(name: &str, links: &[P], s: &Sizes, bw: f64, bh: f64, o: &Obstacles) -> P {
    if links.is_empty() {
        return [bw / 2.0, s.zone_size * 1.5];
    }
    let n = links.len() as f64;
    let c = [
        links.iter().map(|p| p[0]).sum::<f64>() / n,
        links.iter().map(|p| p[1]).sum::<f64>() / n,
    ];
    let edges = [c[0], bw - c[0], c[1], bh - c[1]];
    let towards_edge = match (0..4).min_by(|&a, &b| edges[a].total_cmp(&edges[b])) {
        Some(0) => LabelAnchor::W,
        Some(1) => LabelAnchor::E,
        Some(2) => LabelAnchor::N,
        _ => LabelAnchor::S,
    };
    std::iter::once(towards_edge)
        .chain(ANCHORS)
        .map(|a| label_at(c, s.city_radius * 1.5, name, s.zone_size, a, [0.0; 2], 0.0))
        .enumerate()
        .min_by_key(|(k, l)| (o.score(&l.bbox, None), *k))
        .map(|(_, l)| [l.bbox.x + l.bbox.w / 2.0, l.bbox.y + l.bbox.h / 2.0])
        .unwrap_or(c)
}

/// The band under the board: a legend of what this map uses on the left, the title block on
/// the right. Returns the band's height (without the bottom margin).
fn lay_footer(
    map: &MapFile,
    routes: &[RouteLayout],
    s: &Sizes,
    bw: f64,
    bh: f64,
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
    let top = bh + s.margin;

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
    use super::*;

    #[test]
    fn thick_segment_through_a_rectangle_hits_and_one_beside_it_does_not() {
        let r = Rect {
            x: 0.0,
            y: 0.0,
            w: 10.0,
            h: 5.0,
        };
        assert!(segment_hits([-5.0, 2.0], [15.0, 2.0], 0.5, &r));
        assert!(!segment_hits([-5.0, 8.0], [15.0, 8.0], 0.5, &r));
        assert!(segment_hits([-5.0, 5.4], [15.0, 5.4], 0.5, &r));
    }

    #[test]
    fn offset_points_lie_left_of_travel() {
        let pts = [[0.0, 0.0], [10.0, 0.0]];
        let line = Polyline::new(&pts);
        let p = line.offset_at(5.0, 2.0);
        // Travelling +x in SVG coordinates (y down), left is -y.
        assert!(
            (p[0] - 5.0).abs() < 1e-9 && (p[1] + 2.0).abs() < 1e-9,
            "{p:?}"
        );
    }
}
