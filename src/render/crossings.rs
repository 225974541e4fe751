//! Declared crossings (`crosses`): two routes the rules say are drawn across each other
//! (France's track beds, where building one blocks the other). Their spaces may lie on each
//! other where they cross, so neither the routing nor the audit counts that pair as an
//! overlap; the board marks each point where their drawn centre lines meet, so a player sees
//! which routes are tied together.

use super::geom;
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
                if let Some(at) = geom::segments_meet(p[0], p[1], q[0], q[1]) {
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
