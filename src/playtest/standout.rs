//! "What stands out": the few lines at the top of every report that a designer should read
//! first. Placeholder data the game was played with (a module's `unverified` figures), a
//! seat or bot whose 95 % interval misses the fair share (the playing styles in one line
//! with their spread: they differ on every map), tickets never completed or never kept and
//! routes never claimed by the bots played, failure states and passes; each list names at
//! most [`NAMED`] items, by name. Nothing here calls a map broken on the bots' word alone.

use super::Report;

/// Items named per line; the rest are counted.
const NAMED: usize = 5;

fn listed(names: &[&str]) -> String {
    let mut s = names[..names.len().min(NAMED)].join(", ");
    if names.len() > NAMED {
        s.push_str(&format!(" and {} more", names.len() - NAMED));
    }
    s
}

/// Whether every bot is one of the four playing styles (the default bots).
fn styles_only(bots: &[String]) -> bool {
    let styles: Vec<&str> = crate::bots::STYLE_BOTS.split(',').collect();
    bots.iter().all(|b| styles.contains(&b.as_str()))
}

fn side(rate: f64, fair: f64) -> &'static str {
    if rate > fair { "above" } else { "below" }
}

/// "`who` 31.2%`of` (95 % interval 28.0% to 34.5%), above the fair share 25.0%": a win rate
/// whose interval leaves the fair share out.
fn off_share(who: &str, of: &str, rate: f64, interval: [f64; 2], fair: f64) -> String {
    format!(
        "{who} {:.1}%{of} (95 % interval {:.1}% to {:.1}%), {} the fair share {:.1}%",
        rate * 100.0,
        interval[0] * 100.0,
        interval[1] * 100.0,
        side(rate, fair),
        fair * 100.0
    )
}

/// The lines, most important first (none for a report with nothing unusual).
pub fn stands_out(r: &Report) -> Vec<String> {
    let mut out = Vec::new();
    out.extend(r.mode_outside_range.clone());
    for what in &r.unverified {
        out.push(format!(
            "played with placeholder data (unverified): {what}; the figures that depend on it are provisional"
        ));
    }
    if r.failures > 0 {
        let first = r
            .failure_list
            .first()
            .map(|f| format!(" (first: game {}, seed {}: {})", f.game, f.seed, f.reason))
            .unwrap_or_default();
        out.push(format!(
            "{} of {} games ended in a failure state{first}",
            r.failures, r.games
        ));
    }
    if r.finished == 0 {
        return out;
    }
    let fair = 1.0 / r.players.max(1) as f64;
    for s in r.seats.iter().filter(|s| !s.within_noise) {
        out.push(off_share(
            &format!("seat {} wins", s.seat),
            "",
            s.win_rate,
            s.win_interval,
            fair,
        ));
    }
    let off: Vec<_> = r
        .by_bot
        .iter()
        .filter(|b| !b.within_noise && r.by_bot.len() > 1)
        .collect();
    if !off.is_empty() && styles_only(&r.bots) {
        // The styles are different ways of playing: their win rates spread on every map,
        // official ones included, so the spread is a measure to compare, not a defect.
        let (lo, hi) = r
            .by_bot
            .iter()
            .fold((&r.by_bot[0], &r.by_bot[0]), |(lo, hi), b| {
                (
                    if b.win_rate < lo.win_rate { b } else { lo },
                    if b.win_rate > hi.win_rate { b } else { hi },
                )
            });
        out.push(format!(
            "the playing styles win {:.1}% ({}) to {:.1}% ({}) of their seats, fair share {:.1}%: \
             official maps spread too, so compare with one at the same player count",
            lo.win_rate * 100.0,
            lo.bot,
            hi.win_rate * 100.0,
            hi.bot,
            fair * 100.0
        ));
    } else {
        for b in off {
            out.push(off_share(
                &format!("bot {} wins", b.bot),
                " of its seats",
                b.win_rate,
                b.win_interval,
                fair,
            ));
        }
    }
    let never_done: Vec<&str> = r
        .ticket_completion
        .iter()
        .filter(|t| t.kept > 0 && t.completed == 0)
        .map(|t| t.places.as_str())
        .collect();
    if !never_done.is_empty() {
        out.push(format!(
            "{} ticket{} kept but never completed by these bots in {} games: {}",
            never_done.len(),
            if never_done.len() == 1 { "" } else { "s" },
            r.finished,
            listed(&never_done)
        ));
    }
    let never_kept: Vec<&str> = r
        .ticket_completion
        .iter()
        .filter(|t| t.kept == 0)
        .map(|t| t.places.as_str())
        .collect();
    if !never_kept.is_empty() {
        out.push(format!(
            "{} ticket{} never kept by these bots in {} games: {}",
            never_kept.len(),
            if never_kept.len() == 1 { "" } else { "s" },
            r.finished,
            listed(&never_kept)
        ));
    }
    let unclaimed: Vec<&str> = r
        .route_claims
        .iter()
        .filter(|x| x.claimed_games == 0)
        .map(|x| x.name.as_str())
        .collect();
    if !unclaimed.is_empty() {
        out.push(format!(
            "{} route{} never claimed by these bots in {} games: {}",
            unclaimed.len(),
            if unclaimed.len() == 1 { "" } else { "s" },
            r.finished,
            listed(&unclaimed)
        ));
    }
    if r.passes.games > 0 {
        out.push(format!(
            "players with nothing to do passed in {} games",
            r.passes.games
        ));
    }
    out
}
