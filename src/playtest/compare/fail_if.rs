//! `compare --fail-if COND`: conditions on the new version (or on a change) that make
//! `compare` exit 1, so a map repository's CI can guard balance. A condition is `NAME>VALUE`
//! or `NAME<VALUE`; a value ending in `%` is a share (`5%` = 0.05), otherwise a plain number.

use super::Comparison;

/// The names a condition may test, and what each measures.
pub const NAMES: &[(&str, &str)] = &[
    (
        "seat-spread",
        "new version: highest minus lowest seat win rate",
    ),
    (
        "bot-spread",
        "new version: highest minus lowest bot win rate",
    ),
    (
        "failure-rate",
        "new version: share of games in a failure state",
    ),
    (
        "seat-spread-change",
        "seat spread, new minus old (a share: 2% = two points wider)",
    ),
    ("turns-change", "mean game length in turns, new minus old"),
    (
        "significant",
        "how many figures changed with an interval excluding 0",
    ),
];

/// A parsed condition.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    pub name: String,
    pub above: bool,
    pub value: f64,
    pub text: String,
}

impl std::str::FromStr for Condition {
    type Err = String;

    fn from_str(s: &str) -> Result<Condition, String> {
        let names = || NAMES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
        let (name, above, value) = match (s.split_once('>'), s.split_once('<')) {
            (Some((n, v)), None) => (n, true, v),
            (None, Some((n, v))) => (n, false, v),
            _ => {
                return Err(format!(
                    "`{s}`: a condition is NAME>VALUE or NAME<VALUE (names: {})",
                    names()
                ));
            }
        };
        let name = name.trim();
        if !NAMES.iter().any(|(n, _)| *n == name) {
            return Err(format!("`{name}` is not a condition; names: {}", names()));
        }
        let v = value.trim();
        let number = |t: &str| {
            t.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("`{value}` is not a number or a percentage"))
        };
        let value = match v.strip_suffix('%') {
            Some(p) => number(p)? / 100.0,
            None => number(v)?,
        };
        Ok(Condition {
            name: name.to_string(),
            above,
            value,
            text: s.to_string(),
        })
    }
}

/// The measured value a condition tests.
pub fn measure(name: &str, c: &Comparison) -> f64 {
    match name {
        "seat-spread" => c.seat_spread.new,
        "bot-spread" => c.bot_spread.new,
        "failure-rate" => c.failure_rate.new,
        "seat-spread-change" => c.seat_spread.new - c.seat_spread.old,
        "turns-change" => c.turns.change,
        _ => c.significant.len() as f64,
    }
}

/// The conditions that hold, each with its measured value, in words.
pub fn failed(conditions: &[Condition], c: &Comparison) -> Vec<String> {
    conditions
        .iter()
        .filter_map(|cond| {
            let x = measure(&cond.name, c);
            let holds = if cond.above {
                x > cond.value
            } else {
                x < cond.value
            };
            holds.then(|| {
                format!(
                    "--fail-if {}: {} is {}",
                    cond.text,
                    cond.name,
                    shown(&cond.name, x)
                )
            })
        })
        .collect()
}

/// A measured value as its name reads: a share in percent (`10.71 %`), a change of a share
/// in percentage points, a count or turns as a number.
pub(super) fn shown(name: &str, x: f64) -> String {
    match name {
        "seat-spread" | "bot-spread" | "failure-rate" => format!("{:.2} %", x * 100.0),
        "seat-spread-change" => format!("{:+.2} percentage points", x * 100.0),
        "significant" => format!("{x:.0}"),
        _ => format!("{x:.2}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_parse() {
        let c: Condition = "seat-spread>5%".parse().unwrap();
        assert_eq!(
            (c.name.as_str(), c.above, c.value),
            ("seat-spread", true, 0.05)
        );
        let c: Condition = "significant<1".parse().unwrap();
        assert_eq!((c.above, c.value), (false, 1.0));
        for bad in [
            "seat-spread",
            "spread>5%",
            "seat-spread>x",
            "seat-spread>inf",
        ] {
            assert!(bad.parse::<Condition>().is_err(), "{bad}");
        }
    }
}
