//! The current player's legal claims: counted per payment class or fast slot without
//! listing them, listed lane by lane, and the cards a claim pays.

use super::*;

impl State {
    /// The cards paid to claim `lane` with `color` (`LOCO`: no coloured cards) and `locos`
    /// locomotives, or `None` when that payment is not possible. Locomotives pay ferry spaces
    /// first, then coloured spaces where allowed; coloured spaces take as many cards of
    /// `color` as the hand has; shortfalls are covered by substitutes where the route or the
    /// rules allow them (Nordic's any 4 for one, any 3 for a ferry locomotive).
    pub fn payment(&self, game: &Game, lane: usize, color: u8, locos: u16) -> Option<Cards> {
        let hand = &self.players[self.current as usize].hand;
        if game.mechanics.player_costs.is_empty() {
            return class_payment(
                hand,
                &game.lane_classes[self.class_of(game, lane)],
                color,
                locos,
            );
        }
        let class = self.lane_cost(game, self.current, lane);
        class_payment(hand, &class, color, locos)
    }

    /// How player `p` pays for `lane` now: its payment class (in the colour it has now), as
    /// the modules' per-player costs change it.
    pub fn lane_cost(&self, game: &Game, p: u8, lane: usize) -> LaneClass {
        self.class_cost(game, p, self.class_of(game, lane))
    }

    /// Whether a module prices lanes for player `p` now other than as `game.lane_classes`
    /// says ([`changes_costs`](crate::engine::hooks::PlayerCost::changes_costs)): when none
    /// does, `p`'s claims are counted as the core counts them.
    pub(super) fn costs_change_for(&self, game: &Game, p: u8) -> bool {
        game.mechanics
            .each_player_cost()
            .any(|(m, module)| module.changes_costs(game, self, m, p))
    }

    /// How player `p` pays for a lane of payment class `class` now (an index of
    /// `game.lane_classes`): a module's price depends on the class and the player, never on
    /// which lane, so a decision prices each class once.
    pub fn class_cost(&self, game: &Game, p: u8, class: usize) -> LaneClass {
        let mut class = game.lane_classes[class];
        for (m, module) in game.mechanics.each_player_cost() {
            module.player_cost(game, self, m, p, &mut class);
        }
        class
    }

    /// Appends the current player's legal claims, lane by lane in lane order: counted per
    /// class first when costs are the same for everyone, priced lane by lane when a module
    /// prices them per player.
    pub(super) fn claims(&self, game: &Game, out: &mut Vec<Action>) {
        if !self.allowed(game, Core::Claim) {
            return;
        }
        let hand = &self.players[self.current as usize].hand;
        let push = |out: &mut Vec<Action>, lane: usize, class: &LaneClass| {
            for_each_claim(hand, class, |color, locos| {
                out.push(Action::Claim {
                    lane: lane as u16,
                    color,
                    locos,
                })
            });
        };
        if !game.mechanics.player_costs.is_empty() {
            self.for_each_claim_count(game, |lane, _| {
                push(out, lane, &self.lane_cost(game, self.current, lane));
                true
            });
            return;
        }
        let mut stack = [0u32; STACK_CLASSES];
        let mut heap = Vec::new();
        let counts = class_buffer(game, &mut stack, &mut heap);
        if self.claim_counts(game, counts) > 0 {
            self.for_each_claimable_lane(game, counts, |lane, _| {
                push(out, lane, &game.lane_classes[self.class_of(game, lane)]);
                true
            });
        }
    }

    /// Calls `f(lane, ways)` for each lane the current player may claim now, in lane order,
    /// with how many ways their hand pays it (`ways > 0`):
    /// [`State::claims`] a lane at a time, counted rather than listed; stops when `f`
    /// returns `false`. Lanes priced per player are priced one by one, but the ways of
    /// paying are counted once per distinct price (the UK's "any 4 cards" payments, counted
    /// for each of a hundred lanes, were a third of a random UK game).
    pub(super) fn for_each_claim_count(&self, game: &Game, mut f: impl FnMut(usize, u32) -> bool) {
        if !self.allowed(game, Core::Claim) {
            return;
        }
        let mut stack = [0u32; STACK_CLASSES];
        let mut heap = Vec::new();
        let counts = class_buffer(game, &mut stack, &mut heap);
        if self.costs_change_for(game, self.current) {
            // Each class priced and counted once, when a lane of it is first met (stored
            // as ways + 1: 0 is not yet counted).
            let player = &self.players[self.current as usize];
            for lane in self.open_lanes(game, self.current as usize) {
                let c = self.class_of(game, lane);
                if counts[c] == 0 {
                    let class = self.class_cost(game, self.current, c);
                    counts[c] = 1 + if class.trains_needed() > player.trains {
                        0
                    } else {
                        class_claim_count(&player.hand, &class)
                    };
                }
                let ways = counts[c] - 1;
                if ways > 0 && !f(lane, ways) {
                    return;
                }
            }
            return;
        }
        if self.claim_counts(game, counts) > 0 {
            self.for_each_claimable_lane(game, counts, f);
        }
    }

    /// Per class, how many ways the current player can claim one of its lanes now, as the
    /// modules price it for them (0 for classes without an open lane, too long for the
    /// trains left, or when no claim is allowed); returns the number of legal claims in all
    /// ([`State::for_each_claim_count`]'s ways summed, without a walk over the lanes).
    pub(super) fn class_claim_ways(&self, game: &Game, ways: &mut [u32]) -> u32 {
        ways.fill(0);
        if !self.allowed(game, Core::Claim) {
            return 0;
        }
        if !self.costs_change_for(game, self.current) {
            return self.claim_counts(game, ways);
        }
        let p = self.current as usize;
        let player = &self.players[p];
        let classes = game.lane_classes.len();
        let open = &self.open_by_class[p * classes..(p + 1) * classes];
        let mut total = 0;
        for (c, (way, &lanes)) in ways.iter_mut().zip(open).enumerate() {
            if lanes == 0 {
                continue;
            }
            let class = self.class_cost(game, self.current, c);
            if class.trains_needed() <= player.trains {
                *way = class_claim_count(&player.hand, &class);
                total += *way * lanes as u32;
            }
        }
        total
    }

    /// Per class, how many ways the current player can claim one of its lanes (0 for
    /// classes too long for the trains left or without an open lane); returns the number
    /// of legal claims in all.
    pub(super) fn claim_counts(&self, game: &Game, counts: &mut [u32]) -> u32 {
        let p = self.current as usize;
        let player = &self.players[p];
        let classes = game.lane_classes.len();
        let open = &self.open_by_class[p * classes..(p + 1) * classes];
        let hand = &player.hand;
        let mut total = 0;
        for ((count, &lanes), class) in counts.iter_mut().zip(open).zip(&game.lane_classes) {
            let ways = if lanes == 0 || class.trains_needed() > player.trains {
                0
            } else {
                class_claim_count(hand, class)
            };
            *count = ways;
            total += ways * lanes as u32;
        }
        total
    }

    /// Fills `ways` with how many ways the current player can pay one lane of each fast slot
    /// (0 for lanes longer than their trains) and returns the number of claims of open
    /// fast-slot lanes; then adds the other lanes' claims by class.
    pub(super) fn claim_total(&self, game: &Game, ways: &mut [u16; FAST_SLOTS]) -> u32 {
        let p = self.current as usize;
        let player = &self.players[p];
        let hand = &player.hand;
        let locos = hand[LOCO as usize];
        // Without the locomotives-only payment: colour c with l locomotives pays length
        // `len` iff hand[c] + l >= len and l < len (see `for_each_claim`).
        let mut gray = [0u16; FAST_LEN];
        for c in 0..LOCO as usize {
            let have = hand[c];
            if have == 0 {
                continue;
            }
            for (i, gray_ways) in gray.iter_mut().enumerate().take(game.fast_len) {
                let len = i as u16 + 1;
                let low = len.saturating_sub(have);
                let top = locos.min(len - 1);
                let n = if low <= top { top - low + 1 } else { 0 };
                ways[c * FAST_LEN + i] = n;
                *gray_ways += n;
            }
        }
        for (i, &gray_ways) in gray.iter().enumerate().take(game.fast_len) {
            let len = i as u16 + 1;
            let alive = (len <= player.trains) as u16;
            let locos_only = (locos >= len) as u16;
            for c in 0..LOCO as usize {
                let w = &mut ways[c * FAST_LEN + i];
                *w = (*w + locos_only) * alive;
            }
            ways[8 * FAST_LEN + i] = (gray_ways + locos_only) * alive;
        }
        let open = &self.open_by_slot[p * FAST_SLOTS..(p + 1) * FAST_SLOTS];
        let mut total: u32 = open
            .iter()
            .zip(ways.iter())
            .map(|(&n, &w)| n as u32 * w as u32)
            .sum();
        let classes = game.lane_classes.len();
        for &k in &game.slowly_counted_classes {
            let lanes = self.open_by_class[p * classes + k as usize];
            let class = &game.lane_classes[k as usize];
            if lanes > 0 && class.trains_needed() <= player.trains {
                total += class_claim_count(hand, class) * lanes as u32;
            }
        }
        total
    }

    /// How many ways the current player can pay for `lane` (0: not with this hand or these
    /// trains), from the per-slot counts `ways` of [`State::claim_total`]; `slots` and
    /// `classes` are [`State::lane_slots`] and [`State::lane_classes`], looked up once by the
    /// caller.
    pub(super) fn lane_ways(
        &self,
        game: &Game,
        ways: &[u16; FAST_SLOTS],
        lane: usize,
        (slots, classes): (&[u8], &[u16]),
    ) -> u32 {
        let slot = slots[lane];
        if slot != NO_SLOT {
            return ways[slot as usize] as u32;
        }
        let player = &self.players[self.current as usize];
        let class = &game.lane_classes[classes[lane] as usize];
        if class.trains_needed() <= player.trains {
            class_claim_count(&player.hand, class)
        } else {
            0
        }
    }

    /// Calls `f` with each open lane (for the current player, trains allowed) whose class
    /// has a non-zero count, in lane order, until `f` returns `false`.
    pub(super) fn for_each_claimable_lane(
        &self,
        game: &Game,
        counts: &[u32],
        mut f: impl FnMut(usize, u32) -> bool,
    ) {
        for lane in self.open_lanes(game, self.current as usize) {
            let ways = counts[self.class_of(game, lane)];
            if ways > 0 && !f(lane, ways) {
                return;
            }
        }
    }

    /// Appends the legal claims of `lane` for the current player (none when the lane is
    /// not open to them, or they lack the trains or the cards), in legal-list order.
    pub fn claims_of_lane(&self, game: &Game, lane: usize, out: &mut Vec<Action>) {
        self.for_each_claim_of_lane(game, lane, |a| out.push(a));
    }

    /// Calls `f` with each legal claim of `lane` (see [`State::claims_of_lane`]), without
    /// allocating.
    pub(super) fn for_each_claim_of_lane(
        &self,
        game: &Game,
        lane: usize,
        mut f: impl FnMut(Action),
    ) {
        if self.phase != Phase::Main
            || lane >= game.lane_count()
            || !self.lane_bit_open(game, self.current, lane)
            || !self.allowed(game, Core::Claim)
        {
            return;
        }
        let player = &self.players[self.current as usize];
        let class = self.lane_cost(game, self.current, lane);
        if class.trains_needed() > player.trains {
            return;
        }
        for_each_claim(&player.hand, &class, |color, locos| {
            f(Action::Claim {
                lane: lane as u16,
                color,
                locos,
            })
        });
    }

    /// Appends the lanes the current player can claim now (open to them, trains and
    /// cards enough), in lane order. Nothing outside the main phase.
    pub fn claimable_lanes(&self, game: &Game, out: &mut Vec<u16>) {
        if self.phase != Phase::Main {
            return;
        }
        // Each lane's payments are counted, not listed as `claims_of_lane` lists them
        // (listing them was a tenth of an Iberia or South Korea style game).
        if !self.plain_main(game) {
            if !self.allowed(game, Core::Claim) {
                return;
            }
            if !game.mechanics.player_costs.is_empty() {
                self.claimable_lanes_priced(game, out);
                return;
            }
        }
        let mut ways = [0u16; FAST_SLOTS];
        if self.claim_total(game, &mut ways) == 0 {
            return;
        }
        if self.lane_slot.is_empty() {
            self.claimable_by_slot(game, &ways, out);
            return;
        }
        let tables = (self.lane_slots(game), self.lane_classes(game));
        for lane in self.open_lanes(game, self.current as usize) {
            if self.lane_ways(game, &ways, lane, tables) > 0 {
                out.push(lane as u16);
            }
        }
    }

    /// [`State::claimable_lanes`] on a board whose lanes keep their slots (no module
    /// recolours them): the open lanes of the slots the hand pays (`ways`), a word of 64
    /// lanes at a time, and the lanes of no slot checked one by one. Looking at every open
    /// lane was a quarter of a USA style game.
    fn claimable_by_slot(&self, game: &Game, ways: &[u16; FAST_SLOTS], out: &mut Vec<u16>) {
        let words = game.lane_words;
        let p = self.current as usize;
        let open = &self.open[p * words..(p + 1) * words];
        let open_in_slot = &self.open_by_slot[p * FAST_SLOTS..(p + 1) * FAST_SLOTS];
        let mut paid: smallvec::SmallVec<[u64; 8]> = smallvec::smallvec![0; words];
        for (slot, (&w, &n)) in ways.iter().zip(open_in_slot).enumerate() {
            if w > 0 && n > 0 {
                let lanes = &game.slot_lanes[slot * words..(slot + 1) * words];
                for (bits, &lane_bits) in paid.iter_mut().zip(lanes) {
                    *bits |= lane_bits;
                }
            }
        }
        let slow = &game.slot_lanes[FAST_SLOTS * words..(FAST_SLOTS + 1) * words];
        let tables = (self.lane_slots(game), self.lane_classes(game));
        for (k, ((&open, &paid), &slow)) in open.iter().zip(&paid).zip(slow).enumerate() {
            let mut bits = open & (paid | slow);
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let lane = k * 64 + bit;
                if slow >> bit & 1 == 0 || self.lane_ways(game, ways, lane, tables) > 0 {
                    out.push(lane as u16);
                }
            }
        }
    }
}

impl State {
    /// [`State::claimable_lanes`] where modules price lanes per player: each open lane's
    /// class for the current player, with the trains and at least one way to pay it.
    fn claimable_lanes_priced(&self, game: &Game, out: &mut Vec<u16>) {
        self.for_each_claim_count(game, |lane, _| {
            out.push(lane as u16);
            true
        });
    }
}

/// Lane classes counted on the stack; boards with more use the heap.
pub(super) const STACK_CLASSES: usize = 64;

pub(super) fn class_buffer<'a>(
    game: &Game,
    stack: &'a mut [u32],
    heap: &'a mut Vec<u32>,
) -> &'a mut [u32] {
    let n = game.lane_classes.len();
    if n <= stack.len() {
        &mut stack[..n]
    } else {
        heap.resize(n, 0);
        heap
    }
}
