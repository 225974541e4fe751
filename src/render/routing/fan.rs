//! Fanning routes apart at a crowded city: printed boards bring each route into a hub at its
//! own angle, so that the first cars of neighbouring routes sit side by side rather than on
//! each other. Here each city's route ends (a bundle of parallel routes counts once) get an
//! angle of their own, as near the straight line to the other city as the room round the
//! marker allows; a route whose angle moved is offered a bulge leaving at that angle.

use crate::render::geom::fan_angle;
use std::f64::consts::TAU;

/// How far (radians) a route's end may turn from the straight line to its other city: more
/// reads as a route heading somewhere else.
pub(super) const MAX_TURN: f64 = 0.45;

/// Relaxation rounds: each pushes every pair too close apart by half what it lacks.
const ROUNDS: usize = 40;

/// One route end leaving a city: its straight angle and the half-width of its bundle.
pub(super) struct End {
    pub angle: f64,
    pub half: f64,
}

/// The turn (radians, added to each end's angle) that sets ends leaving a city at least far
/// enough apart for their first cars, at `radius` from the city's centre, to sit side by side
/// with `gap` between them. Ends in order of angle push their neighbours; none turns more
/// than [`MAX_TURN`]. Deterministic: the same ends give the same turns.
pub(super) fn turns(ends: &[End], radius: f64, gap: f64) -> Vec<f64> {
    let n = ends.len();
    let mut turn = vec![0.0; n];
    if n < 2 || radius <= 0.0 {
        return turn;
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| ends[a].angle.total_cmp(&ends[b].angle).then(a.cmp(&b)));
    // The angle two ends need between them: their half-widths and the gap, seen from the
    // city's centre at the first car's distance.
    let need = |i: usize, j: usize| fan_angle(ends[i].half, ends[j].half, gap, radius);
    let total: f64 = (0..n).map(|k| need(order[k], order[(k + 1) % n])).sum();
    // Too many to fit round the marker: each keeps its share of the circle.
    let shrink = if total > TAU { TAU / total } else { 1.0 };
    for _ in 0..ROUNDS {
        let mut moved = false;
        for k in 0..n {
            let (i, j) = (order[k], order[(k + 1) % n]);
            let ai = ends[i].angle + turn[i];
            let aj = ends[j].angle + turn[j];
            // The arc from `i` round to the next end `j` (the wrap-round pair included).
            let apart = (aj - ai).rem_euclid(TAU);
            let lack = need(i, j) * shrink - apart;
            if lack > 1e-4 {
                let push = lack / 2.0;
                turn[i] = (turn[i] - push).clamp(-MAX_TURN, MAX_TURN);
                turn[j] = (turn[j] + push).clamp(-MAX_TURN, MAX_TURN);
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    turn
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_far_apart_keep_their_angles() {
        let ends = [
            End {
                angle: 0.0,
                half: 3.0,
            },
            End {
                angle: 2.0,
                half: 3.0,
            },
        ];
        assert_eq!(turns(&ends, 10.0, 1.0), vec![0.0, 0.0]);
    }

    #[test]
    fn two_close_ends_turn_apart_evenly_to_the_angle_they_need() {
        // Half-widths 3 + 3 and a gap of 1 at 10 from the centre need 2·atan(3.5 / 10) =
        // 0.6740 rad between them; at 0.2 apart each turns (0.6740 − 0.2) / 2 = 0.2370 away.
        let ends = [
            End {
                angle: 0.0,
                half: 3.0,
            },
            End {
                angle: 0.2,
                half: 3.0,
            },
        ];
        let t = turns(&ends, 10.0, 1.0);
        assert!((t[0] + 0.2370).abs() < 1e-3, "{t:?}");
        assert!((t[1] - 0.2370).abs() < 1e-3, "{t:?}");
    }

    #[test]
    fn a_turn_never_passes_the_limit() {
        let ends = [
            End {
                angle: 0.0,
                half: 8.0,
            },
            End {
                angle: 0.01,
                half: 8.0,
            },
        ];
        let t = turns(&ends, 5.0, 1.0);
        assert!(t.iter().all(|x| x.abs() <= MAX_TURN + 1e-12), "{t:?}");
    }

    #[test]
    fn ends_either_side_of_the_seam_push_the_short_way() {
        // 6.2 and 0.05 are 0.133 apart across angle zero; they must turn away from each
        // other across the seam, not towards.
        let ends = [
            End {
                angle: 0.05,
                half: 3.0,
            },
            End {
                angle: 6.2,
                half: 3.0,
            },
            End {
                angle: 3.0,
                half: 3.0,
            },
        ];
        let t = turns(&ends, 10.0, 1.0);
        assert!(t[0] > 0.0 && t[1] < 0.0, "{t:?}");
        assert!(t[2].abs() < 1e-9, "{t:?}");
    }
}
