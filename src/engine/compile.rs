//! Compiling a checked map into a [`Game`], step by step: the game mode, the player count,
//! the board (graph nodes, routes, lanes), the places tickets name, the tickets and their
//! deals, the train deck. [`Game::new_without`] runs the steps in that order and then
//! installs the mechanic modules.

use super::{
    CARD_KINDS, Cards, EngineError, GRAY, Goal, LOCO, ParallelGroup, PlayerRange, RouteInfo,
    TicketInfo,
};
use crate::model::{Color, GameMode, MapFile, TicketShape, UnequalParallel};
use std::collections::HashMap;

/// The game mode to play: the named one, or the first recommended for `players`
/// (Castilla: 6 players play Total), or the first of all. A mode's player counts are a
/// recommendation (the Castilla text's word), so a mode outside them is played:
/// [`outside_range`] says so.
pub(super) fn choose_mode<'a>(
    map: &'a MapFile,
    players: u8,
    mode: Option<&str>,
) -> Result<Option<&'a GameMode>, EngineError> {
    let chosen =
        match mode {
            Some(m) => Some(map.modes.iter().find(|x| x.id == m).ok_or_else(|| {
                EngineError::UnknownMode {
                    mode: m.to_string(),
                    known: map.modes.iter().map(|x| x.id.clone()).collect(),
                }
            })?),
            None => map
                .modes
                .iter()
                .find(|m| m.players.is_none_or(|r| r.contains(players)))
                .or(map.modes.first()),
        };
    Ok(chosen)
}

/// The recommended player range of `mode` when `players` is outside it.
pub(super) fn outside_range(mode: Option<&GameMode>, players: u8) -> Option<(u8, u8)> {
    let range = mode?.players?;
    (!range.contains(players)).then_some((range.min, range.max))
}

/// The engine plays 2 to 12, and the map says for how many it is made.
pub(super) fn check_players(map: &MapFile, players: u8) -> Result<(), EngineError> {
    if !(2..=12).contains(&players) {
        return Err(EngineError::Players {
            players,
            why: PlayerRange::Engine,
        });
    }
    if players < map.map.players.min || players > map.map.players.max {
        return Err(EngineError::Players {
            players,
            why: PlayerRange::Map {
                min: map.map.players.min,
                max: map.map.players.max,
            },
        });
    }
    Ok(())
}

/// The board as the engine sees it.
pub(super) struct Board<'a> {
    pub node_count: u16,
    pub routes: Vec<RouteInfo>,
    pub parallel_groups: Vec<ParallelGroup>,
    /// Route → its parallel group (empty without groups).
    pub route_group: Vec<Option<u16>>,
    pub lane_route: Vec<u16>,
    pub lane_color: Vec<u8>,
    pub lane_words: usize,
    pub node_routes: Vec<Vec<u16>>,
    /// Place id (a city or a zone) → its graph nodes.
    pub places: HashMap<&'a str, Vec<u16>>,
}

impl<'a> Board<'a> {
    /// Cities become graph nodes; a zone endpoint gets one node per route through it, so a
    /// network can end there but never pass through (the zone's endpoints are separate).
    /// Each route gets its lanes, points and the lanes usable at this player count.
    pub fn new(map: &'a MapFile, players: u8) -> Result<Board<'a>, EngineError> {
        let rules = &map.rules;
        let city_index: HashMap<&str, u16> = map
            .cities
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.as_str(), i as u16))
            .collect();
        let mut node_of_city: Vec<Option<u16>> = vec![None; map.cities.len()];
        let mut nodes: u16 = 0;
        for (i, c) in map.cities.iter().enumerate() {
            if c.zone.is_none() {
                node_of_city[i] = Some(nodes);
                nodes += 1;
            }
        }
        let mut split_nodes: Vec<Vec<u16>> = vec![Vec::new(); map.cities.len()];
        let mut routes = Vec::with_capacity(map.routes.len());
        let mut lane_route = Vec::new();
        let mut lane_color = Vec::new();
        for (ri, r) in map.routes.iter().enumerate() {
            let (Some(&a), Some(&b)) = (
                city_index.get(r.from.as_str()),
                city_index.get(r.to.as_str()),
            ) else {
                return Err(EngineError::Setup(format!(
                    "route {} names an unknown city",
                    r.id()
                )));
            };
            let mut node = |c: u16| match node_of_city[c as usize] {
                Some(n) => n,
                None => {
                    let n = nodes;
                    nodes += 1;
                    split_nodes[c as usize].push(n);
                    n
                }
            };
            let (node_a, node_b) = (node(a), node(b));
            let table = rules.points_for_length(r.length).ok_or_else(|| {
                EngineError::Setup(format!(
                    "route {} has length {} but rules.route_points has no value for it",
                    r.id(),
                    r.length
                ))
            })?;
            let tunnel_extra = if r.tunnel {
                rules.tunnels.extra_points
            } else {
                0
            };
            let points = r
                .points
                .unwrap_or(table + r.extra_points.unwrap_or(0) + tunnel_extra);
            let lane_count = r.lane_count().max(1);
            routes.push(RouteInfo {
                id: r.id(),
                city_a: a,
                city_b: b,
                node_a,
                node_b,
                length: r.length,
                ferry: r.ferry.min(r.length),
                tunnel: r.tunnel,
                // Cost modules change these (`Costs::costs`).
                any_for_one: 0,
                ferry_substitute: None,
                loco_on_spaces: true,
                extra_trains: 0,
                points,
                first_lane: lane_route.len() as u16,
                lane_count,
                usable_lanes: map.rules.lanes.usable(lane_count, players),
            });
            for l in 0..lane_count as usize {
                lane_route.push(ri as u16);
                lane_color.push(color_index(r.lane_color(l)));
            }
        }
        if lane_route.len() >= u16::MAX as usize || nodes == u16::MAX {
            return Err(EngineError::Setup("the board is too large".into()));
        }
        let (parallel_groups, route_group) = parallel_groups(map, players, &routes)?;
        let lane_words = lane_route.len().div_ceil(64).max(1);
        let mut node_routes: Vec<Vec<u16>> = vec![Vec::new(); nodes as usize];
        for (r, route) in routes.iter().enumerate() {
            node_routes[route.node_a as usize].push(r as u16);
            if route.node_b != route.node_a {
                node_routes[route.node_b as usize].push(r as u16);
            }
        }
        // Places: a city is its node (or its split nodes), a zone all its endpoints' nodes.
        let mut places: HashMap<&str, Vec<u16>> = HashMap::new();
        for (i, c) in map.cities.iter().enumerate() {
            let own: Vec<u16> = match node_of_city[i] {
                Some(n) => vec![n],
                None => split_nodes[i].clone(),
            };
            places.entry(c.id.as_str()).or_default().extend(&own);
            if let Some(z) = &c.zone {
                places.entry(z.as_str()).or_default().extend(&own);
            }
        }
        Ok(Board {
            node_count: nodes,
            routes,
            parallel_groups,
            route_group,
            lane_route,
            lane_color,
            lane_words,
            node_routes,
            places,
        })
    }

    fn place(&self, id: &str) -> Result<Vec<u16>, EngineError> {
        self.places
            .get(id)
            .cloned()
            .ok_or_else(|| EngineError::Setup(format!("a ticket names unknown place {id}")))
    }
}

/// The parallel groups (`routes.parallel_group`), in the order their first route is
/// written, then with `rules.lanes.unequal_parallel = "double"` one for each pair of cities
/// joined by two or more routes outside any group; and route → group (empty without
/// groups). A group joins one pair of cities; its lanes in all decide how many may be
/// claimed, as for one route of that many lanes.
fn parallel_groups(
    map: &MapFile,
    players: u8,
    routes: &[RouteInfo],
) -> Result<(Vec<ParallelGroup>, Vec<Option<u16>>), EngineError> {
    let mut groups: Vec<ParallelGroup> = Vec::new();
    let mut route_group: Vec<Option<u16>> = Vec::new();
    for (ri, r) in map.routes.iter().enumerate() {
        let Some(id) = &r.parallel_group else {
            continue;
        };
        let g = match groups.iter().position(|g| &g.id == id) {
            Some(g) => g,
            None => {
                groups.push(ParallelGroup {
                    id: id.clone(),
                    routes: Vec::new(),
                    usable_lanes: 0,
                });
                groups.len() - 1
            }
        };
        if let Some(&first) = groups[g].routes.first() {
            let (a, b) = (&routes[first as usize], &routes[ri]);
            let same = (a.city_a, a.city_b) == (b.city_a, b.city_b)
                || (a.city_a, a.city_b) == (b.city_b, b.city_a);
            if !same {
                return Err(EngineError::Setup(format!(
                    "parallel group {id}: route {} does not join the cities of route {}",
                    b.id, a.id
                )));
            }
        }
        groups[g].routes.push(ri as u16);
        route_group.resize(routes.len(), None);
        route_group[ri] = Some(g as u16);
    }
    if map.rules.lanes.unequal_parallel == UnequalParallel::Double {
        // Routes of one pair of cities outside any group, two or more: one group each, in
        // the order its first route is written.
        let pair = |r: &RouteInfo| (r.city_a.min(r.city_b), r.city_a.max(r.city_b));
        let outside = |ri: usize| map.routes[ri].parallel_group.is_none();
        for ri in 0..routes.len() {
            let first = (0..ri).any(|q| outside(q) && pair(&routes[q]) == pair(&routes[ri]));
            if !outside(ri) || first {
                continue;
            }
            let members: Vec<u16> = (ri..routes.len())
                .filter(|&q| outside(q) && pair(&routes[q]) == pair(&routes[ri]))
                .map(|q| q as u16)
                .collect();
            if members.len() < 2 {
                continue;
            }
            route_group.resize(routes.len(), None);
            for &q in &members {
                route_group[q as usize] = Some(groups.len() as u16);
            }
            let (a, b) = (&map.routes[ri].from, &map.routes[ri].to);
            groups.push(ParallelGroup {
                id: format!("{a}–{b}"),
                routes: members,
                usable_lanes: 0,
            });
        }
    }
    for g in &mut groups {
        let lanes: u32 = g
            .routes
            .iter()
            .map(|&r| routes[r as usize].lane_count as u32)
            .sum();
        g.usable_lanes = map
            .rules
            .lanes
            .usable(lanes.min(u8::MAX as u32) as u8, players);
    }
    Ok((groups, route_group))
}

/// The tickets, their decks, and how they are dealt in the chosen mode.
pub(super) struct Tickets {
    pub tickets: Vec<TicketInfo>,
    pub deck_tickets: Vec<Vec<u16>>,
    pub initial_deal: Vec<u8>,
    pub drawable: Vec<bool>,
    pub initial_keep: u8,
    pub draw_deal: u8,
}

impl Tickets {
    pub fn new(
        map: &MapFile,
        board: &Board,
        mode: Option<&GameMode>,
    ) -> Result<Tickets, EngineError> {
        let deck_ids: Vec<String> = map.deck_ids().iter().map(|s| s.to_string()).collect();
        let pool = mode.and_then(|m| m.pool.as_ref());
        // A pool's tickets are one pile, kept as its first deck's.
        let pool_pile = match pool {
            Some(p) => {
                let first = p.decks.first().map_or("", String::as_str);
                Some(deck_index(&deck_ids, first, "the mode's pool")?)
            }
            None => None,
        };
        let mut tickets = Vec::new();
        let mut deck_tickets: Vec<Vec<u16>> = vec![Vec::new(); deck_ids.len()];
        for (source, t) in map.tickets.iter().enumerate() {
            let deck = match &t.deck {
                Some(d) => deck_index(&deck_ids, d, &format!("ticket {}", t.label()))?,
                None => 0,
            };
            if pool.is_some_and(|p| !p.holds(t, &deck_ids[deck])) {
                continue;
            }
            let pile = pool_pile.unwrap_or(deck);
            let goal = goal(board, t)?;
            let index = tickets.len() as u16;
            tickets.push(TicketInfo {
                label: t.label(),
                deck: deck as u8,
                pile: pile as u8,
                source: source as u16,
                goal,
            });
            for _ in 0..t.copies.max(1) {
                deck_tickets[pile].push(index);
            }
        }
        // A deck too small for the deal deals what it has; a map without tickets is refused.
        if tickets.is_empty() {
            return Err(EngineError::Setup(crate::model::NO_TICKETS.into()));
        }
        let (initial_deal, drawable, initial_keep, draw_deal) = deals(map, &deck_ids, mode);
        let dealt: u32 = initial_deal.iter().map(|&n| n as u32).sum();
        if dealt > 16 || draw_deal > 16 {
            return Err(EngineError::Setup(
                "the engine deals at most 16 tickets at a time".into(),
            ));
        }
        Ok(Tickets {
            tickets,
            deck_tickets,
            initial_deal,
            drawable,
            initial_keep,
            draw_deal,
        })
    }
}

/// The index of deck `id`, or an error naming `who`.
fn deck_index(deck_ids: &[String], id: &str, who: &str) -> Result<usize, EngineError> {
    deck_ids
        .iter()
        .position(|x| x == id)
        .ok_or_else(|| EngineError::Setup(format!("{who} names unknown deck {id}")))
}

/// What ticket `t` asks for, in graph nodes.
fn goal(board: &Board, t: &crate::model::Ticket) -> Result<Goal, EngineError> {
    Ok(match t.shape() {
        Some(TicketShape::CityToCity) => Goal::Pair(
            board.place(t.from.as_deref().unwrap_or_default())?,
            board.place(t.to.as_deref().unwrap_or_default())?,
            t.points.unwrap_or(0),
        ),
        Some(TicketShape::MultiCity) => Goal::Multi(
            t.cities
                .iter()
                .flatten()
                .map(|c| board.place(c))
                .collect::<Result<_, _>>()?,
            t.points.unwrap_or(0),
        ),
        Some(TicketShape::AnyOf) => Goal::AnyOf(
            board.place(t.from.as_deref().unwrap_or_default())?,
            t.targets
                .iter()
                .flatten()
                .map(|x| Ok((board.place(&x.to)?, x.points)))
                .collect::<Result<_, EngineError>>()?,
        ),
        None => {
            return Err(EngineError::Setup(format!(
                "ticket {} mixes shapes",
                t.label()
            )));
        }
    })
}

/// Per deck: tickets dealt at setup and whether the draw action takes from it; then the
/// setup keep and the draw deal. A mode names its decks (the others are out of the game),
/// or its pool, whose one pile is its first deck's;
/// without modes, decks with their own `initial_deal` deal that, and the rules' initial
/// deal comes from the first deck without one (Europe: 3 regular plus 1 long).
fn deals(
    map: &MapFile,
    deck_ids: &[String],
    mode: Option<&GameMode>,
) -> (Vec<u8>, Vec<bool>, u8, u8) {
    let rules = &map.rules;
    let mut initial_deal = vec![0u8; deck_ids.len()];
    let mut drawable: Vec<bool> = if map.decks.is_empty() {
        vec![true]
    } else {
        map.decks.iter().map(|d| d.drawable).collect()
    };
    let (initial_keep, draw_deal) = match mode {
        Some(GameMode {
            pool: Some(pool),
            keep_at_least,
            draw,
            ..
        }) => {
            // The pool's pile (its first deck's) alone deals and is drawn from.
            for (i, id) in deck_ids.iter().enumerate() {
                drawable[i] = pool.decks.first() == Some(id);
                if drawable[i] {
                    initial_deal[i] = pool.deal;
                }
            }
            (*keep_at_least, draw.unwrap_or(rules.tickets.draw.deal))
        }
        Some(m) => {
            for (i, id) in deck_ids.iter().enumerate() {
                match m.deal.get(id) {
                    Some(&n) => initial_deal[i] = n,
                    None => drawable[i] = false,
                }
            }
            (m.keep_at_least, m.draw.unwrap_or(rules.tickets.draw.deal))
        }
        None => {
            let mut regular_given = false;
            for (i, _) in deck_ids.iter().enumerate() {
                match map.decks.get(i).and_then(|d| d.initial_deal) {
                    Some(n) => initial_deal[i] = n,
                    None if !regular_given => {
                        initial_deal[i] = rules.tickets.initial.deal;
                        regular_given = true;
                    }
                    None => {}
                }
            }
            (rules.tickets.initial.keep_at_least, rules.tickets.draw.deal)
        }
    };
    (initial_deal, drawable, initial_keep, draw_deal)
}

/// The train deck's cards per kind, and their total.
pub(super) fn train_deck(map: &MapFile) -> Result<(Cards, u16), EngineError> {
    let rules = &map.rules;
    let mut composition = [0u16; CARD_KINDS];
    for (i, &c) in Color::CARD_COLORS.iter().enumerate() {
        composition[i] = rules.train_deck.count(c);
    }
    composition[LOCO as usize] = rules.train_deck.locomotives;
    let total: u32 = composition.iter().map(|&n| n as u32).sum();
    if total >= u16::MAX as u32 {
        return Err(EngineError::Setup("the train deck is too large".into()));
    }
    Ok((composition, total as u16))
}

pub(super) fn color_index(c: Color) -> u8 {
    Color::CARD_COLORS
        .iter()
        .position(|&x| x == c)
        .map(|i| i as u8)
        .unwrap_or(GRAY)
}
