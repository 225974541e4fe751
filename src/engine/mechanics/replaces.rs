//! A bonus that replaces another for its winners (`replaces` in a bonus): Castilla's
//! SUPERCAPITALMAN replaces CAPITALMAN and SUPERCAPITALTICKETMAN replaces CAPITALTICKETMAN.
//!
//! The Castilla rules: whoever becomes SUPERCAPITALMAN does not also win CAPITALMAN's points
//! (and the same for the ticket cards). A player "becomes" the replacing bonus when it gives
//! them points. Their line of the replaced bonus then shows 0, so a total stays the sum of
//! its lines. What the others get is the bonus's `replaced_award`: `forfeit` (default; they
//! keep what the replaced bonus gave them, a tied co-winner their split share) or `next-best`
//! (the replaced bonus is scored again without the replacing bonus's winners).
//!
//! The module runs right after the replacing bonus's module, and `modules_for` installs
//! replacing bonuses after the others, so the lines it reads and changes exist.

use super::bonus::award_most_among;
use super::{Game, Mechanic, State};
use crate::engine::hooks::EndScoring;
use crate::engine::scoring::DetailedScore;
use crate::model::{BestIsZero, ReplacedAward, TieScoring};

/// The replaced bonus: its module and how it is scored.
#[derive(Debug, Clone)]
pub struct Replaced {
    /// Index of its module in `game.mechanics.modules`.
    pub module: usize,
    pub points: i32,
    pub ties: TieScoring,
    pub zero: BestIsZero,
    pub award: ReplacedAward,
}

/// Bonus module `replacing` replaces `replaced` for its winners. Installed right after the
/// replacing bonus's module, so both bonuses' lines exist when it runs; it adds no line of
/// its own.
#[derive(Debug)]
pub struct Replacement {
    pub replacing: usize,
    pub replacing_label: String,
    pub replaced: Replaced,
    /// The replaced bonus's printed name.
    pub replaced_label: String,
}

impl Mechanic for Replacement {
    fn name(&self) -> String {
        format!("{} replaces {}", self.replacing_label, self.replaced_label)
    }

    plays!(end_scoring);
}

impl EndScoring for Replacement {
    fn end_scoring(&self, _game: &Game, _state: &State, _me: usize, scores: &mut [DetailedScore]) {
        let won: Vec<bool> = scores
            .iter()
            .map(|d| line_points(d, self.replacing) > 0)
            .collect();
        if !won.contains(&true) {
            return;
        }
        let replaced = self.replaced.module;
        let new_points: Vec<i32> = match self.replaced.award {
            ReplacedAward::Forfeit => scores
                .iter()
                .zip(&won)
                .map(|(d, &w)| if w { 0 } else { line_points(d, replaced) })
                .collect(),
            ReplacedAward::NextBest => {
                // The replaced bonus again, with the winners out of the running, scored on
                // scratch copies so nothing else is touched.
                let values: Vec<u32> = scores.iter().map(|d| line_measure(d, replaced)).collect();
                let running: Vec<bool> = won.iter().map(|&w| !w).collect();
                let mut scratch: Vec<DetailedScore> = scores
                    .iter()
                    .map(|d| DetailedScore {
                        bonuses: Vec::new(),
                        bonus_points: 0,
                        ..d.clone()
                    })
                    .collect();
                award_most_among(
                    &mut scratch,
                    replaced,
                    &values,
                    &running,
                    self.replaced.points,
                    self.replaced.ties,
                    self.replaced.zero,
                );
                scratch.iter().map(|d| d.bonus_points).collect()
            }
        };
        for (d, points) in scores.iter_mut().zip(new_points) {
            if let Some(line) = d.bonuses.iter_mut().find(|l| l.mechanic == replaced) {
                d.bonus_points += points - line.points;
                line.points = points;
            }
        }
    }
}

fn line_points(d: &DetailedScore, module: usize) -> i32 {
    d.bonuses
        .iter()
        .find(|l| l.mechanic == module)
        .map_or(0, |l| l.points)
}

fn line_measure(d: &DetailedScore, module: usize) -> u32 {
    d.bonuses
        .iter()
        .find(|l| l.mechanic == module)
        .map_or(0, |l| l.measure)
}
