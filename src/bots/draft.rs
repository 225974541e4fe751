//! Ticket drafts for the style bots (a module's [`TicketDecision`]: Iberia and South
//! Korea's picks and keeps), priced with the bot's own plan and nothing else it may not see:
//! its kept tickets, the tickets it took earlier in the draft, and the hand in front of it.
//!
//! - A pick: the kept tickets and the earlier picks are planned first (best first, shared
//!   track counted once); each ticket of the hand is then priced by the trains it adds on
//!   top, so a ticket sharing cities with the earlier picks costs little. `destination-hungry`
//!   and `one-step` take the most points per added train, `route-focus` the fewest added
//!   trains, `long-route` the most points its trains can still reach. A ticket the trains
//!   cannot reach comes last.
//! - A keep of exactly N: every set of N is planned on top of the kept tickets, and the set
//!   with the best value is kept: twice the points of the tickets that fit the trains, less
//!   three times the points of those that do not (they would score negative), less the
//!   trains the plan takes (doubled for `route-focus`, halved for `long-route`), so the N
//!   that fit one network win.

use super::Style;
use super::planner::{Planner, ticket_points};
use crate::engine::hooks::{TicketDecision, subset_mask, subsets};
use crate::engine::{Game, State};

/// The choice a style makes in a ticket decision of player `p`.
pub fn choose(
    planner: &mut Planner,
    style: Style,
    game: &Game,
    state: &State,
    p: u8,
    d: &TicketDecision,
) -> u16 {
    match d.keep {
        None => pick(planner, style, game, state, p, d),
        Some(k) => keep(planner, style, game, state, p, &d.tickets, k),
    }
}

/// Plans the kept tickets, then `extra` best first while they fit; returns the points of
/// the extra tickets that fit and of those that do not.
fn plan_with(
    planner: &mut Planner,
    game: &Game,
    state: &State,
    p: u8,
    extra: &[u16],
) -> (i32, i32) {
    planner.replan(game, state, p);
    plan_extra(planner, game, state, p, extra)
}

/// The second half of [`plan_with`]: `extra` planned on top of the plan in `planner`.
fn plan_extra(
    planner: &mut Planner,
    game: &Game,
    state: &State,
    p: u8,
    extra: &[u16],
) -> (i32, i32) {
    let trains = state.players[p as usize].trains as u32;
    let mut order = extra.to_vec();
    order.sort_by_key(|&t| (-ticket_points(&game.tickets[t as usize].goal), t));
    let (mut fit, mut unfit) = (0, 0);
    for t in order {
        let goal = &game.tickets[t as usize].goal;
        let points = ticket_points(goal);
        match planner.goal_path(game, goal) {
            Some(need) if planner.plan_trains + need <= trains => {
                planner.commit_path(game);
                fit += points;
            }
            _ => unfit += points,
        }
    }
    (fit, unfit)
}

fn pick(
    planner: &mut Planner,
    style: Style,
    game: &Game,
    state: &State,
    p: u8,
    d: &TicketDecision,
) -> u16 {
    plan_with(planner, game, state, p, &d.held);
    let trains = state.players[p as usize].trains as u32;
    let mut best: Option<(i64, u16)> = None;
    for (i, &t) in d.tickets.iter().enumerate() {
        let goal = &game.tickets[t as usize].goal;
        let points = ticket_points(goal) as i64;
        let value = match planner.goal_path(game, goal) {
            Some(need) if planner.plan_trains + need <= trains => {
                let need = need as i64;
                match style {
                    Style::DestinationHungry | Style::OneStep => points * 1000 / need.max(1),
                    Style::RouteFocus => -need * 1000 + points,
                    Style::LongRoute => points * 1000 - need,
                }
            }
            // Out of reach: the least painful (fewest points lost) last.
            _ => i64::MIN / 2 - points,
        };
        if best.is_none_or(|b| value > b.0) {
            best = Some((value, i as u16));
        }
    }
    best.map_or(0, |b| b.1)
}

fn keep(
    planner: &mut Planner,
    style: Style,
    game: &Game,
    state: &State,
    p: u8,
    tickets: &[u16],
    k: u8,
) -> u16 {
    let n = tickets.len() as u8;
    let mut best: Option<(i64, u16)> = None;
    // The kept tickets' plan is the same for every set: made once, and each set planned
    // on a copy of it (what `plan_with` would make again, at a third of an Iberia game).
    planner.replan(game, state, p);
    let kept = planner.clone();
    for c in 0..subsets(n, k) {
        let Some(mask) = subset_mask(n, k, c) else {
            break;
        };
        let set: Vec<u16> = (0..tickets.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| tickets[i])
            .collect();
        planner.clone_from(&kept);
        let (fit, unfit) = plan_extra(planner, game, state, p, &set);
        let trains = planner.plan_trains as i64;
        let trains = match style {
            Style::RouteFocus => 2 * trains,
            Style::LongRoute => trains / 2,
            _ => trains,
        };
        let value = 2 * fit as i64 - 3 * unfit as i64 - trains;
        if best.is_none_or(|b| value > b.0) {
            best = Some((value, c as u16));
        }
    }
    best.map_or(0, |b| b.1)
}
