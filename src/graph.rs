//! The board as a graph: cities are nodes, routes are edges (one edge per route, whatever
//! its lane count). Built once from the checked model; lints, stats, `suggest tickets`, `tune`
//! and the studio read it (the engine keeps its own tables, `engine::paths`).
//!
//! Zone border cities (`zone = "..."`) are dead ends: a path may end at one but never pass
//! through it, because the zone's endpoints are separate (France's neighbours, Switzerland's
//! countries). A ticket end naming a zone is reached by reaching any of its endpoints.
//!
//! Shared searches: [`shortest_distances`] (also used by `suggest tickets`) and
//! [`BoardGraph::all_ticket_costs`] (every ticket's costs, for the lints, stats and
//! `suggest tickets`). The engine's path searches and the bots' planner keep their own,
//! specialised ones.

use crate::model::{MapFile, Ticket, TicketShape};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};

/// A ticket's network costs as `BoardGraph::ticket_costs` gives them: (any-of target, points,
/// spaces).
pub type TicketCosts<'a> = Vec<(Option<&'a str>, i32, Dist)>;

/// Distance in train spaces; `UNREACHABLE` when no path exists.
pub type Dist = u32;
pub const UNREACHABLE: Dist = Dist::MAX;

/// One route as an edge.
#[derive(Debug, Clone)]
pub struct Edge {
    /// Index into `MapFile::routes`.
    pub route: usize,
    pub a: usize,
    pub b: usize,
    pub length: u8,
    pub lanes: u8,
}

/// Multi-source Dijkstra on any graph of `node_count` nodes: `edges(n, visit)` calls
/// `visit(m, length)` for each edge leaving `n` (a node it gives no edges is reached but not
/// passed through). With no `targets` it runs until every reachable node is settled;
/// otherwise it stops once each target is, and only the targets' distances are sure to be
/// final. The Dijkstra of the board graph and of `suggest tickets`. The engine's searches
/// (`engine::paths`: joining trees, longest-path bounds) and the bots' planner (a bucket
/// queue over reused buffers, run millions of times a playtest) keep their own, specialised
/// to their graphs; the engine does not import this module.
pub fn shortest_distances(
    node_count: usize,
    sources: &[usize],
    targets: &[usize],
    mut edges: impl FnMut(usize, &mut dyn FnMut(usize, Dist)),
) -> Vec<Dist> {
    let mut dist = vec![UNREACHABLE; node_count];
    let mut wanted = vec![false; node_count];
    let mut left = 0;
    for &t in targets {
        left += usize::from(!std::mem::replace(&mut wanted[t], true));
    }
    let mut heap = BinaryHeap::new();
    for &s in sources {
        dist[s] = 0;
        heap.push(Reverse((0, s)));
    }
    while let Some(Reverse((d, n))) = heap.pop() {
        if d > dist[n] {
            continue;
        }
        // Popped at its distance: settled (a node may be pushed again at the same one).
        if std::mem::take(&mut wanted[n]) {
            left -= 1;
            if left == 0 {
                break;
            }
        }
        edges(n, &mut |m, length| {
            let nd = d + length;
            if nd < dist[m] {
                dist[m] = nd;
                heap.push(Reverse((nd, m)));
            }
        });
    }
    dist
}

/// The board graph. Node `i` is `MapFile::cities[i]`.
#[derive(Debug, Clone)]
pub struct BoardGraph {
    pub edges: Vec<Edge>,
    /// Node → (neighbour, edge index).
    pub adjacency: Vec<Vec<(usize, usize)>>,
    /// Node is a zone border endpoint (a dead end).
    pub dead_end: Vec<bool>,
    /// City or zone id → the nodes that reach it.
    places: HashMap<String, Vec<usize>>,
}

impl BoardGraph {
    /// Builds the graph. Routes naming unknown cities are skipped (`check` reports them).
    pub fn new(map: &MapFile) -> BoardGraph {
        let index = map.city_indices();
        let mut adjacency = vec![Vec::new(); map.cities.len()];
        let mut edges = Vec::with_capacity(map.routes.len());
        for (i, r) in map.routes.iter().enumerate() {
            let (Some(&a), Some(&b)) = (index.get(r.from.as_str()), index.get(r.to.as_str()))
            else {
                continue;
            };
            let e = edges.len();
            edges.push(Edge {
                route: i,
                a,
                b,
                length: r.length,
                lanes: r.lane_count(),
            });
            adjacency[a].push((b, e));
            if a != b {
                adjacency[b].push((a, e));
            }
        }
        let mut places: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, c) in map.cities.iter().enumerate() {
            places.entry(c.id.clone()).or_default().push(i);
            if let Some(z) = &c.zone {
                places.entry(z.clone()).or_default().push(i);
            }
        }
        let dead_end = map.cities.iter().map(|c| c.zone.is_some()).collect();
        BoardGraph {
            edges,
            adjacency,
            dead_end,
            places,
        }
    }

    pub fn node_count(&self) -> usize {
        self.adjacency.len()
    }

    /// The nodes that stand for a city or zone id (empty when unknown).
    pub fn nodes_of(&self, place: &str) -> &[usize] {
        self.places.get(place).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Shortest distances in spaces from a set of sources, skipping edges for which
    /// `usable(edge)` is false. Dead ends are reached but not passed through.
    pub fn distances_from(&self, sources: &[usize], usable: impl Fn(&Edge) -> bool) -> Vec<Dist> {
        self.dijkstra(sources, usable, &[])
    }

    /// [`Self::distances_from`] every edge usable, stopped once each of `targets` is settled:
    /// the distances of `targets` are final (`UNREACHABLE` for one not reached), the others
    /// may not be.
    pub fn distances_to(&self, sources: &[usize], targets: &[usize]) -> Vec<Dist> {
        self.dijkstra(sources, |_| true, targets)
    }

    /// The search behind both, [`shortest_distances`] over the board's edges.
    fn dijkstra(
        &self,
        sources: &[usize],
        usable: impl Fn(&Edge) -> bool,
        targets: &[usize],
    ) -> Vec<Dist> {
        shortest_distances(self.node_count(), sources, targets, |n, visit| {
            if self.dead_end[n] && !sources.contains(&n) {
                return;
            }
            for &(m, e) in &self.adjacency[n] {
                let edge = &self.edges[e];
                if usable(edge) {
                    visit(m, edge.length as Dist);
                }
            }
        })
    }

    /// Shortest distance between two places (cities or zones).
    pub fn place_distance(&self, from: &str, to: &str) -> Dist {
        let targets = self.nodes_of(to);
        // From a zone, each endpoint is a separate start.
        self.nodes_of(from)
            .iter()
            .map(|&s| {
                let d = self.distances_from(&[s], |_| true);
                targets.iter().map(|&t| d[t]).min().unwrap_or(UNREACHABLE)
            })
            .min()
            .unwrap_or(UNREACHABLE)
    }

    /// The cost of the cheapest network joining every place in `places`: the shortest path for
    /// two, the exact Steiner tree for three (the best meeting node), and for more a tree
    /// grown greedily by nearest place, which can overestimate.
    pub fn joining_cost(&self, places: &[&str]) -> Dist {
        match places {
            [] | [_] => 0,
            [a, b] => self.place_distance(a, b),
            [a, b, c] => {
                let da = self.multi_source(a);
                let db = self.multi_source(b);
                let dc = self.multi_source(c);
                (0..self.node_count())
                    .filter(|&v| {
                        // A meeting point inside a zone would mean travelling through it.
                        !self.dead_end[v] || da[v] == 0 || db[v] == 0 || dc[v] == 0
                    })
                    .map(|v| da[v].saturating_add(db[v]).saturating_add(dc[v]))
                    .min()
                    .unwrap_or(UNREACHABLE)
            }
            _ => {
                let mut joined: Vec<usize> = self.nodes_of(places[0]).to_vec();
                let mut cost: Dist = 0;
                let mut left: Vec<&str> = places[1..].to_vec();
                while !left.is_empty() {
                    let d = self.distances_from(&joined, |_| true);
                    let (i, best) = left
                        .iter()
                        .enumerate()
                        .map(|(i, p)| {
                            (
                                i,
                                self.nodes_of(p)
                                    .iter()
                                    .map(|&n| d[n])
                                    .min()
                                    .unwrap_or(UNREACHABLE),
                            )
                        })
                        .min_by_key(|&(_, d)| d)
                        .expect("left is not empty");
                    if best == UNREACHABLE {
                        return UNREACHABLE;
                    }
                    cost += best;
                    joined.extend_from_slice(self.nodes_of(left.remove(i)));
                }
                cost
            }
        }
    }

    fn multi_source(&self, place: &str) -> Vec<Dist> {
        self.distances_from(self.nodes_of(place), |_| true)
    }

    /// `BoardGraph::ticket_costs` for every ticket, with one Dijkstra per distinct source node
    /// rather than one per ticket: on a 2,000-ticket board most tickets share an origin with
    /// another. A ticket from a zone starts from each endpoint separately (they are dead ends),
    /// as `BoardGraph::place_distance` does. Multi-city tickets keep `joining_cost`.
    pub fn all_ticket_costs<'a>(&self, map: &'a MapFile) -> Vec<TicketCosts<'a>> {
        // (ticket, entry, destination place) for every two-place cost, grouped by origin place.
        let mut by_origin: BTreeMap<&str, Vec<(usize, usize, &str)>> = BTreeMap::new();
        let mut out: Vec<TicketCosts<'a>> = Vec::with_capacity(map.tickets.len());
        for (i, t) in map.tickets.iter().enumerate() {
            let from = t.from.as_deref().unwrap_or("");
            let entry = match t.shape() {
                Some(TicketShape::CityToCity) => {
                    let to = t.to.as_deref().unwrap_or("");
                    by_origin.entry(from).or_default().push((i, 0, to));
                    vec![(None, t.points.unwrap_or(0), UNREACHABLE)]
                }
                Some(TicketShape::AnyOf) => t
                    .targets
                    .iter()
                    .flatten()
                    .enumerate()
                    .map(|(j, target)| {
                        by_origin
                            .entry(from)
                            .or_default()
                            .push((i, j, target.to.as_str()));
                        (Some(target.to.as_str()), target.points, UNREACHABLE)
                    })
                    .collect(),
                _ => self.ticket_costs(t),
            };
            out.push(entry);
        }
        for (origin, wanted) in by_origin {
            // The search from each source stops once every destination is settled.
            let mut targets: Vec<usize> = wanted
                .iter()
                .flat_map(|&(_, _, to)| self.nodes_of(to).iter().copied())
                .collect();
            targets.sort_unstable();
            targets.dedup();
            for &source in self.nodes_of(origin) {
                let dist = self.distances_to(&[source], &targets);
                for &(i, j, to) in &wanted {
                    let best = self
                        .nodes_of(to)
                        .iter()
                        .map(|&n| dist[n])
                        .min()
                        .unwrap_or(UNREACHABLE);
                    let cost = &mut out[i][j].2;
                    *cost = (*cost).min(best);
                }
            }
        }
        out
    }

    /// The network cost a ticket asks for: per target for an any-of ticket (`(target, cost)`),
    /// one entry otherwise.
    pub fn ticket_costs<'t>(&self, t: &'t Ticket) -> TicketCosts<'t> {
        match t.shape() {
            Some(TicketShape::CityToCity) => vec![(
                None,
                t.points.unwrap_or(0),
                self.place_distance(
                    t.from.as_deref().unwrap_or(""),
                    t.to.as_deref().unwrap_or(""),
                ),
            )],
            Some(TicketShape::MultiCity) => {
                let places: Vec<&str> = t.cities.iter().flatten().map(String::as_str).collect();
                vec![(None, t.points.unwrap_or(0), self.joining_cost(&places))]
            }
            Some(TicketShape::AnyOf) => t
                .targets
                .iter()
                .flatten()
                .map(|target| {
                    (
                        Some(target.to.as_str()),
                        target.points,
                        self.place_distance(t.from.as_deref().unwrap_or(""), &target.to),
                    )
                })
                .collect(),
            None => Vec::new(),
        }
    }

    /// Connected components (ignoring dead-end rules: a zone endpoint belongs to the component
    /// of its routes). Returns a component id per node.
    pub fn components(&self) -> Vec<usize> {
        let mut comp = vec![usize::MAX; self.node_count()];
        let mut next = 0;
        for start in 0..self.node_count() {
            if comp[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            comp[start] = next;
            while let Some(n) = stack.pop() {
                for &(m, _) in &self.adjacency[n] {
                    if comp[m] == usize::MAX {
                        comp[m] = next;
                        stack.push(m);
                    }
                }
            }
            next += 1;
        }
        comp
    }

    /// Bridges (edges whose removal disconnects their endpoints) and articulation nodes,
    /// by Tarjan's low-link on an iterative DFS (no recursion: boards may be large).
    pub fn bridges_and_articulations(&self) -> (Vec<usize>, Vec<usize>) {
        let n = self.node_count();
        let mut disc = vec![usize::MAX; n];
        let mut low = vec![0; n];
        let mut bridges = Vec::new();
        let mut is_art = vec![false; n];
        let mut time = 0;
        for root in 0..n {
            if disc[root] != usize::MAX {
                continue;
            }
            // Stack frames: (node, edge used to enter, next adjacency index).
            let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
            disc[root] = time;
            low[root] = time;
            time += 1;
            let mut root_children = 0;
            while let Some(&mut (v, via, ref mut i)) = stack.last_mut() {
                if *i < self.adjacency[v].len() {
                    let (w, e) = self.adjacency[v][*i];
                    *i += 1;
                    if e == via {
                        continue;
                    }
                    if disc[w] == usize::MAX {
                        disc[w] = time;
                        low[w] = time;
                        time += 1;
                        if v == root {
                            root_children += 1;
                        }
                        stack.push((w, e, 0));
                    } else {
                        low[v] = low[v].min(disc[w]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(parent, _, _)) = stack.last() {
                        low[parent] = low[parent].min(low[v]);
                        if low[v] > disc[parent] {
                            bridges.push(via);
                        }
                        if parent != root && low[v] >= disc[parent] {
                            is_art[parent] = true;
                        }
                    }
                }
            }
            if root_children > 1 {
                is_art[root] = true;
            }
        }
        bridges.sort_unstable();
        let arts = (0..n).filter(|&v| is_art[v]).collect();
        (bridges, arts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(text: &str) -> MapFile {
        let loaded = crate::load::load_str("t.toml", text);
        assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
        loaded.map.unwrap()
    }

    const HEAD: &str =
        "[map]\nid='t'\nname='t'\nplayers={min=2,max=5}\nboard={width=10,height=10}\n";

    fn cities(ids: &[&str]) -> String {
        ids.iter()
            .map(|c| format!("[[cities]]\nid='{c}'\nposition=[0,0]\n"))
            .collect()
    }

    fn route(a: &str, b: &str, len: u8) -> String {
        format!("[[routes]]\nfrom='{a}'\nto='{b}'\nlength={len}\n")
    }

    #[test]
    fn steiner_tree_of_three_meets_at_the_best_node() {
        // A star: hub joined to a, b, c by 2, 3, 4; a-b directly by 4.
        // Tree {a,b,c}: via hub 2+3+4 = 9; the pair a-b is 4 but c still needs hub-c 4 + a-hub 2.
        let text = format!(
            "{HEAD}{}{}{}{}{}",
            cities(&["a", "b", "c", "hub"]),
            route("hub", "a", 2),
            route("hub", "b", 3),
            route("hub", "c", 4),
            route("a", "b", 4)
        );
        let m = map(&text);
        let g = BoardGraph::new(&m);
        assert_eq!(g.place_distance("a", "b"), 4);
        assert_eq!(g.joining_cost(&["a", "b", "c"]), 9);
    }

    #[test]
    fn zone_endpoints_are_dead_ends() {
        // x - e1 - y where e1 is a zone endpoint: x cannot reach y through the zone.
        let text = format!(
            "{HEAD}[[zones]]\nid='z'\n[[cities]]\nid='e1'\nposition=[0,0]\nzone='z'\n{}{}{}",
            cities(&["x", "y"]),
            route("x", "e1", 1),
            route("e1", "y", 1)
        );
        let m = map(&text);
        let g = BoardGraph::new(&m);
        assert_eq!(g.place_distance("x", "y"), UNREACHABLE);
        assert_eq!(g.place_distance("x", "z"), 1);
    }

    /// The search stopped at its targets gives them the distances of the full search: a
    /// chain a-b-c-d-e with a short cut b-d (e at 1 + 1 + 2 = 4, not 1 + 2 + 3 + 2), and a zone
    /// endpoint z off c (at 1 + 2 + 1 = 4, reached, not passed through: w beyond it
    /// unreachable); stopped at b, it has gone no further.
    #[test]
    fn distances_stopped_at_the_targets_are_the_full_ones() {
        let text = format!(
            "{HEAD}[[zones]]\nid='zz'\n[[cities]]\nid='z'\nposition=[0,0]\nzone='zz'\n{}{}{}{}{}{}{}{}",
            cities(&["a", "b", "c", "d", "e", "w"]),
            route("a", "b", 1),
            route("b", "c", 2),
            route("c", "d", 3),
            route("b", "d", 1),
            route("d", "e", 2),
            route("c", "z", 1),
            route("z", "w", 1)
        );
        let m = map(&text);
        let g = BoardGraph::new(&m);
        let node = |id: &str| g.nodes_of(id)[0];
        let full = g.distances_from(&[node("a")], |_| true);
        for targets in [vec!["e"], vec!["c", "z"], vec!["w", "e"], vec!["b"]] {
            let t: Vec<usize> = targets.iter().map(|&id| node(id)).collect();
            let stopped = g.distances_to(&[node("a")], &t);
            for &n in &t {
                assert_eq!(stopped[n], full[n], "{targets:?}");
            }
        }
        assert_eq!(full[node("e")], 4);
        assert_eq!(full[node("z")], 4);
        assert_eq!(full[node("w")], UNREACHABLE);
        // Stopped at b, the search has not reached e.
        assert_eq!(
            g.distances_to(&[node("a")], &[node("b")])[node("e")],
            UNREACHABLE
        );
    }

    #[test]
    fn finds_bridges_and_articulations() {
        // Triangle a-b-c with a tail c-d: c-d is the only bridge, c the only articulation.
        let text = format!(
            "{HEAD}{}{}{}{}{}",
            cities(&["a", "b", "c", "d"]),
            route("a", "b", 1),
            route("b", "c", 1),
            route("c", "a", 1),
            route("c", "d", 1)
        );
        let m = map(&text);
        let g = BoardGraph::new(&m);
        let (bridges, arts) = g.bridges_and_articulations();
        assert_eq!(bridges, vec![3]);
        assert_eq!(arts, vec![2]);
    }
}
