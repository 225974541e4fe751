//! Applying an action: one function per action (ticket choices, draws, claims and tunnels,
//! stations, module actions and decisions, passes), then the end of the turn and of the
//! game. Every function checks before it changes anything, so an illegal action changes
//! nothing.

use super::*;

impl State {
    /// Applies a legal action. An illegal one is refused with an error and changes nothing.
    pub fn apply(
        &mut self,
        game: &Game,
        action: Action,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        self.apply_action(game, action, rng)?;
        // Cards that came back while the deck was empty (a claim's, a station's, a tunnel's
        // reveal) refill the display at once, not only at the next draw; cards that came back
        // to the discard may make a display without three locomotives possible again.
        self.settle_display(game, rng);
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
    ) -> Result<(), IllegalMove> {
        match (self.phase, action) {
            (Phase::SetupTickets | Phase::KeepTickets, Action::KeepTickets(mask)) => {
                self.keep_tickets(game, mask, rng)
            }
            (Phase::Main | Phase::Drawing { .. }, Action::DrawFaceUp(slot)) => {
                self.draw_face_up(game, slot, rng)
            }
            (Phase::Main | Phase::Drawing { .. }, Action::DrawBlind) => self.draw_blind(game, rng),
            (Phase::Main, Action::DrawTickets) => {
                if !self.can_draw_tickets(game) {
                    return Err(IllegalMove::NoTicketsToDraw);
                }
                self.deal_draw(game);
                self.phase = Phase::KeepTickets;
                Ok(())
            }
            (Phase::Main, Action::Claim { lane, color, locos }) => {
                self.claim(game, lane, color, locos, rng)
            }
            (Phase::Tunnel { .. }, Action::TunnelPay { locos }) => self.tunnel_pay(game, locos),
            (Phase::Tunnel { .. }, Action::TunnelWithdraw) => {
                self.discard_revealed();
                self.end_turn(game);
                Ok(())
            }
            (Phase::Main, Action::BuildStation { city, color, locos }) => {
                self.build_station(game, city, color, locos)
            }
            (Phase::Main, Action::Mechanic { mechanic, choice }) => {
                if !self.is_legal(game, action) {
                    return Err(IllegalMove::NotLegalNow(action));
                }
                let module = &game.mechanics.modules[mechanic as usize];
                let Some(actions) = module.actions() else {
                    return Err(IllegalMove::NoActions(Box::new(module.name())));
                };
                match actions.apply_action(game, self, mechanic as usize, choice as u32, rng)? {
                    AfterAction::EndTurn => self.end_turn(game),
                    AfterAction::Continue => {}
                }
                Ok(())
            }
            (Phase::Mechanic { mechanic, step }, Action::Mechanic { choice, .. }) => {
                if !self.is_legal(game, action) {
                    return Err(IllegalMove::NotLegalNow(action));
                }
                let module = &game.mechanics.modules[mechanic as usize];
                let Some(decisions) = module.decisions() else {
                    return Err(IllegalMove::NoDecisions(Box::new(module.name())));
                };
                decisions.apply_decision(
                    game,
                    self,
                    mechanic as usize,
                    step,
                    choice as u32,
                    rng,
                )?;
                self.after_decision(game);
                Ok(())
            }
            (Phase::Main, Action::EndTurn) if self.turn_mods.claiming => {
                self.end_turn(game);
                Ok(())
            }
            (Phase::Main, Action::Pass) => self.pass(game),
            (phase, action) => Err(IllegalMove::WrongPhase(Box::new((action, phase)))),
        }
    }

    /// Keeps the offered tickets whose bits are set in `mask`; the others go back by the
    /// rules' policy. After setup's last choice, play starts.
    fn keep_tickets(
        &mut self,
        game: &Game,
        mask: u32,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        let p = self.current as usize;
        let n = self.offered.len() as u32;
        if mask >> n != 0 || mask.count_ones() < self.keep_minimum(game) as u32 {
            return Err(IllegalMove::CannotKeepTickets(mask));
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
        if !setup {
            self.end_turn(game);
        } else if p + 1 < game.players as usize {
            self.current += 1;
            self.deal_initial(game);
        } else {
            self.start_play();
        }
        Ok(())
    }

    fn draw_face_up(
        &mut self,
        game: &Game,
        slot: u8,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        let c = *self
            .face_up
            .get(slot as usize)
            .filter(|&&c| c != NOBODY)
            .ok_or(IllegalMove::EmptyFaceUpSlot)?;
        let first = self.phase == Phase::Main;
        if c == LOCO && game.loco_whole_draw && !first {
            return Err(IllegalMove::LocomotiveLaterDraw);
        }
        if !self.allowed(game, Core::DrawFaceUp) {
            return Err(IllegalMove::CardNotTakable);
        }
        self.players[self.current as usize].hand[c as usize] += 1;
        self.card_drawn(game, c);
        self.face_up[slot as usize] = NOBODY;
        self.refill_display(game, rng);
        let left = match self.phase {
            Phase::Drawing { left } => left - 1,
            _ if c == LOCO && game.loco_whole_draw => 0,
            _ => game.draws_per_turn - 1 + self.turn_mods.extra_draws,
        };
        self.after_draw(game, left);
        Ok(())
    }

    fn draw_blind(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Result<(), IllegalMove> {
        if self.drawable_cards() == 0 || !self.allowed(game, Core::DrawBlind) {
            return Err(IllegalMove::NoCardToDraw);
        }
        let c = self.draw_card(game, rng).ok_or(IllegalMove::NoCardToDraw)?;
        self.players[self.current as usize].hand[c as usize] += 1;
        self.card_drawn(game, c);
        let left = match self.phase {
            Phase::Drawing { left } => left - 1,
            _ => game.draws_per_turn - 1 + self.turn_mods.extra_draws,
        };
        self.after_draw(game, left);
        Ok(())
    }

    /// A claim: paid at once, or, for a tunnel whose reveal asks for more, paid in the
    /// tunnel phase.
    fn claim(
        &mut self,
        game: &Game,
        lane: u16,
        color: u8,
        locos: u16,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        let l = lane as usize;
        if l >= game.lane_count()
            || !self.lane_open_for(game, l, self.current)
            || !self.allowed(game, Core::Claim)
        {
            return Err(IllegalMove::LaneNotClaimable(lane));
        }
        if color != LOCO && self.players[self.current as usize].hand[color as usize] == 0 {
            return Err(IllegalMove::NoCardOfColour);
        }
        let spent = self
            .payment(game, l, color, locos)
            .ok_or(IllegalMove::CannotPayLane)?;
        let route = &game.routes[game.lane_route[l] as usize];
        if route.tunnel && game.tunnel_reveal > 0 {
            let mut extra = 0u8;
            for _ in 0..game.tunnel_reveal {
                if let Some(c) = self.draw_card(game, rng) {
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
        Ok(())
    }

    fn tunnel_pay(&mut self, game: &Game, extra_locos: u8) -> Result<(), IllegalMove> {
        let Phase::Tunnel {
            lane,
            color,
            locos,
            extra,
        } = self.phase
        else {
            return Err(IllegalMove::NoTunnel);
        };
        let l = lane as usize;
        let mut spent = self
            .payment(game, l, color, locos)
            .ok_or(IllegalMove::CannotPayLane)?;
        if extra_locos > extra || (color == LOCO && extra_locos != extra) {
            return Err(IllegalMove::BadTunnelPayment);
        }
        spent[LOCO as usize] += extra_locos as u16;
        if color != LOCO {
            spent[color as usize] += (extra - extra_locos) as u16;
        }
        let hand = &self.players[self.current as usize].hand;
        if (0..CARD_KINDS).any(|k| spent[k] > hand[k]) {
            return Err(IllegalMove::TunnelShort);
        }
        self.discard_revealed();
        self.complete_claim(game, l, &spent);
        Ok(())
    }

    fn build_station(
        &mut self,
        game: &Game,
        city: u16,
        color: u8,
        locos: u8,
    ) -> Result<(), IllegalMove> {
        let c = city as usize;
        let p = self.current as usize;
        if c >= self.station_owner.len()
            || self.station_owner[c] != NOBODY
            || self.players[p].stations.len() >= game.stations as usize
            || !self.allowed(game, Core::BuildStation)
        {
            return Err(IllegalMove::NoStationThere);
        }
        let spent = self
            .station_payment(game, color, locos)
            .ok_or(IllegalMove::CannotPayStation)?;
        self.pay(&spent);
        self.station_owner[c] = self.current;
        self.players[p].stations.push(city);
        self.end_turn(game);
        Ok(())
    }

    fn pass(&mut self, game: &Game) -> Result<(), IllegalMove> {
        if !self.is_legal(game, Action::Pass) {
            return Err(IllegalMove::NoPass);
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
                    "no legal action for any player: all {} passed in a row (train deck and \
                     discard: {} cards, tickets left: {})",
                    game.players,
                    self.drawable_cards(),
                    self.ticket_decks.iter().map(|d| d.len()).sum::<usize>()
                ));
            }
        }
        Ok(())
    }

    pub(super) fn after_draw(&mut self, game: &Game, left: u8) {
        if left == 0 {
            self.end_turn(game);
            return;
        }
        self.phase = Phase::Drawing { left };
        // When no card can be taken for the later draw, the turn ends.
        let can_draw = if game.mechanics.allows.is_empty() {
            self.drawable_cards() > 0
                || self
                    .face_up
                    .iter()
                    .any(|&c| c != NOBODY && !(c == LOCO && game.loco_whole_draw))
        } else {
            let mut any = false;
            self.other_phase_actions(game, |_| {
                any = true;
                false
            });
            any
        };
        if !can_draw {
            self.end_turn(game);
        }
    }

    pub(super) fn discard_revealed(&mut self) {
        for k in 0..CARD_KINDS {
            self.discard[k] += self.revealed[k];
        }
        self.revealed = [0; CARD_KINDS];
    }

    pub(super) fn pay(&mut self, spent: &Cards) {
        let p = self.current as usize;
        for (k, &n) in spent.iter().enumerate() {
            self.players[p].hand[k] -= n;
            self.discard[k] += n;
        }
    }

    /// Pays for and takes `lane`; then the turn ends, unless it has claims to spare
    /// ([`TurnMods::extra_claims`]): the player may then claim again or end the turn.
    pub(super) fn complete_claim(&mut self, game: &Game, lane: usize, spent: &Cards) {
        self.pay(spent);
        self.take_lane(game, lane, spent);
        if self.turn_mods.extra_claims > 0 {
            self.turn_mods.extra_claims -= 1;
            self.turn_mods.claiming = true;
            self.phase = Phase::Main;
            return;
        }
        self.end_turn(game);
    }

    /// The turn's action is done: the decisions asked for come first; then the turn ends.
    pub(super) fn end_turn(&mut self, game: &Game) {
        if self.begin_decision() {
            return;
        }
        self.finish_turn(game);
    }

    /// The turn is over: the modules' turn-end hooks, the last round's count-down, the next
    /// player.
    pub(super) fn finish_turn(&mut self, game: &Game) {
        for (m, module) in game.mechanics.each_on_turn_end() {
            module.on_turn_end(game, self, m);
        }
        self.turn_mods = TurnMods::default();
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
