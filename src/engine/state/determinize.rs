//! Determinization: a copy of a position in which everything one player cannot know is
//! drawn afresh, consistently with what that player has seen (for the search bot).
//!
//! What the viewer knows: the board (claims, stations, the display, a tunnel's revealed
//! cards, the discard pile's counts), every player's train count, hand size and number of
//! kept tickets, its own hand and tickets, the tickets offered to it now, and the tickets
//! it was offered earlier (the caller passes them: a state does not record who saw what).
//! What it does not know, and what is drawn afresh:
//!
//! - the other players' train cards: the cards of their hands and of the face-down deck
//!   are pooled and dealt again, every hand keeping its size and the deck its count (the
//!   deck is a multiset in the engine, so its order needs no resampling). Cards another
//!   player took from the display are public in the game but not tracked here: they are
//!   pooled like the rest (a simplification, stated in the search bot's docs);
//! - the other players' kept tickets and the order of every ticket deck: per deck, the
//!   tickets the viewer has not seen (in the deck, in others' hands, returned out of the
//!   game by others) are pooled, each other player gets back as many as they kept, the
//!   tickets returned out of the game by others as many as there were, and the deck the
//!   rest, shuffled (tickets the viewer saw and returned under the bottom or shuffle rule
//!   go back into the shuffled deck: their depth is not tracked).
//!
//! Modules' per-game words are copied as they are: the caller must only determinize games
//! whose stateful modules say their words are public (`Mechanic::words_are_public`).
//!
//! The draws depend only on what the viewer knows: two positions that differ only in what
//! the viewer cannot see give the same copy for the same `rng`.

use super::*;
use rand::seq::SliceRandom;

impl State {
    /// The modules of `game` that keep per-game words not known to be public: a
    /// determinized copy could not hide them, so a player that must not read hidden state
    /// cannot play such a game.
    pub fn hidden_word_modules(game: &Game) -> Vec<String> {
        game.mechanics
            .modules
            .iter()
            .filter(|m| m.state_words(game) > 0 && !m.words_are_public())
            .map(|m| m.id().to_string())
            .collect()
    }

    /// A copy of this position for `viewer`, with the other players' train cards and
    /// tickets and the ticket decks' order drawn afresh from `rng` (see the module doc).
    /// `seen` are tickets the viewer was offered earlier in the game (those it kept are in
    /// its hand anyway; any order, duplicates allowed).
    pub fn determinize(
        &self,
        game: &Game,
        viewer: u8,
        seen: &[u16],
        rng: &mut ChaCha8Rng,
    ) -> State {
        let mut s = self.clone();
        s.resample_cards(viewer, rng);
        s.resample_tickets(game, viewer, seen, rng);
        s
    }

    /// Deals the other players' hands and the deck again from their pooled cards.
    fn resample_cards(&mut self, viewer: u8, rng: &mut ChaCha8Rng) {
        let mut pool: Vec<u8> = Vec::new();
        let push = |counts: &Cards, pool: &mut Vec<u8>| {
            for (c, &n) in counts.iter().enumerate() {
                pool.extend(std::iter::repeat_n(c as u8, n as usize));
            }
        };
        push(&self.deck, &mut pool);
        let mut sizes = Vec::with_capacity(self.players.len());
        for (p, pl) in self.players.iter().enumerate() {
            if p != viewer as usize {
                push(&pl.hand, &mut pool);
                sizes.push((p, pl.hand.iter().map(|&n| n as usize).sum::<usize>()));
            }
        }
        // `pool` is in kind order: the same cards make the same pool, whoever held them.
        pool.shuffle(rng);
        let mut at = 0;
        for (p, n) in sizes {
            let hand = &mut self.players[p].hand;
            *hand = [0; CARD_KINDS];
            for &c in &pool[at..at + n] {
                hand[c as usize] += 1;
            }
            at += n;
        }
        self.deck = [0; CARD_KINDS];
        for &c in &pool[at..] {
            self.deck[c as usize] += 1;
        }
        // `deck_size` counts the same cards as before.
    }

    /// Deals the other players' tickets, the tickets others returned out of the game and
    /// the ticket decks again from the tickets the viewer has not seen, deck by deck.
    fn resample_tickets(&mut self, game: &Game, viewer: u8, seen: &[u16], rng: &mut ChaCha8Rng) {
        let known = |t: u16, s: &State| {
            seen.contains(&t)
                || s.players[viewer as usize].tickets.contains(&t)
                || s.offered.contains(&t)
        };
        // Tickets returned out of the game that the viewer did not see: their number is
        // public, which ones are not.
        let unknown_removed: Vec<u16> = self
            .tickets_removed
            .iter()
            .copied()
            .filter(|&t| !known(t, self))
            .collect();
        let mut removed: Vec<u16> = self
            .tickets_removed
            .iter()
            .copied()
            .filter(|&t| known(t, self))
            .collect();
        removed.sort_unstable();
        let mut new_removed = removed;
        for d in 0..self.ticket_decks.len() {
            let of_deck = |t: &u16| game.tickets[*t as usize].deck as usize == d;
            // Everything of deck `d` the viewer cannot place, in a canonical order.
            let mut pool: Vec<u16> = self.ticket_decks[d]
                .iter()
                .copied()
                .filter(|&t| !known(t, self))
                .collect();
            let mut counts = Vec::new();
            for (p, pl) in self.players.iter().enumerate() {
                if p != viewer as usize {
                    let theirs: Vec<u16> = pl.tickets.iter().copied().filter(of_deck).collect();
                    counts.push((p, theirs.len()));
                    pool.extend(theirs);
                }
            }
            let removed_here: Vec<u16> = unknown_removed.iter().copied().filter(of_deck).collect();
            pool.extend(&removed_here);
            pool.sort_unstable();
            pool.shuffle(rng);
            let mut take = pool.into_iter();
            for (p, n) in counts {
                let pl = &mut self.players[p];
                pl.tickets.retain(|t| !of_deck(t));
                pl.tickets.extend(take.by_ref().take(n));
            }
            new_removed.extend(take.by_ref().take(removed_here.len()));
            // The deck: the tickets the viewer knows are in it, and the rest of the pool.
            let mut deck: Vec<u16> = self.ticket_decks[d]
                .iter()
                .copied()
                .filter(|&t| known(t, self))
                .collect();
            deck.sort_unstable();
            deck.extend(take);
            deck.shuffle(rng);
            self.ticket_decks[d] = deck.into();
        }
        self.tickets_removed = new_removed;
    }
}
