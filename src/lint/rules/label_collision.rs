//! # label-collision
//!
//! Lists city names that, drawn at real print size by `ttrmap render --print` with the default
//! theme, overlap another city's name or marker. Information, shown with `--verbose`.
//!
//! ## Why it matters
//! A name printed over another is unreadable at the table, and the fix (a `label` anchor or
//! offset on one of the cities, or moving a city) is cheap once you know where. The renderer
//! already tries eight positions around each marker; what it reports here is what it could not
//! place cleanly, judged on the very layout it draws.
//!
//! ## Example
//! Two towns 15 mm apart on the print, both named to the east: give one
//! `label = { anchor = "w" }`.

use super::prelude::*;
use crate::render::layout::Rect;
use crate::render::{Layout, Theme};

pub const RULE: Rule = Rule {
    id: "label-collision",
    default: Level::Info,
    source: include_str!("label_collision.rs"),
    from_loader: false,
    check,
};

fn check(cx: &mut LintCx) {
    let Some(theme) = Theme::named(crate::render::DEFAULT_THEME) else {
        return;
    };
    let layout = Layout::compute(cx.map, &theme.sizes(), true);
    let cities = &layout.cities;
    for (i, c) in cities.iter().enumerate() {
        let label = c.label.bbox;
        let hit = cities.iter().enumerate().find_map(|(j, other)| {
            if j == i {
                return None;
            }
            let r = other.radius;
            let marker = Rect {
                x: other.pos[0] - r,
                y: other.pos[1] - r,
                w: 2.0 * r,
                h: 2.0 * r,
            };
            if label.overlaps(&marker) {
                Some((j, "marker"))
            } else if j < i && label.overlaps(&other.label.bbox) {
                Some((j, "name"))
            } else {
                None
            }
        });
        if let Some((j, what)) = hit {
            let other = &cx.map.cities[j].id;
            cx.report(
                path!["cities", i, "id"],
                format!(
                    "the name of `{}` overlaps the {what} of `{other}` on the print",
                    cx.map.cities[i].id
                ),
                format!("overlaps `{other}`"),
                Some(
                    "set `label = { anchor = \"...\" }` (or an offset) on one of the two cities"
                        .into(),
                ),
            );
        }
    }
}
