//! Running totals of a playtest: integers only, so merging is exact and order-free, and sized
//! by the board (routes, tickets, cities) and the score range, never by the number of games.
//!
//! The totals are also the partial result of a shard (`playtest --shard`): they serialize as
//! they are, and `ttrmap merge` adds the parts with [`Totals::merge`], the same sum a single
//! run does between its chunks, so both write the same report.

use super::{FAILURES_LISTED, GameLog, ShapeError};
use crate::engine::{CARD_KINDS, Counter, CounterKey, Game, Goal, NOBODY, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A shared win is worth 1/k of a win; this is divisible by every k from 1 to 12.
pub const WIN_UNITS: u64 = 27_720;
/// Score parts summed: routes, tickets, stations, bonuses, total.
pub const PARTS: usize = 5;
/// Lane colours counted for claims: the eight card colours, then gray.
pub const LANE_COLOURS: usize = 10;

/// What the totals need to know about the board, computed once.
pub struct Context {
    pub players: usize,
    pub bots: usize,
    pub routes: usize,
    pub cities: usize,
    /// The cities each ticket names (a zone counts for each of its endpoint cities).
    pub ticket_cities: Vec<Vec<u16>>,
    /// Route → (city a, city b).
    pub route_cities: Vec<(u16, u16)>,
    /// Route → (length, first lane, colour of each lane).
    pub route_lanes: Vec<(u8, usize, Vec<u8>)>,
    /// Mechanic modules (bonus lines name them by index).
    pub mechanics: usize,
    /// Lanes, all routes together.
    pub lanes: usize,
}

impl Context {
    pub fn new(game: &Game, bots: usize) -> Context {
        // Graph node → city, from the routes (every node that can be reached is on one).
        let mut node_city = vec![u16::MAX; game.node_count as usize];
        for r in &game.routes {
            node_city[r.node_a as usize] = r.city_a;
            node_city[r.node_b as usize] = r.city_b;
        }
        let cities_of = |places: &[&Vec<u16>]| -> Vec<u16> {
            let mut v: Vec<u16> = places
                .iter()
                .flat_map(|p| p.iter())
                .filter_map(|&n| node_city.get(n as usize).copied())
                .filter(|&c| c != u16::MAX)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let ticket_cities = game
            .tickets
            .iter()
            .map(|t| match &t.goal {
                Goal::Pair(a, b, _) => cities_of(&[a, b]),
                Goal::Multi(places, _) => cities_of(&places.iter().collect::<Vec<_>>()),
                Goal::AnyOf(from, targets) => {
                    let mut all = vec![from];
                    all.extend(targets.iter().map(|(t, _)| t));
                    cities_of(&all)
                }
            })
            .collect();
        Context {
            players: game.players as usize,
            bots,
            routes: game.routes.len(),
            cities: game.city_ids.len(),
            mechanics: game.mechanics.len(),
            lanes: game.lane_route.len(),
            ticket_cities,
            route_cities: game.routes.iter().map(|r| (r.city_a, r.city_b)).collect(),
            route_lanes: game
                .routes
                .iter()
                .map(|r| {
                    let first = r.first_lane as usize;
                    let colours = (first..first + r.lane_count as usize)
                        .map(|l| game.lane_color[l])
                        .collect();
                    (r.length, first, colours)
                })
                .collect(),
        }
    }
}

/// A game that ended in a failure state, as the report lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FailureEntry {
    pub seed: u64,
    pub turn: u32,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Totals {
    pub games: u64,
    pub finished: u64,
    pub failures: u64,
    pub failure_list: Vec<(u64, FailureEntry)>,
    /// Games (finished or not) in which some player passed, having nothing to do.
    pub pass_games: u64,
    /// Passes in all games.
    pub passes: u64,
    pub seat_win_units: Vec<u64>,
    pub seat_scores: Vec<[i64; PARTS]>,
    pub seat_hist: Vec<BTreeMap<i32, u64>>,
    pub bot_win_units: Vec<u64>,
    pub bot_seats_played: Vec<u64>,
    pub bot_scores: Vec<[i64; PARTS]>,
    pub bot_hist: Vec<BTreeMap<i32, u64>>,
    pub bot_ended: Vec<u64>,
    /// For a bot under a time budget, its searched decisions and their CPU nanoseconds.
    pub bot_clock: Vec<Option<(u64, u64)>>,
    pub turns_sum: u64,
    pub turns_min: u32,
    pub turns_max: u32,
    pub turns_hist: BTreeMap<u32, u64>,
    pub ended_by: Vec<u64>,
    pub ticket_kept: Vec<u64>,
    pub ticket_done: Vec<u64>,
    /// Finished games in which the route was claimed (any lane).
    pub route_games: Vec<u64>,
    /// Lanes claimed in all finished games.
    pub route_lanes: Vec<u64>,
    /// Sum over finished games of the turn of the route's first claim.
    pub route_turn_sum: Vec<u64>,
    /// Finished games in which each lane (in the engine's lane order) was claimed.
    pub lane_games: Vec<u64>,
    pub city_kept: Vec<u64>,
    pub city_done: Vec<u64>,
    pub city_touched: Vec<u64>,
    pub drawn: [u64; CARD_KINDS],
    pub spent: [u64; CARD_KINDS],
    /// Spaces of claimed lanes by lane colour (finished games).
    pub claimed_spaces: [u64; LANE_COLOURS],
    pub exhausted_games: u64,
    pub exhausted_turn_sum: u64,
    pub exhausted_turn_min: u32,
    /// Per mechanic module: finished games in which it scored a line at all, games in which
    /// its lines gave someone points, and its points by seat.
    pub bonus_scored_games: Vec<u64>,
    pub bonus_awarded_games: Vec<u64>,
    pub bonus_seat_points: Vec<Vec<i64>>,
    /// Modules' counters ([`Counter`]) over finished games, by (module, key): the sum for
    /// the whole game at 0, then each seat's.
    #[serde(with = "pairs")]
    pub counters: BTreeMap<(u8, CounterKey), Vec<i64>>,
}

/// A map with tuple keys as a list of `[key, value]` pairs (JSON keys are strings only), a
/// counter's key written as its text.
mod pairs {
    use crate::engine::CounterKey;
    use serde::{Deserialize, Deserializer, Serializer};
    use std::collections::BTreeMap;

    type Map = BTreeMap<(u8, CounterKey), Vec<i64>>;

    pub fn serialize<S: Serializer>(map: &Map, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter().map(|((m, k), v)| ((m, k.to_string()), v)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Map, D::Error> {
        let list: Vec<((u8, String), Vec<i64>)> = Vec::deserialize(d)?;
        Ok(list
            .into_iter()
            .map(|((m, k), v)| ((m, CounterKey::from_text(&k)), v))
            .collect())
    }
}

/// Every module's counters for the finished game `state`, with the module's index.
pub fn module_counters(game: &Game, state: &State) -> Vec<(u8, Counter)> {
    let mut out = Vec::new();
    let mut one = Vec::new();
    for (m, module) in game.mechanics.modules.iter().enumerate() {
        let Some(report) = module.report() else {
            continue;
        };
        report.counters(game, state, m, &mut one);
        out.extend(one.drain(..).map(|c| (m as u8, c)));
    }
    out
}

// Merging adds saturating: real totals never come near the limits, and a hand-edited part
// read by `ttrmap merge` must not make the sum panic.
/// Two bots' decision clocks (decisions, CPU nanoseconds) added up.
fn add_clock(a: Option<(u64, u64)>, b: Option<(u64, u64)>) -> Option<(u64, u64)> {
    match (a, b) {
        (Some((n, t)), Some((m, u))) => Some((n.saturating_add(m), t.saturating_add(u))),
        (a, b) => a.or(b),
    }
}

fn add_all(a: &mut [u64], b: &[u64]) {
    a.iter_mut()
        .zip(b)
        .for_each(|(x, y)| *x = x.saturating_add(*y));
}

fn add_signed(a: &mut [i64], b: &[i64]) {
    a.iter_mut()
        .zip(b)
        .for_each(|(x, y)| *x = x.saturating_add(*y));
}

fn add_parts(a: &mut [[i64; PARTS]], b: &[[i64; PARTS]]) {
    for (x, y) in a.iter_mut().zip(b) {
        add_signed(x, y);
    }
}

fn add_hist<K: Ord + Copy>(a: &mut BTreeMap<K, u64>, b: &BTreeMap<K, u64>) {
    for (k, v) in b {
        let x = a.entry(*k).or_default();
        *x = x.saturating_add(*v);
    }
}

impl Totals {
    pub fn new(cx: &Context) -> Totals {
        let (p, b) = (cx.players, cx.bots);
        Totals {
            games: 0,
            finished: 0,
            failures: 0,
            failure_list: Vec::new(),
            pass_games: 0,
            passes: 0,
            seat_win_units: vec![0; p],
            seat_scores: vec![[0; PARTS]; p],
            seat_hist: vec![BTreeMap::new(); p],
            bot_win_units: vec![0; b],
            bot_seats_played: vec![0; b],
            bot_scores: vec![[0; PARTS]; b],
            bot_hist: vec![BTreeMap::new(); b],
            bot_ended: vec![0; b],
            bot_clock: vec![None; b],
            turns_sum: 0,
            turns_min: u32::MAX,
            turns_max: 0,
            turns_hist: BTreeMap::new(),
            ended_by: vec![0; p],
            ticket_kept: vec![0; cx.ticket_cities.len()],
            ticket_done: vec![0; cx.ticket_cities.len()],
            route_games: vec![0; cx.routes],
            route_lanes: vec![0; cx.routes],
            route_turn_sum: vec![0; cx.routes],
            lane_games: vec![0; cx.lanes],
            city_kept: vec![0; cx.cities],
            city_done: vec![0; cx.cities],
            city_touched: vec![0; cx.cities],
            drawn: [0; CARD_KINDS],
            spent: [0; CARD_KINDS],
            claimed_spaces: [0; LANE_COLOURS],
            exhausted_games: 0,
            exhausted_turn_sum: 0,
            exhausted_turn_min: u32::MAX,
            bonus_scored_games: vec![0; cx.mechanics],
            bonus_awarded_games: vec![0; cx.mechanics],
            bonus_seat_points: vec![vec![0; p]; cx.mechanics],
            counters: BTreeMap::new(),
        }
    }

    pub fn add(
        &mut self,
        cx: &Context,
        index: u64,
        state: &State,
        log: &GameLog,
        seat_bot: &[usize],
        counters: &[(u8, Counter)],
    ) {
        self.games += 1;
        for k in 0..CARD_KINDS {
            self.drawn[k] += log.drawn[k] as u64;
            self.spent[k] += log.spent[k] as u64;
        }
        for (&clock, &b) in log.clocks.iter().zip(seat_bot) {
            self.bot_clock[b] = add_clock(self.bot_clock[b], clock);
        }
        if log.passes > 0 {
            self.pass_games += 1;
            self.passes += log.passes as u64;
        }
        if let Some(t) = log.exhausted_at {
            self.exhausted_games += 1;
            self.exhausted_turn_sum += t as u64;
            self.exhausted_turn_min = self.exhausted_turn_min.min(t);
        }
        if let Some(f) = &state.failure {
            self.failures += 1;
            // Only the lowest indices are kept; a later one is dropped without sorting.
            if self.failure_list.len() < FAILURES_LISTED
                || self.failure_list.last().is_some_and(|(i, _)| *i > index)
            {
                self.failure_list.push((
                    index,
                    FailureEntry {
                        seed: f.seed,
                        turn: f.turn,
                        reason: f.reason.clone(),
                    },
                ));
                self.failure_list.sort_by_key(|(i, _)| *i);
                self.failure_list.truncate(FAILURES_LISTED);
            }
            return;
        }
        let Some(result) = &state.result else { return };
        self.finished += 1;
        let winners = result.iter().filter(|b| b.winner).count().max(1) as u64;
        for (seat, b) in result.iter().enumerate() {
            let parts = [
                b.routes as i64,
                b.tickets as i64,
                b.stations as i64,
                b.bonuses as i64,
                b.total as i64,
            ];
            let bot = seat_bot[seat];
            for (k, &part) in parts.iter().enumerate() {
                self.seat_scores[seat][k] += part;
                self.bot_scores[bot][k] += part;
            }
            *self.seat_hist[seat].entry(b.total).or_default() += 1;
            *self.bot_hist[bot].entry(b.total).or_default() += 1;
            self.bot_seats_played[bot] += 1;
            if b.winner {
                let units = WIN_UNITS / winners;
                self.seat_win_units[seat] += units;
                self.bot_win_units[bot] += units;
            }
            for &(t, done) in &b.ticket_results {
                self.ticket_kept[t as usize] += 1;
                self.ticket_done[t as usize] += done as u64;
                for &c in &cx.ticket_cities[t as usize] {
                    self.city_kept[c as usize] += 1;
                    self.city_done[c as usize] += done as u64;
                }
            }
        }
        // Bonus lines, per module: whether it scored and whether it gave any points.
        let mut scored = vec![(false, false); cx.mechanics];
        for (seat, b) in result.iter().enumerate() {
            for &(m, points) in &b.bonus_lines {
                let m = m as usize;
                scored[m].0 = true;
                scored[m].1 |= points != 0;
                self.bonus_seat_points[m][seat] += points as i64;
            }
        }
        for (m, &(any, awarded)) in scored.iter().enumerate() {
            self.bonus_scored_games[m] += any as u64;
            self.bonus_awarded_games[m] += awarded as u64;
        }
        for (m, c) in counters {
            let sums = self
                .counters
                .entry((*m, c.key()))
                .or_insert_with(|| vec![0; cx.players + 1]);
            let at = c.player.map_or(0, |p| p as usize + 1);
            if let Some(x) = sums.get_mut(at) {
                *x += c.value;
            }
        }
        self.turns_sum += state.turn as u64;
        self.turns_min = self.turns_min.min(state.turn);
        self.turns_max = self.turns_max.max(state.turn);
        *self.turns_hist.entry(state.turn).or_default() += 1;
        if let Some(p) = state.ended_by {
            self.ended_by[p as usize] += 1;
            self.bot_ended[seat_bot[p as usize]] += 1;
        }
        let mut first_claim = vec![u32::MAX; cx.routes];
        for &(r, turn) in &log.claims {
            let r = r as usize;
            self.route_lanes[r] += 1;
            first_claim[r] = first_claim[r].min(turn);
        }
        let mut touched = vec![false; cx.cities];
        for (r, &turn) in first_claim.iter().enumerate() {
            if turn == u32::MAX {
                continue;
            }
            self.route_games[r] += 1;
            self.route_turn_sum[r] += turn as u64;
            let (a, b) = cx.route_cities[r];
            touched[a as usize] = true;
            touched[b as usize] = true;
        }
        for (c, &t) in touched.iter().enumerate() {
            self.city_touched[c] += t as u64;
        }
        // Claimed lanes by their printed colour (gray last).
        for (r, (length, first, colours)) in cx.route_lanes.iter().enumerate() {
            if state.route_claims()[r] == 0 {
                continue;
            }
            for (i, &c) in colours.iter().enumerate() {
                if state
                    .lane_owner()
                    .get(first + i)
                    .is_some_and(|&o| o != NOBODY)
                {
                    let k = (c as usize).min(LANE_COLOURS - 1);
                    self.claimed_spaces[k] += *length as u64;
                    self.lane_games[first + i] += 1;
                }
            }
        }
    }

    /// Whether these totals have the shape `cx` gives (a part read from a file may not):
    /// every list as long as the board's routes, tickets, cities, lanes, seats, bots and
    /// modules, so that merging and the report never read past one.
    pub fn check_shape(&self, cx: &Context) -> Result<(), ShapeError> {
        let lens = [
            ("seat_win_units", self.seat_win_units.len(), cx.players),
            ("seat_scores", self.seat_scores.len(), cx.players),
            ("seat_hist", self.seat_hist.len(), cx.players),
            ("ended_by", self.ended_by.len(), cx.players),
            ("bot_win_units", self.bot_win_units.len(), cx.bots),
            ("bot_seats_played", self.bot_seats_played.len(), cx.bots),
            ("bot_scores", self.bot_scores.len(), cx.bots),
            ("bot_hist", self.bot_hist.len(), cx.bots),
            ("bot_ended", self.bot_ended.len(), cx.bots),
            ("bot_clock", self.bot_clock.len(), cx.bots),
            (
                "ticket_kept",
                self.ticket_kept.len(),
                cx.ticket_cities.len(),
            ),
            (
                "ticket_done",
                self.ticket_done.len(),
                cx.ticket_cities.len(),
            ),
            ("route_games", self.route_games.len(), cx.routes),
            ("route_lanes", self.route_lanes.len(), cx.routes),
            ("route_turn_sum", self.route_turn_sum.len(), cx.routes),
            ("lane_games", self.lane_games.len(), cx.lanes),
            ("city_kept", self.city_kept.len(), cx.cities),
            ("city_done", self.city_done.len(), cx.cities),
            ("city_touched", self.city_touched.len(), cx.cities),
            (
                "bonus_scored_games",
                self.bonus_scored_games.len(),
                cx.mechanics,
            ),
            (
                "bonus_awarded_games",
                self.bonus_awarded_games.len(),
                cx.mechanics,
            ),
            (
                "bonus_seat_points",
                self.bonus_seat_points.len(),
                cx.mechanics,
            ),
        ];
        if let Some(&(list, got, want)) = lens.iter().find(|(_, got, want)| got != want) {
            return Err(ShapeError::Length { list, got, want });
        }
        if let Some(p) = self
            .bonus_seat_points
            .iter()
            .find(|p| p.len() != cx.players)
        {
            return Err(ShapeError::BonusSeats {
                got: p.len(),
                want: cx.players,
            });
        }
        if let Some(((m, name), v)) = self
            .counters
            .iter()
            .find(|((m, _), v)| *m as usize >= cx.mechanics || v.len() != cx.players + 1)
        {
            return Err(ShapeError::Counter {
                name: name.to_string(),
                module: *m,
                values: v.len(),
            });
        }
        if self.failure_list.len() > FAILURES_LISTED {
            return Err(ShapeError::TooManyFailures);
        }
        if self.finished.checked_add(self.failures) != Some(self.games) {
            return Err(ShapeError::Games {
                finished: self.finished,
                failures: self.failures,
                games: self.games,
            });
        }
        Ok(())
    }

    pub fn merge(mut self, o: Totals) -> Totals {
        let add = |a: &mut u64, b: u64| *a = a.saturating_add(b);
        add(&mut self.games, o.games);
        add(&mut self.finished, o.finished);
        add(&mut self.failures, o.failures);
        self.failure_list.extend(o.failure_list);
        self.failure_list.sort_by_key(|(i, _)| *i);
        self.failure_list.truncate(FAILURES_LISTED);
        add(&mut self.pass_games, o.pass_games);
        add(&mut self.passes, o.passes);
        add_all(&mut self.seat_win_units, &o.seat_win_units);
        add_parts(&mut self.seat_scores, &o.seat_scores);
        for (a, b) in self.seat_hist.iter_mut().zip(&o.seat_hist) {
            add_hist(a, b);
        }
        add_all(&mut self.bot_win_units, &o.bot_win_units);
        add_all(&mut self.bot_seats_played, &o.bot_seats_played);
        add_parts(&mut self.bot_scores, &o.bot_scores);
        for (a, b) in self.bot_hist.iter_mut().zip(&o.bot_hist) {
            add_hist(a, b);
        }
        add_all(&mut self.bot_ended, &o.bot_ended);
        for (a, b) in self.bot_clock.iter_mut().zip(&o.bot_clock) {
            *a = add_clock(*a, *b);
        }
        add(&mut self.turns_sum, o.turns_sum);
        self.turns_min = self.turns_min.min(o.turns_min);
        self.turns_max = self.turns_max.max(o.turns_max);
        add_hist(&mut self.turns_hist, &o.turns_hist);
        add_all(&mut self.ended_by, &o.ended_by);
        add_all(&mut self.ticket_kept, &o.ticket_kept);
        add_all(&mut self.ticket_done, &o.ticket_done);
        add_all(&mut self.route_games, &o.route_games);
        add_all(&mut self.route_lanes, &o.route_lanes);
        add_all(&mut self.route_turn_sum, &o.route_turn_sum);
        add_all(&mut self.lane_games, &o.lane_games);
        add_all(&mut self.city_kept, &o.city_kept);
        add_all(&mut self.city_done, &o.city_done);
        add_all(&mut self.city_touched, &o.city_touched);
        add_all(&mut self.drawn, &o.drawn);
        add_all(&mut self.spent, &o.spent);
        add_all(&mut self.claimed_spaces, &o.claimed_spaces);
        add(&mut self.exhausted_games, o.exhausted_games);
        add(&mut self.exhausted_turn_sum, o.exhausted_turn_sum);
        self.exhausted_turn_min = self.exhausted_turn_min.min(o.exhausted_turn_min);
        add_all(&mut self.bonus_scored_games, &o.bonus_scored_games);
        add_all(&mut self.bonus_awarded_games, &o.bonus_awarded_games);
        for (a, b) in self.bonus_seat_points.iter_mut().zip(&o.bonus_seat_points) {
            add_signed(a, b);
        }
        for (k, v) in o.counters {
            let sums = self.counters.entry(k).or_insert_with(|| vec![0; v.len()]);
            add_signed(sums, &v);
        }
        self
    }
}
