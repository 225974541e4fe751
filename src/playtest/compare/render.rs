//! A comparison for people: the map differences first (what the designer changed), then the
//! significant changes in the games with their 95 % intervals, then the other figures, each
//! figure said once.

use super::stats::Change;
use super::{Comparison, mapdiff::MapDiff};
use std::fmt::Write as _;

/// How a figure is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A share, shown in percent; its change in percentage points.
    Rate,
    /// Points, turns: one or two decimals.
    Number,
}

/// What a figure is about: the whole game, one seat or bot, or one ticket or route (the
/// text report lists only the significant ones of the last two, there are so many).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum About {
    Game,
    Seat,
    Bot,
    Ticket,
    Route,
}

impl About {
    /// The word a figure's label starts with (none for the game's own).
    fn word(self) -> &'static str {
        match self {
            About::Game => "",
            About::Seat => "seat",
            About::Bot => "bot",
            About::Ticket => "ticket",
            About::Route => "route",
        }
    }
}

/// One figure of the comparison: what it measures, in words, and its change.
pub struct Figure {
    pub what: String,
    pub about: About,
    pub change: Change,
    pub unit: Unit,
}

/// Every figure the comparison measured, in report order.
pub fn figures(c: &Comparison) -> Vec<Figure> {
    let mut out = Vec::new();
    // One subject's figures: `rows` are (what, change, unit), labelled "`about` `name` what".
    let mut add = |about: About, name: &str, rows: &[(&str, Change, Unit)]| {
        for &(what, change, unit) in rows {
            let what = match about {
                About::Game => what.to_string(),
                _ => format!("{} {name} {what}", about.word()),
            };
            out.push(Figure {
                what,
                about,
                change,
                unit,
            });
        }
    };
    add(
        About::Game,
        "",
        &[
            ("failure states", c.failure_rate, Unit::Rate),
            ("game length (turns)", c.turns, Unit::Number),
        ],
    );
    for s in &c.seats {
        add(
            About::Seat,
            &s.seat.to_string(),
            &[
                ("win rate", s.win_rate, Unit::Rate),
                ("mean score", s.total, Unit::Number),
                ("route points", s.routes, Unit::Number),
                ("ticket points", s.tickets, Unit::Number),
                ("bonus points", s.bonuses, Unit::Number),
            ],
        );
    }
    for b in &c.by_bot {
        add(
            About::Bot,
            &b.bot,
            &[
                ("win rate", b.win_rate, Unit::Rate),
                ("mean score", b.mean_total, Unit::Number),
            ],
        );
    }
    for t in &c.tickets {
        add(
            About::Ticket,
            &t.name,
            &[
                ("completion", t.completion, Unit::Rate),
                ("points per game", t.mean_points, Unit::Number),
            ],
        );
    }
    for r in &c.routes {
        add(
            About::Route,
            &r.name,
            &[
                ("claimed", r.claim_rate, Unit::Rate),
                ("turn first claimed", r.claim_turn, Unit::Number),
            ],
        );
    }
    out
}

/// `old → new (change [low, high])` in the figure's unit.
pub fn describe(change: &Change, unit: Unit) -> String {
    match unit {
        Unit::Rate => format!(
            "{:.1}% → {:.1}% ({:+.1} pp [{:+.1}, {:+.1}])",
            change.old * 100.0,
            change.new * 100.0,
            change.change * 100.0,
            change.low * 100.0,
            change.high * 100.0
        ),
        Unit::Number => format!(
            "{:.2} → {:.2} ({:+.2} [{:+.2}, {:+.2}])",
            change.old, change.new, change.change, change.low, change.high
        ),
    }
}

/// Every significant change in words, in report order.
pub fn significant_lines(c: &Comparison) -> Vec<String> {
    figures(c)
        .into_iter()
        .filter(|f| f.change.significant)
        .map(|f| format!("{}: {}", f.what, describe(&f.change, f.unit)))
        .collect()
}

/// The map differences as indented lines (none when the files differ in nothing measured).
pub fn map_lines(d: &MapDiff) -> Vec<String> {
    let mut out = Vec::new();
    let mut list = |title: &str, items: &[String]| {
        for i in items {
            out.push(format!("{title} {i}"));
        }
    };
    list("route added:", &d.routes_added);
    list("route removed:", &d.routes_removed);
    list("route changed:", &d.routes_changed);
    list("ticket added:", &d.tickets_added);
    list("ticket removed:", &d.tickets_removed);
    list("ticket changed:", &d.tickets_changed);
    list("city renamed:", &d.cities_renamed);
    list("rules changed:", &d.rules_changed);
    list("mechanics changed:", &d.mechanics_changed);
    for c in &d.counts {
        out.push(format!("{}: {} → {}", c.name, c.old, c.new));
    }
    for c in &d.lint {
        out.push(format!("lint {}: {} → {} findings", c.name, c.old, c.new));
    }
    out
}

/// The comparison as text for people.
pub fn human(c: &Comparison) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "compare {} → {}: {} paired games, {} players, bots {}, seed {}",
        c.old,
        c.new,
        c.games,
        c.players,
        c.bots.join(","),
        c.seed
    );
    let _ = writeln!(
        s,
        "finished on both: {}; every game played on both versions with the same seed and seats",
        c.both_finished
    );
    if let Some(d) = &c.decided {
        for line in d.lines() {
            let _ = writeln!(s, "{line}");
        }
    }
    // The map differences first: they are what the designer changed; the figures after them
    // are what that did to the games.
    let lines = map_lines(&c.map_changes);
    let _ = writeln!(s, "\nmap differences:");
    if lines.is_empty() {
        let _ = writeln!(s, "  none");
    }
    for line in lines {
        let _ = writeln!(s, "  {line}");
    }
    let all = figures(c);
    let _ = writeln!(
        s,
        "\nsignificant changes (95 % interval excludes 0): {} of {} figures{}",
        c.significant.len(),
        all.len(),
        if all.len() >= 20 {
            format!(
                " (about {} would be by chance alone if nothing changed)",
                all.len() / 20
            )
        } else {
            String::new()
        }
    );
    if c.significant.is_empty() {
        let _ = writeln!(s, "  none: every difference is within noise");
    }
    for line in &c.significant {
        let _ = writeln!(s, "  {line}");
    }
    let _ = writeln!(
        s,
        "\nseat/bot spread of win rates: seats {:.1} → {:.1} pp, bots {:.1} → {:.1} pp",
        c.seat_spread.old * 100.0,
        c.seat_spread.new * 100.0,
        c.bot_spread.old * 100.0,
        c.bot_spread.new * 100.0
    );
    // The significant figures are listed above; here the rest, so nothing is said twice.
    let _ = writeln!(
        s,
        "\nthe other figures, within noise (old → new, change [95 % interval]):"
    );
    for f in all
        .iter()
        .filter(|f| !(f.change.significant || matches!(f.about, About::Ticket | About::Route)))
    {
        let _ = writeln!(s, "  {:<44} {}", f.what, describe(&f.change, f.unit));
    }
    let _ = writeln!(
        s,
        "  (tickets and routes within noise: --format json or html lists them)"
    );
    s
}
