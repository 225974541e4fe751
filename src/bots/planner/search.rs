//! The planner's shortest-path searches: Dijkstra over the board's nodes with a bucket
//! queue (costs below [`BUCKETS`]) or a binary heap, and the search through one station.
//! Every search settles the unsettled node of least distance, the lowest-numbered among
//! equals, so all of them find the path a scan of every node would (the tests keep that
//! scan as the reference).

use super::{BLOCKED, Planner};
use crate::engine::Game;
use std::cmp::Reverse;

impl Planner {
    /// The cheapest way from any node of `from` to any node of `to` with the current costs:
    /// its cost, with the routes still to claim left in `self.path`. `None`: no way.
    ///
    /// Both searches settle the unsettled node of least distance, the lowest-numbered
    /// among equals, so they find the same path; the bucket queue does without the heap's
    /// pops (a third of a France or Old West style game), but only holds costs below
    /// [`BUCKETS`].
    pub fn shortest(&mut self, game: &Game, from: &[u16], to: &[u16]) -> Option<u32> {
        if (self.cost_bound as usize) < BUCKETS {
            self.shortest_by_buckets(game, from, to)
        } else {
            self.shortest_by_heap(game, from, to)
        }
    }

    /// [`Planner::shortest`] with a bucket queue ([`Buckets`]): every cost is below
    /// [`BUCKETS`].
    pub(super) fn shortest_by_buckets(
        &mut self,
        game: &Game,
        from: &[u16],
        to: &[u16],
    ) -> Option<u32> {
        self.start_towards(to);
        self.buckets.clear(game.node_count as usize);
        for &f in from {
            if self.dist[f as usize] != 0 {
                self.dist[f as usize] = 0;
                self.buckets.insert(0, f as usize);
            }
            self.via[f as usize] = u16::MAX;
        }
        self.path.clear();
        loop {
            // Each reached node is in the queue once, at its distance: nothing is stale.
            let (best, node) = self.buckets.pop()?;
            if self.target[node] {
                return Some(self.walk_back(game, node, best));
            }
            for &(r, next) in game.node_links(node) {
                let c = self.cost[r as usize];
                if c == BLOCKED {
                    continue;
                }
                let next = next as usize;
                let d = best + c;
                let old = self.dist[next];
                if d < old {
                    // A node with a distance above `best` is still queued (settled nodes
                    // are never nearer than `best`): it moves.
                    if old != BLOCKED {
                        self.buckets.remove(old, next);
                    }
                    self.dist[next] = d;
                    self.via[next] = r;
                    self.buckets.insert(d, next);
                }
            }
        }
    }

    /// The start of a search towards `to`: no node reached yet, `to` marked as targets.
    #[inline]
    fn start_towards(&mut self, to: &[u16]) {
        self.dist.fill(BLOCKED);
        self.target.fill(false);
        for &t in to {
            self.target[t as usize] = true;
        }
    }

    /// Leaves in `self.path` the routes still to claim on the way found to `node`, at
    /// distance `best`; returns `best`.
    pub(super) fn walk_back(&mut self, game: &Game, node: usize, best: u32) -> u32 {
        self.last_cost = best;
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
        best
    }

    /// [`Planner::shortest`] with a binary heap, for any costs.
    pub(super) fn shortest_by_heap(
        &mut self,
        game: &Game,
        from: &[u16],
        to: &[u16],
    ) -> Option<u32> {
        self.start_towards(to);
        self.done.fill(false);
        self.heap.clear();
        for &f in from {
            self.dist[f as usize] = 0;
            self.via[f as usize] = u16::MAX;
            self.heap.push(Reverse((0, f)));
        }
        self.path.clear();
        // Dijkstra with a heap of (distance, node): it settles the unsettled node of least
        // distance, the lowest-numbered among equals, exactly as a scan of every node
        // would (the scan's codegen swung whole bot runs by 1.5x between builds).
        loop {
            let Reverse((best, node)) = self.heap.pop()?;
            let node = node as usize;
            if self.done[node] || best != self.dist[node] {
                continue;
            }
            if self.target[node] {
                return Some(self.walk_back(game, node, best));
            }
            self.done[node] = true;
            for &r in &game.node_routes[node] {
                let c = self.cost[r as usize];
                if c == BLOCKED {
                    continue;
                }
                let next = game.routes[r as usize].other_end(node as u16) as usize;
                let d = best + c;
                if d < self.dist[next] {
                    self.dist[next] = d;
                    self.via[next] = r;
                    self.heap.push(Reverse((d, next as u16)));
                }
            }
        }
    }

    /// Like [`Planner::shortest`], but through exactly one borrowed route (see the module
    /// comment): the cost includes the station's price; `self.borrow` names the borrowed
    /// route and the station's city. `None`: no such way cheaper than `below` (a way that
    /// costs as much as the one without a station is never taken, so the search stops
    /// there instead of settling the rest of the board).
    pub(super) fn shortest_via_station(
        &mut self,
        game: &Game,
        from: &[u16],
        to: &[u16],
        below: u32,
    ) -> Option<u32> {
        let n = game.node_count as usize;
        self.station_dist.clear();
        self.station_dist.resize(2 * n, BLOCKED);
        self.station_done.clear();
        self.station_done.resize(2 * n, false);
        self.station_via.clear();
        self.station_via.resize(2 * n, (u16::MAX, u16::MAX));
        self.target.fill(false);
        for &t in to {
            self.target[t as usize] = true;
        }
        // Station prices are route-like costs too: the bucket queue takes them when every
        // step is below its limit, as in [`Planner::shortest`].
        let max_price = self.borrow_at.iter().filter(|&&c| c != BLOCKED).max();
        let by_buckets = (self.cost_bound.max(max_price.copied().unwrap_or(0)) as usize) < BUCKETS;
        self.buckets.clear(2 * n);
        self.heap.clear();
        for &f in from {
            self.station_reach(by_buckets, f as usize, 0, (u16::MAX, u16::MAX));
        }
        self.path.clear();
        self.borrow = None;
        // Both queues settle the pairs in the order of a scan of every pair (least distance,
        // the lowest-numbered among equals): the scan was half of a Castilla y León game.
        loop {
            let (best, at) = self.station_pop(by_buckets)?;
            if best >= below {
                return None;
            }
            let (node, borrowed) = (at % n, at >= n);
            if borrowed && self.target[node] {
                let mut i = at;
                while self.station_via[i].0 != u16::MAX {
                    let (r, prev) = self.station_via[i];
                    let before_borrow = (prev as usize) < n;
                    if before_borrow && i >= n {
                        self.borrow = Some((r, self.station_city(game, r as usize)));
                    } else if self.cost[r as usize] > 0 {
                        self.path.push(r);
                    }
                    i = prev as usize;
                }
                return Some(best);
            }
            self.station_done[at] = true;
            for &(r, next) in game.node_links(node) {
                let next = next as usize;
                let c = self.cost[r as usize];
                if c != BLOCKED {
                    let to = next + if borrowed { n } else { 0 };
                    self.station_reach(by_buckets, to, best + c, (r, at as u16));
                }
                if !borrowed && self.borrowable[r as usize] {
                    let price = self.borrow_at[self.station_city(game, r as usize) as usize];
                    if price != BLOCKED {
                        self.station_reach(by_buckets, next + n, best + price, (r, at as u16));
                    }
                }
            }
        }
    }

    /// Reaches the (node, borrowed yet) pair `at` of the station search at distance `d`
    /// through `via`, if that is nearer than before, and queues it there.
    pub(super) fn station_reach(&mut self, by_buckets: bool, at: usize, d: u32, via: (u16, u16)) {
        let old = self.station_dist[at];
        if d >= old {
            return;
        }
        self.station_dist[at] = d;
        self.station_via[at] = via;
        if by_buckets {
            // A pair is queued once, at its distance (a settled pair is never nearer).
            if old != BLOCKED {
                self.buckets.remove(old, at);
            }
            self.buckets.insert(d, at);
        } else {
            self.heap.push(Reverse((d, at as u16)));
        }
    }

    /// The station search's unsettled pair of least distance, the lowest-numbered among
    /// equals, with its distance; `None` when none is left.
    pub(super) fn station_pop(&mut self, by_buckets: bool) -> Option<(u32, usize)> {
        if by_buckets {
            return self.buckets.pop();
        }
        loop {
            let Reverse((d, at)) = self.heap.pop()?;
            let at = at as usize;
            if !self.station_done[at] && d == self.station_dist[at] {
                return Some((d, at));
            }
        }
    }
}

/// Distances [`Buckets`] holds at once: a search's queued distances lie within its largest
/// route cost of the last settled one, so costs must stay below this.
pub(super) const BUCKETS: usize = 64;

/// A bucket queue (Dial's) of the reached, unsettled nodes of a search: bucket `d %
/// BUCKETS` holds, as a bit set, the nodes at distance `d`. The least distance is the first
/// non-empty bucket from the last one popped (a bit of `non_empty`), and the least node
/// in it its lowest bit, so nodes come out in the heap's order, (distance, node).
#[derive(Debug, Clone, Default)]
pub(super) struct Buckets {
    /// `BUCKETS` bit sets of `words` words each.
    bits: Vec<u64>,
    words: usize,
    /// Bucket → whether it holds a node.
    non_empty: u64,
    /// The distance last popped: every queued distance is at least this.
    floor: u32,
}

impl Buckets {
    /// Empties the queue for a search over `nodes` nodes.
    fn clear(&mut self, nodes: usize) {
        self.words = nodes.div_ceil(64).max(1);
        self.bits.clear();
        self.bits.resize(BUCKETS * self.words, 0);
        self.non_empty = 0;
        self.floor = 0;
    }

    fn insert(&mut self, dist: u32, node: usize) {
        let b = dist as usize % BUCKETS;
        self.bits[b * self.words + node / 64] |= 1 << (node % 64);
        self.non_empty |= 1 << b;
    }

    fn remove(&mut self, dist: u32, node: usize) {
        let b = dist as usize % BUCKETS;
        let set = &mut self.bits[b * self.words..(b + 1) * self.words];
        set[node / 64] &= !(1 << (node % 64));
        if set.iter().all(|&w| w == 0) {
            self.non_empty &= !(1 << b);
        }
    }

    /// The queued node of least distance, the lowest-numbered among equals, with its
    /// distance, taken out of the queue; `None` when empty.
    fn pop(&mut self) -> Option<(u32, usize)> {
        if self.non_empty == 0 {
            return None;
        }
        let at = self.floor as usize % BUCKETS;
        let dist = self.floor + self.non_empty.rotate_right(at as u32).trailing_zeros();
        let b = dist as usize % BUCKETS;
        let set = &mut self.bits[b * self.words..(b + 1) * self.words];
        let w = set.iter().position(|&w| w != 0)?;
        let node = w * 64 + set[w].trailing_zeros() as usize;
        set[w] &= set[w] - 1;
        if set[w] == 0 && set.iter().all(|&x| x == 0) {
            self.non_empty &= !(1 << b);
        }
        self.floor = dist;
        Some((dist, node))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::State;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The unsettled node nearest the start in an O(V²) Dijkstra, with its distance; `None`
    /// when every node left is unreachable.
    fn closest_undone(dist: &[u32], done: &[bool]) -> Option<(usize, u32)> {
        let mut best = BLOCKED;
        let mut node = None;
        for (n, (&d, &settled)) in dist.iter().zip(done).enumerate() {
            if !settled && d < best {
                best = d;
                node = Some(n);
            }
        }
        node.map(|n| (n, best))
    }

    /// The search the heap replaced: settle the unsettled node of least distance found by
    /// a scan of every node.
    fn shortest_by_scan(pl: &mut Planner, game: &Game, from: &[u16], to: &[u16]) -> Option<u32> {
        pl.dist.fill(BLOCKED);
        pl.done.fill(false);
        for &f in from {
            pl.dist[f as usize] = 0;
            pl.via[f as usize] = u16::MAX;
        }
        loop {
            let (node, best) = closest_undone(&pl.dist, &pl.done)?;
            if to.contains(&(node as u16)) {
                return Some(best);
            }
            pl.done[node] = true;
            for &r in &game.node_routes[node] {
                let c = pl.cost[r as usize];
                if c == BLOCKED {
                    continue;
                }
                let next = game.routes[r as usize].other_end(node as u16) as usize;
                if best + c < pl.dist[next] {
                    pl.dist[next] = best + c;
                    pl.via[next] = r;
                }
            }
        }
    }

    /// A shipped map's game at `players` and its starting position dealt from `seed`, with
    /// the chance stream the deal left (the tests draw their costs from it).
    fn game_at(map: &str, players: u8, seed: u64) -> (Game, State, ChaCha8Rng) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(map);
        let map = crate::load::load_path(&path).unwrap().map.unwrap();
        let game = Game::new(&map, players, None).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let state = State::new(&game, seed, &mut rng);
        (game, state, rng)
    }

    /// For `rounds` rounds: `costs` sets the planner's costs for the round, then `check` runs
    /// for every ordered pair of distinct cities.
    fn every_pair(
        pl: &mut Planner,
        game: &Game,
        rounds: u32,
        mut costs: impl FnMut(&mut Planner, u32),
        mut check: impl FnMut(&mut Planner, u32, u16, u16),
    ) {
        let nodes = game.node_count;
        for round in 0..rounds {
            costs(pl, round);
            for a in 0..nodes {
                for b in (0..nodes).filter(|&b| b != a) {
                    check(pl, round, a, b);
                }
            }
        }
    }

    /// The heap settles nodes in the scan's order (least distance, lowest node among
    /// equals), so it finds the same cost and the same routes, ties included: random costs
    /// with many ties (0-3) on the USA board, every pair of cities.
    #[test]
    fn the_heap_search_finds_what_the_scan_found() {
        let (game, state, mut rng) = game_at("usa.toml", 2, 7);
        let mut pl = Planner::new(false);
        pl.reset_costs(&game, &state, 0);
        let costs = |pl: &mut Planner, _| {
            for c in pl.cost.iter_mut() {
                *c = match rng.random_range(0..5u32) {
                    4 => BLOCKED,
                    n => n,
                };
            }
        };
        every_pair(&mut pl, &game, 20, costs, |pl, round, a, b| {
            let heap = pl.shortest(&game, &[a], &[b]);
            let heap_path = pl.path.clone();
            let heap_via = pl.via.clone();
            let scan = shortest_by_scan(pl, &game, &[a], &[b]);
            assert_eq!(heap, scan, "round {round}, {a} to {b}");
            if heap.is_some() {
                // Same tree towards the target: the same predecessor at every node the
                // target's path walks through.
                let mut n = b as usize;
                while heap_via[n] != u16::MAX {
                    assert_eq!(heap_via[n], pl.via[n], "round {round}, {a} to {b}");
                    n = game.routes[heap_via[n] as usize].other_end(n as u16) as usize;
                }
                assert!(heap_path.iter().all(|&r| pl.cost[r as usize] > 0));
            }
        });
    }

    /// The bucket queue and the heap find the same cost, path and tree on costs up to the
    /// buckets' limit (distances wrap round the ring many times), and costs past it go to
    /// the heap.
    #[test]
    fn the_buckets_find_what_the_heap_found() {
        let (game, state, mut rng) = game_at("france.toml", 4, 11);
        let mut pl = Planner::new(false);
        pl.reset_costs(&game, &state, 0);
        let nodes = game.node_count;
        let costs = |pl: &mut Planner, _| {
            for c in pl.cost.iter_mut() {
                *c = match rng.random_range(0..8u32) {
                    0 => BLOCKED,
                    1 => 0,
                    2 => BUCKETS as u32 - 1,
                    _ => rng.random_range(1..BUCKETS as u32),
                };
            }
        };
        every_pair(&mut pl, &game, 10, costs, |pl, round, a, b| {
            let heap = pl.shortest_by_heap(&game, &[a], &[b, (b + 7) % nodes]);
            let heap_path = pl.path.clone();
            let fast = pl.shortest(&game, &[a], &[b, (b + 7) % nodes]);
            assert_eq!(heap, fast, "round {round}, {a} to {b}");
            assert_eq!(heap_path, pl.path, "round {round}, {a} to {b}");
        });
        pl.cost[0] = BUCKETS as u32;
        pl.cost_bound = BUCKETS as u32;
        assert_eq!(
            pl.shortest(&game, &[0], &[1]),
            pl.shortest_by_heap(&game, &[0], &[1])
        );
    }

    /// The station search as it was before the heap: each step settles the (node, borrowed
    /// yet) pair a scan of every pair finds nearest. Returns the cost, the routes to claim
    /// and the borrowed route with its station's city.
    fn station_search_by_scan(
        pl: &mut Planner,
        game: &Game,
        from: &[u16],
        to: &[u16],
    ) -> (Option<u32>, Vec<u16>, Option<(u16, u16)>) {
        let n = game.node_count as usize;
        let mut dist = vec![BLOCKED; 2 * n];
        let mut done = vec![false; 2 * n];
        let mut via = vec![(u16::MAX, u16::MAX); 2 * n];
        for &f in from {
            dist[f as usize] = 0;
        }
        loop {
            let Some((at, best)) = closest_undone(&dist, &done) else {
                return (None, Vec::new(), None);
            };
            let (node, borrowed) = (at % n, at >= n);
            if borrowed && to.contains(&(node as u16)) {
                let (mut path, mut borrow, mut i) = (Vec::new(), None, at);
                while via[i].0 != u16::MAX {
                    let (r, prev) = via[i];
                    if (prev as usize) < n && i >= n {
                        borrow = Some((r, pl.station_city(game, r as usize)));
                    } else if pl.cost[r as usize] > 0 {
                        path.push(r);
                    }
                    i = prev as usize;
                }
                return (Some(best), path, borrow);
            }
            done[at] = true;
            for &r in &game.node_routes[node] {
                let next = game.routes[r as usize].other_end(node as u16) as usize;
                let c = pl.cost[r as usize];
                let to = next + if borrowed { n } else { 0 };
                if c != BLOCKED && best + c < dist[to] {
                    dist[to] = best + c;
                    via[to] = (r, at as u16);
                }
                if !borrowed && pl.borrowable[r as usize] {
                    let price = pl.borrow_at[pl.station_city(game, r as usize) as usize];
                    if price != BLOCKED && best + price < dist[next + n] {
                        dist[next + n] = best + price;
                        via[next + n] = (r, at as u16);
                    }
                }
            }
        }
    }

    /// The station search's queues (buckets and heap) settle pairs in the scan's order, so
    /// they find the same cost, routes and borrowed route, ties included: Europe at 2
    /// players after 60 moves of two styles (seat 1's routes to borrow), random costs with
    /// many ties (0-3), every pair of cities.
    #[test]
    fn the_station_search_finds_what_the_scan_found() {
        use crate::bots::Bot;
        use crate::bots::styles::{Style, StyleBot};
        let (game, mut state, mut rng) = game_at("europe.toml", 2, 3);
        let mut bots = [
            StyleBot::new(Style::LongRoute),
            StyleBot::new(Style::OneStep),
        ];
        let mut scratch = Vec::new();
        for _ in 0..60 {
            let p = state.current_player() as usize;
            let a = bots[p].act(&game, &state, &mut scratch, &mut rng).unwrap();
            state.apply(&game, a, &mut rng).unwrap();
        }
        let mut pl = Planner::new(false);
        pl.reset_costs(&game, &state, 0);
        assert!(pl.borrowable.iter().filter(|&&b| b).count() > 5);
        let mut borrowed = 0;
        // Even rounds: small costs (the bucket queue); odd: past its limit (the heap).
        let scale = |round: u32| {
            if round.is_multiple_of(2) {
                1
            } else {
                BUCKETS as u32
            }
        };
        let costs = |pl: &mut Planner, round| {
            for c in pl.cost.iter_mut().filter(|c| **c != BLOCKED) {
                *c = rng.random_range(0..4u32) * scale(round);
            }
            pl.cost_bound = 3 * scale(round);
        };
        every_pair(&mut pl, &game, 10, costs, |pl, round, a, b| {
            let heap = pl.shortest_via_station(&game, &[a], &[b], BLOCKED);
            let found = (heap, pl.path.clone(), pl.borrow);
            let scan = station_search_by_scan(pl, &game, &[a], &[b]);
            assert_eq!(found, scan, "round {round}, {a} to {b}");
            // A bound at the cost finds nothing; one above it, the same way.
            if let Some(cost) = heap {
                assert_eq!(pl.shortest_via_station(&game, &[a], &[b], cost), None);
                let above = pl.shortest_via_station(&game, &[a], &[b], cost + 1);
                assert_eq!((above, pl.path.clone(), pl.borrow), scan);
            }
            borrowed += usize::from(found.2.is_some());
        });
        assert!(borrowed > 1000, "{borrowed} searches through a station");
    }
}
