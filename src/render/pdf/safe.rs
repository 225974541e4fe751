//! The print shop's safe margin: a band inside the trim where the cut may wander, so nothing
//! that matters (a name, a car, a marker, a zone's name, the score track, the legend, the
//! title) should lie in it. The board is laid out without knowing about a print shop, so this only reports: one
//! plain line per object that reaches into the band, for `render` to print as a warning.

use super::super::Layout;
use super::super::types::{Rect, text_width};
use crate::model::MapFile;

/// The safe margin inside the trim, in mm: what print shops ask for (3 to 5 mm), at its wide
/// end, as a board's edge is cut by hand as often as by machine.
pub const SAFE_MM: f64 = 5.0;

/// A box in board units: min x, min y, max x, max y.
type Bounds = [f64; 4];

fn of_rect(r: Rect) -> Bounds {
    [r.x, r.y, r.x + r.w, r.y + r.h]
}

fn of_points(points: impl IntoIterator<Item = [f64; 2]>) -> Bounds {
    points.into_iter().fold(
        [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ],
        |b, p| {
            [
                b[0].min(p[0]),
                b[1].min(p[1]),
                b[2].max(p[0]),
                b[3].max(p[1]),
            ]
        },
    )
}

/// Each object of the board within [`SAFE_MM`] of the trim (the drawing's edge, `trim` in
/// board units), in words: what it is and how far from the cut it comes.
pub fn outside_safe_area(map: &MapFile, l: &Layout, trim: Rect) -> Vec<String> {
    let u = l.print_units_per_mm;
    let t = of_rect(trim);
    // How far inside the trim a box's nearest side is, in mm.
    let inset = |b: Bounds| {
        (b[0] - t[0])
            .min(b[1] - t[1])
            .min(t[2] - b[2])
            .min(t[3] - b[3])
            / u
    };
    let mut out = Vec::new();
    let mut check = |what: String, b: Bounds| {
        let d = inset(b);
        if d < SAFE_MM {
            let place = if d < 0.0 {
                format!("runs {:.1} mm past the trim", -d)
            } else {
                format!("comes within {d:.1} mm of the trim")
            };
            out.push(format!(
                "{what} {place}, inside the {SAFE_MM} mm safe margin a print shop may cut into"
            ));
        }
    };
    for (c, city) in l.cities.iter().zip(&map.cities) {
        let r = c.radius;
        let name = city.display_name();
        check(
            format!("the marker of city `{name}`"),
            [c.pos[0] - r, c.pos[1] - r, c.pos[0] + r, c.pos[1] + r],
        );
        check(format!("the name of city `{name}`"), of_rect(c.label.bbox));
    }
    for z in &l.zones {
        // The zone's name, centred on its place at the theme's zone size (as svg.rs draws it).
        let name = map.zones[z.index].display_name();
        let (size, half) = (l.sizes.zone_size, text_width(name, l.sizes.zone_size) / 2.0);
        check(
            format!("the name of zone `{name}`"),
            [
                z.pos[0] - half,
                z.pos[1] - 0.75 * size,
                z.pos[0] + half,
                z.pos[1] + 0.35 * size,
            ],
        );
    }
    for r in &l.routes {
        // A route once, by its space nearest the cut.
        let corners = r.lanes.iter().flat_map(|lane| &lane.spaces).flat_map(|s| {
            let (sin, cos) = s.angle.to_radians().sin_cos();
            let (hl, hw) = (s.length / 2.0, s.width / 2.0);
            [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(a, b)| {
                [
                    s.center[0] + a * hl * cos - b * hw * sin,
                    s.center[1] + a * hl * sin + b * hw * cos,
                ]
            })
        });
        let b = of_points(corners);
        if b[0].is_finite() {
            check(format!("a car space of route `{}`", r.id), b);
        }
    }
    if let Some(track) = &l.score_track {
        for (k, cell) in track.cells.iter().enumerate() {
            check(format!("score track cell {k}"), of_rect(*cell));
        }
    }
    check("the legend".into(), of_rect(l.legend.frame));
    check("the title".into(), of_rect(l.title.frame));
    out
}
