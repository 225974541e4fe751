//! # undeclared-crossing
//!
//! Reports two routes whose drawn lines cross (straight lines between the cities, through the
//! route's `waypoints` when it has them) when neither names the other in `crosses`. Routes that
//! share a city never count as crossing. Information, shown with `--verbose`.
//!
//! ## Why it matters
//! On a printed board two tracks that cross are ambiguous, unless the rules say what a crossing
//! means (France: crossing track beds block each other), and then the data must say which
//! routes cross. Official maps bend their tracks around each other, so straight lines between
//! city centres cross on them where the printed tracks may not: on the shipped maps the rule
//! finds one pair on France (Montpellier–Rodez over Avignon–Toulouse, not among the published
//! crossings, which France's routes declare), 6 on India and none on the other twelve, which
//! is why it informs rather than warns. Add
//! `waypoints` to route the line as printed, or `crosses` when the crossing is real.
//!
//! ## Example
//! On a square a–b–c–d, the diagonals a–c and b–d cross in the middle.

use super::polyline;
use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "undeclared-crossing",
    default: Level::Info,
    source: include_str!("undeclared_crossing.rs"),
    from_loader: false,
    check,
};

type Point = [f64; 2];

/// Whether segments p1–p2 and q1–q2 cross at a point inside both (touching does not count).
fn segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool {
    let orient = |a: Point, b: Point, c: Point| {
        let v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        // A tolerance against rounding in imported positions.
        if v.abs() < 1e-9 { 0.0 } else { v.signum() }
    };
    let (d1, d2) = (orient(q1, q2, p1), orient(q1, q2, p2));
    let (d3, d4) = (orient(p1, p2, q1), orient(p1, p2, q2));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

fn check(cx: &mut LintCx) {
    let map = cx.map;
    let lines: Vec<Option<Vec<Point>>> = map.routes.iter().map(|r| polyline(map, r)).collect();
    // Bounding boxes first: most pairs are far apart.
    let boxes: Vec<Option<[f64; 4]>> = lines
        .iter()
        .map(|l| {
            l.as_ref().map(|pts| {
                pts.iter()
                    .fold([f64::MAX, f64::MAX, f64::MIN, f64::MIN], |b, p| {
                        [
                            b[0].min(p[0]),
                            b[1].min(p[1]),
                            b[2].max(p[0]),
                            b[3].max(p[1]),
                        ]
                    })
            })
        })
        .collect();
    let ids: Vec<String> = map.routes.iter().map(|r| r.id()).collect();
    // Sweep along x so that only routes whose boxes overlap in x are compared.
    let mut order: Vec<usize> = (0..map.routes.len())
        .filter(|&i| boxes[i].is_some())
        .collect();
    order.sort_by(|&a, &b| {
        let (ba, bb) = (boxes[a].unwrap_or_default(), boxes[b].unwrap_or_default());
        ba[0].total_cmp(&bb[0]).then(a.cmp(&b))
    });
    let mut pairs = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        let bi = boxes[i].unwrap_or_default();
        for &j in &order[k + 1..] {
            let bj = boxes[j].unwrap_or_default();
            if bj[0] > bi[2] {
                break;
            }
            if bj[1] > bi[3] || bi[1] > bj[3] {
                continue;
            }
            let (ri, rj) = (&map.routes[i], &map.routes[j]);
            let shared = [&ri.from, &ri.to]
                .iter()
                .any(|c| **c == rj.from || **c == rj.to);
            if shared || ri.crosses.contains(&ids[j]) || rj.crosses.contains(&ids[i]) {
                continue;
            }
            let (Some(li), Some(lj)) = (&lines[i], &lines[j]) else {
                continue;
            };
            let cross = li.windows(2).any(|a| {
                lj.windows(2)
                    .any(|b| segments_cross(a[0], a[1], b[0], b[1]))
            });
            if cross {
                pairs.push((i.min(j), i.max(j)));
            }
        }
    }
    pairs.sort_unstable();
    for (i, j) in pairs {
        cx.report(
            path!["routes", j],
            format!(
                "route `{}` crosses route `{}` on the drawing",
                ids[j], ids[i]
            ),
            format!("crosses `{}`", ids[i]),
            Some(format!(
                "add `waypoints` so the lines do not cross, or `crosses = [\"{}\"]` if they do",
                ids[i]
            )),
        );
    }
}
