//! # duplicate-id
//!
//! Two cities (or a city and a zone), routes, regions, decks, modes, bonuses, tickets,
//! festival groups or technologies share an id.
//!
//! ## Why it matters
//! Routes and tickets name cities by id; with two cities of one id, nobody (ttrmap included)
//! can tell which one is meant. A route's id defaults to `FROM-TO`, so two separate routes
//! between the same cities need explicit ids (a double route is one route with two lanes).
//!
//! ## Example
//! ```toml
//! [[cities]]
//! id = "leon"
//! [[cities]]
//! id = "leon"       # error: duplicate city or zone id `leon`
//! ```
//!
//! Reported while loading; it cannot be allowed.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "duplicate-id",
    default: Level::Deny,
    source: include_str!("duplicate_id.rs"),
    from_loader: true,
    reads: &[],
    counts: &[],
    check: |_| {},
};
