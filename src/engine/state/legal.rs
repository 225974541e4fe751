//! The legal actions of the current player, listed in a fixed order, and `is_legal`, which
//! answers without listing the main phase's claims.

use super::*;

impl State {
    /// The actions mechanic modules offer the current player now (none while they only
    /// claim again: [`TurnMods::claiming`]).
    pub(super) fn mechanic_actions(&self, game: &Game, out: &mut Vec<Action>) {
        if self.turn_mods.claiming {
            return;
        }
        for (m, module) in game.mechanics.each_actions() {
            module.main_actions(game, self, m, &mut |a| out.push(a));
        }
    }

    /// Whether core action `what` is open to the current player now: every module allows
    /// it, and after a claim with claims to spare only claims are.
    #[inline]
    pub(super) fn allowed(&self, game: &Game, what: Core) -> bool {
        if self.turn_mods.claiming && what != Core::Claim {
            return false;
        }
        if game.mechanics.allows.is_empty() {
            return true;
        }
        game.mechanics
            .each_allows()
            .all(|(m, module)| module.allows(game, self, m, self.current, what))
    }

    /// Whether the main phase is listed and counted as the core alone would: no module
    /// takes actions away or prices lanes per player, and no extra claim is under way.
    pub(super) fn plain_main(&self, game: &Game) -> bool {
        game.mechanics.allows.is_empty()
            && game.mechanics.player_costs.is_empty()
            && !self.turn_mods.claiming
    }

    /// Fills `out` with every legal action of the current player.
    pub fn legal_actions(&self, game: &Game, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Main => {
                self.main_actions_but_pass(game, out);
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

    /// How many legal actions the current player has, counted no further than `most`: a
    /// bot asking whether a decision is a choice at all need not list France's few hundred
    /// builds.
    pub fn legal_count_up_to(&self, game: &Game, most: usize) -> usize {
        if self.phase == Phase::Main {
            let mut out = Vec::new();
            self.legal_actions(game, &mut out);
            return out.len().min(most);
        }
        let mut n = 0;
        if most > 0 {
            self.other_phase_actions(game, |_| {
                n += 1;
                n < most
            });
        }
        n
    }

    /// The main phase's actions, in order: draws, claims, stations, module actions, and
    /// ending the turn after a claim with claims to spare.
    fn main_actions_but_pass(&self, game: &Game, out: &mut Vec<Action>) {
        self.main_draw_actions(game, out);
        self.claims(game, out);
        self.station_actions(game, out);
        self.mechanic_actions(game, out);
        if self.turn_mods.claiming {
            out.push(Action::EndTurn);
        }
    }

    /// The legal actions outside the main phase, in order, until `push` returns `false`.
    pub(super) fn other_phase_actions(&self, game: &Game, mut push: impl FnMut(Action) -> bool) {
        let hand = &self.players[self.current as usize].hand;
        match self.phase {
            Phase::Over | Phase::Main => {}
            Phase::Mechanic { mechanic, step } => {
                let mut more = true;
                if let Some(decisions) = game.mechanics.modules[mechanic as usize].decisions() {
                    // A module may go on after `push` asks it to stop.
                    decisions.decision_actions(game, self, mechanic as usize, step, &mut |a| {
                        if more {
                            more = push(a);
                        }
                        more
                    });
                }
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
                if self.allowed(game, Core::DrawFaceUp) {
                    for (slot, &c) in self.face_up.iter().enumerate() {
                        if c != NOBODY
                            && !(c == LOCO && game.loco_whole_draw)
                            && !push(Action::DrawFaceUp(slot as u8))
                        {
                            return;
                        }
                    }
                }
                if self.drawable_cards() > 0 && self.allowed(game, Core::DrawBlind) {
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
    pub(super) fn main_draw_actions(&self, game: &Game, out: &mut Vec<Action>) {
        if self.allowed(game, Core::DrawFaceUp) {
            for (slot, &c) in self.face_up.iter().enumerate() {
                if c != NOBODY {
                    out.push(Action::DrawFaceUp(slot as u8));
                }
            }
        }
        if self.drawable_cards() > 0 && self.allowed(game, Core::DrawBlind) {
            out.push(Action::DrawBlind);
        }
        if self.can_draw_tickets(game) {
            out.push(Action::DrawTickets);
        }
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
            (Phase::Main, Action::DrawFaceUp(slot)) => self.can_draw_face_up(game, slot as usize),
            (Phase::Main, Action::DrawBlind) => self.can_draw_blind(game),
            (Phase::Main, Action::DrawTickets) => self.can_draw_tickets(game),
            (Phase::Main, Action::BuildStation { city, color, locos }) => {
                self.allowed(game, Core::BuildStation)
                    && (city as usize) < self.station_owner.len()
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
            (Phase::Main, Action::EndTurn) => self.turn_mods.claiming,
            (Phase::Main, _) => false,
            (Phase::Mechanic { mechanic, step }, _) => game.mechanics.modules[mechanic as usize]
                .decisions()
                .is_some_and(|d| d.is_legal_decision(game, self, mechanic as usize, step, action)),
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

    /// Whether the current player is at the start of a turn with nothing they can do: no
    /// face-up card, no card in the deck or discard, no ticket to draw, no lane or station
    /// they can pay for. What then happens is `rules.end_game.when_stuck`.
    pub fn is_stuck(&self, game: &Game) -> bool {
        if self.phase == Phase::Main && !self.plain_main(game) {
            let mut listed = Vec::new();
            self.main_actions_but_pass(game, &mut listed);
            return listed.is_empty();
        }
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
}

/// Actions listed on the stack when there are few of them.
pub(super) const SMALL_ACTIONS: usize = 64;

/// The main phase's draw actions listed on the stack (a display of up to 14 cards).
pub(super) const DRAW_ACTIONS: usize = 16;

pub(super) struct SmallActions<const N: usize = SMALL_ACTIONS> {
    pub(super) items: [Action; N],
    pub(super) len: usize,
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
    pub(super) fn push(&mut self, a: Action) -> bool {
        if self.len == N {
            return false;
        }
        self.items[self.len] = a;
        self.len += 1;
        true
    }
}
