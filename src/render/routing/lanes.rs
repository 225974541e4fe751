//! Laying a lane's cars along a line: the cars of a chain, spread over the room between its
//! two markers (a little stretched, ends nearer their markers, wider gaps where there is room
//! to spare; closed gaps and slightly shorter cars where there is too little), and a lane's
//! cars moved beside the route's line.

use super::STRETCH;
use crate::render::curves::Polyline;
use crate::render::geom;
use crate::render::theme::Sizes;
use crate::render::types::{P, Space};

/// How long a chain's cars may grow to fill the room between its markers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stretch {
    /// The most a car may grow, as a fraction of the board's car.
    pub max: f64,
    /// Keep the chain's first (last) end where cars stretched only by the board's usual
    /// [`STRETCH`] would put it, and let the longer cars take the room beyond it instead: a
    /// route whose end cannot come nearer its marker without lying on a neighbour's cars
    /// still closes the gaps in its middle, and reaches its other marker.
    pub hold: [bool; 2],
}

impl Stretch {
    pub fn upto(max: f64) -> Self {
        Stretch {
            max,
            hold: [false; 2],
        }
    }
}

/// The spaces of one lane along `line` between distances `s0` and `s1`: `n` cars of
/// `length`, evenly spaced, stretched within `stretch` to fill the room; shortened only when
/// the board's shrink ([`STRETCH`]) cannot hold them. `reach`: how far the lane's outer
/// corners stand from `line` (half a car's width, plus the lane's offset), for the gaps of a
/// sharply turning line; 0 leaves every gap even.
#[allow(clippy::too_many_arguments)]
pub(super) fn lay_lane(
    line: &Polyline,
    s0: f64,
    s1: f64,
    n: usize,
    ferry: usize,
    mountains: usize,
    end_room: f64,
    stretch: Stretch,
    reach: f64,
    s: &Sizes,
) -> Vec<Space> {
    if n == 0 {
        return Vec::new();
    }
    let avail = (s1 - s0).max(0.0);
    let (nf, l) = (n as f64, s.space_length);
    // `end`: the room before the first car. A held end stays where the usual cars put it
    // (`held`, the same at both ends) and the room beyond it goes to the longer cars, the
    // gaps and the free ends.
    let usual = || chain(avail, n, end_room, STRETCH.min(stretch.max), 2.0, s).2;
    let (length, gap, end) = match stretch.hold {
        [false, false] => chain(avail, n, end_room, stretch.max, 2.0, s),
        [true, true] => {
            let held = usual();
            let (length, gap, e) = chain(avail - 2.0 * held, n, end_room, stretch.max, 0.0, s);
            (length, gap, held + e)
        }
        [first, _] => {
            let held = usual();
            let (length, gap, e) = chain(avail - held, n, end_room, stretch.max, 1.0, s);
            (length, gap, if first { held } else { e })
        }
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

/// A chain of `n` cars in `avail` of room with `ends` (0, 1 or 2) free ends: the cars'
/// length, the gap between them and the room left at a free end (the first, when it is
/// free). Room to spare stretches the cars up to `stretch`, then moves the free ends out
/// towards their markers' reach (`end_room`), then widens the gaps to twice theirs, and what
/// is left spreads evenly between the cars and the free ends. Too little room closes the gaps
/// to half, then shrinks the cars a little, then more (the route is reported short).
fn chain(
    avail: f64,
    n: usize,
    end_room: f64,
    stretch: f64,
    ends: f64,
    s: &Sizes,
) -> (f64, f64, f64) {
    let avail = avail.max(0.0);
    let (nf, l, g) = (n as f64, s.space_length, s.space_gap);
    let need = nf * l + (nf - 1.0) * g;
    if avail >= need {
        let length = l + ((avail - need) / nf).min(l * stretch);
        let mut rest = avail - nf * length - (nf - 1.0) * g;
        let end = if ends > 0.0 {
            (rest / ends).min(end_room)
        } else {
            0.0
        };
        rest -= ends * end;
        let widen = (rest / (nf - 1.0).max(1.0)).min(g);
        let widen = if n > 1 { widen } else { 0.0 };
        rest -= (nf - 1.0) * widen;
        // A lone car between two held ends stands in the middle of what is left.
        if n == 1 && ends == 0.0 {
            return (length, g, rest / 2.0);
        }
        let even = rest / (nf - 1.0 + ends);
        (
            length,
            g + widen + even,
            if ends > 0.0 { end + even } else { 0.0 },
        )
    } else {
        let gap = (g - (need - avail) / (nf - 1.0).max(1.0)).max(g * 0.5);
        let length = ((avail - (nf - 1.0) * gap) / nf).max(l * (1.0 - STRETCH));
        let length = if nf * length + (nf - 1.0) * gap > avail {
            ((avail - (nf - 1.0) * gap) / nf).max(l * 0.25)
        } else {
            length
        };
        let end = ((avail - nf * length - (nf - 1.0) * gap) / ends.max(1.0)).max(0.0);
        (length, gap, end)
    }
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
            let angle = if geom::dist(a, b) > f64::EPSILON {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes() -> Sizes {
        Sizes {
            space_length: 20.0,
            car_stretch: 0.5,
            ..crate::render::routing::repair::tests::sizes()
        }
    }

    /// Two cars in 100 of room with 5 of reach at each end. The usual chain: cars 20 * 1.09
    /// = 21.8, rest 100 - 43.6 - 1 = 55.4, each end out by 5 (45.4 left), the gap widened by
    /// 1 (44.4 left), then 44.4 / 3 = 14.8 to each end and to the gap: the first car starts
    /// at 19.8, the second ends at 80.2, a gap of 16.8 between them.
    fn lay(hold: [bool; 2]) -> Vec<Space> {
        let line = Polyline::new(vec![[0.0, 0.0], [100.0, 0.0]]);
        let max = if hold == [false; 2] { STRETCH } else { 0.5 };
        lay_lane(
            &line,
            0.0,
            100.0,
            2,
            0,
            0,
            5.0,
            Stretch { max, hold },
            0.0,
            &sizes(),
        )
    }

    #[test]
    fn usual_chain_spreads_its_room() {
        let c = lay([false; 2]);
        assert!((c[0].ends[0][0] - 19.8).abs() < 1e-9, "{:?}", c[0].ends);
        assert!((c[1].ends[1][0] - 80.2).abs() < 1e-9, "{:?}", c[1].ends);
    }

    /// Both ends held at 19.8 and 80.2: 60.4 of room, the cars grow by (60.4 - 41) / 2 = 9.7
    /// (within the 10 allowed) to 29.7, and the gap stays 1.
    #[test]
    fn held_ends_give_the_gap_to_longer_cars() {
        let c = lay([true; 2]);
        assert!((c[0].ends[0][0] - 19.8).abs() < 1e-9, "{:?}", c[0].ends);
        assert!((c[1].ends[1][0] - 80.2).abs() < 1e-9, "{:?}", c[1].ends);
        assert!((c[0].length - 29.7).abs() < 1e-9, "{}", c[0].length);
    }

    /// The first end held at 19.8: 80.2 of room beyond it for cars of 30 (61 with the gap),
    /// rest 19.2, the free end out by 5 and the gap widened by 1, 13.2 left split between the
    /// gap and the free end (6.6 each): the last car ends 100 - 5 - 6.6 = 88.4.
    #[test]
    fn one_held_end_lets_the_other_reach_its_marker() {
        let c = lay([true, false]);
        assert!((c[0].ends[0][0] - 19.8).abs() < 1e-9, "{:?}", c[0].ends);
        assert!((c[0].length - 30.0).abs() < 1e-9, "{}", c[0].length);
        assert!((c[1].ends[1][0] - 88.4).abs() < 1e-9, "{:?}", c[1].ends);
        let c = lay([false, true]);
        assert!((c[1].ends[1][0] - 80.2).abs() < 1e-9, "{:?}", c[1].ends);
        assert!((c[0].ends[0][0] - 11.6).abs() < 1e-9, "{:?}", c[0].ends);
    }
}
