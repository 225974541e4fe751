//! # single-lane-bridge
//!
//! Reports a single-lane route whose loss would cut the board in two: one claim locks
//! everyone else out of the far side. Routes into a zone's border city are left out (a zone
//! endpoint is a dead end by design).
//!
//! ## Why it matters
//! Official maps are "tense but connected": of eight official boards only Europe has a bridge
//! (Edinburgh–London), and it is a double route.
//!
//! ## Example
//! An island reached by one ferry: make it a double route, or add a second crossing.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "single-lane-bridge",
    default: Level::Warn,
    source: include_str!("single_lane_bridge.rs"),
    from_loader: false,
    reads: GRAPH,
    counts: GRAPH_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let (bridges, _) = cx.graph.bridges_and_articulations();
    for e in bridges {
        let edge = &cx.graph.edges[e];
        if edge.lanes > 1 || cx.graph.dead_end[edge.a] || cx.graph.dead_end[edge.b] {
            continue;
        }
        let r = &cx.map.routes[edge.route];
        cx.report(
            path!["routes", edge.route],
            format!(
                "route `{}` is the only link between two parts of the board",
                r.id()
            ),
            "single lane, and a bridge",
            Some("add a second lane or another route around it".into()),
        );
    }
}
