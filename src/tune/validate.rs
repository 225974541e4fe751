//! The check an edit passes before it is kept: the round picked it as the best of many on
//! the round's games, which flatters it (the winner of many noisy races is partly luck), so
//! it is played again against the current map on fresh paired games (`compare`), and kept only
//! when that shows a change in the goal's direction whose 95 % interval excludes 0, and no
//! goal significantly worse.
//!
//! A spread narrows when the figure at its top falls or the one at its bottom rises (the
//! leading and trailing bots, or seats, of the current map are the ones watched) and the
//! spread itself is narrower on these games: a trailing style lifted while another falls
//! below it is no gain.

use super::TuneError;
use super::goal::{Band, Measure, Reading};
use crate::playtest::compare::Comparison;
use crate::playtest::compare::stats::Change;

/// What the fresh games said about one edit.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Verdict {
    pub kept: bool,
    /// The goals' figures on the fresh games, current map then candidate.
    pub before: Vec<f64>,
    pub after: Vec<f64>,
    /// The significant change that decided it, in words (empty when none).
    pub evidence: String,
}

/// `(name, change)` of each bot or seat, with the spread's old and new values.
fn parts(m: Measure, c: &Comparison) -> Vec<(String, Change)> {
    match m {
        Measure::StyleSpread => c
            .by_bot
            .iter()
            .map(|b| (b.bot.clone(), b.win_rate))
            .collect(),
        Measure::SeatSpread => c
            .seats
            .iter()
            .map(|s| (format!("seat {}", s.seat + 1), s.win_rate))
            .collect(),
        Measure::Turns => vec![("mean game length".into(), c.turns)],
        Measure::TicketPay => Vec::new(),
    }
}

fn words(name: &str, m: Measure, ch: &Change) -> String {
    match m {
        Measure::Turns => format!(
            "{name} {:.1} → {:.1} turns ({:+.1} [{:+.1}, {:+.1}])",
            ch.old, ch.new, ch.change, ch.low, ch.high
        ),
        _ => format!(
            "{name} wins {:.1} % → {:.1} % ({:+.1} pp [{:+.1}, {:+.1}])",
            ch.old * 100.0,
            ch.new * 100.0,
            ch.change * 100.0,
            ch.low * 100.0,
            ch.high * 100.0
        ),
    }
}

/// For one goal: `Some(true)` with its words when the fresh games show it significantly
/// closer to its band, `Some(false)` when significantly further, `None` when neither.
fn direction(b: &Band, c: &Comparison) -> (Option<bool>, String) {
    let p = parts(b.measure, c);
    if b.measure == Measure::Turns {
        let ch = &p[0].1;
        let want_up = b.above;
        let dir = ch.significant.then_some((ch.change > 0.0) == want_up);
        return (dir, words(&p[0].0, b.measure, ch));
    }
    if p.len() < 2 {
        return (None, String::new());
    }
    let top = p
        .iter()
        .max_by(|a, b| a.1.old.total_cmp(&b.1.old))
        .expect("two parts");
    let bottom = p
        .iter()
        .min_by(|a, b| a.1.old.total_cmp(&b.1.old))
        .expect("two parts");
    let narrows = |(name, ch): &(String, Change), down: bool| {
        ((ch.change < 0.0) == down && ch.significant).then(|| words(name, b.measure, ch))
    };
    let widens = |(name, ch): &(String, Change), down: bool| {
        ((ch.change > 0.0) == down && ch.significant).then(|| words(name, b.measure, ch))
    };
    if let Some(w) = widens(top, true).or_else(|| widens(bottom, false)) {
        return (Some(false), w);
    }
    // Another bot (or seat) may take the top or bottom place: the spread itself must narrow
    // on these games too.
    match (
        narrows(top, true).or_else(|| narrows(bottom, false)),
        figures(b, c),
    ) {
        (Some(w), Some((old, new))) if new < old => (Some(true), w),
        _ => (None, String::new()),
    }
}

/// The goal's figure on both versions of the comparison; `None` for a ticket-pay goal, which
/// the comparison does not measure (its readings come from replaying the games' tickets).
fn figures(b: &Band, c: &Comparison) -> Option<(f64, f64)> {
    match b.measure {
        Measure::StyleSpread => Some((c.bot_spread.old, c.bot_spread.new)),
        Measure::SeatSpread => Some((c.seat_spread.old, c.seat_spread.new)),
        Measure::Turns => Some((c.turns.old, c.turns.new)),
        Measure::TicketPay => None,
    }
}

/// A ticket-pay goal on fresh games: closer when the candidate's whole interval lies below
/// the current map's, further when above (the worst ticket may change, so there is no pairing
/// to lean on: the intervals must part).
fn pay_direction(old: &Reading, new: &Reading) -> (Option<bool>, String) {
    let words = format!(
        "the worst-paid ticket strays {:.0} % → {:.0} % from the map's points per train \
         ([{:.0}, {:.0}] → [{:.0}, {:.0}])",
        old.value * 100.0,
        new.value * 100.0,
        old.interval[0] * 100.0,
        old.interval[1] * 100.0,
        new.interval[0] * 100.0,
        new.interval[1] * 100.0
    );
    if new.interval[1] < old.interval[0] {
        (Some(true), words)
    } else if new.interval[0] > old.interval[1] {
        (Some(false), words)
    } else {
        (None, words)
    }
}

/// Whether the comparison (current map as old, candidate as new) keeps the edit; `pay` holds
/// each ticket-pay goal's readings (current, candidate) on the same fresh games, and a
/// ticket-pay goal without them is an error (there is nothing to judge it by).
pub fn judge(
    bands: &[Band],
    c: &Comparison,
    pay: &[Option<(Reading, Reading)>],
) -> Result<Verdict, TuneError> {
    let mut better = Vec::new();
    let mut worse = None;
    let mut before = Vec::new();
    let mut after = Vec::new();
    for (b, p) in bands.iter().zip(pay) {
        let (dir, w) = match (p, figures(b, c)) {
            (Some((old, new)), _) => {
                before.push(old.value);
                after.push(new.value);
                pay_direction(old, new)
            }
            (None, Some((old, new))) => {
                before.push(old);
                after.push(new);
                direction(b, c)
            }
            (None, None) => {
                return Err(TuneError::NoReadings(b.goal.clone()));
            }
        };
        match dir {
            Some(true) => better.push(w),
            Some(false) => worse = worse.or(Some(w)),
            None => {}
        }
    }
    Ok(match worse {
        Some(w) => Verdict {
            kept: false,
            before,
            after,
            evidence: w,
        },
        None => Verdict {
            kept: !better.is_empty(),
            before,
            after,
            evidence: better.join("; "),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playtest::compare::stats::Change;

    fn change(old: f64, new: f64, half: f64) -> Change {
        let d = new - old;
        Change {
            old,
            new,
            change: d,
            low: d - half,
            high: d + half,
            significant: d != 0.0 && (d - half > 0.0 || d + half < 0.0),
        }
    }

    fn band() -> Band {
        Band {
            goal: "style-spread<10%".into(),
            measure: Measure::StyleSpread,
            above: false,
            bound: 0.10,
            from_map: None,
        }
    }

    fn comparison(rates: &[(f64, f64)]) -> Comparison {
        let by_bot = rates
            .iter()
            .enumerate()
            .map(|(i, &(o, n))| crate::playtest::compare::BotChange {
                bot: format!("bot{i}"),
                win_rate: change(o, n, 0.02),
                mean_total: change(0.0, 0.0, 0.0),
            })
            .collect::<Vec<_>>();
        let spread = |f: fn(&(f64, f64)) -> f64| {
            let v: Vec<f64> = rates.iter().map(f).collect();
            v.iter().cloned().fold(f64::MIN, f64::max) - v.iter().cloned().fold(f64::MAX, f64::min)
        };
        Comparison {
            old: "a".into(),
            new: "b".into(),
            players: 2,
            games: 100,
            seed: 0,
            bots: Vec::new(),
            both_finished: 100,
            failure_rate: change(0.0, 0.0, 0.0),
            turns: change(50.0, 50.0, 1.0),
            seats: Vec::new(),
            by_bot,
            seat_spread: crate::playtest::compare::Spread { old: 0.0, new: 0.0 },
            bot_spread: crate::playtest::compare::Spread {
                old: spread(|r| r.0),
                new: spread(|r| r.1),
            },
            tickets: Vec::new(),
            routes: Vec::new(),
            map_changes: Default::default(),
            significant: Vec::new(),
            decided: None,
        }
    }

    #[test]
    fn a_spread_is_kept_only_when_it_narrows_on_the_fresh_games() {
        // The leader falls 0.80 → 0.75 (significant at ±0.02): spread 0.50 → 0.45, kept.
        let c = comparison(&[(0.80, 0.75), (0.50, 0.50), (0.30, 0.30)]);
        assert!(judge(&[band()], &c, &[None]).unwrap().kept);
        // The trailing bot rises 0.30 → 0.36 but another falls 0.40 → 0.25: the spread
        // widens 0.50 → 0.55 although the watched bot moved the right way; not kept.
        let c = comparison(&[(0.80, 0.80), (0.40, 0.25), (0.30, 0.36)]);
        assert!(!judge(&[band()], &c, &[None]).unwrap().kept);
        // The leader rises significantly: further from the band, not kept, and said so.
        let c = comparison(&[(0.80, 0.85), (0.30, 0.40)]);
        let v = judge(&[band()], &c, &[None]).unwrap();
        assert!(!v.kept && v.evidence.contains("bot0"), "{}", v.evidence);
    }

    /// A ticket-pay goal is judged by its readings on the fresh games, never by a figure the
    /// comparison does not have (it used to read 0 → 0 there).
    #[test]
    fn a_ticket_pay_goal_without_readings_is_an_error() {
        let c = comparison(&[(0.50, 0.50), (0.50, 0.50)]);
        let pay = Band {
            goal: "ticket-pay<20%".into(),
            measure: Measure::TicketPay,
            ..band()
        };
        let err = judge(&[pay], &c, &[None]).unwrap_err();
        assert!(
            matches!(&err, TuneError::NoReadings(g) if g == "ticket-pay<20%"),
            "{err}"
        );
    }
}
