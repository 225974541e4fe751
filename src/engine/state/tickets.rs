//! Ticket deals (setup and the draw action), how many must be kept, and where returned
//! tickets go.

use super::*;

impl State {
    pub(super) fn deal_initial(&mut self, game: &Game) {
        self.offered.clear();
        for (d, &n) in game.initial_deal.iter().enumerate() {
            for _ in 0..n {
                if let Some(t) = self.ticket_decks[d].pop_front() {
                    self.offered.push(t);
                }
            }
        }
    }

    /// The draw action's offer: the rules' deal plus this turn's extra tickets (at most
    /// 16), from the drawable decks in order.
    pub(super) fn deal_draw(&mut self, game: &Game) {
        let n = (game.draw_deal + self.turn_mods.extra_tickets).min(16) as usize;
        let mut offered = std::mem::take(&mut self.offered);
        offered.clear();
        self.deal_from_decks(game, n, &mut offered);
        self.offered = offered;
    }

    /// Takes tickets from the tops of the drawable decks, in deck order, until `out` holds
    /// `n`.
    pub(super) fn deal_from_decks(&mut self, game: &Game, n: usize, out: &mut Vec<u16>) {
        for d in 0..self.ticket_decks.len() {
            if !game.drawable[d] {
                continue;
            }
            while out.len() < n {
                match self.ticket_decks[d].pop_front() {
                    Some(t) => out.push(t),
                    None => break,
                }
            }
        }
    }

    pub(super) fn tickets_drawable(&self, game: &Game) -> bool {
        self.ticket_decks
            .iter()
            .zip(&game.drawable)
            .any(|(d, &ok)| ok && !d.is_empty())
    }

    pub(super) fn keep_minimum(&self, game: &Game) -> u8 {
        let rule = if self.phase == Phase::SetupTickets {
            game.initial_keep
        } else {
            game.draw_keep
        };
        rule.min(self.offered.len() as u8)
    }

    /// Whether the current player may draw tickets now.
    pub fn can_draw_tickets(&self, game: &Game) -> bool {
        self.phase == Phase::Main
            && self.tickets_drawable(game)
            && self.allowed(game, Core::DrawTickets)
    }

    /// The smallest number of tickets the current player must keep from the offer.
    pub fn tickets_to_keep(&self, game: &Game) -> u8 {
        self.keep_minimum(game)
    }

    pub(super) fn return_tickets(
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
}
