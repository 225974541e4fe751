//! Four playing styles after de Mesentier Silva, Lee, Togelius and Nealen, "AI-based
//! Playtesting of Contemporary Board Games" (FDG 2017), whose agents are named destination
//! hungry, route focus, one step thinking and long route (names confirmed by Smith & Anton,
//! AAAI 2022). The papers' exact rules were not available, so each
//! style here is this project's reading of its name:
//!
//! - `destination-hungry`: keeps every offered ticket that still fits its trains once
//!   priced on top of the tickets it already holds (shared track counted once, a margin of
//!   [`KEEP_MARGIN_TRAINS`] left for detours), best points per train first; builds its
//!   planned paths, longest planned route first; draws new tickets whenever its plan is
//!   done and at least [`HUNGRY_SPARE_TRAINS`] trains are unplanned. It does not draw
//!   tickets on its first turns.
//! - `route-focus`: keeps as few tickets as allowed, the cheapest, and plans them over long
//!   routes (the planner prices a route by trains less its points, see `route_cost`).
//!   Claims the longest affordable "long" route first; long means among the
//!   [`LONG_ROUTES_WANTED`] longest routes still open, and at least 4 (the 6s on USA; on
//!   Europe the 8 and the 6s, then the 4s), because points per train grow with length (a 6
//!   scores 2.5 a train, a 2 one).
//!   It saves cards for the long route missing the fewest cards and pays other claims
//!   without spending them; its tickets' routes come next. Once its tickets are done it
//!   draws more while it has [`ROUTE_FOCUS_TICKET_TRAINS`] trains.
//! - `one-step`: greedy, one turn ahead: keeps at most two tickets (by points per train,
//!   priced jointly as for destination-hungry), claims the planned route of the ticket
//!   nearest completion, otherwise draws the colours its next route needs; draws new
//!   tickets only when its tickets are done.
//! - `long-route`: keeps few (the minimum), long tickets: the most points its trains can
//!   reach first, priced jointly with a margin as destination-hungry does; grows one
//!   connected network for the longest-path bonus: its planned routes first (longest first,
//!   those touching its network before others), then routes of 4 or more that extend its
//!   network and fit in the trains its plan leaves plus [`LONG_ROUTE_LOAN_TRAINS`] (it
//!   prefers a long route to the last trains of a ticket); once its tickets are done,
//!   routes of 3 or more.
//!
//! Shared by all: no ticket draw once an opponent has fewer than [`TICKET_DRAW_MIN_TRAINS`]
//! trains (the game ends before a new ticket can be built, so it would count against them),
//! and in the last round any affordable route is claimed rather than a card drawn (cards in
//! hand score nothing).
//!
//! Stations (where the rules give some): a station is built when, and only when, the
//! planner found it the cheapest way to finish a kept two-city ticket whose path another
//! player's claim cut (see [`Planner`]: the station is priced as a route of its cards plus
//! the points an unused one scores, and must also save trains). It is built as soon as the
//! hand can pay it without locomotives and without cards the planned routes need, else
//! when nothing else is planned or the game is closing.
//!
//! Face-up locomotives: see [`StyleBot::wants_face_up_locomotive`] (taken when the next
//! claims need locomotives, or when nothing on display matches the plan and a locomotive
//! pays the route saved for).
//!
//! How the four share the wins on each map, measured as the rules above were added, and the
//! measurements behind the choices above are in `docs/bots.md`; `tests/bots.rs` keeps USA
//! and Europe from drifting far.
//!
//! Ticket drafts (Iberia, South Korea): picks and keeps priced with the bot's own plan (see
//! `bots/draft.rs`).
//!
//! Module actions at the start of a turn, before anything else: the module's
//! `advise_action` for the plan. The UK's technologies: one that opens planned routes is
//! bought as soon as it can be paid (any-N cards too), a scoring one only when it brings
//! back two points a locomotive, paid with locomotive cards alone (see the module's
//! `advice.rs`). South Korea's Express cards: when no planned route can be claimed, the
//! smallest card is spent on drawing train cards (the larger ones are kept for the mat).
//!
//! Mechanic modules (Old West, France): a module's decision (a starting city, a marker,
//! Alvin's move, a track bed to build) is the choice the module's `advise` ranks best for the
//! bot's plan and the plans it expects of the others (planned on tickets dealt again from
//! those it has not seen, a guess kept until that player takes tickets; France: a bed of its own plan in the
//! colour it holds most, else one whose crossing cuts the others' plans); plans run through
//! beds still to build, and the card wanted for such a bed is the colour held most; a claim off the plan is taken first when a module's `ClaimBonus`
//! (Alvin's capture) and the route's points reach [`BONUS_POINTS_PER_TRAIN`] a train within
//! the trains the plan leaves.
//!
//! Tunnels (see `bots/tunnels.rs`): a tunnel is tried only when the cards left after its
//! cost cover the extra cards its reveal may ask for with a chance of 80 % (counted from
//! the cards the bot has not seen), else the bot claims another route or draws; in the last
//! round, when nothing else can be claimed, it is tried anyway. The extra cards are paid
//! when they can be, and a tunnel withdrawn from is never tried again with the same hand.
//!
//! Hidden information: a style bot reads its own hand and tickets and the public board,
//! never another player's cards or tickets. Where it weighs the others' plans (module
//! decisions), it plans them on tickets dealt again from those it has not seen
//! ([`State::determinize`], from the bot's random stream).
//!
//! All plan on shortest paths over what is still open to them (see [`Planner`]) and use no
//! chance but that deal: the same position and stream give the same action.

mod claims;

use super::Bot;
use super::planner::{Planner, ticket_points};
use super::tunnels::{self, TunnelMemory};
use crate::engine::{Action, Advice, Game, LOCO, NOBODY, Phase, PlanView, Seen, State};
use rand_chacha::ChaCha8Rng;

/// A playing style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    DestinationHungry,
    RouteFocus,
    OneStep,
    LongRoute,
}

impl Style {
    pub const ALL: [Style; 4] = [
        Style::DestinationHungry,
        Style::RouteFocus,
        Style::OneStep,
        Style::LongRoute,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Style::DestinationHungry => "destination-hungry",
            Style::RouteFocus => "route-focus",
            Style::OneStep => "one-step",
            Style::LongRoute => "long-route",
        }
    }

    pub fn by_name(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A bot playing one [`Style`].
#[derive(Debug, Clone)]
pub struct StyleBot {
    style: Style,
    planner: Planner,
    /// The game and seat the plan belongs to, and what it was made from: (seed, seat,
    /// tickets held, routes owned).
    planned_for: Option<(u64, u8, usize, usize)>,
    lanes: Vec<u16>,
    claims: Vec<Action>,
    /// The tunnels withdrawn from in this game, with the hand of each withdrawal.
    tunnels: TunnelMemory,
    /// The tickets offered to it in the game (seed, seat, tickets): known to it, so never
    /// dealt to the others when it deals their hidden tickets again.
    seen: (u64, u8, Seen),
    /// Scratch of [`StyleBot::module_decision`], kept between decisions so that France's
    /// decision after every card draw allocates nothing: the legal choices, the planner of
    /// the others' plans (by trains) and of drafts (as its own plan), the others' routes.
    /// A planner's `replan` sets everything its plan reads, so reuse changes no choice.
    decision: Vec<Action>,
    others_planner: Planner,
    draft_planner: Planner,
    others: Vec<u16>,
    /// What it believes of each other player, by seat (see [`StyleBot::others_plans`]).
    beliefs: Vec<Belief>,
}

/// A style bot's guess of another player's hidden tickets and the plan it makes for them on
/// that guess.
#[derive(Debug, Clone, Default)]
struct Belief {
    /// The game and seat of the bot holding the belief, and how many tickets the other
    /// player held when it was made (`None`: no belief yet).
    made_at: Option<(u64, u8, usize)>,
    tickets: Vec<u16>,
    plan: Vec<u16>,
}

/// Routes at least this long are "long" for `route-focus`.
const LONG_ROUTE: u8 = 4;
/// No style draws tickets once an opponent has fewer trains than this (about four claims).
const TICKET_DRAW_MIN_TRAINS: u32 = 14;
/// `route-focus` counts as long the longest routes open to it, this many at least.
const LONG_ROUTES_WANTED: u32 = 2;
/// Trains `destination-hungry` and `one-step` leave unplanned when keeping tickets.
const KEEP_MARGIN_TRAINS: u32 = 4;
/// `route-focus` draws tickets only with at least this many trains left.
const ROUTE_FOCUS_TICKET_TRAINS: u32 = 15;
/// Trains of its plan `long-route` may spend on extensions of its network while tickets
/// are open (measured on Europe 4 players: 0 → 43.5 % wins, 4 → 37.6 %; USA 17.9 → 15.5 %).
const LONG_ROUTE_LOAN_TRAINS: u32 = 4;
/// The planned routes whose locomotive needs a face-up locomotive is taken for.
const NEXT_CLAIMS: usize = 2;
/// Points a train a claim off the plan must bring, with a module's bonus (Alvin's capture),
/// to be taken before the plan: a 6-route scores 2.5 a train, so this is a good claim.
const BONUS_POINTS_PER_TRAIN: i32 = 3;
/// `destination-hungry` draws tickets while its plan leaves at least this many trains.
const HUNGRY_SPARE_TRAINS: u32 = 12;

impl StyleBot {
    pub fn new(style: Style) -> StyleBot {
        StyleBot {
            style,
            planner: Planner::new(style == Style::RouteFocus),
            planned_for: None,
            lanes: Vec::new(),
            claims: Vec::new(),
            tunnels: TunnelMemory::default(),
            seen: (0, 0, Seen::default()),
            decision: Vec::new(),
            others_planner: Planner::new(false),
            draft_planner: Planner::new(style == Style::RouteFocus),
            others: Vec::new(),
            beliefs: Vec::new(),
        }
    }

    /// Brings the plan up to date: replans on a new game, new tickets, or a planned route
    /// lost to another player; drops routes it has claimed itself.
    fn update_plan(&mut self, game: &Game, state: &State) {
        let p = state.current;
        let me = &state.players[p as usize];
        let key = (state.seed, p, me.tickets.len(), me.routes.len());
        let same_game = self
            .planned_for
            .is_some_and(|k| (k.0, k.1, k.2) == (key.0, key.1, key.2));
        // A planned station is checked afresh before it is built: claims since the plan
        // was made may have given a cheaper way (stations are rare, so this costs little).
        if !same_game
            || !self.planner.still_valid(game, state, p)
            || !self.planner.stations.is_empty()
        {
            self.planner.replan(game, state, p);
        }
        self.planned_for = Some(key);
    }

    fn decide(&mut self, game: &Game, state: &State, rng: &mut ChaCha8Rng) -> Option<Action> {
        self.remember_offered(state);
        match state.phase {
            Phase::SetupTickets | Phase::KeepTickets => Some(self.keep_tickets(game, state)),
            // A mechanic module's decision: the choice the module advises for the plan.
            Phase::Mechanic { mechanic, step } => {
                self.update_plan(game, state);
                Some(self.module_decision(game, state, mechanic as usize, step, rng)?)
            }
            Phase::Tunnel { lane, .. } => {
                // Pay with as few locomotives as possible (listed first), else withdraw, and
                // remember the hand it withdrew with.
                let mut legal = Vec::new();
                state.legal_actions(game, &mut legal);
                let pay = legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::TunnelPay { .. }));
                if pay.is_none() {
                    self.tunnels.withdrew(state, lane);
                }
                pay.or(legal.first().copied())
            }
            Phase::Drawing { .. } => {
                self.update_plan(game, state);
                self.draw_card(game, state)
            }
            Phase::Main => {
                self.update_plan(game, state);
                self.main_action(game, state)
            }
            Phase::Over => None,
        }
    }

    /// Remembers the tickets offered to it (a new game or seat starts afresh).
    fn remember_offered(&mut self, state: &State) {
        let key = (state.seed, state.current);
        if (self.seen.0, self.seen.1) != key {
            self.seen = (key.0, key.1, Seen::default());
        }
        if matches!(state.phase, Phase::SetupTickets | Phase::KeepTickets) {
            for &t in &state.offered {
                self.seen.2.saw_ticket(t);
            }
        }
    }

    /// A module's decision: each choice ranked by the module's advice
    /// ([`Advice::advise`](crate::engine::Advice::advise)) given this bot's planned
    /// routes and the routes it expects the others to plan; the best, the first on a tie (a
    /// module that gives no advice: the first). The others' tickets are hidden, so it plans
    /// them (as it plans its own) on tickets dealt again from those it has not seen
    /// ([`State::determinize`] with `rng`, the bot's own stream): two positions that differ
    /// only in what it cannot see give the same choice for the same stream.
    fn module_decision(
        &mut self,
        game: &Game,
        state: &State,
        mechanic: usize,
        step: u16,
        rng: &mut ChaCha8Rng,
    ) -> Option<Action> {
        let advice = game.mechanics.modules[mechanic].advice();
        let mut legal = std::mem::take(&mut self.decision);
        legal.clear();
        let choice = if state.legal_count_up_to(game, 2) < 2 {
            state.legal_actions(game, &mut legal);
            legal.first().copied()
        } else if let Some(d) = advice.and_then(|a| a.ticket_decision(game, state, mechanic, step))
        {
            // Tickets to choose (a draft): priced with a plan of its own tickets only.
            state.legal_actions(game, &mut legal);
            let scratch = &mut self.draft_planner;
            let p = state.current;
            let choice = super::draft::choose(scratch, self.style, game, state, p, &d);
            let a = Action::Mechanic {
                mechanic: mechanic as u8,
                choice,
            };
            Some(if legal.contains(&a) { a } else { legal[0] })
        } else {
            self.others_plans(game, state, rng);
            // Counted once: a decision may have hundreds of choices (France's builds).
            let counts =
                PlanView::count_routes(game.routes.len(), &self.planner.plan, &self.others);
            let view = PlanView {
                player: state.current,
                own_routes: &self.planner.plan,
                others_routes: &self.others,
                counts: &counts,
            };
            // A module that ranks its own choices is asked for the best without listing them.
            match advice.and_then(|a| a.best_advised(game, state, mechanic, step, &view)) {
                Some(choice) => Some(Action::Mechanic {
                    mechanic: mechanic as u8,
                    choice,
                }),
                None => {
                    state.legal_actions(game, &mut legal);
                    advised_choice(advice, game, state, mechanic, step, &legal, &view)
                }
            }
        };
        self.decision = legal;
        choice
    }

    /// Brings `self.others`, the routes it expects the other players to plan, up to date.
    ///
    /// Each other player's tickets are guessed once (dealt again from those this bot has not
    /// seen, [`State::determinize`]) and kept until that player takes tickets: a belief held
    /// until the board gives a reason to change it. Their plan is made on the guess then,
    /// and the routes of it they claim, or that close to them, leave it (the detour they
    /// would take instead is not guessed). Guessing and planning all of them afresh at every
    /// decision (France's build after every card draw) was 47 % of a France style game;
    /// planning again around each route lost, 32 % of a 6-player Old West one.
    fn others_plans(&mut self, game: &Game, state: &State, rng: &mut ChaCha8Rng) {
        let p = state.current;
        self.beliefs
            .resize_with(game.players as usize, Belief::default);
        // A belief is made again when the player has taken tickets since (or is none yet).
        let held = |q: u8| state.players[q as usize].tickets.len();
        let stale = |q: u8, b: &Belief| b.made_at != Some((state.seed, p, held(q)));
        let others = || (0..game.players).filter(move |&q| q != p);
        // One deal for all that need it.
        let guess = others()
            .any(|q| stale(q, &self.beliefs[q as usize]))
            .then(|| state.determinize(game, p, &self.seen.2, rng));
        self.others.clear();
        for q in others() {
            let belief = &mut self.beliefs[q as usize];
            if let Some(guess) = guess.as_ref().filter(|_| stale(q, belief)) {
                belief.tickets.clear();
                belief
                    .tickets
                    .extend_from_slice(&guess.players[q as usize].tickets);
                let scratch = &mut self.others_planner;
                scratch.replan_tickets(game, guess, q, &belief.tickets);
                belief.plan.clone_from(&scratch.plan);
                belief.made_at = Some((state.seed, p, held(q)));
            }
            // Routes of the plan they have claimed since, or that closed to them, leave it.
            belief.plan.retain(|&r| {
                let r = r as usize;
                !Planner::owns(game, state, q, r) && Planner::plannable(game, state, q, r)
            });
            self.others.extend_from_slice(&belief.plan);
        }
    }

    /// Keeps tickets of `priced` in its order, up to `limit` kept, each priced on top of the
    /// plan so far (shared track counted once) and kept while the trains, less a margin for
    /// detours around routes opponents take, still cover the plan.
    fn keep_jointly(
        &mut self,
        game: &Game,
        offered: &[u16],
        priced: &[(usize, i32, Option<u32>)],
        limit: usize,
        trains: u32,
        keep: &mut Vec<usize>,
    ) {
        for &(i, _, need) in priced {
            if need.is_none() || keep.contains(&i) || keep.len() >= limit {
                continue;
            }
            let goal = &game.tickets[offered[i] as usize].goal;
            if let Some(need) = self.planner.goal_path(game, goal)
                && self.planner.plan_trains + need + KEEP_MARGIN_TRAINS <= trains
            {
                self.planner.commit_path(game);
                keep.push(i);
            }
        }
    }

    /// Which offered tickets to keep.
    fn keep_tickets(&mut self, game: &Game, state: &State) -> Action {
        let p = state.current;
        let offered = &state.offered;
        let min = state.tickets_to_keep(game) as usize;
        // Plan the tickets already held, then price each offered ticket on top of it.
        self.planner.replan(game, state, p);
        self.planned_for = None;
        let trains = state.players[p as usize].trains as u32;
        let spare = trains.saturating_sub(self.planner.plan_trains);
        let mut priced: Vec<(usize, i32, Option<u32>)> = offered
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let goal = &game.tickets[t as usize].goal;
                (
                    i,
                    ticket_points(goal),
                    self.planner.extra_trains(game, goal),
                )
            })
            .collect();
        let mut keep: Vec<usize> = Vec::new();
        // Tickets already done (no extra trains) are free points for every style.
        for &(i, _, need) in &priced {
            if need == Some(0) {
                keep.push(i);
            }
        }
        match self.style {
            Style::DestinationHungry | Style::OneStep => {
                // Best points per train first, while the trains last; one-step takes at
                // most two at a time.
                priced.sort_by(|a, b| {
                    let ra = a.1 as i64 * (b.2.unwrap_or(u32::MAX).max(1)) as i64;
                    let rb = b.1 as i64 * (a.2.unwrap_or(u32::MAX).max(1)) as i64;
                    rb.cmp(&ra).then(a.0.cmp(&b.0))
                });
                let limit = if self.style == Style::OneStep {
                    2
                } else {
                    usize::MAX
                };
                // Each kept ticket joins the plan, so the next one is priced on top of it
                // (shared track counted once); a margin of trains is left for detours
                // around routes opponents take.
                self.keep_jointly(game, offered, &priced, limit.max(min), trains, &mut keep);
            }
            Style::RouteFocus => {}
            Style::LongRoute => {
                // Long tickets make long paths: the most points it can reach first.
                priced.sort_by(|a, b| {
                    let reach = |x: &(usize, i32, Option<u32>)| x.2.is_some_and(|n| n <= spare);
                    reach(b)
                        .cmp(&reach(a))
                        .then(b.1.cmp(&a.1))
                        .then(a.0.cmp(&b.0))
                });
                // Priced jointly, as destination-hungry does, but only up to the minimum.
                self.keep_jointly(game, offered, &priced, min, trains, &mut keep);
            }
        }
        // Fill up to the minimum with the cheapest (route-focus) or first-sorted tickets.
        if keep.len() < min {
            let mut rest: Vec<&(usize, i32, Option<u32>)> =
                priced.iter().filter(|x| !keep.contains(&x.0)).collect();
            if matches!(self.style, Style::RouteFocus) {
                rest.sort_by_key(|x| (x.2.unwrap_or(u32::MAX), -x.1, x.0));
            }
            for x in rest {
                if keep.len() >= min {
                    break;
                }
                keep.push(x.0);
            }
        }
        let mask = keep.iter().fold(0u32, |m, &i| m | 1 << i);
        Action::KeepTickets(mask)
    }

    /// The main-phase decision.
    fn main_action(&mut self, game: &Game, state: &State) -> Option<Action> {
        // A module action the plan calls for before the turn's action (the UK's technology
        // purchases): the module's advice.
        let view = PlanView {
            player: state.current,
            own_routes: &self.planner.plan,
            others_routes: &[],
            counts: &[],
        };
        if let Some(a) = game.mechanics.advise_action(game, state, &view) {
            return Some(a);
        }
        let p = state.current;
        let me = &state.players[p as usize];
        self.lanes.clear();
        state.claimable_lanes(game, &mut self.lanes);
        let plan_done = self.planner.plan.is_empty();
        let cards_left =
            state.deck_size as u32 + state.discard.iter().map(|&n| n as u32).sum::<u32>();
        // When the cards run low, hoarding stalls the game: spend them.
        let cards_scarce = cards_left < 2 * game.players as u32 + 2;
        // Trains of the opponent nearest to ending the game.
        let fewest_other_trains = state
            .players
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != p as usize)
            .map(|(_, o)| o.trains as u32)
            .min()
            .unwrap_or(u32::MAX);
        // Near the end, cards still in hand score nothing: turn them into routes.
        let closing = state.last_round_left.is_some();
        // Tunnels whose extra cards the hand does not cover wait; in the last round they are
        // tried when nothing else can be claimed (see `bots/tunnels.rs`).
        self.drop_unready_tunnels(game, state, closing);

        if let Some(a) = self.station_to_build(game, state, plan_done || cards_scarce || closing) {
            return Some(a);
        }
        if let Some(lane) = self.bonus_claim(game, state) {
            return self.pay(game, state, lane);
        }
        if let Some(lane) = self.pick_claim(game, state, plan_done || cards_scarce || closing) {
            return self.pay(game, state, lane);
        }
        let wants_tickets = match self.style {
            Style::DestinationHungry => {
                let spare = (me.trains as u32).saturating_sub(self.planner.plan_trains);
                plan_done && spare >= HUNGRY_SPARE_TRAINS
            }
            Style::OneStep => plan_done && me.trains >= 10,
            // Tickets once its tickets are done with trains to spare: the long routes it
            // claims then also serve new tickets.
            Style::RouteFocus => plan_done && (me.trains as u32) >= ROUTE_FOCUS_TICKET_TRAINS,
            Style::LongRoute => false,
        };
        // A ticket drawn when an opponent is about to end the game is mostly a penalty.
        let time_for_tickets = fewest_other_trains >= TICKET_DRAW_MIN_TRAINS;
        if wants_tickets && time_for_tickets && state.can_draw_tickets(game) {
            return Some(Action::DrawTickets);
        }
        if let Some(a) = self.draw_card(game, state) {
            return Some(a);
        }
        // No card to draw: claim anything, else draw tickets.
        if let Some(lane) = self.pick_claim(game, state, true) {
            return self.pay(game, state, lane);
        }
        if state.can_draw_tickets(game) {
            return Some(Action::DrawTickets);
        }
        None
    }

    /// Leaves out of the claimable lanes the tunnels not worth trying now with the payment
    /// [`StyleBot::pay`] would choose ([`tunnels::worth_trying`]). `urgent` (the last
    /// round): such tunnels stay when no other claim is left, as a chance is better than
    /// cards that score nothing; a tunnel given up with this hand never stays.
    fn drop_unready_tunnels(&mut self, game: &Game, state: &State, urgent: bool) {
        let mut lanes = std::mem::take(&mut self.lanes);
        let mut gambles = Vec::new();
        lanes.retain(|&lane| {
            if !game.routes[game.lane_route[lane as usize] as usize].tunnel {
                return true;
            }
            let Some(claim) = self.pay(game, state, lane as usize) else {
                return false;
            };
            if tunnels::worth_trying(game, state, &mut self.tunnels, claim, false) {
                return true;
            }
            if urgent && tunnels::worth_trying(game, state, &mut self.tunnels, claim, true) {
                gambles.push(lane);
            }
            false
        });
        if lanes.is_empty() {
            lanes = gambles;
        }
        self.lanes = lanes;
    }

    /// The planned station to build now, if any (see [`Planner`]): the first planned one,
    /// paid without locomotives in the colour the planned routes need least, as soon as the
    /// hand has that many cards to spare; `anyhow` (nothing else planned, or the game
    /// closing): with any payment, fewest locomotives first. A station planned is the
    /// cheapest way to finish a ticket, so it comes before claims.
    fn station_to_build(&self, game: &Game, state: &State, anyhow: bool) -> Option<Action> {
        let &(city, _) = self.planner.stations.first()?;
        let me = &state.players[state.current as usize];
        let cost = game.station_cost(me.stations.len() as u8);
        let needs = self.colour_needs(game, state, None);
        let mut best: Option<((u8, i32, u8), Action)> = None;
        for color in 0..=LOCO {
            for locos in 0..=cost {
                let action = Action::BuildStation { city, color, locos };
                if !state.is_legal(game, action) {
                    continue;
                }
                let spare = if color == LOCO {
                    0
                } else {
                    me.hand[color as usize] as i32
                        - needs[color as usize] as i32
                        - (cost - locos) as i32
                };
                if !anyhow && (locos > 0 || spare < 0) {
                    continue;
                }
                let key = (locos, -spare, color);
                if best.is_none_or(|b| key < b.0) {
                    best = Some((key, action));
                }
            }
        }
        best.map(|b| b.1)
    }

    /// The payment for `lane`: fewest locomotives, then the colour with the most cards
    /// to spare (cards of colours other planned routes need are kept).
    fn pay(&mut self, game: &Game, state: &State, lane: usize) -> Option<Action> {
        self.claims.clear();
        state.claims_of_lane(game, lane, &mut self.claims);
        let hand = &state.players[state.current as usize].hand;
        let route = game.lane_route[lane] as usize;
        let mut needed = self.colour_needs(game, state, Some(route));
        // route-focus also keeps the cards of the long route it is saving for.
        if self.style == Style::RouteFocus
            && let Some(target) = self.long_target(game, state)
            && target != route
        {
            let colour = state.lane_color(game, game.routes[target].first_lane as usize);
            if (colour as usize) < LOCO as usize {
                needed[colour as usize] += game.routes[target].length as u16;
            }
        }
        self.claims.iter().copied().min_by_key(|a| match *a {
            Action::Claim { color, locos, .. } => {
                let spare = if color == LOCO {
                    0
                } else {
                    hand[color as usize] as i32 - needed[color as usize] as i32
                };
                (locos, -spare, color)
            }
            _ => (u16::MAX, 0, u8::MAX),
        })
    }

    /// Cards per colour the planned routes (but `except`) ask for, in their colours now (a
    /// track bed takes its piece's colour when built; an unbuilt one asks for none yet).
    fn colour_needs(&self, game: &Game, state: &State, except: Option<usize>) -> [u16; 9] {
        let mut needs = [0u16; 9];
        for &r in &self.planner.plan {
            if Some(r as usize) == except {
                continue;
            }
            let route = &game.routes[r as usize];
            let colour = state.lane_color(game, route.first_lane as usize);
            if (colour as usize) < LOCO as usize {
                needs[colour as usize] += route.length as u16;
            }
        }
        needs
    }

    /// The colour to draw: the one the next target route lacks most.
    fn wanted_colour(&self, game: &Game, state: &State) -> Option<u8> {
        let hand = &state.players[state.current as usize].hand;
        let target = self.target_route(game, state)?;
        let route = &game.routes[target];
        // The target's best lane colour: its own, or for gray (and for a track bed still to
        // build, which the bot builds in the colour it holds most) the colour held most.
        let mut best: Option<(u16, u8)> = None;
        for l in route.first_lane..route.first_lane + route.lane_count as u16 {
            if !state.lane_open_now_or_later(game, l as usize, state.current) {
                continue;
            }
            let c = state.lane_color(game, l as usize);
            let colour = if (c as usize) < LOCO as usize {
                c
            } else {
                (0..LOCO).max_by_key(|&k| (hand[k as usize], u8::MAX - k))?
            };
            let have = hand[colour as usize];
            if best.is_none_or(|b| have > b.0) {
                best = Some((have, colour));
            }
        }
        best.map(|b| b.1)
    }

    /// The route the bot is saving cards for.
    fn target_route(&self, game: &Game, state: &State) -> Option<usize> {
        let plan = &self.planner.plan;
        match self.style {
            // The first planned route: plans start with the best ticket.
            Style::DestinationHungry | Style::OneStep | Style::LongRoute if !plan.is_empty() => {
                Some(plan[0] as usize)
            }
            _ => {
                // The longest open route (route-focus; the others once their plan is done).
                let p = state.current;
                let trains = state.players[p as usize].trains;
                let mut best: Option<(u8, usize)> = None;
                for (r, route) in game.routes.iter().enumerate() {
                    if route.trains_needed() > trains
                        || best.is_some_and(|b| route.length <= b.0)
                        || Planner::open_lane(game, state, p, r).is_none()
                    {
                        continue;
                    }
                    best = Some((route.length, r));
                }
                if self.style == Style::RouteFocus {
                    // The long route nearest to affordable; a planned route when no long
                    // one is left to save for.
                    return self
                        .long_target(game, state)
                        .or(plan.first().map(|&r| r as usize))
                        .or(best.map(|b| b.1));
                }
                best.map(|b| b.1)
            }
        }
    }

    /// A card draw: a face-up card of the wanted colour; else a face-up locomotive when
    /// [`StyleBot::wants_face_up_locomotive`]; else blind, else any face-up card.
    fn draw_card(&self, game: &Game, state: &State) -> Option<Action> {
        let wanted = self.wanted_colour(game, state);
        let face_up_slot = |c: u8| {
            state
                .face_up
                .iter()
                .position(|&x| x == c)
                .filter(|&slot| state.can_draw_face_up(game, slot))
        };
        if let Some(c) = wanted
            && let Some(slot) = face_up_slot(c)
        {
            return Some(Action::DrawFaceUp(slot as u8));
        }
        if let Some(slot) = face_up_slot(LOCO)
            && self.wants_face_up_locomotive(game, state)
        {
            return Some(Action::DrawFaceUp(slot as u8));
        }
        if state.can_draw_blind(game) {
            return Some(Action::DrawBlind);
        }
        (0..state.face_up.len())
            .filter(|&s| state.face_up[s] != NOBODY)
            .find(|&s| state.can_draw_face_up(game, s))
            .map(|s| Action::DrawFaceUp(s as u8))
    }

    /// Whether to take a face-up locomotive (called when no face-up card has the wanted
    /// colour; where a face-up locomotive is the whole draw, it replaces two blind cards):
    /// - when the next claims ([`NEXT_CLAIMS`] planned routes, or the route saved for)
    ///   need more locomotives than the hand holds: a ferry its locomotive spaces, a tunnel
    ///   one for its extra cards. This is also the only case where locomotives pay only
    ///   some routes (Switzerland, Nordic: tunnels and ferries);
    /// - when locomotives pay the route saved for and it still lacks cards: a wild card
    ///   always counts, while two blind cards match a colour about one time in four.
    fn wants_face_up_locomotive(&self, game: &Game, state: &State) -> bool {
        let hand = &state.players[state.current as usize].hand;
        let target = self.target_route(game, state);
        let mut next: Vec<usize> = self
            .planner
            .plan
            .iter()
            .map(|&r| r as usize)
            .take(NEXT_CLAIMS)
            .collect();
        if let Some(r) = target
            && !next.contains(&r)
        {
            next.push(r);
        }
        let locos_wanted: u16 = next
            .iter()
            .map(|&r| {
                let route = &game.routes[r];
                route.ferry as u16 + route.tunnel as u16
            })
            .sum();
        if hand[LOCO as usize] < locos_wanted {
            return true;
        }
        let Some(r) = target else {
            return false;
        };
        let route = &game.routes[r];
        let colour = state.lane_color(game, route.first_lane as usize);
        let held = if (colour as usize) < LOCO as usize {
            hand[colour as usize]
        } else {
            hand[..LOCO as usize].iter().copied().max().unwrap_or(0)
        } + hand[LOCO as usize];
        route.loco_on_spaces && held < route.length as u16
    }
}

impl Bot for StyleBot {
    fn name(&self) -> &'static str {
        self.style.name()
    }

    fn choose(
        &mut self,
        game: &Game,
        state: &State,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Action {
        match self.decide(game, state, rng) {
            Some(a) if legal.contains(&a) => a,
            _ => legal[0],
        }
    }

    fn act(
        &mut self,
        game: &Game,
        state: &State,
        _scratch: &mut Vec<Action>,
        rng: &mut ChaCha8Rng,
    ) -> Option<Action> {
        match self.decide(game, state, rng) {
            Some(a) if state.is_legal(game, a) => Some(a),
            // The style had no legal choice (e.g. the only action is a pass): the first legal
            // action, never a failed game.
            _ => state.sample_legal(game, |n, _| (n > 0).then_some(0)),
        }
    }
}

/// The choice of `legal` the module's `advice` ranks best for the plans in `view`; the
/// first on a tie (and with no advice).
fn advised_choice(
    advice: Option<&dyn Advice>,
    game: &Game,
    state: &State,
    mechanic: usize,
    step: u16,
    legal: &[Action],
    view: &PlanView,
) -> Option<Action> {
    let mut best: Option<(i32, Action)> = None;
    for &a in legal {
        let Action::Mechanic { choice, .. } = a else {
            continue;
        };
        let value = advice.map_or(0, |a| a.advise(game, state, mechanic, step, view, choice));
        if best.is_none_or(|b| value > b.0) {
            best = Some((value, a));
        }
    }
    best.map(|b| b.1).or(legal.first().copied())
}
