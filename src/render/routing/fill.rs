//! Longer cars where a map allows them (`board.car_stretch`): once the routes are chosen
//! with the board's usual cars and the names placed, each route with room to spare is laid
//! again on the same shape with its cars stretched up to the map's allowance, and keeps the
//! longest cars that lie on nothing (no car, name or marker) the usual ones did not. Where
//! the longer cars cannot come nearer one marker (a neighbour's cars converge there), that
//! end stays where it was and the cars grow towards the other marker, or into the gaps
//! between them: a two-car route does not read as two pieces with a car's length between
//! them. No end ever moves farther from its marker. Published boards size each car to its
//! route, so a reproduction of one reads as printed when its routes run from marker to
//! marker; the choice itself never trades an overlap for a filled route.

use super::cost::{Found, Judge, kept_cost};
use super::grid::Grid;
use super::{Candidate, Lazy, STRETCH, Stretch, World, build, loose_cost};
use crate::render::geom;

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
        // Longer cars with the chain's ends moved out towards the markers first; where
        // that lies on something, with one end, then both, where the usual cars have it.
        let tried = |hold: [bool; 2]| {
            steps
                .iter()
                .map(move |&max| build(w, r, lazy.spec, Stretch { max, hold }))
                .take_while(|c| longer(c, usual))
        };
        let Some(long) = tried([false; 2])
            .chain(tried([true, false]))
            .chain(tried([false, true]))
            .chain(tried([true; 2]))
            .find(|c| rest(c) <= rest0 + 1e-9 && on(c) <= on0 + 1e-9 && no_farther(w, r, c, usual))
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

/// Whether every lane end of `long` stands as near its marker as `usual`'s (a hundredth of a
/// millimetre allowed for rounding): longer cars never leave a route's end farther out.
fn no_farther(w: &World, r: usize, long: &Candidate, usual: &Candidate) -> bool {
    let n = &w.needs[r];
    let offs = |c: &Candidate| -> Vec<f64> {
        c.lanes
            .iter()
            .filter_map(|lane| Some((lane.spaces.first()?, lane.spaces.last()?)))
            .flat_map(|(first, last)| [(n.from, first.ends[0]), (n.to, last.ends[1])])
            .filter_map(|(city, p)| Some(geom::dist(w.cities[city?].pos, p)))
            .collect()
    };
    let tol = 0.01 * w.units_per_mm;
    offs(long)
        .iter()
        .zip(offs(usual))
        .all(|(a, b)| *a <= b + tol)
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
