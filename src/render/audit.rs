//! What the drawn board gets wrong, measured on the layout itself (what the SVG draws): spaces
//! of two routes on each other, a route's spaces on a city it does not end in, names on a
//! space, a marker, another name or off the board, and cars shorter than the map's size.
//! Two routes declared as crossing (`crosses`) may lie on each other.
//! The lints report these; the measures use R-trees (`rstar`) so a 2,000-city board is
//! audited in about the time it takes to lay it out.

use super::geom::dist;
use super::geom::{bounds, circle_depth, corners, penetration, rect_quad};
use super::layout::{Layout, P, Rect};
use crate::model::MapFile;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

pub use super::geom::TOUCH_MM;

/// What a city's name covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelHit {
    /// A space of this route (index into `map.routes`).
    Space(usize),
    /// The marker of this city.
    Marker(usize),
    /// The name of this city.
    Name(usize),
    OffBoard,
}

#[derive(Debug, Clone, Default)]
pub struct Audit {
    /// Two routes with spaces on each other (`map.routes` indices, lower first) and the
    /// deepest overlap in mm.
    pub overlaps: Vec<(usize, usize, f64)>,
    /// A route whose spaces cover the marker of a city it does not end in.
    pub through: Vec<(usize, usize)>,
    /// A city's name and the first thing it covers.
    pub labels: Vec<(usize, LabelHit)>,
    /// A route whose cars are shorter than the map's size by more than `tolerance`: the
    /// shortest car in mm and the length the route lacks in mm.
    pub short: Vec<(usize, f64, f64)>,
    /// Routes drawn longer than their cars fill ([`Loose`]), in route order.
    pub loose: Vec<Loose>,
}

/// How near its marker a lane's first and last car should come, in mm of the print: a car
/// farther off reads as stopping short of its city.
pub const END_MM: f64 = 6.0;
/// A gap inside a lane wider than this many times the board's median gap reads as a break.
pub const GAP_FACTOR: f64 = 2.0;

/// A route whose cities stand farther apart than its cars fill at the board's car size: in
/// its worst lane a car ends more than [`END_MM`] from its marker, or a gap is wider than
/// [`GAP_FACTOR`] times the board's median gap. Lengths in mm of the print.
#[derive(Debug, Clone, PartialEq)]
pub struct Loose {
    /// Index into `map.routes`.
    pub route: usize,
    /// The farthest a first or last car stands from its marker's edge, and that city (index
    /// into `map.cities`).
    pub end: (f64, usize),
    /// The widest gap between two cars of a lane.
    pub widest_gap: f64,
    /// The board's median gap between cars.
    pub median_gap: f64,
    /// The length the worst lane has to spare: its ends beyond [`END_MM`] and its gaps
    /// beyond the median, added up.
    pub spare: f64,
    /// The route was thrown off its straight line for want of room: its end stands more than
    /// [`THROWN_CARS`] cars beyond all the room its straight chord would leave (the cities
    /// are too close for its cars beside the routes crowding them), so it needs its cities
    /// apart, not closer. Never for a route with `waypoints` or a `shape`.
    pub thrown: bool,
}

/// A lane end farther than this many cars beyond all the room its route's straight chord
/// would leave marks a route the layout threw off its line because the straight line had no
/// room. (A route bent a little round a name, or started a little farther out at a crowded
/// city, stops a few millimetres farther off: that is not it.)
pub const THROWN_CARS: f64 = 1.0;

/// Whether route `r` (between `cities`), a lane end `end` mm off its marker, was thrown off its
/// straight line ([`Loose::thrown`]).
fn thrown(map: &MapFile, l: &Layout, r: usize, cities: [Option<usize>; 2], end: f64) -> bool {
    // A designer's path or shape is longer than the chord by choice.
    let drawn_as_laid = map.routes[r].waypoints.is_empty() && map.routes[r].shape.is_none();
    let ([Some(a), Some(b)], true) = (cities, drawn_as_laid) else {
        return false;
    };
    if a == b {
        return false;
    }
    let mm = l.print_units_per_mm;
    let (car, gap) = (l.sizes.space_length / mm, l.sizes.space_gap / mm);
    let n = f64::from(map.routes[r].length.max(1));
    let (ca, cb) = (&l.cities[a], &l.cities[b]);
    let room = (dist(ca.pos, cb.pos) - ca.radius - cb.radius) / mm - n * car - (n - 1.0) * gap;
    end > room.max(0.0) + THROWN_CARS * car
}

type Tree = RTree<GeomWithData<Rectangle<P>, usize>>;

fn tree_of(boxes: impl Iterator<Item = [P; 2]>) -> Tree {
    RTree::bulk_load(
        boxes
            .enumerate()
            .map(|(k, [lo, hi])| GeomWithData::new(Rectangle::from_corners(lo, hi), k))
            .collect(),
    )
}

fn env(b: [P; 2]) -> AABB<P> {
    AABB::from_corners(b[0], b[1])
}

fn rect_box(r: &Rect) -> [P; 2] {
    [[r.x, r.y], [r.x + r.w, r.y + r.h]]
}

/// Audits a layout; `tolerance` is the fraction a car may fall short of the map's size.
/// Each route's two cities, by index: looked up once (a search of the cities by id for
/// each space took a twentieth of `check` on a 2,000-city board).
fn route_ends(map: &MapFile) -> Vec<[Option<usize>; 2]> {
    let index = map.city_indices();
    let at = |id: &str| index.get(id).copied();
    map.routes
        .iter()
        .map(|r| [at(&r.from), at(&r.to)])
        .collect()
}

/// The board as `ttrmap render` draws it with the default theme, and its audit (cars of any
/// shortfall listed): what the drawn-board lints and `layout --fit` judge.
pub fn drawn(map: &MapFile) -> (Layout, Audit) {
    let sizes = crate::render::Theme::named(crate::render::DEFAULT_THEME)
        .map(|t| t.sizes())
        .unwrap_or_else(|| crate::render::Theme::parse("empty", "").sizes());
    let layout = Layout::compute(map, &sizes);
    let audit = audit(map, &layout, 0.0);
    (layout, audit)
}

pub fn audit(map: &MapFile, l: &Layout, tolerance: f64) -> Audit {
    let mm = l.print_units_per_mm;
    let touch = TOUCH_MM * mm;
    let mut a = Audit::default();
    // (route, corners) of every space.
    let spaces: Vec<(usize, [P; 4])> = l
        .routes
        .iter()
        .flat_map(|r| {
            r.lanes
                .iter()
                .flat_map(|lane| &lane.spaces)
                .map(move |s| (r.index, corners(s)))
        })
        .collect();
    let space_tree = tree_of(spaces.iter().map(|(_, q)| bounds(q)));
    // Routes declared as crossing lie on each other where they cross, by design.
    let declared = super::crossings::declared_pairs(map);
    let mut pairs: std::collections::BTreeMap<(usize, usize), f64> = Default::default();
    for (k, (r, q)) in spaces.iter().enumerate() {
        for e in space_tree.locate_in_envelope_intersecting(env(bounds(q))) {
            let (r2, q2) = &spaces[e.data];
            if e.data <= k || r2 == r || declared.contains(&((*r).min(*r2), (*r).max(*r2))) {
                continue;
            }
            let depth = penetration(q, q2);
            if depth > touch {
                let key = ((*r).min(*r2), (*r).max(*r2));
                let d = pairs.entry(key).or_insert(0.0);
                *d = d.max(depth / mm);
            }
        }
    }
    a.overlaps = pairs.into_iter().map(|((i, j), d)| (i, j, d)).collect();

    let marker_box = |c: &super::layout::CityLayout| {
        [
            [c.pos[0] - c.radius, c.pos[1] - c.radius],
            [c.pos[0] + c.radius, c.pos[1] + c.radius],
        ]
    };
    let marker_tree = tree_of(l.cities.iter().map(marker_box));
    let route_ends = route_ends(map);
    let ends = |r: usize| (route_ends[r][0], route_ends[r][1]);
    let mut through = std::collections::BTreeSet::new();
    for (r, q) in &spaces {
        let (from, to) = ends(*r);
        for e in marker_tree.locate_in_envelope_intersecting(env(bounds(q))) {
            let c = &l.cities[e.data];
            if Some(e.data) != from
                && Some(e.data) != to
                && circle_depth(c.pos, c.radius, q) > touch
            {
                through.insert((*r, e.data));
            }
        }
    }
    a.through = through.into_iter().collect();

    let label_tree = tree_of(l.cities.iter().map(|c| rect_box(&c.label.bbox)));
    for (i, c) in l.cities.iter().enumerate() {
        let b = &c.label.bbox;
        let q = rect_quad(b);
        let hit = space_tree
            .locate_in_envelope_intersecting(env(rect_box(b)))
            .map(|e| e.data)
            .filter(|&k| penetration(&q, &spaces[k].1) > touch)
            .min()
            .map(|k| LabelHit::Space(spaces[k].0))
            .or_else(|| {
                marker_tree
                    .locate_in_envelope_intersecting(env(rect_box(b)))
                    .map(|e| e.data)
                    .filter(|&j| j != i)
                    .filter(|&j| circle_depth(l.cities[j].pos, l.cities[j].radius, &q) > touch)
                    .min()
                    .map(LabelHit::Marker)
            })
            .or_else(|| {
                label_tree
                    .locate_in_envelope_intersecting(env(rect_box(b)))
                    .map(|e| e.data)
                    .filter(|&j| j != i)
                    .filter(|&j| penetration(&q, &rect_quad(&l.cities[j].label.bbox)) > touch)
                    .min()
                    .map(LabelHit::Name)
            })
            .or_else(|| {
                let off = b.x < -touch
                    || b.y < -touch
                    || b.x + b.w > l.board_w + touch
                    || b.y + b.h > l.board_h + touch;
                off.then_some(LabelHit::OffBoard)
            });
        if let Some(h) = hit {
            a.labels.push((i, h));
        }
    }

    let size = l.sizes.space_length;
    for r in &l.routes {
        let lens = r
            .lanes
            .iter()
            .flat_map(|lane| &lane.spaces)
            .map(|s| s.length);
        let shortest = lens.clone().fold(f64::INFINITY, f64::min);
        if shortest < size * (1.0 - tolerance) {
            // What the worst lane lacks: every car of it back to full size.
            let lacking = r
                .lanes
                .iter()
                .map(|lane| {
                    lane.spaces
                        .iter()
                        .map(|s| (size - s.length).max(0.0))
                        .sum::<f64>()
                })
                .fold(0.0, f64::max);
            a.short.push((r.index, shortest / mm, lacking / mm));
        }
    }
    a.loose = loose(map, l);
    a
}

/// Every route drawn longer than its cars fill ([`Loose`]).
fn loose(map: &MapFile, l: &Layout) -> Vec<Loose> {
    let mm = l.print_units_per_mm;
    let gaps_of = |lane: &super::layout::LaneLayout| -> Vec<f64> {
        lane.spaces
            .windows(2)
            .map(|w| dist(w[0].ends[1], w[1].ends[0]) / mm)
            .collect()
    };
    let mut all: Vec<f64> = l
        .routes
        .iter()
        .flat_map(|r| &r.lanes)
        .flat_map(gaps_of)
        .collect();
    all.sort_by(f64::total_cmp);
    let median = all.get(all.len() / 2).copied().unwrap_or(0.0);
    // A board of one-car routes has no gaps: a millimetre is the least a gap is taken as.
    let wide = GAP_FACTOR * median.max(1.0);
    let mut out = Vec::new();
    let route_ends = route_ends(map);
    for r in &l.routes {
        let cities = route_ends[r.index];
        let mut worst: Option<Loose> = None;
        for lane in &r.lanes {
            let (Some(first), Some(last)) = (lane.spaces.first(), lane.spaces.last()) else {
                continue;
            };
            let mut end = (0.0, 0);
            let mut spare = 0.0;
            for (c, p) in [(cities[0], first.ends[0]), (cities[1], last.ends[1])] {
                let Some(c) = c else { continue };
                let city = &l.cities[c];
                let d = ((dist(city.pos, p) - city.radius) / mm).max(0.0);
                spare += (d - END_MM).max(0.0);
                if d > end.0 {
                    end = (d, c);
                }
            }
            let gaps = gaps_of(lane);
            let widest_gap = gaps.iter().copied().fold(0.0, f64::max);
            spare += gaps.iter().map(|g| (g - median).max(0.0)).sum::<f64>();
            if end.0 <= END_MM && widest_gap <= wide {
                continue;
            }
            if worst.as_ref().is_none_or(|w| spare > w.spare) {
                worst = Some(Loose {
                    route: r.index,
                    end,
                    widest_gap,
                    median_gap: median,
                    spare,
                    thrown: thrown(map, l, r.index, cities, end.0),
                });
            }
        }
        out.extend(worst);
    }
    out.sort_by_key(|w| w.route);
    out
}
