//! # space-overlap
//!
//! Reports, on the board `ttrmap render` draws (default theme, real scale), train-car spaces
//! of two routes that lie on each other, and routes whose spaces run over the marker of a
//! city they do not end in. Information, shown with `--verbose`.
//!
//! ## Why it matters
//! A space under another cannot be claimed or counted, and a route drawn through a city looks
//! like two routes that stop there. The renderer bends routes apart and around cities where
//! it can; what it reports here is what it could not, on the very layout it draws, usually
//! where the designer's `waypoints` force the line or cities crowd too close for their routes.
//! Fix by changing the route's `waypoints` (or the `shape` that `ttrmap layout --write`
//! kept), removing them so the renderer chooses, or moving a city.
//!
//! ## Example
//! Cities a, b, c on a line; a route a–c with a waypoint on b runs over b's marker and over
//! the spaces of a–b.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "space-overlap",
    default: Level::Info,
    source: include_str!("space_overlap.rs"),
    from_loader: false,
    reads: DRAWN,
    counts: DRAWN_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let drawing = cx.drawing();
    for &(i, j, depth) in &drawing.audit.overlaps {
        let (a, b) = (cx.map.routes[i].id(), cx.map.routes[j].id());
        cx.report(
            path!["routes", j],
            format!("spaces of route `{b}` lie on spaces of route `{a}` on the drawn board ({depth:.1} mm deep)"),
            format!("on `{a}`"),
            Some("change or remove this route's `waypoints`, or move a city".into()),
        );
    }
    for &(r, c) in &drawing.audit.through {
        let (route, city) = (cx.map.routes[r].id(), &cx.map.cities[c].id);
        cx.report(
            path!["routes", r],
            format!("route `{route}` runs over the marker of `{city}`, a city it does not end in"),
            format!("over `{city}`"),
            Some("add or change `waypoints` to take the route around the city".into()),
        );
    }
}
