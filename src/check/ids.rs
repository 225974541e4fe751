//! `duplicate-id`: ids must be unique within their kind (cities and zones share one namespace,
//! since tickets name either).

use super::Cx;
use crate::diagnostic::Diagnostic;
use crate::path;
use crate::spans::Seg;
use std::collections::HashMap;

pub(super) fn check(cx: &mut Cx) {
    let map = cx.map;
    let places: Vec<(Vec<Seg>, String)> = map
        .cities
        .iter()
        .enumerate()
        .map(|(i, c)| (path!["cities", i, "id"], c.id.clone()))
        .chain(
            map.zones
                .iter()
                .enumerate()
                .map(|(i, z)| (path!["zones", i, "id"], z.id.clone())),
        )
        .collect();
    unique(cx, "city or zone", places);
    routes(cx);
    unique(
        cx,
        "region",
        list(map.regions.iter().map(|r| r.id.clone()), "regions"),
    );
    unique(
        cx,
        "deck",
        list(map.decks.iter().map(|d| d.id.clone()), "decks"),
    );
    unique(
        cx,
        "mode",
        list(map.modes.iter().map(|m| m.id.clone()), "modes"),
    );
    let tickets = map
        .tickets
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.id.clone().map(|id| (path!["tickets", i, "id"], id)))
        .collect();
    unique(cx, "ticket", tickets);
    let bonuses = map
        .rules
        .bonuses
        .iter()
        .enumerate()
        .map(|(i, b)| (path!["rules", "bonuses", i, "id"], b.id.clone()))
        .collect();
    unique(cx, "bonus", bonuses);
    if let Some(f) = &map.mechanics.festivals {
        let groups = f
            .groups
            .iter()
            .enumerate()
            .map(|(i, g)| {
                (
                    path!["mechanics", "festivals", "groups", i, "id"],
                    g.id.clone(),
                )
            })
            .collect();
        unique(cx, "festival", groups);
    }
    if let Some(t) = &map.mechanics.technologies {
        let cards = t
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                (
                    path!["mechanics", "technologies", "cards", i, "id"],
                    c.id.clone(),
                )
            })
            .collect();
        unique(cx, "technology", cards);
    }
}

fn list(ids: impl Iterator<Item = String>, table: &'static str) -> Vec<(Vec<Seg>, String)> {
    ids.enumerate()
        .map(|(i, id)| (path![table, i, "id"], id))
        .collect()
}

fn unique(cx: &mut Cx, kind: &str, items: Vec<(Vec<Seg>, String)>) {
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (n, (at, id)) in items.iter().enumerate() {
        if let Some(&prev) = first.get(id.as_str()) {
            let first_at = cx.spans.locate(&items[prev].0).value;
            let line = crate::diagnostic::LineIndex::new(cx.text)
                .line_col(first_at.start)
                .0;
            let help = format!("the first {kind} with this id is on line {line}");
            cx.at(
                at.clone(),
                Diagnostic::error("duplicate-id", format!("duplicate {kind} id `{id}`"))
                    .with_label("defined again here")
                    .with_help(help),
            );
        } else {
            first.insert(id, n);
        }
    }
}

/// Duplicate route ids, said in the designer's words: a route's id is usually implied
/// (`FROM-TO`), so the message names both routes by their cities and lines, and the help says
/// how to part them: an `id` on the second, or one double route.
fn routes(cx: &mut Cx) {
    let map = cx.map;
    let index = crate::diagnostic::LineIndex::new(cx.text);
    // The line of its `id` when the route has one, else of its `[[routes]]` header: where
    // the message points.
    let line_of = |cx: &Cx, i: usize| {
        let p = if map.routes[i].id.is_some() {
            path!["routes", i, "id"]
        } else {
            path!["routes", i]
        };
        let at = cx.spans.locate(&p);
        index.line_col(at.key.unwrap_or(at.value).start).0
    };
    let mut first: HashMap<String, usize> = HashMap::new();
    for (j, r) in map.routes.iter().enumerate() {
        let id = r.id();
        let Some(&i) = first.get(&id) else {
            first.insert(id, j);
            continue;
        };
        let o = &map.routes[i];
        let (line_i, line_j) = (line_of(cx, i), line_of(cx, j));
        let ends = |r: &crate::model::Route| format!("`{}` → `{}`", r.from, r.to);
        let free = (2..)
            .map(|n| format!("{id}-{n}"))
            .find(|c| !map.routes.iter().any(|r| &r.id() == c))
            .unwrap_or_default();
        let message = if r.id.is_none() && o.id.is_none() {
            format!(
                "a second route {} (line {line_j}; the first is on line {line_i}): both take the id `{id}`",
                ends(r)
            )
        } else {
            format!(
                "route {} (line {line_j}) has the id `{id}` of route {} (line {line_i})",
                ends(r),
                ends(o)
            )
        };
        // A double route is one entry: the same two cities and the same length.
        let same_cities = (r.from == o.from && r.to == o.to) || (r.from == o.to && r.to == o.from);
        let mut help = format!("give this route an id of its own: `id = \"{free}\"`");
        if same_cities && r.length == o.length {
            let colours: Vec<String> = [o, r]
                .iter()
                .flat_map(|x| x.lane_colors())
                .map(|c| format!("\"{}\"", c.name()))
                .collect();
            help.push_str(&format!(
                "; or, for a double route, keep one entry with a lane each: `colors = [{}]`",
                colours.join(", ")
            ));
        }
        let d = Diagnostic::error("duplicate-id", message)
            .with_label("defined again here")
            .with_help(help);
        if r.id.is_some() {
            cx.at(path!["routes", j, "id"], d);
        } else {
            cx.at_key(path!["routes", j], d);
        }
    }
}
