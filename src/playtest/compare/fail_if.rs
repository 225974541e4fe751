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

/// The figure a condition tests, one per name of [`NAMES`] (in its order): parsed once, so
/// measuring and showing a figure match on the kind, not on its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(into = "&'static str")]
pub enum Measure {
    SeatSpread,
    BotSpread,
    FailureRate,
    SeatSpreadChange,
    TurnsChange,
    Significant,
}

impl Measure {
    const ALL: [Measure; 6] = [
        Measure::SeatSpread,
        Measure::BotSpread,
        Measure::FailureRate,
        Measure::SeatSpreadChange,
        Measure::TurnsChange,
        Measure::Significant,
    ];

    /// The name a condition gives it.
    pub fn name(self) -> &'static str {
        NAMES[self as usize].0
    }

    fn by_name(name: &str) -> Option<Measure> {
        Measure::ALL.into_iter().find(|m| m.name() == name)
    }
}

impl From<Measure> for &'static str {
    fn from(m: Measure) -> &'static str {
        m.name()
    }
}

impl std::fmt::Display for Measure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A parsed condition.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    pub name: Measure,
    pub above: bool,
    pub value: f64,
    pub text: String,
}

/// Why a `--fail-if` value is not a condition.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadCondition {
    /// Neither one `>` nor one `<` (the whole value).
    #[error("`{}`: a condition is NAME>VALUE or NAME<VALUE (names: {})", .0, names())]
    Shape(String),
    /// A name no measure has.
    #[error("`{}` is not a condition; names: {}", .0, names())]
    Name(String),
    /// A value that is not a finite number or percentage.
    #[error("`{0}` is not a number or a percentage")]
    Value(String),
}

fn names() -> String {
    NAMES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

impl std::str::FromStr for Condition {
    type Err = BadCondition;

    fn from_str(s: &str) -> Result<Condition, BadCondition> {
        let (name, above, value) = match (s.split_once('>'), s.split_once('<')) {
            (Some((n, v)), None) => (n, true, v),
            (None, Some((n, v))) => (n, false, v),
            _ => return Err(BadCondition::Shape(s.to_string())),
        };
        let name = name.trim();
        let measure = Measure::by_name(name).ok_or_else(|| BadCondition::Name(name.into()))?;
        let v = value.trim();
        let number = |t: &str| {
            t.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| BadCondition::Value(value.to_string()))
        };
        let value = match v.strip_suffix('%') {
            Some(p) => number(p)? / 100.0,
            None => number(v)?,
        };
        Ok(Condition {
            name: measure,
            above,
            value,
            text: s.to_string(),
        })
    }
}

/// The measured value a condition tests.
pub fn measure(name: Measure, c: &Comparison) -> f64 {
    match name {
        Measure::SeatSpread => c.seat_spread.new,
        Measure::BotSpread => c.bot_spread.new,
        Measure::FailureRate => c.failure_rate.new,
        Measure::SeatSpreadChange => c.seat_spread.new - c.seat_spread.old,
        Measure::TurnsChange => c.turns.change,
        Measure::Significant => c.significant.len() as f64,
    }
}

/// The conditions that hold, each with its measured value, in words.
pub fn failed(conditions: &[Condition], c: &Comparison) -> Vec<String> {
    conditions
        .iter()
        .filter_map(|cond| {
            let x = measure(cond.name, c);
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
                    shown(cond.name, x)
                )
            })
        })
        .collect()
}

/// A measured value as its name reads: a share in percent (`10.71 %`), a change of a share
/// in percentage points, a count or turns as a number.
pub(super) fn shown(name: Measure, x: f64) -> String {
    match name {
        Measure::SeatSpread | Measure::BotSpread | Measure::FailureRate => {
            format!("{:.2} %", x * 100.0)
        }
        Measure::SeatSpreadChange => format!("{:+.2} percentage points", x * 100.0),
        Measure::Significant => format!("{x:.0}"),
        Measure::TurnsChange => format!("{x:.2}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_parse() {
        let c: Condition = "seat-spread>5%".parse().unwrap();
        assert_eq!(
            (c.name, c.above, c.value),
            (Measure::SeatSpread, true, 0.05)
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
