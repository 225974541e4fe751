//! Ticket deals (setup and the draw action), how many must be kept, and where returned
//! tickets go.
//!
//! Setup deals from each deck what the game mode (or the deck) says; once setup's last
//! choice is made, the drawable decks become one draw pile, shuffled together (Castilla's
//! modes *include* their decks' tickets, so a draw may bring any of them), and tickets
//! returned later go to that pile.

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
    /// 16), from the draw pile.
    pub(super) fn deal_draw(&mut self, game: &Game) {
        let n = (game.draw_deal + self.turn_mods.extra_tickets).min(16) as usize;
        let mut offered = std::mem::take(&mut self.offered);
        offered.clear();
        self.deal_from_decks(game, n, &mut offered);
        self.offered = offered;
    }

    /// Takes tickets from the tops of the drawable decks until `out` holds `n`: from the
    /// draw pile once they are merged (before, in deck order: a module's deal during setup).
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

    /// Shuffles the drawable decks' tickets together into one draw pile (kept as the first
    /// drawable deck; the others are left empty). Nothing changes with fewer than two
    /// drawable decks, or when done already.
    pub(super) fn merge_draw_pile(&mut self, game: &Game, rng: &mut ChaCha8Rng) {
        use rand::seq::SliceRandom;
        if self.draw_pile.is_some() {
            return;
        }
        let mut drawable = (0..self.ticket_decks.len()).filter(|&d| game.drawable[d]);
        let Some(first) = drawable.next() else {
            return;
        };
        let rest: Vec<usize> = drawable.collect();
        if rest.is_empty() {
            return;
        }
        let mut all: Vec<u16> = self.ticket_decks[first].drain(..).collect();
        for d in rest {
            all.extend(self.ticket_decks[d].drain(..));
        }
        all.shuffle(rng);
        self.ticket_decks[first] = all.into();
        self.draw_pile = Some(first as u8);
    }

    /// Returned tickets go back by `policy`: to the bottom of their deck, at a random
    /// depth, or out of the game; a drawable deck's ticket goes to the draw pile once the
    /// decks are merged. After setup's last choice, the draw pile is made.
    pub(super) fn return_tickets(
        &mut self,
        game: &Game,
        returned: Vec<u16>,
        policy: TicketDiscard,
        rng: &mut ChaCha8Rng,
    ) {
        for t in returned {
            let own = game.tickets[t as usize].pile as usize;
            let d = match self.draw_pile {
                Some(pile) if game.drawable[own] => pile as usize,
                _ => own,
            };
            match policy {
                TicketDiscard::Bottom => self.ticket_decks[d].push_back(t),
                TicketDiscard::OutOfGame => self.tickets_removed.push(t),
                TicketDiscard::Shuffle => {
                    let at = rng.random_range(0..=self.ticket_decks[d].len());
                    self.ticket_decks[d].insert(at, t);
                }
            }
        }
        if self.phase == Phase::SetupTickets && self.current as usize + 1 == game.players as usize {
            self.merge_draw_pile(game, rng);
        }
    }
}
