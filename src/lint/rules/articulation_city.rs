//! # articulation-city
//!
//! Lists the cities whose loss would split the board (articulation points): regions reached
//! only through one gate city. Information, shown with `--verbose`.
//!
//! ## Why it matters
//! Gate cities concentrate traffic and are where a region can be cut off; half the official
//! maps have a few such corners, so this describes rather than judges.
//!
//! Source: `notes/design-heuristics.md` §4.3 (`graph.articulation`).

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "articulation-city",
    default: Level::Info,
    source: include_str!("articulation_city.rs"),
    from_loader: false,
    check,
};

fn check(cx: &mut LintCx) {
    let (_, arts) = cx.graph.bridges_and_articulations();
    for i in arts {
        let c = &cx.map.cities[i];
        cx.report(
            path!["cities", i, "id"],
            format!("`{}` is the only gate to part of the board", c.id),
            "articulation city",
            None,
        );
    }
}
