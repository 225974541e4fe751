//! The repair of the route choice: where the choice settled with two routes' spaces still
//! on each other, no one route could move alone without doing worse, but two moving
//! together may: the two in conflict, or one of them with a neighbour (a route whose spaces
//! lie within a car's length of its own) that makes room. For each such pair (those in
//! conflict first), every pair of their shapes is scored against the rest (each shape's
//! cost against the other routes measured once, the two shapes' overlap with each other
//! only for pairs that could still win and whose boxes meet) and the pair of least cost
//! kept when it is cheaper than theirs now; the choice then goes on from it. A route is in
//! many pairs: what its shapes' spaces lie on is found once, as far as a pair needs it, and
//! kept until a space near the route moves; the partner's spaces are left out of the sum
//! rather than out of the index. Deterministic: pairs in order of their route numbers, ties
//! to the earlier shapes.

use super::cost::{Judge, NAME, hits};
use super::grid::{Grid, meets};
use super::{Candidate, Lazy, World, replace};
use crate::render::geom::{bounds, penetration_prepared};
use crate::render::types::P;
use std::collections::{BTreeSet, HashMap};

/// The pairs of routes whose chosen spaces lie on each other (lower route first).
fn pairs_in_conflict(
    w: &World,
    cands: &[Vec<Lazy>],
    tree: &Grid,
    chosen: &[usize],
    j: &Judge,
) -> BTreeSet<(usize, usize)> {
    let mut pairs = BTreeSet::new();
    for (r, &k) in chosen.iter().enumerate() {
        if cands[r].is_empty() {
            continue;
        }
        for q in &cands[r][k].get(w, r).quads {
            tree.meeting(bounds(&q.q), |it| {
                let o = it.route;
                if o != NAME && !j.ignores(r, o) && penetration_prepared(q, &it.q) > j.touch {
                    pairs.insert((r.min(o), r.max(o)));
                }
            });
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
    tree: &Grid,
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
        let area = [[lo[0] - pad, lo[1] - pad], [hi[0] + pad, hi[1] + pad]];
        tree.meeting(area, |it| {
            let o = it.route;
            let pair = (r.min(o), r.max(o));
            if o != r && o != NAME && !conflicts.contains(&pair) {
                pairs.insert(pair);
            }
        });
    }
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
        let abox = bounds(&qa.q);
        for qb in &b.quads {
            if cost >= limit {
                return cost;
            }
            if !meets(&abox, &bounds(&qb.q)) {
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

/// What the spaces of one shape lie on, found space by space as far as a sum has needed:
/// for each space found, where its overlaps end in `hits`; each overlap its route and cost.
#[derive(Default)]
struct Found {
    ends: Vec<usize>,
    hits: Vec<(usize, f64)>,
}

/// What a route's shapes lie on, kept while no space within `bbox` (around every shape
/// asked) moves.
struct Kept {
    bbox: [P; 2],
    shapes: Vec<Found>,
}

/// The cost of shape `c` of route `r` against the chosen spaces of the other routes but
/// `skip`'s: `total_cost` with `skip` out of the index, stopped at `limit` as it stops.
fn alone(
    tree: &Grid,
    j: &Judge,
    r: usize,
    c: &Candidate,
    found: &mut Found,
    skip: usize,
    limit: f64,
) -> f64 {
    let mut overlaps = 0.0;
    for (i, q) in c.quads.iter().enumerate() {
        if c.own + overlaps >= limit {
            break;
        }
        if i == found.ends.len() {
            let found_here = hits(tree, r, q, j);
            found.hits.extend(
                found_here
                    .iter()
                    .map(|&(o, _, depth)| (o, j.term(o, depth))),
            );
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

/// Each shape of route `r`, costed against the chosen spaces of the routes but `skip`:
/// `INFINITY` for a shape that cannot reach below `limit`.
#[allow(clippy::too_many_arguments)]
fn costs_alone(
    w: &World,
    cands: &[Lazy],
    r: usize,
    tree: &Grid,
    j: &Judge,
    kept: &mut Kept,
    skip: usize,
    limit: f64,
) -> Vec<f64> {
    cands
        .iter()
        .zip(&mut kept.shapes)
        .map(|(l, found)| {
            if l.spec.bend() >= limit {
                return f64::INFINITY;
            }
            let c = l.get(w, r);
            if c.own >= limit {
                return f64::INFINITY;
            }
            kept.bbox = bounds(&[kept.bbox[0], kept.bbox[1], c.bbox[0], c.bbox[1]]);
            let t = alone(tree, j, r, c, found, skip, limit);
            if t < limit { t } else { f64::INFINITY }
        })
        .collect()
}

/// Moves pairs of routes in conflict together where that costs less; returns the routes moved
/// with the shape each had before (the tree and `chosen` updated).
pub(super) fn repair_pairs(
    w: &World,
    cands: &[Vec<Lazy>],
    tree: &mut Grid,
    chosen: &mut [usize],
    j: &Judge,
) -> Vec<(usize, usize)> {
    let mut moved: Vec<(usize, usize)> = Vec::new();
    let conflicts = pairs_in_conflict(w, cands, tree, chosen, j);
    let near = pairs_near(w, cands, tree, chosen, &conflicts);
    let mut kept: HashMap<usize, Kept> = HashMap::new();
    for (a, b) in conflicts.iter().chain(&near).copied() {
        if cands[a].len() < 2 && cands[b].len() < 2 {
            continue;
        }
        // Moved already in this repair: the pair is looked at again on the next round.
        if moved.iter().any(|&(r, _)| r == a || r == b) {
            continue;
        }
        for r in [a, b] {
            kept.entry(r).or_insert_with(|| Kept {
                bbox: bounds(&[]),
                shapes: cands[r].iter().map(|_| Found::default()).collect(),
            });
        }
        let [kept_a, kept_b] = kept.get_disjoint_mut([&a, &b]).map(|k| k.expect("kept"));
        let (ca, cb) = (cands[a][chosen[a]].get(w, a), cands[b][chosen[b]].get(w, b));
        for (k, c) in [(&mut *kept_a, ca), (&mut *kept_b, cb)] {
            k.bbox = bounds(&[k.bbox[0], k.bbox[1], c.bbox[0], c.bbox[1]]);
        }
        // Each route's own spaces are not in its sum: skipping them leaves out nothing.
        let inf = f64::INFINITY;
        let now = alone(tree, j, a, ca, &mut kept_a.shapes[chosen[a]], a, inf)
            + alone(tree, j, b, cb, &mut kept_b.shapes[chosen[b]], b, inf);
        let alone_b = costs_alone(w, &cands[b], b, tree, j, kept_b, a, now);
        let least_b = alone_b.iter().copied().fold(f64::INFINITY, f64::min);
        let alone_a = costs_alone(w, &cands[a], a, tree, j, kept_a, b, now - least_b);
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
            let mut boxes = Vec::with_capacity(4);
            for (r, to) in [(a, best.1), (b, best.2)] {
                boxes.extend([chosen[r], to].map(|k| cands[r][k].get(w, r).bbox));
                replace(w, cands, tree, r, chosen[r], to);
                moved.push((r, chosen[r]));
                chosen[r] = to;
            }
            // What any route near the moved spaces lies on has changed.
            kept.retain(|_, k| !boxes.iter().any(|b| meets(&k.bbox, b)));
        }
    }
    moved
}
