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
//!   are pooled in kind order (from the total of each kind, so which were where does not
//!   show) and dealt again, every hand keeping its size and the deck its count (the
//!   deck is a multiset in the engine, so its order needs no resampling). Cards another
//!   player took from the display are public in the game but not tracked here: they are
//!   pooled like the rest (a simplification, stated in the search bot's docs);
//! - the other players' kept tickets and the order of every ticket deck: per deck, the
//!   tickets the viewer has not seen (in the deck, in others' hands, returned out of the
//!   game by others) are pooled in ticket order, each other player gets back as many as
//!   they kept, the tickets returned out of the game by others as many as there were, and
//!   the deck the rest, shuffled. Tickets the viewer saw and returned under the bottom or
//!   shuffle rule go back into the shuffled deck, wherever they are now (whether another
//!   player drew one since is hidden; their depth is not tracked); only when the unseen
//!   tickets are fewer than the hands and the removed tickets hold (the viewer can count
//!   that) do some of them make up the rest.
//!
//! Kept as they are: the module cards in the train deck (how many of each kind are left is
//! public, and they are drawn at random from the deck's count, so they have no order; a
//! card put at a depth, Iberia's Ticket Draft card, lies where the player count puts it at
//! setup, which every player can count down).
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
        // The pool in kind order, from the cards' total per kind: which of them were in the
        // deck and which in whose hand (hidden) does not show in it, so the same public
        // counts give the same pool and the same deal for the same `rng`.
        let mut total = self.deck;
        let mut sizes = Vec::with_capacity(self.players.len());
        for (p, pl) in self.players.iter().enumerate() {
            if p != viewer as usize {
                for (t, &n) in total.iter_mut().zip(&pl.hand) {
                    *t += n;
                }
                sizes.push((p, pl.hand.iter().map(|&n| n as usize).sum::<usize>()));
            }
        }
        let mut pool: Vec<u8> = Vec::new();
        for (c, &n) in total.iter().enumerate() {
            pool.extend(std::iter::repeat_n(c as u8, n as usize));
        }
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
            let of_deck = |t: &u16| game.tickets[*t as usize].pile as usize == d;
            // Everything of deck `d` the viewer cannot place, in a canonical order.
            let mut pool: Vec<u16> = self.ticket_decks[d]
                .iter()
                .copied()
                .filter(|&t| !known(t, self))
                .collect();
            // Tickets the viewer saw go back to the deck, at a depth not tracked: whether
            // another player drew one since is hidden, so wherever they are (the deck, a
            // hidden hand) they are put back into the deck, in a canonical order.
            let mut returned: Vec<u16> = self.ticket_decks[d]
                .iter()
                .copied()
                .filter(|&t| known(t, self))
                .collect();
            let mut counts = Vec::new();
            for (p, pl) in self.players.iter().enumerate() {
                if p != viewer as usize {
                    let theirs = pl.tickets.iter().copied().filter(of_deck);
                    counts.push((p, theirs.clone().count()));
                    for t in theirs {
                        if known(t, self) {
                            returned.push(t)
                        } else {
                            pool.push(t)
                        }
                    }
                }
            }
            let removed_here: Vec<u16> = unknown_removed.iter().copied().filter(of_deck).collect();
            pool.extend(&removed_here);
            pool.sort_unstable();
            pool.shuffle(rng);
            returned.sort_unstable();
            // The hands and the removed tickets take the unseen tickets first; only when
            // there are fewer than they hold (a number the viewer knows: the deck's count
            // less the tickets it saw go back) do seen ones make up the rest.
            let short = (counts.iter().map(|c| c.1).sum::<usize>() + removed_here.len())
                .saturating_sub(pool.len());
            if short > 0 {
                returned.shuffle(rng);
                pool.extend(returned.drain(..short));
                pool.shuffle(rng);
                returned.sort_unstable();
            }
            let mut take = pool.into_iter();
            for (p, n) in counts {
                let pl = &mut self.players[p];
                pl.tickets.retain(|t| !of_deck(t));
                pl.tickets.extend(take.by_ref().take(n));
            }
            new_removed.extend(take.by_ref().take(removed_here.len()));
            // The deck: the tickets the viewer saw go back, and the rest of the pool.
            let mut deck = returned;
            deck.extend(take);
            deck.shuffle(rng);
            self.ticket_decks[d] = deck.into();
        }
        self.tickets_removed = new_removed;
    }
}
