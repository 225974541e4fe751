//! Longer cars where a map allows them (`board.car_stretch`): once the routes are chosen
//! with the board's usual cars and the names placed, each route with room to spare is laid
//! again on the same shape with its cars stretched up to the map's allowance, and keeps the
//! longest cars that lie on nothing (no car, name or marker) the usual ones did not. Published boards size each car to its
//! route, so a reproduction of one reads as printed when its routes run from marker to
//! marker; the choice itself never trades an overlap for a filled route.

use super::cost::{Found, Judge, kept_cost};
use super::grid::Grid;
use super::{Candidate, Lazy, STRETCH, World, build, loose_cost};

/// The routes (index and stretched shape) that keep longer cars than their `chosen` shapes
/// have, route by route in order, each against the routes before it as they ended up in
/// `grid` (every chosen space and every name's box), which takes the longer cars.
pub(super) fn fill(
    w: &World,
    cands: &[Vec<Lazy>],
    chosen: &[usize],
    grid: &mut Grid,
    j: &Judge,
) -> Vec<(usize, Candidate)> {
    let mut out = Vec::new();
    // From the map's allowance down towards the usual stretch: the longest cars that lie on
    // nothing new.
    let steps = [1.0, 0.75, 0.5, 0.25].map(|f| STRETCH + (w.s.car_stretch - STRETCH) * f);
    for r in 0..cands.len() {
        let Some(lazy) = cands[r].get(chosen[r]) else {
            continue;
        };
        let usual = lazy.get(w, r);
        // Nothing new crossed (a city, the board's edge, a broken lane): its own cost but
        // for the ends nearer their markers is no higher; and no space of another route or
        // a name under it that the usual cars were not on.
        let rest = |c: &Candidate| c.own - loose_cost(c, &w.needs[r], w);
        let on =
            |c: &Candidate| kept_cost(grid, j, r, c, &mut Found::new(c), r, f64::INFINITY) - c.own;
        let (rest0, on0) = (rest(usual), on(usual));
        let Some(long) = steps
            .iter()
            .map(|&k| build(w, r, lazy.spec, k))
            .take_while(|c| longer(c, usual))
            .find(|c| rest(c) <= rest0 + 1e-9 && on(c) <= on0 + 1e-9)
        else {
            continue;
        };
        for (i, q) in usual.quads.iter().enumerate() {
            grid.remove(q, r, i);
        }
        for (i, q) in long.quads.iter().enumerate() {
            grid.insert(q, r, i);
        }
        out.push((r, long));
    }
    out
}

/// Whether any car of `long` is longer than its counterpart in `usual`.
fn longer(long: &Candidate, usual: &Candidate) -> bool {
    long.lanes.iter().zip(&usual.lanes).any(|(a, b)| {
        a.spaces
            .iter()
            .zip(&b.spaces)
            .any(|(x, y)| x.length > y.length * (1.0 + 1e-9))
    })
}
