//! What a drawn shape costs against the spaces chosen for the other routes (held in a
//! [`Grid`]): a space on another route's space, or on a name the labelling could not place
//! clear. The overlaps of each of a shape's spaces are added in a fixed order (route, then
//! space), not in the order the index returns them, which depends on what was inserted and
//! removed before: the same shapes cost the same, bit for bit, however the index got there,
//! so the cost of a shape found once can be kept and reused.

use super::Candidate;
use super::grid::Grid;
use crate::render::geom::{Prepared, bounds, penetration_prepared};
use smallvec::SmallVec;
use std::collections::BTreeSet;

/// Costs of a candidate; only their order matters. A covered space is far worse than any
/// bend.
pub(super) const COST_OVERLAP: f64 = 40.0;
/// The route number of a name's box in the index of chosen spaces.
pub(super) const NAME: usize = usize::MAX;
/// A space on a name the labelling could not place clear: less than two spaces on each
/// other, more than any bend.
const COST_ON_NAME: f64 = 20.0;

/// What the joint choice reads besides the candidates: overlaps shallower than `touch` do
/// not count, deeper ones cost more per `width`, and the declared crossings (pairs of route
/// indices, lower first) may lie on each other.
pub(super) struct Judge<'a> {
    pub touch: f64,
    pub width: f64,
    pub crossing: &'a BTreeSet<(usize, usize)>,
}

impl Judge<'_> {
    /// Whether route `r`'s spaces may lie on `other`'s: its own, or a declared crossing.
    pub fn ignores(&self, r: usize, other: usize) -> bool {
        other == r || self.crossing.contains(&(r.min(other), r.max(other)))
    }

    /// What one space lying `depth` deep on one of `other`'s costs.
    pub fn term(&self, other: usize, depth: f64) -> f64 {
        if other == NAME {
            COST_ON_NAME
        } else {
            // Deeper is worse, so that a route that cannot get clear gets as clear as it can.
            COST_OVERLAP + depth / self.width
        }
    }
}

/// What one space lies on: (route, space, depth), in order of route and space.
pub(super) type Hits = SmallVec<[(usize, usize, f64); 8]>;

/// The chosen spaces of the routes other than `r` (and the names) that space `q` of route
/// `r` lies on deeper than touching.
pub(super) fn hits(grid: &Grid, r: usize, q: &Prepared, j: &Judge) -> Hits {
    let mut out = Hits::new();
    grid.meeting(bounds(&q.q), |it| {
        if j.ignores(r, it.route) {
            return;
        }
        let depth = penetration_prepared(q, &it.q);
        if depth > j.touch {
            out.push((it.route, it.index, depth));
        }
    });
    if out.len() > 1 {
        // (route, space) is one item's own: the order is total.
        out.sort_unstable_by_key(|h| (h.0, h.1));
    }
    out
}

/// Overlaps of candidate `c` of route `r` with the spaces chosen for the other routes,
/// added to `own`; the sum stops as soon as it reaches `limit` (the candidate has lost).
pub(super) fn total_cost(grid: &Grid, r: usize, c: &Candidate, j: &Judge, limit: f64) -> f64 {
    // Summed apart from `own` and added last, so the total does not depend on where the sum
    // stopped (rounding is monotone: a sum stopped at the limit would have reached it).
    let mut overlaps = 0.0;
    for q in &c.quads {
        if c.own + overlaps >= limit {
            break;
        }
        for &(other, _, depth) in &hits(grid, r, q, j) {
            overlaps += j.term(other, depth);
        }
    }
    c.own + overlaps
}

/// Spaces of another route under the spaces of shape `c` of route `r`.
pub(super) fn overlap_count(grid: &Grid, r: usize, c: &Candidate, j: &Judge) -> usize {
    let mut n = 0;
    for q in &c.quads {
        grid.meeting(bounds(&q.q), |it| {
            if it.route != NAME
                && !j.ignores(r, it.route)
                && penetration_prepared(q, &it.q) > j.touch
            {
                n += 1;
            }
        });
    }
    n
}
