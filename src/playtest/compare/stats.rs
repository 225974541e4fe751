//! The statistics of a comparison: paired differences (the same game played on both versions)
//! and differences of two independent samples, each with a 95 % interval.
//!
//! Everything is kept as integer sums, so merging the threads' sums is exact and the report
//! is byte-identical at any thread count; floating point comes in only when the report is
//! built.

use serde::Serialize;

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95 % Wilson score interval of a proportion `p` observed in `n` trials (`n` > 0):
/// honest at few trials and at rates near 0 or 1, where the normal interval collapses.
pub fn wilson(p: f64, n: f64) -> [f64; 2] {
    wilson_z(p, n, Z95)
}

/// [`wilson`] at the normal quantile `z` (a wider interval than 95 % for a larger `z`).
pub fn wilson_z(p: f64, n: f64, z: f64) -> [f64; 2] {
    let z2n = z * z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z / (1.0 + z2n) * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// A quantity measured in each game on both versions: `old` and `new` with a weight `w` (1
/// for a per-game figure; a bot's seats in the game for a per-seat one).
///
/// The change is the ratio estimate `r = Σ(new − old) / Σw`, and its standard error the
/// ratio estimator's, `sqrt(n/(n−1) · Σ(d − r·w)²) / Σw` with `d = new − old`: for `w = 1`
/// the paired-difference standard error. Pairing is what makes a comparison sharp: the
/// games' luck (deals, draws) is the same on both sides and cancels in `d`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Paired {
    n: u64,
    w: i128,
    w2: i128,
    old: i128,
    new: i128,
    d2: i128,
    dw: i128,
}

impl Paired {
    pub fn add(&mut self, old: i64, new: i64, w: i64) {
        let (o, n, w) = (old as i128, new as i128, w as i128);
        let d = n - o;
        self.n += 1;
        self.w += w;
        self.w2 += w * w;
        self.old += o;
        self.new += n;
        self.d2 += d * d;
        self.dw += d * w;
    }

    pub fn merge(&mut self, o: &Paired) {
        self.n += o.n;
        self.w += o.w;
        self.w2 += o.w2;
        self.old += o.old;
        self.new += o.new;
        self.d2 += o.d2;
        self.dw += o.dw;
    }

    /// The summed weights: the games (or a bot's seats in them) the figure was measured on.
    pub fn weight(&self) -> f64 {
        self.w as f64
    }

    /// The change, every figure multiplied by `scale` (1/27,720 for win units, 1 for points).
    pub fn change(&self, scale: f64) -> Change {
        if self.w == 0 {
            return Change::none();
        }
        let w = self.w as f64;
        let r = (self.new - self.old) as f64 / w;
        // Σ(d − r w)² = Σd² − 2rΣdw + r²Σw², clamped at 0 against rounding.
        let ss = (self.d2 as f64 - 2.0 * r * self.dw as f64 + r * r * self.w2 as f64).max(0.0);
        let se = if self.n > 1 {
            (ss * self.n as f64 / (self.n - 1) as f64).sqrt() / w
        } else {
            0.0
        };
        Change::new(
            self.old as f64 / w * scale,
            self.new as f64 / w * scale,
            r * scale,
            se * scale,
        )
    }
}

/// Counts of a yes/no outcome on each version, not paired (a ticket's completion among the
/// games it was kept in, which differ between the versions).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Proportions {
    pub old_n: u64,
    pub old_yes: u64,
    pub new_n: u64,
    pub new_yes: u64,
}

impl Proportions {
    pub fn merge(&mut self, o: &Proportions) {
        self.old_n += o.old_n;
        self.old_yes += o.old_yes;
        self.new_n += o.new_n;
        self.new_yes += o.new_yes;
    }

    /// The difference of the two rates (new − old) with Newcombe's hybrid score interval
    /// for a difference of independent proportions (Newcombe 1998, method 10), built on
    /// each rate's Wilson interval: unlike the normal (Wald) interval it stays inside
    /// [−1, 1] and keeps its width for rates near 0 or 1 and for few games. None without
    /// data on either side.
    pub fn change(&self) -> Change {
        if self.old_n == 0 || self.new_n == 0 {
            return Change::none();
        }
        let (n1, n2) = (self.old_n as f64, self.new_n as f64);
        let (p1, p2) = (self.old_yes as f64 / n1, self.new_yes as f64 / n2);
        let ([l1, u1], [l2, u2]) = (wilson(p1, n1), wilson(p2, n2));
        let d = p2 - p1;
        let low = d - ((p2 - l2).powi(2) + (u1 - p1).powi(2)).sqrt();
        let high = d + ((u2 - p2).powi(2) + (p1 - l1).powi(2)).sqrt();
        Change::with_interval(p1, p2, d, low, high)
    }
}

/// Sums of a quantity on each version, not paired (the turn a route is first claimed, over
/// the games it was claimed in).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Samples {
    old: [i128; 3],
    new: [i128; 3],
}

impl Samples {
    pub fn add_old(&mut self, x: i64) {
        add_sample(&mut self.old, x);
    }

    pub fn add_new(&mut self, x: i64) {
        add_sample(&mut self.new, x);
    }

    pub fn merge(&mut self, o: &Samples) {
        for k in 0..3 {
            self.old[k] += o.old[k];
            self.new[k] += o.new[k];
        }
    }

    /// The difference of the means with Welch's standard error; none with fewer than two
    /// values on either side.
    pub fn change(&self) -> Change {
        let (n1, n2) = (self.old[0], self.new[0]);
        if n1 < 2 || n2 < 2 {
            return Change::none();
        }
        let mean_var = |s: &[i128; 3]| {
            let n = s[0] as f64;
            let mean = s[1] as f64 / n;
            let var = ((s[2] as f64 - n * mean * mean) / (n - 1.0)).max(0.0);
            (mean, var / n)
        };
        let (m1, v1) = mean_var(&self.old);
        let (m2, v2) = mean_var(&self.new);
        Change::new(m1, m2, m2 - m1, (v1 + v2).sqrt())
    }
}

fn add_sample(s: &mut [i128; 3], x: i64) {
    s[0] += 1;
    s[1] += x as i128;
    s[2] += x as i128 * x as i128;
}

/// A figure on both versions and its change with a 95 % interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Change {
    pub old: f64,
    pub new: f64,
    pub change: f64,
    /// The 95 % interval of the change.
    pub low: f64,
    pub high: f64,
    /// The interval excludes 0.
    pub significant: bool,
}

impl Change {
    /// The change with the normal interval of standard error `se`.
    fn new(old: f64, new: f64, change: f64, se: f64) -> Change {
        let half = Z95 * se;
        Change::with_interval(old, new, change, change - half, change + half)
    }

    /// The change with its 95 % interval from `low` to `high`.
    fn with_interval(old: f64, new: f64, change: f64, low: f64, high: f64) -> Change {
        // An exact zero change (identical games) is never significant; a change with no
        // spread at all (every game moved by the same amount) always is.
        let significant = change != 0.0 && (low > 0.0 || high < 0.0);
        Change {
            old,
            new,
            change,
            low,
            high,
            significant,
        }
    }

    /// No data: nothing changed that can be measured.
    pub fn none() -> Change {
        Change {
            old: 0.0,
            new: 0.0,
            change: 0.0,
            low: 0.0,
            high: 0.0,
            significant: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_differences_cancel_the_shared_luck() {
        // Three games scored 50, 80, 110 on the old version and 52, 82, 112 on the new: every
        // game gained exactly 2, so the change is 2 with no spread at all, significant.
        let mut p = Paired::default();
        for (o, n) in [(50, 52), (80, 82), (110, 112)] {
            p.add(o, n, 1);
        }
        let c = p.change(1.0);
        assert_eq!((c.old, c.new, c.change), (80.0, 82.0, 2.0));
        assert_eq!((c.low, c.high), (2.0, 2.0));
        assert!(c.significant);
        // d = +1, −1, +3: mean 1, sample sd 2, se 2/√3 ≈ 1.1547, half width 1.96 × 1.1547 ≈
        // 2.263: the interval (−1.263, 3.263) holds 0.
        let mut q = Paired::default();
        for (o, n) in [(10, 11), (10, 9), (10, 13)] {
            q.add(o, n, 1);
        }
        let c = q.change(1.0);
        assert!((c.change - 1.0).abs() < 1e-12);
        assert!(
            (c.high - (1.0 + Z95 * 2.0 / 3f64.sqrt())).abs() < 1e-9,
            "{c:?}"
        );
        assert!(!c.significant);
    }

    #[test]
    fn identical_games_change_nothing() {
        let mut p = Paired::default();
        for x in [3, 9, 4] {
            p.add(x, x, 1);
        }
        assert!(!p.change(1.0).significant);
        assert_eq!(p.change(1.0).change, 0.0);
    }

    #[test]
    fn weighted_pairs_give_the_per_seat_rate() {
        // A bot in 1 seat then 2 seats: wins 1 of 3 seats before, 2 of 3 after.
        let mut p = Paired::default();
        p.add(1, 1, 1);
        p.add(0, 1, 2);
        let c = p.change(1.0);
        assert!((c.old - 1.0 / 3.0).abs() < 1e-12 && (c.new - 2.0 / 3.0).abs() < 1e-12);
    }

    /// Newcombe (1998), "Interval estimation for the difference between independent
    /// proportions", Statistics in Medicine 17, Table II example (a): 56/70 − 48/80, method
    /// 10 gives 0.0524 to 0.3339 (the Wald interval, method 1: 0.0575 to 0.3425). Here 48/80
    /// is the old version and 56/70 the new:
    /// - Wilson, z = 1.96: 56/70 (p = 0.8, z²/n = 0.05488): centre 0.82744 / 1.05488 =
    ///   0.78440, half 1.85803 × √(0.0022857 + 0.0001960) = 0.09256: (0.69184, 0.87696);
    ///   48/80 (p = 0.6, z²/n = 0.04802): centre 0.62401 / 1.04802 = 0.59542, half
    ///   1.87020 × √(0.003 + 0.00015006) = 0.10497: (0.49045, 0.70039).
    /// - d = 0.8 − 0.6 = 0.2; low = d − √((0.8 − 0.69184)² + (0.70039 − 0.6)²) = 0.2 −
    ///   √0.021777 = 0.0524; high = d + √((0.87696 − 0.8)² + (0.6 − 0.49045)²) = 0.2 +
    ///   √0.017924 = 0.3339.
    #[test]
    fn a_difference_of_rates_has_newcombes_hybrid_score_interval() {
        let p = Proportions {
            old_n: 80,
            old_yes: 48,
            new_n: 70,
            new_yes: 56,
        };
        let c = p.change();
        assert!((c.change - 0.2).abs() < 1e-12);
        assert!((c.low - 0.0524).abs() < 5e-5, "{c:?}");
        assert!((c.high - 0.3339).abs() < 5e-5, "{c:?}");
        assert!(c.significant);
        // 0 of 20 before, 0 of 10 after: no difference seen, yet the interval leaves room
        // either way, where the Wald interval is the single point 0. Wilson's upper ends
        // of 0/n are z² / (n + z²): 3.8415 / 23.8415 = 0.1611 and 3.8415 / 13.8415 =
        // 0.2775, so low = 0 − 0.1611 and high = 0 + 0.2775.
        let none = Proportions {
            old_n: 20,
            old_yes: 0,
            new_n: 10,
            new_yes: 0,
        };
        let c = none.change();
        assert_eq!(c.change, 0.0);
        assert!((c.low + 0.1611).abs() < 5e-5, "{c:?}");
        assert!((c.high - 0.2775).abs() < 5e-5, "{c:?}");
        assert!(!c.significant);
    }

    #[test]
    fn samples_have_welchs_interval() {
        let mut s = Samples::default();
        for x in [10, 12, 14] {
            s.add_old(x);
            s.add_new(x + 1);
        }
        let c = s.change();
        assert_eq!(c.change, 1.0);
        assert!(!c.significant);
    }
}
