//! What the page shows when a route or a city is clicked: its data, and the tickets whose
//! shortest paths use it. Computed once per board, from the model and the board graph.
//!
//! "Uses it": a route lies on a shortest path between two places of the ticket (for a ticket
//! of more than two places, any pair of them), a city is on one or is one of its places.
//! Zone border cities are dead ends, as everywhere in `graph`: reached, never passed through.

use crate::graph::{BoardGraph, Dist, UNREACHABLE};
use crate::model::MapFile;
use crate::render::layout::route_points;
use crate::render::tickets::{place_name, ticket_text};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize)]
pub struct RouteInfo {
    pub id: String,
    pub from: String,
    pub to: String,
    pub length: u8,
    pub colors: Vec<&'static str>,
    pub ferry: u8,
    pub tunnel: bool,
    pub points: Option<i32>,
    /// The tickets (as their cards read) with a shortest path along this route.
    pub tickets: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CityInfo {
    pub id: String,
    pub name: String,
    /// Its place in `[[cities]]`, which a drag names to write its `position` back.
    pub index: usize,
    pub position: [f64; 2],
    pub routes: usize,
    /// The tickets naming it or with a shortest path through it.
    pub tickets: Vec<String>,
}

/// Every route and city of a board, by the id the SVG gives it (`data-route`, `data-city`).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Details {
    pub routes: BTreeMap<String, RouteInfo>,
    pub cities: BTreeMap<String, CityInfo>,
}

/// The details of a map that checked clean.
pub fn details(map: &MapFile) -> Details {
    let graph = BoardGraph::new(map);
    let mut on_route: Vec<Vec<String>> = vec![Vec::new(); map.routes.len()];
    let mut on_city: Vec<Vec<String>> = vec![Vec::new(); map.cities.len()];
    for t in &map.tickets {
        let text = ticket_text(map, t);
        let (routes, cities) = shortest_uses(&graph, &t.places());
        for r in routes {
            push_once(&mut on_route[r], &text);
        }
        for c in cities {
            push_once(&mut on_city[c], &text);
        }
    }
    let routes = map
        .routes
        .iter()
        .zip(on_route)
        .map(|(r, tickets)| {
            let info = RouteInfo {
                id: r.id(),
                from: place_name(map, &r.from).to_string(),
                to: place_name(map, &r.to).to_string(),
                length: r.length,
                colors: r.lane_colors().into_iter().map(|c| c.name()).collect(),
                ferry: r.ferry,
                tunnel: r.tunnel,
                points: route_points(map, r),
                tickets,
            };
            (info.id.clone(), info)
        })
        .collect();
    let cities = map
        .cities
        .iter()
        .enumerate()
        .zip(on_city)
        .map(|((index, c), tickets)| {
            let info = CityInfo {
                id: c.id.clone(),
                name: c.display_name().to_string(),
                index,
                position: c.position,
                routes: map
                    .routes
                    .iter()
                    .filter(|r| r.from == c.id || r.to == c.id)
                    .count(),
                tickets,
            };
            (info.id.clone(), info)
        })
        .collect();
    Details { routes, cities }
}

fn push_once(list: &mut Vec<String>, text: &str) {
    if !list.iter().any(|t| t == text) {
        list.push(text.to_string());
    }
}

/// The routes (by index into `map.routes`) and cities (nodes) on a shortest path between any
/// two of `places`.
fn shortest_uses(graph: &BoardGraph, places: &[&str]) -> (Vec<usize>, Vec<usize>) {
    let dists: Vec<Vec<Dist>> = places
        .iter()
        .map(|p| graph.distances_from(graph.nodes_of(p), |_| true))
        .collect();
    let mut routes = Vec::new();
    let mut cities = Vec::new();
    for i in 0..places.len() {
        for j in i + 1..places.len() {
            let (da, db) = (&dists[i], &dists[j]);
            let best = graph
                .nodes_of(places[j])
                .iter()
                .map(|&n| da[n])
                .min()
                .unwrap_or(UNREACHABLE);
            if best == UNREACHABLE {
                continue;
            }
            // A dead end is passed through only when it is where the path starts or ends.
            let may_leave = |n: usize, d: &[Dist]| !graph.dead_end[n] || d[n] == 0;
            cities.extend(
                (0..graph.node_count())
                    .filter(|&n| da[n] != UNREACHABLE && db[n] != UNREACHABLE)
                    .filter(|&n| da[n] + db[n] == best),
            );
            for e in &graph.edges {
                let len = Dist::from(e.length);
                let along = |a: usize, b: usize| {
                    da[a] != UNREACHABLE
                        && db[b] != UNREACHABLE
                        && da[a] + len + db[b] == best
                        && may_leave(a, da)
                        && may_leave(b, db)
                };
                if along(e.a, e.b) || along(e.b, e.a) {
                    routes.push(e.route);
                }
            }
        }
    }
    (routes, cities)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// a–b (1), b–c (1), a–c (3): the ticket a–c (2 spaces) goes through b, not along a–c.
    #[test]
    fn a_ticket_uses_the_routes_of_its_shortest_path_only() {
        let text = r#"
[map]
id = "t"
name = "T"
version = "0.1.0"
players = { min = 2, max = 2 }
board = { width = 100, height = 100 }
[[cities]]
id = "a"
position = [10, 10]
[[cities]]
id = "b"
position = [50, 10]
[[cities]]
id = "c"
position = [90, 10]
[[cities]]
id = "d"
position = [50, 90]
[[routes]]
from = "a"
to = "b"
length = 1
[[routes]]
from = "b"
to = "c"
length = 1
[[routes]]
from = "a"
to = "c"
length = 3
[[routes]]
from = "c"
to = "d"
length = 2
[[tickets]]
from = "a"
to = "c"
points = 2
"#;
        let loaded = crate::load::load_str("t.toml", text);
        let map = loaded
            .map
            .unwrap_or_else(|| panic!("{:?}", loaded.diagnostics));
        let d = details(&map);
        let uses = |id: &str| d.routes[id].tickets.len();
        assert_eq!(
            (uses("a-b"), uses("b-c"), uses("a-c"), uses("c-d")),
            (1, 1, 0, 0)
        );
        assert_eq!(d.cities["b"].tickets.len(), 1);
        assert_eq!(d.cities["d"].tickets.len(), 0);
        assert_eq!(d.cities["c"].index, 2);
        assert_eq!(d.cities["b"].routes, 2);
    }
}
