//! # no-tickets
//!
//! The map has no tickets, so it cannot be played: `playtest`, `compare` and `suggest
//! tickets` refuse it, in the same words.
//!
//! ## Why it matters
//! Tickets are most of a game's points and all of its plans; a board without them is a
//! network, not a game, and no playtest can say anything about it. A warning rather than an
//! error: a map still being drawn has no tickets yet, and should still render and lint (and
//! `check` pass), while `check --strict` fails until the tickets come or the map says why in
//! `[lint.known]` (Germany's reference data has none).
//!
//! ## Example
//! A map with `[[cities]]` and `[[routes]]` and no `[[tickets]]` entry. Not run on a file with
//! errors: whether a map can be played is asked of a map that loads.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "no-tickets",
    default: Level::Warn,
    source: include_str!("no_tickets.rs"),
    from_loader: false,
    reads: &["tickets"],
    counts: &["tickets"],
    check,
};

fn check(cx: &mut LintCx) {
    if cx.map.tickets.is_empty() {
        cx.report(
            path!["map"],
            crate::model::NO_TICKETS,
            "no `[[tickets]]` entry in this map",
            Some(
                "add `[[tickets]]` entries; while the map is being drawn, say why in `[lint.known]` (`no-tickets = \"REASON\"`)"
                    .into(),
            ),
        );
    }
}
