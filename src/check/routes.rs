//! Route checks: `route-self-loop`, `lane-colors`, `ferry-too-long`, `route-shape`,
//! `shape-ignored`, `no-route-points`.

use super::Cx;
use crate::diagnostic::Diagnostic;
use crate::path;

pub(super) fn check(cx: &mut Cx) {
    let map = cx.map;
    for (i, r) in map.routes.iter().enumerate() {
        if r.from == r.to {
            cx.at(
                path!["routes", i, "to"],
                Diagnostic::error(
                    "route-self-loop",
                    format!("route `{}` starts and ends at `{}`", r.id(), r.from),
                )
                .with_label("same city as `from`"),
            );
        }
        if r.color.is_some() && r.colors.is_some() {
            cx.at_key(
                path!["routes", i, "colors"],
                Diagnostic::error(
                    "lane-colors",
                    format!("route `{}` has both `color` and `colors`", r.id()),
                )
                .with_label("remove one of them")
                .with_help("`color` colours every lane alike; `colors` gives one colour per lane"),
            );
        }
        if let (Some(lanes), Some(colors)) = (r.lanes, &r.colors)
            && lanes as usize != colors.len()
        {
            cx.at(
                path!["routes", i, "colors"],
                Diagnostic::error(
                    "lane-colors",
                    format!(
                        "route `{}` has {lanes} lanes but {} colours",
                        r.id(),
                        colors.len()
                    ),
                )
                .with_label(match colors.len() {
                    1 => "1 colour".to_string(),
                    n => format!("{n} colours"),
                })
                .with_help(format!(
                    "give exactly {lanes} colours, one per lane, or drop `lanes`"
                )),
            );
        }
        if r.ferry > r.length {
            cx.at(
                path!["routes", i, "ferry"],
                Diagnostic::error(
                    "ferry-too-long",
                    format!(
                        "route `{}` has {} locomotive spaces but only {} spaces",
                        r.id(),
                        r.ferry,
                        r.length
                    ),
                )
                .with_label(format!("at most {}", r.length)),
            );
        }
        let id = r.id();
        for (j, other) in r.crosses.iter().enumerate() {
            if *other == id {
                cx.at(
                    path!["routes", i, "crosses", j],
                    Diagnostic::error("route-shape", format!("route `{id}` crosses itself"))
                        .with_label("its own id"),
                );
            }
        }
        if r.mountains > r.length {
            cx.at(
                path!["routes", i, "mountains"],
                Diagnostic::error(
                    "route-shape",
                    format!(
                        "route `{}` has {} mountain spaces but only {} spaces",
                        r.id(),
                        r.mountains,
                        r.length
                    ),
                )
                .with_label(format!("at most {}", r.length)),
            );
        }
        if r.track_bed && (r.color.is_some() || r.colors.is_some()) {
            cx.at_key(
                path![
                    "routes",
                    i,
                    if r.color.is_some() { "color" } else { "colors" }
                ],
                Diagnostic::error(
                    "route-shape",
                    format!("track bed `{}` has a colour", r.id()),
                )
                .with_label("a track bed takes its colour from the track piece built on it")
                .with_help("drop the colour, or drop `track_bed` for a pre-built route"),
            );
        }
        if r.track_bed && map.mechanics.track_pieces.is_none() {
            cx.at_key(
                path!["routes", i, "track_bed"],
                Diagnostic::error(
                    "route-shape",
                    format!("track bed `{}` but no track pieces", r.id()),
                )
                .with_label("nothing can build this route")
                .with_help("declare the pieces in `[mechanics.track_pieces]`"),
            );
        }
        if r.any_cards_for_one.is_some() && r.is_ferry() {
            cx.at_key(
                path!["routes", i, "any_cards_for_one"],
                Diagnostic::error(
                    "route-shape",
                    format!("route `{}` is a ferry with `any_cards_for_one`", r.id()),
                )
                .with_label("use `ferry_substitute` to pay a ferry's locomotives with other cards"),
            );
        }
        if r.shape.is_some() && !r.waypoints.is_empty() {
            // The render draws through the waypoints: the shape has no effect, and the
            // designer should know (the rule's documentation: `lint/rules/shape_ignored.rs`).
            cx.at_key(
                path!["routes", i, "shape"],
                Diagnostic::warning(
                    "shape-ignored",
                    format!(
                        "route `{}` has both `waypoints` and `shape`: the `shape` is ignored",
                        r.id()
                    ),
                )
                .with_label("not drawn: the waypoints win")
                .with_help(
                    "drop `shape` to keep the route drawn through its waypoints, or drop \
                     `waypoints` to draw it with this shape",
                ),
            );
        }
        if r.points.is_none() && map.rules.points_for_length(r.length).is_none() {
            let lengths: Vec<String> = map.rules.route_points.keys().map(u8::to_string).collect();
            cx.at(
                path!["routes", i, "length"],
                Diagnostic::error(
                    "no-route-points",
                    format!("no score for a route of length {} in `rules.route_points`", r.length),
                )
                .with_label("this length scores nothing")
                .with_help(format!(
                    "the table has lengths {}; add `{} = POINTS` to `[rules.route_points]` or give the route `points`",
                    lengths.join(", "),
                    r.length
                )),
            );
        }
    }
}
