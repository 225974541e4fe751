//! Semantic checks: what the schema cannot say. Duplicate ids, references to cities, zones,
//! decks and modes that do not exist (with a "did you mean"), routes whose lanes disagree with
//! their colours, ferries with more locomotives than spaces, tickets mixing shapes, rules that
//! contradict themselves, mechanic data that does not add up.
//!
//! Each family of checks is one file; each problem has a stable code (see `CODES`). Checks
//! read the model and locate problems through the span tree (`crate::spans`); they never
//! re-parse. They take the text and spans, not a `load::Loaded`, so `load` (which runs them)
//! and `check` do not import each other.

mod ids;
mod mechanics;
mod positions;
mod references;
mod routes;
mod rules;
mod tickets;

use crate::diagnostic::Diagnostic;
use crate::model::MapFile;
use crate::spans::{Seg, SpanNode};
use std::collections::HashSet;

/// Every code a semantic check can report, with a one-line summary (`ttrmap explain`).
pub const CODES: &[(&str, &str)] = &[
    (
        "duplicate-id",
        "two cities, zones, regions, routes, decks, modes, bonuses, tickets, festivals or technologies share an id",
    ),
    (
        "unknown-city",
        "a route, ticket or mechanic names a city (or zone) that is not defined",
    ),
    (
        "unknown-reference",
        "a region, zone, deck, mode, bonus or festival named somewhere is not defined",
    ),
    (
        "route-self-loop",
        "a route starts and ends at the same city",
    ),
    (
        "lane-colors",
        "a route's `lanes`, `color` and `colors` disagree",
    ),
    (
        "ferry-too-long",
        "a ferry has more locomotive spaces than spaces",
    ),
    (
        "route-shape",
        "a route combines features that cannot go together (a track bed with a colour, ...)",
    ),
    (
        "shape-ignored",
        "a route has both `waypoints` and `shape`; the waypoints win and the shape is ignored (a warning)",
    ),
    (
        "ticket-shape",
        "a ticket mixes the city-to-city, multi-city and any-of shapes, or has none",
    ),
    ("ticket-same-city", "a ticket names the same city twice"),
    (
        "players",
        "player counts that cannot work (min above max, a mode or rule outside the map's range)",
    ),
    (
        "ticket-deal",
        "keeping more tickets than are dealt, an impossible draft, or a game mode without one way to deal (both or neither of `deal` and `pool`, a pool holding no ticket)",
    ),
    (
        "no-route-points",
        "a route's length has no entry in the route score table",
    ),
    (
        "bonus-params",
        "a bonus lacks the parameter its kind needs, or has one it ignores",
    ),
    (
        "points-range",
        "a points value in a table beyond -1,000 to 1,000, more than any game scores",
    ),
    (
        "mechanic-data",
        "mechanic data that does not add up (a festival chart shorter than its cards, ...)",
    ),
    ("deck-size", "a deck's stated size differs from its tickets"),
    (
        "deck-published-size",
        "a deck holds a different number of tickets than the published game, and which ticket differs is not known (a warning)",
    ),
    (
        "position-far-off-board",
        "a city, waypoint or zone name more than 100 board sizes off the board: a typo no drawing can hold",
    ),
    (
        "missing-mechanic",
        "the rule system needs a mechanic table the map does not declare (a warning)",
    ),
];

/// Runs every semantic check on a deserialised map.
pub fn check(map: &MapFile, text: &str, spans: &SpanNode) -> Vec<Diagnostic> {
    let mut cx = Cx {
        map,
        text,
        spans,
        cities: map.cities.iter().map(|c| c.id.as_str()).collect(),
        zones: map.zones.iter().map(|z| z.id.as_str()).collect(),
        out: Vec::new(),
    };
    ids::check(&mut cx);
    references::check(&mut cx);
    routes::check(&mut cx);
    tickets::check(&mut cx);
    rules::check(&mut cx);
    mechanics::check(&mut cx);
    positions::check(&mut cx);
    cx.out
}

/// What a check needs: the model, the source text and its spans, and where to put findings.
pub(crate) struct Cx<'a> {
    pub map: &'a MapFile,
    pub text: &'a str,
    pub spans: &'a SpanNode,
    pub cities: HashSet<&'a str>,
    pub zones: HashSet<&'a str>,
    pub out: Vec<Diagnostic>,
}

impl Cx<'_> {
    /// Reports `d` at the value found at `path`.
    pub fn at(&mut self, path: Vec<Seg>, d: Diagnostic) {
        let span = Some(self.spans.locate(&path).value);
        self.out.push(Diagnostic { span, ..d });
    }

    /// Reports `d` at the key found at `path` (for a whole entry's problem).
    pub fn at_key(&mut self, path: Vec<Seg>, d: Diagnostic) {
        let loc = self.spans.locate(&path);
        let span = Some(loc.key.unwrap_or(loc.value));
        self.out.push(Diagnostic { span, ..d });
    }

    /// Every id a ticket or route may name as a place: cities and zones.
    pub fn place_ids(&self) -> impl Iterator<Item = &str> {
        self.map
            .cities
            .iter()
            .map(|c| c.id.as_str())
            .chain(self.map.zones.iter().map(|z| z.id.as_str()))
    }

    pub fn is_city(&self, id: &str) -> bool {
        self.cities.contains(id)
    }

    pub fn is_place(&self, id: &str) -> bool {
        self.is_city(id) || self.zones.contains(id)
    }
}
