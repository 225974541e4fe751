//! Iberia's festival cards (`mechanics.festivals`): cards of each festival group are
//! shuffled into the train deck; a festival card drawn (blind, or refilling the display) is
//! laid by its city and the draw goes on until a train card comes; a claim of a route into a
//! festival city may take every card laid there; the cards score at the end by their group's
//! chart.
//!
//! - Cities join a group with `festival = "id"`; cities of one group share one pile
//!   (Porto and Coimbra), so a route between two of them takes that pile.
//! - A route between cities of two groups with cards laid at both: the claimer chooses one
//!   pile (a decision at the end of the turn); with cards at one only, that one is taken.
//! - Taking is the claimer's choice (the rule text says they *may* take the cards), the
//!   map's `take`: `auto` (the default) asks only where a pile could lower the taker's
//!   score (a chart that falls somewhere: a designer's chart may), since elsewhere leaving
//!   it never helps and the published charts only rise; `ask` always asks; `always` never
//!   asks (the cards are forced on the claimer). Asked, the claimer may also leave the pile
//!   (or both piles) laid.
//! - Scoring: each group's cards held score `chart[k-1]` for `k` cards (a count past the
//!   chart scores its last value); one end-of-game line per player, its measure the cards.
//!   The rules keep a player's stack face down, but every pile is laid face up and taken in
//!   view, so how many cards each player holds is public to a player who remembers (the
//!   words are public to a determinized copy); the style bots value only their own.
//! - `unverified = true`: the figures are placeholders, and the module's name says so on
//!   every report and score sheet.
//!
//! Report figures, per group: piles taken, cards taken (so the mean pile is cards / piles),
//! points scored, cards still laid at the end, and for each count of cards the share of
//! games in which some player held at least that many, so a designer sees which chart
//! values are ever reached.
//!
//! Decision: step 0, the pile to take (choice 0: the route's first city's group, 1: the
//! second's; 2, `LEAVE`: none, where the claimer may decline).

use super::{Game, Mechanic, State};
use crate::engine::hooks::{
    Advice, ClaimBonus, Counter, CounterRatio, Decisions, DeckCards, EndScoring, OnClaim, PlanView,
    Report, Word,
};
use crate::engine::scoring::{BonusLine, DetailedScore};
use crate::engine::{Action, Cards, ChoiceKind, IllegalMove};
use crate::model::FestivalTake;
use rand_chacha::ChaCha8Rng;

mod position;
pub use position::Entries;

/// Step of the choice between two piles.
pub const CHOOSE: u16 = 0;
/// No group.
pub const NONE: u8 = u8::MAX;
/// The choice that leaves the piles laid.
pub const LEAVE: u16 = 2;

/// One festival group.
#[derive(Debug, Clone)]
pub struct Group {
    pub id: String,
    pub name: String,
    pub cards: u16,
    pub chart: Vec<i32>,
    /// Whether a pile could lower its taker's score ([`falls`]), read once.
    pub falls: bool,
}

/// Whether a chart lowers a score somewhere as cards are added: it falls between two counts,
/// or its first card is worth less than none.
pub fn falls(chart: &[i32]) -> bool {
    chart.first().is_some_and(|&c| c < 0) || chart.windows(2).any(|w| w[1] < w[0])
}

#[derive(Debug)]
pub struct Festivals {
    pub groups: Vec<Group>,
    /// City index → its group, or [`NONE`].
    pub city_group: Vec<u8>,
    pub unverified: bool,
    pub take: FestivalTake,
}

// Words: the choice waiting ([`Pending`]), each group's pile laid on the board, then per
// player each group's cards held and piles taken.
const PENDING: usize = 0;
const PILES: usize = 1;

/// The word of the choice waiting: the piles a claim may take, the route's first city's
/// group, then the second's (choices 0 and 1). No choice waits when both are none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Pending {
    /// Group indices, below 255 ([`NONE`] is not a group).
    groups: [Option<u8>; 2],
}

impl Word for Pending {
    /// Bits 0..8: the first group + 1; bits 8..16: the second + 1; 0 for none.
    fn to_word(self) -> u32 {
        self.groups[0].to_word() | self.groups[1].to_word() << 8
    }
    fn from_word(word: u32) -> Self {
        Pending {
            groups: [
                Option::from_word(word & 0xff),
                Option::from_word((word >> 8) & 0xff),
            ],
        }
    }
}

impl Festivals {
    fn held_at(&self, p: u8, g: usize) -> usize {
        PILES + self.groups.len() * (1 + p as usize) + g
    }

    fn taken_at(&self, players: u8, p: u8, g: usize) -> usize {
        PILES + self.groups.len() * (1 + players as usize + p as usize) + g
    }

    /// The group's index by id.
    pub fn group(&self, id: &str) -> Option<usize> {
        self.groups.iter().position(|g| g.id == id)
    }

    /// Cards of group `g` laid on the board now.
    pub fn pile(game: &Game, state: &State, me: usize, g: usize) -> u32 {
        state.mechanic_words(game, me)[PILES + g]
    }

    /// Cards of group `g` player `p` holds.
    pub fn held(&self, game: &Game, state: &State, me: usize, p: u8, g: usize) -> u32 {
        state.mechanic_words(game, me)[self.held_at(p, g)]
    }

    /// Gives player `p` `n` cards of group `g` (positions written by hand).
    pub fn set_held(&self, game: &Game, state: &mut State, me: usize, p: u8, g: usize, n: u32) {
        let at = self.held_at(p, g);
        state.mechanic_words_mut(game, me)[at] = n;
    }

    /// Lays `n` cards of group `g` on the board (positions and tests).
    pub fn set_pile(game: &Game, state: &mut State, me: usize, g: usize, n: u32) {
        state.mechanic_words_mut(game, me)[PILES + g] = n;
    }

    /// Festival cards laid on the board or held by players (the rest are in the deck).
    pub fn cards_out(&self, game: &Game, state: &State, me: usize) -> u32 {
        let w = state.mechanic_words(game, me);
        (0..self.groups.len())
            .map(|g| {
                w[PILES + g]
                    + (0..game.players)
                        .map(|p| w[self.held_at(p, g)])
                        .sum::<u32>()
            })
            .sum()
    }

    /// What `k` cards of group `g` score.
    pub fn chart_points(&self, g: usize, k: u32) -> i32 {
        let chart = &self.groups[g].chart;
        if k == 0 || chart.is_empty() {
            return 0;
        }
        chart[(k as usize).min(chart.len()) - 1]
    }

    /// Player `p`'s festival points.
    pub fn points(&self, game: &Game, state: &State, me: usize, p: u8) -> i32 {
        (0..self.groups.len())
            .map(|g| self.chart_points(g, self.held(game, state, me, p, g)))
            .sum()
    }

    /// The groups at a route's two ends (each [`NONE`] when not a festival city).
    fn route_groups(&self, game: &Game, lane: usize) -> (u8, u8) {
        let route = &game.routes[game.lane_route[lane] as usize];
        let g = |c: u16| self.city_group.get(c as usize).copied().unwrap_or(NONE);
        (g(route.city_a), g(route.city_b))
    }

    /// The piles a claim of `lane` may take now: the groups with cards laid, at most two.
    fn takeable(&self, game: &Game, state: &State, me: usize, lane: usize) -> Vec<u8> {
        let (a, b) = self.route_groups(game, lane);
        let mut out = Vec::new();
        for g in [a, b] {
            if g != NONE && !out.contains(&g) && Self::pile(game, state, me, g as usize) > 0 {
                out.push(g);
            }
        }
        out
    }

    /// Player `p` takes group `g`'s pile.
    fn take(&self, game: &Game, state: &mut State, me: usize, p: u8, g: usize) {
        let (held, taken) = (self.held_at(p, g), self.taken_at(game.players, p, g));
        let w = state.mechanic_words_mut(game, me);
        let n = std::mem::take(&mut w[PILES + g]);
        if n > 0 {
            w[held] += n;
            w[taken] += 1;
        }
    }

    /// Points player `p` would add by taking group `g`'s pile now.
    fn gain(&self, game: &Game, state: &State, me: usize, p: u8, g: usize) -> i32 {
        let held = self.held(game, state, me, p, g);
        let pile = Self::pile(game, state, me, g);
        self.chart_points(g, held + pile) - self.chart_points(g, held)
    }

    /// Whether a claim that may take `groups` lets the claimer leave them.
    fn may_leave(&self, groups: impl IntoIterator<Item = u8>) -> bool {
        match self.take {
            FestivalTake::Always => false,
            FestivalTake::Ask => true,
            FestivalTake::Auto => groups
                .into_iter()
                .any(|g| self.groups.get(g as usize).is_some_and(|g| g.falls)),
        }
    }

    /// The piles of the choice waiting (choice 0, then 1).
    fn pending(game: &Game, state: &State, me: usize) -> [Option<u8>; 2] {
        Pending::from_word(state.mechanic_words(game, me)[PENDING]).groups
    }

    fn set_pending(game: &Game, state: &mut State, me: usize, groups: [Option<u8>; 2]) {
        state.mechanic_words_mut(game, me)[PENDING] = Pending { groups }.to_word();
    }
}

impl Mechanic for Festivals {
    // Public words: every pile is laid face up by its city and taken in view, so how many
    // cards of each group a player holds follows from what every player saw (the rules
    // keep a player's stack face down: only memory is spared), and the choice waiting
    // names the claimed route's piles.
    mechanic_basics!("festivals", as_any, public);

    fn name(&self) -> String {
        if self.unverified {
            "Festivals (chart and cards are placeholders, unverified)".into()
        } else {
            "Festivals".into()
        }
    }

    fn state_words(&self, game: &Game) -> usize {
        PILES + self.groups.len() * (1 + 2 * game.players as usize)
    }

    plays!(
        deck_cards,
        on_claim,
        decisions,
        end_scoring,
        advice,
        claim_bonus,
        report
    );
}

impl DeckCards for Festivals {
    fn deck_cards(&self, _game: &Game) -> Vec<u16> {
        self.groups.iter().map(|g| g.cards).collect()
    }

    fn on_deck_card(&self, game: &Game, state: &mut State, me: usize, kind: u16) {
        if let Some(w) = state
            .mechanic_words_mut(game, me)
            .get_mut(PILES + kind as usize)
        {
            *w += 1;
        }
    }
}

impl OnClaim for Festivals {
    fn on_claim(&self, game: &Game, state: &mut State, me: usize, p: u8, lane: u16, _: &Cards) {
        let groups = self.takeable(game, state, me, lane as usize);
        let ask = |state: &mut State, a: u8, b: Option<u8>| {
            Self::set_pending(game, state, me, [Some(a), b]);
            state.ask(me, CHOOSE, p);
        };
        match groups[..] {
            [] => {}
            [g] if self.may_leave([g]) => ask(state, g, None),
            [g] => self.take(game, state, me, p, g as usize),
            [a, b, ..] => ask(state, a, Some(b)),
        }
    }
}

impl Decisions for Festivals {
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: u16,
        push: &mut dyn FnMut(Action) -> bool,
    ) {
        let groups = Self::pending(game, state, me);
        for (choice, g) in (0..).zip(groups) {
            if g.is_some() {
                push(Action::Mechanic {
                    mechanic: me as u8,
                    choice,
                });
            }
        }
        if self.may_leave(groups.into_iter().flatten()) {
            push(Action::Mechanic {
                mechanic: me as u8,
                choice: LEAVE,
            });
        }
    }

    fn apply_decision(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        _step: u16,
        choice: u32,
        _rng: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        let groups = Self::pending(game, state, me);
        if choice == LEAVE as u32 && self.may_leave(groups.into_iter().flatten()) {
            Self::set_pending(game, state, me, [None; 2]);
            return Ok(());
        }
        let g = groups
            .get(choice as usize)
            .copied()
            .flatten()
            .ok_or(IllegalMove::NoSuch(ChoiceKind::FestivalPile))?;
        self.take(game, state, me, state.current_player(), g as usize);
        Self::set_pending(game, state, me, [None; 2]);
        Ok(())
    }
}

impl EndScoring for Festivals {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        for (p, d) in scores.iter_mut().enumerate() {
            let p = p as u8;
            let cards: u32 = (0..self.groups.len())
                .map(|g| self.held(game, state, me, p, g))
                .sum();
            d.add_bonus(BonusLine {
                mechanic: me,
                measure: cards,
                points: self.points(game, state, me, p),
            });
        }
    }
}

impl Report for Festivals {
    fn counters(&self, game: &Game, state: &State, me: usize, out: &mut Vec<Counter>) {
        let w = state.mechanic_words(game, me);
        for (g, group) in self.groups.iter().enumerate() {
            let name = &group.name;
            let mut most = 0;
            for p in 0..game.players {
                let held = w[self.held_at(p, g)];
                most = most.max(held);
                for (what, value) in [
                    ("piles taken", w[self.taken_at(game.players, p, g)] as i64),
                    ("cards taken", held as i64),
                    ("points", self.chart_points(g, held) as i64),
                ] {
                    out.push(Counter {
                        row: Some(name.clone()),
                        name: what.to_string(),
                        player: Some(p),
                        value,
                    });
                }
            }
            out.push(Counter {
                row: Some(name.clone()),
                name: "cards laid, never taken".into(),
                player: None,
                value: w[PILES + g] as i64,
            });
            for k in 1..=group.cards.max(group.chart.len() as u16) as u32 {
                out.push(Counter {
                    row: Some(name.clone()),
                    name: format!("share of games someone held {k:>2}+ cards"),
                    player: None,
                    value: (most >= k) as i64,
                });
            }
        }
    }

    fn unverified(&self) -> Option<String> {
        self.unverified.then(|| {
            "the festival charts, cities and card counts (beyond the rule text's examples)".into()
        })
    }

    fn counter_ratios(&self) -> &'static [CounterRatio] {
        &[CounterRatio {
            name: "cards taken",
            over: "piles taken",
            label: "cards a pile taken",
            per_seat: true,
        }]
    }

    fn describe(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: Option<u16>,
        choice: u16,
    ) -> Option<String> {
        if choice == LEAVE {
            return Some("left the festival cards laid".into());
        }
        let g = (*Self::pending(game, state, me).get(choice as usize)?)?;
        let group = self.groups.get(g as usize)?;
        Some(format!("took the {} festival cards", group.name))
    }
}

impl ClaimBonus for Festivals {
    fn claim_bonus(&self, game: &Game, state: &State, me: usize, p: u8, lane: usize) -> i32 {
        let groups = self.takeable(game, state, me, lane);
        let best = groups
            .iter()
            .map(|&g| self.gain(game, state, me, p, g as usize))
            .max()
            .unwrap_or(0);
        // A pile the claimer may leave costs nothing.
        if self.may_leave(groups.iter().copied()) {
            best.max(0)
        } else {
            best
        }
    }
}

impl Advice for Festivals {
    fn advise(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        _step: u16,
        view: &PlanView,
        choice: u16,
    ) -> i32 {
        if choice == LEAVE {
            return 0;
        }
        match Self::pending(game, state, me).get(choice as usize) {
            Some(&Some(g)) => self.gain(game, state, me, view.player, g as usize),
            _ => i32::MIN,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pending_piles_round_trip_in_the_old_layout() {
        let groups = [None, Some(0), Some(1), Some(7), Some(254)];
        for a in groups {
            for b in groups {
                let p = Pending { groups: [a, b] };
                let w = p.to_word();
                assert_eq!(Pending::from_word(w), p);
                // Read by hand before: (w & 0xff) - 1 and (w >> 8) - 1, wrapping to NONE.
                let old = [
                    ((w & 0xff) as u8).wrapping_sub(1),
                    ((w >> 8) as u8).wrapping_sub(1),
                ];
                assert_eq!(old, [a, b].map(|g| g.unwrap_or(NONE)));
            }
        }
        assert_eq!(Pending::default().to_word(), 0);
    }
}
