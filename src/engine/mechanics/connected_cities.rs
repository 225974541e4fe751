//! The most cities in one network: Legendary Asia's Asian Explorer (10 points).
//!
//! The rule texts this project was built from do not cover Legendary Asia; its reference
//! data records only a "most-connected-cities bonus of 10" from the Board Game Arena
//! implementation, which counts the distinct cities of the player's largest
//! continuous network and gives every tied player the points. We take that plain reading: a
//! network is a connected set of the player's own routes (stations lend routes for tickets
//! only), its size the number of different cities its routes touch (a zone endpoint counts
//! as its own city). Ties by the bonus's `ties` (default: every tied player scores).

use super::bonus::award_most;
use super::{Game, Mechanic, State};
use crate::engine::hooks::EndScoring;
use crate::engine::scoring::{Components, DetailedScore};
use crate::model::{BestIsZero, TieScoring};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug)]
pub struct MostConnectedCities {
    pub label: String,
    pub points: i32,
    pub ties: TieScoring,
    pub zero: BestIsZero,
}

/// The number of distinct cities in player `p`'s largest network of own routes.
pub fn largest_network_cities(game: &Game, state: &State, p: usize) -> u32 {
    let routes = &state.players[p].routes;
    let mut net = Components::new(game.node_count as usize);
    for &r in routes {
        let route = &game.routes[r as usize];
        net.join(route.node_a, route.node_b);
    }
    let mut networks: BTreeMap<u16, BTreeSet<u16>> = BTreeMap::new();
    for &r in routes {
        let route = &game.routes[r as usize];
        let cities = networks.entry(net.find(route.node_a)).or_default();
        cities.insert(route.city_a);
        cities.insert(route.city_b);
    }
    networks.values().map(|c| c.len() as u32).max().unwrap_or(0)
}

impl Mechanic for MostConnectedCities {
    fn name(&self) -> String {
        format!("{} (most cities in one network)", self.label)
    }

    plays!(end_scoring);
}

impl EndScoring for MostConnectedCities {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        let values: Vec<u32> = (0..scores.len())
            .map(|p| largest_network_cities(game, state, p))
            .collect();
        award_most(scores, me, &values, self.points, self.ties, self.zero);
    }
}
