//! Iberia's Ticket Draft card (`mechanics.ticket_draft_card`): a card in the train deck that
//! starts a second ticket draft, played with `ticket-draft` (`rules.tickets.draft`).
//!
//! At setup, once the festival cards are shuffled in, the card goes into the train deck with
//! `depth_by_players` of the deck above it (0.5: halfway down), rounded to the nearest card;
//! a player count without an entry takes the entry of the nearest smaller count (0.5 when
//! there is none). Whoever draws it (a blind draw, a display refill) finishes their turn;
//! then everyone drafts again (`deal`, pick and pass `pass`, keep exactly `keep`, leftovers
//! as `leftovers`: `bottom` shuffles them together under the ticket deck). Tickets kept
//! before are not part of it.
//!
//! With `locks_ticket_draws` (default), no player may draw tickets before that second draft
//! is over, so in a game that ends before the card comes up nobody draws tickets.
//!
//! Report figures: whether the second draft was held and the turn it came at (all players'
//! turns played before it; the mean over every finished game, so divide by the share held
//! for the mean of the games that had it).

use super::ticket_draft::TicketDraft;
use super::{Game, Mechanic, State};
use crate::engine::hooks::{Allows, Core, Counter, DeckCards, Report, Setup, Word};
use rand_chacha::ChaCha8Rng;

#[derive(Debug)]
pub struct TicketDraftCard {
    /// Player count → how far down the deck the card goes.
    pub depth_by_players: Vec<(u8, f64)>,
    /// The draft module (its index in the game's modules) and the draft the card starts.
    pub draft: usize,
    pub which: usize,
    pub locks_ticket_draws: bool,
}

// Words: the turn the card was drawn at + 1 (0: not yet), the times it was drawn.
const DRAWN: usize = 0;
const DRAWS: usize = 1;

impl TicketDraftCard {
    /// How far down the deck the card goes with `players` players.
    pub fn depth_fraction(&self, players: u8) -> f64 {
        self.depth_by_players
            .iter()
            .filter(|(n, _)| *n <= players)
            .max_by_key(|(n, _)| *n)
            .map_or(0.5, |x| x.1)
    }

    /// The turn (all players' turns completed) at which the card was drawn, if it was.
    pub fn drawn_at(game: &Game, state: &State, me: usize) -> Option<u32> {
        Option::from_word(state.mechanic_words(game, me)[DRAWN])
    }

    /// How often the card came off the deck (once at most: it is put aside when drawn).
    pub fn times_drawn(game: &Game, state: &State, me: usize) -> u32 {
        state.mechanic_words(game, me)[DRAWS]
    }

    fn draft_module<'a>(&self, game: &'a Game) -> Option<&'a TicketDraft> {
        game.mechanics.modules[self.draft]
            .as_any()?
            .downcast_ref::<TicketDraft>()
    }
}

impl Mechanic for TicketDraftCard {
    // Public words: the turn the card came up and how often; the card is drawn in view.
    mechanic_basics!(
        "ticket-draft-card",
        as_any,
        public,
        name = "Ticket Draft card (second draft)"
    );

    fn state_words(&self, _game: &Game) -> usize {
        2
    }

    plays!(deck_cards, setup, report);
    /// Ticket draws are taken away until the draft is done only where the map says so.
    fn allows(&self) -> Option<&dyn Allows> {
        self.locks_ticket_draws.then_some(self as &dyn Allows)
    }
}

impl DeckCards for TicketDraftCard {
    /// One kind, put at its depth at setup rather than shuffled in.
    fn deck_cards(&self, _game: &Game) -> Vec<u16> {
        vec![0]
    }

    fn on_deck_card(&self, game: &Game, state: &mut State, me: usize, _kind: u16) {
        let turn = state.turn;
        let w = state.mechanic_words_mut(game, me);
        w[DRAWS] += 1;
        if Option::<u32>::from_word(w[DRAWN]).is_some() {
            return;
        }
        w[DRAWN] = Some(turn).to_word();
        if let Some(d) = self.draft_module(game) {
            d.begin(game, state, self.draft, self.which, None);
        }
    }
}

impl Setup for TicketDraftCard {
    fn setup(&self, game: &Game, state: &mut State, me: usize, _rng: &mut ChaCha8Rng) {
        let depth = (state.deck_len() as f64 * self.depth_fraction(game.players)).round();
        state.place_in_deck(game, me, 0, depth.max(0.0) as u16);
    }
}

impl Allows for TicketDraftCard {
    fn allows(&self, game: &Game, state: &State, _me: usize, _p: u8, what: Core) -> bool {
        what != Core::DrawTickets || TicketDraft::done(game, state, self.draft, self.which)
    }
}

impl Report for TicketDraftCard {
    fn counters(&self, game: &Game, state: &State, me: usize, out: &mut Vec<Counter>) {
        let at = Self::drawn_at(game, state, me);
        out.push(Counter {
            row: None,
            name: "second draft held".into(),
            player: None,
            value: at.is_some() as i64,
        });
        out.push(Counter {
            row: None,
            name: "second draft: turn drawn (0 when not held)".into(),
            player: None,
            value: at.unwrap_or(0) as i64,
        });
    }
}
