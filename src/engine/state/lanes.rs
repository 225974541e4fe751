//! Who may still claim which lane: the lane tables (owner, claims per route, the player-count
//! limit), lanes closed by mechanic modules, and the open-lane caches kept up to date with every
//! claim so that legal claims need no scan of the board.

use super::*;

impl State {
    /// Whether a mechanic module has closed `lane` to player `p`.
    pub fn lane_blocked(&self, game: &Game, p: u8, lane: usize) -> bool {
        self.blocked
            .get(p as usize * game.lane_words + lane / 64)
            .is_some_and(|w| w & (1 << (lane % 64)) != 0)
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
        let bit = 1u64 << (lane % 64);
        self.blocked[at] ^= bit;
        if !self.lane_open_by_tables(game, lane, p) {
            return;
        }
        let classes = game.lane_classes.len();
        let class = p as usize * classes + game.lane_class[lane] as usize;
        let slot = game.lane_slot[lane];
        if blocked {
            self.open[at] &= !bit;
            self.open_by_class[class] -= 1;
            if slot != NO_SLOT {
                self.open_by_slot[p as usize * FAST_SLOTS + slot as usize] -= 1;
            }
        } else {
            self.open[at] |= bit;
            self.open_by_class[class] += 1;
            if slot != NO_SLOT {
                self.open_by_slot[p as usize * FAST_SLOTS + slot as usize] += 1;
            }
        }
    }

    /// Whether the lane tables leave `lane` open to `p`: not claimed, its route not full at
    /// this player count, `p` on no other lane of it.
    pub(super) fn lane_open_by_tables(&self, game: &Game, lane: usize, p: u8) -> bool {
        let r = game.lane_route[lane] as usize;
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        self.lane_owner[lane] == NOBODY
            && self.route_claims[r] < route.usable_lanes
            && !(first..first + route.lane_count as usize).any(|l| self.lane_owner[l] == p)
    }

    /// Whether lane `lane` may be claimed by player `p` (ignoring cards).
    pub fn lane_open_for(&self, game: &Game, lane: usize, p: u8) -> bool {
        if self.lane_owner[lane] != NOBODY {
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
                let r = game.lane_route[lane] as usize;
                let route = &game.routes[r];
                let first = route.first_lane as usize;
                let expected = self.lane_owner[lane] == NOBODY
                    && self.route_claims[r] < route.usable_lanes
                    && !(first..first + route.lane_count as usize).any(|l| self.lane_owner[l] == p)
                    && !self.lane_blocked(game, p, lane);
                if expected != self.lane_bit_open(game, p, lane) {
                    return Err(format!(
                        "open-lane cache: lane {lane} for player {p} should be {expected}"
                    ));
                }
                if expected {
                    by_class[game.lane_class[lane] as usize] += 1;
                    if game.lane_slot[lane] != NO_SLOT {
                        by_slot[game.lane_slot[lane] as usize] += 1;
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
        self.take_lane(game, lane);
        self.current = current;
    }

    /// Whether lane `lane` is open to player `p` by the lane tables (not owned, its route
    /// not full at this player count, `p` on no other lane of it); trains and cards are
    /// not considered.
    pub fn lane_is_open_to(&self, game: &Game, lane: usize, p: u8) -> bool {
        lane < game.lane_count() && p < game.players && self.lane_bit_open(game, p, lane)
    }

    /// The current player takes `lane`: tables, trains, route points and open lanes.
    pub(super) fn take_lane(&mut self, game: &Game, lane: usize) {
        let r = game.lane_route[lane] as usize;
        let route = &game.routes[r];
        let p = self.current as usize;
        self.lane_owner[lane] = self.current;
        self.route_claims[r] += 1;
        let player = &mut self.players[p];
        player.trains = player.trains.saturating_sub(route.trains_needed());
        player.route_points += route.points;
        player.routes.push(r as u16);
        // The lane closes for everyone; the route's other lanes close for the claimer (never
        // two lanes of one route) and for everyone once the player count's lanes are used.
        let words = game.lane_words;
        let classes = game.lane_classes.len();
        let full = self.route_claims[r] >= route.usable_lanes;
        let first = route.first_lane as usize;
        for other in 0..game.players as usize {
            for l in first..first + route.lane_count as usize {
                let word = &mut self.open[other * words + l / 64];
                let bit = 1 << (l % 64);
                if (l == lane || full || other == p) && *word & bit != 0 {
                    *word &= !bit;
                    self.open_by_class[other * classes + game.lane_class[l] as usize] -= 1;
                    let slot = game.lane_slot[l];
                    if slot != NO_SLOT {
                        self.open_by_slot[other * FAST_SLOTS + slot as usize] -= 1;
                    }
                }
            }
        }
        for &m in &game.mechanics.on_claim {
            game.mechanics.modules[m as usize].on_claim(
                game,
                self,
                m as usize,
                p as u8,
                lane as u16,
            );
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
