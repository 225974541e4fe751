//! The repair of the route choice: where the choice settled with two routes' spaces still
//! on each other, no one route could move alone without doing worse, but two moving
//! together may: the two in conflict, or one of them with a neighbour (a route whose spaces
//! lie within a car's length of its own) that makes room. For each such pair (those in conflict first),
//! every pair of their shapes is scored against the rest
//! (each shape's cost against the other routes measured once, the two shapes' overlap with
//! each other only for pairs that could still win) and the pair of least cost kept when it
//! is cheaper than theirs now; the choice then goes on from it. Deterministic: pairs in
//! order of their route numbers, ties to the earlier shapes.

use super::{Candidate, Entry, Judge, Lazy, NAME, World, entry, total_cost};
use crate::render::geom::{bounds, penetration_prepared};
use rstar::{AABB, RTree};
use std::collections::BTreeSet;

/// The pairs of routes whose chosen spaces lie on each other (lower route first).
fn pairs_in_conflict(
    w: &World,
    cands: &[Vec<Lazy>],
    tree: &RTree<Entry>,
    chosen: &[usize],
    j: &Judge,
) -> BTreeSet<(usize, usize)> {
    let mut pairs = BTreeSet::new();
    for (r, &k) in chosen.iter().enumerate() {
        if cands[r].is_empty() {
            continue;
        }
        for q in &cands[r][k].get(w, r).quads {
            let [lo, hi] = bounds(&q.q);
            for e in tree.locate_in_envelope_intersecting(AABB::from_corners(lo, hi)) {
                let (o, ref theirs) = e.data;
                let pair = (r.min(o), r.max(o));
                if o != NAME && !j.ignores(r, o) && penetration_prepared(q, theirs) > j.touch {
                    pairs.insert(pair);
                }
            }
        }
    }
    pairs
}

/// Each route of a pair in conflict with the routes whose chosen spaces lie within a car's
/// length of its own: moving a neighbour out of the way may let it get clear. Lower route first, the pairs in
/// conflict left out (they are tried first).
fn pairs_near(
    w: &World,
    cands: &[Vec<Lazy>],
    tree: &RTree<Entry>,
    chosen: &[usize],
    conflicts: &BTreeSet<(usize, usize)>,
) -> BTreeSet<(usize, usize)> {
    let mut pairs = BTreeSet::new();
    let routes: BTreeSet<usize> = conflicts.iter().flat_map(|&(a, b)| [a, b]).collect();
    for r in routes {
        let pts: Vec<_> = cands[r][chosen[r]]
            .get(w, r)
            .quads
            .iter()
            .flat_map(|q| q.q)
            .collect();
        let [lo, hi] = bounds(&pts);
        let pad = w.s.space_length;
        let env = AABB::from_corners([lo[0] - pad, lo[1] - pad], [hi[0] + pad, hi[1] + pad]);
        for e in tree.locate_in_envelope_intersecting(env) {
            let o = e.data.0;
            let pair = (r.min(o), r.max(o));
            if o != r && o != NAME && !conflicts.contains(&pair) {
                pairs.insert(pair);
            }
        }
    }
    pairs
}

/// What two shapes of two routes cost each other (as each one's `total_cost` counts it), the
/// sum stopped once it reaches `limit`.
fn mutual(a: &Candidate, b: &Candidate, j: &Judge, limit: f64) -> f64 {
    let mut cost = 0.0;
    for qa in &a.quads {
        let [alo, ahi] = bounds(&qa.q);
        for qb in &b.quads {
            if cost >= limit {
                return cost;
            }
            let [blo, bhi] = bounds(&qb.q);
            if alo[0] > bhi[0] || blo[0] > ahi[0] || alo[1] > bhi[1] || blo[1] > ahi[1] {
                continue;
            }
            let depth = penetration_prepared(qa, qb);
            if depth > j.touch {
                cost += super::COST_OVERLAP + depth / j.width;
            }
        }
    }
    cost
}

/// Each shape of route `r`, costed against the tree (which holds neither route of the pair):
/// `INFINITY` for a shape that cannot reach below `limit`.
fn costs_alone(
    w: &World,
    cands: &[Lazy],
    r: usize,
    tree: &RTree<Entry>,
    j: &Judge,
    limit: f64,
) -> Vec<f64> {
    cands
        .iter()
        .map(|l| {
            if l.spec.bend() >= limit {
                return f64::INFINITY;
            }
            let c = l.get(w, r);
            if c.own >= limit {
                return f64::INFINITY;
            }
            let t = total_cost(tree, r, c, j, limit);
            if t < limit { t } else { f64::INFINITY }
        })
        .collect()
}

/// Moves pairs of routes in conflict together where that costs less; returns the routes moved
/// with the shape each had before (the tree and `chosen` updated).
pub(super) fn repair_pairs(
    w: &World,
    cands: &[Vec<Lazy>],
    tree: &mut RTree<Entry>,
    chosen: &mut [usize],
    j: &Judge,
) -> Vec<(usize, usize)> {
    let mut moved: Vec<(usize, usize)> = Vec::new();
    let conflicts = pairs_in_conflict(w, cands, tree, chosen, j);
    let near = pairs_near(w, cands, tree, chosen, &conflicts);
    for (a, b) in conflicts.iter().chain(&near).copied() {
        if cands[a].len() < 2 && cands[b].len() < 2 {
            continue;
        }
        // Moved already in this repair: the pair is looked at again on the next round.
        if moved.iter().any(|&(r, _)| r == a || r == b) {
            continue;
        }
        let (ca, cb) = (cands[a][chosen[a]].get(w, a), cands[b][chosen[b]].get(w, b));
        let now =
            total_cost(tree, a, ca, j, f64::INFINITY) + total_cost(tree, b, cb, j, f64::INFINITY);
        for q in &ca.quads {
            tree.remove(&entry(q, a));
        }
        for q in &cb.quads {
            tree.remove(&entry(q, b));
        }
        let alone_b = costs_alone(w, &cands[b], b, tree, j, now);
        let least_b = alone_b.iter().copied().fold(f64::INFINITY, f64::min);
        let alone_a = costs_alone(w, &cands[a], a, tree, j, now - least_b);
        let mut best = (now - 1e-9, chosen[a], chosen[b]);
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
                // Each route's cost counts their overlaps: twice in the sum.
                let both = xa + xb + 2.0 * mutual(sa, cands[b][kb].get(w, b), j, spare / 2.0);
                if both < best.0 {
                    best = (both, ka, kb);
                }
            }
        }
        if (best.1, best.2) != (chosen[a], chosen[b]) {
            moved.extend([(a, chosen[a]), (b, chosen[b])]);
            chosen[a] = best.1;
            chosen[b] = best.2;
        }
        for r in [a, b] {
            for q in &cands[r][chosen[r]].get(w, r).quads {
                tree.insert(entry(q, r));
            }
        }
    }
    moved
}
