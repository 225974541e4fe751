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

    pub(super) fn deal_draw(&mut self, game: &Game) {
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
        self.phase == Phase::Main && self.tickets_drawable(game)
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
