//! Whether a position could be the end of a game of its map: every name known, every lane
//! claimed once and by one player per route (and per `parallel_group`, one double route),
//! the lanes a player count opens, the trains,
//! stations and ticket copies a game has, stations borrowing routes they may; and, through
//! each module's [`PositionEntries`], the modules' own entries (markers, festivals, the mat,
//! technologies...), checked in the order of `mechanics::POSITION_ENTRIES` at the phases of
//! `entries.rs`. Every problem is reported, each at the value it concerns; a claim with a
//! problem is left out and the rest is still checked.

use super::cx::{Cx, GAME, LANE, LIMIT, STATION};
use super::entries::{OnceClaimed, PositionEntries};
use super::format::Position;
use super::names::Names;
use super::{blank_position, build_station};
use crate::diagnostic::Diagnostic;
use crate::engine::scoring::{Borrow, DetailedScore, borrowable_routes, score_detailed};
use crate::engine::{EngineError, Game, NOBODY, POSITION_ENTRIES, State};
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
    let modules: &[&dyn PositionEntries] = POSITION_ENTRIES;
    let mut without: Vec<String> = position.without.iter().map(|w| w.value.clone()).collect();
    // What the position writes nothing of may be a variant nobody played.
    for m in modules {
        m.leaves_out(map, position, &mut without);
    }
    let mode = position.mode.as_ref().map(|m| m.value.as_str());
    let game = match Game::new_without(map, count.min(255) as u8, mode, &without) {
        Ok(game) => game,
        Err(e) => {
            out.push(setup_problem(position, e));
            return Err(out);
        }
    };
    let names = player_names(position, &mut out);
    let resolve = Names::new(&game, map);
    let mut cx = Cx {
        game: &game,
        names: &names,
        resolve: &resolve,
        out,
    };
    let lanes = cx.lanes(position);
    for m in modules {
        m.check_claims(&mut cx, position);
    }
    let mut state = blank_position(&game);
    // What was on the board before the claims (markers) first, so that the claims' hooks
    // see it; then what it leaves to do once they are made.
    let once_claimed: Vec<OnceClaimed> = modules
        .iter()
        .filter_map(|m| m.before_claims(&mut cx, position, &mut state))
        .collect();
    for (p, ls) in lanes.iter().enumerate() {
        for &l in ls {
            state.assign_lane(&game, l, p as u8);
        }
    }
    for then in once_claimed {
        then(&game, &mut state);
    }
    for m in modules {
        m.check(&mut cx, position, &lanes, &mut state);
    }
    for m in modules {
        m.trains_off_board(&mut cx, position, &lanes, &mut state);
    }
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

/// Each player's name (`player N` when the file gives none). The score names each player:
/// two of one name cannot be told apart, and are a problem.
fn player_names(position: &Position, out: &mut Vec<Diagnostic>) -> Vec<String> {
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
    position
        .player
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.name
                .clone()
                .unwrap_or_else(|| format!("player {}", i + 1))
        })
        .collect()
}

/// The game refused the setup: located at what the position said about it.
fn setup_problem(position: &Position, e: EngineError) -> Diagnostic {
    let message = e.to_string();
    let (span, help) = match &e {
        EngineError::Unsupported(_) => (
            position.map.span.clone(),
            Some("list them in the position: without = [\"KEY\", ...]".to_string()),
        ),
        EngineError::UnknownMode { .. } => (
            position
                .mode
                .as_ref()
                .map_or(position.map.span.clone(), |m| m.span.clone()),
            None,
        ),
        EngineError::Players { .. } => (
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
