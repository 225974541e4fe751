//! Cards that stand in for a card a route asks for: Nordic Countries' special route paid
//! with any 4 cards (locomotives among them) for each card of the colour one lacks
//! (`routes.any_cards_for_one`; under Nordic's locomotive limit a locomotive pays a space
//! of that route only as one of the four, so 9 locomotives alone do not claim it), and
//! ferry locomotives paid with other cards (Nordic: any 3; Castilla's transbordos: 3 of the
//! colour paid for the rest), per route (`routes.ferry_substitute`) or for every ferry
//! (`rules.ferries.substitute`).
//!
//! Any N cards as a locomotive (`rules.locomotives.any_cards_as_one`, the United Kingdom's
//! 4): a locomotive is wild, so N cards of any colours stand for one on any space, a ferry's
//! locomotive space or a coloured space alike (a route's own `any_cards_for_one` or
//! `ferry_substitute` wins over it). The UK's Booster lowers N for its holder
//! (`technologies`).
//!
//! The cards given up are the player's choice (the texts say "chosen"): a claim names its
//! colour, its direct locomotives and how many locomotives are among the any-N cards (each
//! count a separate legal claim); the other substitute cards are colours, those the hand
//! holds fewest of first, so the player keeps their largest sets. A bot naming no
//! locomotive among substitutes gets that keep-the-largest-sets payment. Castilla's
//! transbordo cards, all of the paid colour, leave no choice beyond the locomotives.

use super::{Game, Mechanic};
use crate::engine::hooks::Costs;
use crate::model::MapFile;

#[derive(Debug)]
pub struct CardSubstitutes;

impl CardSubstitutes {
    /// The module, when some route of `map` can be paid with substitutes.
    pub fn for_map(map: &MapFile) -> Option<CardSubstitutes> {
        let any = map.rules.locomotives.any_cards_as_one.is_some()
            || map.routes.iter().any(|r| {
                r.any_cards_for_one.is_some()
                    || (r.ferry > 0
                        && (r.ferry_substitute.is_some() || map.rules.ferries.substitute.is_some()))
            });
        any.then_some(CardSubstitutes)
    }
}

impl Mechanic for CardSubstitutes {
    fn name(&self) -> String {
        "cards substituted for needed cards".into()
    }

    plays!(costs);
}

impl Costs for CardSubstitutes {
    fn costs(&self, map: &MapFile, game: &mut Game) {
        let as_one = map.rules.locomotives.any_cards_as_one;
        for (info, r) in game.routes.iter_mut().zip(&map.routes) {
            info.any_for_one = r
                .any_cards_for_one
                .or(as_one.filter(|_| info.loco_on_spaces))
                .unwrap_or(0);
            info.ferry_substitute = r
                .ferry_substitute
                .as_ref()
                .or(map.rules.ferries.substitute.as_ref())
                .map(|s| (s.cards, s.same_color))
                .or(as_one.map(|n| (n, false)))
                .filter(|_| info.ferry > 0);
        }
    }
}
