//! # duplicate-ticket
//!
//! Reports two tickets naming the same places (in either order) in the same deck. Intended
//! copies of one card are written once with `copies = N`. An any-of ticket (`from` and
//! `targets`) is told apart by its origin as well: Switzerland's country tickets name the same
//! four countries, each from a different one.
//!
//! ## Why it matters
//! An accidental duplicate skews the deck; designers usually mean a different ticket.
//!
//! ## Example
//! `boston–miami` twice in the base deck.

use super::prelude::*;
use std::collections::HashMap;

pub const RULE: Rule = Rule {
    id: "duplicate-ticket",
    default: Level::Warn,
    source: include_str!("duplicate_ticket.rs"),
    from_loader: false,
    reads: &["tickets", "decks"],
    counts: &[],
    check,
};

/// Deck, origin of an any-of ticket (whose places are not interchangeable), sorted places.
type TicketKey<'a> = (Option<&'a str>, Option<&'a str>, Vec<&'a str>);

fn check(cx: &mut LintCx) {
    let mut seen: HashMap<TicketKey, usize> = HashMap::new();
    for (i, t) in cx.map.tickets.iter().enumerate() {
        let mut places = t.places();
        places.sort_unstable();
        let origin = t.targets.as_ref().and(t.from.as_deref());
        let key = (t.deck.as_deref(), origin, places);
        if let Some(&first) = seen.get(&key) {
            cx.report(
                path!["tickets", i],
                format!("ticket `{}` repeats ticket #{}", t.label(), first + 1),
                "same places as an earlier ticket",
                Some("for intended copies write the ticket once with `copies = 2`".into()),
            );
        } else {
            seen.insert(key, i);
        }
    }
}
