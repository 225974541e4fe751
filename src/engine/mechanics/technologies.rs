//! The United Kingdom's technology cards (`mechanics.technologies`): what a player may claim
//! grows with the technologies they buy.
//!
//! - Without technology a player claims only routes of `base_lengths` (1 and 2 spaces) with
//!   both ends in `base_regions` (England), never a ferry (a route with locomotive spaces);
//!   a route marked `no_technology_needed` (Southampton–New York) is open to everyone.
//! - Concessions open routes into their regions (a route needs a concession for every
//!   region of its two ends outside the base ones); Mechanical Stoker and the Superheated
//!   Steam Boiler open their lengths (a 3-space route needs the Stoker even with the
//!   Boiler); Propellers open ferries. A route must pass all three tests.
//! - Purchase: at the start of a turn, before the turn's action, a player may buy ONE
//!   technology, paying its cost in locomotives; any N cards (`rules.locomotives.
//!   any_cards_as_one`, 4; 3 with Booster) stand for each locomotive not paid with one.
//!   The choice is how many locomotive cards to give (each count a separate action); the
//!   substitute cards are the colours the hand holds fewest of. A card is bought only while
//!   the supply (`copies`) has one, and a player holds a technology at most once.
//! - Booster: any 3 cards as a locomotive, in claims too. Diesel Power (advanced): one
//!   coloured card fewer per claim, never below one card in all and never a ferry's
//!   locomotive.
//! - Boiler Lagging (+1 a route) and Steam Turbine (+2 a ferry: a route with
//!   `counts_as_ferry`, by default one with locomotive spaces, Southampton–New York
//!   included) score for the claims made after the purchase; the two add up (3 a ferry).
//!   Their points are end-of-game lines, counted when each claim is made.
//! - Double Heading: 2 points a completed ticket at the end. Risky Contracts (advanced):
//!   +20 with the most completed tickets, -20 otherwise; Equalising Beam (advanced): +15
//!   with the longest continuous path, -15 otherwise. The card says nothing of ties nor of
//!   a best count of 0; each card's `ties` and `when_best_is_zero` say. Defaults: a holder
//!   tied for the most has it (`ties = "win"`: nobody has more, and the base game's
//!   longest-path bonus goes to every tied player), and nobody has the most of nothing
//!   (`when_best_is_zero = "nobody"`: the holder loses); `"lose"` and `"tied"` are the
//!   other readings.
//! - Right of Way: bought, it is used at once as the turn's action: the player claims a
//!   route another player holds (one they could claim by their technologies, paying the
//!   usual cards; a lane shared once at most), placing their trains beside the other's;
//!   the card goes back to the supply. It is offered only when some such claim can be paid
//!   after the purchase.
//! - Thermocompressor (advanced): two claims this turn, then the card goes back. Water
//!   Tenders (advanced): the holder may draw 3 blind cards as the turn's action instead of
//!   the usual draw.
//! - The advanced cards are played only when the map says `use_advanced = true` or the
//!   playtest asks for them (`--with mechanics.technologies.advanced`).
//!
//! Report figures, per technology: the share of games in which it was bought, the mean turn
//! (of the buyer's own turns) of its first purchase, the share of games whose winner bought
//! it, and the win rates of the seats that bought it and of those that did not.
//!
//! Actions: a [`Purchase`] (`tech + 32 × locomotive cards`); [`DRAW3`] for Water
//! Tenders' draw. Right of Way's claim is a decision: choice `i` is the `i`-th claim of
//! [`Technologies::right_of_way_claims`].

mod access;
mod advice;
mod position;
mod purchase;
mod scoring;

pub use position::Entries;
pub use purchase::Purchase;
pub use scoring::TechnologyLine;

use super::{Game, Mechanic, State};
use crate::engine::hooks::{
    Actions, Advice, AfterAction, Counter, CounterKey, CounterRatio, Decisions, OnClaim, OnTurnEnd,
    PlanView, PlayerCost, Report, Setup,
};
use crate::engine::{Action, Cards, ChoiceKind, EngineError, IllegalMove, LaneClass};
use crate::model::{BestIsZero, GambleTies, MapFile, TechEffect};
use rand_chacha::ChaCha8Rng;

/// Water Tenders' 3-card blind draw.
pub const DRAW3: u16 = 0x8000;
/// The decision step of Right of Way's claim.
pub const STEP_RIGHT_OF_WAY: u16 = 0;

/// One technology card in play.
#[derive(Debug, Clone)]
pub struct Tech {
    pub id: String,
    pub name: String,
    pub cost: u8,
    pub copies: u8,
    pub effect: TechEffect,
    /// Concession: regions opened (bits over `map.regions`).
    pub regions: u64,
    /// Claim lengths: lengths opened (bit `n` for `n` spaces).
    pub lengths: u64,
    pub value: i32,
    /// A gamble's holder tied for the most (`ties`, default win).
    pub ties: GambleTies,
    /// A gamble's best count of 0 (`when_best_is_zero`, default nobody).
    pub zero: BestIsZero,
}

#[derive(Debug)]
pub struct Technologies {
    pub techs: Vec<Tech>,
    pub base_regions: u64,
    pub base_lengths: u64,
    /// Route → regions of its two ends (bits).
    pub route_regions: Vec<u64>,
    /// Route → claimable without any technology.
    pub route_free: Vec<bool>,
    /// Cards standing for a locomotive without Booster (`rules.locomotives.any_cards_as_one`).
    pub any_as_one: u8,
    /// Per effect (`TechEffect as usize`), the technologies with it (bit `t` for `techs[t]`):
    /// [`Technologies::holds`] is asked for every lane a player could claim.
    by_effect: Vec<u32>,
}

// Words: supply per technology; per player the technologies held (bits); this turn's
// purchase made (0/1); per player and technology the points scored by claims and the
// buyer's turn of the first purchase + 1.
impl Technologies {
    /// The module for `map` (with the advanced cards when `advanced`), or an error naming
    /// what cannot be played.
    pub fn for_map(map: &MapFile, advanced: bool) -> Result<Option<Technologies>, EngineError> {
        let Some(t) = &map.mechanics.technologies else {
            return Ok(None);
        };
        if map.regions.len() > 64 {
            return Err(EngineError::Setup(
                "mechanics.technologies: more than 64 regions".into(),
            ));
        }
        let region_bits = |ids: &[String]| -> u64 {
            ids.iter()
                .filter_map(|id| map.regions.iter().position(|r| &r.id == id))
                .fold(0, |m, i| m | 1 << i)
        };
        let length_bits =
            |ls: &[u8]| -> u64 { ls.iter().filter(|&&l| l < 64).fold(0, |m, &l| m | 1 << l) };
        let techs: Vec<Tech> = t
            .cards
            .iter()
            .filter(|c| advanced || !c.advanced)
            .map(|c| Tech {
                id: c.id.clone(),
                name: c.name.clone().unwrap_or_else(|| c.id.clone()),
                cost: c.cost,
                copies: c.copies,
                effect: c.effect,
                regions: region_bits(&c.regions),
                lengths: length_bits(&c.lengths),
                // Every effect that reads `value` requires it (`check`'s `mechanic-data`), so
                // no number is made up here; the others never read it.
                value: c.value.unwrap_or(0),
                ties: c.ties.unwrap_or_default(),
                zero: c.when_best_is_zero.unwrap_or_default(),
            })
            .collect();
        if techs.len() > 32 {
            return Err(EngineError::Setup(
                "mechanics.technologies: more than 32 cards in play".into(),
            ));
        }
        if let Some(c) = techs
            .iter()
            .find(|c| c.cost as usize >= purchase::MAX_DIRECT)
        {
            return Err(EngineError::Setup(format!(
                "mechanics.technologies: card {} costs {} locomotives, more than the {} the \
                 engine plays",
                c.id,
                c.cost,
                purchase::MAX_DIRECT - 1
            )));
        }
        let city_region = |id: &str| -> u64 {
            map.cities
                .iter()
                .find(|c| c.id == id)
                .and_then(|c| c.region.as_deref())
                .and_then(|r| map.regions.iter().position(|x| x.id == r))
                .map_or(0, |i| 1 << i)
        };
        let mut by_effect = Vec::new();
        for (i, tech) in techs.iter().enumerate() {
            let e = tech.effect as usize;
            if by_effect.len() <= e {
                by_effect.resize(e + 1, 0);
            }
            by_effect[e] |= 1 << i;
        }
        Ok(Some(Technologies {
            by_effect,
            techs,
            base_regions: region_bits(&t.base_regions),
            base_lengths: length_bits(&t.base_lengths),
            route_regions: map
                .routes
                .iter()
                .map(|r| city_region(&r.from) | city_region(&r.to))
                .collect(),
            route_free: map.routes.iter().map(|r| r.no_technology_needed).collect(),
            any_as_one: map.rules.locomotives.any_cards_as_one.unwrap_or(0),
        }))
    }

    fn t(&self) -> usize {
        self.techs.len()
    }
    fn owned_at(&self, p: u8) -> usize {
        self.t() + p as usize
    }
    fn turn_at(&self, game: &Game) -> usize {
        self.t() + game.players as usize
    }
    fn points_at(&self, game: &Game, p: u8, t: usize) -> usize {
        self.turn_at(game) + 1 + p as usize * self.t() + t
    }
    fn first_at(&self, game: &Game, p: u8, t: usize) -> usize {
        self.points_at(game, 0, 0) + game.players as usize * self.t() + p as usize * self.t() + t
    }

    /// Copies of technology `t` left in the supply.
    pub fn supply(&self, game: &Game, state: &State, me: usize, t: usize) -> u32 {
        state.mechanic_words(game, me)[t]
    }

    /// The technologies player `p` holds (bit `t` for `techs[t]`).
    pub fn owned(&self, game: &Game, state: &State, me: usize, p: u8) -> u32 {
        state.mechanic_words(game, me)[self.owned_at(p)]
    }

    /// Whether player `p` holds a technology with `effect`; its index.
    pub fn holds(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        p: u8,
        effect: TechEffect,
    ) -> Option<usize> {
        self.held_with(self.owned(game, state, me, p), effect)
    }

    /// The first of technologies `owned` (bits over `techs`) with `effect`, for a caller
    /// that reads a player's technologies once and asks of several effects.
    fn held_with(&self, owned: u32, effect: TechEffect) -> Option<usize> {
        let held = owned & self.by_effect.get(effect as usize).copied().unwrap_or(0);
        (held != 0).then(|| held.trailing_zeros() as usize)
    }

    /// The index of technology `id`.
    pub fn find(&self, id: &str) -> Option<usize> {
        self.techs.iter().position(|t| t.id == id)
    }

    /// Points player `p` scored by claims with technology `t` (Boiler Lagging, Steam Turbine).
    pub fn claim_points(&self, game: &Game, state: &State, me: usize, p: u8, t: usize) -> i32 {
        state.mechanic_words(game, me)[self.points_at(game, p, t)] as i32
    }

    /// The buyer's own turn (1 = their first) of player `p`'s first purchase of `t`; 0: never.
    pub fn first_bought(&self, game: &Game, state: &State, me: usize, p: u8, t: usize) -> u32 {
        state.mechanic_words(game, me)[self.first_at(game, p, t)]
    }

    /// Gives player `p` technology `t` from the supply outside play (positions built by
    /// hand, tests): held, its lanes opened. No cards are paid and no turn is recorded.
    pub fn give(&self, game: &Game, state: &mut State, me: usize, p: u8, t: usize) -> bool {
        let owned_at = self.owned_at(p);
        let w = state.mechanic_words_mut(game, me);
        if w[t] == 0 || w[owned_at] & (1 << t) != 0 {
            return false;
        }
        w[t] -= 1;
        w[owned_at] |= 1 << t;
        self.refresh_access(game, state, me, p);
        true
    }

    /// Adds `points` to player `p`'s points by claims with technology `t` (positions).
    pub fn add_claim_points(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        p: u8,
        t: usize,
        points: i32,
    ) {
        let at = self.points_at(game, p, t);
        let w = &mut state.mechanic_words_mut(game, me)[at];
        *w = (*w as i32 + points) as u32;
    }

    /// The per-claim points player `p`'s technologies give a claim of route `r`.
    fn score_claim(&self, game: &Game, state: &mut State, me: usize, p: u8, r: usize) {
        let owned = self.owned(game, state, me, p);
        for t in 0..self.t() {
            if owned & (1 << t) == 0 {
                continue;
            }
            let tech = &self.techs[t];
            let scores = match tech.effect {
                TechEffect::PointsPerRoute => true,
                TechEffect::PointsPerFerry => game.counts_as_ferry[r],
                _ => false,
            };
            if scores {
                self.add_claim_points(game, state, me, p, t, tech.value);
            }
        }
    }
}

impl Mechanic for Technologies {
    mechanic_basics!("technologies", as_any, public);

    fn name(&self) -> String {
        format!("technologies ({} cards)", self.techs.len())
    }

    fn state_words(&self, game: &Game) -> usize {
        self.t() + game.players as usize + 1 + 2 * game.players as usize * self.t()
    }

    plays!(
        player_cost,
        setup,
        actions,
        on_claim,
        on_turn_end,
        decisions,
        advice,
        report
    );
}

impl Setup for Technologies {
    fn setup(&self, game: &Game, state: &mut State, me: usize, _rng: &mut ChaCha8Rng) {
        for t in 0..self.t() {
            state.mechanic_words_mut(game, me)[t] = self.techs[t].copies as u32;
        }
        for p in 0..game.players {
            self.refresh_access(game, state, me, p);
        }
    }
}

impl PlayerCost for Technologies {
    fn player_cost(&self, game: &Game, state: &State, me: usize, p: u8, class: &mut LaneClass) {
        self.adjust_cost(game, state, me, p, class);
    }

    fn changes_costs(&self, game: &Game, state: &State, me: usize, p: u8) -> bool {
        self.changes_cost(game, state, me, p)
    }
}

impl Actions for Technologies {
    fn main_actions(&self, game: &Game, state: &State, me: usize, push: &mut dyn FnMut(Action)) {
        self.purchase_actions(game, state, me, push);
    }

    fn apply_action(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        choice: u32,
        rng: &mut ChaCha8Rng,
    ) -> Result<AfterAction, IllegalMove> {
        self.play_action(game, state, me, choice, rng)
    }
}

impl OnClaim for Technologies {
    fn on_claim(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        player: u8,
        lane: u16,
        _paid: &Cards,
    ) {
        let r = game.lane_route[lane as usize] as usize;
        self.score_claim(game, state, me, player, r);
    }
}

impl OnTurnEnd for Technologies {
    fn on_turn_end(&self, game: &Game, state: &mut State, me: usize) {
        self.turn_over(game, state, me);
    }
}

impl Decisions for Technologies {
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: u16,
        push: &mut dyn FnMut(Action) -> bool,
    ) {
        if step != STEP_RIGHT_OF_WAY {
            return;
        }
        let p = state.current_player();
        let hand = state.players[p as usize].hand;
        let n = self.right_of_way_claims(game, state, me, p, &hand).len();
        for i in 0..n.min(u16::MAX as usize) {
            push(Action::Mechanic {
                mechanic: me as u8,
                choice: i as u16,
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
        _rng: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        if step != STEP_RIGHT_OF_WAY {
            return Err(IllegalMove::NoSuch(ChoiceKind::TechnologyDecision));
        }
        self.claim_by_right_of_way(game, state, me, choice as usize)
    }
}

impl Report for Technologies {
    fn counters(&self, game: &Game, state: &State, me: usize, out: &mut Vec<Counter>) {
        self.report_counters(game, state, me, out);
    }

    fn counter_ratios(&self) -> &'static [CounterRatio] {
        scoring::RATIOS
    }

    fn counter_is_operand(&self, key: &CounterKey) -> bool {
        scoring::is_operand(key)
    }

    fn describe(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: Option<u16>,
        choice: u16,
    ) -> Option<String> {
        self.describe_choice(game, state, me, step, choice)
    }
}

impl Advice for Technologies {
    fn opens_later(&self, game: &Game, state: &State, me: usize, p: u8, lane: usize) -> bool {
        self.can_open(game, state, me, p, lane)
    }

    fn advise_action(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        view: &PlanView,
    ) -> Option<Action> {
        self.advise_purchase(game, state, me, view)
    }
}
