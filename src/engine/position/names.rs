//! How a position names routes, cities and tickets: by id or label, from either end
//! (`omaha-denver` is the route `denver-omaha`, `miami-boston` the ticket Boston–Miami), by
//! the cities' names as the board and the cards print them (`Omaha – Denver`), with a
//! hyphen or a dash (`crate::typed`), and a "did you mean" for a misspelt name.

use crate::engine::Game;
use crate::model::MapFile;
use crate::suggest::closest;
use crate::typed::{normalise, ticket_forms};
use std::collections::BTreeMap;

/// What a name resolved to.
pub(super) enum Found {
    One(usize),
    /// Several routes or tickets fit (parallel routes between two cities, equal labels).
    Many(Vec<usize>),
    /// Nothing fits; the closest name, when one is near.
    None(Option<String>),
}

/// Every name a position may use, built once per check. Ordered maps, so that of two
/// equally close suggestions the same one is always given.
pub(super) struct Names<'g> {
    route_ids: BTreeMap<&'g str, usize>,
    /// `from-to` and `to-from` of every route (city ids) → the routes between them.
    route_ends: BTreeMap<String, Vec<usize>>,
    cities: Vec<&'g str>,
    /// Normalised labels → tickets, as written and read from the other end.
    ticket_labels: BTreeMap<String, Vec<usize>>,
    ticket_reversed: BTreeMap<String, Vec<usize>>,
    /// Each ticket's label in the form a position may write it (for suggestions).
    ticket_forms: Vec<String>,
}

fn push(map: &mut BTreeMap<String, Vec<usize>>, key: String, i: usize) {
    let list = map.entry(key).or_default();
    if !list.contains(&i) {
        list.push(i);
    }
}

impl<'g> Names<'g> {
    pub(super) fn new(game: &'g Game, map: &MapFile) -> Self {
        let name = |id: &str| crate::typed::place_name(map, id);
        let mut route_ends = BTreeMap::new();
        for (r, info) in game.routes.iter().enumerate() {
            let (a, b) = (
                game.city_ids[info.city_a as usize].as_str(),
                game.city_ids[info.city_b as usize].as_str(),
            );
            // By ids and by names, each from either end: what a player reads off the board.
            let (na, nb) = (name(a).unwrap_or(a), name(b).unwrap_or(b));
            for (x, y) in [(a, b), (b, a), (na, nb), (nb, na)] {
                push(&mut route_ends, normalise(&format!("{x}-{y}")), r);
            }
        }
        let mut ticket_labels = BTreeMap::new();
        let mut ticket_reversed = BTreeMap::new();
        for (t, info) in game.tickets.iter().enumerate() {
            push(&mut ticket_labels, normalise(&info.label), t);
            // The other forms (read backwards, by names) rank after every label as written.
            for form in ticket_forms(&info.label, name).into_iter().skip(1) {
                push(&mut ticket_reversed, form, t);
            }
        }
        Names {
            route_ids: game
                .routes
                .iter()
                .enumerate()
                .map(|(i, r)| (r.id.as_str(), i))
                .collect(),
            route_ends,
            cities: game.city_ids.iter().map(String::as_str).collect(),
            ticket_labels,
            ticket_reversed,
            ticket_forms: game.tickets.iter().map(|t| normalise(&t.label)).collect(),
        }
    }

    /// A route by its id, or by its two cities' ids in either order.
    pub(super) fn route(&self, game: &Game, name: &str) -> Found {
        if let Some(&r) = self.route_ids.get(name) {
            return Found::One(r);
        }
        let name = &normalise(name);
        if let Some(&r) = self.route_ids.get(name.as_str()) {
            return Found::One(r);
        }
        match self.route_ends.get(name).map(Vec::as_slice) {
            Some([r]) => Found::One(*r),
            Some(many) if !many.is_empty() => Found::Many(many.to_vec()),
            _ => {
                // Suggest the route's id, even when the near miss was its reversed name.
                let forms = self
                    .route_ids
                    .keys()
                    .copied()
                    .chain(self.route_ends.keys().map(String::as_str));
                let near = closest(name, forms).map(|f| match self.route_ids.get(f) {
                    Some(&r) => game.routes[r].id.clone(),
                    None => {
                        let rs = &self.route_ends[f];
                        game.routes[rs[0]].id.clone()
                    }
                });
                Found::None(near)
            }
        }
    }

    pub(super) fn city(&self, name: &str) -> Found {
        match self.cities.iter().position(|&c| c == name) {
            Some(c) => Found::One(c),
            None => Found::None(closest(name, self.cities.iter().copied()).map(str::to_string)),
        }
    }

    /// A ticket by its label (`-` for `–`, any case), from either end; a label read as
    /// written wins over another ticket's label read backwards.
    pub(super) fn ticket(&self, name: &str) -> Found {
        let wanted = normalise(name);
        let found = self
            .ticket_labels
            .get(&wanted)
            .or_else(|| self.ticket_reversed.get(&wanted));
        match found.map(Vec::as_slice) {
            Some([t]) => Found::One(*t),
            Some(many) if !many.is_empty() => Found::Many(many.to_vec()),
            _ => {
                let forms = self
                    .ticket_labels
                    .keys()
                    .chain(self.ticket_reversed.keys())
                    .map(String::as_str);
                let near = closest(&wanted, forms).map(|f| {
                    let t = self
                        .ticket_labels
                        .get(f)
                        .or_else(|| self.ticket_reversed.get(f))
                        .map_or(0, |ts| ts[0]);
                    self.ticket_forms[t].clone()
                });
                Found::None(near)
            }
        }
    }
}
