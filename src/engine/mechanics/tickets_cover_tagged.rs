//! Completed tickets that together start or end in every city with a tag: Castilla's
//! SUPERCAPITALTICKETMAN (27 points; ties divided rounding down).
//!
//! The rule text asks for completed tickets with a start or an end in each of the nine
//! capitals. A two-city ticket starts and ends in its two cities; a triple destination has
//! no start or end apart from its cities, so all three count. Only completed tickets (as the
//! final scoring decides, stations included) count.

use super::tagged_cities::award_all;
use super::{Game, Mechanic, State};
use crate::engine::hooks::EndScoring;
use crate::engine::scoring::DetailedScore;
use crate::model::TieScoring;

#[derive(Debug)]
pub struct TicketsCoverTagged {
    pub label: String,
    pub tag: String,
    pub points: i32,
    pub ties: TieScoring,
    /// The tagged cities (indices into `game.city_ids`).
    pub cities: Vec<u16>,
    /// For each ticket (index into `game.tickets`), the cities it names.
    pub ticket_cities: Vec<Vec<u16>>,
}

impl Mechanic for TicketsCoverTagged {
    fn name(&self) -> String {
        format!(
            "{} (completed tickets in all {} {} cities)",
            self.label,
            self.cities.len(),
            self.tag
        )
    }

    plays!(end_scoring);
}

impl EndScoring for TicketsCoverTagged {
    fn end_scoring(&self, game: &Game, _state: &State, me: usize, scores: &mut [DetailedScore]) {
        let covered: Vec<u32> = scores
            .iter()
            .map(|d| {
                let mut covered = vec![false; game.city_ids.len()];
                for t in d.tickets.iter().filter(|t| t.completed) {
                    for &c in self
                        .ticket_cities
                        .get(t.ticket as usize)
                        .into_iter()
                        .flatten()
                    {
                        covered[c as usize] = true;
                    }
                }
                self.cities.iter().filter(|&&c| covered[c as usize]).count() as u32
            })
            .collect();
        award_all(
            scores,
            me,
            &covered,
            self.cities.len(),
            self.points,
            self.ties,
        );
    }
}
