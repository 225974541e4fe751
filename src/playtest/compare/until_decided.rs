//! `compare --until-decided`: a comparison that stops playing as soon as every `--fail-if`
//! condition is settled, holding or not, at the chosen error rate; `--games` is then the most
//! it plays.
//!
//! The comparison looks at fixed game counts (100, 200, 400, ... doubling, and `--games`
//! last). At each of the `L` looks a condition's measure gets an interval at the error rate
//! `α / L` (a Bonferroni split over the looks), and the condition is settled when that
//! interval lies wholly on one side of its threshold. Whatever the true value, the chance
//! that any look settles a condition the wrong way is then at most `α`: one interval in `L`
//! missing the truth, each with chance `α / L` at most. A figure made of several rates (a
//! spread: the highest seat's or bot's win rate minus the lowest) splits its look's rate
//! again over those rates, and bounds the spread by their intervals. Win shares lie in
//! [0, 1], so their variance is at most `p(1 − p)` and the Wilson interval holds for them
//! too. `significant` counts figures and has no interval: it cannot be settled.
//!
//! The games are those of `compare --games N` for the `N` it stopped at, summed exactly, so
//! the report is the fixed-count one's to the byte (besides saying how it stopped), at any
//! thread count.

use super::fail_if::{Condition, Measure, shown};
use super::stats::{Change, Z95, wilson_z};
use super::{Acc, Comparison};
use serde::Serialize;

/// The first look; each look after doubles it, up to the most games.
pub const FIRST_LOOK: u64 = 100;

/// The game counts at which the comparison looks, the last `most`.
pub fn looks(most: u64) -> Vec<u64> {
    let mut at = Vec::new();
    let mut n = FIRST_LOOK;
    while n < most {
        at.push(n);
        n *= 2;
    }
    at.push(most);
    at
}

/// The normal quantile `z` whose two-sided tails hold `rate`: `erfc(z / √2) = rate`.
pub fn z_for(rate: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 40.0f64);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if libm::erfc(mid / std::f64::consts::SQRT_2) > rate {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// How a condition stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Its interval lies wholly where the condition holds: `compare` exits 1.
    Holds,
    /// Wholly where it does not hold.
    DoesNotHold,
    /// The interval still straddles the threshold.
    Undecided,
}

/// A condition and where its measure's interval stood at the last look.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Settled {
    pub condition: String,
    /// The figure it tests (`seat-spread`, `turns-change`, ...).
    pub measure: Measure,
    pub low: f64,
    pub high: f64,
    pub verdict: Verdict,
}

/// How the comparison stopped.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decided {
    /// The chance of settling a condition the wrong way.
    pub alpha: f64,
    /// Paired games played, and the most `--games` allowed.
    pub games: u64,
    pub most: u64,
    /// Looks taken, of those the most games allow.
    pub looks: usize,
    pub planned_looks: usize,
    pub conditions: Vec<Settled>,
}

impl Decided {
    /// Whether every condition is settled.
    pub fn all_settled(&self) -> bool {
        self.conditions
            .iter()
            .all(|c| c.verdict != Verdict::Undecided)
    }

    /// The sentences a report opens with.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![if self.all_settled() {
            format!(
                "Decided after {} of at most {} paired games (look {} of {}), each condition \
                 settled with at most a {} % chance of the wrong way:",
                self.games,
                self.most,
                self.looks,
                self.planned_looks,
                self.alpha * 100.0
            )
        } else {
            format!(
                "Not decided in {} paired games (the most --games allows): a condition below \
                 is still open at a {} % error rate, and is judged on its estimate as without \
                 --until-decided.",
                self.games,
                self.alpha * 100.0
            )
        }];
        for c in &self.conditions {
            let verdict = match c.verdict {
                Verdict::Holds => "holds",
                Verdict::DoesNotHold => "does not hold",
                Verdict::Undecided => "undecided",
            };
            out.push(format!(
                "  {}: {verdict} (interval {} to {})",
                c.condition,
                shown(c.measure, c.low),
                shown(c.measure, c.high)
            ));
        }
        out
    }
}

/// Why `--until-decided` cannot settle these conditions, if it cannot.
pub fn check(conditions: &[Condition]) -> Result<(), Unsettled> {
    if conditions.is_empty() {
        return Err(Unsettled::NoConditions);
    }
    if conditions.iter().any(|c| c.name == Measure::Significant) {
        return Err(Unsettled::Significant);
    }
    Ok(())
}

/// `--fail-if` conditions `--until-decided` cannot settle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Unsettled {
    #[error("--until-decided settles --fail-if conditions: give at least one")]
    NoConditions,
    #[error(
        "--until-decided cannot settle `significant` (a count of figures, with no interval); use it without --until-decided"
    )]
    Significant,
}

/// Where each condition stands after `acc`'s games, at look error rate `rate`.
pub(super) fn settle(
    conditions: &[Condition],
    c: &Comparison,
    acc: &Acc,
    rate: f64,
) -> Vec<Settled> {
    conditions
        .iter()
        .map(|cond| {
            let [low, high] = bounds(cond.name, c, acc, rate);
            let verdict = verdict(cond, low, high);
            Settled {
                condition: cond.text.clone(),
                measure: cond.name,
                low,
                high,
                verdict,
            }
        })
        .collect()
}

/// A condition's verdict from its measure's interval.
pub fn verdict(cond: &Condition, low: f64, high: f64) -> Verdict {
    let (holds, fails) = if cond.above {
        (low > cond.value, high <= cond.value)
    } else {
        (high < cond.value, low >= cond.value)
    };
    match (holds, fails) {
        (true, _) => Verdict::Holds,
        (_, true) => Verdict::DoesNotHold,
        _ => Verdict::Undecided,
    }
}

/// The interval of a condition's measure at error rate `rate` (see the module's doc); a
/// measure with no interval (`significant`, refused by [`check`]) bounds nothing.
fn bounds(name: Measure, c: &Comparison, acc: &Acc, rate: f64) -> [f64; 2] {
    let seats = |new: bool| -> Vec<(f64, f64)> {
        let rate_of = |s: &super::SeatChange| {
            if new { s.win_rate.new } else { s.win_rate.old }
        };
        c.seats
            .iter()
            .zip(&acc.seat_win)
            .map(|(s, p)| (rate_of(s), p.weight()))
            .collect()
    };
    match name {
        Measure::SeatSpread => spread(&seats(true), rate),
        Measure::BotSpread => {
            let bots: Vec<(f64, f64)> = c
                .by_bot
                .iter()
                .zip(&acc.bot_win)
                .map(|(b, p)| (b.win_rate.new, p.weight()))
                .collect();
            spread(&bots, rate)
        }
        Measure::FailureRate => wilson_z(c.failure_rate.new, c.games as f64, z_for(rate)),
        Measure::SeatSpreadChange => {
            let ([nl, nh], [ol, oh]) = (
                spread(&seats(true), rate / 2.0),
                spread(&seats(false), rate / 2.0),
            );
            [nl - oh, nh - ol]
        }
        Measure::TurnsChange => normal(&c.turns, rate),
        Measure::Significant => [f64::NEG_INFINITY, f64::INFINITY],
    }
}

/// The interval of a paired change at error rate `rate`, from its 95 % one (a normal
/// interval: the standard error is its half-width over 1.96).
fn normal(change: &Change, rate: f64) -> [f64; 2] {
    let se = (change.high - change.low) / (2.0 * Z95);
    let half = z_for(rate) * se;
    [change.change - half, change.change + half]
}

/// Bounds of the highest minus the lowest of several win rates `(rate, weight)`, every rate's
/// Wilson interval at `rate / k`: the spread is at least any rate's low end minus another's
/// high end, and at most the highest high end minus the lowest low end. No rate measured yet
/// bounds nothing.
fn spread(rates: &[(f64, f64)], rate: f64) -> [f64; 2] {
    if rates.iter().any(|&(_, w)| w <= 0.0) || rates.is_empty() {
        return [0.0, 1.0];
    }
    let z = z_for(rate / rates.len() as f64);
    let ivs: Vec<[f64; 2]> = rates.iter().map(|&(p, w)| wilson_z(p, w, z)).collect();
    let max_low = ivs.iter().map(|i| i[0]).fold(f64::MIN, f64::max);
    let min_high = ivs.iter().map(|i| i[1]).fold(f64::MAX, f64::min);
    let max_high = ivs.iter().map(|i| i[1]).fold(f64::MIN, f64::max);
    let min_low = ivs.iter().map(|i| i[0]).fold(f64::MAX, f64::min);
    [(max_low - min_high).max(0.0), max_high - min_low]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn looks_double_from_the_first_up_to_the_most() {
        assert_eq!(looks(1000), vec![100, 200, 400, 800, 1000]);
        assert_eq!(looks(800), vec![100, 200, 400, 800]);
        assert_eq!(looks(50), vec![50]);
    }

    #[test]
    fn quantiles_are_the_normal_ones() {
        // Φ(1.959964) = 0.975: two tails of 2.5 %; 2.575829 for 1 %.
        assert!((z_for(0.05) - Z95).abs() < 1e-9, "{}", z_for(0.05));
        assert!((z_for(0.01) - 2.575_829_303_5).abs() < 1e-6);
    }

    /// The procedure on one rate, as a condition `rate>V` is settled on a failure rate: play
    /// Bernoulli games of true rate `p`, look at the scheduled counts, stop when settled.
    fn run(p: f64, v: f64, most: u64, alpha: f64, rng: &mut rand_chacha::ChaCha8Rng) -> Verdict {
        let cond: Condition = format!("failure-rate>{}%", v * 100.0).parse().unwrap();
        let at = looks(most);
        let z = z_for(alpha / at.len() as f64);
        let (mut n, mut yes) = (0u64, 0u64);
        for &look in &at {
            while n < look {
                yes += (rng.random::<f64>() < p) as u64;
                n += 1;
            }
            let [low, high] = wilson_z(yes as f64 / n as f64, n as f64, z);
            let v = verdict(&cond, low, high);
            if v != Verdict::Undecided {
                return v;
            }
        }
        Verdict::Undecided
    }

    /// The error rate holds by simulation: a source of exactly 50 % is called above 50 % in
    /// at most 5 % of 2,000 runs (counted: the nominal bound, with room for the simulation's
    /// own spread, ±1 point at 2,000 runs), and a source of 55 % is called above 50 % in
    /// most runs of up to 6,400 games, never below it.
    #[test]
    fn a_condition_is_settled_the_wrong_way_at_most_alpha_of_the_time() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let runs = 2000;
        let wrong = (0..runs)
            .filter(|_| run(0.5, 0.5, 6400, 0.05, &mut rng) == Verdict::Holds)
            .count();
        assert!(wrong * 100 <= 5 * runs, "{wrong} of {runs} wrongly held");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let verdicts: Vec<Verdict> = (0..400)
            .map(|_| run(0.55, 0.5, 6400, 0.05, &mut rng))
            .collect();
        let held = verdicts.iter().filter(|v| **v == Verdict::Holds).count();
        assert!(!verdicts.contains(&Verdict::DoesNotHold));
        assert!(held * 10 >= 400 * 8, "{held} of 400 settled as holding");
    }

    /// An interval wholly above a `>` threshold holds, wholly at or below it does not, one
    /// across it is open; and a measure with no interval never settles.
    #[test]
    fn verdicts_follow_the_interval() {
        let above: Condition = "turns-change>1".parse().unwrap();
        assert_eq!(verdict(&above, 1.1, 2.0), Verdict::Holds);
        assert_eq!(verdict(&above, 0.2, 1.0), Verdict::DoesNotHold);
        assert_eq!(verdict(&above, 0.9, 1.1), Verdict::Undecided);
        let below: Condition = "seat-spread<5%".parse().unwrap();
        assert_eq!(verdict(&below, 0.01, 0.04), Verdict::Holds);
        assert_eq!(verdict(&below, 0.05, 0.09), Verdict::DoesNotHold);
        assert_eq!(
            verdict(&above, f64::NEG_INFINITY, f64::INFINITY),
            Verdict::Undecided
        );
    }

    #[test]
    fn a_spread_is_bounded_by_its_rates_intervals() {
        // Two rates of 0.3 and 0.7 on 1,000 games each: each Wilson interval at 2.5 % error
        // is about ±0.03, so the spread of 0.4 lies in about [0.34, 0.46].
        let [low, high] = spread(&[(0.3, 1000.0), (0.7, 1000.0)], 0.05);
        assert!(
            low > 0.33 && low < 0.4 && high > 0.4 && high < 0.47,
            "{low} {high}"
        );
        // Equal rates: the spread may be 0.
        let [low, _] = spread(&[(0.5, 1000.0), (0.5, 1000.0)], 0.05);
        assert_eq!(low, 0.0);
    }
}
