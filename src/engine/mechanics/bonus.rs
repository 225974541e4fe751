//! Bonuses for the most of something: the longest continuous path (USA, Europe, India,
//! Castilla's INTERRAIL) and the most completed tickets (Europe's Globetrotter, Castilla's
//! TICKETMAN).
//!
//! Players tied for the most score by the bonus's `ties` rule (all of them, split rounding
//! down, or nobody). When the best count is 0 the bonus's `when_best_is_zero` decides:
//! `nobody` (default: a player with no route has no longest path to reward) or `tied`
//! (everyone is tied for the most at 0, scored by `ties`).

use super::{Game, Mechanic, State};
use crate::engine::hooks::{Advice, EndScoring};
use crate::engine::scoring::{BonusLine, DetailedScore};
use crate::model::{BestIsZero, TieScoring};

#[derive(Debug)]
pub struct LongestPath {
    pub label: String,
    pub points: i32,
    pub ties: TieScoring,
    pub zero: BestIsZero,
}

#[derive(Debug)]
pub struct Globetrotter {
    pub label: String,
    pub points: i32,
    pub ties: TieScoring,
    pub zero: BestIsZero,
}

impl Mechanic for LongestPath {
    fn name(&self) -> String {
        format!("{} (longest path)", self.label)
    }

    plays!(end_scoring);
}

impl EndScoring for LongestPath {
    fn end_scoring(&self, _game: &Game, _state: &State, me: usize, scores: &mut [DetailedScore]) {
        let values: Vec<u32> = scores.iter().map(|d| d.longest_path).collect();
        award_most(scores, me, &values, self.points, self.ties, self.zero);
    }
}

impl Mechanic for Globetrotter {
    fn name(&self) -> String {
        format!("{} (most completed tickets)", self.label)
    }

    plays!(end_scoring, advice);
}

impl EndScoring for Globetrotter {
    fn end_scoring(&self, _game: &Game, _state: &State, me: usize, scores: &mut [DetailedScore]) {
        let values: Vec<u32> = scores.iter().map(|d| d.completed_tickets).collect();
        award_most(scores, me, &values, self.points, self.ties, self.zero);
    }
}

impl Advice for Globetrotter {
    /// The bonus goes to the most completed tickets: every player's count counts.
    fn rewards_completed_tickets(&self, _game: &Game, _state: &State, _me: usize, _p: u8) -> bool {
        true
    }
}

/// Gives `points` of module `me` to the players with the highest value, by the tie rule; a
/// best of 0 wins only when `zero` is `tied`. Every player gets a line (0 points when they
/// did not win it).
pub fn award_most(
    scores: &mut [DetailedScore],
    me: usize,
    values: &[u32],
    points: i32,
    ties: TieScoring,
    zero: BestIsZero,
) {
    let everyone = vec![true; values.len()];
    award_most_among(scores, me, values, &everyone, points, ties, zero);
}

/// [`award_most`] among the players `in_running` only: the others have a line of 0 points
/// whatever their value (a bonus scored again without the winners of the one replacing it).
pub fn award_most_among(
    scores: &mut [DetailedScore],
    me: usize,
    values: &[u32],
    in_running: &[bool],
    points: i32,
    ties: TieScoring,
    zero: BestIsZero,
) {
    let running = || values.iter().zip(in_running).filter(|(_, r)| **r);
    let best = running().map(|(&v, _)| v).max();
    let best_wins = best.is_some_and(|b| b > 0 || zero == BestIsZero::Tied);
    let winners = running().filter(|(v, _)| Some(**v) == best).count().max(1) as i32;
    let each = match ties {
        TieScoring::All => points,
        TieScoring::Split => points / winners,
        TieScoring::Nobody if winners > 1 => 0,
        TieScoring::Nobody => points,
    };
    for ((d, &value), &running) in scores.iter_mut().zip(values).zip(in_running) {
        let won = running && best_wins && Some(value) == best;
        d.add_bonus(BonusLine {
            mechanic: me,
            measure: value,
            points: if won { each } else { 0 },
        });
    }
}
