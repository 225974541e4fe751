//! Where each route's cars go. Every car is the board's size; each lane is one chain of cars
//! from its city's marker to the other's (`lanes`): a route too long for its straight line
//! bends gently (a smooth bulge), a route with room to spare stretches its cars a little and
//! spreads the rest. Each route without `waypoints` gets candidate shapes (straight, or bent
//! left or right by growing amounts, symmetric or skewed; a shape whose cars turn sharply or
//! touch is costed as broken); the layout picks one per route so that no space covers another route's space, a
//! city the route does not end in, a name kept clear, or the board's edge, preferring the
//! least bent. The choice is joint: starting from each route's own best, routes in conflict
//! are re-chosen against the others (iterated conditional modes) until nothing improves,
//! with a grid of the chosen spaces (`grid`) so that a move costs a few neighbour tests,
//! not a pass over the board, and what each shape was found to lie on kept until a space
//! near it moves (`cost`). A shape is drawn only when its bend does not already
//! lose to the best found, and its overlaps are counted only until it loses; a route is
//! chosen again only when a space within its reach moved since it last chose: the choice is
//! the same as trying every shape in full on every pass, at a fraction of the cost. Where the
//! choice settles with spaces still on each other, pairs of routes move together (`repair`).
//! A straight or fanned route with room to spare is also tried with its cars slid a few
//! millimetres towards one end, starting farther out at a crowded city ([`SLIDE_MM`]). A
//! route's `shape` in the map is its only candidate (its `slide` leaves that share of the
//! spare room at one end). Deterministic: fixed order, ties to the earlier
//! candidate.

mod cost;
mod fan;
mod fill;
mod grid;
mod lanes;
mod repair;
mod shapes;

use cost::{Found, Judge, NAME, kept_cost, overlap_count};
use grid::Grid;
use lanes::{Stretch, beside, lay_lane};
use shapes::{shape, shapes};

use super::curves::{self, Polyline};
use super::geom::{self, Prepared, bounds, circle_depth, outside_depth, rect_quad};
use super::theme::Sizes;
use super::types::{CityLayout, LaneLayout, P, Rect, RouteLayout, Space};
use crate::model::MapFile;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, Envelope, RTree, RTreeObject};
use smallvec::SmallVec;
use std::cell::OnceCell;
use std::collections::BTreeSet;

/// Costs of a candidate; only their order matters (the overlaps' are in `cost`). A covered
/// city is far worse than any bend.
const COST_THROUGH_CITY: f64 = 150.0;
const COST_OFF_BOARD: f64 = 30.0;
const COST_SHORT: f64 = 100.0;
/// Per chord length of bulge: a fully bent route costs about one tenth of an overlap.
const COST_BEND: f64 = 4.0;
/// Bulge steps tried on each side beyond the least that holds the cars, as fractions of the
/// chord: gentle curves only, so that a lane stays one chain of cars. Seven, not ten (0.03
/// apart at first): on the 14 shipped boards ten left 195 pairs of routes touching and 126
/// names on spaces, seven 203 and 134, and the 47-city bench board renders in 43 ms of CPU
/// instead of 66 (`cargo bench --bench render`).
const BEND_STEPS: [f64; 7] = [0.0, 0.04, 0.09, 0.16, 0.25, 0.37, 0.55];
/// Skews tried: symmetric first, then leaning towards either end (fanning a route away
/// from its neighbours at one city).
const SKEWS: [f64; 7] = [0.0, 0.7, -0.7, 1.6, -1.6, SKEW_MAX, -SKEW_MAX];
/// The largest skew a route's `shape` may have (the schema's bound).
const SKEW_MAX: f64 = 3.0;
/// Per unit of a shape's slide: less than the smallest bend.
const COST_SLIDE: f64 = 0.1;
/// How far (millimetres of the print) a straight or fanned route with room to spare may
/// start its cars farther out at one end ([`Spec::Bulge`]'s `slide`), to clear the routes
/// crowding a city. On the 14 shipped boards these three took the pairs of routes on each
/// other from 168 to 147 and names on a space from 49 to 46 (lane ends beyond 6 mm 546 ->
/// 545, lanes with a wide gap 129 -> 118); one slide of the whole spare room (as a map's
/// `shape` may hold) gave 149 pairs but left Le Mans-Paris 34 mm short of Paris.
const SLIDE_MM: [f64; 3] = [6.0, 12.0, 18.0];
/// The largest bulge looked for, as a fraction of the chord; a shape whose cars turn more than
/// [`TURN_MAX`] is costed as broken whatever its bulge.
const BEND_MAX: f64 = 0.9;
/// The most two consecutive cars of a lane may turn from each other, in degrees: beyond it the
/// lane stops reading as one chain.
const TURN_MAX: f64 = 28.0;
/// A lane whose cars turn more than [`TURN_MAX`], or lie on each other: worse than any bend or
/// overlap, better than a route through a city.
const COST_BROKEN: f64 = 1000.0;
/// How much a car may shrink to fit its route, and stretch to fill it while the routes are
/// chosen (printed boards vary a few percent); a map's larger `board.car_stretch` is used
/// afterwards, route by route, where the longer cars lie on nothing ([`fill`]).
const STRETCH: f64 = crate::render::theme::CAR_STRETCH;
/// How much shorter than the board's a car may be before `route-drawn-length` reports its
/// route (the lint's default tolerance).
const SQUEEZE_REPORTED: f64 = super::pitch::SQUEEZE_REPORTED;
/// A route with a car squeezed past [`SQUEEZE_REPORTED`]: a little more than one overlap.
const COST_SQUEEZED: f64 = 45.0;
/// The farthest a lane's first or last car stands from its marker's edge when the route has
/// room to spare, in millimetres (a little under the 6 mm at which it stops reading as
/// starting there).
const END_REACH_MM: f64 = 5.0;
/// How far a lane's end may stand from its marker's edge before it costs, in millimetres:
/// beyond it the lane stops reading as starting there.
const LOOSE_FROM_MM: f64 = 6.0;
/// Per millimetre a lane's end stands beyond [`LOOSE_FROM_MM`]: a route 20 mm short at one
/// end costs a little more than a car on a name.
const COST_LOOSE: f64 = 1.2;
/// Passes of re-choosing; each pass only moves routes still in conflict.
const PASSES: usize = 24;
/// Rounds of moving pairs of routes in conflict together, each followed by passes.
const REPAIR_ROUNDS: usize = 2;

/// The drawn shape of a route: the spaces of each lane. Its centre line is drawn again for
/// the shape chosen ([`centre_line`]) rather than kept: on a 2,000-city board whose routes
/// fit, 238,000 shapes are drawn and 4,300 chosen, and keeping every line held 3.8 million
/// points the layout never read again.
#[derive(Debug, Clone)]
struct Candidate {
    lanes: Vec<LaneLayout>,
    /// Each space's corners, made ready for overlap tests.
    quads: Vec<Prepared>,
    /// Cost of the shape on its own: bend, cities crossed, board edge, shortened cars.
    own: f64,
    /// The box around every space (empty, lowest corner above the highest, for none).
    bbox: [P; 2],
}

/// What one route needs, read once from the model.
struct Need<'a> {
    route: &'a crate::model::Route,
    from: Option<usize>,
    to: Option<usize>,
    /// City centre, waypoints, city centre.
    pts: Vec<P>,
    lanes: usize,
    /// How far from each end city's centre the first space starts.
    clear: [f64; 2],
    /// How far (radians) each end's first car turns from the straight line to sit beside its
    /// neighbours round a crowded city ([`fan::turns`]); a shape leaving at those angles is
    /// one of the route's candidates.
    turn: [f64; 2],
    /// How much farther than its `clear` the first and last cars may stand from their
    /// markers' centres and still visibly start there (the least over both ends).
    end_room: f64,
    /// Sideways offset of the whole route, left of travel: routes between the same two
    /// cities are drawn side by side, like the lanes of one route.
    shift: f64,
    /// Half the width of the route's bundle (itself and the routes beside it).
    half: f64,
    /// The first route of the bundle.
    bundle: usize,
}

/// The routes laid out, with what the choice settled on.
#[derive(Clone)]
pub struct Routed {
    pub routes: Vec<RouteLayout>,
    /// The candidate chosen for each route (a warm start for another choice).
    pub chosen: Vec<usize>,
    /// Spaces of two routes on each other, counted once per pair of spaces.
    pub overlaps: usize,
    /// Whether the choice settled (its last pass moved nothing) rather than ran out of
    /// passes: then, started again from it, only the routes near what was added can move.
    pub settled: bool,
    /// What the repair looked at and left, for a choice started from this one.
    memo: repair::Memo,
}

/// Where a choice starts: each route's own best, or an earlier choice with boxes to keep
/// clear added since.
#[derive(Clone, Copy)]
pub enum Start<'a> {
    Fresh,
    From(&'a Routed, &'a [Rect]),
}

/// The shape a route was drawn with, as a map's `shape` keeps it: `None` for a route drawn
/// through its `waypoints` (or with no length to draw).
fn chosen_shape(spec: &Spec) -> Option<crate::model::RouteShape> {
    match *spec {
        Spec::Given => None,
        Spec::Bulge { h, skew, slide, .. } => Some(crate::model::RouteShape {
            bend: h,
            skew,
            slide,
        }),
    }
}

/// The routing of one board: the shapes of every route, drawn once when first needed, so
/// that choosing again (around names the labelling could not place clear) reuses them.
pub struct Router<'a> {
    w: World<'a>,
    cands: Vec<Vec<Lazy>>,
    crossing: &'a BTreeSet<(usize, usize)>,
}

impl<'a> Router<'a> {
    pub fn new(
        map: &'a MapFile,
        cities: &'a [CityLayout],
        s: &'a Sizes,
        board: [f64; 2],
        units_per_mm: f64,
        crossing: &'a BTreeSet<(usize, usize)>,
    ) -> Self {
        let needs = needs(map, cities, s, units_per_mm);
        let markers = RTree::bulk_load(
            cities
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let r = c.radius;
                    GeomWithData::new(
                        Rectangle::from_corners(
                            [c.pos[0] - r, c.pos[1] - r],
                            [c.pos[0] + r, c.pos[1] + r],
                        ),
                        i,
                    )
                })
                .collect(),
        );
        let cands = needs
            .iter()
            .map(|n| {
                shapes(n, s, units_per_mm)
                    .into_iter()
                    .map(|spec| Lazy {
                        spec,
                        built: OnceCell::new(),
                    })
                    .collect()
            })
            .collect();
        Router {
            w: World {
                needs,
                s,
                units_per_mm,
                cities,
                markers,
                board,
                touch: 0.3 * units_per_mm,
            },
            cands,
            crossing,
        }
    }

    /// Lays out every route, keeping clear of the boxes of `names` (names placed before that
    /// found no clear place), from `start`.
    pub fn lay(&self, names: &[Rect], start: Start) -> Routed {
        let (w, cands) = (&self.w, &self.cands);
        let (chosen, overlaps, settled, memo) = choose(w, cands, self.crossing, names, start);
        let routes = w
            .needs
            .iter()
            .zip(&chosen)
            .enumerate()
            .map(|(index, (n, &k))| {
                let c = cands[index][k].get(w, index);
                RouteLayout {
                    index,
                    id: n.route.id(),
                    centre: centre_line(w, index, cands[index][k].spec)
                        .map_or_else(|| n.pts.clone(), |l| l.pts),
                    lanes: c.lanes.clone(),
                    shape: chosen_shape(&cands[index][k].spec),
                }
            })
            .collect();
        Routed {
            routes,
            chosen,
            overlaps,
            settled,
            memo,
        }
    }

    /// The board's last step, once its names are placed (`names`: every name's box): each
    /// route with room to spare keeps the longest cars the map's `board.car_stretch` allows
    /// that lie on nothing its usual cars did not ([`fill`]).
    pub fn fill(&self, routed: &mut Routed, names: &[Rect]) {
        let (w, cands) = (&self.w, &self.cands);
        if w.s.car_stretch <= STRETCH {
            return;
        }
        let judge = Judge {
            touch: w.touch,
            width: w.s.space_width,
            crossing: self.crossing,
        };
        let mut grid = Grid::new(w.board, w.s.space_length);
        for (r, &k) in routed.chosen.iter().enumerate() {
            if let Some(c) = cands[r].get(k) {
                for (i, q) in c.get(w, r).quads.iter().enumerate() {
                    grid.insert(q, r, i);
                }
            }
        }
        for (i, b) in names.iter().enumerate() {
            grid.insert(&Prepared::new(&rect_quad(b)), NAME, i);
        }
        for (r, long) in fill::fill(w, cands, &routed.chosen, &mut grid, &judge) {
            routed.routes[r].lanes = long.lanes;
        }
    }
}

/// A city's marker in the tree of markers: its box and the city's number.
type Marker = GeomWithData<Rectangle<P>, usize>;

/// What drawing a shape reads: the routes' needs, the sizes, the cities and the board.
struct World<'a> {
    needs: Vec<Need<'a>>,
    s: &'a Sizes,
    units_per_mm: f64,
    cities: &'a [CityLayout],
    markers: RTree<Marker>,
    board: [f64; 2],
    touch: f64,
}

/// A shape to try, before it is drawn: only its bend is known, and its bend cost is a lower
/// bound of its own cost, so most shapes are never drawn (a shape whose bend already loses
/// to the best found cannot win).
#[derive(Debug, Clone, Copy)]
enum Spec {
    /// The designer's path through the route's waypoints (or a route with no length).
    Given,
    /// A bulge `h` (signed, to the left of travel) with a `skew`; the cars slid along it by
    /// `slide` (the share of the spare room left at the start, negative at the end); `bend`
    /// is the cost of both.
    Bulge {
        h: f64,
        skew: f64,
        slide: f64,
        bend: f64,
    },
}

impl Spec {
    fn bend(&self) -> f64 {
        match self {
            Spec::Given => 0.0,
            Spec::Bulge { bend, .. } => *bend,
        }
    }
}

/// A candidate shape, drawn (flattened, its spaces laid and its own cost measured) the first
/// time the choice needs more than its bend.
struct Lazy {
    spec: Spec,
    built: OnceCell<Candidate>,
}

impl Lazy {
    fn get(&self, w: &World, route: usize) -> &Candidate {
        self.built.get_or_init(|| {
            build(
                w,
                route,
                self.spec,
                Stretch::upto(w.s.car_stretch.min(STRETCH)),
            )
        })
    }
}

/// A shape's centre line, flattened: `None` for a route with fewer than two points, whose
/// centre is its points as they are.
fn centre_line(w: &World, route: usize, spec: Spec) -> Option<Polyline> {
    let n = &w.needs[route];
    let tol = 0.1 * w.units_per_mm;
    match spec {
        Spec::Given if n.pts.len() < 2 => None,
        Spec::Given => Some(curves::flatten(curves::through(&n.pts), tol)),
        Spec::Bulge { h, skew, .. } => {
            let (a, b) = (n.pts[0], n.pts[n.pts.len() - 1]);
            let curve = curves::bulge(a, b, h, skew);
            Some(curves::flatten(curves::cubic_path(curve), tol))
        }
    }
}

/// Draws a shape: its centre line, the lanes' spaces (each car stretched by up to `stretch`
/// to fill the room between the markers) and its own cost.
fn build(w: &World, route: usize, spec: Spec, stretch: Stretch) -> Candidate {
    let n = &w.needs[route];
    let mut c = match (centre_line(w, route, spec), spec) {
        (None, _) => Candidate {
            lanes: Vec::new(),
            quads: Vec::new(),
            own: 0.0,
            bbox: bounds(&[]),
        },
        (Some(line), Spec::Given) => shape(n, &line, 0.0, 0.0, stretch, true, w.s),
        (Some(line), Spec::Bulge { slide, bend, .. }) => {
            shape(n, &line, bend, slide, stretch, false, w.s)
        }
    };
    let corners: Vec<P> = c.quads.iter().flat_map(|p| p.q).collect();
    c.bbox = bounds(&corners);
    c.own += own_cost(&c, n, w);
    c
}

/// A box holding every space any of route `r`'s shapes could lay: each bulge lies within
/// its control points, a lane is offset at most twice its distance from the centre line (the
/// capped miter), and a car reaches half its diagonal beyond its centre. The choice
/// re-chooses a route only when a space inside this box moved.
fn reach(w: &World, r: usize, specs: &[Lazy]) -> [P; 2] {
    let n = &w.needs[r];
    let pad = 2.0 * (n.shift.abs() + n.half) + w.s.space_length + w.s.space_width;
    let mut pts: Vec<P> = n.pts.clone();
    if let (Some(&a), Some(&b)) = (n.pts.first(), n.pts.last()) {
        for l in specs {
            if let Spec::Bulge { h, skew, .. } = l.spec {
                let c = curves::bulge(a, b, h, skew);
                pts.extend([[c.p1.x, c.p1.y], [c.p2.x, c.p2.y]]);
            }
        }
    }
    let [lo, hi] = bounds(&pts);
    [[lo[0] - pad, lo[1] - pad], [hi[0] + pad, hi[1] + pad]]
}

fn needs<'a>(
    map: &'a MapFile,
    cities: &[CityLayout],
    s: &Sizes,
    units_per_mm: f64,
) -> Vec<Need<'a>> {
    let pitch = s.space_width + s.lane_gap;
    let index = map.city_indices();
    let at = |id: &str| index.get(id).copied();
    let mut needs: Vec<Need> = map
        .routes
        .iter()
        .map(|r| {
            let (from, to) = (at(&r.from), at(&r.to));
            let mut pts = Vec::with_capacity(r.waypoints.len() + 2);
            pts.extend(from.map(|i| cities[i].pos));
            pts.extend(r.waypoints.iter().copied());
            pts.extend(to.map(|i| cities[i].pos));
            let radius = |i: Option<usize>| i.map(|i| cities[i].radius).unwrap_or(0.0);
            Need {
                route: r,
                from,
                to,
                pts,
                lanes: r.lane_count().max(1) as usize,
                clear: [radius(from) + s.space_gap, radius(to) + s.space_gap],
                turn: [0.0; 2],
                end_room: 0.0,
                shift: 0.0,
                half: geom::route_half_width(r.lane_count(), s.space_width, s.lane_gap),
                bundle: 0,
            }
        })
        .collect();
    bundle_parallel_routes(&mut needs, pitch, s.lane_gap);
    // Fanning out: where two routes leave a city at a narrow angle, their first spaces
    // start far enough out to sit side by side (half-widths over the tangent of half the
    // angle), up to most of a car's length; beyond that the routes must bend apart.
    let mut at_city: Vec<Vec<(usize, usize, f64)>> = vec![Vec::new(); cities.len()];
    for (i, n) in needs.iter().enumerate() {
        if n.pts.len() < 2 {
            continue;
        }
        for (end, city) in [(0, n.from), (1, n.to)] {
            if let Some(c) = city {
                let (p, q) = if end == 0 {
                    (n.pts[0], n.pts[1])
                } else {
                    (n.pts[n.pts.len() - 1], n.pts[n.pts.len() - 2])
                };
                at_city[c].push((i, end, (q[1] - p[1]).atan2(q[0] - p[0])));
            }
        }
    }
    for (c, list) in at_city.iter().enumerate() {
        // A bundle of parallel routes leaves as one.
        let mut firsts: Vec<(usize, usize, f64)> = Vec::new();
        for &(i, end, a) in list {
            if !firsts
                .iter()
                .any(|&(j, _, _)| needs[j].bundle == needs[i].bundle)
            {
                firsts.push((i, end, a));
            }
        }
        let ends: Vec<fan::End> = firsts
            .iter()
            .map(|&(i, _, angle)| fan::End {
                angle,
                half: needs[i].half,
            })
            .collect();
        let radius = geom::first_car_radius(cities[c].radius, s.space_gap, s.space_width);
        let turned = fan::turns(&ends, radius, s.space_gap);
        for (&(i, _, _), t) in firsts.iter().zip(turned) {
            let bundle = needs[i].bundle;
            for &(j, e, _) in list {
                if needs[j].bundle == bundle {
                    needs[j].turn[e] = t;
                }
            }
        }
        for &(i, end, a) in list {
            let mut need: f64 = 0.0;
            for &(j, _, b) in list {
                if needs[j].bundle == needs[i].bundle {
                    continue;
                }
                let mut d = (a - b).abs() % std::f64::consts::TAU;
                d = d.min(std::f64::consts::TAU - d);
                if d < 1e-6 {
                    continue;
                }
                let w = needs[i].half + needs[j].half + s.space_gap;
                need = need.max(w / 2.0 / (d / 2.0).tan());
            }
            // Within a few millimetres of the marker (half a car's width), so that every
            // lane visibly starts at its city.
            let r = cities[c].radius + s.space_gap;
            needs[i].clear[end] = need.clamp(r, r + s.space_width * 0.45);
        }
    }
    // A lane's end stays within [`END_REACH_MM`] of its marker's edge.
    for n in &mut needs {
        let reach = |c: Option<usize>, clear: f64| {
            c.map_or(0.0, |c| {
                cities[c].radius + END_REACH_MM * units_per_mm - clear
            })
        };
        n.end_room = reach(n.from, n.clear[0])
            .min(reach(n.to, n.clear[1]))
            .max(0.0);
    }
    needs
}

/// Routes without waypoints between the same two cities become one bundle: each keeps its
/// own lanes and shape choice, shifted sideways so that the bundle sits centred on the line.
fn bundle_parallel_routes(needs: &mut [Need], pitch: f64, lane_gap: f64) {
    let mut groups: std::collections::BTreeMap<(usize, usize), Vec<usize>> = Default::default();
    for (i, n) in needs.iter().enumerate() {
        if let (Some(a), Some(b)) = (n.from, n.to)
            && n.pts.len() == 2
            && a != b
        {
            groups.entry((a.min(b), a.max(b))).or_default().push(i);
        }
    }
    for (i, n) in needs.iter_mut().enumerate() {
        n.bundle = i;
    }
    for ((a, _), members) in groups {
        let width = |n: &Need| n.lanes as f64 * pitch;
        let total: f64 = members.iter().map(|&i| width(&needs[i])).sum();
        let mut left = -total / 2.0;
        for &i in &members {
            let w = width(&needs[i]);
            let centre = left + w / 2.0;
            left += w;
            let n = &mut needs[i];
            // Offsets are taken left of each route's own travel: a reversed route flips.
            n.shift = if n.from == Some(a) { centre } else { -centre };
            n.half = (total - lane_gap) / 2.0;
            n.bundle = members[0];
        }
    }
}

/// Cities crossed, board edges passed, lanes broken (cars turned sharply from, or lying
/// on, the car before) and lane ends standing off their markers by a shape, whatever the
/// other routes do.
fn own_cost(c: &Candidate, n: &Need, w: &World) -> f64 {
    let mut cost = loose_cost(c, n, w);
    for lane in &c.lanes {
        let broken = lane.spaces.windows(2).any(|p| {
            let d = (p[0].angle - p[1].angle).rem_euclid(360.0);
            d.min(360.0 - d) > TURN_MAX
                || geom::penetration(&geom::corners(&p[0]), &geom::corners(&p[1])) > w.touch
        });
        if broken {
            cost += COST_BROKEN;
        }
    }
    let mut crossed: Vec<usize> = Vec::new();
    // The markers near the shape (`bbox`, every space's box), looked up once for all its
    // spaces: a look-up per space cost twice as much on a 2,000-city board. Each space then
    // tests their boxes as the tree does, touching included.
    let near: SmallVec<[&Marker; 8]> = if c.quads.is_empty() {
        SmallVec::new()
    } else {
        w.markers
            .locate_in_envelope_intersecting(AABB::from_corners(c.bbox[0], c.bbox[1]))
            .collect()
    };
    for q in c.quads.iter().map(|p| &p.q) {
        let [lo, hi] = bounds(q);
        let space = AABB::from_corners(lo, hi);
        for m in near.iter().filter(|m| m.envelope().intersects(&space)) {
            let ci = m.data;
            if Some(ci) == n.from || Some(ci) == n.to || crossed.contains(&ci) {
                continue;
            }
            let city = &w.cities[ci];
            if circle_depth(city.pos, city.radius, q) > w.touch {
                crossed.push(ci);
                cost += COST_THROUGH_CITY;
            }
        }
        if outside_depth(q, w.board[0], w.board[1]) > w.touch {
            cost += COST_OFF_BOARD;
        }
    }
    cost
}

/// What a shape's lane ends cost for standing off their markers beyond [`LOOSE_FROM_MM`]
/// (averaged over its lanes): a route bent far round a name or a neighbour spreads its
/// spare room to its ends and stops visibly short of its cities, which a player reads as a
/// route to nowhere; a straight route's own spare room costs every shape alike.
fn loose_cost(c: &Candidate, n: &Need, w: &World) -> f64 {
    let mut mm = 0.0;
    for lane in &c.lanes {
        let (Some(first), Some(last)) = (lane.spaces.first(), lane.spaces.last()) else {
            continue;
        };
        for (city, p) in [(n.from, first.ends[0]), (n.to, last.ends[1])] {
            if let Some(k) = city {
                let m = &w.cities[k];
                let off = (geom::dist(m.pos, p) - m.radius) / w.units_per_mm;
                mm += (off - LOOSE_FROM_MM).max(0.0);
            }
        }
    }
    COST_LOOSE * mm / c.lanes.len().max(1) as f64
}

/// One candidate per route: each route's own best first, then routes in conflict re-chosen
/// against the rest until a pass changes nothing. A shape is drawn only when its bend does
/// not already lose, and its overlaps are summed only until it loses.
fn choose(
    w: &World,
    cands: &[Vec<Lazy>],
    crossing: &BTreeSet<(usize, usize)>,
    names: &[Rect],
    start: Start,
) -> (Vec<usize>, usize, bool, repair::Memo) {
    let judge = Judge {
        touch: w.touch,
        width: w.s.space_width,
        crossing,
    };
    // Each route's least own cost, ties to the earlier shape; or the earlier choice.
    let chosen: Vec<usize> = match start {
        Start::From(earlier, _) => earlier.chosen.clone(),
        Start::Fresh => least_own(w, cands),
    };
    let mut grid = Grid::new(w.board, w.s.space_length);
    for (r, &k) in chosen.iter().enumerate() {
        if !cands[r].is_empty() {
            for (i, q) in cands[r][k].get(w, r).quads.iter().enumerate() {
                grid.insert(q, r, i);
            }
        }
    }
    for (i, b) in names.iter().enumerate() {
        grid.insert(&Prepared::new(&rect_quad(b)), NAME, i);
    }
    // What a move can concern: a route is chosen again (and a pair with it repaired again)
    // only when a space within its reach moved since (else it would choose the same again).
    // A route with one shape reaches that shape's spaces.
    let reaches = RTree::bulk_load(
        (0..cands.len())
            .filter(|&r| !cands[r].is_empty())
            .map(|r| {
                let mut area = reach(w, r, &cands[r]);
                if cands[r].len() == 1 {
                    let b = cands[r][0].get(w, r).bbox;
                    area = bounds(&[area[0], area[1], b[0], b[1]]);
                }
                GeomWithData::new(Rectangle::from_corners(area[0], area[1]), r)
            })
            .collect(),
    );
    let mut st = State {
        chosen,
        grid,
        dirty: vec![true; cands.len()],
        reaches,
        found: cands
            .iter()
            .map(|cs| std::iter::repeat_with(|| None).take(cs.len()).collect())
            .collect(),
        memo: repair::Memo::new(cands.len(), names),
    };
    if let Start::From(earlier, added) = start {
        // The board is the earlier one with `added` kept clear: what the repair left alone
        // away from those stays left alone.
        if let Some(memo) = earlier.memo.follow(names, added) {
            st.memo = memo;
        }
        // Started from a settled choice, only the routes that reach an added box can move
        // first.
        if earlier.settled {
            st.dirty.fill(false);
        }
        for b in added {
            st.changed([[b.x, b.y], [b.x + b.w, b.y + b.h]], None);
        }
    }
    let mut settled = passes(w, cands, &judge, &mut st);
    // Pairs still in conflict may get clear moving together; the choice goes on from there.
    for _ in 0..REPAIR_ROUNDS {
        if !repair::repair_pairs(w, cands, &mut st, &judge) {
            break;
        }
        settled = passes(w, cands, &judge, &mut st);
    }
    let overlaps = (0..cands.len())
        .filter(|&r| !cands[r].is_empty())
        .map(|r| overlap_count(&st.grid, r, cands[r][st.chosen[r]].get(w, r), &judge))
        .sum::<usize>()
        / 2;
    (st.chosen, overlaps, settled, st.memo)
}

/// The choice as it goes: the shape chosen for each route, their spaces indexed, the routes
/// to choose again, where each route can reach, what each drawn shape was found to lie on
/// (by route and shape, kept until a space near the shape moves) and what the repair has
/// looked at.
struct State {
    chosen: Vec<usize>,
    grid: Grid,
    dirty: Vec<bool>,
    reaches: RTree<GeomWithData<Rectangle<P>, usize>>,
    found: Vec<Vec<Option<Box<Found>>>>,
    memo: repair::Memo,
}

impl State {
    /// Something moved within `area`: every route (but `except`) that reaches it is to be
    /// chosen again, and its pairs repaired again; what its shapes that meet `area` lie on
    /// is to be found again.
    fn changed(&mut self, area: [P; 2], except: Option<usize>) {
        let [lo, hi] = area;
        for e in self
            .reaches
            .locate_in_envelope_intersecting(AABB::from_corners(lo, hi))
        {
            let r = e.data;
            self.dirty[r] |= Some(r) != except;
            self.memo.changed(r);
            for found in &mut self.found[r] {
                if found.as_ref().is_some_and(|f| grid::meets(&f.bbox, &area)) {
                    *found = None;
                }
            }
        }
        self.memo.tick();
    }

    /// What shape `k` (drawn: `c`) of route `r` costs against the chosen spaces of the other
    /// routes but `skip`'s, the sum stopped once it reaches `limit` ([`kept_cost`]).
    fn cost(
        &mut self,
        j: &Judge,
        r: usize,
        k: usize,
        c: &Candidate,
        skip: usize,
        limit: f64,
    ) -> f64 {
        let found = self.found[r][k].get_or_insert_with(|| Box::new(Found::new(c)));
        kept_cost(&self.grid, j, r, c, found, skip, limit)
    }

    /// Route `r` takes shape `to`: its spaces in the index change, and so does what the
    /// routes reaching them cost (but `except`'s: a route's own spaces are not in its cost).
    fn replace(
        &mut self,
        w: &World,
        cands: &[Vec<Lazy>],
        r: usize,
        to: usize,
        except: Option<usize>,
    ) {
        let from = self.chosen[r];
        let (old, new) = (cands[r][from].get(w, r), cands[r][to].get(w, r));
        let [a, b] = [old.bbox, new.bbox];
        self.changed(bounds(&[a[0], a[1], b[0], b[1]]), except);
        for (i, q) in old.quads.iter().enumerate() {
            self.grid.remove(q, r, i);
        }
        for (i, q) in new.quads.iter().enumerate() {
            self.grid.insert(q, r, i);
        }
        self.chosen[r] = to;
    }
}

/// Passes of re-choosing the routes marked dirty against the rest until one changes
/// nothing (then `true`: settled) or the passes run out.
fn passes(w: &World, cands: &[Vec<Lazy>], judge: &Judge, st: &mut State) -> bool {
    for _ in 0..PASSES {
        let mut changed = false;
        for r in 0..cands.len() {
            if cands[r].len() < 2 || !std::mem::take(&mut st.dirty[r]) {
                continue;
            }
            let chosen = st.chosen[r];
            let mine = cands[r][chosen].get(w, r);
            let current = st.cost(judge, r, chosen, mine, r, f64::INFINITY);
            // Without overlaps, the least own cost cannot be bettered.
            if current == mine.own {
                continue;
            }
            let mut best = (current, chosen);
            for (k, c) in cands[r].iter().enumerate() {
                // A shape whose bend, or own cost, already loses cannot win.
                if k == chosen || c.spec.bend() >= best.0 {
                    continue;
                }
                let c = c.get(w, r);
                if c.own >= best.0 {
                    continue;
                }
                let total = st.cost(judge, r, k, c, r, best.0 - 1e-9);
                if total < best.0 - 1e-9 {
                    best = (total, k);
                }
            }
            if best.1 != chosen {
                st.replace(w, cands, r, best.1, Some(r));
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
    false
}

/// Each route's shape of least own cost, ties to the earlier; a shape is drawn only when its
/// bend does not already lose.
fn least_own(w: &World, cands: &[Vec<Lazy>]) -> Vec<usize> {
    cands
        .iter()
        .enumerate()
        .map(|(r, cs)| {
            let mut best = (f64::INFINITY, 0);
            for (k, c) in cs.iter().enumerate() {
                if c.spec.bend() >= best.0 {
                    continue;
                }
                let own = c.get(w, r).own;
                if own < best.0 {
                    best = (own, k);
                }
            }
            best.1
        })
        .collect()
}
