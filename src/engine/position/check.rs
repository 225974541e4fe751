//! Whether a position could be the end of a game of its map: every name known, every lane
//! claimed once and by one player per route (and per `parallel_group`, one double route),
//! the lanes a player count opens, the trains,
//! stations and ticket copies a game has, stations borrowing routes they may. Every problem
//! is reported, each at the value it concerns; a claim with a problem is left out and the
//! rest is still checked.

use super::cx::{Cx, GAME, LANE, LIMIT, MARKER, STATION, UNKNOWN};
use super::format::Position;
use super::names::{Found, Names};
use super::{blank_position, build_station};
use crate::diagnostic::Diagnostic;
use crate::engine::mechanics::alvin::Alvin;
use crate::engine::mechanics::city_markers::CityMarkers;
use crate::engine::mechanics::crossings::Crossings;
use crate::engine::mechanics::festivals::Festivals;
use crate::engine::mechanics::province_mat::ProvinceMat;
use crate::engine::scoring::{Borrow, DetailedScore, borrowable_routes, score_detailed};
use crate::engine::{EngineError, Game, NOBODY, State};
use crate::model::MapFile;
use std::collections::HashMap;
use std::ops::Range;

/// A position that was read and checked, ready to score.
pub struct Checked {
    pub game: Game,
    pub state: State,
    /// Each player's stations' borrow choices, in their order.
    pub borrow: Vec<Vec<Borrow>>,
    /// Each player's name (`player N` when the file gives none).
    pub names: Vec<String>,
    /// Each player's lanes, in the order the file lists their routes.
    pub lanes: Vec<Vec<usize>>,
}

impl Checked {
    /// The final scoring of the position.
    pub fn score(&self) -> Vec<DetailedScore> {
        score_detailed(&self.game, &self.state, &self.borrow)
    }
}

/// Checks `position` against `map`. `Err` holds every problem found, each located.
pub fn check(position: &Position, map: &MapFile) -> Result<Checked, Vec<Diagnostic>> {
    let mut out = Vec::new();
    let count = position.player.len();
    if let Some(n) = &position.players
        && n.value != count as i64
    {
        out.push(
            Diagnostic::error(
                GAME,
                format!(
                    "players = {} but the position has {count} [[player]] tables",
                    n.value
                ),
            )
            .with_span(n.span.clone())
            .with_label(format!("the [[player]] tables say {count}")),
        );
    }
    let mut without: Vec<String> = position.without.iter().map(|w| w.value.clone()).collect();
    // Alvin is an optional variant: played when some player's `alvin` says how it went.
    if map.mechanics.optional().contains(&"alvin")
        && position.player.iter().all(|p| p.alvin.is_none())
        && !without.iter().any(|w| w == "mechanics.alvin")
    {
        without.push("mechanics.alvin".into());
    }
    super::technologies::advanced_unless_held(map, position, &mut without);
    let mode = position.mode.as_ref().map(|m| m.value.as_str());
    let game = match Game::new_without(map, count.min(255) as u8, mode, &without) {
        Ok(game) => game,
        Err(e) => {
            out.push(setup_problem(position, e));
            return Err(out);
        }
    };
    let names: Vec<String> = position
        .player
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.name
                .clone()
                .unwrap_or_else(|| format!("player {}", i + 1))
        })
        .collect();
    let resolve = Names::new(&game, map);
    // The score names each player: two of one name cannot be told apart.
    for (i, p) in position.player.iter().enumerate() {
        if let (Some(name), Some(span)) = (&p.name, &p.name_span)
            && position.player[..i]
                .iter()
                .any(|q| q.name.as_ref() == Some(name))
        {
            out.push(
                Diagnostic::error(GAME, format!("two players are named `{name}`"))
                    .with_span(span.clone())
                    .with_label("a name already taken"),
            );
        }
    }
    let mut cx = Cx {
        game: &game,
        names: &names,
        resolve: &resolve,
        out,
    };
    let lanes = cx.lanes(position);
    cx.crossings(position);
    let mut state = blank_position(&game);
    // Markers first, so that the routes they divert are claimed with them in place; then
    // the markers placed after some routes let those go.
    let placed_after = cx.markers(position, map, &mut state);
    for (p, ls) in lanes.iter().enumerate() {
        for &l in ls {
            state.assign_lane(&game, l, p as u8);
        }
    }
    if let Some(me) = game.mechanics.find("city-markers") {
        for (lane, city) in placed_after {
            CityMarkers::placed_after(&game, &mut state, me, lane, city);
        }
    }
    cx.networks(position, map, &lanes);
    cx.alvin(position, &mut state);
    cx.festivals(position, &mut state);
    cx.right_of_way(position, &mut state);
    cx.technologies(position, &mut state);
    cx.mat(position, &lanes, &mut state);
    let borrow = cx.stations(position, &mut state);
    cx.tickets(position, &mut state);
    if !cx.out.is_empty() {
        return Err(cx.out);
    }
    Ok(Checked {
        game,
        state,
        borrow,
        names,
        lanes,
    })
}

/// The game refused the setup: located at what the position said about it.
fn setup_problem(position: &Position, e: EngineError) -> Diagnostic {
    let message = e.to_string();
    let (span, help) = match &e {
        EngineError::Unsupported(_) => (
            position.map.span.clone(),
            Some("list them in the position: without = [\"KEY\", ...]".to_string()),
        ),
        EngineError::Setup(text) if text.starts_with("mode ") => (
            position
                .mode
                .as_ref()
                .map_or(position.map.span.clone(), |m| m.span.clone()),
            None,
        ),
        EngineError::Setup(text) if text.contains(" players: ") => (
            position
                .players
                .as_ref()
                .map_or(position.player_key.clone(), |n| n.span.clone()),
            None,
        ),
        EngineError::Setup(_) => (position.map.span.clone(), None),
    };
    Diagnostic::error(GAME, format!("the game cannot be set up: {message}"))
        .with_span(span)
        .with_label("here")
        .with_help_opt(help)
}

impl Cx<'_> {
    /// Each player's lanes, in file order: lanes named by number first, then routes without
    /// a lane take their first lane no one has.
    fn lanes(&mut self, position: &Position) -> Vec<Vec<usize>> {
        let game = self.game;
        let count = position.player.len();
        let mut owner: Vec<Option<usize>> = vec![None; game.lane_count()];
        // Where each owned lane was claimed, for problems of a route as a whole.
        let mut claimed_at: Vec<Range<usize>> = vec![0..0; game.lane_count()];
        let mut unnamed: Vec<(usize, usize, usize, Range<usize>)> = Vec::new();
        // (player, position in their list) → lane, to keep each player's routes in file order.
        let mut order: HashMap<(usize, usize), usize> = HashMap::new();
        for (p, player) in position.player.iter().enumerate() {
            for (seq, claim) in player.routes.iter().enumerate() {
                let Some(r) = self.route(p, &claim.route) else {
                    continue;
                };
                let info = &game.routes[r];
                let Some(lane) = &claim.lane else {
                    unnamed.push((p, seq, r, claim.route.span.clone()));
                    continue;
                };
                let n = info.lane_count as i64;
                let who = &self.names[p];
                if lane.value < 1 || lane.value > n {
                    let message = if lane.value < 1 {
                        format!(
                            "{who}: lane {}: lanes are numbered from 1; route `{}` has {n}",
                            lane.value, info.id
                        )
                    } else {
                        format!(
                            "{who}: lane {}: route `{}` has {n} lane{}",
                            lane.value,
                            info.id,
                            if n == 1 { "" } else { "s" }
                        )
                    };
                    self.problem(LANE, &lane.span, message, "no such lane");
                    continue;
                }
                let l = info.first_lane as usize + lane.value as usize - 1;
                match owner[l] {
                    Some(q) => {
                        let message = format!(
                            "route `{}` lane {} is claimed twice ({} and {who})",
                            info.id, lane.value, self.names[q]
                        );
                        let label = format!("already {}'s", self.names[q]);
                        self.problem(LANE, &lane.span, message, &label);
                    }
                    None => {
                        owner[l] = Some(p);
                        claimed_at[l] = claim.route.span.clone();
                        order.insert((p, seq), l);
                    }
                }
            }
        }
        for (p, seq, r, span) in unnamed {
            let info = &game.routes[r];
            let first = info.first_lane as usize;
            match (first..first + info.lane_count as usize).find(|&l| owner[l].is_none()) {
                Some(l) => {
                    owner[l] = Some(p);
                    claimed_at[l] = span;
                    order.insert((p, seq), l);
                }
                None => {
                    let message = format!(
                        "{}: route `{}` is claimed twice (every lane already has an owner)",
                        self.names[p], info.id
                    );
                    self.problem(LANE, &span, message, "no lane left");
                }
            }
        }
        self.lanes_per_route(count, &owner, &claimed_at);
        self.lanes_per_group(count, &owner, &claimed_at);
        let mut placed: Vec<((usize, usize), usize)> = order.into_iter().collect();
        placed.sort_unstable();
        let mut lanes: Vec<Vec<usize>> = vec![Vec::new(); count];
        for ((p, _), l) in placed {
            lanes[p].push(l);
        }
        self.trains(position, &lanes);
        lanes
    }

    /// Crossings: the first of two crossing routes taken cuts the other for good, so no
    /// position holds both (reported at the second in file order).
    fn crossings(&mut self, position: &Position) {
        let game = self.game;
        let Some((_, crossings)) = game.mechanics.get::<Crossings>() else {
            return;
        };
        let mut seen: Vec<(usize, usize)> = Vec::new();
        for (p, player) in position.player.iter().enumerate() {
            for claim in &player.routes {
                let Found::One(r) = self.resolve.route(game, &claim.route.value) else {
                    continue;
                };
                let crossed = seen.iter().find(|&&(c, _)| crossings.cross(r, c)).copied();
                if let Some((c, q)) = crossed {
                    let message = format!(
                        "{}'s route `{}` crosses {}'s route `{}`: the first of two crossing routes built or claimed cuts the other, so both cannot be claimed",
                        self.names[p], game.routes[r].id, self.names[q], game.routes[c].id
                    );
                    let label = format!("crosses `{}`", game.routes[c].id);
                    self.problem(LANE, &claim.route.span, message, &label);
                }
                seen.push((r, p));
            }
        }
    }

    /// One lane of a route per player, and no more lanes than the player count opens.
    fn lanes_per_route(
        &mut self,
        count: usize,
        owner: &[Option<usize>],
        claimed_at: &[Range<usize>],
    ) {
        for info in &self.game.routes {
            let first = info.first_lane as usize;
            let taken: Vec<(usize, usize)> = (first..first + info.lane_count as usize)
                .filter_map(|l| owner[l].map(|p| (l, p)))
                .collect();
            // The problem is the claim written last.
            let last = |ls: &mut dyn Iterator<Item = usize>| {
                ls.map(|l| claimed_at[l].clone())
                    .max_by_key(|s| s.start)
                    .unwrap_or(0..0)
            };
            for p in 0..count {
                let mine: Vec<usize> = taken.iter().filter(|t| t.1 == p).map(|t| t.0).collect();
                if mine.len() > 1 {
                    let message = format!(
                        "{}: on two lanes of route `{}`; a player may claim only one lane of a route",
                        self.names[p], info.id
                    );
                    let at = last(&mut mine.into_iter());
                    self.problem(LANE, &at, message, "a second lane");
                }
            }
            if taken.len() > info.usable_lanes as usize {
                let message = format!(
                    "route `{}`: {} lanes claimed but only {} may be used with {count} players",
                    info.id,
                    taken.len(),
                    info.usable_lanes
                );
                let at = last(&mut taken.iter().map(|t| t.0));
                self.problem(LANE, &at, message, "one lane too many");
            }
        }
    }

    /// The double-route rules across a `routes.parallel_group`, as the engine plays them
    /// (a group is one route of all its lanes): one lane of the group per player, and no
    /// more of its lanes than the player count opens. Reported at the claim written last.
    fn lanes_per_group(
        &mut self,
        count: usize,
        owner: &[Option<usize>],
        claimed_at: &[Range<usize>],
    ) {
        let game = self.game;
        for group in &game.parallel_groups {
            // (lane, owner, route) of every claimed lane of the group.
            let mut taken: Vec<(usize, usize, usize)> = Vec::new();
            for &r in &group.routes {
                let info = &game.routes[r as usize];
                let first = info.first_lane as usize;
                let lanes = first..first + info.lane_count as usize;
                taken.extend(lanes.filter_map(|l| owner[l].map(|p| (l, p, r as usize))));
            }
            let last = |ls: &mut dyn Iterator<Item = usize>| {
                ls.map(|l| claimed_at[l].clone())
                    .max_by_key(|s| s.start)
                    .unwrap_or(0..0)
            };
            let names = |routes: &mut dyn Iterator<Item = usize>| {
                let mut ids: Vec<String> = Vec::new();
                for r in routes {
                    let id = format!("`{}`", game.routes[r].id);
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                join_and(&ids)
            };
            for p in 0..count {
                let mine: Vec<&(usize, usize, usize)> = taken.iter().filter(|t| t.1 == p).collect();
                // Two lanes of one route are reported by `lanes_per_route`.
                if mine.len() > 1 && mine.iter().any(|t| t.2 != mine[0].2) {
                    let message = format!(
                        "{}: on {} (parallel group `{}`, one double route); a player may claim only one of its lanes",
                        self.names[p],
                        names(&mut mine.iter().map(|t| t.2)),
                        group.id
                    );
                    let at = last(&mut mine.iter().map(|t| t.0));
                    self.problem(LANE, &at, message, "a second lane of the group");
                }
            }
            let routes_used = taken.iter().any(|t| t.2 != taken[0].2);
            if taken.len() > group.usable_lanes as usize && routes_used {
                let message = format!(
                    "{}: {} lanes claimed but only {} may be used with {count} players (parallel group `{}`, one double route)",
                    names(&mut taken.iter().map(|t| t.2)),
                    taken.len(),
                    group.usable_lanes,
                    group.id
                );
                let at = last(&mut taken.iter().map(|t| t.0));
                self.problem(LANE, &at, message, "one lane too many");
            }
        }
    }

    fn trains(&mut self, position: &Position, lanes: &[Vec<usize>]) {
        let game = self.game;
        for (p, ls) in lanes.iter().enumerate() {
            let used: u32 = ls
                .iter()
                .map(|&l| game.routes[game.lane_route[l] as usize].trains_needed() as u32)
                .sum();
            if used > game.trains as u32 {
                let message = format!(
                    "{}: the routes use {used} trains but a player has only {}",
                    self.names[p], game.trains
                );
                let at = position.player[p].routes_key.clone();
                self.problem(LIMIT, &at, message, "too many trains");
            }
        }
    }

    fn stations(&mut self, position: &Position, state: &mut State) -> Vec<Vec<Borrow>> {
        let game = self.game;
        let mut borrow: Vec<Vec<Borrow>> = vec![Vec::new(); position.player.len()];
        for (p, player) in position.player.iter().enumerate() {
            if player.stations.len() > game.stations as usize {
                let message = format!(
                    "{}: {} stations but a player has {}",
                    self.names[p],
                    player.stations.len(),
                    game.stations
                );
                self.problem(LIMIT, &player.stations_key, message, "too many stations");
                continue;
            }
            for st in &player.stations {
                let found = self.resolve.city(&st.city.value);
                let Some(c) = self.found(found, p, &st.city, "city", |g, c| g.city_ids[c].clone())
                else {
                    continue;
                };
                if state.station_owner[c] != NOBODY {
                    let other = &self.names[state.station_owner[c] as usize];
                    let message = format!(
                        "{}: a station in `{}` is already there ({other}); one station per city",
                        self.names[p], st.city.value
                    );
                    self.problem(STATION, &st.city.span, message, "a second station");
                    continue;
                }
                build_station(state, p, c as u16);
                let choice = match &st.borrows {
                    None => Borrow::Best,
                    Some(id) => {
                        let Some(r) = self.route(p, id) else {
                            continue;
                        };
                        if !borrowable_routes(game, state, p, c as u16).contains(&(r as u16)) {
                            let message = format!(
                                "{}: the station in `{}` cannot borrow `{}`: a station borrows a route \
                                 into its city claimed by another player (and none of its lanes by its owner)",
                                self.names[p], st.city.value, id.value
                            );
                            self.problem(STATION, &id.span, message, "not borrowable");
                            continue;
                        }
                        Borrow::Route(r as u16)
                    }
                };
                borrow[p].push(choice);
            }
        }
        borrow
    }

    /// Old West's city markers: placed in the position (the first is the start), checked
    /// against the map's limit, one a city and the forbidden cities; returns each (lane,
    /// city) of a marker placed after that lane was claimed (every lane of a route named
    /// whole, the one named of `{ route, lane }`).
    /// With `connected_network`, every claim touches the network grown from the starting
    /// city (the first marker), so at any point of a game each player's routes are one
    /// network from it, and a later marker goes in a city of that network.
    fn networks(&mut self, position: &Position, map: &MapFile, lanes: &[Vec<usize>]) {
        let game = self.game;
        let connected = map
            .mechanics
            .city_markers
            .as_ref()
            .is_some_and(|m| m.connected_network);
        if !connected || game.mechanics.find("city-markers").is_none() {
            return;
        }
        for (p, player) in position.player.iter().enumerate() {
            let Some(first) = player.markers.first() else {
                continue;
            };
            let Found::One(start) = self.resolve.city(&first.city.value) else {
                continue;
            };
            let routes: Vec<usize> = lanes[p]
                .iter()
                .map(|&l| game.lane_route[l] as usize)
                .collect();
            let mut reached = vec![false; game.city_ids.len()];
            reached[start] = true;
            // Grow from the start until no route adds a city (few routes a player).
            let mut joined = vec![false; routes.len()];
            loop {
                let mut grew = false;
                for (k, &r) in routes.iter().enumerate() {
                    let (a, b) = (
                        game.routes[r].city_a as usize,
                        game.routes[r].city_b as usize,
                    );
                    if !joined[k] && (reached[a] || reached[b]) {
                        joined[k] = true;
                        reached[a] = true;
                        reached[b] = true;
                        grew = true;
                    }
                }
                if !grew {
                    break;
                }
            }
            let who = self.names[p].clone();
            let from = first.city.value.clone();
            for claim in &player.routes {
                let Found::One(r) = self.resolve.route(game, &claim.route.value) else {
                    continue;
                };
                let k = routes.iter().position(|&x| x == r);
                if k.is_some_and(|k| !joined[k]) {
                    let message = format!(
                        "{who}: route `{}` is not joined to their network from `{from}`; every claim must touch it",
                        game.routes[r].id
                    );
                    self.problem(MARKER, &claim.route.span, message, "off the network");
                }
            }
            for m in &player.markers[1..] {
                let Found::One(c) = self.resolve.city(&m.city.value) else {
                    continue;
                };
                if !reached[c] {
                    let message = format!(
                        "{who}: a marker in `{}`, which their network from `{from}` does not reach",
                        m.city.value
                    );
                    self.problem(MARKER, &m.city.span, message, "off the network");
                }
            }
        }
    }

    fn markers(
        &mut self,
        position: &Position,
        map: &MapFile,
        state: &mut State,
    ) -> Vec<(usize, u16)> {
        let game = self.game;
        let mut after = Vec::new();
        let (Some(me), Some(rules)) = (
            game.mechanics.find("city-markers"),
            map.mechanics.city_markers.as_ref(),
        ) else {
            for (p, player) in position.player.iter().enumerate() {
                if !player.markers.is_empty() {
                    let message = format!("{}: the map has no city markers", self.names[p]);
                    self.problem(GAME, &player.markers_key, message, "no markers on this map");
                }
            }
            return after;
        };
        let mut forbidden: Vec<&str> = rules.forbidden.iter().map(String::as_str).collect();
        if game.mechanics.find("alvin").is_some()
            && let Some(a) = &map.mechanics.alvin
        {
            forbidden.push(&a.start);
        }
        for (p, player) in position.player.iter().enumerate() {
            if player.markers.len() > rules.per_player as usize {
                let message = format!(
                    "{}: {} markers but a player has {}",
                    self.names[p],
                    player.markers.len(),
                    rules.per_player
                );
                self.problem(LIMIT, &player.markers_key, message, "too many markers");
                continue;
            }
            for m in &player.markers {
                let found = self.resolve.city(&m.city.value);
                let Some(c) = self.found(found, p, &m.city, "city", |g, c| g.city_ids[c].clone())
                else {
                    continue;
                };
                let c = c as u16;
                if forbidden.contains(&game.city_ids[c as usize].as_str()) {
                    let message =
                        format!("{}: no marker may go in `{}`", self.names[p], m.city.value);
                    self.problem(MARKER, &m.city.span, message, "a forbidden city");
                    continue;
                }
                if let Some(o) = CityMarkers::controller(game, state, me, c) {
                    let message = format!(
                        "{}: `{}` already has a marker ({}); one marker a city",
                        self.names[p], m.city.value, self.names[o as usize]
                    );
                    self.problem(MARKER, &m.city.span, message, "a second marker");
                    continue;
                }
                CityMarkers::put(game, state, me, p as u8, c);
                for claim in &m.after {
                    let name = &claim.route;
                    let Some(r) = self.route(p, name) else {
                        continue;
                    };
                    let route = &game.routes[r];
                    if route.city_a != c && route.city_b != c {
                        let message = format!(
                            "{}: `{}` does not end in `{}`, so the marker there cannot take its points",
                            self.names[p], name.value, m.city.value
                        );
                        self.problem(MARKER, &name.span, message, "not a route into the city");
                        continue;
                    }
                    let first = route.first_lane as usize;
                    let n = route.lane_count as i64;
                    let lanes = match &claim.lane {
                        None => first..first + n as usize,
                        Some(l) if (1..=n).contains(&l.value) => {
                            let k = first + l.value as usize - 1;
                            k..k + 1
                        }
                        Some(l) => {
                            let message = format!(
                                "{}: lane {} of `{}` after the marker in `{}`: the route has {n} lane{}, numbered from 1",
                                self.names[p],
                                l.value,
                                name.value,
                                m.city.value,
                                if n == 1 { "" } else { "s" }
                            );
                            self.problem(LANE, &l.span, message, "no such lane");
                            continue;
                        }
                    };
                    after.extend(lanes.map(|lane| (lane, c)));
                }
            }
        }
        after
    }

    /// Old West's Alvin: each player's captures, and who holds him at the end.
    fn alvin(&mut self, position: &Position, state: &mut State) {
        let game = self.game;
        let Some(me) = game.mechanics.find("alvin") else {
            for (p, player) in position.player.iter().enumerate() {
                if let Some(a) = &player.alvin {
                    let message = format!(
                        "{}: Alvin is not played (the map has no such variant, or `without` leaves it out)",
                        self.names[p]
                    );
                    self.problem(GAME, &a.span, message, "no Alvin in this game");
                }
            }
            return;
        };
        let mut holder = None;
        let mut captures = vec![0u32; position.player.len()];
        for (p, player) in position.player.iter().enumerate() {
            let Some(a) = &player.alvin else { continue };
            captures[p] = a.captures.as_ref().map_or(0, |c| c.value as u32);
            if !a.holds {
                continue;
            }
            if captures[p] == 0 {
                let message = format!(
                    "{}: holds Alvin but never captured him (`captures` is 0)",
                    self.names[p]
                );
                self.problem(MARKER, &a.span, message, "holds without a capture");
            } else if let Some(h) = holder {
                let message = format!(
                    "{}: Alvin is held by {} already; one player holds him",
                    self.names[p], self.names[h as usize]
                );
                self.problem(MARKER, &a.span, message, "a second holder");
            } else {
                holder = Some(p as u8);
            }
        }
        let city = Alvin::city(game, state, me);
        Alvin::set(game, state, me, holder, city, &captures);
    }

    /// South Korea's mat trains: a line of the mat, a spot it has, one train a spot, and no
    /// more trains on routes and mat than a player has.
    fn mat(&mut self, position: &Position, lanes: &[Vec<usize>], state: &mut State) {
        let game = self.game;
        let Some((me, m)) = game.mechanics.get::<ProvinceMat>() else {
            for (p, player) in position.player.iter().enumerate() {
                if !player.mat.is_empty() {
                    let message = format!("{}: the map has no Province mat", self.names[p]);
                    self.problem(GAME, &player.mat_key, message, "no mat on this map");
                }
            }
            return;
        };
        for (p, player) in position.player.iter().enumerate() {
            let mut placed = 0u16;
            for t in &player.mat {
                let Some(line) = m.lines.iter().position(|l| l.name == t.line.value) else {
                    let names: Vec<&str> = m.lines.iter().map(|l| l.name.as_str()).collect();
                    let hint = crate::suggest::did_you_mean(&t.line.value, names.iter().copied())
                        .map_or_else(
                            || format!(" (the lines: {})", names.join(", ")),
                            |s| format!("; {s}"),
                        );
                    let message = format!(
                        "{}: no line `{}` on the mat{hint}",
                        self.names[p], t.line.value
                    );
                    self.problem(UNKNOWN, &t.line.span, message, "unknown line");
                    continue;
                };
                let spots = m.lines[line].spots.len() as i64;
                if t.spot.value > spots {
                    let message = format!(
                        "{}: the {} line has {spots} spots, not {}",
                        self.names[p], t.line.value, t.spot.value
                    );
                    self.problem(LIMIT, &t.spot.span, message, "no such spot");
                    continue;
                }
                let k = t.spot.value as usize - 1;
                let owner = m.owner(game, state, me, line, k);
                if owner != NOBODY {
                    let message = format!(
                        "{}: spot {} of the {} line holds a train of {} already; one train a spot",
                        self.names[p], t.spot.value, t.line.value, self.names[owner as usize]
                    );
                    self.problem(LIMIT, &t.spot.span, message, "a second train");
                    continue;
                }
                m.set_owner(game, state, me, line, k, p as u8);
                placed += 1;
            }
            let on_routes: u32 = lanes[p]
                .iter()
                .map(|&l| game.routes[game.lane_route[l] as usize].trains_needed() as u32)
                .sum();
            if placed > 0 && state.take_trains(p as u8, placed).is_err() {
                let message = format!(
                    "{}: {on_routes} trains on routes and {placed} on the mat, but a player has only {}",
                    self.names[p], game.trains
                );
                self.problem(
                    LIMIT,
                    &position.player[p].mat_key,
                    message,
                    "too many trains",
                );
            }
        }
    }

    /// Iberia's festival cards held, by group id: no more than the group has, in all.
    fn festivals(&mut self, position: &Position, state: &mut State) {
        let game = self.game;
        let Some((me, f)) = game.mechanics.get::<Festivals>() else {
            for (p, player) in position.player.iter().enumerate() {
                if !player.festivals.is_empty() {
                    let message = format!("{}: the map has no festivals", self.names[p]);
                    self.problem(
                        GAME,
                        &player.festivals_key,
                        message,
                        "no festivals on this map",
                    );
                }
            }
            return;
        };
        let mut left: Vec<i64> = f.groups.iter().map(|g| g.cards as i64).collect();
        for (p, player) in position.player.iter().enumerate() {
            for (group, n) in &player.festivals {
                let Some(g) = f.group(&group.value) else {
                    let ids: Vec<&str> = f.groups.iter().map(|g| g.id.as_str()).collect();
                    let hint = crate::suggest::did_you_mean(&group.value, ids.iter().copied())
                        .map_or_else(
                            || format!(" (the groups: {})", ids.join(", ")),
                            |s| format!("; {s}"),
                        );
                    let message = format!(
                        "{}: no festival `{}` on this map{hint}",
                        self.names[p], group.value
                    );
                    self.problem(UNKNOWN, &group.span, message, "unknown festival");
                    continue;
                };
                if n.value > left[g] {
                    let message = format!(
                        "{}: {} {} cards, but the game has {} ({} left after the players before)",
                        self.names[p], n.value, group.value, f.groups[g].cards, left[g]
                    );
                    self.problem(LIMIT, &n.span, message, "more cards than the game has");
                    continue;
                }
                left[g] -= n.value;
                let held = f.held(game, state, me, p as u8, g) + n.value as u32;
                f.set_held(game, state, me, p as u8, g, held);
            }
        }
    }

    /// Tickets by label; the copies in the game limit how many players hold the same one.
    fn tickets(&mut self, position: &Position, state: &mut State) {
        let game = self.game;
        let mut copies_left: Vec<usize> = vec![0; game.tickets.len()];
        for deck in &game.deck_tickets {
            for &t in deck {
                copies_left[t as usize] += 1;
            }
        }
        for (p, player) in position.player.iter().enumerate() {
            for label in &player.tickets {
                let found = self.resolve.ticket(&label.value);
                let Some(t) =
                    self.found(found, p, label, "ticket", |g, t| g.tickets[t].label.clone())
                else {
                    continue;
                };
                if copies_left[t] == 0 {
                    let message = format!(
                        "{}: ticket `{}` is held more times than the game has copies",
                        self.names[p], label.value
                    );
                    self.problem(LIMIT, &label.span, message, "no copy left");
                } else {
                    copies_left[t] -= 1;
                    state.players[p].tickets.push(t as u16);
                }
            }
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
