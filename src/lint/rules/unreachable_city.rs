//! # unreachable-city
//!
//! Every city can be reached from every other along the map's routes (ignoring who owns
//! them). Reports each city outside the largest connected part of the board, and each city
//! with no route at all.
//!
//! ## Why it matters
//! A city nobody can reach is dead content: tickets naming it can never be completed, and
//! its routes (if any) form an island. Every official map is connected.
//!
//! ## Example
//! A city `ibiza` with no route, or a cluster of three cities joined only to each other.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "unreachable-city",
    default: Level::Deny,
    source: include_str!("unreachable_city.rs"),
    from_loader: false,
    reads: GRAPH,
    counts: GRAPH_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let g = cx.graph;
    if g.node_count() < 2 {
        return;
    }
    let comp = g.components();
    let mut sizes = std::collections::HashMap::<usize, usize>::new();
    for &c in &comp {
        *sizes.entry(c).or_insert(0) += 1;
    }
    // The main board is the largest component (the lowest id on a tie, for stable output).
    let main = sizes
        .iter()
        .max_by_key(|&(c, n)| (*n, std::cmp::Reverse(*c)))
        .map(|(c, _)| *c);
    for (i, city) in cx.map.cities.iter().enumerate() {
        if g.adjacency[i].is_empty() {
            cx.report(
                path!["cities", i, "id"],
                format!("city `{}` has no route", city.id),
                "no route starts or ends here",
                Some("add a route to it, or remove the city".into()),
            );
        } else if Some(comp[i]) != main {
            cx.report(
                path!["cities", i, "id"],
                format!(
                    "city `{}` cannot be reached from the rest of the board",
                    city.id
                ),
                format!("in a separate group of {} cities", sizes[&comp[i]]),
                Some("join this group to the main network with at least one route".into()),
            );
        }
    }
}
