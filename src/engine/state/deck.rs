//! The train deck and the face-up display: blind draws, reshuffles, the display's
//! locomotive reset, and which draws are open now.

use super::*;

impl State {
    /// A card went to the current player's hand: the modules' on-draw hooks.
    pub(super) fn card_drawn(&mut self, game: &Game, card: u8) {
        for &m in &game.mechanics.on_draw {
            game.mechanics.modules[m as usize].on_draw(game, self, m as usize, self.current, card);
        }
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
    pub(super) fn draw_card(&mut self, rng: &mut ChaCha8Rng) -> Option<u8> {
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

    pub(super) fn drawable_cards(&self) -> u16 {
        self.deck_size + self.discard.iter().sum::<u16>()
    }

    /// Clears and redeals the display while it shows the reset number of locomotives, but
    /// only while a display with fewer is possible from the cards left (otherwise it would
    /// never stop), and at most a bounded number of times in a row.
    pub(super) fn check_display(&mut self, game: &Game, rng: &mut ChaCha8Rng) {
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

    pub(super) fn refill_display(&mut self, game: &Game, rng: &mut ChaCha8Rng) {
        for slot in 0..self.face_up.len() {
            if self.face_up[slot] == NOBODY {
                self.face_up[slot] = self.draw_card(rng).unwrap_or(NOBODY);
            }
        }
        self.check_display(game, rng);
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
}
