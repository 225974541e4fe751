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

use super::{Game, Goal, Hooks, Mechanic, State};
use crate::engine::scoring::Components;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// More places than this are not searched for a Steiner tree (the table grows as 3^k); such a
/// ticket scores its printed value. Castilla's are triples.
const MAX_PLACES: usize = 10;

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

    fn hooks(&self) -> Hooks {
        Hooks {
            ticket_value: true,
            ..Hooks::default()
        }
    }

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

/// The least total weight of edges joining at least one node of every place (a group
/// Steiner tree, by the Dreyfus–Wagner table over subsets of places), or `None` when the
/// edges do not join them all (or there are more than [`MAX_PLACES`] places).
pub fn steiner_tree_weight(
    nodes: usize,
    edges: &[(u16, u16, u32)],
    places: &[Vec<u16>],
) -> Option<u32> {
    let k = places.len();
    if k == 0 || k > MAX_PLACES {
        return None;
    }
    let mut adjacent: Vec<Vec<(usize, u32)>> = vec![Vec::new(); nodes];
    for &(a, b, w) in edges {
        let (a, b) = (a as usize, b as usize);
        if a < nodes && b < nodes {
            adjacent[a].push((b, w));
            adjacent[b].push((a, w));
        }
    }
    const NONE: u32 = u32::MAX;
    let full = (1usize << k) - 1;
    // best[mask][v]: the lightest tree containing v that touches every place in mask.
    let mut best = vec![vec![NONE; nodes]; full + 1];
    for (i, place) in places.iter().enumerate() {
        for &v in place {
            if (v as usize) < nodes {
                best[1 << i][v as usize] = 0;
            }
        }
    }
    for mask in 1..=full {
        // Two trees meeting at v.
        let mut sub = (mask - 1) & mask;
        while sub > 0 {
            let rest = mask ^ sub;
            if sub < rest {
                let joined: Vec<u32> = best[sub]
                    .iter()
                    .zip(&best[rest])
                    .map(|(&x, &y)| {
                        if x == NONE || y == NONE {
                            NONE
                        } else {
                            x.saturating_add(y)
                        }
                    })
                    .collect();
                for (cell, w) in best[mask].iter_mut().zip(joined) {
                    *cell = (*cell).min(w);
                }
            }
            sub = (sub - 1) & mask;
        }
        // Then grown along edges (Dijkstra from every node at once).
        let row = &mut best[mask];
        let mut queue: BinaryHeap<Reverse<(u32, usize)>> = row
            .iter()
            .enumerate()
            .filter(|(_, w)| **w != NONE)
            .map(|(v, &w)| Reverse((w, v)))
            .collect();
        while let Some(Reverse((w, v))) = queue.pop() {
            if w > row[v] {
                continue;
            }
            for &(u, e) in &adjacent[v] {
                let through = w.saturating_add(e);
                if through < row[u] {
                    row[u] = through;
                    queue.push(Reverse((through, u)));
                }
            }
        }
    }
    best[full].iter().copied().filter(|&w| w != NONE).min()
}

#[cfg(test)]
mod tests {
    use super::steiner_tree_weight;

    // A star: centre 0 joined to 1, 2, 3 by 2 spaces each, and a long way 1–2 of 5.
    const STAR: [(u16, u16, u32); 4] = [(0, 1, 2), (0, 2, 2), (0, 3, 2), (1, 2, 5)];

    #[test]
    fn a_fork_counts_both_sides_and_ignores_the_longer_way() {
        // 1, 2 and 3 joined through the centre: 2 + 2 + 2 = 6 (not 5 + 2 + 2 via 1–2).
        let places = [vec![1], vec![2], vec![3]];
        assert_eq!(steiner_tree_weight(4, &STAR, &places), Some(6));
        // Just 1 and 2: through the centre 4 beats the direct 5.
        assert_eq!(steiner_tree_weight(4, &STAR, &[vec![1], vec![2]]), Some(4));
    }

    #[test]
    fn unjoined_places_have_no_tree() {
        let places = [vec![1], vec![4]];
        assert_eq!(steiner_tree_weight(5, &STAR, &places), None);
        assert_eq!(steiner_tree_weight(5, &[], &[]), None);
    }

    #[test]
    fn a_place_of_several_nodes_needs_only_one() {
        // Place {2, 3}: reaching 2 from 1 costs 4, reaching 3 from 1 costs 4; either will do.
        let places = [vec![1], vec![2, 3]];
        assert_eq!(steiner_tree_weight(4, &STAR, &places), Some(4));
    }
}
