//! Bonuses for the most of something: the longest continuous path (USA, Europe, India,
//! Castilla's INTERRAIL) and the most completed tickets (Europe's Globetrotter, Castilla's
//! TICKETMAN).
//!
//! Only a positive measure wins (a player with no route has no longest path to reward);
//! players tied for the most score by the bonus's `ties` rule (all of them, split rounding
//! down, or nobody).

use super::{Game, Hooks, Mechanic, State};
use crate::engine::scoring::{BonusLine, DetailedScore};
use crate::model::TieScoring;

#[derive(Debug)]
pub struct LongestPath {
    pub label: String,
    pub points: i32,
    pub ties: TieScoring,
}

#[derive(Debug)]
pub struct Globetrotter {
    pub label: String,
    pub points: i32,
    pub ties: TieScoring,
}

impl Mechanic for LongestPath {
    fn name(&self) -> String {
        format!("{} (longest path)", self.label)
    }
    fn hooks(&self) -> Hooks {
        Hooks::END_SCORING
    }
    fn end_scoring(&self, _game: &Game, _state: &State, me: usize, scores: &mut [DetailedScore]) {
        let values: Vec<u32> = scores.iter().map(|d| d.longest_path).collect();
        award_most(scores, me, &values, self.points, self.ties);
    }
}

impl Mechanic for Globetrotter {
    fn name(&self) -> String {
        format!("{} (most completed tickets)", self.label)
    }
    fn hooks(&self) -> Hooks {
        Hooks::END_SCORING
    }
    fn end_scoring(&self, _game: &Game, _state: &State, me: usize, scores: &mut [DetailedScore]) {
        let values: Vec<u32> = scores.iter().map(|d| d.completed_tickets).collect();
        award_most(scores, me, &values, self.points, self.ties);
    }
    /// The bonus goes to the most completed tickets: every player's count counts.
    fn rewards_completed_tickets(&self, _game: &Game, _state: &State, _me: usize, _p: u8) -> bool {
        true
    }
}

/// Gives `points` of module `me` to the players with the highest positive value, by the tie
/// rule; every player gets a line (0 points when they did not win it).
pub fn award_most(
    scores: &mut [DetailedScore],
    me: usize,
    values: &[u32],
    points: i32,
    ties: TieScoring,
) {
    let best = values.iter().copied().max().unwrap_or(0);
    let winners = values.iter().filter(|&&v| v == best).count().max(1) as i32;
    let each = match ties {
        TieScoring::All => points,
        TieScoring::Split => points / winners,
        TieScoring::Nobody if winners > 1 => 0,
        TieScoring::Nobody => points,
    };
    for (d, &value) in scores.iter_mut().zip(values) {
        let won = best > 0 && value == best;
        d.add_bonus(BonusLine {
            mechanic: me,
            measure: value,
            points: if won { each } else { 0 },
        });
    }
}
