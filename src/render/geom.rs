//! Plane geometry the layout and the lints share: distances, segments meeting or crossing,
//! train-car spaces as turned rectangles, how deep two shapes overlap (separating axes), and
//! bounding boxes for the spatial index.
//! Depths rather than yes/no, so that touching (a shared edge, a rounding error) can be told
//! from covering.

use super::types::{P, Rect, Space};

/// The distance between two points.
pub fn dist(a: P, b: P) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Overlaps shallower than this, in millimetres of the print, are touching, not covering.
pub const TOUCH_MM: f64 = 0.3;

/// Half the width of a route of `lanes` lanes of cars `width` wide, `lane_gap` apart.
pub fn route_half_width(lanes: u8, width: f64, lane_gap: f64) -> f64 {
    (f64::from(lanes.max(1)) * (width + lane_gap) - lane_gap) / 2.0
}

/// How far from a city's centre the layout reckons a route's first car starts when it fans
/// the city's routes apart: past the marker (`marker_radius`) and `gap`, by most of half a
/// car's `width`.
pub fn first_car_radius(marker_radius: f64, gap: f64, width: f64) -> f64 {
    marker_radius + gap + 0.45 * width
}

/// The angle (radians) two routes of half-widths `half_a` and `half_b` leaving a city need
/// between them for their first cars, `radius` from its centre, to sit side by side `gap`
/// apart: what the layout fans a crowded city's routes out to, `layout --fit` opens the
/// angles towards, and `space-overlap` reports as lacking.
pub fn fan_angle(half_a: f64, half_b: f64, gap: f64, radius: f64) -> f64 {
    2.0 * ((half_a + half_b + gap) / 2.0 / radius).atan()
}

/// The four corners of a space, in order around it.
pub fn corners(s: &Space) -> [P; 4] {
    quad(s.center, s.angle, s.length, s.width)
}

/// The corners of a `length` × `width` rectangle centred on `c`, turned `angle` degrees.
pub fn quad(c: P, angle: f64, length: f64, width: f64) -> [P; 4] {
    let (sin, cos) = angle.to_radians().sin_cos();
    let (hl, hw) = (length / 2.0, width / 2.0);
    [[-hl, -hw], [hl, -hw], [hl, hw], [-hl, hw]]
        .map(|[x, y]| [c[0] + x * cos - y * sin, c[1] + x * sin + y * cos])
}

/// The corners of an axis-aligned rectangle.
pub fn rect_quad(r: &Rect) -> [P; 4] {
    [
        [r.x, r.y],
        [r.x + r.w, r.y],
        [r.x + r.w, r.y + r.h],
        [r.x, r.y + r.h],
    ]
}

/// The axis-aligned box around some points, as `[min, max]`.
pub fn bounds(pts: &[P]) -> [P; 2] {
    pts.iter().fold(
        [[f64::INFINITY; 2], [f64::NEG_INFINITY; 2]],
        |[lo, hi], p| {
            [
                [lo[0].min(p[0]), lo[1].min(p[1])],
                [hi[0].max(p[0]), hi[1].max(p[1])],
            ]
        },
    )
}

/// How deep two rectangles (turned any way) overlap: the smallest overlap of their
/// projections on any edge normal (separating axis theorem; a rectangle's opposite edges
/// share a normal, so two edges of each suffice). Zero or less: apart or touching.
pub fn penetration(a: &[P; 4], b: &[P; 4]) -> f64 {
    let mut depth = f64::INFINITY;
    for poly in [a, b] {
        for k in 0..2 {
            let (p, q) = (poly[k], poly[k + 1]);
            let (nx, ny) = (q[1] - p[1], p[0] - q[0]);
            // sqrt of the square, not hypot: this is the layout's innermost loop.
            let len = (nx * nx + ny * ny).sqrt();
            if len < 1e-12 {
                continue;
            }
            let n = [nx / len, ny / len];
            let (a0, a1) = project(a, n);
            let (b0, b1) = project(b, n);
            depth = depth.min(a1.min(b1) - a0.max(b0));
            if depth <= 0.0 {
                return depth;
            }
        }
    }
    depth
}

/// A rectangle made ready for many overlap tests: its corners, and for each of its two edge
/// normals the normal and the rectangle's own extent along it (`None` for a degenerate
/// edge), computed as [`penetration`] computes them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prepared {
    pub q: [P; 4],
    /// The box around the corners ([`bounds`]).
    pub bbox: [P; 2],
    axes: [Option<(P, f64, f64)>; 2],
}

impl Prepared {
    pub fn new(q: &[P; 4]) -> Self {
        let axis = |k: usize| {
            let (p, r) = (q[k], q[k + 1]);
            let (nx, ny) = (r[1] - p[1], p[0] - r[0]);
            let len = (nx * nx + ny * ny).sqrt();
            if len < 1e-12 {
                return None;
            }
            let n = [nx / len, ny / len];
            let (lo, hi) = project(q, n);
            Some((n, lo, hi))
        };
        Prepared {
            q: *q,
            bbox: bounds(q),
            axes: [axis(0), axis(1)],
        }
    }
}

/// [`penetration`] of two prepared rectangles: the same depth wherever they overlap (and
/// zero or less wherever they do not), with each one's own normals and extents reused.
pub fn penetration_prepared(a: &Prepared, b: &Prepared) -> f64 {
    let mut depth = f64::INFINITY;
    for (own, other) in [(a, b), (b, a)] {
        for &(n, lo, hi) in own.axes.iter().flatten() {
            let (o0, o1) = project(&other.q, n);
            depth = depth.min(hi.min(o1) - lo.max(o0));
            if depth <= 0.0 {
                return depth;
            }
        }
    }
    depth
}

fn project(pts: &[P; 4], n: P) -> (f64, f64) {
    pts.iter()
        .map(|v| v[0] * n[0] + v[1] * n[1])
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
}

/// How far a circle reaches into a convex quadrilateral: its radius less the distance from
/// its centre to the shape (a centre inside counts as the whole radius).
pub fn circle_depth(c: P, r: f64, q: &[P; 4]) -> f64 {
    let side = |k: usize| {
        let (p, n) = (q[k], q[(k + 1) % 4]);
        (n[0] - p[0]) * (c[1] - p[1]) - (n[1] - p[1]) * (c[0] - p[0])
    };
    let inside = (0..4).all(|k| side(k) >= 0.0) || (0..4).all(|k| side(k) <= 0.0);
    if inside {
        return r;
    }
    let d = (0..4)
        .map(|k| segment_distance(c, q[k], q[(k + 1) % 4]))
        .fold(f64::INFINITY, f64::min);
    r - d
}

/// Distance from `c` to the segment a–b.
pub fn segment_distance(c: P, a: P, b: P) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let l2 = dx * dx + dy * dy;
    let t = if l2 < 1e-12 {
        0.0
    } else {
        (((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / l2).clamp(0.0, 1.0)
    };
    (c[0] - a[0] - t * dx).hypot(c[1] - a[1] - t * dy)
}

/// How far a rectangle reaches outside the board `[0, w] × [0, h]` (zero or less: inside).
pub fn outside_depth(q: &[P; 4], w: f64, h: f64) -> f64 {
    let [lo, hi] = bounds(q);
    (-lo[0]).max(-lo[1]).max(hi[0] - w).max(hi[1] - h)
}

/// Where segments p1–p2 and q1–q2 meet, each taken half-open (its start counts, its end
/// does not), so that a meeting at the joint of two pieces of a polyline is found once: the
/// crossing marks and the label tests walk polylines piece by piece.
pub fn segments_meet(p1: P, p2: P, q1: P, q2: P) -> Option<P> {
    let r = [p2[0] - p1[0], p2[1] - p1[1]];
    let s = [q2[0] - q1[0], q2[1] - q1[1]];
    let den = r[0] * s[1] - r[1] * s[0];
    if den.abs() < 1e-12 {
        return None;
    }
    let w = [q1[0] - p1[0], q1[1] - p1[1]];
    let t = (w[0] * s[1] - w[1] * s[0]) / den;
    let u = (w[0] * r[1] - w[1] * r[0]) / den;
    ((0.0..1.0).contains(&t) && (0.0..1.0).contains(&u))
        .then(|| [p1[0] + t * r[0], p1[1] + t * r[1]])
}

/// Whether segments p1–p2 and q1–q2 cross at a point inside both: touching or ending on the
/// other does not count (the `undeclared-crossing` lint: tracks that only touch are not
/// drawn across each other).
pub fn segments_cross(p1: P, p2: P, q1: P, q2: P) -> bool {
    let orient = |a: P, b: P, c: P| {
        let v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        if v.abs() < 1e-9 { 0.0 } else { v.signum() }
    };
    let (d1, d2) = (orient(q1, q2, p1), orient(q1, q2, p2));
    let (d3, d4) = (orient(p1, p2, q1), orient(p1, p2, q2));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_segments_cross_and_touching_ones_do_not() {
        assert!(segments_cross(
            [0.0, 0.0],
            [2.0, 2.0],
            [0.0, 2.0],
            [2.0, 0.0]
        ));
        assert!(!segments_cross(
            [0.0, 0.0],
            [1.0, 1.0],
            [1.0, 1.0],
            [2.0, 0.0]
        ));
        assert!(!segments_cross(
            [0.0, 0.0],
            [2.0, 0.0],
            [0.0, 1.0],
            [2.0, 1.0]
        ));
    }
    #[test]
    fn diagonals_of_a_square_meet_in_its_middle() {
        let at = segments_meet([0.0, 0.0], [10.0, 10.0], [0.0, 10.0], [10.0, 0.0]);
        assert_eq!(at, Some([5.0, 5.0]));
        // Parallel and disjoint segments do not meet.
        assert_eq!(
            segments_meet([0.0, 0.0], [10.0, 0.0], [0.0, 1.0], [10.0, 1.0]),
            None
        );
        assert_eq!(
            segments_meet([0.0, 0.0], [4.0, 4.0], [0.0, 10.0], [10.0, 0.0]),
            None
        );
        // Half-open: a meeting at one segment's start counts, at its end it does not.
        assert!(segments_meet([0.0, 0.0], [2.0, 0.0], [0.0, -1.0], [0.0, 1.0]).is_some());
        assert!(segments_meet([0.0, 0.0], [2.0, 0.0], [2.0, -1.0], [2.0, 1.0]).is_none());
    }

    fn sp(c: P, angle: f64) -> [P; 4] {
        quad(c, angle, 20.0, 8.0)
    }

    #[test]
    fn side_by_side_spaces_do_not_overlap_and_crossed_ones_do() {
        assert!(penetration(&sp([0.0, 0.0], 0.0), &sp([0.0, 9.0], 0.0)) <= 0.0);
        let d = penetration(&sp([0.0, 0.0], 0.0), &sp([0.0, 6.0], 0.0));
        assert!((d - 2.0).abs() < 1e-9, "{d}");
        assert!(penetration(&sp([0.0, 0.0], 0.0), &sp([0.0, 0.0], 90.0)) > 7.0);
        // Turned 45°, corners would overlap by box but not in fact.
        assert!(penetration(&sp([0.0, 0.0], 45.0), &sp([13.0, -13.0], 45.0)) <= 0.0);
    }

    #[test]
    fn prepared_rectangles_overlap_as_deep_as_plain_ones() {
        let cases = [
            (sp([0.0, 0.0], 0.0), sp([0.0, 6.0], 0.0)),
            (sp([0.0, 0.0], 0.0), sp([0.0, 0.0], 90.0)),
            (sp([0.0, 0.0], 30.0), sp([5.0, 3.0], -20.0)),
            (sp([0.0, 0.0], 45.0), sp([13.0, -13.0], 45.0)),
            (sp([0.0, 0.0], 0.0), sp([0.0, 9.0], 0.0)),
        ];
        for (a, b) in cases {
            let (plain, prepared) = (
                penetration(&a, &b),
                penetration_prepared(&Prepared::new(&a), &Prepared::new(&b)),
            );
            if plain > 0.0 {
                assert_eq!(plain.to_bits(), prepared.to_bits(), "{a:?} {b:?}");
            } else {
                assert!(prepared <= 0.0, "{a:?} {b:?}: {prepared}");
            }
        }
    }

    #[test]
    fn a_marker_on_a_space_is_deep_and_one_beside_it_is_not() {
        let q = sp([0.0, 0.0], 0.0);
        assert_eq!(circle_depth([0.0, 0.0], 5.0, &q), 5.0);
        assert!((circle_depth([0.0, 7.0], 5.0, &q) - 2.0).abs() < 1e-9);
        assert!(circle_depth([0.0, 10.0], 5.0, &q) < 0.0);
    }

    #[test]
    fn outside_depth_measures_the_part_off_the_board() {
        let q = sp([5.0, 50.0], 0.0);
        assert!((outside_depth(&q, 100.0, 100.0) - 5.0).abs() < 1e-9);
        assert!(outside_depth(&sp([50.0, 50.0], 0.0), 100.0, 100.0) < 0.0);
    }
}
