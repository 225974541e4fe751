//! Ticket drafts (`rules.tickets.draft`; Iberia, South Korea): tickets are drafted instead
//! of dealt at setup, and again when a module starts a later draft (Iberia's Ticket Draft
//! card, `ticket-draft-card`).
//!
//! A draft deals `deal` tickets to each player from the top of the ticket deck, in seat
//! order. Each player takes one of their hand and passes the rest on, `left` (to the next
//! seat, the turn order) or `right`; this goes on until the hands are empty, so each player
//! has taken `deal` tickets. A taken ticket stays taken. Then each player keeps exactly
//! `keep` of the tickets they took; the others are the leftovers. Where the leftovers go:
//! `shuffle`: into the ticket deck, which is shuffled (the setup draft); `bottom`: shuffled
//! together and put under the deck (Iberia's second draft); `out-of-game`.
//!
//! Tickets kept in an earlier draft are the player's and take no part in a later one: they
//! cannot be given back in it (Iberia's rules set them aside during the second draft).
//!
//! Readings: the picks of one round are asked one player after another in seat order; a
//! player sees only their own hand, so the order changes nothing. A hand of one ticket is
//! taken without asking (there is no choice). A ticket deck too small for the deal deals
//! what it has, seat by seat; hands of unequal size are drafted until all are empty, and a
//! player who took `keep` tickets or fewer keeps them all.
//!
//! Decisions: step 0, a pick (choice `i`: the `i`-th ticket of the hand); step 1, the keep
//! (choice `c`: the `c`-th set of exactly `keep` of the tickets taken, by increasing
//! bit mask of their order of taking, see `engine::hooks::subset_mask`).

use super::{Game, Mechanic, State};
use crate::engine::Action;
use crate::engine::hooks::{
    Advice, Costs, Decisions, Report, Setup, TicketDecision, Word, subset_mask, subsets,
};
use crate::model::{MapFile, PassDirection, TicketDiscard};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Step of a pick.
pub const PICK: u16 = 0;
/// Step of the keep.
pub const KEEP: u16 = 1;

/// How one draft is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DraftRules {
    pub deal: u8,
    pub keep: u8,
    /// Hands go to the next seat (`left`), else to the previous one.
    pub to_next_seat: bool,
    pub leftovers: TicketDiscard,
}

impl DraftRules {
    pub fn new(deal: u8, keep: u8, pass: PassDirection, leftovers: TicketDiscard) -> DraftRules {
        DraftRules {
            deal,
            keep,
            to_next_seat: pass == PassDirection::Left,
            leftovers,
        }
    }
}

#[derive(Debug)]
pub struct TicketDraft {
    /// The drafts: the first at setup, the others when a module starts them
    /// ([`TicketDraft::begin`]).
    pub drafts: Vec<DraftRules>,
}

// Words: the draft under way + 1 (0: none), the drafts done (bits), decisions of the round
// still to come, then per player a hand and the tickets taken (ticket + 1, 0 = empty), each
// `slots()` long and packed from the start.
const ACTIVE: usize = 0;
const DONE: usize = 1;
const WAITING: usize = 2;
const PLAYERS: usize = 3;

impl TicketDraft {
    fn slots(&self) -> usize {
        self.drafts
            .iter()
            .map(|d| d.deal as usize)
            .max()
            .unwrap_or(0)
    }

    fn hand_at(&self, p: u8) -> usize {
        PLAYERS + p as usize * 2 * self.slots()
    }

    fn taken_at(&self, p: u8) -> usize {
        self.hand_at(p) + self.slots()
    }

    fn list(&self, words: &[u32], at: usize) -> Vec<u16> {
        words[at..at + self.slots()]
            .iter()
            .map_while(|&w| Option::<u16>::from_word(w))
            .collect()
    }

    fn set_list(&self, words: &mut [u32], at: usize, tickets: &[u16]) {
        for i in 0..self.slots() {
            words[at + i] = tickets.get(i).copied().to_word();
        }
    }

    /// Player `p`'s draft hand now (the tickets they may take).
    pub fn hand(&self, game: &Game, state: &State, me: usize, p: u8) -> Vec<u16> {
        self.list(state.mechanic_words(game, me), self.hand_at(p))
    }

    /// The tickets player `p` has taken in the draft under way and not yet kept.
    pub fn taken(&self, game: &Game, state: &State, me: usize, p: u8) -> Vec<u16> {
        self.list(state.mechanic_words(game, me), self.taken_at(p))
    }

    /// Sets player `p`'s draft hand and the tickets they took (tests of the bots' drafts).
    pub fn set_hand(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        p: u8,
        hand: &[u16],
        taken: &[u16],
    ) {
        let (h, t) = (self.hand_at(p), self.taken_at(p));
        let w = state.mechanic_words_mut(game, me);
        self.set_list(w, h, hand);
        self.set_list(w, t, taken);
    }

    /// Whether draft `which` (0: the setup draft) is over.
    pub fn done(game: &Game, state: &State, me: usize, which: usize) -> bool {
        state.mechanic_words(game, me)[DONE] & (1 << which) != 0
    }

    /// The draft under way, if any.
    pub fn active(game: &Game, state: &State, me: usize) -> Option<usize> {
        Option::<u32>::from_word(state.mechanic_words(game, me)[ACTIVE]).map(|w| w as usize)
    }

    /// Starts draft `which`: deals the hands and asks for the first picks. `rng` (for the
    /// leftovers) may be `None` only where no pick is possible.
    pub fn begin(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        which: usize,
        rng: Option<&mut ChaCha8Rng>,
    ) {
        let rules = self.drafts[which];
        state.mechanic_words_mut(game, me)[ACTIVE] = Some(which as u32).to_word();
        for p in 0..game.players {
            let hand = state.take_tickets(game, rules.deal as usize);
            let at = self.hand_at(p);
            self.set_list(state.mechanic_words_mut(game, me), at, &hand);
        }
        self.next_round(game, state, me, rng);
    }

    /// Takes single tickets without asking and asks the others for their picks; when
    /// nobody has a choice, passes on and goes on, or, with every hand empty, asks for the
    /// keeps.
    fn next_round(&self, game: &Game, state: &mut State, me: usize, rng: Option<&mut ChaCha8Rng>) {
        loop {
            let mut asked = 0;
            let mut any = false;
            for p in 0..game.players {
                let hand = self.hand(game, state, me, p);
                match hand.len() {
                    0 => {}
                    1 => {
                        self.take(game, state, me, p, 0);
                        any = true;
                    }
                    _ => {
                        state.ask(me, PICK, p);
                        asked += 1;
                    }
                }
            }
            state.mechanic_words_mut(game, me)[WAITING] = asked;
            if asked > 0 {
                return;
            }
            if !any {
                break;
            }
            self.pass_hands(game, state, me);
        }
        self.ask_keeps(game, state, me, rng);
    }

    /// Player `p` takes the `i`-th ticket of their hand.
    fn take(&self, game: &Game, state: &mut State, me: usize, p: u8, i: usize) {
        let mut hand = self.hand(game, state, me, p);
        let mut taken = self.taken(game, state, me, p);
        taken.push(hand.remove(i));
        let (h, t) = (self.hand_at(p), self.taken_at(p));
        let w = state.mechanic_words_mut(game, me);
        self.set_list(w, h, &hand);
        self.set_list(w, t, &taken);
    }

    fn pass_hands(&self, game: &Game, state: &mut State, me: usize) {
        let Some(which) = Self::active(game, state, me) else {
            return;
        };
        let n = game.players;
        let hands: Vec<Vec<u16>> = (0..n).map(|p| self.hand(game, state, me, p)).collect();
        for (p, hand) in hands.iter().enumerate() {
            let p = p as u8;
            let to = if self.drafts[which].to_next_seat {
                (p + 1) % n
            } else {
                (p + n - 1) % n
            };
            let at = self.hand_at(to);
            self.set_list(state.mechanic_words_mut(game, me), at, hand);
        }
    }

    /// Asks every player with more tickets taken than they keep for their keep; the others
    /// keep theirs at once. With nobody asked, the draft ends.
    fn ask_keeps(&self, game: &Game, state: &mut State, me: usize, rng: Option<&mut ChaCha8Rng>) {
        let Some(which) = Self::active(game, state, me) else {
            return;
        };
        let keep = self.drafts[which].keep as usize;
        let mut asked = 0;
        for p in 0..game.players {
            let taken = self.taken(game, state, me, p);
            if taken.len() > keep {
                state.ask(me, KEEP, p);
                asked += 1;
            } else {
                self.keep(game, state, me, p, (1u32 << taken.len()) - 1);
            }
        }
        state.mechanic_words_mut(game, me)[WAITING] = asked;
        if asked == 0 {
            self.finish(game, state, me, rng);
        }
    }

    /// Player `p` keeps the taken tickets whose bits are in `mask`; the others stay as
    /// leftovers until the draft ends.
    fn keep(&self, game: &Game, state: &mut State, me: usize, p: u8, mask: u32) {
        let taken = self.taken(game, state, me, p);
        let is_kept = |i: usize| mask & (1 << i) != 0;
        let kept = (0..taken.len()).filter(|&i| is_kept(i)).map(|i| taken[i]);
        state.players[p as usize].tickets.extend(kept);
        let left: Vec<u16> = (0..taken.len())
            .filter(|&i| !is_kept(i))
            .map(|i| taken[i])
            .collect();
        // The leftovers wait in the hand's slots (empty once the picks are done).
        let (h, t) = (self.hand_at(p), self.taken_at(p));
        let w = state.mechanic_words_mut(game, me);
        self.set_list(w, t, &[]);
        self.set_list(w, h, &left);
    }

    /// Every keep is made: the leftovers go where the draft's rules say.
    fn finish(&self, game: &Game, state: &mut State, me: usize, rng: Option<&mut ChaCha8Rng>) {
        let Some(which) = Self::active(game, state, me) else {
            return;
        };
        let rules = self.drafts[which];
        let mut left = Vec::new();
        for p in 0..game.players {
            left.extend(self.hand(game, state, me, p));
            let at = self.hand_at(p);
            self.set_list(state.mechanic_words_mut(game, me), at, &[]);
        }
        let w = state.mechanic_words_mut(game, me);
        w[ACTIVE] = None::<u32>.to_word();
        w[DONE] |= 1 << which;
        match rng {
            Some(rng) => {
                if rules.leftovers == TicketDiscard::Bottom {
                    // Shuffled together, then under the deck.
                    left.shuffle(rng);
                }
                state.put_back_tickets(game, left, rules.leftovers, rng);
            }
            // Only when nobody could choose, so nobody has leftovers.
            None => debug_assert!(left.is_empty(), "draft leftovers without chance"),
        }
    }
}

impl Mechanic for TicketDraft {
    mechanic_basics!("ticket-draft", as_any);

    fn name(&self) -> String {
        let d = self.drafts[0];
        format!("Ticket draft (deal {}, keep {})", d.deal, d.keep)
    }

    fn state_words(&self, game: &Game) -> usize {
        PLAYERS + game.players as usize * 2 * self.slots()
    }

    plays!(costs, setup, decisions, advice, report);
}

impl Costs for TicketDraft {
    /// The draft replaces the setup deal.
    fn costs(&self, _map: &MapFile, game: &mut Game) {
        game.initial_deal.iter_mut().for_each(|n| *n = 0);
    }
}

impl Setup for TicketDraft {
    fn setup(&self, game: &Game, state: &mut State, me: usize, rng: &mut ChaCha8Rng) {
        self.begin(game, state, me, 0, Some(rng));
    }
}

impl Decisions for TicketDraft {
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: u16,
        push: &mut dyn FnMut(Action),
    ) {
        let p = state.current_player();
        let n = match step {
            PICK => self.hand(game, state, me, p).len() as u32,
            _ => match Self::active(game, state, me) {
                Some(which) => subsets(
                    self.taken(game, state, me, p).len() as u8,
                    self.drafts[which].keep,
                ),
                None => 0,
            },
        };
        for choice in 0..n {
            push(Action::Mechanic {
                mechanic: me as u8,
                choice: choice as u16,
            });
        }
    }

    fn apply_decision(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        step: u16,
        choice: u32,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        let p = state.current_player();
        let which = Self::active(game, state, me).ok_or("no draft under way")?;
        if step == PICK {
            if choice as usize >= self.hand(game, state, me, p).len() {
                return Err(format!("no ticket {choice} in the draft hand"));
            }
            self.take(game, state, me, p, choice as usize);
        } else {
            let n = self.taken(game, state, me, p).len() as u8;
            let mask = subset_mask(n, self.drafts[which].keep, choice)
                .ok_or_else(|| format!("no keep {choice}"))?;
            self.keep(game, state, me, p, mask);
        }
        let w = state.mechanic_words_mut(game, me);
        w[WAITING] = w[WAITING].saturating_sub(1);
        if w[WAITING] == 0 {
            if step == PICK {
                self.pass_hands(game, state, me);
                self.next_round(game, state, me, Some(rng));
            } else {
                self.finish(game, state, me, Some(rng));
            }
        }
        Ok(())
    }
}

impl Advice for TicketDraft {
    fn ticket_decision(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: u16,
    ) -> Option<TicketDecision> {
        let p = state.current_player();
        let which = Self::active(game, state, me)?;
        let taken = self.taken(game, state, me, p);
        Some(if step == PICK {
            TicketDecision {
                tickets: self.hand(game, state, me, p),
                held: taken,
                keep: None,
            }
        } else {
            TicketDecision {
                tickets: taken,
                held: Vec::new(),
                keep: Some(self.drafts[which].keep),
            }
        })
    }
}

impl Report for TicketDraft {
    fn describe(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: Option<u16>,
        choice: u16,
    ) -> Option<String> {
        let p = state.current_player();
        let label = |t: u16| game.tickets[t as usize].label.clone();
        match step? {
            PICK => {
                let t = *self.hand(game, state, me, p).get(choice as usize)?;
                Some(format!("drafted {}", label(t)))
            }
            _ => {
                let which = Self::active(game, state, me)?;
                let taken = self.taken(game, state, me, p);
                let mask = subset_mask(taken.len() as u8, self.drafts[which].keep, choice as u32)?;
                let kept: Vec<String> = (0..taken.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| label(taken[i]))
                    .collect();
                Some(format!("kept {}", kept.join(", ")))
            }
        }
    }
}
