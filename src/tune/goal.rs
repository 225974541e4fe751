//! `tune --goal`: what a designer wants of their map, in their own terms, each read from a
//! playtest report with a 95 % interval. A goal holds when its whole interval lies inside
//! its band: a spread *below* the bound, a mean game length on the right side of it.
//!
//! `seat-spread<3%`, `style-spread<=usa` (no wider than the bundled USA map's at the same
//! player count, bots and games), `style-spread<=maps/old.toml`, `turns>40`, `turns<70`.

use crate::playtest::Report;
use crate::playtest::compare::stats::Z95;
use crate::playtest::ticket_values::Suggestion;
use serde::Serialize;

/// What a goal measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    /// Highest minus lowest win rate by seat.
    SeatSpread,
    /// Highest minus lowest win rate by bot (the playing styles, by default).
    StyleSpread,
    /// Mean game length in turns.
    Turns,
    /// The ticket whose pay strays furthest from the map's points per train: its printed
    /// value over the trains its completers spent, against the map's over all completions.
    TicketPay,
}

impl Measure {
    /// Whether the measure needs each ticket's trains (a logged replay of the games).
    pub fn needs_tickets(self) -> bool {
        self == Measure::TicketPay
    }

    /// Whether it is a share (a percentage bound) rather than a count of turns.
    fn is_share(self) -> bool {
        self != Measure::Turns
    }
}

/// The measures, their names and what each is.
pub const MEASURES: &[(&str, Measure, &str)] = &[
    (
        "seat-spread",
        Measure::SeatSpread,
        "highest minus lowest win rate by seat (a share: 3%)",
    ),
    (
        "style-spread",
        Measure::StyleSpread,
        "highest minus lowest win rate by bot (a share: 10%, or `usa` / a map file: \
         no wider than that map's)",
    ),
    ("turns", Measure::Turns, "mean game length in turns"),
    (
        "ticket-pay",
        Measure::TicketPay,
        "how far the worst-paid ticket's points per train stray from the map's (a share: \
         25%; tickets completed 10 times or more)",
    ),
];

/// Where the bound comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Bound {
    /// A number: a share for spreads, turns for `turns`.
    Value(f64),
    /// Another map's own figure under the same play: `usa` (the bundled USA map) or a path.
    Map(String),
}

/// A parsed `--goal`.
#[derive(Debug, Clone, PartialEq)]
pub struct Goal {
    pub measure: Measure,
    /// `true` for `>`: the figure must stay above the bound.
    pub above: bool,
    pub bound: Bound,
    /// As the designer wrote it.
    pub text: String,
}

impl std::str::FromStr for Goal {
    type Err = BadGoal;

    fn from_str(s: &str) -> Result<Goal, BadGoal> {
        let whole = || s.to_string();
        let (name, above, value) = match (s.find('<'), s.find('>')) {
            (Some(i), None) => (&s[..i], false, &s[i + 1..]),
            (None, Some(i)) => (&s[..i], true, &s[i + 1..]),
            _ => return Err(BadGoal::Shape(whole())),
        };
        let value = value.strip_prefix('=').unwrap_or(value).trim();
        let name = name.trim();
        let Some(&(_, measure, _)) = MEASURES.iter().find(|(n, _, _)| *n == name) else {
            return Err(BadGoal::Name(name.to_string()));
        };
        let spread = measure.is_share();
        if spread && above {
            return Err(BadGoal::FromAbove {
                goal: whole(),
                name: name.to_string(),
            });
        }
        let bound = if let Some(share) = value.strip_suffix('%') {
            let v: f64 = share.trim().parse().map_err(|_| BadGoal::NotPercentage {
                goal: whole(),
                value: value.to_string(),
            })?;
            if !(spread && v > 0.0 && v <= 100.0) {
                return Err(BadGoal::Percentage {
                    goal: whole(),
                    spread,
                });
            }
            Bound::Value(v / 100.0)
        } else if let Ok(v) = value.parse::<f64>() {
            if spread || !(v.is_finite() && v > 0.0) {
                return Err(BadGoal::Number {
                    goal: whole(),
                    spread,
                });
            }
            Bound::Value(v)
        } else if spread && measure != Measure::TicketPay && !value.is_empty() {
            Bound::Map(value.to_string())
        } else {
            return Err(BadGoal::NoBound(whole()));
        };
        Ok(Goal {
            measure,
            above,
            bound,
            text: s.to_string(),
        })
    }
}

/// Why a `--goal` value (the goal as written) is not a goal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadGoal {
    #[error(
        "`{}`: a goal is NAME<BOUND or NAME>BOUND, e.g. seat-spread<3% (names: {})",
        .0,
        goal_names()
    )]
    Shape(String),
    /// A name no goal has.
    #[error("`{}` is not a goal{}; goals: {}", .0, did_you_mean(.0), goal_names())]
    Name(String),
    /// A spread (its name) bounded from below.
    #[error("`{goal}`: `{name}` is a goal from above (`{name}<...`): more of it is never wanted")]
    FromAbove { goal: String, name: String },
    #[error("`{goal}`: `{value}` is not a percentage")]
    NotPercentage { goal: String, value: String },
    /// A percentage out of a spread's range, or given for `turns` (`spread` false).
    #[error("`{goal}`: {}", if *.spread {
        "a spread's bound is a percentage above 0 and at most 100"
    } else {
        "`turns` is bounded by a number of turns, not a percentage"
    })]
    Percentage { goal: String, spread: bool },
    /// A plain number for a spread, or not a positive one for `turns` (`spread` false).
    #[error("`{goal}`: {}", if *.spread {
        "a spread's bound is a percentage (3%) or a map (usa, FILE.toml)"
    } else {
        "`turns` is bounded by a positive number of turns"
    })]
    Number { goal: String, spread: bool },
    #[error("`{0}`: no bound after the comparison")]
    NoBound(String),
}

fn goal_names() -> String {
    MEASURES
        .iter()
        .map(|(n, _, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

fn did_you_mean(name: &str) -> String {
    crate::suggest::did_you_mean(name, MEASURES.iter().map(|(n, _, _)| *n))
        .map_or(String::new(), |d| format!("; {d}"))
}

/// A figure as one playtest saw it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Reading {
    pub value: f64,
    /// Its 95 % interval.
    pub interval: [f64; 2],
}

/// A win-rate spread and its interval from the rates' own 95 % intervals: at least the widest
/// gap between one rate's lower end and another's upper end, at most the highest upper end
/// minus the lowest lower end.
fn spread(rates: &[(f64, [f64; 2])]) -> Reading {
    let max = rates.iter().map(|r| r.0).fold(f64::MIN, f64::max);
    let min = rates.iter().map(|r| r.0).fold(f64::MAX, f64::min);
    let hi = rates.iter().map(|r| r.1[1]).fold(f64::MIN, f64::max);
    let lo = rates.iter().map(|r| r.1[0]).fold(f64::MAX, f64::min);
    let gap = rates
        .iter()
        .flat_map(|a| rates.iter().map(move |b| a.1[0] - b.1[1]))
        .fold(0.0, f64::max);
    if rates.len() < 2 {
        return Reading {
            value: 0.0,
            interval: [0.0, 0.0],
        };
    }
    Reading {
        value: max - min,
        interval: [gap, hi - lo],
    }
}

/// The mean game length and its normal interval from the report's histogram.
fn turns(report: &Report) -> Reading {
    let n: u64 = report.turns_histogram.iter().map(|&(_, c)| c).sum();
    if n < 2 {
        return Reading {
            value: report.turns_mean,
            interval: [report.turns_mean; 2],
        };
    }
    let mean = report.turns_mean;
    let var = report
        .turns_histogram
        .iter()
        .map(|&(t, c)| c as f64 * (t as f64 - mean).powi(2))
        .sum::<f64>()
        / (n - 1) as f64;
    let half = Z95 * (var / n as f64).sqrt();
    Reading {
        value: mean,
        interval: [mean - half, mean + half],
    }
}

/// What one evaluation of a map measured: the playtest report, and each ticket's trains when
/// a goal needs them.
pub struct Measured {
    pub report: Report,
    pub tickets: Option<Suggestion>,
}

/// The worst-paid ticket: each city-to-city ticket completed often enough pays `value ÷ mean
/// trains` of its completers; its deviation from the map's points per train `k` is
/// `|pay ÷ k − 1|`, with the standard error of the mean trains carried through (`value · se ÷
/// trains² ÷ k`). A ticket completed too rarely to measure (often one whose value does not
/// pay for its length, so nobody keeps it) is measured by its shortest path instead, the
/// fewest trains it can cost, with no interval.
pub fn ticket_pay(s: &Suggestion) -> Reading {
    let k = s.points_per_train;
    let mut value: f64 = 0.0;
    let mut interval = [0.0f64, 0.0f64];
    for t in &s.tickets {
        let Some(p) = t.printed.map(f64::from) else {
            continue;
        };
        let (trains, se) = match (t.suggested, t.mean_trains, t.trains_se, t.shortest_path) {
            (Some(_), Some(m), Some(se), _) => (m, se),
            (None, _, _, Some(d)) => (d as f64, 0.0),
            _ => continue,
        };
        if k <= 0.0 || trains <= 0.0 {
            continue;
        }
        let d = (p / trains / k - 1.0).abs();
        let half = Z95 * p * se / (trains * trains) / k;
        value = value.max(d);
        interval[0] = interval[0].max((d - half).max(0.0));
        interval[1] = interval[1].max(d + half);
    }
    Reading { value, interval }
}

/// What `measure` reads in an evaluation.
pub fn read(measure: Measure, m: &Measured) -> Reading {
    let report = &m.report;
    match measure {
        Measure::TicketPay => m.tickets.as_ref().map_or(
            Reading {
                value: 0.0,
                interval: [0.0, 0.0],
            },
            ticket_pay,
        ),
        Measure::SeatSpread => spread(
            &report
                .seats
                .iter()
                .map(|s| (s.win_rate, s.win_interval))
                .collect::<Vec<_>>(),
        ),
        Measure::StyleSpread => spread(
            &report
                .by_bot
                .iter()
                .map(|b| (b.win_rate, b.win_interval))
                .collect::<Vec<_>>(),
        ),
        Measure::Turns => turns(report),
    }
}

/// A goal with its bound as a number (a map's figure measured).
#[derive(Debug, Clone, Serialize)]
pub struct Band {
    pub goal: String,
    pub measure: Measure,
    pub above: bool,
    pub bound: f64,
    /// Where a map bound came from: `usa: style spread 12.3 %`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_map: Option<String>,
}

impl Band {
    /// Whether the whole interval lies inside the band.
    pub fn holds(&self, r: &Reading) -> bool {
        if self.above {
            r.interval[0] > self.bound
        } else {
            r.interval[1] < self.bound
        }
    }

    /// How far the interval's far end lies outside the band, in the bound's own scale (a
    /// share for spreads, a fraction of the bound for turns): 0 when the goal holds. The
    /// search lowers the sum of these.
    pub fn excess(&self, r: &Reading) -> f64 {
        let out = if self.above {
            self.bound - r.interval[0]
        } else {
            r.interval[1] - self.bound
        };
        let scale = if self.measure == Measure::Turns {
            self.bound
        } else {
            1.0
        };
        (out / scale).max(0.0)
    }
}

/// How a figure is shown: a share as `12.3 %`, turns as `54.2`.
pub fn show(measure: Measure, x: f64) -> String {
    match measure {
        Measure::Turns => format!("{x:.1} turns"),
        _ => format!("{:.1} %", x * 100.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_parse_with_their_bounds() {
        let g: Goal = "seat-spread<3%".parse().unwrap();
        assert_eq!(
            (g.measure, g.above, g.bound),
            (Measure::SeatSpread, false, Bound::Value(0.03))
        );
        let g: Goal = "style-spread<=usa".parse().unwrap();
        assert_eq!(g.bound, Bound::Map("usa".into()));
        let g: Goal = "turns>40".parse().unwrap();
        assert_eq!((g.above, g.bound), (true, Bound::Value(40.0)));
        for bad in [
            "seat-spread",
            "seat-spread>3%",
            "seat-spread<0%",
            "seat-spread<3",
            "turns<5%",
            "turns<",
            "seat-sprea<3%",
            "turns<-4",
            "ticket-pay>20%",
            "ticket-pay<=usa",
        ] {
            assert!(bad.parse::<Goal>().is_err(), "{bad} should be refused");
        }
        let e = "seat-sprea<3%".parse::<Goal>().unwrap_err();
        assert!(e.to_string().contains("seat-spread"), "{e}");
    }

    #[test]
    fn a_spread_holds_only_when_its_whole_interval_is_below() {
        // Rates 0.50 [0.45, 0.55] and 0.40 [0.35, 0.45]: spread 0.10, interval from the
        // widest lower-minus-upper gap 0.45 − 0.45 = 0 to 0.55 − 0.35 = 0.20.
        let r = spread(&[(0.5, [0.45, 0.55]), (0.4, [0.35, 0.45])]);
        assert!((r.value - 0.10).abs() < 1e-12);
        assert!((r.interval[0] - 0.0).abs() < 1e-12 && (r.interval[1] - 0.20).abs() < 1e-12);
        let band = |bound| Band {
            goal: String::new(),
            measure: Measure::SeatSpread,
            above: false,
            bound,
            from_map: None,
        };
        assert!(!band(0.15).holds(&r));
        assert!((band(0.15).excess(&r) - 0.05).abs() < 1e-12);
        assert!(band(0.25).holds(&r));
        assert_eq!(band(0.25).excess(&r), 0.0);
    }
}
