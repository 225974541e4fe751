//! South Korea's Express Train cards (`mechanics.express_cards`): each player has one card of
//! each value (`values`, +1 +2 +3), each spent at most once a game, at most one a turn, to
//! improve the turn's action by its value.
//!
//! - Drawing train cards: spent at the start of the turn (a modifier, before the first
//!   card), it draws that many blind cards at once; then the player draws as usual, and may
//!   do nothing else that turn. Offered only while the deck and discard hold more train
//!   cards than its value (so the usual draw can follow).
//! - Drawing tickets: spent at the start of the turn, the draw deals 3 + value tickets (keep
//!   at least one, as usual); the turn's action must then be the ticket draw.
//! - A Province mat placement (`province-mat`): spent when placing a train after a claim,
//!   the spot is raised by its value (the mat asks; it comes after the claim, so the turn's
//!   card is still unspent).
//!
//! Report figures: per player, the cards spent on each use.
//!
//! Advice for planning bots: at the start of a turn in which none of their planned routes
//! can be claimed (so they draw), the set's smallest card (+1) is spent on the draw; the
//! larger ones stay for mat spots.
//!
//! Actions: a [`Spend`], choice `2 × card + use`, `use` 0 for drawing train cards, 1 for
//! tickets (`card` indexes `values`).

use super::{Game, Mechanic, State};
use crate::engine::hooks::{
    Actions, Advice, AfterAction, Allows, Choice, Core, Counter, OnTurnEnd, PlanView, Report, Word,
};
use crate::engine::{Action, ChoiceKind, IllegalMove, Phase};
use rand_chacha::ChaCha8Rng;

/// What a card was spent on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    Draw = 0,
    Tickets = 1,
    Mat = 2,
}

/// This turn's use, the turn's word: the use + 1, 0 for none yet.
impl Word for Option<Use> {
    fn to_word(self) -> u32 {
        self.map_or(0, |u| u as u32 + 1)
    }
    fn from_word(word: u32) -> Self {
        match word {
            1 => Some(Use::Draw),
            2 => Some(Use::Tickets),
            3 => Some(Use::Mat),
            _ => None,
        }
    }
}

/// An action's choice: card `card` spent at the start of the turn on drawing train cards
/// or tickets (a mat spot is the mat's decision, not this action).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spend {
    pub card: usize,
    pub tickets: bool,
}

impl Choice for Spend {
    /// `2 × card + tickets`.
    fn to_choice(self) -> u16 {
        (2 * self.card + self.tickets as usize) as u16
    }
    fn from_choice(choice: u16) -> Self {
        Spend {
            card: choice as usize / 2,
            tickets: !choice.is_multiple_of(2),
        }
    }
}

const USES: [(Use, &str); 3] = [
    (Use::Draw, "drawing train cards"),
    (Use::Tickets, "drawing tickets"),
    (Use::Mat, "a Province mat spot"),
];

#[derive(Debug)]
pub struct ExpressCards {
    pub values: Vec<u8>,
}

// Words: this turn's use + 1 (0: none yet), then per player a bit per card spent, then per
// player the cards spent on each use.
const TURN: usize = 0;
const SPENT: usize = 1;

impl ExpressCards {
    fn uses_at(game: &Game, p: u8, u: Use) -> usize {
        SPENT + game.players as usize + 3 * p as usize + u as usize
    }

    /// Whether player `p` has spent card `card`.
    pub fn spent(game: &Game, state: &State, me: usize, p: u8, card: usize) -> bool {
        state.mechanic_words(game, me)[SPENT + p as usize] & (1 << card) != 0
    }

    /// The cards player `p` may still spend this turn (none once one was spent this turn).
    pub fn unspent(&self, game: &Game, state: &State, me: usize, p: u8) -> Vec<usize> {
        if Self::this_turn(game, state, me).is_some() {
            return Vec::new();
        }
        (0..self.values.len())
            .filter(|&c| !Self::spent(game, state, me, p, c))
            .collect()
    }

    /// What a card was spent on this turn, if one was.
    fn this_turn(game: &Game, state: &State, me: usize) -> Option<Use> {
        Option::from_word(state.mechanic_words(game, me)[TURN])
    }

    /// Player `p` spends card `card` on `u` (this turn's one).
    pub fn spend(&self, game: &Game, state: &mut State, me: usize, p: u8, card: usize, u: Use) {
        let at = Self::uses_at(game, p, u);
        let w = state.mechanic_words_mut(game, me);
        w[TURN] = Some(u).to_word();
        w[SPENT + p as usize] |= 1 << card;
        w[at] += 1;
    }

    /// Cards player `p` spent on `u` this game.
    pub fn spent_on(game: &Game, state: &State, me: usize, p: u8, u: Use) -> u32 {
        state.mechanic_words(game, me)[Self::uses_at(game, p, u)]
    }

    /// Marks player `p`'s card `card` spent on `u` at some earlier turn (positions written by
    /// hand).
    pub fn set_spent(game: &Game, state: &mut State, me: usize, p: u8, card: usize, u: Use) {
        let at = Self::uses_at(game, p, u);
        let w = state.mechanic_words_mut(game, me);
        w[SPENT + p as usize] |= 1 << card;
        w[at] += 1;
    }

    fn train_cards_left(state: &State) -> u32 {
        state.deck_size as u32 + state.discard.iter().map(|&n| n as u32).sum::<u32>()
    }
}

impl Mechanic for ExpressCards {
    // Public words: each player's Express cards lie face up before them, and a card spent
    // leaves the game in view.
    mechanic_basics!("express-cards", as_any, public);

    fn name(&self) -> String {
        let v: Vec<String> = self.values.iter().map(|v| format!("+{v}")).collect();
        format!("Express Train cards ({})", v.join(" "))
    }

    fn state_words(&self, game: &Game) -> usize {
        SPENT + 4 * game.players as usize
    }

    plays!(actions, allows, on_turn_end, advice, report);
}

impl Actions for ExpressCards {
    fn main_actions(&self, game: &Game, state: &State, me: usize, push: &mut dyn FnMut(Action)) {
        if state.phase != Phase::Main {
            return;
        }
        let p = state.current_player();
        for card in self.unspent(game, state, me, p) {
            let value = self.values[card] as u32;
            if Self::train_cards_left(state) > value && state.can_draw_blind(game) {
                push(Action::Mechanic {
                    mechanic: me as u8,
                    choice: Spend {
                        card,
                        tickets: false,
                    }
                    .to_choice(),
                });
            }
            if state.can_draw_tickets(game) {
                push(Action::Mechanic {
                    mechanic: me as u8,
                    choice: Spend {
                        card,
                        tickets: true,
                    }
                    .to_choice(),
                });
            }
        }
    }

    fn apply_action(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        choice: u32,
        rng: &mut ChaCha8Rng,
    ) -> Result<AfterAction, IllegalMove> {
        let p = state.current_player();
        let Spend { card, tickets } = Spend::from_choice(choice as u16);
        let value = *self
            .values
            .get(card)
            .ok_or(IllegalMove::NoSuch(ChoiceKind::ExpressCard))?;
        if !self.unspent(game, state, me, p).contains(&card) {
            return Err(IllegalMove::ExpressCardSpent);
        }
        if !tickets {
            self.spend(game, state, me, p, card, Use::Draw);
            for _ in 0..value {
                state.deal_card(game, p, rng);
            }
        } else {
            self.spend(game, state, me, p, card, Use::Tickets);
            state.turn_mods.extra_tickets += value;
        }
        Ok(AfterAction::Continue)
    }
}

impl Allows for ExpressCards {
    fn allows(&self, game: &Game, state: &State, me: usize, _p: u8, what: Core) -> bool {
        match Self::this_turn(game, state, me) {
            Some(Use::Draw) => matches!(what, Core::DrawFaceUp | Core::DrawBlind),
            Some(Use::Tickets) => what == Core::DrawTickets,
            Some(Use::Mat) | None => true,
        }
    }
}

impl Advice for ExpressCards {
    fn advise_action(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        view: &PlanView,
    ) -> Option<Action> {
        if state.phase != Phase::Main || view.own_routes.is_empty() {
            return None;
        }
        let mut lanes = Vec::new();
        state.claimable_lanes(game, &mut lanes);
        if lanes
            .iter()
            .any(|&l| view.own_routes.contains(&game.lane_route[l as usize]))
        {
            return None;
        }
        // Only the smallest card of the set: the others pay more on a mat spot.
        let smallest = self.values.iter().copied().min()?;
        let card = self
            .unspent(game, state, me, view.player)
            .into_iter()
            .find(|&c| self.values[c] == smallest)?;
        Some(Action::Mechanic {
            mechanic: me as u8,
            choice: Spend {
                card,
                tickets: false,
            }
            .to_choice(),
        })
    }
}

impl OnTurnEnd for ExpressCards {
    fn on_turn_end(&self, game: &Game, state: &mut State, me: usize) {
        state.mechanic_words_mut(game, me)[TURN] = None::<Use>.to_word();
    }
}

impl Report for ExpressCards {
    fn counters(&self, game: &Game, state: &State, me: usize, out: &mut Vec<Counter>) {
        for p in 0..game.players {
            for (u, what) in USES {
                out.push(Counter {
                    row: None,
                    name: format!("Express cards spent on {what}"),
                    player: Some(p),
                    value: Self::spent_on(game, state, me, p, u) as i64,
                });
            }
        }
    }

    fn describe(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: Option<u16>,
        choice: u16,
    ) -> Option<String> {
        let Spend { card, tickets } = Spend::from_choice(choice);
        let value = self.values.get(card)?;
        let what = if tickets { "tickets" } else { "cards" };
        Some(format!("spent Express +{value} on drawing {what}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turns_use_round_trips_as_use_plus_one() {
        for (u, w) in [
            (None, 0),
            (Some(Use::Draw), 1),
            (Some(Use::Tickets), 2),
            (Some(Use::Mat), 3),
        ] {
            assert_eq!(u.to_word(), w);
            assert_eq!(Option::<Use>::from_word(w), u);
        }
    }

    #[test]
    fn spends_round_trip_as_two_cards_plus_use() {
        for card in [0, 1, 2, 100, u16::MAX as usize / 2] {
            for tickets in [false, true] {
                let s = Spend { card, tickets };
                let n = s.to_choice();
                assert_eq!(Spend::from_choice(n), s);
                assert_eq!(n as usize, 2 * card + tickets as usize);
            }
        }
    }
}
