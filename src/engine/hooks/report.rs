//! Reporting: what a module says about a finished game (counters and their ratios, what of
//! its data is a placeholder) and about a choice (in words for replays), reached through
//! [`Mechanic::report`](super::Mechanic::report). The rules never ask.

use crate::engine::{Game, State};

/// A count a module reports about a finished game ([`Report::counters`]), summed over a
/// playtest's games as integers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counter {
    /// The row it belongs to when the module counts the same figures for each of several
    /// things (a festival, a technology): reports name the counter `ROW: NAME`, and
    /// [`CounterRatio`]s pair the counters of one row. `None` for the module's own figures.
    pub row: Option<String>,
    /// What is counted (`markers placed`, `start: Salt Lake City`, `buyers`).
    pub name: String,
    /// The player it is about, or `None` for the whole game.
    pub player: Option<u8>,
    pub value: i64,
}

impl Counter {
    /// The counter's key, what playtests sum it by.
    pub fn key(&self) -> CounterKey {
        CounterKey {
            row: self.row.clone(),
            name: self.name.clone(),
        }
    }
}

/// What a counter is summed by over games: its row and name. Keys compare and order as
/// the text reports name them by (`ROW: NAME`, or `NAME`), the order reports and playtest
/// parts list them in, so a key read back from its text ([`CounterKey::from_text`]) is the
/// key that was written.
#[derive(Debug, Clone)]
pub struct CounterKey {
    pub row: Option<String>,
    pub name: String,
}

impl CounterKey {
    /// The key of `name` in `row`.
    pub fn new(row: Option<&str>, name: &str) -> CounterKey {
        CounterKey {
            row: row.map(str::to_string),
            name: name.to_string(),
        }
    }

    /// A key from its text (a playtest part's): the row is what comes before the last
    /// `: ` (the names of counters in rows have none).
    pub fn from_text(text: &str) -> CounterKey {
        match text.rsplit_once(": ") {
            Some((row, name)) => CounterKey::new(Some(row), name),
            None => CounterKey::new(None, text),
        }
    }

    /// The text's bytes, without building it.
    fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        let row = self.row.as_deref().map(str::as_bytes);
        row.into_iter()
            .flat_map(|r| r.iter().chain(b": "))
            .chain(self.name.as_bytes())
            .copied()
    }
}

impl std::fmt::Display for CounterKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(row) = &self.row {
            write!(f, "{row}: ")?;
        }
        f.write_str(&self.name)
    }
}

impl Ord for CounterKey {
    fn cmp(&self, other: &CounterKey) -> std::cmp::Ordering {
        self.bytes().cmp(other.bytes())
    }
}

impl PartialOrd for CounterKey {
    fn partial_cmp(&self, other: &CounterKey) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for CounterKey {
    fn eq(&self, other: &CounterKey) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for CounterKey {}

/// A figure reports derive from two of a module's counters ([`Report::counter_ratios`]):
/// for every counter `name` of a row with a counter `over` in the same row, the report shows
/// `ROW: {label}`, the sum of the first over the sum of the second (Σ/Σ over the games, so
/// still byte-identical at any thread count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CounterRatio {
    pub name: &'static str,
    pub over: &'static str,
    pub label: &'static str,
    /// Whether the two counters are counted per player, so the ratio has a figure by seat;
    /// `false`: counted for the game only, the report gives the ratio for all seats alone.
    pub per_seat: bool,
}

/// Reporting. Every method has a default that says nothing: a module overrides what it has
/// to say.
pub trait Report {
    /// Report figures: named integer counts about the finished game `state` (markers
    /// placed, captures), pushed to `out`. Playtests sum each (module, name, player) over
    /// their games and print the means.
    fn counters(&self, _game: &Game, _state: &State, _me: usize, _out: &mut Vec<Counter>) {}

    /// Report figures derived from two counters (cards per pile taken).
    fn counter_ratios(&self) -> &'static [CounterRatio] {
        &[]
    }

    /// Whether counter `key` is kept only as an operand of a ratio (seats that bought a
    /// card, their wins): the text report leaves it out; json keeps it, marked `operand`.
    fn counter_is_operand(&self, _key: &CounterKey) -> bool {
        false
    }

    /// What of the module's data is a placeholder (`unverified = true` in the map), for
    /// reports to say that the figures depending on it are provisional; `None`: nothing.
    fn unverified(&self) -> Option<String> {
        None
    }

    /// What `choice` of the decision or action at `step` (`None`: a main-phase action)
    /// means, in words for replays (`starting city Salt Lake City`); `None`: the replay says
    /// the number. `state` is the position before the choice.
    fn describe(
        &self,
        _game: &Game,
        _state: &State,
        _me: usize,
        _step: Option<u16>,
        _choice: u16,
    ) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::CounterKey;

    /// Keys order as their texts (so reports and parts keep their order), not row first, and
    /// a key read back from its text is equal to it, its row found when it has one.
    #[test]
    fn counter_keys_order_and_read_back_as_their_text() {
        let keys = [
            CounterKey::new(Some("A B"), "x"),
            CounterKey::new(Some("A"), "x"),
            CounterKey::new(None, "A: y"),
            CounterKey::new(None, "A"),
            CounterKey::new(Some("A: z"), "cards taken"),
        ];
        let mut sorted = keys.to_vec();
        sorted.sort();
        let mut texts: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
        texts.sort();
        let sorted: Vec<String> = sorted.iter().map(|k| k.to_string()).collect();
        assert_eq!(sorted, texts);
        for k in &keys {
            assert_eq!(&CounterKey::from_text(&k.to_string()), k);
        }
        let k = CounterKey::from_text("A: z: cards taken");
        assert_eq!(
            (k.row.as_deref(), k.name.as_str()),
            (Some("A: z"), "cards taken")
        );
    }
}
