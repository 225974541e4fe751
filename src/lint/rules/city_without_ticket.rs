//! # city-without-ticket
//!
//! Lists the cities no ticket names. Information, shown with `--verbose`.
//!
//! ## Why it matters
//! "Nearly every city is used" is one of three things that separate official decks from
//! random ones (Europe names all its cities; USA leaves 6 of 36 unnamed). An unnamed city is
//! still a waypoint, but a designer should know.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "city-without-ticket",
    default: Level::Info,
    source: include_str!("city_without_ticket.rs"),
    from_loader: false,
    reads: &["cities", "tickets", "decks"],
    counts: &["tickets"],
    check,
};

fn check(cx: &mut LintCx) {
    if cx.map.tickets.is_empty() {
        return;
    }
    let named: std::collections::HashSet<&str> =
        cx.map.tickets.iter().flat_map(|t| t.places()).collect();
    for (i, c) in cx.map.cities.iter().enumerate() {
        let zone_named = c.zone.as_deref().is_some_and(|z| named.contains(z));
        if !named.contains(c.id.as_str()) && !zone_named {
            cx.report(
                path!["cities", i, "id"],
                format!("no ticket names `{}`", c.id),
                "on no ticket",
                None,
            );
        }
    }
}
