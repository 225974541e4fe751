//! # label-collision
//!
//! Lists city names that, on the board `ttrmap render` draws (default theme, real scale),
//! cover a train-car space, another city's marker or name, or run off the board.
//! Information, shown with `--verbose`.
//!
//! ## Why it matters
//! A name printed over a route hides the cars a player must count, and one over another name
//! is unreadable at the table. The renderer tries 56 positions around each marker and chooses
//! all names together; what it reports here is what it could not place cleanly, judged on the
//! very layout it draws. The fix is cheap once you know where: a `label` anchor or offset on
//! the city, `waypoints` that take a route away from it, or moving a city.
//!
//! ## Example
//! Two towns 12 mm apart on the print, both named to the east: the first name runs through
//! the second town's marker; give one `label = { anchor = "w" }`.

use super::prelude::*;
use crate::render::audit::LabelHit;

pub const RULE: Rule = Rule {
    id: "label-collision",
    default: Level::Info,
    source: include_str!("label_collision.rs"),
    from_loader: false,
    reads: DRAWN,
    counts: DRAWN_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let drawing = cx.drawing();
    for &(i, hit) in &drawing.audit.labels {
        let city = &cx.map.cities[i].id;
        let (what, label) = match hit {
            LabelHit::Space(r) => {
                let id = cx.map.routes[r].id();
                (
                    format!("covers a space of route `{id}`"),
                    format!("on `{id}`"),
                )
            }
            LabelHit::Marker(j) => {
                let other = &cx.map.cities[j].id;
                (
                    format!("overlaps the marker of `{other}`"),
                    format!("overlaps `{other}`"),
                )
            }
            LabelHit::Name(j) => {
                let other = &cx.map.cities[j].id;
                (
                    format!("overlaps the name of `{other}`"),
                    format!("overlaps `{other}`"),
                )
            }
            LabelHit::OffBoard => (
                "runs off the board".to_string(),
                "off the board".to_string(),
            ),
        };
        cx.report(
            path!["cities", i, "id"],
            format!("the name of `{city}` {what} on the drawn board"),
            label,
            Some(
                "set `label = { anchor = \"...\" }` (or an offset) on the city, or `waypoints` on the route"
                    .into(),
            ),
        );
    }
}
