//! # shape-ignored
//!
//! A route has both `waypoints` and a `shape`. The board draws it through its waypoints, so
//! the `shape` has no effect at all.
//!
//! ## Why it matters
//! Both keys say how the route is drawn, and only one of them can: the waypoints win (they are
//! the designer's own points; a `shape` is usually a layout choice `ttrmap layout --write`
//! kept). A shape that was edited by hand, or a waypoint added later to a route that already
//! had a shape, would otherwise change nothing on the board without a word. Drop the one you
//! do not mean: `shape` to keep the route through its waypoints, `waypoints` to draw it with
//! the shape.
//!
//! ## Example
//! ```toml
//! [[routes]]
//! from = "leeds"
//! to = "york"
//! length = 2
//! waypoints = [[420, 180]]
//! shape = { bend = 12.5 }    # warning: the `shape` is ignored
//! ```
//!
//! Reported while checking, at the `shape` key, as a warning (`check --strict` fails on it);
//! it cannot be allowed, since an ignored key is never meant.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "shape-ignored",
    default: Level::Warn,
    source: include_str!("shape_ignored.rs"),
    from_loader: true,
    reads: &[],
    counts: &[],
    check: |_| {},
};
