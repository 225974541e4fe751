//! City and zone names. A name the map places (`label`, `position`) stays where it is put;
//! every other name gets 56 candidate boxes around its marker (eight compass points, near
//! and up to seven label heights farther out) and the layout picks one per name jointly:
//! first each in turn against what is already placed, then each again against all the
//! others until nothing improves. A candidate costs what it covers (spaces, other markers, other names) and how
//! far it leaves the board; the better-looking anchors win ties. Spaces and markers are in
//! R-trees (`rstar`), gathered once around each name, so a candidate is tested against its
//! neighbours only: the cost of labelling grows with the board, not with its square. A
//! candidate's count stops once it has lost, and a name is chosen again only when a name
//! within its reach moved: the same choice as measuring everything, every pass.

use super::geom::{bounds, circle_depth, penetration, rect_quad};
use super::theme::Sizes;
use super::types::{CityLayout, LabelLayout, P, Rect, RouteLayout, ZoneLayout, text_width};
use crate::model::{LabelAnchor, MapFile};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

/// Anchors tried for a label without one, best-looking first.
const ANCHORS: [LabelAnchor; 8] = [
    LabelAnchor::S,
    LabelAnchor::N,
    LabelAnchor::E,
    LabelAnchor::W,
    LabelAnchor::Se,
    LabelAnchor::Ne,
    LabelAnchor::Sw,
    LabelAnchor::Nw,
];

/// Extra distances from the marker tried, in label sizes.
const REACH: [f64; 7] = [0.0, 0.6, 1.4, 2.4, 3.6, 5.0, 7.0];

const COST_SPACE: f64 = 10.0;
const COST_MARKER: f64 = 20.0;
const COST_LABEL: f64 = 20.0;
const COST_OFF_BOARD: f64 = 30.0;
/// Per rank of the candidate (anchor order, then reach): a gentle preference only.
const COST_RANK: f64 = 0.05;
const PASSES: usize = 4;

fn anchor_dir(a: LabelAnchor) -> P {
    const D: f64 = std::f64::consts::FRAC_1_SQRT_2;
    match a {
        LabelAnchor::N => [0.0, -1.0],
        LabelAnchor::Ne => [D, -D],
        LabelAnchor::E => [1.0, 0.0],
        LabelAnchor::Se => [D, D],
        LabelAnchor::S => [0.0, 1.0],
        LabelAnchor::Sw => [-D, D],
        LabelAnchor::W => [-1.0, 0.0],
        LabelAnchor::Nw => [-D, -D],
        LabelAnchor::Center => [0.0, 0.0],
    }
}

pub fn label_at(
    pos: P,
    radius: f64,
    text: &str,
    size: f64,
    anchor: LabelAnchor,
    offset: P,
    rotate: f64,
) -> LabelLayout {
    let w = text_width(text, size);
    let h = size * 1.2;
    let d = anchor_dir(anchor);
    let gap = radius + size * 0.25;
    let ax = pos[0] + d[0] * gap + offset[0];
    let ay = pos[1] + d[1] * gap + offset[1];
    let (left, text_anchor, x) = if d[0] > 0.1 {
        (ax, "start", ax)
    } else if d[0] < -0.1 {
        (ax - w, "end", ax)
    } else {
        (ax - w / 2.0, "middle", ax)
    };
    let top = if d[1] > 0.1 {
        ay
    } else if d[1] < -0.1 {
        ay - h
    } else {
        ay - h / 2.0
    };
    LabelLayout {
        x,
        // Baseline: Noto Sans capitals rise about 0.72 em above it; this centres them in `h`.
        y: top + h * 0.5 + size * 0.36,
        text_anchor,
        rotate,
        pivot: [ax, ay],
        bbox: Rect {
            x: left,
            y: top,
            w,
            h,
        },
        anchor,
        offset,
    }
}

type Tree = RTree<GeomWithData<Rectangle<P>, usize>>;

fn rect_entry(r: &Rect, k: usize) -> GeomWithData<Rectangle<P>, usize> {
    GeomWithData::new(
        Rectangle::from_corners([r.x, r.y], [r.x + r.w, r.y + r.h]),
        k,
    )
}

fn envelope(r: &Rect) -> AABB<P> {
    AABB::from_corners([r.x, r.y], [r.x + r.w, r.y + r.h])
}

/// What a name must not cover, indexed.
struct Obstacles {
    spaces: Vec<[P; 4]>,
    space_boxes: Vec<[P; 2]>,
    space_tree: Tree,
    markers: Vec<(P, f64)>,
    marker_boxes: Vec<[P; 2]>,
    marker_tree: Tree,
    /// Every placed name's box by slot (cities, then zones); `None` until placed.
    labels: Vec<Option<Rect>>,
    label_tree: Tree,
    board: [f64; 2],
    /// Clearance kept around a name, so that "not covering" has a margin.
    pad: f64,
}

impl Obstacles {
    fn new(
        cities: &[CityLayout],
        routes: &[RouteLayout],
        slots: usize,
        board: [f64; 2],
        pad: f64,
    ) -> Self {
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
            spaces,
            space_boxes,
            space_tree,
            markers,
            marker_boxes,
            marker_tree,
            labels: vec![None; slots],
            label_tree: RTree::new(),
            board,
            pad,
        }
    }

    /// The spaces and markers that may lie under a name placed anywhere in `reach`, with
    /// their boxes: gathered once per name, since neither moves while names are placed.
    fn near(&self, reach: &Rect) -> Near {
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

    /// Lower is better; `own` is the marker of the labelled city (its name may touch it),
    /// `slot` the name's own slot (not an obstacle to itself), `near` what lies around it.
    /// The count stops once the cost reaches `limit` (the candidate has lost): every term is
    /// a whole multiple of ten, so the cheap ones (board edge, names, markers) come first and
    /// the spaces, the many, last.
    fn cost(&self, b: &Rect, own: Option<usize>, slot: usize, near: &Near, limit: f64) -> f64 {
        let g = Rect {
            x: b.x - self.pad,
            y: b.y - self.pad,
            w: b.w + 2.0 * self.pad,
            h: b.h + 2.0 * self.pad,
        };
        let [w, h] = self.board;
        let off = b.x < 0.0 || b.y < 0.0 || b.x + b.w > w || b.y + b.h > h;
        let mut cost = if off { COST_OFF_BOARD } else { 0.0 };
        let env = envelope(&g);
        cost += COST_LABEL
            * self
                .label_tree
                .locate_in_envelope_intersecting(env)
                .filter(|e| e.data != slot)
                .count() as f64;
        if cost >= limit {
            return cost;
        }
        let q = rect_quad(&g);
        // A box apart from the name's cannot be under it (what the index would have said).
        let (lo, hi) = ([g.x, g.y], [g.x + g.w, g.y + g.h]);
        let meets =
            |[a, b]: &[P; 2]| a[0] <= hi[0] && lo[0] <= b[0] && a[1] <= hi[1] && lo[1] <= b[1];
        for &k in &near.markers {
            let k = k as usize;
            if Some(k) != own && meets(&self.marker_boxes[k]) {
                let (p, r) = self.markers[k];
                if circle_depth(p, r, &q) > 0.0 {
                    cost += COST_MARKER;
                    if cost >= limit {
                        return cost;
                    }
                }
            }
        }
        for &k in &near.spaces {
            let k = k as usize;
            if meets(&self.space_boxes[k]) && penetration(&q, &self.spaces[k]) > 0.0 {
                cost += COST_SPACE;
                if cost >= limit {
                    return cost;
                }
            }
        }
        cost
    }

    fn place(&mut self, slot: usize, r: Rect) {
        if let Some(old) = self.labels[slot].take() {
            self.label_tree.remove(&rect_entry(&old, slot));
        }
        self.label_tree.insert(rect_entry(&r, slot));
        self.labels[slot] = Some(r);
    }
}

/// The fixed obstacles around some of a name's candidates: markers and spaces, by index.
struct Near {
    markers: Vec<u32>,
    spaces: Vec<u32>,
}

/// Candidates are gathered in this many groups, `k % GROUPS`: a city's eight anchors, each
/// group one direction out from the marker, so that each list holds what lies that way.
const GROUPS: usize = 8;

/// One name to place: its slot, its own marker, and its candidates (one if the map places it).
struct Name {
    own: Option<usize>,
    cands: Vec<LabelLayout>,
}

/// Places every city name and zone name; returns the zones' layouts.
pub fn place_labels(
    map: &MapFile,
    cities: &mut [CityLayout],
    routes: &[RouteLayout],
    s: &Sizes,
    board: [f64; 2],
    units_per_mm: f64,
) -> Vec<ZoneLayout> {
    let slots = cities.len() + map.zones.len();
    let mut obstacles = Obstacles::new(cities, routes, slots, board, 0.5 * units_per_mm);
    let mut names: Vec<Name> = map
        .cities
        .iter()
        .enumerate()
        .map(|(i, city)| {
            let text = city.display_name();
            let (pos, radius) = (cities[i].pos, cities[i].radius);
            let offset = city
                .label
                .as_ref()
                .and_then(|l| l.offset)
                .unwrap_or([0.0; 2]);
            let rotate = city.label.as_ref().and_then(|l| l.rotate).unwrap_or(0.0);
            let cands = match city.label.as_ref().map(|l| l.anchor) {
                Some(anchor) => vec![label_at(
                    pos,
                    radius,
                    text,
                    s.label_size,
                    anchor,
                    offset,
                    rotate,
                )],
                // Farther out along the anchor's direction: an offset, so that the anchor
                // and offset written back (`ttrmap layout --write`) place it exactly here.
                None => REACH
                    .iter()
                    .flat_map(|reach| {
                        ANCHORS.iter().map(move |&a| {
                            let d = anchor_dir(a);
                            let out = reach * s.label_size;
                            label_at(
                                pos,
                                radius,
                                text,
                                s.label_size,
                                a,
                                [offset[0] + d[0] * out, offset[1] + d[1] * out],
                                rotate,
                            )
                        })
                    })
                    .collect(),
            };
            Name {
                own: Some(i),
                cands,
            }
        })
        .collect();
    let zone_links: Vec<Vec<P>> = map
        .zones
        .iter()
        .map(|z| {
            map.cities
                .iter()
                .filter(|c| c.zone.as_deref() == Some(z.id.as_str()))
                .map(|c| c.position)
                .collect()
        })
        .collect();
    for (z, links) in map.zones.iter().zip(&zone_links) {
        let name = z.display_name();
        let w = text_width(name, s.zone_size);
        let centred = |c: P| {
            let mut l = label_at(
                c,
                0.0,
                name,
                s.zone_size,
                LabelAnchor::Center,
                [0.0; 2],
                0.0,
            );
            l.bbox = Rect {
                x: c[0] - w / 2.0,
                y: c[1] - s.zone_size * 0.6,
                w,
                h: s.zone_size * 1.2,
            };
            l
        };
        let cands = match z.position {
            Some(p) => vec![centred(p)],
            None => zone_candidates(links, s, board)
                .into_iter()
                .map(|c| {
                    let l = label_at(c.0, c.1, name, s.zone_size, c.2, [0.0; 2], 0.0);
                    let b = l.bbox;
                    centred([b.x + b.w / 2.0, b.y + b.h / 2.0])
                })
                .collect(),
        };
        names.push(Name { own: None, cands });
    }
    let choice = choose(&names, &mut obstacles);
    for (i, c) in cities.iter_mut().enumerate() {
        c.label = names[i].cands[choice[i]].clone();
    }
    map.zones
        .iter()
        .enumerate()
        .map(|(index, _)| {
            let slot = cities.len() + index;
            let b = names[slot].cands[choice[slot]].bbox;
            ZoneLayout {
                index,
                pos: [b.x + b.w / 2.0, b.y + b.h / 2.0],
                links: zone_links[index].clone(),
            }
        })
        .collect()
}

/// The boxes of city names that cover a space deeper than `touch`.
pub fn names_on_spaces(cities: &[CityLayout], routes: &[RouteLayout], touch: f64) -> Vec<Rect> {
    let spaces: Vec<[P; 4]> = routes
        .iter()
        .flat_map(|r| &r.lanes)
        .flat_map(|l| &l.spaces)
        .map(super::geom::corners)
        .collect();
    let tree: Tree = RTree::bulk_load(
        spaces
            .iter()
            .enumerate()
            .map(|(k, q)| {
                let [lo, hi] = bounds(q);
                GeomWithData::new(Rectangle::from_corners(lo, hi), k)
            })
            .collect(),
    );
    cities
        .iter()
        .map(|c| c.label.bbox)
        .filter(|b| {
            let q = rect_quad(b);
            tree.locate_in_envelope_intersecting(envelope(b))
                .any(|e| penetration(&q, &spaces[e.data]) > touch)
        })
        .collect()
}

/// Candidate centres for a zone name without a `position`: around its endpoints, the side
/// of the nearest board edge (where an off-board country would be) first.
fn zone_candidates(links: &[P], s: &Sizes, board: [f64; 2]) -> Vec<(P, f64, LabelAnchor)> {
    let [bw, bh] = board;
    if links.is_empty() {
        return vec![([bw / 2.0, s.zone_size * 1.5], 0.0, LabelAnchor::Center)];
    }
    let n = links.len() as f64;
    let c = [
        links.iter().map(|p| p[0]).sum::<f64>() / n,
        links.iter().map(|p| p[1]).sum::<f64>() / n,
    ];
    let edges = [c[0], bw - c[0], c[1], bh - c[1]];
    let towards_edge = match (0..4).min_by(|&a, &b| edges[a].total_cmp(&edges[b])) {
        Some(0) => LabelAnchor::W,
        Some(1) => LabelAnchor::E,
        Some(2) => LabelAnchor::N,
        _ => LabelAnchor::S,
    };
    let base = s.city_radius * 1.5;
    [0.0, 1.5, 3.0]
        .iter()
        .flat_map(|reach| {
            std::iter::once(towards_edge)
                .chain(ANCHORS)
                .map(move |a| (c, base + reach * s.zone_size, a))
        })
        .collect()
}

/// Greedy in map order, then passes re-choosing each name against all the others.
fn choose(names: &[Name], o: &mut Obstacles) -> Vec<usize> {
    // The least cost plus rank, ties to the earlier: costs are never negative, so once the
    // rank alone reaches the best, no later candidate can win and none is measured.
    // `seed`: a candidate already measured (the current choice), which another must beat.
    let pick = |o: &Obstacles, slot: usize, n: &Name, near: &[Near], seed: Option<(f64, usize)>| {
        let mut best = seed;
        for (k, l) in n.cands.iter().enumerate() {
            let rank = COST_RANK * k as f64;
            if best.is_some_and(|b| rank >= b.0) {
                break;
            }
            if seed.is_some_and(|s| s.1 == k) {
                continue;
            }
            // A candidate costing `best - rank` or more cannot win: its count stops there.
            let limit = best.map_or(f64::INFINITY, |b| b.0 - rank);
            let total = o.cost(&l.bbox, n.own, slot, &near[k % near.len()], limit) + rank;
            if best.is_none_or(|b| total < b.0) {
                best = Some((total, k));
            }
        }
        best.unwrap_or((0.0, 0))
    };
    // Where some candidates could go: their boxes with the clearance.
    let reach_of = |cands: &mut dyn Iterator<Item = &LabelLayout>| {
        let corners: Vec<P> = cands.flat_map(|l| rect_quad(&l.bbox)).collect();
        let [lo, hi] = bounds(&corners);
        Rect {
            x: lo[0] - o.pad,
            y: lo[1] - o.pad,
            w: hi[0] - lo[0] + 2.0 * o.pad,
            h: hi[1] - lo[1] + 2.0 * o.pad,
        }
    };
    let reach: Vec<Rect> = names
        .iter()
        .map(|n| reach_of(&mut n.cands.iter()))
        .collect();
    let near: Vec<Vec<Near>> = names
        .iter()
        .map(|n| {
            (0..GROUPS.min(n.cands.len()))
                .map(|g| o.near(&reach_of(&mut n.cands.iter().skip(g).step_by(GROUPS))))
                .collect()
        })
        .collect();
    // A name is chosen again only when a name within its reach moved since it was last
    // chosen; the spaces and markers never move.
    let reaches: Tree = RTree::bulk_load(
        (0..names.len())
            .filter(|&slot| names[slot].cands.len() > 1)
            .map(|slot| rect_entry(&reach[slot], slot))
            .collect(),
    );
    let mut dirty = vec![false; names.len()];
    let moved = |dirty: &mut [bool], slot: usize, b: &Rect| {
        for e in reaches.locate_in_envelope_intersecting(envelope(b)) {
            if e.data != slot {
                dirty[e.data] = true;
            }
        }
    };
    let mut choice = Vec::with_capacity(names.len());
    for (slot, n) in names.iter().enumerate() {
        dirty[slot] = false;
        let (_, k) = pick(o, slot, n, &near[slot], None);
        if let Some(l) = n.cands.get(k) {
            o.place(slot, l.bbox);
            moved(&mut dirty, slot, &l.bbox);
        }
        choice.push(k);
    }
    for _ in 0..PASSES {
        let mut changed = false;
        for (slot, n) in names.iter().enumerate() {
            if n.cands.len() < 2 || !std::mem::take(&mut dirty[slot]) {
                continue;
            }
            let group = &near[slot][choice[slot] % near[slot].len()];
            let now = o.cost(
                &n.cands[choice[slot]].bbox,
                n.own,
                slot,
                group,
                f64::INFINITY,
            );
            if now == 0.0 {
                continue;
            }
            // Seeded with the current choice: only a candidate that beats it can be taken,
            // and one that does is the least of all (ties to the earlier) as before.
            let cur = (now + COST_RANK * choice[slot] as f64, choice[slot]);
            let (best, k) = pick(o, slot, n, &near[slot], Some(cur));
            if k != choice[slot] && best < now + COST_RANK * choice[slot] as f64 - 1e-9 {
                moved(&mut dirty, slot, &n.cands[choice[slot]].bbox);
                moved(&mut dirty, slot, &n.cands[k].bbox);
                choice[slot] = k;
                o.place(slot, n.cands[k].bbox);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    choice
}
