//! # city-ticket-overload
//!
//! Warns when more than `max` tickets (default 9) name one city.
//!
//! ## Why it matters
//! Official maps name a city on at most 4–9 tickets. Beyond that, routes into the city
//! become a must-win fight and the deck loses variety.
//!
//! ## Parameters
//! `[lint.params.city-ticket-overload] max = 9`.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "city-ticket-overload",
    default: Level::Warn,
    source: include_str!("city_ticket_overload.rs"),
    from_loader: false,
    reads: &["cities", "tickets", "decks"],
    counts: &["tickets"],
    check,
};

fn check(cx: &mut LintCx) {
    let max = cx.param("max", 9.0) as u32;
    let mut count = std::collections::HashMap::<&str, u32>::new();
    for t in &cx.map.tickets {
        for p in t.places() {
            *count.entry(p).or_insert(0) += t.copies as u32;
        }
    }
    for (i, c) in cx.map.cities.iter().enumerate() {
        let n = count.get(c.id.as_str()).copied().unwrap_or(0);
        if n > max {
            cx.report(
                path!["cities", i, "id"],
                format!("{n} tickets name `{}` (more than {max})", c.id),
                format!("on {n} tickets"),
                None,
            );
        }
    }
}
