//! # city-off-board
//!
//! A city (or a route's waypoint) placed outside the board: its position is below 0 or
//! beyond `map.board`'s width or height.
//!
//! ## Why it matters
//! The renderer draws the board, not the plane: a city off it vanishes from the SVG, PNG and
//! HTML, with its routes running off the edge, though `check` finds nothing else wrong. It is
//! almost always a typo in a coordinate, or a board size that was not updated.
//!
//! ## Example
//! ```toml
//! [map]
//! board = { width = 750, height = 500 }
//!
//! [[cities]]
//! id = "oban"
//! position = [900, -20]   # error: 150 beyond the right edge, 20 above the top
//! ```

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "city-off-board",
    default: Level::Deny,
    source: include_str!("city_off_board.rs"),
    from_loader: false,
    reads: &["map.board", "cities", "routes"],
    counts: &[],
    check,
};

/// How a point misses the board, in words (`150 beyond the right edge`), or `None` on it.
fn outside(p: [f64; 2], width: f64, height: f64) -> Option<String> {
    let mut misses = Vec::new();
    if p[0] < 0.0 {
        misses.push(format!("{} left of the left edge", -p[0]));
    }
    if p[0] > width {
        misses.push(format!("{} beyond the right edge", p[0] - width));
    }
    if p[1] < 0.0 {
        misses.push(format!("{} above the top", -p[1]));
    }
    if p[1] > height {
        misses.push(format!("{} below the bottom", p[1] - height));
    }
    (!misses.is_empty()).then(|| misses.join(", "))
}

fn check(cx: &mut LintCx) {
    let board = &cx.map.map.board;
    let (w, h) = (board.width, board.height);
    let help = format!("the board is {w} × {h}: move it onto the board, or enlarge `map.board`");
    for (i, c) in cx.map.cities.iter().enumerate() {
        if let Some(how) = outside(c.position, w, h) {
            cx.report(
                path!["cities", i, "position"],
                format!("city `{}` is off the board: {how}", c.id),
                "off the board",
                Some(help.clone()),
            );
        }
    }
    for (i, r) in cx.map.routes.iter().enumerate() {
        for (k, p) in r.waypoints.iter().enumerate() {
            if let Some(how) = outside(*p, w, h) {
                cx.report(
                    path!["routes", i, "waypoints", k],
                    format!("a waypoint of route `{}` is off the board: {how}", r.id()),
                    "off the board",
                    Some(help.clone()),
                );
            }
        }
    }
}
