//! The UK's technologies in a position written by hand (`ttrmap score`): the cards each
//! player holds at the end and the points the per-claim ones scored, checked against the map
//! and given to the module's words; the routes claimed by Right of Way, shared as in play.
//!
//! ```toml
//! # technologies held at the end (by card id); `after`: the routes claimed before the card
//! # was bought (the rest came after), which sets what a per-claim card scored
//! technologies = ["wales-concession", { card = "boiler-lagging", after = ["london-reading"] },
//!                 "steam-turbine"]
//! # or, where only the score track's sums were written down: the per-claim cards' points
//! technology_points = { steam-turbine = 2 }
//! # routes another player holds that this one claimed too by Right of Way
//! right_of_way = ["london-reading"]
//! ```
//!
//! Boiler Lagging and Steam Turbine score the claims made after their purchase, so the
//! routes and the cards held at the end do not say their points: the order of purchases
//! and claims does. A card's `after` gives that order and its points follow from it (and
//! must agree with `technology_points` where both are written); every route claimed before
//! a card was bought must be one the cards bought before it open, and two cards' `after`
//! lists must nest (one purchase a turn, so one was bought first). Without `after`, a card
//! counts as bought before every claim, and `technology_points` (0 when not written) is
//! bounded by what the player's routes could have scored.
//!
//! The advanced cards are an optional extension: played when some player holds one (or
//! scored technology points with one), else left out.

use super::{Tech, Technologies};
use crate::engine::position::{
    At, Cx, GAME, LANE, LIMIT, PlayerEntries, PlayerPosition, Position, PositionEntries, Reader,
    RouteClaim, UNKNOWN,
};
use crate::engine::{NOBODY, State};
use crate::model::{MapFile, TechEffect};
use crate::spans::Seg;
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::ops::Range;
use std::sync::Arc;

/// The technologies' entries of a position file: `technologies`, `technology_points` and
/// `right_of_way`.
pub struct Entries;

/// A player's technology entries, each with its key (a missing key's span is the player's
/// table: a route their technologies do not open is reported there).
#[derive(Debug)]
struct Written {
    /// The technologies held at the end, by card id, each with its purchase time when the
    /// file gives it.
    technologies: Vec<Held>,
    technologies_key: Range<usize>,
    /// Points the per-claim technologies scored (Boiler Lagging, Steam Turbine), by card id.
    technology_points: Vec<(At<String>, At<i64>)>,
    technology_points_key: Range<usize>,
    /// Routes another player claimed (in their `routes`) that this player claimed too by
    /// Right of Way, as a second owner beside them; a `lane` is the first owner's lane
    /// (default: the first lane another player holds and nobody shares).
    right_of_way: Vec<RouteClaim>,
    right_of_way_key: Range<usize>,
}

/// The entries of a player no file wrote (a position built in code).
static NONE: Written = Written {
    technologies: Vec::new(),
    technologies_key: 0..0,
    technology_points: Vec::new(),
    technology_points_key: 0..0,
    right_of_way: Vec::new(),
    right_of_way_key: 0..0,
};

fn written(player: &PlayerPosition) -> &Written {
    player.entries::<Written>().unwrap_or(&NONE)
}

/// A technology card held at the end: its id, and when the file says so, the routes the
/// player claimed before buying it (`after`; every other route of theirs came after).
#[derive(Debug)]
struct Held {
    card: At<String>,
    after: Option<Vec<At<String>>>,
}

const KEYS: &[&str] = &["card", "after"];

impl PositionEntries for Entries {
    fn keys(&self) -> &'static [&'static str] {
        &["technologies", "technology_points", "right_of_way"]
    }

    fn read(
        &self,
        r: &mut Reader,
        i: usize,
        table: &Map<String, Value>,
    ) -> Option<Arc<dyn PlayerEntries>> {
        let key = |r: &Reader, key: &str| r.key_span(crate::path!["player", i, key].as_slice());
        let mut w = Written {
            technologies: Vec::new(),
            technologies_key: key(r, "technologies"),
            technology_points: Vec::new(),
            technology_points_key: key(r, "technology_points"),
            right_of_way: Vec::new(),
            right_of_way_key: key(r, "right_of_way"),
        };
        if let Some(v) = table.get("right_of_way") {
            let path = crate::path!["player", i, "right_of_way"];
            for (j, item) in r.array(v, &path, "`right_of_way`").iter().enumerate() {
                w.right_of_way.extend(r.claim(item, i, "right_of_way", j));
            }
        }
        if let Some(v) = table.get("technologies") {
            let path = crate::path!["player", i, "technologies"];
            for (j, item) in r.array(v, &path, "`technologies`").iter().enumerate() {
                w.technologies.extend(technology(r, item, i, j));
            }
        }
        if let Some(v) = table.get("technology_points") {
            w.technology_points = r.counts(
                v,
                crate::path!["player", i, "technology_points"],
                &format!("`technology_points` of [[player]] #{}", i + 1),
                "technology_points = { boiler-lagging = 3 }",
                ("a technology's points", "not a number of points"),
            );
        }
        Some(Arc::new(w))
    }

    /// The advanced technologies are an optional extension: played when some player holds
    /// one (or scored technology points with one), else left out.
    fn leaves_out(&self, map: &MapFile, position: &Position, without: &mut Vec<String>) {
        const KEY: &str = "mechanics.technologies.advanced";
        let Some(t) = &map.mechanics.technologies else {
            return;
        };
        let advanced = |id: &str| t.cards.iter().any(|c| c.advanced && c.id == id);
        let held = position.player.iter().map(written).any(|p| {
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

    /// Right of Way's shared lanes first (they take trains and join networks), then the
    /// technologies held, which must open every route of the player's, shared ones too.
    fn check(&self, cx: &mut Cx, position: &Position, _: &[Vec<usize>], state: &mut State) {
        right_of_way(cx, position, state);
        technologies(cx, position, state);
    }
}

/// A technology held: its card id, or `{ card = "id", after = ["route", ...] }`.
fn technology(r: &mut Reader, v: &Value, i: usize, j: usize) -> Option<Held> {
    let path = crate::path!["player", i, "technologies", j];
    if v.is_string() {
        let card = r.string(v, &path, "each technology (its card id)")?;
        return Some(Held { card, after: None });
    }
    if !v.is_object() {
        r.wrong(
            &path,
            "each technology is a card id or { card = \"id\", after = [\"route\", ...] }".into(),
            "not a technology",
        );
        return None;
    }
    let what = format!("a technology of [[player]] #{}", i + 1);
    let table = r.table(v, &path, KEYS, &what)?;
    let Some(c) = table.get("card") else {
        r.missing(&path, "card", &what, "{ card = \"boiler-lagging\" }");
        return None;
    };
    let mut at = path.clone();
    at.push(Seg::Key("card".into()));
    let card = r.string(c, &at, "`card`")?;
    let after = table.get("after").map(|a| {
        let mut at = path.clone();
        at.push(Seg::Key("after".into()));
        let mut routes = Vec::new();
        for (k, item) in r.array(a, &at, "`after`").iter().enumerate() {
            let mut one = at.clone();
            one.push(Seg::Index(k));
            routes.extend(r.string(item, &one, "each route `after` a purchase (its id)"));
        }
        routes
    });
    Some(Held { card, after })
}

/// The index of technology `id` in the game, or a located problem naming the cards.
fn find_tech(
    cx: &mut Cx,
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
        cx.problem(UNKNOWN, at, message, "unknown technology");
    }
    found
}

/// Checks and gives every player's technologies and technology points; every route a
/// player holds must be one their technologies open.
fn technologies(cx: &mut Cx, position: &Position, state: &mut State) {
    let (game, names) = (cx.game(), cx.names());
    let Some((me, t)) = game.mechanics.get::<Technologies>() else {
        for (p, player) in position.player.iter().map(written).enumerate() {
            for (written, key) in [
                (!player.technologies.is_empty(), &player.technologies_key),
                (
                    !player.technology_points.is_empty(),
                    &player.technology_points_key,
                ),
            ] {
                if written {
                    let message = format!("{}: the map has no technologies", names[p]);
                    cx.problem(GAME, key, message, "no technologies on this map");
                }
            }
        }
        return;
    };
    for (p, player) in position.player.iter().map(written).enumerate() {
        let who = &names[p];
        let mut bought = Vec::new();
        for held in &player.technologies {
            let id = &held.card;
            let Some(k) = find_tech(cx, t, &id.value, who, &id.span) else {
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
                cx.problem(LIMIT, &id.span, message, "not held at the end");
                continue;
            }
            if t.owned(game, state, me, p as u8) & (1 << k) != 0 {
                let message = format!("{who}: {} is listed twice", tech.name);
                cx.problem(LIMIT, &id.span, message, "held once at most");
                continue;
            }
            if !t.give(game, state, me, p as u8, k) {
                let message = format!(
                    "{who}: {} is held by more players than its {} copies",
                    tech.name, tech.copies
                );
                cx.problem(LIMIT, &id.span, message, "no copy left");
            }
            if let Some(after) = &held.after {
                let before = claimed_before(cx, p, &tech.name, after, state);
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
                cx.problem(
                    LANE,
                    &player.technologies_key,
                    message,
                    "technologies missing",
                );
            }
        }
        purchase_order(cx, t, player, p, &bought, owned, state);
        technology_points(cx, (me, t), player, who, p as u8, &bought, state);
    }
}

/// The routes of `after` (those player `p` claimed before buying `tech`), each one they
/// hold, or a located problem.
fn claimed_before(
    cx: &mut Cx,
    p: usize,
    tech: &str,
    after: &[At<String>],
    state: &State,
) -> BTreeSet<usize> {
    let mut before = BTreeSet::new();
    for name in after {
        let Some(r) = cx.route(p, name) else {
            continue;
        };
        if state.players[p].routes.iter().any(|&x| x as usize == r) {
            before.insert(r);
        } else {
            let who = &cx.names()[p];
            let message = format!(
                "{who}: `{}`, claimed before {tech} (its `after`), is not a route {who} holds",
                name.value
            );
            cx.problem(LANE, &name.span, message, "not the player's route");
        }
    }
    before
}

/// The order the purchase times give: a route claimed before a card was bought must be
/// one the cards bought before it open, and two cards' routes before must nest (a player
/// buys one card a turn, so one of any two came first).
fn purchase_order(
    cx: &mut Cx,
    t: &Technologies,
    player: &Written,
    p: usize,
    bought: &[Bought],
    owned: u32,
    state: &State,
) {
    let (game, who) = (cx.game(), &cx.names()[p]);
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
        cx.problem(LANE, &player.technologies_key, message, "claimed too early");
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
            cx.problem(
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
    cx: &mut Cx,
    (me, t): (usize, &Technologies),
    player: &Written,
    who: &str,
    p: u8,
    bought: &[Bought],
    state: &mut State,
) {
    let game = cx.game();
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
            cx.problem(LIMIT, &n.span, message, "not what its claims scored");
            continue;
        }
        t.add_claim_points(game, state, me, p, b.tech, (claims * value) as i32);
    }
    for (id, n) in &player.technology_points {
        let Some(k) = find_tech(cx, t, &id.value, who, &id.span) else {
            continue;
        };
        if bought.iter().any(|b| b.tech == k) {
            continue;
        }
        let tech = &t.techs[k];
        let Some(claims) = scored(tech, &BTreeSet::new(), state) else {
            let message = format!("{who}: {} scores no points by claims", tech.name);
            cx.problem(LIMIT, &id.span, message, "not a per-claim technology");
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
            cx.problem(LIMIT, &n.span, message, "card not held");
        } else if !possible && value == 0 {
            let message = format!(
                "{who}: {} points from {}, which scores nothing a claim",
                n.value, tech.name
            );
            cx.problem(LIMIT, &n.span, message, "impossible points");
        } else if !possible {
            let message = format!(
                "{who}: {} points from {}, which scores {value} a claim: a multiple of {value}, at most {} for {claims} claims",
                n.value,
                tech.name,
                claims * value
            );
            cx.problem(LIMIT, &n.span, message, "impossible points");
        } else {
            t.add_claim_points(game, state, me, p, k, n.value as i32);
        }
    }
}

/// A card held with its purchase time: the routes claimed before it was bought.
struct Bought {
    tech: usize,
    before: BTreeSet<usize>,
}

/// The UK's Right of Way (`right_of_way`): each a lane another player holds, of a route
/// the player holds no lane of, with one second owner at most, not of a parallel group,
/// with trains enough (as the engine offers the claims); the game must play the card.
/// Shared as in play, so the route scores, takes trains and joins the player's network;
/// the technologies check then asks that the player's technologies open it.
fn right_of_way(cx: &mut Cx, position: &Position, state: &mut State) {
    let game = cx.game();
    let plays = game.mechanics.get::<Technologies>().is_some_and(|(_, t)| {
        t.techs
            .iter()
            .any(|x| x.effect == TechEffect::ClaimClaimedRoute)
    });
    for (p, player) in position.player.iter().map(written).enumerate() {
        if player.right_of_way.is_empty() {
            continue;
        }
        let who = cx.names()[p].clone();
        if !plays {
            let message = format!("{who}: `right_of_way`, but this game has no Right of Way card");
            cx.problem(
                GAME,
                &player.right_of_way_key,
                message,
                "no Right of Way here",
            );
            continue;
        }
        for claim in &player.right_of_way {
            if let Some(lane) = shared_lane(cx, p, claim, state) {
                let trains = game.routes[game.lane_route[lane] as usize].trains_needed();
                if state.players[p].trains < trains {
                    let message = format!(
                        "{who}: Right of Way on `{}` needs {trains} trains but the player has {} left",
                        claim.route.value, state.players[p].trains
                    );
                    cx.problem(LIMIT, &claim.route.span, message, "too few trains");
                    continue;
                }
                state.share_lane(game, lane, p as u8);
            }
        }
    }
}

/// The lane player `p` shares by Right of Way `claim`, or a located problem.
fn shared_lane(cx: &mut Cx, p: usize, claim: &RouteClaim, state: &State) -> Option<usize> {
    let game = cx.game();
    let r = cx.route(p, &claim.route)?;
    let info = &game.routes[r];
    let first = info.first_lane as usize;
    let lanes = first..first + info.lane_count as usize;
    let who = &cx.names()[p];
    let at = &claim.route.span;
    let shared_by = |l: usize| {
        state
            .shared_lanes()
            .iter()
            .find(|&&(x, _)| x as usize == l)
            .map(|&(_, q)| q as usize)
    };
    let another = |l: usize| state.lane_owner()[l] != NOBODY && state.lane_owner()[l] as usize != p;
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
                cx.problem(LANE, &n.span, message, "no such lane");
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
                        cx.names()[q]
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
    cx.problem(LANE, at, message, label);
    None
}
