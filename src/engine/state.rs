//! A position, its legal actions and how an action changes it.

use super::scoring::{ScoreBreakdown, final_scores};
use super::{CARD_KINDS, Cards, GRAY, Game, LOCO, NOBODY};
use crate::model::TicketDiscard;
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
    /// City → station owner.
    pub station_owner: Vec<u8>,
    /// Completed turns of all players.
    pub turn: u32,
    /// Turns left once the last round has started.
    pub last_round_left: Option<u8>,
    /// The player whose train count started the last round.
    pub ended_by: Option<u8>,
    pub failure: Option<Failure>,
    pub seed: u64,
    /// Final scores, filled when the game ends normally.
    pub result: Option<Vec<ScoreBreakdown>>,
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
            station_owner: vec![NOBODY; game.city_ids.len()],
            turn: 0,
            last_round_left: None,
            ended_by: None,
            failure: None,
            seed,
            result: None,
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
        s.deal_initial(game);
        s
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
        self.players[p as usize].trains >= route.length as u16
    }

    /// The cards paid to claim `lane` with `color` (`LOCO`: no coloured cards) and `locos`
    /// locomotives, or `None` when that payment is not possible. Locomotives pay ferry spaces
    /// first, then coloured spaces where allowed; coloured spaces take as many cards of
    /// `color` as the hand has; shortfalls are covered by substitutes where the route or the
    /// rules allow them (Nordic's any 4 for one, any 3 for a ferry locomotive).
    pub fn payment(&self, game: &Game, lane: usize, color: u8, locos: u8) -> Option<Cards> {
        let hand = &self.players[self.current as usize].hand;
        let route = &game.routes[game.lane_route[lane] as usize];
        let lane_color = game.lane_color[lane];
        if color != LOCO && lane_color != GRAY && color != lane_color {
            return None;
        }
        if locos as u16 > hand[LOCO as usize] {
            return None;
        }
        let spaces = route.length - route.ferry;
        let ferry_locos = locos.min(route.ferry);
        let space_locos = locos - ferry_locos;
        if space_locos > spaces || (space_locos > 0 && !route.loco_on_spaces) {
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
        let short_ferry = (route.ferry - ferry_locos) as u16;
        if short_spaces > 0 {
            if route.any_for_one == 0 {
                return None;
            }
            take_any(hand, &mut spent, short_spaces * route.any_for_one as u16)?;
        }
        if short_ferry > 0 {
            let (cards, same) = route.ferry_substitute?;
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

    /// Fills `out` with every legal action of the current player.
    pub fn legal_actions(&self, game: &Game, out: &mut Vec<Action>) {
        out.clear();
        let p = self.current;
        let hand = &self.players[p as usize].hand;
        match self.phase {
            Phase::Over => {}
            Phase::SetupTickets | Phase::KeepTickets => {
                let n = self.offered.len() as u32;
                let min = self.keep_minimum(game) as u32;
                for mask in 0..(1u32 << n) {
                    if mask.count_ones() >= min {
                        out.push(Action::KeepTickets(mask));
                    }
                }
            }
            Phase::Drawing { .. } => {
                for (slot, &c) in self.face_up.iter().enumerate() {
                    if c != NOBODY && !(c == LOCO && game.loco_whole_draw) {
                        out.push(Action::DrawFaceUp(slot as u8));
                    }
                }
                if self.drawable_cards() > 0 {
                    out.push(Action::DrawBlind);
                }
            }
            Phase::Tunnel {
                lane,
                color,
                locos,
                extra,
            } => {
                out.push(Action::TunnelWithdraw);
                if let Some(spent) = self.payment(game, lane as usize, color, locos) {
                    let free_locos = hand[LOCO as usize] - spent[LOCO as usize];
                    if color == LOCO {
                        if free_locos >= extra as u16 {
                            out.push(Action::TunnelPay { locos: extra });
                        }
                    } else {
                        let free_colour = hand[color as usize] - spent[color as usize];
                        for l in 0..=extra {
                            if l as u16 <= free_locos && (extra - l) as u16 <= free_colour {
                                out.push(Action::TunnelPay { locos: l });
                            }
                        }
                    }
                }
            }
            Phase::Main => {
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
                for lane in 0..game.lane_count() {
                    if self.lane_open_for(game, lane, p) {
                        self.claim_actions(game, lane, out);
                    }
                }
                self.station_actions(game, out);
            }
        }
    }

    fn claim_actions(&self, game: &Game, lane: usize, out: &mut Vec<Action>) {
        let hand = &self.players[self.current as usize].hand;
        let route = &game.routes[game.lane_route[lane] as usize];
        let lane_color = game.lane_color[lane];
        let spaces = route.length - route.ferry;
        let max_locos = if route.loco_on_spaces {
            hand[LOCO as usize].min(route.length as u16)
        } else {
            hand[LOCO as usize].min(route.ferry as u16)
        } as u8;
        let mut try_colour = |color: u8| {
            if color != LOCO && (hand[color as usize] == 0 || spaces == 0) {
                return;
            }
            for locos in 0..=max_locos {
                // A payment of locomotives alone is the `LOCO` colour, listed once.
                if color != LOCO && locos - locos.min(route.ferry) >= spaces {
                    break;
                }
                if self.payment(game, lane, color, locos).is_some() {
                    out.push(Action::Claim {
                        lane: lane as u16,
                        color,
                        locos,
                    });
                }
            }
        };
        if lane_color == GRAY {
            for c in 0..LOCO {
                try_colour(c);
            }
        } else {
            try_colour(lane_color);
        }
        try_colour(LOCO);
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

    fn station_actions(&self, game: &Game, out: &mut Vec<Action>) {
        let player = &self.players[self.current as usize];
        if player.stations.len() >= game.stations as usize {
            return;
        }
        let mut payments: Vec<(u8, u8)> = Vec::new();
        let cost = game.station_cost(player.stations.len() as u8);
        for color in 0..=LOCO {
            for locos in 0..=cost {
                if self.station_payment(game, color, locos).is_some() {
                    payments.push((color, locos));
                }
            }
        }
        if payments.is_empty() {
            return;
        }
        for city in 0..game.city_ids.len() {
            if self.station_owner[city] == NOBODY {
                for &(color, locos) in &payments {
                    out.push(Action::BuildStation {
                        city: city as u16,
                        color,
                        locos,
                    });
                }
            }
        }
    }

    /// Whether `action` is legal now (a linear check against the legal list).
    pub fn is_legal(&self, game: &Game, action: Action) -> bool {
        let mut v = Vec::new();
        self.legal_actions(game, &mut v);
        v.contains(&action)
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

    /// Applies a legal action. An illegal one is refused with an error and changes nothing.
    pub fn apply(
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
        let r = game.lane_route[lane] as usize;
        let route = &game.routes[r];
        self.lane_owner[lane] = self.current;
        self.route_claims[r] += 1;
        let player = &mut self.players[self.current as usize];
        player.trains -= route.length as u16;
        player.route_points += route.points;
        player.routes.push(r as u16);
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

    fn end_turn(&mut self, game: &Game) {
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
                    self.phase = Phase::Over;
                    self.result = Some(final_scores(game, self));
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
