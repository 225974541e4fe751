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
    let routes = map
        .routes
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let at = if r.id.is_some() {
                path!["routes", i, "id"]
            } else {
                path!["routes", i]
            };
            (at, r.id())
        })
        .collect();
    unique(cx, "route", routes);
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
