//! # unknown-city
//!
//! A route, ticket or mechanic names a city (or, for a ticket, a zone) that the map does not
//! define.
//!
//! ## Why it matters
//! The route cannot be drawn or claimed and the ticket cannot be completed; it is almost
//! always a typo, so the message suggests the closest defined id.
//!
//! ## Example
//! ```toml
//! [[routes]]
//! from = "madrid"
//! to = "madird"     # error: unknown city `madird`; did you mean 'madrid'?
//! length = 3
//! ```
//!
//! Reported while loading, with every other reference problem; it cannot be allowed.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "unknown-city",
    default: Level::Deny,
    source: include_str!("unknown_city.rs"),
    from_loader: true,
    reads: &[],
    counts: &[],
    check: |_| {},
};
