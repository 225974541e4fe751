//! # color-balance
//!
//! Compares the eight card colours: total spaces, lanes and tunnel lanes per colour (gray and
//! unbuilt track beds aside). Warns when the spaces of the richest and poorest colour differ
//! by more than `tolerance` (default 1). When the map states `[lint.expect] equal_colors =
//! true`, any difference in spaces, lanes or tunnels is an error.
//!
//! ## Why it matters
//! The train deck holds the same number of cards of every colour, so a colour with more
//! spaces is scarce and one with fewer is dead weight in the hand. The official boards are
//! balanced exactly or nearly: USA has 7 routes and 27 spaces in each colour, Europe 8 routes
//! and 22–23 spaces; the Castilla y León fan map states equal spaces, routes and tunnels.
//!
//! ## Example
//! Lengthening one red route by 4 on the USA map gives red 31 spaces against 27 for the
//! others: a warning at the red route drawn last.
//!
//! ## Parameters
//! `[lint.params.color-balance] tolerance = 1` (spaces).

use super::prelude::*;
use crate::model::Color;

pub const RULE: Rule = Rule {
    id: "color-balance",
    default: Level::Warn,
    source: include_str!("color_balance.rs"),
    from_loader: false,
    reads: &["routes", "lint"],
    counts: &["routes"],
    check,
};

/// Reads one measure from a colour's tally.
type Measure = fn(&Tally) -> u32;

#[derive(Default, Clone, Copy)]
struct Tally {
    spaces: u32,
    lanes: u32,
    tunnels: u32,
    /// The last route of this colour, where findings point.
    last_route: Option<usize>,
}

fn check(cx: &mut LintCx) {
    let mut tally = [Tally::default(); 8];
    for (i, r) in cx.map.routes.iter().enumerate() {
        if r.track_bed {
            continue;
        }
        for color in r.lane_colors() {
            if let Some(k) = Color::CARD_COLORS.iter().position(|&c| c == color) {
                let t = &mut tally[k];
                t.spaces += r.length as u32;
                t.lanes += 1;
                t.tunnels += r.tunnel as u32;
                t.last_route = Some(i);
            }
        }
    }
    if tally.iter().all(|t| t.lanes == 0) {
        return;
    }
    let summary = |f: Measure| -> String {
        Color::CARD_COLORS
            .iter()
            .zip(&tally)
            .map(|(c, t)| format!("{c} {}", f(t)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let extremes = |f: Measure| {
        let max = (0..8)
            .max_by_key(|&k| (f(&tally[k]), std::cmp::Reverse(k)))
            .unwrap_or(0);
        let min = (0..8).min_by_key(|&k| (f(&tally[k]), k)).unwrap_or(0);
        (max, min)
    };
    let at = |k: usize| match tally[k].last_route {
        Some(i) => path!["routes", i],
        None => path!["routes"],
    };
    if cx.map.lint.expect.equal_colors {
        let checks: [(&str, Measure); 3] = [
            ("spaces", |t| t.spaces),
            ("lanes", |t| t.lanes),
            ("tunnel lanes", |t| t.tunnels),
        ];
        for (what, f) in checks {
            let (max, min) = extremes(f);
            if f(&tally[max]) != f(&tally[min]) {
                cx.expectation_broken(
                    at(max),
                    format!("colours differ in {what}: {}", summary(f)),
                    format!("{} has the most {what}", Color::CARD_COLORS[max]),
                );
            }
        }
        return;
    }
    let tolerance = cx.param("tolerance", 1.0).max(0.0) as u32;
    let (max, min) = extremes(|t| t.spaces);
    let spread = tally[max].spaces - tally[min].spaces;
    if spread > tolerance {
        cx.report(
            at(max),
            format!(
                "colour spaces differ by {spread} (tolerance {tolerance}): {}",
                summary(|t| t.spaces)
            ),
            format!("{} has the most spaces", Color::CARD_COLORS[max]),
            Some(format!(
                "{} has {} spaces and {} only {}; move spaces between them or recolour a route",
                Color::CARD_COLORS[max],
                tally[max].spaces,
                Color::CARD_COLORS[min],
                tally[min].spaces
            )),
        );
    }
}
