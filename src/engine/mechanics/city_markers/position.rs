//! City markers in a position written by hand (`ttrmap score`): each player's
//! `markers = ["salt-lake-city", { city = "st-george", after = ["las-vegas-st-george",
//! { route = "salt-lake-city-st-george", lane = 1 }] }]`, the first the starting city.
//!
//! With markers counting at the claim, a marker takes the points of the routes into its
//! city claimed after it was placed; `after` names the routes (or one lane of a double)
//! claimed before, which it does not divert. So the markers are put before the lanes are
//! assigned (the claims' hook keeps the markers in place), and those placed after a claim
//! let it go once every lane is.

use super::CityMarkers;
use crate::engine::position::{
    At, Cx, GAME, LANE, LIMIT, MARKER, OnceClaimed, PlayerEntries, Position, PositionEntries,
    Reader, RouteClaim,
};
use crate::engine::{Game, State};
use crate::spans::Seg;
use serde_json::{Map, Value};
use std::ops::Range;
use std::sync::Arc;

/// The city markers' entry of a position file, `markers`.
pub struct Entries;

/// A player's markers, in the file's order, and the `markers` key.
#[derive(Debug)]
struct Markers {
    markers: Vec<Marker>,
    key: Range<usize>,
}

/// A city marker, and the routes claimed before it was placed: a whole route (every lane
/// claimed before it), or one lane of a double or triple whose other lanes came after.
#[derive(Debug)]
struct Marker {
    city: At<String>,
    after: Vec<RouteClaim>,
}

const KEYS: &[&str] = &["city", "after"];

impl PositionEntries for Entries {
    fn keys(&self) -> &'static [&'static str] {
        &["markers"]
    }

    fn read(
        &self,
        r: &mut Reader,
        i: usize,
        table: &Map<String, Value>,
    ) -> Option<Arc<dyn PlayerEntries>> {
        let (markers, key) = r.entries(table, i, "markers", marker)?;
        Some(Arc::new(Markers { markers, key }))
    }

    /// Puts the markers (the first is the start), checked against the map's limit, one a
    /// city and the forbidden cities (Alvin's too when he is played); once the lanes are
    /// assigned, each marker placed after a lane was claimed lets it go.
    fn before_claims(
        &self,
        cx: &mut Cx,
        position: &Position,
        state: &mut State,
    ) -> Option<OnceClaimed> {
        let game = cx.game();
        let Some((me, markers)) = game.mechanics.get::<CityMarkers>() else {
            for (p, player) in position.player.iter().enumerate() {
                if let Some(m) = player
                    .entries::<Markers>()
                    .filter(|m| !m.markers.is_empty())
                {
                    let message = format!("{}: the map has no city markers", cx.names()[p]);
                    cx.problem(GAME, &m.key, message, "no markers on this map");
                }
            }
            return None;
        };
        let mut after = Vec::new();
        for (p, player) in position.player.iter().enumerate() {
            if let Some(m) = player.entries::<Markers>() {
                after.extend(markers.put_markers(cx, p, m, state, me));
            }
        }
        Some(Box::new(move |game: &Game, state: &mut State| {
            for (lane, city) in after {
                CityMarkers::placed_after(game, state, me, lane, city);
            }
        }))
    }

    /// With `connected_network`, every claim touches the network grown from the starting
    /// city (the first marker), so at any point of a game each player's routes are one
    /// network from it, and a later marker goes in a city of that network.
    fn check(&self, cx: &mut Cx, position: &Position, lanes: &[Vec<usize>], _: &mut State) {
        let game = cx.game();
        let connected = game
            .mechanics
            .get::<CityMarkers>()
            .is_some_and(|(_, m)| m.connected_network);
        if !connected {
            return;
        }
        for (p, player) in position.player.iter().enumerate() {
            let Some(m) = player.entries::<Markers>() else {
                continue;
            };
            let Some(first) = m.markers.first() else {
                continue;
            };
            let Some(start) = cx.city_quietly(&first.city.value) else {
                continue;
            };
            let routes: Vec<usize> = lanes[p]
                .iter()
                .map(|&l| game.lane_route[l] as usize)
                .collect();
            let (joined, reached) = grow(game, start, &routes);
            let who = &cx.names()[p];
            let from = &first.city.value;
            for claim in &player.routes {
                let Some(r) = cx.route_quietly(&claim.route.value) else {
                    continue;
                };
                let k = routes.iter().position(|&x| x == r);
                if k.is_some_and(|k| !joined[k]) {
                    let message = format!(
                        "{who}: route `{}` is not joined to their network from `{from}`; every claim must touch it",
                        game.routes[r].id
                    );
                    cx.problem(MARKER, &claim.route.span, message, "off the network");
                }
            }
            for m in &m.markers[1..] {
                let Some(c) = cx.city_quietly(&m.city.value) else {
                    continue;
                };
                if !reached[c] {
                    let message = format!(
                        "{who}: a marker in `{}`, which their network from `{from}` does not reach",
                        m.city.value
                    );
                    cx.problem(MARKER, &m.city.span, message, "off the network");
                }
            }
        }
    }
}

/// The network grown from `start` by `routes` (few routes a player): which routes it
/// joins, and which cities it reaches.
fn grow(game: &Game, start: usize, routes: &[usize]) -> (Vec<bool>, Vec<bool>) {
    let mut reached = vec![false; game.city_ids.len()];
    reached[start] = true;
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
            return (joined, reached);
        }
    }
}

impl CityMarkers {
    /// Puts player `p`'s markers `m`; returns each (lane, city) of a marker placed after
    /// that lane was claimed (every lane of a route named whole, the one named of `{ route,
    /// lane }`).
    fn put_markers(
        &self,
        cx: &mut Cx,
        p: usize,
        m: &Markers,
        state: &mut State,
        me: usize,
    ) -> Vec<(usize, u16)> {
        let (game, names) = (cx.game(), cx.names());
        let mut after = Vec::new();
        if m.markers.len() > self.per_player as usize {
            let message = format!(
                "{}: {} markers but a player has {}",
                names[p],
                m.markers.len(),
                self.per_player
            );
            cx.problem(LIMIT, &m.key, message, "too many markers");
            return after;
        }
        for marker in &m.markers {
            let Some(c) = cx.city(p, &marker.city) else {
                continue;
            };
            let c = c as u16;
            if self.forbidden.contains(&c) {
                let message = format!("{}: no marker may go in `{}`", names[p], marker.city.value);
                cx.problem(MARKER, &marker.city.span, message, "a forbidden city");
                continue;
            }
            if let Some(o) = CityMarkers::controller(game, state, me, c) {
                let message = format!(
                    "{}: `{}` already has a marker ({}); one marker a city",
                    names[p], marker.city.value, names[o as usize]
                );
                cx.problem(MARKER, &marker.city.span, message, "a second marker");
                continue;
            }
            CityMarkers::put(game, state, me, p as u8, c);
            for claim in &marker.after {
                after.extend(lanes_after(cx, p, marker, claim, c).map(|lane| (lane, c)));
            }
        }
        after
    }
}

/// The lanes of `claim`, named `after` `marker` (in city `c`): every lane of a route named
/// whole, the one named of `{ route, lane }`; none, and a located problem, when the route
/// does not end in the city or has no such lane.
fn lanes_after(cx: &mut Cx, p: usize, marker: &Marker, claim: &RouteClaim, c: u16) -> Range<usize> {
    let (game, names) = (cx.game(), cx.names());
    let name = &claim.route;
    let Some(r) = cx.route(p, name) else {
        return 0..0;
    };
    let route = &game.routes[r];
    if route.city_a != c && route.city_b != c {
        let message = format!(
            "{}: `{}` does not end in `{}`, so the marker there cannot take its points",
            names[p], name.value, marker.city.value
        );
        cx.problem(MARKER, &name.span, message, "not a route into the city");
        return 0..0;
    }
    let first = route.first_lane as usize;
    let n = route.lane_count as i64;
    match &claim.lane {
        None => first..first + n as usize,
        Some(l) if (1..=n).contains(&l.value) => {
            let k = first + l.value as usize - 1;
            k..k + 1
        }
        Some(l) => {
            let message = format!(
                "{}: lane {} of `{}` after the marker in `{}`: the route has {n} lane{}, numbered from 1",
                names[p],
                l.value,
                name.value,
                marker.city.value,
                if n == 1 { "" } else { "s" }
            );
            cx.problem(LANE, &l.span, message, "no such lane");
            0..0
        }
    }
}

/// A marker: a city id, or `{ city = "id", after = ["route", { route, lane }, ...] }`.
fn marker(r: &mut Reader, v: &Value, i: usize, j: usize) -> Option<Marker> {
    let path = crate::path!["player", i, "markers", j];
    if v.is_string() {
        let city = r.string(v, &path, "each marker")?;
        return Some(Marker {
            city,
            after: Vec::new(),
        });
    }
    if !v.is_object() {
        r.wrong(
            &path,
            "each marker is a city id or { city = \"id\", after = [\"route\", ...] }".into(),
            "not a marker",
        );
        return None;
    }
    let what = format!("a marker of [[player]] #{}", i + 1);
    let table = r.table(v, &path, KEYS, &what)?;
    let Some(c) = table.get("city") else {
        r.missing(&path, "city", &what, "{ city = \"st-george\" }");
        return None;
    };
    let mut at = path.clone();
    at.push(Seg::Key("city".into()));
    let city = r.string(c, &at, "`city`")?;
    let mut after = Vec::new();
    if let Some(a) = table.get("after") {
        let mut at = path.clone();
        at.push(Seg::Key("after".into()));
        let what = format!("a route `after` a marker of [[player]] #{}", i + 1);
        for (k, item) in r.array(a, &at, "`after`").iter().enumerate() {
            let mut one = at.clone();
            one.push(Seg::Index(k));
            after.extend(r.claim_at(item, one, &what));
        }
    }
    Some(Marker { city, after })
}
