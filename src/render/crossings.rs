//! Declared crossings (`crosses`): two routes the rules say are drawn across each other
//! (France's track beds, where building one blocks the other). Their spaces may lie on each
//! other where they cross, so neither the routing nor the audit counts that pair as an
//! overlap; the board marks each point where their drawn centre lines meet, so a player sees
//! which routes are tied together.

use super::types::{P, RouteLayout};
use crate::model::MapFile;
use std::collections::BTreeSet;

/// Pairs of `map.routes` indices (lower first) that either route names in `crosses`.
pub fn declared_pairs(map: &MapFile) -> BTreeSet<(usize, usize)> {
    let ids: Vec<String> = map.routes.iter().map(|r| r.id()).collect();
    let mut pairs = BTreeSet::new();
    for (i, r) in map.routes.iter().enumerate() {
        for other in &r.crosses {
            if let Some(j) = ids.iter().position(|id| id == other)
                && j != i
            {
                pairs.insert((i.min(j), i.max(j)));
            }
        }
    }
    pairs
}

/// A point where two routes declared as crossing meet on the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crossing {
    /// `map.routes` indices, lower first.
    pub routes: (usize, usize),
    pub at: P,
}

/// Every point where the drawn centre lines of a declared pair meet. A pair whose lines do
/// not meet on the drawing (a designer's `waypoints` took them apart) gets no mark.
pub fn find(pairs: &BTreeSet<(usize, usize)>, routes: &[RouteLayout]) -> Vec<Crossing> {
    let by_index = |i: usize| routes.iter().find(|r| r.index == i);
    let mut out = Vec::new();
    for &(i, j) in pairs {
        let (Some(a), Some(b)) = (by_index(i), by_index(j)) else {
            continue;
        };
        for p in a.centre.windows(2) {
            for q in b.centre.windows(2) {
                if let Some(at) = intersection(p[0], p[1], q[0], q[1]) {
                    // Flattened curves can meet twice within a hair; one mark per meeting.
                    let near = |c: &Crossing| {
                        c.routes == (i, j) && (c.at[0] - at[0]).hypot(c.at[1] - at[1]) < 1e-6
                    };
                    if !out.iter().any(near) {
                        out.push(Crossing { routes: (i, j), at });
                    }
                }
            }
        }
    }
    out
}

/// Where segments p1–p2 and q1–q2 cross, strictly inside both.
pub(super) fn intersection(p1: P, p2: P, q1: P, q2: P) -> Option<P> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonals_of_a_square_meet_in_its_middle() {
        let at = intersection([0.0, 0.0], [10.0, 10.0], [0.0, 10.0], [10.0, 0.0]);
        assert_eq!(at, Some([5.0, 5.0]));
        // Parallel and disjoint segments do not meet.
        assert_eq!(
            intersection([0.0, 0.0], [10.0, 0.0], [0.0, 1.0], [10.0, 1.0]),
            None
        );
        assert_eq!(
            intersection([0.0, 0.0], [4.0, 4.0], [0.0, 10.0], [10.0, 0.0]),
            None
        );
    }
}
