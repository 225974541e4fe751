//! # total-spaces
//!
//! Checks the map's total of train spaces (every lane of every route) against the number the
//! map states in `[lint.expect] total_spaces`, and the number of cities and lanes against
//! `cities` and `lanes` when stated. A mismatch is an error.
//!
//! ## Why it matters
//! A designer who has printed a board of exactly 300 spaces (the Castilla y León fan map) or
//! transcribed an official one wants a typo in one route length to fail CI, not to surface
//! at the table.
//!
//! ## Example
//! ```toml
//! [lint.expect]
//! total_spaces = 300   # error if the routes add up to 299 or 301
//! ```

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "total-spaces",
    default: Level::Deny,
    source: include_str!("total_spaces.rs"),
    from_loader: false,
    reads: &["cities", "routes", "tickets", "zones", "lint"],
    counts: &["cities", "routes", "tickets", "zones"],
    check,
};

fn check(cx: &mut LintCx) {
    let stats = crate::stats::compute(cx.map);
    let expect = cx.map.lint.expect.clone();
    if let Some(want) = expect.total_spaces
        && stats.spaces != want
    {
        cx.expectation_broken(
            path!["lint", "expect", "total_spaces"],
            format!("the routes have {} spaces, not {want}", stats.spaces),
            format!("the lanes add up to {}", stats.spaces),
        );
    }
    if let Some(want) = expect.cities
        && stats.cities as u32 != want
    {
        cx.expectation_broken(
            path!["lint", "expect", "cities"],
            format!("the map has {} cities, not {want}", stats.cities),
            format!("{} cities", stats.cities),
        );
    }
    if let Some(want) = expect.lanes
        && stats.lanes as u32 != want
    {
        cx.expectation_broken(
            path!["lint", "expect", "lanes"],
            format!("the map has {} lanes, not {want}", stats.lanes),
            format!("{} lanes", stats.lanes),
        );
    }
}
