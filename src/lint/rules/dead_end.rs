//! # dead-end
//!
//! Lists cities with a single route (zone border cities aside, which are dead ends by
//! design). Information, shown with `--verbose`; a single-lane dead end is also a
//! `single-lane-bridge`.
//!
//! ## Why it matters
//! Dead ends are allowed (Europe's Edinburgh) but are easily blocked; official ones are served
//! by double routes.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "dead-end",
    default: Level::Info,
    source: include_str!("dead_end.rs"),
    from_loader: false,
    reads: GRAPH,
    counts: GRAPH_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    for (i, c) in cx.map.cities.iter().enumerate() {
        if cx.graph.adjacency[i].len() == 1 && c.zone.is_none() {
            cx.report(
                path!["cities", i, "id"],
                format!("`{}` has a single route", c.id),
                "dead end",
                None,
            );
        }
    }
}
