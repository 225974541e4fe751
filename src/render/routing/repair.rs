//! The repair of the route choice: where the choice settled with two routes' spaces still
//! on each other, no one route could move alone without doing worse, but two moving
//! together may: the two in conflict, or one of them with a neighbour (a route whose spaces
//! lie within a car's length of its own) that makes room. For each such pair (those in
//! conflict first), every pair of their shapes is scored against the rest (each shape's
//! cost against the other routes measured once, the two shapes' overlap with each other
//! only for pairs that could still win and whose boxes meet, and counted once, as in the
//! board's total: counted in both routes' costs, it outweighed what the pair lies on
//! elsewhere and let a repair leave the board worse) and the pair of least cost kept when
//! it is cheaper than theirs now; the choice then goes on from it. A route is in
//! many pairs: what its shapes' spaces lie on is found once, as far as a pair needs it, and
//! kept until a space near the route moves; the partner's spaces are left out of the sum
//! rather than out of the index. Deterministic: pairs in order of their route numbers, ties
//! to the earlier shapes.

use super::cost::{Judge, NAME};
use super::grid::{Grid, meets};
use super::{Candidate, Lazy, State, World};
use crate::render::geom::{bounds, penetration_prepared};
use crate::render::types::Rect;

/// The pairs of routes whose chosen spaces lie on each other (lower route first), in order.
fn pairs_in_conflict(
    w: &World,
    cands: &[Vec<Lazy>],
    tree: &Grid,
    chosen: &[usize],
    j: &Judge,
) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for (r, &k) in chosen.iter().enumerate() {
        if cands[r].is_empty() {
            continue;
        }
        for q in &cands[r][k].get(w, r).quads {
            tree.meeting(q.bbox, |it| {
                let o = it.route;
                if o != NAME && !j.ignores(r, o) && penetration_prepared(q, &it.q) > j.touch {
                    pairs.push((r.min(o), r.max(o)));
                }
            });
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// Each route of a pair in conflict with the routes whose chosen spaces lie within a car's
/// length of its own: moving a neighbour out of the way may let it get clear. Lower route
/// first, in order, the pairs in conflict (sorted) left out (they are tried first).
fn pairs_near(
    w: &World,
    cands: &[Vec<Lazy>],
    tree: &Grid,
    chosen: &[usize],
    conflicts: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut routes: Vec<usize> = conflicts.iter().flat_map(|&(a, b)| [a, b]).collect();
    routes.sort_unstable();
    routes.dedup();
    // The last route each one was found near: a route's spaces come one after another.
    let mut seen = vec![usize::MAX; cands.len()];
    for r in routes {
        let pts: Vec<_> = cands[r][chosen[r]]
            .get(w, r)
            .quads
            .iter()
            .flat_map(|q| q.q)
            .collect();
        let [lo, hi] = bounds(&pts);
        let pad = w.s.space_length;
        let area = [[lo[0] - pad, lo[1] - pad], [hi[0] + pad, hi[1] + pad]];
        tree.meeting(area, |it| {
            let o = it.route;
            if o != r && o != NAME && std::mem::replace(&mut seen[o], r) != r {
                pairs.push((r.min(o), r.max(o)));
            }
        });
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs.retain(|p| conflicts.binary_search(p).is_err());
    pairs
}

/// What two shapes of two routes cost each other (as each one's `total_cost` counts it), the
/// sum stopped once it reaches `limit`.
fn mutual(a: &Candidate, b: &Candidate, j: &Judge, limit: f64) -> f64 {
    let mut cost = 0.0;
    if !meets(&a.bbox, &b.bbox) {
        return cost;
    }
    for qa in &a.quads {
        let abox = qa.bbox;
        for qb in &b.quads {
            if cost >= limit {
                return cost;
            }
            if !meets(&abox, &qb.bbox) {
                continue;
            }
            let depth = penetration_prepared(qa, qb);
            if depth > j.touch {
                cost += super::cost::COST_OVERLAP + depth / j.width;
            }
        }
    }
    cost
}

/// Each shape of route `r`, costed against the chosen spaces of the routes but `skip`:
/// `INFINITY` for a shape that cannot reach below `limit`.
#[allow(clippy::too_many_arguments)]
fn costs_alone(
    w: &World,
    cands: &[Vec<Lazy>],
    r: usize,
    st: &mut State,
    j: &Judge,
    skip: usize,
    limit: f64,
) -> Vec<f64> {
    cands[r]
        .iter()
        .enumerate()
        .map(|(k, l)| {
            if l.spec.bend() >= limit {
                return f64::INFINITY;
            }
            let c = l.get(w, r);
            if c.own >= limit {
                return f64::INFINITY;
            }
            let t = st.cost(j, r, k, c, skip, limit);
            if t < limit { t } else { f64::INFINITY }
        })
        .collect()
}

/// What the repair looked at: a pair of routes left as they were stays so until a space
/// within the reach of one of them moves (its cost is a function of those spaces alone), so
/// the next round, and the next choice started from this one, look only at pairs near what
/// moved. Changes are counted on a clock: each route's last change, each pair's last look.
#[derive(Clone)]
pub(super) struct Memo {
    clock: u64,
    changed: Vec<u64>,
    /// By the pair's lower route: the higher one and the clock when the pair was left.
    left: Vec<Vec<(usize, u64)>>,
    /// The names kept clear on the board it was made on.
    names: Vec<Rect>,
}

impl Memo {
    pub fn new(routes: usize, names: &[Rect]) -> Self {
        Memo {
            clock: 1,
            changed: vec![0; routes],
            left: vec![Vec::new(); routes],
            names: names.to_vec(),
        }
    }

    /// This memo for a board that is its own with `added` names kept clear (`names` in
    /// all), if it is that (the caller then marks the routes reaching `added` changed).
    pub fn follow(&self, names: &[Rect], added: &[Rect]) -> Option<Memo> {
        let same = names.len() == self.names.len() + added.len()
            && names[..self.names.len()] == self.names[..]
            && names[self.names.len()..] == *added;
        same.then(|| Memo {
            names: names.to_vec(),
            ..self.clone()
        })
    }

    /// Something moved within route `r`'s reach.
    pub fn changed(&mut self, r: usize) {
        self.changed[r] = self.clock;
    }

    /// Ends one change: what is looked at from now on sees it.
    pub fn tick(&mut self) {
        self.clock += 1;
    }

    /// Whether nothing near `r` moved since the clock read `since`.
    fn still(&self, r: usize, since: u64) -> bool {
        self.changed[r] < since
    }

    /// When the pair `(a, b)` (`a < b`) was last left as it was, if ever.
    fn left_at(&self, a: usize, b: usize) -> Option<u64> {
        self.left[a].iter().find(|x| x.0 == b).map(|x| x.1)
    }

    /// The pair `(a, b)` (`a < b`) is left as it was at `clock`.
    fn leave(&mut self, a: usize, b: usize, clock: u64) {
        match self.left[a].iter_mut().find(|x| x.0 == b) {
            Some(x) => x.1 = clock,
            None => self.left[a].push((b, clock)),
        }
    }
}

/// Moves pairs of routes in conflict together where that costs less; says whether any
/// moved (the index, the choice and the routes to choose again updated).
pub(super) fn repair_pairs(w: &World, cands: &[Vec<Lazy>], st: &mut State, j: &Judge) -> bool {
    let mut moved: Vec<usize> = Vec::new();
    let conflicts = pairs_in_conflict(w, cands, &st.grid, &st.chosen, j);
    let near = pairs_near(w, cands, &st.grid, &st.chosen, &conflicts);
    for (a, b) in conflicts.iter().chain(&near).copied() {
        if cands[a].len() < 2 && cands[b].len() < 2 {
            continue;
        }
        // Moved already in this repair: the pair is looked at again on the next round.
        if moved.iter().any(|&r| r == a || r == b) {
            continue;
        }
        // Left as it was, and nothing near it moved since: it would be left again.
        if let Some(at) = st.memo.left_at(a, b)
            && st.memo.still(a, at)
            && st.memo.still(b, at)
        {
            continue;
        }
        let now_tick = st.memo.clock;
        let (pa, pb) = (st.chosen[a], st.chosen[b]);
        let (ca, cb) = (cands[a][pa].get(w, a), cands[b][pb].get(w, b));
        // What the board pays for the two routes: each against the rest, and their overlaps
        // with each other once (as the passes count them: a move of one route changes the
        // board's total by its own cost, the overlaps with the other counted once).
        let inf = f64::INFINITY;
        let now =
            st.cost(j, a, pa, ca, b, inf) + st.cost(j, b, pb, cb, a, inf) + mutual(ca, cb, j, inf);
        let alone_b = costs_alone(w, cands, b, st, j, a, now);
        let least_b = alone_b.iter().copied().fold(f64::INFINITY, f64::min);
        let alone_a = costs_alone(w, cands, a, st, j, b, now - least_b);
        let mut best = (now - 1e-9, pa, pb);
        for (ka, &xa) in alone_a.iter().enumerate() {
            if xa + least_b >= best.0 {
                continue;
            }
            let sa = cands[a][ka].get(w, a);
            for (kb, &xb) in alone_b.iter().enumerate() {
                let spare = best.0 - xa - xb;
                if spare <= 0.0 {
                    continue;
                }
                let both = xa + xb + mutual(sa, cands[b][kb].get(w, b), j, spare);
                if both < best.0 {
                    best = (both, ka, kb);
                }
            }
        }
        if (best.1, best.2) != (pa, pb) {
            st.replace(w, cands, a, best.1, None);
            st.replace(w, cands, b, best.2, None);
            moved.extend([a, b]);
        } else {
            st.memo.leave(a, b, now_tick);
        }
    }
    !moved.is_empty()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::render::routing::{Spec, grid::Grid};
    use crate::render::theme::Sizes;
    use crate::render::types::P;
    use rstar::RTree;
    use rstar::primitives::{GeomWithData, Rectangle};
    use std::cell::OnceCell;
    use std::collections::BTreeSet;

    /// A drawn shape of one car space per centre (22 × 9, level), of own cost `own`.
    fn drawn(centres: &[P], own: f64) -> Lazy {
        let spaces: Vec<(P, f64)> = centres.iter().map(|&c| (c, 0.0)).collect();
        let c = crate::render::routing::cost::tests::shape(&spaces, own);
        Lazy {
            spec: Spec::Bulge {
                h: 0.0,
                skew: 0.0,
                slide: 0.0,
                bend: own,
            },
            built: OnceCell::from(c),
        }
    }

    /// The sizes of the routing's unit tests: 22 × 9 cars, 1 apart, markers of 5.
    pub(in crate::render::routing) fn sizes() -> Sizes {
        Sizes {
            space_length: 22.0,
            space_width: 9.0,
            space_gap: 1.0,
            space_corner: 1.0,
            lane_gap: 1.0,
            city_radius: 5.0,
            label_size: 4.0,
            zone_size: 4.0,
            legend_size: 4.0,
            title_size: 6.0,
            margin: 5.0,
            car_stretch: 0.09,
        }
    }

    /// Route 0 lies 5 deep on route 1 (its only shape, as route 2 has); its other shape lies
    /// `deep` on route 2 instead, clear of route 1. Returns route 0's shape after one repair.
    fn repaired(deep: f64) -> usize {
        let sizes = sizes();
        let w = World {
            needs: Vec::new(),
            s: &sizes,
            units_per_mm: 1.0,
            cities: &[],
            markers: RTree::new(),
            board: [200.0, 100.0],
            touch: 0.3,
        };
        let cands = vec![
            vec![
                drawn(&[[50.0, 54.0]], 1.0),
                drawn(&[[120.0, 50.0 + 9.0 - deep]], 1.0),
            ],
            vec![drawn(&[[50.0, 50.0]], 1.0)],
            vec![drawn(&[[120.0, 50.0]], 1.0)],
        ];
        let crossing = BTreeSet::new();
        let j = Judge {
            touch: 0.3,
            width: 9.0,
            crossing: &crossing,
        };
        let mut grid = Grid::new(w.board, 22.0);
        for (r, shapes) in cands.iter().enumerate() {
            for (i, q) in shapes[0].get(&w, r).quads.iter().enumerate() {
                grid.insert(q, r, i);
            }
        }
        let everywhere = || Rectangle::from_corners([-50.0, -50.0], [250.0, 150.0]);
        let mut st = State {
            chosen: vec![0; 3],
            grid,
            dirty: vec![false; 3],
            reaches: RTree::bulk_load((0..3).map(|r| GeomWithData::new(everywhere(), r)).collect()),
            found: cands
                .iter()
                .map(|cs| cs.iter().map(|_| None).collect())
                .collect(),
            memo: Memo::new(3, &[]),
        };
        repair_pairs(&w, &cands, &mut st, &j);
        st.chosen[0]
    }

    /// The pair (0, 1) is in conflict and costs 1 + 1 + (40 + 5/9): their one overlap,
    /// counted once as the board's total counts it. Route 0 moving to its other shape costs
    /// 1 + 1 + (40 + deep/9): 6 deep on route 2 is dearer (the pair stays; with the overlap
    /// counted in both routes' costs, 80 + 10/9 now against 40 + 6/9, it would move and leave
    /// the board worse), 3 deep cheaper (it moves).
    #[test]
    fn the_repair_counts_a_pairs_overlap_with_each_other_once() {
        assert_eq!(repaired(6.0), 0);
        assert_eq!(repaired(3.0), 1);
    }
}
