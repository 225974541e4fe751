//! Advice for planning bots: which technology to buy now for the bot's plan.
//!
//! A technology that opens planned routes (concessions, lengths, Propellers) is bought as
//! soon as it can be paid, the one opening the most planned routes first, with locomotive
//! cards before any-N cards. A scoring technology is bought when its expected return beats
//! two points a locomotive of its cost, paid with locomotive cards only (so it never eats
//! the cards the plan needs): Boiler Lagging by the planned routes left, Steam Turbine by
//! the planned ferries, Double Heading by the tickets kept. The other cards (Booster, Right
//! of Way, the advanced ones) are left to the rest of the bot's play, which never buys them.

use super::Technologies;
use super::purchase::Purchase;
use crate::engine::hooks::{Choice, PlanView};
use crate::engine::{Action, Game, LOCO, Phase, State};
use crate::model::TechEffect;

/// Points a locomotive of a scoring technology's cost must bring back.
const POINTS_PER_LOCO: i32 = 2;

impl Technologies {
    /// The purchase the plan calls for now, if any.
    pub(super) fn advise_purchase(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        view: &PlanView,
    ) -> Option<Action> {
        let p = view.player;
        if state.phase != Phase::Main
            || state.current_player() != p
            || self.bought_this_turn(game, state, me)
        {
            return None;
        }
        let owned = self.owned(game, state, me, p);
        let reachable = self.reachable(game, state, me, p);
        let planned: Vec<usize> = view.own_routes.iter().map(|&r| r as usize).collect();
        // Routes the plan needs and the technologies held do not open yet (but could).
        let closed: Vec<usize> = planned
            .iter()
            .copied()
            .filter(|&r| {
                !self.route_open_with(game, owned, r) && self.route_open_with(game, reachable, r)
            })
            .collect();
        let mut best: Option<(i32, usize, bool)> = None;
        for (t, tech) in self.techs.iter().enumerate() {
            if owned & (1 << t) != 0 || self.supply(game, state, me, t) == 0 {
                continue;
            }
            let (worth, opens) = match tech.effect {
                TechEffect::Concession | TechEffect::ClaimLengths | TechEffect::ClaimFerries => {
                    let needed = closed
                        .iter()
                        .filter(|&&r| self.needs(game, owned, reachable, r, t))
                        .count() as i32;
                    (1000 * needed, true)
                }
                TechEffect::PointsPerRoute => (tech.value * planned.len() as i32, false),
                TechEffect::PointsPerFerry => {
                    let ferries = planned.iter().filter(|&&r| game.counts_as_ferry[r]).count();
                    (tech.value * ferries as i32, false)
                }
                TechEffect::PointsPerCompletedTicket => (
                    tech.value * state.players[p as usize].tickets.len() as i32,
                    false,
                ),
                _ => (0, false),
            };
            let pays_off = if opens {
                worth > 0
            } else {
                worth > POINTS_PER_LOCO * tech.cost as i32
            };
            if pays_off && best.is_none_or(|(w, _, _)| worth > w) {
                best = Some((worth, t, opens));
            }
        }
        let (_, t, opens) = best?;
        let cost = self.techs[t].cost;
        let locos = state.players[p as usize].hand[LOCO as usize];
        // Locomotive cards first; any-N cards only for a technology the plan needs.
        let direct = (cost as u16).min(locos) as u8;
        if direct < cost && !opens {
            return None;
        }
        (0..=direct)
            .rev()
            .find(|&d| self.purchase_payment(game, state, me, p, t, d).is_some())
            .map(|d| Action::Mechanic {
                mechanic: me as u8,
                choice: Purchase { tech: t, direct: d }.to_choice(),
            })
    }

    /// Whether route `r`, closed with `owned`, needs technology `t`: without it, even every
    /// other card reachable leaves it closed.
    fn needs(&self, game: &Game, owned: u32, reachable: u32, r: usize, t: usize) -> bool {
        !self.route_open_with(game, (reachable & !(1 << t)) | owned, r)
    }
}
