//! Who may still claim which lane: the lane tables (owner, claims per route, the player-count
//! limit), lanes closed by mechanic modules, and the open-lane caches kept up to date with every
//! claim so that legal claims need no scan of the board.
//!
//! Invariant: the fields those caches depend on (`lane_owner`, `route_claims`, lane colours,
//! blocked, closed and shared lanes) change only through `State::apply`, `assign_lane`,
//! `set_lane_color`, `set_lane_blocked`, `close_lane` and `share_lane`, which keep the caches
//! and run the on-claim hooks.

use super::*;

impl State {
    /// Whether a mechanic module has closed `lane` to player `p`.
    pub fn lane_blocked(&self, game: &Game, p: u8, lane: usize) -> bool {
        self.blocked
            .get(p as usize * game.lane_words + lane / 64)
            .is_some_and(|w| w & (1 << (lane % 64)) != 0)
    }

    /// Which of lanes `64 × word ..` a mechanic module has closed to player `p` (bit `i` for
    /// lane `64 × word + i`), for a module that sets many at once.
    pub fn lanes_blocked_word(&self, game: &Game, p: u8, word: usize) -> u64 {
        self.blocked
            .get(p as usize * game.lane_words + word)
            .copied()
            .unwrap_or(0)
    }

    /// Closes `lane` to player `p` (or opens it again), for mechanic modules (crossing
    /// routes, a connected-network rule, technologies). The lane tables still decide too:
    /// unblocking never opens a lane that is claimed or full. Keeps the open-lane caches.
    pub fn set_lane_blocked(&mut self, game: &Game, p: u8, lane: usize, blocked: bool) {
        if lane >= game.lane_count()
            || p >= game.players
            || self.lane_blocked(game, p, lane) == blocked
        {
            return;
        }
        if self.blocked.is_empty() {
            self.blocked = vec![0; game.lane_words * game.players as usize];
        }
        let at = p as usize * game.lane_words + lane / 64;
        self.blocked[at] ^= 1u64 << (lane % 64);
        if self.lane_open_by_tables(game, lane, p) {
            self.set_open(game, p as usize, lane, !blocked);
        }
    }

    /// Whether `lane` is closed to everyone for good ([`State::close_lane`]).
    #[inline]
    pub fn lane_closed(&self, lane: usize) -> bool {
        self.closed
            .get(lane / 64)
            .is_some_and(|w| w & (1 << (lane % 64)) != 0)
    }

    /// Closes `lane` to every player for the rest of the game (a route cut by a crossing):
    /// it joins the lane tables, so unblocking it ([`State::set_lane_blocked`]) never opens
    /// it again. Keeps the open-lane caches.
    pub fn close_lane(&mut self, game: &Game, lane: usize) {
        if lane >= game.lane_count() || self.lane_closed(lane) {
            return;
        }
        if self.closed.is_empty() {
            self.closed = vec![0; game.lane_words];
        }
        self.closed[lane / 64] |= 1u64 << (lane % 64);
        for p in 0..game.players as usize {
            self.set_open(game, p, lane, false);
        }
    }

    /// Opens or closes `lane` for player `p` in the caches: the bit, and the counts of its
    /// class and fast slot. Nothing changes when the bit already says so.
    #[inline]
    fn set_open(&mut self, game: &Game, p: usize, lane: usize, open: bool) {
        let word = &mut self.open[p * game.lane_words + lane / 64];
        let bit = 1u64 << (lane % 64);
        if (*word & bit != 0) == open {
            return;
        }
        *word ^= bit;
        let step = |n: &mut u16| {
            if open { *n += 1 } else { *n -= 1 }
        };
        let class = self.class_of(game, lane);
        step(&mut self.open_by_class[p * game.lane_classes.len() + class]);
        let slot = self.slot_of(game, lane);
        if slot != NO_SLOT {
            step(&mut self.open_by_slot[p * FAST_SLOTS + slot as usize]);
        }
    }

    /// `lane`'s payment class now, an index of `game.lane_classes` (a module may have
    /// coloured it during play).
    #[inline]
    pub fn class_of(&self, game: &Game, lane: usize) -> usize {
        self.lane_classes(game)[lane] as usize
    }

    /// `lane`'s fast slot now, or [`NO_SLOT`].
    #[inline]
    pub(super) fn slot_of(&self, game: &Game, lane: usize) -> u8 {
        self.lane_slots(game)[lane]
    }

    /// Lane → payment class now: the game's, until a module colours a lane.
    #[inline]
    pub(super) fn lane_classes<'a>(&'a self, game: &'a Game) -> &'a [u16] {
        if self.lane_class.is_empty() {
            &game.lane_class
        } else {
            &self.lane_class
        }
    }

    /// Lane → fast slot now (see [`State::lane_classes`]).
    #[inline]
    pub(super) fn lane_slots<'a>(&'a self, game: &'a Game) -> &'a [u8] {
        if self.lane_slot.is_empty() {
            &game.lane_slot
        } else {
            &self.lane_slot
        }
    }

    /// `lane`'s colour now (0..8, or `GRAY`).
    pub fn lane_color(&self, game: &Game, lane: usize) -> u8 {
        game.lane_classes[self.class_of(game, lane)].color
    }

    /// Gives `lane` colour `color` (0..8, or `GRAY`) for the rest of the game (France's
    /// track pieces); the lane moves to that colour's payment class in every cache. Only
    /// for games with a module that says it does
    /// ([`Mechanic::sets_lane_colors`](crate::engine::Mechanic::sets_lane_colors)); ignored
    /// otherwise.
    pub fn set_lane_color(&mut self, game: &Game, lane: usize, color: u8) {
        if game.lane_recolor.is_empty() || lane >= game.lane_count() || color > GRAY {
            return;
        }
        if self.lane_class.is_empty() {
            self.lane_class = game.lane_class.clone();
            self.lane_slot = game.lane_slot.clone();
        }
        let new = game.lane_recolor[lane * (GRAY as usize + 1) + color as usize];
        if self.lane_class[lane] == new {
            return;
        }
        let open: Vec<usize> = (0..game.players as usize)
            .filter(|&p| self.lane_bit_open(game, p as u8, lane))
            .collect();
        for &p in &open {
            self.set_open(game, p, lane, false);
        }
        self.lane_class[lane] = new;
        self.lane_slot[lane] = game.class_slot[new as usize];
        for &p in &open {
            self.set_open(game, p, lane, true);
        }
    }

    /// Whether the lane tables leave `lane` open to `p`: not claimed, its route not full at
    /// this player count, `p` on no other lane of it.
    pub(super) fn lane_open_by_tables(&self, game: &Game, lane: usize, p: u8) -> bool {
        let r = game.lane_route[lane] as usize;
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        self.lane_owner[lane] == NOBODY
            && !self.lane_closed(lane)
            && self.route_claims[r] < route.usable_lanes
            && !(first..first + route.lane_count as usize).any(|l| self.lane_owner[l] == p)
            && !self
                .shared_lanes
                .iter()
                .any(|&(l, q)| q == p && game.lane_route[l as usize] as usize == r)
            && game
                .group_of(r)
                .is_none_or(|g| self.group_open_to(game, g, p))
    }

    /// Whether parallel group `g` leaves its lanes open to `p`: fewer of them claimed than
    /// the player count allows, and none held by `p` (the double-route rules, across the
    /// group's routes).
    #[cold]
    #[inline(never)]
    fn group_open_to(&self, game: &Game, g: u16, p: u8) -> bool {
        let group = &game.parallel_groups[g as usize];
        let claimed: u32 = group
            .routes
            .iter()
            .map(|&r| self.route_claims[r as usize] as u32)
            .sum();
        claimed < group.usable_lanes as u32
            && !group
                .routes
                .iter()
                .any(|&r| self.holds_route(game, r as usize, p))
    }

    /// Whether `p` holds a lane of route `r`, claimed or shared.
    fn holds_route(&self, game: &Game, r: usize, p: u8) -> bool {
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        self.lane_owner[first..first + route.lane_count as usize].contains(&p)
            || self
                .shared_lanes
                .iter()
                .any(|&(l, q)| q == p && game.lane_route[l as usize] as usize == r)
    }

    /// A lane of parallel group `g` went to `claimer`: the group's lanes close for them,
    /// and for everyone once the player count's lanes of the group are used.
    #[cold]
    #[inline(never)]
    fn close_group(&mut self, game: &Game, g: u16, claimer: usize) {
        let group = &game.parallel_groups[g as usize];
        let claimed: u32 = group
            .routes
            .iter()
            .map(|&r| self.route_claims[r as usize] as u32)
            .sum();
        let full = claimed >= group.usable_lanes as u32;
        for &r in &group.routes {
            let route = &game.routes[r as usize];
            let first = route.first_lane as usize;
            for other in 0..game.players as usize {
                if !(full || other == claimer) {
                    continue;
                }
                for l in first..first + route.lane_count as usize {
                    self.set_open(game, other, l, false);
                }
            }
        }
    }

    /// Whether lane `lane` may be claimed by player `p` (ignoring cards).
    pub fn lane_open_for(&self, game: &Game, lane: usize, p: u8) -> bool {
        if self.lane_owner[lane] != NOBODY || self.lane_closed(lane) {
            return false;
        }
        let r = game.lane_route[lane] as usize;
        let route = &game.routes[r];
        if self.route_claims[r] >= route.usable_lanes {
            return false;
        }
        if self.route_claims[r] > 0 {
            let first = route.first_lane as usize;
            let own = (first..first + route.lane_count as usize).any(|l| self.lane_owner[l] == p);
            if own {
                return false;
            }
        }
        self.players[p as usize].trains >= route.trains_needed()
            && !self.lane_blocked(game, p, lane)
            && game
                .group_of(r)
                .is_none_or(|g| self.group_open_to(game, g, p))
    }

    /// Whether `lane` is open for player `p` by the lane tables, ignoring trains (the
    /// incrementally kept bitset).
    pub(super) fn lane_bit_open(&self, game: &Game, p: u8, lane: usize) -> bool {
        self.open[p as usize * game.lane_words + lane / 64] & (1 << (lane % 64)) != 0
    }

    /// The lanes still open to player `p` (the `open` bitset), in lane order.
    pub(super) fn open_lanes(&self, game: &Game, p: usize) -> impl Iterator<Item = usize> + '_ {
        let words = game.lane_words;
        self.open[p * words..(p + 1) * words]
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let lane = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        lane
                    })
                })
            })
    }

    /// Checks the incrementally kept open-lane bitsets against the lane tables (for tests;
    /// positions edited by hand must go through [`State::assign_lane`]).
    pub fn check_caches(&self, game: &Game) -> Result<(), String> {
        let classes = game.lane_classes.len();
        for p in 0..game.players {
            let mut by_class = vec![0u16; classes];
            let mut by_slot = [0u16; FAST_SLOTS];
            for lane in 0..game.lane_count() {
                let expected =
                    self.lane_open_by_tables(game, lane, p) && !self.lane_blocked(game, p, lane);
                if expected != self.lane_bit_open(game, p, lane) {
                    return Err(format!(
                        "open-lane cache: lane {lane} for player {p} should be {expected}"
                    ));
                }
                if expected {
                    by_class[self.class_of(game, lane)] += 1;
                    let slot = self.slot_of(game, lane);
                    if slot != NO_SLOT {
                        by_slot[slot as usize] += 1;
                    }
                }
            }
            let at = p as usize;
            if by_class[..] != self.open_by_class[at * classes..(at + 1) * classes] {
                return Err(format!("open lanes by class for player {p}"));
            }
            if by_slot[..] != self.open_by_slot[at * FAST_SLOTS..(at + 1) * FAST_SLOTS] {
                return Err(format!("open lanes by slot for player {p}"));
            }
        }
        Ok(())
    }

    /// Gives `lane` to player `p` outside play (for building positions by hand): owner,
    /// route claims, trains, route points and the open-lane cache, no cards.
    pub fn assign_lane(&mut self, game: &Game, lane: usize, p: u8) {
        let current = self.current;
        self.current = p;
        self.take_lane(game, lane, &[0; CARD_KINDS]);
        self.current = current;
    }

    /// Player `p` becomes a second owner of `lane`, which another player holds (the UK's
    /// Right of Way): the route joins their network and scores for them, takes their trains,
    /// and they may claim no other lane of it. No cards are paid here (the module charges).
    pub fn share_lane(&mut self, game: &Game, lane: usize, p: u8) {
        let owner = self.lane_owner[lane];
        if owner == NOBODY || owner == p || self.shared_lanes.contains(&(lane as u16, p)) {
            return;
        }
        let r = game.lane_route[lane] as usize;
        let route = &game.routes[r];
        self.shared_lanes.push((lane as u16, p));
        let player = &mut self.players[p as usize];
        player.trains = player.trains.saturating_sub(route.trains_needed());
        player.routes.push(r as u16);
        self.score_route(game, lane, p);
        let first = route.first_lane as usize;
        for l in first..first + route.lane_count as usize {
            self.set_open(game, p as usize, l, false);
        }
        if let Some(g) = game.group_of(r) {
            self.close_group(game, g, p as usize);
        }
    }

    /// Route points of `lane` held by `holder`, onto the score track: to the holder, or where
    /// the modules' route-points hooks send them.
    fn score_route(&mut self, game: &Game, lane: usize, holder: u8) {
        let points = game.routes[game.lane_route[lane] as usize].points;
        if game.mechanics.route_points.is_empty() {
            self.players[holder as usize].route_points += points;
            return;
        }
        for (p, n) in self.route_split(game, lane, holder).to {
            self.players[p as usize].route_points += n;
        }
    }

    /// Who scores `lane`'s route points when `holder` holds it: the holder, unless the
    /// modules' route-points hooks send them elsewhere.
    pub fn route_split(&self, game: &Game, lane: usize, holder: u8) -> RoutePoints {
        let points = game.routes[game.lane_route[lane] as usize].points;
        let mut split = RoutePoints {
            to: vec![(holder, points)],
        };
        for (m, module) in game.mechanics.each_route_points() {
            module.route_points(game, self, m, lane as u16, holder, &mut split);
        }
        split
    }

    /// Whether `lane` is open to player `p` now, or closed only by a module that says it
    /// may open later ([`Advice::opens_later`](crate::engine::Advice::opens_later): a
    /// network not grown there yet): what planning bots may plan through.
    pub fn lane_open_now_or_later(&self, game: &Game, lane: usize, p: u8) -> bool {
        if self.lane_is_open_to(game, lane, p) {
            return true;
        }
        lane < game.lane_count()
            && p < game.players
            && self.lane_blocked(game, p, lane)
            && self.lane_open_by_tables(game, lane, p)
            && game
                .mechanics
                .each_advice()
                .any(|(m, advice)| advice.opens_later(game, self, m, p, lane))
    }

    /// Whether lane `lane` is open to player `p` by the lane tables (not owned, its route
    /// not full at this player count, `p` on no other lane of it); trains and cards are
    /// not considered.
    pub fn lane_is_open_to(&self, game: &Game, lane: usize, p: u8) -> bool {
        lane < game.lane_count() && p < game.players && self.lane_bit_open(game, p, lane)
    }

    /// The current player takes `lane`, having paid `paid`: tables, trains, route points,
    /// open lanes, then the on-claim hooks.
    pub(super) fn take_lane(&mut self, game: &Game, lane: usize, paid: &Cards) {
        let r = game.lane_route[lane] as usize;
        let route = &game.routes[r];
        let p = self.current as usize;
        self.lane_owner[lane] = self.current;
        self.route_claims[r] += 1;
        let player = &mut self.players[p];
        player.trains = player.trains.saturating_sub(route.trains_needed());
        player.routes.push(r as u16);
        self.score_route(game, lane, self.current);
        // The lane closes for everyone; the route's other lanes close for the claimer (never
        // two lanes of one route) and for everyone once the player count's lanes are used.
        let full = self.route_claims[r] >= route.usable_lanes;
        let first = route.first_lane as usize;
        for other in 0..game.players as usize {
            for l in first..first + route.lane_count as usize {
                if (l == lane || full || other == p)
                    && self.open[other * game.lane_words + l / 64] & (1 << (l % 64)) != 0
                {
                    self.set_open(game, other, l, false);
                }
            }
        }
        if let Some(g) = game.group_of(r) {
            self.close_group(game, g, p);
        }
        for (m, module) in game.mechanics.each_on_claim() {
            module.on_claim(game, self, m, p as u8, lane as u16, paid);
        }
    }
}

/// Per player and lane class, the number of lanes (all open at the start).
pub(super) fn open_counts_by_class(game: &Game) -> Vec<u16> {
    // Fewer than u16::MAX lanes in all (checked by `Game::new`).
    let mut one = vec![0u16; game.lane_classes.len()];
    for &k in &game.lane_class {
        one[k as usize] += 1;
    }
    one.repeat(game.players as usize)
}

/// Per player and fast slot, the number of lanes (all open at the start).
pub(super) fn open_counts_by_slot(game: &Game) -> Vec<u16> {
    let mut one = [0u16; FAST_SLOTS];
    for &slot in &game.lane_slot {
        if slot != NO_SLOT {
            one[slot as usize] += 1;
        }
    }
    one.repeat(game.players as usize)
}

/// Every lane open to every player.
pub(super) fn all_lanes_open(game: &Game) -> Vec<u64> {
    let words = game.lane_words;
    let mut one = vec![0u64; words];
    for lane in 0..game.lane_count() {
        one[lane / 64] |= 1 << (lane % 64);
    }
    one.repeat(game.players as usize)
}
