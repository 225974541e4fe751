//! Festival cards in a position written by hand (`ttrmap score`): each player's
//! `festivals = { sevilla = 3, valencia = 7 }`, the cards held by group id, and
//! `festival_takes = [{ route = "sevilla-cadiz", city = "sevilla", cards = 2 }]`, which claim
//! took which city's cards, as a score sheet records them.
//!
//! The cards a player holds came with their claims: a claim of a route into a festival city
//! may take the pile laid there, one city's pile a claim (`Festivals::takeable`). So each
//! take must be a claim of the player's, into the city named, one take a claim; and when a
//! player writes both keys, each group's takes add up to the cards held. A player who
//! writes only the takes holds what they add up to, so either key alone keeps its meaning.

use super::Festivals;
use crate::engine::State;
use crate::engine::position::{
    At, CLAIM, Cx, GAME, LIMIT, PlayerEntries, Position, PositionEntries, Reader, UNKNOWN, Whole,
};
use crate::spans::Seg;
use serde_json::{Map, Value};
use std::ops::Range;
use std::sync::Arc;

/// The festivals' entries of a position file, `festivals` and `festival_takes`.
pub struct Entries;

/// A player's festival cards: (group id, cards), in the file's order, and their takes.
#[derive(Debug)]
struct Held {
    /// `None` when the player wrote no `festivals` (their takes say what they hold).
    cards: Option<Vec<(At<String>, At<i64>)>>,
    /// The `festivals` key.
    key: Range<usize>,
    takes: Vec<Take>,
    /// The `festival_takes` key.
    takes_key: Range<usize>,
}

/// The cards one claim took: its route, the festival city they were laid at, how many.
#[derive(Debug)]
struct Take {
    route: At<String>,
    city: At<String>,
    cards: At<i64>,
}

const TAKE_KEYS: &[&str] = &["route", "city", "cards"];

impl PositionEntries for Entries {
    fn keys(&self) -> &'static [&'static str] {
        &["festivals", "festival_takes"]
    }

    /// Any group id as a key: the check knows them.
    fn read(
        &self,
        r: &mut Reader,
        i: usize,
        table: &Map<String, Value>,
    ) -> Option<Arc<dyn PlayerEntries>> {
        let (festivals, takes) = (table.get("festivals"), table.get("festival_takes"));
        if festivals.is_none() && takes.is_none() {
            return None;
        }
        let path = crate::path!["player", i, "festivals"];
        let key = r.key_span(&path);
        let cards = festivals.map(|v| {
            r.counts(
                v,
                path,
                &format!("`festivals` of [[player]] #{}", i + 1),
                "festivals = { sevilla = 3 }",
                ("a festival's cards", "not a number of cards"),
            )
        });
        let path = crate::path!["player", i, "festival_takes"];
        let takes_key = r.key_span(&path);
        let mut read = Vec::new();
        if let Some(v) = takes {
            for (j, item) in r.array(v, &path, "`festival_takes`").iter().enumerate() {
                read.extend(take(r, item, i, j));
            }
        }
        Some(Arc::new(Held {
            cards,
            key,
            takes: read,
            takes_key,
        }))
    }

    /// Each take a claim of the player's into the festival city it names, one a claim; the
    /// takes add up to the cards held; no more cards of a group than it has, in all.
    fn check(&self, cx: &mut Cx, position: &Position, lanes: &[Vec<usize>], state: &mut State) {
        let (game, names) = (cx.game(), cx.names());
        let held = position.player.iter().map(|p| p.entries::<Held>());
        let Some((me, f)) = game.mechanics.get::<Festivals>() else {
            for (p, h) in held.enumerate() {
                let Some(h) = h else { continue };
                if h.cards.as_ref().is_some_and(|c| !c.is_empty()) {
                    let message = format!("{}: the map has no festivals", names[p]);
                    cx.problem(GAME, &h.key, message, "no festivals on this map");
                } else if !h.takes.is_empty() {
                    let message = format!("{}: the map has no festivals", names[p]);
                    cx.problem(GAME, &h.takes_key, message, "no festivals on this map");
                }
            }
            return;
        };
        let mut left: Vec<i64> = f.groups.iter().map(|g| g.cards as i64).collect();
        for (p, h) in held.enumerate() {
            let Some(h) = h else { continue };
            let taken = f.check_takes(cx, p, &h.takes, &lanes[p]);
            let counts = match &h.cards {
                Some(cards) => {
                    f.check_sums(cx, p, h, cards, &taken);
                    cards.clone()
                }
                None => taken,
            };
            f.hold(cx, p, &counts, &mut left, state, me);
        }
    }
}

impl Festivals {
    /// Player `p`'s `takes`, checked against their claims (`lanes`): the cards of each take
    /// kept, as (group id, cards) at the take's `cards`.
    fn check_takes(
        &self,
        cx: &mut Cx,
        p: usize,
        takes: &[Take],
        lanes: &[usize],
    ) -> Vec<(At<String>, At<i64>)> {
        let game = cx.game();
        let mut claims: Vec<usize> = Vec::new();
        let mut taken = Vec::new();
        for t in takes {
            let (Some(r), Some(c)) = (cx.route(p, &t.route), cx.city(p, &t.city)) else {
                continue;
            };
            let who = &cx.names()[p];
            let route = &game.routes[r];
            let problem = if !lanes.iter().any(|&l| game.lane_route[l] as usize == r) {
                Some((
                    format!(
                        "{who}: a take from `{}`, a route {who} did not claim; festival cards are taken with a claim into their city",
                        t.route.value
                    ),
                    &t.route.span,
                    "not their claim",
                ))
            } else if route.city_a as usize != c && route.city_b as usize != c {
                Some((
                    format!(
                        "{who}: `{}` does not end in `{}`; a claim takes the cards laid at one of its ends",
                        t.route.value, t.city.value
                    ),
                    &t.city.span,
                    "not an end of the route",
                ))
            } else if self.city_group[c] == super::NONE {
                Some((
                    format!("{who}: `{}` holds no festival", t.city.value),
                    &t.city.span,
                    "no festival here",
                ))
            } else if claims.contains(&r) {
                Some((
                    format!(
                        "{who}: a second take from `{}`; a claim takes the cards of one festival city at most",
                        t.route.value
                    ),
                    &t.route.span,
                    "a second take",
                ))
            } else {
                None
            };
            if let Some((message, span, label)) = problem {
                cx.problem(CLAIM, span, message, label);
                continue;
            }
            claims.push(r);
            let group = &self.groups[self.city_group[c] as usize];
            let id = At {
                value: group.id.clone(),
                span: t.city.span.clone(),
            };
            taken.push((id, t.cards.clone()));
        }
        taken
    }

    /// Each group's cards held (`cards`) are the cards its takes took, when the player
    /// wrote both.
    fn check_sums(
        &self,
        cx: &mut Cx,
        p: usize,
        h: &Held,
        cards: &[(At<String>, At<i64>)],
        taken: &[(At<String>, At<i64>)],
    ) {
        if h.takes.is_empty() {
            return;
        }
        let sum = |list: &[(At<String>, At<i64>)], id: &str| -> i64 {
            list.iter()
                .filter(|(g, _)| g.value == id)
                .map(|(_, n)| n.value)
                .sum()
        };
        for (g, group) in self.groups.iter().enumerate() {
            let (held, took) = (sum(cards, &group.id), sum(taken, &group.id));
            if held == took {
                continue;
            }
            let at = cards
                .iter()
                .find(|(id, _)| self.group(&id.value) == Some(g))
                .map_or(&h.key, |(_, n)| &n.span);
            let message = format!(
                "{}: {held} {} cards in `festivals`, but {took} taken in `festival_takes`",
                cx.names()[p],
                group.id
            );
            cx.problem(CLAIM, at, message, "not what the takes took");
        }
    }

    /// Gives player `p` the cards `counts` (group id, cards), no more of a group than it
    /// has left (`left`, after the players before).
    fn hold(
        &self,
        cx: &mut Cx,
        p: usize,
        counts: &[(At<String>, At<i64>)],
        left: &mut [i64],
        state: &mut State,
        me: usize,
    ) {
        let (game, names) = (cx.game(), cx.names());
        for (group, n) in counts {
            let Some(g) = self.group(&group.value) else {
                let ids: Vec<&str> = self.groups.iter().map(|g| g.id.as_str()).collect();
                let hint = crate::suggest::did_you_mean(&group.value, ids.iter().copied())
                    .map_or_else(
                        || format!(" (the groups: {})", ids.join(", ")),
                        |s| format!("; {s}"),
                    );
                let message = format!(
                    "{}: no festival `{}` on this map{hint}",
                    names[p], group.value
                );
                cx.problem(UNKNOWN, &group.span, message, "unknown festival");
                continue;
            };
            if n.value > left[g] {
                let message = format!(
                    "{}: {} {} cards, but the game has {} ({} left after the players before)",
                    names[p], n.value, group.value, self.groups[g].cards, left[g]
                );
                cx.problem(LIMIT, &n.span, message, "more cards than the game has");
                continue;
            }
            left[g] -= n.value;
            let held = self.held(game, state, me, p as u8, g) + n.value as u32;
            self.set_held(game, state, me, p as u8, g, held);
        }
    }
}

/// One take: `{ route = "sevilla-cadiz", city = "sevilla", cards = 2 }`.
fn take(r: &mut Reader, v: &Value, i: usize, j: usize) -> Option<Take> {
    let path = crate::path!["player", i, "festival_takes", j];
    let what = format!("a festival take of [[player]] #{}", i + 1);
    let table = r.table(v, &path, TAKE_KEYS, &what)?;
    let example = "{ route = \"sevilla-cadiz\", city = \"sevilla\", cards = 2 }";
    let [route, city, cards] =
        r.required(table, &path, ["route", "city", "cards"], &what, example)?;
    let at = |key: &str| {
        let mut at = path.clone();
        at.push(Seg::Key(key.into()));
        at
    };
    let route = r.string(route, &at("route"), "`route`")?;
    let city = r.string(city, &at("city"), "`city`")?;
    match r.whole(cards, &at("cards"), "`cards`")? {
        At {
            value: Whole::Fits(n),
            span,
        } if (1..=1000).contains(&n) => Some(Take {
            route,
            city,
            cards: At { value: n, span },
        }),
        At { span, .. } => {
            r.error(
                span,
                "a take's `cards` are a count: 1 to 1000",
                "not a number of cards",
            );
            None
        }
    }
}
