//! # route-drawn-length
//!
//! Compares the length a route is drawn with (straight between the city positions, through its
//! `waypoints`) on the printed board with the room its train spaces need: warns when the
//! drawing is shorter than `min` (default 0.75) × spaces × 20 mm. The print width is
//! `board.print_width_mm`; without it, a board in `mm` is printed at its size and a board in
//! pixels is printed 790 mm along its long side (the official board's size).
//!
//! ## Why it matters
//! The printed board must hold the plastic trains: a wagon is about 20 × 9 mm, so a 6-space
//! route needs about 120 mm of track (positions of imported maps are pixels of board images, so
//! this is approximate); a route drawn much shorter cannot hold its trains.
//!
//! Calibration: measured between city centres, the tightest official routes give a space
//! 0.94 × 20 mm (Europe) and 0.98 × 20 mm (Iberia); most maps' tightest are 1.2–1.6 and their median
//! is 1.7–2.3. South Korea's positions measure about half the others (tightest 0.84, median
//! 1.02), so its image is probably not the whole 790 mm board; the Castilla y León fan map (in
//! mm) has one 2-space route drawn 31 mm (0.77). `min` sits below all of them.
//!
//! ## Example
//! A 6-space route between cities 80 mm apart on the print: 0.67 of the 120 mm it needs.
//!
//! ## Parameters
//! `[lint.params.route-drawn-length] min = 0.75, space_mm = 20`.

use super::polyline;
use super::prelude::*;
use crate::model::Units;

pub const RULE: Rule = Rule {
    id: "route-drawn-length",
    default: Level::Warn,
    source: include_str!("route_drawn_length.rs"),
    from_loader: false,
    check,
};

/// Millimetres on the print per board unit.
pub(crate) fn mm_per_unit(map: &crate::model::MapFile) -> f64 {
    let b = &map.map.board;
    match (b.print_width_mm, b.units) {
        (Some(mm), _) => mm / b.width,
        (None, Units::Mm) => 1.0,
        (None, Units::Px) => 790.0 / b.width.max(b.height),
    }
}

fn check(cx: &mut LintCx) {
    let (min, space_mm) = (cx.param("min", 0.75), cx.param("space_mm", 20.0));
    let scale = mm_per_unit(cx.map);
    for (i, r) in cx.map.routes.iter().enumerate() {
        let Some(points) = polyline(cx.map, r) else {
            continue;
        };
        let drawn: f64 = points
            .windows(2)
            .map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]))
            .sum::<f64>()
            * scale;
        let needed = r.length as f64 * space_mm;
        if needed > 0.0 && drawn < min * needed {
            cx.report(
                path!["routes", i, "length"],
                format!(
                    "route `{}` is drawn {drawn:.0} mm long; {} spaces need about {needed:.0} mm ({:.2})",
                    r.id(),
                    r.length,
                    drawn / needed
                ),
                format!("{:.0} mm drawn", drawn),
                Some("move the cities apart, add waypoints, or shorten the route".into()),
            );
        }
    }
}
