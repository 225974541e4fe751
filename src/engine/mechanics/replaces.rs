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
//! The wrapper runs after the replaced bonus's module (`modules_for` installs replacing
//! bonuses last), so the lines it changes exist.

use super::bonus::award_most;
use super::{Action, Game, Goal, Hooks, Mechanic, State};
use crate::engine::scoring::{Components, DetailedScore};
use crate::model::{ReplacedAward, TieScoring};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::sync::Arc;

/// The replaced bonus: its module and how it is scored.
#[derive(Debug, Clone)]
pub struct Replaced {
    /// Index of its module in `game.mechanics.modules`.
    pub module: usize,
    pub points: i32,
    pub ties: TieScoring,
    pub award: ReplacedAward,
}

/// `inner`, a bonus that replaces `replaced` for its winners.
pub struct Replacing {
    pub inner: Arc<dyn Mechanic>,
    pub replaced: Replaced,
    /// The replaced bonus's printed name, for the line's name.
    pub replaced_label: String,
}

impl fmt::Debug for Replacing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Replacing")
            .field("inner", &self.inner)
            .field("replaced", &self.replaced)
            .finish()
    }
}

impl Mechanic for Replacing {
    fn name(&self) -> String {
        format!("{}, replaces {}", self.inner.name(), self.replaced_label)
    }
    fn hooks(&self) -> Hooks {
        Hooks {
            end_scoring: true,
            ..self.inner.hooks()
        }
    }
    fn costs(&self, map: &crate::model::MapFile, game: &mut Game) {
        self.inner.costs(map, game)
    }
    fn state_words(&self, game: &Game) -> usize {
        self.inner.state_words(game)
    }
    fn setup(&self, game: &Game, state: &mut State, me: usize, rng: &mut ChaCha8Rng) {
        self.inner.setup(game, state, me, rng)
    }
    fn main_actions(&self, game: &Game, state: &State, me: usize, push: &mut dyn FnMut(Action)) {
        self.inner.main_actions(game, state, me, push)
    }
    fn apply_action(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        choice: u32,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), String> {
        self.inner.apply_action(game, state, me, choice, rng)
    }
    fn on_claim(&self, game: &Game, state: &mut State, me: usize, player: u8, lane: u16) {
        self.inner.on_claim(game, state, me, player, lane)
    }
    fn ticket_value(
        &self,
        game: &Game,
        state: &State,
        p: usize,
        goal: &Goal,
        net: &mut Components,
    ) -> Option<(i32, bool)> {
        self.inner.ticket_value(game, state, p, goal, net)
    }

    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        self.inner.end_scoring(game, state, me, scores);
        let won: Vec<bool> = scores
            .iter()
            .map(|d| d.bonuses.iter().any(|l| l.mechanic == me && l.points > 0))
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
                // The replaced bonus again, with the winners out of the running (measure 0
                // never wins), scored on scratch copies so nothing else is touched.
                let values: Vec<u32> = scores
                    .iter()
                    .zip(&won)
                    .map(|(d, &w)| if w { 0 } else { line_measure(d, replaced) })
                    .collect();
                let mut scratch: Vec<DetailedScore> = scores
                    .iter()
                    .map(|d| DetailedScore {
                        bonuses: Vec::new(),
                        bonus_points: 0,
                        ..d.clone()
                    })
                    .collect();
                award_most(
                    &mut scratch,
                    replaced,
                    &values,
                    self.replaced.points,
                    self.replaced.ties,
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
