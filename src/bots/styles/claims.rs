//! Which route a style bot claims now: each style's choice among the claimable lanes
//! (`pick_claim`), `route-focus`'s long routes (`long_bar`, `long_target`) and a claim off the
//! plan that a module's bonus makes worth it (`bonus_claim`). The rules are the module
//! comment of `styles.rs`.

use super::{
    BONUS_POINTS_PER_TRAIN, LONG_ROUTE, LONG_ROUTE_LOAN_TRAINS, LONG_ROUTES_WANTED, Style, StyleBot,
};
use crate::bots::planner::Planner;
use crate::engine::{Game, LOCO, State};

impl StyleBot {
    /// The lane to claim now, if any. `anything`: also routes off the plan.
    pub(super) fn pick_claim(&self, game: &Game, state: &State, anything: bool) -> Option<usize> {
        let p = state.current;
        let plan = &self.planner;
        let length = |lane: u16| game.routes[game.lane_route[lane as usize] as usize].length;
        let planned = |lane: u16| plan.in_plan[game.lane_route[lane as usize] as usize];
        let best_by = |key: &dyn Fn(u16) -> Option<i64>| -> Option<usize> {
            // Highest key; the lowest lane on ties, so choices do not depend on order.
            let mut best: Option<(i64, u16)> = None;
            for &lane in &self.lanes {
                if let Some(k) = key(lane)
                    && best.is_none_or(|b| k > b.0)
                {
                    best = Some((k, lane));
                }
            }
            best.map(|b| b.1 as usize)
        };
        let any_route = |lane: u16| Some(length(lane) as i64);
        match self.style {
            Style::DestinationHungry => best_by(&|lane| planned(lane).then(|| length(lane) as i64))
                .or_else(|| if anything { best_by(&any_route) } else { None }),
            Style::OneStep => {
                // The planned route of the ticket nearest completion (fewest trains still
                // needed), the longer on ties.
                best_by(&|lane| {
                    let r = game.lane_route[lane as usize];
                    let at = plan.plan.iter().position(|&x| x == r)?;
                    Some(-(plan.plan_need[at] as i64) * 16 + length(lane) as i64)
                })
                .or_else(|| if anything { best_by(&any_route) } else { None })
            }
            Style::RouteFocus => {
                let bar = self.long_bar(game, state);
                let long = best_by(&|lane| {
                    let len = length(lane);
                    (len >= bar).then_some(len as i64 * 2 + planned(lane) as i64)
                });
                long.or_else(|| best_by(&|lane| planned(lane).then(|| length(lane) as i64)))
                    .or_else(|| if anything { best_by(&any_route) } else { None })
            }
            Style::LongRoute => {
                let mine = &state.players[p as usize].routes;
                let touches = |lane: u16| {
                    let route = &game.routes[game.lane_route[lane as usize] as usize];
                    mine.iter().any(|&r| {
                        let o = &game.routes[r as usize];
                        o.node_a == route.node_a
                            || o.node_a == route.node_b
                            || o.node_b == route.node_a
                            || o.node_b == route.node_b
                    })
                };
                let network_empty = mine.is_empty();
                let spare = self.spare_trains(state);
                best_by(&|lane| {
                    let len = length(lane) as i64;
                    if planned(lane) {
                        Some(100 + len * 2 + touches(lane) as i64 * 10)
                    } else if (touches(lane) || network_empty)
                        && len >= if plan.plan.is_empty() { 3 } else { 4 }
                        && len <= (spare + LONG_ROUTE_LOAN_TRAINS) as i64
                    {
                        Some(len * 2)
                    } else {
                        None
                    }
                })
                .or_else(|| if anything { best_by(&any_route) } else { None })
            }
        }
    }

    /// The length from which a route counts as long for `route-focus`: the length reached
    /// by the [`LONG_ROUTES_WANTED`] longest routes still open to the player, at least
    /// [`LONG_ROUTE`]. Relative to the board, so it means the 6s on USA and on Europe
    /// first the 8 and the 6s, then the 4s (one 8, two 6s, twenty-nine 4s); it falls as the
    /// long routes are taken.
    pub(super) fn long_bar(&self, game: &Game, state: &State) -> u8 {
        let p = state.current;
        let trains = state.players[p as usize].trains;
        let mut by_length = [0u32; 16];
        for (r, route) in game.routes.iter().enumerate() {
            // Only long routes are counted: asking every route for an open lane was 7 % of
            // a USA style game.
            if route.length >= LONG_ROUTE
                && route.trains_needed() <= trains
                && Planner::open_lane(game, state, p, r).is_some()
            {
                by_length[(route.length as usize).min(15)] += 1;
            }
        }
        let mut seen = 0;
        for length in (LONG_ROUTE as usize..16).rev() {
            seen += by_length[length];
            if seen >= LONG_ROUTES_WANTED {
                return length as u8;
            }
        }
        LONG_ROUTE
    }

    /// The long route (see [`StyleBot::long_bar`]) `route-focus` saves cards for: the one
    /// missing the fewest cards, then the longest, then the first.
    pub(super) fn long_target(&self, game: &Game, state: &State) -> Option<usize> {
        let p = state.current;
        let me = &state.players[p as usize];
        let bar = self.long_bar(game, state);
        let held_most = me.hand[..LOCO as usize].iter().copied().max().unwrap_or(0);
        let mut best: Option<(u16, u8, usize)> = None;
        for (r, route) in game.routes.iter().enumerate() {
            if route.length < bar || route.trains_needed() > me.trains {
                continue;
            }
            let Some(lane) = Planner::open_lane(game, state, p, r) else {
                continue;
            };
            let colour = state.lane_color(game, lane);
            let have = if (colour as usize) < LOCO as usize {
                me.hand[colour as usize]
            } else {
                held_most
            } + me.hand[LOCO as usize];
            let missing = (route.length as u16).saturating_sub(have);
            if best.is_none_or(|b| (missing, u8::MAX - route.length) < (b.0, u8::MAX - b.1)) {
                best = Some((missing, route.length, r));
            }
        }
        best.map(|b| b.2)
    }

    /// A claim off the plan that a module makes worth it
    /// ([`claim_bonus`](crate::engine::ClaimBonus::claim_bonus): Alvin's capture): the lane whose
    /// bonus and route points together reach [`BONUS_POINTS_PER_TRAIN`] a train, within the
    /// trains the plan leaves; the best, the lowest lane on ties.
    pub(super) fn bonus_claim(&self, game: &Game, state: &State) -> Option<usize> {
        if game.mechanics.claim_bonus.is_empty() {
            return None;
        }
        let p = state.current;
        let spare = self.spare_trains(state) as i32;
        let mut best: Option<(i32, u16)> = None;
        for &lane in &self.lanes {
            let bonus: i32 = game
                .mechanics
                .each_claim_bonus()
                .map(|(m, module)| module.claim_bonus(game, state, m, p, lane as usize))
                .sum();
            if bonus <= 0 {
                continue;
            }
            let route = &game.routes[game.lane_route[lane as usize] as usize];
            let trains = route.trains_needed() as i32;
            let worth = bonus + route.points;
            if trains <= spare
                && worth >= BONUS_POINTS_PER_TRAIN * trains
                && best.is_none_or(|b| worth > b.0)
            {
                best = Some((worth, lane));
            }
        }
        best.map(|b| b.1 as usize)
    }

    /// Trains left after the planned routes: what off-plan claims may spend without
    /// leaving a kept ticket short.
    fn spare_trains(&self, state: &State) -> u32 {
        (state.players[state.current as usize].trains as u32)
            .saturating_sub(self.planner.plan_trains)
    }
}
