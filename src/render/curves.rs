//! Route centre lines as smooth curves (kurbo cubic Béziers), flattened to polylines on which
//! spaces are placed by distance. A route with no `waypoints` is one symmetric bulge from city
//! to city, bent just enough to hold its cars; a route with waypoints passes smoothly through
//! them (Catmull–Rom), as the designer drew it.

use super::geom::dist;
use super::types::P;
use kurbo::{BezPath, CubicBez, ParamCurveArclen, PathEl, Point};

/// A polyline with cumulative lengths, for placing things by distance along it.
#[derive(Debug, Clone)]
pub struct Polyline {
    pub pts: Vec<P>,
    cum: Vec<f64>,
    pub total: f64,
}

impl Polyline {
    pub fn new(pts: Vec<P>) -> Self {
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
    pub fn at(&self, s: f64) -> (P, P) {
        match self.pts.len() {
            0 => ([0.0, 0.0], [1.0, 0.0]),
            1 => (self.pts[0], [1.0, 0.0]),
            n => {
                let s = s.clamp(0.0, self.total);
                // The first vertex at or past `s` ends the segment holding it.
                let seg = self.cum.partition_point(|&c| c < s).clamp(1, n - 1);
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

    /// The same line moved `d` to the left of the direction of travel (in SVG coordinates,
    /// y down), each vertex along the mean of its two segments' normals.
    pub fn offset(&self, d: f64) -> Polyline {
        if d.abs() < f64::EPSILON || self.pts.len() < 2 {
            return self.clone();
        }
        let n = self.pts.len();
        let normal = |i: usize| {
            let (a, b) = (self.pts[i], self.pts[i + 1]);
            let l = dist(a, b).max(f64::EPSILON);
            [(b[1] - a[1]) / l, -(b[0] - a[0]) / l]
        };
        let pts = (0..n)
            .map(|i| {
                let m = match (i.checked_sub(1).map(normal), (i + 1 < n).then(|| normal(i))) {
                    (Some(p), Some(q)) => {
                        let s = [p[0] + q[0], p[1] + q[1]];
                        let l = s[0].hypot(s[1]);
                        // Miter: a vertex on a bend moves 1/cos(half the turn) to keep the
                        // lane's width; capped where the turn is sharp.
                        let cos_half = (l / 2.0).max(0.5);
                        if l < 1e-9 {
                            q
                        } else {
                            [s[0] / l / cos_half, s[1] / l / cos_half]
                        }
                    }
                    (Some(p), None) => p,
                    (None, Some(q)) => q,
                    (None, None) => [0.0, 0.0],
                };
                let p = self.pts[i];
                [p[0] + m[0] * d, p[1] + m[1] * d]
            })
            .collect();
        Polyline::new(pts)
    }

    /// The distance along the line at which it last leaves the disc of radius `r` around `c`
    /// walking from the start (0 when it starts outside).
    pub fn leave_from_start(&self, c: P, r: f64) -> f64 {
        for i in 1..self.pts.len() {
            if dist(self.pts[i], c) >= r {
                let k = crossing(self.pts[i - 1], self.pts[i], c, r);
                return self.cum[i - 1] + k * (self.cum[i] - self.cum[i - 1]);
            }
        }
        self.total
    }

    /// The distance along the line at which it enters the disc of radius `r` around `c` for
    /// the last stretch to the end (`total` when it ends outside).
    pub fn enter_at_end(&self, c: P, r: f64) -> f64 {
        for i in (0..self.pts.len().saturating_sub(1)).rev() {
            if dist(self.pts[i], c) >= r {
                let k = crossing(self.pts[i + 1], self.pts[i], c, r);
                return self.cum[i + 1] - k * (self.cum[i + 1] - self.cum[i]);
            }
        }
        0.0
    }
}

/// Where on a–b (as a fraction from a, with a inside the circle) the segment leaves it.
fn crossing(a: P, b: P, c: P, r: f64) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let (fx, fy) = (a[0] - c[0], a[1] - c[1]);
    let qa = dx * dx + dy * dy;
    if qa < 1e-18 {
        return 0.0;
    }
    let qb = 2.0 * (fx * dx + fy * dy);
    let qc = fx * fx + fy * fy - r * r;
    let disc = (qb * qb - 4.0 * qa * qc).max(0.0);
    ((-qb + disc.sqrt()) / (2.0 * qa)).clamp(0.0, 1.0)
}

fn pt(p: P) -> Point {
    Point::new(p[0], p[1])
}

/// A bulge from `a` to `b`: a cubic whose control points sit at a third and two thirds of
/// the chord, moved to its left by `h × (1 + skew)` and `h × (1 − skew)` (negative `h`: to
/// its right). `skew` 0 is symmetric; a skewed bulge leaves one city at a steeper angle than
/// the other, which fans routes apart there. Its length grows steadily with `|h|`, from the
/// straight chord up.
pub fn bulge(a: P, b: P, h: f64, skew: f64) -> CubicBez {
    let d = [b[0] - a[0], b[1] - a[1]];
    let l = d[0].hypot(d[1]).max(f64::EPSILON);
    let n = [d[1] / l * h, -d[0] / l * h];
    let (k1, k2) = (1.0 + skew, 1.0 - skew);
    CubicBez::new(
        pt(a),
        pt([a[0] + d[0] / 3.0 + n[0] * k1, a[1] + d[1] / 3.0 + n[1] * k1]),
        pt([
            a[0] + 2.0 * d[0] / 3.0 + n[0] * k2,
            a[1] + 2.0 * d[1] / 3.0 + n[1] * k2,
        ]),
        pt(b),
    )
}

/// The smallest bulge `h ≥ 0` of this `skew` whose curve is at least `target` long, found
/// by bisection; `None` when even `h_max` is too short.
pub fn bulge_for_length(
    a: P,
    b: P,
    skew: f64,
    target: f64,
    h_max: f64,
    accuracy: f64,
) -> Option<f64> {
    let len = |h: f64| bulge(a, b, h, skew).arclen(accuracy);
    if len(0.0) >= target {
        return Some(0.0);
    }
    if len(h_max) < target {
        return None;
    }
    let (mut lo, mut hi) = (0.0, h_max);
    // 16 halvings: h within 1/65,536 of its range, a few hundredths of a millimetre.
    for _ in 0..16 {
        let mid = (lo + hi) / 2.0;
        if len(mid) >= target {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

/// A smooth path through `pts` (uniform Catmull–Rom as cubic Béziers): the designer's
/// waypoints are passed through exactly, with no corners between them.
pub fn through(pts: &[P]) -> BezPath {
    let mut path = BezPath::new();
    let Some(first) = pts.first() else {
        return path;
    };
    path.move_to(pt(*first));
    let n = pts.len();
    for i in 0..n.saturating_sub(1) {
        let prev = pts[i.saturating_sub(1)];
        let next2 = pts[(i + 2).min(n - 1)];
        let (p, q) = (pts[i], pts[i + 1]);
        path.curve_to(
            pt([p[0] + (q[0] - prev[0]) / 6.0, p[1] + (q[1] - prev[1]) / 6.0]),
            pt([
                q[0] - (next2[0] - p[0]) / 6.0,
                q[1] - (next2[1] - p[1]) / 6.0,
            ]),
            pt(q),
        );
    }
    path
}

/// The path as a polyline within `tolerance` of it (kurbo's flattening).
pub fn flatten(path: impl IntoIterator<Item = PathEl>, tolerance: f64) -> Polyline {
    // A route's bulge flattens to about 16 points: room for them at once, where growing
    // the list point by point was a twentieth of `check` on a 2,000-city board.
    let mut pts: Vec<P> = Vec::with_capacity(32);
    kurbo::flatten(path, tolerance, |el| match el {
        PathEl::MoveTo(p) | PathEl::LineTo(p) => {
            let q = [p.x, p.y];
            if pts.last() != Some(&q) {
                pts.push(q);
            }
        }
        _ => {}
    });
    Polyline::new(pts)
}

/// A single cubic as path elements.
pub fn cubic_path(c: CubicBez) -> [PathEl; 2] {
    [PathEl::MoveTo(c.p0), PathEl::CurveTo(c.p1, c.p2, c.p3)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_points_lie_left_of_travel() {
        let line = Polyline::new(vec![[0.0, 0.0], [10.0, 0.0]]);
        let (p, _) = line.offset(2.0).at(5.0);
        // Travelling +x in SVG coordinates (y down), left is -y.
        assert!(
            (p[0] - 5.0).abs() < 1e-9 && (p[1] + 2.0).abs() < 1e-9,
            "{p:?}"
        );
    }

    #[test]
    fn a_bulge_is_found_for_a_longer_target_and_refused_beyond_reach() {
        let (a, b) = ([0.0, 0.0], [100.0, 0.0]);
        assert_eq!(bulge_for_length(a, b, 0.0, 90.0, 100.0, 0.01), Some(0.0));
        for skew in [0.0, 0.7] {
            let h = bulge_for_length(a, b, skew, 130.0, 100.0, 0.01).expect("reachable");
            let got = bulge(a, b, h, skew).arclen(0.01);
            assert!((got - 130.0).abs() < 0.1, "{got}");
        }
        assert_eq!(bulge_for_length(a, b, 0.0, 1000.0, 100.0, 0.01), None);
        // A bulge to the left of travel goes to -y.
        let h = bulge_for_length(a, b, 0.0, 130.0, 100.0, 0.01).expect("reachable");
        let line = flatten(cubic_path(bulge(a, b, h, 0.0)), 0.1);
        assert!(line.at(line.total / 2.0).0[1] < -10.0);
    }

    #[test]
    fn the_line_leaves_and_enters_city_discs_where_it_crosses_them() {
        let line = Polyline::new(vec![[0.0, 0.0], [50.0, 0.0], [100.0, 0.0]]);
        assert!((line.leave_from_start([0.0, 0.0], 8.0) - 8.0).abs() < 1e-9);
        assert!((line.enter_at_end([100.0, 0.0], 8.0) - 92.0).abs() < 1e-9);
    }

    #[test]
    fn a_smooth_path_passes_through_every_waypoint() {
        let pts = [[0.0, 0.0], [40.0, 30.0], [100.0, 0.0]];
        let line = flatten(through(&pts), 0.05);
        for p in pts {
            assert!(line.pts.iter().any(|q| dist(*q, p) < 1e-6), "{p:?}");
        }
    }
}
