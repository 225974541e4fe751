//! A position, its legal actions and how an action changes it.

use super::scoring::{ScoreBreakdown, final_scores};
use super::{
    CARD_KINDS, Cards, FAST_LEN, FAST_SLOTS, GRAY, Game, LOCO, LaneClass, NO_SLOT, NOBODY,
};
use crate::model::{TicketDiscard, WhenStuck};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// One decision. Payments name a colour (`LOCO` = locomotives only) and how many
/// locomotives are played; the rest of the payment follows from the hand (see
/// [`State::payment`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Keep the offered tickets whose bits are set.
    KeepTickets(u32),
    DrawFaceUp(u8),
    DrawBlind,
    Claim {
        lane: u16,
        color: u8,
        locos: u8,
    },
    DrawTickets,
    BuildStation {
        city: u16,
        color: u8,
        locos: u8,
    },
    /// Pay a tunnel's extra cards with this many locomotives (the rest in the claim colour).
    TunnelPay {
        locos: u8,
    },
    TunnelWithdraw,
    /// A whole-turn action of mechanic module `mechanic` (its index in
    /// `game.mechanics.modules`); what `choice` means is the module's.
    Mechanic {
        mechanic: u8,
        choice: u16,
    },
    /// Do nothing this turn. Legal only at the start of a turn when no other action is,
    /// and not under `rules.end_game.when_stuck = "fail"`; it is then the only action.
    Pass,
}

/// Where the game is within a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Setup: the current player chooses among the dealt tickets.
    SetupTickets,
    /// The start of a turn.
    Main,
    /// Later card draws of a draw-cards turn; `left` cards still to take.
    Drawing {
        left: u8,
    },
    /// A tunnel claim waiting for the extra cards.
    Tunnel {
        lane: u16,
        color: u8,
        locos: u8,
        extra: u8,
    },
    /// Choosing among drawn tickets.
    KeepTickets,
    /// A decision mechanic module `mechanic` asked the current player for at the end of
    /// their turn (see [`State::ask_at_turn_end`]); `step` is the module's.
    Mechanic {
        mechanic: u8,
        step: u16,
    },
    Over,
}

/// A game the rules cannot continue (no legal action) or the safety cap stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub reason: String,
    pub seed: u64,
    pub turn: u32,
}

#[derive(Debug, Clone)]
pub struct PlayerState {
    pub hand: Cards,
    pub trains: u16,
    /// Cities with this player's stations.
    pub stations: Vec<u16>,
    /// Kept tickets (ticket indices).
    pub tickets: Vec<u16>,
    /// Claimed routes (route indices).
    pub routes: Vec<u16>,
    /// Points scored for routes so far.
    pub route_points: i32,
    pub turns: u32,
}

#[derive(Debug, Clone)]
pub struct State {
    pub players: Vec<PlayerState>,
    pub current: u8,
    pub phase: Phase,
    /// The face-down train deck as counts (its order is unknown to everyone).
    pub deck: Cards,
    pub deck_size: u16,
    pub discard: Cards,
    /// Face-up slots (`NOBODY` = empty).
    pub face_up: Vec<u8>,
    /// Cards revealed for a pending tunnel claim.
    pub revealed: Cards,
    /// Tickets offered to the current player.
    pub offered: Vec<u16>,
    pub ticket_decks: Vec<VecDeque<u16>>,
    /// Tickets returned out of the game.
    pub tickets_removed: Vec<u16>,
    /// Lane → owner.
    pub lane_owner: Vec<u8>,
    /// Route → lanes claimed.
    pub route_claims: Vec<u8>,
    /// Player → bitset of the lanes still open to them by the lane tables (`lane_words`
    /// words each), kept up to date by every claim so that legal claims need no scan of
    /// the board.
    open: Vec<u64>,
    /// Player → per lane class, how many of the class's lanes are open to them (the
    /// popcount of `open` by class, kept alongside it).
    open_by_class: Vec<u16>,
    /// Player → per fast slot ([`FAST_SLOTS`]), how many of its lanes are open to them.
    open_by_slot: Vec<u16>,
    /// City → station owner.
    pub station_owner: Vec<u8>,
    /// Completed turns of all players.
    pub turn: u32,
    /// Turns left once the last round has started.
    pub last_round_left: Option<u8>,
    /// The player whose train count started the last round.
    pub ended_by: Option<u8>,
    pub failure: Option<Failure>,
    /// Turns passed in a row (see [`Action::Pass`]); any other action resets it. When it
    /// reaches the player count, a whole round went by in which nobody could act, and since
    /// a pass changes nothing, nobody ever will: the game is a failure state, or is over
    /// and scored under `rules.end_game.when_stuck = "end"`.
    pub passes_in_row: u8,
    pub seed: u64,
    /// Final scores, filled when the game ends normally.
    pub result: Option<Vec<ScoreBreakdown>>,
    /// The mechanic modules' per-game state (`game.mechanics.state_offsets` gives each
    /// module its words; see [`State::mechanic_words`]).
    pub mechanic_state: Vec<u32>,
    /// A decision a module asked for at the end of the current turn.
    pending_decision: Option<(u8, u16)>,
    /// Player → bitset of lanes mechanic modules closed to them (`lane_words` words each);
    /// empty until a module blocks a lane.
    blocked: Vec<u64>,
}

impl State {
    /// Sets up a game: shuffled decks, dealt hands and display, the first player's tickets.
    /// `seed` is only recorded (for failure reports); chance comes from `rng`.
    pub fn new(game: &Game, seed: u64, rng: &mut ChaCha8Rng) -> State {
        use rand::seq::SliceRandom;
        let players = (0..game.players)
            .map(|_| PlayerState {
                hand: [0; CARD_KINDS],
                trains: game.trains,
                stations: Vec::new(),
                tickets: Vec::new(),
                routes: Vec::new(),
                route_points: 0,
                turns: 0,
            })
            .collect();
        let ticket_decks = game
            .deck_tickets
            .iter()
            .map(|d| {
                let mut v = d.clone();
                v.shuffle(rng);
                v.into_iter().collect()
            })
            .collect();
        let mut s = State {
            players,
            current: 0,
            phase: Phase::SetupTickets,
            deck: game.composition,
            deck_size: game.deck_total,
            discard: [0; CARD_KINDS],
            face_up: vec![NOBODY; game.face_up as usize],
            revealed: [0; CARD_KINDS],
            offered: Vec::new(),
            ticket_decks,
            tickets_removed: Vec::new(),
            lane_owner: vec![NOBODY; game.lane_count()],
            route_claims: vec![0; game.routes.len()],
            open: all_lanes_open(game),
            open_by_class: open_counts_by_class(game),
            open_by_slot: open_counts_by_slot(game),
            station_owner: vec![NOBODY; game.city_ids.len()],
            turn: 0,
            last_round_left: None,
            ended_by: None,
            failure: None,
            passes_in_row: 0,
            seed,
            result: None,
            mechanic_state: vec![
                0;
                game.mechanics.state_offsets.last().copied().unwrap_or(0) as usize
            ],
            pending_decision: None,
            blocked: Vec::new(),
        };
        for p in 0..game.players as usize {
            for _ in 0..game.start_locos {
                if s.deck[LOCO as usize] > 0 {
                    s.deck[LOCO as usize] -= 1;
                    s.deck_size -= 1;
                    s.players[p].hand[LOCO as usize] += 1;
                }
            }
            for _ in 0..game.start_cards {
                if let Some(c) = s.draw_card(rng) {
                    s.players[p].hand[c as usize] += 1;
                }
            }
        }
        for slot in 0..s.face_up.len() {
            s.face_up[slot] = s.draw_card(rng).unwrap_or(NOBODY);
        }
        s.check_display(game, rng);
        for &m in &game.mechanics.setup {
            game.mechanics.modules[m as usize].setup(game, &mut s, m as usize, rng);
        }
        s.deal_initial(game);
        s
    }

    /// Module `me`'s words of per-game state.
    pub fn mechanic_words(&self, game: &Game, me: usize) -> &[u32] {
        let o = &game.mechanics.state_offsets;
        &self.mechanic_state[o[me] as usize..o[me + 1] as usize]
    }

    /// Module `me`'s words of per-game state, to change.
    pub fn mechanic_words_mut(&mut self, game: &Game, me: usize) -> &mut [u32] {
        let o = &game.mechanics.state_offsets;
        &mut self.mechanic_state[o[me] as usize..o[me + 1] as usize]
    }

    /// Asks the current player, once their turn's action is done, for a decision of module
    /// `me` (its `decision_actions` at `step`); the turn ends when it is made. For modules'
    /// hooks (after a draw, a claim or the module's own action).
    pub fn ask_at_turn_end(&mut self, me: usize, step: u16) {
        self.pending_decision = Some((me as u8, step));
    }

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
    fn lane_open_by_tables(&self, game: &Game, lane: usize, p: u8) -> bool {
        let r = game.lane_route[lane] as usize;
        let route = &game.routes[r];
        let first = route.first_lane as usize;
        self.lane_owner[lane] == NOBODY
            && self.route_claims[r] < route.usable_lanes
            && !(first..first + route.lane_count as usize).any(|l| self.lane_owner[l] == p)
    }

    /// A card went to the current player's hand: the modules' on-draw hooks.
    fn card_drawn(&mut self, game: &Game, card: u8) {
        for &m in &game.mechanics.on_draw {
            game.mechanics.modules[m as usize].on_draw(game, self, m as usize, self.current, card);
        }
    }

    /// The whole-turn actions mechanic modules offer the current player now.
    fn mechanic_actions(&self, game: &Game, out: &mut Vec<Action>) {
        for &m in &game.mechanics.actions {
            game.mechanics.modules[m as usize]
                .main_actions(game, self, m as usize, &mut |a| out.push(a));
        }
    }

    pub fn is_terminal(&self) -> bool {
        self.phase == Phase::Over
    }

    pub fn current_player(&self) -> u8 {
        self.current
    }

    /// Final totals (empty until the game has ended normally).
    pub fn scores(&self) -> Vec<i32> {
        self.result
            .as_ref()
            .map(|r| r.iter().map(|b| b.total).collect())
            .unwrap_or_default()
    }

    /// Cards in every place: deck, discard, display, tunnel reveal and hands.
    pub fn cards_in_play(&self) -> u32 {
        let sum = |c: &Cards| c.iter().map(|&n| n as u32).sum::<u32>();
        sum(&self.deck)
            + sum(&self.discard)
            + sum(&self.revealed)
            + self.face_up.iter().filter(|&&c| c != NOBODY).count() as u32
            + self.players.iter().map(|p| sum(&p.hand)).sum::<u32>()
    }

    /// Takes a random card from the deck, reshuffling the discard pile in when the deck is
    /// empty; `None` when both are empty (cards never come from nowhere).
    fn draw_card(&mut self, rng: &mut ChaCha8Rng) -> Option<u8> {
        if self.deck_size == 0 {
            self.deck = self.discard;
            self.discard = [0; CARD_KINDS];
            self.deck_size = self.deck.iter().sum();
            if self.deck_size == 0 {
                return None;
            }
        }
        let mut r = rng.random_range(0..self.deck_size);
        for c in 0..CARD_KINDS {
            if r < self.deck[c] {
                self.deck[c] -= 1;
                self.deck_size -= 1;
                return Some(c as u8);
            }
            r -= self.deck[c];
        }
        None
    }

    fn drawable_cards(&self) -> u16 {
        self.deck_size + self.discard.iter().sum::<u16>()
    }

    /// Clears and redeals the display while it shows the reset number of locomotives, but
    /// only while a display with fewer is possible from the cards left (otherwise it would
    /// never stop), and at most a bounded number of times in a row.
    fn check_display(&mut self, game: &Game, rng: &mut ChaCha8Rng) {
        if game.loco_reset == 0 {
            return;
        }
        for _ in 0..32 {
            let shown_locos = self.face_up.iter().filter(|&&c| c == LOCO).count() as u32;
            if shown_locos < game.loco_reset as u32 {
                return;
            }
            let shown = self.face_up.iter().filter(|&&c| c != NOBODY).count() as u32;
            let pool_locos =
                self.deck[LOCO as usize] as u32 + self.discard[LOCO as usize] as u32 + shown_locos;
            let pool = self.drawable_cards() as u32 + shown;
            let pool_others = pool - pool_locos;
            let slots = (game.face_up as u32).min(pool);
            if pool_others + (game.loco_reset as u32 - 1) < slots {
                return;
            }
            for slot in 0..self.face_up.len() {
                let c = self.face_up[slot];
                if c != NOBODY {
                    self.discard[c as usize] += 1;
                }
                self.face_up[slot] = NOBODY;
            }
            for slot in 0..self.face_up.len() {
                self.face_up[slot] = self.draw_card(rng).unwrap_or(NOBODY);
            }
        }
    }

    fn refill_display(&mut self, game: &Game, rng: &mut ChaCha8Rng) {
        for slot in 0..self.face_up.len() {
            if self.face_up[slot] == NOBODY {
                self.face_up[slot] = self.draw_card(rng).unwrap_or(NOBODY);
            }
        }
        self.check_display(game, rng);
    }

    fn deal_initial(&mut self, game: &Game) {
        self.offered.clear();
        for (d, &n) in game.initial_deal.iter().enumerate() {
            for _ in 0..n {
                if let Some(t) = self.ticket_decks[d].pop_front() {
                    self.offered.push(t);
                }
            }
        }
    }

    fn deal_draw(&mut self, game: &Game) {
        self.offered.clear();
        for d in 0..self.ticket_decks.len() {
            if !game.drawable[d] {
                continue;
            }
            while self.offered.len() < game.draw_deal as usize {
                match self.ticket_decks[d].pop_front() {
                    Some(t) => self.offered.push(t),
                    None => break,
                }
            }
        }
    }

    fn tickets_drawable(&self, game: &Game) -> bool {
        self.ticket_decks
            .iter()
            .zip(&game.drawable)
            .any(|(d, &ok)| ok && !d.is_empty())
    }

    fn keep_minimum(&self, game: &Game) -> u8 {
        let rule = if self.phase == Phase::SetupTickets {
            game.initial_keep
        } else {
            game.draw_keep
        };
        rule.min(self.offered.len() as u8)
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

    /// The cards paid to claim `lane` with `color` (`LOCO`: no coloured cards) and `locos`
    /// locomotives, or `None` when that payment is not possible. Locomotives pay ferry spaces
    /// first, then coloured spaces where allowed; coloured spaces take as many cards of
    /// `color` as the hand has; shortfalls are covered by substitutes where the route or the
    /// rules allow them (Nordic's any 4 for one, any 3 for a ferry locomotive).
    pub fn payment(&self, game: &Game, lane: usize, color: u8, locos: u8) -> Option<Cards> {
        let hand = &self.players[self.current as usize].hand;
        let class = &game.lane_classes[game.lane_class[lane] as usize];
        class_payment(hand, class, color, locos)
    }

    /// Whether `lane` is open for player `p` by the lane tables, ignoring trains (the
    /// incrementally kept bitset).
    fn lane_bit_open(&self, game: &Game, p: u8, lane: usize) -> bool {
        self.open[p as usize * game.lane_words + lane / 64] & (1 << (lane % 64)) != 0
    }

    /// Per class, how many ways the current player can claim one of its lanes (0 for
    /// classes too long for the trains left or without an open lane); returns the number
    /// of legal claims in all.
    fn claim_counts(&self, game: &Game, counts: &mut [u32]) -> u32 {
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
    fn claim_total(&self, game: &Game, ways: &mut [u16; FAST_SLOTS]) -> u32 {
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

    /// The lanes still open to player `p` (the `open` bitset), in lane order.
    fn open_lanes(&self, game: &Game, p: usize) -> impl Iterator<Item = usize> + '_ {
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

    /// How many ways the current player can pay for `lane` (0: not with this hand or these
    /// trains), from the per-slot counts `ways` of [`State::claim_total`].
    fn lane_ways(&self, game: &Game, ways: &[u16; FAST_SLOTS], lane: usize) -> u32 {
        let slot = game.lane_slot[lane];
        if slot != NO_SLOT {
            return ways[slot as usize] as u32;
        }
        let player = &self.players[self.current as usize];
        let class = &game.lane_classes[game.lane_class[lane] as usize];
        if class.trains_needed() <= player.trains {
            class_claim_count(&player.hand, class)
        } else {
            0
        }
    }

    /// Calls `f` with each open lane (for the current player, trains allowed) whose class
    /// has a non-zero count, in lane order, until `f` returns `false`.
    fn for_each_claimable_lane(
        &self,
        game: &Game,
        counts: &[u32],
        mut f: impl FnMut(usize, u32) -> bool,
    ) {
        for lane in self.open_lanes(game, self.current as usize) {
            let ways = counts[game.lane_class[lane] as usize];
            if ways > 0 && !f(lane, ways) {
                return;
            }
        }
    }

    /// Fills `out` with every legal action of the current player.
    pub fn legal_actions(&self, game: &Game, out: &mut Vec<Action>) {
        out.clear();
        let hand = &self.players[self.current as usize].hand;
        match self.phase {
            Phase::Main => {
                self.main_draw_actions(game, out);
                let mut stack = [0u32; STACK_CLASSES];
                let mut heap = Vec::new();
                let counts = class_buffer(game, &mut stack, &mut heap);
                if self.claim_counts(game, counts) > 0 {
                    self.for_each_claimable_lane(game, counts, |lane, _| {
                        let class = &game.lane_classes[game.lane_class[lane] as usize];
                        for_each_claim(hand, class, |color, locos| {
                            out.push(Action::Claim {
                                lane: lane as u16,
                                color,
                                locos,
                            })
                        });
                        true
                    });
                }
                self.station_actions(game, out);
                self.mechanic_actions(game, out);
                if out.is_empty() && game.when_stuck != WhenStuck::Fail {
                    out.push(Action::Pass);
                }
            }
            _ => self.other_phase_actions(game, |a| {
                out.push(a);
                true
            }),
        }
    }

    /// The legal actions outside the main phase, in order, until `push` returns `false`.
    fn other_phase_actions(&self, game: &Game, mut push: impl FnMut(Action) -> bool) {
        let hand = &self.players[self.current as usize].hand;
        match self.phase {
            Phase::Over | Phase::Main => {}
            Phase::Mechanic { mechanic, step } => {
                let mut more = true;
                game.mechanics.modules[mechanic as usize].decision_actions(
                    game,
                    self,
                    mechanic as usize,
                    step,
                    &mut |a| {
                        if more {
                            more = push(a);
                        }
                    },
                );
            }
            Phase::SetupTickets | Phase::KeepTickets => {
                let n = self.offered.len() as u32;
                let min = self.keep_minimum(game) as u32;
                for mask in 0..(1u32 << n) {
                    if mask.count_ones() >= min && !push(Action::KeepTickets(mask)) {
                        return;
                    }
                }
            }
            Phase::Drawing { .. } => {
                for (slot, &c) in self.face_up.iter().enumerate() {
                    if c != NOBODY
                        && !(c == LOCO && game.loco_whole_draw)
                        && !push(Action::DrawFaceUp(slot as u8))
                    {
                        return;
                    }
                }
                if self.drawable_cards() > 0 {
                    push(Action::DrawBlind);
                }
            }
            Phase::Tunnel {
                lane,
                color,
                locos,
                extra,
            } => {
                if !push(Action::TunnelWithdraw) {
                    return;
                }
                if let Some(spent) = self.payment(game, lane as usize, color, locos) {
                    let free_locos = hand[LOCO as usize] - spent[LOCO as usize];
                    if color == LOCO {
                        if free_locos >= extra as u16 {
                            push(Action::TunnelPay { locos: extra });
                        }
                    } else {
                        let free_colour = hand[color as usize] - spent[color as usize];
                        for l in 0..=extra {
                            if l as u16 <= free_locos
                                && (extra - l) as u16 <= free_colour
                                && !push(Action::TunnelPay { locos: l })
                            {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The Main-phase actions before the claims: face-up cards, a blind draw, tickets.
    fn main_draw_actions(&self, game: &Game, out: &mut Vec<Action>) {
        for (slot, &c) in self.face_up.iter().enumerate() {
            if c != NOBODY {
                out.push(Action::DrawFaceUp(slot as u8));
            }
        }
        if self.drawable_cards() > 0 {
            out.push(Action::DrawBlind);
        }
        if self.tickets_drawable(game) {
            out.push(Action::DrawTickets);
        }
    }

    /// How many legal actions there are now, and the position of `DrawTickets` among them
    /// (in [`State::legal_actions`] order), without listing them.
    pub fn legal_count(&self, game: &Game) -> (u32, Option<u32>) {
        let mut out = (0, None);
        self.sample_legal(game, |n, tickets| {
            out = (n, tickets);
            None
        });
        out
    }

    /// Picks one legal action without listing them all: `pick` gets the number of legal
    /// actions and the index of `DrawTickets` among them (if legal), and returns an index;
    /// the result is the action at that index of [`State::legal_actions`]'s list (`None`
    /// when there is no legal action, `pick` returns `None`, or the index is out of range).
    pub fn sample_legal(
        &self,
        game: &Game,
        pick: impl FnOnce(u32, Option<u32>) -> Option<u32>,
    ) -> Option<Action> {
        if self.phase != Phase::Main {
            let mut small: SmallActions = SmallActions::default();
            if self.small_phase_actions(game, &mut small).is_some() {
                let i = pick(small.len as u32, None)?;
                return small.items[..small.len].get(i as usize).copied();
            }
            return self.sample_from_list(game, pick);
        }
        // Module actions are not counted without listing them.
        if self.face_up.len() + 2 > DRAW_ACTIONS || !game.mechanics.actions.is_empty() {
            return self.sample_from_list(game, pick);
        }
        let mut draws: SmallActions<DRAW_ACTIONS> = SmallActions::default();
        for (slot, &c) in self.face_up.iter().enumerate() {
            if c != NOBODY {
                draws.push(Action::DrawFaceUp(slot as u8));
            }
        }
        if self.drawable_cards() > 0 {
            draws.push(Action::DrawBlind);
        }
        let mut tickets_at = None;
        if self.tickets_drawable(game) {
            tickets_at = Some(draws.len as u32);
            draws.push(Action::DrawTickets);
        }
        let mut ways = [0u16; FAST_SLOTS];
        let claims = self.claim_total(game, &mut ways);
        let (payments, cities) = self.station_counts(game);
        let total = draws.len as u32 + claims + payments * cities;
        if total == 0 && game.when_stuck != WhenStuck::Fail {
            // Nothing else is legal: the pass is the whole list, at index 0.
            return (pick(1, None)? == 0).then_some(Action::Pass);
        }
        let i = pick(total, tickets_at)?;
        if i >= total {
            return None;
        }
        if (i as usize) < draws.len {
            return Some(draws.items[i as usize]);
        }
        let mut rest = i - draws.len as u32;
        if rest < claims {
            return self.nth_claim(game, &ways, rest);
        }
        rest -= claims;
        // Stations: cities in order, each with every payment.
        let city_rank = rest / payments;
        let payment_rank = rest % payments;
        let city = (0..game.city_ids.len())
            .filter(|&c| self.station_owner[c] == NOBODY)
            .nth(city_rank as usize)?;
        let (color, locos) = self
            .station_payment_options(game)
            .nth(payment_rank as usize)?;
        Some(Action::BuildStation {
            city: city as u16,
            color,
            locos,
        })
    }

    /// The claim at index `rest` among the current player's claims (lanes in order), with
    /// `ways` from [`State::claim_total`].
    fn nth_claim(&self, game: &Game, ways: &[u16; FAST_SLOTS], mut rest: u32) -> Option<Action> {
        let hand = &self.players[self.current as usize].hand;
        for lane in self.open_lanes(game, self.current as usize) {
            let n = self.lane_ways(game, ways, lane);
            if rest >= n {
                rest -= n;
                continue;
            }
            let class = &game.lane_classes[game.lane_class[lane] as usize];
            let mut k = 0;
            let mut found = None;
            for_each_claim(hand, class, |color, locos| {
                if k == rest {
                    found = Some(Action::Claim {
                        lane: lane as u16,
                        color,
                        locos,
                    });
                }
                k += 1;
            });
            return found;
        }
        None
    }

    /// [`State::sample_legal`] by listing the actions (for more than fit on the stack: a
    /// very large display, or a deal of many tickets).
    fn sample_from_list(
        &self,
        game: &Game,
        pick: impl FnOnce(u32, Option<u32>) -> Option<u32>,
    ) -> Option<Action> {
        let mut all = Vec::new();
        self.legal_actions(game, &mut all);
        let tickets_at = all
            .iter()
            .position(|&a| a == Action::DrawTickets)
            .map(|i| i as u32);
        let i = pick(all.len() as u32, tickets_at)?;
        all.get(i as usize).copied()
    }

    /// The actions of the phases with few of them (not `Main`); `None` when there are more
    /// than the stack buffer holds.
    fn small_phase_actions(&self, game: &Game, out: &mut SmallActions) -> Option<()> {
        let mut fits = true;
        self.other_phase_actions(game, |a| {
            fits = out.push(a);
            fits
        });
        fits.then_some(())
    }

    /// Appends the legal claims of `lane` for the current player (none when the lane is
    /// not open to them, or they lack the trains or the cards), in legal-list order.
    pub fn claims_of_lane(&self, game: &Game, lane: usize, out: &mut Vec<Action>) {
        self.for_each_claim_of_lane(game, lane, |a| out.push(a));
    }

    /// Calls `f` with each legal claim of `lane` (see [`State::claims_of_lane`]), without
    /// allocating.
    fn for_each_claim_of_lane(&self, game: &Game, lane: usize, mut f: impl FnMut(Action)) {
        if self.phase != Phase::Main
            || lane >= game.lane_count()
            || !self.lane_bit_open(game, self.current, lane)
        {
            return;
        }
        let player = &self.players[self.current as usize];
        let class = &game.lane_classes[game.lane_class[lane] as usize];
        if class.trains_needed() > player.trains {
            return;
        }
        for_each_claim(&player.hand, class, |color, locos| {
            f(Action::Claim {
                lane: lane as u16,
                color,
                locos,
            })
        });
    }

    fn station_payment(&self, game: &Game, color: u8, locos: u8) -> Option<Cards> {
        let player = &self.players[self.current as usize];
        let cost = game.station_cost(player.stations.len() as u8) as u16;
        let hand = &player.hand;
        if locos as u16 > hand[LOCO as usize] || (locos > 0 && !game.station_locos) {
            return None;
        }
        let mut spent = [0u16; CARD_KINDS];
        spent[LOCO as usize] = locos as u16;
        let rest = cost.checked_sub(locos as u16)?;
        if color == LOCO {
            return (rest == 0).then_some(spent);
        }
        if rest == 0 || hand[color as usize] < rest {
            return None;
        }
        spent[color as usize] = rest;
        Some(spent)
    }

    /// The payments `(colour, locomotives)` the current player could build a station with,
    /// in legal-list order (empty when they have no station left).
    fn station_payment_options<'a>(
        &'a self,
        game: &'a Game,
    ) -> impl Iterator<Item = (u8, u8)> + 'a {
        let player = &self.players[self.current as usize];
        let cost = if player.stations.len() >= game.stations as usize {
            None
        } else {
            Some(game.station_cost(player.stations.len() as u8))
        };
        cost.into_iter().flat_map(move |cost| {
            (0..=LOCO).flat_map(move |color| {
                (0..=cost).filter_map(move |locos| {
                    self.station_payment(game, color, locos)
                        .map(|_| (color, locos))
                })
            })
        })
    }

    /// (payments, free cities) for stations; 0 payments when none can be built.
    fn station_counts(&self, game: &Game) -> (u32, u32) {
        let payments = self.station_payment_options(game).count() as u32;
        if payments == 0 {
            return (0, 0);
        }
        let cities = self.station_owner.iter().filter(|&&o| o == NOBODY).count() as u32;
        (payments, cities)
    }

    fn station_actions(&self, game: &Game, out: &mut Vec<Action>) {
        let (payments, _) = self.station_counts(game);
        if payments == 0 {
            return;
        }
        for city in 0..game.city_ids.len() {
            if self.station_owner[city] == NOBODY {
                for (color, locos) in self.station_payment_options(game) {
                    out.push(Action::BuildStation {
                        city: city as u16,
                        color,
                        locos,
                    });
                }
            }
        }
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

    /// Whether `action` is legal now: exactly whether [`State::legal_actions`] lists it,
    /// checked without listing the main phase's claims.
    pub fn is_legal(&self, game: &Game, action: Action) -> bool {
        match (self.phase, action) {
            (Phase::Main, Action::Claim { lane, .. }) => {
                let mut found = false;
                self.for_each_claim_of_lane(game, lane as usize, |a| found |= a == action);
                found
            }
            (Phase::Main, Action::DrawFaceUp(slot)) => self
                .face_up
                .get(slot as usize)
                .is_some_and(|&c| c != NOBODY),
            (Phase::Main, Action::DrawBlind) => self.can_draw_blind(),
            (Phase::Main, Action::DrawTickets) => self.can_draw_tickets(game),
            (Phase::Main, Action::BuildStation { city, color, locos }) => {
                (city as usize) < self.station_owner.len()
                    && self.station_owner[city as usize] == NOBODY
                    && self
                        .station_payment_options(game)
                        .any(|x| x == (color, locos))
            }
            (Phase::Main, Action::Mechanic { .. }) => {
                let mut listed = Vec::new();
                self.mechanic_actions(game, &mut listed);
                listed.contains(&action)
            }
            (Phase::Main, Action::Pass) => {
                game.when_stuck != WhenStuck::Fail && self.is_stuck(game)
            }
            (Phase::Main, _) => false,
            _ => {
                let mut found = false;
                self.other_phase_actions(game, |a| {
                    found = a == action;
                    !found
                });
                found
            }
        }
    }

    /// Whether lane `lane` is open to player `p` by the lane tables (not owned, its route
    /// not full at this player count, `p` on no other lane of it); trains and cards are
    /// not considered.
    pub fn lane_is_open_to(&self, game: &Game, lane: usize, p: u8) -> bool {
        lane < game.lane_count() && p < game.players && self.lane_bit_open(game, p, lane)
    }

    /// Appends the lanes the current player can claim now (open to them, trains and
    /// cards enough), in lane order. Nothing outside the main phase.
    pub fn claimable_lanes(&self, game: &Game, out: &mut Vec<u16>) {
        if self.phase != Phase::Main {
            return;
        }
        let mut ways = [0u16; FAST_SLOTS];
        if self.claim_total(game, &mut ways) == 0 {
            return;
        }
        for lane in self.open_lanes(game, self.current as usize) {
            if self.lane_ways(game, &ways, lane) > 0 {
                out.push(lane as u16);
            }
        }
    }

    /// Whether a card can be drawn blind now (deck or discard not empty, in a draw phase).
    pub fn can_draw_blind(&self) -> bool {
        matches!(self.phase, Phase::Main | Phase::Drawing { .. }) && self.drawable_cards() > 0
    }

    /// Whether face-up slot `slot` may be taken now.
    pub fn can_draw_face_up(&self, game: &Game, slot: usize) -> bool {
        let Some(&c) = self.face_up.get(slot) else {
            return false;
        };
        match self.phase {
            Phase::Main => c != NOBODY,
            Phase::Drawing { .. } => c != NOBODY && !(c == LOCO && game.loco_whole_draw),
            _ => false,
        }
    }

    /// Whether the current player may draw tickets now.
    pub fn can_draw_tickets(&self, game: &Game) -> bool {
        self.phase == Phase::Main && self.tickets_drawable(game)
    }

    /// The smallest number of tickets the current player must keep from the offer.
    pub fn tickets_to_keep(&self, game: &Game) -> u8 {
        self.keep_minimum(game)
    }

    /// Marks the game as a failure: the rules give the current player nothing to do.
    pub fn fail(&mut self, reason: impl Into<String>) {
        self.failure = Some(Failure {
            reason: reason.into(),
            seed: self.seed,
            turn: self.turn,
        });
        self.phase = Phase::Over;
    }

    /// Whether the current player is at the start of a turn with nothing they can do: no
    /// face-up card, no card in the deck or discard, no ticket to draw, no lane or station
    /// they can pay for. What then happens is `rules.end_game.when_stuck`.
    pub fn is_stuck(&self, game: &Game) -> bool {
        if self.phase != Phase::Main
            || self.face_up.iter().any(|&c| c != NOBODY)
            || self.drawable_cards() > 0
            || self.tickets_drawable(game)
        {
            return false;
        }
        let mut ways = [0u16; FAST_SLOTS];
        if self.claim_total(game, &mut ways) > 0 {
            return false;
        }
        if !game.mechanics.actions.is_empty() {
            let mut listed = Vec::new();
            self.mechanic_actions(game, &mut listed);
            if !listed.is_empty() {
                return false;
            }
        }
        let (payments, cities) = self.station_counts(game);
        payments * cities == 0
    }

    /// Applies a legal action. An illegal one is refused with an error and changes nothing.
    pub fn apply(
        &mut self,
        game: &Game,
        action: Action,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        self.apply_action(game, action, rng)?;
        if action != Action::Pass {
            // Somebody could act, so the passes before were not a dead end.
            self.passes_in_row = 0;
        }
        Ok(())
    }

    /// [`State::apply`] without the bookkeeping of passes in a row.
    fn apply_action(
        &mut self,
        game: &Game,
        action: Action,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        let p = self.current as usize;
        match (self.phase, action) {
            (Phase::SetupTickets | Phase::KeepTickets, Action::KeepTickets(mask)) => {
                let n = self.offered.len() as u32;
                if mask >> n != 0 || mask.count_ones() < self.keep_minimum(game) as u32 {
                    return Err(format!("cannot keep tickets {mask:b}"));
                }
                let setup = self.phase == Phase::SetupTickets;
                let offered = std::mem::take(&mut self.offered);
                let mut returned = Vec::new();
                for (i, &t) in offered.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        self.players[p].tickets.push(t);
                    } else {
                        returned.push(t);
                    }
                }
                let policy = if setup {
                    game.initial_discard
                } else {
                    game.draw_discard
                };
                self.return_tickets(game, returned, policy, rng);
                self.offered = offered;
                self.offered.clear();
                if setup {
                    if p + 1 < game.players as usize {
                        self.current += 1;
                        self.deal_initial(game);
                    } else {
                        self.current = 0;
                        self.phase = Phase::Main;
                    }
                } else {
                    self.end_turn(game);
                }
            }
            (Phase::Main, Action::DrawFaceUp(slot))
            | (Phase::Drawing { .. }, Action::DrawFaceUp(slot)) => {
                let c = *self
                    .face_up
                    .get(slot as usize)
                    .filter(|&&c| c != NOBODY)
                    .ok_or("empty face-up slot")?;
                let first = self.phase == Phase::Main;
                if c == LOCO && game.loco_whole_draw && !first {
                    return Err("a face-up locomotive cannot be a later draw".into());
                }
                self.players[p].hand[c as usize] += 1;
                self.card_drawn(game, c);
                self.face_up[slot as usize] = NOBODY;
                self.refill_display(game, rng);
                let left = match self.phase {
                    Phase::Drawing { left } => left - 1,
                    _ if c == LOCO && game.loco_whole_draw => 0,
                    _ => game.draws_per_turn - 1,
                };
                self.after_draw(game, left);
            }
            (Phase::Main, Action::DrawBlind) | (Phase::Drawing { .. }, Action::DrawBlind) => {
                let c = self.draw_card(rng).ok_or("no card to draw")?;
                self.players[p].hand[c as usize] += 1;
                self.card_drawn(game, c);
                let left = match self.phase {
                    Phase::Drawing { left } => left - 1,
                    _ => game.draws_per_turn - 1,
                };
                self.after_draw(game, left);
            }
            (Phase::Main, Action::DrawTickets) => {
                if !self.tickets_drawable(game) {
                    return Err("no tickets to draw".into());
                }
                self.deal_draw(game);
                self.phase = Phase::KeepTickets;
            }
            (Phase::Main, Action::Claim { lane, color, locos }) => {
                let l = lane as usize;
                if l >= game.lane_count() || !self.lane_open_for(game, l, self.current) {
                    return Err(format!("lane {lane} cannot be claimed"));
                }
                if color != LOCO && self.players[p].hand[color as usize] == 0 {
                    return Err("no card of that colour".into());
                }
                let spent = self
                    .payment(game, l, color, locos)
                    .ok_or("cannot pay for that lane")?;
                let route = &game.routes[game.lane_route[l] as usize];
                if route.tunnel && game.tunnel_reveal > 0 {
                    let mut extra = 0u8;
                    for _ in 0..game.tunnel_reveal {
                        if let Some(c) = self.draw_card(rng) {
                            self.revealed[c as usize] += 1;
                            let matches = if color == LOCO {
                                c == LOCO
                            } else {
                                c == LOCO || c == color
                            };
                            extra += matches as u8;
                        }
                    }
                    if extra > 0 {
                        self.phase = Phase::Tunnel {
                            lane,
                            color,
                            locos,
                            extra,
                        };
                        return Ok(());
                    }
                    self.discard_revealed();
                }
                self.complete_claim(game, l, &spent);
                self.end_turn(game);
            }
            (
                Phase::Tunnel {
                    lane,
                    color,
                    locos,
                    extra,
                },
                Action::TunnelPay { locos: extra_locos },
            ) => {
                let l = lane as usize;
                let mut spent = self
                    .payment(game, l, color, locos)
                    .ok_or("cannot pay for that lane")?;
                if extra_locos > extra || (color == LOCO && extra_locos != extra) {
                    return Err("bad tunnel payment".into());
                }
                spent[LOCO as usize] += extra_locos as u16;
                if color != LOCO {
                    spent[color as usize] += (extra - extra_locos) as u16;
                }
                let hand = &self.players[p].hand;
                if (0..CARD_KINDS).any(|k| spent[k] > hand[k]) {
                    return Err("not enough cards for the tunnel".into());
                }
                self.discard_revealed();
                self.complete_claim(game, l, &spent);
                self.end_turn(game);
            }
            (Phase::Tunnel { .. }, Action::TunnelWithdraw) => {
                self.discard_revealed();
                self.end_turn(game);
            }
            (Phase::Main, Action::BuildStation { city, color, locos }) => {
                let c = city as usize;
                if c >= self.station_owner.len()
                    || self.station_owner[c] != NOBODY
                    || self.players[p].stations.len() >= game.stations as usize
                {
                    return Err("no station can be built there".into());
                }
                let spent = self
                    .station_payment(game, color, locos)
                    .ok_or("cannot pay for the station")?;
                self.pay(&spent);
                self.station_owner[c] = self.current;
                self.players[p].stations.push(city);
                self.end_turn(game);
            }
            (Phase::Main, Action::Mechanic { mechanic, choice }) => {
                if !self.is_legal(game, action) {
                    return Err(format!("{action:?} is not legal now"));
                }
                let module = &game.mechanics.modules[mechanic as usize];
                module.apply_action(game, self, mechanic as usize, choice as u32, rng)?;
                self.end_turn(game);
            }
            (Phase::Mechanic { mechanic, step }, Action::Mechanic { choice, .. }) => {
                if !self.is_legal(game, action) {
                    return Err(format!("{action:?} is not legal now"));
                }
                let module = &game.mechanics.modules[mechanic as usize];
                module.apply_decision(game, self, mechanic as usize, step, choice as u32, rng)?;
                self.end_turn(game);
            }
            (Phase::Main, Action::Pass) => {
                if !self.is_legal(game, Action::Pass) {
                    return Err(
                        "only a player with nothing else to do may pass, and not when \
                                rules.end_game.when_stuck = \"fail\""
                            .into(),
                    );
                }
                self.passes_in_row = self.passes_in_row.saturating_add(1);
                // The pass is the player's turn: it counts down the last round like any other.
                self.end_turn(game);
                // A whole round of passes: nobody can ever act again.
                if !self.is_terminal() && self.passes_in_row >= game.players {
                    if game.when_stuck == WhenStuck::End {
                        self.finish(game);
                    } else {
                        self.fail(format!(
                            "no legal action for any player: all {} passed in a row (train \
                             deck and discard: {} cards, tickets left: {})",
                            game.players,
                            self.drawable_cards(),
                            self.ticket_decks.iter().map(|d| d.len()).sum::<usize>()
                        ));
                    }
                }
            }
            (phase, action) => return Err(format!("{action:?} is not legal in {phase:?}")),
        }
        Ok(())
    }

    fn after_draw(&mut self, game: &Game, left: u8) {
        if left == 0 {
            self.end_turn(game);
            return;
        }
        self.phase = Phase::Drawing { left };
        // When no card can be taken for the later draw, the turn ends.
        let can_draw = self.drawable_cards() > 0
            || self
                .face_up
                .iter()
                .any(|&c| c != NOBODY && !(c == LOCO && game.loco_whole_draw));
        if !can_draw {
            self.end_turn(game);
        }
    }

    fn discard_revealed(&mut self) {
        for k in 0..CARD_KINDS {
            self.discard[k] += self.revealed[k];
        }
        self.revealed = [0; CARD_KINDS];
    }

    fn pay(&mut self, spent: &Cards) {
        let p = self.current as usize;
        for (k, &n) in spent.iter().enumerate() {
            self.players[p].hand[k] -= n;
            self.discard[k] += n;
        }
    }

    fn complete_claim(&mut self, game: &Game, lane: usize, spent: &Cards) {
        self.pay(spent);
        self.take_lane(game, lane);
    }

    /// The current player takes `lane`: tables, trains, route points and open lanes.
    fn take_lane(&mut self, game: &Game, lane: usize) {
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

    fn return_tickets(
        &mut self,
        game: &Game,
        returned: Vec<u16>,
        policy: TicketDiscard,
        rng: &mut ChaCha8Rng,
    ) {
        for t in returned {
            let d = game.tickets[t as usize].deck as usize;
            match policy {
                TicketDiscard::Bottom => self.ticket_decks[d].push_back(t),
                TicketDiscard::OutOfGame => self.tickets_removed.push(t),
                TicketDiscard::Shuffle => {
                    let at = rng.random_range(0..=self.ticket_decks[d].len());
                    self.ticket_decks[d].insert(at, t);
                }
            }
        }
    }

    /// The game is over as it stands: scored.
    fn finish(&mut self, game: &Game) {
        self.phase = Phase::Over;
        self.result = Some(final_scores(game, self));
    }

    fn end_turn(&mut self, game: &Game) {
        // A decision a module asked for comes first; the turn ends once it is made.
        if let Some((mechanic, step)) = self.pending_decision.take() {
            self.phase = Phase::Mechanic { mechanic, step };
            return;
        }
        let p = self.current as usize;
        self.players[p].turns += 1;
        self.turn += 1;
        match self.last_round_left {
            None if self.players[p].trains <= game.end_trains => {
                self.last_round_left = Some(game.players);
                self.ended_by = Some(self.current);
            }
            Some(n) => {
                if n <= 1 {
                    self.finish(game);
                    return;
                }
                self.last_round_left = Some(n - 1);
            }
            None => {}
        }
        self.current = (self.current + 1) % game.players;
        self.phase = Phase::Main;
        if self.turn >= game.turn_cap {
            self.fail(format!(
                "safety cap: still running after {} turns",
                game.turn_cap
            ));
        }
    }
}

/// Adds `n` cards of any kind to `spent`, the most plentiful colours left first and
/// locomotives last; `None` when the hand has too few.
fn take_any(hand: &Cards, spent: &mut Cards, mut n: u16) -> Option<()> {
    while n > 0 {
        let mut best: Option<usize> = None;
        for k in 0..LOCO as usize {
            let left = hand[k] - spent[k];
            if left > 0 && best.is_none_or(|b| left > hand[b] - spent[b]) {
                best = Some(k);
            }
        }
        let k = match best {
            Some(k) => k,
            None if hand[LOCO as usize] > spent[LOCO as usize] => LOCO as usize,
            None => return None,
        };
        let take = (hand[k] - spent[k]).min(n);
        spent[k] += take;
        n -= take;
    }
    Some(())
}

/// Actions listed on the stack when there are few of them.
const SMALL_ACTIONS: usize = 64;

/// The main phase's draw actions listed on the stack (a display of up to 14 cards).
const DRAW_ACTIONS: usize = 16;

struct SmallActions<const N: usize = SMALL_ACTIONS> {
    items: [Action; N],
    len: usize,
}

impl<const N: usize> Default for SmallActions<N> {
    fn default() -> Self {
        SmallActions {
            items: [Action::DrawBlind; N],
            len: 0,
        }
    }
}

impl<const N: usize> SmallActions<N> {
    /// Appends `a`; `false` when full.
    fn push(&mut self, a: Action) -> bool {
        if self.len == N {
            return false;
        }
        self.items[self.len] = a;
        self.len += 1;
        true
    }
}

/// Lane classes counted on the stack; boards with more use the heap.
const STACK_CLASSES: usize = 64;

fn class_buffer<'a>(game: &Game, stack: &'a mut [u32], heap: &'a mut Vec<u32>) -> &'a mut [u32] {
    let n = game.lane_classes.len();
    if n <= stack.len() {
        &mut stack[..n]
    } else {
        heap.resize(n, 0);
        heap
    }
}

/// Per player and lane class, the number of lanes (all open at the start).
fn open_counts_by_class(game: &Game) -> Vec<u16> {
    // Fewer than u16::MAX lanes in all (checked by `Game::new`).
    let mut one = vec![0u16; game.lane_classes.len()];
    for &k in &game.lane_class {
        one[k as usize] += 1;
    }
    one.repeat(game.players as usize)
}

/// Per player and fast slot, the number of lanes (all open at the start).
fn open_counts_by_slot(game: &Game) -> Vec<u16> {
    let mut one = [0u16; FAST_SLOTS];
    for &slot in &game.lane_slot {
        if slot != NO_SLOT {
            one[slot as usize] += 1;
        }
    }
    one.repeat(game.players as usize)
}

/// Every lane open to every player.
fn all_lanes_open(game: &Game) -> Vec<u64> {
    let words = game.lane_words;
    let mut one = vec![0u64; words];
    for lane in 0..game.lane_count() {
        one[lane / 64] |= 1 << (lane % 64);
    }
    one.repeat(game.players as usize)
}

/// The cards paid for a lane of `class` with `color` and `locos` (see [`State::payment`]).
fn class_payment(hand: &Cards, class: &LaneClass, color: u8, locos: u8) -> Option<Cards> {
    let lane_color = class.color;
    if color != LOCO && lane_color != GRAY && color != lane_color {
        return None;
    }
    if locos as u16 > hand[LOCO as usize] {
        return None;
    }
    let spaces = class.length - class.ferry;
    let ferry_locos = locos.min(class.ferry);
    let space_locos = locos - ferry_locos;
    if space_locos > spaces || (space_locos > 0 && !class.loco_on_spaces) {
        return None;
    }
    let mut spent = [0u16; CARD_KINDS];
    spent[LOCO as usize] = locos as u16;
    let coloured = if color == LOCO {
        0
    } else {
        (hand[color as usize]).min((spaces - space_locos) as u16)
    };
    if color != LOCO {
        spent[color as usize] = coloured;
    }
    let short_spaces = (spaces - space_locos) as u16 - coloured;
    let short_ferry = (class.ferry - ferry_locos) as u16;
    if short_spaces > 0 {
        if class.any_for_one == 0 {
            return None;
        }
        take_any(hand, &mut spent, short_spaces * class.any_for_one as u16)?;
    }
    if short_ferry > 0 {
        let (cards, same) = class.ferry_substitute?;
        let need = short_ferry * cards as u16;
        if same {
            if color == LOCO || hand[color as usize] < spent[color as usize] + need {
                return None;
            }
            spent[color as usize] += need;
        } else {
            take_any(hand, &mut spent, need)?;
        }
    }
    Some(spent)
}

/// Calls `f(colour, locomotives)` for every way `hand` can pay a lane of `class`, in
/// legal-list order: each colour the lane takes (all eight for gray) with ascending
/// locomotives, then locomotives alone. A payment of locomotives alone is listed once, as
/// the `LOCO` colour.
fn for_each_claim(hand: &Cards, class: &LaneClass, mut f: impl FnMut(u8, u8)) {
    if class.is_simple() {
        // Closed form of the general loop below: colour `c` with `l` locomotives pays iff
        // `hand[c] + l >= length`, with 0 <= l < length (l = length is `LOCO`), and l = 0
        // when locomotives may not pay coloured spaces.
        let len = class.length as u16;
        let locos = hand[LOCO as usize];
        let top = if class.loco_on_spaces {
            locos.min(len - 1)
        } else {
            0
        };
        let mut colour = |c: u8| {
            let have = hand[c as usize];
            if have == 0 {
                return;
            }
            for l in len.saturating_sub(have)..=top {
                f(c, l as u8);
            }
        };
        if class.color == GRAY {
            for c in 0..LOCO {
                colour(c);
            }
        } else {
            colour(class.color);
        }
        if class.loco_on_spaces && locos >= len {
            f(LOCO, len as u8);
        }
        return;
    }
    for_each_claim_general(hand, class, f);
}

/// [`for_each_claim`] by trying every colour and locomotive count against the payment rules.
fn for_each_claim_general(hand: &Cards, class: &LaneClass, mut f: impl FnMut(u8, u8)) {
    let spaces = class.length - class.ferry;
    let max_locos = if class.loco_on_spaces {
        hand[LOCO as usize].min(class.length as u16)
    } else {
        hand[LOCO as usize].min(class.ferry as u16)
    } as u8;
    let mut try_colour = |color: u8| {
        if color != LOCO && (hand[color as usize] == 0 || spaces == 0) {
            return;
        }
        for locos in 0..=max_locos {
            if color != LOCO && locos - locos.min(class.ferry) >= spaces {
                break;
            }
            if class_payment(hand, class, color, locos).is_some() {
                f(color, locos);
            }
        }
    };
    if class.color == GRAY {
        for c in 0..LOCO {
            try_colour(c);
        }
    } else {
        try_colour(class.color);
    }
    try_colour(LOCO);
}

/// How many ways `hand` can pay a lane of `class` (the length of [`for_each_claim`]).
#[inline]
fn class_claim_count(hand: &Cards, class: &LaneClass) -> u32 {
    if class.is_simple() {
        let len = class.length as u16;
        let locos = hand[LOCO as usize];
        let top = if class.loco_on_spaces {
            locos.min(len - 1)
        } else {
            0
        };
        // Colour `c` pays with `len - hand[c]` (at least 0) up to `top` locomotives.
        let colour = |have: u16| -> u32 {
            let low = len.saturating_sub(have);
            if have == 0 || low > top {
                0
            } else {
                (top - low + 1) as u32
            }
        };
        let mut n = if class.color == GRAY {
            hand[..LOCO as usize].iter().map(|&h| colour(h)).sum()
        } else {
            colour(hand[class.color as usize])
        };
        n += (class.loco_on_spaces && locos >= len) as u32;
        return n;
    }
    let mut n = 0;
    for_each_claim(hand, class, |_, _| n += 1);
    n
}

/// Whether the closed forms ([`for_each_claim`] and [`class_claim_count`]) list exactly
/// what the general payment loop lists, for tests.
#[doc(hidden)]
pub fn claim_ways_match_general(hand: &Cards, class: &LaneClass) -> bool {
    let mut fast = Vec::new();
    for_each_claim(hand, class, |c, l| fast.push((c, l)));
    let mut slow = Vec::new();
    for_each_claim_general(hand, class, |c, l| slow.push((c, l)));
    fast == slow && class_claim_count(hand, class) as usize == fast.len()
}
