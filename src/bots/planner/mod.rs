//! Shortest-path planning over what is still open to a player, shared by the style bots.
//!
//! A route costs nothing when the player owns one of its lanes, [`route_cost`] when a lane
//! is still open to them and they have the trains, and cannot be used otherwise.
//! Tickets are planned one after another, best first; the routes planned for earlier
//! tickets cost nothing for later ones, so paths share track.
//!
//! Stations (where the rules give players some): a two-city ticket may also be planned
//! through *one* route another player owns, borrowed by a station in one of its end cities
//! (a city with no station yet, or one of the player's own stations not yet counted on).
//! The station is priced like a route as long as its card cost plus the points an unused
//! station scores, at no points (see [`Planner::station_price`]), and is chosen only when
//! that path is cheaper than every path without it and needs fewer trains (or there is no
//! path without it within the trains left): when the ticket's path is cut by another
//! player's claim and the station is the cheapest way around the cut. A planned station
//! sits in [`Planner::stations`] until built; the borrowed route costs nothing for the
//! tickets planned after it. Goals of three or more places and any-of goals are not planned
//! through stations.

use crate::engine::{Game, Goal, NOBODY, State};
use search::Buckets;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

mod search;

/// Cost of a route that cannot be used.
const BLOCKED: u32 = u32::MAX;

/// Dijkstra scratch and the current plan of one player.
#[derive(Debug, Clone, Default)]
pub struct Planner {
    /// Route → cost for the planning player (0 owned or planned, `BLOCKED` unusable).
    cost: Vec<u32>,
    /// At least every usable cost: the largest [`Planner::reset_costs`] set (costs only
    /// fall to 0 after it, or come back to what they were), so that a search need not scan
    /// the costs to choose between buckets and the heap.
    cost_bound: u32,
    dist: Vec<u32>,
    /// Node → route it was reached by (`u16::MAX`: a source).
    via: Vec<u16>,
    done: Vec<bool>,
    /// Nodes reached and not yet settled, by (distance, node): entries whose distance is
    /// stale (or whose node is settled) are skipped when popped. Only for costs too large
    /// for [`Buckets`].
    heap: BinaryHeap<Reverse<(u32, u16)>>,
    /// The reached, unsettled nodes by distance, for searches whose costs fit (see
    /// [`Buckets`]).
    buckets: Buckets,
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
    /// Stations to build: (city, the route it borrows), in planning order.
    pub stations: Vec<(u16, u16)>,
    /// The node every ticket's path must also join (see [`Planner::reset_costs`]).
    anchor: Option<u16>,
    /// Stations the player may still plan (not built, not planned).
    stations_left: u32,
    /// City → extra cost of borrowing a route into it: 0 at an own station not yet counted
    /// on, the price of the next station at a city without one, `BLOCKED` otherwise.
    borrow_at: Vec<u32>,
    /// Route → whether another player owns a lane of it and the planning player none.
    borrowable: Vec<bool>,
    /// The best path's cost found by the last search (for comparing with a station path).
    last_cost: u32,
    /// The borrowed route and the station's city of the last search through a station.
    borrow: Option<(u16, u16)>,
    /// Scratch of [`Planner::shortest_via_station`], over (node, borrowed yet) pairs.
    station_dist: Vec<u32>,
    station_done: Vec<bool>,
    /// Pair → (route it was reached by, pair it came from); `u16::MAX`: a source.
    station_via: Vec<(u16, u16)>,
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
        state.lane_owner()[first..first + route.lane_count as usize].contains(&p)
    }

    /// A lane of route `r` open to player `p` (ignoring cards and trains).
    pub fn open_lane(game: &Game, state: &State, p: u8, r: usize) -> Option<usize> {
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        (first..first + route.lane_count as usize).find(|&l| state.lane_is_open_to(game, l, p))
    }

    /// Whether route `r` has a lane open to player `p` now or closed only until their
    /// network reaches it (a module's [`opens_later`](crate::engine::Advice::opens_later)):
    /// what plans may use.
    pub fn plannable(game: &Game, state: &State, p: u8, r: usize) -> bool {
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        (first..first + route.lane_count as usize).any(|l| state.lane_open_now_or_later(game, l, p))
    }

    /// The graph node of the city player `p`'s routes must connect to, if a module names one
    /// ([`plan_anchor`](crate::engine::Advice::plan_anchor): Old West's starting city).
    fn anchor_node(game: &Game, state: &State, p: u8) -> Option<u16> {
        let city = game
            .mechanics
            .each_advice()
            .find_map(|(m, advice)| advice.plan_anchor(game, state, m, p))?;
        game.routes.iter().find_map(|r| {
            if r.city_a == city {
                Some(r.node_a)
            } else if r.city_b == city {
                Some(r.node_b)
            } else {
                None
            }
        })
    }

    /// Sets the route costs for player `p` from the position (no plan yet).
    pub fn reset_costs(&mut self, game: &Game, state: &State, p: u8) {
        let trains = state.players[p as usize].trains as u32;
        self.anchor = Self::anchor_node(game, state, p);
        self.cost.clear();
        self.cost_bound = 0;
        for (r, route) in game.routes.iter().enumerate() {
            let c = if Self::owns(game, state, p, r) {
                0
            } else if route.trains_needed() as u32 <= trains && Self::plannable(game, state, p, r) {
                route_cost(route.length, route.points, self.prefer_long)
            } else {
                BLOCKED
            };
            if c != BLOCKED {
                self.cost_bound = self.cost_bound.max(c);
            }
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
        self.reset_stations(game, state, p);
    }

    /// The station part of [`Planner::reset_costs`]: which routes may be borrowed, and at
    /// what price, in which cities.
    fn reset_stations(&mut self, game: &Game, state: &State, p: u8) {
        self.stations.clear();
        self.borrow = None;
        let built = state.players[p as usize].stations.len();
        self.stations_left = (game.stations as usize).saturating_sub(built) as u32;
        let own_stations = state.station_owner.contains(&p);
        self.borrow_at.clear();
        self.borrowable.clear();
        if self.stations_left == 0 && !own_stations {
            return;
        }
        let price = self.station_price(game, built);
        self.borrow_at.extend(state.station_owner.iter().map(|&o| {
            if o == p {
                0
            } else if o == NOBODY && self.stations_left > 0 {
                price
            } else {
                BLOCKED
            }
        }));
        for (r, route) in game.routes.iter().enumerate() {
            let first = route.first_lane as usize;
            let owners = &state.lane_owner()[first..first + route.lane_count as usize];
            self.borrowable
                .push(self.cost[r] == BLOCKED && owners.iter().any(|&o| o != NOBODY && o != p));
        }
    }

    /// The planning cost of building station number `built + 1`: a route as long as its
    /// cards plus the points an unused station scores (what building it gives up), worth
    /// no points. On Europe (1, 2, 3 cards; 4 points) the first costs like a 5-route, so a
    /// detour must be about five trains longer before a station pays.
    pub fn station_price(&self, game: &Game, built: usize) -> u32 {
        let length = game.station_cost(built.min(u8::MAX as usize) as u8) as i32
            + game.station_unused_points.max(0);
        route_cost(length.min(u8::MAX as i32) as u8, 0, self.prefer_long)
    }

    /// Whether a station could still be planned or counted on.
    fn stations_possible(&self) -> bool {
        self.borrow_at.iter().any(|&c| c != BLOCKED)
    }

    /// The city a station borrowing route `r` goes in: the end where it is cheaper (an own
    /// station first), the first end on a tie.
    fn station_city(&self, game: &Game, r: usize) -> u16 {
        let route = &game.routes[r];
        let (a, b) = (route.city_a, route.city_b);
        if self.borrow_at[b as usize] < self.borrow_at[a as usize] {
            b
        } else {
            a
        }
    }

    /// The routes a goal still needs with the current costs (left in `self.path`) and
    /// their trains; `None` when it cannot be completed. An any-of goal takes its target
    /// with the best points for the trains.
    pub fn goal_path(&mut self, game: &Game, goal: &Goal) -> Option<u32> {
        match goal {
            Goal::Pair(a, b, _) => {
                if let Some(anchor) = self.anchor {
                    // The path must also reach the player's network: a leg from its anchor.
                    return self.legs(game, &[&[anchor], a, b]);
                }
                self.shortest(game, a, b)?;
                Some(self.path_trains(game))
            }
            Goal::Multi(places, _) => {
                let anchor = self.anchor.map(|n| vec![n]);
                let legs: Vec<&[u16]> = anchor
                    .iter()
                    .chain(places.iter())
                    .map(Vec::as_slice)
                    .collect();
                self.legs(game, &legs)
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

    /// Joins `places` one by one to the previous; routes of earlier legs are free. The
    /// routes to claim are left in `self.path`; returns their trains.
    fn legs(&mut self, game: &Game, places: &[&[u16]]) -> Option<u32> {
        let mut all = Vec::new();
        let mut saved: Vec<(u16, u32)> = Vec::new();
        let mut found = true;
        for pair in places.windows(2) {
            if self.shortest(game, pair[0], pair[1]).is_none() {
                found = false;
                break;
            }
            for &r in &self.path {
                saved.push((r, self.cost[r as usize]));
                self.cost[r as usize] = 0;
                all.push(r);
            }
        }
        for (r, c) in saved.into_iter().rev() {
            self.cost[r as usize] = c;
        }
        if !found {
            return None;
        }
        self.path = all;
        Some(self.path_trains(game))
    }

    fn path_trains(&self, game: &Game) -> u32 {
        self.path
            .iter()
            .map(|&r| game.routes[r as usize].trains_needed() as u32)
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
                self.plan_trains += game.routes[r].trains_needed() as u32;
                self.cost[r] = 0;
            }
        }
    }

    /// Plans player `p`'s kept tickets, best points first, skipping those without a path
    /// or beyond the trains left; a two-city ticket goes through a station when that is
    /// cheaper (see the module comment).
    pub fn replan(&mut self, game: &Game, state: &State, p: u8) {
        self.replan_tickets(game, state, p, &state.players[p as usize].tickets);
    }

    /// [`Planner::replan`] for `tickets` instead of those `p` holds in `state` (a guess of
    /// another player's hidden tickets).
    pub fn replan_tickets(&mut self, game: &Game, state: &State, p: u8, tickets: &[u16]) {
        self.reset_costs(game, state, p);
        let trains = state.players[p as usize].trains as u32;
        let mut order: Vec<u16> = tickets.to_vec();
        order.sort_by_key(|&t| (-ticket_points(&game.tickets[t as usize].goal), t));
        for t in order {
            let goal = &game.tickets[t as usize].goal;
            let direct = self
                .goal_path(game, goal)
                .filter(|&need| self.plan_trains + need <= trains)
                .map(|need| (need, self.last_cost));
            if let Goal::Pair(a, b, _) = goal
                && self.stations_possible()
            {
                let direct_path = std::mem::take(&mut self.path);
                let below = direct.map_or(BLOCKED, |(_, direct_cost)| direct_cost);
                if let Some(cost) = self.shortest_via_station(game, a, b, below) {
                    let need = self.path_trains(game);
                    let cheaper = self.plan_trains + need <= trains
                        && direct.is_none_or(|(direct_need, direct_cost)| {
                            cost < direct_cost && need < direct_need
                        });
                    if cheaper {
                        self.commit_station(game, state, p);
                        self.commit_path(game);
                        continue;
                    }
                }
                self.path = direct_path;
            }
            match direct {
                Some(_) => self.commit_path(game),
                None => self.hopeless += 1,
            }
        }
    }

    /// Counts on the station of the last search through one: the borrowed route costs
    /// nothing from now on, and a new station joins [`Planner::stations`].
    fn commit_station(&mut self, game: &Game, state: &State, p: u8) {
        let Some((route, city)) = self.borrow.take() else {
            return;
        };
        self.cost[route as usize] = 0;
        let new = self.borrow_at[city as usize] != 0;
        self.borrow_at[city as usize] = BLOCKED;
        if !new {
            return;
        }
        self.stations.push((city, route));
        self.stations_left -= 1;
        // The next station costs more (or there is none left).
        let planned = state.players[p as usize].stations.len() + self.stations.len();
        let price = if self.stations_left > 0 {
            self.station_price(game, planned)
        } else {
            BLOCKED
        };
        for c in &mut self.borrow_at {
            if *c != 0 && *c != BLOCKED {
                *c = price;
            }
        }
    }

    /// Whether every planned route is still open to `p` (claimed ones leave the plan) and
    /// every planned station's city still free (built ones leave the plan).
    pub fn still_valid(&mut self, game: &Game, state: &State, p: u8) -> bool {
        let mut i = 0;
        while i < self.plan.len() {
            let r = self.plan[i] as usize;
            if Self::owns(game, state, p, r) {
                self.plan.remove(i);
                self.plan_need.remove(i);
                self.in_plan[r] = false;
                self.plan_trains -= game.routes[r].trains_needed() as u32;
                continue;
            }
            if !Self::plannable(game, state, p, r) {
                return false;
            }
            i += 1;
        }
        self.stations
            .retain(|&(city, _)| state.station_owner[city as usize] != p);
        self.stations
            .iter()
            .all(|&(city, _)| state.station_owner[city as usize] == NOBODY)
    }

    /// The extra trains ticket `goal` would need on top of the plan (`None`: impossible).
    pub fn extra_trains(&mut self, game: &Game, goal: &Goal) -> Option<u32> {
        self.goal_path(game, goal)
    }
}
