//! Bonuses for reaching the cities with a tag: Castilla's CAPITALMAN (the most capitals
//! reached, 10 points) and SUPERCAPITALMAN (all nine capitals, 21 points).
//!
//! The rule text says the player "arrives at" the capitals. We read a city as reached when
//! one of the player's own claimed routes ends there: the player's trains arrive at it. The
//! cities need not be joined to each other (the text asks for arriving, not for a connected
//! network), and a station does not count (in Europe's rules, which Castilla keeps, a station
//! only lends a route for tickets; no train of the player arrives).
//!
//! Ties by the bonus's `ties`: Castilla's capitals cards are divided among the tied players,
//! rounding down (10 between two: 5 each; 21 between three: 7 each).

use super::bonus::award_most;
use super::{Game, Mechanic, State};
use crate::engine::hooks::EndScoring;
use crate::engine::scoring::DetailedScore;
use crate::model::{BestIsZero, TieScoring};

/// The most tagged cities reached.
#[derive(Debug)]
pub struct MostTaggedCities {
    pub label: String,
    pub tag: String,
    pub points: i32,
    pub ties: TieScoring,
    pub zero: BestIsZero,
    /// The tagged cities (indices into `game.city_ids`).
    pub cities: Vec<u16>,
}

/// Every tagged city reached.
#[derive(Debug)]
pub struct AllTaggedCities {
    pub label: String,
    pub tag: String,
    pub points: i32,
    pub ties: TieScoring,
    pub cities: Vec<u16>,
}

/// How many of `cities` player `p`'s own routes end in.
pub fn cities_reached(game: &Game, state: &State, p: usize, cities: &[u16]) -> u32 {
    let mut reached = vec![false; game.city_ids.len()];
    for &r in &state.players[p].routes {
        let route = &game.routes[r as usize];
        reached[route.city_a as usize] = true;
        reached[route.city_b as usize] = true;
    }
    cities.iter().filter(|&&c| reached[c as usize]).count() as u32
}

impl Mechanic for MostTaggedCities {
    fn name(&self) -> String {
        format!("{} (most {} cities reached)", self.label, self.tag)
    }

    plays!(end_scoring);
}

impl EndScoring for MostTaggedCities {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        let values: Vec<u32> = (0..scores.len())
            .map(|p| cities_reached(game, state, p, &self.cities))
            .collect();
        award_most(scores, me, &values, self.points, self.ties, self.zero);
    }
}

impl Mechanic for AllTaggedCities {
    fn name(&self) -> String {
        format!(
            "{} (all {} {} cities reached)",
            self.label,
            self.cities.len(),
            self.tag
        )
    }

    plays!(end_scoring);
}

impl EndScoring for AllTaggedCities {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        let reached: Vec<u32> = (0..scores.len())
            .map(|p| cities_reached(game, state, p, &self.cities))
            .collect();
        award_all(
            scores,
            me,
            &reached,
            self.cities.len(),
            self.points,
            self.ties,
        );
    }
}

/// Gives `points` to every player whose `covered` count is all `of` (shared by the tie rule
/// among them); each line measures what the player covered. A map with no such city gives
/// nobody anything.
pub fn award_all(
    scores: &mut [DetailedScore],
    me: usize,
    covered: &[u32],
    of: usize,
    points: i32,
    ties: TieScoring,
) {
    // Qualifiers all have the same (highest possible) value, so "the most" among the
    // qualifiers is exactly "everyone who qualified"; the others enter with 0.
    let qualifying: Vec<u32> = covered
        .iter()
        .map(|&c| if of > 0 && c as usize == of { c } else { 0 })
        .collect();
    award_most(scores, me, &qualifying, points, ties, BestIsZero::Nobody);
    for (d, &c) in scores.iter_mut().zip(covered) {
        if let Some(line) = d.bonuses.last_mut() {
            line.measure = c;
        }
    }
}
