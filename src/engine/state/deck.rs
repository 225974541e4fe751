//! The train deck and the face-up display: blind draws, reshuffles, the display's
//! locomotive reset, and which draws are open now.

use super::*;

impl State {
    /// A card went to the current player's hand: the modules' on-draw hooks.
    pub(super) fn card_drawn(&mut self, game: &Game, card: u8) {
        for (m, module) in game.mechanics.each_on_draw() {
            module.on_draw(game, self, m, self.current, card);
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

    /// Takes a random train card from the deck, reshuffling the discard pile in when the
    /// deck is empty; `None` when both are empty (cards never come from nowhere). Modules'
    /// cards met on the way (shuffled in, or put at a depth) go to their modules, and the
    /// draw goes on until a train card comes.
    ///
    /// A display slot is empty only when no card was left to fill it. When such a slot
    /// waits and this draw makes a new deck of the discards, the card is drawn and then the
    /// display is filled from the new deck (with its locomotive rule): the display is never
    /// left short while the deck has cards, and a legal draw always gets its card.
    pub(super) fn draw_card(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Option<u8> {
        let short = self.deck_size == 0 && self.face_up.contains(&NOBODY);
        let card = self.draw_card_inner(game, rng);
        if short {
            self.refill_display(game, rng);
        }
        card
    }

    /// [`State::draw_card`] without the display's refill (the display's own draws).
    fn draw_card_inner(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Option<u8> {
        if self.deck_other.is_empty() && self.deck_placed.is_empty() {
            return self.draw_train_card(rng);
        }
        loop {
            if let Some(i) = self.deck_placed.iter().position(|&(above, _)| above == 0) {
                let (_, kind) = self.deck_placed.remove(i);
                self.module_card_drawn(game, kind);
                continue;
            }
            let others: u16 = self.deck_other.iter().sum();
            if self.deck_size + others == 0 {
                if !self.deck_placed.is_empty() {
                    // Nothing is left above the placed cards.
                    self.deck_placed.iter_mut().for_each(|x| x.0 = 0);
                    continue;
                }
                self.deck = self.discard;
                self.discard = [0; CARD_KINDS];
                self.deck_size = self.deck.iter().sum();
                if self.deck_size == 0 {
                    return None;
                }
            }
            let mut r = rng.random_range(0..self.deck_size + others);
            self.deck_placed.iter_mut().for_each(|x| x.0 -= 1);
            if r < self.deck_size {
                for c in 0..CARD_KINDS {
                    if r < self.deck[c] {
                        self.deck[c] -= 1;
                        self.deck_size -= 1;
                        return Some(c as u8);
                    }
                    r -= self.deck[c];
                }
                return None;
            }
            r -= self.deck_size;
            let kind = (0..self.deck_other.len()).find(|&k| {
                let here = r < self.deck_other[k];
                r = r.saturating_sub(self.deck_other[k]);
                here
            })?;
            self.deck_other[kind] -= 1;
            self.module_card_drawn(game, kind as u16);
        }
    }

    /// [`State::draw_card`] for a deck of train cards only (no module put cards in it).
    fn draw_train_card(&mut self, rng: &mut ChaCha8Rng) -> Option<u8> {
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

    /// A module's card (global kind `kind`) came off the deck: its module takes it.
    fn module_card_drawn(&mut self, game: &Game, kind: u16) {
        let (m, own) = game.mechanics.deck_kinds[kind as usize];
        if let Some(cards) = game.mechanics.modules[m as usize].deck_cards() {
            cards.on_deck_card(game, self, m as usize, own);
        }
    }

    #[inline]
    pub(super) fn drawable_cards(&self) -> u16 {
        self.deck_size + self.discard.iter().sum::<u16>()
    }

    /// The display's locomotive rule, which holds at any time: while the display shows the
    /// reset number of locomotives it is cleared to the discard and dealt again, until it
    /// shows fewer or no display with fewer can be dealt from the cards left (deck, discard
    /// and display: too few cards other than locomotives to fill the slots). Each redeal
    /// draws from the whole of what is left once the deck runs through, so while a legal
    /// display exists every redeal has a chance of dealing one and the loop ends; there is
    /// no cap on the redeals, which would leave an illegal display a legal deal could
    /// replace.
    pub(super) fn check_display(&mut self, game: &Game, rng: &mut ChaCha8Rng) {
        if game.loco_reset == 0 {
            return;
        }
        loop {
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
                self.face_up[slot] = self.draw_card_inner(game, rng).unwrap_or(NOBODY);
            }
        }
    }

    /// Fills the display's empty slots from the deck (reshuffling the discards in when it
    /// runs out), then applies the locomotive reset.
    pub(super) fn refill_display(&mut self, game: &Game, rng: &mut ChaCha8Rng) {
        for slot in 0..self.face_up.len() {
            if self.face_up[slot] == NOBODY {
                self.face_up[slot] = self.draw_card_inner(game, rng).unwrap_or(NOBODY);
            }
        }
        self.check_display(game, rng);
    }

    /// After an action, for the turn loop: fills a display left short when cards have come
    /// back since (discards from a claim, a station, a tunnel's reveal), so that the next
    /// player sees a full display whenever cards exist, and applies the locomotive rule to
    /// the display as it stands, since cards that came back to the discard can make a legal
    /// display possible where none was. Draws nothing when the display is full and shows
    /// fewer locomotives than the reset number.
    pub fn settle_display(&mut self, game: &Game, rng: &mut ChaCha8Rng) {
        if self.face_up.contains(&NOBODY) && self.drawable_cards() > 0 {
            self.refill_display(game, rng);
        } else {
            self.check_display(game, rng);
        }
    }

    /// Whether a card can be drawn blind now (deck or discard not empty, in a draw phase,
    /// no module against it).
    pub fn can_draw_blind(&self, game: &Game) -> bool {
        matches!(self.phase, Phase::Main | Phase::Drawing { .. })
            && self.drawable_cards() > 0
            && self.allowed(game, Core::DrawBlind)
    }

    /// Whether face-up slot `slot` may be taken now.
    pub fn can_draw_face_up(&self, game: &Game, slot: usize) -> bool {
        let Some(&c) = self.face_up.get(slot) else {
            return false;
        };
        let open = match self.phase {
            Phase::Main => c != NOBODY,
            Phase::Drawing { .. } => c != NOBODY && !(c == LOCO && game.loco_whole_draw),
            _ => false,
        };
        open && self.allowed(game, Core::DrawFaceUp)
    }
}
