//! # ticket-value
//!
//! Compares each ticket's points with the cheapest network that completes it, in train
//! spaces: the shortest path for a city-to-city ticket, the shortest tree joining all its
//! cities for a multi-city ticket, and each target's shortest path for an any-of ticket.
//! Warns when a ticket is worth less than that, or more than `max_premium` (default 2) above.
//!
//! ## Why it matters
//! On the classic maps a ticket is worth its shortest path (Nordic 46 of 46 tickets, India
//! 58 of 58); the few exceptions on USA and Europe are +1 or +2 on long tickets. A value below
//! the path, or far above it, is almost always a transcription or arithmetic slip. Maps whose
//! special scoring changes ticket values (Iberia's festivals) switch the rule off in their
//! preset.
//!
//! ## Example
//! `León–Burgos` worth 12 when the shortest path is 8 spaces: "worth 4 more than its shortest
//! path (8)".
//!
//! ## Parameters
//! `[lint.params.ticket-value] max_premium = 2`, `max_discount = 0` (spaces).

use super::prelude::*;
use crate::graph::UNREACHABLE;

pub const RULE: Rule = Rule {
    id: "ticket-value",
    default: Level::Warn,
    source: include_str!("ticket_value.rs"),
    from_loader: false,
    reads: &["tickets", "cities", "routes", "zones", "rules"],
    counts: GRAPH_ITEMS,
    check,
};

fn check(cx: &mut LintCx) {
    let max_premium = cx.param("max_premium", 2.0) as i64;
    let max_discount = cx.param("max_discount", 0.0) as i64;
    for (i, t) in cx.map.tickets.iter().enumerate() {
        for (j, (target, points, cost)) in cx.ticket_costs()[i].iter().copied().enumerate() {
            if cost == UNREACHABLE {
                continue; // ticket-unreachable reports it
            }
            let diff = points as i64 - cost as i64;
            if diff > max_premium || -diff > max_discount {
                let at = match target {
                    Some(_) => path!["tickets", i, "targets", j, "points"],
                    None => path!["tickets", i, "points"],
                };
                let name = match target {
                    Some(to) => format!("{} → {to}", t.from.as_deref().unwrap_or("?")),
                    None => t.label(),
                };
                let (what, by) = if diff > 0 {
                    ("more", diff)
                } else {
                    ("less", -diff)
                };
                cx.report(
                    at,
                    format!("ticket `{name}` is worth {points}, {by} {what} than its shortest network ({cost} spaces)"),
                    format!("shortest network: {cost}"),
                    Some(format!("set the points to {cost}, or allow a premium with `[lint.params.ticket-value]`")),
                );
                cx.fix_last(cost.to_string());
            }
        }
    }
}
