//! The bundled game engine: plays a checked map by its data.
//!
//! [`Game`] is compiled once from a [`MapFile`], a player count and a game mode; it is
//! immutable and shared. [`State`] is one position; it is small and cheap to clone. Chance
//! (the train deck, ticket shuffles, tunnel reveals) comes from a seeded `ChaCha8Rng` passed
//! to [`State::new`] and [`State::apply`], so a seed replays a game exactly.
//!
//! Nothing here names a map: the core rules are read from `rules.*`, route flags, decks and
//! modes, and what a map adds on top is played by the [`mechanics`] modules its data
//! switches on. A map that declares something no module plays is refused by [`Game::new`]
//! with [`EngineError::Unsupported`] naming every such rule, never silently ignored.
//!
//! Readings the rule texts leave open, decided here and documented where they are coded:
//! - the train deck is kept as per-colour counts and a blind draw takes a uniformly random
//!   card, which is the same distribution as drawing from a shuffled deck nobody can see;
//! - after setup the drawable ticket decks are one draw pile, shuffled together (a game
//!   mode includes its decks' tickets; the schema says the same of a mode's draw); a mode's
//!   `pool` is one pile from the start;
//! - when a later card draw has no card to take, the turn ends.
//!
//! Where things are: `compile.rs` builds the [`Game`] (numbered tables); `state/` is the
//! core's play (`lanes.rs` keeps the open-lane caches, `determinize.rs` the hidden parts
//! dealt again); [`hooks`] is how a module plugs in, its table listing every hook and the
//! invariant kept around it; [`mechanics`] has one file per module (a folder beside it
//! where the module has several parts), [`mechanics::modules_for`] as the registry,
//! `MODULE_DOCS` for `ttrmap explain` and [`POSITION_ENTRIES`] for position files;
//! [`scoring`] is the one final scoring; [`position`] reads, checks and scores position
//! files; `paths.rs` answers path questions on one player's routes; `error.rs` has the two
//! refusals, [`EngineError`] and [`IllegalMove`].

mod compile;
mod error;
pub mod hooks;
pub mod mechanics;
mod paths;
pub mod position;
pub mod scoring;
mod state;

pub use error::{ChoiceKind, EngineError, IllegalMove, PlayerRange};
pub use hooks::{
    Actions, Advice, AfterAction, Allows, ClaimBonus, Core, Costs, Counter, CounterKey, Decisions,
    DeckCards, EndScoring, Installed, Mechanic, OnClaim, OnDraw, OnTurnEnd, PlanView, PlayerCost,
    PublicWords, Redeal, Report, RoutePoints, RouteSplit, Setup, TicketValue, TurnMods,
};
pub use mechanics::POSITION_ENTRIES;
pub use paths::longest_path;
pub use scoring::{ScoreBreakdown, final_scores};
pub use state::{
    Action, Failure, MAX_SUBSTITUTE_LOCOS, Phase, PlayerState, SUBSTITUTE_LOCOS_SHIFT, Seen, State,
    can_pay, can_pay_locomotives, claim_locos, claim_ways_match_general, locomotive_payment,
    pack_claim_locos, pay_with, payment_ways,
};

use crate::model::{MapFile, TicketDiscard, TieBreak};
use std::sync::Arc;

/// Card index of the locomotive; colours are 0..8 in `Color::CARD_COLORS` order.
pub const LOCO: u8 = 8;
/// Number of card kinds (eight colours and the locomotive).
pub const CARD_KINDS: usize = 9;
/// A lane colour meaning "any one colour".
pub const GRAY: u8 = 9;
/// Per-kind card counts.
pub type Cards = [u16; CARD_KINDS];
/// Longest lane in the fast ways-to-pay table.
pub const FAST_LEN: usize = 8;
/// The fast table: eight colours and gray, by length 1..=`FAST_LEN`.
pub const FAST_SLOTS: usize = 9 * FAST_LEN;
/// A lane outside the fast table.
pub const NO_SLOT: u8 = u8::MAX;
/// "Nobody" in owner tables.
pub const NOBODY: u8 = u8::MAX;

/// One route, densely indexed.
#[derive(Debug, Clone)]
pub struct RouteInfo {
    pub id: String,
    /// Original city indices (stations and reports use them).
    pub city_a: u16,
    pub city_b: u16,
    /// Graph nodes (zone endpoints are split per route, so they stay dead ends).
    pub node_a: u16,
    pub node_b: u16,
    pub length: u8,
    /// Locomotive spaces.
    pub ferry: u8,
    pub tunnel: bool,
    /// Nordic: any N cards for one needed card (0 = not allowed). Set by a cost module.
    pub any_for_one: u8,
    /// Cards replacing one ferry locomotive and whether they must be the paid colour. Set by
    /// a cost module.
    pub ferry_substitute: Option<(u8, bool)>,
    /// Whether locomotives may pay this route's coloured spaces (true unless a cost module
    /// limits them).
    pub loco_on_spaces: bool,
    /// Trains a claim gives up beyond one per space (Legendary Asia's mountains). Set by a
    /// cost module.
    pub extra_trains: u8,
    pub points: i32,
    /// Index of this route's first lane in the lane tables.
    pub first_lane: u16,
    pub lane_count: u8,
    /// Lanes that may be claimed at this player count (`rules.lanes`).
    pub usable_lanes: u8,
}

impl RouteInfo {
    /// Trains a claim takes: one per space, plus any a cost module adds (mountains).
    pub fn trains_needed(&self) -> u16 {
        self.length as u16 + self.extra_trains as u16
    }

    /// The graph node at the other end of the route from `node`.
    pub fn other_end(&self, node: u16) -> u16 {
        if self.node_a == node {
            self.node_b
        } else {
            self.node_a
        }
    }
}

/// Everything about a lane that decides how it can be paid for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaneClass {
    /// 0..8, or `GRAY`.
    pub color: u8,
    pub length: u8,
    pub ferry: u8,
    pub any_for_one: u8,
    pub loco_on_spaces: bool,
    pub ferry_substitute: Option<(u8, bool)>,
    /// Trains given up beyond one per space.
    pub extra_trains: u8,
    /// Cards fewer than spaces (never a ferry locomotive): set per player by a module
    /// ([`PlayerCost::player_cost`]; the UK's Diesel Power).
    pub discount: u8,
}

impl LaneClass {
    /// No ferry spaces, no card substitutes, no discount: the ways to pay have a closed
    /// form.
    pub fn is_simple(&self) -> bool {
        self.ferry == 0 && self.any_for_one == 0 && self.discount == 0 && self.length > 0
    }

    /// Ferry spaces paid by locomotives, or by cards of the claim's own colour, and no other
    /// substitute nor a discount (Europe's ferries, Castilla's transbordos): the ways to pay
    /// have a closed form too ([`crate::engine::claim_ways_match_general`] checks it).
    pub fn is_plain_ferry(&self) -> bool {
        self.ferry > 0
            && self.any_for_one == 0
            && self.discount == 0
            && self.ferry_substitute.is_none_or(|(_, same)| same)
    }

    /// Trains a claim of a lane of this class takes from the player.
    pub fn trains_needed(&self) -> u16 {
        self.length as u16 + self.extra_trains as u16
    }
}

/// Routes written separately that are lanes of one double or triple route
/// (`routes.parallel_group`): the double-route rules hold across them, as across the lanes
/// of one route.
#[derive(Debug, Clone)]
pub struct ParallelGroup {
    pub id: String,
    /// The group's routes, in file order.
    pub routes: Vec<u16>,
    /// Lanes of the group that may be claimed at this player count (`rules.lanes`, for
    /// the group's lanes in all).
    pub usable_lanes: u8,
}

/// What a ticket asks for. Places are sets of graph nodes (a zone is all its endpoints).
#[derive(Debug, Clone)]
pub enum Goal {
    Pair(Vec<u16>, Vec<u16>, i32),
    Multi(Vec<Vec<u16>>, i32),
    /// From one place to the best of several targets.
    AnyOf(Vec<u16>, Vec<(Vec<u16>, i32)>),
}

#[derive(Debug, Clone)]
pub struct TicketInfo {
    pub label: String,
    /// The deck the map puts the ticket in.
    pub deck: u8,
    /// The deck whose pile the ticket is dealt from and returned to: its own deck, or the
    /// first deck of the mode's pool (`modes.pool`).
    pub pile: u8,
    /// The ticket's index in the map's `tickets` (a mode's pool compiles only its own, so
    /// the game's numbering can differ from the map's).
    pub source: u16,
    pub goal: Goal,
}

/// The compiled, immutable game.
#[derive(Debug, Clone)]
pub struct Game {
    pub name: String,
    pub players: u8,
    pub city_ids: Vec<String>,
    pub node_count: u16,
    pub routes: Vec<RouteInfo>,
    /// Lane → route.
    pub lane_route: Vec<u16>,
    /// Lane → colour (0..8, or `GRAY`).
    pub lane_color: Vec<u8>,
    /// Lane → its payment class (see [`LaneClass`]).
    pub lane_class: Vec<u16>,
    /// Lanes that are paid for the same way, so a hand can pay each of them in the same
    /// number of ways: legal claims are counted per class, not per lane.
    pub lane_classes: Vec<LaneClass>,
    /// Lane → its slot in the fast ways-to-pay table ([`FAST_SLOTS`]), or [`NO_SLOT`]
    /// for lanes counted by their class.
    pub lane_slot: Vec<u8>,
    /// Class → its fast slot, or [`NO_SLOT`].
    pub class_slot: Vec<u8>,
    /// Lane × colour (0..8, `GRAY`) → the lane's payment class in that colour; empty unless a
    /// module colours lanes during play ([`Mechanic::sets_lane_colors`]).
    pub lane_recolor: Vec<u16>,
    /// The longest lane with a fast slot (the table's lengths used).
    pub fast_len: usize,
    /// Classes whose lanes have no fast slot.
    pub slowly_counted_classes: Vec<u16>,
    /// Fast slot → its lanes, a bitset of [`Game::lane_words`] words each, then the lanes of
    /// no slot (`FAST_SLOTS + 1` sets): the lanes a hand can pay are the union of the sets
    /// of the slots it pays, not a look at every lane ([`State::claimable_lanes`]).
    pub slot_lanes: Vec<u64>,
    /// `u64` words in a bitset over lanes.
    pub lane_words: usize,
    /// Parallel groups of routes (see [`ParallelGroup`]); empty on most maps.
    pub parallel_groups: Vec<ParallelGroup>,
    /// Route → its parallel group, an index into `parallel_groups`; empty when the map has
    /// none (kept apart from [`RouteInfo`], which the bots' path searches read, so that
    /// stays small). See [`Game::group_of`].
    pub route_group: Vec<Option<u16>>,
    /// Route → whether bonuses that count ferries count it (`routes.counts_as_ferry`).
    pub counts_as_ferry: Vec<bool>,
    /// Node → routes with an end there (the graph bots plan on).
    pub node_routes: Vec<Vec<u16>>,
    /// `node_routes` flattened with each route's other end: node `n`'s (route, other end)
    /// pairs are `node_links[node_link_start[n]..node_link_start[n + 1]]`, in
    /// `node_routes` order. The planner's searches read them without visiting the routes.
    pub node_links: Vec<(u16, u16)>,
    pub node_link_start: Vec<u32>,
    pub tickets: Vec<TicketInfo>,
    /// Deck → ticket indices, one per copy, in file order.
    pub deck_tickets: Vec<Vec<u16>>,
    /// Deck → tickets dealt from it at setup.
    pub initial_deal: Vec<u8>,
    /// Deck → whether the draw-tickets action takes from it.
    pub drawable: Vec<bool>,
    pub initial_keep: u8,
    pub draw_deal: u8,
    pub draw_keep: u8,
    pub initial_discard: TicketDiscard,
    pub draw_discard: TicketDiscard,
    pub composition: Cards,
    pub deck_total: u16,
    pub start_cards: u8,
    pub start_locos: u8,
    pub face_up: u8,
    pub loco_reset: u8,
    pub loco_whole_draw: bool,
    pub draws_per_turn: u8,
    pub trains: u16,
    pub end_trains: u16,
    pub stations: u8,
    pub station_costs: Vec<u8>,
    pub station_unused_points: i32,
    pub station_locos: bool,
    pub tunnel_reveal: u8,
    /// The mechanic modules the map's data switched on, indexed by hook.
    pub mechanics: Installed,
    /// Rules of the map this game leaves out, by the designer's choice (`--without`).
    pub played_without: Vec<String>,
    /// The game mode played (maps with `[[modes]]`).
    pub mode: Option<String>,
    /// The mode's recommended player range (`modes.players`, min and max) when the game has
    /// a player count outside it: such a game is played, and reports say so
    /// ([`Game::mode_range_note`]).
    pub mode_outside_range: Option<(u8, u8)>,
    pub tie_breaks: Vec<TieBreak>,
    /// Safety net only: a game still running after this many turns is reported as a failure.
    pub turn_cap: u32,
    /// What a player with no legal action does (`rules.end_game.when_stuck`).
    pub when_stuck: crate::model::WhenStuck,
}

impl Game {
    /// Fills [`Game::node_links`] and [`Game::node_link_start`] from the routes.
    fn link_nodes(&mut self) {
        self.node_links.clear();
        self.node_link_start.clear();
        for (n, routes) in self.node_routes.iter().enumerate() {
            self.node_link_start.push(self.node_links.len() as u32);
            for &r in routes {
                let other = self.routes[r as usize].other_end(n as u16);
                self.node_links.push((r, other));
            }
        }
        self.node_link_start.push(self.node_links.len() as u32);
    }

    /// Node `n`'s (route, other end) pairs, in [`Game::node_routes`] order.
    #[inline]
    pub fn node_links(&self, n: usize) -> &[(u16, u16)] {
        &self.node_links[self.node_link_start[n] as usize..self.node_link_start[n + 1] as usize]
    }

    /// Compiles a checked map for `players` players in game mode `mode` (when none is named,
    /// the first mode whose recommended player range holds `players`, else the first mode;
    /// a mode outside its range is played and noted in [`Game::mode_outside_range`]).
    pub fn new(map: &MapFile, players: u8, mode: Option<&str>) -> Result<Game, EngineError> {
        Game::new_without(map, players, mode, &[])
    }

    /// [`Game::new`], playing the map without the rules `without` names (rules no module
    /// plays yet, by their key in the refusal, or bonuses as `rules.bonuses.ID`). The game
    /// records them in [`Game::played_without`] so that reports say so.
    pub fn new_without(
        map: &MapFile,
        players: u8,
        mode: Option<&str>,
        without: &[String],
    ) -> Result<Game, EngineError> {
        let rules = &map.rules;
        let chosen_mode = compile::choose_mode(map, players, mode)?;
        // The player count first: no mode's recommendation refuses it any more, and a
        // count the map cannot seat is the problem to report before a rule left out.
        compile::check_players(map, players)?;
        let modules = mechanics::modules_for(map, chosen_mode, without)?;
        let board = compile::Board::new(map, players)?;
        let tickets = compile::Tickets::new(map, &board, chosen_mode)?;
        let (composition, deck_total) = compile::train_deck(map)?;
        let mut game = Game {
            name: map.map.name.clone(),
            players,
            city_ids: map.cities.iter().map(|c| c.id.clone()).collect(),
            node_count: board.node_count,
            routes: board.routes,
            parallel_groups: board.parallel_groups,
            route_group: board.route_group,
            counts_as_ferry: map.routes.iter().map(|r| r.counts_as_ferry()).collect(),
            lane_route: board.lane_route,
            lane_color: board.lane_color,
            lane_class: Vec::new(),
            lane_classes: Vec::new(),
            lane_slot: Vec::new(),
            class_slot: Vec::new(),
            lane_recolor: Vec::new(),
            fast_len: 0,
            slowly_counted_classes: Vec::new(),
            slot_lanes: Vec::new(),
            lane_words: board.lane_words,
            node_links: Vec::new(),
            node_link_start: Vec::new(),
            node_routes: board.node_routes,
            tickets: tickets.tickets,
            deck_tickets: tickets.deck_tickets,
            initial_deal: tickets.initial_deal,
            drawable: tickets.drawable,
            initial_keep: tickets.initial_keep,
            draw_deal: tickets.draw_deal,
            draw_keep: rules.tickets.draw.keep_at_least,
            initial_discard: rules.tickets.initial_discard,
            draw_discard: rules.tickets.draw_discard,
            composition,
            deck_total,
            start_cards: rules.starting_hand.cards,
            start_locos: rules.starting_hand.locomotives,
            face_up: rules.face_up.count,
            loco_reset: rules.face_up.locomotive_reset,
            loco_whole_draw: rules.face_up.locomotive_takes_whole_draw,
            draws_per_turn: rules.face_up.draws_per_turn.max(1),
            trains: rules.trains_for(players),
            end_trains: rules.end_game.trains_at_most,
            stations: rules.stations.per_player,
            station_costs: rules.stations.costs.clone(),
            station_unused_points: rules.stations.unused_points,
            station_locos: true,
            tunnel_reveal: rules.tunnels.reveal,
            tie_breaks: rules.tie_breaks.clone(),
            turn_cap: 5_000,
            when_stuck: rules.end_game.when_stuck,
            mechanics: Installed::default(),
            played_without: without.to_vec(),
            mode: chosen_mode.map(|m| m.id.clone()),
            mode_outside_range: compile::outside_range(chosen_mode, players),
        };
        game.install(map, modules);
        game.link_nodes();
        Ok(game)
    }

    /// Adds a mechanic module after the ones `map`'s data switched on (for modules defined
    /// outside this crate, and tests). Its hooks run after the others'.
    pub fn add_mechanic(&mut self, map: &MapFile, module: Arc<dyn Mechanic>) {
        let mut modules = std::mem::take(&mut self.mechanics.modules);
        modules.push(module);
        self.install(map, modules);
    }

    /// Runs the modules' cost hooks (each sets cost fields from the map, so running them
    /// again is harmless), groups lanes into payment classes, and gives each module its
    /// words of per-game state.
    fn install(&mut self, map: &MapFile, modules: Vec<Arc<dyn Mechanic>>) {
        let installed = Installed::new(modules);
        for m in &installed.modules {
            if let Some(costs) = m.costs() {
                costs.costs(map, self);
            }
        }
        self.group_lane_classes(installed.lane_colors);
        let mut state_offsets = Vec::with_capacity(installed.len() + 1);
        let mut words = 0u32;
        let (mut deck_kinds, mut deck_counts) = (Vec::new(), Vec::new());
        for (i, m) in installed.modules.iter().enumerate() {
            state_offsets.push(words);
            words += m.state_words(self) as u32;
            if let Some(cards) = m.deck_cards() {
                for (kind, n) in cards.deck_cards(self).into_iter().enumerate() {
                    deck_kinds.push((i as u8, kind as u16));
                    deck_counts.push(n);
                }
            }
        }
        state_offsets.push(words);
        self.mechanics = Installed {
            state_offsets,
            deck_kinds,
            deck_counts,
            ..installed
        };
    }

    /// Groups lanes into payment classes and fast slots, from the routes' cost fields.
    /// With `all_colors`, also a class for every colour of every lane (`lane_recolor`), for
    /// modules that colour lanes during play.
    fn group_lane_classes(&mut self, all_colors: bool) {
        let (lane_route, routes) = (&self.lane_route, &self.routes);
        let lane_color = &self.lane_color;
        let mut lane_classes: Vec<LaneClass> = Vec::new();
        let mut lane_class = Vec::with_capacity(lane_route.len());
        let mut lane_recolor = Vec::new();
        for (&r, &color) in lane_route.iter().zip(lane_color) {
            let route: &RouteInfo = &routes[r as usize];
            let class = LaneClass {
                color,
                length: route.length,
                ferry: route.ferry,
                any_for_one: route.any_for_one,
                loco_on_spaces: route.loco_on_spaces,
                ferry_substitute: route.ferry_substitute,
                extra_trains: route.extra_trains,
                discount: 0,
            };
            lane_class.push(class_index(&mut lane_classes, class));
            if all_colors {
                for c in 0..=GRAY {
                    let k = class_index(&mut lane_classes, LaneClass { color: c, ..class });
                    lane_recolor.push(k);
                }
            }
        }
        // Simple lanes (no ferry, no substitutes, locomotives allowed) up to FAST_LEN long
        // are counted by colour and length: the ways a hand pays them have a closed form.
        let class_slot: Vec<u8> = lane_classes
            .iter()
            .map(|c| {
                // The fast slots assume a claim takes one train per space.
                if c.is_simple()
                    && c.loco_on_spaces
                    && c.extra_trains == 0
                    && (c.length as usize) <= FAST_LEN
                {
                    let colour = if c.color == GRAY { 8 } else { c.color as usize };
                    (colour * FAST_LEN + c.length as usize - 1) as u8
                } else {
                    NO_SLOT
                }
            })
            .collect();
        let lane_slot: Vec<u8> = lane_class.iter().map(|&k| class_slot[k as usize]).collect();
        let fast_len = lane_slot
            .iter()
            .filter(|&&s| s != NO_SLOT)
            .map(|&s| s as usize % FAST_LEN + 1)
            .max()
            .unwrap_or(0);
        let slowly_counted_classes = (0..lane_classes.len() as u16)
            .filter(|&k| class_slot[k as usize] == NO_SLOT)
            .collect();
        let mut slot_lanes = vec![0u64; (FAST_SLOTS + 1) * self.lane_words];
        for (lane, &slot) in lane_slot.iter().enumerate() {
            let set = if slot == NO_SLOT {
                FAST_SLOTS
            } else {
                slot as usize
            };
            slot_lanes[set * self.lane_words + lane / 64] |= 1 << (lane % 64);
        }
        self.slot_lanes = slot_lanes;
        self.lane_classes = lane_classes;
        self.lane_class = lane_class;
        self.lane_slot = lane_slot;
        self.class_slot = class_slot;
        self.lane_recolor = lane_recolor;
        self.fast_len = fast_len;
        self.slowly_counted_classes = slowly_counted_classes;
    }

    pub fn lane_count(&self) -> usize {
        self.lane_route.len()
    }

    /// The parallel group route `r` belongs to, if any.
    #[inline]
    pub fn group_of(&self, r: usize) -> Option<u16> {
        if self.route_group.is_empty() {
            return None;
        }
        self.route_group[r]
    }

    /// A sentence for a report's first line when the game mode is played outside its
    /// recommended player counts, e.g. "game mode total is played with 4 players, outside
    /// its recommended 5 to 7".
    pub fn mode_range_note(&self) -> Option<String> {
        let (min, max) = self.mode_outside_range?;
        Some(format!(
            "game mode {} is played with {} players, outside its recommended {min} to {max}",
            self.mode.as_deref().unwrap_or("?"),
            self.players
        ))
    }

    /// The cost of the next station after `built` ones (the last listed cost repeats).
    pub fn station_cost(&self, built: u8) -> u8 {
        self.station_costs
            .get(built as usize)
            .or(self.station_costs.last())
            .copied()
            .unwrap_or(1)
    }
}

/// The index of `class` in `classes`, added when new.
fn class_index(classes: &mut Vec<LaneClass>, class: LaneClass) -> u16 {
    match classes.iter().position(|c| *c == class) {
        Some(k) => k as u16,
        None => {
            classes.push(class);
            (classes.len() - 1) as u16
        }
    }
}
