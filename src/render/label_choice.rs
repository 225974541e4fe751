//! The joint choice of where each name goes (see `labels`): greedy in map order, then
//! passes re-choosing each name against all the others until nothing improves. A name is
//! chosen again only when a name within its reach moved since it last chose.
//!
//! A candidate's cost is what the other names cost it, which changes as names move, plus
//! what the fixed obstacles (spaces, markers, the board's edge) cost it, which does not: that
//! part is measured once per candidate and remembered ([`Known`]), exactly or as far as a
//! count got before the candidate lost, so that a later pass only counts further when the
//! bound no longer settles it. The layout labels the board again after each round of
//! re-routing around names, and a round moves few routes: what a candidate remembers is
//! kept unless a space within its name's reach was added or removed. The choice is the same
//! as measuring everything, every pass.

use super::geom::{bounds, rect_quad};
use super::label_obstacles::{Near, Obstacles, Tree, envelope, rect_entry};
use super::types::{LabelLayout, P, Rect};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};
use std::cell::{Cell, OnceCell};

/// Per rank of the candidate (anchor order, then reach): a gentle preference only.
const COST_RANK: f64 = 0.05;
const PASSES: usize = 4;
/// Candidates are gathered in this many groups, `k % GROUPS`: a city's eight anchors, each
/// group one direction out from the marker, so that each list holds what lies that way.
const GROUPS: usize = 8;
/// A pass step that moved nothing.
const STAY: u32 = u32::MAX;
/// Per other name under a candidate.
const COST_LABEL: f64 = 20.0;

/// One name to place: its own marker, and its candidates (one if the map places it).
pub struct Name {
    pub own: Option<usize>,
    pub cands: Vec<LabelLayout>,
}

/// What a candidate's fixed obstacles cost, as far as measured: exactly, or at least
/// `value` (a count stopped where the candidate lost).
#[derive(Debug, Clone, Copy, Default)]
pub struct Known {
    value: f64,
    exact: bool,
}

/// What each name's candidates are known to cost, by name and candidate.
pub type Memo = Vec<Vec<Cell<Known>>>;

/// What an earlier labelling of the same names measured, and the boxes of the spaces added
/// or removed since.
pub struct Earlier<'a> {
    pub reuse: Reuse,
    pub changed: &'a [[P; 2]],
}

/// What a labelling measured that the next one may reuse: what each candidate is known to
/// cost, the fixed obstacles gathered around each name (spaces keep their numbers from one
/// routing to the next: a route always has as many), and the candidates' boxes.
#[derive(Default)]
pub struct Reuse {
    memo: Memo,
    near: Vec<OnceCell<Vec<Near>>>,
    cands: CandTree,
}

/// Every candidate's box with the clearance (of names with a choice to make), by name and
/// candidate number in [`Memo`] order: what a placed name is on.
#[derive(Default)]
pub struct CandTree {
    tree: RTree<GeomWithData<Rectangle<P>, (usize, usize)>>,
}

impl CandTree {
    fn new(names: &[Name], o: &Obstacles) -> Self {
        let mut boxes = Vec::new();
        for (slot, n) in names.iter().enumerate().filter(|(_, n)| n.cands.len() > 1) {
            for (k, l) in n.cands.iter().enumerate() {
                let g = o.padded(&l.bbox);
                let (lo, hi) = ([g.x, g.y], [g.x + g.w, g.y + g.h]);
                boxes.push(GeomWithData::new(
                    Rectangle::from_corners(lo, hi),
                    (slot, k),
                ));
            }
        }
        CandTree {
            tree: RTree::bulk_load(boxes),
        }
    }
}

/// Where some candidates could go: their boxes with the clearance.
fn reach_of<'a>(pad: f64, cands: impl Iterator<Item = &'a LabelLayout>) -> Rect {
    let corners: Vec<P> = cands.flat_map(|l| rect_quad(&l.bbox)).collect();
    let [lo, hi] = bounds(&corners);
    Rect {
        x: lo[0] - pad,
        y: lo[1] - pad,
        w: hi[0] - lo[0] + 2.0 * pad,
        h: hi[1] - lo[1] + 2.0 * pad,
    }
}

struct Chooser<'a> {
    names: &'a [Name],
    /// The fixed obstacles around each name's candidate groups, gathered when first needed.
    near: Vec<OnceCell<Vec<Near>>>,
    /// Each name's reach (of names with a choice to make), indexed.
    reaches: Tree,
    known: Memo,
    cands: CandTree,
    /// How many other names placed so far each candidate is on, kept as names move.
    under: Vec<Vec<Cell<u32>>>,
}

impl Chooser<'_> {
    fn near(&self, o: &Obstacles, slot: usize) -> &[Near] {
        self.near[slot].get_or_init(|| {
            let n = &self.names[slot];
            (0..GROUPS.min(n.cands.len()))
                .map(|g| o.near(&reach_of(o.pad, n.cands.iter().skip(g).step_by(GROUPS))))
                .collect()
        })
    }

    /// Candidate `k`'s cost, exact below `limit`; at or above it, the candidate has lost.
    fn cost(&self, o: &Obstacles, slot: usize, k: usize, limit: f64) -> f64 {
        let cell = &self.known[slot][k];
        let known = cell.get();
        if known.value >= limit {
            return known.value;
        }
        let n = &self.names[slot];
        let b = &n.cands[k].bbox;
        let names = COST_LABEL * f64::from(self.under[slot][k].get());
        if names >= limit {
            return names;
        }
        let need = limit - names;
        if known.exact || known.value >= need {
            return names + known.value;
        }
        let near = self.near(o, slot);
        let value = o.fixed_cost(b, n.own, &near[k % near.len()], need);
        cell.set(Known {
            value,
            exact: value < need,
        });
        names + value
    }

    /// The least cost plus rank, ties to the earlier: costs are never negative, so once the
    /// rank alone reaches the best, no later candidate can win and none is measured.
    /// `seed`: a candidate already measured (the current choice), which another must beat.
    fn pick(&self, o: &Obstacles, slot: usize, seed: Option<(f64, usize)>) -> (f64, usize) {
        let n = &self.names[slot];
        let mut best = seed;
        for k in 0..n.cands.len() {
            let rank = COST_RANK * k as f64;
            if best.is_some_and(|b| rank >= b.0) {
                break;
            }
            if seed.is_some_and(|s| s.1 == k) {
                continue;
            }
            // A candidate costing `best - rank` or more cannot win: its count stops there.
            let limit = best.map_or(f64::INFINITY, |b| b.0 - rank);
            let total = self.cost(o, slot, k, limit) + rank;
            if best.is_none_or(|b| total < b.0) {
                best = Some((total, k));
            }
        }
        best.unwrap_or((0.0, 0))
    }

    /// A pass's step for a name at candidate `cur`: the candidate it moves to, or [`STAY`].
    fn repick(&self, o: &Obstacles, slot: usize, cur: usize) -> u32 {
        let now = self.cost(o, slot, cur, f64::INFINITY);
        if now == 0.0 {
            return STAY;
        }
        // Seeded with the current choice: only a candidate that beats it can be taken,
        // and one that does is the least of all (ties to the earlier) as before.
        let seed = (now + COST_RANK * cur as f64, cur);
        let (best, k) = self.pick(o, slot, Some(seed));
        if k != cur && best < seed.0 - 1e-9 {
            k as u32
        } else {
            STAY
        }
    }

    /// Name `slot` moves from `from` (if it was placed) to `to`: the candidates of the
    /// other names under either count it.
    fn place(&self, slot: usize, from: Option<&Rect>, to: &Rect) {
        let count = |b: &Rect, up: bool| {
            for e in self.cands.tree.locate_in_envelope_intersecting(envelope(b)) {
                let (other, k) = e.data;
                if other != slot {
                    let c = &self.under[other][k];
                    c.set(if up { c.get() + 1 } else { c.get() - 1 });
                }
            }
        };
        if let Some(b) = from {
            count(b, false);
        }
        count(to, true);
    }

    /// Flags every name (with a choice) whose reach meets `b`, but `slot`.
    fn mark(&self, flags: &mut [bool], slot: usize, b: &Rect) {
        for e in self.reaches.locate_in_envelope_intersecting(envelope(b)) {
            if e.data != slot {
                flags[e.data] = true;
            }
        }
    }
}

/// Every name's candidate, and what was measured on the way; with `earlier`, what it
/// measured is reused where nothing changed.
pub fn choose(names: &[Name], o: &Obstacles, earlier: Option<Earlier>) -> (Vec<usize>, Reuse) {
    let reaches: Tree = RTree::bulk_load(
        (0..names.len())
            .filter(|&slot| names[slot].cands.len() > 1)
            .map(|slot| rect_entry(&reach_of(o.pad, names[slot].cands.iter()), slot))
            .collect(),
    );
    let fresh = |slot: usize| vec![Cell::new(Known::default()); names[slot].cands.len()];
    let Reuse {
        memo: known,
        near,
        cands,
    } = match earlier {
        None => Reuse {
            memo: (0..names.len()).map(fresh).collect(),
            near: (0..names.len()).map(|_| OnceCell::new()).collect(),
            cands: CandTree::new(names, o),
        },
        Some(Earlier {
            reuse:
                Reuse {
                    mut memo,
                    mut near,
                    cands,
                },
            changed,
        }) => {
            for b in changed {
                let env = AABB::from_corners(b[0], b[1]);
                for e in reaches.locate_in_envelope_intersecting(env) {
                    memo[e.data] = fresh(e.data);
                    near[e.data] = OnceCell::new();
                }
            }
            Reuse { memo, near, cands }
        }
    };
    let c = Chooser {
        names,
        near,
        reaches,
        known,
        cands,
        under: names
            .iter()
            .map(|n| vec![Cell::new(0); n.cands.len()])
            .collect(),
    };
    let box_of = |slot: usize, k: usize| names[slot].cands[k].bbox;
    // A name is chosen again only when a name within its reach moved since it was last
    // chosen; the spaces and markers never move.
    let mut dirty = vec![false; names.len()];
    let mut choice = Vec::with_capacity(names.len());
    for (slot, n) in names.iter().enumerate() {
        dirty[slot] = false;
        // One candidate is the choice, whatever it covers.
        let k = if n.cands.len() < 2 {
            0
        } else {
            c.pick(o, slot, None).1
        };
        if n.cands.get(k).is_some() {
            c.place(slot, None, &box_of(slot, k));
            c.mark(&mut dirty, slot, &box_of(slot, k));
        }
        choice.push(k);
    }
    for _ in 0..PASSES {
        let mut changed = false;
        for (slot, n) in names.iter().enumerate() {
            if n.cands.len() < 2 || !std::mem::take(&mut dirty[slot]) {
                continue;
            }
            let cur = choice[slot];
            let to = c.repick(o, slot, cur);
            if to != STAY {
                let k = to as usize;
                c.mark(&mut dirty, slot, &box_of(slot, cur));
                c.mark(&mut dirty, slot, &box_of(slot, k));
                choice[slot] = k;
                c.place(slot, Some(&box_of(slot, cur)), &box_of(slot, k));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let reuse = Reuse {
        memo: c.known,
        near: c.near,
        cands: c.cands,
    };
    (choice, reuse)
}
