//! The UK's technologies in a position: the cards each player holds at the end and the points
//! the per-claim ones scored (see `format.rs`), checked against the map and given to the
//! technologies module's words; the routes claimed by Right of Way, shared as in play.

use super::cx::{Cx, GAME, LANE, LIMIT, UNKNOWN};
use super::format::{At, Position, RouteClaim};
use crate::engine::mechanics::technologies::{Tech, Technologies};
use crate::engine::{NOBODY, State};
use crate::model::{MapFile, TechEffect};
use std::collections::BTreeSet;
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
        p.technologies.iter().any(|x| advanced(&x.card.value))
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
            let mut bought = Vec::new();
            for held in &player.technologies {
                let id = &held.card;
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
                if let Some(after) = &held.after {
                    let before = self.claimed_before(p, &tech.name, after, state);
                    bought.push(Bought { tech: k, before });
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
            self.purchase_order(t, player, p, &bought, owned, state);
            self.technology_points((me, t), player, who, p as u8, &bought, state);
        }
    }

    /// The routes of `after` (those player `p` claimed before buying `tech`), each one they
    /// hold, or a located problem.
    fn claimed_before(
        &mut self,
        p: usize,
        tech: &str,
        after: &[At<String>],
        state: &State,
    ) -> BTreeSet<usize> {
        let mut before = BTreeSet::new();
        for name in after {
            let Some(r) = self.route(p, name) else {
                continue;
            };
            if state.players[p].routes.iter().any(|&x| x as usize == r) {
                before.insert(r);
            } else {
                let who = &self.names[p];
                let message = format!(
                    "{who}: `{}`, claimed before {tech} (its `after`), is not a route {who} holds",
                    name.value
                );
                self.problem(LANE, &name.span, message, "not the player's route");
            }
        }
        before
    }

    /// The order the purchase times give: a route claimed before a card was bought must be
    /// one the cards bought before it open, and two cards' routes before must nest (a player
    /// buys one card a turn, so one of any two came first).
    fn purchase_order(
        &mut self,
        t: &Technologies,
        player: &super::PlayerPosition,
        p: usize,
        bought: &[Bought],
        owned: u32,
        state: &State,
    ) {
        let (game, who) = (self.game, &self.names[p]);
        let name = |b: &Bought| t.techs[b.tech].name.as_str();
        for &r in &state.players[p].routes {
            let r = r as usize;
            let later: Vec<&Bought> = bought.iter().filter(|b| b.before.contains(&r)).collect();
            let then = later.iter().fold(owned, |o, b| o & !(1 << b.tech));
            if later.is_empty()
                || !t.route_open_with(game, owned, r)
                || t.route_open_with(game, then, r)
            {
                continue;
            }
            // The cards it could not do without; where none alone, all those bought later.
            let needed: Vec<&str> = later
                .iter()
                .filter(|b| !t.route_open_with(game, owned & !(1 << b.tech), r))
                .map(|b| name(b))
                .collect();
            let needed = if needed.is_empty() {
                later.iter().map(|b| name(b)).collect()
            } else {
                needed
            };
            let message = format!(
                "{who}: route {} was claimed before {} was bought, but needs {}",
                game.routes[r].id,
                needed.join(" and "),
                if needed.len() == 1 { "it" } else { "them" }
            );
            self.problem(LANE, &player.technologies_key, message, "claimed too early");
        }
        for (i, a) in bought.iter().enumerate() {
            for b in &bought[i + 1..] {
                let only_a = a.before.difference(&b.before).next();
                let only_b = b.before.difference(&a.before).next();
                let (Some(&x), Some(&y)) = (only_a, only_b) else {
                    continue;
                };
                let message = format!(
                    "{who}: {} and {} cannot both have been bought when their `after` say: `{}` came before {} only, `{}` before {} only",
                    name(a),
                    name(b),
                    game.routes[x].id,
                    name(a),
                    game.routes[y].id,
                    name(b)
                );
                self.problem(
                    LIMIT,
                    &player.technologies_key,
                    message,
                    "no order of turns",
                );
            }
        }
    }

    /// A player's per-claim points: for a card with a purchase time, what its claims after
    /// it scored (and `technology_points`, where written, must say the same); otherwise its
    /// `technology_points`, each a per-claim card they hold, a multiple of its value, at most
    /// what their routes could score with it.
    fn technology_points(
        &mut self,
        (me, t): (usize, &Technologies),
        player: &super::PlayerPosition,
        who: &str,
        p: u8,
        bought: &[Bought],
        state: &mut State,
    ) {
        let game = self.game;
        // The claims a per-claim card scores, of those made after `before` (none: all).
        let scored = |tech: &Tech, before: &BTreeSet<usize>, state: &State| {
            let claims = state.players[p as usize].routes.iter().map(|&r| r as usize);
            let after = claims.filter(|r| !before.contains(r));
            match tech.effect {
                TechEffect::PointsPerRoute => Some(after.count() as i64),
                TechEffect::PointsPerFerry => {
                    Some(after.filter(|&r| game.counts_as_ferry[r]).count() as i64)
                }
                _ => None,
            }
        };
        for b in bought {
            let tech = &t.techs[b.tech];
            let Some(claims) = scored(tech, &b.before, state) else {
                continue;
            };
            let value = i64::from(tech.value);
            let written = player
                .technology_points
                .iter()
                .find(|(id, _)| t.find(&id.value) == Some(b.tech));
            if let Some((_, n)) = written
                && n.value != claims * value
            {
                let ferry = if tech.effect == TechEffect::PointsPerFerry {
                    "ferry "
                } else {
                    ""
                };
                let message = format!(
                    "{who}: {} points from {}, but it scored {}: {value} a claim for the {claims} {ferry}claim{} after its purchase",
                    n.value,
                    tech.name,
                    claims * value,
                    if claims == 1 { "" } else { "s" }
                );
                self.problem(LIMIT, &n.span, message, "not what its claims scored");
                continue;
            }
            t.add_claim_points(game, state, me, p, b.tech, (claims * value) as i32);
        }
        for (id, n) in &player.technology_points {
            let Some(k) = self.find_tech(t, &id.value, who, &id.span) else {
                continue;
            };
            if bought.iter().any(|b| b.tech == k) {
                continue;
            }
            let tech = &t.techs[k];
            let Some(claims) = scored(tech, &BTreeSet::new(), state) else {
                let message = format!("{who}: {} scores no points by claims", tech.name);
                self.problem(LIMIT, &id.span, message, "not a per-claim technology");
                continue;
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

/// A card held with its purchase time: the routes claimed before it was bought.
struct Bought {
    tech: usize,
    before: BTreeSet<usize>,
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
                .shared_lanes()
                .iter()
                .find(|&&(x, _)| x as usize == l)
                .map(|&(_, q)| q as usize)
        };
        let another =
            |l: usize| state.lane_owner()[l] != NOBODY && state.lane_owner()[l] as usize != p;
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
            .any(|l| state.lane_owner()[l] as usize == p || shared_by(l) == Some(p))
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
