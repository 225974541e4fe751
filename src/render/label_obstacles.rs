//! What a city or zone name must not cover, indexed for the labelling (`labels`): the
//! train-car spaces and city markers in R-trees (`rstar`). A candidate box is costed against
//! its neighbours only.

use super::geom::{Prepared, bounds, circle_depth, penetration_prepared, rect_quad};
use super::types::{CityLayout, P, Rect, RouteLayout};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

const COST_SPACE: f64 = 10.0;
/// A space met by the clearance round a name and at most a touch (0.3 mm) of the name: a
/// little, so that a name beside its marker that grazes a car beats one wedged farther out
/// (0.5 is ten steps of candidate rank). Over the 14 boards, names on a space: 61 at 2, 51
/// at 1, 48 at 0.5 (a graze costing as a cover: 76).
const COST_GRAZE: f64 = 0.5;
/// A name's clearance is 0.5 mm (`pad`); a touch, 0.3 mm more.
const GRAZE: f64 = 1.6;
const COST_MARKER: f64 = 20.0;
const COST_OFF_BOARD: f64 = 30.0;

pub type Tree = RTree<GeomWithData<Rectangle<P>, usize>>;

pub fn rect_entry(r: &Rect, k: usize) -> GeomWithData<Rectangle<P>, usize> {
    GeomWithData::new(
        Rectangle::from_corners([r.x, r.y], [r.x + r.w, r.y + r.h]),
        k,
    )
}

pub fn envelope(r: &Rect) -> AABB<P> {
    AABB::from_corners([r.x, r.y], [r.x + r.w, r.y + r.h])
}

/// What a name must not cover, indexed.
pub struct Obstacles {
    space_boxes: Vec<[P; 2]>,
    space_tree: Tree,
    markers: Vec<(P, f64)>,
    marker_boxes: Vec<[P; 2]>,
    marker_tree: Tree,
    /// The spaces (their corners, in route and lane order), made ready for overlap tests.
    prepared: Vec<Prepared>,
    board: [f64; 2],
    /// Clearance kept around a name, so that "not covering" has a margin.
    pub pad: f64,
}

impl Obstacles {
    pub fn new(cities: &[CityLayout], routes: &[RouteLayout], board: [f64; 2], pad: f64) -> Self {
        let spaces: Vec<[P; 4]> = routes
            .iter()
            .flat_map(|r| &r.lanes)
            .flat_map(|l| &l.spaces)
            .map(super::geom::corners)
            .collect();
        let space_boxes: Vec<[P; 2]> = spaces.iter().map(|q| bounds(q)).collect();
        let markers: Vec<(P, f64)> = cities.iter().map(|c| (c.pos, c.radius)).collect();
        let marker_boxes: Vec<[P; 2]> = markers
            .iter()
            .map(|(p, r)| [[p[0] - r, p[1] - r], [p[0] + r, p[1] + r]])
            .collect();
        let tree = |boxes: &[[P; 2]]| -> Tree {
            RTree::bulk_load(
                boxes
                    .iter()
                    .enumerate()
                    .map(|(k, [lo, hi])| GeomWithData::new(Rectangle::from_corners(*lo, *hi), k))
                    .collect(),
            )
        };
        let (space_tree, marker_tree) = (tree(&space_boxes), tree(&marker_boxes));
        Obstacles {
            prepared: spaces.iter().map(Prepared::new).collect(),
            space_boxes,
            space_tree,
            markers,
            marker_boxes,
            marker_tree,
            board,
            pad,
        }
    }

    /// The spaces and markers that may lie under a name placed anywhere in `reach`, with
    /// their boxes: gathered once per name, since neither moves while names are placed.
    pub fn near(&self, reach: &Rect) -> Near {
        let env = envelope(reach);
        let found = |t: &Tree| -> Vec<u32> {
            t.locate_in_envelope_intersecting(env)
                .map(|e| e.data as u32)
                .collect()
        };
        Near {
            markers: found(&self.marker_tree),
            spaces: found(&self.space_tree),
        }
    }

    /// The padded box of a name: what must be clear.
    pub fn padded(&self, b: &Rect) -> Rect {
        Rect {
            x: b.x - self.pad,
            y: b.y - self.pad,
            w: b.w + 2.0 * self.pad,
            h: b.h + 2.0 * self.pad,
        }
    }

    /// What the fixed obstacles cost a name at `b`: the board's edge, markers (but `own`, the
    /// marker of the labelled city, which its name may touch) and spaces, from `near`. Lower
    /// is better. The count stops once the cost reaches `limit` (the candidate has lost):
    /// every term is a whole multiple of ten, so the cheap ones come first and the spaces,
    /// the many, last.
    pub fn fixed_cost(&self, b: &Rect, own: Option<usize>, near: &Near, limit: f64) -> f64 {
        let g = self.padded(b);
        let [w, h] = self.board;
        let off = b.x < 0.0 || b.y < 0.0 || b.x + b.w > w || b.y + b.h > h;
        let mut cost = if off { COST_OFF_BOARD } else { 0.0 };
        if cost >= limit {
            return cost;
        }
        let q = Prepared::new(&rect_quad(&g));
        // A box apart from the name's cannot be under it (what the index would have said).
        let (lo, hi) = ([g.x, g.y], [g.x + g.w, g.y + g.h]);
        let meets =
            |[a, b]: &[P; 2]| a[0] <= hi[0] && lo[0] <= b[0] && a[1] <= hi[1] && lo[1] <= b[1];
        for &k in &near.markers {
            let k = k as usize;
            if Some(k) != own && meets(&self.marker_boxes[k]) {
                let (p, r) = self.markers[k];
                if circle_depth(p, r, &q.q) > 0.0 {
                    cost += COST_MARKER;
                    if cost >= limit {
                        return cost;
                    }
                }
            }
        }
        for &k in &near.spaces {
            let k = k as usize;
            if !meets(&self.space_boxes[k]) {
                continue;
            }
            let depth = penetration_prepared(&q, &self.prepared[k]);
            if depth > 0.0 {
                // Into the clearance only (the name itself no deeper than a touch): a
                // graze, which the eye does not read as covering.
                cost += if depth > GRAZE * self.pad {
                    COST_SPACE
                } else {
                    COST_GRAZE
                };
                if cost >= limit {
                    return cost;
                }
            }
        }
        cost
    }

    /// The corners of every space, in route and lane order.
    pub fn spaces(&self) -> impl Iterator<Item = [P; 4]> + '_ {
        self.prepared.iter().map(|p| p.q)
    }
}

/// The fixed obstacles around some of a name's candidates: markers and spaces, by index.
#[derive(Default)]
pub struct Near {
    markers: Vec<u32>,
    spaces: Vec<u32>,
}
