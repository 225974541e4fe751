//! What a printed board must get right, measured on the drawn geometry of all 14 shipped maps:
//! no two spaces of different routes overlapping, no route through a city it does not end
//! in, no city name on a space, on another marker or off the board, no route wholly hidden,
//! and every car the same length.
//!
//! The geometry here (oriented rectangles, separating axes) is written independently of the
//! renderer's and the lints' own, so that a mistake in one is not repeated in its check.

use std::path::Path;
use ttrmap::model::MapFile;
use ttrmap::render::layout::{Layout, Rect, Space};
use ttrmap::render::{Options, layout};

/// Overlaps shallower than this (millimetres on the print) are touching, not covering.
const TOUCH_MM: f64 = 0.3;

/// The routes the `route-drawn-length` lint names (as `check` reports them), by id: a route
/// that cannot hold its cars at the map's size is answered by that finding, and its cars are
/// counted apart from the cars off size that nothing reports.
fn named_short(loaded: &ttrmap::load::Loaded) -> Vec<String> {
    ttrmap::lint::run(loaded)
        .iter()
        .filter(|d| d.code == "route-drawn-length")
        .filter_map(|d| Some(d.message.split('`').nth(1)?.to_string()))
        .collect()
}

fn shipped() -> Vec<(String, MapFile, Vec<String>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("maps/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let loaded = ttrmap::load::load_path(&p).expect("readable");
            assert!(!loaded.has_errors(), "{}", p.display());
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let short = named_short(&loaded);
            (name, loaded.map.expect("model"), short)
        })
        .collect()
}

type V = [f64; 2];

/// The four corners of a space.
fn corners(s: &Space) -> [V; 4] {
    let (sin, cos) = s.angle.to_radians().sin_cos();
    let (hl, hw) = (s.length / 2.0, s.width / 2.0);
    [[-hl, -hw], [hl, -hw], [hl, hw], [-hl, hw]].map(|[x, y]| {
        [
            s.center[0] + x * cos - y * sin,
            s.center[1] + x * sin + y * cos,
        ]
    })
}

fn rect_corners(r: &Rect) -> [V; 4] {
    [
        [r.x, r.y],
        [r.x + r.w, r.y],
        [r.x + r.w, r.y + r.h],
        [r.x, r.y + r.h],
    ]
}

/// Depth of overlap of two convex quadrilaterals (separating axis theorem): the smallest
/// projection overlap over all edge normals; negative when apart.
fn penetration(a: &[V; 4], b: &[V; 4]) -> f64 {
    let mut depth = f64::INFINITY;
    for poly in [a, b] {
        for k in 0..4 {
            let (p, q) = (poly[k], poly[(k + 1) % 4]);
            let n = [q[1] - p[1], p[0] - q[0]];
            let len = n[0].hypot(n[1]);
            if len < 1e-12 {
                continue;
            }
            let n = [n[0] / len, n[1] / len];
            let proj = |pts: &[V; 4]| {
                pts.iter()
                    .map(|v| v[0] * n[0] + v[1] * n[1])
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
                        (lo.min(x), hi.max(x))
                    })
            };
            let (a0, a1) = proj(a);
            let (b0, b1) = proj(b);
            depth = depth.min(a1.min(b1) - a0.max(b0));
        }
    }
    depth
}

/// How far a circle reaches into a quadrilateral: radius less the distance from its centre
/// to the shape (the centre inside counts as the full radius plus its depth).
fn circle_depth(c: V, r: f64, q: &[V; 4]) -> f64 {
    let inside = (0..4).all(|k| {
        let (p, n) = (q[k], q[(k + 1) % 4]);
        (n[0] - p[0]) * (c[1] - p[1]) - (n[1] - p[1]) * (c[0] - p[0]) >= 0.0
    }) || (0..4).all(|k| {
        let (p, n) = (q[k], q[(k + 1) % 4]);
        (n[0] - p[0]) * (c[1] - p[1]) - (n[1] - p[1]) * (c[0] - p[0]) <= 0.0
    });
    if inside {
        return r;
    }
    let d = (0..4)
        .map(|k| seg_dist(c, q[k], q[(k + 1) % 4]))
        .fold(f64::INFINITY, f64::min);
    r - d
}

fn seg_dist(c: V, a: V, b: V) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let l2 = dx * dx + dy * dy;
    let t = if l2 < 1e-12 {
        0.0
    } else {
        (((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / l2).clamp(0.0, 1.0)
    };
    (c[0] - a[0] - t * dx).hypot(c[1] - a[1] - t * dy)
}

#[derive(Debug, Default)]
struct Counts {
    overlapping_pairs: usize,
    hidden_routes: usize,
    through_city: usize,
    label_on_space: usize,
    label_on_marker: usize,
    label_off_board: usize,
    car_off_size: usize,
    /// Routes with cars off size that `route-drawn-length` names.
    named_short: usize,
    car_min_mm: f64,
    car_max_mm: f64,
    examples: Vec<String>,
}

fn measure(map: &MapFile, l: &Layout, short: &[String]) -> Counts {
    let mm = l.print_units_per_mm;
    let touch = TOUCH_MM * mm;
    let mut c = Counts {
        car_min_mm: f64::INFINITY,
        ..Counts::default()
    };
    // (route, corners)
    let spaces: Vec<(usize, [V; 4], &Space)> = l
        .routes
        .iter()
        .enumerate()
        .flat_map(|(ri, r)| {
            r.lanes
                .iter()
                .flat_map(|lane| &lane.spaces)
                .map(move |s| (ri, corners(s), s))
        })
        .collect();
    // Routes that the map says cross (`crosses`, either side) lie on each other by design.
    let ids: Vec<String> = map.routes.iter().map(|r| r.id()).collect();
    let declared = |a: usize, b: usize| {
        let (ra, rb) = (
            &map.routes[l.routes[a].index],
            &map.routes[l.routes[b].index],
        );
        ra.crosses.contains(&ids[l.routes[b].index]) || rb.crosses.contains(&ids[l.routes[a].index])
    };
    let mut covered = vec![0usize; spaces.len()];
    let mut pairs = std::collections::BTreeSet::new();
    for i in 0..spaces.len() {
        for j in i + 1..spaces.len() {
            let (ri, rj) = (spaces[i].0, spaces[j].0);
            if ri == rj || declared(ri, rj) {
                continue;
            }
            if penetration(&spaces[i].1, &spaces[j].1) > touch {
                covered[i] += 1;
                covered[j] += 1;
                if pairs.insert((ri.min(rj), ri.max(rj))) && c.examples.len() < 6 {
                    c.examples
                        .push(format!("{} over {}", l.routes[ri].id, l.routes[rj].id));
                }
            }
        }
    }
    c.overlapping_pairs = pairs.len();
    for (ri, r) in l.routes.iter().enumerate() {
        let mine: Vec<usize> = (0..spaces.len()).filter(|&k| spaces[k].0 == ri).collect();
        if !mine.is_empty() && mine.iter().all(|&k| covered[k] > 0) {
            c.hidden_routes += 1;
            c.examples.push(format!("{} hidden", r.id));
        }
        let route = &map.routes[r.index];
        for (ci, city) in map.cities.iter().enumerate() {
            if city.id == route.from || city.id == route.to {
                continue;
            }
            let m = &l.cities[ci];
            if spaces
                .iter()
                .filter(|s| s.0 == ri)
                .any(|s| circle_depth(m.pos, m.radius, &s.1) > touch)
            {
                c.through_city += 1;
                c.examples.push(format!("{} through {}", r.id, city.id));
            }
        }
    }
    for (ci, city) in l.cities.iter().enumerate() {
        let b = &city.label.bbox;
        let bc = rect_corners(b);
        if spaces.iter().any(|s| penetration(&bc, &s.1) > touch) {
            c.label_on_space += 1;
            c.examples
                .push(format!("label {} on a space", map.cities[ci].id));
        }
        if l.cities
            .iter()
            .enumerate()
            .any(|(k, m)| k != ci && circle_depth(m.pos, m.radius, &bc) > touch)
        {
            c.label_on_marker += 1;
            c.examples
                .push(format!("label {} on a marker", map.cities[ci].id));
        }
        if b.x < -touch
            || b.y < -touch
            || b.x + b.w > l.board_w + touch
            || b.y + b.h > l.board_h + touch
        {
            c.label_off_board += 1;
            c.examples
                .push(format!("label {} off the board", map.cities[ci].id));
        }
    }
    let size = l.sizes.space_length / mm;
    let mut named = std::collections::BTreeSet::new();
    for (ri, _, s) in &spaces {
        let len = s.length / mm;
        c.car_min_mm = c.car_min_mm.min(len);
        c.car_max_mm = c.car_max_mm.max(len);
        if (len - size).abs() > size * 0.1 {
            if short.contains(&l.routes[*ri].id) {
                if named.insert(*ri) {
                    c.examples.push(format!(
                        "{} too short, named by route-drawn-length",
                        l.routes[*ri].id
                    ));
                }
            } else {
                c.car_off_size += 1;
            }
        }
    }
    c.named_short = named.len();
    c
}

/// Upper bounds, summed over the 14 maps: overlapping pairs, hidden routes, routes through
/// a city, labels on a space, labels on a marker, labels off the board, cars off the map's
/// size by more than a tenth on routes no lint names, and routes that cannot hold their cars
/// which `route-drawn-length` names. The goal is zero everywhere but the last, and it is
/// reached: what is left is the accepted answer for a route too short where it is drawn,
/// South Korea's Namwon–Jinju (five cars between cities too close for them, reported by that
/// lint). These hold what is reached so that nothing slips back.
///
/// Some of it rests on hand placements (route shapes, name anchors) that the map generators
/// in `tools/` write where the automatic layout could not clear a conflict: South Korea's
/// Daegu–Changwon (which leaves Changwon–Jinju its direct line); Castilla's Medina del Campo
/// and Medina de Rioseco names, and Tordesillas' name west of its marker, clear once
/// Valladolid–Medina de Rioseco is bowed between its cities instead of looping round
/// Tordesillas (with Toro–Tordesillas kept below the name and Tordesillas–Valladolid bowed
/// south-east). South Korea's Chungju–Andong over Yeongju–Uljin, Changwon–Jinju and
/// Tongyeong–Busan are cleared by the route repair itself, which weighs a pair's overlaps with
/// each other once, as the board's total does.
///
/// Before the board layout (straight routes, cars stretched to fill them, scale fitted to
/// each map on screen): 601 overlapping pairs, 136 hidden routes, 4 routes through a city,
/// 229 labels on a space, 0 on a marker, 0 off the board, 1,900 of 3,600-odd cars off the
/// drawn size by more than a tenth (3.8 to 52.8 mm at print scale).
const BOUNDS: [usize; 8] = [0, 0, 0, 0, 0, 0, 0, 1];

#[test]
fn shipped_boards_have_nothing_on_top_of_anything() {
    let mut report = String::new();
    let mut sums = [0usize; 8];
    for (name, map, short) in shipped() {
        let l = layout(&map, &Options::default()).expect("layout");
        let c = measure(&map, &l, &short);
        let got = [
            c.overlapping_pairs,
            c.hidden_routes,
            c.through_city,
            c.label_on_space,
            c.label_on_marker,
            c.label_off_board,
            c.car_off_size,
            c.named_short,
        ];
        report.push_str(&format!(
            "{name:18} overlap {:3} hidden {:2} through {:2} label-space {:2} label-marker {:2} \
             label-off {:2} cars-off {:3} named-short {:2} car {:.1}-{:.1} mm  {:?}\n",
            got[0],
            got[1],
            got[2],
            got[3],
            got[4],
            got[5],
            got[6],
            got[7],
            c.car_min_mm,
            c.car_max_mm,
            c.examples.iter().take(4).collect::<Vec<_>>()
        ));
        for (s, g) in sums.iter_mut().zip(got) {
            *s += g;
        }
    }
    eprintln!("{report}totals {sums:?}");
    assert!(
        sums.iter().zip(BOUNDS).all(|(s, b)| *s <= b),
        "totals {sums:?} over {BOUNDS:?} (overlapping pairs, hidden routes, routes through a \
         city, labels on a space, on a marker, off the board, cars off size, routes named \
         short)\n{report}"
    );
}
