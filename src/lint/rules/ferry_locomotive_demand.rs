//! # ferry-locomotive-demand
//!
//! Warns when the board's ferry locomotive spaces outnumber twice the locomotive cards in the
//! train deck (`factor`, default 2), unless the rules let other cards stand in for a ferry
//! locomotive.
//!
//! ## Why it matters
//! Every ferry locomotive must be paid with a locomotive card, which are also the wild cards.
//! Europe has 17 such spaces for 14 locomotives; far beyond that, ferries stall the game.
//! Castilla y León added its 3-card substitute for exactly this reason.
//!
//! ## Parameters
//! `[lint.params.ferry-locomotive-demand] factor = 2`.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "ferry-locomotive-demand",
    default: Level::Warn,
    source: include_str!("ferry_locomotive_demand.rs"),
    from_loader: false,
    reads: &["routes", "rules"],
    counts: &["routes"],
    check,
};

fn check(cx: &mut LintCx) {
    if cx.map.rules.ferries.substitute.is_some()
        || cx.map.rules.locomotives.any_cards_as_one.is_some()
    {
        return;
    }
    let factor = cx.param("factor", 2.0);
    let symbols: u32 = cx
        .map
        .routes
        .iter()
        .map(|r| r.ferry as u32 * r.lane_count() as u32)
        .sum();
    let locos = cx.map.rules.train_deck.locomotives as u32;
    if symbols as f64 > factor * locos as f64 {
        cx.report(
            path!["rules", "train_deck"],
            format!("{symbols} ferry locomotive spaces for {locos} locomotive cards"),
            format!("{locos} locomotives"),
            Some("add locomotives, fewer ferry spaces, or a `[rules.ferries] substitute`".into()),
        );
    }
}
