//! # ticket-reach
//!
//! Compares each ticket's cheapest network (in train spaces) with a player's trains (at the
//! player count with the fewest). Warns when a ticket needs more than `max` (default 0.6) of
//! a player's trains.
//!
//! ## Why it matters
//! Trains limit how long a ticket can be more than the size of the board does: the longest
//! official tickets stay near 0.47 × a player's trains (21 spaces for 45 trains), and Nordic's
//! longest is 24 of 40 (0.60). A ticket beyond that eats most of a player's trains and is
//! rarely worth keeping; `ticket-unreachable` reports those that cannot be completed at all.
//!
//! ## Example
//! On a 45-train map a ticket whose shortest path is 30 spaces: 0.67 of a player's trains.
//!
//! ## Parameters
//! `[lint.params.ticket-reach] max = 0.6` (share of a player's trains; a guess, calibrated so
//! that every shipped map passes).

use super::prelude::*;
use crate::graph::UNREACHABLE;

pub const RULE: Rule = Rule {
    id: "ticket-reach",
    default: Level::Warn,
    source: include_str!("ticket_reach.rs"),
    from_loader: false,
    reads: TICKETS_ON_GRAPH,
    counts: GRAPH_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let max = cx.param("max", 0.6);
    let players = cx.map.map.players;
    let trains = (players.min..=players.max)
        .map(|p| cx.map.rules.trains_for(p))
        .min()
        .unwrap_or(0) as u32;
    if trains == 0 {
        return;
    }
    for (i, t) in cx.map.tickets.iter().enumerate() {
        for (j, (target, _, cost)) in cx.ticket_costs()[i].iter().copied().enumerate() {
            // Beyond a player's trains is ticket-unreachable's finding.
            if cost == UNREACHABLE || cost > trains {
                continue;
            }
            let share = cost as f64 / trains as f64;
            if share > max {
                let at = match target {
                    Some(_) => path!["tickets", i, "targets", j, "to"],
                    None => path!["tickets", i],
                };
                cx.report(
                    at,
                    format!(
                        "ticket `{}` needs {cost} of a player's {trains} trains ({share:.2}, above {max:.2})",
                        t.label()
                    ),
                    format!("{cost} spaces"),
                    Some("official tickets stay near 0.47 of a player's trains".into()),
                );
            }
        }
    }
}
