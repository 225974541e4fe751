//! City and zone names. A name the map places (`label`, `position`) stays where it is put;
//! every other name gets 112 candidate boxes around its marker (at five distances, the
//! nearest just clear of the marker, the farthest 1.7 label sizes out: the eight compass
//! points first, then one or three directions between each pair) and the layout picks one per
//! name jointly: first each in turn against what is already placed, then each again against
//! all the others until nothing improves. A candidate costs what it covers (spaces, other
//! markers, other names; a space met only by the name's clearance, a twentieth) and how far it
//! leaves the board; nearer and better-looking candidates win ties. Spaces and markers are in
//! R-trees (`rstar`), gathered once around each name, so a candidate is tested against its
//! neighbours only: the cost of labelling grows with the board, not with its square. A
//! candidate's count stops once it has lost, and a name is chosen again only when a name
//! within its reach moved: the same choice as measuring everything, every pass. Labelling
//! the board again after the routes moved replays what did not change (`label_choice`).

use super::geom::{bounds, penetration, rect_quad};
use super::label_choice::{Earlier, Name, Reuse, choose};
use super::label_obstacles::{Obstacles, Tree, envelope};
use super::theme::Sizes;
use super::types::{CityLayout, LabelLayout, P, Rect, RouteLayout, ZoneLayout, text_width};
use crate::model::{LabelAnchor, MapFile};
use rstar::RTree;
use rstar::primitives::{GeomWithData, Rectangle};

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

/// Extra distances from the marker tried, in label sizes: a name stays within reach of its
/// own marker (within 10 mm of its edge at print scale: the farthest box's edge stands
/// 1.25 + 8.5 mm off a 5 mm name's marker), as on a printed board.
const REACH: [f64; 5] = [0.0, 0.4, 0.9, 1.4, 1.7];

/// At each distance of [`REACH`], the directions tried between two compass points, in
/// sixteenths of a turn clockwise from the first ([`Toward`]): all three nearest the marker
/// and farthest out, the middle one between. Over the 14 boards, names on a space: 48 so
/// (112 candidates), 48 with all three everywhere (160), 62 with all three only nearest, 66
/// with the middle one only.
const TURNS: [&[f64]; 5] = [&[1.0, 0.5, 1.5], &[1.0], &[1.0], &[1.0], &[1.0, 0.5, 1.5]];

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

/// Where a name goes between two compass points: its box slid round the marker clockwise
/// from anchor `a` by `turn` sixteenths of a turn (1 halfway to the next point, then 0.5 and
/// 1.5), its nearest edge as far from the marker as the compass
/// candidates' (routes leave a city at any angle, and the gap between two often lies between
/// compass points). Written as the nearest anchor and an offset, so that `ttrmap layout
/// --write` places it exactly here.
struct Toward {
    pos: P,
    radius: f64,
    /// How much farther out than the nearest candidate.
    out: f64,
    offset: P,
    rotate: f64,
}

impl Toward {
    fn label(&self, text: &str, size: f64, a: LabelAnchor, turn: f64) -> LabelLayout {
        let d = anchor_dir(a);
        let (sin, cos) = (turn * std::f64::consts::PI / 8.0).sin_cos();
        // Clockwise on the page (y grows downwards).
        let d = [d[0] * cos - d[1] * sin, d[0] * sin + d[1] * cos];
        let (w, h) = (text_width(text, size), size * 1.2);
        let gap = self.radius + size * 0.25 + self.out;
        let t = centre_out(d, w / 2.0, h / 2.0, gap);
        let centre = [
            self.pos[0] + self.offset[0] + d[0] * t,
            self.pos[1] + self.offset[1] + d[1] * t,
        ];
        let near = nearest_anchor(d);
        let base = label_at(
            self.pos,
            self.radius,
            text,
            size,
            near,
            [0.0; 2],
            self.rotate,
        );
        let b = base.bbox;
        let shift = [centre[0] - (b.x + b.w / 2.0), centre[1] - (b.y + b.h / 2.0)];
        label_at(self.pos, self.radius, text, size, near, shift, self.rotate)
    }
}

/// How far along the unit direction `d` a box of half-sizes `hw`, `hh` must be centred for
/// its nearest point to stand `gap` from the start. Beside the start on one axis (the box
/// still spans it on the other), the distance is that axis's alone; else both count:
/// (a t - hw)^2 + (b t - hh)^2 = gap^2 with a^2 + b^2 = 1, the larger root.
fn centre_out(d: P, hw: f64, hh: f64, gap: f64) -> f64 {
    let (a, b) = (d[0].abs(), d[1].abs());
    if a > 1e-12 {
        let t = (gap + hw) / a;
        if b * t <= hh {
            return t;
        }
    }
    if b > 1e-12 {
        let t = (gap + hh) / b;
        if a * t <= hw {
            return t;
        }
    }
    let m = a * hw + b * hh;
    m + (m * m - (hw * hw + hh * hh - gap * gap)).max(0.0).sqrt()
}

/// The compass anchor whose direction is nearest `d`.
fn nearest_anchor(d: P) -> LabelAnchor {
    let dot = |a: &LabelAnchor| {
        let e = anchor_dir(*a);
        e[0] * d[0] + e[1] * d[1]
    };
    ANCHORS
        .iter()
        .copied()
        .max_by(|a, b| dot(a).total_cmp(&dot(b)))
        .unwrap_or(LabelAnchor::S)
}

/// A labelling of the board, kept so that labelling it again around moved routes can reuse
/// it: the spaces it kept clear of and what it measured.
#[derive(Default)]
pub struct LabelRun {
    spaces: Vec<[P; 4]>,
    reuse: Reuse,
    /// The cities' names and candidates, in map order.
    cities: Vec<Name>,
}

/// The boxes of the spaces that moved from one labelling to the next, before and after; `None`
/// when the two do not have the same spaces.
fn changed_boxes(before: &[[P; 4]], after: &[[P; 4]]) -> Option<Vec<[P; 2]>> {
    if before.len() != after.len() {
        return None;
    }
    let bits = |q: &[P; 4]| {
        q.as_flattened()
            .iter()
            .map(|x| x.to_bits())
            .collect::<Vec<_>>()
    };
    Some(
        before
            .iter()
            .zip(after)
            .filter(|(a, b)| bits(a) != bits(b))
            .flat_map(|(a, b)| [bounds(a), bounds(b)])
            .collect(),
    )
}

/// Every city's name and its candidates: the one the map places, or those round its
/// marker that stand nearer it than any other marker (all of them where none does). They
/// depend on the markers only, so one labelling's serve the next (see [`LabelRun`]).
fn city_names(map: &MapFile, cities: &[CityLayout], s: &Sizes) -> Vec<Name> {
    let markers: RTree<GeomWithData<[f64; 2], usize>> = RTree::bulk_load(
        cities
            .iter()
            .enumerate()
            .map(|(k, c)| GeomWithData::new(c.pos, k))
            .collect(),
    );
    let widest = cities.iter().map(|c| c.radius).fold(0.0, f64::max);
    map.cities
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
                None => {
                    let all: Vec<LabelLayout> = REACH
                        .iter()
                        .zip(TURNS)
                        .flat_map(|(reach, turns)| {
                            let out = reach * s.label_size;
                            let compass = ANCHORS.iter().map(move |&a| {
                                let d = anchor_dir(a);
                                label_at(
                                    pos,
                                    radius,
                                    text,
                                    s.label_size,
                                    a,
                                    [offset[0] + d[0] * out, offset[1] + d[1] * out],
                                    rotate,
                                )
                            });
                            let between = turns.iter().flat_map(move |&turn| {
                                ANCHORS.iter().map(move |&a| {
                                    let at = Toward {
                                        pos,
                                        radius,
                                        out,
                                        offset,
                                        rotate,
                                    };
                                    at.label(text, s.label_size, a, turn)
                                })
                            });
                            compass.chain(between)
                        })
                        .collect();
                    // A name nearer another city's marker than its own reads as that city's
                    // (only markers within reach of the box can be nearer: those within
                    // reach of any candidate are gathered once).
                    let reach = |b: &Rect| {
                        let mine = rect_gap(b, pos) - radius;
                        (b.w * b.w + b.h * b.h).sqrt() / 2.0 + mine.max(0.0) + widest
                    };
                    let centre = |b: &Rect| [b.x + b.w / 2.0, b.y + b.h / 2.0];
                    let around = all
                        .iter()
                        .map(|l| super::geom::dist(pos, centre(&l.bbox)) + reach(&l.bbox))
                        .fold(0.0, f64::max);
                    let nearby: Vec<usize> = markers
                        .locate_within_distance(pos, around * around)
                        .map(|m| m.data)
                        .filter(|&k| k != i)
                        .collect();
                    let own_first = |l: &LabelLayout| {
                        let b = &l.bbox;
                        let gap = |k: usize| rect_gap(b, cities[k].pos) - cities[k].radius;
                        let mine = gap(i);
                        nearby.iter().all(|&k| gap(k) >= mine)
                    };
                    let mut all = all;
                    if all.iter().any(own_first) {
                        all.retain(own_first);
                    }
                    all
                }
            };
            Name {
                own: Some(i),
                cands,
            }
        })
        .collect()
}

/// Places every city name and zone name; returns the zones' layouts and the labelling, to
/// pass back as `earlier` when the same board is labelled again around moved routes (the
/// same names as from scratch, with less measuring).
#[allow(clippy::too_many_arguments)]
pub fn place_labels(
    map: &MapFile,
    cities: &mut [CityLayout],
    routes: &[RouteLayout],
    s: &Sizes,
    board: [f64; 2],
    units_per_mm: f64,
    mut earlier: Option<LabelRun>,
) -> (Vec<ZoneLayout>, LabelRun) {
    let obstacles = Obstacles::new(cities, routes, board, 0.5 * units_per_mm);
    // The cities' candidates depend on the markers only: an earlier labelling's serve.
    let mut names = match earlier.as_mut().map(|e| std::mem::take(&mut e.cities)) {
        Some(names) if names.len() == cities.len() => names,
        _ => city_names(map, cities, s),
    };
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
    for (zi, (z, links)) in map.zones.iter().zip(&zone_links).enumerate() {
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
            None => {
                let mut cands: Vec<LabelLayout> = zone_candidates(links, s, board)
                    .into_iter()
                    .map(|c| {
                        let l = label_at(c.0, c.1, name, s.zone_size, c.2, [0.0; 2], 0.0);
                        let b = l.bbox;
                        centred([b.x + b.w / 2.0, b.y + b.h / 2.0])
                    })
                    .collect();
                // Among places that cost the name alike, the one whose dashed links cross
                // fewest cars (a stable sort: the nearer, edgeward order breaks ties).
                let quads: Vec<[P; 4]> = obstacles.spaces().collect();
                let drawn = drawn_links(map, zi);
                cands.sort_by_cached_key(|l| {
                    let b = l.bbox;
                    links_across(&quads, [b.x + b.w / 2.0, b.y + b.h / 2.0], &drawn, s)
                });
                cands
            }
        };
        names.push(Name { own: None, cands });
    }
    let spaces: Vec<[P; 4]> = obstacles.spaces().collect();
    let changed = earlier
        .as_ref()
        .and_then(|e| changed_boxes(&e.spaces, &spaces));
    let earlier = earlier.zip(changed.as_deref()).map(|(e, changed)| Earlier {
        reuse: e.reuse,
        changed,
    });
    let (choice, reuse) = choose(&names, &obstacles, earlier);
    for (i, c) in cities.iter_mut().enumerate() {
        c.label = names[i].cands[choice[i]].clone();
    }
    let zones = map
        .zones
        .iter()
        .enumerate()
        .map(|(index, _)| {
            let slot = cities.len() + index;
            let b = names[slot].cands[choice[slot]].bbox;
            ZoneLayout {
                index,
                pos: [b.x + b.w / 2.0, b.y + b.h / 2.0],
                links: drawn_links(map, index),
            }
        })
        .collect();
    names.truncate(cities.len());
    (
        zones,
        LabelRun {
            spaces,
            reuse,
            cities: names,
        },
    )
}

/// The border endpoints a zone's name is joined to by a dashed link: those not already named
/// as the zone is (Switzerland names each of its country markers "France", "Italia"...: a
/// link from one "France" to five others across the board would only cross routes).
fn drawn_links(map: &MapFile, zone: usize) -> Vec<P> {
    let z = &map.zones[zone];
    map.cities
        .iter()
        .filter(|c| c.zone.as_deref() == Some(z.id.as_str()))
        .filter(|c| c.display_name() != z.display_name())
        .map(|c| c.position)
        .collect()
}

/// The distance from `p` to the box `r` (0 inside).
fn rect_gap(r: &Rect, p: P) -> f64 {
    let dx = (r.x - p[0]).max(0.0).max(p[0] - (r.x + r.w));
    let dy = (r.y - p[1]).max(0.0).max(p[1] - (r.y + r.h));
    // Not `hypot`: measured once for each of 112 candidates and every marker near them.
    (dx * dx + dy * dy).sqrt()
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

/// Spaces the dashed links from a zone name at `at` to its border cities cross, each link as
/// drawn (longer than two name heights) and short of its city by a marker and a car, whose own
/// routes' cars every link meets alike.
fn links_across(quads: &[[P; 4]], at: P, links: &[P], s: &Sizes) -> usize {
    let mut n = 0;
    for &p in links {
        let len = super::geom::dist(at, p);
        let short = s.city_radius + s.space_length;
        if len <= s.zone_size * 2.0 || len <= short {
            continue;
        }
        let t = (len - short) / len;
        let end = [at[0] + (p[0] - at[0]) * t, at[1] + (p[1] - at[1]) * t];
        n += quads
            .iter()
            .filter(|q| {
                (0..4).any(|k| super::geom::segments_meet(at, end, q[k], q[(k + 1) % 4]).is_some())
            })
            .count();
    }
    n
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
    // Round the zone's middle first, then round each of its endpoints (a zone whose
    // endpoints lie far apart has routes through its middle), nearest first.
    let mut centres = vec![c];
    centres.extend(links.iter().copied());
    [0.0, 1.5, 3.0, 5.0]
        .iter()
        .flat_map(|reach| {
            centres.clone().into_iter().flat_map(move |c| {
                std::iter::once(towards_edge)
                    .chain(ANCHORS)
                    .map(move |a| (c, base + reach * s.zone_size, a))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::layout::Layout;
    use crate::render::pitch::board_units_per_mm;

    /// A name between two compass points stands as near its marker as the compass ones (the
    /// box's nearest point `radius + size / 4` from the centre, plus the step out), in the
    /// direction asked, and its anchor and offset, written back, put it exactly there.
    #[test]
    fn names_between_compass_points_keep_their_distance_and_write_back() {
        let (pos, radius, size) = ([100.0, 50.0], 5.0, 5.0);
        for out in [0.0, 4.5] {
            for a in ANCHORS {
                for turn in [0.5, 1.0, 1.5] {
                    let at = Toward {
                        pos,
                        radius,
                        out,
                        offset: [0.0; 2],
                        rotate: 0.0,
                    };
                    let l = at.label("Medina del Campo", size, a, turn);
                    let gap = rect_gap(&l.bbox, pos);
                    // 5 + 1.25 (+ 4.5 out).
                    assert!(
                        (gap - (radius + size * 0.25 + out)).abs() < 1e-6,
                        "{a:?} {turn}"
                    );
                    let c = [l.bbox.x + l.bbox.w / 2.0, l.bbox.y + l.bbox.h / 2.0];
                    let want = std::f64::consts::PI / 8.0 * turn;
                    let d = anchor_dir(a);
                    let got = (c[1] - pos[1]).atan2(c[0] - pos[0]) - d[1].atan2(d[0]);
                    let got = got.rem_euclid(std::f64::consts::TAU);
                    assert!((got - want).abs() < 1e-6, "{a:?} {turn}: {got} not {want}");
                    let again = label_at(
                        pos,
                        radius,
                        "Medina del Campo",
                        size,
                        l.anchor,
                        l.offset,
                        0.0,
                    );
                    assert_eq!(again.bbox, l.bbox);
                }
            }
        }
    }

    /// Labelling a board again around moved routes, reusing the labelling before, places
    /// every name where labelling from scratch places it.
    #[test]
    fn labelling_again_reuses_only_what_no_moved_space_reaches() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/europe.toml");
        let loaded = crate::load::load_path(std::path::Path::new(path)).expect("europe");
        let map = loaded.map.expect("model");
        let theme = crate::render::Theme::named(crate::render::DEFAULT_THEME).expect("theme");
        let layout = Layout::compute(&map, &theme.sizes());
        let (s, board) = (layout.sizes, [layout.board_w, layout.board_h]);
        let u = board_units_per_mm(&map.map.board);
        let label = |routes: &[RouteLayout], earlier: Option<LabelRun>| {
            let mut cities = layout.cities.clone();
            let (zones, run) = place_labels(&map, &mut cities, routes, &s, board, u, earlier);
            let boxes: Vec<Rect> = cities.iter().map(|c| c.label.bbox).collect();
            let zones: Vec<P> = zones.iter().map(|z| z.pos).collect();
            (boxes, zones, run)
        };
        let (first, _, run) = label(&layout.routes, None);
        // Every third route's cars moved by four millimetres: names near them must be
        // measured again, the others may reuse what they measured.
        let mut moved = layout.routes.clone();
        for r in moved.iter_mut().step_by(3) {
            for sp in r.lanes.iter_mut().flat_map(|l| &mut l.spaces) {
                sp.center[0] += 4.0 * u;
                sp.center[1] -= 3.0 * u;
            }
        }
        let (fresh, fresh_zones, _) = label(&moved, None);
        let (reused, reused_zones, _) = label(&moved, Some(run));
        assert_ne!(first, fresh, "moving the cars should move some names");
        assert_eq!(fresh, reused);
        assert_eq!(fresh_zones, reused_zones);
    }
}
