//! Laying a lane's cars along a line: the cars of a chain, spread over the room between its
//! two markers (a little stretched, ends nearer their markers, wider gaps where there is room
//! to spare; closed gaps and slightly shorter cars where there is too little), and a lane's
//! cars moved beside the route's line.

use super::STRETCH;
use crate::render::curves::{self, Polyline};
use crate::render::theme::Sizes;
use crate::render::types::{P, Space};

/// The spaces of one lane along `line` between distances `s0` and `s1`: `n` cars of
/// `length`, evenly spaced, stretched by up to `stretch` (a fraction) to fill the room;
/// shortened only when the board's shrink ([`STRETCH`]) cannot hold them. `reach`: how far
/// the lane's outer corners stand from `line` (half a car's width, plus the lane's offset),
/// for the gaps of a sharply turning line; 0 leaves every gap even.
#[allow(clippy::too_many_arguments)]
pub(super) fn lay_lane(
    line: &Polyline,
    s0: f64,
    s1: f64,
    n: usize,
    ferry: usize,
    mountains: usize,
    end_room: f64,
    stretch: f64,
    reach: f64,
    s: &Sizes,
) -> Vec<Space> {
    if n == 0 {
        return Vec::new();
    }
    let avail = (s1 - s0).max(0.0);
    let (nf, l, g) = (n as f64, s.space_length, s.space_gap);
    let need = nf * l + (nf - 1.0) * g;
    // Room to spare stretches the cars a little, then moves both ends out towards their
    // markers' reach (`end_room`), then widens the gaps to twice theirs, and what is left
    // spreads evenly between the cars and the two ends. Too little room closes the gaps to
    // half, then shrinks the cars a little, then more (the route is reported short).
    let (length, gap, end) = if avail >= need {
        let length = l + ((avail - need) / nf).min(l * stretch);
        let mut rest = avail - nf * length - (nf - 1.0) * g;
        let end = (rest / 2.0).min(end_room);
        rest -= 2.0 * end;
        let widen = (rest / (nf - 1.0).max(1.0)).min(g);
        let widen = if n > 1 { widen } else { 0.0 };
        rest -= (nf - 1.0) * widen;
        let even = rest / (nf + 1.0);
        (length, g + widen + even, end + even)
    } else {
        let gap = (g - (need - avail) / (nf - 1.0).max(1.0)).max(g * 0.5);
        let length = ((avail - (nf - 1.0) * gap) / nf).max(l * (1.0 - STRETCH));
        let length = if nf * length + (nf - 1.0) * gap > avail {
            ((avail - (nf - 1.0) * gap) / nf).max(l * 0.25)
        } else {
            length
        };
        let end = ((avail - nf * length - (nf - 1.0) * gap) / 2.0).max(0.0);
        (length, gap, end)
    };
    // Two cars turned from each other by θ meet at their inner corners unless the gap
    // between them is at least 2 tan(θ/2) times the corner's distance from the line
    // (`reach`: half the car's width, plus the lane's offset on a double): those gaps widen,
    // the room taken from the two ends and then from the cars, down to the board's shrink.
    let mut gaps = vec![gap; n - 1];
    let (mut length, mut end) = (length, end);
    for _ in 0..if reach > 0.0 { 2 } else { 0 } {
        let cars = place(line, s0 + end, length, &gaps);
        let need: Vec<f64> = cars
            .windows(2)
            .zip(&gaps)
            .map(|(p, &g)| {
                let t = (p[1].1 - p[0].1)
                    .abs()
                    .min(std::f64::consts::TAU - (p[1].1 - p[0].1).abs());
                g.max(2.0 * reach * (t / 2.0).tan() + 0.05 * s.space_width)
            })
            .collect();
        if need.iter().zip(&gaps).all(|(a, b)| a <= b) {
            break;
        }
        gaps = need;
        let chain = |len: f64, gs: &[f64]| nf * len + gs.iter().sum::<f64>();
        end = ((avail - chain(length, &gaps)) / 2.0).max(0.0);
        if chain(length, &gaps) > avail {
            let total: f64 = gaps.iter().sum();
            let floor = (l * (1.0 - STRETCH)).min(length);
            length = ((avail - total) / nf).max(floor).min(length);
        }
    }
    place(line, s0 + end, length, &gaps)
        .into_iter()
        .enumerate()
        .map(|(i, ((a, b), angle))| Space {
            center: [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0],
            angle: angle.to_degrees(),
            // The chord of a car on a bend is a hair shorter than its arc; the drawn car
            // keeps its laid length.
            length,
            width: s.space_width,
            ferry: i < ferry,
            mountain: i >= ferry && i < ferry + mountains,
            ends: [a, b],
        })
        .collect()
}

/// The cars of a chain starting `start` along `line`, each `length` long with `gaps`
/// between them: each car's two ends and its direction (radians).
fn place(line: &Polyline, start: f64, length: f64, gaps: &[f64]) -> Vec<((P, P), f64)> {
    let mut from = start;
    (0..=gaps.len())
        .map(|i| {
            let mid = from + length / 2.0;
            from += length + gaps.get(i).copied().unwrap_or(0.0);
            let (a, _) = line.at(mid - length / 2.0);
            let (b, _) = line.at(mid + length / 2.0);
            let angle = if curves::dist(a, b) > f64::EPSILON {
                (b[1] - a[1]).atan2(b[0] - a[0])
            } else {
                let (_, d) = line.at(mid);
                d[1].atan2(d[0])
            };
            ((a, b), angle)
        })
        .collect()
}

/// A space moved `d` to the left of its direction of travel (SVG coordinates, y down).
pub(super) fn beside(sp: &Space, d: f64) -> Space {
    if d == 0.0 {
        return *sp;
    }
    let (sin, cos) = sp.angle.to_radians().sin_cos();
    let m = |p: P| [p[0] + sin * d, p[1] - cos * d];
    Space {
        center: m(sp.center),
        ends: [m(sp.ends[0]), m(sp.ends[1])],
        ..*sp
    }
}
