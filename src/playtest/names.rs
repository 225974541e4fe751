//! Names for people in reports: a city's or zone's name, a route as its two cities' names, a
//! ticket as the names of the places it joins (ids only where the file gives no name).

use crate::model::{MapFile, Ticket};

/// The name of a city or zone by id (the id itself when the map has neither).
pub fn place<'a>(map: &'a MapFile, id: &'a str) -> &'a str {
    if let Some(c) = map.cities.iter().find(|c| c.id == id) {
        return c.display_name();
    }
    map.zones
        .iter()
        .find(|z| z.id == id)
        .map_or(id, |z| z.display_name())
}

/// Route `index` of the map as `From – To`, with its lane count when it has several lanes
/// and no other route joins the same two cities (otherwise its id tells them apart).
pub fn route(map: &MapFile, index: usize) -> String {
    let Some(r) = map.routes.get(index) else {
        return String::new();
    };
    let base = format!("{} – {}", place(map, &r.from), place(map, &r.to));
    let twins = map
        .routes
        .iter()
        .filter(|o| (o.from == r.from && o.to == r.to) || (o.from == r.to && o.to == r.from))
        .count();
    if twins > 1 {
        format!("{base} ({})", r.id())
    } else {
        base
    }
}

/// A ticket as the names of its places: `A – B`, `A – B – C`, `A → B | C` (any-of).
pub fn ticket(map: &MapFile, t: &Ticket) -> String {
    let name = |id: &str| place(map, id).to_string();
    match (&t.targets, &t.cities) {
        (Some(targets), _) => format!(
            "{} → {}",
            name(t.from.as_deref().unwrap_or("?")),
            targets
                .iter()
                .map(|x| name(&x.to))
                .collect::<Vec<_>>()
                .join(" | ")
        ),
        (None, Some(cities)) => cities
            .iter()
            .map(|c| name(c))
            .collect::<Vec<_>>()
            .join(" – "),
        _ => t
            .places()
            .into_iter()
            .map(name)
            .collect::<Vec<_>>()
            .join(" – "),
    }
}

/// Ticket `index` of the map by name (see [`ticket`]).
pub fn ticket_at(map: &MapFile, index: usize) -> String {
    map.tickets
        .get(index)
        .map_or_else(String::new, |t| ticket(map, t))
}
