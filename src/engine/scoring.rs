//! End-of-game scoring: tickets (with stations' borrowed routes), bonuses, tie-breaks.

use super::{BonusRule, Game, Goal, State};
use crate::model::{AnyOfPenalty, TieBreak, TieScoring};

/// One player's final score, split the way playtest reports show it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScoreBreakdown {
    pub routes: i32,
    pub tickets: i32,
    /// Points for stations not built.
    pub stations: i32,
    pub bonuses: i32,
    pub total: i32,
    pub completed_tickets: u32,
    pub stations_used: u32,
    pub longest_path: u32,
    /// Each kept ticket and whether it was completed.
    pub ticket_results: Vec<(u16, bool)>,
    /// Won, alone or sharing the win after the tie-breaks.
    pub winner: bool,
}

/// Union-find over graph nodes.
pub(super) struct Components {
    parent: Vec<u16>,
}

impl Components {
    pub(super) fn new(n: usize) -> Components {
        Components {
            parent: (0..n as u16).collect(),
        }
    }
    fn find(&mut self, mut x: u16) -> u16 {
        while self.parent[x as usize] != x {
            let up = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = up;
            x = up;
        }
        x
    }
    pub(super) fn join(&mut self, a: u16, b: u16) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra as usize] = rb;
        }
    }
    pub(super) fn joined(&mut self, a: &[u16], b: &[u16]) -> bool {
        a.iter()
            .any(|&x| b.iter().any(|&y| self.find(x) == self.find(y)))
    }
}

/// The points and completion of one ticket in a network.
pub(super) fn ticket_value(
    goal: &Goal,
    net: &mut Components,
    penalty: AnyOfPenalty,
) -> (i32, bool) {
    match goal {
        Goal::Pair(a, b, points) => {
            if net.joined(a, b) {
                (*points, true)
            } else {
                (-*points, false)
            }
        }
        Goal::Multi(places, points) => {
            let first = places.first().map(Vec::as_slice).unwrap_or(&[]);
            let all = first.iter().any(|&start| {
                places[1..]
                    .iter()
                    .all(|p| net.joined(std::slice::from_ref(&start), p))
            });
            if all {
                (*points, true)
            } else {
                (-*points, false)
            }
        }
        // Only the best completed target scores; unfinished, the ticket costs what
        // `rules.tickets.any_of_unfinished` says (default: its lowest target value; the rule
        // texts do not say).
        Goal::AnyOf(from, targets) => {
            let best = targets
                .iter()
                .filter(|(to, _)| net.joined(from, to))
                .map(|(_, p)| *p)
                .max();
            match best {
                Some(p) => (p, true),
                None => {
                    let values = targets.iter().map(|(_, p)| *p);
                    let lost = match penalty {
                        AnyOfPenalty::Lowest => values.min().unwrap_or(0),
                        AnyOfPenalty::Highest => values.max().unwrap_or(0),
                        AnyOfPenalty::Nothing => 0,
                    };
                    (-lost, false)
                }
            }
        }
    }
}

/// Ticket points and completions of player `p` with the given borrowed routes.
fn tickets_with(
    game: &Game,
    state: &State,
    p: usize,
    borrowed: &[u16],
) -> (i32, u32, Vec<(u16, bool)>) {
    let mut net = Components::new(game.node_count as usize);
    for &r in state.players[p].routes.iter().chain(borrowed) {
        let route = &game.routes[r as usize];
        net.join(route.node_a, route.node_b);
    }
    let mut points = 0;
    let mut done = 0;
    let mut results = Vec::with_capacity(state.players[p].tickets.len());
    for &t in &state.players[p].tickets {
        let (v, ok) = ticket_value(
            &game.tickets[t as usize].goal,
            &mut net,
            game.any_of_penalty,
        );
        points += v;
        done += ok as u32;
        results.push((t, ok));
    }
    (points, done, results)
}

/// The routes of other players into `city` a station there may borrow.
pub(super) fn borrowable(game: &Game, state: &State, p: usize, city: u16) -> Vec<u16> {
    let mut out = Vec::new();
    for (r, route) in game.routes.iter().enumerate() {
        if route.city_a != city && route.city_b != city {
            continue;
        }
        let first = route.first_lane as usize;
        let lanes = first..first + route.lane_count as usize;
        let other = lanes
            .clone()
            .any(|l| state.lane_owner[l] != super::NOBODY && state.lane_owner[l] as usize != p);
        let own = lanes.clone().any(|l| state.lane_owner[l] as usize == p);
        if other && !own {
            out.push(r as u16);
        }
    }
    out
}

/// Best ticket result for player `p`: each station borrows one route (or none) into its
/// city, chosen to maximise ticket points, then completed tickets.
fn best_tickets(game: &Game, state: &State, p: usize) -> (i32, u32, Vec<(u16, bool)>) {
    let options: Vec<Vec<u16>> = state.players[p]
        .stations
        .iter()
        .map(|&c| borrowable(game, state, p, c))
        .collect();
    let mut best = tickets_with(game, state, p, &[]);
    if options.iter().all(Vec::is_empty) {
        return best;
    }
    // Odometer over the choices; index `len` means "borrow nothing".
    let mut pick = vec![0usize; options.len()];
    let mut borrowed = Vec::with_capacity(options.len());
    loop {
        borrowed.clear();
        for (i, &k) in pick.iter().enumerate() {
            if let Some(&r) = options[i].get(k) {
                borrowed.push(r);
            }
        }
        let got = tickets_with(game, state, p, &borrowed);
        if (got.0, got.1) > (best.0, best.1) {
            best = got;
        }
        let mut i = 0;
        loop {
            if i == pick.len() {
                return best;
            }
            pick[i] += 1;
            if pick[i] <= options[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

/// The longest continuous path over `edges` (`(a, b, length)`): no edge used twice, nodes
/// may repeat. Exhaustive depth-first search with backtracking, started only where a
/// longest path can start: a longest trail that is closed uses every edge at its nodes
/// (otherwise rotating it to start at a node with an unused edge and adding that edge would
/// make it longer), so it is a whole component with only even degrees, scored as the
/// component's total; an open longest trail cannot be extended at its ends either, so both
/// ends have odd degree, and the search starts from odd-degree nodes only.
pub fn longest_path(node_count: usize, edges: &[(u16, u16, u8)]) -> u32 {
    if edges.len() > 64 {
        return longest_path_any_size(node_count, edges);
    }
    // Nodes touched by the edges, renumbered 0..n (at most 128 for 64 edges).
    let mut nodes = [0u16; 128];
    let mut n = 0;
    let index_of = |x: u16, nodes: &mut [u16; 128], n: &mut usize| -> usize {
        match nodes[..*n].iter().position(|&y| y == x) {
            Some(i) => i,
            None => {
                nodes[*n] = x;
                *n += 1;
                *n - 1
            }
        }
    };
    let mut incident = [0u64; 128];
    let mut degree = [0u32; 128];
    let mut ends = [(0u8, 0u8, 0u8); 64];
    let mut component: [u8; 128] = std::array::from_fn(|i| i as u8);
    fn root(component: &mut [u8; 128], mut x: usize) -> usize {
        while component[x] as usize != x {
            component[x] = component[component[x] as usize];
            x = component[x] as usize;
        }
        x
    }
    for (e, &(a, b, len)) in edges.iter().enumerate() {
        let ia = index_of(a, &mut nodes, &mut n);
        let ib = index_of(b, &mut nodes, &mut n);
        ends[e] = (ia as u8, ib as u8, len);
        incident[ia] |= 1 << e;
        incident[ib] |= 1 << e;
        // A loop edge adds two to its node's degree.
        degree[ia] += 1;
        degree[ib] += 1;
        let (ra, rb) = (root(&mut component, ia), root(&mut component, ib));
        component[ra] = rb as u8;
    }
    // Per component: total length and whether any node has odd degree.
    let mut total = [0u32; 128];
    let mut has_odd = [false; 128];
    for &(a, _, len) in &ends[..edges.len()] {
        total[root(&mut component, a as usize)] += len as u32;
    }
    for (i, &d) in degree.iter().enumerate().take(n) {
        if d % 2 == 1 {
            has_odd[root(&mut component, i)] = true;
        }
    }
    fn walk(node: usize, used: u64, incident: &[u64; 128], ends: &[(u8, u8, u8); 64]) -> u32 {
        let mut best = 0;
        let mut free = incident[node] & !used;
        while free != 0 {
            let e = free.trailing_zeros() as usize;
            free &= free - 1;
            let (a, b, len) = ends[e];
            let next = if a as usize == node { b } else { a } as usize;
            best = best.max(len as u32 + walk(next, used | 1 << e, incident, ends));
        }
        best
    }
    let mut best = 0;
    for (i, &d) in degree.iter().enumerate().take(n) {
        let r = root(&mut component, i);
        if !has_odd[r] {
            best = best.max(total[r]);
        } else if d % 2 == 1 {
            best = best.max(walk(i, 0, &incident, &ends));
        }
    }
    best
}

/// [`longest_path`] for any number of edges: search from every node.
fn longest_path_any_size(node_count: usize, edges: &[(u16, u16, u8)]) -> u32 {
    let mut adjacency: Vec<Vec<(u16, usize)>> = vec![Vec::new(); node_count];
    for (i, &(a, b, _)) in edges.iter().enumerate() {
        adjacency[a as usize].push((b, i));
        adjacency[b as usize].push((a, i));
    }
    fn walk(
        node: u16,
        adjacency: &[Vec<(u16, usize)>],
        edges: &[(u16, u16, u8)],
        used: &mut [bool],
    ) -> u32 {
        let mut best = 0;
        for &(next, e) in &adjacency[node as usize] {
            if !used[e] {
                used[e] = true;
                let len = edges[e].2 as u32 + walk(next, adjacency, edges, used);
                used[e] = false;
                best = best.max(len);
            }
        }
        best
    }
    let mut used = vec![false; edges.len()];
    let mut best = 0;
    for (node, adj) in adjacency.iter().enumerate() {
        if !adj.is_empty() {
            best = best.max(walk(node as u16, &adjacency, edges, &mut used));
        }
    }
    best
}

/// Whether two paths sharing no route join `from` and `to`: a unit-capacity max flow of 2.
pub(super) fn two_disjoint_paths(
    node_count: usize,
    edges: &[(u16, u16)],
    from: &[u16],
    to: &[u16],
) -> bool {
    // Nodes: the graph's, then a source and a sink. Each route is two opposite arcs of
    // capacity 1; arc i's reverse is i ^ 1.
    let source = node_count;
    let sink = node_count + 1;
    let mut head = Vec::new();
    let mut cap = Vec::new();
    let mut adjacency: Vec<Vec<usize>> = vec![Vec::new(); node_count + 2];
    let mut arc = |a: usize, b: usize, c: i32, rev_c: i32| {
        adjacency[a].push(head.len());
        head.push(b);
        cap.push(c);
        adjacency[b].push(head.len());
        head.push(a);
        cap.push(rev_c);
    };
    for &(a, b) in edges {
        arc(a as usize, b as usize, 1, 1);
    }
    for &f in from {
        arc(source, f as usize, 2, 0);
    }
    for &t in to {
        arc(t as usize, sink, 2, 0);
    }
    let mut flow = 0;
    while flow < 2 {
        let mut came: Vec<Option<usize>> = vec![None; node_count + 2];
        let mut queue = std::collections::VecDeque::from([source]);
        let mut seen = vec![false; node_count + 2];
        seen[source] = true;
        while let Some(n) = queue.pop_front() {
            for &a in &adjacency[n] {
                let m = head[a];
                if cap[a] > 0 && !seen[m] {
                    seen[m] = true;
                    came[m] = Some(a);
                    queue.push_back(m);
                }
            }
        }
        if !seen[sink] {
            return false;
        }
        let mut n = sink;
        while let Some(a) = came[n] {
            cap[a] -= 1;
            cap[a ^ 1] += 1;
            n = head[a ^ 1];
        }
        flow += 1;
    }
    true
}

/// Scores every player at the end of the game and marks the winner(s).
pub fn final_scores(game: &Game, state: &State) -> Vec<ScoreBreakdown> {
    let n = state.players.len();
    let mut out: Vec<ScoreBreakdown> = (0..n)
        .map(|p| {
            let player = &state.players[p];
            let (tickets, completed, results) = best_tickets(game, state, p);
            let edges: Vec<(u16, u16, u8)> = player
                .routes
                .iter()
                .map(|&r| {
                    let route = &game.routes[r as usize];
                    (route.node_a, route.node_b, route.length)
                })
                .collect();
            let unused = (game.stations as usize).saturating_sub(player.stations.len());
            ScoreBreakdown {
                routes: player.route_points,
                tickets,
                stations: unused as i32 * game.station_unused_points,
                bonuses: 0,
                total: 0,
                completed_tickets: completed,
                stations_used: player.stations.len() as u32,
                longest_path: longest_path(game.node_count as usize, &edges),
                ticket_results: results,
                winner: false,
            }
        })
        .collect();

    for bonus in &game.bonuses {
        match bonus {
            BonusRule::LongestPath { points, ties } => {
                let values: Vec<u32> = out.iter().map(|b| b.longest_path).collect();
                award_most(&mut out, &values, *points, *ties);
            }
            BonusRule::Globetrotter { points, ties } => {
                let values: Vec<u32> = out.iter().map(|b| b.completed_tickets).collect();
                award_most(&mut out, &values, *points, *ties);
            }
            BonusRule::GrandTour { table, cap } => {
                for (p, score) in out.iter_mut().enumerate() {
                    let edges: Vec<(u16, u16)> = state.players[p]
                        .routes
                        .iter()
                        .map(|&r| {
                            (
                                game.routes[r as usize].node_a,
                                game.routes[r as usize].node_b,
                            )
                        })
                        .collect();
                    let qualifying = state.players[p]
                        .tickets
                        .iter()
                        .filter(|&&t| match &game.tickets[t as usize].goal {
                            Goal::Pair(a, b, _) => {
                                two_disjoint_paths(game.node_count as usize, &edges, a, b)
                            }
                            _ => false,
                        })
                        .count();
                    let mut points: i32 = table.iter().take(qualifying).sum();
                    if *cap > 0 {
                        points = points.min(*cap);
                    }
                    score.bonuses += points;
                }
            }
        }
    }
    for b in &mut out {
        b.total = b.routes + b.tickets + b.stations + b.bonuses;
    }

    // The most points wins; each tie-break keeps the best of those still tied.
    let top = out.iter().map(|b| b.total).max().unwrap_or(0);
    let mut tied: Vec<usize> = (0..n).filter(|&p| out[p].total == top).collect();
    for tie_break in &game.tie_breaks {
        if tied.len() < 2 {
            break;
        }
        let key = |b: &ScoreBreakdown| -> i64 {
            match tie_break {
                TieBreak::MostCompletedTickets => b.completed_tickets as i64,
                TieBreak::FewestStationsUsed => -(b.stations_used as i64),
                TieBreak::LongestPath => b.longest_path as i64,
            }
        };
        let best = tied.iter().map(|&p| key(&out[p])).max().unwrap_or(0);
        tied.retain(|&p| key(&out[p]) == best);
    }
    for p in tied {
        out[p].winner = true;
    }
    out
}

/// Gives `points` to the players with the highest positive value, by the tie rule.
fn award_most(out: &mut [ScoreBreakdown], values: &[u32], points: i32, ties: TieScoring) {
    let best = values.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return;
    }
    let winners: Vec<usize> = (0..values.len()).filter(|&p| values[p] == best).collect();
    let each = match ties {
        TieScoring::All => points,
        TieScoring::Split => points / winners.len() as i32,
        TieScoring::Nobody if winners.len() > 1 => 0,
        TieScoring::Nobody => points,
    };
    for p in winners {
        out[p].bonuses += each;
    }
}
