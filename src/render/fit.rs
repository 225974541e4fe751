//! Fitting cities to their routes (`ttrmap layout --fit`): the cities moved as little as they
//! can so that every route's straight distance between its two markers holds its chain of
//! cars ([`pitch::span_mm`] at the board's [`pitch::car_length_mm`], within
//! [`pitch::fit_range`]).
//!
//! Stress majorization (SMACOF, solved city by city in a fixed order, so deterministic) over
//! the cities' positions in millimetres of the print, with these terms:
//! - each pair of cities joined by routes (parallel routes count once) pulled into its range,
//!   `fit_range` × span, a little inside it so that rounding the written positions keeps it
//!   there; penalised only outside the range. A route with `waypoints` may bend, so only the
//!   range's upper bound holds it; one with a `shape`, the chord whose curve is long enough;
//! - an anchor pulling each city towards the designer's position, weak beside the routes (a
//!   route still out of range after a round has its weight raised, round after round);
//! - a floor keeping any two cities two marker diameters and 4 mm apart, and each city a
//!   car's width clear of the routes it is not on;
//! - where two routes leave a city at too narrow an angle for their first cars to sit side by
//!   side ([`geom::fan_angle`], what the layout's fan asks), a weak pull ([`ANGLE_WEIGHT`]) turning
//!   each far city round that one, away from the other route, by half what the angle lacks.
//!   Refitting from their projected towns with it: Castilla y León's overlapping pairs of
//!   routes 23 -> 19 (cities moved up to 31 mm, 27 without), South Korea's 11 -> 5 (41 mm,
//!   33), both shipped so; Iberia's 10 -> 7 for 9 more lane ends beyond 6 mm, not shipped.
//!   A thin triangle of short routes (León, Astorga, La Bañeza) fixes its angles by its
//!   lengths: no fit opens it, only longer routes could.
//!
//! The renderer is the judge: the fitted board is drawn ([`audit::drawn`]) and a route the
//! drawing still squeezes past [`pitch::SQUEEZE_REPORTED`], or throws off its straight line
//! for want of room ([`audit::Loose::thrown`]: crowded cities keep more room round their
//! markers than the span allows for), asks for more: its pair's chord is raised by what it lacks (within the
//! range's top) and the fit runs again from there, moving only those routes' cities and their
//! neighbours, up to [`DRAWN_ROUNDS`] times and never more than [`DRAWN_MAX_MOVE`] of a car.
//! Such a route counts as out of range.
//!
//! Pinned cities (`pinned = true`) never move; no city is moved beyond a margin inside the
//! board (or beyond where the designer put it, if that is nearer the edge), nor further than
//! [`MAX_MOVE`] of the board's long side from where the designer put it. The car length is
//! the map's `board.space_mm`, else the median of what its routes want (the length that moves
//! the cities least), and the fitted board keeps it: `--fit` writes it as `board.space_mm`,
//! so the render draws the cars the fit made room for, and fitting again finds nothing to
//! move (a car length read off the fitted cities would follow them, and the fit chase it).

use super::audit;
use super::geom;
use super::geom::dist;
use super::pitch;
use super::pitch::board_units_per_mm;
use crate::model::{MapFile, Units};
use std::collections::{BTreeMap, BTreeSet};
use std::f64::consts::{PI, TAU};

/// How far inside [`pitch::fit_range`] the fit aims, as a fraction of the span, so that the
/// rounding of the written positions and the pull of the anchors leave the route in range.
const AIM_INSET: f64 = 0.02;
/// The anchor's weight beside a route's, both relative (a route's term is its error over its
/// span, squared; the anchor's the move over the median span).
const ANCHOR_WEIGHT: f64 = 0.05;
/// The floor between two cities beyond two marker diameters, in millimetres.
const CITY_GAP_MM: f64 = 4.0;
/// A city's distance from the board's edge that the fit keeps, beyond its marker, in mm.
const EDGE_MARGIN_MM: f64 = 3.0;
/// The default car width (the theme's), in millimetres, when `board.space_mm` gives none.
const CAR_WIDTH_MM: f64 = 9.0;
const SWEEPS: usize = 200;
/// The pull turning a city round a neighbour whose routes leave it at too narrow an angle
/// ([`geom::fan_angle`]), beside a route's (1, then raised round by round). On the three
/// reconstructions refitted from their projections 0.1 took the overlapping pairs 44 -> 31
/// and moved cities up to 43 mm; 0.2 gave 33 and 0.5 (Castilla alone) 19 pairs but moves of
/// 66 mm, more than the region's shape bears.
const ANGLE_WEIGHT: f64 = 0.1;
/// The default theme's gap between the lanes of a double, in mm (its gap between cars is
/// [`pitch::CAR_GAP_MM`]).
const LANE_GAP_MM: f64 = 1.2;
const ROUNDS: usize = 6;
/// How many times the fit is run again (from where the last left the cities) while routes
/// are still out of range.
const ROUNDS_AT_CAR: usize = 4;
/// The farthest a city moves from the designer's position, as a fraction of the board's
/// long side: beyond it the board would stop being the designer's (or the region's), and
/// the routes still out of range are reported instead.
const MAX_MOVE: f64 = 0.1;
/// How many times the fitted board is drawn, and the routes the drawing squeezes or bends
/// given more room.
const DRAWN_ROUNDS: usize = 6;
/// The farthest (in cars) the drawn rounds move a city from where the chords left it.
const DRAWN_MAX_MOVE: f64 = 0.25;
/// What a thrown route's chord is raised by, each time, as a fraction of a car.
const THROWN_STEP: f64 = 0.25;

/// What `--fit` found and where it puts the cities.
#[derive(Debug, Clone)]
pub struct Fit {
    /// Each city's position after the fit, in board units, rounded as it is written (one
    /// decimal on a board in millimetres, whole numbers on a board in pixels).
    pub positions: Vec<[f64; 2]>,
    /// The cities whose written position changes.
    pub moved: usize,
    pub mean_move_mm: f64,
    pub max_move_mm: f64,
    /// Routes (each parallel route counted) out of range ([`routes_out_of_range`]) before
    /// and after the fit, each at its map's car length.
    pub out_before: usize,
    pub out_after: usize,
    /// The ids of the routes still out of range after the fit.
    pub still_out: Vec<String>,
    pub routes: usize,
    /// The car length of the fitted board (its routes' median, or `board.space_mm`), in mm.
    pub car_mm: f64,
    /// `board.space_mm` to write (`[length, width]`, mm) when the map has none: the car length
    /// the cities were fitted to.
    pub space_mm: Option<[f64; 2]>,
}

/// What one fit works from: the map, the designer's positions (board units) and the same in
/// millimetres of the print (the anchors), the car length fitted to and the `space_mm` to
/// write.
#[derive(Clone, Copy)]
struct Job<'a> {
    map: &'a MapFile,
    original: &'a [[f64; 2]],
    anchors: &'a [[f64; 2]],
    car: f64,
    space_mm: Option<[f64; 2]>,
}

/// A pair of cities joined by one or more routes: the chord they want, in millimetres.
struct Pair {
    a: usize,
    b: usize,
    lo: f64,
    hi: f64,
    weight: f64,
    /// The lanes of every route between the two, side by side as the layout draws them.
    lanes: u8,
}

/// Routes out of range on `map` at its own car length (indices into `map.routes`, in
/// order): their chord outside its range, or the drawn board squeezing or throwing them off
/// their line for want of room ([`drawn_lacking`]).
pub fn routes_out_of_range(map: &MapFile) -> Vec<usize> {
    let mut out: BTreeSet<usize> = chord_out_of_range(map).into_iter().collect();
    out.extend(drawn_lacking(map).into_iter().map(|(r, _)| r));
    out.into_iter().collect()
}

/// Routes whose chord is outside its range on `map` at its own car length.
fn chord_out_of_range(map: &MapFile) -> Vec<usize> {
    let car = pitch::car_length_mm(map);
    let pos: Vec<[f64; 2]> = map.cities.iter().map(|c| c.position).collect();
    out_of_range(map, &pos, car, 0.0)
}

/// Routes the drawn board squeezes or throws off their line for want of room, each with the
/// millimetres of chord it asks for: a route whose shortest car is past
/// [`pitch::SQUEEZE_REPORTED`] shorter than the board's asks for what it lacks; a route the
/// layout threw off its straight line ([`audit::Loose::thrown`]), for [`THROWN_STEP`] of a car.
fn drawn_lacking(map: &MapFile) -> Vec<(usize, f64)> {
    let (layout, audit) = audit::drawn(map);
    let car = layout.sizes.space_length / layout.print_units_per_mm;
    let mut out: BTreeMap<usize, f64> = BTreeMap::new();
    for &(r, shortest, lacking) in &audit.short {
        if shortest < car * (1.0 - pitch::SQUEEZE_REPORTED) {
            out.insert(r, lacking.max(0.5));
        }
    }
    for loose in audit.loose.iter().filter(|l| l.thrown) {
        out.entry(loose.route).or_insert(THROWN_STEP * car);
    }
    out.into_iter().collect()
}

/// The index of every route whose chord (with cities at `pos`) is outside its range widened
/// by nothing and narrowed by `inset` (a fraction of the span), at car length `car`.
fn out_of_range(map: &MapFile, pos: &[[f64; 2]], car: f64, inset: f64) -> Vec<usize> {
    let u = board_units_per_mm(&map.map.board);
    let index = map.city_indices();
    map.routes
        .iter()
        .enumerate()
        .filter_map(|(k, r)| {
            let (a, b) = (*index.get(r.from.as_str())?, *index.get(r.to.as_str())?);
            if a == b {
                return None;
            }
            let [want_lo, want_hi] = chord_range(map, r, a, b, car, inset);
            let d = dist(pos[a], pos[b]) / u;
            (d < want_lo || d > want_hi).then_some(k)
        })
        .collect()
}

/// The chord (mm) route `r` between cities `a` and `b` can be drawn on at car length `car`:
/// [`pitch::fit_range`] × its span, narrowed by `inset` (a fraction of the span) at each end.
/// A route with `waypoints` may bend as it likes: only the upper bound holds it. A route with
/// a `shape` is drawn on a curve longer than its chord (the bulge's height is ¾ of its
/// `bend`, and a bow of height h over a chord c is about √(c² + 16h²/3) long), so its lower
/// bound is the chord whose curve is long enough.
fn chord_range(
    map: &MapFile,
    r: &crate::model::Route,
    a: usize,
    b: usize,
    car: f64,
    inset: f64,
) -> [f64; 2] {
    let [lo, hi] = pitch::fit_range();
    let span = pitch::span_mm(r.length, car, radius(map, a), radius(map, b));
    let (lo, hi) = ((lo + inset) * span, (hi - inset) * span);
    if !r.waypoints.is_empty() {
        return [0.0, hi];
    }
    match &r.shape {
        Some(shape) => {
            let h = 0.75 * shape.bend.abs() / board_units_per_mm(&map.map.board);
            [(lo * lo - 16.0 * h * h / 3.0).max(0.0).sqrt(), hi]
        }
        None => [lo, hi],
    }
}

fn radius(map: &MapFile, i: usize) -> f64 {
    let c = &map.cities[i];
    pitch::marker_radius_mm(c.has_tag("big") || c.has_tag("capital"))
}

/// A position rounded as `--fit` writes it: one decimal in millimetres, whole pixels.
pub fn rounded(units: Units, v: f64) -> f64 {
    let r = match units {
        Units::Mm => (v * 10.0).round() / 10.0,
        Units::Px => v.round(),
    };
    // No `-0`.
    if r == 0.0 { 0.0 } else { r }
}

/// Fits `map`'s cities to its routes (see the module doc).
pub fn fit(map: &MapFile) -> Fit {
    let u = board_units_per_mm(&map.map.board);
    let n = map.cities.len();
    let original: Vec<[f64; 2]> = map.cities.iter().map(|c| c.position).collect();
    let given = map.map.board.space_mm;
    let car0 = match given {
        Some([length, _]) => length,
        None => pitch::car_length_at_mm(map, 0.5).unwrap_or(pitch::FALLBACK_CAR_MM),
    };
    // One decimal, as it is written.
    let car0 = (car0 * 10.0).round() / 10.0;
    let space_mm = given.is_none().then_some([car0, CAR_WIDTH_MM]);
    let car = car0;
    let out_before = routes_out_of_range(&with_positions(map, &original, space_mm)).len();
    let crowded = |pos: &[[f64; 2]]| {
        (0..n).any(|i| {
            (i + 1..n)
                .any(|j| dist(pos[i], pos[j]) / u < floor_mm(radius(map, i), radius(map, j)) - 0.5)
        })
    };
    let mut positions = original.clone();
    // The routes out of range where the cities end (the drawn rounds leave them counted).
    let mut still_out = Vec::new();
    if out_before > 0 || crowded(&original) {
        // Millimetres of the print, origin at the board's corner.
        let anchors: Vec<[f64; 2]> = original.iter().map(|p| [p[0] / u, p[1] / u]).collect();
        let mut mm = anchors.clone();
        let chords_fit = chord_out_of_range(&with_positions(map, &original, space_mm)).is_empty()
            && !crowded(&original);
        let job = Job {
            map,
            original: &original,
            anchors: &anchors,
            car,
            space_mm,
        };
        if !chords_fit {
            positions = fit_chords(&job, &mut mm, &BTreeMap::new(), None);
        }
        (positions, still_out) = drawn_rounds(&job, positions);
    }
    let fitted = with_positions(map, &positions, space_mm);
    let moves: Vec<f64> = original
        .iter()
        .zip(&positions)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| dist(*a, *b) / u)
        .collect();
    Fit {
        moved: moves.len(),
        mean_move_mm: if moves.is_empty() {
            0.0
        } else {
            moves.iter().sum::<f64>() / moves.len() as f64
        },
        max_move_mm: moves.iter().copied().fold(0.0, f64::max),
        out_before,
        out_after: still_out.len(),
        still_out: still_out.iter().map(|&r| map.routes[r].id()).collect(),
        routes: map.routes.len(),
        car_mm: pitch::car_length_mm(&fitted),
        positions,
        space_mm,
    }
}

/// The drawn rounds (see the module doc) from `start`, positions in board units where the
/// chords are in range: the fitted board is drawn, each route it squeezes or throws off its
/// line asks its pair's chord for what it lacks, and only those routes' cities and their
/// neighbours move. The positions leaving the fewest routes out of range are kept, and
/// returned with those routes (indices into `map.routes`); a round that would move a city
/// more than [`DRAWN_MAX_MOVE`] of a car from `start` ends them (that far, the designer
/// should choose which cities give way, and the routes are reported instead).
fn drawn_rounds(job: &Job, start: Vec<[f64; 2]>) -> (Vec<[f64; 2]>, Vec<usize>) {
    let Job {
        map, car, space_mm, ..
    } = *job;
    let u = board_units_per_mm(&map.map.board);
    let index = map.city_indices();
    let neighbours = |c: usize| -> Vec<usize> {
        map.routes
            .iter()
            .filter_map(|r| {
                let (a, b) = (*index.get(r.from.as_str())?, *index.get(r.to.as_str())?);
                (a == c).then_some(b).or((b == c).then_some(a))
            })
            .collect()
    };
    // Each pair's least chord (mm), raised for routes the drawn board squeezed or threw off.
    let mut raised: BTreeMap<(usize, usize), f64> = BTreeMap::new();
    let mut movable: BTreeSet<usize> = BTreeSet::new();
    let mut positions = start.clone();
    let mut best: Option<(Vec<usize>, Vec<[f64; 2]>)> = None;
    for round in 0..DRAWN_ROUNDS {
        if round > 0 {
            let mut mm: Vec<[f64; 2]> = positions.iter().map(|p| [p[0] / u, p[1] / u]).collect();
            let next = fit_chords(job, &mut mm, &raised, Some(&movable));
            let far = start
                .iter()
                .zip(&next)
                .any(|(a, b)| dist(*a, *b) / u > DRAWN_MAX_MOVE * car);
            if far {
                break;
            }
            positions = next;
        }
        let fitted = with_positions(map, &positions, space_mm);
        let lacking = drawn_lacking(&fitted);
        let mut out: BTreeSet<usize> = chord_out_of_range(&fitted).into_iter().collect();
        out.extend(lacking.iter().map(|&(r, _)| r));
        if best.as_ref().is_none_or(|(o, _)| out.len() < o.len()) {
            best = Some((out.into_iter().collect(), positions.clone()));
        }
        if lacking.is_empty() {
            break;
        }
        for (r, more) in lacking {
            let route = &map.routes[r];
            let (a, b) = (index[route.from.as_str()], index[route.to.as_str()]);
            let chord = dist(positions[a], positions[b]) / u;
            for c in [a, b] {
                movable.insert(c);
                movable.extend(neighbours(c));
            }
            let least = raised.entry((a.min(b), a.max(b))).or_insert(0.0);
            *least = least.max(chord + more);
        }
    }
    match best {
        Some((out, at)) => (at, out),
        None => {
            let out = routes_out_of_range(&with_positions(map, &start, space_mm));
            (start, out)
        }
    }
}

/// The positions (board units, rounded as written) the chord terms lead to from `mm`, with
/// each pair's least chord raised to `raised`: solved again from where the last round left
/// the cities while routes are out of range; the round leaving the fewest out (then moving
/// the cities least) is kept.
fn fit_chords(
    job: &Job,
    mm: &mut [[f64; 2]],
    raised: &BTreeMap<(usize, usize), f64>,
    only: Option<&BTreeSet<usize>>,
) -> Vec<[f64; 2]> {
    let Job {
        map,
        original,
        anchors,
        car,
        space_mm,
    } = *job;
    let u = board_units_per_mm(&map.map.board);
    let units = map.map.board.units;
    let mut best: Option<(usize, f64, Vec<[f64; 2]>)> = None;
    for _ in 0..ROUNDS_AT_CAR {
        solve(map, anchors, mm, car, raised, only);
        let mut at: Vec<[f64; 2]> = mm
            .iter()
            .map(|p| [rounded(units, p[0] * u), rounded(units, p[1] * u)])
            .collect();
        // Pinned cities keep their exact text.
        for (i, c) in map.cities.iter().enumerate() {
            if c.pinned {
                at[i] = original[i];
            }
        }
        let fitted = with_positions(map, &at, space_mm);
        let out = chord_out_of_range(&fitted).len();
        let moved: f64 = original.iter().zip(&at).map(|(a, b)| dist(*a, *b)).sum();
        if best
            .as_ref()
            .is_none_or(|(o, m, _)| out < *o || (out == *o && moved < *m))
        {
            best = Some((out, moved, at));
        }
        if out == 0 {
            break;
        }
    }
    best.map_or_else(|| original.to_vec(), |(_, _, at)| at)
}

fn with_positions(map: &MapFile, positions: &[[f64; 2]], space_mm: Option<[f64; 2]>) -> MapFile {
    let mut m = map.clone();
    if space_mm.is_some() {
        m.map.board.space_mm = space_mm;
    }
    for (c, p) in m.cities.iter_mut().zip(positions) {
        c.position = *p;
    }
    m
}

/// The least centre distance (mm) between two cities of marker radii `ri` and `rj`: two
/// marker diameters (one of each) and [`CITY_GAP_MM`].
fn floor_mm(ri: f64, rj: f64) -> f64 {
    2.0 * (ri + rj) + CITY_GAP_MM
}

/// The pairs of cities joined by routes and the chord each pair wants, in millimetres.
fn pairs(map: &MapFile, car: f64, raised: &BTreeMap<(usize, usize), f64>) -> Vec<Pair> {
    let index = map.city_indices();
    let mut out: Vec<Pair> = Vec::new();
    for r in &map.routes {
        let (Some(&a), Some(&b)) = (index.get(r.from.as_str()), index.get(r.to.as_str())) else {
            continue;
        };
        if a == b {
            continue;
        }
        let (a, b) = (a.min(b), a.max(b));
        let [want_lo, want_hi] = chord_range(map, r, a, b, car, AIM_INSET);
        match out.iter_mut().find(|p| p.a == a && p.b == b) {
            Some(p) => {
                p.lo = p.lo.max(want_lo);
                p.hi = p.hi.min(want_hi);
                p.lanes = p.lanes.saturating_add(r.lane_count().max(1));
            }
            None => out.push(Pair {
                a,
                b,
                lo: want_lo,
                hi: want_hi,
                weight: 1.0,
                lanes: r.lane_count().max(1),
            }),
        }
    }
    for p in &mut out {
        if let Some(&least) = raised.get(&(p.a, p.b)) {
            // The drawn board asked for more: the chord is raised, within the range's top
            // (beyond it, fitting the written board again would pull it back).
            p.lo = p.lo.max(least.min(p.hi));
            continue;
        }
        if p.lo > p.hi {
            // Parallel routes of different lengths: the middle.
            let mid = (p.lo + p.hi) / 2.0;
            (p.lo, p.hi) = (mid, mid);
        }
    }
    out
}

/// Stress majorization from `mm` (positions in millimetres), anchored at `anchors`.
fn solve(
    map: &MapFile,
    anchors: &[[f64; 2]],
    mm: &mut [[f64; 2]],
    car: f64,
    raised: &BTreeMap<(usize, usize), f64>,
    only: Option<&BTreeSet<usize>>,
) {
    let n = map.cities.len();
    let u = board_units_per_mm(&map.map.board);
    let board = [map.map.board.width / u, map.map.board.height / u];
    let car_w = map.map.board.space_mm.map_or(CAR_WIDTH_MM, |[_, w]| w);
    let mut pairs = pairs(map, car, raised);
    // Each city's terms, by index into `pairs`.
    let mut of_city: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, p) in pairs.iter().enumerate() {
        of_city[p.a].push(k);
        of_city[p.b].push(k);
    }
    let scale = {
        let mut spans: Vec<f64> = pairs.iter().map(|p| p.hi).collect();
        spans.sort_by(f64::total_cmp);
        spans.get(spans.len() / 2).copied().unwrap_or(50.0).max(1.0)
    };
    let anchor_w = ANCHOR_WEIGHT / (scale * scale);
    // Where each city's first cars start, and the angle two of its routes need
    // ([`geom::fan_angle`], what the layout's fan asks of the angles it turns ends to).
    let radii: Vec<f64> = (0..n).map(|i| radius(map, i)).collect();
    let first_car: Vec<f64> = (0..n)
        .map(|h| geom::first_car_radius(radii[h], pitch::CAR_GAP_MM, car_w))
        .collect();
    let half = |lanes: u8| geom::route_half_width(lanes, car_w, LANE_GAP_MM);
    let need =
        |h: usize, a: u8, b: u8| geom::fan_angle(half(a), half(b), pitch::CAR_GAP_MM, first_car[h]);
    let bounds: Vec<[f64; 4]> = (0..n)
        .map(|i| {
            let m = radius(map, i) + EDGE_MARGIN_MM;
            let a = anchors[i];
            [
                m.min(a[0]),
                (board[0] - m).max(a[0]),
                m.min(a[1]),
                (board[1] - m).max(a[1]),
            ]
        })
        .collect();
    let reach = MAX_MOVE * board[0].max(board[1]);
    let free: Vec<usize> = (0..n)
        .filter(|&i| !map.cities[i].pinned && only.is_none_or(|m| m.contains(&i)))
        .collect();
    for _round in 0..ROUNDS {
        for _sweep in 0..SWEEPS {
            let mut largest: f64 = 0.0;
            for &i in &free {
                let x = mm[i];
                let mut num = [anchor_w * anchors[i][0], anchor_w * anchors[i][1]];
                let mut den = anchor_w;
                let mut pull = |towards: [f64; 2], target: f64, w: f64, salt: usize| {
                    let (dx, dy) = (x[0] - towards[0], x[1] - towards[1]);
                    let d = dx.hypot(dy);
                    let dir = if d > 1e-9 {
                        [dx / d, dy / d]
                    } else {
                        // Coincident: a fixed direction from the indices.
                        let t = (salt as f64) * 2.399_963;
                        [t.cos(), t.sin()]
                    };
                    num[0] += w * (towards[0] + target * dir[0]);
                    num[1] += w * (towards[1] + target * dir[1]);
                    den += w;
                };
                for &k in &of_city[i] {
                    let p = &pairs[k];
                    let j = if p.a == i { p.b } else { p.a };
                    let d = dist(x, mm[j]);
                    let target = d.clamp(p.lo, p.hi);
                    if target != d {
                        pull(mm[j], target, p.weight / (target * target), i * n + j);
                    }
                }
                // Routes leaving a common city at too narrow an angle for their first cars:
                // this city turns round that one, away from the other route, by half what
                // the angle lacks.
                for &k in &of_city[i] {
                    let p = &pairs[k];
                    let h = if p.a == i { p.b } else { p.a };
                    let mine = (x[1] - mm[h][1]).atan2(x[0] - mm[h][0]);
                    let d = dist(x, mm[h]);
                    for &q in &of_city[h] {
                        if q == k {
                            continue;
                        }
                        let o = if pairs[q].a == h {
                            pairs[q].b
                        } else {
                            pairs[q].a
                        };
                        let theirs = (mm[o][1] - mm[h][1]).atan2(mm[o][0] - mm[h][0]);
                        let apart = (mine - theirs + PI).rem_euclid(TAU) - PI;
                        let lack = need(h, p.lanes, pairs[q].lanes) - apart.abs();
                        if lack > 0.0 && d > 1e-9 {
                            let to = mine + apart.signum() * lack / 2.0;
                            let target = [mm[h][0] + d * to.cos(), mm[h][1] + d * to.sin()];
                            pull(target, 0.0, ANGLE_WEIGHT / (d * d), i * n + o);
                        }
                    }
                }
                for (j, &at) in mm.iter().enumerate() {
                    if j == i {
                        continue;
                    }
                    let least = floor_mm(radii[i], radii[j]);
                    // Apart by the floor along one axis: apart by more than it (the exact
                    // distance below would say so too, at the price of a square root for
                    // every pair of cities in every sweep).
                    if (x[0] - at[0]).abs() >= least || (x[1] - at[1]).abs() >= least {
                        continue;
                    }
                    let d = dist(x, at);
                    if d < least {
                        pull(at, least, 1.0 / (least * least), i * n + j);
                    }
                }
                for p in &pairs {
                    if p.a == i || p.b == i {
                        continue;
                    }
                    let clear = radii[i] + car_w;
                    // Outside the segment's box widened by `clear` (and a margin for the
                    // rounding of the nearest point): clear of it.
                    let (a, b) = (mm[p.a], mm[p.b]);
                    let reach = clear + 1e-6;
                    if x[0] < a[0].min(b[0]) - reach
                        || x[0] > a[0].max(b[0]) + reach
                        || x[1] < a[1].min(b[1]) - reach
                        || x[1] > a[1].max(b[1]) + reach
                    {
                        continue;
                    }
                    let near = nearest_on_segment(x, a, b);
                    let d = dist(x, near);
                    if d < clear {
                        pull(near, clear, 1.0 / (clear * clear), i * n + p.a);
                    }
                }
                let b = bounds[i];
                let mut next = [num[0] / den, num[1] / den];
                // No further than `reach` from the designer's position.
                let away = dist(next, anchors[i]);
                if away > reach {
                    let k = reach / away;
                    next = [
                        anchors[i][0] + (next[0] - anchors[i][0]) * k,
                        anchors[i][1] + (next[1] - anchors[i][1]) * k,
                    ];
                }
                let next = [next[0].clamp(b[0], b[1]), next[1].clamp(b[2], b[3])];
                largest = largest.max(dist(next, x));
                mm[i] = next;
            }
            if largest < 1e-3 {
                break;
            }
        }
        // Routes still out of range pull harder in the next round.
        let mut any = false;
        for p in &mut pairs {
            let d = dist(mm[p.a], mm[p.b]);
            let slack = 0.5 * AIM_INSET * p.hi;
            if d < p.lo - slack || d > p.hi + slack {
                p.weight *= 4.0;
                any = true;
            }
        }
        if !any {
            break;
        }
    }
}

fn nearest_on_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    let (vx, vy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = vx * vx + vy * vy;
    if len2 <= 0.0 {
        return a;
    }
    let t = (((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / len2).clamp(0.0, 1.0);
    [a[0] + t * vx, a[1] + t * vy]
}
