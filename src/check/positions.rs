//! Position check: `position-far-off-board`. A city, a route's waypoint or a zone's name
//! placed more than [`FAR`] board sizes beyond the board's edge is an error, not only the
//! `city-off-board` lint: such a coordinate is a typo (a slipped exponent, `1e15`), no
//! drawing of the board can hold it, and laying the board out around it costs time and memory
//! in proportion to the distance (a city at 5e8 on a 1000-unit board took seconds and
//! hundreds of megabytes). A position off the board by less is the lint's to judge.

use super::Cx;
use crate::diagnostic::Diagnostic;
use crate::path;
use crate::spans::Seg;

/// How far beyond the edge a position may lie, in board widths (or heights).
pub const FAR: f64 = 100.0;

pub(super) fn check(cx: &mut Cx) {
    let map = cx.map;
    let (w, h) = (map.map.board.width, map.map.board.height);
    let far = |p: [f64; 2]| {
        let (x, y) = (p[0], p[1]);
        x < -FAR * w || x > (FAR + 1.0) * w || y < -FAR * h || y > (FAR + 1.0) * h
    };
    let mut places: Vec<(Vec<Seg>, String, [f64; 2])> = Vec::new();
    for (i, c) in map.cities.iter().enumerate() {
        places.push((
            path!["cities", i, "position"],
            format!("city `{}`", c.id),
            c.position,
        ));
    }
    for (i, r) in map.routes.iter().enumerate() {
        for (j, p) in r.waypoints.iter().enumerate() {
            places.push((
                path!["routes", i, "waypoints", j],
                format!("a waypoint of route `{}`", r.id()),
                *p,
            ));
        }
    }
    for (i, z) in map.zones.iter().enumerate() {
        if let Some(p) = z.position {
            places.push((path!["zones", i, "position"], format!("zone `{}`", z.id), p));
        }
    }
    for (path, what, p) in places {
        if far(p) {
            cx.at(
                path,
                Diagnostic::error(
                    "position-far-off-board",
                    format!(
                        "{what} is at [{}, {}], more than {FAR} board sizes off the {w} × {h} board",
                        p[0], p[1]
                    ),
                )
                .with_label("far off the board")
                .with_help("a typo in a coordinate? positions are in board units, origin top-left"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_city_a_hundred_boards_away_is_an_error_and_one_just_off_is_not() {
        let base = include_str!("../../templates/basic.toml")
            .replace("__MAP_ID__", "m")
            .replace("__MAP_NAME__", "M");
        let codes = |text: &str| -> Vec<&'static str> {
            crate::load::load_str("m.toml", text)
                .diagnostics
                .iter()
                .map(|d| d.code)
                .collect()
        };
        assert!(!codes(&base).contains(&"position-far-off-board"));
        // The board is 1000 wide: 1200 is off it (the lint's), 1e15 is a typo.
        let near = base.replace("position = [212, 128]", "position = [1200, 128]");
        assert!(!codes(&near).contains(&"position-far-off-board"));
        let far = base.replace("position = [212, 128]", "position = [1e15, 128]");
        assert_eq!(codes(&far), vec!["position-far-off-board"]);
    }
}
