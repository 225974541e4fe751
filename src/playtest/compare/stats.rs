//! The statistics of a comparison: paired differences (the same game played on both versions)
//! and differences of two independent samples, each with a 95 % interval.
//!
//! Everything is kept as integer sums, so merging the threads' sums is exact and the report
//! is byte-identical at any thread count; floating point comes in only when the report is
//! built.

use serde::Serialize;

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

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

    /// The difference of the two rates with the normal (Wald) interval; none without data on
    /// either side.
    pub fn change(&self) -> Change {
        if self.old_n == 0 || self.new_n == 0 {
            return Change::none();
        }
        let p1 = self.old_yes as f64 / self.old_n as f64;
        let p2 = self.new_yes as f64 / self.new_n as f64;
        let se = (p1 * (1.0 - p1) / self.old_n as f64 + p2 * (1.0 - p2) / self.new_n as f64).sqrt();
        Change::new(p1, p2, p2 - p1, se)
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
    fn new(old: f64, new: f64, change: f64, se: f64) -> Change {
        let half = Z95 * se;
        let (low, high) = (change - half, change + half);
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

    #[test]
    fn proportions_and_samples() {
        // 30 of 100 against 50 of 100: +0.2, se sqrt(.21/100 + .25/100) ≈ 0.0678.
        let p = Proportions {
            old_n: 100,
            old_yes: 30,
            new_n: 100,
            new_yes: 50,
        };
        let c = p.change();
        assert!((c.change - 0.2).abs() < 1e-12);
        // se = sqrt(0.0046) = sqrt(0.46) / 10.
        assert!((c.low - (0.2 - Z95 * 0.46f64.sqrt() / 10.0)).abs() < 1e-9);
        assert!(c.significant);
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
