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
use crate::engine::Seen;
use crate::engine::hooks::{
    Advice, Costs, Decisions, Redeal, Report, Setup, TicketDecision, Word, subset_mask, subsets,
};
use crate::engine::{Action, IllegalMove};
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

    plays!(costs, setup, decisions, advice, report, redeal);
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
        push: &mut dyn FnMut(Action) -> bool,
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
    ) -> Result<(), IllegalMove> {
        let p = state.current_player();
        let which = Self::active(game, state, me).ok_or(IllegalMove::NoDraft)?;
        if step == PICK {
            if choice as usize >= self.hand(game, state, me, p).len() {
                return Err(IllegalMove::NoDraftTicket(choice));
            }
            self.take(game, state, me, p, choice as usize);
        } else {
            let n = self.taken(game, state, me, p).len() as u8;
            let mask = subset_mask(n, self.drafts[which].keep, choice)
                .ok_or(IllegalMove::NoKeep(choice))?;
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

/// What a player knows of a ticket of a draft (a draft item: packet `o`, the hand dealt to
/// seat `o`, round `i`): it is the player's own (taken or held by it), it is one of a set
/// of tickets the player saw go by (which of them is where it cannot tell), or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    Own,
    Among(usize),
    Unknown,
}

/// The shape of the draft under way, as every player sees it (hand sizes): each hand was
/// dealt `size` tickets; `round` picks are done by every player (picks phase), or every
/// pick is done and `kept` says who kept already.
#[derive(Debug, Clone)]
struct Layout {
    size: usize,
    round: usize,
    keeping: bool,
    kept: Vec<bool>,
}

/// Where a player places each item of one draft: per packet (by the seat it was dealt to),
/// per round, what it knows of the ticket there, and the sets it saw.
#[derive(Debug, Default)]
struct Plan {
    items: Vec<Vec<Known>>,
    sets: Vec<Vec<u16>>,
}

// Memory (`Seen`), per draft: the hands' size + 1 (0: the player saw none of it), each
// player's ticket count when it began, the player's takes in order, then per round the hand
// it held (ticket + 1, packed), `slots()` words each.
impl TicketDraft {
    fn memory_len(&self, players: usize) -> usize {
        1 + players + self.slots() * (1 + self.slots())
    }

    fn memory_at(&self, players: usize, which: usize) -> usize {
        which * self.memory_len(players)
    }

    /// Seat `o + i` steps in the passing direction.
    fn holder(&self, which: usize, n: usize, o: usize, i: usize) -> usize {
        let step = if self.drafts[which].to_next_seat {
            1
        } else {
            n - 1
        };
        (o + i * step) % n
    }

    /// The draft under way's shape, when every hand was dealt the same number of tickets
    /// (else `None`: a deck too short for the deal).
    fn layout(&self, game: &Game, state: &State, me: usize) -> Option<Layout> {
        let which = Self::active(game, state, me)?;
        let keep = self.drafts[which].keep as usize;
        let hands: Vec<(usize, usize)> = (0..game.players)
            .map(|p| {
                (
                    self.hand(game, state, me, p).len(),
                    self.taken(game, state, me, p).len(),
                )
            })
            .collect();
        let keeping = hands.iter().any(|&(h, _)| h == 0);
        if !keeping {
            let size = hands[0].0 + hands[0].1;
            let round = hands.iter().map(|h| h.1).min()?;
            let ok = hands.iter().all(|&(h, t)| h + t == size && t <= round + 1);
            return ok.then(|| Layout {
                size,
                round,
                keeping,
                kept: vec![false; hands.len()],
            });
        }
        let size = hands.iter().find(|h| h.0 == 0)?.1;
        let kept: Vec<bool> = hands.iter().map(|&(h, _)| h > 0).collect();
        let ok = size > keep
            && hands.iter().zip(&kept).all(|(&(h, t), &k)| {
                if k {
                    t == 0 && h == size - keep
                } else {
                    t == size
                }
            });
        ok.then_some(Layout {
            size,
            round: size,
            keeping,
            kept,
        })
    }

    /// What `viewer` knows of each item of draft `which`: from its memory `mem` (the
    /// draft's block) and, for the draft under way (`layout`), its own hand and takes now.
    #[allow(clippy::too_many_arguments)]
    fn plan(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        viewer: u8,
        which: usize,
        size: usize,
        layout: Option<&Layout>,
        mem: &[u32],
    ) -> Plan {
        let n = game.players as usize;
        let v = viewer as usize;
        let slots = self.slots();
        let list = |at: usize| -> Vec<u16> {
            mem.get(at..at + slots).map_or(Vec::new(), |w| {
                w.iter()
                    .map_while(|&x| Option::<u16>::from_word(x))
                    .collect()
            })
        };
        let live_taken = layout.map(|_| self.taken(game, state, me, viewer));
        let mine: Vec<u16> = match &live_taken {
            Some(t) if !t.is_empty() => t.clone(),
            _ => list(1 + n),
        };
        // Picks done from packet `o`, and who holds what is left of it now.
        let picked = |o: usize| match layout {
            Some(l) if !l.keeping => {
                let h = self.holder(which, n, o, l.round);
                l.round + (self.taken(game, state, me, h as u8).len() > l.round) as usize
            }
            _ => size,
        };
        let now = |o: usize| {
            layout
                .filter(|l| !l.keeping)
                .map(|l| self.holder(which, n, o, l.round))
        };
        // The hand the viewer saw at round `j` of packet `o`, if it held it then.
        let content = |o: usize, j: usize| -> Option<Vec<u16>> {
            if self.holder(which, n, o, j) != v {
                return None;
            }
            if layout.is_some_and(|l| !l.keeping && l.round == j) {
                let mut c = self.hand(game, state, me, viewer);
                c.extend(live_taken.as_ref()?.get(j));
                return Some(c);
            }
            let seen = list(1 + n + slots + j * slots);
            if !seen.is_empty() {
                return Some(seen);
            }
            (j + 1 == size).then(|| mine.get(j).map(|&t| vec![t]))?
        };
        let mut plan = Plan::default();
        for o in 0..n {
            let obs: Vec<(usize, Vec<u16>)> = (0..size)
                .filter_map(|j| Some((j, content(o, j)?)))
                .collect();
            let p_o = picked(o);
            let mut items = vec![Known::Unknown; size];
            // Observation round → its set's index in `plan.sets` and the items given it.
            let mut segs: Vec<(usize, Vec<usize>)> = Vec::new();
            for (i, item) in items.iter_mut().enumerate() {
                let own = if i < p_o {
                    self.holder(which, n, o, i) == v
                } else {
                    now(o) == Some(v)
                };
                if own {
                    *item = Known::Own;
                    continue;
                }
                let time = i.min(p_o);
                let Some(k) = obs.iter().rposition(|&(j, _)| j < time) else {
                    continue;
                };
                match segs.iter_mut().find(|s| s.0 == k) {
                    Some(s) => s.1.push(i),
                    None => segs.push((k, vec![i])),
                }
            }
            for (k, members) in &segs {
                let (j, c) = (obs[*k].0, &obs[*k].1);
                let next = obs.get(*k + 1);
                let end = next.map_or(size, |x| x.0);
                let mut set: Vec<u16> = c
                    .iter()
                    .copied()
                    .filter(|t| {
                        !(j..end)
                            .any(|r| self.holder(which, n, o, r) == v && mine.get(r) == Some(t))
                            && !next.is_some_and(|x| x.1.contains(t))
                    })
                    .collect();
                if set.len() == members.len() {
                    set.sort_unstable();
                    plan.sets.push(set);
                    for &i in members.iter() {
                        items[i] = Known::Among(plan.sets.len() - 1);
                    }
                }
            }
            plan.items.push(items);
        }
        plan
    }

    /// The tickets of each item of `plan` in a copy: each set's tickets in an order drawn
    /// from `rng`; `None` for unknown items (drawn later) and the viewer's own.
    fn assign(plan: &Plan, rng: &mut ChaCha8Rng) -> Vec<Vec<Option<u16>>> {
        let mut sets: Vec<Vec<u16>> = plan.sets.clone();
        for s in &mut sets {
            s.shuffle(rng);
        }
        let mut next = vec![0; sets.len()];
        plan.items
            .iter()
            .map(|items| {
                items
                    .iter()
                    .map(|k| match *k {
                        Known::Among(s) => {
                            next[s] += 1;
                            Some(sets[s][next[s] - 1])
                        }
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    }

    /// The deck of ticket `t` (where a copy puts it back).
    fn deck_of(game: &Game, t: u16) -> usize {
        game.tickets[t as usize].pile as usize
    }

    /// The deck a draft deals from (`State::take_tickets`: the first drawable one).
    fn draft_deck(game: &Game) -> usize {
        game.drawable.iter().position(|&d| d).unwrap_or(0)
    }
}

impl Redeal for TicketDraft {
    fn observe(&self, game: &Game, state: &State, me: usize, viewer: u8, seen: &mut Seen) {
        let Some(which) = Self::active(game, state, me) else {
            return;
        };
        let Some(l) = self.layout(game, state, me) else {
            return;
        };
        let n = game.players as usize;
        let slots = self.slots();
        let hand = self.hand(game, state, me, viewer);
        let taken = self.taken(game, state, me, viewer);
        for &t in hand.iter().chain(&taken) {
            seen.saw_ticket(t);
        }
        let keep = self.drafts[which].keep as usize;
        let base = self.memory_at(n, which);
        let mem = seen.module_words_mut(me, self.memory_len(n) * self.drafts.len());
        let mem = &mut mem[base..base + self.memory_len(n)];
        mem[0] = Some(l.size as u32).to_word();
        for p in 0..n {
            let had = state.players[p].tickets.len() - if l.kept[p] { keep } else { 0 };
            mem[1 + p] = had as u32;
        }
        if !taken.is_empty() {
            self.set_list(mem, 1 + n, &taken);
        }
        if !l.keeping {
            let mut c = hand;
            c.extend(taken.get(l.round));
            self.set_list(mem, 1 + n + slots + l.round * slots, &c);
        }
    }

    fn lift(&self, game: &Game, state: &mut State, me: usize, viewer: u8, seen: &Seen) {
        let n = game.players as usize;
        let mem = seen.module_words(me);
        let active = Self::active(game, state, me);
        // Drafts done that the viewer saw: the other players' tickets kept in them, latest
        // first so that the earlier ones' places hold.
        for which in (0..self.drafts.len()).rev() {
            let block = self.memory_at(n, which);
            let Some(size) = mem.get(block).and_then(|&w| Option::<u32>::from_word(w)) else {
                continue;
            };
            if active == Some(which) || !Self::done(game, state, me, which) {
                continue;
            }
            let kept = (size as usize).min(self.drafts[which].keep as usize);
            for q in (0..n).filter(|&q| q != viewer as usize) {
                let at = mem[block + 1 + q] as usize;
                let tickets = &mut state.players[q].tickets;
                if at + kept <= tickets.len() {
                    let out: Vec<u16> = tickets.drain(at..at + kept).collect();
                    for t in out {
                        state.ticket_decks[Self::deck_of(game, t)].push_back(t);
                    }
                }
            }
        }
        // The draft under way: a copy of every ticket in the others' draft hands, and the
        // tickets kept by those who kept.
        let Some(which) = active else {
            return;
        };
        let keep = self.drafts[which].keep as usize;
        let layout = self.layout(game, state, me);
        for q in (0..game.players).filter(|&q| q != viewer) {
            let mut out = self.hand(game, state, me, q);
            out.extend(self.taken(game, state, me, q));
            if layout.as_ref().is_some_and(|l| l.kept[q as usize]) {
                let tickets = &mut state.players[q as usize].tickets;
                out.extend(tickets.drain(tickets.len() - keep..));
            }
            for t in out {
                state.ticket_decks[Self::deck_of(game, t)].push_back(t);
            }
        }
    }

    fn redeal(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        viewer: u8,
        seen: &Seen,
        rng: &mut ChaCha8Rng,
    ) {
        let n = game.players as usize;
        let v = viewer as usize;
        let mem = seen.module_words(me);
        let active = Self::active(game, state, me);
        let draw = |state: &mut State, d: usize| state.draw_hidden_ticket(d, viewer, seen);
        for which in 0..self.drafts.len() {
            let block = self.memory_at(n, which);
            let block_mem = mem.get(block..block + self.memory_len(n)).unwrap_or(&[]);
            let size = block_mem
                .first()
                .and_then(|&w| Option::<u32>::from_word(w))
                .map(|s| s as usize);
            let keep = self.drafts[which].keep as usize;
            if active == Some(which) {
                let Some(l) = self.layout(game, state, me) else {
                    // Hands of unequal size: every ticket in the others' hands is dealt
                    // again from the pool.
                    for q in (0..game.players).filter(|&q| q != viewer) {
                        for at in [self.hand_at(q), self.taken_at(q)] {
                            let old = self.list(state.mechanic_words(game, me), at);
                            let new: Vec<u16> = old
                                .iter()
                                .filter_map(|&t| draw(state, Self::deck_of(game, t)))
                                .collect();
                            self.set_list(state.mechanic_words_mut(game, me), at, &new);
                        }
                    }
                    continue;
                };
                let deck = Self::draft_deck(game);
                let plan = self.plan(game, state, me, viewer, which, l.size, Some(&l), block_mem);
                let got = Self::assign(&plan, rng);
                // A seen ticket is taken back from the deck the lift put it in; an unknown
                // one is drawn.
                let ticket = |state: &mut State, o: usize, i: usize| -> Option<u16> {
                    match got[o][i] {
                        Some(t) if state.take_from_ticket_deck(game, t) => Some(t),
                        _ => draw(state, deck),
                    }
                };
                for q in (0..n).filter(|&q| q != v) {
                    let taken_len = if l.keeping {
                        l.size
                    } else {
                        self.taken(game, state, me, q as u8).len()
                    };
                    let origin = |i: usize| (0..n).find(|&o| self.holder(which, n, o, i) == q);
                    let mut taken = Vec::new();
                    for i in 0..taken_len {
                        if let Some(t) = origin(i).and_then(|o| ticket(state, o, i)) {
                            taken.push(t);
                        }
                    }
                    let mut hand = Vec::new();
                    if !l.keeping
                        && let Some(o) = origin(l.round)
                    {
                        let from = l.round + (taken_len > l.round) as usize;
                        for i in from..l.size {
                            hand.extend(ticket(state, o, i));
                        }
                    }
                    if l.kept[q] {
                        // Which of its takes it kept is hidden.
                        let mut order: Vec<usize> = (0..taken.len()).collect();
                        order.shuffle(rng);
                        let mut chosen = order[..keep.min(order.len())].to_vec();
                        chosen.sort_unstable();
                        let kept: Vec<u16> = chosen.iter().map(|&i| taken[i]).collect();
                        hand = (0..taken.len())
                            .filter(|i| !chosen.contains(i))
                            .map(|i| taken[i])
                            .collect();
                        taken.clear();
                        state.players[q].tickets.extend(kept);
                    }
                    let (h, t) = (self.hand_at(q as u8), self.taken_at(q as u8));
                    let w = state.mechanic_words_mut(game, me);
                    self.set_list(w, h, &hand);
                    self.set_list(w, t, &taken);
                }
                continue;
            }
            // A draft done that the viewer saw: each other player kept `keep` of its takes,
            // which the viewer knows in part.
            let Some(size) = size else {
                continue;
            };
            if !Self::done(game, state, me, which) {
                continue;
            }
            let kept_n = size.min(keep);
            // Tickets the viewer saw in a later draft were dealt again, so nobody kept them
            // in this one.
            let later: Vec<u16> = (which + 1..self.drafts.len())
                .flat_map(|w| {
                    let b = self.memory_at(n, w) + 1 + n;
                    let end = self.memory_at(n, w) + self.memory_len(n);
                    mem.get(b..end)
                        .unwrap_or(&[])
                        .iter()
                        .filter_map(|&x| Option::<u16>::from_word(x))
                })
                .collect();
            let plan = self.plan(game, state, me, viewer, which, size, None, block_mem);
            let got = Self::assign(&plan, rng);
            let deck = Self::draft_deck(game);
            for q in (0..n).filter(|&q| q != v) {
                let origin = |i: usize| (0..n).find(|&o| self.holder(which, n, o, i) == q);
                // Its takes: a seen ticket it can have kept only if the viewer cannot place
                // it elsewhere (it is back in the deck); an unknown one always.
                let takes: Vec<Option<u16>> = (0..size)
                    .map(|i| origin(i).and_then(|o| got[o][i]))
                    .collect();
                let mut open: Vec<usize> = (0..size)
                    .filter(|&i| {
                        takes[i].is_none_or(|t| {
                            !later.contains(&t)
                                && state.ticket_decks[Self::deck_of(game, t)].contains(&t)
                        })
                    })
                    .collect();
                open.shuffle(rng);
                let mut chosen = open[..kept_n.min(open.len())].to_vec();
                chosen.sort_unstable();
                let mut kept = Vec::with_capacity(kept_n);
                for &i in &chosen {
                    match takes[i] {
                        Some(t) if state.take_from_ticket_deck(game, t) => kept.push(t),
                        _ => kept.extend(draw(state, deck)),
                    }
                }
                while kept.len() < kept_n {
                    match draw(state, deck) {
                        Some(t) => kept.push(t),
                        None => break,
                    }
                }
                state.players[q].tickets.extend(kept);
            }
        }
    }
}
