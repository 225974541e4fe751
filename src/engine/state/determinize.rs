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
//! Modules' per-game words: each module says how they are dealt again
//! (`Mechanic::redeal`, the [`Redeal`](crate::engine::Redeal) hook): public words are copied as they are; a
//! module with hidden words (the ticket drafts' hands) takes the tickets the viewer cannot
//! place out into their decks before the core deals the tickets ([`Redeal::lift`](crate::engine::Redeal::lift)) and
//! draws them back after ([`Redeal::redeal`](crate::engine::Redeal::redeal)), so that they are pooled with the core's. A
//! game with a stateful module that has no redeal cannot be determinized: the caller checks
//! [`State::hidden_word_modules`] first.
//!
//! What the viewer saw earlier (the tickets it was offered, the draft hands it held) is not
//! in a state: the caller keeps it in a [`Seen`], updated at each of the viewer's decisions
//! by [`State::observe`].
//!
//! The draws depend only on what the viewer knows: two positions that differ only in what
//! the viewer cannot see give the same copy for the same `rng`.

use super::*;
use rand::seq::SliceRandom;

/// What a player saw of a game that a state does not record: the tickets it was shown
/// (offers, draft hands; any order, no duplicates) and, per module, the module's own memory
/// ([`Redeal::observe`](crate::engine::Redeal::observe)). Kept by the player (the search bot) for the game, updated by
/// [`State::observe`] at each of its decisions, and read by [`State::determinize`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seen {
    /// Tickets the player was shown.
    pub tickets: Vec<u16>,
    /// Per module (by index), the words its `observe` wrote.
    modules: Vec<Vec<u32>>,
}

impl Seen {
    /// A memory of the tickets `tickets` only.
    pub fn of_tickets(tickets: &[u16]) -> Seen {
        Seen {
            tickets: tickets.to_vec(),
            modules: Vec::new(),
        }
    }

    /// Remembers that the player saw ticket `t`.
    pub fn saw_ticket(&mut self, t: u16) {
        if !self.tickets.contains(&t) {
            self.tickets.push(t);
        }
    }

    /// Module `me`'s memory (empty when it wrote none).
    pub fn module_words(&self, me: usize) -> &[u32] {
        self.modules.get(me).map_or(&[], |w| w.as_slice())
    }

    /// Module `me`'s memory to write, at least `len` words (new words are 0).
    pub fn module_words_mut(&mut self, me: usize, len: usize) -> &mut [u32] {
        if self.modules.len() <= me {
            self.modules.resize(me + 1, Vec::new());
        }
        let w = &mut self.modules[me];
        if w.len() < len {
            w.resize(len, 0);
        }
        w
    }

    /// Whether `viewer` knows where ticket `t` is or was: it saw it, holds it, or is offered
    /// it now.
    pub fn knows(&self, state: &State, viewer: u8, t: u16) -> bool {
        self.tickets.contains(&t)
            || state.players[viewer as usize].tickets.contains(&t)
            || state.offered.contains(&t)
    }
}

impl State {
    /// The modules of `game` that keep per-game words and cannot deal them again for a
    /// player who must not read them ([`Mechanic::redeal`] answers `None`): a determinized
    /// copy could not hide them, so such a player cannot play the game.
    pub fn hidden_word_modules(game: &Game) -> Vec<String> {
        game.mechanics
            .modules
            .iter()
            .filter(|m| m.state_words(game) > 0 && m.redeal().is_none())
            .map(|m| m.id().to_string())
            .collect()
    }

    /// Remembers in `seen` what `viewer` sees now that a state does not keep: the tickets
    /// offered to it and what each module's
    /// [`Redeal::observe`](crate::engine::Redeal::observe) records (its draft hand).
    pub fn observe(&self, game: &Game, viewer: u8, seen: &mut Seen) {
        for &t in &self.offered {
            seen.saw_ticket(t);
        }
        for (i, m) in game.mechanics.modules.iter().enumerate() {
            if let Some(r) = m.redeal() {
                r.observe(game, self, i, viewer, seen);
            }
        }
    }

    /// A copy of this position for `viewer`, with the other players' train cards and
    /// tickets, the ticket decks' order and the modules' hidden words drawn afresh from
    /// `rng` (see the module doc). `seen` is what the viewer saw earlier in the game
    /// ([`State::observe`]).
    pub fn determinize(&self, game: &Game, viewer: u8, seen: &Seen, rng: &mut ChaCha8Rng) -> State {
        let mut s = self.clone();
        s.resample_cards(viewer, rng);
        let redeals = || {
            game.mechanics
                .modules
                .iter()
                .enumerate()
                .filter_map(|(i, m)| Some((i, m.redeal()?)))
        };
        for (i, r) in redeals() {
            r.lift(game, &mut s, i, viewer, seen);
        }
        s.resample_tickets(game, viewer, &seen.tickets, rng);
        for (i, r) in redeals() {
            r.redeal(game, &mut s, i, viewer, seen, rng);
        }
        s
    }

    /// For a module's [`Redeal`](crate::engine::Redeal): takes ticket `t` out of its deck; false when it is not
    /// there.
    pub fn take_from_ticket_deck(&mut self, game: &Game, t: u16) -> bool {
        let d = &mut self.ticket_decks[game.tickets[t as usize].pile as usize];
        match d.iter().position(|&x| x == t) {
            Some(i) => {
                d.remove(i);
                true
            }
            None => false,
        }
    }

    /// For a module's [`Redeal`](crate::engine::Redeal): draws a hidden ticket from deck `d` (dealt again by the
    /// core, so in an order drawn from `rng`): the first one `viewer` does not know
    /// ([`Seen::knows`]), else the first.
    pub fn draw_hidden_ticket(&mut self, d: usize, viewer: u8, seen: &Seen) -> Option<u16> {
        let i = self.ticket_decks[d]
            .iter()
            .position(|&t| !seen.knows(self, viewer, t))
            .unwrap_or(0);
        self.ticket_decks[d].remove(i)
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
