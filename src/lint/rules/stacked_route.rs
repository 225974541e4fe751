//! # stacked-route
//!
//! Two or more `[[routes]]` join the same two cities, one of them already a double (or
//! triple) route, and none is given `waypoints` of its own: they are drawn along one line,
//! one on top of the other.
//!
//! ## Why it matters
//! On the printed board the lanes overlap, so players cannot tell how many there are; in the
//! rules it is more lanes between two cities than any official map has. Separate entries
//! between one pair are fine when they are different routes drawn apart (Nordic Countries'
//! Helsinki–Stockholm ferries), and one entry is the way to write a double route.
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

pub const RULE: Rule = Rule {
    id: "stacked-route",
    default: Level::Warn,
    source: include_str!("stacked_route.rs"),
    from_loader: false,
    check,
};

fn check(cx: &mut LintCx) {
    let routes = &cx.map.routes;
    let pair = |i: usize| {
        let (a, b) = (routes[i].from.as_str(), routes[i].to.as_str());
        if a <= b { (a, b) } else { (b, a) }
    };
    for i in 0..routes.len() {
        // Reported once, on the later entries of the pair.
        let Some(first) = (0..i).find(|&j| pair(j) == pair(i)) else {
            continue;
        };
        let group: Vec<usize> = (0..routes.len()).filter(|&j| pair(j) == pair(i)).collect();
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
                "route `{}` is drawn over route `{}`: {lanes} lanes between `{a}` and `{b}` on one line",
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
