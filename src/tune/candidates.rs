//! The edits worth trying on the current map, most promising first. The search cannot play
//! every edit (Castilla y León has thousands of colour swaps), so each kind ranks its own by
//! a prior from the map and the last playtest, and the kinds take turns filling the round's
//! slots; edits that lost early in a round go to the back of the next one.
//!
//! - Ticket values: to the map's own points per space times the ticket's shortest path (when
//!   that differs by 2 or more: the broken ticket first), then a fifth up or down, the tickets
//!   kept most often first.
//! - Route lengths: with a fixed total (`[lint.expect] total_spaces`) one space moves from a
//!   route of the same colours to another; without, a route grows or shrinks by one. Routes
//!   claimed most and least often first. A ticket worth exactly its shortest path before the
//!   change is given its new one in the same edit (the map's rule kept, not broken).
//! - Colours: two lanes of the same length and kind exchange colours, busiest with quietest.
//! - Ferries: one locomotive fewer on a quiet ferry, one more on a busy one.
//! - Ticket decks: every ticket of a deck at 80, 90, 110 or 125 % of its value, rounded; the
//!   decks whose tickets are kept most often first (a deck the games never deal is left out).
//! - Route scoring: one entry of the table one point up or down (the table kept strictly
//!   increasing), the lengths whose routes are claimed most often first.

use super::edit::{Edit, LaneColour, Revalue};
use crate::graph::{BoardGraph, UNREACHABLE};
use crate::model::{MapFile, Route};
use crate::playtest::Report;
use std::collections::BTreeSet;

/// What the designer keeps out of reach: kinds of edit (`ticket-points`, `route-length`,
/// `route-colour`, `ferry-locomotives`, `ticket-deck`, `route-points`), routes (by id or
/// `from-to`) and tickets (by label).
#[derive(Debug, Clone, Default)]
pub struct Frozen {
    pub names: Vec<String>,
}

/// The kinds of edit `--freeze` may name.
pub const KINDS: &[&str] = &[
    "ticket-points",
    "route-length",
    "route-colour",
    "ferry-locomotives",
    "ticket-deck",
    "route-points",
];

impl Frozen {
    fn kind(&self, k: &str) -> bool {
        self.names.iter().any(|n| n == k)
    }
    fn route(&self, r: &Route) -> bool {
        let key = r.id();
        let reverse = format!("{}-{}", r.to, r.from);
        self.names.iter().any(|n| *n == key || *n == reverse)
    }
    fn allows(&self, map: &MapFile, e: &Edit) -> bool {
        !self.kind(e.kind())
            && e.touches().iter().all(|&(what, i)| match what {
                't' => !self.names.contains(&map.tickets[i].label()),
                'r' => !self.route(&map.routes[i]),
                _ => true,
            })
    }
}

/// A route's kind for a colour swap: lanes of the same length and kind only.
fn kind(r: &Route) -> (u8, bool, u8, bool, u8) {
    (r.length, r.tunnel, r.ferry, r.track_bed, r.mountains)
}

/// Each route's share of games it was claimed in (0 when the report has no line for it).
fn claim_rates(map: &MapFile, report: &Report) -> Vec<f64> {
    (0..map.routes.len())
        .map(|i| report.route_claims.get(i).map_or(0.0, |r| r.claim_rate))
        .collect()
}

fn ticket_edits(map: &MapFile, report: &Report) -> Vec<(f64, Edit)> {
    let costs: Vec<Option<(i32, i32)>> = ticket_costs(map)
        .into_iter()
        .map(|c| c.filter(|&(_, d)| d > 0).map(|(p, d)| (p, d as i32)))
        .collect();
    let (sum_p, sum_d) = costs
        .iter()
        .flatten()
        .fold((0i64, 0i64), |(p, d), &(pp, dd)| {
            (p + pp as i64, d + dd as i64)
        });
    if sum_d == 0 {
        return Vec::new();
    }
    let per_space = sum_p as f64 / sum_d as f64;
    let games = report.finished.max(1) as f64;
    let mut out = Vec::new();
    for (i, c) in costs.iter().enumerate() {
        let Some((points, d)) = *c else { continue };
        let fair = (per_space * d as f64).round().max(1.0) as i32;
        if (fair - points).abs() >= 2 {
            let off = (fair - points).abs() as f64 / fair.max(1) as f64;
            out.push((
                10.0 + off,
                Edit::TicketPoints {
                    ticket: i,
                    from: points,
                    to: fair,
                },
            ));
        }
        let kept = report
            .ticket_completion
            .iter()
            .find(|t| t.source == i)
            .map_or(0.0, |t| t.kept as f64 / games);
        let step = ((points as f64 * 0.2).round() as i32).max(1);
        for to in [points - step, points + step] {
            if to >= 1 && to != fair {
                out.push((
                    kept,
                    Edit::TicketPoints {
                        ticket: i,
                        from: points,
                        to,
                    },
                ));
            }
        }
    }
    out
}

fn length_edits(map: &MapFile, rates: &[f64]) -> Vec<(f64, Edit)> {
    let mut out = Vec::new();
    if map.lint.expect.total_spaces.is_some() {
        for (s, short) in map.routes.iter().enumerate() {
            if short.length < 2 {
                continue;
            }
            for (l, long) in map.routes.iter().enumerate() {
                if l != s && long.lane_colors() == short.lane_colors() && long.ferry == short.ferry
                {
                    let prior = (rates[l] - rates[s]).abs();
                    out.push((
                        prior,
                        Edit::MoveSpace {
                            shorter: s,
                            longer: l,
                            revalued: Vec::new(),
                        },
                    ));
                }
            }
        }
    } else {
        for (i, r) in map.routes.iter().enumerate() {
            // A busy route made longer, a quiet one shorter, first.
            out.push((
                rates[i],
                Edit::RouteLength {
                    route: i,
                    from: r.length,
                    to: r.length + 1,
                    revalued: Vec::new(),
                },
            ));
            if r.length > 1 {
                out.push((
                    1.0 - rates[i],
                    Edit::RouteLength {
                        route: i,
                        from: r.length,
                        to: r.length - 1,
                        revalued: Vec::new(),
                    },
                ));
            }
        }
    }
    out
}

/// Whether giving lane `lane` of `r` the colour `c` would repeat a colour another of its lanes
/// has: a double of two reds is not a double a player can tell apart (gray ones are usual).
fn repeats(r: &Route, lane: Option<usize>, c: &str) -> bool {
    c != "gray"
        && r.lane_colors()
            .iter()
            .enumerate()
            .any(|(k, other)| Some(k) != lane && other.name() == c)
}

fn colour_edits(map: &MapFile, rates: &[f64]) -> Vec<(f64, Edit)> {
    // Lanes whose colour the file spells: `color = ...`, or an entry of `colors`.
    let lanes: Vec<LaneColour> = map
        .routes
        .iter()
        .enumerate()
        .flat_map(|(i, r)| {
            let spelled: Vec<(Option<usize>, String)> = match (&r.colors, r.color) {
                (Some(cs), _) => cs
                    .iter()
                    .enumerate()
                    .map(|(k, c)| (Some(k), c.name().to_string()))
                    .collect(),
                (None, Some(c)) => vec![(None, c.name().to_string())],
                (None, None) => Vec::new(),
            };
            spelled.into_iter().map(move |(lane, colour)| LaneColour {
                route: i,
                lane,
                colour,
            })
        })
        .collect();
    let mut out = Vec::new();
    for (x, a) in lanes.iter().enumerate() {
        for b in &lanes[x + 1..] {
            let (ra, rb) = (&map.routes[a.route], &map.routes[b.route]);
            if a.route != b.route
                && a.colour != b.colour
                && kind(ra) == kind(rb)
                && !repeats(ra, a.lane, &b.colour)
                && !repeats(rb, b.lane, &a.colour)
            {
                out.push((
                    (rates[a.route] - rates[b.route]).abs(),
                    Edit::SwapColours {
                        a: a.clone(),
                        b: b.clone(),
                    },
                ));
            }
        }
    }
    out
}

/// A ferry asks one locomotive more or fewer (at least one, at most its length): a quiet
/// ferry made cheaper, a busy one dearer, first.
fn ferry_edits(map: &MapFile, rates: &[f64]) -> Vec<(f64, Edit)> {
    let mut out = Vec::new();
    for (i, r) in map.routes.iter().enumerate().filter(|(_, r)| r.ferry > 0) {
        if r.ferry > 1 {
            out.push((
                1.0 - rates[i],
                Edit::FerryLocomotives {
                    route: i,
                    from: r.ferry,
                    to: r.ferry - 1,
                },
            ));
        }
        if r.ferry < r.length {
            out.push((
                rates[i],
                Edit::FerryLocomotives {
                    route: i,
                    from: r.ferry,
                    to: r.ferry + 1,
                },
            ));
        }
    }
    out
}

/// The deck-wide scalings: every ticket of a deck with a value of 1 or more at `percent` % of
/// it, rounded half up (at least 1). The prior is the share of games' kept tickets the deck
/// holds: a deck the games never deal (another mode's) cannot change them, so it is left out.
fn deck_edits(map: &MapFile, report: &Report) -> Vec<(f64, Edit)> {
    let ids = map.deck_ids();
    let kept_in_all: u64 = report.ticket_completion.iter().map(|t| t.kept).sum();
    let mut out = Vec::new();
    for deck in &ids {
        let members: Vec<(usize, i32)> = map
            .tickets
            .iter()
            .enumerate()
            .filter(|(_, t)| t.deck.as_deref().unwrap_or(ids[0]) == *deck && t.targets.is_none())
            .filter_map(|(i, t)| t.points.filter(|&p| p >= 1).map(|p| (i, p)))
            .collect();
        let kept: u64 = report
            .ticket_completion
            .iter()
            .filter(|t| members.iter().any(|&(i, _)| i == t.source))
            .map(|t| t.kept)
            .sum();
        if kept == 0 {
            continue;
        }
        let prior = kept as f64 / kept_in_all.max(1) as f64;
        // Small changes first: they are the likelier to be confirmed without overshooting.
        for percent in [90u32, 110, 80, 125] {
            let tickets: Vec<Revalue> = members
                .iter()
                .map(|&(ticket, from)| {
                    let to = ((i64::from(from) * i64::from(percent) + 50) / 100).max(1) as i32;
                    Revalue { ticket, from, to }
                })
                .filter(|v| v.to != v.from)
                .collect();
            if !tickets.is_empty() {
                let deck = deck.to_string();
                out.push((
                    prior,
                    Edit::TicketDeck {
                        deck,
                        percent,
                        tickets,
                    },
                ));
            }
        }
    }
    out
}

/// One entry of the route scoring table a point up or down, for each length the map's routes
/// score by the table (a route with its own `points` does not): the table stays strictly
/// increasing (a longer route never scores less) and every entry at least 1. The prior is how
/// often routes of that length are claimed.
fn points_edits(map: &MapFile, rates: &[f64]) -> Vec<(f64, Edit)> {
    let table = &map.rules.route_points;
    let mut out = Vec::new();
    for (&length, &from) in table {
        let claimed: f64 = map
            .routes
            .iter()
            .zip(rates)
            .filter(|(r, _)| r.length == length && r.points.is_none())
            .map(|(_, rate)| rate)
            .sum();
        let used = map
            .routes
            .iter()
            .any(|r| r.length == length && r.points.is_none());
        if !used {
            continue;
        }
        for to in [from + 1, from - 1] {
            let mut edited = table.clone();
            edited.insert(length, to);
            let increasing = edited
                .values()
                .zip(edited.values().skip(1))
                .all(|(a, b)| a < b);
            if to >= 1 && increasing {
                out.push((claimed, Edit::RoutePoints { length, from, to }));
            }
        }
    }
    out
}

/// Each ticket's (value, shortest cost) when it has one value and a reachable cost.
fn ticket_costs(map: &MapFile) -> Vec<Option<(i32, u32)>> {
    let graph = BoardGraph::new(map);
    map.tickets
        .iter()
        .map(|t| match graph.ticket_costs(t).as_slice() {
            [(None, points, d)] if *d != UNREACHABLE && t.points.is_some() => Some((*points, *d)),
            _ => None,
        })
        .collect()
}

/// A length edit with the tickets that were worth exactly their shortest path given their new
/// one (nothing for other edits): a map whose tickets follow that rule keeps it.
fn with_revalued(map: &MapFile, before: &[Option<(i32, u32)>], e: Edit) -> Edit {
    let mut edited = map.clone();
    match &e {
        Edit::MoveSpace {
            shorter, longer, ..
        } => {
            edited.routes[*shorter].length -= 1;
            edited.routes[*longer].length += 1;
        }
        Edit::RouteLength { route, to, .. } => edited.routes[*route].length = *to,
        _ => return e,
    }
    let after = ticket_costs(&edited);
    let list: Vec<Revalue> = before
        .iter()
        .zip(&after)
        .enumerate()
        .filter_map(|(ticket, (b, a))| match (b, a) {
            (Some((points, d)), Some((_, d2))) if *points as u32 == *d && d2 != d => {
                Some(Revalue {
                    ticket,
                    from: *points,
                    to: *d2 as i32,
                })
            }
            _ => None,
        })
        .collect();
    match e {
        Edit::MoveSpace {
            shorter, longer, ..
        } => Edit::MoveSpace {
            shorter,
            longer,
            revalued: list,
        },
        Edit::RouteLength {
            route, from, to, ..
        } => Edit::RouteLength {
            route,
            from,
            to,
            revalued: list,
        },
        other => other,
    }
}

/// Up to `cap` edits for the current map, the kinds taking turns; `touched` routes and tickets
/// (edited earlier in this proposal) are left alone, and edits in `tried` come last.
pub fn candidates(
    map: &MapFile,
    report: &Report,
    frozen: &Frozen,
    touched: &BTreeSet<(char, usize)>,
    tried: &[Edit],
    cap: usize,
) -> Vec<Edit> {
    let rates = claim_rates(map, report);
    let mut kinds = vec![
        ticket_edits(map, report),
        length_edits(map, &rates),
        colour_edits(map, &rates),
        ferry_edits(map, &rates),
        deck_edits(map, report),
        points_edits(map, &rates),
    ];
    for list in &mut kinds {
        list.retain(|(_, e)| {
            frozen.allows(map, e) && e.touches().iter().all(|t| !touched.contains(t))
        });
        // Highest prior first; a stable sort keeps the map's order among equals.
        list.sort_by(|a, b| {
            let tried_before = |e: &Edit| tried.contains(e);
            tried_before(&a.1)
                .cmp(&tried_before(&b.1))
                .then(b.0.total_cmp(&a.0))
        });
    }
    let before = ticket_costs(map);
    let mut out = Vec::new();
    let mut next = vec![0usize; kinds.len()];
    while out.len() < cap {
        let mut added = false;
        for (k, list) in kinds.iter().enumerate() {
            if out.len() < cap && next[k] < list.len() {
                // A re-valued ticket may be frozen or already edited: then the edit is not
                // one the search may make.
                let e = with_revalued(map, &before, list[next[k]].1.clone());
                next[k] += 1;
                if frozen.allows(map, &e) && e.touches().iter().all(|t| !touched.contains(t)) {
                    out.push(e);
                    added = true;
                }
            }
        }
        if !added && kinds.iter().enumerate().all(|(k, l)| next[k] >= l.len()) {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_length_move_revalues_the_tickets_worth_their_shortest_path() {
        let text = "[map]\nid = \"w\"\nname = \"W\"\nplayers = { min = 2, max = 2 }\n\
            board = { width = 10, height = 10 }\n\
            [[cities]]\nid = \"a\"\nposition = [1, 1]\n\
            [[cities]]\nid = \"b\"\nposition = [5, 1]\n\
            [[cities]]\nid = \"c\"\nposition = [9, 1]\n\
            [[routes]]\nfrom = \"a\"\nto = \"b\"\nlength = 2\ncolor = \"red\"\n\
            [[routes]]\nfrom = \"b\"\nto = \"c\"\nlength = 2\ncolor = \"red\"\n\
            [[routes]]\nfrom = \"a\"\nto = \"c\"\nlength = 5\ncolor = \"red\"\n\
            [[tickets]]\nfrom = \"a\"\nto = \"c\"\npoints = 4\n\
            [[tickets]]\nfrom = \"a\"\nto = \"b\"\npoints = 6\n";
        let map = crate::load::load_str("w.toml", text).map.unwrap();
        let before = ticket_costs(&map);
        // a–b 2 → 1 and a–c 5 → 6: a to c is now 1 + 2 = 3 spaces. The a–c ticket was worth
        // its 4 spaces, so it becomes 3; a–b was worth 6 for 2 spaces (a premium): left alone.
        let e = with_revalued(
            &map,
            &before,
            Edit::MoveSpace {
                shorter: 0,
                longer: 2,
                revalued: Vec::new(),
            },
        );
        let Edit::MoveSpace { revalued, .. } = &e else {
            panic!("{e:?}")
        };
        assert_eq!(
            revalued,
            &vec![Revalue {
                ticket: 0,
                from: 4,
                to: 3
            }]
        );
        assert!(
            e.describe(&map)
                .contains("4 → 3 (worth their shortest path"),
            "{}",
            e.describe(&map)
        );
        // a–c 5 → 4 and b–c 2 → 3: the shortest path a–c stays 4; nothing to re-value.
        let e = with_revalued(
            &map,
            &before,
            Edit::MoveSpace {
                shorter: 2,
                longer: 1,
                revalued: Vec::new(),
            },
        );
        assert!(matches!(e, Edit::MoveSpace { revalued, .. } if revalued.is_empty()));
    }
}
