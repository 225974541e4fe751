//! # route-slack
//!
//! Reports a route whose cities stand farther apart than its cars fill on the board
//! `ttrmap render` draws: every car has the board's size (`board.space_mm`, by default the
//! length the map's routes want, read off the distances between their cities), stretched a
//! little where there is room (more where the map's `board.car_stretch` allows and the longer
//! cars lie on nothing else), and a route with more room than that draws its cars with their
//! first or last car more than 6 mm from its city's marker, or with a gap between two cars
//! wider than twice the board's usual gap. Printed boards place their cities so that every
//! route's cars fill it; this rule names the routes that do not, the city they stop short of,
//! and about how many millimetres the route has to spare (the ends beyond 6 mm and the gaps
//! beyond the usual, added up over its worst lane). Information, shown with `--verbose`, like
//! the other findings on the drawn board; `route-drawn-length` is its counterpart for routes
//! too short for their cars.
//!
//! One such route is the opposite case, and the rule says so: a short route between two
//! cities crowded with other routes, whose straight line has no room for its cars beside
//! them, is drawn off to one side, and its cars stop far from a marker (more than a car
//! beyond all the room its straight line would leave). Its cities need moving apart, not
//! closer; `ttrmap layout --fit` gives such a route room.
//!
//! ## Why it matters
//! A chain of cars that stops short of a city, or breaks in the middle, reads as a route to
//! somewhere else: players count spaces by the cars, and a route whose cars float between two
//! cities is easily taken for a neighbour's.
//!
//! ## Example
//! Two cities 120 mm apart on the print joined by a 2-space route, on a board whose cars are
//! 25 mm: two cars a little stretched fill about 57 mm, so the chain stops about 30 mm short
//! of each marker. Move the cities closer (`ttrmap layout --fit` moves them as little as it
//! can), lengthen the route, set a larger `board.space_mm`, or, for a board whose cars differ
//! in length as a published one's may, let them grow with `board.car_stretch`.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "route-slack",
    default: Level::Info,
    source: include_str!("route_slack.rs"),
    from_loader: false,
    reads: DRAWN,
    counts: DRAWN_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let drawing = cx.drawing();
    for loose in &drawing.audit.loose {
        let route = &cx.map.routes[loose.route];
        let (far, city) = loose.end;
        let name = cx.map.cities[city].display_name();
        let (cars, they) = if route.length == 1 {
            ("car fills", "it stops")
        } else {
            ("cars fill", "they stop")
        };
        // Near the 6 mm limit a whole millimetre would read as within it.
        let far = if far < 10.0 {
            format!("{far:.1}")
        } else {
            format!("{far:.0}")
        };
        let how = if loose.end.0 > crate::render::audit::END_MM {
            format!("{they} {far} mm short of {name}'s marker")
        } else {
            format!(
                "a gap between them is {:.0} mm, over twice the board's usual {:.1} mm",
                loose.widest_gap, loose.median_gap
            )
        };
        // Just past the limit the spare rounds to nothing: say so rather than "0 mm".
        let spare = if loose.spare < 1.0 {
            "less than 1 mm".to_string()
        } else {
            format!("about {:.0} mm", loose.spare)
        };
        if loose.thrown {
            // Its cities are too close, not too far: the layout found no room on the straight
            // line beside the routes crowding its cities and drew it off to one side.
            let other = other_end_name(cx, loose.route, city);
            let have = if route.length == 1 {
                "car has"
            } else {
                "cars have"
            };
            cx.report(
                path!["routes", loose.route, "length"],
                format!(
                    "route `{}` is drawn off its straight line: beside the routes crowding {name} and {other}, its {} {have} no room between them, so {how}",
                    route.id(),
                    route.length,
                ),
                format!("{far} mm off"),
                Some("move the cities apart (`ttrmap layout --fit` gives the route room), shorten the route, or set a smaller `board.space_mm`".into()),
            );
            continue;
        }
        cx.report(
            path!["routes", loose.route, "length"],
            format!(
                "route `{}` is drawn longer than its {} {cars}: {how}; {spare} to spare",
                route.id(),
                route.length,
            ),
            format!("{spare} to spare"),
            Some("move the cities closer (`ttrmap layout --fit`), lengthen the route, or set a larger `board.space_mm`".into()),
        );
    }
}

/// The display name of route `r`'s city other than `city`.
fn other_end_name(cx: &LintCx, r: usize, city: usize) -> String {
    let route = &cx.map.routes[r];
    let named = |id: &str| cx.map.cities.iter().position(|c| c.id == id);
    let other = match (named(&route.from), named(&route.to)) {
        (Some(a), Some(b)) if a == city => b,
        (Some(a), _) => a,
        _ => city,
    };
    cx.map.cities[other].display_name().to_string()
}
