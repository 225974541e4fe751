//! India's Grand Tour (the Mandala bonus): a completed ticket whose two cities are joined by
//! two paths of the player's routes that share no route scores by the table, by how many
//! such tickets the player has (India: 5, 5, 10, 10, 10 for the first five), capped at the
//! bonus's points (India: 40).
//!
//! Two route-disjoint paths exist exactly when a unit-capacity flow of 2 goes from one
//! city to the other (`engine::paths::two_disjoint_paths`); paths may share cities.

use super::{Game, Goal, Mechanic, State};
use crate::engine::hooks::EndScoring;
use crate::engine::paths::two_disjoint_paths;
use crate::engine::scoring::{BonusLine, DetailedScore};

#[derive(Debug)]
pub struct GrandTour {
    pub label: String,
    /// Points for the first, second, ... qualifying ticket.
    pub table: Vec<i32>,
    /// The most the bonus scores (0: no cap).
    pub cap: i32,
}

impl Mechanic for GrandTour {
    fn name(&self) -> String {
        format!("{} (grand tour)", self.label)
    }

    plays!(end_scoring);
}

impl EndScoring for GrandTour {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        for (p, score) in scores.iter_mut().enumerate() {
            let edges: Vec<(u16, u16)> = state.players[p]
                .routes
                .iter()
                .map(|&r| {
                    let route = &game.routes[r as usize];
                    (route.node_a, route.node_b)
                })
                .collect();
            let qualifying = state.players[p]
                .tickets
                .iter()
                .filter(|&&t| match &game.tickets[t as usize].goal {
                    Goal::Pair(a, b, _) => {
                        two_disjoint_paths(game.node_count as usize, &edges, a, b)
                    }
                    _ => false,
                })
                .count();
            let mut points: i32 = self.table.iter().take(qualifying).sum();
            if self.cap > 0 {
                points = points.min(self.cap);
            }
            score.add_bonus(BonusLine {
                mechanic: me,
                measure: qualifying as u32,
                points,
            });
        }
    }
}
