//! The most completed tickets from some decks: Castilla's CAPITALTICKETMAN (the most
//! completed capitals tickets, double and triple, 15 points; ties divided rounding down).
//!
//! Counts the completed ticket lines of the final scoring (so a ticket completed through a
//! station's borrowed route counts, as it scores). A failed ticket does not count against.

use super::bonus::award_most;
use super::{Game, Mechanic, State};
use crate::engine::hooks::{Advice, EndScoring};
use crate::engine::scoring::DetailedScore;
use crate::model::{BestIsZero, TieScoring};

#[derive(Debug)]
pub struct MostTicketsFromDecks {
    pub label: String,
    pub points: i32,
    pub ties: TieScoring,
    pub zero: BestIsZero,
    /// The decks counted (indices into the map's deck list, as `TicketInfo::deck`).
    pub decks: Vec<u8>,
}

impl Mechanic for MostTicketsFromDecks {
    fn name(&self) -> String {
        format!("{} (most completed tickets of some decks)", self.label)
    }

    plays!(end_scoring, advice);
}

impl EndScoring for MostTicketsFromDecks {
    fn end_scoring(&self, game: &Game, _state: &State, me: usize, scores: &mut [DetailedScore]) {
        let values: Vec<u32> = scores
            .iter()
            .map(|d| {
                d.tickets
                    .iter()
                    .filter(|t| {
                        t.completed && self.decks.contains(&game.tickets[t.ticket as usize].deck)
                    })
                    .count() as u32
            })
            .collect();
        award_most(scores, me, &values, self.points, self.ties, self.zero);
    }
}

impl Advice for MostTicketsFromDecks {
    /// The bonus goes to the most completed tickets of its decks (CAPITALTICKETMAN: the
    /// most capitals tickets), a count like Globetrotter's.
    fn rewards_completed_tickets(&self, _game: &Game, _state: &State, _me: usize, _p: u8) -> bool {
        true
    }
}
