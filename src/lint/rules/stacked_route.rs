//! # stacked-route
//!
//! Two or more `[[routes]]` of the same length join the same two cities, one of them already
//! a double (or triple) route, and none is given `waypoints` of its own: read together they
//! are one route of three or more lanes.
//!
//! ## Why it matters
//! It is more lanes between two cities than any official map has, and the lane rules for 2-3
//! players (one lane of a double route) do not see the separate entry as part of the route.
//! Separate entries between one pair are fine when they are different routes (another length:
//! Legendary Asia's Bombay–Colombo ferries, Nordic Countries' Helsinki–Stockholm), and one
//! entry is the way to write a double route.
//!
//! ## Example
//! ```toml
//! [[routes]]
//! from = "leeds"
//! to = "york"
//! length = 2
//! colors = ["red", "blue"]    # a double route
//!
//! [[routes]]
//! from = "leeds"
//! to = "york"                 # warning: a third lane drawn over the double route
//! length = 2
//! ```

use super::prelude::*;
use std::collections::HashMap;

pub const RULE: Rule = Rule {
    id: "stacked-route",
    default: Level::Warn,
    source: include_str!("stacked_route.rs"),
    from_loader: false,
    reads: &["routes"],
    counts: &[],
    check,
};

fn check(cx: &mut LintCx) {
    let routes = &cx.map.routes;
    let pair = |i: usize| {
        let (a, b) = (routes[i].from.as_str(), routes[i].to.as_str());
        if a <= b { (a, b) } else { (b, a) }
    };
    // Entries of another length are other routes, not more lanes of this one. Grouped once
    // (comparing every pair of entries took a tenth of `check` on a 3,000-route board).
    let mut groups: HashMap<((&str, &str), u8), Vec<usize>> = HashMap::new();
    for (i, route) in routes.iter().enumerate() {
        groups.entry((pair(i), route.length)).or_default().push(i);
    }
    for i in 0..routes.len() {
        let group = &groups[&(pair(i), routes[i].length)];
        // Reported once, on the later entries of the pair.
        if group[0] == i {
            continue;
        }
        let first = group[0];
        let multi_lane = group.iter().any(|&j| routes[j].lane_count() > 1);
        let drawn_apart = group.iter().any(|&j| !routes[j].waypoints.is_empty());
        if !multi_lane || drawn_apart {
            continue;
        }
        let lanes: u32 = group
            .iter()
            .map(|&j| u32::from(routes[j].lane_count()))
            .sum();
        let (a, b) = pair(i);
        cx.report(
            path!["routes", i],
            format!(
                "route `{}` adds lanes to route `{}`: {lanes} lanes of one length between `{a}` and `{b}`",
                routes[i].id(),
                routes[first].id()
            ),
            "a second entry for this pair",
            Some(
                "make it one route with a colour per lane (`colors = [...]`), or give one of \
                 them `waypoints` to draw it apart"
                    .into(),
            ),
        );
    }
}
