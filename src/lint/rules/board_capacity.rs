//! # board-capacity
//!
//! For each player count, compares the trains on the table (players × trains per player)
//! with the spaces players can use (a double or triple route counts one lane below its
//! minimum player count). Warns when the ratio exceeds `max` (default 0.85) or falls below
//! `min` (default 0.25) at some player count.
//!
//! ## Why it matters
//! Too tight and players run out of room early and lock each other out; too loose and there
//! is no competition for space. Official maps range from about 0.33 at 2 players to 0.75 at 5.
//!
//! ## Parameters
//! `[lint.params.board-capacity] max = 0.85, min = 0.25`.

use super::prelude::*;

pub const RULE: Rule = Rule {
    id: "board-capacity",
    default: Level::Warn,
    source: include_str!("board_capacity.rs"),
    from_loader: false,
    reads: &["map.players", "rules", "routes"],
    counts: &["routes"],
    check,
};

fn check(cx: &mut LintCx) {
    let (max, min) = (cx.param("max", 0.85), cx.param("min", 0.25));
    let players = cx.map.map.players;
    for p in players.min..=players.max {
        let usable = cx.map.usable_spaces(p);
        if usable == 0 {
            return;
        }
        let trains = p as u32 * cx.map.rules.trains_for(p) as u32;
        let ratio = trains as f64 / usable as f64;
        if ratio > max || ratio < min {
            let (bound, word) = if ratio > max {
                (max, "above")
            } else {
                (min, "below")
            };
            cx.report(
                path!["map", "players"],
                format!(
                    "at {p} players, {trains} trains for {usable} usable spaces: ratio {ratio:.2}, {word} {bound:.2}"
                ),
                format!("{p} players"),
                Some(if ratio > max {
                    "add routes or lanes, or give fewer trains at this player count".into()
                } else {
                    "the board is loose at this count: fewer spaces, more trains, or a higher minimum player count".into()
                }),
            );
        }
    }
}
