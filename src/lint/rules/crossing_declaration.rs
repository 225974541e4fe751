//! # crossing-declaration
//!
//! A crossing is one pair of routes, which the engine reads both ways, so a map may name it
//! on both routes (`a` lists `b` in `crosses` and `b` lists `a`) or on one of them only. This
//! rule asks a map to keep to one of the two ways: once some pair is named on both routes,
//! a pair named on one route only is reported (the other side was most likely forgotten),
//! and so is a route that names the same crossing twice.
//!
//! ## Why it matters
//! A reader of a map written both ways expects to find every crossing of a route in its own
//! list; one missing there hides a rule of play (the first of two crossing routes built or
//! claimed cuts the other) from whoever edits that route next.
//!
//! ## Example
//! `a-c` lists `b-d` and `b-d` lists `a-c`, while `a-b` lists `c-d` and `c-d` lists nothing.

use super::prelude::*;
use std::collections::HashMap;

pub const RULE: Rule = Rule {
    id: "crossing-declaration",
    default: Level::Warn,
    source: include_str!("crossing_declaration.rs"),
    from_loader: false,
    reads: &["map.board", "cities", "routes"],
    counts: &["cities", "routes"],
    check,
};

fn check(cx: &mut LintCx) {
    let map = cx.map;
    let index: HashMap<String, usize> = map
        .routes
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id(), i))
        .collect();
    let names = |i: usize, j: usize| map.routes[i].crosses.contains(&map.routes[j].id());
    // (route, position in its list, the route it names) of every known crossing named.
    let mut named: Vec<(usize, usize, usize)> = Vec::new();
    for (i, r) in map.routes.iter().enumerate() {
        for (k, other) in r.crosses.iter().enumerate() {
            // Unknown ids and a route crossing itself are `check`'s errors.
            let Some(&j) = index.get(other).filter(|&&j| j != i) else {
                continue;
            };
            if r.crosses[..k].contains(other) {
                cx.report(
                    path!["routes", i, "crosses", k],
                    format!("route `{}` names crossing `{other}` twice", r.id()),
                    "named before",
                    Some("name each crossing once in a route's `crosses`".into()),
                );
                continue;
            }
            named.push((i, k, j));
        }
    }
    let both_ways = named.iter().any(|&(i, _, j)| names(j, i));
    if !both_ways {
        return;
    }
    for &(i, k, j) in &named {
        if names(j, i) {
            continue;
        }
        let (id, other) = (map.routes[i].id(), map.routes[j].id());
        cx.report(
            path!["routes", i, "crosses", k],
            format!(
                "route `{id}` crosses `{other}`, but `{other}` does not name `{id}`, while this map names other crossings on both routes"
            ),
            "named on one route only",
            Some(format!(
                "add `\"{id}\"` to the `crosses` of `{other}`, or name every crossing on one route only"
            )),
        );
    }
}
