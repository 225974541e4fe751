//! City markers (Old West): starting cities, a network grown from them, and markers that
//! take other players' route points.
//!
//! - After the setup tickets, starting with the player who plays last and going
//!   counter-clockwise, each player puts their first marker on a starting city (one marker
//!   a city; never a forbidden city, nor Alvin's when that variant is played).
//! - With `connected_network`, every claim must touch the player's network: the first
//!   leaves the starting city, each later one ends in a city already reached. Lanes are
//!   closed per player (nothing is claimable before a start is chosen) and reopen as the
//!   network grows.
//! - After a claim, the claimer may put a marker on either end of that route, if the city
//!   has none, by paying `cost` cards of one colour (locomotives replace any of them); at
//!   most `per_player` markers each, counting the start; markers never move.
//! - A route scores for its claimer only when neither end holds a marker; otherwise each
//!   marker at its ends scores the route's points for its owner (an owner of both ends
//!   twice), the claimer's own markers included: "if both cities are controlled, both
//!   controlling players score", and "if you claim a route connected to one of your City
//!   Markers, you score that route".
//! - `counted_at = "claim"` (default): the markers in place when a route is claimed decide
//!   it for good, as the score track moves at the claim; `"end"`: the markers at the end
//!   decide every route.
//!
//! Decisions: step 0, the starting city (a city index); step 1, a marker after a claim
//! (skip, or a city end of the claimed route and the colour and locomotives paid).

mod position;

pub use position::Entries;

use super::{Game, Mechanic, State};
use crate::engine::hooks::{
    Advice, Choice, Counter, Decisions, OnClaim, PlanView, Report, RoutePoints, RouteSplit, Setup,
    Word,
};
use crate::engine::{Action, CARD_KINDS, Cards, ChoiceKind, IllegalMove, LOCO, NOBODY};
use crate::model::MarkersCountedAt;
use rand_chacha::ChaCha8Rng;

/// The starting-city decision.
pub const START: u16 = 0;
/// The marker decision after a claim.
pub const MARKER: u16 = 1;
/// Places no marker.
pub const SKIP: u16 = u16::MAX;
/// Advice: what skipping a marker is worth, against 4 × the route points the marker is
/// expected to take from other players' plans (a marker costs two cards, about a turn).
const SKIP_WORTH: i32 = 4 * 6;

#[derive(Debug)]
pub struct CityMarkers {
    pub per_player: u8,
    pub connected_network: bool,
    pub cost: u8,
    /// City indices where no marker may go.
    pub forbidden: Vec<u16>,
    pub counted_at: MarkersCountedAt,
    /// City names, for report counters.
    pub city_names: Vec<String>,
}

/// Where the module's words are: city → its marker's owner (`Option<u8>`); player → start
/// (`Option<u16>`), markers placed, last claimed lane (`Option<u16>`); lane →
/// [`KeptMarkers`]; player → bitset of the cities of their network.
struct Words {
    cities: usize,
    players: usize,
    lanes: usize,
}

impl Words {
    fn of(game: &Game) -> Words {
        Words {
            cities: game.city_ids.len(),
            players: game.players as usize,
            lanes: game.lane_count(),
        }
    }
    fn start(&self, p: u8) -> usize {
        self.cities + p as usize
    }
    fn placed(&self, p: u8) -> usize {
        self.cities + self.players + p as usize
    }
    fn pending(&self, p: u8) -> usize {
        self.cities + 2 * self.players + p as usize
    }
    fn lane(&self, lane: usize) -> usize {
        self.cities + 3 * self.players + lane
    }
    fn net_words(&self) -> usize {
        self.cities.div_ceil(32)
    }
    /// The word and bit of `city` in `p`'s network.
    fn net(&self, p: u8, city: u16) -> (usize, u32) {
        let base = self.cities + 3 * self.players + self.lanes;
        (
            base + p as usize * self.net_words() + city as usize / 32,
            1 << (city % 32),
        )
    }
    fn total(&self) -> usize {
        self.cities + 3 * self.players + self.lanes + self.players * self.net_words()
    }
}

/// A lane's word: the owners of the markers at its ends when it was claimed. The route's
/// points were counted then (`route_points` runs before `on_claim`), so with
/// `counted_at = "claim"` these, not the markers placed later, decide it for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct KeptMarkers {
    /// Set at the claim (a lane not claimed keeps nothing).
    kept: bool,
    /// The owners at `city_a` and `city_b` (players, below 255).
    owners: [Option<u8>; 2],
}

impl Word for KeptMarkers {
    /// Bit 31: `kept`; bits 0..8 and 8..16: each owner + 1, 0 for no marker.
    fn to_word(self) -> u32 {
        (self.kept as u32) << 31 | self.owners[0].to_word() | self.owners[1].to_word() << 8
    }
    fn from_word(word: u32) -> Self {
        KeptMarkers {
            kept: word >> 31 != 0,
            owners: [
                Option::from_word(word & 0xff),
                Option::from_word((word >> 8) & 0xff),
            ],
        }
    }
}

/// A marker choice: which end of the claimed route (0: `city_a`, 1: `city_b`), the colour
/// paid (`LOCO`: locomotives only) and how many locomotives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarkerChoice {
    pub end: u8,
    pub color: u8,
    pub locos: u8,
}

impl Choice for MarkerChoice {
    /// `(end * 16 + color) << 6 | locos`: colours below 16, locomotives below 64 (a cost is a
    /// few cards), so `SKIP` is never a marker.
    fn to_choice(self) -> u16 {
        ((self.end as u16 * 16 + self.color as u16) << 6) | self.locos as u16
    }
    fn from_choice(choice: u16) -> Self {
        let high = choice >> 6;
        MarkerChoice {
            end: (high / 16) as u8,
            color: (high % 16) as u8,
            locos: (choice & 63) as u8,
        }
    }
}

impl CityMarkers {
    /// The owner of the marker in `city`, if any.
    pub fn controller(game: &Game, state: &State, me: usize, city: u16) -> Option<u8> {
        Option::from_word(state.mechanic_words(game, me)[city as usize])
    }

    /// The cities where player `p` has a marker, in city order.
    pub fn controlled_by(game: &Game, state: &State, me: usize, p: u8) -> Vec<u16> {
        let w = state.mechanic_words(game, me);
        (0..game.city_ids.len() as u16)
            .filter(|&c| Option::<u8>::from_word(w[c as usize]) == Some(p))
            .collect()
    }

    /// Player `p`'s starting city, once chosen.
    pub fn start_city(game: &Game, state: &State, me: usize, p: u8) -> Option<u16> {
        Option::from_word(state.mechanic_words(game, me)[Words::of(game).start(p)])
    }

    /// Markers player `p` has placed (the start included).
    pub fn placed(game: &Game, state: &State, me: usize, p: u8) -> u8 {
        state.mechanic_words(game, me)[Words::of(game).placed(p)] as u8
    }

    /// Whether `city` may take a marker now: no marker yet, not forbidden.
    pub fn free(&self, game: &Game, state: &State, me: usize, city: u16) -> bool {
        Self::controller(game, state, me, city).is_none() && !self.forbidden.contains(&city)
    }

    /// Puts player `p`'s next marker on `city` (their first is the starting city, which
    /// starts their network). Refused, changing nothing, when the city is taken or
    /// forbidden or `p` has no marker left. No cards are paid here.
    pub fn place(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        p: u8,
        city: u16,
    ) -> Result<(), IllegalMove> {
        let words = Words::of(game);
        if city as usize >= words.cities || p >= game.players {
            return Err(IllegalMove::NoSuch(ChoiceKind::CityOrPlayer));
        }
        if !self.free(game, state, me, city) {
            return Err(IllegalMove::CityTaken(Box::new(
                game.city_ids[city as usize].clone(),
            )));
        }
        if Self::placed(game, state, me, p) >= self.per_player {
            return Err(IllegalMove::NoMarkerLeft(self.per_player));
        }
        let w = state.mechanic_words_mut(game, me);
        w[city as usize] = Some(p).to_word();
        w[words.placed(p)] += 1;
        if Option::<u16>::from_word(w[words.start(p)]).is_none() {
            w[words.start(p)] = Some(city).to_word();
            self.grow(game, state, me, p, city);
        }
        Ok(())
    }

    /// Puts player `p`'s marker on `city` in a position written by hand, before its routes
    /// are assigned (the first is the start); no check: the position's checks said it may.
    fn put(game: &Game, state: &mut State, me: usize, p: u8, city: u16) {
        let words = Words::of(game);
        let (at, bit) = words.net(p, city);
        let w = state.mechanic_words_mut(game, me);
        w[city as usize] = Some(p).to_word();
        w[words.placed(p)] += 1;
        if Option::<u16>::from_word(w[words.start(p)]).is_none() {
            w[words.start(p)] = Some(city).to_word();
            w[at] |= bit;
        }
    }

    /// In a position written by hand: the marker in `city` was placed after `lane` was
    /// claimed, so it does not divert it (with `counted_at = "claim"`).
    fn placed_after(game: &Game, state: &mut State, me: usize, lane: usize, city: u16) {
        let route = &game.routes[game.lane_route[lane] as usize];
        let at = Words::of(game).lane(lane);
        let w = state.mechanic_words_mut(game, me);
        let mut kept = KeptMarkers::from_word(w[at]);
        if !kept.kept {
            return;
        }
        for (end, c) in [route.city_a, route.city_b].into_iter().enumerate() {
            if c == city {
                kept.owners[end] = None;
            }
        }
        w[at] = kept.to_word();
    }

    /// `city` joins `p`'s network: with `connected_network`, the lanes into it open to them.
    fn grow(&self, game: &Game, state: &mut State, me: usize, p: u8, city: u16) {
        let (at, bit) = Words::of(game).net(p, city);
        let w = state.mechanic_words_mut(game, me);
        if w[at] & bit != 0 {
            return;
        }
        w[at] |= bit;
        if !self.connected_network {
            return;
        }
        for route in game.routes.iter() {
            if route.city_a == city || route.city_b == city {
                let first = route.first_lane as usize;
                for lane in first..first + route.lane_count as usize {
                    state.set_lane_blocked(game, p, lane, false);
                }
            }
        }
    }

    /// Whether `city` is in `p`'s network.
    pub fn in_network(game: &Game, state: &State, me: usize, p: u8, city: u16) -> bool {
        let (at, bit) = Words::of(game).net(p, city);
        state.mechanic_words(game, me)[at] & bit != 0
    }

    /// The ways `hand` pays a marker: (colour, locomotives), `LOCO` for locomotives only.
    fn payments(&self, hand: &Cards, mut f: impl FnMut(u8, u8)) {
        let cost = self.cost as u16;
        if cost == 0 {
            f(LOCO, 0);
            return;
        }
        for c in 0..LOCO {
            for locos in 0..cost {
                if hand[c as usize] >= cost - locos && hand[LOCO as usize] >= locos {
                    f(c, locos as u8);
                }
            }
        }
        if hand[LOCO as usize] >= cost {
            f(LOCO, cost as u8);
        }
    }

    /// The cards of a payment.
    fn cards(&self, color: u8, locos: u8) -> Cards {
        let mut cards = [0; CARD_KINDS];
        cards[LOCO as usize] += locos as u16;
        cards[color as usize] += (self.cost - locos.min(self.cost)) as u16;
        cards
    }

    /// The ends (0: `city_a`, 1: `city_b`) of `p`'s last claimed route that may take a
    /// marker, when `p` has one left.
    fn free_ends(&self, game: &Game, state: &State, me: usize, p: u8) -> Vec<(u8, u16)> {
        let Some(lane) = Self::pending(game, state, me, p) else {
            return Vec::new();
        };
        if Self::placed(game, state, me, p) >= self.per_player {
            return Vec::new();
        }
        let route = &game.routes[game.lane_route[lane as usize] as usize];
        [(0, route.city_a), (1, route.city_b)]
            .into_iter()
            .filter(|&(_, c)| self.free(game, state, me, c))
            .collect()
    }

    /// The lane player `p` claimed last, waiting for their marker.
    fn pending(game: &Game, state: &State, me: usize, p: u8) -> Option<u16> {
        Option::from_word(state.mechanic_words(game, me)[Words::of(game).pending(p)])
    }

    /// The owners of the markers that decide `lane`'s points, at `city_a` and `city_b`.
    fn deciding_markers(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        lane: usize,
    ) -> [Option<u8>; 2] {
        let w = state.mechanic_words(game, me);
        let kept = KeptMarkers::from_word(w[Words::of(game).lane(lane)]);
        if self.counted_at == MarkersCountedAt::Claim && kept.kept {
            return kept.owners;
        }
        let route = &game.routes[game.lane_route[lane] as usize];
        [route.city_a, route.city_b].map(|c| Option::from_word(w[c as usize]))
    }
}

impl Mechanic for CityMarkers {
    // Public words: starting cities and markers are on the board.
    mechanic_basics!("city-markers", as_any, public);

    fn name(&self) -> String {
        format!(
            "city markers ({} each, the first on the starting city; {} cards of one colour a marker{})",
            self.per_player,
            self.cost,
            if self.connected_network {
                "; claims grow one network"
            } else {
                ""
            }
        )
    }

    fn state_words(&self, game: &Game) -> usize {
        Words::of(game).total()
    }

    plays!(setup, on_claim, decisions, route_points, advice, report);
}

impl Setup for CityMarkers {
    fn setup(&self, game: &Game, state: &mut State, me: usize, _rng: &mut ChaCha8Rng) {
        if self.connected_network {
            for p in 0..game.players {
                for lane in 0..game.lane_count() {
                    state.set_lane_blocked(game, p, lane, true);
                }
            }
        }
        // "beginning with the player who will go last and proceeding counter-clockwise"
        state.ask_round(game, me, START, game.players - 1, false);
    }
}

impl OnClaim for CityMarkers {
    fn on_claim(&self, game: &Game, state: &mut State, me: usize, p: u8, lane: u16, _: &Cards) {
        let l = lane as usize;
        let words = Words::of(game);
        let route = &game.routes[game.lane_route[l] as usize];
        let (a, b) = (route.city_a, route.city_b);
        let w = state.mechanic_words_mut(game, me);
        // `route_points` was asked before this hook, with the markers in place now: keep
        // them, so a marker placed later does not change this route.
        w[words.lane(l)] = KeptMarkers {
            kept: true,
            owners: [a, b].map(|c| Option::from_word(w[c as usize])),
        }
        .to_word();
        w[words.pending(p)] = Some(lane).to_word();
        self.grow(game, state, me, p, a);
        self.grow(game, state, me, p, b);
        let hand = &state.players[p as usize].hand;
        let mut can_pay = false;
        self.payments(hand, |_, _| can_pay = true);
        if can_pay && !self.free_ends(game, state, me, p).is_empty() {
            state.ask(me, MARKER, p);
        }
    }
}

impl Decisions for CityMarkers {
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: u16,
        push: &mut dyn FnMut(Action) -> bool,
    ) {
        let p = state.current_player();
        let mechanic = me as u8;
        let mut choice = |choice: u16| push(Action::Mechanic { mechanic, choice });
        if step == START {
            let mut any = false;
            for c in 0..game.city_ids.len() as u16 {
                if self.free(game, state, me, c) {
                    choice(c);
                    any = true;
                }
            }
            if !any {
                // Every city taken (more players than cities): no start, no network.
                choice(SKIP);
            }
            return;
        }
        choice(SKIP);
        let hand = state.players[p as usize].hand;
        for (end, _) in self.free_ends(game, state, me, p) {
            self.payments(&hand, |color, locos| {
                choice(MarkerChoice { end, color, locos }.to_choice());
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
        let p = state.current_player();
        if choice == SKIP as u32 {
            return Ok(());
        }
        if step == START {
            if Self::start_city(game, state, me, p).is_some() {
                return Err(IllegalMove::StartChosen);
            }
            return self.place(game, state, me, p, choice as u16);
        }
        let MarkerChoice { end, color, locos } = MarkerChoice::from_choice(choice as u16);
        let city = self
            .free_ends(game, state, me, p)
            .into_iter()
            .find(|&(e, _)| e == end)
            .map(|(_, c)| c)
            .ok_or(IllegalMove::NoMarkerCity)?;
        let mut fits = false;
        self.payments(&state.players[p as usize].hand, |c, l| {
            fits |= (c, l) == (color, locos)
        });
        if !fits {
            return Err(IllegalMove::HandCannotPay);
        }
        state.spend(p, &self.cards(color, locos))?;
        self.place(game, state, me, p, city)
    }
}

impl Report for CityMarkers {
    fn describe(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: Option<u16>,
        choice: u16,
    ) -> Option<String> {
        let name = |c: u16| self.city_names.get(c as usize).cloned().unwrap_or_default();
        match step? {
            START if choice == SKIP => Some("no starting city left".into()),
            START => Some(format!("starting city {}", name(choice))),
            _ if choice == SKIP => Some("no marker".into()),
            _ => {
                let MarkerChoice { end, color, locos } = MarkerChoice::from_choice(choice);
                let pending = Self::pending(game, state, me, state.current_player())?;
                let route = &game.routes[game.lane_route[pending as usize] as usize];
                let city = if end == 0 { route.city_a } else { route.city_b };
                let paid = self.cards(color, locos);
                let mut kinds = Vec::new();
                for (k, &n) in paid.iter().enumerate() {
                    if n > 0 {
                        let colour = crate::model::Color::CARD_COLORS
                            .get(k)
                            .map_or("locomotive", |c| c.name());
                        kinds.push(format!("{n} {colour}"));
                    }
                }
                Some(format!(
                    "marker in {} (paid {})",
                    name(city),
                    kinds.join(", ")
                ))
            }
        }
    }

    fn counters(&self, game: &Game, state: &State, me: usize, out: &mut Vec<Counter>) {
        let mut received = vec![0i64; game.players as usize];
        for lane in 0..game.lane_count() {
            let owner = state.lane_owner()[lane];
            if owner == NOBODY {
                continue;
            }
            for (q, n) in state.route_split(game, lane, owner).to {
                if q != owner {
                    received[q as usize] += n as i64;
                }
            }
        }
        for p in 0..game.players {
            let start = Self::start_city(game, state, me, p);
            out.push(Counter {
                row: None,
                name: "route points from others' claims".into(),
                player: Some(p),
                value: received[p as usize],
            });
            out.push(Counter {
                row: None,
                name: "markers placed after the start".into(),
                player: Some(p),
                value: Self::placed(game, state, me, p) as i64 - start.is_some() as i64,
            });
            if let Some(c) = start {
                out.push(Counter {
                    row: None,
                    name: format!("start: {}", self.city_names[c as usize]),
                    player: None,
                    value: 1,
                });
            }
        }
    }
}

impl RouteSplit for CityMarkers {
    fn route_points(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        lane: u16,
        holder: u8,
        split: &mut RoutePoints,
    ) {
        // A second owner of a lane (no Old West rule makes one) scores as usual.
        if state.lane_owner()[lane as usize] != holder {
            return;
        }
        let points = split.to.first().map_or(0, |x| x.1);
        let to: Vec<(u8, i32)> = self
            .deciding_markers(game, state, me, lane as usize)
            .into_iter()
            .flatten()
            .map(|o| (o, points))
            .collect();
        if !to.is_empty() {
            split.to = to;
        }
    }
}

impl Advice for CityMarkers {
    fn advise(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: u16,
        view: &PlanView,
        choice: u16,
    ) -> i32 {
        let touching = |routes: &[u16], city: u16, by_points: bool| -> i32 {
            routes
                .iter()
                .map(|&r| &game.routes[r as usize])
                .filter(|r| r.city_a == city || r.city_b == city)
                .map(|r| if by_points { r.points } else { 1 })
                .sum()
        };
        if step == START {
            if choice == SKIP {
                return i32::MIN;
            }
            // Where its own plan runs most, then where others' plans will pay it.
            return 10 * touching(view.own_routes, choice, false)
                + 3 * touching(view.others_routes, choice, false);
        }
        if choice == SKIP {
            return SKIP_WORTH;
        }
        let MarkerChoice { end, color, locos } = MarkerChoice::from_choice(choice);
        let Some(pending) = Self::pending(game, state, me, view.player) else {
            return i32::MIN;
        };
        let route = &game.routes[game.lane_route[pending as usize] as usize];
        let city = if end == 0 { route.city_a } else { route.city_b };
        // The points others' plans would pay it, locomotives kept, the colour held most.
        let hand = &state.players[view.player as usize].hand;
        let held = if color == LOCO {
            0
        } else {
            hand[color as usize].min(9) as i32
        };
        4 * touching(view.others_routes, city, true) - 8 * locos as i32 + held
    }

    fn opens_later(&self, _: &Game, _: &State, _: usize, _: u8, _: usize) -> bool {
        // The only lanes this module closes are those its network has not reached yet.
        self.connected_network
    }

    fn plan_anchor(&self, game: &Game, state: &State, me: usize, p: u8) -> Option<u16> {
        if self.connected_network {
            Self::start_city(game, state, me, p)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWNERS: [Option<u8>; 5] = [None, Some(0), Some(1), Some(5), Some(254)];

    #[test]
    fn kept_markers_round_trip_in_the_old_layout() {
        for kept in [false, true] {
            for a in OWNERS {
                for b in OWNERS {
                    let k = KeptMarkers {
                        kept,
                        owners: [a, b],
                    };
                    let w = k.to_word();
                    assert_eq!(KeptMarkers::from_word(w), k);
                    // The layout written by hand before: KEPT | a + 1 | (b + 1) << 8.
                    let plus = |o: Option<u8>| o.map_or(0, |o| o as u32 + 1);
                    assert_eq!(w, (kept as u32) << 31 | plus(a) | plus(b) << 8);
                }
            }
        }
        assert_eq!(KeptMarkers::default().to_word(), 0);
        assert_eq!(KeptMarkers::from_word(0), KeptMarkers::default());
        // Every bit of the layout set: kept, both owners 254.
        assert_eq!(KeptMarkers::from_word(0x8000_ffff).to_word(), 0x8000_ffff);
    }

    #[test]
    fn marker_choices_round_trip_in_the_old_layout() {
        for end in [0, 1] {
            for color in [0, 1, 7, LOCO, 15] {
                for locos in [0, 1, 2, 63] {
                    let c = MarkerChoice { end, color, locos };
                    let n = c.to_choice();
                    assert_eq!(MarkerChoice::from_choice(n), c);
                    assert_eq!(n, (((end as u16) * 16 + color as u16) << 6) | locos as u16);
                    assert_ne!(n, SKIP);
                }
            }
        }
    }
}
