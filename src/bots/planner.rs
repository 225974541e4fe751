//! Shortest-path planning over what is still open to a player, shared by the style bots.
//!
//! A route costs nothing when the player owns one of its lanes, [`route_cost`] when a lane
//! is still open to them and they have the trains, and cannot be used otherwise.
//! Tickets are planned one after another, best first; the routes planned for earlier
//! tickets cost nothing for later ones, so paths share track.

use crate::engine::{Game, Goal, State};

/// Cost of a route that cannot be used.
const BLOCKED: u32 = u32::MAX;

/// Dijkstra scratch and the current plan of one player.
#[derive(Debug, Clone, Default)]
pub struct Planner {
    /// Route → cost for the planning player (0 owned or planned, `BLOCKED` unusable).
    cost: Vec<u32>,
    dist: Vec<u32>,
    /// Node → route it was reached by (`u16::MAX`: a source).
    via: Vec<u16>,
    done: Vec<bool>,
    /// Node → whether it is a target of the current search.
    target: Vec<bool>,
    path: Vec<u16>,
    /// Routes to claim, in planning order (best ticket's first).
    pub plan: Vec<u16>,
    /// For each planned route, the trains its ticket still needed when it was planned
    /// (routes shared with an earlier ticket count for that one).
    pub plan_need: Vec<u32>,
    /// Route → whether it is in `plan`.
    pub in_plan: Vec<bool>,
    /// Trains the plan needs.
    pub plan_trains: u32,
    /// Kept tickets with no path left (they will score negative).
    pub hopeless: u32,
    /// Price routes by trains *less their points* (see [`route_cost`]), so that paths run
    /// over long routes when a detour costs little; `false`: by trains only.
    pub prefer_long: bool,
}

/// The planning cost of an open route of `length` spaces worth `points`.
///
/// By trains, a route costs its length plus one, so that among equally long paths the one
/// with fewer routes (fewer turns) wins. Preferring long routes, it costs four times that
/// less its points: per train a 1-route then costs 7, a 2-route 5, a 3-route 4, a 4-route
/// 3.25, a 5-route 2.8 and a 6-route 2.2 (USA points 1, 2, 4, 7, 10, 15), so a path one or
/// two spaces longer over long routes beats a short path over short ones. Always positive,
/// as Dijkstra needs.
pub fn route_cost(length: u8, points: i32, prefer_long: bool) -> u32 {
    let by_trains = length as u32 + 1;
    if prefer_long {
        (by_trains * 4).saturating_sub(points.max(0) as u32).max(1)
    } else {
        by_trains
    }
}

/// What a ticket is worth when completed (an any-of ticket: its best target).
pub fn ticket_points(goal: &Goal) -> i32 {
    match goal {
        Goal::Pair(_, _, p) | Goal::Multi(_, p) => *p,
        Goal::AnyOf(_, targets) => targets.iter().map(|(_, p)| *p).max().unwrap_or(0),
    }
}

impl Planner {
    /// An empty planner; `prefer_long`: see [`Planner::prefer_long`].
    pub fn new(prefer_long: bool) -> Planner {
        Planner {
            prefer_long,
            ..Planner::default()
        }
    }

    /// Whether player `p` owns a lane of route `r`.
    pub fn owns(game: &Game, state: &State, p: u8, r: usize) -> bool {
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        state.lane_owner[first..first + route.lane_count as usize].contains(&p)
    }

    /// A lane of route `r` open to player `p` (ignoring cards and trains).
    pub fn open_lane(game: &Game, state: &State, p: u8, r: usize) -> Option<usize> {
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        (first..first + route.lane_count as usize).find(|&l| state.lane_is_open_to(game, l, p))
    }

    /// Sets the route costs for player `p` from the position (no plan yet).
    pub fn reset_costs(&mut self, game: &Game, state: &State, p: u8) {
        let trains = state.players[p as usize].trains as u32;
        self.cost.clear();
        for (r, route) in game.routes.iter().enumerate() {
            let c = if Self::owns(game, state, p, r) {
                0
            } else if route.length as u32 <= trains && Self::open_lane(game, state, p, r).is_some()
            {
                route_cost(route.length, route.points, self.prefer_long)
            } else {
                BLOCKED
            };
            self.cost.push(c);
        }
        let nodes = game.node_count as usize;
        self.dist.resize(nodes, 0);
        self.via.resize(nodes, 0);
        self.done.resize(nodes, false);
        self.target.resize(nodes, false);
        self.in_plan.clear();
        self.in_plan.resize(game.routes.len(), false);
        self.plan.clear();
        self.plan_need.clear();
        self.plan_trains = 0;
        self.hopeless = 0;
    }

    /// The cheapest way from any node of `from` to any node of `to` with the current costs:
    /// its cost, with the routes still to claim left in `self.path`. `None`: no way.
    pub fn shortest(&mut self, game: &Game, from: &[u16], to: &[u16]) -> Option<u32> {
        self.dist.fill(BLOCKED);
        self.done.fill(false);
        self.target.fill(false);
        for &t in to {
            self.target[t as usize] = true;
        }
        for &f in from {
            self.dist[f as usize] = 0;
            self.via[f as usize] = u16::MAX;
        }
        self.path.clear();
        // O(V²) Dijkstra: the boards have a few dozen nodes, so a heap does not pay.
        loop {
            let mut best = BLOCKED;
            let mut node = usize::MAX;
            for (n, (&d, &done)) in self.dist.iter().zip(&self.done).enumerate() {
                if !done && d < best {
                    best = d;
                    node = n;
                }
            }
            if node == usize::MAX {
                return None;
            }
            if self.target[node] {
                let mut n = node;
                while self.via[n] != u16::MAX {
                    let r = self.via[n] as usize;
                    if self.cost[r] > 0 {
                        self.path.push(r as u16);
                    }
                    let route = &game.routes[r];
                    n = if route.node_a as usize == n {
                        route.node_b
                    } else {
                        route.node_a
                    } as usize;
                }
                return Some(best);
            }
            self.done[node] = true;
            for &r in &game.node_routes[node] {
                let c = self.cost[r as usize];
                if c == BLOCKED {
                    continue;
                }
                let route = &game.routes[r as usize];
                let next = if route.node_a as usize == node {
                    route.node_b
                } else {
                    route.node_a
                } as usize;
                let d = best + c;
                if d < self.dist[next] {
                    self.dist[next] = d;
                    self.via[next] = r;
                }
            }
        }
    }

    /// The routes a goal still needs with the current costs (left in `self.path`) and
    /// their trains; `None` when it cannot be completed. An any-of goal takes its target
    /// with the best points for the trains.
    pub fn goal_path(&mut self, game: &Game, goal: &Goal) -> Option<u32> {
        match goal {
            Goal::Pair(a, b, _) => {
                self.shortest(game, a, b)?;
                Some(self.path_trains(game))
            }
            Goal::Multi(places, _) => {
                // Join the places one by one to the first; routes of earlier legs are free.
                let mut all = Vec::new();
                let saved: Vec<(u16, u32)> = Vec::new();
                let mut saved = saved;
                for pair in places.windows(2) {
                    self.shortest(game, &pair[0], &pair[1])?;
                    for &r in &self.path {
                        saved.push((r, self.cost[r as usize]));
                        self.cost[r as usize] = 0;
                        all.push(r);
                    }
                }
                for (r, c) in saved.into_iter().rev() {
                    self.cost[r as usize] = c;
                }
                self.path = all;
                Some(self.path_trains(game))
            }
            Goal::AnyOf(from, targets) => {
                let mut best: Option<(i64, Vec<u16>, u32)> = None;
                for (to, points) in targets {
                    if self.shortest(game, from, to).is_none() {
                        continue;
                    }
                    let trains = self.path_trains(game);
                    // Points are worth about two trains each (a ticket's points are roughly
                    // the length of its shortest route).
                    let value = *points as i64 * 2 - trains as i64;
                    if best.as_ref().is_none_or(|b| value > b.0) {
                        best = Some((value, self.path.clone(), trains));
                    }
                }
                let (_, path, trains) = best?;
                self.path = path;
                Some(trains)
            }
        }
    }

    fn path_trains(&self, game: &Game) -> u32 {
        self.path
            .iter()
            .map(|&r| game.routes[r as usize].length as u32)
            .sum()
    }

    /// Adds the routes in `self.path` to the plan (they cost nothing from now on).
    pub fn commit_path(&mut self, game: &Game) {
        let need = self.path_trains(game);
        for i in 0..self.path.len() {
            let r = self.path[i] as usize;
            if !self.in_plan[r] && self.cost[r] > 0 {
                self.in_plan[r] = true;
                self.plan.push(r as u16);
                self.plan_need.push(need);
                self.plan_trains += game.routes[r].length as u32;
                self.cost[r] = 0;
            }
        }
    }

    /// Plans player `p`'s kept tickets, best points first, skipping those without a path
    /// or beyond the trains left.
    pub fn replan(&mut self, game: &Game, state: &State, p: u8) {
        self.reset_costs(game, state, p);
        let trains = state.players[p as usize].trains as u32;
        let mut order: Vec<u16> = state.players[p as usize].tickets.clone();
        order.sort_by_key(|&t| (-ticket_points(&game.tickets[t as usize].goal), t));
        for t in order {
            match self.goal_path(game, &game.tickets[t as usize].goal) {
                Some(need) if self.plan_trains + need <= trains => self.commit_path(game),
                Some(_) | None => self.hopeless += 1,
            }
        }
    }

    /// Whether every planned route is still open to `p` (claimed ones leave the plan).
    pub fn still_valid(&mut self, game: &Game, state: &State, p: u8) -> bool {
        let mut i = 0;
        while i < self.plan.len() {
            let r = self.plan[i] as usize;
            if Self::owns(game, state, p, r) {
                self.plan.remove(i);
                self.plan_need.remove(i);
                self.in_plan[r] = false;
                self.plan_trains -= game.routes[r].length as u32;
                continue;
            }
            if Self::open_lane(game, state, p, r).is_none() {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The extra trains ticket `goal` would need on top of the plan (`None`: impossible).
    pub fn extra_trains(&mut self, game: &Game, goal: &Goal) -> Option<u32> {
        self.goal_path(game, goal)
    }
}
