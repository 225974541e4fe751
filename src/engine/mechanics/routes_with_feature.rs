//! The most claimed routes with a feature: Castilla's TRANSBORDOMAN (routes with transbordos,
//! the map's ferries) and TUNELMAN (routes with tunnels), 5 points each.
//!
//! The Castilla rules give these cards to the player with more completed routes with
//! transbordos (with tunnels); a route counts once whatever its length or number of ferry
//! spaces. Which routes count as ferries is `routes.counts_as_ferry` (by default, routes
//! with ferry spaces). Only routes the player claimed count: a station's borrowed route is used for
//! tickets only (Europe's station rule). Ties by the bonus's `ties` (Castilla: each tied
//! player scores the points).

use super::bonus::award_most;
use super::{Game, Mechanic, State};
use crate::engine::hooks::EndScoring;
use crate::engine::scoring::DetailedScore;
use crate::model::{BestIsZero, RouteFeature, TieScoring};

#[derive(Debug)]
pub struct MostRoutesWith {
    pub label: String,
    pub points: i32,
    pub ties: TieScoring,
    pub zero: BestIsZero,
    pub feature: RouteFeature,
}

/// Whether route `r` has `feature`.
pub fn has_feature(game: &Game, r: usize, feature: RouteFeature) -> bool {
    match feature {
        // `routes.counts_as_ferry`, which defaults to having ferry spaces.
        RouteFeature::Ferry => game.counts_as_ferry[r],
        RouteFeature::Tunnel => game.routes[r].tunnel,
    }
}

impl Mechanic for MostRoutesWith {
    fn name(&self) -> String {
        let what = match self.feature {
            RouteFeature::Ferry => "ferries",
            RouteFeature::Tunnel => "tunnels",
        };
        format!("{} (most routes with {what})", self.label)
    }

    plays!(end_scoring);
}

impl EndScoring for MostRoutesWith {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        let values: Vec<u32> = state
            .players
            .iter()
            .map(|player| {
                player
                    .routes
                    .iter()
                    .filter(|&&r| has_feature(game, r as usize, self.feature))
                    .count() as u32
            })
            .collect();
        award_most(scores, me, &values, self.points, self.ties, self.zero);
    }
}
