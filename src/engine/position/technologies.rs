//! The UK's technologies in a position: the cards each player holds at the end and the points
//! the per-claim ones scored (see `format.rs`), checked against the map and given to the
//! technologies module's words; the routes claimed by Right of Way, shared as in play.

use super::cx::{Cx, GAME, LANE, LIMIT, UNKNOWN};
use super::format::{Position, RouteClaim};
use crate::engine::mechanics::technologies::Technologies;
use crate::engine::{NOBODY, State};
use crate::model::{MapFile, TechEffect};
use std::ops::Range;

/// The UK's advanced technologies are an optional extension: played when some player holds
/// one (or scored technology points with one), else left out.
pub(super) fn advanced_unless_held(map: &MapFile, position: &Position, without: &mut Vec<String>) {
    const KEY: &str = "mechanics.technologies.advanced";
    let Some(t) = &map.mechanics.technologies else {
        return;
    };
    let advanced = |id: &str| t.cards.iter().any(|c| c.advanced && c.id == id);
    let held = position.player.iter().any(|p| {
        p.technologies.iter().any(|x| advanced(&x.value))
            || p.technology_points.iter().any(|(x, _)| advanced(&x.value))
    });
    if map.mechanics.optional().contains(&"technologies.advanced")
        && !held
        && !without.iter().any(|w| w == KEY)
    {
        without.push(KEY.into());
    }
}

impl Cx<'_> {
    /// The index of technology `id` in the game, or a located problem naming the cards.
    fn find_tech(
        &mut self,
        t: &Technologies,
        id: &str,
        who: &str,
        at: &Range<usize>,
    ) -> Option<usize> {
        let found = t.find(id);
        if found.is_none() {
            let ids: Vec<&str> = t.techs.iter().map(|x| x.id.as_str()).collect();
            let hint = crate::suggest::did_you_mean(id, ids.iter().copied()).map_or_else(
                || format!(" (the cards in play: {})", ids.join(", ")),
                |s| format!("; {s}"),
            );
            let message = format!("{who}: no technology `{id}` in this game{hint}");
            self.problem(UNKNOWN, at, message, "unknown technology");
        }
        found
    }

    /// Checks and gives every player's technologies and technology points; every route a
    /// player holds must be one their technologies open.
    pub(super) fn technologies(&mut self, position: &Position, state: &mut State) {
        let (game, names) = (self.game, self.names);
        let Some((me, t)) = game.mechanics.get::<Technologies>() else {
            for (p, player) in position.player.iter().enumerate() {
                for (written, key) in [
                    (!player.technologies.is_empty(), &player.technologies_key),
                    (
                        !player.technology_points.is_empty(),
                        &player.technology_points_key,
                    ),
                ] {
                    if written {
                        let message = format!("{}: the map has no technologies", names[p]);
                        self.problem(GAME, key, message, "no technologies on this map");
                    }
                }
            }
            return;
        };
        for (p, player) in position.player.iter().enumerate() {
            let who = &names[p];
            for id in &player.technologies {
                let Some(k) = self.find_tech(t, &id.value, who, &id.span) else {
                    continue;
                };
                let tech = &t.techs[k];
                if matches!(
                    tech.effect,
                    TechEffect::ClaimClaimedRoute | TechEffect::ExtraClaim
                ) {
                    let message = format!(
                        "{who}: {} goes back to the supply when it is used, so nobody holds it at the end",
                        tech.name
                    );
                    self.problem(LIMIT, &id.span, message, "not held at the end");
                    continue;
                }
                if t.owned(game, state, me, p as u8) & (1 << k) != 0 {
                    let message = format!("{who}: {} is listed twice", tech.name);
                    self.problem(LIMIT, &id.span, message, "held once at most");
                    continue;
                }
                if !t.give(game, state, me, p as u8, k) {
                    let message = format!(
                        "{who}: {} is held by more players than its {} copies",
                        tech.name, tech.copies
                    );
                    self.problem(LIMIT, &id.span, message, "no copy left");
                }
            }
            let owned = t.owned(game, state, me, p as u8);
            for &r in &state.players[p].routes {
                if !t.route_open_with(game, owned, r as usize) {
                    let message = format!(
                        "{who}: route {} needs technologies the player does not hold (concessions, lengths, Propellers)",
                        game.routes[r as usize].id
                    );
                    self.problem(
                        LANE,
                        &player.technologies_key,
                        message,
                        "technologies missing",
                    );
                }
            }
            self.technology_points((me, t), player, who, p as u8, state);
        }
    }

    /// A player's `technology_points`: each a per-claim card they hold, a multiple of its value,
    /// at most what their routes could score with it.
    fn technology_points(
        &mut self,
        (me, t): (usize, &Technologies),
        player: &super::PlayerPosition,
        who: &str,
        p: u8,
        state: &mut State,
    ) {
        let game = self.game;
        for (id, n) in &player.technology_points {
            let Some(k) = self.find_tech(t, &id.value, who, &id.span) else {
                continue;
            };
            let tech = &t.techs[k];
            let routes = &state.players[p as usize].routes;
            let claims = match tech.effect {
                TechEffect::PointsPerRoute => routes.len() as i64,
                TechEffect::PointsPerFerry => routes
                    .iter()
                    .filter(|&&r| game.counts_as_ferry[r as usize])
                    .count() as i64,
                _ => {
                    let message = format!("{who}: {} scores no points by claims", tech.name);
                    self.problem(LIMIT, &id.span, message, "not a per-claim technology");
                    continue;
                }
            };
            let value = i64::from(tech.value);
            // What the card's claims can have scored: k × value for k from 0 to `claims`.
            let possible = if value == 0 {
                n.value == 0
            } else {
                n.value % value == 0 && (0..=claims).contains(&(n.value / value))
            };
            if n.value > 0 && t.owned(game, state, me, p) & (1 << k) == 0 {
                let message = format!(
                    "{who}: points from {} without holding it (add it to `technologies`)",
                    tech.name
                );
                self.problem(LIMIT, &n.span, message, "card not held");
            } else if !possible && value == 0 {
                let message = format!(
                    "{who}: {} points from {}, which scores nothing a claim",
                    n.value, tech.name
                );
                self.problem(LIMIT, &n.span, message, "impossible points");
            } else if !possible {
                let message = format!(
                    "{who}: {} points from {}, which scores {value} a claim: a multiple of {value}, at most {} for {claims} claims",
                    n.value,
                    tech.name,
                    claims * value
                );
                self.problem(LIMIT, &n.span, message, "impossible points");
            } else {
                t.add_claim_points(game, state, me, p, k, n.value as i32);
            }
        }
    }
}

impl Cx<'_> {
    /// The UK's Right of Way (`right_of_way`): each a lane another player holds, of a route
    /// the player holds no lane of, with one second owner at most, not of a parallel group,
    /// with trains enough (as the engine offers the claims); the game must play the card.
    /// Shared as in play, so the route scores, takes trains and joins the player's network;
    /// the technologies check then asks that the player's technologies open it.
    pub(super) fn right_of_way(&mut self, position: &Position, state: &mut State) {
        let game = self.game;
        let plays = game.mechanics.get::<Technologies>().is_some_and(|(_, t)| {
            t.techs
                .iter()
                .any(|x| x.effect == TechEffect::ClaimClaimedRoute)
        });
        for (p, player) in position.player.iter().enumerate() {
            if player.right_of_way.is_empty() {
                continue;
            }
            let who = self.names[p].clone();
            if !plays {
                let message =
                    format!("{who}: `right_of_way`, but this game has no Right of Way card");
                self.problem(
                    GAME,
                    &player.right_of_way_key,
                    message,
                    "no Right of Way here",
                );
                continue;
            }
            for claim in &player.right_of_way {
                if let Some(lane) = self.shared_lane(p, claim, state) {
                    let trains = game.routes[game.lane_route[lane] as usize].trains_needed();
                    if state.players[p].trains < trains {
                        let message = format!(
                            "{who}: Right of Way on `{}` needs {trains} trains but the player has {} left",
                            claim.route.value, state.players[p].trains
                        );
                        self.problem(LIMIT, &claim.route.span, message, "too few trains");
                        continue;
                    }
                    state.share_lane(game, lane, p as u8);
                }
            }
        }
    }

    /// The lane player `p` shares by Right of Way `claim`, or a located problem.
    fn shared_lane(&mut self, p: usize, claim: &RouteClaim, state: &State) -> Option<usize> {
        let game = self.game;
        let r = self.route(p, &claim.route)?;
        let info = &game.routes[r];
        let first = info.first_lane as usize;
        let lanes = first..first + info.lane_count as usize;
        let who = &self.names[p];
        let at = &claim.route.span;
        let shared_by = |l: usize| {
            state
                .shared_lanes
                .iter()
                .find(|&&(x, _)| x as usize == l)
                .map(|&(_, q)| q as usize)
        };
        let another = |l: usize| state.lane_owner[l] != NOBODY && state.lane_owner[l] as usize != p;
        let (message, label) = if game.group_of(r).is_some() {
            (
                format!(
                    "{who}: route `{}` is in a parallel group, which Right of Way cannot claim",
                    info.id
                ),
                "in a parallel group",
            )
        } else if lanes
            .clone()
            .any(|l| state.lane_owner[l] as usize == p || shared_by(l) == Some(p))
        {
            (
                format!(
                    "{who}: holds a lane of route `{}` already; Right of Way claims a route another player holds",
                    info.id
                ),
                "already the player's",
            )
        } else {
            let lane = match &claim.lane {
                Some(n) if n.value < 1 || n.value > info.lane_count as i64 => {
                    let message = format!(
                        "{who}: lane {}: route `{}` has {}",
                        n.value, info.id, info.lane_count
                    );
                    self.problem(LANE, &n.span, message, "no such lane");
                    return None;
                }
                Some(n) => Some(first + n.value as usize - 1),
                None => lanes
                    .clone()
                    .find(|&l| another(l) && shared_by(l).is_none())
                    .or_else(|| lanes.clone().find(|&l| another(l))),
            };
            match lane {
                Some(l) if another(l) => match shared_by(l) {
                    None => return Some(l),
                    Some(q) => (
                        format!(
                            "{who}: route `{}` lane {} has a second owner by Right of Way already ({}); a lane has one at most",
                            info.id,
                            l - first + 1,
                            self.names[q]
                        ),
                        "second owner already",
                    ),
                },
                _ => (
                    format!(
                        "{who}: Right of Way on route `{}`, which no other player holds (list it in their `routes`)",
                        info.id
                    ),
                    "nobody else holds it",
                ),
            }
        };
        self.problem(LANE, at, message, label);
        None
    }
}
