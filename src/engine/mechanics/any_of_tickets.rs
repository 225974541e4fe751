//! Tickets from one place to the best of several targets (Switzerland's country tickets:
//! from a city to one of several neighbouring countries, or country to country).
//!
//! Completed, the ticket scores its best completed target only (the seed: a country ticket
//! scores the highest of the values it reaches). Unfinished, it costs what
//! `rules.tickets.any_of_unfinished` says: the seed does not say which value is lost, so the
//! map chooses; the default is the lowest target value, the smallest loss the printed card
//! supports.

use super::{Game, Goal, Mechanic, State};
use crate::engine::hooks::TicketValue;
use crate::engine::scoring::Components;
use crate::model::AnyOfPenalty;

#[derive(Debug)]
pub struct AnyOfTickets {
    pub unfinished: AnyOfPenalty,
}

impl Mechanic for AnyOfTickets {
    fn name(&self) -> String {
        "tickets with several targets (best target scores)".into()
    }

    plays!(ticket_value);
}

impl TicketValue for AnyOfTickets {
    fn ticket_value(
        &self,
        _game: &Game,
        _state: &State,
        _p: usize,
        goal: &Goal,
        net: &mut Components,
    ) -> Option<(i32, bool)> {
        let Goal::AnyOf(from, targets) = goal else {
            return None;
        };
        let best = targets
            .iter()
            .filter(|(to, _)| net.joined(from, to))
            .map(|(_, p)| *p)
            .max();
        Some(match best {
            Some(p) => (p, true),
            None => {
                let values = targets.iter().map(|(_, p)| *p);
                let lost = match self.unfinished {
                    AnyOfPenalty::Lowest => values.min().unwrap_or(0),
                    AnyOfPenalty::Highest => values.max().unwrap_or(0),
                    AnyOfPenalty::Nothing => 0,
                };
                (-lost, false)
            }
        })
    }
}
