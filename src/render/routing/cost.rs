//! What a drawn shape costs against the spaces chosen for the other routes (held in a
//! [`Grid`]): a space on another route's space, or on a name the labelling could not place
//! clear. The overlaps of each of a shape's spaces are added in a fixed order (route, then
//! space), not in the order the index returns them, which depends on what was inserted and
//! removed before: the same shapes cost the same, bit for bit, however the index got there,
//! so the cost of a shape found once can be kept and reused.

use super::Candidate;
use super::grid::Grid;
use crate::render::geom::{Prepared, penetration_prepared};
use crate::render::types::P;
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
    grid.meeting(q.bbox, |it| {
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

/// What the spaces of one shape lie on, found space by space as far as a sum has needed it:
/// for each space looked at, where its overlaps end in `hits`; each overlap its route and
/// cost; and all of them summed in that order. Kept while nothing moves near the shape.
pub(super) struct Found {
    /// The shape's box: what moves elsewhere does not change what it lies on.
    pub bbox: [P; 2],
    ends: SmallVec<[usize; 6]>,
    hits: SmallVec<[(usize, f64); 6]>,
    /// The costs in `hits` added up in order, as a sum leaving no route out adds them.
    all: f64,
}

impl Found {
    pub fn new(c: &Candidate) -> Self {
        Found {
            bbox: c.bbox,
            ends: SmallVec::with_capacity(c.quads.len()),
            hits: SmallVec::new(),
            all: 0.0,
        }
    }
}

/// Overlaps of candidate `c` of route `r` with the spaces chosen for the other routes but
/// `skip`'s (the route itself to leave out none), added to `own`; once the sum reaches
/// `limit` (the candidate has lost) it stops, and what it returns is only known to be at least
/// `limit`. What `found` holds is reused, what it lacks found and added: below `limit`, the
/// same sum, to the bit, as finding all afresh.
#[allow(clippy::too_many_arguments)]
pub(super) fn kept_cost(
    grid: &Grid,
    j: &Judge,
    r: usize,
    c: &Candidate,
    found: &mut Found,
    skip: usize,
    limit: f64,
) -> f64 {
    // Summed apart from `own` and added last, so the total does not depend on where the sum
    // stopped (rounding is monotone: a sum stopped at the limit would have reached it).
    let mut overlaps = 0.0;
    let mut from = 0;
    // Where nothing found lies on `skip`'s spaces, the sum so far is the one kept: the same
    // additions in the same order (a sum that reached the limit in them is at least the limit).
    if !found.hits.iter().any(|&(o, _)| o == skip) {
        overlaps = found.all;
        from = found.ends.len();
    }
    for (i, q) in c.quads.iter().enumerate().skip(from) {
        if c.own + overlaps >= limit {
            break;
        }
        if i == found.ends.len() {
            let here = hits(grid, r, q, j);
            for &(o, _, depth) in &here {
                let t = j.term(o, depth);
                found.hits.push((o, t));
                found.all += t;
            }
            found.ends.push(found.hits.len());
        }
        let start = if i == 0 { 0 } else { found.ends[i - 1] };
        for &(o, t) in &found.hits[start..found.ends[i]] {
            if o != skip {
                overlaps += t;
            }
        }
    }
    c.own + overlaps
}

/// Spaces of another route under the spaces of shape `c` of route `r`.
pub(super) fn overlap_count(grid: &Grid, r: usize, c: &Candidate, j: &Judge) -> usize {
    let mut n = 0;
    for q in &c.quads {
        grid.meeting(q.bbox, |it| {
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::render::geom::{bounds, quad};

    /// A drawn shape of one car space (22 × 9) per centre and angle, of own cost `own`
    /// (also the repair's tests' shapes).
    pub(in crate::render::routing) fn shape(spaces: &[(P, f64)], own: f64) -> Candidate {
        let quads: Vec<Prepared> = spaces
            .iter()
            .map(|&(c, a)| Prepared::new(&quad(c, a, 22.0, 9.0)))
            .collect();
        let corners: Vec<P> = quads.iter().flat_map(|p| p.q).collect();
        Candidate {
            lanes: Vec::new(),
            quads,
            own,
            bbox: bounds(&corners),
        }
    }

    /// A shape's cost found in steps (a low limit first, then more, another route left out)
    /// is the cost found at once, to the bit, and stops where that stops.
    #[test]
    fn a_kept_cost_is_the_cost_found_afresh() {
        let crossing = BTreeSet::new();
        let j = Judge {
            touch: 0.3,
            width: 9.0,
            crossing: &crossing,
        };
        let mut grid = Grid::new([200.0, 100.0], 22.0);
        // Route 1 crosses route 0's shape twice, route 2 once, and a name sits on it.
        for (k, (c, a)) in [([20.0, 50.0], 90.0), ([61.0, 53.0], 80.0)]
            .into_iter()
            .enumerate()
        {
            grid.insert(&Prepared::new(&quad(c, a, 22.0, 9.0)), 1, k);
        }
        grid.insert(&Prepared::new(&quad([43.0, 47.0], 10.0, 22.0, 9.0)), 2, 0);
        grid.insert(
            &Prepared::new(&quad([80.0, 50.0], 0.0, 10.0, 10.0)),
            NAME,
            0,
        );
        let c = shape(
            &[
                ([20.0, 50.0], 0.0),
                ([42.0, 50.0], 0.0),
                ([64.0, 50.0], 0.0),
                ([86.0, 50.0], 0.0),
            ],
            1.5,
        );
        let fresh =
            |skip: usize, limit: f64| kept_cost(&grid, &j, 0, &c, &mut Found::new(&c), skip, limit);
        let all = fresh(0, f64::INFINITY);
        // Two crossings of route 1, one of route 2, one name: 4 overlaps, 3 of them dearer.
        assert!(all > 1.5 + 3.0 * COST_OVERLAP + COST_ON_NAME, "{all}");
        let mut found = Found::new(&c);
        let low = kept_cost(&grid, &j, 0, &c, &mut found, 0, 30.0);
        assert!(low >= 30.0 && low < all, "{low}");
        assert_eq!(low.to_bits(), fresh(0, 30.0).to_bits());
        assert_eq!(
            kept_cost(&grid, &j, 0, &c, &mut found, 1, f64::INFINITY).to_bits(),
            fresh(1, f64::INFINITY).to_bits()
        );
        assert_eq!(
            kept_cost(&grid, &j, 0, &c, &mut found, 0, f64::INFINITY).to_bits(),
            all.to_bits()
        );
        assert!(fresh(1, f64::INFINITY) < all);
    }
}
