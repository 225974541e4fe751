//! `unknown-city` and `unknown-reference`: every id named anywhere must be defined.

use super::Cx;
use crate::diagnostic::Diagnostic;
use crate::path;
use crate::spans::Seg;
use crate::suggest::did_you_mean;

pub(super) fn check(cx: &mut Cx) {
    let map = cx.map;
    let route_ids: Vec<String> = map.routes.iter().map(|r| r.id()).collect();
    for (i, r) in map.routes.iter().enumerate() {
        for (key, id) in [("from", &r.from), ("to", &r.to)] {
            city(cx, path!["routes", i, key], id, "route");
        }
        for (j, other) in r.crosses.iter().enumerate() {
            if !route_ids.contains(other) {
                unknown(
                    cx,
                    path!["routes", i, "crosses", j],
                    "route",
                    other,
                    route_ids.iter().map(String::as_str),
                );
            }
        }
    }
    for (i, t) in map.tickets.iter().enumerate() {
        if let Some(id) = &t.from {
            place(cx, path!["tickets", i, "from"], id);
        }
        if let Some(id) = &t.to {
            place(cx, path!["tickets", i, "to"], id);
        }
        for (j, id) in t.cities.iter().flatten().enumerate() {
            place(cx, path!["tickets", i, "cities", j], id);
        }
        for (j, target) in t.targets.iter().flatten().enumerate() {
            place(cx, path!["tickets", i, "targets", j, "to"], &target.to);
        }
        if let Some(deck) = &t.deck {
            let decks = map.deck_ids();
            if !decks.contains(&deck.as_str()) {
                unknown(
                    cx,
                    path!["tickets", i, "deck"],
                    "deck",
                    deck,
                    decks.iter().copied(),
                );
            }
        }
    }
    let regions: Vec<&str> = map.regions.iter().map(|r| r.id.as_str()).collect();
    let zones: Vec<&str> = map.zones.iter().map(|z| z.id.as_str()).collect();
    let festivals: Vec<&str> = map
        .mechanics
        .festivals
        .iter()
        .flat_map(|f| f.groups.iter().map(|g| g.id.as_str()))
        .collect();
    for (i, c) in map.cities.iter().enumerate() {
        if let Some(r) = &c.region
            && !regions.contains(&r.as_str())
        {
            unknown(
                cx,
                path!["cities", i, "region"],
                "region",
                r,
                regions.iter().copied(),
            );
        }
        if let Some(z) = &c.zone
            && !zones.contains(&z.as_str())
        {
            unknown(
                cx,
                path!["cities", i, "zone"],
                "zone",
                z,
                zones.iter().copied(),
            );
        }
        if let Some(f) = &c.festival
            && !festivals.contains(&f.as_str())
        {
            unknown(
                cx,
                path!["cities", i, "festival"],
                "festival",
                f,
                festivals.iter().copied(),
            );
        }
    }
    let decks = map.deck_ids();
    let modes: Vec<&str> = map.modes.iter().map(|m| m.id.as_str()).collect();
    for (i, m) in map.modes.iter().enumerate() {
        for deck in m.deal.keys() {
            if !decks.contains(&deck.as_str()) {
                unknown(
                    cx,
                    path!["modes", i, "deal", deck.as_str()],
                    "deck",
                    deck,
                    decks.iter().copied(),
                );
            }
        }
        for (j, deck) in m.pool.iter().flat_map(|p| p.decks.iter().enumerate()) {
            if !decks.contains(&deck.as_str()) {
                unknown(
                    cx,
                    path!["modes", i, "pool", "decks", j],
                    "deck",
                    deck,
                    decks.iter().copied(),
                );
            }
        }
        for (j, id) in m.pool.iter().flat_map(|p| p.cities.iter().enumerate()) {
            place(cx, path!["modes", i, "pool", "cities", j], id);
        }
    }
    let bonuses: Vec<&str> = map.rules.bonuses.iter().map(|b| b.id.as_str()).collect();
    for (i, b) in map.rules.bonuses.iter().enumerate() {
        for (j, m) in b.modes.iter().enumerate() {
            if !modes.contains(&m.as_str()) {
                unknown(
                    cx,
                    path!["rules", "bonuses", i, "modes", j],
                    "mode",
                    m,
                    modes.iter().copied(),
                );
            }
        }
        for (j, d) in b.decks.iter().enumerate() {
            if !decks.contains(&d.as_str()) {
                unknown(
                    cx,
                    path!["rules", "bonuses", i, "decks", j],
                    "deck",
                    d,
                    decks.iter().copied(),
                );
            }
        }
        if let Some(r) = &b.replaces
            && !bonuses.contains(&r.as_str())
        {
            unknown(
                cx,
                path!["rules", "bonuses", i, "replaces"],
                "bonus",
                r,
                bonuses.iter().copied(),
            );
        }
    }
    if let Some(a) = &map.mechanics.alvin {
        city(cx, path!["mechanics", "alvin", "start"], &a.start, "Alvin");
    }
    if let Some(m) = &map.mechanics.city_markers {
        for (j, c) in m.forbidden.iter().enumerate() {
            city(
                cx,
                path!["mechanics", "city_markers", "forbidden", j],
                c,
                "city marker rule",
            );
        }
    }
    if let Some(t) = &map.mechanics.technologies {
        for (j, r) in t.base_regions.iter().enumerate() {
            if !regions.contains(&r.as_str()) {
                unknown(
                    cx,
                    path!["mechanics", "technologies", "base_regions", j],
                    "region",
                    r,
                    regions.iter().copied(),
                );
            }
        }
        for (i, card) in t.cards.iter().enumerate() {
            for (j, r) in card.regions.iter().enumerate() {
                if !regions.contains(&r.as_str()) {
                    unknown(
                        cx,
                        path!["mechanics", "technologies", "cards", i, "regions", j],
                        "region",
                        r,
                        regions.iter().copied(),
                    );
                }
            }
        }
    }
}

/// A route end or mechanic city: must be a city (a zone is reached through its endpoints).
fn city(cx: &mut Cx, at: Vec<Seg>, id: &str, what: &str) {
    if cx.is_city(id) {
        return;
    }
    let help = if cx.map.zones.iter().any(|z| z.id == id) {
        Some(format!(
            "`{id}` is a zone; a {what} must end at one of its border cities (cities with `zone = \"{id}\"`)"
        ))
    } else {
        did_you_mean(id, cx.map.cities.iter().map(|c| c.id.as_str()))
    };
    let fix = crate::suggest::unique_closest(id, cx.map.cities.iter().map(|c| c.id.as_str()));
    let mut d = Diagnostic::error("unknown-city", format!("{what} names unknown city `{id}`"))
        .with_label(format!("no city `{id}` is defined"))
        .with_help_opt(help);
    if let Some(c) = fix {
        d = d.with_fix(format!("\"{c}\""));
    }
    cx.at(at, d);
}

/// A ticket end: a city or a zone.
fn place(cx: &mut Cx, at: Vec<Seg>, id: &str) {
    if cx.is_place(id) {
        return;
    }
    let help = did_you_mean(id, cx.place_ids());
    let fix = crate::suggest::unique_closest(id, cx.place_ids()).map(|c| format!("\"{c}\""));
    let mut d = Diagnostic::error(
        "unknown-city",
        format!("ticket names unknown city or zone `{id}`"),
    )
    .with_label(format!("no city or zone `{id}` is defined"))
    .with_help_opt(help);
    if let Some(f) = fix {
        d = d.with_fix(f);
    }
    cx.at(at, d);
}

fn unknown<'a>(
    cx: &mut Cx,
    at: Vec<Seg>,
    kind: &str,
    id: &str,
    known: impl Iterator<Item = &'a str>,
) {
    let known: Vec<&str> = known.collect();
    let help = did_you_mean(id, known.iter().copied()).or_else(|| {
        if known.is_empty() {
            Some(format!("no {kind} is defined in this map"))
        } else {
            Some(format!("defined: {}", known.join(", ")))
        }
    });
    cx.at(
        at,
        Diagnostic::error("unknown-reference", format!("unknown {kind} `{id}`"))
            .with_label(format!("no {kind} `{id}` is defined"))
            .with_help_opt(help),
    );
}
