//! The codes of position problems and the context every position check reports through
//! ([`Cx`]): the core's checks (`check.rs`) and the modules' ([`PositionEntries`]) alike.
//!
//! [`PositionEntries`]: super::PositionEntries

use super::format::At;
use super::names::{Found, Names};
use crate::diagnostic::Diagnostic;
use crate::engine::Game;
use std::ops::Range;

/// A name the map does not have (or that fits several things).
pub const UNKNOWN: &str = "position-unknown";
/// The game cannot be set up as the position says (player count, mode, rules left out).
pub const GAME: &str = "position-game";
/// A lane that does not exist, is claimed twice, or that the player count keeps closed; two
/// routes that cross, both claimed.
pub const LANE: &str = "position-lane";
/// More trains, stations or ticket copies than a game has.
pub const LIMIT: &str = "position-limit";
/// A station where there already is one, or borrowing a route it may not.
pub const STATION: &str = "position-station";
/// A city marker where there is one, in a forbidden city, or `after` a route not into its
/// city; Alvin held by two players or by one who never captured him.
pub const MARKER: &str = "position-marker";

/// What a position says came with a claim does not fit that claim: a South Korea mat train
/// from a route its player did not claim, on a line the route's colour does not allow, with
/// cards that do not pay for it or a spot they do not reach; Iberia festival cards taken
/// with a claim not into their city, or takes that do not add up to the cards held.
pub const CLAIM: &str = "position-claim";

/// A France track bed built as no game builds one: a route that is no bed, a lane built
/// twice or beyond those the player count lets be built, a piece its length has none of, a
/// claimed bed nobody built.
pub const TRACK: &str = "position-track";

/// What the checks of one position share: the game, the players' names, the name resolver
/// and the problems found so far.
pub struct Cx<'a> {
    pub(super) game: &'a Game,
    pub(super) names: &'a [String],
    pub(super) resolve: &'a Names<'a>,
    pub(super) out: Vec<Diagnostic>,
}

impl<'a> Cx<'a> {
    /// The game the position is checked against.
    pub fn game(&self) -> &'a Game {
        self.game
    }

    /// Each player's name (`player N` when the file gives none), for messages.
    pub fn names(&self) -> &'a [String] {
        self.names
    }

    /// A problem at `at`, with `label` under it.
    pub fn problem(&mut self, code: &'static str, at: &Range<usize>, message: String, label: &str) {
        self.out.push(
            Diagnostic::error(code, message)
                .with_span(at.clone())
                .with_label(label),
        );
    }

    /// The route `name` names, or a located problem.
    pub fn route(&mut self, who: usize, name: &At<String>) -> Option<usize> {
        let found = self.resolve.route(self.game, &name.value);
        self.found(found, who, name, "route", |g, r| g.routes[r].id.clone())
    }

    /// The city `name` names, or a located problem.
    pub fn city(&mut self, who: usize, name: &At<String>) -> Option<usize> {
        let found = self.resolve.city(&name.value);
        self.found(found, who, name, "city", |g, c| g.city_ids[c].clone())
    }

    /// The route `name` names, if exactly one (a problem with it is reported elsewhere).
    pub fn route_quietly(&self, name: &str) -> Option<usize> {
        match self.resolve.route(self.game, name) {
            Found::One(r) => Some(r),
            _ => None,
        }
    }

    /// The city `name` names, if any (a problem with it is reported elsewhere).
    pub fn city_quietly(&self, name: &str) -> Option<usize> {
        match self.resolve.city(name) {
            Found::One(c) => Some(c),
            _ => None,
        }
    }

    pub(super) fn found(
        &mut self,
        found: Found,
        who: usize,
        name: &At<String>,
        kind: &str,
        id_of: impl Fn(&Game, usize) -> String,
    ) -> Option<usize> {
        let who = &self.names[who];
        let id = &name.value;
        match found {
            Found::One(i) => Some(i),
            Found::Many(many) => {
                let ids: Vec<String> = many.iter().map(|&i| id_of(self.game, i)).collect();
                self.out.push(
                    Diagnostic::error(
                        UNKNOWN,
                        format!("{who}: `{id}` names {} {kind}s", many.len()),
                    )
                    .with_span(name.span.clone())
                    .with_label(format!("which {kind}?"))
                    .with_help(format!("use one of: {}", ids.join(", "))),
                );
                None
            }
            Found::None(near) => {
                let help = match near {
                    Some(n) => format!("did you mean '{n}'?"),
                    None if kind == "route" => {
                        "name a route by its id, or by its two cities' ids or names in either order".into()
                    }
                    None if kind == "ticket" => {
                        "name a ticket by its label or as its card reads, from either end ('-' for '–')".into()
                    }
                    None => format!("no {kind} of the map is close to this name"),
                };
                // A mode may leave some of the map's tickets out of the game.
                let label = match &self.game.mode {
                    Some(mode) if kind == "ticket" => {
                        format!("not a ticket of this map's mode `{mode}`")
                    }
                    _ => format!("not a {kind} of this map"),
                };
                self.out.push(
                    Diagnostic::error(UNKNOWN, format!("{who}: unknown {kind} `{id}`"))
                        .with_span(name.span.clone())
                        .with_label(label)
                        .with_help(help),
                );
                None
            }
        }
    }
}
