//! Mountain spaces (Legendary Asia): a route's mountain spaces (`routes.mountains`) each cost
//! the claimer more trains (`mechanics.mountains.trains_lost`), which leave their supply and
//! score `points_per_train` each at the end.
//!
//! The rule comes from the map data and its sources (the seeds do not cover Legendary Asia):
//! one more train per mountain space, 2 points per such train. A claim needs the trains for
//! the spaces and the mountains both, so a player short of them cannot take the route; the
//! trains given up count toward the end of the game like any others.

use super::{Game, Mechanic, State};
use crate::engine::hooks::{Costs, EndScoring};
use crate::engine::scoring::{BonusLine, DetailedScore};
use crate::model::MapFile;

#[derive(Debug)]
pub struct Mountains {
    pub trains_lost: u8,
    pub points_per_train: i32,
}

impl Mechanic for Mountains {
    fn name(&self) -> String {
        format!(
            "mountains ({} train(s) per mountain space, {} points each)",
            self.trains_lost, self.points_per_train
        )
    }

    plays!(costs, end_scoring);
}

impl Costs for Mountains {
    fn costs(&self, map: &MapFile, game: &mut Game) {
        for (info, r) in game.routes.iter_mut().zip(&map.routes) {
            info.extra_trains = r.mountains.saturating_mul(self.trains_lost);
        }
    }
}

impl EndScoring for Mountains {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        for (p, d) in scores.iter_mut().enumerate() {
            let lost: u32 = state.players[p]
                .routes
                .iter()
                .map(|&r| game.routes[r as usize].extra_trains as u32)
                .sum();
            d.add_bonus(BonusLine {
                mechanic: me,
                measure: lost,
                points: lost as i32 * self.points_per_train,
            });
        }
    }
}
