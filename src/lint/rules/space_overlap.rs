//! # space-overlap
//!
//! Reports, on the board `ttrmap render` draws (default theme, real scale), train-car spaces
//! of two routes that lie on each other, and routes whose spaces run over the marker of a
//! city they do not end in. Information, shown with `--verbose`.
//!
//! ## Why it matters
//! A space under another cannot be claimed or counted, and a route drawn through a city looks
//! like two routes that stop there. The renderer bends routes apart and around cities where
//! it can; what it reports here is what it could not, on the very layout it draws, usually
//! where the designer's `waypoints` force the line or cities crowd too close for their routes.
//! Fix by changing the route's `waypoints` (or the `shape` that `ttrmap layout --write`
//! kept), removing them so the renderer chooses, or moving a city.
//!
//! Most overlaps are at a city two routes leave at too narrow an angle: their first cars
//! cannot sit side by side beside its marker. The finding then names the city, the angle
//! between the two routes' straight lines there and the angle their first cars need (two
//! doubles of 9 mm cars about 90° at a 5 mm marker, two single lanes about 50°; the layout
//! can turn each route's end a little). Moving one of the far cities sideways round that
//! city opens the angle. Three cities almost in a line, each pair joined, leave it narrow
//! however far apart they move: the outer route may want to run through the middle city.
//!
//! ## Example
//! Cities a, b, c on a line; a route a–c with a waypoint on b runs over b's marker and over
//! the spaces of a–b. Two doubles leaving h 15° apart lie on each other at h, whose finding
//! says their first cars need 89° there.

use super::prelude::*;
use crate::model::MapFile;
use crate::render::{Layout, geom};
use std::f64::consts::TAU;

pub const RULE: Rule = Rule {
    id: "space-overlap",
    default: Level::Info,
    source: include_str!("space_overlap.rs"),
    from_loader: false,
    reads: DRAWN,
    counts: DRAWN_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let drawing = cx.drawing();
    let straight = Straight::new(cx.map);
    for &(i, j, depth) in &drawing.audit.overlaps {
        let (a, b) = (cx.map.routes[i].id(), cx.map.routes[j].id());
        let (message, help) = match narrow(cx.map, &drawing.layout, &straight, i, j) {
            Some(n) => (
                format!(
                    "spaces of route `{b}` lie on spaces of route `{a}` on the drawn board \
                     ({depth:.1} mm deep), where both leave `{}` {:.0}° apart: their first cars \
                     need {:.0}°",
                    n.hub,
                    n.apart.to_degrees(),
                    n.need.to_degrees()
                ),
                format!(
                    "open the angle at `{}`: move `{}` or `{}` sideways round it (a city that \
                     lies almost on the other route's line may want that route through it)",
                    n.hub, n.ends[0], n.ends[1]
                ),
            ),
            None => (
                format!(
                    "spaces of route `{b}` lie on spaces of route `{a}` on the drawn board \
                     ({depth:.1} mm deep)"
                ),
                "change or remove this route's `waypoints`, or move a city".to_string(),
            ),
        };
        cx.report(path!["routes", j], message, format!("on `{a}`"), Some(help));
    }
    for &(r, c) in &drawing.audit.through {
        let (route, city) = (cx.map.routes[r].id(), &cx.map.cities[c].id);
        cx.report(
            path!["routes", r],
            format!("route `{route}` runs over the marker of `{city}`, a city it does not end in"),
            format!("over `{city}`"),
            Some("add or change `waypoints` to take the route around the city".into()),
        );
    }
}

/// Two routes leaving one city at too narrow an angle for their first cars.
struct Narrow<'m> {
    hub: &'m str,
    /// The routes' other cities, in the order of the routes.
    ends: [&'m str; 2],
    /// The angle between their straight lines at the hub, and the one their first cars need
    /// there (the layout's fan), radians.
    apart: f64,
    need: f64,
}

/// The map's cities by id and the lanes of the routes drawn without `waypoints` between
/// each two cities, looked up for every overlap (a search of the map for each took a
/// fiftieth of `check` on a 2,000-city board).
struct Straight<'m> {
    cities: std::collections::HashMap<&'m str, usize>,
    lanes: std::collections::HashMap<[&'m str; 2], u8>,
}

impl<'m> Straight<'m> {
    fn new(map: &'m MapFile) -> Self {
        let mut lanes = std::collections::HashMap::new();
        for r in map.routes.iter().filter(|r| r.waypoints.is_empty()) {
            let n: &mut u8 = lanes.entry(pair(&r.from, &r.to)).or_default();
            *n = n.saturating_add(r.lane_count().max(1));
        }
        Straight {
            cities: map.city_indices(),
            lanes,
        }
    }
}

/// Two cities' ids in one order, whichever end a route names first.
fn pair<'m>(a: &'m str, b: &'m str) -> [&'m str; 2] {
    if a <= b { [a, b] } else { [b, a] }
}

/// Routes `i` and `j`, both drawn without `waypoints`, when they share one city and leave it
/// at a narrower angle than their first cars need ([`geom::fan_angle`]; routes between the
/// same two cities are drawn side by side, so their lanes count together, as the layout's
/// fan counts them).
fn narrow<'m>(
    map: &'m MapFile,
    l: &Layout,
    straight: &Straight,
    i: usize,
    j: usize,
) -> Option<Narrow<'m>> {
    let (ri, rj) = (&map.routes[i], &map.routes[j]);
    if !ri.waypoints.is_empty() || !rj.waypoints.is_empty() {
        return None;
    }
    let hub = [&ri.from, &ri.to]
        .into_iter()
        .find(|c| **c == rj.from || **c == rj.to)?;
    let other = |r: &'m crate::model::Route| if r.from == *hub { &r.to } else { &r.from };
    let (ea, eb) = (other(ri), other(rj));
    if ea == eb {
        return None;
    }
    let at = |id: &str| straight.cities.get(id).map(|&k| &l.cities[k]);
    let (h, a, b) = (at(hub)?, at(ea)?, at(eb)?);
    let angle = |p: [f64; 2]| (p[1] - h.pos[1]).atan2(p[0] - h.pos[0]);
    let apart = (angle(a.pos) - angle(b.pos)).rem_euclid(TAU);
    let apart = apart.min(TAU - apart);
    // The lanes of every straight route between the hub and `end`.
    let lanes = |end: &str| -> u8 { straight.lanes.get(&pair(hub, end)).copied().unwrap_or(0) };
    let s = &l.sizes;
    let half = |lanes: u8| geom::route_half_width(lanes, s.space_width, s.lane_gap);
    let radius = geom::first_car_radius(h.radius, s.space_gap, s.space_width);
    let need = geom::fan_angle(half(lanes(ea)), half(lanes(eb)), s.space_gap, radius);
    (apart < need).then_some(Narrow {
        hub,
        ends: [ea, eb],
        apart,
        need,
    })
}
