//! # route-drawn-length
//!
//! Reports a route that cannot hold its cars at the map's size on the board `ttrmap render`
//! draws: every car is `board.space_mm` long at real scale (by default the length the map's
//! routes want, read off the distances between their cities), and a route too short for them
//! bends gently (never so much that its cars stop reading as one chain); past that its cars
//! are drawn shorter, and this rule says by how many millimetres the route falls short. It
//! fires when a car is more than `tolerance` (default 0.1) shorter than the board's size. The print scale is
//! `board.print_width_mm`; without it, a board in `mm` is printed at its size and a board in
//! pixels is printed 800 mm along its long side (the published boards' size). Information,
//! shown with `--verbose`, like the other findings on the drawn board: the car size is read
//! off the map, so a route it names has its cities closer than the others' for its length
//! (`ttrmap layout --fit` moves them). A map that must hold real plastic trains sets
//! `board.space_mm` and `[lint] warn = ["route-drawn-length"]`.
//!
//! ## Why it matters
//! The printed board must hold the plastic trains: a train is about 20 × 9 mm, so a 6-space
//! route needs about 140 mm of track between its cities; squeezed cars do not hold the
//! trains, and cars of different sizes mislead players counting a route.
//!
//! ## Example
//! Two cities 24 mm apart on the print joined by a 2-space route, on a board whose cars are
//! 22 mm (`board.space_mm = [22, 9]`): no gentle bend holds two 22 mm cars with room at both
//! cities.
//!
//! ## Parameters
//! `[lint.params.route-drawn-length] tolerance = 0.1`.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "route-drawn-length",
    default: Level::Info,
    source: include_str!("route_drawn_length.rs"),
    from_loader: false,
    reads: DRAWN,
    counts: DRAWN_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let tolerance = cx.param("tolerance", 0.1);
    let drawing = cx.drawing();
    let size = drawing.layout.sizes.space_length / drawing.layout.print_units_per_mm;
    for &(r, shortest, lacking) in &drawing.audit.short {
        if shortest >= size * (1.0 - tolerance) {
            continue;
        }
        let route = &cx.map.routes[r];
        cx.report(
            path!["routes", r, "length"],
            format!(
                "route `{}` cannot hold its {} cars of {size:.0} mm where it is drawn: they are {shortest:.0} mm, {lacking:.0} mm too short",
                route.id(),
                route.length
            ),
            format!("{lacking:.0} mm short"),
            Some("move the cities apart, shorten the route, or set a smaller `board.space_mm`".into()),
        );
    }
}
