//! The shapes a route is tried on ([`shapes`]: the designer's path, the straight line, bulges
//! fanned apart at crowded ends) and a route laid on one of them ([`shape`]: its lanes' cars,
//! squeezed or stretched within the board's allowance, and the shape's own cost).

use super::*;

/// The shapes tried for a route: the designer's path when it has waypoints, else the
/// straight line (when the cars fit on it) and bulges of growing size to either side.
pub(super) fn shapes(n: &Need, s: &Sizes, units_per_mm: f64) -> Vec<Spec> {
    let tol = 0.1 * units_per_mm;
    if n.pts.len() < 2 {
        return vec![Spec::Given];
    }
    let (a, b) = (n.pts[0], n.pts[n.pts.len() - 1]);
    let cars = n.route.length as f64;
    // Room for the cars and their gaps, the clearances at both ends, and on a bend the
    // inner lane's shortfall.
    let target = cars * s.space_length
        + (cars - 1.0).max(0.0) * s.space_gap
        + n.clear[0]
        + n.clear[1]
        + (2.0 * n.half - s.space_width).max(0.0) * 0.8
        + 0.5 * units_per_mm;
    if n.pts.len() > 2 || geom::dist(a, b) < f64::EPSILON {
        return vec![Spec::Given];
    }
    let chord = geom::dist(a, b);
    let bend_cost = |h: f64, skew: f64| COST_BEND * h.abs() / chord * (1.0 + skew.abs() * 0.5);
    // A shape the map keeps (written by `ttrmap layout --write`) is the only one.
    if let Some(k) = n.route.shape {
        return vec![Spec::Bulge {
            h: k.bend,
            skew: k.skew,
            slide: k.slide,
            bend: bend_cost(k.bend, k.skew) + COST_SLIDE * k.slide.abs(),
        }];
    }
    // The straight line is always tried: a route a little too long for it squeezes its gaps
    // and cars rather than bend, when bending costs more.
    let mut shapes: Vec<(f64, f64)> = vec![(0.0, 0.0)];
    for skew in SKEWS {
        match curves::bulge_for_length(a, b, skew, target, BEND_MAX * chord, tol) {
            Some(h0) => {
                for step in BEND_STEPS {
                    let h = h0 + step * chord;
                    for side in [1.0, -1.0] {
                        let same = |x: &(f64, f64)| {
                            (x.0 - side * h).abs() < 1e-9 && (h == 0.0 || x.1 == skew)
                        };
                        if !shapes.iter().any(same) {
                            shapes.push((side * h, skew));
                        }
                    }
                }
            }
            // Cannot fit: the tallest gentle bulge to either side, with shortened cars.
            None if skew == 0.0 => {
                for h in [0.0, 0.15 * chord, 0.3 * chord] {
                    shapes.extend([(h, 0.0), (-h, 0.0)]);
                }
                shapes.dedup();
            }
            None => {}
        }
    }
    let fans = fanned(n, a, b);
    for &k in &fans {
        if !shapes.contains(&k) {
            shapes.push(k);
        }
    }
    // A straight or fanned route with room to spare may also leave it at one end: its cars
    // start farther out at a crowded city, clear of the routes crowding it there, and still
    // reach the other city.
    let slack = chord - target;
    let mut slides: Vec<f64> = Vec::new();
    if slack > s.space_gap {
        for mm in SLIDE_MM {
            let f = (mm * units_per_mm / slack).min(1.0);
            if !slides.contains(&f) {
                slides.extend([f, -f]);
            }
        }
    }
    let mut out: Vec<Spec> = shapes
        .iter()
        .map(|&(h, skew)| Spec::Bulge {
            h,
            skew,
            slide: 0.0,
            bend: bend_cost(h, skew),
        })
        .collect();
    for &(h, skew) in shapes.iter().filter(|k| k.0 == 0.0 || fans.contains(k)) {
        out.extend(slides.iter().map(|&slide| Spec::Bulge {
            h,
            skew,
            slide,
            bend: bend_cost(h, skew) + COST_SLIDE * slide.abs(),
        }));
    }
    out
}

/// The bulges (`h`, `skew`) that leave each end at its fanned angle ([`Need::turn`]), or
/// one end only; none when neither end turned.
fn fanned(n: &Need, a: P, b: P) -> Vec<(f64, f64)> {
    // A car is straight: a route of one car cannot bend to leave at another angle without
    // floating off the line between its cities.
    if n.route.length < 2 || n.turn.iter().all(|t| t.abs() < 0.02) {
        return Vec::new();
    }
    let l = geom::dist(a, b);
    let d = [(b[0] - a[0]) / l, (b[1] - a[1]) / l];
    // The bulge's sideways unit vector (see `curves::bulge`).
    let side = [d[1], -d[0]];
    // Sideways offset of an end's control point a third of the chord along, for a tangent
    // `t` radians from the chord (towards `side` at `a`; at `b` the curve leaves backwards).
    let offset = |angle: f64, back: f64| {
        let u = [angle.cos(), angle.sin()];
        let along = back * (u[0] * d[0] + u[1] * d[1]);
        let across = u[0] * side[0] + u[1] * side[1];
        (along > 0.1).then(|| l / 3.0 * across / along)
    };
    let straight_a = (b[1] - a[1]).atan2(b[0] - a[0]);
    let straight_b = (a[1] - b[1]).atan2(a[0] - b[0]);
    let mut out = Vec::new();
    for (ta, tb) in [(n.turn[0], n.turn[1]), (n.turn[0], 0.0), (0.0, n.turn[1])] {
        let (Some(k1), Some(k2)) = (offset(straight_a + ta, 1.0), offset(straight_b + tb, -1.0))
        else {
            continue;
        };
        let h = (k1 + k2) / 2.0;
        // An S with equal and opposite ends has no bulge to describe it.
        if h.abs() < 1e-3 * l {
            continue;
        }
        // Beyond the skews a map's `shape` may hold (the schema's ±3) the bend could not be
        // written back by `layout --write`.
        let skew = k1 / h - 1.0;
        if skew.abs() <= SKEW_MAX {
            out.push((h, skew));
        }
    }
    out
}

/// The lanes of a route along its centre line.
pub(super) fn shape(
    n: &Need,
    line: &Polyline,
    bend_cost: f64,
    slide: f64,
    stretch: Stretch,
    bend_gaps: bool,
    s: &Sizes,
) -> Candidate {
    let cars = n.route.length as f64;
    let pitch = s.space_width + s.lane_gap;
    let (a, b) = (n.pts[0], n.pts[n.pts.len() - 1]);
    // One space per car of each lane: sized once (a shape's spaces are most of what the
    // layout keeps).
    let mut quads = Vec::with_capacity(n.lanes * n.route.length as usize);
    let mut short = 0.0;
    let mut squeezed_past = false;
    // The cars are laid once along the route's own line (its place in a bundle of parallel
    // routes), and each lane's are those moved sideways: the lanes of a double or triple run
    // side by side, car beside car, their whole length.
    let shifted;
    let own_line = if n.shift.abs() < f64::EPSILON {
        line
    } else {
        shifted = line.offset(n.shift);
        &shifted
    };
    let mut s0 = own_line.leave_from_start(a, n.clear[0]);
    let mut s1 = own_line.enter_at_end(b, n.clear[1]);
    // Room beyond the cars and their gaps: spread between them, or left at one end (a map's
    // `shape` with a slide).
    let slack = (s1 - s0 - cars * (s.space_length + s.space_gap)).max(0.0);
    if slide > 0.0 {
        s0 += slack * slide;
    } else {
        s1 += slack * slide;
    }
    let clear = n.clear;
    // On a designer's path (`bend_gaps`: through the route's waypoints, which may turn
    // sharply) the gaps widen where cars turned from each other would meet (`lay_lane`); the
    // lanes are laid in step, each as far from the line as the outermost one's corners. The
    // router's own bulges are gentle, and a shape whose cars meet loses to one whose do not.
    let reach = if bend_gaps {
        (n.lanes as f64 - 1.0) / 2.0 * pitch + s.space_width / 2.0
    } else {
        0.0
    };
    let lanes: Vec<LaneLayout> = (0..n.lanes)
        .map(|lane| {
            let off = (lane as f64 - (n.lanes as f64 - 1.0) / 2.0) * pitch;
            // A lane beside the line reaches back towards each marker until its end is as
            // far from the marker's centre as the line's: every lane starts at its city.
            let back = |c: f64| c - (c * c - off * off).max(0.0).sqrt();
            let spaces: Vec<Space> = lay_lane(
                own_line,
                s0 - back(clear[0]),
                (s1 + back(clear[1])).max(s0),
                n.route.length as usize,
                n.route.ferry as usize,
                n.route.mountains as usize,
                n.end_room,
                stretch,
                reach,
                s,
            )
            .iter()
            .map(|sp| beside(sp, off))
            .collect();
            for sp in &spaces {
                quads.push(Prepared::new(&geom::corners(sp)));
                // Within the stretch printed boards allow a squeezed car costs a tenth of
                // one beyond it (less than a gentle bend: squeezing is barely seen); a car
                // squeezed past a tenth, which `route-drawn-length` reports, costs as much
                // as an overlap on top.
                let squeezed = (s.space_length - sp.length).max(0.0) / s.space_length;
                short += squeezed.min(STRETCH) * 0.1 + (squeezed - STRETCH).max(0.0);
                if squeezed > SQUEEZE_REPORTED {
                    squeezed_past = true;
                }
            }
            LaneLayout {
                color: n.route.lane_color(lane),
                spaces,
            }
        })
        .collect();
    let own = bend_cost + COST_SHORT * short + if squeezed_past { COST_SQUEEZED } else { 0.0 };
    Candidate {
        lanes,
        quads,
        own,
        bbox: bounds(&[]),
    }
}
