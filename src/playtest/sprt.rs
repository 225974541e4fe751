//! A sequential probability ratio test (Wald's SPRT) on a win share: games are fed one at a
//! time and the test stops as soon as the evidence settles "the rate is at least `p1`"
//! against "the rate is at most `p0`" at the chosen error rates, as chess engines test a
//! change with paired games. Used by `ttrmap ladder`.
//!
//! Each game scores the tested side's share of the win, `x` in [0, 1] (a shared win is a
//! fraction). The log-likelihood ratio grows by `x·ln(p1/p0) + (1−x)·ln((1−p1)/(1−p0))`,
//! the Bernoulli one, and the test accepts H1 at `ln((1−β)/α)` and H0 at `ln(β/(1−α))`.
//! Fractional shares and the paired games (the same deal with seats swapped) only make the
//! outcomes less spread than Bernoulli trials, so the error rates stay at or under the
//! nominal ones; `tests` checks both by simulation.

use serde::Serialize;

/// What the evidence says so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Neither bound reached yet.
    Undecided,
    /// H1: the rate is at least `p1`.
    Ahead,
    /// H0: the rate is at most `p0`.
    NotAhead,
}

/// The test's hypotheses and error rates.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Params {
    /// The rate under H0 (no stronger).
    pub p0: f64,
    /// The rate under H1 (stronger by the margin that matters).
    pub p1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Default for Params {
    /// 50 % against 55 %, 5 % error each way.
    fn default() -> Params {
        Params {
            p0: 0.5,
            p1: 0.55,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

impl Params {
    /// Why these parameters make no test, if they do not.
    pub fn check(&self) -> Result<(), BadParams> {
        let open = |v: f64| v > 0.0 && v < 1.0;
        if !(open(self.p0) && open(self.p1) && self.p0 < self.p1) {
            return Err(BadParams::Rates(self.p0, self.p1));
        }
        if !(open(self.alpha) && open(self.beta) && self.alpha + self.beta < 1.0) {
            return Err(BadParams::ErrorRates(self.alpha, self.beta));
        }
        Ok(())
    }
}

/// Parameters that make no test ([`Params::check`]), with the two values at fault.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum BadParams {
    #[error("the rates must satisfy 0 < p0 < p1 < 1 (got {0} and {1})")]
    Rates(f64, f64),
    #[error("the error rates must lie between 0 and 1 and add up to less than 1 (got {0} and {1})")]
    ErrorRates(f64, f64),
}

/// The running test.
#[derive(Debug, Clone)]
pub struct Sprt {
    win: f64,
    loss: f64,
    lower: f64,
    upper: f64,
    llr: f64,
}

impl Sprt {
    pub fn new(p: Params) -> Sprt {
        Sprt {
            win: (p.p1 / p.p0).ln(),
            loss: ((1.0 - p.p1) / (1.0 - p.p0)).ln(),
            lower: (p.beta / (1.0 - p.alpha)).ln(),
            upper: ((1.0 - p.beta) / p.alpha).ln(),
            llr: 0.0,
        }
    }

    /// Adds one game's share of the win for the tested side.
    pub fn add(&mut self, share: f64) {
        let x = share.clamp(0.0, 1.0);
        self.llr += x * self.win + (1.0 - x) * self.loss;
    }

    pub fn verdict(&self) -> Verdict {
        if self.llr >= self.upper {
            Verdict::Ahead
        } else if self.llr <= self.lower {
            Verdict::NotAhead
        } else {
            Verdict::Undecided
        }
    }

    /// The log-likelihood ratio so far and the two bounds (lower, upper).
    pub fn state(&self) -> [f64; 3] {
        [self.llr, self.lower, self.upper]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Runs `runs` tests on a source winning with chance `rate`; how many accepted H1 and H0,
    /// and the mean number of games a test took.
    fn simulate(rate: f64, runs: usize, seed: u64) -> (usize, usize, f64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut ahead, mut not, mut games) = (0, 0, 0u64);
        for _ in 0..runs {
            let mut t = Sprt::new(Params::default());
            loop {
                t.add(if rng.random::<f64>() < rate { 1.0 } else { 0.0 });
                games += 1;
                match t.verdict() {
                    Verdict::Undecided => continue,
                    Verdict::Ahead => ahead += 1,
                    Verdict::NotAhead => not += 1,
                }
                break;
            }
        }
        (ahead, not, games as f64 / runs as f64)
    }

    #[test]
    fn bounds_are_walds() {
        // ln(0.95 / 0.05) = 2.944; ln(0.05 / 0.95) = -2.944.
        let [llr, lo, hi] = Sprt::new(Params::default()).state();
        assert_eq!(llr, 0.0);
        assert!((hi - 2.944_439).abs() < 1e-5 && (lo + 2.944_439).abs() < 1e-5);
    }

    #[test]
    fn a_fair_source_is_taken_for_stronger_at_most_alpha_of_the_time() {
        // 2,000 tests of a 50 % source: Wald's bound says at most α/(1−β) = 5.3 % accept H1;
        // the standard error of a 5 % rate over 2,000 tests is 0.49 points.
        let (ahead, not, mean) = simulate(0.5, 2000, 1);
        eprintln!("50 %: {ahead} accepted H1, {not} H0, {mean:.0} games a test");
        assert_eq!(ahead + not, 2000);
        assert!(ahead <= 110, "{ahead} of 2000 accepted H1");
        // Wald's expected length at p0: (0.95 · 2.944 − 0.05 · 2.944) / 0.005025 = 527 games,
        // for the drift of 0.5·ln(1.1) + 0.5·ln(0.9) = −0.005025 a game (seen: 532).
        assert!((400.0..800.0).contains(&mean), "{mean}");
    }

    #[test]
    fn a_source_at_p1_is_taken_for_not_stronger_at_most_beta_of_the_time() {
        let (ahead, not, mean) = simulate(0.55, 2000, 2);
        eprintln!("55 %: {ahead} accepted H1, {not} H0, {mean:.0} games a test");
        assert_eq!(ahead + not, 2000);
        assert!(not <= 110, "{not} of 2000 accepted H0");
    }

    #[test]
    fn a_clear_difference_is_settled_in_few_games() {
        // Ten straight wins: 10·ln(1.1) = 0.953 is not enough; 31 are (31·0.0953 = 2.955).
        let mut t = Sprt::new(Params::default());
        for _ in 0..30 {
            t.add(1.0);
        }
        assert_eq!(t.verdict(), Verdict::Undecided);
        t.add(1.0);
        assert_eq!(t.verdict(), Verdict::Ahead);
        // A shared win is half of each.
        let mut h = Sprt::new(Params::default());
        h.add(0.5);
        let half = 0.5 * (1.1f64).ln() + 0.5 * (0.9f64).ln();
        assert!((h.state()[0] - half).abs() < 1e-12);
    }

    #[test]
    fn bad_parameters_are_refused() {
        let bad = Params {
            p0: 0.6,
            ..Params::default()
        };
        assert!(bad.check().is_err());
        let bad = Params {
            alpha: 0.0,
            ..Params::default()
        };
        assert!(bad.check().is_err());
        assert!(Params::default().check().is_ok());
    }
}
