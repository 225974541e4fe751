//! What mechanic modules may do to a position from their hooks (see `engine/hooks/`): keep
//! their own words of state, ask players for decisions (one at a time, in the order asked,
//! a whole round of players between turns), put cards into the train deck, take more cards
//! or trains, deal and give tickets. Lane colours, blocked lanes and shared lanes are in `lanes.rs`.

use super::*;

impl State {
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

    /// Asks `player` for a decision of module `me` (its `decision_actions` at `step`). It is
    /// made once the current action is done and the decisions asked before it are made:
    /// at the end of the turn, or, when asked during setup, before the first turn.
    pub fn ask(&mut self, me: usize, step: u16, player: u8) {
        self.decisions.push_back(Decision {
            mechanic: me as u8,
            step,
            player,
        });
    }

    /// Asks the current player for a decision at the end of their turn ([`State::ask`]).
    pub fn ask_at_turn_end(&mut self, me: usize, step: u16) {
        self.ask(me, step, self.current);
    }

    /// Asks every player for a decision in turn, starting with `first` and going clockwise
    /// (seat order) or counter-clockwise: a round between turns (a draft pick, a starting
    /// city).
    pub fn ask_round(&mut self, game: &Game, me: usize, step: u16, first: u8, clockwise: bool) {
        let n = game.players;
        for k in 0..n {
            let p = if clockwise {
                (first + k) % n
            } else {
                (first + n - k % n) % n
            };
            self.ask(me, step, p);
        }
    }

    /// Decisions asked for and not yet begun.
    pub fn decisions_waiting(&self) -> usize {
        self.decisions.len()
    }

    /// Begins the next decision asked for, if any: its player decides now.
    pub(super) fn begin_decision(&mut self) -> bool {
        let Some(d) = self.decisions.pop_front() else {
            return false;
        };
        if self.turn_owner.is_none() {
            self.turn_owner = Some(self.current);
        }
        self.current = d.player;
        self.phase = Phase::Mechanic {
            mechanic: d.mechanic,
            step: d.step,
        };
        true
    }

    /// A decision was made: the next one, or back to the turn owner, whose turn ends (or,
    /// after setup's decisions, whose first turn begins).
    pub(super) fn after_decision(&mut self, game: &Game) {
        if self.begin_decision() {
            return;
        }
        if let Some(owner) = self.turn_owner.take() {
            self.current = owner;
        }
        if self.setup_decisions {
            self.setup_decisions = false;
            self.phase = Phase::Main;
        } else {
            self.finish_turn(game);
        }
    }

    /// Setup is over: the decisions asked for during setup, then player 0's first turn.
    pub(super) fn start_play(&mut self) {
        self.current = 0;
        self.phase = Phase::Main;
        self.setup_decisions = self.begin_decision();
    }

    /// Puts module `me`'s card of kind `kind` into the train deck with `depth` cards above
    /// it (at most the cards in the deck): it is drawn when they are gone (Iberia's Ticket
    /// Draft card). Ignored for a kind the module did not declare in `deck_cards`.
    pub fn place_in_deck(&mut self, game: &Game, me: usize, kind: u16, depth: u16) {
        if let Some(k) = game.mechanics.deck_kind(me, kind) {
            let depth = depth.min(self.deck_len());
            self.deck_placed.push((depth, k));
        }
    }

    /// Cards in the face-down train deck, of every kind (a module's too).
    pub fn deck_len(&self) -> u16 {
        self.deck_size + self.deck_other.iter().sum::<u16>() + self.deck_placed.len() as u16
    }

    /// Copies of module `me`'s kind `kind` still in the train deck (shuffled or placed).
    pub fn module_cards_in_deck(&self, game: &Game, me: usize, kind: u16) -> u16 {
        let Some(k) = game.mechanics.deck_kind(me, kind) else {
            return 0;
        };
        self.deck_other.get(k as usize).copied().unwrap_or(0)
            + self.deck_placed.iter().filter(|&&(_, x)| x == k).count() as u16
    }

    /// Player `p` pays `cards` more from their hand, to the discard pile (paying more than a
    /// claim needs, on purpose). Refused, changing nothing, when the hand lacks them.
    pub fn spend(&mut self, p: u8, cards: &Cards) -> Result<(), IllegalMove> {
        let hand = &mut self.players[p as usize].hand;
        if (0..CARD_KINDS).any(|k| cards[k] > hand[k]) {
            return Err(IllegalMove::NotEnoughCards);
        }
        for k in 0..CARD_KINDS {
            hand[k] -= cards[k];
            self.discard[k] += cards[k];
        }
        Ok(())
    }

    /// Player `p` puts `n` trains of their reserve somewhere else than on a route (South
    /// Korea's Province mat): they are lost for claims, and the end of the game counts the
    /// trains left. Refused, changing nothing, when the reserve is smaller.
    pub fn take_trains(&mut self, p: u8, n: u16) -> Result<(), IllegalMove> {
        let player = &mut self.players[p as usize];
        if player.trains < n {
            return Err(IllegalMove::NotEnoughTrains);
        }
        player.trains -= n;
        Ok(())
    }

    /// Draws a card from the train deck into player `p`'s hand (an extra blind card a module
    /// gives); the on-draw hooks run. `None` when no train card is left.
    pub fn deal_card(&mut self, game: &Game, p: u8, rng: &mut ChaCha8Rng) -> Option<u8> {
        if self.drawable_cards() == 0 {
            return None;
        }
        let c = self.draw_card(game, rng)?;
        self.players[p as usize].hand[c as usize] += 1;
        let current = self.current;
        self.current = p;
        self.card_drawn(game, c);
        self.current = current;
        Some(c)
    }

    /// Takes up to `n` tickets from the tops of the drawable decks, in deck order (a
    /// module's own deal: a draft).
    pub fn take_tickets(&mut self, game: &Game, n: usize) -> Vec<u16> {
        let mut out = Vec::with_capacity(n);
        self.deal_from_decks(game, n, &mut out);
        out
    }

    /// Puts `tickets` back into their decks by `policy` (a module's leftovers).
    pub fn put_back_tickets(
        &mut self,
        game: &Game,
        tickets: Vec<u16>,
        policy: TicketDiscard,
        rng: &mut ChaCha8Rng,
    ) {
        self.return_tickets(game, tickets, policy, rng);
    }
}
