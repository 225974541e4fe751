//! # undeclared-crossing
//!
//! Reports two routes whose tracks cross on the board `ttrmap render` draws (default theme,
//! real scale) when neither names the other in `crosses`: the drawn line one route's
//! train-car spaces follow, from its first space to its last, passes through the other's to
//! its far side. The finding says near which space of each. Information, shown with
//! `--verbose`.
//!
//! ## Why it matters
//! On a printed board two tracks that cross are ambiguous, unless the rules say what a
//! crossing means (France: crossing track beds block each other), and then the data must say
//! which routes cross. The rule measures the tracks as drawn, bends and all, not the straight
//! lines between the cities: official maps bend their tracks around each other, and so does
//! the renderer, so a crossing of straight lines is often no crossing on the board, and a
//! bent track may cross one its straight line misses. Tracks that only graze each other are
//! `space-overlap`'s. Route the track elsewhere with `waypoints`, or add `crosses` when the
//! crossing is real.
//!
//! ## Example
//! On a square a–b–c–d whose diagonals a–c and b–d are as long as their cars, the renderer
//! cannot draw both without one track crossing another. Between two straight tracks c1–d1
//! and c2–d2, a short a–b with more cars than its straight line holds bends out across one.

use super::prelude::*;
use crate::render::geom;
use crate::render::layout::{P, RouteLayout};

pub const RULE: Rule = Rule {
    id: "undeclared-crossing",
    default: Level::Info,
    source: include_str!("undeclared_crossing.rs"),
    from_loader: false,
    reads: &["map.board", "cities", "routes"],
    counts: &["cities", "routes"],
    check,
};

/// A track's pieces: two ends and the space nearest the piece.
type Track = Vec<(P, P, usize)>;

/// Where `p` falls along the polyline `line`: the distance along it to the nearest point.
fn along(line: &[P], p: P) -> f64 {
    let (mut best, mut best_d, mut run) = (0.0, f64::INFINITY, 0.0);
    for w in line.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len2 = dx * dx + dy * dy;
        let t = if len2 < 1e-12 {
            0.0
        } else {
            (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
        };
        let d = (p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy);
        if d < best_d {
            (best, best_d) = (run + t * len2.sqrt(), d);
        }
        run += len2.sqrt();
    }
    best
}

/// The part of `line` from `s0` to `s1` along it.
fn cut(line: &[P], s0: f64, s1: f64) -> Vec<P> {
    let mut out = Vec::new();
    let mut run = 0.0;
    let at = |a: P, b: P, t: f64| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    for w in line.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = (b[0] - a[0]).hypot(b[1] - a[1]);
        let (t0, t1) = ((s0 - run) / len.max(1e-12), (s1 - run) / len.max(1e-12));
        if t1 >= 0.0 && t0 <= 1.0 {
            if out.is_empty() {
                out.push(at(a, b, t0.clamp(0.0, 1.0)));
            }
            out.push(at(a, b, t1.clamp(0.0, 1.0)));
        }
        run += len;
    }
    out.dedup();
    out
}

/// A route's track as drawn: its drawn centre line (the curve its lanes' spaces follow, as
/// the eye follows it through the gaps between them) from where its first space begins to
/// where its last space ends, each piece with the space nearest it.
fn track(r: &RouteLayout) -> Track {
    let spaces: Vec<(usize, &crate::render::layout::Space)> = r
        .lanes
        .iter()
        .flat_map(|lane| lane.spaces.iter().enumerate())
        .collect();
    if spaces.is_empty() || r.centre.len() < 2 {
        return Vec::new();
    }
    let ends = spaces
        .iter()
        .flat_map(|(_, s)| s.ends)
        .map(|p| along(&r.centre, p));
    let (s0, s1) = ends.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), s| {
        (lo.min(s), hi.max(s))
    });
    let line = cut(&r.centre, s0, s1);
    let nearest = |p: P| {
        spaces
            .iter()
            .min_by(|a, b| {
                let d = |s: &crate::render::layout::Space| {
                    (s.center[0] - p[0]).hypot(s.center[1] - p[1])
                };
                d(a.1).total_cmp(&d(b.1))
            })
            .map_or(0, |(k, _)| *k)
    };
    line.windows(2)
        .map(|w| {
            let mid = [(w[0][0] + w[1][0]) / 2.0, (w[0][1] + w[1][1]) / 2.0];
            (w[0], w[1], nearest(mid))
        })
        .collect()
}

fn bbox(t: &[(P, P, usize)]) -> Option<[f64; 4]> {
    (!t.is_empty()).then(|| {
        t.iter()
            .fold([f64::MAX, f64::MAX, f64::MIN, f64::MIN], |b, (p, q, _)| {
                [
                    b[0].min(p[0]).min(q[0]),
                    b[1].min(p[1]).min(q[1]),
                    b[2].max(p[0]).max(q[0]),
                    b[3].max(p[1]).max(q[1]),
                ]
            })
    })
}

/// The first place two tracks cross: the space of each.
fn first_crossing(a: &[(P, P, usize)], b: &[(P, P, usize)]) -> Option<(usize, usize)> {
    a.iter().find_map(|(p1, p2, i)| {
        b.iter()
            .find(|(q1, q2, _)| geom::segments_cross(*p1, *p2, *q1, *q2))
            .map(|(_, _, j)| (*i, *j))
    })
}

fn check(cx: &mut LintCx) {
    let map = cx.map;
    let layout = &cx.drawing().layout;
    let declared = crate::render::crossings::declared_pairs(map);
    let tracks: Vec<(usize, Track)> = layout.routes.iter().map(|r| (r.index, track(r))).collect();
    let boxes: Vec<Option<[f64; 4]>> = tracks.iter().map(|(_, t)| bbox(t)).collect();
    // Sweep along x so that only tracks whose boxes overlap in x are compared.
    let mut order: Vec<usize> = (0..tracks.len()).filter(|&k| boxes[k].is_some()).collect();
    order.sort_by(|&a, &b| {
        let (ba, bb) = (boxes[a].unwrap_or_default(), boxes[b].unwrap_or_default());
        ba[0].total_cmp(&bb[0]).then(a.cmp(&b))
    });
    let mut found = Vec::new();
    for (n, &a) in order.iter().enumerate() {
        let ba = boxes[a].unwrap_or_default();
        for &b in &order[n + 1..] {
            let bb = boxes[b].unwrap_or_default();
            if bb[0] > ba[2] {
                break;
            }
            if bb[1] > ba[3] || ba[1] > bb[3] {
                continue;
            }
            let (i, j) = (tracks[a].0.min(tracks[b].0), tracks[a].0.max(tracks[b].0));
            if i == j || declared.contains(&(i, j)) {
                continue;
            }
            let (ti, tj) = if tracks[a].0 == i {
                (&tracks[a].1, &tracks[b].1)
            } else {
                (&tracks[b].1, &tracks[a].1)
            };
            if let Some((si, sj)) = first_crossing(ti, tj) {
                found.push((i, j, si, sj));
            }
        }
    }
    found.sort_unstable();
    found.dedup_by_key(|f| (f.0, f.1));
    let ids: Vec<String> = map.routes.iter().map(|r| r.id()).collect();
    let spaces = |r: usize| map.routes[r].length;
    // Whether the straight lines between the cities (through the waypoints) cross as well:
    // then the cities' places make the crossing, else the drawing's bends do.
    let straight = |i: usize, j: usize| {
        let (Some(a), Some(b)) = (
            super::polyline(map, &map.routes[i]),
            super::polyline(map, &map.routes[j]),
        ) else {
            return false;
        };
        a.windows(2).any(|p| {
            b.windows(2)
                .any(|q| geom::segments_cross(p[0], p[1], q[0], q[1]))
        })
    };
    for (i, j, si, sj) in found {
        let help = if straight(i, j) {
            format!(
                "the straight lines between their cities cross too: add `crosses = [\"{}\"]` if the crossing is real, or `waypoints` to take one track around the other",
                ids[i]
            )
        } else {
            format!(
                "the straight lines between their cities do not cross, the drawn bends do: add or change `waypoints`, or `crosses = [\"{}\"]` if they do cross",
                ids[i]
            )
        };
        cx.report(
            path!["routes", j],
            format!(
                "the track of route `{}` crosses the track of route `{}` on the drawn board (its space {} of {} over space {} of {})",
                ids[j],
                ids[i],
                sj + 1,
                spaces(j),
                si + 1,
                spaces(i)
            ),
            format!("crosses `{}`", ids[i]),
            Some(help),
        );
    }
}
