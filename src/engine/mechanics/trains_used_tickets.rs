//! Multi-city tickets scored by the trains used (`rules.tickets.multi_city_scoring.kind =
//! "trains-used"`): Castilla's triple destinations.
//!
//! The Castilla rules: a triple destination covered by the shortest route scores what the
//! card prints; covered with more trains, it scores the trains used; covered by two or more
//! routes, only the shortest counts; never more than twice the printed value. Their example:
//! León–Palencia–Burgos (8) built as León–Sahagún 2, Sahagún–Palencia 3, Palencia–Aranda de
//! Duero 3, Aranda de Duero–Burgos 3 uses 11 trains and scores 11. An unfinished one loses
//! its printed value, like any ticket (the rules change only how a covered one scores).
//!
//! "The trains used" is the smallest number of spaces of the player's routes that join all
//! the ticket's cities: a minimum Steiner tree over the player's own routes, each weighing
//! its length (the two sides of a fork both count, as in the example: León–Sahagún–Osorno,
//! then Osorno–Palencia and Osorno–Burgos, 8). It is at least the printed value and at most
//! `max_multiple` times it.
//!
//! Stations: a ticket completed through a station's borrowed route is completed (as every
//! ticket is), but the borrowed route is not the player's trains. The trains counted are the
//! player's own; when their own routes alone do not join the cities, the ticket scores its
//! printed value (the least a covered ticket scores).

use super::{Game, Goal, Mechanic, State};
use crate::engine::hooks::TicketValue;
use crate::engine::paths::steiner_tree_weight;
use crate::engine::scoring::Components;

#[derive(Debug)]
pub struct TrainsUsedTickets {
    /// The most a ticket scores, as a multiple of its printed value (Castilla: 2).
    pub max_multiple: u8,
}

impl Mechanic for TrainsUsedTickets {
    fn name(&self) -> String {
        format!(
            "multi-city tickets score the trains used (at most {}× printed)",
            self.max_multiple
        )
    }

    plays!(ticket_value);
}

impl TicketValue for TrainsUsedTickets {
    fn ticket_value(
        &self,
        game: &Game,
        state: &State,
        p: usize,
        goal: &Goal,
        net: &mut Components,
    ) -> Option<(i32, bool)> {
        let Goal::Multi(places, printed) = goal else {
            return None;
        };
        let printed = *printed;
        // Completed as the core decides a multi-city ticket: one node of the first place
        // joined to every other place (stations' borrowed routes included).
        let first = places.first().map(Vec::as_slice).unwrap_or(&[]);
        let completed = first.iter().any(|&start| {
            places[1..]
                .iter()
                .all(|place| net.joined(std::slice::from_ref(&start), place))
        });
        if !completed {
            return Some((-printed, false));
        }
        let edges: Vec<(u16, u16, u32)> = state.players[p]
            .routes
            .iter()
            .map(|&r| {
                let route = &game.routes[r as usize];
                (route.node_a, route.node_b, route.length as u32)
            })
            .collect();
        let cap = printed.saturating_mul(self.max_multiple.max(1) as i32);
        let value = match steiner_tree_weight(game.node_count as usize, &edges, places) {
            Some(trains) => (trains.min(i32::MAX as u32) as i32).max(printed).min(cap),
            None => printed,
        };
        Some((value, true))
    }
}
