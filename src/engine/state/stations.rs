//! Stations: what the next one costs the current player, and where it can go.

use super::*;

impl State {
    pub(super) fn station_payment(&self, game: &Game, color: u8, locos: u8) -> Option<Cards> {
        let player = &self.players[self.current as usize];
        let cost = game.station_cost(player.stations.len() as u8) as u16;
        let hand = &player.hand;
        if locos as u16 > hand[LOCO as usize] || (locos > 0 && !game.station_locos) {
            return None;
        }
        let mut spent = [0u16; CARD_KINDS];
        spent[LOCO as usize] = locos as u16;
        let rest = cost.checked_sub(locos as u16)?;
        if color == LOCO {
            return (rest == 0).then_some(spent);
        }
        if rest == 0 || hand[color as usize] < rest {
            return None;
        }
        spent[color as usize] = rest;
        Some(spent)
    }

    /// The payments `(colour, locomotives)` the current player could build a station with,
    /// in legal-list order (empty when they have no station left).
    pub(super) fn station_payment_options<'a>(
        &'a self,
        game: &'a Game,
    ) -> impl Iterator<Item = (u8, u8)> + 'a {
        let player = &self.players[self.current as usize];
        let cost = if player.stations.len() >= game.stations as usize {
            None
        } else {
            Some(game.station_cost(player.stations.len() as u8))
        };
        cost.into_iter().flat_map(move |cost| {
            (0..=LOCO).flat_map(move |color| {
                (0..=cost).filter_map(move |locos| {
                    self.station_payment(game, color, locos)
                        .map(|_| (color, locos))
                })
            })
        })
    }

    /// (payments, free cities) for stations; 0 payments when none can be built.
    pub(super) fn station_counts(&self, game: &Game) -> (u32, u32) {
        let payments = self.station_payment_options(game).count() as u32;
        if payments == 0 {
            return (0, 0);
        }
        let cities = self.station_owner.iter().filter(|&&o| o == NOBODY).count() as u32;
        (payments, cities)
    }

    pub(super) fn station_actions(&self, game: &Game, out: &mut Vec<Action>) {
        let (payments, _) = self.station_counts(game);
        if payments == 0 {
            return;
        }
        for city in 0..game.city_ids.len() {
            if self.station_owner[city] == NOBODY {
                for (color, locos) in self.station_payment_options(game) {
                    out.push(Action::BuildStation {
                        city: city as u16,
                        color,
                        locos,
                    });
                }
            }
        }
    }
}
