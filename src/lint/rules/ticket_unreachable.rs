//! # ticket-unreachable
//!
//! Reports a ticket (or a target of an any-of ticket) that no network can complete: its
//! cities are not connected at all, or the cheapest network joining them needs more trains
//! than a player has (at the player count with the fewest trains).
//!
//! ## Why it matters
//! Such a ticket is a certain loss for whoever holds it. The longest official tickets stay
//! near 0.47 × a player's trains.
//!
//! ## Example
//! A ticket to a city on an island with no ferry; or a ticket needing 47 spaces on a map
//! with 45 trains per player.

use super::prelude::*;
use crate::graph::UNREACHABLE;

pub const RULE: Rule = Rule {
    id: "ticket-unreachable",
    default: Level::Deny,
    source: include_str!("ticket_unreachable.rs"),
    from_loader: false,
    reads: TICKETS_ON_GRAPH,
    counts: GRAPH_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let players = cx.map.map.players;
    let trains = (players.min..=players.max)
        .map(|p| cx.map.rules.trains_for(p))
        .min()
        .unwrap_or(0) as u32;
    for (i, t) in cx.map.tickets.iter().enumerate() {
        for (j, (target, _, cost)) in cx.ticket_costs()[i].iter().copied().enumerate() {
            let at = match target {
                Some(_) => path!["tickets", i, "targets", j, "to"],
                None => path!["tickets", i],
            };
            if cost == UNREACHABLE {
                cx.report(
                    at,
                    format!(
                        "ticket `{}` cannot be completed: its places are not connected",
                        t.label()
                    ),
                    "no network joins these places",
                    None,
                );
            } else if cost > trains {
                cx.report(
                    at,
                    format!(
                        "ticket `{}` needs {cost} trains; a player has at most {trains}",
                        t.label()
                    ),
                    format!("{cost} spaces"),
                    None,
                );
            }
        }
    }
}
